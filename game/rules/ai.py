"""The creatures' simple AI: after each full round, walk toward the nearest character and
attack it, through the same actions (and checks) as a player's commands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.actions import Attack, Move
from game.rules.errors import Impossible
from game.rules.events import Event
from game.rules.geometry import NEIGHBOURS, distance, shortest_path
from game.rules.units import Unit

if TYPE_CHECKING:
    from game.rules.state import Game


def creature_phase(game: "Game") -> list[Event]:
    """Every standing unowned creature, in scenario order, refills its AP and acts."""
    events: list[Event] = []
    for creature in list(game.units.values()):
        if creature.down or creature.is_character or creature.owner is not None:
            continue
        events += game.start_unit_turn(creature)
        events += creature_turn(game, creature)
        if game.over:
            break
    return events


def _attack_cost_and_reach(game: "Game", creature: Unit) -> tuple[int, int]:
    if creature.weapons:
        weapon = game.content.weapons[creature.weapons[0]]
        reach = min(game.rules.page.ranged_max_distance, weapon.range) if weapon.kind == "ranged" else 1
        return weapon.ap_cost, reach
    return game.rules.brawl_ap_cost, 1


def creature_turn(game: "Game", creature: Unit) -> list[Event]:
    """Attack the weakest character in reach while AP last; otherwise close in first."""
    events: list[Event] = []
    cost, reach = _attack_cost_and_reach(game, creature)
    moved = False
    while not creature.down and not game.over and creature.ap >= cost:
        targets = [u for u in game.standing() if u.is_character]
        if not targets:
            break
        in_reach = sorted(
            (u for u in targets if distance(creature.pos, u.pos) <= reach
             and (reach == 1 or game.line_of_sight(creature.pos, u.pos))),
            key=lambda u: (u.hp, u.id),
        )
        if in_reach:
            try:
                events += game.perform_as_creature(Attack(creature.id, in_reach[0].id))
            except Impossible:
                break
            continue
        if moved:
            break
        moved = True
        goals = {(u.pos[0] + dx, u.pos[1] + dy) for u in targets for dx, dy in NEIGHBOURS}
        path = shortest_path(creature.pos, goals, game.passable)
        steps = min(len(path) if path else 0, creature.ap // game.rules.move_cost)
        if steps == 0:
            break
        try:
            events += game.perform_as_creature(Move(creature.id, path[steps - 1]))
        except Impossible:
            break
    return events
