"""One function per chance formula of the page, each returning named terms.

Geometry (who sees whom) is decided by the caller; these functions only turn numbers into
terms, so each can be checked against the page's own examples. Every number comes from
`RulesConfig` (content/rules.yaml); `docs/rules.md` states each formula.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Iterable, Protocol, Sequence

from game.rules import rule_ids as R
from game.rules.constants import Check
from game.rules.templates import FactionCurve, RulesConfig
from game.rules.terms import Chance, Term, round_half_up, term
from game.rules.units import template_source


class Actor(Protocol):
    """What a chance needs of a unit: effective characteristics, skills and effect terms,
    and where its values come from (its template, its effects)."""

    kind: str
    template: str
    designer_set: tuple[str, ...]
    effects: list

    def stat(self, name: str) -> int: ...
    def skill(self, name: str) -> int: ...
    def effect_terms(self, stat: str) -> tuple[Term, ...]: ...
    def mastery(self, family: str) -> int: ...
    def source(self, field: str) -> str: ...
    def stat_source(self, name: str) -> str: ...
    def template_term(self, name: str, value: int, detail: str, rule: str, group: str,
                      key: str) -> Term: ...


_STAT_BONUS_SOURCE = "rules.yaml: stat_bonus_per_point, page.stat_neutral"
_LUCK_SOURCE = "rules.yaml: luck.step, luck.per_step, page.luck_max"
_FACTION_SOURCE = "rules.yaml: faction.maximum, faction.ratio"
_CROWDING_SOURCE = "rules.yaml: page.crowding_per_ally, crowding_step"
_DISTANCE_SOURCE = "rules.yaml: distance_malus_per_square"
_COUNTER_SOURCE = "rules.yaml: counter_difficulty"


def stat_bonus(rules: RulesConfig, name: str, value: int, source: str = "") -> Term:
    """`sb(X) = (X - 10) * slope`: 10 is neutral, above helps, below hurts. `source`:
    where the characteristic comes from (`characters.yaml: aldric.stats.STR`)."""
    return _stat_bonus(name, value, rules.page.stat_neutral, rules.stat_bonus_per_point,
                       source)


# Terms are frozen and the same few values recur on every check (the plans of a panel, of
# an attack): each is built once. The cache keys hold every number the term depends on.
@lru_cache(maxsize=1024)
def _stat_bonus(name: str, value: int, neutral: int, per_point, source: str) -> Term:
    where = f"{_STAT_BONUS_SOURCE}; {source}" if source else _STAT_BONUS_SOURCE
    return Term("stat_bonus", (value - neutral) * per_point, name, R.STAT_BONUS.id, where,
                value)


def luck_bonus(rules: RulesConfig, luck: int, source: str = "") -> Term:
    """A small bonus per full step of luck (+1 per 5 by default), at most +4."""
    return _luck_bonus(luck, rules.page.luck_max, rules.luck.step, rules.luck.per_step, source)


@lru_cache(maxsize=256)
def _luck_bonus(luck: int, maximum: int, step: int, per_step: int, source: str) -> Term:
    where = f"{_LUCK_SOURCE}; {source}" if source else _LUCK_SOURCE
    return Term("luck", min(maximum, luck // step * per_step), "LCK", R.LUCK_BONUS.id, where,
                luck)


def faction_bonus(curve: FactionCurve, faction: str | None, allies: Sequence[str],
                  source: str = "") -> Term:
    """`round_half_up(max * (1 - ratio**n))`, n = the allies of the faction counted:
    0, 6, 10, 12, 13, 14, 14, 15 … The term's detail is the faction ("" for a unit without
    one), its `units` the ids of the allies counted, so a count can be checked. `source`:
    where the unit's faction comes from."""
    if faction is None:
        return _faction_term(0, "", (), source)
    value = _faction_value(curve.maximum, curve.ratio, len(allies))
    return _faction_term(value, faction, tuple(allies), source)


@lru_cache(maxsize=1024)
def _faction_term(value: int, faction: str, allies: tuple[str, ...], source: str) -> Term:
    where = f"{_FACTION_SOURCE}; {source}" if source else _FACTION_SOURCE
    return Term("faction", value, faction, R.FACTION_BONUS.id, where, units=allies)


@lru_cache(maxsize=256)
def _faction_value(maximum: int, ratio: float, allies: int) -> int:
    # Exact fractions, computed once per (curve, n): the curve is on every brawl and dodge.
    return round_half_up(maximum * (1 - Fraction(str(ratio)) ** allies))


def crowding_malus(rules: RulesConfig, allies: Iterable[tuple[str, int]]) -> Term:
    """Gêne: each other visible character of the same player, at distance d, crowds
    `max(0, 5 - (d - 1) * step)`; the total is never a bonus. `allies` is (unit id, d)."""
    per_ally = rules.page.crowding_per_ally
    seen = sorted(allies, key=lambda a: (a[1], a[0]))
    total = sum(max(0, per_ally - (d - 1) * rules.crowding_step) for _, d in seen)
    # Who crowds, as data: each ally's id (`units`) and its distance (`squares`), nearest first.
    return term("crowding", -max(0, total), "", R.CROWDING.id, _CROWDING_SOURCE,
                units=tuple(uid for uid, _ in seen), squares=tuple(d for _, d in seen))


def distance_malus(per_square: float, squares: int) -> Term:
    """`round_half_up((d - 1) * per_square)`: 0 adjacent, 3 at 4 squares by default.
    The term's `number` is the distance in squares."""
    return term("distance", -_distance_value(per_square, squares), "", R.DISTANCE_MALUS.id,
                _DISTANCE_SOURCE, squares)


@lru_cache(maxsize=256)
def _distance_value(per_square: float, squares: int) -> int:
    return max(0, round_half_up((squares - 1) * Fraction(str(per_square))))


def _skill_terms(unit: Actor, skill: str, rule: R.RuleRef) -> tuple[Term, ...]:
    skill_term = unit.template_term("skill", unit.skill(skill), skill, rule.id, "skills", skill)
    return (skill_term, *unit.effect_terms(skill)) if unit.effects else (skill_term,)


def _mastery(unit: Actor, family: str, rule: R.RuleRef) -> Term:
    return unit.template_term("mastery", unit.mastery(family), family, rule.id, "masteries",
                              family)


def _stat(rules: RulesConfig, unit: Actor, name: str) -> Term:
    if unit.effects:
        return stat_bonus(rules, name, unit.stat(name), unit.stat_source(name))
    # Without effects the characteristic is its template value: one cached term.
    return _template_stat_bonus(name, unit.stat(name), rules.page.stat_neutral,
                                rules.stat_bonus_per_point, unit.kind, unit.template,
                                unit.designer_set)


@lru_cache(maxsize=1024)
def _template_stat_bonus(name: str, value: int, neutral: int, per_point, kind: str,
                         template: str, designer_set: tuple[str, ...]) -> Term:
    return _stat_bonus(name, value, neutral, per_point,
                       template_source(kind, template, f"stats.{name}", designer_set))


_PERFECT_ATTACK = (R.PERFECT_ATTACK.id, "rules.yaml: page.perfect_attack_below")
#: Where each chance's cap comes from.
_CAPS = {check: f"rules.yaml: page.caps.{check}"
         for check in ("brawl", "melee", "ranged", "dodge", "magic", "counter")}


def brawl_chance(rules: RulesConfig, unit: Actor, faction: Term, crowding: Term) -> Chance:
    """Bagarre: skill + faction - crowding, cap 100."""
    rule = R.BRAWL_CHANCE
    return Chance(Check.ATTACK, (*_skill_terms(unit, "brawl", rule), faction, crowding),
                  rules.page.caps.brawl, rules.page.perfect_attack_below, rule.id,
                  _CAPS["brawl"], *_PERFECT_ATTACK)


def melee_chance(rules: RulesConfig, unit: Actor, family: str) -> Chance:
    """Mêlée: skill + mastery + sb(STR), cap 95; no faction, no crowding."""
    rule = R.MELEE_CHANCE
    terms = (
        *_skill_terms(unit, "melee", rule),
        _mastery(unit, family, rule),
        _stat(rules, unit, "STR"),
    )
    return Chance(Check.ATTACK, terms, rules.page.caps.melee, rules.page.perfect_attack_below,
                  rule.id, _CAPS["melee"], *_PERFECT_ATTACK)


def ranged_chance(rules: RulesConfig, unit: Actor, family: str, crowding: Term,
                  distance: Term) -> Chance:
    """Distance: skill + mastery + sb(DEX) - crowding - distance malus, cap 95."""
    rule = R.RANGED_CHANCE
    terms = (
        *_skill_terms(unit, "ranged", rule),
        _mastery(unit, family, rule),
        _stat(rules, unit, "DEX"),
        crowding,
        distance,
    )
    return Chance(Check.ATTACK, terms, rules.page.caps.ranged, rules.page.perfect_attack_below,
                  rule.id, _CAPS["ranged"], *_PERFECT_ATTACK)


def dodge_chance(rules: RulesConfig, unit: Actor, faction: Term) -> Chance:
    """Esquive: skill + sb(DEF) + luck bonus + faction, cap 90."""
    rule = R.DODGE_CHANCE
    terms = (
        *_skill_terms(unit, "dodge", rule),
        _stat(rules, unit, "DEF"),
        luck_bonus(rules, unit.stat("LCK"), unit.stat_source("LCK")),
        faction,
    )
    return Chance(Check.DODGE, terms, rules.page.caps.dodge, 0, rule.id, _CAPS["dodge"])


def magic_chance(rules: RulesConfig, unit: Actor, faction: Term) -> Chance:
    """Magie: skill + sb(INT) + sb(DEX) + faction + magic bonus from effects, cap 95."""
    rule = R.MAGIC_CHANCE
    terms = (
        *_skill_terms(unit, "magic", rule),
        _stat(rules, unit, "INT"),
        _stat(rules, unit, "DEX"),
        faction,
        *unit.effect_terms("magic_bonus"),
    )
    return Chance(Check.MAGIC, terms, rules.page.caps.magic, 0, rule.id, _CAPS["magic"])


def counter_chance(rules: RulesConfig, unit: Actor, faction: Term) -> Chance:
    """Contre-magie: skill.magic + sb(INT) + faction - counter difficulty, cap 95."""
    rule = R.COUNTER_CHANCE
    terms = (
        *_skill_terms(unit, "magic", rule),
        _stat(rules, unit, "INT"),
        faction,
        term("difficulty", -rules.counter_difficulty, "", rule.id, _COUNTER_SOURCE),
    )
    return Chance(Check.COUNTER, terms, rules.page.caps.counter,
                  rules.page.perfect_counter_below, rule.id, _CAPS["counter"],
                  R.PERFECT_COUNTER.id, "rules.yaml: page.perfect_counter_below")


def counter_drain(rules: RulesConfig, spell_cost: int) -> int:
    """AP a successful counter costs the counterer: half the spell's cost, rounded half up."""
    return _drain(rules.counter_drain.fraction, rules.counter_drain.rounding, spell_cost)


@lru_cache(maxsize=256)
def _drain(fraction: float, rounding: str, spell_cost: int) -> int:
    # Asked for each target of every spell plan the AI weighs: exact, and computed once.
    exact = spell_cost * Fraction(str(fraction))
    if rounding == "down":
        return exact.numerator // exact.denominator
    if rounding == "up":
        return -(-exact.numerator // exact.denominator)
    return round_half_up(exact)
