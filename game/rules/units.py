"""Units on the board (characters and creatures), with their timed effects and statistics:
the state of a unit, declared once as msgspec Structs with the bounds a save is read
under (`bounds.py`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from game.rules.bounds import Coord, Id, Maximum, PlainName, PlayerNo, Glyph, Signed, Small
from game.rules.constants import CHARACTERISTICS, SKILLS
from game.rules.templates import Quips
from game.rules.rule_ids import TIMED_EFFECTS
from game.rules.sources import Sources, template_value_source
from game.rules.terms import Term, term

#: The content table a unit's template comes from, by the unit's kind.
TEMPLATE_TABLES = {"character": "characters", "creature": "creatures"}


class Effect(msgspec.Struct):
    """A timed bonus or malus (a spell's, an item's, a weapon's on-hit effect): `amount`
    added to `stat` for `turns` more of its holder's turns; `source` is its spell, item or
    weapon id, `origin` the content value its amount comes from (bless's `effect.amount`
    in `spells`; none in saves made before origins were kept)."""

    source: Id
    stat: Annotated[str, Meta(max_length=20)]
    amount: Signed
    turns: Small
    origin: Annotated[Sources, Meta(max_length=20)] = ()


class Statistics(msgspec.Struct):
    """Per-unit statistics, attacker side and defender side. (A save's statistics the
    engine no longer keeps are left out when it is decoded: unknown fields are ignored.)"""

    attacks: Small = 0
    hits: Small = 0
    perfects: Small = 0
    misses: Small = 0
    dodges: Small = 0
    damage_dealt: Small = 0
    damage_taken: Small = 0
    kills: Small = 0
    spells_cast: Small = 0
    spells_failed: Small = 0
    spells_countered: Small = 0
    counters: Small = 0


class Unit(msgspec.Struct, forbid_unknown_fields=True):
    """A character (owned by a player) or a creature (owned by none unless a scenario says).

    Declared once, with the bounds of each field: the engine plays it, `snapshot()` and
    saves encode it, saves decode it (a misspelt or missing field, a value out of its
    range, is an error there)."""

    id: Id
    name: PlainName
    kind: Literal["character", "creature"]
    template: Id
    owner: PlayerNo | None
    faction: Id | None
    glyph: Glyph
    pos: tuple[Coord, Coord]
    characteristics: Annotated[dict[str, Small], Meta(max_length=len(CHARACTERISTICS))]
    skills: Annotated[dict[str, Signed], Meta(max_length=len(SKILLS))]
    masteries: Annotated[dict[Id, Signed], Meta(max_length=100)]
    weapons: Annotated[tuple[Id, ...], Meta(max_length=100)]
    armour: Id | None
    legendary_armour: Id | None
    hp: Small
    hp_max: Maximum
    ap: Signed
    ap_max: Maximum
    spells: Annotated[tuple[Id, ...], Meta(max_length=100)] = ()
    #: Not read back from a save: a unit speaks its template's lines.
    quips: Quips = msgspec.field(default_factory=Quips)
    xp: Small = 0
    level: Annotated[int, Meta(ge=1, le=1000)] = 1
    effects: Annotated[list[Effect], Meta(max_length=1000)] = []
    #: Items carried: id -> uses left (0: used up).
    items: Annotated[dict[Id, Small], Meta(max_length=100)] = {}
    stats: Statistics = msgspec.field(default_factory=Statistics)
    down: bool = False
    #: AP a counter-magic drained during another side's turn: taken off the next refill.
    ap_owed: Small = 0
    #: Held by a designer: skips the creatures' phase.
    held: bool = False
    #: The template fields a designer's `set` changed (`skills.melee`): their values no
    #: longer come from the content file, and the terms reading them say so.
    designer_set: Annotated[tuple[Annotated[str, Meta(max_length=100)], ...],
                            Meta(max_length=100)] = ()
    #: Its name's grammatical gender (`m`, `f`), for the edge's agreement (saves before
    #: it read as the masculine).
    gender: Literal["m", "f"] = "m"

    @property
    def is_character(self) -> bool:
        return self.kind == "character"

    @property
    def live_effects(self) -> list:
        """The timed effects that still act on the unit: none once it is down. A downed
        unit keeps its effects as they were (a unit at 0 HP leaves play, and only living
        units' effects tick down), but they no longer act: it is shown down, not blessed."""
        return [] if self.down else list(self.effects)

    def _effect_total(self, stat: str) -> int:
        return sum(e.amount for e in self.effects if e.stat == stat)

    def stat(self, name: str) -> int:
        """A characteristic with its timed effects, never below 0."""
        if not self.effects:
            return self.characteristics[name]
        return max(0, self.characteristics[name] + self._effect_total(name))

    def skill(self, name: str) -> int:
        """A skill's base value; effects on it are separate named terms."""
        return self.skills.get(name, 0)

    def mastery(self, family: str) -> int:
        return self.masteries.get(family, 0)

    def source(self, field: str) -> Sources:
        """Where one of the unit's template values comes from: aldric's `skills.melee` in
        `characters` (`field` as a designer's `set` names it), noted as set by the
        designer once a `set` changed it."""
        return template_source(self.kind, self.template, field, self.designer_set)

    def stat_source(self, name: str) -> Sources:
        """Where an effective characteristic comes from: its template value and the timed
        effects on it."""
        where = template_source(self.kind, self.template, "stats." + name, self.designer_set)
        if not self.effects:
            return where
        return where + tuple(s for e in self.effects if e.stat == name for s in e.origin)

    def template_term(self, name: str, value: int, detail: str, rule: str, group: str,
                      key: str) -> Term:
        """A term reading the template value `group.key` (`skills.melee`), its source named;
        a key the template does not list is 0, and the source says so."""
        listed = key in getattr(self, group, {})
        return _template_term(name, value, detail, rule, self.kind, self.template, group, key,
                              self.designer_set, listed)

    def effect_terms(self, stat: str) -> tuple[Term, ...]:
        """One named term per timed effect on `stat` (a skill, damage, reduction, magic_bonus)."""
        if not self.effects:
            return ()
        return tuple(term("effect", e.amount, e.source, TIMED_EFFECTS.id, e.origin)
                     for e in self.effects if e.stat == stat)


# Every check asks where a few template values come from: each answer is built once.
@lru_cache(maxsize=4096)
def template_source(kind: str, template: str, field: str,
                    designer_set: tuple[str, ...] = ()) -> Sources:
    """Where a unit's template value comes from: aldric's `skills.melee` in `characters`
    (noted once a designer's `set` changed it)."""
    return template_value_source(TEMPLATE_TABLES.get(kind, kind), template, field,
                                 field in designer_set)


@lru_cache(maxsize=4096)
def _template_term(name: str, value: int, detail: str, rule: str, kind: str, template: str,
                   group: str, key: str, designer_set: tuple[str, ...],
                   listed: bool = True) -> Term:
    field = f"{group}.{key}"
    if listed or field in designer_set:
        return term(name, value, detail, rule,
                    template_source(kind, template, field, designer_set))
    # ysolde lists no `masteries.axe`: the entry that exists, and why 0.
    return term(name, value, detail, rule,
                template_value_source(TEMPLATE_TABLES.get(kind, kind), template, field,
                                      listed=False))
