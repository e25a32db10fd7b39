"""One function per chance formula of the page, each returning named terms.

Geometry (who sees whom) is decided by the caller; these functions only turn numbers into
terms, so each can be checked against the page's own examples.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Iterable, Protocol

from game.rules.templates import FactionCurve
from game.rules.constants import (
    CROWDING_PER_ALLY_MAX,
    LUCK_MAX,
    LUCK_STEP,
    STAT_NEUTRAL,
    PERFECT_ATTACK_BELOW,
    PERFECT_COUNTER_BELOW,
    Cap,
    Check,
)
from game.rules.terms import Chance, Term, round_half_up


class Actor(Protocol):
    """What a chance needs of a unit: effective characteristics, skills and effect terms."""

    def stat(self, name: str) -> int: ...
    def skill(self, name: str) -> int: ...
    def effect_terms(self, stat: str) -> tuple[Term, ...]: ...
    def mastery(self, family: str) -> int: ...


def stat_bonus(name: str, value: int) -> Term:
    """`sb(X) = X - 10`: 10 is neutral, above helps, below hurts."""
    return Term("stat_bonus", value - STAT_NEUTRAL, f"{name} {value}")


def luck_bonus(luck: int) -> Term:
    """+1 per full 5 points of luck, at most +4."""
    return Term("luck", min(LUCK_MAX, luck // LUCK_STEP), f"LCK {luck}")


def faction_bonus(curve: FactionCurve, allies_seen: int, faction: str | None) -> Term:
    """`round_half_up(max * (1 - ratio**n))`: 0, 6, 10, 12, 13, 14, 14, 15 … for n = 0, 1, 2 …"""
    if faction is None:
        return Term("faction", 0, "no faction")
    value = _faction_value(curve.maximum, curve.ratio, allies_seen)
    return Term("faction", value, f"{faction}: {allies_seen} seen")


@lru_cache(maxsize=256)
def _faction_value(maximum: int, ratio: float, allies_seen: int) -> int:
    # Exact fractions, computed once per (curve, n): the curve is on every brawl and dodge.
    return round_half_up(maximum * (1 - Fraction(str(ratio)) ** allies_seen))


def crowding_malus(step: int, ally_distances: Iterable[int]) -> Term:
    """Gêne: each other visible character of the same player takes `max(0, 5 - (d-1)*step)`."""
    distances = sorted(ally_distances)
    total = sum(max(0, CROWDING_PER_ALLY_MAX - (d - 1) * step) for d in distances)
    detail = "at " + ", ".join(map(str, distances)) if distances else "no ally in sight"
    return Term("crowding", -max(0, total), detail)


def distance_malus(per_square: float, squares: int) -> Term:
    """`round_half_up((d - 1) * per_square)`: 0 adjacent, 3 at 4 squares by default."""
    return Term("distance", -_distance_value(per_square, squares),
                f"{squares} square{'s' * (squares != 1)}")


@lru_cache(maxsize=256)
def _distance_value(per_square: float, squares: int) -> int:
    return max(0, round_half_up((squares - 1) * Fraction(str(per_square))))


def _skill_terms(unit: Actor, skill: str) -> tuple[Term, ...]:
    return (Term("skill", unit.skill(skill), skill), *unit.effect_terms(skill))


def brawl_chance(unit: Actor, faction: Term, crowding: Term) -> Chance:
    """Bagarre: skill + faction - crowding, cap 100."""
    return Chance(Check.ATTACK, (*_skill_terms(unit, "brawl"), faction, crowding), Cap.BRAWL,
                  PERFECT_ATTACK_BELOW)


def melee_chance(unit: Actor, family: str) -> Chance:
    """Mêlée: skill + mastery + sb(STR), cap 95; no faction, no crowding."""
    terms = (
        *_skill_terms(unit, "melee"),
        Term("mastery", unit.mastery(family), family),
        stat_bonus("STR", unit.stat("STR")),
    )
    return Chance(Check.ATTACK, terms, Cap.MELEE, PERFECT_ATTACK_BELOW)


def ranged_chance(unit: Actor, family: str, crowding: Term, distance: Term) -> Chance:
    """Distance: skill + mastery + sb(DEX) - crowding - distance malus, cap 95."""
    terms = (
        *_skill_terms(unit, "ranged"),
        Term("mastery", unit.mastery(family), family),
        stat_bonus("DEX", unit.stat("DEX")),
        crowding,
        distance,
    )
    return Chance(Check.ATTACK, terms, Cap.RANGED, PERFECT_ATTACK_BELOW)


def dodge_chance(unit: Actor, faction: Term) -> Chance:
    """Esquive: skill + sb(DEF) + luck bonus + faction, cap 90."""
    terms = (
        *_skill_terms(unit, "dodge"),
        stat_bonus("DEF", unit.stat("DEF")),
        luck_bonus(unit.stat("LCK")),
        faction,
    )
    return Chance(Check.DODGE, terms, Cap.DODGE)


def magic_chance(unit: Actor, faction: Term) -> Chance:
    """Magie: skill + sb(INT) + sb(DEX) + faction + magic bonus from effects, cap 95."""
    terms = (
        *_skill_terms(unit, "magic"),
        stat_bonus("INT", unit.stat("INT")),
        stat_bonus("DEX", unit.stat("DEX")),
        faction,
        *unit.effect_terms("magic_bonus"),
    )
    return Chance(Check.MAGIC, terms, Cap.MAGIC)


def counter_chance(unit: Actor, faction: Term, difficulty: int) -> Chance:
    """Contre-magie: skill.magic + sb(INT) + faction - counter difficulty, cap 95."""
    terms = (
        *_skill_terms(unit, "magic"),
        stat_bonus("INT", unit.stat("INT")),
        faction,
        Term("difficulty", -difficulty, "counter-magic"),
    )
    return Chance(Check.COUNTER, terms, Cap.COUNTER, PERFECT_COUNTER_BELOW)
