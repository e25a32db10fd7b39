"""The balance lab's speed (run by hand, never as a test).

    python benchmarks/bench_lab.py [--games 40] [--duels 200] [--attacks 30000]

- games of `crossroads` simulated per second (every side AI), with 1 worker and with
  every core, for the default profile (the tactician) and for `naive` (the policy of
  earlier versions), side by side;
- the AI's mean decision time per action on crossroads, for both;
- duels (aldric v dagny at 4 squares) per second, 1 worker;
- how the cost of a game grows with its units: crossroads against the same map tiled 2×2
  with four times its units (each band and its creatures copied into every tile), time
  per game and per AI decision, for both policies;
- attacks per second through the engine (`Game.apply` of action objects, dice streams,
  events on, journal text off) against a bare inline loop of the same formulas (d100
  against the same chance, the dodge, the same damage dice less the same reduction) in
  the same run: the ratio is what the engine's structure costs.
"""

from __future__ import annotations

import argparse

import msgspec
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.content.loader import DEFAULT_CONTENT, load_content, load_scenario, scenario_path  # noqa: E402
from game.lab.parallel import run_all  # noqa: E402
from game.lab.runs import Setup, new_game, run_seed  # noqa: E402
from game.rules.actions import Attack  # noqa: E402
from game.rules.engine import Game  # noqa: E402
from game.rules.policies import ProfileBook  # noqa: E402
from game.rules.templates import Scenario  # noqa: E402


def per_second(setup: Setup, runs: int, workers: int) -> float:
    start = time.perf_counter()
    run_all(setup, 1, runs, workers)
    return runs / (time.perf_counter() - start)


def decision_ms(content_dir: str, profile: str, games: int) -> float:
    """Mean time the profile's policy takes to choose one action, over whole games."""
    setup = Setup(content_dir, "scenario", scenario="crossroads", profile=profile)
    spent, decisions = 0.0, 0
    for index in range(games):
        game, _ = new_game(setup, index, run_seed(1, index))
        while not game.over and game.round <= setup.rounds:
            policy = game.policy_of(game.ai_players[game.current])
            timed = policy.choose

            def choose(g, unit, moves=0, struck=False, timed=timed):
                nonlocal spent, decisions
                start = time.perf_counter()
                try:
                    return timed(g, unit, moves, struck)
                finally:
                    spent += time.perf_counter() - start
                    decisions += 1
            policy.choose = choose
            try:
                game.play_ai_turn()
            finally:
                del policy.choose
    return 1000 * spent / max(1, decisions)


def tiled(scenario: Scenario) -> Scenario:
    """The scenario's map tiled 2×2, every unit and object copied into each tile (the
    copies keep their owners: four times the units on four times the ground)."""
    rows = scenario.map.rstrip("\n").split("\n")
    width, height = len(rows[0]), len(rows)
    big = "\n".join([row + row for row in rows] * 2)

    def copies(placements):
        return [msgspec.structs.replace(p, id=f"{p.id}-{tx}{ty}",
                                        at=[p.at[0] + tx * width, p.at[1] + ty * height])
                for tx in range(2) for ty in range(2) for p in placements]
    return msgspec.structs.replace(scenario, map=big, characters=copies(scenario.characters),
                                   creatures=copies(scenario.creatures),
                                   objects=copies(scenario.objects), doors=[])


def growth(content_dir: str, profile: str, games: int) -> list[tuple[float, float, float]]:
    """Crossroads, then crossroads tiled 2×2: CPU seconds per game, rounds per game and
    ms per command (a command: one unit's walk or action, or a turn's end)."""
    content = load_content(Path(content_dir))
    small = load_scenario(content, scenario_path(Path(content_dir), "crossroads"))
    found = []
    for scenario in (small, tiled(small)):
        commands = rounds = 0
        start = time.process_time()  # CPU time: a shared machine's load aside
        for index in range(games):
            game = Game(content, scenario, seed=run_seed(1, index), dice="streams",
                        ai_players={1: profile, 2: profile}, policies=ProfileBook(content))
            while not game.over and game.round <= 30:
                commands += sum(1 for _ in game.ai_turn_steps())
            rounds += min(game.round, 30)
        spent = time.process_time() - start
        found.append((spent / games, rounds / games, 1000 * spent / max(1, commands)))
    return found


def engine_game() -> Game:
    content = load_content()
    scenario = load_scenario(content, scenario_path(DEFAULT_CONTENT, "crossroads"))
    game = Game(content, scenario, seed=1, dice="streams", policies=ProfileBook(content))
    game.units["aldric"].pos = (10, 7)
    game.units["dagny"].pos = (11, 7)
    game.units["dagny"].hp = game.units["dagny"].hp_max = 10**9
    return game


def engine_attacks(count: int) -> float:
    game = engine_game()
    aldric = game.units["aldric"]
    action = Attack("aldric", "dagny", "sword")
    start = time.perf_counter()
    for _ in range(count):
        aldric.ap = 10
        game.apply(action)
        if len(game.journal) > 10_000:
            del game.journal[:]  # events are made; keeping millions only measures memory
    return count / (time.perf_counter() - start)


def bare_attacks(count: int) -> float:
    """The same attack as plain arithmetic: the numbers the engine's plan holds."""
    game = engine_game()
    plan = Attack("aldric", "dagny", "sword").check(game, 1)
    chance, perfect_below = plan.chance.value, plan.chance.perfect_below
    dodge = plan.defence.value
    dice = [(d.count, d.sides, d.modifier, d.sign) for _, d in plan.damage.dice]
    extra = plan.damage.perfect_die
    reduction = plan.damage.reduction
    rng = random.Random(1)
    randint = rng.randint
    hp = 10**9
    start = time.perf_counter()
    for i in range(count):
        rng = random.Random(i)  # a stream per command, as the engine does
        randint = rng.randint
        roll = randint(1, 100)
        if roll > chance:
            continue
        if randint(1, 100) <= dodge:
            continue
        raw = 0
        for n, sides, mod, sign in dice:
            raw += sign * (sum(randint(1, sides) for _ in range(n)) + mod)
        if roll < perfect_below:
            raw += sum(randint(1, extra.sides) for _ in range(extra.count)) + extra.modifier
        hp -= max(0, raw - reduction)
    return count / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--duels", type=int, default=200)
    parser.add_argument("--attacks", type=int, default=30_000)
    args = parser.parse_args()
    content = str(DEFAULT_CONTENT.resolve())
    cores = os.cpu_count() or 1
    for profile in ("balanced", "naive"):
        crossroads = Setup(content, "scenario", scenario="crossroads", profile=profile)
        print(f"{per_second(crossroads, args.games, 1):8.2f} crossroads games/s "
              f"(1 worker, {profile})")
        print(f"{per_second(crossroads, args.games, cores):8.2f} crossroads games/s "
              f"({cores} workers, {profile})")
        print(f"{decision_ms(content, profile, max(4, args.games // 4)):8.2f} ms per AI "
              f"decision on crossroads ({profile})")
        (small, small_rounds, per_small), (big, big_rounds, per_big) = \
            growth(content, profile, max(2, args.games // 10))
        print(f"{big / small:8.2f}× the time per game with 4× the units ({profile}: "
              f"{small:.2f} s in {small_rounds:.1f} rounds → {big:.2f} s in {big_rounds:.1f}; "
              f"{per_big / per_small:.2f}× per command: {per_small:.2f} → {per_big:.2f} ms)")
    duel = Setup(content, "duel", "aldric", "dagny", 4)
    print(f"{per_second(duel, args.duels, 1):8.1f} duels/s (1 worker)")
    engine = max(engine_attacks(args.attacks) for _ in range(3))
    bare = max(bare_attacks(args.attacks) for _ in range(3))
    print(f"{engine:10,.0f} engine attacks/s, {bare:10,.0f} bare loop attacks/s: "
          f"engine = 1/{bare / engine:.1f} of the bare loop")


if __name__ == "__main__":
    main()
