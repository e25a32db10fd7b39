"""The demo on a terminal of 30 to 35 rows: the whole map shows, before the character."""

from __future__ import annotations

from game.ui.screens.demo import DemoApp, DemoBoard
from game.ui.widgets.panels import UnitPanel
from tests.test_demo import duel_demo


async def test_a_cramped_terminal_shows_the_whole_map_and_hides_the_character_panel():
    app = DemoApp(duel_demo(), "duel-demo.txt")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("space")
        await pilot.pause()
        board, game = app.screen.query_one(DemoBoard), app.demo.game
        assert board.content_region.height >= game.height  # all 10 rows of the meadow
        assert not app.screen.query_one(UnitPanel).display
        await pilot.resize_terminal(100, 40)
        await pilot.pause()
        assert app.screen.query_one(UnitPanel).display  # room for it again
        assert board.content_region.height >= game.height
