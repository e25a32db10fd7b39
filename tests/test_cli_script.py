"""The headless runner: text and JSON journals, refusals, --strict, determinism."""

import json

import msgspec
import pytest

from game.cli import main
from game.journal.text import source_text
from game.rules.sources import Sources

DEMO = "content/scripts/skirmish-demo.txt"


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_demo_script_shows_each_kind_of_action(capsys):
    code, out, _ = run(capsys, "script", "crossroads", DEMO)
    assert code == 0
    assert "Aldric closes the door at 4,5 (1 AP, 8 left)" in out
    assert "attack roll Brenna: 3 (forced) ≤ 63 perfect hit  [ranged 55 + mastery bow 10 + sb(DEX 16) 6" \
           " - crowding (Corvin at 3, Aldric at 4) 5 - distance (4 squares) 3 = 63]" in out
    assert "+ perfect 1d6 [" in out
    assert "dodge roll Dagny: 5 (forced) ≤ 29 dodged" in out
    assert "attack roll Brenna: 20 (forced) ≤ 30 hit  [brawl 30 + faction (order: Aldric) 6 - crowding " \
           "(Aldric at 1, Corvin at 5) 6 = 30]" in out
    assert "attack roll Aldric: 30 (forced) ≤ 65 hit  [melee 50 + mastery sword 10 + sb(STR 15) 5 = 65]" \
        in out
    assert "✗ attack dagny aldric: Dagny has 0 AP; an attack with the battle axe costs 5" in out
    assert "— state after round 3 —" in out


def worded(sources: list) -> str:
    return source_text(msgspec.convert(sources, Sources))


def test_json_lines_each_have_a_type_and_end_with_the_state(capsys):
    code, out, _ = run(capsys, "script", "crossroads", DEMO, "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    assert all("type" in line for line in lines)
    rolls = [line for line in lines if line["type"] == "roll"]
    perfect = next(r for r in rolls if r["perfect"])
    assert perfect == {
        "type": "roll", "check": "attack", "unit": "brenna", "roll": 3, "chance": 63,
        "cap": 95, "success": True, "perfect": True, "forced": True,
        "rule": "R4.10", "cap_source": [{"file": "rules", "paths": ["page.caps.ranged"]}],
        "perfect_below": 5, "perfect_rule": "R4.11",
        "perfect_source": [{"file": "rules", "paths": ["page.perfect_attack_below"]}],
        "terms": [{"name": "skill", "value": 55, "detail": "ranged", "rule": "R4.10",
                   "source": [{"file": "characters", "entry": "brenna", "paths": ["skills.ranged"]}]},
                  {"name": "mastery", "value": 10, "detail": "bow", "rule": "R4.10",
                   "source": [{"file": "characters", "entry": "brenna", "paths": ["masteries.bow"]}]},
                  {"name": "stat_bonus", "value": 6, "detail": "DEX", "number": 16,
                   "rule": "R3.6",
                   "source": [{"file": "rules", "paths": ["stat_bonus_per_point",
                                                          "page.stat_neutral"]},
                              {"file": "characters", "entry": "brenna", "paths": ["stats.DEX"]}]},
                  {"name": "crowding", "value": -5, "units": ["corvin", "aldric"],
                   "squares": [3, 4], "rule": "R4.6",
                   "source": [{"file": "rules", "paths": ["page.crowding_per_ally", "crowding_step"]}]},
                  {"name": "distance", "value": -3, "number": 4, "rule": "R4.7",
                   "source": [{"file": "rules", "paths": ["distance_malus_per_square"]}]}],
    }
    # The damage that follows names where each die comes from too (worded as a card does).
    damage = lines[lines.index(perfect) + 1]
    assert [(d["label"], d["rule"], worded(d["source"])) for d in damage["dice"]] == [
        ("shortbow", "R6.2", "weapons.yaml: shortbow.dice"),
        ("bonus", "R6.1", "rules.yaml: damage_bonus[3].dice; "
         "characters.yaml: brenna.stats.DEX; characters.yaml: brenna.stats.SIZ"),
        ("perfect", "R4.11", "rules.yaml: perfect_die")]
    assert (damage["dice"][1]["stats"], damage["dice"][1]["number"], damage["dice"][1]["row"]) \
        == (["DEX", "SIZ"], 26, 3)
    xp = next(line for line in lines[lines.index(perfect):] if line["type"] == "xp")
    assert (xp["rule"], worded(xp["source"])) == ("R8.1", "rules.yaml: xp.hit, xp.perfect")
    assert {"refused", "damage", "xp", "move", "door", "quip"} <= {l["type"] for l in lines}
    state = lines[-1]
    assert state["type"] == "state"
    assert {"id", "hp", "ap", "xp", "level", "down"} <= set(state["units"][0])


def test_same_seed_same_commands_same_journal_byte_for_byte(capsys):
    first = run(capsys, "script", "crossroads", DEMO, "--seed", "7", "--json")[1]
    second = run(capsys, "script", "crossroads", DEMO, "--seed", "7", "--json")[1]
    other = run(capsys, "script", "crossroads", DEMO, "--seed", "8", "--json")[1]
    assert first == second
    assert first != other


def test_rolls_option_forces_the_first_d100(tmp_path, capsys):
    script = tmp_path / "s.txt"
    script.write_text("move aldric 9,4\nattack aldric goblin-1 with sword\n")
    _, out, _ = run(capsys, "script", "crossroads", str(script), "--rolls", "4")
    assert "attack roll Aldric: 4 (forced) ≤ 65 perfect hit" in out


def test_strict_stops_at_the_first_refusal(tmp_path, capsys):
    script = tmp_path / "s.txt"
    script.write_text("# a comment\n\nmove aldric 40,40\nmove aldric 4,6\n")
    code, out, err = run(capsys, "script", "crossroads", str(script), "--strict")
    assert code == 1
    assert err.strip() == f"{script}:3: refused: 40,40 is off the map"
    assert "move aldric 4,6" not in out


@pytest.mark.parametrize("argv,message", [
    (["script", "nowhere", DEMO], "escarmouche: no scenario 'nowhere' (known: crossroads, "
                                  "duel, dungeon, gallery, mages-duel, marches, tavern-brawl)"),
    (["script", "crossroads", "missing.txt"], "escarmouche: cannot read commands file"),
    (["script", "crossroads", DEMO, "--rolls", "0,5"],
     "escarmouche: --rolls: a d100 result is between 1 and 100, not 0"),
])
def test_bad_arguments_exit_2_with_a_message(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith(message)


def test_spells_demo_shows_a_countered_and_a_reflected_spell(capsys):
    code, out, _ = run(capsys, "script", "crossroads", "content/scripts/spells-demo.txt")
    assert code == 0
    assert "counter roll Elise: 30 (forced) ≤ 30 countered" in out
    assert "Elise owes 3 AP to the counter: taken off the next refill (3 owed, next turn " \
           "starts with 7 AP)" in out
    assert "Elise pays 6 AP owed to a counter: starts with 4 AP" in out
    assert "Elise counters Firebolt and reflects it!" in out
    assert "damage to Corvin: Firebolt 2d6" in out
    assert "+ effect Focus 10 = 74]" in out


def test_a_line_separator_inside_a_comment_starts_no_command(tmp_path, capsys):
    script = tmp_path / "s.txt"
    script.write_text("move aldric 4,6  # then\u2028move aldric 40,40\u2029end\r\n"
                      "move aldric 5,6\n", encoding="utf-8")
    code, out, err = run(capsys, "script", "crossroads", str(script), "--strict")
    assert code == 0, err
    issued = [line for line in out.splitlines() if line.startswith(("▶", "✗"))]
    assert issued == ["▶ move aldric 4,6", "▶ move aldric 5,6"]


@pytest.mark.parametrize("square", ["٤,٦", "４,６", "4 ,6", "1_0,6", "+4,6", "4,6,1", "4,"])
def test_coordinates_are_ascii_digits_only(tmp_path, capsys, square):
    script = tmp_path / "s.txt"
    script.write_text(f"move aldric {square}\n", encoding="utf-8")
    code, out, err = run(capsys, "script", "crossroads", str(script), "--strict")
    assert code == 2  # the script's mistake, said before anything plays
    assert "s.txt:1: " in err
    assert "is not a square; write it x,y" in err or "move takes 2 arguments" in err
    assert "moves to" not in out


@pytest.mark.parametrize("rolls", ["٤", "1_0", "+5", "５"])
def test_forced_rolls_are_ascii_digits_only(tmp_path, capsys, rolls):
    script = tmp_path / "s.txt"
    script.write_text(f"force {rolls}\n", encoding="utf-8")
    code, out, err = run(capsys, "script", "crossroads", str(script), "--strict")
    assert code == 2 and "s.txt:1: " in err and "forced rolls are whole numbers" in err
    code, out, err = run(capsys, "script", "crossroads", DEMO, "--rolls", rolls)
    assert code == 2 and "--rolls takes whole numbers separated by commas" in err


def test_options_work_before_and_after_the_subcommand(tmp_path, capsys):
    saves = tmp_path / "elsewhere"
    assert run(capsys, "--saves-dir", str(saves), "script", "crossroads", DEMO,
               "--save", "x")[0] == 0
    assert (saves / "x.json").is_file()
    assert run(capsys, "--saves-dir", str(saves), "export", "x")[0] == 0
    assert run(capsys, "export", "x", "--saves-dir", str(saves))[0] == 0
    empty = tmp_path / "nothing"
    empty.mkdir()
    code, _, err = run(capsys, "--content", str(empty), "validate")
    assert code == 2 and "rules.yaml:1:1: file not found" in err
    code, _, err = run(capsys, "validate", "--content", str(empty))
    assert code == 2 and "rules.yaml:1:1: file not found" in err
    # the subcommand's copy wins when both are given
    assert run(capsys, "--content", str(empty), "validate", "--content", "content")[0] == 0


def test_seed_before_the_subcommand_or_without_one(capsys, monkeypatch):
    seeds = []
    monkeypatch.setattr("game.commands.play.run", lambda args: seeds.append(args.seed) or 0)
    run(capsys, "--seed", "7")
    run(capsys, "play", "--seed", "8")
    run(capsys, "--seed", "9", "play")
    assert seeds == [7, 8, 9]
    by_option = run(capsys, "--seed", "7", "script", "crossroads", DEMO)[1]
    assert by_option == run(capsys, "script", "crossroads", DEMO, "--seed", "7")[1]
    assert by_option != run(capsys, "script", "crossroads", DEMO)[1]  # script's default is 0
    assert run(capsys, "script", "crossroads", DEMO)[1] == \
        run(capsys, "script", "crossroads", DEMO, "--seed", "0")[1]


@pytest.mark.parametrize("argv,message", [
    (["--content", "nowhere", "validate"], "escarmouche: --content nowhere: no such folder"),
    (["compare", "duel", "--against", "nowhere", "--games", "2"],
     "escarmouche: --against nowhere: no such folder\n"),  # once, not a line a file
    (["simulate", "duel", "--against", "nowhere", "--games", "2"],
     "escarmouche: --against nowhere: no such folder\n"),
    (["script", "crossroads", DEMO, "--save", ""],
     "escarmouche: a save needs a name"),
    (["script", "crossroads", DEMO, "--save", "ok-name\n"], "escarmouche: bad save name"),
])
def test_bad_options_exit_2_before_anything_runs(tmp_path, capsys, argv, message):
    code, out, err = run(capsys, *argv, "--saves-dir", str(tmp_path))
    assert code == 2 and err.startswith(message) and out == ""
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv", [
    ["compare", "duel", "--games", "2", "--against"], ["simulate", "duel", "--games", "2",
                                                       "--against"], ["validate", "--content"],
])
def test_a_content_folder_given_as_a_file_is_said_to_be_a_file(tmp_path, capsys, argv):
    # Before, a file given to --against (or --content) was called "no such folder".
    given = tmp_path / "rules.yaml"
    given.write_text("{}")
    code, out, err = run(capsys, *argv, str(given))
    option = argv[-1]
    assert code == 2 and out == ""
    assert err == f"escarmouche: {option} {given} is a file, not a folder: give the content " \
                  "folder\n"


def test_play_ai_names_the_computers_sides_and_a_bad_one_is_refused(capsys, tmp_path):
    from game.cli import build_parser
    from game.commands.play import build_app

    args = build_parser().parse_args(["play", "crossroads", "--ai", "2:aggressive",
                                      "--saves-dir", str(tmp_path)])
    app = build_app(args)
    assert app.game.ai_players == {2: "aggressive"}
    assert app.controller.ai_players == {2: "aggressive"}
    args = build_parser().parse_args(["play", "--ai", "2", "--saves-dir", str(tmp_path)])
    assert build_app(args).game.ai_players == {2: "balanced"}
    for bad, reason in (("5", "there is no player 5 to play by AI"),
                        ("2:reckless", "no AI profile 'reckless' (known: balanced"),
                        ("two", "--ai takes a player number")):
        code, out, err = run(capsys, "play", "--ai", bad, "--saves-dir", str(tmp_path))
        assert code == 2 and reason in err and "Traceback" not in err
    # The engine's refusals of an AI side are worded like its other refusals: in French too.
    for bad, reason in (("5", "il n'y a pas de joueur 5 que l'IA puisse jouer"),
                        ("2:reckless", "aucun profil d'IA 'reckless' (connus\u00a0: balanced")):
        code, out, err = run(capsys, "--lang", "fr", "play", "--ai", bad,
                             "--saves-dir", str(tmp_path))
        assert code == 2 and reason in err


def test_a_script_with_a_line_that_is_no_command_stops_before_anything_plays(tmp_path, capsys):
    """`mvoe` is the script's mistake, not a refusal: named with its line, exit 2, as `demo`
    says it (it printed a ✗ line among the others and exited 0)."""
    script = tmp_path / "bad.txt"
    script.write_text("move aldric 4,7\nmvoe aldric 3,3\n", encoding="utf-8")
    code, out, err = run(capsys, "script", "crossroads", str(script))
    assert code == 2
    assert f"{script}:2: unknown command 'mvoe' (did you mean move?)" in err
    assert out == ""  # nothing played, not even the first line


def test_a_script_of_another_scenario_is_said_so_before_anything_plays(capsys):
    code, out, err = run(capsys, "script", "crossroads", "content/scripts/duel-demo.txt")
    assert code == 2 and out == ""
    assert "this script is not for the scenario crossroads" in err
    assert "gautier (line 17), ysolde (line 23)" in err
