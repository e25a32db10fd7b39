"""The whole journal (`J`) opens with the scenario's briefing and how it is won: on a short
terminal the log has scrolled them away before the first turn is played."""

from __future__ import annotations

from textual.widgets import RichLog

from game.ui.app import EscarmoucheApp
from game.ui.screens.dialogs import JournalScreen
from tests.helpers import crossroads


async def test_the_whole_journal_starts_with_the_briefing_and_the_victory():
    app = EscarmoucheApp(crossroads())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("J")
        assert isinstance(app.screen, JournalScreen)
        lines = [line.plain for line in app.screen.lines]
        assert lines[0].startswith("Two companies reach the ruined crossroads at dawn.")
        assert lines[1].startswith("Victory: ")
        assert lines[2] == "— Round 1: Alice's turn (player 1) —"
        await pilot.press(*"victory")
        assert app.screen.query_one(RichLog).lines  # found by the search too
