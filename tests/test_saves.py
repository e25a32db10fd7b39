"""Saves, loads, replays, autosaves and undo."""

import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cli import main
from game.commands.common import new_game
from game.content.loader import DEFAULT_CONTENT
from game.journal.text import describe, namer
from game.rules.events import Refused
from game.rules.errors import Impossible
from game.rules.history import outcomes, replay, undo
from game.saves import (
    SaveError, autosave, latest_autosave, load_game, plain, read_save, save_game, save_path,
)
from tests.helpers import random_command

DEMO = "content/scripts/skirmish-demo.txt"


def played(seed=0, commands=()):
    game = new_game(DEFAULT_CONTENT, "crossroads", seed, designer=True)
    for text in commands:
        game.apply(text)
    return game


def demo_commands():
    return [line.split("#")[0].strip() for line in Path(DEMO).read_text().splitlines()
            if line.split("#")[0].strip()]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 1000), commands=st.lists(random_command, max_size=30),
       ends=st.integers(0, 3))
def test_save_then_load_gives_the_same_game(tmp_path, seed, commands, ends):
    game = played(seed, commands + ["end"] * ends)
    path = save_game(game, "random", tmp_path)
    loaded = load_game(path)
    assert not loaded.content_changed
    assert plain(loaded.game.snapshot()) == plain(game.snapshot())
    assert loaded.game.log == game.log
    assert loaded.game.journal == game.journal
    # and the replay of the saved log is identical, command by command
    again = replay(loaded.game.content, loaded.game.scenario, seed, game.log, designer=True,
                   policies=loaded.game.policies)
    assert outcomes(again.journal) == outcomes(game.journal)


def test_the_save_file_is_readable_and_versioned(tmp_path):
    path = save_game(played(3, demo_commands()), "demo", tmp_path)
    data = json.loads(path.read_text())
    assert data["format"] == "escarmouche-save" and data["version"] == 6
    assert data["scenario"] == "crossroads" and data["seed"] == 3
    assert data["log"][:2] == ["move aldric 4,6", "close aldric 4,5"]
    assert {"state", "journal", "content_hash", "players", "round"} <= set(data)


def test_replay_command_reports_identical_or_the_first_difference(tmp_path, capsys):
    assert main(["script", "crossroads", DEMO, "--save", "demo", "--saves-dir",
                 str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["replay", "demo", "--saves-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out == ("identical: 22 commands replay to the same journal "
                                       "and state\n")
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    chars = content / "characters.yaml"
    chars.write_text(chars.read_text().replace("masteries: {sword: 10,", "masteries: {sword: 20,"))
    assert main(["replay", "demo", "--saves-dir", str(tmp_path), "--content", str(content)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("differs at command 14: attack aldric dagny with sword\nold:\n")
    assert "30 (forced) ≤ 65 hit" in out and "30 (forced) ≤ 75 hit" in out


def test_replay_of_a_hand_edited_state_says_it_differs(tmp_path, capsys):
    main(["script", "crossroads", DEMO, "--save", "demo", "--saves-dir", str(tmp_path)])
    path = tmp_path / "demo.json"
    data = json.loads(path.read_text())
    data["state"]["units"]["aldric"]["hp"] = 1
    path.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", "demo", "--saves-dir", str(tmp_path)]) == 1
    assert capsys.readouterr().out == (
        "differs: the 22 commands replay to the same journal, but the saved state is not "
        "the one they give (the file was edited?): units (aldric)\n")
    with pytest.raises(SaveError, match="its log does not give its saved state"):
        load_game(path)


def test_changed_content_keeps_the_saved_state_or_replays(tmp_path):
    game = played(1, demo_commands())
    path = save_game(game, "demo", tmp_path)
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    rules = content / "rules.yaml"
    rules.write_text(rules.read_text().replace("hit: 3", "hit: 4"))
    kept = load_game(path, content, mode="saved")
    assert kept.content_changed
    assert plain(kept.game.snapshot()) == plain(game.snapshot())
    replayed = load_game(path, content, mode="replay")
    assert replayed.game.units["brenna"].xp > game.units["brenna"].xp  # hits pay 4 now


@pytest.mark.parametrize("writer,message", [
    (lambda p, good: p.write_text(good[: len(good) // 2]), "is truncated"),
    (lambda p, good: p.write_text("{]]"), "is garbled"),
    (lambda p, good: p.write_text(good.replace('"version":6', '"version":99')),
     "has format version 99; this game reads versions 1, 2, 3, 4, 5, 6"),
    (lambda p, good: p.write_text(good.replace('"scenario":"crossroads"',
                                               '"scenario":"atlantis"')),
     "was played on scenario 'atlantis', which is not in the content"),
    (lambda p, good: p.write_text('{"hello": 1}'), "is not an Escarmouche save"),
    (lambda p, good: p.write_bytes(b" " * 20_000_001), "is too large"),
])
def test_bad_saves_are_refused_with_a_clear_message(tmp_path, writer, message, capsys):
    good = save_game(played(2, ["move aldric 4,6"]), "good", tmp_path).read_text()
    good = good.replace(": ", ":").replace("\n", "").replace(" ", "")
    writer(tmp_path / "bad.json", good)
    with pytest.raises(SaveError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_game(tmp_path / "bad.json")
    assert main(["load", "bad", "--saves-dir", str(tmp_path)]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("name", ["a/b", "../x", "/etc/passwd", "..", "", "x" * 80,
                                  "ok-name\n", "\nok", "-dash", " space"])
def test_bad_save_names_are_refused(tmp_path, name):
    with pytest.raises(SaveError, match="bad save name|a save needs a name"):
        save_game(played(), name, tmp_path)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["é", "Élise-manche-3", "résumé.v2", "戦い 2", "٤"])
def test_a_save_named_with_letters_of_any_language_saves_and_loads_back(tmp_path, capsys,
                                                                        name):
    # Before, `save é` was refused as if é were no letter.
    game = played(1, ["move aldric 4,6"])
    path = save_game(game, name, tmp_path)
    assert path == tmp_path / f"{name}.json"
    loaded = load_game(save_path(name, tmp_path))
    assert loaded.record.name == name and loaded.game.snapshot() == game.snapshot()
    assert main(["replay", name, "--saves-dir", str(tmp_path)]) == 0, capsys.readouterr().err


def test_a_save_name_is_one_name_however_its_accents_are_typed(tmp_path):
    composed, decomposed = "\u00e9t\u00e9", "e\u0301te\u0301"
    save_game(played(), decomposed, tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == [f"{composed}.json"]
    assert load_game(save_path(decomposed, tmp_path)).record.name == composed


@pytest.mark.parametrize("name", ["a€b", "x\u0301", "中" * 65, "𠀀" * 64])
def test_a_save_name_of_no_letter_or_too_long_for_a_file_is_refused(tmp_path, name):
    with pytest.raises(SaveError, match="bad save name"):
        save_game(played(), name, tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_a_save_interrupted_mid_write_leaves_the_old_one_intact(tmp_path, monkeypatch):
    path = save_game(played(1, ["move aldric 4,6"]), "slot", tmp_path)
    before = path.read_bytes()

    def crash(fd):
        raise OSError("disk unplugged")

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(SaveError, match="cannot write .*slot.json: disk unplugged; the "
                                        "previous save, if any, is unchanged"):
        save_game(played(1, ["move aldric 5,6"]), "slot", tmp_path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["slot.json"]  # no temporary file left


def test_autosave_keeps_the_last_ten(tmp_path):
    game = played()
    paths = [autosave(game, tmp_path) for _ in range(12)]
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert kept == sorted(p.name for p in paths[-10:])
    assert latest_autosave(tmp_path) == paths[-1]


def test_save_path_refuses_folders():
    with pytest.raises(SaveError):
        save_path("../../etc/passwd")


def test_undo_restores_ap_and_position():
    game = played(0, ["move aldric 4,6", "close aldric 4,5", "open aldric 4,5"])
    game = undo(game)
    assert game.doors[(4, 5)].state == "closed" and game.units["aldric"].ap == 8
    game = undo(undo(game))
    assert game.units["aldric"].pos == (3, 7) and game.units["aldric"].ap == 10
    with pytest.raises(Impossible, match="there is nothing to undo"):
        undo(game)


def test_undo_reaches_back_to_the_last_roll_and_not_across_turns():
    game = played(0, ["move aldric 9,4", "force 99", "attack aldric goblin-1 with sword",
                      "move brenna 3,8", "move brenna 4,8"])
    # Every command after the last die can be taken back, one at a time...
    game = undo(undo(game))
    assert game.units["brenna"].pos == played(0).units["brenna"].pos
    assert game.log[-1] == "attack aldric goblin-1 with sword"
    # ...the rolls before them the same (the dice streams), and the one that rolled stays.
    assert game.snapshot() == played(0, game.log).snapshot()
    with pytest.raises(Impossible) as caught:
        undo(game)
    assert caught.value.reason == ("cannot undo: 'attack aldric goblin-1 with sword' rolled "
                                   "dice (attack roll of 99 by Aldric): what is rolled stays "
                                   "rolled")
    game = played(0, ["move aldric 4,6", "end"])
    with pytest.raises(Impossible, match="cannot undo: 'end' handed the turn over"):
        undo(game)


def test_a_damage_roll_without_a_d100_is_a_roll_too():
    from game.rules.dice import DiceRoll
    from game.rules.events import Healed
    from game.rules.history import rolled

    die = DiceRoll("potion", "1d6", (4,), 4)
    assert rolled([Healed("potion", "aldric", (die,), 4, 10, 14)])
    assert not rolled([Healed("potion", "aldric", (), 4, 10, 14)])
    assert rolled([]) is False


def test_script_save_then_play_load(tmp_path, capsys):
    assert main(["script", "crossroads", DEMO, "--save", "setup", "--saves-dir",
                 str(tmp_path)]) == 0
    record = read_save(tmp_path / "setup.json")
    assert record.round == 3 and len(record.log) == 22


def test_export_markdown_and_json(tmp_path, capsys):
    main(["script", "crossroads", DEMO, "--save", "demo", "--saves-dir", str(tmp_path)])
    capsys.readouterr()
    assert main(["export", "demo", "--saves-dir", str(tmp_path)]) == 0
    md = capsys.readouterr().out
    assert md.startswith("# The Ruined Crossroads\n")
    assert "## Round 1: Alice's turn (player 1)" in md
    assert "- `attack brenna wolf-1 with shortbow`" in md
    out = tmp_path / "journal.jsonl"
    assert main(["export", "demo", "--format", "json", "--out", str(out),
                 "--saves-dir", str(tmp_path)]) == 0
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert lines[0]["type"] == "turn" and any(line["type"] == "roll" for line in lines)


def test_a_save_decodes_its_state_as_the_engine_declares_it(tmp_path):
    # One declaration (Unit, Door, Thing, with their bounds): a field added to the
    # engine's state is saved and read back without a second schema to keep in step.
    from game.rules.board import Door, DoorState, Thing
    from game.rules.units import Unit
    from game.saves import save_game, saved_state

    game = new_game(DEFAULT_CONTENT, "crossroads", 1)
    game.apply("move aldric 4,7")
    state = saved_state(read_save(save_game(game, "one", tmp_path)).state)
    assert all(type(unit) is Unit for unit in state.units.values())
    assert state.units == game.units and state.units["aldric"].pos == (4, 7)
    assert all(type(door) is Door for door in state.doors.values())
    assert state.doors == {d.id: d for d in game.doors.values()}
    assert all(door.state in DoorState for door in state.doors.values())
    assert all(type(thing) is Thing for thing in state.things.values())
    assert state.things == game.things


def test_a_designer_save_with_spawned_and_removed_units_loads(tmp_path, capsys):
    script = tmp_path / "setup.txt"
    script.write_text("spawn goblin goblin-9 9,9\nremove wolf-1\nplace aldric 10,9\n")
    assert main(["script", "crossroads", str(script), "--save", "setup", "--saves-dir",
                 str(tmp_path)]) == 0
    loaded = load_game(tmp_path / "setup.json")
    assert loaded.game.designer and loaded.game.units["goblin-9"].pos == (9, 9)
    assert loaded.game.units["wolf-1"].down and loaded.game.units["aldric"].pos == (10, 9)
    assert main(["replay", "setup", "--saves-dir", str(tmp_path)]) == 0


def _as_written_before_sources(data):
    """A save's JSON as the game wrote it before terms named their rules and sources (and
    before terms and dice were data, version 5): no rule/source fields, term details in
    prose with the units by name, dice by the name of their weapon or spell, no
    `designer_set` nor effect `origin`."""
    from tests.helpers import CONTENT

    names = {uid: unit["name"] for uid, unit in data["state"]["units"].items()}
    armours = {aid: armour.name for aid, armour in CONTENT.armours.items()}
    dice = {**{wid: w.name for wid, w in CONTENT.weapons.items()},
            **{sid: s.name for sid, s in CONTENT.spells.items()}}

    def faction(t):
        if not t.get("detail"):
            return "no faction"
        allies = ", ".join(names[u] for u in t.get("units", ()))
        return f"{t['detail']}: {allies or 'no ally'}"

    prose = {"faction": faction,
             "crowding": lambda t: ", ".join(f"{names[u]} at {d}" for u, d in zip(
                 t["units"], t["squares"])) if t.get("units") else "no ally in sight",
             "distance": lambda t: f"{t['number']} square" + "s" * (t["number"] != 1),
             "difficulty": lambda t: "counter-magic",
             "stat_bonus": lambda t: f"{t['detail']} {t['number']}",
             "luck": lambda t: f"{t['detail']} {t['number']}",
             "defence": lambda t: {"door": "door DEF {}", "base": "base defence {}"}.get(
                 t["detail"], t["detail"] + " {}").format(t["number"]),
             "armour": lambda t: armours[t["detail"]],
             "legendary": lambda t: armours[t["detail"]]}

    def old_terms(terms):
        return [{"name": t["name"], "value": t["value"],
                 "detail": prose.get(t["name"], lambda t: t.get("detail", ""))(t)}
                for t in terms]

    def old_die(die):
        label = die["label"]
        if label == "bonus":
            label = f"bonus {'+'.join(die['stats'])} {die['number']}"
        return {"label": dice.get(label, label), "expr": die["expr"], "faces": die["faces"],
                "total": die["total"]}

    data["version"] = 4
    for event in data["journal"]:
        for key in ("rule", "cap_source", "perfect_below", "perfect_rule", "perfect_source"):
            event.pop(key, None)
        if event["type"] == "xp":
            event.pop("source", None)
        if event["type"] in ("xp", "edit"):  # worded from message ids since
            event.pop("message", None), event.pop("fields", None)
        for key in ("terms", "reduction_terms"):
            if key in event:
                event[key] = old_terms(event[key])
        if "dice" in event:
            event["dice"] = [old_die(d) for d in event["dice"]]
    for unit in data["state"]["units"].values():
        unit.pop("designer_set", None)
        for effect in unit["effects"]:
            effect.pop("origin", None)
    return data


def test_a_save_written_before_rules_and_sources_replays_identical_and_loads(tmp_path, capsys):
    # The demo has faction, crowding and distance terms; a buff is still on at the end.
    script = tmp_path / "script.txt"
    script.write_text(Path(DEMO).read_text() + "\nforce 1\ncast corvin focus corvin\n"
                      "place goblin-2 12,2\n")
    assert main(["script", "crossroads", str(script), "--save", "old", "--saves-dir",
                 str(tmp_path)]) == 0
    path = tmp_path / "old.json"
    data = _as_written_before_sources(json.loads(path.read_text()))
    assert any(u["effects"] for u in data["state"]["units"].values())
    assert any(" at " in t["detail"] for e in data["journal"] for t in e.get("terms", [])
               if t["name"] == "crowding")
    path.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", "old", "--saves-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.startswith("identical: 25 commands replay")
    loaded = load_game(path)
    # The old journal reads as a new one: its details are data, its units ids.
    crowding = [t for e in loaded.game.journal for t in getattr(e, "terms", ())
                if t.name == "crowding" and t.units]
    assert crowding and all(not t.detail and set(t.units) <= set(loaded.game.units)
                            and len(t.squares) == len(t.units) for t in crowding)
    # and it reads as the same game played today does (the refusals are not in the log).
    fresh = replay(loaded.game.content, loaded.game.scenario, loaded.record.seed,
                   loaded.record.log, "crossroads", True, loaded.record.dice,
                   loaded.game.policies)
    name = namer(fresh)
    assert [describe(e, name) for e in loaded.game.journal if not isinstance(e, Refused)] \
        == [describe(e, name) for e in fresh.journal]


def test_an_older_units_state_is_put_back_with_its_defaults():
    # Saves made before designer_set, effect origins, or with a statistic the engine no
    # longer keeps: decoded as the one Unit declaration, the missing fields take their
    # defaults and the statistic is left out.
    from game.rules.state import restore_state

    game = new_game(DEFAULT_CONTENT, "crossroads", 1)
    game.apply("move aldric 4,7")
    state = plain(game.snapshot())
    unit = state["units"]["aldric"]
    unit.pop("designer_set")
    unit["stats"]["rounds_survived"] = 3
    unit["effects"] = [{"source": "bless", "stat": "melee", "amount": 10, "turns": 2}]
    fresh = new_game(DEFAULT_CONTENT, "crossroads", 1)
    restore_state(fresh, state)
    aldric = fresh.units["aldric"]
    assert aldric.pos == (4, 7) and aldric.designer_set == ()
    assert aldric.effects[0].origin == () and aldric.effects[0].amount == 10
    assert aldric.stats == game.units["aldric"].stats
    assert aldric.quips == game.units["aldric"].quips
