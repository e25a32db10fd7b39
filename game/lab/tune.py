"""`python -m game tune`: the value of one field that brings one figure to a target.

The figure is one of the lab's: an option's exact odds (`odds`), a duel's win rate (exact
where the duel's chain answers, else simulated), a scenario seat's win rate (simulated).
Simulated figures are played on common dice: every value plays the same runs, run i with
the same seed, so two values differ by the field and not by luck.

The search is a bisection over the field's integer values: both ends first, then the
middle of the bracket the target lies in, until two neighbouring values hold it between
their figures. A figure need not move one way with its field (a plateau, a cap, a damage
bonus row, or luck in a simulation): the bisection then finds one value where the figure
crosses the target, not necessarily the only one. For an option's odds, which are exact
and quick, every value of the range is then checked and every crossing named.
"""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Callable

from game import oddsreport
from game.i18n import _, agreeing, field_text
from game.lab.exact import exact_win_rate
from game.lab.parallel import run_all
from game.lab.runs import LabError, Setup, check_setup
from game.lab.stats import summarise, wilson
from game.rules.edits import split_path, vary
from game.rules.errors import Impossible

#: The most values one search may try (a bisection of 1,000 values takes 11).
MOST_STEPS = 40


@dataclass
class Step:
    """One value tried: the figure there, exact (with its fraction when there is one) or
    simulated (its wins, runs and 95% interval), or the reason it cannot be weighed."""

    value: int
    figure: float | None
    exact: bool = False
    fraction: Fraction | None = None
    wins: int | None = None
    runs: int | None = None
    interval: tuple[float, float] | None = None
    reason: str | None = None
    seconds: float = 0.0


@dataclass
class Found:
    """The search's answer: the steps tried in order, the two neighbouring values whose
    figures hold the target (or None when no value of the range reaches it), the value
    of the two nearer the target, and for a checked range every crossing."""

    steps: list[Step]
    low: int
    high: int
    target: float
    bracket: tuple[Step, Step] | None
    best: Step | None
    monotone: bool | None = None
    crossings: list[tuple[int, int]] = field(default_factory=list)


def remembered(evaluate: Callable[[int], Step]) -> Callable[[int], Step]:
    """`evaluate` asked once per value."""
    seen: dict[int, Step] = {}

    def at(value: int) -> Step:
        if value not in seen:
            seen[value] = evaluate(value)
        return seen[value]

    return at


def search(evaluate: Callable[[int], Step], low: int, high: int, target: float,
           on_step: Callable[[Step], None] = lambda step: None) -> Found:
    """Bisect [low, high] for two neighbouring values whose figures hold `target`."""
    seen: dict[int, Step] = {}
    steps: list[Step] = []

    def at(value: int) -> Step:
        if value not in seen:
            if len(steps) >= MOST_STEPS:
                raise LabError(_("more than {most} values tried").format(most=MOST_STEPS))
            started = time.perf_counter()
            step = evaluate(value)
            step.seconds = time.perf_counter() - started
            if step.figure is None:
                raise LabError(step.reason)
            seen[value] = step
            steps.append(step)
            on_step(step)
        return seen[value]

    a, b = at(low), at(high)
    side = (lambda s: s.figure >= target)
    if low == high or side(a) == side(b):
        # No crossing between the ends: the nearer end is the closest of those tried.
        best = min((a, b), key=lambda s: (abs(s.figure - target), s.value))
        reached = abs(best.figure - target) < 1e-12
        return Found(steps, low, high, target, (best, best) if reached else None, best)
    lo, hi = low, high
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if side(at(mid)) == side(a):
            lo = mid
        else:
            hi = mid
    pair = (seen[lo], seen[hi])
    best = min(pair, key=lambda s: (abs(s.figure - target), s.value))
    return Found(steps, low, high, target, pair, best)


def check_all(found: Found, evaluate: Callable[[int], Step]) -> None:
    """Every value of the range weighed: whether the figure moves one way, and each pair
    of neighbours whose figures hold the target (an exact figure only)."""
    known = {s.value: s for s in found.steps}
    figures = []
    for value in range(found.low, found.high + 1):
        step = known.get(value) or evaluate(value)
        if step.figure is None:
            raise LabError(step.reason)
        figures.append((value, step.figure))
    values = [figure for _value, figure in figures]
    rising = all(b >= a for a, b in zip(values, values[1:]))
    falling = all(b <= a for a, b in zip(values, values[1:]))
    found.monotone = rising or falling
    t = found.target
    found.crossings = [(va, vb) for (va, fa), (vb, fb) in zip(figures, figures[1:])
                       if (fa >= t) != (fb >= t)]
    if not found.crossings:
        exact = [v for v, f in figures if abs(f - t) < 1e-12]
        found.crossings = [(v, v) for v in exact]


# --- the figures ------------------------------------------------------------------------


def odds_figure(game, attacker: str, target: str, choice, path: str, figure: str,
                square=None) -> Callable[[int], Step]:
    """An option's exact figure (`FIGURES` of the odds view) with the field at each value,
    each on its own copy of the situation."""
    key = oddsreport.FIGURES.get(figure)

    def evaluate(value: int) -> Step:
        situation = copy.deepcopy(game)
        try:
            vary(situation, path, value)
            if figure == "best":
                data = oddsreport.turn_object(situation, attacker, target, None, square)
                got, text = data["p_down_best"], (data.get("fractions") or {}).get(
                    "p_down_best")
            else:
                data = oddsreport.odds_object(situation, attacker, target, choice, square)
                got = data[key]
                text = data["exact"].get(key) if key in data["exact"] else None
        except Impossible as refusal:
            reason = refusal.translated(agreeing(refusal.fields), field_text)
            return Step(value, None, reason=labelled(path, value, reason))
        if got is None:
            return Step(value, None, reason=f"{path} = {value}: too large to compute "
                                             "exactly at once")
        fraction = Fraction(text) if text else None
        return Step(value, float(fraction) if fraction is not None else got, exact=True,
                    fraction=fraction)

    return evaluate


def labelled(path: str, value: int, reason: str) -> str:
    """`PATH = VALUE: reason`, once: a refusal that already begins so (a rule's or a
    template's schema) is not labelled again."""
    if reason.startswith(f"{path} = {value}"):
        return reason
    return _("{path} = {value}: {reason}").format(path=path, value=value, reason=reason)


class NoLongerExact(Exception):
    """The duel's chain answered at the values tried before, not at this one."""


def lab_figure(setup: Setup, path: str, seat: int, sides: list[str], runs: int, seed: int,
               workers: int = 1, scheduler: str | None = None, try_exact: bool = True,
               progress: Callable[[int], None] | None = None) -> Callable[[int], Step]:
    """A duel's or a scenario's win rate of one seat (1-based: a duel's first or second
    template, a scenario's player; `sides` their names) with the field at each value:
    exact where the duel's chain answers (asked at the first value only: a chain that
    cannot answer there is not asked again), else `runs` games on common dice. A chain
    that answered before and not at a later value raises `NoLongerExact`: the caller
    searches again, every value simulated."""
    state = {"exact": try_exact and setup.kind == "duel", "asked": False}

    def evaluate(value: int) -> Step:
        changed = replace(setup, changes=(*setup.changes, (path, value)))
        try:
            check_setup(changed)
        except LabError as exc:
            return Step(value, None, reason=labelled(path, value, str(exc)))
        if state["exact"]:
            if seat == 2:
                # The second template's chance: the duel seen from its side (its seat
                # profile with it).
                mine = replace(changed, first=changed.second, second=changed.first,
                               seats=tuple((3 - n, p) for n, p in changed.seats))
            else:
                mine = changed
            # Even runs alternate first strike half and half: the mean of both.
            p = exact_win_rate(mine, 2)
            if p is not None:
                state["asked"] = True
                return Step(value, p, exact=True)
            state["exact"] = False
            if state["asked"]:
                # Exact at the values before, not at this one: a search compares like
                # with like, so every value is simulated from the start.
                raise NoLongerExact(value)
        results = run_all(changed, seed, runs, workers, scheduler, progress)
        summary = summarise(results, sides)
        wins = summary.wins[sides[seat - 1]]
        return Step(value, wins / runs, wins=wins, runs=runs, interval=wilson(wins, runs))

    return evaluate


def default_range(game_or_content, path: str, head_kind: str) -> tuple[int, int] | None:
    """The range searched when FIELD names none: the field's own bounds where they mean
    something (a skill 0..100, a characteristic 1..40, HP 1..the unit's maximum), None
    for a rule (a rule's range must be given)."""
    head, field = split_path(path)
    if head == "rules":
        return None
    group = field.partition(".")[0]
    if field == "hp" and head_kind == "unit":
        return 1, game_or_content.units[head].hp_max
    return {"stats": (1, 40), "skills": (0, 100), "masteries": (0, 100),
            "hp": (1, 100), "hp_max": (1, 100), "ap": (1, 30), "ap_max": (1, 30),
            "xp": (0, 1000)}.get(group if group in ("stats", "skills", "masteries")
                                 else field)
