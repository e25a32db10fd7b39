"""The lab's figures per weapon, spell and item (and per timed effect), read from the
engine's typed journal events of a played game — never recomputed from the rules.

Each action's events follow its declaration (`AttackDeclared`, `SpellCast`, `ItemUsed`,
`Moved`, `DoorChanged`), so every roll, damage and fall after a declaration belongs to
that declaration's weapon, spell or item, under the actor's template. Damage a perfect
counter reflects belongs to the counterer, under a `reflected` row of that spell. So a
template's rows split its figures exactly: summed over its rows they are its own
(`runs.tallies`), walking and doors included (AP only).

A timed effect (a weapon's on-hit effect, an item's, a buff's or debuff's) has its own
row under the template that laid it: how many times it was laid, then the rolls and
blows it bore on while it lasted — those whose terms or sources name it (the engine names
an effect's origin, bola's `on_hit.amount` in `weapons`, in every term it enters). These
rows overlap the others (a blow under a malus is also its weapon's) and are not summed.

Damage is counted without overkill (11 on a 6-HP target is 6 dealt), the overkill apart,
on characters and creatures only (a door's or an object's HP are not a foe's).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules import rule_ids as R
from game.rules.sources import Sources
from game.rules.events import (
    AttackDeclared,
    CommandIssued,
    Damage,
    DoorChanged,
    Down,
    EffectAdded,
    EffectExpired,
    Healed,
    ItemUsed,
    Moved,
    Roll,
    SpellCast,
    TurnStarted,
)

#: (template, kind, id): kind is weapon, brawl, spell, reflected, item, walk or door.
Key = tuple[str, str, str]

#: The kind of an effect's row by the rule that laid it.
_EFFECT_KINDS = {R.ON_HIT.id: "on-hit", R.ITEMS.id: "item", R.TIMED_EFFECTS.id: "spell"}


def _add_checks(mine: dict[str, list[int]], other: dict[str, list[int]]) -> None:
    for kind, (rolls, successes) in other.items():
        got = mine.setdefault(kind, [0, 0])
        got[0] += rolls
        got[1] += successes


@dataclass
class SourceTally:
    """What one template did with one weapon, spell or item (or walking, doors)."""

    uses: int = 0
    ap: int = 0
    #: check kind -> [rolls, successes]: the actor's own (attack, magic) and its foes'
    #: against it (dodge, counter).
    checks: dict[str, list[int]] = field(default_factory=dict)
    #: Blows and spells that took effect on a unit: damage (hits that were not dodged,
    #: spells not countered), heals.
    landed: int = 0
    dealt: int = 0
    overkill: int = 0
    kills: int = 0
    healed: int = 0
    #: Timed effects laid by it (their own figures are in the effects rows).
    laid: int = 0

    def add(self, other: "SourceTally") -> None:
        self.uses += other.uses
        self.ap += other.ap
        _add_checks(self.checks, other.checks)
        self.landed += other.landed
        self.dealt += other.dealt
        self.overkill += other.overkill
        self.kills += other.kills
        self.healed += other.healed
        self.laid += other.laid


@dataclass
class EffectTally:
    """A timed effect laid by one template: times laid, and the rolls and blows it bore
    on while it lasted."""

    laid: int = 0
    checks: dict[str, list[int]] = field(default_factory=dict)
    blows: int = 0
    dealt: int = 0
    overkill: int = 0
    kills: int = 0

    def add(self, other: "EffectTally") -> None:
        self.laid += other.laid
        _add_checks(self.checks, other.checks)
        self.blows += other.blows
        self.dealt += other.dealt
        self.overkill += other.overkill
        self.kills += other.kills


def _names_origin(origin: Sources, terms, dice=()) -> bool:
    """Whether an effect's origin appears in these terms or dice (its term, or a stat's
    sources, which list its effects' origins)."""
    return any(o in t.source for t in terms for o in origin) or \
        any(o in d.source for d in dice for o in origin)


def dealt_and_overkill(event: Damage) -> tuple[int, int]:
    """The HP a damage event took off, and what went beyond them."""
    dealt = event.hp_before - event.hp_after
    return dealt, event.amount - dealt


def figures(journal, templates: dict[str, str]) -> tuple[dict[Key, SourceTally],
                                                         dict[Key, EffectTally]]:
    """Per (template, kind, id): the actions' figures and the timed effects' figures of
    one game's journal; `templates` maps each unit id to its template."""
    sources: dict[Key, SourceTally] = {}
    effects: dict[Key, EffectTally] = {}
    # The declaration the following events belong to: (actor, its row's key).
    actor: str | None = None
    key: Key | None = None
    spell = ""
    # (bearer, effect source) -> (its row's key, its origin), while it lasts.
    active: dict[tuple[str, str], tuple[Key, str]] = {}

    def row(k: Key) -> SourceTally:
        found = sources.get(k)
        if found is None:
            found = sources[k] = SourceTally()
        return found

    def effect_row(k: Key) -> EffectTally:
        found = effects.get(k)
        if found is None:
            found = effects[k] = EffectTally()
        return found

    def declared(unit: str, kind: str, what: str, ap: int) -> Key:
        k = (templates[unit], kind, what)
        tally = row(k)
        tally.uses += 1
        tally.ap += ap
        return k

    def bearing(*units: str):
        # The effects that may bear on an event about these units.
        return [(k, origin) for (bearer, _), (k, origin) in active.items() if bearer in units]

    for event in journal:
        if isinstance(event, (CommandIssued, TurnStarted)):
            actor = key = None
        elif isinstance(event, AttackDeclared):
            actor, spell = event.attacker, ""
            key = declared(actor, "weapon" if event.weapon else "brawl",
                           event.weapon or "brawl", event.ap_spent)
        elif isinstance(event, SpellCast):
            actor, spell = event.caster, event.spell
            key = declared(actor, "spell", spell, event.ap_spent)
        elif isinstance(event, ItemUsed):
            actor, spell = event.unit, ""
            key = declared(actor, "item", event.item, event.ap_spent)
        elif isinstance(event, Moved):
            actor, key = event.unit, declared(event.unit, "walk", "walk", event.ap_spent)
        elif isinstance(event, DoorChanged):
            actor, key = event.unit, declared(event.unit, "door", "door", event.ap_spent)
        elif isinstance(event, Roll):
            if key is not None:
                got = row(key).checks.setdefault(str(event.check), [0, 0])
                got[0] += 1
                got[1] += event.success
            for k, origin in bearing(event.unit):
                if _names_origin(origin, event.terms):
                    got = effect_row(k).checks.setdefault(str(event.check), [0, 0])
                    got[0] += 1
                    got[1] += event.success
        elif isinstance(event, Damage):
            on_unit = event.target in templates
            dealt, over = dealt_and_overkill(event) if on_unit else (0, 0)
            if event.source in templates:
                # A reflected spell is the counterer's damage, not the caster's.
                k = key if event.source == actor else \
                    (templates[event.source], "reflected", spell)
                if k is not None:
                    tally = row(k)
                    tally.landed += 1
                    tally.dealt += dealt
                    tally.overkill += over
            for k, origin in bearing(event.source, event.target):
                if _names_origin(origin, (*event.terms, *event.reduction_terms), event.dice):
                    tally = effect_row(k)
                    tally.blows += 1
                    tally.dealt += dealt
                    tally.overkill += over
                    tally.kills += on_unit and event.hp_after == 0
        elif isinstance(event, Down):
            if event.by in templates:
                k = key if event.by == actor else (templates[event.by], "reflected", spell)
                if k is not None:
                    row(k).kills += 1
        elif isinstance(event, Healed):
            if key is not None:
                row(key).landed += 1
                row(key).healed += event.amount
        elif isinstance(event, EffectAdded):
            kind = _EFFECT_KINDS.get(event.rule)
            if kind is None or actor is None:
                continue
            k = (templates[actor], kind, event.source)
            effect_row(k).laid += 1
            if key is not None:
                tally = row(key)
                tally.laid += 1
                # A buff, debuff or item takes effect by laying it (a weapon's hit has
                # landed already).
                tally.landed += key[1] in ("spell", "item")
            active[(event.unit, event.source)] = (k, event.origin)
        elif isinstance(event, EffectExpired):
            active.pop((event.unit, event.source), None)
    return sources, effects
