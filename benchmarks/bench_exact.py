"""The exact duel's speed (run by hand, never as a test).

    python benchmarks/bench_exact.py [--repeat 3] [--scales 1,2,4,8] [--lift-budget]

- every duel of two shipped character templates that only attack (no spells, items or
  on-hit weapons), 4 squares apart, `--profile naive`: the time of its exact answer as
  `simulate` asks it (`exact_win_rate`: both first strikers), the odds' caches emptied
  first; the slowest, the median, and aldric v dagny;
- growth: aldric v dagny with both templates' HP multiplied by each scale (a copy of
  content/ in a temporary folder), the time and the fitted exponent t ∝ HP^k between
  successive scales and over the whole range;
- the tactician's aldric v dagny: the time it takes to say it has no answer.

`--lift-budget` lifts the chain's decision budget (to time an older tree, whose chain
asked the naive policy once per pair of HP and ran out of decisions at 2x HP).
Times are the best of `--repeat` runs, wall clock and CPU.
"""

from __future__ import annotations

import argparse
import math
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.content.loader import DEFAULT_CONTENT  # noqa: E402
from game.lab import exact  # noqa: E402
from game.lab.runs import Setup, content_at  # noqa: E402
from game.rules import odds  # noqa: E402


def clear_caches() -> None:
    # A new duel's odds as if asked for the first time (the caches of odds.py, if any).
    for name in ("_attack_odds", "_attack_damage"):
        cached = getattr(odds, name, None)
        if cached is not None:
            cached.cache_clear()


def timed(setup: Setup, repeat: int) -> tuple[float, float, float | None]:
    """Best wall-clock and CPU seconds of the exact answer, and the answer."""
    best_wall = best_cpu = math.inf
    answer = None
    for _ in range(repeat):
        clear_caches()
        wall, cpu = time.perf_counter(), time.process_time()
        answer = exact.exact_win_rate(setup, 2)
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    return best_wall, best_cpu, answer


def attack_only(content, tid: str) -> bool:
    t = content.characters[tid]
    return not t.spells and not getattr(t, "items", None) and \
        all(content.weapons[w].on_hit is None for w in t.weapons)


def scaled(folder: Path, templates: set[str], factor: int) -> Path:
    """A copy of content/ with these templates' hp_max multiplied by `factor`."""
    dst = folder / f"hp{factor}"
    if dst.exists():
        return dst
    shutil.copytree(DEFAULT_CONTENT, dst)
    path = dst / "characters.yaml"
    lines, current = [], None
    for line in path.read_text().splitlines(keepends=True):
        if m := re.match(r"^([a-z][\w-]*):\s*$", line):
            current = m.group(1)
        if (h := re.match(r"^(\s+hp_max:\s*)(\d+)(.*)$", line, re.S)) and current in templates:
            line = f"{h.group(1)}{int(h.group(2)) * factor}{h.group(3)}"
        lines.append(line)
    path.write_text("".join(lines))
    return dst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scales", default="1,2,4,8")
    parser.add_argument("--lift-budget", action="store_true")
    parser.add_argument("--skip-pairs", action="store_true", help="growth only")
    args = parser.parse_args()
    if args.lift_budget:
        exact.MOST_DECISIONS = 10**9
    content_dir = str(DEFAULT_CONTENT)
    content = content_at(content_dir)
    if not args.skip_pairs:
        chars = [t for t in content.characters if attack_only(content, t)]
        walls, cpus = [], []
        slowest = (0.0, "")
        slowest_cpu = (0.0, "")
        for i, a in enumerate(chars):
            for b in chars[i:]:
                wall, cpu, _ = timed(Setup(content_dir, "duel", a, b, 4, profile="naive"),
                                     args.repeat)
                walls.append(wall)
                cpus.append(cpu)
                slowest = max(slowest, (wall, f"{a} v {b}"))
                slowest_cpu = max(slowest_cpu, (cpu, f"{a} v {b}"))
        print(f"{len(walls)} shipped duels (naive, 4 apart), exact answer (both first "
              f"strikers): median {1000 * statistics.median(walls):.1f} ms wall "
              f"({1000 * statistics.median(cpus):.1f} ms CPU), slowest "
              f"{1000 * slowest[0]:.1f} ms wall ({slowest[1]}), "
              f"{1000 * slowest_cpu[0]:.1f} ms CPU ({slowest_cpu[1]}); "
              f"{sum(c <= 0.05 for c in cpus)} of {len(cpus)} within 50 ms CPU")
    with tempfile.TemporaryDirectory() as tmp:
        rows = []
        for factor in (int(s) for s in args.scales.split(",")):
            folder = content_dir if factor == 1 else str(scaled(Path(tmp), {"aldric", "dagny"},
                                                                 factor))
            setup = Setup(folder, "duel", "aldric", "dagny", 4, profile="naive")
            hp = content_at(folder).characters["aldric"].hp_max
            wall, cpu, answer = timed(setup, args.repeat)
            rows.append((factor, hp, wall, cpu))
            growth = ""
            if len(rows) > 1:
                (f0, h0, w0, c0), (f1, h1, w1, c1) = rows[-2], rows[-1]
                growth = f"  k = {math.log(w1 / w0) / math.log(h1 / h0):.2f} wall, " \
                         f"{math.log(c1 / c0) / math.log(h1 / h0):.2f} CPU"
            print(f"aldric v dagny, HP x{factor} (aldric {hp}): {1000 * wall:.1f} ms wall, "
                  f"{1000 * cpu:.1f} ms CPU, P = {answer}{growth}")
        if len(rows) > 2:
            (f0, h0, w0, c0), (f1, h1, w1, c1) = rows[0], rows[-1]
            print(f"over x{f0}..x{f1}: k = {math.log(w1 / w0) / math.log(h1 / h0):.2f} wall, "
                  f"{math.log(c1 / c0) / math.log(h1 / h0):.2f} CPU")
    wall, cpu, answer = timed(Setup(content_dir, "duel", "aldric", "dagny", 4,
                                    profile="tactician"), 1)
    print(f"tactician aldric v dagny: {answer} after {1000 * wall:.0f} ms")


if __name__ == "__main__":
    main()
