"""Describe screens (as DCSS has them): what a spell, weapon, armour, item or unit does,
each fact with its rule and its content source (`game.journal.describe`), laid out as a
roll card is (`RollCard`: four columns when wide, a row under another when narrow)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from game.i18n import N_, _
from game.journal.describe import Description
from game.ui.widgets.roll_card import RollCard


class DescribeScreen(ModalScreen[None]):
    """One thing described; Esc goes back to where it was asked from."""

    BINDINGS = [Binding("escape,q,enter", "dismiss", N_("Close"))]
    DEFAULT_CSS = """
    DescribeScreen { align: center middle; }
    DescribeScreen > VerticalScroll { width: 130; max-width: 100%; height: auto;
        max-height: 100%; border: thick $primary; background: $panel; padding: 0 1; }
    DescribeScreen #about { padding: 0 0 1 0; }
    """

    def __init__(self, description: Description) -> None:
        super().__init__()
        self.description = description

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = _("What it does")
            scroll.border_subtitle = _("↑/↓ scroll · Esc close")
            if self.description.about:
                # The content's own words: plain text, never markup.
                yield Static(Content(self.description.about), id="about")
            yield RollCard(self.description, id="description")
            yield Label(_("[dim]Esc to go back[/dim]"))
