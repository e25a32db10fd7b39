"""Damage bonus, damage dice and reduction (dégâts et réduction)."""

from __future__ import annotations

from functools import lru_cache

from game.rules.templates import DamageBonusRow, RulesConfig
from game.rules.dice import Dice
from game.rules.rule_ids import DEFENCE_REDUCTION
from game.rules.terms import Term

_DEFENCE_SOURCE = "rules.yaml: page.defence_reduction.per, page.defence_reduction.maximum"


def bonus_row(table: list[DamageBonusRow], total: int) -> int:
    """The index of the row of rules.yaml's `damage_bonus` table a total falls in."""
    for index, row in enumerate(table):
        if row.up_to is None or total <= row.up_to:
            return index
    return len(table) - 1


def damage_bonus(table: list[DamageBonusRow], total: int) -> tuple[int, Dice]:
    """The dice the STR+SIZ (or DEX+SIZ) total adds to damage, from rules.yaml's table,
    with the index of the row that gives them (the source a card names)."""
    row = bonus_row(table, total)
    return row, Dice.parse(table[row].dice)


def defence_reduction(rules: RulesConfig, defence: int, kind: str = "DEF",
                      rule: str = DEFENCE_REDUCTION.id, source: str = "") -> Term:
    """1 point per full 10 points of defence, at most 5 before armour and effects.

    The term's detail is whose defence it is (`DEF`: a unit's or an object's own, `door`:
    a door's, `base`: an object's without one, R6.7), its `number` the defence; `rule` and
    `source` where that defence comes from (R6.7 and the scenario's field for an object),
    the rule's own numbers added.
    """
    step = rules.page.defence_reduction
    return _defence_term(min(step.maximum, defence // step.per), kind, defence, rule, source)


@lru_cache(maxsize=1024)
def _defence_term(value: int, kind: str, defence: int, rule: str, source: str) -> Term:
    where = f"{_DEFENCE_SOURCE}; {source}" if source else _DEFENCE_SOURCE
    return Term("defence", value, kind, rule, where, defence)


def total_reduction(terms: tuple[Term, ...]) -> int:
    """The sum of the reduction terms, never below 0: a debuff cannot add damage."""
    return max(0, sum(t.value for t in terms))


def final_damage(raw: int, reduction: int) -> int:
    """Reduction takes off the raw total; damage never goes below 0."""
    return max(0, raw - reduction)
