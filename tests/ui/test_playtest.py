"""What a playtest against the computer found, each seen as the player saw it: the
from-here preview's foes, quitting a finished game, an 80x24 terminal, the spell list's
reasons, the creatures' phase."""

from game.ui.app import EscarmoucheApp
from game.ui.controller import Controller
from game.ui import options
from game.ui.screens.dialogs import ConfirmQuit
from game.ui.screens.game_over import GameOverScreen
from game.ui.widgets.panels import TargetPanel
from tests.helpers import APP_SIZE as SIZE, app_duel as duel, crossroads, type_text


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
        await pilot.press("colon")
        await type_text(pilot, "end")
        await pilot.press("enter", "enter")  # Bruno's turn: autosaved
        autosave = app.controller.last_save
        assert autosave and autosave.startswith("autosave-")
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmQuit)
        assert app.screen.question == f"Quit the game? Nothing is lost: it is saved as {autosave}."
        await pilot.press("n", "colon")
        await type_text(pilot, "move dagny 4,2")
        await pilot.press("enter", "q")
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
        await pilot.press("colon")
        await type_text(pilot, "end")
        await pilot.press("enter")
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


# --- an 80x24 terminal ----------------------------------------------------------------


def flat(text: str) -> str:
    """A panel's drawn text as one line: borders and wrapping gone."""
    return " ".join(text.replace("│", " ").replace("╭", " ").replace("╰", " ").split())


async def test_at_80x24_the_panels_show_what_a_turn_needs_and_the_key_bar_whole_keys():
    from game.ui.widgets.bars import KeyBar
    from game.ui.widgets.journal_log import JournalLog
    from game.ui.widgets.panels import UnitPanel

    app = EscarmoucheApp(crossroads(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        play = app.play
        await pilot.press("right", "right")  # Aldric selected, the cursor two squares east
        await pilot.pause()
        unit = flat(shown(app, play.query_one(UnitPanel)))
        # Without scrolling: HP and AP, his weapon, his characteristics' values.
        assert "HP 18/18 AP 10/10" in unit  # the numbers alone: the side bar gave the map room
        assert "Weapons: sword" in unit and "STR 15 DEX 11 SIZ 13 INT 9" in unit
        target = flat(shown(app, play.query_one(TargetPanel)))
        assert "5,7 Floor" in target and "Walk here: 2 AP, 8 left" in target
        assert "Could attack here next turn: Goblin Snik [ga], Wolf [wa]" in target
        keys = play.query_one(KeyBar).render().plain
        assert "…" not in keys and keys.rstrip().endswith("? Help ^p palette")
        journal = play.query_one(JournalLog)
        assert journal.scrollable_content_region.height == 5  # one line more than boxed
        await pilot.resize_terminal(160, 50)  # a tall terminal: the full card again
        await pilot.pause()
        unit = flat(shown(app, play.query_one(UnitPanel)))
        assert "HP ██████████████ 18/18" in unit and "Level 1 · XP 0 (next 10)" in unit
        target = flat(shown(app, play.query_one(TargetPanel)))
        assert "Square 5,7 Floor From here Aldric (2 AP to walk, 8 AP left)" in target


# --- the spell list's reasons ---------------------------------------------------------


async def test_the_spell_list_explains_a_spell_cast_on_nobody_by_the_nearest_possible_target():
    from game.ui.screens.dialogs import SpellPicker
    from tests.helpers import make_game

    # Dagny, listed first, far off; a goblin nearer, out of reach too.
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("dagny", "dagny", 2, (11, 11)),
                      ("goblin", "goblin", None, (0, 6))], designer=False)
    app = EscarmoucheApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        assert isinstance(app.screen, SpellPicker)
        rows = {row.spell: row.text.plain for row in app.screen.rows}
        # Firebolt hits creatures: the goblin, 6 squares away, is why it cannot be cast.
        assert rows["firebolt"].endswith("— Goblin is 6 squares away; Firebolt reaches 3 at "
                                         "level 1")
        # A curse and an area spell take characters only: Dagny is the one that counts,
        # and the nearer goblin, which the player looks at first, is said to be no target.
        assert rows["hex"].endswith("— Dagny is 11 squares away; Hex reaches 3 at level 1 "
                                    "(and Hex (debuff) targets characters only; Goblin is a "
                                    "creature)")
        assert rows["ice-storm"].endswith("— Dagny is 11 squares away; Ice Storm reaches 3 "
                                          "at level 1 (and an area spell must be centred on "
                                          "a character; Goblin is a creature)")


# --- small things ----------------------------------------------------------------------


def test_the_gallery_and_the_legend_say_pillars_are_drawn_as_walls_are():
    from game.commands.common import new_game
    from game.content.loader import DEFAULT_CONTENT
    from game.ui.widgets.map_view import GLYPHS

    game = new_game(DEFAULT_CONTENT, "gallery", 1)
    assert "(#)" not in game.scenario.briefing
    assert f"Pillars (drawn {GLYPHS['wall'].text}, as walls are)" in game.scenario.briefing
    assert GLYPHS["wall"].meaning.startswith("wall or pillar")


# The game-over footnote that says what each spell count counts: in tests/ui/test_app.py,
# test_the_last_enemy_down_shows_game_over_…, on the same game over.


async def test_the_journal_opens_on_its_latest_lines():
    from textual.widgets import RichLog

    game = crossroads()
    for _ in range(30):
        game.apply("end")
    app = EscarmoucheApp(game, autosave=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("J")
        await pilot.pause()
        log = app.screen.query_one(RichLog)
        assert log.max_scroll_y > 100 and log.scroll_y == log.max_scroll_y
        last = log.lines[-1].text.strip()
        assert last == "— Round 16: Alice's turn (player 1) —"


# --- the creatures' phase, one action at a time -----------------------------------------


async def test_the_creatures_act_one_action_at_a_time_before_the_hand_over(tmp_path):
    from game.ui.screens.dialogs import HandoverScreen
    from tests.helpers import journal_text, status

    app = EscarmoucheApp(crossroads(forced=[99] * 60), saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        play = app.play
        play.AI_PAUSE = 3600  # the test takes each step itself
        await pilot.press("e", "a", "enter")  # Alice ends (and stops the question)
        before = journal_text(app).count("▶ ")
        await pilot.press("e")  # Bruno's end closes round 1: the creatures act
        assert app.controller.busy() and not isinstance(app.screen, HandoverScreen)
        journal = journal_text(app)
        assert "— Round 1: the creatures act —" in journal
        shown = before + 2  # Bruno's end, the first creature's action
        assert journal.count("▶ ") == shown
        assert status(app).startswith("The creatures act: ")
        assert app.game.log == ["force " + ",".join(["99"] * 60), "end"]  # not yet in it
        # Meanwhile nothing plays, saves or loads.
        await pilot.press("e", "ctrl+s", "f9", "colon")
        assert app.screen is play and app.controller.busy() and not play.command_box()
        while app.controller.busy():
            play.ai_next()
            await pilot.pause()
            if app.controller.busy():
                shown += 1
                assert journal_text(app).count("▶ ") == shown  # one more action, drawn
        assert shown >= before + 3  # goblins and wolf: more than one action
        assert isinstance(app.screen, HandoverScreen)
        assert app.game.log[-1] == "end" and app.game.round == 2
        assert app.controller.last_save.endswith("-r2-p1")  # autosaved once it was whole


async def test_at_80x24_what_can_be_done_to_a_target_comes_before_what_cannot():
    # Mages' duel, Ysmay 4 squares from Benedict: her dagger and bare hands are refused
    # (he is not adjacent), Spark reaches him. The short panel showed the two refusals
    # first and Spark below the fold; each keeps the number that plays it.
    from game.commands.common import new_game
    from game.content.loader import DEFAULT_CONTENT

    game = new_game(DEFAULT_CONTENT, "mages-duel", 1)
    game.units["benedict"].pos = (6, 4)
    app = EscarmoucheApp(game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        play = app.play
        play.select("ysmay")
        play.map.move_cursor((6, 4))
        await pilot.pause()
        play.catch_up()
        await pilot.pause()
        lines = [str(line) for line in app.query_one(TargetPanel).lines]
        spark = next(i for i, line in enumerate(lines) if line.startswith("3 Spark (3 AP) "))
        dagger = next(i for i, line in enumerate(lines) if line.startswith("1 dagger: "))
        assert spark < dagger
        await pilot.press("3")  # the number still picks Spark
        assert play.aiming == "spark"
