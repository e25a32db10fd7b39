"""`simulate` and `compare`: read the arguments, run, print (the CLI only delegates here)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from rich.console import Console

from game.lab import report
from game.lab.exact import exact_win_rate
from game.lab.parallel import run_all
from game.lab.runs import LabError, Setup, check_setup, duel_sides, scenario_at
from game.lab.stats import compare_sides, summarise


def seats_of(args) -> tuple[tuple[int, str], ...]:
    """`--ai 2:naive` (repeatable): the seats that play another profile than --profile."""
    seats: dict[int, str] = {}
    for spec in getattr(args, "ai", None) or ():
        number, colon, profile = spec.partition(":")
        if not (number.isascii() and number.isdigit() and len(number) <= 2) or not colon \
                or not profile:
            raise LabError(f"--ai takes a player number and a profile (2:naive), not {spec!r}")
        seats[int(number)] = profile
    return tuple(sorted(seats.items()))


def setup_of(args, content_dir: Path) -> Setup:
    what = args.what
    seats = seats_of(args)
    # `duel A B` is a duel of two templates; `duel` alone is the scenario of that name.
    if what[0] == "duel" and len(what) != 1:
        if len(what) != 3:
            raise LabError("simulate duel needs two templates (characters or creatures): duel A B")
        setup = Setup(str(Path(content_dir).resolve()), "duel", what[1], what[2],
                      args.distance, profile=args.profile, rounds=args.rounds, seats=seats)
    else:
        if len(what) != 1:
            raise LabError(f"one scenario, or `duel A B`, not {' '.join(what)!r}")
        setup = Setup(str(Path(content_dir).resolve()), "scenario", scenario=what[0],
                      profile=args.profile, rounds=args.rounds, seats=seats)
    check_setup(setup)
    return setup


#: The most runs one command plays: a million crossroads games is days of CPU already.
MOST_RUNS = 1_000_000


def count_of(args) -> int:
    n = args.runs if args.runs is not None else args.games
    n = 200 if n is None else n
    if n < 1:
        raise LabError("--runs / --games must be at least 1")
    if n > MOST_RUNS:
        raise LabError(f"--runs / --games: {n:,} runs; at most {MOST_RUNS:,} in one command")
    return n


def workers_of(args) -> int:
    if args.workers is None:
        return 1
    if args.workers < 1:
        raise LabError("--workers must be at least 1 (0 is not a number of processes)")
    cores = os.cpu_count() or 1
    if args.workers > cores and args.scheduler is None:
        raise LabError(f"--workers {args.workers}: this machine has {cores} cores; "
                       f"at most {cores} local processes")
    return args.workers


def sides_of(setup: Setup) -> list[str]:
    if setup.kind == "duel":
        return duel_sides(setup)
    return [p.name for p in scenario_at(setup.content_dir, setup.scenario).players]


def _run(setup: Setup, args, runs: int, label: str):
    """All runs, with a progress bar on stderr when it is a terminal."""
    workers = workers_of(args)
    if not sys.stderr.isatty():
        return run_all(setup, args.seed, runs, workers, args.scheduler)
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=runs)
        return run_all(setup, args.seed, runs, workers, args.scheduler,
                       lambda n: bar.advance(task, n))


def simulate(args) -> int:
    if args.against:
        return compare(args)
    setup = setup_of(args, args.content)
    runs = count_of(args)
    results = _run(setup, args, runs, setup.describe())
    summary = summarise(results, sides_of(setup))
    exact = exact_win_rate(setup, runs) if setup.kind == "duel" else None
    data = report.simulate_object(summary, args.seed, exact, setup)
    if args.json:
        print(json.dumps(data))
    elif args.csv:
        sys.stdout.write(report.simulate_csv(data))
    else:
        report.render_simulate(Console(highlight=False), data)
    return 0


def compare(args) -> int:
    a = setup_of(args, args.content)
    b = setup_of(args, args.against)
    runs = count_of(args)
    results_a = _run(a, args, runs, f"A: {a.describe()}")
    results_b = _run(b, args, runs, f"B: {b.describe()}")
    sides = sides_of(a)
    sum_a, sum_b = summarise(results_a, sides), summarise(results_b, sides)
    rows_a = {t["template"]: t for t in sum_a.template_rows()}
    rows_b = {t["template"]: t for t in sum_b.template_rows()}
    templates = []
    for tid in sorted(set(rows_a) | set(rows_b)):
        ta, tb = rows_a.get(tid), rows_b.get(tid)
        empty = {"dealt_per_ap": 0.0, "taken_per_ap": 0.0, "hit_rate": 0.0, "ap": 0}
        ta, tb = ta or empty, tb or empty
        change = sum(abs(tb[k] - ta[k]) for k in ("dealt_per_ap", "taken_per_ap", "hit_rate"))
        templates.append({"template": tid, "a": ta, "b": tb, "change": change})
    templates.sort(key=lambda t: (-t["change"], t["template"]))
    data = {
        "what": a.describe(), "games": runs, "seed": args.seed,
        "content_a": str(args.content), "content_b": str(args.against),
        "sides": compare_sides(results_a, results_b, sides),
        "mean_rounds": {"a": sum_a.mean_rounds, "b": sum_b.mean_rounds},
        "draws": {"a": sum_a.draws, "b": sum_b.draws},
        "winner_changed": sum(ra.winner != rb.winner for ra, rb in zip(results_a, results_b)),
        "changed_games": [ra.index for ra, rb in zip(results_a, results_b)
                          if ra.winner != rb.winner][:20],
        "templates": templates,
    }
    if args.json:
        print(json.dumps(data))
    else:
        report.render_compare(Console(highlight=False), data)
    return 0

