"""The exact win probability of a duel of two units that only attack: a Markov chain over
both units' HP (and AP, positions, whose turn), each attack's outcomes read from the exact
odds of its plan (`odds.of`), each choice asked of the same AI that plays the simulation.

Exact in the sense of not sampled: the chain's probabilities are those of the odds (floats
for speed; the odds themselves are fractions). A duel with a spell is not a chain over HP
alone (effects, drained AP, reflected damage): `exact_duel` returns None for it.

The chain is laid out as a control state (round, mover, squares, AP, the mover's walks
and strikes this turn) holding a grid of probabilities over both units' HP (NumPy): an
attack moves a whole grid at once through its damage's transfer matrix, and the AI is
asked once per decision it can tell apart — per target HP only, when its policy says that
its own HP, its walks beyond the first or its strikes do not change its choice. Every
move within a turn spends AP, so the control states are taken in order of (round,
mover, AP left) and each is done once, with all its probability in.
"""

from __future__ import annotations

import heapq
import itertools

import numpy as np

from game.lab.runs import Setup, duel_seats, new_game
from game.rules import odds
from game.rules.actions import Attack, Move


class NotAttackOnly(Exception):
    """The duel's AI did something other than move or attack."""


class TooManyDecisions(Exception):
    """The chain needs more of the AI's decisions than `MOST_DECISIONS`."""


#: The most distinct decisions the chain asks of the AI (a few seconds of the tactician,
#: which reads both units' HP, the round and its walks): beyond, no exact answer is given
#: rather than a wait of minutes.
MOST_DECISIONS = 3000


def exact_duel(setup: Setup, first_strike: int) -> float | None:
    """P(the setup's first template wins) when `first_strike` (0 or 1) says who acts
    first; None when the duel is not two units that only attack (no spells, no items, no
    weapon with an on-hit effect), or when its chain would need more than `MOST_DECISIONS`
    of the AI's decisions."""
    game, _ = new_game(setup, first_strike, 0)
    weapons = game.content.weapons
    # The chain follows HP, AP and places only: spells, items and on-hit effects change
    # chances or damage part-way through, which it does not track.
    if any(u.spells or getattr(u, "items", None)
           or any(weapons[w].on_hit is not None for w in u.weapons)
           for u in game.units.values()):
        return None
    try:
        wins1, wins2, _draws = _chain(game, setup)
    except (NotAttackOnly, TooManyDecisions):
        return None
    # u1 acts first: the first template when it strikes first, or when it is the only
    # character against a creature.
    return wins1 if duel_seats(setup, first_strike)[0] == 1 else wins2


class _Reads:
    """What one side's policy says its choices read (`game.rules.policy.Policy`); a
    policy that says nothing reads everything."""

    def __init__(self, policy, unit) -> None:
        self.policy = policy
        self.rounds = getattr(policy, "round_matters_until", None)
        self.walks = getattr(policy, "walks_matter_until", None)
        self.struck = getattr(policy, "reads_struck", True)
        reads_own_hp = getattr(policy, "reads_own_hp", None)
        self.own_hp = True if reads_own_hp is None else bool(reads_own_hp(unit))

    def turn(self, walks: int, struck: bool) -> tuple[int, bool]:
        """The walks and strikes of a turn as far as they change its choices."""
        return (walks if self.walks is None else min(walks, self.walks),
                struck and self.struck)


def _transfer(damage: tuple[tuple[int, float], ...], hp_max: int) -> tuple[np.ndarray,
                                                                          np.ndarray]:
    """An attack's damage as a matrix over the target's HP (row: before, column: after,
    while it stands) and the vector of P(it downs the target) from each HP."""
    moves = np.zeros((hp_max + 1, hp_max + 1))
    downs = np.zeros(hp_max + 1)
    for hp in range(1, hp_max + 1):
        for amount, q in damage:
            left = hp - amount
            if left <= 0:
                downs[hp] += q
            else:
                moves[hp, left] += q
    return moves, downs


#: Beyond this many HP of the target, an attack moves a grid by one shifted slice per
#: damage value rather than by its transfer matrix (whose product costs HP³).
SHIFT_FROM_HP = 48


def _strike(part: np.ndarray, axis: int, damage, moves: np.ndarray,
            downs: np.ndarray) -> tuple[np.ndarray, float]:
    """A grid after an attack along the target's axis, and the probability it downs it."""
    down = float(part.sum(axis=0) @ downs) if axis == 1 else float(downs @ part.sum(axis=1))
    hp_max = part.shape[axis] - 1
    if hp_max < SHIFT_FROM_HP:
        return (part @ moves if axis == 1 else moves.T @ part), down
    # Along axis 1 (the target is player 2); player 1's HP run along axis 0.
    view = part if axis == 1 else part.T
    after = np.zeros_like(view)
    for amount, q in damage:
        if amount < hp_max:
            after[:, 1:hp_max + 1 - amount] += q * view[:, amount + 1:]
    return (after if axis == 1 else after.T), down


def _chain(game, setup: Setup) -> tuple[float, float, float]:
    """P(player 1 wins), P(player 2 wins), P(draw at the round limit)."""
    u1, u2 = game.units["u1"], game.units["u2"]
    units = {1: u1, 2: u2}
    # A wild creature (a duel against a character) plays the creatures' policy, on no
    # player's behalf, while the turn is still the last player's.
    reads = {m: _Reads(game.policy_of(game.ai_players.get(units[m].owner)), units[m])
             for m in (1, 2)}
    acting = {m: units[m].owner for m in (1, 2)}
    turn_of = {m: units[m].owner or game.players[-1].number for m in (1, 2)}
    decide: dict = {}
    # The odds share one damage distribution between the plans that deal it alike (the
    # same dice, chances and reduction): each is turned into floats once. A distribution
    # is kept beside its floats, so that its id stays its own.
    floats: dict = {}

    def in_floats(damage) -> tuple[tuple[int, float], ...]:
        found = floats.get(id(damage))
        if found is None:
            found = floats[id(damage)] = (damage, tuple((v, float(p)) for v, p in
                                                        damage.items() if p))
        return found[1]

    def options(rnd: int, mover: int, mine, theirs, hp_target: int, hp_own: int | None,
                ap: int, moved: tuple[int, bool]):
        # The AI's choice reads both units' HP (P(down), wounded focus, the risk of
        # staying), its own AP, its walks this turn, the positions and the round (how
        # patient the tactician still is): each as far as its policy says it does
        # (`hp_own` None: it does not read its own HP).
        read = reads[mover]
        horizon = read.rounds
        key = (rnd if horizon is None else min(rnd, horizon), mover, mine, theirs, hp_target,
               hp_own, ap, moved)
        if key not in decide:
            if len(decide) >= MOST_DECISIONS:
                raise TooManyDecisions
            me, foe = (u1, u2) if mover == 1 else (u2, u1)
            me.pos, foe.pos = mine, theirs
            me.ap, foe.hp = ap, hp_target
            me.hp = me.hp_max if hp_own is None else hp_own
            game.current, game.round = turn_of[mover], rnd
            action = read.policy.choose(game, me, *moved)
            if action is None:
                decide[key] = ("end",)
            elif isinstance(action, Move):
                plan = action.check(game, acting[mover])
                decide[key] = ("move", action.to, plan.ap_cost)
            elif isinstance(action, Attack):
                plan = action.check(game, acting[mover])
                decide[key] = ("attack", plan.ap_cost, in_floats(odds.attack_damage(plan)))
            else:
                raise NotAttackOnly(action.notation())
        return decide[key]

    # Per control state (its round as far as the mover's policy reads it): the choice for
    # each HP cell asked so far, as groups of cells, reused while no new HP turns up.
    known: dict = {}

    def grouping(key, grid: np.ndarray, read: _Reads, mine, theirs) -> list:
        rnd, mover, _p1, _p2, ap, moved = key
        axis = 1 if mover == 1 else 0
        short = (rnd if read.rounds is None else min(rnd, read.rounds),) + key[1:]
        seen = known.get(short)
        if seen is not None and seen[2]:
            return seen[1]  # asked already for every HP
        # The cells that have probability: target HP only, or both HP.
        needed = np.nonzero(grid) if read.own_hp else np.nonzero(grid.any(axis=1 - axis))[0]
        if seen is not None and seen[0][needed].all():
            return seen[1]
        asked = np.zeros(grid.shape if read.own_hp else grid.shape[axis], dtype=bool)
        choices: dict = {}
        cells = zip(*needed) if read.own_hp else ((h,) for h in needed)
        if seen is not None:
            asked |= seen[0]
            cells = list(cells) + list(zip(*np.nonzero(seen[0])))
        for cell in cells:
            cell = tuple(int(c) for c in cell)
            if read.own_hp:
                h1, h2 = cell
                target, own = (h2, h1) if mover == 1 else (h1, h2)
            else:
                target, own = cell[0], None
            choice = options(rnd, mover, mine, theirs, target, own, ap, moved)
            choices.setdefault(choice, set()).add(cell)
            asked[cell] = True
        groups = []
        for choice, where in choices.items():
            mask = np.zeros(asked.shape, dtype=bool)
            mask[tuple(zip(*where))] = True
            if not read.own_hp:
                # The mask over the target's HP, across the grid.
                mask = mask[None, :] if axis == 1 else mask[:, None]
            groups.append((choice, None if len(choices) == 1 else mask))
        # Nobody stands at 0 HP: every HP asked once every HP from 1 up is.
        everything = asked[1:, 1:] if read.own_hp else asked[1:]
        known[short] = (asked, groups, bool(everything.all()))
        return groups

    transfers: dict = {}
    grids: dict = {}
    queue: list = []
    order = itertools.count()
    wins = {1: 0.0, 2: 0.0}
    draws = 0.0

    def add(key, grid: np.ndarray) -> None:
        # `grid` is the caller's to give: a new array, or the one it took off `grids`.
        if key in grids:
            grids[key] += grid
            return
        grids[key] = grid
        rnd, mover, _p1, _p2, ap = key[:5]
        # Every step within a turn spends AP; a turn's end passes to the next mover.
        heapq.heappush(queue, (rnd, mover, -ap, next(order), key))

    # control state: (round, mover, pos of u1, pos of u2, AP of mover, (walks, struck))
    start = np.zeros((u1.hp_max + 1, u2.hp_max + 1))
    start[u1.hp_max, u2.hp_max] = 1.0
    add((1, 1, u1.pos, u2.pos, u1.ap_max, reads[1].turn(0, False)), start)
    while queue:
        *_, key = heapq.heappop(queue)
        grid = grids.pop(key)
        rnd, mover, pos1, pos2, ap, moved = key
        read = reads[mover]
        mine, theirs = (pos1, pos2) if mover == 1 else (pos2, pos1)
        # The target's HP run along axis 1 when player 1 moves, axis 0 otherwise.
        axis = 1 if mover == 1 else 0
        groups = grouping(key, grid, read, mine, theirs)
        for choice, mask in groups:
            part = grid if mask is None else grid * mask
            if choice[0] == "end":
                later = rnd + 1 if mover == 2 else rnd
                if later > setup.rounds:
                    draws += float(part.sum())
                    continue
                other = 2 if mover == 1 else 1
                add((later, other, pos1, pos2, units[other].ap_max, reads[other].turn(0, False)),
                    part)
            elif choice[0] == "move":
                to, cost = choice[1], choice[2]
                new1, new2 = (to, pos2) if mover == 1 else (pos1, to)
                add((rnd, mover, new1, new2, ap - cost, read.turn(moved[0] + 1, moved[1])), part)
            else:
                _, cost, damage = choice
                foe = units[2 if mover == 1 else 1]
                found = transfers.get((damage, foe.hp_max))
                if found is None:
                    found = transfers[damage, foe.hp_max] = _transfer(damage, foe.hp_max)
                moves, downs = found
                after, down = _strike(part, axis, damage, moves, downs)
                wins[mover] += down
                add((rnd, mover, pos1, pos2, ap - cost, read.turn(moved[0], True)), after)
    return wins[1], wins[2], draws


def exact_win_rate(setup: Setup, runs: int) -> float | None:
    """The exact P(first template wins) over `runs` duels with first strike alternating
    (run i: the first template strikes first when i is even)."""
    if setup.kind != "duel" or runs == 0:
        return None
    first = exact_duel(setup, 0)
    second = exact_duel(setup, 1)
    if first is None or second is None:
        return None
    even = (runs + 1) // 2
    return (first * even + second * (runs - even)) / runs
