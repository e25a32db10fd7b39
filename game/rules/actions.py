"""Actions: small objects that first validate (raising `Impossible`), then perform.

`validate` reads the state and never changes it; `perform` assumes a validated action and
returns the journal events in the page's order of resolution.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Union

from game.content.schema import Weapon
from game.rules import chances
from game.rules.constants import AttackMode, Check
from game.rules.damage import damage_bonus, defence_reduction, final_damage, total_reduction
from game.rules.dice import Dice
from game.rules.errors import Impossible
from game.rules.events import (
    AttackDeclared,
    Damage,
    Destroyed,
    DoorChanged,
    Down,
    Event,
    ForcedRolls,
    Moved,
    Roll,
)
from game.rules.geometry import distance, shortest_path
from game.rules.progress import gain_xp, quip
from game.rules.terms import Chance, Term
from game.rules.units import Door, Pos, Thing, Unit

if TYPE_CHECKING:
    from game.rules.state import Game

Target = Union[Unit, Door, Thing]


def fmt_pos(pos: Pos) -> str:
    return f"{pos[0]},{pos[1]}"


def acting_unit(game: "Game", unit_id: str, player: int | None) -> Unit:
    """The unit that acts: it must exist, stand, and belong to the player whose turn it is."""
    unit = game.units.get(unit_id)
    if unit is None:
        raise Impossible(f"there is no unit called {unit_id!r}")
    if unit.down:
        raise Impossible(f"{unit.name} is down")
    if unit.owner != player:
        if unit.owner is None:
            raise Impossible(f"{unit.name} is a creature: creatures act on their own")
        raise Impossible(f"{unit.name} belongs to {game.player(unit.owner).name}, "
                         f"not to {game.player(player).name if player else 'the creatures'}")
    return unit


def find_target(game: "Game", token: str) -> Target:
    """A unit or object by id, a door by id, or whatever stands on the square `x,y`."""
    if token in game.units:
        unit = game.units[token]
        if unit.down:
            raise Impossible(f"{unit.name} is already down")
        return unit
    if token in game.things:
        thing = game.things[token]
        if thing.destroyed:
            raise Impossible(f"the {thing.name} is already destroyed")
        return thing
    for door in game.doors.values():
        if door.id == token:
            return door
    pos = parse_pos(token)
    if pos is None:
        raise Impossible(f"there is no unit, object or door called {token!r}")
    target = game.unit_at(pos) or game.thing_at(pos) or game.doors.get(pos)
    if target is None:
        raise Impossible(f"there is nothing to attack at {fmt_pos(pos)}")
    return target


def parse_pos(token: str) -> Pos | None:
    """`x,y` in ASCII digits (int() would also take `٤`, `1_0` or ` 4`)."""
    match = _POS.fullmatch(token)
    return (int(match.group(1)), int(match.group(2))) if match else None


_POS = re.compile(r"(-?[0-9]{1,6}),(-?[0-9]{1,6})")


def target_name(target: Target) -> str:
    if isinstance(target, Door):
        return f"the door at {fmt_pos(target.pos)}"
    if isinstance(target, Thing):
        return f"the {target.name}"
    return target.name


def target_kind(target: Target) -> str:
    if isinstance(target, Door):
        return "door"
    if isinstance(target, Thing):
        return "object"
    return target.kind


class Action:
    """Base of every command. Subclasses are frozen dataclasses of plain fields.

    `check` reads the state, raises `Impossible` with the reason, and returns what it
    found (path, target, weapon…); `resolve` changes the state with that and returns the
    events. `perform` is the two in order, so nothing is checked twice.
    """

    allowed_after_game_over: ClassVar[bool] = False

    def notation(self) -> str:
        raise NotImplementedError

    def check(self, game: "Game", player: int | None):
        raise NotImplementedError

    def resolve(self, game: "Game", plan) -> list[Event]:
        raise NotImplementedError

    def validate(self, game: "Game", player: int | None) -> None:
        """Raise `Impossible` when the rules refuse this action; change nothing."""
        self.check(game, player)

    def perform(self, game: "Game", player: int | None) -> list[Event]:
        """Validate, then apply; a refusal raises before anything changes."""
        return self.resolve(game, self.check(game, player))


@dataclass(frozen=True)
class Move(Action):
    """`move ID X,Y`: walk along the shortest free path, 1 AP a square by default."""

    unit: str
    to: Pos

    def notation(self) -> str:
        return f"move {self.unit} {fmt_pos(self.to)}"

    def check(self, game: "Game", player: int | None) -> list[Pos]:
        """The path walked (start excluded)."""
        unit = acting_unit(game, self.unit, player)
        if not game.in_bounds(self.to):
            raise Impossible(f"{fmt_pos(self.to)} is off the map")
        if self.to == unit.pos:
            raise Impossible(f"{unit.name} is already at {fmt_pos(self.to)}")
        if not game.passable(self.to):
            raise Impossible(f"{fmt_pos(self.to)} is not free ({square_content(game, self.to)})")
        path = shortest_path(unit.pos, [self.to], game.passable)
        if path is None:
            raise Impossible(f"{unit.name} cannot reach {fmt_pos(self.to)}: no free path")
        cost = len(path) * game.rules.move_cost
        if cost > unit.ap:
            raise Impossible(f"{unit.name} needs {cost} AP to reach {fmt_pos(self.to)} "
                             f"and has {unit.ap}")
        return path

    def resolve(self, game: "Game", path: list[Pos]) -> list[Event]:
        unit = game.units[self.unit]
        cost = len(path) * game.rules.move_cost
        unit.ap -= cost
        unit.pos = self.to
        return [Moved(unit.id, tuple(path), cost, unit.ap)]


def square_content(game: "Game", pos: Pos) -> str:
    if pos in game.walls:
        return "a wall"
    if (door := game.doors.get(pos)) and door.blocks:
        return "a closed door"
    if unit := game.unit_at(pos):
        return unit.name
    if thing := game.thing_at(pos):
        return f"the {thing.name}"
    return "free"


@dataclass(frozen=True)
class ToggleDoor(Action):
    """`open ID X,Y` / `close ID X,Y`: an adjacent door, 1 AP by default."""

    unit: str
    at: Pos
    opening: bool

    def notation(self) -> str:
        return f"{'open' if self.opening else 'close'} {self.unit} {fmt_pos(self.at)}"

    def check(self, game: "Game", player: int | None) -> tuple[Unit, Door]:
        unit = acting_unit(game, self.unit, player)
        door = game.doors.get(self.at)
        if door is None:
            raise Impossible(f"there is no door at {fmt_pos(self.at)}")
        if distance(unit.pos, door.pos) != 1:
            raise Impossible(f"{unit.name} must stand next to the door at {fmt_pos(self.at)}")
        if door.state == "broken":
            raise Impossible(f"the door at {fmt_pos(self.at)} is broken")
        if self.opening and door.state == "open":
            raise Impossible(f"the door at {fmt_pos(self.at)} is already open")
        if not self.opening:
            if door.state == "closed":
                raise Impossible(f"the door at {fmt_pos(self.at)} is already closed")
            if game.unit_at(door.pos) or game.thing_at(door.pos):
                raise Impossible(f"something stands in the doorway at {fmt_pos(self.at)}")
        if unit.ap < game.rules.door_cost:
            raise Impossible(f"{unit.name} has {unit.ap} AP; a door costs {game.rules.door_cost}")
        return unit, door

    def resolve(self, game: "Game", plan: tuple[Unit, Door]) -> list[Event]:
        unit, door = plan
        unit.ap -= game.rules.door_cost
        door.state = "open" if self.opening else "closed"
        game.sight_changed()
        return [DoorChanged(unit.id, door.pos, door.state, game.rules.door_cost, unit.ap)]


@dataclass(frozen=True)
class Attack(Action):
    """`attack ID TARGET [with WEAPON]` or `attack ID TARGET brawl`.

    Without a weapon named, the first weapon carried is used (bare hands if none).
    """

    unit: str
    target: str
    weapon: str | None = None
    brawl: bool = False

    def notation(self) -> str:
        tail = " brawl" if self.brawl else (f" with {self.weapon}" if self.weapon else "")
        return f"attack {self.unit} {self.target}{tail}"

    def weapon_used(self, game: "Game", unit: Unit) -> tuple[AttackMode, str | None, Weapon | None]:
        if self.brawl:
            return AttackMode.BRAWL, None, None
        weapon_id = self.weapon or (unit.weapons[0] if unit.weapons else None)
        if weapon_id is None:
            return AttackMode.BRAWL, None, None
        if weapon_id not in unit.weapons:
            carried = ", ".join(unit.weapons) or "nothing"
            raise Impossible(f"{unit.name} does not carry {weapon_id!r} (carries {carried})")
        weapon = game.content.weapons[weapon_id]
        return AttackMode(weapon.kind), weapon_id, weapon

    def check(self, game: "Game", player: int | None) -> tuple[Unit, Target, AttackMode,
                                                              str | None, Weapon | None, int]:
        """Everything the page asks before the AP are spent, or the reason it fails."""
        unit = acting_unit(game, self.unit, player)
        target = find_target(game, self.target)
        if target is unit:
            raise Impossible(f"{unit.name} cannot attack itself")
        if isinstance(target, Door) and target.state == "broken":
            raise Impossible(f"the door at {fmt_pos(target.pos)} is already broken")
        if isinstance(target, Unit) and target.is_character and unit.owner is not None \
                and target.owner == unit.owner:
            raise Impossible(f"{target.name} is one of your own characters: "
                             "a player may never attack their own")
        mode, weapon_id, weapon = self.weapon_used(game, unit)
        cost = weapon.ap_cost if weapon else game.rules.brawl_ap_cost
        if unit.ap < cost:
            what = f"an attack with the {weapon.name}" if weapon else "a brawl"
            raise Impossible(f"{unit.name} has {unit.ap} AP; {what} costs {cost}")
        d = distance(unit.pos, target.pos)
        if mode is AttackMode.RANGED:
            reach = min(game.rules.page.ranged_max_distance, weapon.range)
            if d > reach:
                raise Impossible(f"{target_name(target)} is {d} squares away; "
                                 f"the {weapon.name} reaches {reach}")
            if not game.line_of_sight(unit.pos, target.pos):
                raise Impossible(f"{unit.name} has no line of sight to {target_name(target)}")
        elif d != 1:
            what = "bare hands need" if mode is AttackMode.BRAWL else f"the {weapon.name} needs"
            raise Impossible(f"{target_name(target)} is {d} squares away; "
                             f"{what} an adjacent target")
        return unit, target, mode, weapon_id, weapon, cost

    def chance(self, game: "Game", player: int | None) -> Chance:
        """The attack chance with its named terms, as the roll will use it."""
        unit, target, mode, _, weapon, _ = self.check(game, player)
        return attack_chance(game, unit, target, mode, weapon)

    def resolve(self, game: "Game", plan) -> list[Event]:
        unit, target, mode, weapon_id, weapon, cost = plan
        rules = game.rules
        unit.ap -= cost
        d = distance(unit.pos, target.pos)
        tid = target.id
        events: list[Event] = [AttackDeclared(unit.id, tid, target_kind(target), mode,
                                              weapon_id, d, cost, unit.ap)]
        chance = attack_chance(game, unit, target, mode, weapon)
        roll = game.roller.d100()
        value = chance.value
        hit = roll <= value
        perfect = hit and roll < rules.page.perfect_attack_below
        events.append(Roll(Check.ATTACK, unit.id, roll, value, chance.cap, chance.terms,
                           hit, perfect))
        unit.stats.attacks += 1
        defender = target if isinstance(target, Unit) else None
        if defender:
            defender.stats.attacked += 1
        xp = rules.xp
        # A door or an object gives `against_objects` XP whatever the outcome: the XP table
        # is about a fight between an attacker and a defender.
        xp_for = (lambda amount: amount) if defender else (lambda amount: xp.against_objects)
        if not hit:
            unit.stats.misses += 1
            events += gain_xp(rules, unit, xp_for(xp.miss_attacker), "attack missed")
            if defender and defender.is_character:
                events += gain_xp(rules, defender, xp.miss_defender, "attack avoided")
            events += quip(rules.default_quips, unit, "miss")
            return events
        if defender and defender.is_character:
            dodge = dodge_chance(game, defender)
            dodge_roll = game.roller.d100()
            dodge_value = dodge.value
            dodged = dodge_roll <= dodge_value
            events.append(Roll(Check.DODGE, defender.id, dodge_roll, dodge_value, dodge.cap,
                               dodge.terms, dodged))
            if dodged:
                unit.stats.dodged_by_target += 1
                events += gain_xp(rules, unit, xp.dodge_attacker, "attack dodged")
                defender.stats.dodges += 1
                events += gain_xp(rules, defender, xp.dodge_defender, "dodge")
                events += quip(rules.default_quips, defender, "dodge")
                return events
        damage = roll_damage(game, unit, target, mode, weapon, perfect)
        events.append(damage)
        unit.stats.hits += 1
        unit.stats.perfects += perfect
        unit.stats.damage_dealt += damage.amount
        if defender:
            defender.stats.damage_taken += damage.amount
        events += take_hp(game, unit, target, damage.amount)
        events += gain_xp(rules, unit, xp_for(xp.hit + (xp.perfect if perfect else 0)),
                          "perfect hit" if perfect else "hit")
        events += quip(rules.default_quips, unit, "perfect" if perfect else "hit")
        if defender and defender.down:
            unit.stats.kills += 1
            events += quip(rules.default_quips, unit, "kill")
        return events


def faction_term(game: "Game", unit: Unit, target: object = None) -> Term:
    """The unit's faction bonus from the allies of its faction that count now (never the
    target of the roll)."""
    allies = game.faction_allies(unit, exclude=target)
    return chances.faction_bonus(game.rules.faction, unit.faction, [a.name for a in allies])


def dodge_chance(game: "Game", defender: Unit) -> Chance:
    """The passive dodge of a character hit by an attack, with its faction help."""
    return chances.dodge_chance(game.rules, defender, faction_term(game, defender))


def attack_chance(game: "Game", unit: Unit, target: Target, mode: AttackMode,
                  weapon: Weapon | None) -> Chance:
    rules = game.rules
    if mode is AttackMode.MELEE:
        return chances.melee_chance(rules, unit, weapon.family)
    crowding = chances.crowding_malus(rules, game.crowding_allies(unit))
    if mode is AttackMode.BRAWL:
        return chances.brawl_chance(rules, unit, faction_term(game, unit, target), crowding)
    malus = chances.distance_malus(rules.distance_malus_per_square,
                                   distance(unit.pos, target.pos))
    return chances.ranged_chance(rules, unit, weapon.family, crowding, malus)


def reduction_terms(game: "Game", target: Target) -> tuple[Term, ...]:
    """Defence (at most 5) + armour + legendary armour + timed effects on reduction.

    Characters and creatures take their defence from their DEF (with its effects); a door
    from the rules' door DEF; an object from its own DEF, or `base_defence` without one.
    """
    rules, armours = game.rules, game.content.armours
    if isinstance(target, Door):
        return (defence_reduction(rules, target.defence, f"door DEF {target.defence}"),)
    if isinstance(target, Unit):
        defence = target.stat("DEF")
        terms = [defence_reduction(rules, defence, f"DEF {defence}")]
    elif target.defence is not None:
        terms = [defence_reduction(rules, target.defence, f"DEF {target.defence}")]
    else:
        terms = [defence_reduction(rules, rules.base_defence,
                                   f"base defence {rules.base_defence}")]
    if target.armour:
        terms.append(Term("armour", armours[target.armour].reduction, armours[target.armour].name))
    if isinstance(target, Unit):
        if target.legendary_armour:
            legend = armours[target.legendary_armour]
            terms.append(Term("legendary", legend.reduction, legend.name))
        terms += target.effect_terms("reduction")
    return tuple(terms)


def roll_damage(game: "Game", unit: Unit, target: Target, mode: AttackMode,
                weapon: Weapon | None, perfect: bool) -> Damage:
    """Action dice + damage bonus + effects (+ perfect die), minus the target's reduction."""
    rules, roller = game.rules, game.roller
    action_dice = Dice.parse(weapon.dice if weapon else rules.brawl_dice)
    body = "DEX" if mode is AttackMode.RANGED else "STR"
    total = unit.stat(body) + unit.stat("SIZ")
    rolls = [roller.roll(action_dice, weapon.name if weapon else "brawl")]
    bonus = damage_bonus(rules.damage_bonus, total)
    if bonus.count or bonus.modifier:
        rolls.append(roller.roll(bonus, f"bonus {body}+SIZ {total}"))
    if perfect:
        rolls.append(roller.roll(Dice.parse(rules.perfect_die), "perfect"))
    terms = unit.effect_terms("damage")
    raw = sum(r.total for r in rolls) + sum(t.value for t in terms)
    reduction = reduction_terms(game, target)
    reduce = total_reduction(reduction)
    amount = final_damage(raw, reduce)
    return Damage(unit.id, target.id, tuple(rolls), terms, raw, reduction, reduce, amount,
                  target.hp, max(0, target.hp - amount))


def take_hp(game: "Game", source: Unit, target: Target, amount: int) -> list[Event]:
    """Lower HP (never below 0); a unit at 0 is down, a door or object destroyed."""
    target.hp = max(0, target.hp - amount)
    if target.hp > 0:
        return []
    if isinstance(target, Unit):
        target.down = True
        game.casualties += 1
        return [Down(target.id, source.id)]
    if isinstance(target, Door):
        target.state = "broken"
        game.sight_changed()
    else:
        target.destroyed = True
    return [Destroyed(target.id, target_kind(target), target.pos)]


@dataclass(frozen=True)
class EndTurn(Action):
    """`end`: the next player's turn; creatures act after each full round."""

    def notation(self) -> str:
        return "end"

    def check(self, game: "Game", player: int | None) -> None:
        if player is None:
            raise Impossible("creatures do not end turns")

    def resolve(self, game: "Game", plan: None) -> list[Event]:
        return game.end_turn()


@dataclass(frozen=True)
class ForceRolls(Action):
    """`force 12,80,3`: the next d100 rolls give these results (tests and demos)."""

    rolls: tuple[int, ...]
    allowed_after_game_over: ClassVar[bool] = True

    def notation(self) -> str:
        return "force " + ",".join(map(str, self.rolls))

    def check(self, game: "Game", player: int | None) -> None:
        bad = [r for r in self.rolls if not 1 <= r <= 100]
        if bad:
            raise Impossible(f"a forced d100 must be between 1 and 100, not {bad[0]}")

    def resolve(self, game: "Game", plan: None) -> list[Event]:
        game.roller.force(self.rolls)
        return [ForcedRolls(self.rolls)]
