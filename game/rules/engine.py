"""The engine: `Game.apply(command)` is the one way in; turn order, the creature phase
and game over are decided here.

A command (text in the notation, or an action object) is parsed, checked, then resolved.
A refused command raises nothing to the caller: it becomes a `Refused` event with the
player-readable reason and leaves the state exactly as it was.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from game.rules.actions import Action, EndTurn, Move, ToggleDoor
from game.rules.errors import Impossible, N_, SetupRefused
from game.rules.events import (
    CommandIssued,
    CreaturePhase,
    EffectExpired,
    Event,
    GameOver,
    OwedApPaid,
    Refused,
    TurnStarted,
)
from game.rules.notation import parse
from game.rules.policy import Policy, PolicyBook
from game.rules.state import GameState
from game.rules.units import Unit


class Step(NamedTuple):
    """A part of a command's events, as `Game.apply_steps` gives them: `done` on the last,
    once the command is in the log and its events in the journal. Between two parts the
    game stands mid-command (the creatures of a round acting one by one): to be drawn,
    never played on, saved or changed."""

    events: list[Event]
    done: bool


class Game(GameState):
    """A skirmish in progress that runs commands.

    `policies` gives the creatures' policy and those of the sides the computer plays (the
    engine imports none); `ai_players` maps a player number to a profile name of it:
    `play_ai_turn()` then plays that side's turns, each choice entering as a command of the
    log like a player's. A game without policies has creatures that hold their ground.
    """

    #: The policies too: what they keep between choices never changes a choice (the lab's
    #: `test_ai_caches`), and a copy of their caches cost as much as the rest of a copy.
    SHARED_WHEN_COPIED = (*GameState.SHARED_WHEN_COPIED, "policies")

    def __init__(self, *args, ai_players: dict[int, str] | None = None,
                 policies: PolicyBook | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.policies = policies
        self.ai_players = dict(ai_players or {})
        #: (action, player, plan): the plan a policy checked its choice with, in the
        #: state it is applied in (`_offered`); taken by the next command, or dropped.
        self._chosen: tuple | None = None
        for number, profile in self.ai_players.items():
            if not 1 <= number <= len(self.players):
                raise SetupRefused(N_("there is no player {number} to play by AI"), number=number)
            self.policy_of(profile)  # an unknown profile is refused now, not mid-game

    def policy_of(self, profile: str | None) -> Policy | None:
        """The policy of a profile (None: the creatures'); ValueError if unknown."""
        if self.policies is None:
            if profile is None:
                return None
            raise SetupRefused(N_("no AI profile {profile}: this game was given no policies"),
                               profile=repr(profile))
        try:
            return self.policies.policy(profile)
        except KeyError as exc:
            raise ValueError(exc.args[0]) from None

    #: At most this many actions of one unit in one turn (a guard, never reached in play).
    AI_ACTIONS = 40

    def play_ai_turn(self) -> list[Event]:
        """Play the current player's turn by its AI profile, then end it; nothing if the
        current player is not AI-played. Each action goes through `apply` (and the log)."""
        return [event for step in self.ai_turn_steps() for event in step]

    def ai_turn_steps(self) -> Iterator[list[Event]]:
        """`play_ai_turn` one command at a time (each step's events, the end of the turn
        last), so a screen can show each action before the next is chosen."""
        events: list[Event] = []
        for step in self.ai_turn_parts():
            events += step.events
            if step.done:
                yield events
                events = []

    def ai_turn_parts(self) -> Iterator[Step]:
        """`ai_turn_steps` with the closing `end` in its parts (`apply_steps`): after the
        last side of a round, each creature's action on its own."""
        if self.over or self.current not in self.ai_players:
            return
        player = self.current
        policy = self.policy_of(self.ai_players[player])
        units = [u for u in self.standing() if u.owner == player]
        order = getattr(policy, "order", None)
        if order is not None:
            units = order(self, units)
        for unit in units:
            moves, struck = 0, False
            for _ in range(self.AI_ACTIONS):
                action = policy.choose(self, unit, moves, struck)
                if action is None or self.over:
                    break
                self._offered(policy, action, player)
                moves += isinstance(action, Move)
                struck = struck or not isinstance(action, (Move, ToggleDoor))
                done = self.apply(action)
                yield Step(done, True)
                if isinstance(done[0], Refused):
                    break
            if self.over:
                return
        yield from self.apply_steps(EndTurn())

    def apply(self, command: str | Action) -> list[Event]:
        """Parse (if text), check and resolve a command; return the events it made.

        A refusal returns a single `Refused` event and changes nothing else.
        """
        return [event for step in self.apply_steps(command) for event in step.events]

    def apply_steps(self, command: str | Action) -> Iterator[Step]:
        """`apply` in parts, so that a screen can show the creatures of a round act one by
        one: an `end` that closes a round gives a part per creature action, then the next
        turn's start; any other command is one part. Run it to its end (the last part is
        `done`): until then the command is neither in the log nor in the journal."""
        is_text = isinstance(command, str)
        try:
            action = parse(command) if is_text else command
            self.admit(action)
            player = self.current
            # The command's dice come from its own stream, keyed by its place in the log.
            done = self._run(action, player, str(len(self.log)))
        except Impossible as refusal:
            event = Refused(command.strip() if is_text else command.notation(), refusal.reason,
                            refusal.message, refusal.fields)
            self.journal.append(event)
            yield Step([event], True)
            return
        parts = self._turn_parts(action, done)
        notation = action.notation()
        events: list[Event] = [CommandIssued(notation, player)]
        said = 0  # the events already given in an earlier part
        for part in parts:  # each part is computed only once the one before was shown
            events += part.events
            if not part.done:
                yield Step(events[said:], False)
                said = len(events)
        events += self._check_game_over()
        self.log.append(notation)
        self.journal.extend(events)
        yield Step(events[said:], True)

    def _turn_parts(self, action: Action, done: list[Event]) -> Iterator[Step]:
        """A command's events, then what its verb does to the turn: one that ends it hands
        it over (`end_turn_parts`: after a round, a part per creature action), its own
        events with the first part."""
        if not action.ends_turn:
            yield Step(done, True)
            return
        for part in self.end_turn_parts():
            yield Step(done + part.events, part.done)
            done = []

    def perform_as_creature(self, action: Action, stream: str) -> list[Event]:
        """Run an AI action for an unowned creature through the same checks, its dice from
        the named stream."""
        outcome = self._run(action, None, stream)
        events: list[Event] = [CommandIssued(action.notation(), None), *outcome]
        events += self._check_game_over()
        return events

    def _offered(self, policy: Policy, action: Action, player: int | None) -> None:
        """Keep the plan the policy checked its choice with (`Policy.plan_of`), for the
        command that runs that very action next: the engine does not check it again."""
        plan_of = getattr(policy, "plan_of", None)
        plan = plan_of(self, action, player) if plan_of is not None else None
        self._chosen = (action, player, plan) if plan is not None else None

    def _run(self, action: Action, player: int | None, stream: str) -> list[Event]:
        """Check, then resolve with what the check found; a refusal raises first, before
        the command's stream of dice begins. The plan a policy checked its choice with,
        in this same state and for this same player, is that check (`_offered`)."""
        chosen, self._chosen = self._chosen, None
        if chosen is not None and chosen[0] is action and chosen[1] == player:
            plan = chosen[2]
        else:
            plan = action.check(self, player)
        self.roller.begin(stream)
        return action.resolve(self, plan)

    def _check_game_over(self) -> list[Event]:
        # Only a unit going down can end the game: skip the count otherwise.
        if self.over or self.casualties == self._casualties_checked:
            return []
        self._casualties_checked = self.casualties
        standing = self.players_standing()
        if len(standing) > 1 or len(standing) == self.starting_sides:
            return []
        self.over = True
        self.winner = standing[0] if standing else None
        return [GameOver(self.winner, self.player(self.winner).name if self.winner else None)]

    def end_turn(self) -> list[Event]:
        """Pass to the next player with characters standing; creatures act after a round."""
        return [event for part in self.end_turn_parts() for event in part.events]

    def end_turn_parts(self) -> Iterator[Step]:
        """`end_turn` in parts: after a round, one per creature action (the phase's
        heading with the first), then, `done`, the next turn's start (or what is left of
        the game's end)."""
        events: list[Event] = []
        order = [p.number for p in self.players]
        standing = set(self.players_standing())
        later = [n for n in order[order.index(self.current) + 1:] if n in standing]
        if later:
            nxt = later[0]
        else:
            # The phase's heading comes with its first event: a round whose creatures all
            # keep to their lairs (behind a closed door) says nothing of them.
            heading = [CreaturePhase(self.round)]
            for part in self.creature_phase_parts():
                if part:
                    part, heading = heading + part, []
                yield Step(events + part, False)
                events = []
            events += self._check_game_over()
            if self.over:
                yield Step(events, True)
                return
            self.round += 1
            standing = set(self.players_standing())
            nxt = next(n for n in order if n in standing)
        self.current = nxt
        events.append(TurnStarted(self.round, nxt, self.player(nxt).name))
        for unit in self.standing():
            if unit.owner == nxt:
                events += self.start_unit_turn(unit)
        yield Step(events, True)

    def acting_creatures(self) -> list[Unit]:
        """The creatures that act after a round: standing, unowned, not held, in scenario
        order."""
        return [c for c in self.units.values() if not (
            c.down or c.is_character or c.owner is not None or c.held)]

    def creature_phase(self) -> list[Event]:
        """Every standing unowned creature, in scenario order, refills its AP and acts."""
        return [event for part in self.creature_phase_parts() for event in part]

    def creature_phase_parts(self) -> Iterator[list[Event]]:
        """`creature_phase` one creature action at a time, each with what came before it
        (its AP refill, effects run out); what follows the last action, if anything, last."""
        events: list[Event] = []
        for creature in self.acting_creatures():
            if creature.down:  # fallen earlier in this phase
                continue
            events += self.start_unit_turn(creature)
            for action in self.creature_turn_parts(creature):
                yield events + action
                events = []
            if self.over:
                break
        if events:
            yield events

    def creature_turn(self, creature: Unit) -> list[Event]:
        """The creatures' policy's choices for one creature, each run as its command,
        until it stops."""
        return [event for part in self.creature_turn_parts(creature) for event in part]

    def creature_turn_parts(self, creature: Unit) -> Iterator[list[Event]]:
        """`creature_turn` one action at a time, each chosen once the one before is done."""
        policy = self.policy_of(None)
        if policy is None:
            return
        moves, struck = 0, False
        # One stream per creature and round, per action: what one creature does never
        # shifts the dice of another.
        step = 0
        while step < self.AI_ACTIONS and \
                (action := policy.choose(self, creature, moves, struck)) is not None:
            moves += isinstance(action, Move)
            struck = struck or not isinstance(action, (Move, ToggleDoor))
            self._offered(policy, action, None)
            try:
                events = self.perform_as_creature(
                    action, f"round {self.round}:{creature.id}:{step}")
            except Impossible:
                break
            yield events
            step += 1

    def start_unit_turn(self, unit: Unit) -> list[Event]:
        """Refill AP (less any AP owed to a counter) and tick the unit's timed effects down,
        removing those at 0."""
        events: list[Event] = []
        unit.ap = self.refill(unit)
        if unit.ap_owed:
            events.append(OwedApPaid(unit.id, unit.ap_owed, unit.ap))
            unit.ap_owed = 0
        for effect in list(unit.effects):
            effect.turns -= 1
            if effect.turns <= 0:
                unit.effects.remove(effect)
                events.append(EffectExpired(unit.id, effect.source, effect.stat))
        return events
