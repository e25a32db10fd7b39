"""Changing one number of a situation by its path: a unit's field (`aldric.skills.melee`,
`goblin-1.stats.DEF`, `elise.hp`) or a rule (`rules.faction.maximum`).

What-if sweeps of the odds and the designer's `set` command both go through here, so a
path means the same thing everywhere and a bad one is refused with the reason.
"""

from __future__ import annotations

import msgspec

from game.rules.constants import CHARACTERISTICS, SKILLS
from game.rules.errors import Impossible
from game.rules.progress import level_for
from game.rules.state import GameState
from game.rules.templates import RulesConfig
from game.rules.units import Unit

#: Unit fields a path may name, with the bounds a value must keep.
UNIT_FIELDS = ("hp", "ap", "xp", *(f"stats.{c}" for c in CHARACTERISTICS),
               *(f"skills.{s}" for s in SKILLS))
STAT_RANGE = (0, 99)
SKILL_RANGE = (-100, 200)


def split_path(path: str) -> tuple[str, str]:
    """`aldric.skills.melee` -> (`aldric`, `skills.melee`)."""
    head, _, field = path.partition(".")
    if not head or not field:
        raise Impossible(f"{path!r} is not a field path; write UNIT.FIELD (e.g. "
                         "aldric.skills.melee) or rules.SETTING (e.g. rules.faction.maximum)")
    return head, field


def unit_field(unit: Unit, field: str) -> int:
    """The current base value of a unit's field."""
    if field in ("hp", "ap", "xp"):
        return getattr(unit, field)
    group, _, name = field.partition(".")
    if group == "stats" and name in CHARACTERISTICS:
        return unit.characteristics[name]
    if group == "skills" and name in SKILLS:
        return unit.skills.get(name, 0)
    if group == "masteries" and name:
        return unit.masteries.get(name, 0)
    raise Impossible(f"{unit.name} has no field {field!r}; fields: {', '.join(UNIT_FIELDS)}, "
                     "masteries.FAMILY")


def check_unit_value(unit: Unit, field: str, value: int) -> None:
    """Refuse a value the game could not play with, before anything changes."""
    unit_field(unit, field)
    low, high = {"hp": (1, unit.hp_max), "ap": (0, 99), "xp": (0, 100_000)}.get(
        field, STAT_RANGE if field.startswith("stats.") else SKILL_RANGE)
    if not low <= value <= high:
        raise Impossible(f"{unit.name}'s {field} must be between {low} and {high}, not {value}")


def set_unit_field(unit: Unit, field: str, value: int) -> int:
    """Set a checked value; return the old one."""
    check_unit_value(unit, field, value)
    old = unit_field(unit, field)
    if field in ("hp", "ap", "xp"):
        setattr(unit, field, value)
    else:
        group, _, name = field.partition(".")
        {"stats": unit.characteristics, "skills": unit.skills,
         "masteries": unit.masteries}[group][name] = value
    return old


def rules_with(rules: RulesConfig, setting: str, value) -> RulesConfig:
    """A copy of the rules with one setting (`faction.maximum`, `page.caps.dodge`) changed,
    checked against the same schema as rules.yaml."""
    parts = setting.split(".")
    data = msgspec.to_builtins(rules)
    node = data
    for part in parts[:-1]:
        if not isinstance(node, dict) or part not in node:
            raise Impossible(f"there is no rule {setting!r}")
        node = node[part]
    if not isinstance(node, dict) or parts[-1] not in node:
        raise Impossible(f"there is no rule {setting!r}")
    node[parts[-1]] = value
    try:
        return msgspec.convert(data, RulesConfig)
    except msgspec.ValidationError as exc:
        raise Impossible(f"rules.{setting} = {value}: {exc}") from None


def vary(game: GameState, path: str, value) -> None:
    """Set one number of a situation in place: a unit field or a rule."""
    head, field = split_path(path)
    if head == "rules":
        game.rules = rules_with(game.rules, field, value)
        game.content = msgspec.structs.replace(game.content, rules=game.rules)
        return
    unit = game.units.get(head)
    if unit is None:
        raise Impossible(f"there is no unit called {head!r}")
    set_unit_field(unit, field, value)
    if field == "xp":
        unit.level = level_for(game.rules.level_thresholds, unit.xp)
