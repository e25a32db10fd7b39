"""docs/rules.md §3 (R3.1–R3.9) and R1.11: AP, the percentile roll, clamping, the ban,
faction and stat bonuses, half-up rounding, and refusals that change nothing."""

from fractions import Fraction

import pytest

from game.rules.actions import roll_check
from game.rules.chances import faction_bonus, luck_bonus, stat_bonus
from game.rules.dice import Roller
from game.rules.terms import Chance, Term, round_half_up
from tests.helpers import CONTENT, events_of, make_game
from game.rules.events import Roll


def test_faction_curve_is_concave_and_bounded():
    curve = CONTENT.rules.faction
    values = [faction_bonus(curve, "order", ["ally"] * n).value for n in range(9)]
    assert values == [0, 6, 10, 12, 13, 14, 14, 15, 15]


def test_no_faction_no_bonus():
    assert faction_bonus(CONTENT.rules.faction, None, ["a", "b"]).value == 0


def test_stat_bonus_is_neutral_at_ten():
    assert [stat_bonus(CONTENT.rules, "STR", v).value for v in (7, 10, 15)] == [-3, 0, 5]


def test_round_half_up_is_not_bankers_rounding():
    assert round_half_up(Fraction(5, 2)) == 3
    assert round_half_up(Fraction(7, 2)) == 4  # round() would give 4 too, but:
    assert round_half_up(Fraction(1, 2)) == 1  # round(0.5) == 0
    assert round_half_up(Fraction(-5, 2)) == -2
    assert round_half_up(Fraction(12, 5)) == 2


def test_a_chance_of_55_succeeds_on_55_and_fails_on_56():
    chance = Chance("attack", (Term("skill", 55),), 95)
    assert roll_check(Roller(0, [55]), chance, "x").success
    assert not roll_check(Roller(0, [56]), chance, "x").success


def test_every_chance_is_clamped_to_zero_and_its_cap():
    assert Chance("attack", (Term("skill", 120),), 95).value == 95
    assert Chance("attack", (Term("skill", 20), Term("crowding", -30)), 95).value == 0


def test_melee_chance_55_hits_on_55_and_misses_on_56_in_play():
    from tests.helpers import char, content_with

    content = content_with(characters={"aldric": char("aldric", skills=msgspec_skills(40))})
    for roll, hit in ((55, True), (56, False)):
        game = make_game([("aldric", "aldric", 1, (0, 0)), ("goblin", "goblin", None, (1, 0))],
                         content=content, forced=[roll])
        [roll_event] = events_of(game.apply("attack aldric goblin with sword"), Roll)
        assert (roll_event.chance, roll_event.success) == (55, hit)


def msgspec_skills(melee):
    from game.rules.templates import Skills

    return Skills(brawl=40, melee=melee, ranged=20, dodge=30, magic=5)


def test_attacking_ones_own_character_is_refused_and_changes_nothing():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("brenna", "brenna", 1, (1, 0)),
                      ("dagny", "dagny", 2, (9, 9))])
    before = game.snapshot()
    for command in ("attack aldric brenna with sword", "attack aldric brenna brawl"):
        [refused] = game.apply(command)
        assert refused.reason == "Brenna is one of your own characters: " \
                                 "a player may never attack their own"
    assert game.snapshot() == before


def test_without_enough_ap_the_attack_is_refused_before_any_roll():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("goblin", "goblin", None, (1, 0))],
                     forced=[1])
    game.units["aldric"].ap = 3
    before = game.snapshot()
    [refused] = game.apply("attack aldric goblin with sword")
    assert refused.reason == "Aldric has 3 AP; an attack with the sword costs 4"
    assert game.snapshot() == before  # the forced roll is still queued: no die drawn
    assert list(game.roller.forced) == [1]


def test_luck_bonus_is_one_per_five_up_to_four():
    assert [luck_bonus(CONTENT.rules, v).value for v in (4, 5, 12, 19, 20, 40)] == \
        [0, 1, 2, 3, 4, 4]


@pytest.mark.parametrize("text,reason", [
    ("jump aldric 1,1", "unknown command 'jump'"),
    ("mvoe aldric 1,1", "unknown command 'mvoe' (did you mean move?)"),
    ("move aldric", "move takes 2 arguments: move ID X,Y"),
    ("move aldric 1;1", "'1;1' is not a square; write it x,y (usage: move ID X,Y)"),
    ("attack aldric goblin with", "usage: attack ID TARGET [with WEAPON | brawl]"),
    ("move nobody 1,1", "there is no unit called 'nobody'"),
    ("attack aldric goblin with axe", "Aldric does not carry 'axe' (carries sword)"),
])
def test_malformed_commands_are_refused_with_a_reason(text, reason):
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("goblin", "goblin", None, (1, 0))])
    before = game.snapshot()
    [refused] = game.apply(text)
    assert refused.reason.startswith(reason)
    assert game.snapshot() == before
