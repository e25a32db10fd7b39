"""`tune`: the value a brute-force sweep finds, the steps it prints, a range that cannot
reach the target, a figure that does not move one way, duels exact and seats on common dice."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace

import pytest

from game.cli import main
from game.content.loader import DEFAULT_CONTENT
from game.lab.exact import exact_win_rate
from game.lab.parallel import run_all
from game.commands.common import new_game
from game.lab.commands import field_range
from game.lab.runs import Setup, unit_ids
from game.lab.stats import summarise
from game.lab.tune import Step, check_all, search


def run(capsys, *argv):
    capsys.readouterr()
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def run_json(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def saved(tmp_path, capsys, commands="move aldric 9,4\n"):
    script = tmp_path / "setup.txt"
    script.write_text(commands)
    saves = tmp_path / "saves"
    assert main(["script", "crossroads", str(script), "--save", "setup",
                 "--saves-dir", str(saves)]) == 0
    capsys.readouterr()
    return ["--load", "setup", "--saves-dir", str(saves)]


def first_crossing(values, figures, target):
    """The brute force: every value weighed, the first neighbours holding the target."""
    for (va, fa), (vb, fb) in zip(zip(values, figures), zip(values[1:], figures[1:])):
        if (fa >= target) != (fb >= target):
            return va, vb
    return None


@pytest.mark.parametrize("field,figure,target", [
    ("aldric.skills.melee", "down", 0.35),
    ("goblin-1.stats.DEF", "down", 0.10),     # falling with the field
    ("goblin-1.hp", "down", 0.5),             # steps of a damage distribution
    ("aldric.skills.melee", "success", 0.8),  # lands on a value exactly
])
def test_tune_odds_finds_the_value_a_brute_force_sweep_finds(tmp_path, capsys, field, figure,
                                                             target):
    where = saved(tmp_path, capsys)
    found = run_json(capsys, "tune", "odds", "crossroads", "aldric", "goblin-1", *where,
                     "--field", field, "--to", str(target), "--figure", figure)
    low, high = found["low"], found["high"]
    rows = run_json(capsys, "odds", "crossroads", "aldric", "goblin-1", *where,
                    "--vary", f"{field}={low}..{high}")
    key = {"down": "p_down", "success": "p_hit"}[figure]
    values, figures = [r["value"] for r in rows], [r[key] for r in rows]
    pair = first_crossing(values, figures, target)
    exact = [v for v, f in zip(values, figures) if abs(f - target) < 1e-12]
    assert found["reached"]
    if pair is not None:
        assert found["bracket"] == list(pair)
        nearer = min(pair, key=lambda v: (abs(figures[values.index(v)] - target), v))
        assert found["value"] == nearer
    else:
        assert found["value"] in exact
    # Every value was then checked: these figures move one way with their field.
    assert found["monotone"] is True
    assert len(found["steps"]) <= 10 + (high - low).bit_length()


def test_tune_prints_each_step_and_the_value_found(tmp_path, capsys):
    where = saved(tmp_path, capsys)
    code, out, _ = run(capsys, "tune", "odds", "crossroads", "aldric", "goblin-1", *where,
                       "--field", "aldric.skills.melee", "--to", "35%")
    assert code == 0
    assert "tune aldric.skills.melee (0..100) so that P(down) of attack aldric goblin-1 is 35.0%" \
        in " ".join(out.split())
    assert "   1. melee    0  →    8.1%   exact: 389/4800" in out
    assert "   3. melee   50  →   30.0%   exact: 1439/4800" in out
    assert "found: aldric.skills.melee = 61: 34.8% (exact: 167/480); 62 gives 35.2%" in out
    assert "(now 50)" in out
    assert "the figure moves one way with the field" in " ".join(out.split())


def test_tune_says_when_no_value_of_the_range_reaches_the_target(tmp_path, capsys):
    where = saved(tmp_path, capsys)
    data = run_json(capsys, "tune", "odds", "crossroads", "aldric", "goblin-1", *where,
                    "--field", "aldric.skills.melee", "--to", "90%")
    assert not data["reached"] and data["value"] is None and data["crossings"] == []
    code, out, _ = run(capsys, "tune", "odds", "crossroads", "aldric", "goblin-1", *where,
                       "--field", "aldric.skills.melee", "--to", "90%")
    assert "no value of aldric.skills.melee from 0 to 100 reaches 90.0%: the figure goes " \
           "from 8.1% (at 0) to 43.1% (at 100)" in " ".join(out.split())


def test_a_figure_that_does_not_move_one_way_is_named_so_with_every_crossing():
    # A made-up figure that rises, falls and rises again across 0.5.
    curve = {v: f for v, f in enumerate([0.1, 0.6, 0.7, 0.4, 0.3, 0.8, 0.9])}
    found = search(lambda v: Step(v, curve[v], exact=True), 0, 6, 0.5)
    assert found.bracket is not None
    check_all(found, lambda v: Step(v, curve[v], exact=True))
    assert found.monotone is False
    assert found.crossings == [(0, 1), (2, 3), (4, 5)]
    # Both ends above the target, yet it dips below in between: found by the check.
    dip = {v: f for v, f in enumerate([0.9, 0.2, 0.9])}
    found = search(lambda v: Step(v, dip[v], exact=True), 0, 2, 0.5)
    assert found.bracket is None
    check_all(found, lambda v: Step(v, dip[v], exact=True))
    assert found.crossings == [(0, 1), (1, 2)]


@pytest.fixture
def quick_duel(tmp_path):
    """A copy of the content with Aldric and Dagny at 6 HP: their exact duel in a blink."""
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    path = content / "characters.yaml"
    text = path.read_text()
    text = text.replace("  hp_max: 18\n", "  hp_max: 6\n", 1).replace("  hp_max: 20\n",
                                                                       "  hp_max: 6\n", 1)
    path.write_text(text)
    return content


def test_tune_duel_exact_finds_the_skill_that_balances_it(capsys, quick_duel):
    data = run_json(capsys, "tune", "duel", "aldric", "dagny", "--content", str(quick_duel),
                    "--field", "aldric.skills.melee", "--to", "50%", "--profile", "naive")
    assert data["reached"] and all(s["exact"] for s in data["steps"])
    a, b = data["bracket"]
    assert b == a + 1
    setup = Setup(str(quick_duel), "duel", "aldric", "dagny", profile="naive")

    def at(value):
        return exact_win_rate(replace(setup, changes=(("aldric.skills.melee", value),)), 2)

    assert (at(a) >= 0.5) != (at(b) >= 0.5)
    assert data["value"] in (a, b)
    # The second seat's rate is its own chain, not one minus the first's.
    two = run_json(capsys, "tune", "duel", "aldric", "dagny", "--content", str(quick_duel),
                   "--field", "aldric.skills.melee=40..60", "--to", "50%", "--profile",
                   "naive", "--seat", "2")
    assert two["reached"] and all(s["exact"] for s in two["steps"])


def test_tune_a_seat_is_simulated_on_common_dice(capsys):
    data = run_json(capsys, "tune", "duel", "--field", "ysolde.hp=4..14", "--to", "40%",
                    "--seat", "2", "--runs", "12", "--seed", "5")
    assert not any(s["exact"] for s in data["steps"])
    # Each value plays the same 12 runs (same seeds) with only the field changed.
    step = data["steps"][-1]
    setup = Setup(str(DEFAULT_CONTENT), "scenario", scenario="duel",
                  changes=(("ysolde.hp", step["value"]),))
    summary = summarise(run_all(setup, 5, 12), ["Alice", "Bruno"])
    assert step["wins"] == summary.wins["Bruno"] and step["runs"] == 12
    assert step["ci"][0] <= step["figure"] <= step["ci"][1]


def test_tune_csv_gives_one_row_per_value_tried(tmp_path, capsys):
    where = saved(tmp_path, capsys)
    code, out, _ = run(capsys, "tune", "odds", "crossroads", "aldric", "goblin-1", *where,
                       "--field", "aldric.skills.melee", "--to", "35%", "--csv")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == ("step,field,value,figure,exact,fraction,wins,runs,ci_low,ci_high,"
                        "target,found")
    assert lines[1].startswith("1,aldric.skills.melee,0,0.081042,1,389/4800,")
    assert sum(line.endswith(",1") for line in lines[1:]) == 1


@pytest.mark.parametrize("argv,message", [
    (["tune", "duel", "aldric", "dagny", "--field", "aldric.skills.melee", "--to", "150%"],
     "a chance is between 0% and 100%"),
    (["tune", "duel", "aldric", "dagny", "--field", "aldric.skills.melee", "--to", "half"],
     "--to takes a chance"),
    (["tune", "duel", "aldric", "dagny", "--field", "aldric.skills.melee=0..5000",
      "--to", "50%"], "at most 1000"),
    (["tune", "duel", "aldric", "dagny", "--field", "rules.faction.maximum", "--to", "50%"],
     "give the range to search"),
    (["tune", "duel", "aldric", "dagny", "--field", "brenna.skills.melee", "--to", "50%"],
     "'brenna' is no unit of duel aldric v dagny at 4 and no template of one"),
    (["tune", "duel", "aldric", "dagny", "--field", "aldric.skills.melle", "--to", "50%"],
     "has no field 'skills.melle' (did you mean 'skills.melee'?)"),
    (["tune", "duel", "aldric", "--field", "aldric.skills.melee", "--to", "50%"],
     "a duel needs two templates (characters or creatures): duel A B, not 'duel aldric'"),
    (["tune", "duel", "aldric", "dagny", "--field", "aldric.stats.STR=1..90", "--to", "50%"],
     "aldric.stats.STR must be between 1 and 40 (as in its file), not 90"),
    (["tune", "duel", "aldric", "dagny", "--field", "aldric.skills.melee=0..300",
      "--to", "50%"], "aldric.skills.melee must be between -100 and 200 (as in its file), not 300"),
    (["tune", "duel", "aldric", "dagny", "--field", "aldric.skills.melee", "--to", "50%",
      "--seat", "3"], "--seat 3: duel aldric v dagny at 4 has seats 1 to 2"),
    (["tune", "duel", "aldric", "dagny", "--field", "aldric.skills.melee", "--to", "50%",
      "--runs", "900000"], "runs a value"),
    (["tune", "duel", "aldric", "dagny", "--field", "aldric.skills.melee", "--to", "50%",
      "--figure", "down"], "--figure is for tune odds"),
    (["tune", "odds", "crossroads", "aldric", "--field", "aldric.skills.melee", "--to", "50%"],
     "tune odds needs a scenario, an attacker and a target"),
    (["tune", "odds", "crossroads", "aldric", "goblin-1", "--field", "aldric.skills.melee",
      "--to", "50%"], "aldric.skills.melee = 0: Goblin Snik is 7 squares away"),
    # The range is --field's, not odds' --vary.
    (["tune", "duel", "aldric", "dagny", "--field", "aldric.skills.melee=60..50",
      "--to", "50%"], "--field 'aldric.skills.melee=60..50': LOW must not be above HIGH"),
    (["tune", "duel", "aldric", "dagny", "--field", "aldric.skills.melee=a..b",
      "--to", "50%"], "--field 'aldric.skills.melee=a..b': write FIELD=LOW..HIGH, e.g."),
])
def test_a_bad_tune_is_refused_with_the_reason(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and message in err and "Traceback" not in err
    assert out == ""  # said before any step is printed


def test_a_bad_tune_names_no_other_option_and_labels_its_value_once(capsys):
    for lang in ("en", "fr"):
        code, out, err = run(capsys, "--lang", lang, "tune", "odds", "crossroads", "aldric",
                             "goblin-1", "--field", "rules.faction.maximum=-10..10",
                             "--to", "50%")
        assert code == 2 and "Traceback" not in err
        assert err.count("rules.faction.maximum = -10") == 1, err
        assert "--vary" not in err


def test_a_scenario_units_hp_max_is_tuned_on_its_template_and_the_path_says_which():
    for scenario, asked, meant in (("dungeon", "rook.hp_max=10..14", "war-wolf.hp_max"),
                                   ("crossroads", "goblin-1.ap_max=6..9", "goblin.ap_max")):
        game = new_game(DEFAULT_CONTENT, scenario, 0)
        units = unit_ids(Setup(str(DEFAULT_CONTENT), "scenario", scenario=scenario))
        path, low, high = field_range(asked, game, units)
        assert (path, low, high) == (meant, int(asked.split("=")[1].split("..")[0]),
                                     int(asked.split("..")[1]))
    # A unit's own numbers stay the unit's; a template named as itself stays as it is.
    game = new_game(DEFAULT_CONTENT, "dungeon", 0)
    units = unit_ids(Setup(str(DEFAULT_CONTENT), "scenario", scenario="dungeon"))
    assert field_range("rook.skills.melee=40..70", game, units)[0] == "rook.skills.melee"
    assert field_range("aldric.hp_max=10..20", game, units)[0] == "aldric.hp_max"


def test_tune_says_when_the_field_changes_nothing_in_the_figure(tmp_path, capsys):
    # A creature does not dodge: the goblin's dodge weighs in no roll of Aldric's blow.
    where = saved(tmp_path, capsys)
    code, out, _ = run(capsys, "tune", "odds", "crossroads", "aldric", "goblin-1", *where,
                       "--field", "goblin-1.skills.dodge=0..60", "--to", "50%")
    said = " ".join(out.split())
    assert "no value of goblin-1.skills.dodge from 0 to 60 reaches 50.0%" in said
    assert "goblin-1.skills.dodge changes nothing in this figure: it is the same, exactly, " \
           "at every value tried" in said
    code, out, _ = run(capsys, "tune", "odds", "crossroads", "aldric", "goblin-1", *where,
                       "--field", "aldric.skills.melee", "--to", "90%")
    assert "changes nothing" not in out  # a figure that moves, short of the target
