"""The demo scenarios: each one's commented script plays a whole game to its end, and shows
the rule the scenario is for (faction allies, counter-magic, line of sight...)."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.content.loader import DEFAULT_CONTENT, list_scenarios, load_content, load_scenario, \
    scenario_path
from game.rules.engine import Game
from game.rules.policies import ProfileBook

SCRIPTS = DEFAULT_CONTENT / "scripts"

# scenario, script, refusals the script makes on purpose (0: it runs under --strict), winner
DEMOS = [
    ("duel", "duel-demo.txt", 0, 1),
    ("tavern-brawl", "tavern-brawl-demo.txt", 0, 1),
    ("mages-duel", "mages-duel-demo.txt", 0, 2),
    ("gallery", "gallery-demo.txt", 2, 1),
    ("dungeon", "dungeon-demo.txt", 0, 1),
    ("marches", "marches-demo.txt", 0, 1),
]


def play(capsys, scenario: str, script: str, strict: bool = True) -> tuple[int, list[dict]]:
    """Run `python -m game script SCENARIO SCRIPT --json [--strict]`; its exit code and events."""
    argv = ["script", scenario, str(SCRIPTS / script), "--json"] + (["--strict"] if strict else [])
    code = main(argv)
    lines = capsys.readouterr().out.splitlines()
    return code, [json.loads(line) for line in lines]


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def rolls(events: list[dict], unit: str, check: str = "attack") -> list[dict]:
    return [e for e in of_type(events, "roll") if e["unit"] == unit and e["check"] == check]


def term(roll: dict, name: str) -> dict | None:
    return next((t for t in roll["terms"] if t["name"] == name), None)


@pytest.mark.parametrize("scenario,script,refusals,winner", DEMOS,
                         ids=[d[0] for d in DEMOS])
def test_demo_script_plays_to_game_over(capsys, scenario, script, refusals, winner):
    code, events = play(capsys, scenario, script, strict=refusals == 0)
    assert code == 0
    assert len(of_type(events, "refused")) == refusals
    state = events[-1]
    assert state["type"] == "state"
    assert state["over"] is True and state["winner"] == winner
    over = of_type(events, "game_over")
    assert [e["winner"] for e in over] == [winner]
    # The script ends with the game: nothing is played after the game is over.
    commands = [i for i, e in enumerate(events) if e["type"] == "command"]
    assert events.index(over[0]) > commands[-1]
    # Every character of the losers is down.
    losers = [u for u in state["units"] if u["kind"] == "character" and u["owner"] != winner]
    assert losers and all(u["down"] for u in losers)


@pytest.mark.parametrize("scenario", list_scenarios())
def test_every_scenario_has_a_briefing_and_a_victory(scenario):
    content = load_content()
    loaded = load_scenario(content, scenario_path(DEFAULT_CONTENT, scenario))
    assert len(loaded.briefing) > 80
    assert loaded.victory.strip()


def test_every_demo_scenario_is_shipped():
    assert {d[0] for d in DEMOS} <= set(list_scenarios())


def test_duel_is_melee_against_dodge_and_reduction(capsys):
    _, events = play(capsys, "duel", "duel-demo.txt")
    state = events[-1]
    assert sorted(u["owner"] for u in state["units"]) == [1, 2]
    sword = rolls(events, "gautier")
    # Melee: skill + mastery + sb(STR), never faction nor crowding.
    assert {tuple(t["name"] for t in r["terms"]) for r in sword} == \
        {("skill", "mastery", "stat_bonus")}
    assert any(r["perfect"] for r in rolls(events, "ysolde"))
    assert any(r["success"] for r in rolls(events, "gautier", "dodge"))
    on_gautier = [d for d in of_type(events, "damage") if d["target"] == "gautier"]
    assert all(d["reduction"] == 3 for d in on_gautier)   # DEF 16 gives 1, chainmail 2


def test_tavern_brawl_faction_counts_own_allies_never_an_enemy_of_the_faction(capsys):
    _, events = play(capsys, "tavern-brawl", "tavern-brawl-demo.txt")
    hugo = rolls(events, "hugo")[0]
    # Odo (the Guild's hired Order knight) stands next to Hugo: he is not counted.
    assert term(hugo, "faction") == {"name": "faction", "value": 10,
                                     "detail": "order", "units": ["maud", "gilles"],
                                     "rule": "R3.5",
                                     "source": [{"file": "rules",
                                                 "paths": ["faction.maximum", "faction.ratio"]},
                                                {"file": "characters", "entry": "hugo",
                                                 "paths": ["faction"]}]}
    assert term(hugo, "crowding") == {"name": "crowding", "value": -8,
                                      "units": ["gilles", "maud"], "squares": [2, 2],
                                      "rule": "R4.6",
                                      "source": [{"file": "rules",
                                                  "paths": ["page.crowding_per_ally",
                                                            "crowding_step"]}]}
    # Odo, three Order knights around him, all enemies: no bonus.
    odo = rolls(events, "odo")[0]
    assert term(odo, "faction")["value"] == 0 and term(odo, "faction")["detail"] == "order"
    # A dodge gains the defender's own faction allies.
    assert term(rolls(events, "hugo", "dodge")[0], "faction")["value"] == 10
    # Once Hugo is down, Maud counts Gilles alone.
    assert term(rolls(events, "maud")[-1], "faction")["units"] == ["gilles"]
    players = {e["player"] for e in of_type(events, "turn")}
    assert players == {1, 2, 3}


def test_mages_duel_counters_drain_the_next_refill_and_reflect(capsys):
    _, events = play(capsys, "mages-duel", "mages-duel-demo.txt")
    countered = of_type(events, "countered")
    blocked = next(c for c in countered if not c["reflected"])
    drain = events[events.index(blocked) + 1]
    assert drain["type"] == "ap_drained" and drain["unit"] == blocked["unit"]
    assert drain["owed"] == 2 and drain["next_refill"] == 8     # half of Smite's 4 AP
    paid = next(e for e in of_type(events, "ap_owed_paid") if e["unit"] == blocked["unit"])
    assert events.index(paid) > events.index(drain)
    reflected = next(c for c in countered if c["reflected"])
    assert reflected["unit"] == "elise" and reflected["spell"] == "firebolt"
    back = events[events.index(reflected):]
    assert next(e for e in back if e["type"] == "damage")["target"] == "corvin"
    assert of_type(events, "heal") and of_type(events, "effect")
    assert any(not r["success"] for r in rolls(events, "ysmay", "magic"))


def test_gallery_shows_distance_reach_and_line_of_sight(capsys):
    _, events = play(capsys, "gallery", "gallery-demo.txt", strict=False)
    reasons = [e["reason"] for e in of_type(events, "refused")]
    assert reasons == ["Robin is 4 squares away; the sling reaches 3",
                       "Robin has no line of sight to Wat"]
    shots = [r for r in of_type(events, "roll") if r["check"] == "attack"]
    malus = {term(r, "distance")["number"]: term(r, "distance")["value"] for r in shots}
    assert malus == {2: -1, 3: -2, 4: -3}
    assert any(term(r, "crowding")["value"] < 0 for r in shots)


def test_dungeon_doors_objects_and_creatures(capsys):
    _, events = play(capsys, "dungeon", "dungeon-demo.txt")
    assert len(of_type(events, "door")) == 4
    barrel = next(e for e in of_type(events, "destroyed") if e["target"] == "barrel-1")
    # No XP for smashing a barrel.
    after = events[events.index(barrel):]
    assert next(e for e in after if e["type"] in ("xp", "command"))["type"] == "command"
    creature_commands = {e["text"].split()[1] for e in of_type(events, "command")
                         if e["player"] is None}
    assert {"goblin-1", "goblin-2", "archer", "wolf", "ogre"} <= creature_commands
    assert {"unit": "fenwick", "by": "ogre"} in [
        {k: e[k] for k in ("unit", "by")} for e in of_type(events, "down")]
    on_goblin = next(d for d in of_type(events, "damage") if d["target"] == "goblin-1")
    assert on_goblin["reduction"] == 0                       # DEF 8: min(5, 8 // 10)


def test_big_map_loads_and_a_full_round_runs():
    content = load_content()
    scenario = load_scenario(content, scenario_path(DEFAULT_CONTENT, "marches"))
    game = Game(content, scenario, seed=1, policies=ProfileBook(content))
    assert game.width >= 60 and game.height >= 40
    assert len(game.units) >= 30
    before = {u.id: u.pos for u in game.units.values()}
    for _ in game.players:
        game.apply("end")
    assert game.round == 2 and game.current == 1
    moved = {uid for uid, pos in before.items() if game.units[uid].pos != pos}
    # Every lair's door is closed: its creatures stay in (the roaming wolves and raiders
    # are gone since 2026-12-02; Snag is Bruno's, played in his turn).
    assert not moved
