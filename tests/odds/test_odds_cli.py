"""`python -m game odds`: a designer's questions answered from a scenario or a save."""

import json

import msgspec
import pytest

from game.cli import main
from game.journal.text import source_text
from game.rules.sources import Sources

SOURCE_FIELDS = ("source", "cap_source", "perfect_source")


def worded(data):
    """The `--json` data with each typed source as a designer reads it (the wording of
    a source is the journal's: `weapons.yaml: sword.dice`)."""
    if isinstance(data, dict):
        return {k: source_text(msgspec.convert(v, Sources))
                if k in SOURCE_FIELDS and isinstance(v, list) else worded(v)
                for k, v in data.items()}
    if isinstance(data, list):
        return [worded(item) for item in data]
    return data


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def setup(tmp_path, capsys, commands="move aldric 9,4\n"):
    script = tmp_path / "setup.txt"
    script.write_text(commands)
    saves = tmp_path / "saves"
    code, _, _ = run(capsys, "script", "crossroads", str(script), "--save", "setup",
                     "--saves-dir", str(saves))
    assert code == 0
    return ["--load", "setup", "--saves-dir", str(saves)]


def test_odds_of_aldric_on_the_goblin_as_json(tmp_path, capsys):
    where = setup(tmp_path, capsys)
    code, out, _ = run(capsys, "odds", "crossroads", "aldric", "goblin-1", *where, "--json")
    assert code == 0
    data = worded(json.loads(out))
    assert data["p_hit"] == 0.65 and data["p_perfect"] == 0.04 and data["p_dodged"] is None
    # Every term says which rule makes it and which content value it reads.
    assert data["chances"]["attack"] == {
        "value": 65, "raw": 65, "cap": 95, "rule": "R4.9",
        "cap_source": "rules.yaml: page.caps.melee",
        "perfect_below": {"value": 5, "rule": "R4.11",
                          "source": "rules.yaml: page.perfect_attack_below"},
        "terms": [
            {"name": "skill", "value": 50, "detail": "melee", "rule": "R4.9",
             "source": "characters.yaml: aldric.skills.melee"},
            {"name": "mastery", "value": 10, "detail": "sword", "rule": "R4.9",
             "source": "characters.yaml: aldric.masteries.sword"},
            {"name": "stat_bonus", "value": 5, "detail": "STR", "rule": "R3.6",
             "source": "rules.yaml: stat_bonus_per_point, page.stat_neutral; "
                       "characters.yaml: aldric.stats.STR", "number": 15}]}
    assert data["damage"][0] == [0, 0.35]
    assert abs(sum(p for _, p in data["damage"]) - 1) < 1e-12
    assert round(data["p_down"], 4) == 0.2998 and data["exact"]["p_down"] == "1439/4800"
    assert {"mean_damage", "p_down_this_turn", "p_countered", "p_reflected"} <= set(data)


def test_the_table_shows_terms_odds_and_a_bar_per_damage_value(tmp_path, capsys):
    where = setup(tmp_path, capsys)
    code, out, _ = run(capsys, "odds", "crossroads", "aldric", "goblin-1", *where)
    assert code == 0
    assert "attack 65%  [melee 50 + mastery sword 10 + sb(STR 15) 5 = 65]" in out
    assert "P(success) 65.0%  P(perfect) 4.0%" in out
    assert " 0  35.0%  ██████████▌" in out


def test_a_sweep_gives_one_row_per_value(tmp_path, capsys):
    where = setup(tmp_path, capsys)
    code, out, _ = run(capsys, "odds", "crossroads", "aldric", "goblin-1", *where,
                       "--vary", "aldric.skills.melee=40..60:10", "--json")
    assert code == 0
    rows = json.loads(out)
    assert [r["value"] for r in rows] == [40, 50, 60]
    assert [r["p_hit"] for r in rows] == [0.55, 0.65, 0.75]
    code, out, _ = run(capsys, "odds", "crossroads", "aldric", "goblin-1", *where,
                       "--vary", "goblin-1.stats.DEF=0..30:10", "--json")
    means = [r["mean_damage"] for r in json.loads(out)]
    assert means[0] > means[1] > means[2] > means[3]  # reduction 0, 1, 2, 3


def test_a_rules_sweep_changes_the_cap(tmp_path, capsys):
    where = setup(tmp_path, capsys)
    code, out, _ = run(capsys, "odds", "crossroads", "aldric", "goblin-1", *where,
                       "--vary", "rules.page.caps.melee=55..70:5", "--json")
    assert code == 0
    assert [r["p_hit"] for r in json.loads(out)] == [0.55, 0.60, 0.65, 0.65]


def test_attacking_ones_own_character_is_impossible(tmp_path, capsys):
    where = setup(tmp_path, capsys, "move aldric 2,8\n")
    code, _, err = run(capsys, "odds", "crossroads", "aldric", "brenna", *where, "--brawl")
    assert code == 1 and "one of your own characters" in err


def test_an_impossible_option_prints_its_reason_and_exits_1(capsys):
    code, _, err = run(capsys, "odds", "crossroads", "aldric", "goblin-1")
    assert code == 1
    assert err.strip() == "impossible: Goblin Snik is 7 squares away; a blow with the sword " \
                          "needs an adjacent target"


def test_a_bad_vary_is_a_usage_error(capsys):
    code, _, err = run(capsys, "odds", "crossroads", "aldric", "goblin-1", "--vary", "melee=1")
    assert code == 2 and "FIELD=LOW..HIGH[:STEP]" in err


def test_the_json_says_what_the_damage_is_made_of(tmp_path, capsys):
    where = setup(tmp_path, capsys)
    code, out, _ = run(capsys, "odds", "crossroads", "aldric", "goblin-1", *where, "--json")
    assert code == 0
    damage = worded(json.loads(out))["damage_terms"]
    assert damage["dice"] == [
        {"label": "sword", "dice": "1d8", "rule": "R6.2", "source": "weapons.yaml: sword.dice"},
        {"label": "bonus", "dice": "1d4", "rule": "R6.1",
         "source": "rules.yaml: damage_bonus[3].dice; characters.yaml: aldric.stats.STR; "
                   "characters.yaml: aldric.stats.SIZ", "stats": ["STR", "SIZ"], "number": 28,
         "row": 3}]
    assert damage["perfect_die"] == {"label": "perfect", "dice": "1d6", "rule": "R4.11",
                                     "source": "rules.yaml: perfect_die"}
    assert damage["reduction"] == 0
    assert [(t["name"], t["value"], t["rule"], t["source"]) for t in damage["reduction_terms"]] \
        == [("defence", 0, "R6.4", "rules.yaml: page.defence_reduction.per, "
             "page.defence_reduction.maximum; creatures.yaml: goblin.stats.DEF")]


def test_a_damage_spell_names_its_dice_in_the_json(tmp_path, capsys):
    where = setup(tmp_path, capsys, "move corvin 8,5\n")
    code, out, err = run(capsys, "odds", "crossroads", "corvin", "goblin-1", *where,
                         "--spell", "firebolt", "--json")
    assert code == 0, err
    damage = worded(json.loads(out))["damage_terms"]
    assert damage["dice"] == [{"label": "firebolt", "dice": "2d6", "rule": "R7.7",
                               "source": "spells.yaml: firebolt.dice"}]
    assert "perfect_die" not in damage


# --- a turn, not only one action from where the unit stands -----------------------------


def test_odds_from_a_square_after_a_walk(capsys):
    code, out, _ = run(capsys, "odds", "crossroads", "aldric", "goblin-1", "--from", "9,4")
    assert code == 0
    assert out.splitlines()[0] == "after walking to 9,4 (6 AP; 4 AP left)"
    assert "P(down) 30.0% · P(down this turn: 1 such action with 4 AP) 30.0%" in out
    code, out, err = run(capsys, "odds", "crossroads", "aldric", "goblin-1", "--from", "14,7")
    assert code == 1 and "impossible: Aldric needs 11 AP to reach 14,7 and has 10" in err
    code, _, err = run(capsys, "odds", "crossroads", "aldric", "goblin-1", "--from", "nine")
    assert code == 2 and "--from takes a square X,Y" in err


def test_odds_turn_gives_the_best_sequence_and_its_exact_odds(capsys):
    code, out, _ = run(capsys, "odds", "crossroads", "aldric", "goblin-1", "--turn")
    assert code == 0
    assert out.splitlines()[:3] == [
        "Aldric → Goblin Snik: the best turn with 10 AP: P(down this turn) 30.0% (exact)",
        "  1. move aldric 9,4", "  2. attack aldric goblin-1 with sword"]
    data = json.loads(run(capsys, "odds", "crossroads", "aldric", "goblin-1", "--turn",
                          "--json")[1])
    assert data["exact"] and data["fractions"]["p_down_best"] == "1439/4800"
    assert data["p_down_repeated"] == 0.0  # the sword does not reach from where he stands


def test_odds_squares_ranks_every_reachable_square(capsys):
    code, out, _ = run(capsys, "odds", "crossroads", "aldric", "goblin-1", "--squares", "--csv")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "x,y,walk_ap,ap_left,p_down_repeated,p_down_best"
    rows = [line.split(",") for line in lines[1:]]
    assert rows[0][:4] == ["9", "4", "6", "4"] and rows[0][4] == rows[0][5] == "0.299792"
    best = [float(r[5]) for r in rows]
    assert best == sorted(best, reverse=True)
    code, out, _ = run(capsys, "odds", "crossroads", "aldric", "goblin-1", "--squares")
    assert "    9,4        6        4   30.0% ███▋         30.0% ███▋" in out
    assert "other squares: 0.0%" in out


def test_two_vary_give_a_grid(tmp_path, capsys):
    where = setup(tmp_path, capsys)
    argv = ["odds", "crossroads", "aldric", "goblin-1", *where,
            "--vary", "goblin-1.stats.DEF=0..20:10", "--vary", "aldric.skills.melee=40..60:10"]
    data = json.loads(run(capsys, *argv, "--json")[1])
    assert data["rows"] == {"field": "goblin-1.stats.DEF", "values": [0, 10, 20]}
    assert data["columns"]["values"] == [40, 50, 60]
    assert data["cells"][0][1]["exact"]["p_down"] == "1439/4800"  # DEF 0, melee 50
    assert [c["p_hit"] for c in data["cells"][2]] == [0.55, 0.65, 0.75]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert "P(down): goblin-1.stats.DEF (rows) × aldric.skills.melee (columns)" in out
    assert "           0  ▓  25.6%  █  30.0%  █  34.4%" in out
    assert "shade: from 12.0% (░) to 34.4% (█)" in out
    code, out, _ = run(capsys, *argv, "--csv")
    assert out.splitlines()[0].startswith("row_field,row_value,column_field,column_value,p_hit")
    assert len(out.splitlines()) == 1 + 9


def test_an_area_gives_p_all_down(tmp_path, capsys):
    where = setup(tmp_path, capsys, "place corvin 18,9\nset elise.hp 5\nset fenwick.hp 4\n")
    data = json.loads(run(capsys, "odds", "crossroads", "corvin", "elise", "--spell",
                          "ice-storm", *where, "--json")[1])
    each = {row["target"]: row["p_down"] for row in data["area"]}
    assert set(each) == {"elise", "fenwick"}
    assert each["elise"] * each["fenwick"] < data["p_all_down"] <= min(each.values())
    code, out, _ = run(capsys, "odds", "crossroads", "corvin", "elise", "--spell", "ice-storm",
                       *where)
    assert f"area: P(all down) {100 * data['p_all_down']:.1f}%" in out


@pytest.mark.parametrize("argv,message", [
    (["--vary", "aldric.skills.melee=0..100", "--vary", "goblin-1.hp=1..8",
      "--vary", "aldric.ap=1..9"], "--vary at most twice"),
    (["--vary", "aldric.skills.melee=0..100", "--vary", "goblin-1.stats.DEF=0..99"],
     "cells; at most 2,500"),
    (["--turn", "--vary", "aldric.skills.melee=0..10"], "not with --turn or --squares"),
    (["--squares", "--from", "9,4"], "not with --from"),
    (["--json", "--csv"], "--json or --csv, not both"),
])
def test_a_bad_odds_question_is_refused(capsys, argv, message):
    code, _, err = run(capsys, "odds", "crossroads", "aldric", "goblin-1", *argv)
    assert code == 2 and message in err and "Traceback" not in err



def test_an_area_counts_every_targets_reflection_onto_the_caster(tmp_path, capsys):
    """Corvin's Ice Storm on Elise (counter 30%, a perfect counter under 10: 9%) reaches
    Fenwick too (counter 3%, every success under 10 perfect: 3%); each perfect counter
    sends the same value (1d6+1) back. P(Corvin hurt) = 64% x (1 - 0.91 x 0.97) =
    1173/15625; his mean HP lost is 64% x (9% + 3%) x 4.5 less what his 12 HP cap (both
    reflect a 7: 14); both reflect a 6 or a 7: he is down (9/15625). Elise's alone said
    5.76% and 0%."""
    where = setup(tmp_path, capsys, "place corvin 18,9\n")
    data = json.loads(run(capsys, "odds", "crossroads", "corvin", "elise", "--spell",
                          "ice-storm", *where, "--json")[1])
    rows = {row["target"]: row for row in data["area"]}
    assert (rows["elise"]["p_reflected"], rows["fenwick"]["p_reflected"]) == (0.0576, 0.0192)
    assert data["p_caster_down"] == 0.0  # Elise's reflection alone cannot down him
    back = data["area_reflected"]
    assert back["exact"] == {"p_hurt": "1173/15625", "mean": "5391/15625",
                             "p_caster_down": "9/15625"}
    code, out, _ = run(capsys, "odds", "crossroads", "corvin", "elise", "--spell", "ice-storm",
                       *where)
    assert "reflected onto Corvin by any target: P 7.5%, mean HP lost 0.35, P(down) 0.1%" in out
    # Where no target can counter, there is nothing to say of a reflection.
    where = setup(tmp_path, capsys, "place corvin 18,9\nset elise.skills.magic -100\n"
                  "set fenwick.skills.magic -100\n")
    data = json.loads(run(capsys, "odds", "crossroads", "corvin", "elise", "--spell",
                          "ice-storm", *where, "--json")[1])
    assert "area_reflected" not in data
    assert "P(countered) 1.9%, P(reflected) 1.9%" in out