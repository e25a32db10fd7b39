"""A save that was written reads back: whatever the engine accepts into its log, saved, is
read, checked and replayed to the same game; what could not be read back is refused before
writing, with the reason, and the previous save stays as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import saves
from game.commands.common import new_game
from game.content.loader import DEFAULT_CONTENT
from game.rules.dice import MAX_FORCED
from game.rules.events import Refused
from game.ui.controller import Controller

UNITS = ["gautier", "ysolde", "nobody"]

force = st.lists(st.integers(1, 100), min_size=1, max_size=3000).map(
    lambda rolls: "force " + ",".join(map(str, rolls)))
move = st.tuples(st.sampled_from(UNITS), st.integers(0, 16), st.integers(0, 10)).map(
    lambda m: f"move {m[0]} {m[1]},{m[2]}")
attack = st.tuples(st.sampled_from(UNITS), st.sampled_from(UNITS),
                   st.sampled_from(["", " brawl", " with dagger", " with battle-axe"])).map(
    lambda a: f"attack {a[0]} {a[1]}{a[2]}")
edit = st.tuples(st.sampled_from(UNITS), st.sampled_from(["hp", "ap", "dex", "str"]),
                 st.integers(-5, 10**9)).map(lambda e: f"set {e[0]}.{e[1]} {e[2]}")
spawn = st.tuples(st.sampled_from(["goblin", "gautier"]), st.from_regex(r"[a-z][a-z0-9]{0,39}",
                                                                     fullmatch=True),
                  st.integers(0, 16), st.integers(0, 10)).map(
    lambda s: f"spawn {s[0]} {s[1]} {s[2]},{s[3]} owner 1")
command = st.one_of(force, move, attack, edit, spawn, st.just("end"), st.just("end"),
                    st.text(max_size=50))


@pytest.fixture(scope="module")
def duel():
    return lambda: new_game(DEFAULT_CONTENT, "duel", 3, designer=True)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(commands=st.lists(command, max_size=25))
def test_what_the_engine_logs_is_saved_read_back_and_replayed(duel, tmp_path_factory,
                                                              commands):
    game = duel()
    for text in commands:
        game.apply(text)
    folder = tmp_path_factory.mktemp("rt")
    path = saves.save_game(game, "roundtrip", folder)
    record = saves.read_save(path)
    assert record.log == game.log
    loaded = saves.load_game(path)
    assert loaded.game.log == game.log
    assert saves.plain(loaded.game.snapshot()) == saves.plain(game.snapshot())
    assert len(loaded.game.journal) == len(game.journal)


def test_a_force_of_thousands_of_results_saves_and_every_autosave_after_loads(tmp_path):
    """The designer's long `force` (the bug: refused as damaged, and every autosave after)."""
    game = new_game(DEFAULT_CONTENT, "duel", 1, designer=True)
    controller = Controller(game, saves_dir=tmp_path)
    long = "force " + ",".join(["7"] * 20_000)
    assert not controller.apply(long).refused
    outcome = controller.apply("end")
    assert outcome.autosaved and not outcome.autosave_error
    assert controller.apply("end").autosaved
    for path in tmp_path.glob("autosave-*.json"):
        assert saves.load_game(path).game.log[0] == long


def test_the_engine_refuses_a_force_above_what_a_save_reads():
    game = new_game(DEFAULT_CONTENT, "duel", 1, designer=True)
    events = game.apply("force " + ",".join(["50"] * (MAX_FORCED + 1)))
    assert isinstance(events[0], Refused)
    assert f"at most {MAX_FORCED}" in events[0].reason
    assert game.log == []
    # The most it takes is saved and read back.
    game.apply("force " + ",".join(["50"] * MAX_FORCED))
    assert len(game.log[0]) <= saves.MAX_COMMAND


def _files(folder: Path) -> dict:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_a_save_too_large_to_read_is_refused_before_writing(tmp_path, monkeypatch):
    game = new_game(DEFAULT_CONTENT, "duel", 1, designer=True)
    first = saves.save_game(game, "mine", tmp_path)
    assert saves.read_save(first)
    for _ in range(30):
        game.apply("force " + ",".join(["3"] * 200))
    before = _files(tmp_path)
    # The one limit the reader reads under is the one the writer checks against.
    monkeypatch.setattr(saves, "MAX_BYTES", first.stat().st_size + 1000)
    with pytest.raises(saves.SaveError) as caught:
        saves.save_game(game, "mine", tmp_path)
    message = str(caught.value)
    assert "cannot save mine.json" in message and "too large" in message
    assert "previous save" in message and "unchanged" in message
    assert _files(tmp_path) == before  # the old save as it was, no temporary file
    assert saves.read_save(first).log == []


def test_a_large_save_drops_its_indentation_rather_than_becoming_unreadable(tmp_path,
                                                                           monkeypatch):
    game = new_game(DEFAULT_CONTENT, "duel", 1, designer=True)
    for _ in range(10):
        game.apply("end")
    indented = saves.save_game(game, "big", tmp_path).stat().st_size
    compact = len(saves.msgspec.json.encode(saves.record_of(game, "big")))
    monkeypatch.setattr(saves, "MAX_BYTES", (indented + compact) // 2)
    path = saves.save_game(game, "big", tmp_path)
    assert path.stat().st_size <= saves.MAX_BYTES
    assert saves.load_game(path).game.log == game.log


def test_an_autosave_that_cannot_be_read_back_is_said_not_written(tmp_path, monkeypatch):
    game = new_game(DEFAULT_CONTENT, "duel", 1, designer=True)
    controller = Controller(game, saves_dir=tmp_path)
    monkeypatch.setattr(saves, "MAX_BYTES", 2000)
    outcome = controller.apply("end")
    assert outcome.turn_started
    assert outcome.autosaved is None
    assert "could not be read back" in outcome.autosave_error
    assert list(tmp_path.iterdir()) == []


# --- every verb, on the default scenario ----------------------------------------------

PEOPLE = ["aldric", "brenna", "corvin", "dagny", "elise", "fenwick", "goblin-1", "wolf-1"]
SPELLS = ["firebolt", "ice-storm", "focus", "hex", "mend", "circle-of-healing", "bless",
          "stone-skin", "weaken", "smite"]
ITEMS = ["pepper-bag", "smelling-salts", "strength-draught"]
DOORS = ["15,2", "7,3", "4,5", "19,5"]
square = st.tuples(st.integers(0, 23), st.integers(0, 11)).map(lambda p: f"{p[0]},{p[1]}")
target = st.one_of(st.sampled_from(PEOPLE + ["barrel", "crate", "door-7-3"]), square)
verb = st.one_of(
    st.tuples(st.sampled_from(PEOPLE), square).map(lambda a: f"move {a[0]} {a[1]}"),
    st.tuples(st.sampled_from(PEOPLE), target).map(lambda a: f"attack {a[0]} {a[1]}"),
    st.tuples(st.sampled_from(PEOPLE), st.sampled_from(SPELLS), target).map(
        lambda a: f"cast {a[0]} {a[1]} {a[2]}"),
    st.tuples(st.sampled_from(PEOPLE), st.sampled_from(ITEMS), target).map(
        lambda a: f"use {a[0]} {a[1]} {a[2]}"),
    st.tuples(st.sampled_from(["open", "close"]), st.sampled_from(PEOPLE),
              st.sampled_from(DOORS)).map(lambda a: f"{a[0]} {a[1]} {a[2]}"),
    st.tuples(st.sampled_from(PEOPLE), st.sampled_from(["weapon sword", "armour plate",
                                                         "spell mend", "item pepper-bag"])
              ).map(lambda a: f"give {a[0]} {a[1]}"),
    st.tuples(st.sampled_from(PEOPLE), square).map(lambda a: f"place {a[0]} {a[1]}"),
    st.sampled_from(PEOPLE).map(lambda u: f"remove {u}"),
    st.sampled_from(["goblin-1", "wolf-1"]).flatmap(
        lambda c: st.sampled_from([f"hold {c}", f"release {c}"])),
    force, st.just("end"), st.just("end"), st.just("end"),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(commands=st.lists(verb, max_size=30))
def test_every_verb_the_engine_logs_saves_reads_back_and_replays(tmp_path_factory, commands):
    game = new_game(DEFAULT_CONTENT, "crossroads", 5, designer=True)
    for text in commands:
        game.apply(text)
    path = saves.save_game(game, "verbs", tmp_path_factory.mktemp("verbs"))
    loaded = saves.load_game(path)
    assert loaded.game.log == game.log
    assert saves.plain(loaded.game.snapshot()) == saves.plain(game.snapshot())


def test_an_autosave_failing_in_an_unforeseen_way_is_said_and_play_goes_on(tmp_path,
                                                                           monkeypatch):
    game = new_game(DEFAULT_CONTENT, "duel", 1)
    controller = Controller(game, saves_dir=tmp_path)

    def broken(*args, **kwargs):
        raise ValueError("something no one foresaw")

    monkeypatch.setattr(saves, "record_of", broken)
    outcome = controller.apply("end")
    assert outcome.turn_started and controller.game.current == 2
    assert outcome.autosave_error == "ValueError: something no one foresaw"


async def test_a_failed_autosave_is_written_in_the_journal_not_only_in_a_notice(tmp_path,
                                                                                 monkeypatch):
    from game.ui.app import EscarmoucheApp
    from tests.helpers import APP_SIZE, journal_text

    monkeypatch.setattr(saves, "MAX_BYTES", 2000)
    app = EscarmoucheApp(new_game(DEFAULT_CONTENT, "duel", 1), saves_dir=tmp_path)
    async with app.run_test(size=APP_SIZE) as pilot:
        await pilot.press("e", "y")
        await pilot.pause()
        assert "✗ autosave failed: cannot save autosave-" in journal_text(app)
        assert "could not be read back (too large" in journal_text(app)


def test_rolls_forced_from_the_command_line_are_bounded_like_a_force(capsys, tmp_path):
    from game.cli import main

    script = tmp_path / "s.txt"
    script.write_text("end\n")
    rolls = ",".join(["5"] * (MAX_FORCED + 1))
    assert main(["script", "duel", str(script), "--rolls", rolls]) == 2
    assert f"--rolls takes at most {MAX_FORCED:,} results" in capsys.readouterr().err
    rolls = ",".join(["5"] * MAX_FORCED)
    assert main(["script", "duel", str(script), "--rolls", rolls, "--save", "most",
                 "--saves-dir", str(tmp_path)]) == 0
    assert saves.load_game(tmp_path / "most.json").game.roller.forced
