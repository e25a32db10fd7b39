"""The new default AI against the policy of earlier versions, seat by seat (run by hand).

    python benchmarks/ai_versus.py [--games 500] [--workers 2] [--scenario NAME]…
                                   [--profile tactician] [--against naive]

For each shipped scenario and each seat: that seat plays `--profile`, every other seat
`--against`, over the same games (`simulate SCENARIO --ai N:PROFILE --profile AGAINST`);
prints a Markdown table of the profile's win rate per seat with its 95% interval, the
draws and the median rounds (the README's table).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.content.loader import DEFAULT_CONTENT, list_scenarios  # noqa: E402
from game.lab.parallel import run_all  # noqa: E402
from game.lab.runs import Setup, check_setup, scenario_at  # noqa: E402
from game.lab.stats import summarise, wilson  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--scenario", action="append")
    parser.add_argument("--profile", default="tactician")
    parser.add_argument("--against", default="naive")
    args = parser.parse_args()
    content = str(DEFAULT_CONTENT.resolve())
    print(f"| scenario | seat | {args.profile} wins | 95% | draws | median rounds |")
    print("|---|---|---|---|---|---|")
    for name in args.scenario or list_scenarios(DEFAULT_CONTENT):
        sides = [p.name for p in scenario_at(content, name).players]
        for seat, side in enumerate(sides, start=1):
            setup = Setup(content, "scenario", scenario=name, profile=args.against,
                          seats=((seat, args.profile),))
            check_setup(setup)
            results = run_all(setup, 1, args.games, args.workers)
            summary = summarise(results, sides)
            low, high = wilson(summary.wins[side], summary.runs)
            print(f"| {name} | {seat} ({side}) | {summary.rate(side):.1%} | "
                  f"{low:.0%}–{high:.0%} | {summary.draws} | {summary.median_rounds:g} |",
                  flush=True)


if __name__ == "__main__":
    main()
