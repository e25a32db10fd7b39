"""Statistics of many runs: win rates with Wilson intervals, draws, mean rounds, per
template damage per AP and hit rates, and the paired difference of two rule sets."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.lab.figures import EffectTally, Key, SourceTally
from game.lab.runs import RunResult, Tally

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (sound near 0 and 1, unlike p ± z·se)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), by its continued fraction
    (Lentz's method), on the side of x where it converges fast."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    if x > (a + 1) / (a + b + 2):
        return 1.0 - _incomplete_beta(b, a, 1.0 - x)
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x)) / a
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, 500):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            result *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return front * result


def t_quantile(p: float, df: int) -> float:
    """The `p` quantile (p ≥ ½) of Student's t with `df` degrees of freedom: 12.706 for a
    two-sided 95% interval of 2 runs (df 1), 2.262 of 10, towards the normal 1.960."""
    def upper_tail(t: float) -> float:  # P(T > t), t ≥ 0
        return 0.5 * _incomplete_beta(df / 2, 0.5, df / (df + t * t))

    low, high = 0.0, 1.0
    while upper_tail(high) > 1 - p:
        high *= 2
    for _ in range(200):
        mid = (low + high) / 2
        low, high = (mid, high) if upper_tail(mid) > 1 - p else (low, mid)
    return (low + high) / 2


def paired_interval(differences: list[float]) -> tuple[float, float, float]:
    """Mean of paired differences and its two-sided 95% interval, by Student's t with
    n − 1 degrees of freedom (the normal's 1.96 would be far too narrow on a few runs: at
    2 runs the quantile is 12.7)."""
    n = len(differences)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(differences) / n
    if n == 1:
        return mean, mean, mean
    var = sum((d - mean) ** 2 for d in differences) / (n - 1)
    half = t_quantile(0.975, n - 1) * math.sqrt(var / n)
    return mean, mean - half, mean + half


@dataclass
class Summary:
    """Many runs summed up."""

    runs: int
    sides: list[str]
    wins: dict[str, int]
    draws: int
    mean_rounds: float
    templates: dict[str, Tally] = field(default_factory=dict)
    median_rounds: float = 0.0
    sources: dict[Key, SourceTally] = field(default_factory=dict)
    effects: dict[Key, EffectTally] = field(default_factory=dict)

    def rate(self, side: str) -> float:
        return self.wins[side] / self.runs if self.runs else 0.0

    def side_rows(self) -> list[dict]:
        return [{"name": s, "wins": self.wins[s], "rate": self.rate(s),
                 "ci": list(wilson(self.wins[s], self.runs))} for s in self.sides]

    def template_rows(self) -> list[dict]:
        rows = []
        for tid, t in sorted(self.templates.items()):
            rows.append({"template": tid, "ap": t.ap,
                         "dealt_per_ap": t.dealt / t.ap if t.ap else 0.0,
                         "taken_per_ap": t.taken / t.ap if t.ap else 0.0,
                         "hit_rate": t.hits / t.attacks if t.attacks else 0.0,
                         "attacks": t.attacks, "hits": t.hits, "dealt": t.dealt,
                         "taken": t.taken, "overkill": t.overkill, "kills": t.kills})
        return rows

    def source_rows(self) -> list[dict]:
        """One row per template and weapon, spell, item (and walking, doors): they add up
        to the template's figures."""
        rows = []
        for (tid, kind, what), t in sorted(self.sources.items(), key=_source_order):
            rows.append({"template": tid, "kind": kind, "id": what, "uses": t.uses,
                         "ap": t.ap, "checks": _check_rows(t.checks), "landed": t.landed,
                         "dealt": t.dealt, "overkill": t.overkill, "kills": t.kills,
                         "healed": t.healed, "effects_laid": t.laid,
                         "dealt_per_ap": t.dealt / t.ap if t.ap else 0.0})
        return rows

    def effect_rows(self) -> list[dict]:
        """One row per template and timed effect it laid: the rolls and blows it bore on."""
        return [{"template": tid, "kind": kind, "id": what, "laid": t.laid,
                 "checks": _check_rows(t.checks), "blows": t.blows, "dealt": t.dealt,
                 "overkill": t.overkill, "kills": t.kills}
                for (tid, kind, what), t in sorted(self.effects.items())]


#: Rows of a template in this order: what strikes first, then what helps, then moving.
_KIND_ORDER = {k: i for i, k in enumerate(("weapon", "brawl", "spell", "reflected", "item",
                                            "walk", "door"))}


def _source_order(item) -> tuple:
    (tid, kind, what), _ = item
    return tid, _KIND_ORDER.get(kind, len(_KIND_ORDER)), what


def _check_rows(checks: dict[str, list[int]]) -> dict[str, dict]:
    return {kind: {"rolls": n, "successes": s, "rate": s / n if n else 0.0}
            for kind, (n, s) in sorted(checks.items())}


def summarise(results: list[RunResult], sides: list[str]) -> Summary:
    wins = {s: 0 for s in sides}
    templates: dict[str, Tally] = {}
    sources: dict[Key, SourceTally] = {}
    effects: dict[Key, EffectTally] = {}
    for r in results:
        if r.winner is not None:
            wins[r.winner] = wins.get(r.winner, 0) + 1
        for tid, tally in r.templates.items():
            templates.setdefault(tid, Tally()).add(tally)
        for k, source in r.sources.items():
            sources.setdefault(k, SourceTally()).add(source)
        for k, effect in r.effects.items():
            effects.setdefault(k, EffectTally()).add(effect)
    n = len(results)
    rounds = sorted(r.rounds for r in results)
    median = (rounds[(n - 1) // 2] + rounds[n // 2]) / 2 if n else 0.0
    return Summary(n, sides, wins, sum(r.winner is None for r in results),
                   sum(r.rounds for r in results) / n if n else 0.0, templates, median,
                   sources, effects)


def compare_sides(a: list[RunResult], b: list[RunResult], sides: list[str]) -> list[dict]:
    """Per side: its win rate under A and B, B − A and the paired 95% interval (run i
    under A against run i under B: same seed, common dice)."""
    rows = []
    for side in sides:
        diffs = [(rb.winner == side) - (ra.winner == side) for ra, rb in zip(a, b)]
        mean, low, high = paired_interval(diffs)
        rows.append({"name": side,
                     "a": sum(r.winner == side for r in a) / len(a) if a else 0.0,
                     "b": sum(r.winner == side for r in b) / len(b) if b else 0.0,
                     "difference": mean, "ci": [low, high]})
    return rows
