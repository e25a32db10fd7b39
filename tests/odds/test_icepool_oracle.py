"""icepool as an oracle: the exact odds of `game.rules.odds` (our own convolution, kept for
speed) and its two Markov chains — the repeats of an action within a turn, and the exact
duel of the balance lab — against the same questions put to icepool, a dice library that
shares no code with ours.

The oracle reads only the numbers of the engine's plans (chances, perfect thresholds, dice,
reduction, HP, AP) and builds every distribution from d100s and dice as the page words the
rolls; the duel's oracle reads nothing of `game.lab.exact` but its answer.
"""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from game.content.loader import DEFAULT_CONTENT
from game.lab.exact import exact_duel
from game.lab.runs import Setup, new_game
from game.rules import odds
from game.rules.actions import Attack
from game.rules.damage import total_reduction
from game.rules.errors import Impossible
from game.rules.magic import Cast
from tests.helpers import CONTENT, make_game

D100 = icepool.d(100)


def die_of(dice) -> icepool.Die:
    """A dice expression of the content (`sign * (NdS + K)`) as an icepool die."""
    rolled = dice.count @ icepool.d(dice.sides) if dice.count else icepool.Die([0])
    return dice.sign * (rolled + dice.modifier)


def taken(dice, flat: int, reduction: int) -> icepool.Die:
    """Damage after reduction, never below 0."""
    total = icepool.Die([flat])
    for d in dice:
        total += die_of(d)
    return (total - reduction).map(lambda v: max(0, v))


def chances(die: icepool.Die) -> dict[int, Fraction]:
    return {o: p for o, p in zip(die.outcomes(), die.probabilities()) if p}


def p_of(die: icepool.Die, test) -> Fraction:
    return sum((p for o, p in zip(die.outcomes(), die.probabilities()) if test(o)), Fraction(0))


def down_within(step: icepool.Die, times: int, hp: int, own_hp: int | None) -> Fraction:
    """P(the target is down within `times` repeats of a step of (damage to it, damage to
    the actor)); the repeats stop when either is down. A chain of icepool's own."""
    def advance(state):
        dealt, hurt, over = state
        if over:
            return state

        def after(outcome):
            d, h = dealt + outcome[0], hurt + outcome[1]
            if d >= hp:
                return (hp, 0, 1)
            if own_hp is not None and h >= own_hp:
                return (0, own_hp, 2)
            return (d, h, 0)
        return step.map(after)

    state = icepool.Die([(0, 0, 0)])
    for _ in range(times):
        state = state.map(advance)
    return p_of(state, lambda o: o[2] == 1)


# --- attacks ------------------------------------------------------------------------------

def attack_die(plan) -> icepool.Die:
    """One attack's damage to its target: the attack d100, the defender's dodge d100 on a
    hit, a perfect hit's extra die, the reduction."""
    damage = plan.damage
    dice = [d for _, d in damage.dice]
    flat = sum(t.value for t in damage.terms)
    normal = taken(dice, flat, damage.reduction)
    perfect = taken(dice + ([damage.perfect_die] if damage.perfect_die else []), flat,
                    damage.reduction)
    chance, perfect_below = plan.chance.value, plan.chance.perfect_below
    dodge = plan.defence.value if plan.defence is not None else None

    def attack(roll):
        if roll > chance:
            return 0
        hit = perfect if roll < perfect_below else normal
        return hit if dodge is None else D100.map(lambda d: 0 if d <= dodge else hit)
    return D100.map(attack)


def attack_plans():
    """Every weapon of every character template (and bare hands) against a few foes, from
    where it reaches."""
    plans = []
    for attacker in sorted(CONTENT.characters):
        template = CONTENT.characters[attacker]
        for target in ("dagny", "ogre"):  # one who dodges; one with reduction, no dodge
            if target == attacker:
                continue
            owner = 2 if target in CONTENT.characters else None
            for weapon in (*template.weapons, None):
                for distance in (1, 3):
                    game = make_game([("a", attacker, 1, (0, 0)),
                                      ("t", target, owner, (distance, 0))])
                    action = Attack("a", "t", weapon=weapon, brawl=weapon is None)
                    try:
                        plans.append((f"{attacker} {weapon or 'brawl'} {target} at {distance}",
                                      action.check(game, 1)))
                        break
                    except Impossible:
                        continue
    return plans


ATTACKS = attack_plans()


def test_the_plans_cover_many_weapons_and_foes():
    assert len(ATTACKS) >= 40
    assert {plan.target.id for _, plan in ATTACKS} == {"t"}
    assert any(plan.defence is None for _, plan in ATTACKS)  # creatures never dodge
    assert any(plan.damage.reduction for _, plan in ATTACKS)


@pytest.mark.parametrize("name,plan", ATTACKS, ids=[name for name, _ in ATTACKS])
def test_an_attacks_odds_are_icepools(name, plan):
    ours = odds.of(plan)
    damage = attack_die(plan)
    assert dict(ours.damage) == chances(damage)
    assert ours.p_success == Fraction(plan.chance.value, 100)
    assert ours.p_down == p_of(damage, lambda v: v >= plan.target.hp)
    if ours.p_dodged is not None:
        assert ours.p_lands == ours.p_success * (1 - Fraction(plan.defence.value, 100))
    assert ours.repeats == plan.attacker.ap // plan.ap_cost
    if ours.p_down_this_turn is not None:
        # Damage never heals: down within n attacks is n attacks' sum reaching the HP.
        assert ours.p_down_this_turn == p_of(ours.repeats @ damage,
                                             lambda v: v >= plan.target.hp)


def test_the_repeat_chain_is_icepools_chain():
    (_, plan), *_ = [(n, p) for n, p in ATTACKS if n.startswith("dagny axe ogre")]
    ours = odds.of(plan)
    step = attack_die(plan).map(lambda v: (v, 0))
    assert ours.p_down_this_turn == down_within(step, ours.repeats, plan.target.hp, None)


# --- damage spells ------------------------------------------------------------------------

def spell_step(plan, target) -> icepool.Die:
    """One cast on one target as (damage to it, damage reflected onto the caster): the
    magic d100, the target's counter d100 (below its perfect threshold: reflected), the
    value rolled, each side's reduction."""
    value = die_of(plan.dice)
    landed = (value - target.reduction).map(lambda v: (max(0, v), 0))
    reflected = (value - total_reduction(plan.reflected_reduction_terms)) \
        .map(lambda v: (0, max(0, v)))
    chance, counter = plan.chance.value, target.counter

    def countered(roll):
        if roll > counter.value:
            return landed
        return reflected if roll < counter.perfect_below else (0, 0)

    def cast(roll):
        if roll > chance:
            return (0, 0)
        return landed if counter is None else D100.map(countered)
    return D100.map(cast)


def spell_plans():
    plans = []
    for caster in sorted(CONTENT.characters):
        for spell in CONTENT.characters[caster].spells:
            if CONTENT.spells[spell].kind != "damage":
                continue
            for target in ("elise", "goblin"):
                if target == caster:
                    continue
                owner = 2 if target in CONTENT.characters else None
                game = make_game([("c", caster, 1, (0, 0)), ("t", target, owner, (2, 0))])
                try:
                    plans.append((f"{caster} {spell} {target}",
                                  Cast("c", spell, "t").check(game, 1)))
                except Impossible:
                    continue
    return plans


SPELLS = spell_plans()


def test_the_spells_cover_a_counter_and_none():
    assert len(SPELLS) >= 4
    targets = [next(t for t in plan.targets if t.unit.id == "t") for _, plan in SPELLS]
    assert any(t.counter is None for t in targets) and any(t.counter for t in targets)


@pytest.mark.parametrize("name,plan", SPELLS, ids=[name for name, _ in SPELLS])
def test_a_damage_spells_odds_and_its_reflections_are_icepools(name, plan):
    target = next(t for t in plan.targets if t.unit.id == "t")
    ours = odds.of(plan, "t")
    step = spell_step(plan, target)
    assert dict(ours.damage) == chances(step.map(lambda o: o[0]))
    assert dict(ours.reflected_damage) == chances(step.map(lambda o: o[1]))
    assert ours.p_down == p_of(step, lambda o: o[0] >= target.unit.hp)
    assert ours.p_down_this_turn == down_within(
        step, ours.repeats, target.unit.hp,
        plan.caster.hp if target.counter is not None else None)


def test_a_reflection_that_can_down_the_caster_is_icepools_chain():
    # A caster of 3 HP: a reflected bolt may down it before a second bolt downs a target
    # of 10 HP.
    game = make_game([("c", "corvin", 1, (0, 0)), ("t", "elise", 2, (2, 0))])
    game.units["c"].hp, game.units["t"].hp = 3, 10
    plan = Cast("c", "firebolt", "t").check(game, 1)
    aimed = next(t for t in plan.targets if t.unit.id == "t")
    ours = odds.of(plan, "t")
    assert ours.p_reflected and ours.repeats >= 2
    chain = down_within(spell_step(plan, aimed), ours.repeats, aimed.unit.hp, 3)
    assert ours.p_down_this_turn == chain
    assert chain < down_within(spell_step(plan, aimed), ours.repeats, aimed.unit.hp, None)


# --- the exact duel -------------------------------------------------------------------------

def duel_oracle(setup: Setup, first_strike: int) -> float:
    """P(the first template wins) by icepool: the two side by side (distance 1), each
    turn every attack its AP allows (what the naive AI does there), the round limit a
    draw."""
    game, _ = new_game(setup, first_strike, 0)
    u1, u2 = game.units["u1"], game.units["u2"]
    turns = []
    for mover, me, foe in ((1, u1, u2), (2, u2, u1)):
        plan = Attack(me.id, foe.id, weapon=me.weapons[0]).check(game, mover)
        turns.append((me.ap_max // plan.ap_cost) @ attack_die(plan))

    def turn(mover):
        def play(state):
            hp1, hp2, winner = state
            if winner:
                return state
            hp = hp2 if mover == 1 else hp1
            return turns[mover - 1].map(
                lambda dealt: (hp1, 0, 1) if mover == 1 and dealt >= hp
                else (0, hp2, 2) if dealt >= hp
                else (hp1, hp2 - dealt, 0) if mover == 1 else (hp1 - dealt, hp2, 0))
        return play

    state = icepool.Die([(u1.hp_max, u2.hp_max, 0)])
    for _ in range(setup.rounds):
        state = state.map(turn(1)).map(turn(2))
    # The first template plays player 1 when it strikes first, else player 2.
    return float(p_of(state, lambda o: o[2] == (1 if first_strike == 0 else 2)))


def test_the_naive_ai_side_by_side_attacks_with_all_its_ap():
    setup = Setup(str(DEFAULT_CONTENT), "duel", "aldric", "dagny", 1, profile="naive")
    game, _ = new_game(setup, 0, 5)
    for _ in range(2):
        game.play_ai_turn()
    assert game.log == ["attack u1 u2 with sword", "attack u1 u2 with sword", "end",
                        "attack u2 u1 with axe", "attack u2 u1 with axe", "end"]


@pytest.mark.parametrize("first_strike", [0, 1])
def test_the_exact_duel_is_icepools_chain(first_strike):
    # Four rounds: often a draw, so the round limit is tested too (and the oracle's
    # fractions stay small).
    setup = Setup(str(DEFAULT_CONTENT), "duel", "aldric", "dagny", 1, profile="naive",
                  rounds=4)
    exact = exact_duel(setup, first_strike)
    assert exact == pytest.approx(duel_oracle(setup, first_strike), abs=1e-12)
    assert 0.25 < exact < 0.45
