"""simulate and compare: reproducible for a seed whatever the workers, exact duel odds that
agree with the simulation, a content compared with itself shows no difference."""

from __future__ import annotations

import json
import shutil

import pytest

from game.cli import main
from game.content.loader import DEFAULT_CONTENT
from game.lab import exact as exact_module
from game.lab.commands import most_changed
from game.lab.exact import exact_duel
from game.lab.parallel import run_all
from game.lab.runs import Setup, new_game
from game.lab.stats import wilson


def run_json(capsys, *argv) -> dict:
    capsys.readouterr()
    assert main(list(argv) + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture
def exact_gives_up_soon(monkeypatch):
    """A duel of the default profile (the tactician) has no exact odds: the chain gives up
    after `MOST_DECISIONS` of its decisions, some seconds each time. Tests that do not read
    them let it give up after 50."""
    monkeypatch.setattr(exact_module, "MOST_DECISIONS", 50)


def test_simulate_duel_json_is_reproducible_for_a_seed_and_any_worker_count(
        capsys, exact_gives_up_soon):
    argv = ["simulate", "duel", "aldric", "dagny", "--runs", "16", "--seed", "3"]
    one = run_json(capsys, *argv)
    assert {"runs", "seed", "draws", "mean_rounds", "exact", "sides"} <= set(one)
    assert one["runs"] == 16 and one["seed"] == 3 and one["exact"] is None
    assert [s["name"] for s in one["sides"]] == ["aldric", "dagny"]
    assert sum(s["wins"] for s in one["sides"]) + one["draws"] == 16
    for side in one["sides"]:
        assert side["ci"][0] <= side["rate"] <= side["ci"][1]
    assert run_json(capsys, *argv) == one
    assert run_json(capsys, *argv, "--workers", "2") == one
    other = run_json(capsys, "simulate", "duel", "aldric", "dagny", "--runs", "16",
                     "--seed", "4")
    assert other != one


def test_exact_duel_odds_agree_with_the_simulation():
    setup = Setup(str(DEFAULT_CONTENT), "duel", "aldric", "dagny", 2, profile="naive")
    played = run_all(setup, 11, 400)  # each side strikes first in every other run
    for first_strike in (0, 1):
        exact = exact_duel(setup, first_strike)
        assert exact is not None and 0.05 < exact < 0.95
        results = [r for r in played if r.index % 2 == first_strike]
        assert len(results) == 200
        wins = sum(r.winner == "aldric" for r in results)
        low, high = wilson(wins, len(results))
        assert low <= exact <= high, (first_strike, exact, low, high)


def test_a_duel_against_a_creature_plays_it_as_a_creature_and_has_exact_odds(capsys):
    data = run_json(capsys, "simulate", "duel", "ogre", "aldric", "--runs", "200",
                    "--profile", "naive", "--seed", "2")
    assert [s["name"] for s in data["sides"]] == ["ogre", "aldric"]
    # The ogre plays the content's creatures' profile, as it would in a scenario.
    assert data["profiles"] == {"ogre": "lurking", "aldric": "naive"}
    ogre = data["sides"][0]
    assert data["exact"] is not None
    assert ogre["ci"][0] <= data["exact"] <= ogre["ci"][1]
    assert {r["template"] for r in data["sources"]} == {"ogre", "aldric"}


@pytest.mark.parametrize("index", [0, 1])
def test_a_creature_acts_after_the_character_whoever_the_run_says_strikes_first(index):
    from game.rules.events import AttackDeclared, Moved
    setup = Setup(str(DEFAULT_CONTENT), "duel", "ogre", "aldric", 4, profile="naive")
    game, sides = new_game(setup, index, 1)
    assert sides == {"u1": "aldric", "u2": "ogre"}
    assert game.units["u2"].owner is None and [p.name for p in game.players] == ["aldric"]
    game.play_ai_turn()
    acts = [e for e in game.journal if isinstance(e, (AttackDeclared, Moved))]
    assert acts[0].unit == "u1" if isinstance(acts[0], Moved) else acts[0].attacker == "u1"
    assert any(getattr(e, "attacker", getattr(e, "unit", "")) == "u2" for e in acts)


def test_ai_names_the_creatures_seat_to_give_it_another_profile():
    setup = Setup(str(DEFAULT_CONTENT), "duel", "aldric", "goblin-archer", 4,
                  profile="naive", seats=((2, "tactician"),))
    game, _ = new_game(setup, 0, 1)
    assert type(game.policy_of(None)).__name__ == "Tactician"
    plain, _ = new_game(Setup(str(DEFAULT_CONTENT), "duel", "aldric", "goblin-archer", 4,
                              profile="naive"), 0, 1)
    assert type(plain.policy_of(None)).__name__ == "Naive"


def test_a_duel_with_a_spell_caster_has_no_exact_odds(capsys):
    data = run_json(capsys, "simulate", "duel", "corvin", "dagny", "--runs", "2")
    assert data["exact"] is None


def test_a_duel_with_an_on_hit_weapon_or_items_has_no_exact_odds(capsys):
    # Pike carries a venomed dagger (an on-hit effect) and a bag of pepper (an item).
    data = run_json(capsys, "simulate", "duel", "pike", "dagny", "--runs", "2")
    assert data["exact"] is None


def test_simulate_a_scenario_with_every_side_ai_and_a_round_limit(capsys):
    data = run_json(capsys, "simulate", "crossroads", "--games", "3", "--rounds", "2")
    assert data["exact"] is None and data["runs"] == 3
    assert data["mean_rounds"] <= 2
    assert [s["name"] for s in data["sides"]] == ["Alice", "Bruno"]


def test_duel_alone_is_the_duel_scenario(capsys):
    data = run_json(capsys, "simulate", "duel", "--games", "2")
    assert data["what"] == "scenario duel" and data["runs"] == 2


def test_csv_has_a_row_per_side_and_per_template(capsys, exact_gives_up_soon):
    capsys.readouterr()
    assert main(["simulate", "duel", "aldric", "dagny", "--runs", "4", "--csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("side,wins,rate,ci_low,ci_high")
    assert lines[1].startswith("aldric,") and lines[2].startswith("dagny,")
    assert "template,ap,dealt_per_ap" in lines[4]


def test_compare_a_content_with_itself_reports_no_difference(capsys):
    data = run_json(capsys, "compare", "duel", "aldric", "dagny", "--runs", "12",
                    "--against", str(DEFAULT_CONTENT))
    assert data["games"] == 12 and data["winner_changed"] == 0
    for side in data["sides"]:
        assert side["a"] == side["b"] and side["difference"] == 0
        assert side["ci"] == [0, 0]


def test_compare_sees_a_stronger_sword_on_common_dice(tmp_path, capsys):
    shutil.copytree(DEFAULT_CONTENT, tmp_path / "b")
    weapons = tmp_path / "b" / "weapons.yaml"
    text = weapons.read_text()
    assert "dice: 1d8\n" in text
    weapons.write_text(text.replace("dice: 1d8\n", "dice: 3d8+4\n", 1))
    data = run_json(capsys, "simulate", "duel", "aldric", "dagny", "--runs", "40",
                    "--against", str(tmp_path / "b"))
    aldric = data["sides"][0]
    assert aldric["name"] == "aldric" and aldric["difference"] > 0 and aldric["ci"][0] > 0


@pytest.mark.parametrize("argv,message", [
    (["simulate", "duel", "aldric", "nobody"], "no character or creature template 'nobody'"),
    (["simulate", "duel", "wolf", "goblin"], "a duel needs a character on one side"),
    (["simulate", "atlantis"], "no scenario 'atlantis'"),
    (["simulate", "duel", "aldric", "dagny", "--workers", "0"], "--workers must be at least 1"),
    (["simulate", "duel", "aldric", "dagny", "--profile", "reckless"], "no AI profile"),
    (["simulate", "duel", "aldric"], "needs two templates (characters or creatures)"),
])
def test_bad_lab_input_is_a_clear_error(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_runs_on_a_dask_cluster_give_the_same_results():
    distributed = pytest.importorskip(
        "distributed", reason="Dask distributed is not installed (pip install "
                              "'escarmouche[cluster]')")
    setup = Setup(str(DEFAULT_CONTENT), "duel", "aldric", "dagny", 4)
    local = run_all(setup, 5, 8)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = run_all(setup, 5, 8, scheduler=cluster.scheduler_address)
    assert [(r.index, r.seed, r.winner, r.rounds) for r in remote] == \
        [(r.index, r.seed, r.winner, r.rounds) for r in local]


def test_a_report_into_a_file_keeps_every_id_whole(capsys):
    """Into a pipe or a file (no terminal width to keep to) the tables are as wide as their
    cells: the dungeon's `goblin-archer` and `war-wolf` are never cut to `goblin…`."""
    capsys.readouterr()
    assert main(["simulate", "dungeon", "--games", "2", "--workers", "1", "--rounds", "3"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("│")]
    assert any(line.startswith("│ goblin-archer ") for line in rows)
    assert any(line.startswith("│ war-wolf ") for line in rows)
    assert "…" not in out
    assert "┃ template " in out


def test_compare_lists_the_most_changed_template_first_by_relative_change():
    """The designer's sword change: the goblin's taken/AP 1.708 → 1.772 (4%) under
    Aldric's dealt/AP 0.346 → 0.388 (11%): Aldric comes first (a raw difference put the
    goblin first, its figure on a larger scale)."""
    a = {"aldric": {"dealt_per_ap": 0.346, "taken_per_ap": 0.2, "hit_rate": 0.5, "ap": 9},
         "goblin": {"dealt_per_ap": 0.03, "taken_per_ap": 1.708, "hit_rate": 0.2, "ap": 9}}
    b = {"aldric": {"dealt_per_ap": 0.388, "taken_per_ap": 0.2, "hit_rate": 0.5, "ap": 9},
         "goblin": {"dealt_per_ap": 0.03, "taken_per_ap": 1.772, "hit_rate": 0.2, "ap": 9}}
    rows = most_changed(a, b)
    assert [r["template"] for r in rows] == ["aldric", "goblin"]
    assert rows[0]["change"] == pytest.approx(0.042 / 0.388)
    # A hit rate from 0 to 5% (two attacks) is measured against 0.1 (0.5), not against
    # itself (1.0, the most any change can be).
    a["wolf"] = {"dealt_per_ap": 0.0, "taken_per_ap": 0.5, "hit_rate": 0.0, "ap": 4}
    b["wolf"] = {"dealt_per_ap": 0.0, "taken_per_ap": 0.5, "hit_rate": 0.05, "ap": 4}
    assert [r["template"] for r in most_changed(a, b)] == ["wolf", "aldric", "goblin"] \
        and most_changed(a, b)[0]["change"] == pytest.approx(0.5)
