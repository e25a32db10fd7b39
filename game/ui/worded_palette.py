"""Textual's command palette with its own words in the player's language: the search box's
placeholder and the line shown when nothing matches.

Imported when the palette opens, not with the app (start-up time)."""

from __future__ import annotations

from rich.align import Align
from rich.text import Text
from textual.command import CommandList, CommandPalette
from textual.widgets.option_list import Option

from game.i18n import _


class WordedPalette(CommandPalette):
    """The palette, worded in the current language."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("placeholder", _("Search for commands…"))
        kwargs.setdefault("id", "--command-palette")
        super().__init__(**kwargs)

    # Textual writes "No matches found" inside this private method, with no hook or
    # attribute to word it otherwise (textual is pinned exactly in pyproject.toml): it is
    # Textual 8.2's own, with the line in the player's language. Should a new Textual
    # rename it, the palette would say it in English again, and
    # tests/test_french_proof.py's palette test fails.
    def _start_no_matches_countdown(self, search_value: str) -> None:
        self._stop_no_matches_countdown()

        def _show_no_matches() -> None:
            if search_value:
                self.query_one(CommandList).add_option(Option(
                    Align.center(Text(_("No matches found"), style="not bold")),
                    disabled=True, id=self._NO_MATCHES))
                self._list_visible = True
            else:  # the palette's discovery mode: no "no matches" there, as in Textual
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, _show_no_matches)
