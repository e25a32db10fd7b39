"""A creature that fights for a player (the tavern's Patch) is played like a character:
selected by Tab or a click, and named by the end-turn question."""

from __future__ import annotations

from game.commands.common import new_game
from game.content.loader import DEFAULT_CONTENT
from game.ui.app import EscarmoucheApp
from game.ui.screens.dialogs import ConfirmEndTurn
from tests.helpers import APP_SIZE


async def test_a_players_creature_is_selected_and_asked_about_like_a_character():
    game = new_game(DEFAULT_CONTENT, "tavern-brawl", 1)
    game.apply("end")
    game.apply("end")  # Carla's turn: Odo, Pike, Nell and Patch the dog
    assert game.current == 3
    app = EscarmoucheApp(game)
    async with app.run_test(size=APP_SIZE) as pilot:
        picked = []
        for _ in range(4):
            await pilot.press("tab")
            picked.append(app.play.selected)
        assert "patch" in picked
        for unit in ("odo", "pike", "nell"):
            app.play.apply(f"wait {unit}")
        await pilot.press("e")
        assert isinstance(app.screen, ConfirmEndTurn)
        assert "Patch still has AP" in str(app.screen.query_one("#question").render())
