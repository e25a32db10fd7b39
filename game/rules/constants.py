"""Names the rules use everywhere: the kinds of check and of attack, the characteristics.

Every number lives in `content/rules.yaml` (the page's fixed ones under `page:`) and
reaches the engine as `RulesConfig`; none is written here.
"""

from enum import StrEnum


class Check(StrEnum):
    """The kind of percentile roll, as recorded on every roll event."""

    ATTACK = "attack"
    DODGE = "dodge"
    MAGIC = "magic"
    COUNTER = "counter"


class AttackMode(StrEnum):
    """How a physical attack is made: bare hands (bagarre), melee (mêlée) or ranged."""

    BRAWL = "brawl"
    MELEE = "melee"
    RANGED = "ranged"


CHARACTERISTICS = ("STR", "DEX", "SIZ", "INT", "DEF", "LCK")
SKILLS = ("brawl", "melee", "ranged", "dodge", "magic")
