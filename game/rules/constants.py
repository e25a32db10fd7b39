"""Numbers the designers' page fixes; they are not balance and so not in rules.yaml.

Tunable numbers (costs, XP, curves, tables, defaults the page leaves open) live in
`content/rules.yaml` and reach the engine as `RulesConfig`.
"""

from enum import IntEnum, StrEnum


class Check(StrEnum):
    """The kind of percentile roll, as recorded on every roll event."""

    ATTACK = "attack"
    DODGE = "dodge"
    MAGIC = "magic"
    COUNTER = "counter"


class Cap(IntEnum):
    """Upper bound of each chance (plafond); every chance is also floored at 0."""

    BRAWL = 100
    MELEE = 95
    RANGED = 95
    DODGE = 90
    MAGIC = 95
    COUNTER = 95


class AttackMode(StrEnum):
    """How a physical attack is made: bare hands (bagarre), melee (mêlée) or ranged."""

    BRAWL = "brawl"
    MELEE = "melee"
    RANGED = "ranged"


#: An attack hit whose roll is strictly below this is perfect ("strictement inférieur à 5").
PERFECT_ATTACK_BELOW = 5
#: A counter-magic success whose roll is strictly below this reflects the spell.
PERFECT_COUNTER_BELOW = 10
#: Ranged attacks reach at most this many squares ("4 cases maximum").
RANGED_MAX_DISTANCE = 4
#: A characteristic of 10 gives neither bonus nor malus.
STAT_NEUTRAL = 10
#: Luck gives +1 per full 5 points, at most +4.
LUCK_STEP, LUCK_MAX = 5, 4
#: Defence gives 1 point of reduction per full 10 points, at most 5 before armour.
DEFENCE_REDUCTION_STEP, DEFENCE_REDUCTION_MAX = 10, 5
#: Each visible ally of the same player crowds the actor by at most this much.
CROWDING_PER_ALLY_MAX = 5

CHARACTERISTICS = ("STR", "DEX", "SIZ", "INT", "DEF", "LCK")
SKILLS = ("brawl", "melee", "ranged", "dodge", "magic")
