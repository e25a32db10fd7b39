"""The creatures' simple AI: after each full round, walk toward the nearest character and
attack it. It only chooses; the engine runs each choice as a command, through the same
checks as a player's."""

from __future__ import annotations

from game.rules.actions import Action, Attack, Move
from game.rules.constants import RANGED_MAX_DISTANCE
from game.rules.geometry import NEIGHBOURS, distance, shortest_path
from game.rules.state import GameState
from game.rules.units import Unit


def _attack_cost_and_reach(game: GameState, creature: Unit) -> tuple[int, int]:
    if creature.weapons:
        weapon = game.content.weapons[creature.weapons[0]]
        reach = min(RANGED_MAX_DISTANCE, weapon.range) if weapon.kind == "ranged" else 1
        return weapon.ap_cost, reach
    return game.rules.brawl_ap_cost, 1


def choose(game: GameState, creature: Unit, may_move: bool) -> Action | None:
    """The creature's next action, or None when it is done for this round.

    It attacks the weakest character in reach while its AP last; otherwise, once a round
    (`may_move`), it walks as far as it can toward the nearest character.
    """
    cost, reach = _attack_cost_and_reach(game, creature)
    if creature.down or game.over or creature.ap < cost:
        return None
    targets = [u for u in game.standing() if u.is_character]
    if not targets:
        return None
    in_reach = sorted(
        (u for u in targets if distance(creature.pos, u.pos) <= reach
         and (reach == 1 or game.line_of_sight(creature.pos, u.pos))),
        key=lambda u: (u.hp, u.id),
    )
    if in_reach:
        return Attack(creature.id, in_reach[0].id)
    if not may_move:
        return None
    goals = {(u.pos[0] + dx, u.pos[1] + dy) for u in targets for dx, dy in NEIGHBOURS}
    path = shortest_path(creature.pos, goals, game.passable)
    steps = min(len(path) if path else 0, creature.ap // game.rules.move_cost)
    if steps == 0:
        return None
    return Move(creature.id, path[steps - 1])
