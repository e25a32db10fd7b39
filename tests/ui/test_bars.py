"""The title bar, the key bar, and what start-up leaves behind."""

import gc

from game.ui.app import EscarmoucheApp
from game.ui.screens.dialogs import HelpScreen
from game.ui.widgets.bars import KeyBar, TitleBar
from tests.helpers import APP_SIZE as SIZE, app_duel as duel


def shown(widget) -> str:
    return widget.render().plain


async def test_the_title_bar_names_whose_turn_it_is_and_a_dialog_hides_the_main_keys():
    app = EscarmoucheApp(duel(forced=[99] * 10))
    async with app.run_test(size=SIZE) as pilot:
        title = shown(app.play.query_one(TitleBar))
        assert title.startswith("Escarmouche — test")
        assert title.endswith("Round 1 · Alice's turn (player 1)")
        assert len(title) == SIZE[0] - 2  # padded to the bar's width, one cell each side
        # While a dialog is up, the main screen's keys are hidden.
        await pilot.press("question_mark")
        assert shown(app.play.query_one(KeyBar)).strip() == "^p palette"
        await pilot.press("escape")
        await pilot.press("e", "y", "enter")
        assert shown(app.play.query_one(TitleBar)).endswith("Round 1 · Bruno's turn (player 2)")


async def test_the_key_bar_lists_the_keys_in_force_and_a_click_presses_one():
    app = EscarmoucheApp(duel())
    async with app.run_test(size=(160, 44)) as pilot:
        bar = app.play.query_one(KeyBar)
        keys = shown(bar)
        # The map's own keys first (it has the focus), then the app's, the palette last.
        assert keys.startswith(" ⏎ Select/Move  a Attack  b Brawl  c Cast  o Door  e End turn ")
        assert keys.rstrip().endswith("^p palette")
        assert "Replay" not in keys  # bound, but not shown (show=False)
        await pilot.click(KeyBar, offset=(keys.index("? Help") + 1, 0))
        assert isinstance(app.screen, HelpScreen)


async def test_on_a_narrow_terminal_the_keys_lose_their_padding_so_more_fit():
    app = EscarmoucheApp(duel())
    async with app.run_test(size=(80, 24)):
        keys = shown(app.play.query_one(KeyBar))
        assert keys.startswith("⏎ Select/Move a Attack b Brawl")
        assert "? Help" in keys[:80]


async def test_a_bar_too_narrow_for_every_key_keeps_the_end_of_turn():
    # French words are longer: at 80 columns `e Fin du tour` was dropped for `o Porte`.
    app = EscarmoucheApp(duel(), lang="fr")
    async with app.run_test(size=(80, 24)):
        keys = shown(app.play.query_one(KeyBar))
        assert "e Fin du tour" in keys and "? Aide" in keys and len(keys.rstrip()) <= 80


async def test_the_collector_is_back_on_once_the_first_screen_is_up():
    # `escarmouche play` turns it off for start-up; a game left without it would only grow.
    gc.unfreeze()  # the suite freezes what each test leaves (tests/conftest.py): none yet
    assert gc.get_freeze_count() == 0
    gc.disable()
    try:
        app = EscarmoucheApp(duel())
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert gc.isenabled()
            assert gc.get_freeze_count() > 0  # start-up's objects, left out of its scans
    finally:
        gc.unfreeze()
        gc.enable()
