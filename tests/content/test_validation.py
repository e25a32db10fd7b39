"""Content validation: every error listed with file:line:col, exit code 2, no traceback."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.content.loader import READ_FILES, load_content, validate_all
from game.content.schema import CONTENT_FILES
from game.content.yamlmarks import ContentErrors
from tests.helpers import FIXTURE_CONTENT, edit


@pytest.fixture
def content_dir(tmp_path) -> Path:
    """The tests' frozen content: the places its errors name do not move."""
    target = tmp_path / "content"
    shutil.copytree(FIXTURE_CONTENT, target)
    return target


def errors_of(root: Path) -> list[str]:
    return [str(e) for e in validate_all(root)[2]]


def test_shipped_content_is_valid(capsys):
    assert main(["validate"]) == 0
    assert capsys.readouterr().out.startswith("content OK: 15 weapons, 6 armours, 12 spells, 3 items")


def test_a_yaml_file_the_game_does_not_read_is_noticed(content_dir, capsys):
    """A copy left in the folder (`items2.yaml`): its entries would be ignored without a
    word; the shipped folder has none."""
    assert main(["validate", "--content", str(content_dir)]) == 0
    assert "not a content file" not in capsys.readouterr().out
    shutil.copy(content_dir / "items.yaml", content_dir / "items2.yaml")
    assert main(["validate", "--content", str(content_dir)]) == 0
    assert "notice: items2.yaml is not a content file the game reads (it reads rules.yaml, " \
        "factions.yaml, " in capsys.readouterr().out
    # Said too when the content has errors (an item moved there and named elsewhere).
    edit(content_dir / "characters.yaml", "  weapons: [sword]", "  weapons: [sword]\n"
         "  items: [ghost-item]")
    assert main(["validate", "--content", str(content_dir)]) == 2
    err = capsys.readouterr().err
    assert "notice: items2.yaml is not a content file" in err and "'ghost-item'" in err


def test_the_files_the_loader_reads_are_those_the_schemas_describe():
    assert set(READ_FILES) == {file for file, _type in CONTENT_FILES.values()
                               if not file.startswith("scenarios/")}


def test_every_error_is_listed_with_its_place(content_dir):
    edit(content_dir / "weapons.yaml", "  ap_cost: 4\n  family: sword\naxe:",
         "  ap_cost: four\n  family: sword\naxe:")
    edit(content_dir / "weapons.yaml", "  dice: 1d10\n", "  dice: 1d10\n  dise: 3\n")
    edit(content_dir / "characters.yaml", "faction: order\n  quips:\n    hit: [\"Clean",
         "faction: wyld\n  quips:\n    hit: [\"Clean")
    edit(content_dir / "characters.yaml", "stats: {STR: 17,", "stats: {STR: 99,")
    assert errors_of(content_dir) == [
        "content/characters.yaml:26:12: unknown faction 'wyld' (did you mean 'wild'?)",
        "content/characters.yaml:45:16: dagny.stats.STR: expected `int` <= 40",
        "content/weapons.yaml:6:12: sword.ap_cost: expected `int`, got `str`",
        "content/weapons.yaml:12:3: axe: unknown field 'dise' (did you mean 'dice'?)",
    ]


def test_duplicate_keys_and_unsafe_tags_are_refused(content_dir):
    with (content_dir / "armours.yaml").open("a") as f:
        f.write("leather:\n  name: again\n  reduction: 1\n")
    edit(content_dir / "characters.yaml", "hp_max: 12\n", "hp_max: !!python/object:os.system 12\n")
    errors = errors_of(content_dir)
    assert "content/armours.yaml:22:1: duplicate key 'leather' (first at line 2)" in errors
    assert "content/characters.yaml:34:11: unsafe or unknown YAML tag " \
           "'!!python/object:os.system'" in errors


def test_unknown_references_and_bad_spells(content_dir):
    edit(content_dir / "characters.yaml", "weapons: [sword]", "weapons: [swrod]")
    edit(content_dir / "characters.yaml", "armour: hide\n", "armour: wyrmscale\n")
    edit(content_dir / "spells.yaml", "  dice: 1d8+1\n", "")
    edit(content_dir / "spells.yaml", "stat: melee, amount: 10", "stat: mele, amount: 10")
    edit(content_dir / "spells.yaml", "range: [3, 4, 5]", "range: []")
    errors = errors_of(content_dir)
    assert "content/characters.yaml:10:13: unknown weapon 'swrod' (did you mean 'sword'?)" \
        in errors
    assert "content/characters.yaml:50:11: 'wyrmscale' is legendary; put it under " \
           "legendary_armour" in errors
    assert "content/spells.yaml:22:3: mend: a heal spell needs dice" in errors
    assert "content/spells.yaml:41:18: unknown stat 'mele' (did you mean 'melee'?)" in errors
    assert any(e.startswith("content/spells.yaml:68:10: hex.range: expected `array` of "
                            "length >= 1") for e in errors)


def test_scenario_errors_overlaps_walls_symbols_templates(content_dir):
    scenario = content_dir / "scenarios" / "crossroads.yaml"
    edit(scenario, "at: [2, 9]}", "at: [3, 7]}")
    edit(scenario, "at: [3, 10]}", "at: [0, 0]}")
    edit(scenario, "  #......#.......#.......#\n  ####/", "  #......#....X..#.......#\n  ####/")
    edit(scenario, "template: wolf,", "template: wolff,")
    edit(scenario, "{name: Alice, colour: blue}", "{name: Alice, color: blue}")
    assert errors_of(content_dir) == [
        "content/scenarios/crossroads.yaml:27:19: players[0]: unknown field 'color' "
        "(did you mean 'colour'?)",
    ]
    edit(scenario, "{name: Alice, color: blue}", "{name: Alice, colour: blue}")
    assert errors_of(content_dir) == [
        "content/scenarios/crossroads.yaml:18:15: unknown map symbol 'X' ('#' wall, '.' "
        "floor, ' ' floor, '+' closed door, '/' open door)",
        "content/scenarios/crossroads.yaml:31:50: brenna overlaps aldric at 3,7",
        "content/scenarios/crossroads.yaml:32:50: corvin stands on a wall at 0,0",
        "content/scenarios/crossroads.yaml:39:28: unknown creature template 'wolff' "
        "(did you mean 'wolf'?)",
    ]


def test_invalid_yaml_and_missing_files(content_dir):
    (content_dir / "factions.yaml").unlink()
    (content_dir / "weapons.yaml").write_text("sword: [unclosed\n")
    errors = errors_of(content_dir)
    assert "content/factions.yaml:1:1: file not found" in errors
    assert any(e.startswith("content/weapons.yaml:2:1: invalid YAML") for e in errors)


def test_load_content_raises_with_all_errors(content_dir):
    edit(content_dir / "rules.yaml", "ap_max: 10", "ap_max: 0")
    edit(content_dir / "rules.yaml", "vision_radius: 6", "vision_radus: 6")
    with pytest.raises(ContentErrors) as caught:
        load_content(content_dir)
    assert [str(e) for e in caught.value.errors] == [
        "content/rules.yaml:6:9: ap_max: expected `int` >= 1",
        "content/rules.yaml:7:1: unknown field 'vision_radus' (did you mean 'vision_radius'?)"]


def test_validate_command_exits_2_without_traceback(content_dir):
    edit(content_dir / "weapons.yaml", "ap_cost: 4", "ap_cost: -1")
    result = subprocess.run([sys.executable, "-m", "game", "validate", "--content",
                             str(content_dir)], capture_output=True, text=True)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "content/weapons.yaml:6:12: sword.ap_cost: expected `int` >= 1" in result.stderr
    assert result.stderr.strip().endswith("1 content error")


def test_a_scenario_without_characters_is_refused(content_dir):
    scenario = content_dir / "scenarios" / "empty.yaml"
    scenario.write_text("name: Empty\nmap: |\n  ...\nplayers:\n  - {name: A, colour: red}\n"
                        "  - {name: B, colour: blue}\n")
    assert errors_of(content_dir) == [
        "content/scenarios/empty.yaml:1:1: a scenario needs at least one character "
        "(players play characters)"]


def test_every_error_of_one_entry_shows_in_one_run(content_dir):
    # A misspelt key once hid the same entry's bad dice and bad stat until the next run.
    edit(content_dir / "weapons.yaml", "  dice: 1d4\n  ap_cost: 3\n  family: dagger\n  on_hit: "
         "{stat: STR,", "  dice: 1d\n  ap_cots: 3\n  family: dagger\n  on_hit: {stat: STRR,")
    assert errors_of(content_dir) == [
        "content/weapons.yaml:90:9: not a dice expression: '1d' (expected e.g. 1d6, 2d6+2, "
        "-1d4)",
        "content/weapons.yaml:91:3: venom-dagger: unknown field 'ap_cots' (did you mean 'ap_cost'?)",
        "content/weapons.yaml:93:18: unknown stat 'STRR' (did you mean 'STR'?)",
    ]


def test_a_missing_field_names_its_entry(content_dir):
    edit(content_dir / "armours.yaml", "  name: chainmail\n", "")
    edit(content_dir / "scenarios" / "crossroads.yaml", "{id: brenna, template: brenna, owner: "
         "1, at: [2, 9]}", "{id: brenna, template: brenna, owner: 1}")
    assert errors_of(content_dir) == [
        "content/armours.yaml:6:3: chainmail: missing required field 'name'",
        "content/scenarios/crossroads.yaml:31:5: characters[1]: missing required field 'at'",
    ]


BROKEN = [
    "content/scenarios/crossroads.yaml:39:28: unknown creature template 'wolff' (did you "
    "mean 'wolf'?)",
    "content/weapons.yaml:6:12: sword.ap_cost: expected `int` >= 1",
    "content/weapons.yaml:7:3: sword: unknown field 'familly' (did you mean 'family'?)",
]


def break_content(root: Path) -> None:
    edit(root / "weapons.yaml", "  ap_cost: 4\n  family: sword\n",
         "  ap_cost: 0\n  familly: sword\n")
    edit(root / "scenarios" / "crossroads.yaml", "template: wolf,", "template: wolff,")


@pytest.mark.parametrize("command", [
    ["validate"],
    ["script", "crossroads", "COMMANDS"],
    ["simulate", "crossroads", "--games", "1", "--workers", "1"],
    ["odds", "crossroads", "aldric", "wolf"],
])
def test_the_commands_that_play_list_the_errors_validate_lists(content_dir, tmp_path, command,
                                                             capsys):
    # In this process (`python -m game` itself, its exit code and stderr, is the test above):
    # an exception escaping `main` fails the test as a traceback would.
    break_content(content_dir)
    commands = tmp_path / "commands.txt"
    commands.write_text("end\n")
    args = [str(commands) if a == "COMMANDS" else a for a in command]
    assert main([*args, "--content", str(content_dir)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [*BROKEN, "3 content errors"]


def test_jsonschema_is_imported_only_for_content_with_errors(content_dir):
    probe = ("import sys; from game.content.loader import validate_all; "
             "errors = validate_all(sys.argv[1])[2]; "
             "print(len(errors), 'jsonschema' in sys.modules)")
    def run() -> str:
        return subprocess.run([sys.executable, "-c", probe, str(content_dir)],
                              capture_output=True, text=True, check=True).stdout.split()
    assert run() == ["0", "False"]
    break_content(content_dir)
    assert run() == ["3", "True"]
