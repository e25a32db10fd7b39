"""Milliseconds per option for the exact odds (run by hand), and icepool against our own
convolution on the same question.

    python benchmarks/bench_odds.py [--repeat 200]

Per option: the engine's check (its plan) and `odds.of(plan)`, as the target panel asks
them, for every option of two characters against an adjacent enemy (weapons, bare hands,
spells). Then one attack's damage distribution and its two-attack sum, computed by
`game.rules.odds` and by icepool (if installed: `pip install icepool`), checked equal.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.content.loader import DEFAULT_CONTENT, load_content, load_scenario, scenario_path  # noqa: E402
from game.rules import legal, odds  # noqa: E402
from game.rules.engine import Game  # noqa: E402


def situation() -> Game:
    content = load_content()
    game = Game(content, load_scenario(content, scenario_path(DEFAULT_CONTENT, "crossroads")),
                seed=1)
    game.units["aldric"].pos, game.units["dagny"].pos = (10, 7), (11, 7)
    game.units["corvin"].pos, game.units["elise"].pos = (10, 9), (12, 9)
    return game


def per_option(game: Game, repeat: int) -> tuple[float, int]:
    pairs = [("aldric", game.units["dagny"].pos), ("corvin", game.units["elise"].pos)]
    count = sum(1 for actor, pos in pairs
                for o in legal.options_against(game, actor, pos) if o.possible)
    start = time.perf_counter()
    for _ in range(repeat):
        for actor, pos in pairs:
            for option in legal.options_against(game, actor, pos):
                if option.possible:
                    odds.of(option.plan)
    return (time.perf_counter() - start) / (repeat * count) * 1000, count


def ours(plan, repeat: int) -> tuple[float, object]:
    start = time.perf_counter()
    for _ in range(repeat):
        odds._dice.cache_clear()
        result = odds.of(plan)
    return (time.perf_counter() - start) / repeat * 1000, result


def with_icepool(plan, repeat: int):
    import icepool

    chance, dodge = plan.chance.value, plan.defence.value if plan.defence else 0
    perfect_below = plan.chance.perfect_below
    reduction = plan.damage.reduction
    flat = sum(t.value for t in plan.damage.terms)

    def die(d):
        base = d.count @ icepool.d(d.sides) + d.modifier if d.count else icepool.Die([d.modifier])
        return -base if d.sign < 0 else base

    def once():
        body = sum((die(d) for _, d in plan.damage.dice), icepool.Die([flat]))
        normal = (body - reduction).map(lambda v: max(0, v))
        perfect = (body + die(plan.damage.perfect_die) - reduction).map(lambda v: max(0, v))
        p_hit = Fraction(chance, 100)
        p_perfect = Fraction(max(0, min(perfect_below - 1, chance)), 100)
        lands = 1 - Fraction(dodge, 100)
        weights = [1 - p_hit + p_hit * (1 - lands), (p_hit - p_perfect) * lands, p_perfect * lands]
        denominator = math.lcm(*(w.denominator for w in weights))
        mixed = icepool.Die([icepool.Die([0]), normal, perfect],
                            times=[int(w * denominator) for w in weights])
        return mixed

    start = time.perf_counter()
    for _ in range(repeat):
        damage = once()
        two = (damage + damage)
    elapsed = (time.perf_counter() - start) / repeat * 1000
    return elapsed, damage, two


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    game = situation()
    ms, count = per_option(game, args.repeat)
    print(f"check + exact odds: {ms:.3f} ms per option ({count} options)")
    plan = legal.options_against(game, "aldric", (11, 7))[0].plan
    ours_ms, result = ours(plan, args.repeat)
    print(f"our convolution, sword on Dagny, dice caches cleared: {ours_ms:.3f} ms")
    try:
        ice_ms, damage, _ = with_icepool(plan, args.repeat)
    except ImportError:
        print("icepool not installed: pip install icepool to compare")
        return
    same = {int(v): Fraction(q, damage.denominator()) for v, q in damage.items()} == \
        {v: p for v, p in result.damage}
    print(f"icepool, same distribution and the two-attack sum: {ice_ms:.3f} ms "
          f"(distributions equal: {same})")


if __name__ == "__main__":
    main()
