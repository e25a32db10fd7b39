"""What a playtest against the computer found, each seen as the player saw it: the
from-here preview's foes, quitting a finished game, an 80x24 terminal, the spell list's
reasons, the creatures' phase."""

from game.ui.app import EscarmoucheApp
from game.ui.controller import Controller
from game.ui import options
from game.ui.screens.dialogs import ConfirmQuit
from game.ui.screens.game_over import GameOverScreen
from game.ui.widgets.panels import TargetPanel
from tests.helpers import APP_SIZE as SIZE, app_duel as duel, crossroads


def shown(app, widget) -> str:
    """What the screen draws in the widget's region (border included), row by row."""
    region = widget.region
    rows = app.screen._compositor.render_strips()[region.y:region.bottom]
    return "\n".join(row.text[region.x:region.right] for row in rows)


# --- the from-here preview ------------------------------------------------------------


async def test_the_foes_that_could_attack_there_are_all_drawn_whatever_square_came_before():
    # Crossroads, the creatures fallen, Dagny east: from 3,9 no foe could attack Brenna,
    # from 4,9 on Dagny could. The line naming her wraps in the panel: it was cut after
    # "next turn: Dagny" (the panel kept the height of the square before).
    game = crossroads()
    for creature in ("goblin-1", "goblin-2", "wolf-1"):
        game.units[creature].hp, game.units[creature].down = 0, True
    game.units["dagny"].pos = (12, 9)
    app = EscarmoucheApp(game, autosave=False)
    async with app.run_test(size=(160, 50)) as pilot:
        play = app.play
        play.select("brenna")
        for square in ((3, 9), (4, 9), (8, 9)):
            play.map.move_cursor(square)
            await pilot.pause()
            play.catch_up()
            await pilot.pause()
            panel = " ".join(shown(app, play.query_one(TargetPanel)).replace("│", " ").split())
            if square == (3, 9):
                assert "No foe could attack Brenna here next turn" in panel
            else:
                assert "Could attack Brenna here next turn: Dagny [D2]" in panel, square


# --- quitting -------------------------------------------------------------------------


def test_the_controller_knows_whether_play_is_unsaved(tmp_path):
    control = Controller(crossroads(), saves_dir=tmp_path)
    assert not control.unsaved() and control.last_save is None  # nothing played yet
    control.apply(options.move(control.game, "aldric", (4, 7)).action)
    assert control.unsaved()
    outcome = control.apply(options.end_turn())  # the new turn autosaves
    assert not control.unsaved() and control.last_save == outcome.autosaved.stem
    control.apply(options.move(control.game, "dagny", (19, 7)).action)
    assert control.unsaved()
    path = control.save("mine")
    assert not control.unsaved() and control.last_save == "mine"
    control.undo()  # the saved move taken back: the save no longer holds this game
    assert control.unsaved()
    control.adopt(control.read(path))
    assert not control.unsaved() and control.last_save == "mine"


async def test_quitting_warns_of_lost_play_only_when_there_is_some(tmp_path):
    app = EscarmoucheApp(duel(forced=[99] * 10), saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon", *"end", "enter", "enter")  # Bruno's turn: autosaved
        autosave = app.controller.last_save
        assert autosave and autosave.startswith("autosave-")
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmQuit)
        assert app.screen.question == f"Quit the game? Nothing is lost: it is saved as {autosave}."
        await pilot.press("n", "colon", *"move dagny 4,2", "enter", "q")
        assert app.screen.question == "Quit the game? Play since the last save is lost."


async def test_q_quits_a_finished_game_at_once_its_final_state_saved(tmp_path):
    # Bruno's computer takes Alice's last character down (her roll forced to miss her dodge).
    game = duel(forced=[5] + [99] * 20)
    game.units["corvin"].hp, game.units["corvin"].down = 0, True
    game.units["aldric"].hp = 1
    game.ai_players = {2: "aggressive"}
    app = EscarmoucheApp(game, new_game=lambda: duel(), saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        play = app.play
        play.AI_PAUSE = 3600  # the test takes each step itself
        await pilot.press("colon", *"end", "enter")
        await pilot.pause()
        while not game.over:
            play.ai_next()
            await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen) and game.winner == 2
        assert not app.controller.unsaved()
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running
