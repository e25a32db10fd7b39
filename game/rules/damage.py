"""Damage bonus, damage dice and reduction (dégâts et réduction)."""

from __future__ import annotations

from game.rules.templates import DamageBonusRow
from game.rules.constants import DEFENCE_REDUCTION_MAX, DEFENCE_REDUCTION_STEP
from game.rules.dice import Dice
from game.rules.terms import Term


def damage_bonus(table: list[DamageBonusRow], total: int) -> Dice:
    """The dice the STR+SIZ (or DEX+SIZ) total adds to damage, from rules.yaml's table."""
    for row in table:
        if row.up_to is None or total <= row.up_to:
            return Dice.parse(row.dice)
    return Dice.parse(table[-1].dice)


def defence_reduction(defence: int) -> Term:
    """1 point per full 10 points of defence, at most 5 before armour and effects."""
    value = min(DEFENCE_REDUCTION_MAX, defence // DEFENCE_REDUCTION_STEP)
    return Term("defence", value, f"DEF {defence}")


def final_damage(raw: int, reduction: int) -> int:
    """Reduction takes off the raw total; damage never goes below 0."""
    return max(0, raw - reduction)
