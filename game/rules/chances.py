"""One function per chance formula of the page, each returning named terms.

Geometry (who sees whom) is decided by the caller; these functions only turn numbers into
terms, so each can be checked against the page's own examples. Every number comes from
`RulesConfig` (content/rules.yaml); `docs/rules.md` states each formula.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Iterable, Protocol, Sequence

from game.rules.constants import Check
from game.rules.templates import FactionCurve, RulesConfig
from game.rules.terms import Chance, Term, round_half_up, term


class Actor(Protocol):
    """What a chance needs of a unit: effective characteristics, skills and effect terms."""

    def stat(self, name: str) -> int: ...
    def skill(self, name: str) -> int: ...
    def effect_terms(self, stat: str) -> tuple[Term, ...]: ...
    def mastery(self, family: str) -> int: ...


def stat_bonus(rules: RulesConfig, name: str, value: int) -> Term:
    """`sb(X) = (X - 10) * slope`: 10 is neutral, above helps, below hurts."""
    return _stat_bonus(name, value, rules.page.stat_neutral, rules.stat_bonus_per_point)


# Terms are frozen and the same few values recur on every check (the plans of a panel, of
# an attack): each is built once. The cache keys hold every number the term depends on.
@lru_cache(maxsize=1024)
def _stat_bonus(name: str, value: int, neutral: int, per_point) -> Term:
    return Term("stat_bonus", (value - neutral) * per_point, f"{name} {value}")


def luck_bonus(rules: RulesConfig, luck: int) -> Term:
    """A small bonus per full step of luck (+1 per 5 by default), at most +4."""
    return _luck_bonus(luck, rules.page.luck_max, rules.luck.step, rules.luck.per_step)


@lru_cache(maxsize=256)
def _luck_bonus(luck: int, maximum: int, step: int, per_step: int) -> Term:
    return Term("luck", min(maximum, luck // step * per_step), f"LCK {luck}")


def faction_bonus(curve: FactionCurve, faction: str | None, allies: Sequence[str]) -> Term:
    """`round_half_up(max * (1 - ratio**n))`, n = the allies of the faction counted:
    0, 6, 10, 12, 13, 14, 14, 15 … The detail names them, so a count can be checked."""
    if faction is None:
        return Term("faction", 0, "no faction")
    value = _faction_value(curve.maximum, curve.ratio, len(allies))
    who = ", ".join(allies) if allies else "no ally"
    return Term("faction", value, f"{faction}: {who}")


@lru_cache(maxsize=256)
def _faction_value(maximum: int, ratio: float, allies: int) -> int:
    # Exact fractions, computed once per (curve, n): the curve is on every brawl and dodge.
    return round_half_up(maximum * (1 - Fraction(str(ratio)) ** allies))


def crowding_malus(rules: RulesConfig, allies: Iterable[tuple[str, int]]) -> Term:
    """Gêne: each other visible character of the same player, at distance d, crowds
    `max(0, 5 - (d - 1) * step)`; the total is never a bonus. `allies` is (name, d)."""
    per_ally = rules.page.crowding_per_ally
    seen = sorted(allies, key=lambda a: (a[1], a[0]))
    total = sum(max(0, per_ally - (d - 1) * rules.crowding_step) for _, d in seen)
    detail = ", ".join(f"{name} at {d}" for name, d in seen) if seen else "no ally in sight"
    return Term("crowding", -max(0, total), detail)


def distance_malus(per_square: float, squares: int) -> Term:
    """`round_half_up((d - 1) * per_square)`: 0 adjacent, 3 at 4 squares by default."""
    return Term("distance", -_distance_value(per_square, squares),
                f"{squares} square{'s' * (squares != 1)}")


@lru_cache(maxsize=256)
def _distance_value(per_square: float, squares: int) -> int:
    return max(0, round_half_up((squares - 1) * Fraction(str(per_square))))


def _skill_terms(unit: Actor, skill: str) -> tuple[Term, ...]:
    return (term("skill", unit.skill(skill), skill), *unit.effect_terms(skill))


def brawl_chance(rules: RulesConfig, unit: Actor, faction: Term, crowding: Term) -> Chance:
    """Bagarre: skill + faction - crowding, cap 100."""
    return Chance(Check.ATTACK, (*_skill_terms(unit, "brawl"), faction, crowding),
                  rules.page.caps.brawl, rules.page.perfect_attack_below)


def melee_chance(rules: RulesConfig, unit: Actor, family: str) -> Chance:
    """Mêlée: skill + mastery + sb(STR), cap 95; no faction, no crowding."""
    terms = (
        *_skill_terms(unit, "melee"),
        term("mastery", unit.mastery(family), family),
        stat_bonus(rules, "STR", unit.stat("STR")),
    )
    return Chance(Check.ATTACK, terms, rules.page.caps.melee, rules.page.perfect_attack_below)


def ranged_chance(rules: RulesConfig, unit: Actor, family: str, crowding: Term,
                  distance: Term) -> Chance:
    """Distance: skill + mastery + sb(DEX) - crowding - distance malus, cap 95."""
    terms = (
        *_skill_terms(unit, "ranged"),
        term("mastery", unit.mastery(family), family),
        stat_bonus(rules, "DEX", unit.stat("DEX")),
        crowding,
        distance,
    )
    return Chance(Check.ATTACK, terms, rules.page.caps.ranged, rules.page.perfect_attack_below)


def dodge_chance(rules: RulesConfig, unit: Actor, faction: Term) -> Chance:
    """Esquive: skill + sb(DEF) + luck bonus + faction, cap 90."""
    terms = (
        *_skill_terms(unit, "dodge"),
        stat_bonus(rules, "DEF", unit.stat("DEF")),
        luck_bonus(rules, unit.stat("LCK")),
        faction,
    )
    return Chance(Check.DODGE, terms, rules.page.caps.dodge)


def magic_chance(rules: RulesConfig, unit: Actor, faction: Term) -> Chance:
    """Magie: skill + sb(INT) + sb(DEX) + faction + magic bonus from effects, cap 95."""
    terms = (
        *_skill_terms(unit, "magic"),
        stat_bonus(rules, "INT", unit.stat("INT")),
        stat_bonus(rules, "DEX", unit.stat("DEX")),
        faction,
        *unit.effect_terms("magic_bonus"),
    )
    return Chance(Check.MAGIC, terms, rules.page.caps.magic)


def counter_chance(rules: RulesConfig, unit: Actor, faction: Term) -> Chance:
    """Contre-magie: skill.magic + sb(INT) + faction - counter difficulty, cap 95."""
    terms = (
        *_skill_terms(unit, "magic"),
        stat_bonus(rules, "INT", unit.stat("INT")),
        faction,
        Term("difficulty", -rules.counter_difficulty, "counter-magic"),
    )
    return Chance(Check.COUNTER, terms, rules.page.caps.counter,
                  rules.page.perfect_counter_below)


def counter_drain(rules: RulesConfig, spell_cost: int) -> int:
    """AP a successful counter costs the counterer: half the spell's cost, rounded half up."""
    exact = spell_cost * Fraction(str(rules.counter_drain.fraction))
    rounding = rules.counter_drain.rounding
    if rounding == "down":
        return exact.numerator // exact.denominator
    if rounding == "up":
        return -(-exact.numerator // exact.denominator)
    return round_half_up(exact)
