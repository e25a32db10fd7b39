"""What a unit can do now: every option (each weapon, bare hands, each spell, a move, a
door) with its plan, or the reason the rules refuse it.

The one query the UI (panels, overlays, spell list) asks; each option carries its action,
which renders its own notation, and its plan, from which the panel's chances (and exact
odds) are read. The AI checks the same actions through the same `check`, pruning by reach
first since it weighs every foe at once. Nothing here changes the game.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator, Union

import msgspec

from game.rules.actions import (
    Action,
    AttackPlan,
    DoorPlan,
    Move,
    MovePlan,
    Target,
    ToggleDoor,
    WaitPlan,
    fmt_pos,
    ranged_reach,
)
from game.rules.board import DoorState
from game.rules.errors import Impossible
from game.rules.geometry import Pos, distance, reachable
from game.rules.items import Use, UsePlan
from game.rules.magic import CastPlan, spell_range
from game.rules.notation import parse, verbs
from game.rules.state import GameState
from game.rules.terms import Chance
from game.rules.units import Unit
from game.rules.verbs import NotationError

Plan = Union[AttackPlan, CastPlan, MovePlan, DoorPlan, UsePlan, WaitPlan]


@dataclass(frozen=True, slots=True)
class Option:
    """One thing a unit could do: its action and plan, or why the rules refuse it."""

    label: str
    kind: str
    action: Action
    ap_cost: int
    plan: Plan | None = None
    reason: str | None = None
    # `reason` as a message and fields, to translate; an exception compares by identity
    refusal: Impossible | None = field(default=None, compare=False)

    @property
    def possible(self) -> bool:
        return self.reason is None

    @property
    def command(self) -> str:
        return self.action.notation()

    @property
    def chance(self) -> Chance | None:
        return getattr(self.plan, "chance", None)

    @property
    def defence(self) -> Chance | None:
        """The defender's dodge (an attack) or counter-magic (a spell) chance, if any."""
        return getattr(self.plan, "defence", None)


def _option(game: GameState, player: int | None, label: str, kind: str, action: Action,
            ap_cost: int) -> Option:
    try:
        plan = action.check(game, player)
    except Impossible as refusal:
        return Option(label, kind, action, ap_cost, reason=refusal.reason, refusal=refusal)
    return Option(label, kind, action, plan.ap_cost, plan)


def target_token(game: GameState, pos: Pos) -> str:
    """How the notation names what is at `pos`: a unit or object id, else the square."""
    unit = game.unit_at(pos)
    if unit:
        return unit.id
    thing = game.thing_at(pos)
    return thing.id if thing else fmt_pos(pos)


def target_at(game: GameState, pos: Pos) -> Target | None:
    """What an attack on `pos` would hit: a unit, else an object, else a door."""
    return game.unit_at(pos) or game.thing_at(pos) or game.doors.get(pos)


def aimed_classes() -> list[type[Action]]:
    """The command classes of the notation's verbs, in the registry's order, each once:
    those that can be aimed at a target offer it (`Action.offers`)."""
    return list(dict.fromkeys(v.action for v in verbs()))


def options_against(game: GameState, actor_id: str, pos: Pos) -> list[Option]:
    """Every command the verbs offer the actor against what is at `pos` (each weapon, bare
    hands, each spell and item: `Action.offers`, in the registry's order), in the current
    player's turn, each with its plan or the reason it is impossible."""
    target = target_at(game, pos)
    if target is None:
        return []
    player = game.current
    actor = game.units[actor_id]
    token = target_token(game, pos)
    return [_option(game, player, *offer) for cls in _AIMED
            for offer in cls.offers(game, actor, target, token)]


def item_options(game: GameState, actor_id: str, target_id: str | None = None) -> list[Option]:
    """Using each item the actor carries (uses left or not) on itself (`target_id` None)
    or on a unit: the plan or why not. Kind `item`; the label names the uses left."""
    actor = game.units[actor_id]
    target = game.units[target_id] if target_id else actor
    return [_option(game, game.current, *offer)
            for offer in Use.offers(game, actor, target, target.id)]


_AIMED = aimed_classes()


def unit_options(game: GameState, unit_id: str) -> list[Option]:
    """What the unit can do with nothing to aim at: every verb of the notation written
    with its unit alone (`wait ID`), in the registry's order, each with its plan or why
    not. The kind is the verb's name, the label its title (a message id)."""
    return [_option(game, game.current, v.title, v.name, v.read([unit_id]), 0)
            for v in verbs() if v.usage == f"{v.name} ID"]


def reachable_squares(game: GameState, unit_id: str) -> dict[Pos, int]:
    """Squares the unit can walk to with its AP, with their AP cost."""
    unit = game.units[unit_id]
    steps = unit.ap // game.rules.move_cost
    return {pos: n * game.rules.move_cost
            for pos, n in reachable(unit.pos, game.passable_now(), steps).items()}


def move_option(game: GameState, unit_id: str, to: Pos) -> Option:
    """Walking to `to`: its plan (path and AP cost) or why not."""
    return _option(game, game.current, f"move to {fmt_pos(to)}", "move", Move(unit_id, to), 0)


def door_option(game: GameState, unit_id: str, pos: Pos) -> Option:
    """Opening the door at `pos`, or closing it if it is open: its plan or why not."""
    door = game.doors.get(pos)
    opening = not (door is not None and door.state is DoorState.OPEN)
    verb = "open" if opening else "close"
    return _option(game, game.current, f"{verb} the door", "door",
                   ToggleDoor(unit_id, pos, opening), game.rules.door_cost)


#: The option kind of each plan a typed command's check returns.
_KINDS = ((MovePlan, "move"), (AttackPlan, "attack"), (CastPlan, "spell"), (UsePlan, "item"),
          (DoorPlan, "door"), (WaitPlan, "wait"))


def typed(game: GameState, text: str) -> Option | None:
    """A command as typed (the notation), checked as the engine checks it when it is sent,
    in the current player's turn: its plan or why not (None: not a unit's action the
    notation reads: malformed, unfinished, `end`, a designer's command)."""
    try:
        action = parse(text)
    except NotationError:
        return None
    if action.designer_only:
        return None
    try:
        game.admit(action)
        plan = action.check(game, game.current)
    except Impossible as refusal:
        return Option(action.notation(), "refused", action, 0, reason=refusal.reason,
                      refusal=refusal)
    kind = next((name for cls, name in _KINDS if isinstance(plan, cls)), None)
    if kind is None:  # `end` and the like: nothing of a unit's to show
        return None
    return Option(action.notation(), kind, action, plan.ap_cost, plan)


def spell_reach(game: GameState, actor_id: str, spell_id: str) -> int:
    return spell_range(game.content.spells[spell_id], game.units[actor_id].level)


class Choices(msgspec.Struct):
    """Everything one unit can do in the present state, computed once: where it can walk
    and every option against everything on the board. Ask again after the game changes."""

    unit: Unit
    reach: dict[Pos, int]
    against: dict[Pos, list[Option]] = msgspec.field(default_factory=dict)

    def at(self, pos: Pos) -> list[Option]:
        """The options against what stands at `pos` (none on an empty square)."""
        return self.against.get(pos, [])

    def attack_squares(self) -> set[Pos]:
        """Where an attack with the first weapon or bare hands is possible now."""
        first = self.unit.weapons[0] if self.unit.weapons else None
        return {pos for pos, options in self.against.items()
                if any(o.possible and o.kind == "attack"
                       and (o.action.brawl or o.action.weapon == first) for o in options)}

    def spell_squares(self, spell_id: str) -> set[Pos]:
        """Where that spell may be cast now."""
        return {pos for pos, options in self.against.items()
                if any(o.possible and o.kind == "spell" and o.action.spell == spell_id
                       for o in options)}


def choices(game: GameState, unit_id: str) -> Choices:
    """What the unit can do now, each check run once per option."""
    unit = game.units[unit_id]
    found = Choices(unit, reachable_squares(game, unit_id))
    squares = [u.pos for u in game.standing()]
    squares += [t.pos for t in game.things.values() if not t.destroyed]
    squares += [d.pos for d in game.doors.values()]
    for pos in dict.fromkeys(squares):
        found.against[pos] = options_against(game, unit_id, pos)
    return found



class Reach(msgspec.Struct, frozen=True):
    """Where an attack or a spell reaches from its user's square, as its check measures it:
    from `nearest` to `farthest` squares away, with a line of sight if `sight`."""

    nearest: int
    farthest: int
    sight: bool

    def allows(self, game: GameState, frm: Pos, to: Pos) -> bool:
        d = distance(frm, to)
        if not self.nearest <= d <= self.farthest:
            return False
        return not (self.sight and d and not game.line_of_sight(frm, to))


def weapon_reach(game: GameState, weapon_id: str | None) -> Reach:
    """A weapon's reach (bare hands with None): melee and bare hands the adjacent squares,
    a ranged weapon its range with a line of sight (`Attack.check`)."""
    weapon = game.content.weapons[weapon_id] if weapon_id else None
    if weapon is None or weapon.kind == "melee":
        return Reach(1, 1, False)
    return Reach(1, ranged_reach(game, weapon), True)


def spell_reach_of(game: GameState, unit: Unit, spell_id: str) -> Reach:
    """A spell's reach at its caster's level, with a line of sight beyond the caster
    (`Cast.check`)."""
    return Reach(0, spell_range(game.content.spells[spell_id], unit.level), True)


def out_of_reach(game: GameState, unit_id: str, spell: str | None = None,
                 weapon: str | None = None) -> frozenset[Pos]:
    """The squares the unit cannot aim at from where it stands with that spell (else that
    weapon, else bare hands): out of range or out of its line of sight."""
    unit = game.units[unit_id]
    reach = spell_reach_of(game, unit, spell) if spell else weapon_reach(game, weapon)
    return frozenset((x, y) for y in range(game.height) for x in range(game.width)
                     if not reach.allows(game, unit.pos, (x, y)))


def threat_zone(game: GameState, player: int) -> frozenset[Pos]:
    """The squares an enemy of `player` could attack in its next turn: for each standing
    unit of another side (the creatures included, but not those held), the squares of its
    `unit_threat`."""
    zone: set[Pos] = set()
    for unit in game.standing():
        if unit.owner == player or unit.held:
            continue
        zone |= unit_threat(game, unit)
    return frozenset(zone)


def attacks(game: GameState, unit: Unit) -> tuple[tuple[Reach, int, str], ...]:
    """Each weapon, bare hands and damage spell of the unit: its reach, AP cost and damage
    dice (as the content writes them). Made once per game content and way of arming (the
    AI asks it of every foe in every decision)."""
    kept = game.kept()
    key = ("attacks", unit.weapons, unit.spells, unit.level)
    found = kept.get(key)
    if found is None:
        found = kept[key] = tuple(_attacks(game, unit))
    return found


def _attacks(game: GameState, unit: Unit) -> list[tuple[Reach, int, str]]:
    found = [(weapon_reach(game, w), game.content.weapons[w].ap_cost,
              game.content.weapons[w].dice) for w in unit.weapons]
    found.append((weapon_reach(game, None), game.rules.brawl_ap_cost, game.rules.brawl_dice))
    for spell_id in unit.spells:
        spell = game.content.spells[spell_id]
        if spell.kind == "damage":
            found.append((Reach(1, spell_range(spell, unit.level), True), spell.ap_cost,
                          spell.dice))
    return found


def _stands(game: GameState, unit: Unit, ap: int, cost: int) -> set[Pos]:
    """Where the unit could stand to attack at that cost, with `ap` for its turn."""
    steps = (ap - cost) // game.rules.move_cost
    return {unit.pos, *reachable(unit.pos, game.passable_now(), steps)}


def unit_threat(game: GameState, unit: Unit) -> frozenset[Pos]:
    """The squares one unit could attack in its next turn: for each weapon, bare hands and
    damage spell it has, every square it reaches from a square it can walk to with its next
    turn's AP less that attack's cost."""
    zone: set[Pos] = set()
    ap = max(0, unit.ap_max - unit.ap_owed)
    for reach, cost, _ in attacks(game, unit):
        if cost > ap:
            continue
        far = reach.farthest
        for x0, y0 in _stands(game, unit, ap, cost):
            # Only the squares within range of this stand can be reached from it.
            for y in range(max(0, y0 - far), min(game.height, y0 + far + 1)):
                for x in range(max(0, x0 - far), min(game.width, x0 + far + 1)):
                    square = (x, y)
                    if square not in zone and square not in game.walls \
                            and reach.allows(game, (x0, y0), square):
                        zone.add(square)
    return frozenset(zone)


def threatens(game: GameState, unit: Unit, square: Pos) -> bool:
    """`square in unit_threat(game, unit)`, asked of one square: the stands too far from it
    are never tried."""
    ap = max(0, unit.ap_max - unit.ap_owed)
    steps = ap // game.rules.move_cost
    for reach, cost, _ in attacks(game, unit):
        if cost > ap or distance(unit.pos, square) > steps + reach.farthest:
            continue
        if any(reach.allows(game, stand, square) for stand in _stands(game, unit, ap, cost)):
            return True
    return False


# --- "from here": what a unit could do after a walk -------------------------------------


@contextmanager
def supposing_at(game: GameState, unit: Unit | str, square: Pos) -> Iterator[MovePlan | None]:
    """The game as if `unit` had walked to `square`: it stands there with the AP the walk
    leaves it (the cost of the Move's own plan), until the block ends, when its square and
    AP are put back whatever happened. Yields the walk's plan (None when it is already
    there); raises `Impossible` with the Move's reason when it cannot walk there.

    Every check run inside is the engine's own: nothing of a rule is copied here."""
    unit = game.units[unit] if isinstance(unit, str) else unit
    if square == unit.pos:
        yield None
        return
    plan = Move(unit.id, square).check(game, unit.owner)
    with standing_at(unit, square, unit.ap - plan.ap_cost):
        yield plan


@contextmanager
def standing_at(unit: Unit, square: Pos, ap: int) -> Iterator[None]:
    """The unit at `square` with `ap` AP for the checks run inside the block (the AI's
    walk already known to be possible); its square and AP put back afterwards."""
    pos, left = unit.pos, unit.ap
    unit.pos, unit.ap = square, ap
    try:
        yield
    finally:
        unit.pos, unit.ap = pos, left


class FromHere(msgspec.Struct, frozen=True):
    """What a unit could do from a square it may walk to: the walk (its option: plan or
    refusal), the AP it leaves, every foe it could then attack or cast on with those
    options that are possible (their plans computed there), and the foes that could attack
    it there in their next turn."""

    square: Pos
    move: Option
    ap_left: int
    targets: tuple[tuple[Unit, tuple[Option, ...]], ...] = ()
    threats: tuple[Unit, ...] = ()
    #: With no foe to attack from there: the nearest foe and why the unit's first attack on
    #: it is refused (its reach, its AP, its sight), the engine's reason.
    nearest: tuple[Unit, Option] | None = None


#: The spells that count against a foe in a "from here" preview.
HARMFUL = frozenset({"damage", "debuff"})


def foes_of(game: GameState, unit: Unit) -> list[Unit]:
    """The standing units of another side than `unit`'s (wild creatures included)."""
    return [u for u in game.standing() if u.owner != unit.owner and u is not unit]


def options_from(game: GameState, unit_id: str, square: Pos) -> FromHere:
    """The unit's attacks and harmful spells on each foe, as if it had walked to `square`
    with the AP left (`supposing_at`), and the foes whose threat zone holds that square
    (`threatens`, asked with the unit standing there). Changes nothing."""
    unit = game.units[unit_id]
    move = move_option(game, unit_id, square) if square != unit.pos else \
        Option(f"stay at {fmt_pos(square)}", "move", Move(unit_id, square), 0)
    if not move.possible:
        return FromHere(square, move, unit.ap)
    with supposing_at(game, unit, square):
        ap_left = unit.ap
        targets = []
        for foe in foes_of(game, unit):
            found = tuple(o for o in options_against(game, unit_id, foe.pos)
                          if o.possible and (o.kind == "attack" or (
                              o.kind == "spell"
                              and game.content.spells[o.action.spell].kind in HARMFUL)))
            if found:
                targets.append((foe, found))
        threats = tuple(foe for foe in foes_of(game, unit)
                        if not foe.held and threatens(game, foe, square))
        nearest = None
        if not targets:
            # Why nothing: the first attack the unit would make on the nearest foe.
            near = sorted(foes_of(game, unit), key=lambda f: (distance(square, f.pos), f.id))
            for foe in near[:1]:
                refused = [o for o in options_against(game, unit_id, foe.pos)
                           if o.kind == "attack" and not o.possible]
                if refused:
                    nearest = (foe, refused[0])
    return FromHere(square, move, ap_left, tuple(targets), threats, nearest)
