"""The whole journal (`J`) opens with the scenario's briefing and how it is won: on a short
terminal the log has scrolled them away before the first turn is played."""

from __future__ import annotations

from textual.widgets import RichLog

from game.ui.app import EscarmoucheApp
from game.ui.screens.dialogs import JournalScreen
from tests.helpers import crossroads, type_text


async def test_the_whole_journal_starts_with_the_briefing_and_the_victory():
    app = EscarmoucheApp(crossroads())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("J")
        assert isinstance(app.screen, JournalScreen)
        lines = [line.plain for line in app.screen.lines]
        assert lines[0].startswith("Two companies reach the ruined crossroads at dawn.")
        assert lines[1].startswith("Victory: ")
        assert lines[2] == "— Round 1: Alice's turn (player 1) —"
        await type_text(pilot, "victory")
        assert app.screen.query_one(RichLog).lines  # found by the search too


async def test_the_load_list_tells_autosaves_apart_and_names_the_computers_sides(tmp_path):
    from textual.widgets import DataTable

    from game.commands.common import new_game
    from game.content.loader import DEFAULT_CONTENT
    from game.saves import autosave
    from game.ui.screens.saves import LoadScreen

    game = new_game(DEFAULT_CONTENT, "duel", 1)
    game.ai_players = {2: "balanced"}
    game.apply("end")
    autosave(game, tmp_path)
    app = EscarmoucheApp(crossroads(), saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+o")
        assert isinstance(app.screen, LoadScreen)
        row = [getattr(c, "plain", str(c)) for c in app.screen.query_one(DataTable).get_row_at(0)]
        # Not "autosave-20261202-…", cut alike for every one: its time and whose turn.
        assert row[0].startswith("auto ") and row[0].endswith(" Bruno") and len(row[0]) == 19
        assert row[4].startswith("Alice, Bruno (")
        await pilot.resize_terminal(100, 30)
        await pilot.press("escape", "ctrl+o")
        row = [getattr(c, "plain", str(c)) for c in app.screen.query_one(DataTable).get_row_at(0)]
        assert row[4] == "Alice, Bruno (AI)"


async def test_a_creature_phase_where_no_creature_acts_says_nothing():
    from game.commands.common import new_game
    from game.content.loader import DEFAULT_CONTENT
    from game.ui.widgets.journal_log import JournalLog

    # The dungeon's creatures keep to their lairs behind closed doors in round 1.
    app = EscarmoucheApp(new_game(DEFAULT_CONTENT, "dungeon", 1))
    async with app.run_test(size=(120, 40)) as pilot:
        app.controller.ask_before_ending = False
        for _ in range(2):
            app.play.apply("end")
            await pilot.pause()
            if app.screen is not app.play:
                await pilot.press("enter")  # the hand-over
        assert app.game.round == 2
        log = [line.plain for line in app.play.query_one(JournalLog)._texts]
        assert "— Round 2: Alice's turn (player 1) —" in log
        assert not any("the creatures act" in line for line in log)
        await pilot.press("J")
        assert not any("the creatures act" in line.plain for line in app.screen.lines)
