"""What the engine asks of whoever plays a unit it does not get commands for: a `Policy`.

The engine plays the creatures' phase and the sides the computer plays (`--ai`) by asking
a policy for each unit's next action; it never imports one. Whoever builds a game gives
it a `PolicyBook` (`game.rules.policies.ProfileBook` reads content/ai.yaml), from which it
takes the creatures' policy and one per AI-played side by its profile name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # types only: a policy is given, never imported by the engine
    from game.rules.actions import Action
    from game.rules.state import GameState
    from game.rules.units import Unit


class Policy(Protocol):
    """Chooses one unit's next action.

    A policy may also say what its choices do not read, so the lab's exact duel asks it
    once for states it cannot tell apart (without them, it reads everything):
    `round_matters_until` (an int): from that round on, the round no longer changes its
    choices; `walks_matter_until` (an int): beyond that many walks this turn, `moves` no
    longer does; `reads_struck = False`: `struck` never does; `reads_own_hp(unit) ->
    bool`: whether the unit's own HP may change its choices.

    A policy may also hand the engine the plan it checked its choice with, so the engine
    does not check it again: `plan_of(game, action, player)`, asked right after `choose`
    in the same state, returns the plan `action.check(game, player)` would return now, or
    None (the engine then checks it).

    A policy may also say in which order a side's units act in its turn: `order(game,
    units) -> list[Unit]`, the same units reordered (without it, they act in scenario
    order): a unit that readies its friends (a blessing, a hex on their foe) acts before
    the friends who will use it.
    """

    def choose(self, game: GameState, unit: Unit, moves: int = 0,
               struck: bool = False) -> Action | None:
        """The unit's next action, or None when it is done for this turn. `moves`: how
        many times it has walked this turn; `struck`: whether it has attacked, cast or used
        an item this turn. Deterministic: the same state, the same
        choice."""


class PolicyBook(Protocol):
    """Policies by profile name; `None` names the creatures' own."""

    def policy(self, profile: str | None) -> Policy:
        """The policy of that profile; raises `KeyError` naming the known ones."""
