"""P(a target is down by the end of a unit's turn), exact: for one action repeated while the
unit can, and for the best sequence of its whole turn (walks, blows, spells, items, in any
order, each chosen knowing how the previous ones fell).

Both are chains over the states the engine's own outcomes lead to (`branches.outcomes`:
the action's `resolve` played once per class of rolls), so whatever a blow leaves for the
next — an on-hit effect on the target, a reflected spell on the caster, AP drained, an
ally of the target downed by an area — is in the state the next plan is checked in. The
best sequence is an expectimax: in each state, the action whose outcomes give the highest
P(down) from there on, or stopping.

What the best turn tries, in each state: every attack (each weapon, bare hands), harmful
spell and item on the target; every buff and item on the unit itself; a walk to each
square from which something can reach the target. It opens no door and takes no other
foe on (an area aimed at the target still touches whom it touches). Statistics aside
(`branches.kept`), the game is left as it was.
"""

from __future__ import annotations

from fractions import Fraction

import msgspec

from game.rules.actions import Action, Move, fmt_pos
from game.rules.branches import State, TooManyOutcomes, capture, kept, outcomes, restore
from game.rules.errors import Impossible
from game.rules.legal import options_against, reachable_squares, standing_at
from game.rules.state import GameState
from game.rules.units import Unit

ZERO, ONE = Fraction(0), Fraction(1)

#: The most `resolve` runs one question may cost (some tens of seconds): beyond, no answer
#: rather than a wait without end.
RESOLVE_BUDGET = 400_000

#: The spell kinds and item uses the best turn tries on the target, and on the unit itself.
ON_TARGET = frozenset({"damage", "debuff"})
ON_SELF = frozenset({"buff"})


class TooLarge(Exception):
    """The chain would need more than `RESOLVE_BUDGET` runs of the engine."""


class Step(msgspec.Struct, frozen=True):
    """One step of the best turn's main line."""

    action: Action


class Square(msgspec.Struct, frozen=True):
    """A square the unit can walk to: the walk's AP, P(down this turn) repeating the chosen
    action from there, and with the best turn from there (walking on allowed)."""

    square: tuple[int, int]
    cost: int
    repeated: Fraction | None
    best: Fraction


class TurnChain:
    """The chains of one unit's turn against one target, from the game's present state.

    Every value is memoised by state, so asking for the best turn, the chosen action
    repeated and each square's figures shares the work. Three facts of the engine keep the
    chain small:

    - a check depends on the unit's AP only through whether they pay the plan's cost (the
      checks refuse `ap < cost` and read AP nowhere else): a plan is checked once per
      square and state of the rest of the game, with AP to spare, and is possible with any
      AP that pays its `ap_cost`;
    - what an action's outcomes do is a function of its plan and of the state apart from
      the unit's square and AP: they are played once per plan and state, and the AP they
      spend carried over to any other AP the unit has there;
    - a walk costs what `legal.reachable_squares` says and changes nothing but the unit's
      square and AP (the first walk of each chain is played by the engine to make sure).

    Two walks in a row are never better than one (a shortest path is never longer than
    two), and more AP is never worse: after a walk, the best turn acts or stops.
    """

    def __init__(self, game: GameState, actor_id: str, target_id: str,
                 budget: int = RESOLVE_BUDGET) -> None:
        self.game = game
        self.actor = game.units[actor_id]
        self.target = game.units[target_id]
        self.player = self.actor.owner
        self.budget = budget
        self.runs = 0
        units = list(game.units.values())
        self._a = units.index(self.actor)
        self._t = units.index(self.target)
        # XP counts only through a level, and a level only through a spell's range: the
        # units whose spells reach farther with levels keep their XP in the state's key.
        spells = game.content.spells
        self._xp_matters = [any(len(set(spells[s].range)) > 1 for s in u.spells)
                            for u in units]
        self.start = capture(game)
        self._plans: dict = {}
        self._moves: dict = {}
        self._trans: dict = {}
        self._act: dict = {}
        self._best: dict = {}
        self._choice: dict = {}
        self._repeat: dict = {}
        self.actions = self._actions()
        self.squares = self._useful_squares()
        self._useful = frozenset(self.squares)
        self._walk_checked = False

    # --- what the unit may do -----------------------------------------------------------

    def _actions(self) -> list[Action]:
        """The actions tried in every state (walks apart), in a fixed order."""
        game, actor, target = self.game, self.actor, self.target
        spells = game.content.spells
        found: dict[str, Action] = {}
        for option in options_against(game, actor.id, target.pos):
            if option.kind == "spell" and spells[option.action.spell].kind not in ON_TARGET:
                continue
            found.setdefault(option.command, option.action)
        for option in options_against(game, actor.id, actor.pos):
            if option.kind == "spell" and spells[option.action.spell].kind not in ON_SELF:
                continue
            if option.kind in ("spell", "item"):
                found.setdefault(option.command, option.action)
        return list(found.values())

    def _useful_squares(self) -> list[tuple[int, int]]:
        """The squares within the unit's walk from which one of its actions on the target
        is possible (with the AP it has now): the only walks worth their AP."""
        game, actor = self.game, self.actor
        on_target = [a for a in self.actions
                     if getattr(a, "target", None) == self.target.id]
        found = []
        for square in reachable_squares(game, actor.id):
            with standing_at(actor, square, actor.ap):
                for action in on_target:
                    try:
                        action.check(game, self.player)
                    except Impossible:
                        continue
                    found.append(square)
                    break
        return sorted(found, key=lambda p: (p[1], p[0]))

    # --- states -------------------------------------------------------------------------

    def _rest(self, state: State):
        """The state but the unit's square and AP (XP left out where it cannot count)."""
        parts = []
        for i, part in enumerate(state[:-1]):
            if not self._xp_matters[i]:
                part = part[:4] + (None, None) + part[6:]
            if i == self._a:
                part = (None, None) + part[2:]
            parts.append(part)
        return (*parts, state[-1])

    def key(self, state: State):
        actor = state[self._a]
        return actor[0], actor[2], self._rest(state)

    def _ended(self, state: State) -> Fraction | None:
        if state[self._t][6]:
            return ONE
        if state[self._a][6]:
            return ZERO
        return None

    def _with(self, state: State, pos, ap) -> State:
        actor = state[self._a]
        parts = list(state)
        parts[self._a] = (pos, actor[1], ap) + actor[3:]
        return tuple(parts)

    def _spend(self, runs: int) -> None:
        self.runs += runs
        if self.runs > self.budget:
            raise TooLarge

    def _plan(self, state: State, action: Action):
        """The plan of `action` in `state` whatever the unit's AP (None: refused there)."""
        pos, _, rest = self.key(state)
        memo = (pos, rest, action)
        if memo not in self._plans:
            restore(self.game, state)
            self.actor.ap = SPARE_AP
            try:
                self._plans[memo] = action.check(self.game, self.player)
            except Impossible:
                self._plans[memo] = None
            self._spend(1)
        return self._plans[memo]

    def _outcomes(self, state: State, action: Action, plan):
        """(probability, next state) of each outcome of a possible action."""
        memo = (signature(plan), self._rest(state))
        found = self._trans.get(memo)
        pos, ap = state[self._a][0], state[self._a][2]
        if found is None:
            restore(self.game, state)
            try:
                played = outcomes(self.game, action, self.player,
                                  budget=self.budget - self.runs)
            except TooManyOutcomes:
                raise TooLarge from None
            self._spend(len(played))
            found = [(w, s, s[self._a][0], s[self._a][2] - ap) for w, s in played]
            self._trans[memo] = found
            if any(at != pos for _, _, at, _ in found):
                # It moved the unit: carried over only to the very same square.
                self._trans[memo] = None
                return [(w, s) for w, s, _, _ in found]
        return [(w, self._with(s, pos, ap + spent)) for w, s, _, spent in found]

    def _costs(self, state: State) -> list[tuple[int, tuple[int, int]]]:
        """The AP of a walk from where the unit stands to each useful square it reaches
        (`legal.reachable_squares`, with the AP it had at the start: it never has more)."""
        here = state[self._a][0]
        where = tuple((p[0], p[6]) for i, p in enumerate(state[:-1]) if i != self._a)
        memo = (here, where)
        if memo not in self._moves:
            restore(self.game, state)
            self.actor.ap = self.start[self._a][2]
            reach = reachable_squares(self.game, self.actor.id)
            self._moves[memo] = sorted(((cost, square) for square, cost in reach.items()
                                        if square in self._useful),
                                       key=lambda cs: (cs[0], cs[1][1], cs[1][0]))
            self._spend(1)
        return self._moves[memo]

    def _walk(self, state: State, square, cost: int) -> State:
        """The state after walking to `square` for `cost` AP. The first walk is played
        by the engine (`Move`) and must leave just that: its square and AP spent."""
        after = self._with(state, square, state[self._a][2] - cost)
        if not self._walk_checked:
            restore(self.game, state)
            [(_, played)] = outcomes(self.game, Move(self.actor.id, square), self.player)
            if played != after:
                raise AssertionError(f"a walk to {fmt_pos(square)} left another state "
                                     "than its square and cost")
            self._walk_checked = True
        return after

    # --- the chains ---------------------------------------------------------------------

    def _value(self, state: State, action: Action, then) -> Fraction | None:
        """P(down) playing `action` in `state`, then `then` from each outcome (None: the
        action is not possible there)."""
        plan = self._plan(state, action)
        if plan is None or plan.ap_cost > state[self._a][2]:
            return None
        return sum((w * then(s) for w, s in self._outcomes(state, action, plan)), ZERO)

    def repeated(self, action: Action, state: State | None = None) -> Fraction:
        """P(the target is down) repeating `action` while the rules allow it."""
        state = self.start if state is None else state
        ended = self._ended(state)
        if ended is not None:
            return ended
        key = (self.key(state), action)
        if key not in self._repeat:
            self._repeat[key] = ZERO  # a state never leads back to itself; guard all the same
            value = self._value(state, action, lambda s: self.repeated(action, s))
            self._repeat[key] = value or ZERO
        return self._repeat[key]

    def acting(self, state: State) -> Fraction:
        """P(down) of the best turn that starts with an action here (or stops)."""
        ended = self._ended(state)
        if ended is not None:
            return ended
        key = self.key(state)
        if key not in self._act:
            self._act[key] = ZERO
            value, choice = ZERO, None
            for action in self.actions:
                v = self._value(state, action, self.best)
                if v is not None and v > value:
                    value, choice = v, action
            self._act[key] = value
            self._choice[("act", key)] = choice
        return self._act[key]

    def best(self, state: State | None = None) -> Fraction:
        """P(the target is down) playing the best sequence from `state` to the turn's end."""
        state = self.start if state is None else state
        ended = self._ended(state)
        if ended is not None:
            return ended
        key = self.key(state)
        if key not in self._best:
            self._best[key] = ZERO
            value, choice = self.acting(state), None
            here, ap, rest = key
            # The nearest squares first: of equal odds, the shorter walk is kept.
            for cost, square in self._costs(state):
                if cost > ap:
                    break
                if square == here:
                    continue
                v = self._act.get((square, ap - cost, rest))
                if v is None:
                    v = self.acting(self._walk(state, square, cost))
                if v > value:
                    value, choice = v, (square, cost)
            self._best[key] = value
            self._choice[("best", key)] = choice
        return self._best[key]

    def walked(self, square: tuple[int, int]) -> State:
        """The state after walking to `square` from the start (Impossible if it cannot)."""
        if square == self.start[self._a][0]:
            return self.start
        restore(self.game, self.start)
        plan = Move(self.actor.id, square).check(self.game, self.player)  # or its refusal
        return self._walk(self.start, square, plan.ap_cost)

    def next_action(self, state: State | None = None) -> Action | None:
        """The best turn's choice in `state` (a walk, an action; None: stop)."""
        state = self.start if state is None else state
        if self._ended(state) is not None:
            return None
        self.best(state)
        key = self.key(state)
        choice = self._choice.get(("best", key))
        if choice is None:
            return self._choice.get(("act", key))
        return Move(self.actor.id, choice[0])

    def line(self, limit: int = 40) -> list[Step]:
        """The best turn's main line: its choice in each state, following the likeliest
        outcome that leaves the target standing (the turn adapts to the dice; this is
        what it does while the target holds)."""
        steps: list[Step] = []
        state = self.start
        for _ in range(limit):
            choice = self.next_action(state)
            if choice is None:
                break
            steps.append(Step(choice))
            if isinstance(choice, Move):
                cost = dict((sq, c) for c, sq in self._costs(state))[choice.to]
                state = self._walk(state, choice.to, cost)
                continue
            found = self._outcomes(state, choice, self._plan(state, choice))
            standing = [(w, s) for w, s in found if self._ended(s) is None]
            if not standing:
                break
            _, state = max(standing, key=lambda ws: ws[0])
        return steps


#: The AP a unit is supposed to have when a plan is checked whatever its AP.
SPARE_AP = 1_000_000


def signature(plan) -> bytes:
    """What an outcome of a plan can depend on, the units apart (their state is the
    chain's): the plan's numbers, terms and ids."""
    fields = {}
    for name in plan.__struct_fields__:
        value = getattr(plan, name)
        if isinstance(value, Unit):
            value = value.id
        elif name == "targets":
            value = [(t.unit.id, t.counter, t.drain, t.reduction_terms) for t in value]
        fields[name] = value
    return msgspec.msgpack.encode([type(plan).__name__, fields])


def repeated_down(game: GameState, action: Action, actor_id: str, target_id: str,
                  budget: int = RESOLVE_BUDGET) -> Fraction | None:
    """P(the target is down) if the actor repeats `action` while it can, exact; None when
    the chain is too large (`RESOLVE_BUDGET`)."""
    with kept(game):
        try:
            return TurnChain(game, actor_id, target_id, budget).repeated(action)
        except TooLarge:
            return None


class TurnOdds(msgspec.Struct, frozen=True):
    """The whole turn's odds: P(down) of the best turn and its main line, the chosen action
    repeated, and each square the unit can walk to, best first; `runs`: the engine's
    resolutions and checks it took."""

    best: Fraction
    line: tuple[Step, ...]
    squares: tuple[Square, ...]
    repeated: Fraction | None
    runs: int


def turn_odds(game: GameState, actor_id: str, target_id: str, action: Action | None = None,
              squares: bool = False, budget: int = RESOLVE_BUDGET) -> TurnOdds | None:
    """The best turn from the present state (and `action` repeated, and each reachable
    square's figures when `squares`); None when too large to compute exactly."""
    with kept(game):
        try:
            here = game.units[actor_id].pos
            reach = {here: 0, **reachable_squares(game, actor_id)} if squares else {}
            chain = TurnChain(game, actor_id, target_id, budget)
            best = chain.best()
            line = tuple(chain.line())
            repeated = chain.repeated(action) if action is not None else None
            ranked = []
            if squares:
                for square, cost in reach.items():
                    state = chain.walked(square)
                    ranked.append(Square(square, cost,
                                         chain.repeated(action, state) if action else None,
                                         chain.best(state)))
                ranked.sort(key=lambda s: (-s.best, -(s.repeated or 0), s.cost,
                                           s.square[1], s.square[0]))
            return TurnOdds(best, line, tuple(ranked), repeated, chain.runs)
        except TooLarge:
            return None

