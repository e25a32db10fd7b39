"""While a spell is aimed, the target panel gives that spell's chance, not the others'."""

from __future__ import annotations

from game.ui.app import EscarmoucheApp
from game.ui.widgets.panels import TargetPanel
from tests.helpers import APP_SIZE as SIZE, app_duel as duel, text_of


async def test_the_aimed_spell_is_the_one_whose_chance_the_panel_lists():
    game = duel()
    game.units["elise"].pos = (4, 2)  # next to Dagny: in the storm
    app = EscarmoucheApp(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "right", "up", "up")  # Corvin, the cursor on Dagny
        before = text_of(app.play.query_one(TargetPanel))
        assert "Firebolt (5 AP)" in before and "Ice Storm (7 AP)" in before  # every action
        await pilot.press("c", "down", "enter")  # Ice Storm aimed at Dagny
        assert app.play.aiming == "ice-storm"
        panel = text_of(app.play.query_one(TargetPanel))
        assert "Ice Storm here touches:" in panel
        assert "Ice Storm (7 AP)" in panel and "Firebolt" not in panel
        await pilot.press("escape")
        assert "Firebolt (5 AP)" in text_of(app.play.query_one(TargetPanel))


async def test_a_spell_on_oneself_gives_its_chance_whatever_the_cursor_is_on():
    from game.ui.screens.dialogs import SpellPicker
    from textual.widgets import OptionList

    app = EscarmoucheApp(duel())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "right", "up", "up", "c")  # Corvin, the cursor on Dagny
        assert isinstance(app.screen, SpellPicker)
        listing = app.screen.query_one(OptionList)
        focus = next(str(listing.get_option_at_index(i).prompt)
                     for i in range(listing.option_count)
                     if listing.get_option_at_index(i).id == "focus")
        # Not "Dagny is 2 squares away; Focus reaches 0": Focus is cast on Corvin himself.
        assert "Dagny" not in focus and "now" in focus
