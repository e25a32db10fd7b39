"""Hostile content: each file refused by `validate` with `file:line:col: message` and exit 2,
never a traceback, a hang or unbounded memory; and what `validate` accepts, play handles."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import jsonschema
import pytest
import yaml

from game.cli import main
from game.commands.common import new_game
from game.commands.script import read_script
from game.content.loader import DEFAULT_CONTENT
from game.saves import load_game, save_game
from tests.helpers import FIXTURE_CONTENT
from tests.helpers_hostile import (
    REPLACEMENTS, content_files, content_mutations, snapshot, write_mutation,
)


@pytest.fixture
def content(tmp_path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(FIXTURE_CONTENT, target)  # its errors' places do not move
    return target


def refused(capsys, content: Path, *expected: str) -> list[str]:
    """`validate` exits 2, prints each expected error (a line of stderr starts with it),
    and leaves the content folder as it was."""
    before = snapshot(content)
    capsys.readouterr()
    assert main(["validate", "--content", str(content)]) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert captured.out == "" and lines[-1].endswith(("content error", "content errors"))
    for message in expected:
        assert any(line.startswith(message) for line in lines), (message, lines)
    assert snapshot(content) == before
    return lines


def append(path: Path, text: str) -> int:
    """Add `text` at the end of the file; return the line it starts on."""
    before = path.read_text(encoding="utf-8")
    path.write_text(before + text, encoding="utf-8")
    return len(before.splitlines()) + 1


def replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (old, path)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


LAUGHS = "lol0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"lol{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 10))


def test_a_billion_laughs_is_refused_at_its_place(content, capsys):
    append(content / "factions.yaml", LAUGHS)
    lines = refused(capsys, content, "content/factions.yaml:")
    assert "aliases expand to more than 50,000" in lines[0] and len(lines) == 2


def test_an_alias_inside_itself_is_refused(content, capsys):
    line = append(content / "factions.yaml", "loop: &l [*l]\n")
    refused(capsys, content, f"content/factions.yaml:{line}:7: an alias refers to the value "
                             "that contains it (a loop)")


@pytest.mark.parametrize("text,where,message", [
    ("deep: " + "[" * 100 + "]" * 100 + "\n", 0, ":38: nested more than 32 levels deep"),
    ("deep: " + "[" * 5000 + "]" * 5000 + "\n", 0, ":1006: invalid YAML: while increasing "
                                                  "flow level exceeded maximum nesting depth"),
    ("".join("  " * i + f"k{i}:\n" for i in range(60)) + "  " * 60 + "x\n", 32,
     ":65: nested more than 32 levels deep"),
], ids=["flow 100", "flow 5000", "block 60"])
def test_deep_nesting_is_refused(content, capsys, text, where, message):
    line = append(content / "factions.yaml", text)
    refused(capsys, content, f"content/factions.yaml:{line + where}{message}")


@pytest.mark.parametrize("file,old,new,message", [
    ("rules.yaml", "brawl_dice: 1d3", "brawl_dice: 9999999999d6",
     "content/rules.yaml:11:13: '9999999999d6': at most 20 dice, not 9999999999"),
    ("weapons.yaml", "dice: 1d10", "dice: 1d99999",
     "content/weapons.yaml:11:9: '1d99999': at most 100 sides, not 99999"),
    ("weapons.yaml", "dice: 1d10", "dice: 1d6+99999",
     "content/weapons.yaml:11:9: '1d6+99999': at most 100 as a modifier, not 99999"),
    ("characters.yaml", "hp_max: 12", "hp_max: " + "9" * 5000,
     "content/characters.yaml:34:11: cannot read this value: Exceeds the limit (4300 digits)"),
    ("characters.yaml", "hp_max: 12", "hp_max: 1000000000000",
     "content/characters.yaml:34:11: corvin.hp_max: expected `int` <= 1000"),
    ("characters.yaml", "name: Aldric", "name: \"Al\\x1b[2Jdric\"",
     "content/characters.yaml:4:9: aldric.name: expected plain text (no control, line-break or direction characters)"),
    ("scenarios/crossroads.yaml", "colour: blue", "colour: notacolour",
     "content/scenarios/crossroads.yaml:27:27: 'notacolour' is not a colour"),
    ("scenarios/crossroads.yaml", "colour: red", "colour: \"\"",
     "content/scenarios/crossroads.yaml:28:27: '' is not a colour"),
    ("scenarios/crossroads.yaml", "colour: red", "colour: \"red on blue\"",
     "content/scenarios/crossroads.yaml:28:27: 'red on blue' is not a colour"),
    ("characters.yaml", "glyph: A", "glyph: \"語\"",
     "content/characters.yaml:5:10: glyph '語' is not one printable, single-width character"),
    ("characters.yaml", "glyph: A", "glyph: \"\\u0301\"",
     "content/characters.yaml:5:10: glyph '\u0301' is not one printable"),
    ("characters.yaml", "glyph: A", "glyph: \"\\t\"",
     "content/characters.yaml:5:10: glyph '\\t' is not one printable"),
    ("characters.yaml", "glyph: A", "glyph: \" \"",
     "content/characters.yaml:5:10: glyph ' ' is not one printable"),
    ("spells.yaml", "range: [3, 4, 5]", "range: [" + ", ".join(["3"] * 200) + "]",
     "content/spells.yaml:"),
])
def test_out_of_range_values_are_refused(content, capsys, file, old, new, message):
    replace(content / file, old, new)
    refused(capsys, content, message)


def test_an_empty_damage_bonus_table_is_refused(content, capsys):
    text = (content / "rules.yaml").read_text()
    start = text.index("damage_bonus:")
    end = text.index("\n\n", start)
    (content / "rules.yaml").write_text(text[:start] + "damage_bonus: []" + text[end:])
    lines = refused(capsys, content, "content/rules.yaml:")
    assert lines[0].endswith("damage_bonus: expected `array` of length >= 1")


def test_rules_that_are_a_list_are_refused(content, capsys):
    (content / "rules.yaml").write_text("- 1\n- 2\n")
    refused(capsys, content, "content/rules.yaml:1:1: expected a mapping of settings")


def test_a_map_too_large_is_one_error(content, capsys):
    scenario = content / "scenarios" / "crossroads.yaml"
    replace(scenario, "  ########################\n", "  " + "#" * 300 + "\n")
    lines = refused(capsys, content, "content/scenarios/crossroads.yaml:")
    assert any("the map is 300x12 squares; at most 200x200" in line for line in lines)


def test_unknown_map_symbols_are_counted_after_twenty(content, capsys):
    scenario = content / "scenarios" / "crossroads.yaml"
    replace(scenario, "  #......................#\n", "  #XXXXXXXXXXXXXXXXXXXXXX#\n")
    replace(scenario, "  #..........##..........#\n", "  #XXXXXXXXXX##XXXXXXXXXX#\n")
    lines = refused(capsys, content)
    assert sum("unknown map symbol 'X'" in line for line in lines) == 20
    assert any("22 more unknown map symbols" in line for line in lines)


@pytest.mark.parametrize("make", ["fifo", "zero", "folder"])
@pytest.mark.parametrize("file", ["weapons.yaml", "characters.yaml", "armours.yaml", "rules.yaml",
                                  "scenarios/crossroads.yaml"])
def test_only_regular_files_are_read_as_content(content, capsys, make, file):
    path = content / file
    path.unlink()
    if make == "fifo":
        os.mkfifo(path)
    elif make == "zero":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()
    reason = "it is a folder, not a file" if make == "folder" else \
        "it is not a regular file (a device, pipe or socket)"
    lines = refused(capsys, content, f"content/{file}:1:1: cannot read: {reason}")
    assert len(lines) == 2  # references into the unread file are not each reported


def test_a_commands_file_that_is_not_a_regular_file_is_refused(tmp_path, capsys):
    fifo = tmp_path / "commands.txt"
    os.mkfifo(fifo)
    assert main(["script", "crossroads", str(fifo)]) == 2
    assert capsys.readouterr().err == (f"escarmouche: cannot read commands file {fifo}: it is "
                                       "not a regular file (a device, pipe or socket)\n")


SCRIPTS = [command for path in sorted((DEFAULT_CONTENT / "scripts").glob("*.txt"))
           for _, command in read_script(path)]


def test_mutated_content_is_refused_or_played(tmp_path, capsys):
    # A seeded sample of one-value mutations of every shipped file, each checked first
    # against the file's JSON Schema (schemas/, generated from the loader's templates): a
    # value the schema refuses is refused by `validate` (exit 2), an error naming the
    # mutated file at a line and column; a value it accepts is played (exit 0) unless
    # it breaks a rule no schema says (a unit on a wall, a map too large, an owner who is
    # not a player: refused the same way). What is accepted plays the demo scripts and
    # whole rounds, saves and loads.
    target = tmp_path / "content"
    seen = {"schema refuses": 0, "rule refuses": 0, "accepted": 0}
    sample = content_mutations(seed=15, count=100)
    # Every shipped file and every hostile value is in the sample (100 of them hold all).
    assert {rel for rel, _, _ in sample} == set(content_files())
    assert {repr(new) for _, _, new in sample} == {repr(r) for r in REPLACEMENTS}
    for rel, path, new in sample:
        write_mutation(target, rel, path, new)
        schema = SCHEMAS["scenario" if rel.parts[0] == "scenarios" else rel.stem]
        fits = schema.is_valid(yaml.load((target / rel).read_text(encoding="utf-8"),
                                         Loader=yaml.CSafeLoader))
        code = main(["validate", "--content", str(target)])
        out, err = capsys.readouterr()
        case = (rel, path, new)
        if code == 2:
            lines = err.splitlines()
            assert out == "" and lines[-1].endswith(("content error", "content errors")), case
            renamed = bool(path) and isinstance(path[-1], tuple) and path[-1][0] == "key"
            if renamed:
                # A renamed entry: the first error is where it was, or what still names it.
                old = re.escape(repr(path[-1][1]))
                assert re.match(rf"content/({re.escape(rel.as_posix())}:\d+:\d+: |"
                                rf"[\w/.-]+:\d+:\d+: .*{old})", lines[0]), (case, lines[0])
                seen["rule refuses" if fits else "schema refuses"] += 1
                continue
            # Errors are sorted by file: a mutated weapon family is also reported where a
            # character's mastery names the family it lost (characters.yaml, first).
            assert any(re.match(rf"content/{re.escape(rel.as_posix())}:\d+:\d+: ", line)
                       for line in lines[:-1]), (case, lines)
            seen["rule refuses" if fits else "schema refuses"] += 1
            continue
        assert (code, fits) == (0, True), case
        assert out.startswith("content OK: ") and err == "", case
        seen["accepted"] += 1
        game = new_game(target, "crossroads", 3)
        for command in SCRIPTS + ["end"] * 6:
            game.apply(command)
        saved = save_game(game, "mutant", tmp_path / "saves")
        assert load_game(saved, target).game.log == game.log
    assert all(seen.values()), seen  # the sample holds each kind


SCHEMAS = {path.name.removesuffix(".schema.json"): jsonschema.Draft202012Validator(
    json.loads(path.read_text(encoding="utf-8")))
    for path in (DEFAULT_CONTENT.parent / "schemas").glob("*.schema.json")}
