"""The exact win probability of a duel of two units that only attack: a Markov chain over
both units' HP (and AP, positions, whose turn), each attack's outcomes read from the exact
odds of its plan (`odds.of`), each choice asked of the same AI that plays the simulation.

Exact in the sense of not sampled: the chain's probabilities are those of the odds (floats
for speed; the odds themselves are fractions). A duel with a spell is not a chain over HP
alone (effects, drained AP, reflected damage): `exact_duel` returns None for it.
"""

from __future__ import annotations

from game.lab.runs import Setup, new_game
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
    # The first template plays player 1 when it strikes first, else player 2.
    return wins1 if first_strike == 0 else wins2


def _chain(game, setup: Setup) -> tuple[float, float, float]:
    """P(player 1 wins), P(player 2 wins), P(draw at the round limit), by forward
    propagation of the distribution over states."""
    u1, u2 = game.units["u1"], game.units["u2"]
    decide: dict = {}

    def options(rnd: int, mover: int, mine, theirs, hp_target: int, hp_own: int, ap: int,
                moved: tuple[int, bool]):
        # The AI's choice reads both units' HP (P(down), wounded focus, the risk of
        # staying), its own AP, its walks this turn, the positions and the round (how
        # patient the tactician still is).
        policy = game.policy_of(game.ai_players[mover])
        # A policy that says from which round on the round no longer matters shares its
        # decisions between the later rounds.
        horizon = getattr(policy, "round_matters_until", None)
        key = (rnd if horizon is None else min(rnd, horizon), mover, mine, theirs, hp_target,
               hp_own, ap, moved)
        if key not in decide:
            if len(decide) >= MOST_DECISIONS:
                raise TooManyDecisions
            me, foe = (u1, u2) if mover == 1 else (u2, u1)
            me.pos, foe.pos = mine, theirs
            me.ap, foe.hp, me.hp = ap, hp_target, hp_own
            game.current, game.round = mover, rnd
            action = policy.choose(game, me, *moved)
            if action is None:
                decide[key] = ("end",)
            elif isinstance(action, Move):
                plan = action.check(game, mover)
                decide[key] = ("move", action.to, plan.ap_cost)
            elif isinstance(action, Attack):
                plan = action.check(game, mover)
                o = odds.of(plan)
                decide[key] = ("attack", plan.ap_cost,
                               [(v, float(p)) for v, p in o.damage if p])
            else:
                raise NotAttackOnly(action.notation())
        return decide[key]

    # state: (round, mover, pos of u1, pos of u2, hp1, hp2, ap of mover,
    #         (walks this turn, struck this turn))
    start = (1, 1, u1.pos, u2.pos, u1.hp_max, u2.hp_max, u1.ap_max, (0, False))
    frontier = {start: 1.0}
    wins1 = wins2 = draws = 0.0
    while frontier:
        nxt: dict = {}
        for state, p in frontier.items():
            rnd, mover, pos1, pos2, hp1, hp2, ap, moved = state
            mine = (pos1, pos2) if mover == 1 else (pos2, pos1)
            target_hp, own_hp = (hp2, hp1) if mover == 1 else (hp1, hp2)
            choice = options(rnd, mover, *mine, target_hp, own_hp, ap, moved)
            if choice[0] == "end":
                if mover == 2:
                    rnd += 1
                if rnd > setup.rounds:
                    draws += p
                    continue
                other = 2 if mover == 1 else 1
                ap_max = (u2 if other == 2 else u1).ap_max
                key = (rnd, other, pos1, pos2, hp1, hp2, ap_max, (0, False))
                nxt[key] = nxt.get(key, 0.0) + p
            elif choice[0] == "move":
                to = choice[1]
                new1, new2 = (to, pos2) if mover == 1 else (pos1, to)
                key = (rnd, mover, new1, new2, hp1, hp2, ap - choice[2],
                       (moved[0] + 1, moved[1]))
                nxt[key] = nxt.get(key, 0.0) + p
            else:
                _, cost, damage = choice
                for amount, q in damage:
                    left = target_hp - amount
                    if left <= 0:
                        if mover == 1:
                            wins1 += p * q
                        else:
                            wins2 += p * q
                        continue
                    h1, h2 = (hp1, left) if mover == 1 else (left, hp2)
                    key = (rnd, mover, pos1, pos2, h1, h2, ap - cost, (moved[0], True))
                    nxt[key] = nxt.get(key, 0.0) + p * q
        frontier = nxt
    return wins1, wins2, draws


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
