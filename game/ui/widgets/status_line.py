"""The play screen's status line: one line under the journal saying what the last key
did, why it was refused, or what the square under the cursor would give.

It also keeps the forced d100 results waiting to be used in view (designer mode), so that
nobody is surprised by one.
"""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.content import Content
from textual.widgets import Static

from game.i18n import _


class StatusLine(Static):
    """One fixed line of plain text (a command or a name may hold brackets that markup
    would read); `.refused` when it says why something was not done."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        #: The line shows a preview of the cursor's square (a move's cost, a spell's
        #: targets): the next square's preview, or none, replaces it.
        self.hinting = False

    def say(self, text: str | Text, refused: bool = False, forced: Sequence[int] = ()) -> None:
        """Show `text`; `forced`: the d100 results forced for the next rolls."""
        self.hinting = False
        if forced:
            shown = ", ".join(map(str, list(forced)[:5]))
            pending = (_("⚑ next d100 forced: {rolls} … (+{more})").format(
                rolls=shown, more=len(forced) - 5) if len(forced) > 5 else
                _("⚑ next d100 forced: {rolls}").format(rolls=shown))
            text = Text.assemble(text if isinstance(text, Text) else Text(text),
                                 (f"  {pending}", "bold yellow"))
        content = Content.from_rich_text(text) if isinstance(text, Text) else Content(text)
        self.update(content, layout=False)  # one fixed line: no need to lay out again
        self.set_class(refused, "refused")

    def hint(self, text: str, forced: Sequence[int] = ()) -> None:
        """A preview of the square under the cursor, until the cursor moves on."""
        self.say(text, forced=forced)
        self.hinting = True
