"""Spells (sorts): `cast ID SPELL TARGET`, counter-magic (contre-magie) and timed effects.

Order of the page: check → spend AP → magic roll → for a damage spell reaching a
character, its counter-magic → apply damage, heal, buff/debuff, on one target or an area.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.content.schema import Spell
from game.rules import chances
from game.rules.actions import (
    Action,
    acting_unit,
    faction_term,
    parse_pos,
    reduction_terms,
    take_hp,
)
from game.rules.constants import Check
from game.rules.damage import final_damage, total_reduction
from game.rules.dice import Dice
from game.rules.errors import Impossible
from game.rules.events import (
    ApDrained,
    Countered,
    Damage,
    EffectAdded,
    Event,
    Healed,
    Roll,
    SpellCast,
)
from game.rules.geometry import distance
from game.rules.progress import gain_xp, quip
from game.rules.terms import Chance
from game.rules.units import Effect, Unit

if TYPE_CHECKING:
    from game.rules.state import Game


def spell_range(spell: Spell, level: int) -> int:
    """The reach for a caster level: one entry per level, the last for all higher levels."""
    return spell.range[min(level, len(spell.range)) - 1]


def magic_chance(game: "Game", caster: Unit, target: Unit | None = None) -> Chance:
    """The caster's magic chance; the spell's target never counts as a faction ally."""
    return chances.magic_chance(game.rules, caster, faction_term(game, caster, target))


def counter_chance(game: "Game", defender: Unit) -> Chance:
    return chances.counter_chance(game.rules, defender, faction_term(game, defender))


def drain_ap(game: "Game", unit: Unit, caster: Unit, amount: int) -> ApDrained:
    """A counter's AP cost ("consomme la moitié du coût … sur la cible").

    Taken off the counterer's AP at once when it counters during its own side's turn;
    otherwise its AP would be refilled before it could act, so the drain is owed and taken
    off its next refill. Never below 0.
    """
    own_turn = unit.owner is not None and unit.owner == caster.owner
    if own_turn:
        taken = min(unit.ap, amount)
        unit.ap -= taken
        return ApDrained(unit.id, taken, unit.ap)
    unit.ap_owed += amount
    return ApDrained(unit.id, amount, unit.ap, unit.ap_owed, game.refill(unit))


@dataclass(frozen=True)
class Cast(Action):
    """`cast ID SPELL TARGET`: TARGET is a unit id or the square `x,y` of a unit."""

    unit: str
    spell: str
    target: str

    def notation(self) -> str:
        return f"cast {self.unit} {self.spell} {self.target}"

    def check(self, game: "Game", player: int | None) -> tuple[Unit, Spell, Unit]:
        caster = acting_unit(game, self.unit, player)
        spell = game.content.spells.get(self.spell)
        if spell is None:
            raise Impossible(f"there is no spell called {self.spell!r}")
        if self.spell not in caster.spells:
            known = ", ".join(caster.spells) or "none"
            raise Impossible(f"{caster.name} has not learned {spell.name} (knows: {known})")
        if caster.ap < spell.ap_cost:
            raise Impossible(f"{caster.name} has {caster.ap} AP; {spell.name} costs "
                             f"{spell.ap_cost}")
        target = self._target(game)
        if spell.kind != "damage" and not target.is_character:
            raise Impossible(f"{spell.name} ({spell.kind}) targets characters only; "
                             f"{target.name} is a {target.kind}")
        if spell.area and not target.is_character:
            raise Impossible(f"an area spell must be centred on a character; "
                             f"{target.name} is a {target.kind}")
        if spell.kind == "damage" and target.is_character and target.owner == caster.owner \
                and caster.owner is not None:
            raise Impossible(f"{target.name} is one of your own characters: "
                             "a player may never attack their own")
        reach = spell_range(spell, caster.level)
        d = distance(caster.pos, target.pos)
        if d > reach:
            raise Impossible(f"{target.name} is {d} squares away; {spell.name} reaches {reach} "
                             f"at level {caster.level}")
        if d and not game.line_of_sight(caster.pos, target.pos):
            raise Impossible(f"{caster.name} has no line of sight to {target.name}")
        return caster, spell, target

    def _target(self, game: "Game") -> Unit:
        unit = game.units.get(self.target)
        if unit is None:
            pos = parse_pos(self.target)
            if pos is None:
                raise Impossible(f"there is no unit called {self.target!r}")
            unit = game.unit_at(pos)
            if unit is None:
                raise Impossible(f"no unit stands at {self.target}; a spell needs a unit "
                                 "(an area spell a character) at its centre")
        if unit.down:
            raise Impossible(f"{unit.name} is down")
        return unit

    def chance(self, game: "Game", player: int | None) -> Chance:
        caster, _, target = self.check(game, player)
        return magic_chance(game, caster, target)

    def resolve(self, game: "Game", plan: tuple[Unit, Spell, Unit]) -> list[Event]:
        caster, spell, centre = plan
        rules = game.rules
        caster.ap -= spell.ap_cost
        events: list[Event] = [SpellCast(caster.id, self.spell, centre.id, spell.kind,
                                         spell.ap_cost, caster.ap)]
        chance = magic_chance(game, caster, centre)
        roll = game.roller.d100()
        success = chance.succeeds(roll)
        events.append(Roll(Check.MAGIC, caster.id, roll, chance.value, chance.cap, chance.terms,
                           success))
        if not success:
            caster.stats.spells_failed += 1
            return events + quip(rules.default_quips, caster, "spell_fail")
        caster.stats.spells_cast += 1
        value = game.roller.roll(Dice.parse(spell.dice), spell.name) if spell.dice else None
        took_effect = False
        for target in self._targets(game, caster, spell, centre):
            if spell.kind == "damage" and target.is_character:
                countered, counter_events = self._counter(game, caster, spell, target, value)
                events += counter_events
                if countered:
                    continue
            took_effect = True
            events += self._apply(game, caster, spell, target, value)
        if took_effect:
            events += gain_xp(rules, caster, rules.xp.spell_default if spell.xp is None
                              else spell.xp, f"{spell.name} cast")
        else:
            caster.stats.spells_countered += 1
            events += quip(rules.default_quips, caster, "spell_fail")
        return events

    @staticmethod
    def _targets(game: "Game", caster: Unit, spell: Spell, centre: Unit) -> list[Unit]:
        """The centre alone, or every valid unit within the area's radius of it.

        An area never harms the caster's own characters (the ban) and heals, buffs or
        debuffs characters only.
        """
        if not spell.area:
            return [centre]
        found = []
        for unit in game.standing():
            if distance(unit.pos, centre.pos) > spell.area:
                continue
            if spell.kind == "damage":
                if unit is caster or (unit.is_character and caster.owner is not None
                                      and unit.owner == caster.owner):
                    continue
            elif not unit.is_character:
                continue
            found.append(unit)
        return sorted(found, key=lambda u: (distance(u.pos, centre.pos), u.id))

    def _counter(self, game: "Game", caster: Unit, spell: Spell, target: Unit,
                 value) -> tuple[bool, list[Event]]:
        rules = game.rules
        chance = counter_chance(game, target)
        roll = game.roller.d100()
        success = chance.succeeds(roll)
        perfect_below = rules.page.perfect_counter_below
        events: list[Event] = [Roll(Check.COUNTER, target.id, roll, chance.value, chance.cap,
                                    chance.terms, success, success and roll < perfect_below)]
        if not success:
            return False, events
        reflected = roll < perfect_below
        target.stats.counters += 1
        events.append(Countered(target.id, self.spell, reflected))
        events.append(drain_ap(game, target, caster, chances.counter_drain(rules, spell.ap_cost)))
        events += gain_xp(rules, target, rules.xp.counter, "counter-magic")
        if reflected:
            # The caster takes its own spell; a reflection is not countered again.
            events += self._apply(game, target, spell, caster, value)
        return True, events

    def _apply(self, game: "Game", source: Unit, spell: Spell, target: Unit, value) -> list[Event]:
        if spell.kind == "damage":
            reduction = () if game.rules.spell_damage_ignores_reduction \
                else reduction_terms(game, target)
            reduce = total_reduction(reduction)
            amount = final_damage(value.total, reduce)
            events: list[Event] = [Damage(source.id, target.id, (value,), (), value.total,
                                          reduction, reduce, amount, target.hp,
                                          max(0, target.hp - amount))]
            source.stats.damage_dealt += amount
            target.stats.damage_taken += amount
            events += take_hp(game, source, target, amount)
            if target.down:
                source.stats.kills += 1
                events += quip(game.rules.default_quips, source, "kill")
            return events
        if spell.kind == "heal":
            before = target.hp
            target.hp = min(target.hp_max, target.hp + max(0, value.total))
            return [Healed(source.id, target.id, (value,), target.hp - before, before, target.hp)]
        effect = spell.effect
        target.effects = [e for e in target.effects if e.source != self.spell]
        target.effects.append(Effect(self.spell, effect.stat, effect.amount, effect.turns))
        return [EffectAdded(target.id, self.spell, effect.stat, effect.amount, effect.turns)]
