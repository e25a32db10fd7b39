"""`validate` on hostile content files of 1 MB: wall time and peak memory (run by hand).

    python benchmarks/bench_validate.py [--size 1000000]

Each case copies the shipped content, writes one file of about `--size` bytes built to
cost the most (the most values the reader allows, every entry valid so every check runs,
every entry wrong so every error is written, aliases, nesting, one huge scalar), then runs
`python -m game validate` on it in a child process and reports the child's elapsed time
and maximum resident memory. The aim: under 5 s and 100 MB for every case.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"


def fill(unit: str, size: int, head: str = "") -> str:
    return head + unit * max(1, (size - len(head)) // len(unit))


def cases(size: int) -> dict[str, tuple[str, str]]:
    """name -> (file, text)."""
    weapon = ("w{i}:\n  name: Sword\n  kind: melee\n  dice: 1d8\n  ap_cost: 4\n"
              "  family: sword\n")
    # A weapon is 12 values (keys count): as many as the reader allows in one file.
    most = 49_000 // 12
    weapons = "".join(weapon.format(i=i) for i in range(most))
    weapons = fill("# padding\n", size, weapons)
    wrong = "".join(f"w{i}: {{name: 7, kind: axe, dise: 1d8, ap_cost: -1}}\n"
                    for i in range(49_000 // 10))
    wrong = fill("# padding\n", size, wrong)
    laughs = "a0: &a0 [" + ", ".join(["x"] * 10) + "]\n" + "".join(
        f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]\n" for i in range(1, 40))
    laughs = fill("# padding\n", size, laughs)
    refs = "".join(f"c{i}: {{name: C, glyph: C, stats: {{STR: 10, DEX: 10, SIZ: 10, INT: 10,"
                   f" DEF: 10, LCK: 10}}, hp_max: 10, weapons: [swrod, axxe, bwo]}}\n"
                   for i in range(49_000 // 32))
    refs = fill("# padding\n", size, refs)
    dupes = fill("# padding\n", size, "".join(f"k: {{name: N{i}}}\n"
                                              for i in range(49_000 // 4)))
    map_rows = "\n".join("  " + "." * 1000 for _ in range(size // 1003))
    scenario = (CONTENT / "scenarios" / "crossroads.yaml").read_text()
    start = scenario.index("map: |")
    end = scenario.index("players:")
    return {
        "100k scalars (flow list)": ("factions.yaml", "x: [" + fill("1,", size) + "1]\n"),
        "valid weapons, every check": ("weapons.yaml", weapons),
        "wrong weapons, every error": ("weapons.yaml", wrong),
        "unknown references (difflib)": ("characters.yaml", refs),
        "duplicate keys": ("factions.yaml", dupes),
        "billion laughs": ("factions.yaml", laughs),
        "deep block nesting": ("factions.yaml", fill("# padding\n", size, "".join(
            " " * i + f"k{i}:\n" for i in range(1000)))),
        "deep flow nesting": ("factions.yaml", "x: " + "[" * 500 + "]" * 500 + "\n"
                              + fill("# padding\n", size - 1010)),
        "one 1 MB string": ("factions.yaml", "order:\n  name: O\n  description: \""
                            + "x" * size + "\"\n"),
        "1 MB map": ("scenarios/crossroads.yaml",
                     scenario[:start] + "map: |\n" + map_rows + "\n" + scenario[end:]),
        "200x200 map of unknown symbols": ("scenarios/crossroads.yaml", fill(
            "# padding\n", size, scenario[:start] + "map: |\n"
            + "\n".join("  " + "X" * 200 for _ in range(200)) + "\n" + scenario[end:])),
        "1 MB of one line of keys": ("factions.yaml", "{" + ", ".join(
            f"k{i}: v" for i in range(size // 10)) + "}\n"),
        "binary garbage": ("rules.yaml", os.urandom(size).decode("latin-1")),
    }


def run(content: Path, log: Path) -> tuple[int, float, float, str]:
    """Exit code, elapsed seconds, peak resident MB and first output line of one validate."""
    with log.open("wb") as out:
        started = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-m", "game", "validate", "--content",
                                  str(content)], cwd=ROOT, stdout=out, stderr=out)
        # wait4 gives this child's own resource usage: its peak resident set.
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    first = log.read_text(errors="replace").splitlines()[:1]
    return child.returncode, elapsed, usage.ru_maxrss / 1024, first[0][:60] if first else ""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=1_000_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for name, (file, text) in cases(args.size).items():
            content = Path(tmp) / "content"
            shutil.rmtree(content, ignore_errors=True)
            shutil.copytree(CONTENT, content)
            (content / file).write_text(text, encoding="utf-8")
            size = (content / file).stat().st_size
            code, elapsed, peak, first = run(content, Path(tmp) / "log")
            print(f"{name:30} {size / 1e6:4.2f} MB  exit {code}  {elapsed:5.2f} s  "
                  f"{peak:6.1f} MB  {first}", flush=True)
        code, elapsed, peak, first = run(CONTENT, Path(tmp) / "log")
        print(f"{'shipped content':30} {'':7}  exit {code}  {elapsed:5.2f} s  {peak:6.1f} MB")


if __name__ == "__main__":
    main()
