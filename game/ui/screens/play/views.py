"""The views the play screen opens on top of itself, each read-only: the full odds of
an action, a unit up close, the roster, a roll's card, the map's legend, the whole
journal and the replay. Each screen is imported the first time it is asked for (not at
start-up: see benchmarks/bench_ui.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import _
from game.journal.text import namer
from game.ui.widgets.journal_log import briefing_lines, event_lines, worded
from game.ui.widgets.panels import TargetPanel, has_odds

if TYPE_CHECKING:
    # The play screen (screen.py), typed as any screen: it imports this module.
    from textual.screen import Screen


class Views:
    """What one play screen opens, and what it says when there is nothing to show."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen

    def odds(self, choice=None) -> None:
        """The full exact odds of `choice`, or of the target panel's first action with
        odds; every other action on the target follows (on a small terminal the panel
        shows one or two, the view scrolls through all)."""
        from game.ui.screens.odds import OddsScreen

        screen = self.screen
        here = screen.here
        if choice is None:
            choice = next((c for c in here if has_odds(c)), None)
            if choice is None:
                screen.status(_("✗ no attack or spell on what is under the cursor"),
                              refused=True)
                return
        panel = screen.part(TargetPanel)
        rest = [c for c in here if has_odds(c) and c is not choice]
        screen.app.push_screen(OddsScreen([panel.odds(c) for c in (choice, *rest)],
                                          namer(screen.game)))

    def unit_here(self):
        """The unit under the cursor, standing or fallen."""
        game, cursor = self.screen.game, self.screen.cursor
        return game.unit_at(cursor) or next(
            (u for u in game.units.values() if u.down and u.pos == cursor), None)

    def inspect(self, unit_id: str | None = None) -> None:
        """A unit up close (`unit_id`, else the one under the cursor), enemies included."""
        from game.ui.screens.roster import InspectScreen

        screen = self.screen
        unit = screen.game.units.get(unit_id) if unit_id else self.unit_here()
        if unit is None:
            screen.status(_("No unit under the cursor to inspect (r lists every unit)"),
                          refused=True)
            return
        screen.app.push_screen(InspectScreen(screen.game, unit))

    def roster(self) -> None:
        """Every unit; the one picked is inspected over the list."""
        from game.ui.screens.roster import RosterScreen

        screen = self.screen
        screen.app.push_screen(RosterScreen(screen.game, screen.map.label))

    def replay(self) -> None:
        from game.ui.screens.replay import ReplayScreen

        self.screen.app.push_screen(ReplayScreen(self.screen.controller))

    def roll_card(self, index: int | None = None) -> None:
        """The card of the roll at `index` in the journal, else of the latest roll."""
        from game.journal.cards import card_rolls
        from game.ui.screens.roll_card import RollCardScreen

        screen = self.screen
        journal = list(screen.game.journal)
        if index is None:
            rolls = card_rolls(journal)
            if not rolls:
                screen.status(_("No roll yet: a roll card shows a roll's terms and sources"),
                              refused=True)
                return
            index = rolls[-1]
        screen.app.push_screen(RollCardScreen(journal, index, namer(screen.game)))

    def roll_of(self, event) -> None:
        """A click on a journal line: the card of the roll it belongs to, if any."""
        from game.journal.cards import roll_of_event

        roll = roll_of_event(self.screen.game.journal, event)
        if roll is not None:
            self.roll_card(roll)

    def legend(self) -> None:
        from game.ui.screens.legend import LegendScreen, legend_text

        screen = self.screen
        screen.app.push_screen(LegendScreen(legend_text(screen.game, screen.map.label)))

    def journal(self) -> None:
        from game.ui.screens.dialogs import JournalScreen

        game = self.screen.game
        self.screen.app.push_screen(JournalScreen(
            [*briefing_lines(game), *event_lines(game, worded(game.journal))]))
