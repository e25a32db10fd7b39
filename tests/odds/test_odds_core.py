"""Exact odds against cases computed by hand."""

from fractions import Fraction as F

from game.rules.dice import Dice
from game.rules.odds import attack_odds, damage_spell_odds, dice_dist, heal_odds

D = Dice.parse


def test_dice_distributions_are_exact_and_signed():
    assert dice_dist(D("1d4")).items() == [(1, F(1, 4)), (2, F(1, 4)), (3, F(1, 4)), (4, F(1, 4))]
    two = dice_dist(D("2d6"))
    assert two.p(7) == F(6, 36) and two.p(2) == F(1, 36) and sum(p for _, p in two.items()) == 1
    assert dice_dist(D("-1d4")).items() == [(-4, F(1, 4)), (-3, F(1, 4)), (-2, F(1, 4)),
                                            (-1, F(1, 4))]
    assert dice_dist(D("2d6+2")).p(4) == F(1, 36)


def test_a_95_chance_hits_95_times_in_100_and_perfect_below_5_is_4_in_100():
    odds = attack_odds(95, 5, None, [D("3")], D("1d6"), 0, 0, 100, 1)
    assert odds.p_success == F(95, 100) and odds.p_perfect == F(4, 100)
    # 3 damage on a plain hit, 4..9 on a perfect one, 0 on a miss
    assert dict(odds.damage) == {0: F(5, 100), 3: F(91, 100),
                                 **{v: F(4, 100) / 6 for v in range(4, 10)}}


def test_a_chance_below_the_perfect_threshold_caps_the_perfect_odds():
    assert attack_odds(3, 5, None, [D("1")], None, 0, 0, 5, 1).p_perfect == F(3, 100)
    assert attack_odds(0, 5, None, [D("1")], None, 0, 0, 5, 1).p_perfect == 0


def test_damage_below_the_reduction_is_zero_never_negative():
    odds = attack_odds(50, 5, None, [D("1d4")], None, 0, 3, 10, 1)
    # 1d4 - 3: 1, 2, 3 -> 0; 4 -> 1
    assert dict(odds.damage) == {0: F(1, 2) + F(1, 2) * F(3, 4), 1: F(1, 2) * F(1, 4)}


def test_a_dodge_at_its_cap_of_90_leaves_one_hit_in_ten():
    odds = attack_odds(100, 5, 90, [D("5")], None, 0, 0, 5, 1)
    assert odds.p_dodged == F(90, 100)
    assert odds.p_lands == F(10, 100)
    assert odds.p_down == F(10, 100)


def test_repeating_an_attack_downs_when_the_sum_reaches_the_hp():
    # 50% to hit for exactly 3 against 5 HP: two hits needed, three tries.
    odds = attack_odds(50, 1, None, [D("3")], None, 0, 0, 5, 3)
    assert odds.p_down == 0
    assert odds.p_down_this_turn == F(1, 2)  # P(at least 2 of 3) = 4/8


def test_a_countered_and_a_reflected_spell():
    # Magic 80%, counter 30% of which rolls 1..9 reflect; 2d6 ignoring reduction.
    odds = damage_spell_odds(80, D("2d6"), 30, 10, 0, 12, 0, 12, 1)
    assert odds.p_countered == F(80, 100) * F(30, 100)
    assert odds.p_reflected == F(80, 100) * F(9, 100)
    assert dict(odds.damage)[12] == F(80, 100) * F(70, 100) * F(1, 36)
    assert dict(odds.reflected_damage)[12] == F(80, 100) * F(9, 100) * F(1, 36)
    assert odds.p_down == F(80, 100) * F(70, 100) * F(1, 36)


def test_a_reflection_that_downs_the_caster_ends_the_repeats():
    # Every cast succeeds and 10 damage downs either side; the target counters on 1..9,
    # always perfectly, so each cast either downs it (91%) or downs the caster (9%).
    odds = damage_spell_odds(100, D("10"), 9, 10, 0, 10, 0, 10, 3)
    assert odds.p_reflected == F(9, 100)
    assert odds.p_down_this_turn == F(91, 100)  # not 1 - 0.09**3: a downed caster stops
    # A caster three reflections cannot down keeps casting; two would down one of 11 HP.
    assert damage_spell_odds(100, D("10"), 9, 10, 0, 10, 0, 11, 3).p_down_this_turn == \
        1 - F(9, 100) ** 2
    odds = damage_spell_odds(100, D("10"), 9, 10, 0, 10, 0, 31, 3)
    assert odds.p_down_this_turn == 1 - F(9, 100) ** 3


def test_a_heal_restores_at_most_what_is_missing():
    odds = heal_odds(100, D("1d6"), 2)
    assert dict(odds.damage) == {1: F(1, 6), 2: F(5, 6)}


def test_a_chain_too_large_to_compute_at_once_answers_none_not_a_guess():
    odds = attack_odds(50, 5, None, [D("20d100+100")], None, 0, 0, 1000, 100)
    assert odds.p_down_this_turn is None
    assert 0 < odds.p_down < F(1, 2)  # one blow is still exact: half miss, 20d100+100 ≥ 1000
