"""`simulate`, `compare`, `balance` and `tune`: each runs its request (`game.lab.requests`,
built by the command line from its arguments) and prints its report."""

from __future__ import annotations

import csv
import io
import json
import os
import sys
from dataclasses import fields, replace
from pathlib import Path

from rich.console import Console

from game import oddsreport
from game.i18n import _, format_decimal, format_percent
from game.lab import report, tune as tuning
from game.lab.exact import exact_win_rate
from game.lab.odds import situation
from game.lab.parallel import run_all
from game.lab.requests import (BalanceRequest, CompareRequest, Runs, SimulateRequest, Spread,
                               TuneRequest)
from game.lab.runs import (LabError, Setup, check_setup, content_at, duel_sides, new_game,
                           on_unit, said, scenario_at, unit_ids)
from game.lab.stats import compare_sides, summarise
from game.rules.edits import split_path, template_value
from game.rules.errors import Impossible


def seats_of(specs: tuple[str, ...]) -> tuple[tuple[int, str], ...]:
    """`--ai 2:naive` (repeatable): the seats that play another profile than --profile."""
    seats: dict[int, str] = {}
    for spec in specs:
        number, colon, profile = spec.partition(":")
        if not (number.isascii() and number.isdigit() and len(number) <= 2) or not colon \
                or not profile:
            raise LabError(_("--ai takes a player number and a profile (2:naive), not "
                             "{spec!r}").format(spec=spec))
        seats[int(number)] = profile
    return tuple(sorted(seats.items()))


def setup_of(request: Runs, content_dir: Path) -> Setup:
    """The lab's setup of what `request` plays, under the content of `content_dir`."""
    what = request.what
    seats = seats_of(request.ai)
    # `duel A B` is a duel of two templates; `duel` alone is the scenario of that name.
    if what[0] == "duel" and len(what) != 1:
        if len(what) != 3:
            raise LabError(_("a duel needs two templates (characters or creatures): duel A "
                             "B, not {what!r}").format(what=" ".join(what)))
        setup = Setup(str(Path(content_dir).resolve()), "duel", what[1], what[2],
                      request.distance, profile=request.profile, rounds=request.rounds,
                      seats=seats)
    else:
        if len(what) != 1:
            raise LabError(_("one scenario, or `duel A B`, not {what!r}").format(
                what=" ".join(what)))
        setup = Setup(str(Path(content_dir).resolve()), "scenario", scenario=what[0],
                      profile=request.profile, rounds=request.rounds, seats=seats)
    check_setup(setup)
    return setup


#: The most runs one command plays: a million crossroads games is days of CPU already.
MOST_RUNS = 1_000_000


def count_of(request: Spread, default: int = 200) -> int:
    """The runs asked (`default` when none is), within bounds."""
    n = default if request.runs is None else request.runs
    if n < 1:
        raise LabError(_("--runs / --games must be at least 1"))
    if n > MOST_RUNS:
        raise LabError(_("--runs / --games: {n} runs; at most {most} in one command").format(
            n=format_decimal(n, 0), most=format_decimal(MOST_RUNS, 0)))
    return n


def workers_of(request: Spread) -> int:
    workers = request.workers
    if workers is None:
        return 1
    if workers < 1:
        raise LabError(_("--workers must be at least 1 (0 is not a number of processes)"))
    cores = os.cpu_count() or 1
    if workers > cores and request.scheduler is None:
        raise LabError(_("--workers {workers}: this machine has {cores} cores; at most "
                         "{cores} local processes").format(workers=workers, cores=cores))
    return workers


def sides_of(setup: Setup) -> list[str]:
    if setup.kind == "duel":
        return duel_sides(setup)
    return [p.name for p in scenario_at(setup.content_dir, setup.scenario).players]


def _run(setup: Setup, request: Spread, runs: int, label: str):
    """All runs, with a progress bar on stderr when it is a terminal."""
    workers = workers_of(request)
    if not sys.stderr.isatty():
        return run_all(setup, request.seed, runs, workers, request.scheduler)
    from rich.markup import escape
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(escape(label), total=runs)  # a name as written, not markup
        return run_all(setup, request.seed, runs, workers, request.scheduler,
                       lambda n: bar.advance(task, n))


def simulate(request: SimulateRequest) -> int:
    """`simulate`: win rates, damage per AP and hit rates (and a duel's exact odds)."""
    if request.against:
        return compare(CompareRequest(**{f.name: getattr(request, f.name)
                                         for f in fields(CompareRequest)}))
    setup = setup_of(request, request.content)
    runs = count_of(request)
    results = _run(setup, request, runs, setup.title())
    summary = summarise(results, sides_of(setup))
    exact = exact_win_rate(setup, runs) if setup.kind == "duel" else None
    data = report.simulate_object(summary, request.seed, exact, setup)
    if request.json:
        print(json.dumps(data))
    elif request.csv:
        sys.stdout.write(report.simulate_csv(data))
    else:
        report.render_simulate(report.lab_console(), data, setup.title(),
                               report.content_names(content_at(setup.content_dir)))
    return 0


#: The least base a relative change is taken against (`most_changed`).
NOISE_FLOOR = 0.1


def most_changed(rows_a: dict[str, dict], rows_b: dict[str, dict]) -> list[dict]:
    """Each template's figures under A and B, the most changed first: by the largest
    relative change of its dealt/AP, taken/AP and hit rate (a goblin's taken/AP of 1.7
    moving 0.06 is less news than a knight's dealt/AP of 0.35 moving 0.04)."""
    empty = {"dealt_per_ap": 0.0, "taken_per_ap": 0.0, "hit_rate": 0.0, "ap": 0}
    templates = []
    for tid in sorted(set(rows_a) | set(rows_b)):
        ta, tb = rows_a.get(tid) or empty, rows_b.get(tid) or empty
        # Against 0.1 at least: a figure near nothing (a hit rate 0 -> 5% on two
        # attacks) is noise, not the most changed.
        change = max(abs(tb[k] - ta[k]) / max(abs(ta[k]), abs(tb[k]), NOISE_FLOOR)
                     for k in ("dealt_per_ap", "taken_per_ap", "hit_rate"))
        templates.append({"template": tid, "a": ta, "b": tb, "change": change})
    templates.sort(key=lambda t: (-t["change"], t["template"]))
    return templates


def compare(request: CompareRequest) -> int:
    """`compare`: the same games under two content folders, on common dice."""
    a = setup_of(request, request.content)
    b = setup_of(request, request.against)
    runs = count_of(request)
    results_a = _run(a, request, runs, f"A: {a.title()}")
    results_b = _run(b, request, runs, f"B: {b.title()}")
    sides = sides_of(a)
    sum_a, sum_b = summarise(results_a, sides), summarise(results_b, sides)
    rows_a = {t["template"]: t for t in sum_a.template_rows()}
    rows_b = {t["template"]: t for t in sum_b.template_rows()}
    templates = most_changed(rows_a, rows_b)
    data = {
        "what": a.describe(), "games": runs, "seed": request.seed,
        "content_a": str(request.content), "content_b": str(request.against),
        "sides": compare_sides(results_a, results_b, sides),
        "mean_rounds": {"a": sum_a.mean_rounds, "b": sum_b.mean_rounds},
        "draws": {"a": sum_a.draws, "b": sum_b.draws},
        "winner_changed": sum(ra.winner != rb.winner for ra, rb in zip(results_a, results_b)),
        "changed_games": [ra.index for ra, rb in zip(results_a, results_b)
                          if ra.winner != rb.winner][:20],
        "templates": templates,
    }
    if request.json:
        print(json.dumps(data))
    elif request.csv:
        sys.stdout.write(report.compare_csv(data))
    else:
        report.render_compare(report.lab_console(), data, a.title())
    return 0


def balance(request: BalanceRequest) -> int:
    """`balance [SCENARIO…]`: each scenario's seats against 1/n, draws and length."""
    from game.lab import balance as table

    content_dir = str(Path(request.content).resolve())
    names = table.scenarios_of(Path(request.content), list(request.scenarios))
    runs = count_of(request, default=1000)
    workers_of(request)
    rows = [table.balance_row(content_dir, name, runs, request.seed, request.profile,
                              request.rounds,
                              lambda setup, name=name: _run(setup, request, runs, name))
            for name in names]
    text = table.write(rows, request.seed, request.profile, request.output,
                       report.lab_console())
    if text is not None:
        sys.stdout.write(text)
    return 0


# --- tune -------------------------------------------------------------------------------


def parse_target(text: str, figure: str) -> float:
    """`50%`, `0.5` or `50` (a number above 1 is a percent); a mean damage as it is."""
    raw = text.strip()
    try:
        if raw.endswith("%"):
            value = float(raw[:-1]) / 100
        else:
            value = float(raw)
            if figure != "mean" and value > 1:
                value /= 100
    except ValueError:
        raise LabError(_("--to takes a chance (50%, 0.5) or, for a mean, a number; not "
                         "{text!r}").format(text=text)) from None
    if value != value or value in (float("inf"), float("-inf")):
        raise LabError(_("--to {text!r} is not a number").format(text=text))
    if figure != "mean" and not 0 <= value <= 1:
        raise LabError(_("--to {text}: a chance is between 0% and 100%").format(text=text))
    return value


def field_range(text: str, game=None, units=()) -> tuple[str, int, int]:
    """`--field PATH[=LOW..HIGH[:STEP]]`: the path and the range searched (its own
    bounds when none is given)."""
    try:
        if "=" in text:
            path, values = oddsreport.parse_vary(text, "--field")
            if len(values) > 1 and values[1] - values[0] != 1:
                raise LabError(_("--field: tune searches every integer between LOW and "
                                 "HIGH; leave out :STEP"))
            return _of_template(path, game, units), values[0], values[-1]
        split_path(text)
    except (ValueError, Impossible) as exc:
        raise LabError(said(exc)) from None
    text = _of_template(text, game, units)
    kind = "unit" if on_unit(text, units) else "template"
    bounds = tuning.default_range(game, text, kind)
    if bounds is None:
        raise LabError(_("--field {text}: give the range to search, e.g. {text}=0..20").format(
            text=text))
    return text, *bounds


def _of_template(path: str, game, units) -> str:
    """A scenario unit's `hp_max` or `ap_max` is its template's (`rook.hp_max` in the
    dungeon is `war-wolf.hp_max`: every unit made from it): the path says so."""
    head, field = split_path(path)
    unit = game.units.get(head) if game is not None and head != "rules" else None
    if unit is None or on_unit(path, units) or unit.template == head:
        return path
    return f"{unit.template}.{field}"


def _pct(p: float) -> str:
    return format_percent(p, 1)


def _figure_text(step, figure: str) -> str:
    return format_decimal(step.figure, 2) if figure == "mean" else _pct(step.figure)


def _how(step) -> str:
    """How a step's figure is known: exact (its fraction when short), or its interval."""
    if step.interval is not None:
        return _("95% {low}–{high}").format(low=_pct(step.interval[0]),
                                            high=_pct(step.interval[1]))
    if step.fraction is not None and step.fraction.denominator <= 100_000:
        return _("exact: {fraction}").format(fraction=step.fraction)
    return _("exact")


def tune(request: TuneRequest) -> int:
    """`tune`: the value of one field that brings a figure to a target (`game.lab.tune`)."""
    r = request
    what = r.what
    if r.json and r.csv:
        raise LabError(_("--json or --csv, not both"))
    quiet = r.json or r.csv
    console = report.lab_console()
    if what[0] == "odds":
        if len(what) != 4:
            raise LabError(_("tune odds needs a scenario, an attacker and a target: "
                             "tune odds crossroads aldric goblin-1"))
        figure = r.figure or "down"
        goal = parse_target(r.to, figure)
        game = situation(r.content, what[1], r.load, r.saves_dir)
        attacker, target = what[2], what[3]
        path, low, high = field_range(r.field, game, units=set(game.units))
        square = r.square
        choice = oddsreport.Choice(weapon=r.weapon, brawl=r.brawl, spell=r.spell)
        try:
            oddsreport.actor_of(game, attacker)
            action = choice.action(attacker, target).notation()
            if split_path(path)[0] != "rules":
                oddsreport.current_value(game, path)
        except Impossible as refusal:
            raise LabError(said(refusal)) from None
        evaluate = tuning.odds_figure(game, attacker, target, choice, path, figure, square)
        label = oddsreport.figure_label(figure) if figure != "best" else \
            _("P(down this turn) of the best turn")
        head = _("tune {field} ({low}..{high}) so that {figure} of {action} is {target}").format(
            field=path, low=low, high=high, figure=label, action=action,
            target=f"{goal:.2f}" if figure == "mean" else _pct(goal))
        how = _("exact odds, searched by bisection")
        current = oddsreport.current_value(game, path)
    else:
        if r.figure:
            raise LabError(_("--figure is for tune odds; a duel or a scenario is tuned by a "
                             "seat's win rate (--seat N)"))
        figure = "win"
        goal = parse_target(r.to, figure)
        setup = setup_of(r, r.content)
        sides = sides_of(setup)
        if not 1 <= r.seat <= len(sides):
            raise LabError(_("--seat {seat}: {setup} has seats 1 to {most}").format(
                seat=r.seat, setup=setup.describe(), most=len(sides)))
        units = unit_ids(setup)
        game, _names = new_game(setup, 0, 0)
        path, low, high = field_range(r.field, game, units=units)
        runs = count_of(r)
        # Bounded as the rest of the lab: every value plays its runs.
        if runs * tuning.MOST_STEPS > MOST_RUNS * 10:
            raise LabError(_("--runs {runs}: a search plays up to {steps} values; at most "
                             "{most} runs a value").format(
                runs=format_decimal(runs, 0), steps=tuning.MOST_STEPS,
                most=format_decimal(MOST_RUNS * 10 // tuning.MOST_STEPS, 0)))
        workers = workers_of(r)
        evaluate = tuning.lab_figure(setup, path, r.seat, sides, runs, r.seed, workers,
                                     r.scheduler, try_exact=not r.simulate)
        side = sides[r.seat - 1]
        head = _("tune {field} ({low}..{high}) so that {side} wins {target} of {what}").format(
            field=path, low=low, high=high, side=side, target=_pct(goal),
            what=setup.title())
        if setup.kind == "duel" and not r.simulate:
            how = _("exact where the duel's chain answers, else {runs} runs a value on "
                    "common dice (seed {seed}); profile {profile}")
        else:
            how = _("{runs} runs a value on common dice (seed {seed}); profile {profile}")
        how = how.format(runs=runs, seed=r.seed, profile=setup.profile)
        head_of = split_path(path)[0]
        try:
            current = oddsreport.current_value(game, path) if head_of == "rules" or \
                on_unit(path, units) else template_value(game.content, *split_path(path))
        except Impossible:
            current = None
    evaluate = tuning.remembered(evaluate)
    # A bad field, a value out of its bounds, a refused option: said before anything.
    for end in (low, high):
        if figure != "win":
            step = evaluate(end)
            if step.figure is None:
                raise LabError(step.reason)
        else:
            try:
                check_setup(replace(setup, changes=((path, end),)))
            except LabError as exc:
                raise LabError(str(exc) if str(exc).startswith(path)
                               else f"{path} = {end}: {exc}") from None
    if not quiet:
        console.print(head, style="bold")
        console.print(how, style="dim")

    short = oddsreport.field_heading(path)
    found_steps: list = []

    def shown(step) -> None:
        if quiet:
            return
        late = f"  ({format_decimal(step.seconds, 1)} s)" if step.seconds >= 0.5 else ""
        console.print(f"  {len(found_steps) + 1:>2}. {short} {step.value:>4}  →  "
                      f"{_figure_text(step, figure):>6}   {_how(step)}{late}")
        found_steps.append(step)

    try:
        found = tuning.search(evaluate, low, high, goal, shown)
    except tuning.NoLongerExact as stop:
        if not quiet:
            console.print(_("the duel's chain has no exact answer at {value}: every value "
                            "simulated instead").format(value=stop.args[0]), style="dim")
        found_steps.clear()
        evaluate = tuning.remembered(tuning.lab_figure(
            setup, path, r.seat, sides, runs, r.seed, workers, r.scheduler,
            try_exact=False))
        found = tuning.search(evaluate, low, high, goal, shown)
    if figure != "win" and high - low < 1000:
        tuning.check_all(found, evaluate)
    data = tune_object(found, path, figure, current, what)
    if r.json:
        print(json.dumps(data))
    elif r.csv:
        sys.stdout.write(tune_csv(data))
    else:
        render_tune(console, found, path, figure, current)
    return 0


def tune_object(found, path: str, figure: str, current, what) -> dict:
    def step(s):
        return {"value": s.value, "figure": s.figure, "exact": s.exact,
                "fraction": None if s.fraction is None else str(s.fraction),
                "wins": s.wins, "runs": s.runs,
                "ci": list(s.interval) if s.interval else None, "seconds": s.seconds}

    return {"field": path, "figure": figure, "target": found.target, "low": found.low,
            "high": found.high, "current": current, "what": list(what),
            "steps": [step(s) for s in found.steps],
            "reached": found.bracket is not None,
            "value": found.best.value if found.bracket is not None else None,
            "bracket": [found.bracket[0].value, found.bracket[1].value]
            if found.bracket else None,
            "closest": step(found.best) if found.best else None,
            "monotone": found.monotone,
            "crossings": [list(c) for c in found.crossings]}


def tune_csv(data: dict) -> str:
    """One row per value tried, in the order tried; `found` 1 on the value found."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["step", "field", "value", "figure", "exact", "fraction", "wins", "runs",
                "ci_low", "ci_high", "target", "found"])
    for n, s in enumerate(data["steps"], 1):
        w.writerow([n, data["field"], s["value"], f"{s['figure']:.6f}", int(s["exact"]),
                    s["fraction"] or "", "" if s["wins"] is None else s["wins"],
                    "" if s["runs"] is None else s["runs"],
                    f"{s['ci'][0]:.6f}" if s["ci"] else "",
                    f"{s['ci'][1]:.6f}" if s["ci"] else "", f"{data['target']:.6f}",
                    int(s["value"] == data["value"])])
    return out.getvalue()


def render_tune(console: Console, found, path: str, figure: str, current) -> None:
    best = found.best
    target = format_decimal(found.target, 2) if figure == "mean" else _pct(found.target)
    if found.bracket is None and not found.crossings:
        ends = {s.value: s for s in found.steps}
        console.print(_("no value of {field} from {low} to {high} reaches {target}: the "
                        "figure goes from {at_low} (at {low}) to {at_high} (at {high})").format(
            field=path, low=found.low, high=found.high, target=target,
            at_low=_figure_text(ends[found.low], figure),
            at_high=_figure_text(ends[found.high], figure)), style="bold")
        tried = {s.figure for s in found.steps}
        if len(tried) == 1 and all(s.exact for s in found.steps):
            # A flat figure is the field's absence from every roll it is made of (a
            # creature's dodge: creatures do not dodge), not a range too narrow.
            console.print(_("{field} changes nothing in this figure: it is the same, "
                            "exactly, at every value tried").format(field=path))
    else:
        if found.bracket is None:
            a, b = found.crossings[0]
            console.print(_("the ends of the range do not hold {target}, yet the figure "
                            "crosses it between {a} and {b}").format(target=target, a=a, b=b),
                          style="bold")
        else:
            other = found.bracket[1] if best is found.bracket[0] else found.bracket[0]
            fields = dict(field=path, value=best.value, figure=_figure_text(best, figure),
                          how=_how(best), other=other.value,
                          other_figure=_figure_text(other, figure))
            if other.value != best.value:
                line = _("found: {field} = {value}: {figure} ({how}); {other} gives "
                         "{other_figure}").format(**fields)
            else:
                line = _("found: {field} = {value}: {figure} ({how})").format(**fields)
            console.print(line, style="bold")
    if current is not None:
        console.print(_("{field} (now {current})").format(field=path, current=current),
                      style="dim")
    if found.monotone is not None:
        span = dict(low=found.low, high=found.high, target=target)
        if found.monotone and found.bracket is None and not found.crossings:
            console.print(_("every value from {low} to {high} checked: the figure moves one "
                            "way with the field, so none of them reaches {target}")
                          .format(**span))
        elif found.monotone:
            console.print(_("every value from {low} to {high} checked: the figure moves one "
                            "way with the field, so this is the one crossing").format(**span))
        else:
            pairs = ", ".join(f"{a}–{b}" if a != b else str(a) for a, b in found.crossings)
            console.print(_("every value from {low} to {high} checked: the figure does not "
                            "move one way with the field; it crosses {target} at {pairs}")
                          .format(pairs=pairs or "—", **span))
    elif figure == "win":
        simulated = [s for s in found.steps if s.interval is not None]
        if simulated:
            holding = sorted(s.value for s in simulated
                             if s.interval[0] <= found.target <= s.interval[1])
            console.print(_("values tried whose interval (95%) holds {target}: {values}").format(
                target=target, values=", ".join(map(str, holding)) or "—"))
        console.print(_("(a bisection: if the win rate does not move one way with the field, "
                        "this is one crossing, maybe not the only one)"), style="dim")
