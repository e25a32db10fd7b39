"""Seconds for `tune` and the odds of a whole turn (run by hand, never as a test).

    python benchmarks/bench_tune.py [--runs 100] [--workers 1] [--skip-duel]

Whole-turn odds (`game.rules.turn`): the best turn, the squares ranked and the on-hit
chain, each from a fresh game, with the resolves the chain played. Then `tune`, end to end
through the CLI as a designer runs it: an exact odds target (with the check of every
value), an exact duel (`--profile naive`, the duel's chain) and a simulated one (the
default profile, `--runs` a value on common dice).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import time
from pathlib import Path

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.cli import main  # noqa: E402
from game.content.loader import load_content  # noqa: E402
from game.rules.actions import Attack  # noqa: E402
from game.rules.engine import Game  # noqa: E402
from game.rules.templates import EffectSpec, PlayerSpec, Scenario, UnitPlacement  # noqa: E402
from game.rules.turn import repeated_down, turn_odds  # noqa: E402

CONTENT = load_content()
OPEN = "\n".join(["." * 12] * 12)


def game_of(units, content=CONTENT) -> Game:
    characters, creatures = [], []
    for uid, tid, owner, (x, y) in units:
        placement = UnitPlacement(id=uid, template=tid, owner=owner, at=[x, y])
        (characters if owner is not None else creatures).append(placement)
    scenario = Scenario(name="bench", map=OPEN,
                        players=[PlayerSpec(name="A", colour="blue"),
                                 PlayerSpec(name="B", colour="red")],
                        characters=characters, creatures=creatures, objects=[])
    return Game(content, scenario, seed=0)


def sundering():
    gautier = CONTENT.characters["gautier"]
    sunder = msgspec.structs.replace(CONTENT.weapons["axe"], dice="1d8", ap_cost=3,
                                     on_hit=EffectSpec(stat="DEF", amount=-50, turns=1))
    dagny = msgspec.structs.replace(
        CONTENT.characters["dagny"], weapons=["sunder"],
        skills=msgspec.structs.replace(CONTENT.characters["dagny"].skills, melee=70))
    armoured = msgspec.structs.replace(
        gautier, hp_max=9, armour="plate",
        characteristics=msgspec.structs.replace(gautier.characteristics, DEF=50),
        skills=msgspec.structs.replace(gautier.skills, dodge=0))
    return msgspec.structs.replace(
        CONTENT, weapons={**CONTENT.weapons, "sunder": sunder},
        characters={**CONTENT.characters, "dagny": dagny, "gautier": armoured})


def timed(label: str, thunk) -> None:
    start = time.perf_counter()
    result = thunk()
    seconds = time.perf_counter() - start
    print(f"{label:<62} {seconds:7.2f} s   {result}")


def turn_figures() -> None:
    print("whole-turn odds (exact)")
    cases = [
        ("aldric → goblin, adjacent: best turn", [("aldric", "aldric", 1, (0, 0)),
                                                 ("goblin", "goblin", None, (1, 0))],
         "aldric", "goblin", False),
        ("aldric → goblin, 4 squares off: best turn + every square",
         [("aldric", "aldric", 1, (0, 0)), ("goblin", "goblin", None, (4, 3))],
         "aldric", "goblin", True),
        ("brenna → goblin, adjacent (bow and dagger): best turn + squares",
         [("brenna", "brenna", 1, (0, 0)), ("goblin", "goblin", None, (1, 0))],
         "brenna", "goblin", True),
        ("brenna → dagny, 5 squares off (ranged): best turn + squares",
         [("brenna", "brenna", 1, (0, 0)), ("dagny", "dagny", 2, (5, 3))],
         "brenna", "dagny", True),
    ]
    for label, units, actor, target, squares in cases:
        game = game_of(units)

        def run(game=game, actor=actor, target=target, squares=squares):
            found = turn_odds(game, actor, target, squares=squares)
            return f"P {float(found.best):.4f}, {found.runs:,} resolves and checks"

        timed(label, run)
    game = game_of([("dagny", "dagny", 1, (0, 0)), ("gautier", "gautier", 2, (1, 0))],
                   sundering())
    timed("on-hit DEF malus, 3 blows repeated (the chain of states)",
          lambda: f"P {float(repeated_down(game, Attack('dagny', 'gautier', weapon='sunder'), 'dagny', 'gautier')):.4f}")


def cli(*argv: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(argv)) == 0
    return out.getvalue()


def tune_figures(runs: int, workers: int, skip_duel: bool) -> None:
    print("tune, end to end")

    def odds():
        data = json.loads(cli("tune", "odds", "crossroads", "aldric", "goblin-1", "--from",
                              "9,4", "--field", "aldric.skills.melee", "--to", "35%",
                              "--json"))
        return (f"{data['field']} = {data['value']}, {len(data['steps'])} steps + "
                f"{data['high'] - data['low'] + 1} values checked")

    timed("tune odds: aldric's melee for P(down) 35% (exact)", odds)

    def best():
        data = json.loads(cli("tune", "odds", "crossroads", "aldric", "goblin-1",
                              "--figure", "best", "--field", "goblin-1.hp", "--to", "50%",
                              "--json"))
        return f"{data['field']} = {data['value']}, {len(data['steps'])} steps + check"

    timed("tune odds: the goblin's HP for a 50% best turn (exact)", best)
    if skip_duel:
        return

    def duel(*extra):
        data = json.loads(cli("tune", "duel", "aldric", "dagny", "--field",
                              "aldric.skills.melee", "--to", "50%", "--json",
                              "--workers", str(workers), *extra))
        kind = "exact" if all(s["exact"] for s in data["steps"]) else f"{runs} runs a value"
        return f"{data['field']} = {data['value']}, {len(data['steps'])} steps, {kind}"

    timed("tune duel aldric dagny --profile naive (the duel's chain)",
          lambda: duel("--profile", "naive"))
    timed(f"tune duel aldric dagny (tactician, simulated, {runs} runs, {workers} worker(s))",
          lambda: duel("--runs", str(runs), "--simulate"))


def main_() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--skip-duel", action="store_true")
    args = parser.parse_args()
    turn_figures()
    tune_figures(args.runs, args.workers, args.skip_duel)


if __name__ == "__main__":
    main_()
