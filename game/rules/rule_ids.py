"""The stable ids of the rules (docs/rules.md) that named terms, chances and XP refer to.

A term's `rule` is the id of the rule that makes it, so the journal, the odds report and a
roll card can say which rule of the page a number comes from. Each constant pairs the id
with the English title of its section in docs/rules.md (a test holds them together), marked
for the catalog (`N_`) so that a roll card can word it in the player's language; ids are
never renumbered, a new rule takes the next free number there.
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules.errors import N_


class RuleRef(NamedTuple):
    """A rule of docs/rules.md: `RuleRef("R4.9", "melee chance")`."""

    id: str
    title: str


ACTION_POINTS = RuleRef("R1.5", N_("action points (PA / AP) and the refill"))
DOWN = RuleRef("R1.9", N_("down"))
AP_COSTS = RuleRef("R3.1", N_("actions cost action points"))
PERCENTILE_ROLL = RuleRef("R3.2", N_("the percentile roll"))
FLOOR_AND_CAP = RuleRef("R3.3", N_("floor and cap"))
FACTION_BONUS = RuleRef("R3.5", N_("faction bonus"))
STAT_BONUS = RuleRef("R3.6", N_("characteristic bonus"))
EFFECTIVE_CHARACTERISTICS = RuleRef("R3.7", N_("effective characteristics"))
WEAPON_USED = RuleRef("R4.2", N_("weapon used"))
ATTACK_COST = RuleRef("R4.3", N_("cost of an attack"))
MELEE_PLACEMENT = RuleRef("R4.4", N_("placement: brawl and melee"))
RANGED_PLACEMENT = RuleRef("R4.5", N_("placement: ranged"))
CROWDING = RuleRef("R4.6", N_("crowding"))
DISTANCE_MALUS = RuleRef("R4.7", N_("distance malus"))
BRAWL_CHANCE = RuleRef("R4.8", N_("brawl chance"))
MELEE_CHANCE = RuleRef("R4.9", N_("melee chance"))
RANGED_CHANCE = RuleRef("R4.10", N_("ranged chance"))
PERFECT_ATTACK = RuleRef("R4.11", N_("perfect attack"))
DODGE_CHANCE = RuleRef("R5.2", N_("dodge chance"))
LUCK_BONUS = RuleRef("R5.3", N_("luck bonus"))
DAMAGE_BONUS = RuleRef("R6.1", N_("damage bonus"))
ACTION_DICE = RuleRef("R6.2", N_("action dice"))
RAW_DAMAGE = RuleRef("R6.3", N_("raw damage"))
DEFENCE_REDUCTION = RuleRef("R6.4", N_("defence reduction"))
TOTAL_REDUCTION = RuleRef("R6.5", N_("total reduction"))
FINAL_DAMAGE = RuleRef("R6.6", N_("final damage"))
NON_PLAYER_DEFENCE = RuleRef("R6.7", N_("defence of non-player targets"))
SPELL_CONDITIONS = RuleRef("R7.1", N_("conditions to cast"))
MAGIC_CHANCE = RuleRef("R7.2", N_("magic chance"))
COUNTER_CHANCE = RuleRef("R7.4", N_("counter-magic chance"))
COUNTER_DRAIN = RuleRef("R7.6", N_("counter drain"))
DRAIN_OWED = RuleRef("R10.3", N_("the counter drain is owed to the next refill"))
PERFECT_COUNTER = RuleRef("R7.5", N_("a successful counter; the perfect counter"))
DAMAGE_SPELL = RuleRef("R7.7", N_("damage spell"))
SPELL_DAMAGE_REDUCTION = RuleRef("R10.9", N_("spell damage and reduction"))
HEAL = RuleRef("R7.8", N_("heal"))
TIMED_EFFECTS = RuleRef("R7.9", N_("buff and debuff: timed effects"))
AREA_SPELLS = RuleRef("R7.10", N_("area spells"))
XP_TABLE = RuleRef("R8.1", N_("the XP table"))
SPELL_TARGETS = RuleRef("R10.16", N_("what a spell may target"))
ON_HIT = RuleRef("R14.1", N_("on-hit effects"))
ITEMS = RuleRef("R14.2", N_("items"))
DOOR_DEFENCE = RuleRef("R14.3", N_("a door's own HP and defence"))

#: Every rule above, by id: what a roll card looks a term's rule title up in.
BY_ID: dict[str, RuleRef] = {ref.id: ref for ref in (
    PERCENTILE_ROLL, FLOOR_AND_CAP, FACTION_BONUS, STAT_BONUS, CROWDING, DISTANCE_MALUS,
    BRAWL_CHANCE, MELEE_CHANCE, RANGED_CHANCE, PERFECT_ATTACK, DODGE_CHANCE, LUCK_BONUS,
    DAMAGE_BONUS, ACTION_DICE, RAW_DAMAGE, DEFENCE_REDUCTION, TOTAL_REDUCTION, FINAL_DAMAGE,
    NON_PLAYER_DEFENCE, MAGIC_CHANCE, COUNTER_CHANCE, PERFECT_COUNTER, DAMAGE_SPELL, HEAL,
    TIMED_EFFECTS, XP_TABLE, ON_HIT, ITEMS, DOOR_DEFENCE, SPELL_DAMAGE_REDUCTION,
    COUNTER_DRAIN, DRAIN_OWED, ACTION_POINTS, DOWN, AP_COSTS, EFFECTIVE_CHARACTERISTICS,
    WEAPON_USED, ATTACK_COST, MELEE_PLACEMENT, RANGED_PLACEMENT, SPELL_CONDITIONS,
    AREA_SPELLS, SPELL_TARGETS)}
