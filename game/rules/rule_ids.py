"""The stable ids of the rules (docs/rules.md) that named terms, chances and XP refer to.

A term's `rule` is the id of the rule that makes it, so the journal, the odds report and a
roll card can say which rule of the page a number comes from. Each constant pairs the id
with the English title of its section in docs/rules.md (a test holds them together); ids are
never renumbered, a new rule takes the next free number there.
"""

from __future__ import annotations

from typing import NamedTuple


class RuleRef(NamedTuple):
    """A rule of docs/rules.md: `RuleRef("R4.9", "melee chance")`."""

    id: str
    title: str


PERCENTILE_ROLL = RuleRef("R3.2", "the percentile roll")
FLOOR_AND_CAP = RuleRef("R3.3", "floor and cap")
FACTION_BONUS = RuleRef("R3.5", "faction bonus")
STAT_BONUS = RuleRef("R3.6", "characteristic bonus")
CROWDING = RuleRef("R4.6", "crowding")
DISTANCE_MALUS = RuleRef("R4.7", "distance malus")
BRAWL_CHANCE = RuleRef("R4.8", "brawl chance")
MELEE_CHANCE = RuleRef("R4.9", "melee chance")
RANGED_CHANCE = RuleRef("R4.10", "ranged chance")
PERFECT_ATTACK = RuleRef("R4.11", "perfect attack")
DODGE_CHANCE = RuleRef("R5.2", "dodge chance")
LUCK_BONUS = RuleRef("R5.3", "luck bonus")
DAMAGE_BONUS = RuleRef("R6.1", "damage bonus")
ACTION_DICE = RuleRef("R6.2", "action dice")
RAW_DAMAGE = RuleRef("R6.3", "raw damage")
DEFENCE_REDUCTION = RuleRef("R6.4", "defence reduction")
TOTAL_REDUCTION = RuleRef("R6.5", "total reduction")
FINAL_DAMAGE = RuleRef("R6.6", "final damage")
NON_PLAYER_DEFENCE = RuleRef("R6.7", "defence of non-player targets")
MAGIC_CHANCE = RuleRef("R7.2", "magic chance")
COUNTER_CHANCE = RuleRef("R7.4", "counter-magic chance")
DAMAGE_SPELL = RuleRef("R7.7", "damage spell")
HEAL = RuleRef("R7.8", "heal")
TIMED_EFFECTS = RuleRef("R7.9", "buff and debuff: timed effects")
XP_TABLE = RuleRef("R8.1", "the XP table")
ON_HIT = RuleRef("R14.1", "on-hit effects")
ITEMS = RuleRef("R14.2", "items")
DOOR_DEFENCE = RuleRef("R14.3", "a door's own HP and defence")

#: Every rule above, by id: what a roll card looks a term's rule title up in.
BY_ID: dict[str, RuleRef] = {ref.id: ref for ref in (
    PERCENTILE_ROLL, FLOOR_AND_CAP, FACTION_BONUS, STAT_BONUS, CROWDING, DISTANCE_MALUS,
    BRAWL_CHANCE, MELEE_CHANCE, RANGED_CHANCE, PERFECT_ATTACK, DODGE_CHANCE, LUCK_BONUS,
    DAMAGE_BONUS, ACTION_DICE, RAW_DAMAGE, DEFENCE_REDUCTION, TOTAL_REDUCTION, FINAL_DAMAGE,
    NON_PLAYER_DEFENCE,
    MAGIC_CHANCE, COUNTER_CHANCE, DAMAGE_SPELL, HEAL, TIMED_EFFECTS, XP_TABLE, ON_HIT, ITEMS,
    DOOR_DEFENCE)}
