"""Pilot tests: each interaction a player has with the app, with forced rolls."""

import io

from textual.widgets import Static

from game.ui.app import EscarmoucheApp
from game.ui.screens.dialogs import ConfirmQuit, HandoverScreen, HelpScreen, JournalScreen, SpellPicker
from game.ui.screens.game_over import GameOverScreen
from game.ui.widgets.bars import TitleBar
from game.ui.widgets.journal_log import JournalLog
from game.ui.widgets.panels import TargetPanel, UnitPanel
from tests.helpers import APP_SIZE as SIZE
from tests.helpers import app_duel as duel


def text_of(widget) -> str:
    """The plain text a panel shows, as wide as it is on screen."""
    from rich.console import Console

    console = Console(width=widget.size.width or 60, record=True, file=io.StringIO())
    console.print(widget.body.content)
    return console.export_text()


def journal_text(app) -> str:
    return "\n".join(strip.text for strip in app.query_one(JournalLog).lines)


def status(app) -> str:
    return str(app.query_one("#status", Static).render())


async def test_tab_cycles_the_current_players_characters():
    app = EscarmoucheApp(duel())
    async with app.run_test(size=SIZE) as pilot:
        assert app.selected == "aldric"
        await pilot.press("tab")
        assert app.selected == "corvin"
        assert "Corvin" in text_of(app.query_one(UnitPanel))
        assert app.map.cursor == (2, 4)
        await pilot.press("tab")
        assert app.selected == "aldric"


async def test_moving_shows_the_cost_then_moves_along_the_path():
    app = EscarmoucheApp(duel())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("left", "left", "up")
        assert status(app) == "Move Aldric to 0,1: 2 AP (Enter)"
        assert app.map.overlay.path == {(1, 1), (0, 1)}
        await pilot.press("enter")
        assert app.game.units["aldric"].pos == (0, 1)
        assert app.game.units["aldric"].ap == 8
        assert "AP ███████████░░░ 8/10" in text_of(app.query_one(UnitPanel))


async def test_attack_with_a_forced_roll_writes_the_journal_and_lowers_the_hp_bar():
    app = EscarmoucheApp(duel(forced=[10, 99]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right")
        assert "1 sword (4 AP) 65%" in text_of(app.query_one(TargetPanel))
        await pilot.press("a")
        assert "attack roll Aldric: 10 (forced) ≤ 65 hit" in journal_text(app)
        hp = app.game.units["dagny"].hp
        assert hp < 20
        assert f"{hp}/20" in text_of(app.query_one(TargetPanel))


async def test_number_keys_take_the_target_panels_actions():
    app = EscarmoucheApp(duel(forced=[99]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "2")
        assert "Aldric brawls with Dagny at 1 (3 AP, 7 left)" in journal_text(app)


async def test_a_refused_command_shows_its_reason_and_changes_nothing():
    game = duel()
    app = EscarmoucheApp(game)
    async with app.run_test(size=SIZE) as pilot:
        before = game.snapshot()
        await pilot.press("down", "down", "a")  # Corvin: Alice's own character
        assert status(app) == "✗ Corvin is one of your own characters: a player may never " \
                              "attack their own"
        assert "✗ attack aldric corvin: Corvin is one of your own" in journal_text(app)
        assert game.snapshot() == before


async def test_casting_from_the_spell_list_on_the_unit_under_the_cursor():
    app = EscarmoucheApp(duel(forced=[10, 99]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "right", "up", "up")  # Corvin, cursor on Dagny
        assert app.map.cursor == (3, 2)
        await pilot.press("c")
        assert isinstance(app.screen, SpellPicker)
        await pilot.press("enter")  # Firebolt, the first spell
        assert "Corvin casts Firebolt on Dagny (5 AP, 5 left)" in journal_text(app)
        assert "counter roll Dagny: 99 (forced) > 0 not countered" in journal_text(app)


async def test_a_spell_picked_without_a_target_waits_for_one():
    app = EscarmoucheApp(duel(forced=[10, 99]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "c", "enter")
        assert app.aiming == "firebolt"
        assert app.map.overlay.targets == {(3, 2)}
        await pilot.press("right", "up", "up", "enter")
        assert app.aiming is None
        assert "Corvin casts Firebolt on Dagny" in journal_text(app)


async def test_end_turn_hands_over_then_creatures_act_after_the_round():
    app = EscarmoucheApp(duel(forced=[99] * 10))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        assert isinstance(app.screen, HandoverScreen)
        assert app.screen.title_text.startswith("Round 1: Bruno's turn (player 2)")
        await pilot.press("e", "a")  # the game's keys wait until the hand-over is closed
        assert app.game.current == 2 and len(app.game.log) == 1
        await pilot.press("enter")
        assert app.game.current == 2 and app.selected == "dagny"
        await pilot.press("e")
        assert isinstance(app.screen, HandoverScreen)
        digest = "\n".join(line.plain for line in app.screen.digest)
        assert "— Round 1: the creatures act —" in digest
        assert "▶ move goblin" in digest
        assert "▶ end" in digest  # Bruno's end, which Alice has not seen


async def test_the_last_enemy_down_shows_game_over_with_statistics():
    game = duel(forced=[10, 99])
    game.units["elise"].hp = 0
    game.units["elise"].down = True
    game.units["dagny"].hp = 1
    app = EscarmoucheApp(game, new_game=lambda: duel())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "a")
        assert isinstance(app.screen, GameOverScreen)
        assert "Alice wins!" in str(app.screen.query_one("#winner").render())
        await pilot.press("n")
        assert not isinstance(app.screen, GameOverScreen)
        assert app.game.round == 1 and not app.game.over


async def test_quit_asks_first():
    app = EscarmoucheApp(duel())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("n")
        assert not isinstance(app.screen, ConfirmQuit) and app.is_running
        await pilot.press("q", "y")
        await pilot.pause()
        assert not app.is_running


async def test_command_line_takes_the_full_notation():
    app = EscarmoucheApp(duel())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        await pilot.press(*"open aldric 9,9", "enter")
        assert status(app) == "✗ there is no door at 9,9"
        await pilot.press("colon", *"move corvin 3,5", "enter")
        assert app.game.units["corvin"].pos == (3, 5)


async def test_help_and_journal_screens():
    app = EscarmoucheApp(duel())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape", "colon", *"move aldric 1,1", "enter", "J")
        assert isinstance(app.screen, JournalScreen)
        await pilot.press(*"aldric")
        title = app.screen.query_one(TitleBar).render().plain
        assert title.startswith("Journal") and title.endswith("2 lines")
        await pilot.press("escape")
        assert not isinstance(app.screen, JournalScreen)


async def test_clicking_selects_a_character_and_moves_the_cursor():
    app = EscarmoucheApp(duel())
    async with app.run_test(size=SIZE) as pilot:
        # The map starts one cell inside its border; each square is two cells wide.
        await pilot.click("#map", offset=(1 + 2 * 2, 1 + 4))
        assert app.map.cursor == (2, 4)
        assert app.selected == "corvin"


def crossroads(forced=()):
    """The default scenario: saves name their scenario, so loading needs one on disk."""
    from game.cli import new_game
    from game.content.loader import DEFAULT_CONTENT

    # Forced rolls enter as a command, so that the log (and so a save) holds them: a
    # designer game's, as a hot-seat game refuses them.
    game = new_game(DEFAULT_CONTENT, "crossroads", 1, designer=bool(forced))
    if forced:
        game.apply("force " + ",".join(map(str, forced)))
    return game


async def test_ctrl_s_saves_under_a_name_and_the_load_screen_brings_it_back(tmp_path):
    from game.ui.screens.saves import LoadScreen, SaveNameScreen

    app = EscarmoucheApp(crossroads(), saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, SaveNameScreen)
        await pilot.press(*"-mine")  # appended to the suggested name
        await pilot.press("enter")
        assert (tmp_path / "crossroads-round-1-mine.json").exists()
        assert status(app) == f"Saved to {tmp_path / 'crossroads-round-1-mine.json'}"
        await pilot.press("left", "enter")  # move Aldric; then load the save back
        assert app.game.units["aldric"].pos == (2, 7)
        await pilot.press("ctrl+o")
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("enter")
        assert app.game.units["aldric"].pos == (3, 7)
        assert status(app) == "Loaded 'crossroads-round-1-mine': round 1"


async def test_a_bad_save_is_reported_and_the_game_goes_on(tmp_path):
    (tmp_path / "broken.json").write_text("{\"format\": \"escarmouche-save\"")
    app = EscarmoucheApp(crossroads(), saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("left", "enter")
        await pilot.press("colon", *"load broken", "enter")
        assert status(app).startswith("✗ broken.json is truncated")
        assert app.game.units["aldric"].pos == (2, 7)
        await pilot.press("colon", *"save ../up", "enter")
        assert status(app).startswith("✗ bad save name '../up'")


async def test_undo_takes_back_a_move_and_refuses_after_a_roll(tmp_path):
    app = EscarmoucheApp(duel(forced=[99]), saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("left", "enter")
        assert app.game.units["aldric"].ap == 9
        await pilot.press("u")
        assert app.game.units["aldric"].pos == (2, 2) and app.game.units["aldric"].ap == 10
        assert status(app) == "Undone: move aldric 1,2"
        await pilot.press("right", "right", "b", "ctrl+z")
        assert status(app).startswith("✗ cannot undo: only moves and doors")
        await pilot.press("left", "left", "enter", "u")
        assert status(app).startswith("✗ cannot undo: a die has been rolled this turn")


async def test_each_turn_start_autosaves_and_f9_quick_loads(tmp_path):
    app = EscarmoucheApp(crossroads(forced=[99] * 40), saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e", "enter")
        assert len(list(tmp_path.glob("autosave-*.json"))) == 1
        await pilot.press("left", "enter")  # Dagny moves
        assert app.game.units["dagny"].pos == (19, 7)
        await pilot.press("f9")
        assert app.game.units["dagny"].pos == (20, 7) and app.game.current == 2


async def test_replay_view_steps_back_and_forth_and_jumps_rounds(tmp_path):
    from game.ui.screens.replay import ReplayScreen

    game = crossroads(forced=[99] * 40)
    for command in ("move aldric 4,6", "end", "move dagny 19,7", "end", "move aldric 3,6"):
        game.apply(command)
    app = EscarmoucheApp(game, saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("R")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.step == 6 and screen.current.units["aldric"].pos == (3, 6)
        await pilot.press("left")
        assert screen.current.units["aldric"].pos == (4, 6) and screen.current.round == 2
        await pilot.press("left_square_bracket")
        assert screen.current.round == 1 and screen.step == 0
        await pilot.press("right", "right")
        assert screen.step == 2 and screen.current.units["aldric"].pos == (4, 6)
        head = str(screen.query_one("#replay-head").render())
        assert head == "Replay · step 2/6 · round 1 · move aldric 4,6"
        await pilot.press("end", "escape")
        assert app.screen is not screen
        assert app.game is game  # watching changes nothing


async def test_loading_after_a_content_change_offers_saved_state_or_replay(tmp_path):
    import shutil

    from game.content.loader import DEFAULT_CONTENT
    from game.saves import load_game, save_game
    from game.ui.screens.saves import ContentChangedScreen

    game = crossroads(forced=[4, 99])
    game.apply("move aldric 9,4")
    game.apply("attack aldric goblin-1 with sword")  # a perfect hit: 3 + 2 XP
    path = save_game(game, "before", tmp_path)
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    rules = content / "rules.yaml"
    rules.write_text(rules.read_text().replace("perfect: 2 ", "perfect: 7 "))
    loaded = load_game(path, content)
    app = EscarmoucheApp(loaded.game, saves_dir=tmp_path, content_dir=content, loaded=loaded)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ContentChangedScreen)
        assert app.game.units["aldric"].xp == 5  # the saved state, as played
        await pilot.press("r")
        assert app.game.units["aldric"].xp == 10  # replayed: a perfect hit pays 3 + 7
        assert not isinstance(app.screen, ContentChangedScreen)
