"""The shared table (`game.table`): a presenter's demo or game written step by step, and
viewers that follow it read-only, rebuilt from the presenter's state without a die rolled;
autoplay, screenshots and a mismatched script in the demo."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from game.cli import main
from game.commands.common import new_game
from game.content.loader import DEFAULT_CONTENT
from game.rules.engine import Game
from game.scripts import Demo, autoplay_pause, read_script
from game.table import (Followed, TableError, TableFollower, TableWriter, demo_header,
                        game_header, presenter_at)
from game.ui.screens.demo import DemoApp, DemoScreen, RollsPanel
from game.ui.screens.follow import FollowApp, FollowScreen

DUEL_SCRIPT = Path("content/scripts/duel-demo.txt")
SIZE = (160, 50)


def duel_demo() -> tuple[Demo, list]:
    script = read_script(DUEL_SCRIPT)
    game = new_game(DEFAULT_CONTENT, "duel", 0, designer=True)
    return Demo(game, script.steps, script.preamble), script.steps


def presenter(path: Path) -> tuple[Demo, TableWriter]:
    demo, steps = duel_demo()
    writer = TableWriter(path, demo_header(demo, "duel-demo.txt", steps))
    writer.publish(demo.game, 0, 0)
    return demo, writer


def step(demo: Demo, writer: TableWriter, to: int) -> None:
    demo.goto(to)
    writer.publish(demo.game, len(demo.events), demo.step)


def seen(follower: TableFollower) -> Followed:
    assert follower.read()
    view, _ = follower.view()
    return view


def same(view: Followed, demo: Demo) -> None:
    """The viewer shows what the presenter shows: step, state, journal, the step's events."""
    assert view.step == demo.step
    assert view.game.snapshot() == demo.game.snapshot()
    assert view.game.journal == demo.game.journal and view.game.log == demo.game.log
    assert view.events == demo.events
    assert (view.caption, view.current, view.refusal, view.actor()) == \
        (demo.caption, demo.current, demo.refusal, demo.actor())


def test_two_viewers_see_the_presenters_steps_in_order_and_roll_no_die(tmp_path, monkeypatch):
    table = tmp_path / "duel.table"
    demo, writer = presenter(table)
    viewers = [TableFollower(table, DEFAULT_CONTENT), TableFollower(table, DEFAULT_CONTENT)]
    for to in [1, 2, 3, 4, 5, 6, 8, 7, 15, 0]:  # forward, a jump, back, to the end, home
        step(demo, writer, to)
        with monkeypatch.context() as patched:
            patched.setattr(Game, "apply", lambda *a, **k: pytest.fail("a viewer played"))
            patched.setattr("game.rules.dice.Roller.d100", lambda *a: pytest.fail("rolled"))
            patched.setattr("game.rules.dice.Roller.roll", lambda *a: pytest.fail("rolled"))
            for viewer in viewers:
                same(seen(viewer), demo)
    # A viewer cannot step: its view has no way to play.
    view, _ = viewers[0].view()
    with pytest.raises(TypeError, match="cannot step"):
        view.goto(3)
    writer.close()
    assert viewers[1].read() and viewers[1].view()[0].left


def test_a_late_joiner_sees_the_present_state(tmp_path):
    table = tmp_path / "duel.table"
    demo, writer = presenter(table)
    for to in (1, 2, 3, 4, 5, 6, 7, 8):
        step(demo, writer, to)
    step(demo, writer, 6)  # back: the journal written again
    step(demo, writer, 8)
    late = TableFollower(table, DEFAULT_CONTENT)
    view = seen(late)
    same(view, demo)
    assert view.step == 8
    # The step's rolls (the sword's hit, the dodge missed), not the whole journal's.
    assert [(r.check, r.roll) for r in view.rolls] == [("attack", 60), ("dodge", 99)]
    assert not view.left
    writer.close()


def test_one_presenter_at_a_time_and_a_new_one_starts_the_file_anew(tmp_path):
    table = tmp_path / "duel.table"
    demo, writer = presenter(table)
    assert presenter_at(table)
    with pytest.raises(TableError, match="another presenter is at the table"):
        TableWriter(table, demo_header(demo, "x", []))
    viewer = TableFollower(table, DEFAULT_CONTENT)
    step(demo, writer, 3)
    assert seen(viewer).step == 3
    writer.close()
    assert not presenter_at(table)
    again, other = presenter(table)  # a new file: the viewer starts again from its top
    assert viewer.read()
    view, rewound = viewer.view()
    assert view.step == 0 and rewound and view.game.journal == again.game.journal
    other.close()


def test_a_damaged_line_is_said_and_left_out(tmp_path):
    table = tmp_path / "duel.table"
    demo, writer = presenter(table)
    viewer = TableFollower(table, DEFAULT_CONTENT)
    assert seen(viewer).step == 0
    with open(table, "ab") as file:
        file.write(b'{"type": "frame", "n": 2, "record": {}, "journal_from": 99, "made": 0}\n')
        file.write(b"not json\n")
    assert not viewer.read()
    assert "could not be read" in viewer.problem
    step(demo, writer, 1)
    assert seen(viewer).step == 1
    writer.close()


# --- the viewer's app -------------------------------------------------------------------

def head(app) -> str:
    return str(app.screen.query_one("#demo-head").render())


async def until(pilot, condition, seconds: float = 30.0) -> None:
    """Wait for `condition`, polling: a deadline on the clock, not a count of pauses, and a
    generous one (CI once missed the first frame in 10 s with every core busy)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        await pilot.pause(0.05)
    assert condition()


async def test_a_viewer_follows_step_by_step_and_no_key_plays(tmp_path):
    from game.ui.screens.dialogs import JournalScreen
    from game.ui.screens.roll_card import RollCardScreen

    table = tmp_path / "duel.table"
    demo, writer = presenter(table)
    app = FollowApp(TableFollower(table, DEFAULT_CONTENT), saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, FollowScreen)
        assert head(app) == ("Start · 15 steps · the presenter plays them, this table "
                             "follows")
        assert "read-only" in app.screen.title
        for to in (1, 2, 3):
            step(demo, writer, to)
            await until(pilot, lambda: app.screen.view.step == to)
        assert head(app) == "Step 3/15 · line 23 · move ysolde 10,5"
        before = table.read_bytes()
        await pilot.press("space", "right", "left", "g", "home", "a", "e", "colon", "enter")
        await pilot.pause(0.4)
        assert app.screen.view.step == 3 and table.read_bytes() == before
        step(demo, writer, 6)  # a hit that is dodged: one card
        await until(pilot, lambda: app.screen.view.step == 6)
        assert head(app) == ("Step 6/15 · line 32 · attack ysolde gautier with dagger · "
                             "⚑ force 40,25")
        assert [c.title for c in app.screen.query_one(RollsPanel).cards] == \
            ["attack roll: Ysolde"]
        # What a viewer may do: look at the roll card and the journal.
        await pilot.press("c")
        assert isinstance(app.screen, RollCardScreen)
        await pilot.press("escape", "j")
        assert isinstance(app.screen, JournalScreen)
        await pilot.press("escape")
        writer.close()  # the presenter leaves: said, the last step stays
        await until(pilot, lambda: app.screen.view.left)
        assert str(app.screen.query_one("#demo-note").render()) == \
            "The presenter is not at the table: this is where they left it."
        assert app.screen.view.step == 6


async def test_a_viewer_waits_for_the_first_frame_then_follows(tmp_path):
    table = tmp_path / "duel.table"
    table.write_text("")
    app = FollowApp(TableFollower(table, DEFAULT_CONTENT))
    async with app.run_test(size=SIZE) as pilot:
        assert not isinstance(app.screen, FollowScreen)
        demo, writer = presenter(table)
        step(demo, writer, 1)
        await until(pilot, lambda: isinstance(app.screen, FollowScreen))
        await until(pilot, lambda: head(app) == "Step 1/15 · line 17 · move gautier 6,4")
        writer.close()


async def test_the_demo_presenter_writes_each_step_it_shows(tmp_path):
    table = tmp_path / "duel.table"
    demo, steps = duel_demo()
    writer = TableWriter(table, demo_header(demo, "duel-demo.txt", steps))
    publish = lambda shown: writer.publish(shown.game, len(shown.events), shown.step)  # noqa
    viewer = TableFollower(table, DEFAULT_CONTENT)
    app = DemoApp(demo, "duel-demo.txt", publish=publish)
    async with app.run_test(size=SIZE) as pilot:
        assert seen(viewer).step == 0
        await pilot.press("space", "space", "space")
        same(seen(viewer), demo)
        assert demo.step == 3
        await pilot.press("left")
        assert seen(viewer).step == 2
    writer.close()


async def test_a_live_game_at_the_table_follows_each_command(tmp_path):
    from game.ui.app import EscarmoucheApp

    table = tmp_path / "live.table"
    game = new_game(DEFAULT_CONTENT, "duel", 3)
    writer = TableWriter(table, game_header("duel"))
    viewer = TableFollower(table, DEFAULT_CONTENT)
    app = EscarmoucheApp(game, saves_dir=tmp_path, autosave=False, table=writer)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, viewer.read)
        assert viewer.view()[0].live
        app.controller.apply("move gautier 6,4")
        await until(pilot, viewer.read)
        view, _ = viewer.view()
        assert view.game.snapshot() == app.game.snapshot()
        assert view.last_command == "move gautier 6,4" and view.actor() == "gautier"
    writer.close()
    follow = FollowApp(TableFollower(table, DEFAULT_CONTENT))
    async with follow.run_test(size=SIZE):
        assert head(follow) == "Live · round 1 · move gautier 6,4"
        assert "Live game" in follow.screen.title


# --- autoplay, the folded force, screenshots, a script for another scenario -----------

def test_autoplay_pauses_longer_on_a_step_with_roll_cards():
    assert autoplay_pause(3, 0) == 3
    assert autoplay_pause(3, 1) == autoplay_pause(3, 2) == 6


async def test_autoplay_steps_on_its_own_and_a_stops_and_starts_it():
    demo, _ = duel_demo()
    app = DemoApp(demo, "duel-demo.txt", autoplay=0.1)
    async with app.run_test(size=SIZE) as pilot:
        assert head(app).endswith("· ▶ autoplay, 0.1 s a step (a stops)")
        await until(pilot, lambda: demo.step >= 3)
        await pilot.press("a")
        stopped = demo.step
        await pilot.pause(0.5)
        assert demo.step == stopped and "autoplay" not in head(app)
        await pilot.press("a")
        await until(pilot, lambda: demo.step >= 6)  # step 5 made a card: a longer pause
        screen = app.screen
        assert isinstance(screen, DemoScreen)
        await until(pilot, lambda: demo.at_end, 20)
        await pilot.pause(0.3)
        assert not screen.autoplaying and demo.step == 15  # it stops at the end


async def test_autoplay_waits_twice_as_long_after_a_step_with_cards():
    demo, _ = duel_demo()
    app = DemoApp(demo, "duel-demo.txt", autoplay=30)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert screen._next._interval == 30  # the start: no card
        await pilot.press(*["space"] * 5)  # step 5: the forced miss, one card
        assert screen._next._interval == 60
        await pilot.press("space", "space")  # step 7: `end`, no card
        assert screen._next._interval == 30


async def test_f12_and_ctrl_t_save_a_screenshot_of_the_demo(tmp_path):
    saves = tmp_path / "saves"
    demo, _ = duel_demo()
    app = DemoApp(demo, "duel-demo.txt", saves_dir=saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", "f12")
        [shot] = saves.glob("*.svg")
        assert shot.name.startswith("shot-duel-step1-")
        assert "<svg" in shot.read_text() and "Gautier" in shot.read_text()
        assert [n.message for n in app._notifications] == [f"Screenshot saved to {shot}"]
        await pilot.press("ctrl+t")
        assert len(list(saves.glob("*.svg"))) == 2
        # The palette's Screenshot saves the same way (Textual's own failed in the demo).
        [command] = [c for c in app.get_system_commands(app.screen) if c.title == "Screenshot"]
        command.callback()
        assert len(list(saves.glob("*.svg"))) == 3
        assert not list(saves.glob(".*"))  # written whole: no temporary file left


async def test_a_screenshot_that_cannot_be_saved_says_why(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    demo, _ = duel_demo()
    app = DemoApp(demo, saves_dir=blocked / "saves")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f12")
        [note] = app._notifications
        assert note.message.startswith("✗ screenshot not saved: cannot create the saves folder")
        assert note.severity == "error"


def test_a_script_for_another_scenario_exits_2_naming_its_unknown_units(capsys, monkeypatch):
    monkeypatch.setattr("game.ui.screens.demo.run_demo", lambda app: pytest.fail("app started"))
    assert main(["demo", "crossroads", str(DUEL_SCRIPT)]) == 2
    err = capsys.readouterr().err
    assert err == (f"escarmouche: {DUEL_SCRIPT}: this script is not for the scenario "
                   "crossroads: it names units that it does not have: gautier (line 17), "
                   "ysolde (line 23); its units are aldric, brenna, corvin, dagny, elise, "
                   "fenwick, goblin-1, goblin-2, wolf-1\n")
    # `serve --demo` says it too, before serving anything.
    assert main(["serve", "--demo", "crossroads", str(DUEL_SCRIPT), "--port", "8"]) == 2
    assert "names units that it does not have: gautier (line 17)" in capsys.readouterr().err


def test_a_unit_the_script_spawns_and_a_target_square_are_no_unknown_units(monkeypatch,
                                                                        tmp_path):
    script = tmp_path / "spawn.txt"
    script.write_text("spawn goblin gob-9 8,4\nattack gautier 8,4\nattack gautier gob-9\n")
    started = []
    monkeypatch.setattr("game.ui.screens.demo.run_demo", lambda app: started.append(app) or 0)
    assert main(["demo", "duel", str(script)]) == 0 and started


def test_autoplay_out_of_bounds_exits_2(capsys):
    assert main(["demo", "duel", str(DUEL_SCRIPT), "--autoplay", "0"]) == 2
    assert "--autoplay takes seconds a step, from 0.1 to 600, not 0" in capsys.readouterr().err


# --- a presenter coming back ----------------------------------------------------------

def test_a_presenter_coming_back_goes_on_where_the_table_is(tmp_path, monkeypatch):
    table = tmp_path / "duel.table"
    demo, writer = presenter(table)
    step(demo, writer, 4)
    writer.close()
    started = []
    monkeypatch.setattr("game.ui.screens.demo.run_demo", lambda app: started.append(app) or 0)
    assert main(["demo", "duel", str(DUEL_SCRIPT), "--table", str(table)]) == 0
    assert started[0].demo.step == 4
    assert started[0].demo.game.snapshot() == demo.game.snapshot()
    # Another seed is another demo: it starts from the start.
    assert main(["demo", "duel", str(DUEL_SCRIPT), "--table", str(table), "--seed", "9"]) == 0
    assert started[1].demo.step == 0


def test_a_game_at_the_table_goes_on_from_the_table_and_a_second_presenter_exits_2(
        tmp_path, monkeypatch, capsys):
    table = tmp_path / "live.table"
    game = new_game(DEFAULT_CONTENT, "duel", 3)
    game.apply("move gautier 6,4")
    writer = TableWriter(table, game_header("duel"))
    writer.publish(game)
    # While a presenter holds the table, another is refused before any app starts.
    monkeypatch.setattr("game.ui.app.run_app", lambda app: pytest.fail("app started"))
    assert main(["play", "duel", "--table", str(table), "--saves-dir", str(tmp_path)]) == 2
    assert "another presenter is at the table" in capsys.readouterr().err
    writer.close()
    started = []
    monkeypatch.setattr("game.ui.app.run_app", lambda app: started.append(app) or 0)
    assert main(["play", "duel", "--table", str(table), "--saves-dir", str(tmp_path)]) == 0
    resumed = started[0].game
    assert resumed.log == ["move gautier 6,4"] and resumed.snapshot() == game.snapshot()
    assert not presenter_at(table)  # the app's end let the table go


@pytest.mark.parametrize("command", [
    ["play", "duel"], ["demo", "duel", str(DUEL_SCRIPT)]])
def test_a_file_that_is_not_a_table_is_never_written_over(tmp_path, monkeypatch, capsys,
                                                          command):
    """`--table notes.txt` (or a save, or any file a typo names) is refused before any app
    starts, the file untouched; an empty file, or a table of another game, is written."""
    monkeypatch.setattr("game.ui.app.run_app", lambda app: pytest.fail("app started"))
    monkeypatch.setattr("game.ui.screens.demo.run_demo", lambda app: pytest.fail("app started"))
    for text in ["my notes\n", '{"format": "escarmouche-save", "version": 6}\n', "\x00\xff"]:
        notes = tmp_path / "notes.txt"
        notes.write_text(text, encoding="latin-1")
        assert main([*command, "--table", str(notes), "--saves-dir", str(tmp_path)]) == 2
        assert capsys.readouterr().err == (
            f"escarmouche: {notes} is not a shared table (it holds no table's header): "
            "give a new file, or one a presenter wrote\n")
        assert notes.read_text(encoding="latin-1") == text
        assert not (tmp_path / "notes.txt.lock").exists()
    started = []
    monkeypatch.setattr("game.ui.app.run_app", lambda app: started.append(app) or 0)
    monkeypatch.setattr("game.ui.screens.demo.run_demo", lambda app: started.append(app) or 0)
    empty = tmp_path / "empty.table"
    empty.write_bytes(b"")
    assert main([*command, "--table", str(empty), "--saves-dir", str(tmp_path)]) == 0
    assert main([*command, "--table", str(empty), "--seed", "4",
                 "--saves-dir", str(tmp_path)]) == 0
    assert len(started) == 2 and empty.read_bytes().startswith(b'{"type":"header"')
