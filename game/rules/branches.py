"""Every way one action can turn out, each with its exact probability and the state it
leaves: the action's own `resolve`, run once per outcome under a scripted roller.

The odds of one plan (`odds.of`) are read from the plan alone. A sequence of actions needs
more: a hit lays an on-hit effect that the next blow's plan reads, a counter drains AP, a
reflected spell hurts its caster, an area's value is rolled once for every target, a unit
downed by an area no longer helps its faction's next counter. Rather than restate any of
that, the engine plays each outcome itself: the one injected roller is swapped for one that
serves chosen results, and the state the run leaves is read back, then put back.

Outcomes are classes of rolls, never a sample. A percentile check's result counts only
through success and perfect (`actions.roll_check`, the one place that compares), so the
100 faces of a d100 fall in at most three runs of faces (perfect, plain success, failure),
each played once with its first face. Dice rolled together for one total
(`Roller.roll_together`, a damage roll) count only through their sum, each sum played
once; a single expression (a spell's value) by its total. A class weighs its share of the
faces, exactly (fractions).

Each run ends in one leaf, so an action costs one `resolve` per distinct outcome class
(about 30 for a sword blow with a perfect die). Nothing here changes the game: every
run starts from the same captured state, and the caller's state is put back.
"""

from __future__ import annotations

import copy
from contextlib import contextmanager
from fractions import Fraction
from typing import Iterator

from game.rules.actions import Action
from game.rules.dice import Dice, DiceRoll, Roller
from game.rules.events import Roll
from game.rules.odds import convolve, dice_dist, point
from game.rules.sources import Sources
from game.rules.state import GameState
from game.rules.units import Effect, Unit

#: A unit's part of a state: what an action may change that a later rule may read.
#: (Statistics are only counts for the players: `kept` puts them back, no state holds them.)
UnitState = tuple
#: The whole state: each unit's part in the game's order, then the casualties count.
State = tuple


def unit_state(unit: Unit) -> UnitState:
    return (unit.pos, unit.hp, unit.ap, unit.ap_owed, unit.xp, unit.level, unit.down,
            unit.held, tuple((e.source, e.stat, e.amount, e.turns, e.origin)
                             for e in unit.effects),
            tuple(unit.items.items()))


def capture(game: GameState) -> State:
    """The state an action may change, as a hashable value."""
    return (*(unit_state(u) for u in game.units.values()), game.casualties)


def restore(game: GameState, state: State) -> None:
    """Put a captured state back (the same unit objects: plans refer to them)."""
    for unit, part in zip(game.units.values(), state):
        (unit.pos, unit.hp, unit.ap, unit.ap_owed, unit.xp, unit.level, unit.down,
         unit.held, effects, items) = part
        unit.effects = [Effect(*e) for e in effects]
        unit.items = dict(items)
    game.casualties = state[-1]


@contextmanager
def kept(game: GameState) -> Iterator[None]:
    """Whatever is played inside, the game is as it was afterwards: the captured state,
    every unit's statistics, the roller."""
    state, roller = capture(game), game.roller
    stats = {uid: copy.copy(u.stats) for uid, u in game.units.items()}
    try:
        yield
    finally:
        game.roller = roller
        restore(game, state)
        for uid, unit in game.units.items():
            unit.stats = stats[uid]


def percentile_classes(chance: int, perfect_below: int) -> list[tuple[int, Fraction]]:
    """The runs of d100 faces a check cannot tell apart (success iff roll <= chance,
    perfect iff also roll < perfect_below): each run's first face and its share of 100,
    the run starting at 1 first."""
    fail = min(101, max(1, chance + 1))  # the first face that fails
    cuts = sorted({1, 101, fail, min(fail, max(1, perfect_below))})
    return [(low, Fraction(high - low, 100)) for low, high in zip(cuts, cuts[1:])]


def total_classes(parts: list[Dice]) -> list[tuple[int, Fraction]]:
    """Each total dice rolled together can sum to, with its probability, least first."""
    dist = point(0)
    for dice in parts:
        dist = convolve(dist, dice_dist(dice))
    return dist.items()


def faces_for(dice: Dice, total: int) -> tuple[int, ...]:
    """Faces of `dice` that give `total` (the lowest faces first)."""
    need = dice.sign * total - dice.modifier  # the sum of the faces
    faces = []
    for left in range(dice.count, 0, -1):
        face = max(1, min(dice.sides, need - (left - 1)))
        faces.append(face)
        need -= face
    return tuple(faces)


def split_total(parts: list[Dice], total: int) -> list[int]:
    """Totals for each expression summing to `total`, each within its own range."""
    ranges = [(min(dice_dist(d).weights), max(dice_dist(d).weights)) for d in parts]
    chosen = [low for low, _ in ranges]
    extra = total - sum(chosen)
    for i, (low, high) in enumerate(ranges):
        step = min(extra, high - low)
        chosen[i] += step
        extra -= step
    return chosen


class ScriptedRoller(Roller):
    """Serves the k-th random call the k-th result of its script (a d100 face, or a total
    of dice rolled together), then the least result of each later call; records each
    call's kind so the caller learns what the next branch point is."""

    def __init__(self, script: tuple[int, ...]) -> None:
        self.seed, self.streams, self.stream = 0, True, ""
        self.script = script
        self.calls: list[tuple[Dice, ...] | None] = []  # None: a d100
        self.forced = ()

    def _next(self, kind):
        k = len(self.calls)
        self.calls.append(kind)
        return self.script[k] if k < len(self.script) else None

    def d100(self) -> tuple[int, bool]:
        value = self._next(None)
        return (1 if value is None else value), False

    def roll(self, dice: Dice, label: str = "", rule: str = "",
             origin: Sources = ()) -> DiceRoll:
        return self.roll_together([(dice, label, rule, origin)])[0]

    def roll_together(self, parts) -> list[DiceRoll]:
        dice = tuple(p[0] for p in parts)
        total = self._next(dice)
        if total is None:
            total = _least(dice)
        out = []
        for (expr, label, rule, origin), part in zip(parts, split_total(list(dice), total)):
            out.append(DiceRoll(label, str(expr), faces_for(expr, part), part, rule, origin))
        return out

    def begin(self, key: str) -> None:  # one script, whatever the stream
        pass


class TooManyOutcomes(Exception):
    """More outcome classes than the caller's budget allows."""


def outcomes(game: GameState, action: Action, player: int | None,
             budget: int | None = None) -> list[tuple[Fraction, State]]:
    """Every outcome class of `action` from the present state: (probability, the state it
    leaves), states that coincide merged, the probabilities summing to 1. Raises
    `Impossible` (the check's refusal) before anything runs, `TooManyOutcomes` beyond
    `budget` runs. The game is left as it was."""
    plan = action.check(game, player)
    start = capture(game)
    found: dict[State, Fraction] = {}
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    runs = 0
    with kept(game):
        while stack:
            script, weight = stack.pop()
            runs += 1
            if budget is not None and runs > budget:
                raise TooManyOutcomes(runs)
            scripted = ScriptedRoller(script)
            game.roller = scripted
            events = action.resolve(game, plan)
            checks = [e for e in events if isinstance(e, Roll)]
            d100s = 0
            # The calls the script did not decide took their first class: this run is the
            # leaf of those; each other class of each such call is a branch still to run.
            for k, kind in enumerate(scripted.calls):
                if kind is None:
                    check = checks[d100s]
                    d100s += 1
                    if k < len(script):
                        continue
                    classes = percentile_classes(check.chance, check.perfect_below)
                else:
                    if k < len(script):
                        continue
                    classes = total_classes(list(kind))
                prefix = script + tuple(_least(scripted.calls[j])
                                        for j in range(len(script), k))
                for value, share in classes[1:]:
                    stack.append((prefix + (value,), weight * share))
                weight *= classes[0][1]
            if d100s != len(checks):
                raise AssertionError("a percentile roll that is not a check's")
            state = capture(game)
            found[state] = found.get(state, 0) + weight
            restore(game, start)
    return [(weight, state) for state, weight in found.items()]


def _least(kind) -> int:
    """The value a call takes when the script does not decide it: a d100's first face
    (1), the least total of dice."""
    if kind is None:
        return 1
    return sum(min(dice_dist(d).weights) for d in kind)
