"""Attacks resolved per second, journal text rendering off (run by hand).

    python benchmarks/bench_engine.py [--attacks 50000]

Each attack goes through the whole road a player's command takes: parse the notation,
validate, spend AP, roll, dodge, damage, XP, statistics, quips, journal events. Sight
checks (faction, crowding) run against the default scenario's six characters.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.content.loader import DEFAULT_CONTENT, load_content, load_scenario, scenario_path  # noqa: E402
from game.rules.actions import Attack  # noqa: E402
from game.rules.engine import Game  # noqa: E402
from game.rules.policies import ProfileBook  # noqa: E402


def setup() -> Game:
    content = load_content()
    scenario = load_scenario(content, scenario_path(DEFAULT_CONTENT, "crossroads"))
    game = Game(content, scenario, seed=1, policies=ProfileBook(content))
    game.units["aldric"].pos = (10, 7)
    game.units["dagny"].pos = (11, 7)
    game.units["dagny"].hp = game.units["dagny"].hp_max = 10**9
    return game


def run(count: int, parsed: bool) -> float:
    game = setup()
    aldric = game.units["aldric"]
    command = "attack aldric dagny with sword" if parsed else Attack("aldric", "dagny", "sword")
    start = time.perf_counter()
    for _ in range(count):
        aldric.ap = 10
        game.apply(command)
    elapsed = time.perf_counter() - start
    assert aldric.stats.attacks == count
    return count / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--attacks", type=int, default=50_000)
    args = parser.parse_args()
    for parsed in (True, False):
        best = max(run(args.attacks, parsed) for _ in range(3))
        label = "from notation text" if parsed else "from action objects"
        print(f"{best:>10,.0f} attacks/s  ({label}, best of 3 × {args.attacks:,})")


if __name__ == "__main__":
    main()
