"""The roll-card screen: one roll of the journal with every number traced to its rule and
its content value, opened from the play screen (a key, or a click on a journal line of a
roll or its damage); ←/→ (or p/n) step to the previous/next roll, Esc closes."""

from __future__ import annotations

from typing import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen

from game.i18n import N_, _
from game.journal.cards import card_for, card_of, card_rolls
from game.journal.text import Names
from game.rules import events as ev
from game.ui.keys import COMMAND_OVER_VIEW
from game.ui.widgets.roll_card import RollCard


class RollCardScreen(ModalScreen[None]):
    """The card of one roll; steps through every roll of the journal."""

    BINDINGS = [
        Binding("escape,q", "dismiss", N_("Close")),
        Binding("left,p", "step(-1)", N_("Previous roll")),
        Binding("right,n", "step(1)", N_("Next roll")),
        COMMAND_OVER_VIEW,
    ]
    DEFAULT_CSS = """
    RollCardScreen { align: center middle; }
    RollCardScreen > VerticalScroll { width: 130; max-width: 100%; height: auto;
        max-height: 100%; border: thick $primary; background: $panel; padding: 0 1; }
    """

    def __init__(self, journal: Sequence[ev.Event], index: int, names: Names = str) -> None:
        """`index`: where the roll to show first is in `journal` (a `Roll` event; a dodge or
        a counter opens the card of the attack or spell it is a section of)."""
        super().__init__()
        self.journal = journal
        self.names = names
        # One card an action, as the demo shows them: stepping never shows a roll twice.
        self.rolls = card_rolls(journal)
        self.position = self.rolls.index(card_of(journal, index))

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_subtitle = _("←/→ previous/next roll · ↑/↓ scroll · Esc close")
            yield RollCard(id="roll-card")

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        index = self.rolls[self.position]
        self.query_one(VerticalScroll).border_title = \
            _("roll {n} of {count}").format(n=self.position + 1, count=len(self.rolls))
        self.query_one(RollCard).show_card(card_for(self.journal, index, self.names))

    def action_step(self, step: int) -> None:
        position = self.position + step
        if 0 <= position < len(self.rolls):
            self.position = position
            self.show()
        else:
            self.app.bell()
