"""Spells (sorts): `cast ID SPELL TARGET`, counter-magic (contre-magie) and timed effects.

Order of the page: check → spend AP → magic roll → for a damage spell reaching a
character, its counter-magic → apply damage, heal, buff/debuff, on one target or an area.
"""

from __future__ import annotations

from typing import ClassVar, Iterator

import msgspec

from game.rules import chances
from game.rules import rule_ids as R
from game.rules.actions import (
    OWN_CHARACTER,
    Action,
    Offer,
    Target,
    acting_unit,
    deal_damage,
    faction_term,
    lay_effect,
    no_such_unit,
    own_character_ban,
    parse_pos,
    reduction_terms,
    roll_check,
    unit_chance,
)
from game.rules.damage import final_damage, total_reduction
from game.rules.dice import Dice, DiceRoll
from game.rules.errors import Impossible, N_, Phrase, UnknownName, did_you_mean
from game.rules.events import (
    ApDrained,
    Countered,
    Damage,
    EffectAdded,
    Event,
    Healed,
    SpellCast,
)
from game.rules.geometry import Pos, distance
from game.rules.progress import gain_xp, quip
from game.rules.sources import Sources, entry_source, rules_source
from game.rules.state import GameState
from game.rules.templates import Spell
from game.rules.terms import Chance, Term
from game.rules.units import Unit
from game.rules.verbs import Verb, Words


def in_area(pos: Pos, centre: Pos, radius: int) -> bool:
    """A square an area spell covers: within its radius of the centre (diagonals count 1)."""
    return distance(pos, centre) <= radius


def area_squares(game: GameState, spell: Spell, centre: Pos) -> frozenset[Pos]:
    """Every square of the map an area spell centred there covers (none for a single-target
    spell): what the UI draws as its footprint."""
    if not spell.area:
        return frozenset()
    cx, cy = centre
    return frozenset((x, y)
                     for x in range(max(0, cx - spell.area), min(game.width, cx + spell.area + 1))
                     for y in range(max(0, cy - spell.area), min(game.height, cy + spell.area + 1))
                     if in_area((x, y), centre, spell.area))


def spell_range(spell: Spell, level: int) -> int:
    """The reach for a caster level: one entry per level, the last for all higher levels."""
    return spell.range[min(level, len(spell.range)) - 1]


def magic_chance(game: GameState, caster: Unit, target: Unit | None = None) -> Chance:
    """The caster's magic chance; the spell's target never counts as a faction ally."""
    faction = faction_term(game, caster, target)
    return unit_chance(game, caster, "magic", ("magic",), ("INT", "DEX"), (faction,),
                       lambda: chances.magic_chance(game.rules, caster, faction))


def counter_chance(game: GameState, defender: Unit) -> Chance:
    faction = faction_term(game, defender)
    return unit_chance(game, defender, "counter", ("magic",), ("INT",), (faction,),
                       lambda: chances.counter_chance(game.rules, defender, faction))


def drain_ap(game: GameState, unit: Unit, caster: Unit, amount: int,
             spell_id: str = "") -> ApDrained:
    """A counter's AP cost ("consomme la moitié du coût … sur la cible").

    Taken off the counterer's AP at once when it counters during its own side's turn;
    otherwise its AP would be refilled before it could act, so the drain is owed and taken
    off its next refill. Never below 0.
    """
    source = rules_source("counter_drain.fraction", "counter_drain.rounding") + \
        (entry_source("spells", spell_id, "ap_cost") if spell_id else ())
    own_turn = unit.owner is not None and unit.owner == caster.owner
    if own_turn:
        taken = min(unit.ap, amount)
        unit.ap -= taken
        return ApDrained(unit.id, taken, unit.ap, rule=R.COUNTER_DRAIN.id, source=source)
    unit.ap_owed += amount
    return ApDrained(unit.id, amount, unit.ap, unit.ap_owed, game.refill(unit),
                     R.DRAIN_OWED.id, source)


class SpellTarget(msgspec.Struct, frozen=True):
    """One unit a spell reaches, with what the page decides for it before any roll.

    `counter`: its counter-magic chance (a damage spell on a character), `drain`: the AP a
    successful counter costs it (taken now in its own side's turn, else owed to its next
    refill), `reduction_terms`: what it takes off the spell's damage
    (none when spell damage ignores reduction).
    """

    unit: Unit
    counter: Chance | None
    drain: int
    reduction_terms: tuple[Term, ...]

    @property
    def reduction(self) -> int:
        return total_reduction(self.reduction_terms)


class CastPlan(msgspec.Struct, frozen=True):
    """A spell as the page decides it before the AP are spent.

    The value `dice` are rolled once, on a successful magic roll, for every target; a
    perfect counter reflects the spell on the caster (`reflected_reduction_terms`).
    """

    caster: Unit
    spell_id: str
    spell: Spell
    centre: Unit
    distance: int
    ap_cost: int
    chance: Chance
    dice: Dice | None
    targets: tuple[SpellTarget, ...]
    reflected_reduction_terms: tuple[Term, ...]

    @property
    def defence(self) -> Chance | None:
        """The centre's counter-magic chance, if it may counter."""
        return next((t.counter for t in self.targets if t.unit is self.centre), None)

    @property
    def dice_source(self) -> tuple[str, Sources]:
        """(rule id, content sources) of the value dice: a damage spell's or a heal's."""
        rule = R.DAMAGE_SPELL if self.spell.kind == "damage" else R.HEAL
        return rule.id, entry_source("spells", self.spell_id, "dice")


#: The kinds of spell that are hostile acts: refused on one's own characters (R3.4) and,
#: as an area, touching foes only (R7.10).
HARMFUL = frozenset({"damage", "debuff"})

#: A spell's kind as a refusal words it (translated at the edge).
SPELL_KINDS = {"damage": N_("damage"), "heal": N_("heal"), "buff": N_("buff"),
               "debuff": N_("debuff")}


#: A spell's refusals that say the unit is no target of that spell at all, wherever it
#: stands (its kind, its side, the caster itself), unlike its reach, sight or AP: the
#: spell list explains a spell cast on nobody by a unit that could be its target.
CHARACTERS_ONLY = N_("{spell} ({kind}) targets characters only; {target} is a creature")
AREA_ON_A_CHARACTER = N_("an area spell must be centred on a character; {target} is a creature")
NOT_AT_ITSELF = N_("{unit} cannot aim {spell} at itself")
FOES_ONLY = N_("{spell} touches foes only; {target} is on your side")
FRIENDS_ONLY = N_("{spell} touches friends only; {target} is a foe")
#: A spell's refusals of a unit it could take from nearer or with a clear view: its reach
#: (the fields `d` and `reach` say by how much) and its line of sight.
OUT_OF_RANGE = N_("{target} is {d} squares away; {spell} reaches {reach} at level {level}")
NO_SIGHT = N_("{unit} has no line of sight to {target}")
NOT_ITS_TARGET = frozenset({CHARACTERS_ONLY, AREA_ON_A_CHARACTER, NOT_AT_ITSELF, FOES_ONLY,
                            FRIENDS_ONLY, OWN_CHARACTER})


def known_spells(game: GameState, caster: Unit) -> Phrase:
    """The spells `caster` knows, by their names (each a content name, which the edge words
    in the player's language), in the order learned: `Firebolt, Ice Storm`."""
    spells = game.content.spells
    names = [spells[s].name if s in spells else s for s in caster.spells]
    return Phrase(", ".join(f"{{spell{i}}}" for i in range(len(names))),
                  {f"spell{i}": name for i, name in enumerate(names)})


class Cast(Action):
    """`cast ID SPELL TARGET`: TARGET is a unit id or the square `x,y` of a unit."""

    VERBS: ClassVar = (Verb("cast", "cast ID SPELL TARGET", N_("Cast a spell"),
                            N_("A spell on a unit, named by its id or by its square x,y")),)
    unit: str
    spell: str
    target: str

    @classmethod
    def offers(cls, game: GameState, actor: Unit, target: Target, token: str) -> Iterator[Offer]:
        """Each spell the actor knows, on a unit."""
        if isinstance(target, Unit):
            for spell_id in actor.spells:
                spell = game.content.spells[spell_id]
                yield Offer(spell.name, "spell", cls(actor.id, spell_id, target.id),
                            spell.ap_cost)

    @classmethod
    def read(cls, words: Words) -> Cast:
        words.need(3)
        return cls(words[0], words[1], words[2])

    def notation(self) -> str:
        return f"cast {self.unit} {self.spell} {self.target}"

    def check(self, game: GameState, player: int | None) -> CastPlan:
        caster = acting_unit(game, self.unit, player)
        spell = game.content.spells.get(self.spell)
        if spell is None:
            raise UnknownName(N_("there is no spell called {id}{hint}"), id=repr(self.spell),
                             hint=did_you_mean(self.spell, game.content.spells))
        if self.spell not in caster.spells:
            if not caster.spells:
                raise Impossible(N_("{unit} has not learned {spell} (knows: none)"),
                                 unit=caster.name, spell=spell.name)
            raise Impossible(N_("{unit} has not learned {spell} (knows: {known})"),
                             unit=caster.name, spell=spell.name, known=known_spells(game, caster))
        if caster.ap < spell.ap_cost:
            raise Impossible(N_("{unit} has {ap} AP; {spell} costs {cost}"), unit=caster.name,
                             ap=caster.ap, spell=spell.name, cost=spell.ap_cost)
        target = self._target(game)
        if spell.kind != "damage" and not target.is_character:
            # not a character: a creature, the only other kind of unit
            raise Impossible(CHARACTERS_ONLY, spell=spell.name,
                             kind=Phrase(SPELL_KINDS.get(spell.kind, spell.kind)),
                             target=target.name)
        if spell.area and not target.is_character:
            raise Impossible(AREA_ON_A_CHARACTER, target=target.name)
        if spell.kind in HARMFUL:
            # A debuff is a hostile act like a blow (R3.4).
            if target is caster:
                raise Impossible(NOT_AT_ITSELF, unit=caster.name, spell=spell.name,
                                 gender=caster.gender)
            own_character_ban(caster, target)
        if spell.area and game.rules.area.touches == "by_kind":
            harmful = spell.kind in HARMFUL
            if harmful and not game.foes(caster, target):
                raise Impossible(FOES_ONLY, spell=spell.name, target=target.name)
            if not harmful and game.foes(caster, target):
                raise Impossible(FRIENDS_ONLY, spell=spell.name, target=target.name,
                                 gender=target.gender)
        reach = spell_range(spell, caster.level)
        d = distance(caster.pos, target.pos)
        if d > reach:
            raise Impossible(OUT_OF_RANGE, target=target.name, d=d, spell=spell.name,
                             reach=reach, level=caster.level)
        if d and not game.line_of_sight(caster.pos, target.pos):
            raise Impossible(NO_SIGHT, unit=caster.name, target=target.name)
        damage = spell.kind == "damage"
        ignores = game.rules.spell_damage_ignores_reduction

        def reduction(unit: Unit) -> tuple[Term, ...]:
            return reduction_terms(game, unit) if damage and not ignores else ()

        targets = tuple(
            SpellTarget(unit,
                        counter_chance(game, unit) if damage and unit.is_character else None,
                        chances.counter_drain(game.rules, spell.ap_cost), reduction(unit))
            for unit in self._targets(game, caster, spell, target))
        return CastPlan(caster, self.spell, spell, target, d, spell.ap_cost,
                        magic_chance(game, caster, target),
                        Dice.parse(spell.dice) if spell.dice else None, targets,
                        reduction(caster))

    def _target(self, game: GameState) -> Unit:
        unit = game.units.get(self.target)
        if unit is None:
            pos = parse_pos(self.target)
            if pos is None:
                raise no_such_unit(game, self.target)
            unit = game.unit_at(pos)
            if unit is None:
                raise Impossible(N_("no unit stands at {pos}; a spell needs a unit (an area "
                                    "spell a character) at its centre"), pos=self.target)
        if unit.down:
            raise Impossible(N_("{unit} is down"), unit=unit.name)
        return unit

    def resolve(self, game: GameState, plan: CastPlan) -> list[Event]:
        caster, spell = plan.caster, plan.spell
        rules = game.rules
        caster.ap -= plan.ap_cost
        events: list[Event] = [SpellCast(caster.id, self.spell, plan.centre.id, spell.kind,
                                         plan.ap_cost, caster.ap)]
        magic = roll_check(game.roller, plan.chance, caster.id)
        events.append(magic)
        if not magic.success:
            caster.stats.spells_failed += 1
            return events + quip(rules.default_quips, caster, "spell_fail")
        caster.stats.spells_cast += 1
        value = game.roller.roll(plan.dice, self.spell, *plan.dice_source) \
            if plan.dice else None
        took_effect = False
        casualties = game.casualties
        for target in plan.targets:
            if target.counter is not None and game.casualties != casualties:
                # A faction ally downed by this same spell is no longer present: the
                # counter chance planned before the spell would still count it.
                target = msgspec.structs.replace(
                    target, counter=counter_chance(game, target.unit))
            if target.counter is not None:
                countered, counter_events = self._counter(game, plan, target, value)
                events += counter_events
                if countered:
                    continue
            took_effect = True
            events += self._apply(game, caster, spell, target.unit, target.reduction_terms,
                                  value)
        if took_effect:
            events += gain_xp(rules, caster, rules.xp.spell_default if spell.xp is None
                              else spell.xp, N_("{spell} cast"), {"spell": spell.name},
                              source=rules_source("xp.spell_default") if spell.xp is None
                              else entry_source("spells", self.spell, "xp"))
        else:
            caster.stats.spells_countered += 1
            events += quip(rules.default_quips, caster, "spell_fail")
        return events

    @staticmethod
    def _targets(game: GameState, caster: Unit, spell: Spell, centre: Unit) -> list[Unit]:
        """The centre alone, or every unit the area touches within its radius of it.

        Heal, buff and debuff areas touch characters only, damage areas any unit. By kind
        (`area.touches: by_kind`): harm touches the caster's foes only, help its friends
        only (the caster included). `everyone`: whatever their side, never the caster by
        its own harm.
        """
        if not spell.area:
            return [centre]
        harmful = spell.kind in HARMFUL
        by_kind = game.rules.area.touches == "by_kind"
        found = []
        for unit in game.standing():
            if not in_area(unit.pos, centre.pos, spell.area):
                continue
            if spell.kind != "damage" and not unit.is_character:
                continue
            if harmful and unit is caster:
                continue
            if by_kind and game.foes(caster, unit) != harmful:
                continue
            found.append(unit)
        return sorted(found, key=lambda u: (distance(u.pos, centre.pos), u.id))

    def _counter(self, game: GameState, plan: CastPlan, target: SpellTarget,
                 value: DiceRoll | None) -> tuple[bool, list[Event]]:
        rules = game.rules
        unit = target.unit
        counter = roll_check(game.roller, target.counter, unit.id)
        events: list[Event] = [counter]
        if not counter.success:
            return False, events
        reflected = counter.perfect
        unit.stats.counters += 1
        events.append(Countered(unit.id, self.spell, reflected))
        events.append(drain_ap(game, unit, plan.caster, target.drain, plan.spell_id))
        events += gain_xp(rules, unit, rules.xp.counter, N_("counter-magic"),
                          source=rules_source("xp.counter"))
        if reflected and not plan.caster.down:
            # The caster takes its own spell; a reflection is not countered again. A caster
            # already downed by an earlier reflection of the same area takes nothing more.
            events += self._apply(game, unit, plan.spell, plan.caster,
                                  plan.reflected_reduction_terms, value)
        return True, events

    def _apply(self, game: GameState, source: Unit, spell: Spell, target: Unit,
               reduction: tuple[Term, ...], value: DiceRoll | None) -> list[Event]:
        if spell.kind == "damage":
            reduce = total_reduction(reduction)
            amount = final_damage(value.total, reduce)
            events: list[Event] = [Damage(source.id, target.id, (value,), (), value.total,
                                          reduction, reduce, amount, target.hp,
                                          max(0, target.hp - amount))]
            events += deal_damage(game, source, target, amount)
            if target.down:
                events += quip(game.rules.default_quips, source, "kill")
            return events
        if spell.kind == "heal":
            before = target.hp
            target.hp = min(target.hp_max, target.hp + max(0, value.total))
            return [Healed(source.id, target.id, (value,), target.hp - before, before, target.hp)]
        return lay_effect(target, self.spell, spell.effect,
                          entry_source("spells", self.spell, "effect.amount"))
