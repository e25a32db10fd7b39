"""What a player may do from here, and at what odds: the same checks and chance
functions the actions use, asked without changing anything.

The UI draws these; it never computes a rule itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.actions import Attack, Move, Target, dodge_chance, find_target
from game.rules.errors import Impossible
from game.rules.state import GameState
from game.rules.geometry import reachable
from game.rules.magic import Cast, counter_chance, spell_range
from game.rules.terms import Chance
from game.rules.board import Door, DoorState
from game.rules.geometry import Pos
from game.rules.units import Unit


@dataclass(frozen=True)
class Option:
    """One action an actor could take against a target: its command, or why not."""

    label: str
    kind: str
    command: str
    ap_cost: int
    chance: Chance | None = None
    defence: Chance | None = None
    reason: str | None = None

    @property
    def possible(self) -> bool:
        return self.reason is None


def reachable_squares(game: GameState, unit_id: str) -> dict[Pos, int]:
    """Squares the unit can walk to with its AP, with their AP cost."""
    unit = game.units[unit_id]
    steps = unit.ap // game.rules.move_cost
    return {pos: n * game.rules.move_cost
            for pos, n in reachable(unit.pos, game.passable, steps).items()}


def move_preview(game: GameState, unit_id: str, to: Pos) -> tuple[list[Pos], int]:
    """The path to `to` and its AP cost; raises `Impossible` with the reason."""
    path = Move(unit_id, to).check(game, game.current)
    return path, len(path) * game.rules.move_cost


def _token(game: GameState, target: Target) -> str:
    return target.id if not isinstance(target, Door) else f"{target.pos[0]},{target.pos[1]}"


def options_against(game: GameState, actor_id: str, pos: Pos) -> list[Option]:
    """Every attack (each weapon, bare hands) and spell the actor has against what is at
    `pos`, each with its chance and terms, or the reason it is impossible."""
    try:
        target = find_target(game, f"{pos[0]},{pos[1]}")
    except Impossible:
        return []
    actor = game.units[actor_id]
    token = _token(game, target)
    options = []
    attacks = [Attack(actor_id, token, weapon=w) for w in actor.weapons]
    attacks.append(Attack(actor_id, token, brawl=True))
    for action in attacks:
        weapon = game.content.weapons.get(action.weapon) if action.weapon else None
        cost = weapon.ap_cost if weapon else game.rules.brawl_ap_cost
        label = weapon.name if weapon else "bare hands"
        try:
            chance = action.chance(game, game.current)
        except Impossible as refusal:
            options.append(Option(label, "attack", action.notation(), cost, reason=refusal.reason))
            continue
        defence = dodge_chance(game, target) if isinstance(target, Unit) \
            and target.is_character else None
        options.append(Option(label, "attack", action.notation(), cost, chance, defence))
    if isinstance(target, Unit):
        for spell_id in actor.spells:
            spell = game.content.spells[spell_id]
            action = Cast(actor_id, spell_id, target.id)
            try:
                chance = action.chance(game, game.current)
            except Impossible as refusal:
                options.append(Option(spell.name, "spell", action.notation(), spell.ap_cost,
                                      reason=refusal.reason))
                continue
            defence = counter_chance(game, target) if spell.kind == "damage" \
                and target.is_character else None
            options.append(Option(spell.name, "spell", action.notation(), spell.ap_cost,
                                  chance, defence))
    return options


def attackable_squares(game: GameState, actor_id: str, weapon: str | None = None,
                       brawl: bool = False) -> set[Pos]:
    """Squares holding something the actor may attack now with that weapon (or hands)."""
    found = set()
    candidates = [u.pos for u in game.standing()]
    candidates += [t.pos for t in game.things.values() if not t.destroyed]
    candidates += [d.pos for d in game.doors.values() if d.state is not DoorState.BROKEN]
    for pos in candidates:
        try:
            Attack(actor_id, f"{pos[0]},{pos[1]}", weapon=weapon, brawl=brawl).check(
                game, game.current)
        except Impossible:
            continue
        found.add(pos)
    return found


def spell_squares(game: GameState, actor_id: str, spell_id: str) -> set[Pos]:
    """Squares of the units the actor may cast that spell on now."""
    found = set()
    for unit in game.standing():
        try:
            Cast(actor_id, spell_id, unit.id).check(game, game.current)
        except Impossible:
            continue
        found.add(unit.pos)
    return found


def spell_reach(game: GameState, actor_id: str, spell_id: str) -> int:
    unit = game.units[actor_id]
    return spell_range(game.content.spells[spell_id], unit.level)

