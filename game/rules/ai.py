"""The creatures' simple AI: after each full round, walk toward the nearest character and
attack it. It only chooses, among the legal options; the engine runs each choice as a
command, through the same checks as a player's."""

from __future__ import annotations

from game.rules.actions import Action, Move
from game.rules.geometry import NEIGHBOURS, shortest_path
from game.rules.legal import attack_option
from game.rules.state import GameState
from game.rules.units import Unit


def _attack_cost(game: GameState, creature: Unit) -> int:
    if creature.weapons:
        return game.content.weapons[creature.weapons[0]].ap_cost
    return game.rules.brawl_ap_cost


def choose(game: GameState, creature: Unit, may_move: bool) -> Action | None:
    """The creature's next action, or None when it is done for this round.

    It attacks (first weapon) the weakest character it legally can while its AP last;
    otherwise, once a round (`may_move`), it walks as far as it can toward the nearest
    character.
    """
    if creature.down or game.over or creature.ap < _attack_cost(game, creature):
        return None
    targets = [u for u in game.standing() if u.is_character]
    if not targets:
        return None
    attacks = [(u.hp, u.id, option) for u in targets
               if (option := attack_option(game, creature.id, u.id, None)).possible]
    if attacks:
        return min(attacks, key=lambda a: (a[0], a[1]))[2].action
    if not may_move:
        return None
    goals = {(u.pos[0] + dx, u.pos[1] + dy) for u in targets for dx, dy in NEIGHBOURS}
    path = shortest_path(creature.pos, goals, game.passable)
    steps = min(len(path) if path else 0, creature.ap // game.rules.move_cost)
    if steps == 0:
        return None
    return Move(creature.id, path[steps - 1])
