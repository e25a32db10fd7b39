"""Changing a situation by hand: one number by its path — a unit's field
(`aldric.skills.melee`, `goblin-1.stats.DEF`, `elise.hp`) or a rule
(`rules.faction.maximum`) — and the designer's edit commands (`set`, `place`, `give`,
`spawn`, `remove`, `hold`, `release`).

What-if sweeps of the odds and the designer's `set` both go through `set_unit_field`, so a
path means the same thing everywhere and a bad one is refused with the reason.
"""

from __future__ import annotations

import re
from typing import ClassVar, get_args

import msgspec

from game.rules.actions import Action, fmt_pos, no_such_unit, not_free
from game.rules.constants import CHARACTERISTICS, SKILLS
from game.rules.errors import Field, Impossible, N_, Phrase, did_you_mean, render
from game.rules.events import Edited, Event
from game.rules.geometry import Pos
from game.rules.progress import level_for
from game.rules.state import GameState
from game.rules.templates import (ActionPoints, Characteristic, HitPoints, Percent,
                                  RulesConfig, UnitPlacement)
from game.rules.units import Unit
from game.rules.verbs import Verb, Words

IDENTIFIER = re.compile(r"[a-z][a-z0-9_-]{0,39}")

#: Unit fields a path may name, with the bounds a value must keep.
UNIT_FIELDS = ("hp", "ap", "xp", *(f"stats.{c}" for c in CHARACTERISTICS),
               *(f"skills.{s}" for s in SKILLS))


def bounds(declared) -> tuple[int, int]:
    """The (low, high) a content type declares (`Characteristic`: 1..40): the bounds a
    designer's `set`, `--vary` and `tune` keep, the content file's own."""
    meta = get_args(declared)[1]
    return meta.ge, meta.le


#: A unit in play may be set beyond what its file may hold (a designer's experiment: DEF 0,
#: no defence at all; STR 90), never where the rules could not play: `set` and `--vary` on
#: a unit. A template's numbers (`tune` on a template) keep its file's bounds.
STAT_RANGE = (0, 99)
SKILL_RANGE = bounds(Percent)
#: A template's numbers by the first part of their path, with the type the file declares.
TEMPLATE_BOUNDS = {"hp_max": bounds(HitPoints), "ap_max": bounds(ActionPoints),
                   "stats": bounds(Characteristic), "skills": SKILL_RANGE,
                   "masteries": SKILL_RANGE}


def split_path(path: str) -> tuple[str, str]:
    """`aldric.skills.melee` -> (`aldric`, `skills.melee`)."""
    head, _, field = path.partition(".")
    if not head or not field:
        raise Impossible(N_("{path} is not a field path; write UNIT.FIELD (e.g. "
                            "aldric.skills.melee) or rules.SETTING (e.g. rules.faction.maximum)"),
                         path=repr(path))
    return head, field


def split_unit_path(game: GameState, path: str) -> tuple[str, str]:
    """`set`'s path: a unit's field alone (`rules.SETTING` is for `--vary` and `tune`, which
    `set` does not take), so its refusals suggest only what `set` accepts."""
    head, _, field = path.partition(".")
    if head == "rules" and "rules" not in game.units:
        raise Impossible(N_("set changes a unit's number, not a rule: write UNIT.FIELD "
                            "(e.g. aldric.skills.melee)"))
    if not head or not field:
        raise Impossible(N_("{path} is not a unit's field; write UNIT.FIELD (e.g. "
                            "aldric.skills.melee)"), path=repr(path))
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
    raise Impossible(N_("{unit} has no field {field}; fields: {fields}, masteries.FAMILY"),
                     unit=unit.name, field=repr(field), fields=", ".join(UNIT_FIELDS))


def check_unit_value(unit: Unit, field: str, value: int) -> None:
    """Refuse a value the game could not play with, before anything changes."""
    unit_field(unit, field)
    low, high = {"hp": (1, unit.hp_max), "ap": (0, 99), "xp": (0, 100_000)}.get(
        field, STAT_RANGE if field.startswith("stats.") else SKILL_RANGE)
    if not low <= value <= high:
        raise Impossible(N_("{unit}'s {field} must be between {low} and {high}, not {value}"),
                         unit=unit.name, field=field, low=low, high=high, value=value)


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
        # The value no longer comes from the content file: the terms reading it say so.
        if field not in unit.designer_set:
            unit.designer_set = (*unit.designer_set, field)
    return old


def rules_with(rules: RulesConfig, setting: str, value) -> RulesConfig:
    """A copy of the rules with one setting (`faction.maximum`, `page.caps.dodge`) changed,
    checked against the same schema as rules.yaml."""
    parts = setting.split(".")
    data = msgspec.to_builtins(rules)
    node = data
    for part in parts[:-1]:
        if not isinstance(node, dict) or part not in node:
            raise Impossible(N_("there is no rule {setting}"), setting=repr(setting))
        node = node[part]
    if not isinstance(node, dict) or parts[-1] not in node:
        raise Impossible(N_("there is no rule {setting}"), setting=repr(setting))
    node[parts[-1]] = value
    try:
        return msgspec.convert(data, RulesConfig)
    except msgspec.ValidationError as exc:
        raise Impossible(N_("rules.{setting} = {value}: {error}"), setting=setting,
                         value=str(value), error=str(exc)) from None


#: A template's fields a path may name (`ysolde.skills.melee`, `goblin.hp_max`).
TEMPLATE_FIELDS = ("hp_max", "ap_max", *(f"stats.{c}" for c in CHARACTERISTICS),
                   *(f"skills.{s}" for s in SKILLS))


def template_with(content, template_id: str, field: str, value: int):
    """A copy of the content with one number of a character or creature template changed
    (`hp_max`, `ap_max`, `stats.STR`, `skills.melee`, `masteries.sword`), checked against
    the same schema as the content file (so its bounds are the file's)."""
    table = "characters" if template_id in content.characters else \
        "creatures" if template_id in content.creatures else None
    if table is None:
        raise Impossible(N_("there is no template called {id}"), id=repr(template_id))
    template = getattr(content, table)[template_id]
    data = msgspec.to_builtins(template)
    group, _, name = field.partition(".")
    field = "hp_max" if field == "hp" else field  # a template's HP: those it starts with
    if field in ("hp_max", "ap_max"):
        data[field] = value
    elif group == "stats" and name in CHARACTERISTICS:
        data["stats"][name] = value
    elif group == "skills" and name in SKILLS:
        data.setdefault("skills", {})[name] = value
    elif group == "masteries" and name:
        data.setdefault("masteries", {})[name] = value
    else:
        raise Impossible(N_("the template {id} has no field {field}{meant}; fields: {fields}, "
                            "masteries.FAMILY"), id=template_id, field=repr(field),
                         meant=did_you_mean(field, TEMPLATE_FIELDS, or_known=False),
                         fields=", ".join(TEMPLATE_FIELDS))
    low, high = TEMPLATE_BOUNDS[group if group in TEMPLATE_BOUNDS else field]
    if not low <= value <= high:
        raise Impossible(N_("{id}.{field} must be between {low} and {high} (as in its file), "
                            "not {value}"), id=template_id, field=field, low=low, high=high,
                         value=value)
    try:
        changed = msgspec.convert(data, type(template))
    except msgspec.ValidationError as exc:
        raise Impossible(N_("{id}.{field} = {value}: {error}"), id=template_id, field=field,
                         value=str(value), error=str(exc)) from None
    return msgspec.structs.replace(content, **{table: {**getattr(content, table),
                                                       template_id: changed}})


def template_value(content, template_id: str, field: str) -> int | None:
    """A template's number as its file gives it (None: a field it does not list)."""
    template = content.characters.get(template_id) or content.creatures.get(template_id)
    if template is None:
        raise Impossible(N_("there is no template called {id}"), id=repr(template_id))
    group, _, name = field.partition(".")
    field = "hp_max" if field == "hp" else field
    if field in ("hp_max", "ap_max"):
        return getattr(template, field)
    if group == "stats" and name in CHARACTERISTICS:
        return getattr(template.characteristics, name)
    if group == "skills" and name in SKILLS:
        return getattr(template.skills, name)
    if group == "masteries" and name:
        return template.masteries.get(name, 0)
    return None


def varied_unit(game: GameState, path: str) -> Unit:
    """The unit whose number `path` (`UNIT.FIELD`) names, or why there is none: a template
    named in place of its units is refused with the unit's own field to vary instead."""
    head, field = split_path(path)
    unit = game.units.get(head)
    if unit is not None:
        return unit
    made = [u.id for u in game.units.values() if u.template == head]
    if made:
        # A template's numbers made its units when they were placed; a situation is played
        # with each unit's own numbers, which can be varied one by one.
        own = {"hp_max": "hp", "ap_max": "ap"}.get(field, field)
        unit_field(game.units[made[0]], own)  # a field no unit has: said as such
        raise Impossible(N_("{path} is a template's number, which its units ({units}) were "
                            "made from; a situation's odds read each unit's own: vary "
                            "{example}"), path=path, units=", ".join(made),
                         example=f"{made[0]}.{own}")
    raise no_such_unit(game, head)


def vary(game: GameState, path: str, value) -> None:
    """Set one number of a situation in place: a unit field or a rule."""
    head, field = split_path(path)
    if head == "rules":
        game.rules = rules_with(game.rules, field, value)
        game.content = msgspec.structs.replace(game.content, rules=game.rules)
        return
    unit = varied_unit(game, path)
    set_unit_field(unit, field, value)
    if field == "xp":
        unit.level = level_for(game.rules.level_thresholds, unit.xp)


# --- designer edits: commands of the notation, refused outside designer mode ------------


class Edit(Action):
    """A designer's change to the situation: journaled, logged, replayed, undoable like a
    move. The engine refuses every edit in a game not started in designer mode."""

    designer_only: ClassVar[bool] = True


def edited(unit_id: str, message: str, **fields: Field) -> Edited:
    """The journal's record of an edit: the change in English, and its message id and
    fields for the journal to word it in the player's language (whose words may agree
    with the unit: the edge looks its gender up by `unit_id`, as it does its name, so
    that journals keep the fields they always had)."""
    return Edited(unit_id, render(message, fields), message, fields)


def _standing(game: GameState, unit_id: str) -> Unit:
    unit = game.units.get(unit_id)
    if unit is None:
        raise no_such_unit(game, unit_id)
    if unit.down:
        raise Impossible(N_("{unit} is down"), unit=unit.name)
    return unit


def _free(game: GameState, pos: Pos) -> None:
    if not game.in_bounds(pos):
        raise Impossible(N_("{pos} is off the map"), pos=fmt_pos(pos))
    if not game.passable(pos):
        raise not_free(game, pos)


class SetField(Edit):
    """`set UNIT.FIELD VALUE`: hp, ap, xp, stats.X (a characteristic), skills.X."""

    VERBS: ClassVar = (Verb("set", "set UNIT.FIELD VALUE", N_("Set a field"),
                            N_("Set one number of a unit (designer)")),)
    path: str
    value: int

    @classmethod
    def read(cls, words: Words) -> SetField:
        words.need(2)
        return cls(words[0], words.number(1))

    def notation(self) -> str:
        return f"set {self.path} {self.value}"

    def check(self, game: GameState, player: int | None) -> tuple[Unit, str]:
        head, field = split_unit_path(game, self.path)
        unit = _standing(game, head)
        check_unit_value(unit, field, self.value)
        return unit, field

    def resolve(self, game: GameState, plan: tuple[Unit, str]) -> list[Event]:
        unit, field = plan
        old = set_unit_field(unit, field, self.value)
        if field == "xp":
            unit.level = level_for(game.rules.level_thresholds, unit.xp)
        return [edited(unit.id, N_("{field} {old} → {value}"), field=field, old=old,
                       value=self.value)]


class Place(Edit):
    """`place UNIT X,Y`: put a unit on a free square, whatever the distance."""

    VERBS: ClassVar = (Verb("place", "place UNIT X,Y", N_("Place a unit"),
                            N_("Put a unit on a free square (designer)")),)
    unit: str
    to: Pos

    @classmethod
    def read(cls, words: Words) -> Place:
        words.need(2)
        return cls(words[0], words.pos(1))

    def notation(self) -> str:
        return f"place {self.unit} {fmt_pos(self.to)}"

    def check(self, game: GameState, player: int | None) -> Unit:
        unit = _standing(game, self.unit)
        _free(game, self.to)
        return unit

    def resolve(self, game: GameState, unit: Unit) -> list[Event]:
        before, unit.pos = unit.pos, self.to
        return [edited(unit.id, N_("placed at {pos} (was {before})"), pos=fmt_pos(self.to),
                       before=fmt_pos(before))]


GIVE_KINDS = ("weapon", "armour", "spell")


class Give(Edit):
    """`give UNIT weapon|armour|spell ID`: a weapon or a spell is added; an armour replaces
    the one worn (a legendary one the legendary armour)."""

    VERBS: ClassVar = (Verb("give", "give UNIT weapon|armour|spell ID", N_("Give"),
                            N_("Give a unit a weapon, an armour or a spell (designer)")),)
    unit: str
    kind: str
    item: str

    @classmethod
    def read(cls, words: Words) -> Give:
        words.need(3)
        return cls(words[0], words.lower(1), words[2])

    def notation(self) -> str:
        return f"give {self.unit} {self.kind} {self.item}"

    def check(self, game: GameState, player: int | None) -> Unit:
        unit = _standing(game, self.unit)
        catalog = {"weapon": game.content.weapons, "armour": game.content.armours,
                   "spell": game.content.spells}.get(self.kind)
        if catalog is None:
            raise Impossible(N_("give takes weapon, armour or spell, not {kind}"),
                             kind=repr(self.kind))
        if self.item not in catalog:
            missing = {"weapon": N_("there is no weapon called {id}{hint}"),
                       "armour": N_("there is no armour called {id}{hint}"),
                       "spell": N_("there is no spell called {id}{hint}")}[self.kind]
            raise Impossible(missing, id=repr(self.item), hint=did_you_mean(self.item, catalog))
        if self.kind == "armour" and catalog[self.item].legendary and not unit.is_character:
            raise Impossible(N_("legendary armour is for characters; {unit} is a creature"),
                             unit=unit.name)
        if self.item in (unit.weapons if self.kind == "weapon" else
                         unit.spells if self.kind == "spell" else
                         (unit.armour, unit.legendary_armour)):
            raise Impossible(N_("{unit} already has {id}"), unit=unit.name, id=repr(self.item))
        return unit

    def resolve(self, game: GameState, unit: Unit) -> list[Event]:
        if self.kind == "weapon":
            unit.weapons = (*unit.weapons, self.item)
        elif self.kind == "spell":
            unit.spells = (*unit.spells, self.item)
        elif game.content.armours[self.item].legendary:
            unit.legendary_armour = self.item
        else:
            unit.armour = self.item
        given = {"weapon": N_("given the weapon {item}"), "armour": N_("given the armour {item}"),
                 "spell": N_("given the spell {item}")}[self.kind]
        return [edited(unit.id, given, item=self.item)]


class Spawn(Edit):
    """`spawn TEMPLATE ID X,Y [owner N]`: a new character (owner needed) or creature."""

    VERBS: ClassVar = (Verb("spawn", "spawn TEMPLATE ID X,Y [owner N]", N_("Spawn a unit"),
                            N_("A new character or creature on a free square (designer)")),)
    template: str
    id: str
    at: Pos
    owner: int | None = None

    @classmethod
    def read(cls, words: Words) -> Spawn:
        if len(words) == 5 and words.lower(3) == "owner":
            return cls(words[0], words[1], words.pos(2), words.number(4))
        words.need(3)
        return cls(words[0], words[1], words.pos(2))

    def notation(self) -> str:
        tail = f" owner {self.owner}" if self.owner is not None else ""
        return f"spawn {self.template} {self.id} {fmt_pos(self.at)}{tail}"

    def check(self, game: GameState, player: int | None) -> str:
        content = game.content
        kind = "character" if self.template in content.characters else \
            "creature" if self.template in content.creatures else None
        if kind is None:
            known = [*content.characters, *content.creatures]
            raise Impossible(N_("there is no character or creature template {id}{hint}"),
                             id=repr(self.template), hint=did_you_mean(self.template, known))
        if not IDENTIFIER.fullmatch(self.id):
            raise Impossible(N_("{id} is not an id (lowercase letters, digits, - and _)"),
                             id=repr(self.id))
        if self.id in game.units or self.id in game.things:
            raise Impossible(N_("the id {id} is taken"), id=repr(self.id))
        if kind == "character" and self.owner is None:
            raise Impossible(N_("a character needs an owner: {command} owner N"),
                             command=f"spawn {self.template} {self.id} {fmt_pos(self.at)}")
        if self.owner is not None and not 1 <= self.owner <= len(game.players):
            raise Impossible(N_("owner {owner} is not a player (1 to {players})"),
                             owner=self.owner, players=len(game.players))
        _free(game, self.at)
        return kind

    def resolve(self, game: GameState, kind: str) -> list[Event]:
        game.add_unit(UnitPlacement(id=self.id, template=self.template, owner=self.owner,
                                    at=list(self.at)), kind)
        if self.owner:
            return [edited(self.id, N_("spawned from {template} at {pos} for {player}"),
                           template=self.template, pos=fmt_pos(self.at),
                           player=game.player(self.owner).name)]
        return [edited(self.id, N_("spawned from {template} at {pos}"), template=self.template,
                       pos=fmt_pos(self.at))]


class Remove(Edit):
    """`remove UNIT`: take a unit out of play (it counts as down)."""

    VERBS: ClassVar = (Verb("remove", "remove UNIT", N_("Remove a unit"),
                            N_("Take a unit out of play (designer)")),)
    unit: str

    @classmethod
    def read(cls, words: Words) -> Remove:
        words.need(1)
        return cls(words[0])

    def notation(self) -> str:
        return f"remove {self.unit}"

    def check(self, game: GameState, player: int | None) -> Unit:
        return _standing(game, self.unit)

    def resolve(self, game: GameState, unit: Unit) -> list[Event]:
        unit.down = True
        game.casualties += 1
        return [edited(unit.id, N_("removed from play"))]


class Hold(Edit):
    """`hold CREATURE` / `release CREATURE`: a held creature skips the creatures' phase."""

    VERBS: ClassVar = (
        Verb("hold", "hold CREATURE", N_("Hold a creature"),
             N_("The creature skips the creatures' phase (designer)")),
        Verb("release", "release CREATURE", N_("Release a creature"),
             N_("The creature acts in the creatures' phase again (designer)")),
    )
    unit: str
    holding: bool

    @classmethod
    def read(cls, words: Words) -> Hold:
        words.need(1)
        return cls(words[0], words.name == "hold")

    def notation(self) -> str:
        return f"{'hold' if self.holding else 'release'} {self.unit}"

    def check(self, game: GameState, player: int | None) -> Unit:
        unit = _standing(game, self.unit)
        if unit.is_character or unit.owner is not None:
            raise Impossible(N_("{unit} is not a creature of the creatures' phase"),
                             unit=unit.name)
        if unit.held == self.holding:
            raise Impossible(N_("{unit} is already held") if self.holding
                             else N_("{unit} is already free"), unit=unit.name,
                             gender=unit.gender)
        return unit

    def resolve(self, game: GameState, unit: Unit) -> list[Event]:
        unit.held = self.holding
        return [edited(unit.id, N_("held: skips the creatures' phase") if self.holding
                       else N_("released: acts in the creatures' phase again"))]
