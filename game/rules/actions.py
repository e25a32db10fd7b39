"""Actions: small objects that first check (raising `Impossible`), then resolve.

`check` reads the state, never changes it, and returns a frozen plan: everything the page
decides before a die is rolled (path, target, distance, every chance with its terms, damage
dice, reduction, AP cost). `resolve` consumes that plan, rolls, and returns the journal
events in the page's order of resolution; it recomputes nothing the plan holds. The plans
are also what the UI shows and what odds are computed from.
"""

from __future__ import annotations

import difflib
from functools import lru_cache
from typing import ClassVar, Iterator, NamedTuple, Union

import msgspec

from game.rules import chances
from game.rules import rule_ids as R
from game.rules.board import Door, DoorState, Thing
from game.rules.constants import AttackMode
from game.rules.damage import (
    damage_bonus,
    defence_reduction,
    final_damage,
    total_reduction,
)
from game.rules.dice import MAX_FORCED, Dice, Roller
from game.rules.errors import Impossible, N_, Phrase, UnknownName, a_few
from game.rules.events import (
    AttackDeclared,
    Damage,
    Destroyed,
    DoorChanged,
    Down,
    EffectAdded,
    Event,
    ForcedRolls,
    Moved,
    Roll,
    Waited,
)
from game.rules.geometry import STRAIGHT_FIRST, Pos, distance, shortest_path
from game.rules.progress import gain_xp, quip
from game.rules.sources import Sources, entry_source, rules_source, scenario_source
from game.rules.state import GameState
from game.rules.templates import EffectSpec, Weapon
from game.rules.terms import Chance, Term, term
from game.rules.units import Effect, Unit
from game.rules.verbs import NotationError, Verb, Words, parse_pos, register

Target = Union[Unit, Door, Thing]
_MODES = {mode.value: mode for mode in AttackMode}


def fmt_pos(pos: Pos) -> str:
    return f"{pos[0]},{pos[1]}"


def no_such_unit(game: GameState, token: str, things: bool = False) -> UnknownName:
    """The refusal of a name that is no unit's (`things`: nor an object's or a door's),
    with the nearest id, or the unit whose name has a word nearest it (`snik`: 'goblin-1',
    Goblin Snik), or the ids there are: what was meant is in the reason."""
    words: dict[str, Unit] = {}
    for unit in game.units.values():
        words.setdefault(unit.id.lower(), unit)
        for word in unit.name.lower().split():
            words.setdefault(word, unit)
    close = difflib.get_close_matches(token.lower(), words, n=1, cutoff=0.6)
    if close:
        unit = words[close[0]]
        hint = Phrase(N_(" (did you mean {id}, {unit}?)"), {"id": repr(unit.id),
                                                             "unit": unit.name})
    else:
        hint = Phrase(N_(" (units: {ids})"), {"ids": a_few(game.units)})
    message = N_("there is no unit, object or door called {id}{hint}") if things else \
        N_("there is no unit called {id}{hint}")
    return UnknownName(message, id=repr(token), hint=hint)


def acting_unit(game: GameState, unit_id: str, player: int | None) -> Unit:
    """The unit that acts: it must exist, stand, and belong to the player whose turn it is."""
    unit = game.units.get(unit_id)
    if unit is None:
        raise no_such_unit(game, unit_id)
    if unit.down:
        raise Impossible(N_("{unit} is down"), unit=unit.name)
    if unit.owner != player:
        if unit.owner is None:
            raise Impossible(N_("{unit} is a creature: creatures act on their own"),
                             unit=unit.name)
        if not player:
            raise Impossible(N_("{unit} belongs to {owner}, not to the creatures"),
                             unit=unit.name, owner=game.player(unit.owner).name)
        raise Impossible(N_("{unit} belongs to {owner}, not to {player}"), unit=unit.name,
                         owner=game.player(unit.owner).name, player=game.player(player).name)
    return unit


def find_target(game: GameState, token: str) -> Target:
    """A unit or object by id, a door by id, or whatever stands on the square `x,y`."""
    if token in game.units:
        unit = game.units[token]
        if unit.down:
            raise Impossible(N_("{unit} is already down"), unit=unit.name)
        return unit
    if token in game.things:
        thing = game.things[token]
        if thing.destroyed:
            raise Impossible(N_("the {thing} is already destroyed"), thing=thing.name)
        return thing
    for door in game.doors.values():
        if door.id == token:
            return door
    pos = parse_pos(token)
    if pos is None:
        raise no_such_unit(game, token, things=True)
    target = game.unit_at(pos) or game.thing_at(pos) or game.doors.get(pos)
    if target is None:
        raise Impossible(N_("there is nothing to attack at {pos}"), pos=fmt_pos(pos))
    return target


def target_name(target: Target) -> str:
    if isinstance(target, Door):
        return f"the door at {fmt_pos(target.pos)}"
    if isinstance(target, Thing):
        return f"the {target.name}"
    return target.name


def target_phrase(target: Target) -> Phrase | str:
    """`target_name` as words a refusal can translate with its sentence."""
    if isinstance(target, Door):
        return Phrase(N_("the door at {pos}"), {"pos": fmt_pos(target.pos)})
    if isinstance(target, Thing):
        return Phrase(N_("the {thing}"), {"thing": target.name})
    return target.name


def target_kind(target: Target) -> str:
    if isinstance(target, Door):
        return "door"
    if isinstance(target, Thing):
        return "object"
    return target.kind


#: The ban's refusal (R3.4): a list of targets tells it from the refusals that matter more.
OWN_CHARACTER = N_("{target} is one of your own characters: a player may never attack "
                   "their own")


def own_character_ban(actor: Unit, target: object) -> None:
    """A player may never attack (or harm with a spell) one of their own characters."""
    if isinstance(target, Unit) and target.is_character and actor.owner is not None \
            and target.owner == actor.owner:
        raise Impossible(OWN_CHARACTER, target=target.name)


def roll_check(roller: Roller, chance: Chance, unit: str) -> Roll:
    """The one percentile check: a d100 against the chance, success when at most the
    chance, perfect when also strictly below the chance's perfect threshold."""
    roll, forced = roller.d100()
    value = chance.value
    success = roll <= value
    return Roll(chance.check, unit, roll, value, chance.cap, chance.terms, success,
                success and roll < chance.perfect_below, forced, chance.rule, chance.cap_source,
                chance.perfect_below, chance.perfect_rule, chance.perfect_source)


class Offer(NamedTuple):
    """A command a unit could aim at a target, for `legal` to check: its label (a
    weapon's, spell's or item's name), its kind (`attack`, `spell`, `item`), the action
    and the AP it costs."""

    label: str
    kind: str
    action: Action
    ap_cost: int


class Action(msgspec.Struct, frozen=True):
    """Base of every command. Subclasses are frozen Structs of plain fields (msgspec:
    declared some 30 times faster than dataclasses, a part of start-up).

    A command class declares its verbs (`VERBS`, see `game.rules.verbs`) and reads their
    words (`read`); `notation` writes it back in the same words. `check` reads the state,
    raises `Impossible` with the reason, and returns its plan; `resolve` changes the state
    with that plan and returns the events. The engine runs the two in order, so nothing is
    checked twice.
    """

    #: The verbs of the notation this class plays, registered when the class is declared.
    VERBS: ClassVar[tuple[Verb, ...]] = ()
    allowed_after_game_over: ClassVar[bool] = False
    #: Accepted only in designer mode (forced rolls, edits): never in hot-seat play.
    designer_only: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        # Only the verbs the class declares itself, not those it inherits.
        cls.VERBS = tuple(register(v, cls) for v in vars(cls).get("VERBS", ()))

    @classmethod
    def read(cls, words: Words) -> Action:
        """The action the words after one of its verbs write (`words.verb`); raises
        `NotationError` with the usage when they are malformed."""
        raise NotImplementedError

    @classmethod
    def offers(cls, game: GameState, actor: Unit, target: Target, token: str) -> Iterator[Offer]:
        """Each command of this class `actor` could aim at `target` (named `token` in the
        notation), for `legal.options_against` to check; none by default."""
        return iter(())

    @property
    def verb(self) -> Verb:
        """The verb this action is written with (the first word of its notation)."""
        declared = type(self).VERBS
        if len(declared) == 1:
            return declared[0]
        name = self.notation().partition(" ")[0]
        return next(v for v in declared if v.name == name)

    @property
    def ends_turn(self) -> bool:
        """What the verb does to the turn: hands it over to the next player (`end`)."""
        return self.verb.ends_turn

    def notation(self) -> str:
        raise NotImplementedError

    def check(self, game: GameState, player: int | None):
        raise NotImplementedError

    def resolve(self, game: GameState, plan) -> list[Event]:
        raise NotImplementedError


class MovePlan(msgspec.Struct, frozen=True):
    """A walk: the path (start excluded) and its AP cost."""

    unit: Unit
    path: tuple[Pos, ...]
    ap_cost: int


class Move(Action):
    """`move ID X,Y`: walk along the shortest free path, 1 AP a square by default."""

    VERBS: ClassVar = (Verb("move", "move ID X,Y", N_("Move"), N_("Walk to a square")),)
    unit: str
    to: Pos

    @classmethod
    def read(cls, words: Words) -> Move:
        words.need(2)
        return cls(words[0], words.pos(1))

    def notation(self) -> str:
        return f"move {self.unit} {fmt_pos(self.to)}"

    def check(self, game: GameState, player: int | None) -> MovePlan:
        unit = acting_unit(game, self.unit, player)
        if not game.in_bounds(self.to):
            raise Impossible(N_("{pos} is off the map"), pos=fmt_pos(self.to))
        if self.to == unit.pos:
            raise Impossible(N_("{unit} is already at {pos}"), unit=unit.name,
                             pos=fmt_pos(self.to))
        if not game.passable(self.to):
            raise not_free(game, self.to)
        path = shortest_path(unit.pos, [self.to], game.passable_now(), STRAIGHT_FIRST)
        if path is None:
            raise Impossible(N_("{unit} cannot reach {pos}: no free path"), unit=unit.name,
                             pos=fmt_pos(self.to))
        cost = len(path) * game.rules.move_cost
        if cost > unit.ap:
            raise Impossible(N_("{unit} needs {cost} AP to reach {pos} and has {ap}"),
                             unit=unit.name, cost=cost, pos=fmt_pos(self.to), ap=unit.ap)
        return MovePlan(unit, tuple(path), cost)

    def resolve(self, game: GameState, plan: MovePlan) -> list[Event]:
        unit = plan.unit
        unit.ap -= plan.ap_cost
        unit.pos = self.to
        return [Moved(unit.id, plan.path, plan.ap_cost, unit.ap)]


def not_free(game: GameState, pos: Pos) -> Impossible:
    """The refusal for a square that is taken, saying what takes it (`square_content`)."""
    where = fmt_pos(pos)
    if pos in game.walls:
        return Impossible(N_("{pos} is not free (a wall)"), pos=where)
    if (door := game.doors.get(pos)) and door.blocks:
        return Impossible(N_("{pos} is not free (a closed door)"), pos=where)
    if unit := game.unit_at(pos):
        return Impossible(N_("{pos} is not free ({unit})"), pos=where, unit=unit.name)
    if thing := game.thing_at(pos):
        return Impossible(N_("{pos} is not free (the {thing})"), pos=where, thing=thing.name)
    return Impossible(N_("{pos} is not free (free)"), pos=where)


class DoorPlan(msgspec.Struct, frozen=True):
    """Opening or closing an adjacent door, and its AP cost."""

    unit: Unit
    door: Door
    opening: bool
    ap_cost: int


class ToggleDoor(Action):
    """`open ID X,Y` / `close ID X,Y`: an adjacent door, 1 AP by default."""

    VERBS: ClassVar = (
        Verb("open", "open ID X,Y", N_("Open a door"), N_("Open an adjacent door")),
        Verb("close", "close ID X,Y", N_("Close a door"), N_("Close an adjacent door")),
    )
    unit: str
    at: Pos
    opening: bool

    @classmethod
    def read(cls, words: Words) -> ToggleDoor:
        words.need(2)
        return cls(words[0], words.pos(1), words.name == "open")

    def notation(self) -> str:
        return f"{'open' if self.opening else 'close'} {self.unit} {fmt_pos(self.at)}"

    def check(self, game: GameState, player: int | None) -> DoorPlan:
        unit = acting_unit(game, self.unit, player)
        door = game.doors.get(self.at)
        if door is None:
            raise Impossible(N_("there is no door at {pos}"), pos=fmt_pos(self.at))
        if distance(unit.pos, door.pos) != 1:
            raise Impossible(N_("{unit} must stand next to the door at {pos}"),
                             unit=unit.name, pos=fmt_pos(self.at))
        if door.state is DoorState.BROKEN:
            raise Impossible(N_("the door at {pos} is broken"), pos=fmt_pos(self.at))
        if self.opening and door.state is DoorState.OPEN:
            raise Impossible(N_("the door at {pos} is already open"), pos=fmt_pos(self.at))
        if not self.opening:
            if door.state is DoorState.CLOSED:
                raise Impossible(N_("the door at {pos} is already closed"), pos=fmt_pos(self.at))
            if game.unit_at(door.pos) or game.thing_at(door.pos):
                raise Impossible(N_("something stands in the doorway at {pos}"),
                                 pos=fmt_pos(self.at))
        if unit.ap < game.rules.door_cost:
            raise Impossible(N_("{unit} has {ap} AP; a door costs {cost}"), unit=unit.name,
                             ap=unit.ap, cost=game.rules.door_cost)
        return DoorPlan(unit, door, self.opening, game.rules.door_cost)

    def resolve(self, game: GameState, plan: DoorPlan) -> list[Event]:
        unit, door = plan.unit, plan.door
        unit.ap -= plan.ap_cost
        door.state = DoorState.OPEN if plan.opening else DoorState.CLOSED
        game.sight_changed()
        return [DoorChanged(unit.id, door.pos, door.state, plan.ap_cost, unit.ap)]


class DamageBonus(msgspec.Struct, frozen=True):
    """What the damage bonus dice read (R6.1): the characteristics summed (`STR`, `SIZ`; a
    ranged attack's `DEX`, `SIZ`), their total and the row of rules' `damage_bonus` table
    it falls in."""

    stats: tuple[str, ...]
    total: int
    row: int


class DamagePlan(msgspec.Struct, frozen=True):
    """What a hit rolls and takes off, known before any die: `dice` on every hit, in order
    (label, dice: a weapon's id or `brawl`, then `bonus`), `perfect_die` added on a perfect
    one, `terms` (effects) added to the raw total, `reduction_terms` taken off it (damage
    never below 0). `bonus`: what the damage bonus dice read (`DamageBonus`), when rolled."""

    dice: tuple[tuple[str, Dice], ...]
    perfect_die: Dice | None
    terms: tuple[Term, ...]
    reduction_terms: tuple[Term, ...]
    #: (rule id, content sources) of each of `dice`, then of the perfect die.
    dice_sources: tuple[tuple[str, Sources], ...] = ()
    bonus: DamageBonus | None = None

    @property
    def reduction(self) -> int:
        return total_reduction(self.reduction_terms)

    @property
    def sources(self) -> tuple[tuple[str, Sources], ...]:
        """(rule, sources) of each die then of the perfect die; blank for a plan built
        without them."""
        return self.dice_sources or (("", ()),) * (len(self.dice) + 1)


class AttackPlan(msgspec.Struct, frozen=True):
    """A physical attack as the page decides it before the AP are spent.

    `defence` is the defender's dodge chance (characters only): it is rolled after a hit,
    but nothing changes in between, so it is known now.
    """

    attacker: Unit
    target: Target
    mode: AttackMode
    weapon_id: str | None
    weapon: Weapon | None
    distance: int
    ap_cost: int
    chance: Chance
    defence: Chance | None
    damage: DamagePlan

    @property
    def defender(self) -> Unit | None:
        return self.target if isinstance(self.target, Unit) else None


class Attack(Action):
    """`attack ID TARGET [with WEAPON]` or `attack ID TARGET brawl`.

    Without a weapon named, the first weapon carried is used (bare hands if none).
    """

    VERBS: ClassVar = (Verb("attack", "attack ID TARGET [with WEAPON | brawl]", N_("Attack"),
                            N_("A weapon (the first one carried by default) or bare "
                               "hands")),)
    unit: str
    target: str
    weapon: str | None = None
    brawl: bool = False

    @classmethod
    def offers(cls, game: GameState, actor: Unit, target: Target, token: str) -> Iterator[Offer]:
        """Each weapon carried, then bare hands."""
        weapons = game.content.weapons
        for w in actor.weapons:
            yield Offer(weapons[w].name, "attack", cls(actor.id, token, weapon=w),
                        weapons[w].ap_cost)
        yield Offer("bare hands", "attack", cls(actor.id, token, brawl=True),
                    game.rules.brawl_ap_cost)

    @classmethod
    def read(cls, words: Words) -> Attack:
        if len(words) == 2:
            return cls(words[0], words[1])
        if len(words) == 3 and words.lower(2) == "brawl":
            return cls(words[0], words[1], brawl=True)
        if len(words) == 4 and words.lower(2) == "with":
            return cls(words[0], words[1], weapon=words[3])
        raise words.malformed()

    def notation(self) -> str:
        tail = " brawl" if self.brawl else (f" with {self.weapon}" if self.weapon else "")
        return f"attack {self.unit} {self.target}{tail}"

    def weapon_used(self, game: GameState, unit: Unit) -> tuple[AttackMode, str | None, Weapon | None]:
        if self.brawl:
            return AttackMode.BRAWL, None, None
        weapon_id = self.weapon or (unit.weapons[0] if unit.weapons else None)
        if weapon_id is None:
            return AttackMode.BRAWL, None, None
        if weapon_id not in unit.weapons:
            if not unit.weapons:
                raise Impossible(N_("{unit} does not carry {weapon} (carries nothing)"),
                                 unit=unit.name, weapon=repr(weapon_id))
            raise Impossible(N_("{unit} does not carry {weapon} (carries {carried})"),
                             unit=unit.name, weapon=repr(weapon_id),
                             carried=", ".join(unit.weapons))
        weapon = game.content.weapons[weapon_id]
        return _MODES[weapon.kind], weapon_id, weapon

    def check(self, game: GameState, player: int | None) -> AttackPlan:
        """Everything the page asks before the AP are spent, or the reason it fails."""
        unit = acting_unit(game, self.unit, player)
        target = find_target(game, self.target)
        if target is unit:
            raise Impossible(N_("{unit} cannot attack itself"), unit=unit.name,
                             gender=unit.gender)
        if isinstance(target, Door) and target.state is DoorState.BROKEN:
            raise Impossible(N_("the door at {pos} is already broken"), pos=fmt_pos(target.pos))
        own_character_ban(unit, target)
        mode, weapon_id, weapon = self.weapon_used(game, unit)
        cost = weapon.ap_cost if weapon else game.rules.brawl_ap_cost
        if unit.ap < cost:
            if weapon:
                raise Impossible(N_("{unit} has {ap} AP; an attack with the {weapon} costs "
                                    "{cost}"), unit=unit.name, ap=unit.ap, weapon=weapon.name,
                                 cost=cost)
            raise Impossible(N_("{unit} has {ap} AP; a brawl costs {cost}"), unit=unit.name,
                             ap=unit.ap, cost=cost)
        d = distance(unit.pos, target.pos)
        if mode is AttackMode.RANGED:
            reach = ranged_reach(game, weapon)
            if d > reach:
                raise Impossible(N_("{target} is {d} squares away; the {weapon} reaches "
                                    "{reach}"), target=target_phrase(target), d=d,
                                 weapon=weapon.name, reach=reach)
            if not game.line_of_sight(unit.pos, target.pos):
                raise Impossible(N_("{unit} has no line of sight to {target}"), unit=unit.name,
                                 target=target_phrase(target))
        elif d != 1:
            if mode is AttackMode.BRAWL:
                raise Impossible(N_("{target} is {d} squares away; bare hands need an adjacent "
                                    "target"), target=target_phrase(target), d=d)
            # "a blow with": a weapon's name may be plural (the wolf's fangs).
            raise Impossible(N_("{target} is {d} squares away; a blow with the {weapon} needs "
                                "an adjacent target"), target=target_phrase(target), d=d,
                             weapon=weapon.name)
        defence = dodge_chance(game, target) if isinstance(target, Unit) \
            and target.is_character else None
        return AttackPlan(unit, target, mode, weapon_id, weapon, d, cost,
                          attack_chance(game, unit, target, mode, weapon, d), defence,
                          damage_plan(game, unit, target, mode, weapon, weapon_id))

    def resolve(self, game: GameState, plan: AttackPlan) -> list[Event]:
        unit, target, defender = plan.attacker, plan.target, plan.defender
        rules = game.rules
        unit.ap -= plan.ap_cost
        events: list[Event] = [AttackDeclared(unit.id, target.id, target_kind(target), plan.mode,
                                              plan.weapon_id, plan.distance, plan.ap_cost,
                                              unit.ap)]
        attack = roll_check(game.roller, plan.chance, unit.id)
        events.append(attack)
        unit.stats.attacks += 1
        xp = rules.xp
        # A door or an object gives `against_objects` XP whatever the outcome: the XP table
        # is about a fight between an attacker and a defender.
        xp_for = (lambda amount: amount) if defender else (lambda amount: xp.against_objects)
        if not attack.success:
            unit.stats.misses += 1
            events += gain_xp(rules, unit, xp_for(xp.miss_attacker), N_("attack missed"),
                              source=_XP_SOURCES[("miss_attacker",) if defender else None])
            if defender and defender.is_character:
                events += gain_xp(rules, defender, xp.miss_defender, N_("attack avoided"),
                                  source=rules_source("xp.miss_defender"))
            events += quip(rules.default_quips, unit, "miss")
            return events
        if plan.defence is not None:
            dodge = roll_check(game.roller, plan.defence, defender.id)
            events.append(dodge)
            if dodge.success:
                events += gain_xp(rules, unit, xp.dodge_attacker, N_("attack dodged"),
                                  source=rules_source("xp.dodge_attacker"))
                defender.stats.dodges += 1
                events += gain_xp(rules, defender, xp.dodge_defender, N_("dodge"),
                                  source=rules_source("xp.dodge_defender"))
                events += quip(rules.default_quips, defender, "dodge")
                return events
        perfect = attack.perfect
        damage = roll_damage(game.roller, unit.id, target, plan.damage, perfect)
        events.append(damage)
        unit.stats.hits += 1
        unit.stats.perfects += perfect
        events += deal_damage(game, unit, target, damage.amount)
        if defender and not defender.down and plan.weapon and plan.weapon.on_hit:
            events += lay_effect(defender, plan.weapon_id, plan.weapon.on_hit,
                                 entry_source("weapons", plan.weapon_id, "on_hit.amount"),
                                 R.ON_HIT.id)
        events += gain_xp(rules, unit, xp_for(xp.hit + (xp.perfect if perfect else 0)),
                          N_("perfect hit") if perfect else N_("hit"),
                          source=_XP_SOURCES[("hit", "perfect") if perfect else ("hit",)]
                          if defender else _XP_SOURCES[None])
        events += quip(rules.default_quips, unit, "perfect" if perfect else "hit")
        if defender and defender.down:
            events += quip(rules.default_quips, unit, "kill")
        return events


def faction_term(game: GameState, unit: Unit, target: object = None) -> Term:
    """The unit's faction bonus from the allies of its faction that count now (never the
    target of the roll)."""
    allies = game.faction_allies(unit, exclude=target)
    return chances.faction_bonus(game.rules.faction, unit.faction, [a.id for a in allies],
                                 unit.source("faction"))


def unit_chance(game: GameState, unit: Unit, check: str, skills: tuple[str, ...],
                stats: tuple[str, ...], terms: tuple, make) -> Chance:
    """`make()`: a chance of `unit` made of the content, of the unit's template (its kind,
    template and the fields a designer set), of those of its skills and characteristics,
    and of `terms` (the other values it reads: a faction or crowding term, a mastery),
    kept while all are the same. The AI weighs the same chance from many squares, turn
    after turn. A unit with effects on it has it made each time (they change its terms)."""
    if unit.effects:
        return make()
    key = (check, unit.kind, unit.template, unit.designer_set,
           tuple(unit.skills.get(s) for s in skills),
           tuple(unit.characteristics[c] for c in stats), terms)
    kept = game.kept()
    found = kept.get(key)
    if found is None:
        found = kept[key] = make()
    return found


def dodge_chance(game: GameState, defender: Unit) -> Chance:
    """The passive dodge of a character hit by an attack, with its faction help."""
    faction = faction_term(game, defender)
    return unit_chance(game, defender, "dodge", ("dodge",), ("DEF", "LCK"), (faction,),
                       lambda: chances.dodge_chance(game.rules, defender, faction))


def attack_chance(game: GameState, unit: Unit, target: Target, mode: AttackMode,
                  weapon: Weapon | None, squares: int) -> Chance:
    rules = game.rules
    if mode is AttackMode.MELEE:
        family = weapon.family
        return unit_chance(game, unit, "melee", ("melee",), ("STR",),
                           (family, unit.masteries.get(family)),
                           lambda: chances.melee_chance(rules, unit, family))
    crowding = chances.crowding_malus(rules, game.crowding_allies(unit))
    if mode is AttackMode.BRAWL:
        faction = faction_term(game, unit, target)
        return unit_chance(game, unit, "brawl", ("brawl",), (), (faction, crowding),
                           lambda: chances.brawl_chance(rules, unit, faction, crowding))
    malus = chances.distance_malus(rules.distance_malus_per_square, squares)
    family = weapon.family
    return unit_chance(game, unit, "ranged", ("ranged",), ("DEX",),
                       (family, unit.masteries.get(family), crowding, malus),
                       lambda: chances.ranged_chance(rules, unit, family, crowding, malus))


def ranged_reach(game: GameState, weapon: Weapon) -> int:
    """A ranged weapon reaches its range, never beyond the page's maximum distance."""
    return min(game.rules.page.ranged_max_distance, weapon.range)


def reduction_terms(game: GameState, target: Target) -> tuple[Term, ...]:
    """Defence (at most 5) + armour + legendary armour + timed effects on reduction.

    Characters and creatures take their defence from their DEF (with its effects); a door
    from the rules' door DEF; an object from its own DEF, or `base_defence` without one.
    The defence term is data the journal words: its kind (`DEF`, `door`, `base`) and value.
    """
    rules, armours = game.rules, game.content.armours
    if isinstance(target, Door):
        own = [i for i, d in enumerate(game.scenario.doors)
               if tuple(d.at) == target.pos and d.defence is not None]
        where = scenario_source(game.scenario_id, f"doors[{own[0]}].defence") if own \
            else rules_source("door_defence")
        return (defence_reduction(rules, target.defence, "door",
                                  R.DOOR_DEFENCE.id, where),)
    if isinstance(target, Unit):
        defence = target.stat("DEF")
        terms = [defence_reduction(rules, defence, "DEF", R.DEFENCE_REDUCTION.id,
                                   target.stat_source("DEF"))]
    elif target.defence is not None:
        terms = [defence_reduction(rules, target.defence, "DEF",
                                   R.NON_PLAYER_DEFENCE.id,
                                   scenario_source(game.scenario_id, "objects[{}].defence"
                                                   .format(_object_index(game, target))))]
    else:
        terms = [defence_reduction(rules, rules.base_defence, "base", R.NON_PLAYER_DEFENCE.id,
                                   rules_source("base_defence"))]
    if target.armour:
        armour = armours[target.armour]
        terms.append(_armour_term("armour", target.armour, armour.reduction))
    if isinstance(target, Unit):
        if target.legendary_armour:
            legend = armours[target.legendary_armour]
            terms.append(_armour_term("legendary", target.legendary_armour, legend.reduction))
        terms += target.effect_terms("reduction")
    return tuple(terms)


@lru_cache(maxsize=256)
def _armour_term(name: str, armour_id: str, reduction: int) -> Term:
    # The detail is the armour's id: the journal words its name (`names_for`).
    return Term(name, reduction, armour_id, R.TOTAL_REDUCTION.id,
                entry_source("armours", armour_id, "reduction"))


def _object_index(game: GameState, thing: Thing) -> int | str:
    """Where an object stands in its scenario's `objects` list (its id for one a designer
    placed)."""
    return next((i for i, o in enumerate(game.scenario.objects) if o.id == thing.id),
                thing.id)


#: Where an attack's XP comes from, by the XP fields (None: an attack on a door or object).
_XP_SOURCES = {fields: rules_source(*(f"xp.{f}" for f in fields or ("against_objects",)))
               for fields in (("miss_attacker",), ("hit",), ("hit", "perfect"), None)}
_BRAWL_DICE_SOURCE = (R.ACTION_DICE.id, rules_source("brawl_dice"))
_PERFECT_DIE_SOURCE = (R.PERFECT_ATTACK.id, rules_source("perfect_die"))


@lru_cache(maxsize=1024)
def _bonus_source(row: int, body: Sources, size: Sources) -> tuple[str, Sources]:
    """(rule, sources) of the damage-bonus dice: the table's row and the two values summed."""
    return R.DAMAGE_BONUS.id, rules_source(f"damage_bonus[{row}].dice") + body + size


@lru_cache(maxsize=256)
def _weapon_dice_source(weapon_id: str) -> tuple[str, Sources]:
    """(rule, sources) of a weapon's dice, built once per weapon."""
    return R.ACTION_DICE.id, entry_source("weapons", weapon_id, "dice")


def damage_plan(game: GameState, unit: Unit, target: Target, mode: AttackMode,
                weapon: Weapon | None, weapon_id: str | None = None) -> DamagePlan:
    """Action dice + damage bonus + effects (+ perfect die), less the target's reduction."""
    reduction = reduction_terms(game, target)
    if unit.effects:  # its characteristics and its damage read its effects
        return _damage_plan(game, unit, mode, weapon, weapon_id, reduction)
    # Without effects, the plan is made of the content and of these values alone: the AI
    # weighs the same blow from many squares, turn after turn.
    body = "DEX" if mode is AttackMode.RANGED else "STR"
    key = ("damage", weapon_id, mode, unit.kind, unit.template, unit.designer_set,
           unit.characteristics[body], unit.characteristics["SIZ"], reduction)
    kept = game.kept()
    found = kept.get(key)
    if found is None:
        found = kept[key] = _damage_plan(game, unit, mode, weapon, weapon_id, reduction)
    return found


def _damage_plan(game: GameState, unit: Unit, mode: AttackMode, weapon: Weapon | None,
                 weapon_id: str | None, reduction: tuple[Term, ...]) -> DamagePlan:
    rules = game.rules
    dice = [(weapon_id if weapon else "brawl",
             Dice.parse(weapon.dice if weapon else rules.brawl_dice))]
    sources = [_weapon_dice_source(weapon_id) if weapon_id else _BRAWL_DICE_SOURCE]
    body = "DEX" if mode is AttackMode.RANGED else "STR"
    total = unit.stat(body) + unit.stat("SIZ")
    row, bonus = damage_bonus(rules.damage_bonus, total)
    read = None
    if bonus.count or bonus.modifier:
        dice.append(("bonus", bonus))
        sources.append(_bonus_source(row, unit.stat_source(body), unit.stat_source("SIZ")))
        read = _damage_bonus(body, total, row)
    sources.append(_PERFECT_DIE_SOURCE)
    return DamagePlan(tuple(dice), Dice.parse(rules.perfect_die), unit.effect_terms("damage"),
                      reduction, tuple(sources), read)


@lru_cache(maxsize=1024)
def _damage_bonus(body: str, total: int, row: int) -> DamageBonus:
    return DamageBonus((body, "SIZ"), total, row)


def roll_damage(roller: Roller, source: str, target: Target, plan: DamagePlan,
                perfect: bool) -> Damage:
    """Roll a damage plan's dice (and the perfect die on a perfect hit) on the target."""
    sources = plan.sources
    parts = [(dice, label, *source) for (label, dice), source in zip(plan.dice, sources)]
    if perfect and plan.perfect_die is not None:
        parts.append((plan.perfect_die, "perfect", *sources[-1]))
    rolls = roller.roll_together(parts)
    if plan.bonus is not None:
        # The bonus dice say what they read: the characteristics, their sum, the table's row.
        # (They come right after the action dice, `damage_plan`.)
        bonus = plan.bonus
        rolls[1] = msgspec.structs.replace(rolls[1], stats=bonus.stats, number=bonus.total,
                                           row=bonus.row)
    raw = sum(r.total for r in rolls) + sum(t.value for t in plan.terms)
    reduce = plan.reduction
    amount = final_damage(raw, reduce)
    return Damage(source, target.id, tuple(rolls), plan.terms, raw, plan.reduction_terms,
                  reduce, amount, target.hp, max(0, target.hp - amount))


def lay_effect(target: Unit, source: str, effect: EffectSpec, origin: Sources = (),
               rule: str = R.TIMED_EFFECTS.id) -> list[Event]:
    """Lay a timed effect (an item's, a weapon's on-hit) on a unit; one from the same
    source is replaced, not stacked (effects stack by source). `origin`: the content value
    of its amount (venom-dagger's `on_hit.amount` in `weapons`), `rule` the rule laying it
    (a spell's R7.9, an item's, an on-hit effect's)."""
    target.effects = [e for e in target.effects if e.source != source]
    target.effects.append(Effect(source, effect.stat, effect.amount, effect.turns, origin))
    return [EffectAdded(target.id, source, effect.stat, effect.amount, effect.turns, rule,
                        origin)]


def deal_damage(game: GameState, source: Unit, target: Target, amount: int) -> list[Event]:
    """Damage that lands, by an attack or a spell: the statistics of both sides (a kill
    for the source when a unit goes down), then the HP (`take_hp`)."""
    source.stats.damage_dealt += amount
    if isinstance(target, Unit):
        target.stats.damage_taken += amount
    events = take_hp(game, source, target, amount)
    if isinstance(target, Unit) and target.down:
        source.stats.kills += 1
    return events


def take_hp(game: GameState, source: Unit, target: Target, amount: int) -> list[Event]:
    """Lower HP (never below 0); a unit at 0 is down, a door or object destroyed."""
    target.hp = max(0, target.hp - amount)
    if target.hp > 0:
        return []
    if isinstance(target, Unit):
        target.down = True
        game.casualties += 1
        return [Down(target.id, source.id)]
    if isinstance(target, Door):
        target.state = DoorState.BROKEN
        game.sight_changed()
    else:
        target.destroyed = True
    return [Destroyed(target.id, target_kind(target), target.pos)]


class EndTurn(Action):
    """`end`: the next player's turn; creatures act after each full round."""

    VERBS: ClassVar = (Verb("end", "end", N_("End turn"),
                            N_("End the turn: hand over to the next player"), ends_turn=True),)

    @classmethod
    def read(cls, words: Words) -> EndTurn:
        words.need(0)
        return cls()

    def notation(self) -> str:
        return "end"

    def check(self, game: GameState, player: int | None) -> None:
        """The turn change itself is the engine's (`engine.Game.end_turn`), after this."""
        if player is None:
            raise Impossible(N_("creatures do not end turns"))

    def resolve(self, game: GameState, plan: None) -> list[Event]:
        return []


class WaitPlan(msgspec.Struct, frozen=True):
    """A unit declared done: the AP it gives up; waiting itself costs nothing."""

    unit: Unit
    ap_unused: int
    ap_cost: int = 0


class Wait(Action):
    """`wait ID`: the unit is done for this turn (its AP go to 0 until its next turn's
    refill): the player declaring it, not a rule of the page."""

    VERBS: ClassVar = (Verb("wait", "wait ID", N_("Wait"),
                            N_("The unit is done for this turn: its AP left go unused")),)
    unit: str

    @classmethod
    def read(cls, words: Words) -> Wait:
        words.need(1)
        return cls(words[0])

    def notation(self) -> str:
        return f"wait {self.unit}"

    def check(self, game: GameState, player: int | None) -> WaitPlan:
        unit = acting_unit(game, self.unit, player)
        if unit.ap <= 0:
            raise Impossible(N_("{unit} has no AP left: it is already done for this turn"),
                             unit=unit.name)
        return WaitPlan(unit, unit.ap)

    def resolve(self, game: GameState, plan: WaitPlan) -> list[Event]:
        plan.unit.ap = 0
        return [Waited(plan.unit.id, plan.ap_unused)]


class ForceRolls(Action):
    """`force 12,80,3`: the next d100 rolls give these results (tests and demos)."""

    VERBS: ClassVar = (Verb("force", "force N[,N...]", N_("Force rolls"),
                            N_("Force the next d100 results")),)
    rolls: tuple[int, ...]
    allowed_after_game_over: ClassVar[bool] = True
    designer_only: ClassVar[bool] = True

    @classmethod
    def read(cls, words: Words) -> ForceRolls:
        words.need(1)
        parts = words[0].split(",")
        if "" in parts:  # `1,,2`, `1,2,`, `,1`: a result left out, or a typo
            raise NotationError(N_("forced rolls {rolls} have an empty item (two commas, or "
                                   "one at an end): {usage}"), rolls=repr(words[0]),
                                usage=words.verb.usage)
        # ASCII digits only: int() would also read `٤` or `1_0`.
        if not all(r.isascii() and r.isdigit() and len(r) <= 6 for r in parts):
            raise NotationError(N_("forced rolls are whole numbers: {usage}"),
                                usage=words.verb.usage)
        return cls(tuple(int(r) for r in parts))

    def notation(self) -> str:
        return "force " + ",".join(map(str, self.rolls))

    def check(self, game: GameState, player: int | None) -> None:
        if len(self.rolls) > MAX_FORCED:
            raise Impossible(N_("at most {most} d100 results can be forced at once, not "
                                "{count}"), most=MAX_FORCED, count=len(self.rolls))
        bad = [r for r in self.rolls if not 1 <= r <= 100]
        if bad:
            raise Impossible(N_("a forced d100 must be between 1 and 100, not {roll}"),
                             roll=bad[0])

    def resolve(self, game: GameState, plan: None) -> list[Event]:
        return [ForcedRolls(self.rolls, game.roller.force(self.rolls))]
