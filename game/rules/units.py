"""Units on the board (characters and creatures), with their timed effects and statistics."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.templates import Quips
from game.rules.geometry import Pos
from game.rules.terms import Term


@dataclass(slots=True)
class Effect:
    """A timed bonus or malus (a spell's, an item's, a weapon's on-hit effect): `amount`
    added to `stat` for `turns` more of its holder's turns; `source` is its spell, item or
    weapon id."""

    source: str
    stat: str
    amount: int
    turns: int


@dataclass(slots=True)
class Statistics:
    """Per-unit statistics, attacker side and defender side."""

    attacks: int = 0
    hits: int = 0
    perfects: int = 0
    misses: int = 0
    dodges: int = 0
    damage_dealt: int = 0
    damage_taken: int = 0
    kills: int = 0
    spells_cast: int = 0
    spells_failed: int = 0
    spells_countered: int = 0
    counters: int = 0


@dataclass(slots=True)
class Unit:
    """A character (owned by a player) or a creature (owned by none unless a scenario says)."""

    id: str
    name: str
    kind: str
    template: str
    owner: int | None
    faction: str | None
    glyph: str
    pos: Pos
    characteristics: dict[str, int]
    skills: dict[str, int]
    masteries: dict[str, int]
    weapons: tuple[str, ...]
    armour: str | None
    legendary_armour: str | None
    hp: int
    hp_max: int
    ap: int
    ap_max: int
    spells: tuple[str, ...] = ()
    quips: Quips = field(default_factory=Quips)
    xp: int = 0
    level: int = 1
    effects: list[Effect] = field(default_factory=list)
    #: Items carried: id -> uses left (0: used up).
    items: dict[str, int] = field(default_factory=dict)
    stats: Statistics = field(default_factory=Statistics)
    down: bool = False
    #: AP a counter-magic drained during another side's turn: taken off the next refill.
    ap_owed: int = 0
    #: Held by a designer: skips the creatures' phase.
    held: bool = False

    @property
    def is_character(self) -> bool:
        return self.kind == "character"

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

    def effect_terms(self, stat: str) -> tuple[Term, ...]:
        """One named term per timed effect on `stat` (a skill, damage, reduction, magic_bonus)."""
        if not self.effects:
            return ()
        return tuple(Term("effect", e.amount, e.source) for e in self.effects if e.stat == stat)
