"""Damage bonus, damage dice and reduction (dégâts et réduction)."""

from __future__ import annotations

from game.rules.templates import DamageBonusRow, RulesConfig
from game.rules.dice import Dice
from game.rules.terms import Term, term


def damage_bonus(table: list[DamageBonusRow], total: int) -> Dice:
    """The dice the STR+SIZ (or DEX+SIZ) total adds to damage, from rules.yaml's table."""
    for row in table:
        if row.up_to is None or total <= row.up_to:
            return Dice.parse(row.dice)
    return Dice.parse(table[-1].dice)


def defence_reduction(rules: RulesConfig, defence: int, source: str) -> Term:
    """1 point per full 10 points of defence, at most 5 before armour and effects.

    `source` says whose defence it is (`DEF 14`, `base defence 10`), as the journal shows it.
    """
    step = rules.page.defence_reduction
    return term("defence", min(step.maximum, defence // step.per), source)


def total_reduction(terms: tuple[Term, ...]) -> int:
    """The sum of the reduction terms, never below 0: a debuff cannot add damage."""
    return max(0, sum(t.value for t in terms))


def final_damage(raw: int, reduction: int) -> int:
    """Reduction takes off the raw total; damage never goes below 0."""
    return max(0, raw - reduction)
