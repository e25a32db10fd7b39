"""The lab's figures per weapon, spell, item and timed effect: read from the journal's
events, without overkill, adding up to the per-template figures."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.content.loader import DEFAULT_CONTENT
from game.lab.figures import figures
from game.lab.runs import Setup, play_run, tallies
from game.rules.events import AttackDeclared, CommandIssued, Damage, Down, Roll
from tests.helpers import make_game


def rows_of(game):
    return figures(game.journal, {u.id: u.template for u in game.units.values()})


def test_eleven_on_a_six_hp_target_is_six_dealt_and_five_overkill():
    journal = [CommandIssued("attack a b", 1),
               AttackDeclared("a", "b", "character", "melee", "sword", 1, 4, 6),
               Roll("attack", "a", 12, 60, 95, (), True),
               Damage("a", "b", (), (), 12, (), 1, 11, 6, 0), Down("b", "a")]
    sources, _ = figures(journal, {"a": "aldric", "b": "dagny"})
    row = sources["aldric", "weapon", "sword"]
    assert (row.uses, row.ap, row.dealt, row.overkill, row.kills, row.landed) == \
        (1, 4, 6, 5, 1, 1)
    assert row.checks == {"attack": [1, 1]}


def test_a_blow_on_a_wounded_unit_counts_only_the_hp_it_had():
    # Hugo at 1 HP takes a hit that lands: whatever the dice, 1 is dealt, the rest is
    # overkill, for the weapon and for the template alike.
    game = make_game([("pike", "pike", 1, (2, 2)), ("hugo", "hugo", 2, (3, 2))],
                     forced=[10, 99])
    game.units["hugo"].hp = 1
    events = game.apply("attack pike hugo with cudgel")
    damage = next(e for e in events if isinstance(e, Damage))
    assert damage.amount > 1
    row = rows_of(game)[0]["pike", "weapon", "cudgel"]
    assert (row.dealt, row.overkill, row.kills) == (1, damage.amount - 1, 1)
    tally = tallies(game)["pike"]
    assert (tally.dealt, tally.overkill, tally.kills) == (1, damage.amount - 1, 1)
    assert tallies(game)["hugo"].taken == 1


def test_an_on_hit_effect_and_an_item_have_their_rows_and_bear_on_later_rolls():
    game = make_game([("pike", "pike", 1, (2, 2)), ("hugo", "hugo", 2, (3, 2))],
                     forced=[10, 99])
    game.apply("attack pike hugo with venom-dagger")  # lands: STR -2 on Hugo
    game.apply("use pike pepper-bag hugo")  # melee -10 on Hugo
    game.apply("end")
    game.roller.force([10, 99])
    hit = game.apply("attack hugo pike")
    dealt = next(e for e in hit if isinstance(e, Damage)).amount
    sources, effects = rows_of(game)
    dagger = sources["pike", "weapon", "venom-dagger"]
    assert (dagger.uses, dagger.ap, dagger.laid, dagger.checks) == \
        (1, 3, 1, {"attack": [1, 1], "dodge": [1, 0]})
    bag = sources["pike", "item", "pepper-bag"]
    assert (bag.uses, bag.ap, bag.laid, bag.landed, bag.checks) == (1, 2, 1, 1, {})
    # Hugo's attack roll names both (his melee malus, his STR bonus); his blow's damage
    # bonus names the venom only.
    venom = effects["pike", "on-hit", "venom-dagger"]
    assert (venom.laid, venom.checks, venom.blows, venom.dealt) == \
        (1, {"attack": [1, 1]}, 1, dealt)
    pepper = effects["pike", "item", "pepper-bag"]
    assert (pepper.laid, pepper.checks, pepper.blows) == (1, {"attack": [1, 1]}, 0)
    # Items' AP count in the template's AP.
    assert tallies(game)["pike"].ap == 3 + 2


def test_an_effect_that_expired_bears_on_nothing_more():
    game = make_game([("pike", "pike", 1, (2, 2)), ("hugo", "hugo", 2, (3, 2))],
                     forced=[10, 99])
    game.apply("attack pike hugo with venom-dagger")  # STR -2 for 2 of Hugo's turns
    for _ in range(4):
        game.apply("end")
    game.roller.force([10, 99])
    game.apply("attack hugo pike")  # Hugo's second turn: the venom has worn off
    venom = rows_of(game)[1]["pike", "on-hit", "venom-dagger"]
    assert (venom.laid, venom.checks, venom.blows) == (1, {}, 0)


@pytest.mark.parametrize("setup", [
    Setup(str(DEFAULT_CONTENT), "scenario", scenario="mages-duel", profile="naive"),
    Setup(str(DEFAULT_CONTENT), "scenario", scenario="tavern-brawl", profile="naive",
          rounds=6),
    Setup(str(DEFAULT_CONTENT), "scenario", scenario="crossroads", profile="naive",
          rounds=5),
    Setup(str(DEFAULT_CONTENT), "duel", "pike", "hugo", 1, profile="naive"),
], ids=lambda s: s.describe())
def test_per_weapon_spell_and_item_figures_add_up_to_the_templates(setup):
    """Template figures come from the units' statistics (hits, kills) and the journal;
    the rows from the declarations' events: summed, they agree."""
    rows_seen = set()
    for index in range(3):
        run = play_run(setup, 7, index)
        for tid, tally in run.templates.items():
            rows = {k: v for k, v in run.sources.items() if k[0] == tid}
            rows_seen |= {k[1] for k in rows}
            strikes = [v for k, v in rows.items() if k[1] in ("weapon", "brawl")]
            assert sum(v.ap for v in rows.values()) == tally.ap, tid
            assert sum(v.dealt for v in rows.values()) == tally.dealt, tid
            assert sum(v.overkill for v in rows.values()) == tally.overkill, tid
            assert sum(v.kills for v in rows.values()) == tally.kills, tid
            assert sum(v.checks.get("attack", [0])[0] for v in strikes) == tally.attacks
            assert sum(v.landed for v in strikes) == tally.hits, tid
    if setup.scenario == "mages-duel":
        assert {"spell", "reflected"} <= rows_seen


def test_simulate_reports_the_rows_in_json_and_as_tables(capsys):
    capsys.readouterr()
    argv = ["simulate", "mages-duel", "--runs", "2", "--profile", "naive"]
    assert main(argv + ["--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    firebolt = next(r for r in data["sources"]
                    if r["template"] == "corvin" and r["id"] == "firebolt")
    assert firebolt["kind"] == "spell" and set(firebolt["checks"]) <= {"magic", "counter"}
    magic = firebolt["checks"]["magic"]
    assert magic["rolls"] == firebolt["uses"] and 0 < magic["rate"] <= 1
    for template in data["templates"]:
        mine = [r for r in data["sources"] if r["template"] == template["template"]]
        assert sum(r["ap"] for r in mine) == template["ap"]
        assert sum(r["dealt"] for r in mine) == template["dealt"]
    assert all(e["laid"] > 0 for e in data["effects"])
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "per weapon, spell and item" in out and "spell firebolt" in out
    assert "timed effects" in out
    assert main(argv + ["--csv"]) == 0
    blocks = capsys.readouterr().out.split("\n\n")
    assert blocks[2].startswith("template,kind,id,uses,ap,dealt,overkill,kills")
    assert blocks[3].startswith("template,effect_kind,effect,laid")


def test_compare_prints_its_tables(capsys):
    capsys.readouterr()
    assert main(["compare", "duel", "aldric", "dagny", "--runs", "2", "--profile", "naive",
                 "--against", str(DEFAULT_CONTENT)]) == 0
    out = capsys.readouterr().out
    assert "games on common" in out and "per template, A → B" in out
