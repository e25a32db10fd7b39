"""XP, levels, statistics and quips (répliques): what an action leaves behind on its actors."""

from __future__ import annotations

from bisect import bisect_right

from game.rules.errors import render
from game.rules.templates import Quips, RulesConfig
from game.rules.events import Event, LevelUp, Quip, XpGained
from game.rules.rule_ids import XP_TABLE
from game.rules.sources import Sources
from game.rules.units import Unit


def level_for(thresholds: list[int], xp: int) -> int:
    """How many of the thresholds the XP has reached (with the default, 0 XP is level 1)."""
    return max(1, bisect_right(thresholds, xp))


def next_level_xp(thresholds: list[int], xp: int) -> int | None:
    """The XP the next level needs, or None past the last threshold."""
    index = bisect_right(thresholds, xp)
    return thresholds[index] if index < len(thresholds) else None


def gain_xp(rules: RulesConfig, unit: Unit, amount: int, reason: str,
            fields: dict[str, str | int] | None = None, source: Sources = ()) -> list[Event]:
    """Give XP to a character (creatures do not learn) and report any level gained.

    `reason` is a message id (`N_`) with its `fields`: the event keeps both beside the
    English text, for the journal to word in the player's language. `source`: the content
    value the amount comes from (`rules_source("xp.hit")`)."""
    if amount <= 0 or not unit.is_character:
        return []
    unit.xp += amount
    level = level_for(rules.level_thresholds, unit.xp)
    fields = fields or {}
    events: list[Event] = [XpGained(unit.id, amount, render(reason, fields), unit.xp, level,
                                    reason, fields, XP_TABLE.id, source)]
    if level > unit.level:
        unit.level = level
        events.append(LevelUp(unit.id, level))
    return events


_QUIP_COUNTERS = {
    "miss": "misses",
    "hit": "hits",
    "perfect": "perfects",
    "dodge": "dodges",
    "kill": "kills",
    "spell_fail": "spells_failed",
}


def quip(defaults: Quips, unit: Unit, on: str) -> list[Event]:
    """The unit's line for `on`, its own or the content's default, taken in turn.

    The line is chosen by the matching statistic (already counting this event), not by a
    die, so quips never shift rolls.
    """
    if not unit.is_character:
        return []
    lines = getattr(unit.quips, on) or getattr(defaults, on)
    if not lines:
        return []
    count = getattr(unit.stats, _QUIP_COUNTERS[on])
    if on == "spell_fail":
        count += unit.stats.spells_countered
    return [Quip(unit.id, on, lines[(count - 1) % len(lines)])]
