"""docs/rules.md §8 (R8.1–R8.6): XP per outcome, levels, per-character statistics, quips."""

from game.rules.events import LevelUp, Quip, XpGained
from game.rules.progress import level_for, next_level_xp
from tests.helpers import CONTENT, events_of, make_game


def xp_of(events):
    return [(e.unit, e.amount, e.reason) for e in events_of(events, XpGained)]


def duel(forced):
    return make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (1, 0))],
                     forced=forced)


def test_xp_for_a_miss_goes_to_attacker_and_defending_character():
    game = duel([99])
    assert xp_of(game.apply("attack aldric dagny with sword")) == [
        ("aldric", 1, "attack missed"), ("dagny", 1, "attack avoided")]


def test_xp_for_a_dodge():
    game = duel([10, 1])
    assert xp_of(game.apply("attack aldric dagny with sword")) == [
        ("aldric", 1, "attack dodged"), ("dagny", 2, "dodge")]


def test_xp_for_a_hit_and_a_perfect_hit():
    assert xp_of(duel([10, 99]).apply("attack aldric dagny with sword")) == [
        ("aldric", 3, "hit")]
    assert xp_of(duel([4, 99]).apply("attack aldric dagny with sword")) == [
        ("aldric", 5, "perfect hit")]


def test_creatures_gain_no_xp_and_give_none_as_defenders():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("goblin", "goblin", None, (1, 0))],
                     forced=[99])
    assert xp_of(game.apply("attack aldric goblin with sword")) == [
        ("aldric", 1, "attack missed")]


def test_levels_count_the_thresholds_reached():
    thresholds = CONTENT.rules.level_thresholds
    assert [level_for(thresholds, xp) for xp in (0, 9, 10, 29, 30, 149, 150, 999)] == \
        [1, 1, 2, 2, 3, 5, 6, 6]


def test_crossing_a_threshold_reports_the_new_level():
    game = duel([4, 99])
    game.units["aldric"].xp = 6
    events = game.apply("attack aldric dagny with sword")
    assert events_of(events, LevelUp) == [LevelUp("aldric", 2)]
    assert game.units["aldric"].level == 2


def test_statistics_on_both_sides():
    game = duel([10, 99, 99, 10, 1])
    game.apply("attack aldric dagny with sword")  # hit
    game.apply("attack aldric dagny with sword")  # miss
    game.units["aldric"].ap = 10
    game.apply("attack aldric dagny with sword")  # dodged
    a, d = game.units["aldric"].stats, game.units["dagny"].stats
    assert (a.attacks, a.hits, a.misses) == (3, 1, 1)
    assert d.dodges == 1
    assert a.damage_dealt == d.damage_taken == 20 - game.units["dagny"].hp


def test_own_quips_first_then_content_defaults_in_turn():
    game = duel([10, 99, 99, 99])
    hit = events_of(game.apply("attack aldric dagny with sword"), Quip)
    assert hit == [Quip("aldric", "hit", "For the Lily!")]
    game.units["aldric"].ap = 10
    first_miss = events_of(game.apply("attack aldric dagny with sword"), Quip)
    second_miss = events_of(game.apply("attack aldric dagny with sword"), Quip)
    defaults = CONTENT.rules.default_quips.miss
    assert [first_miss[0].text, second_miss[0].text] == [defaults[0], defaults[1]]


def test_kill_counts_and_kill_quip():
    game = duel([10, 99])
    game.units["dagny"].hp = 1
    events = game.apply("attack aldric dagny with sword")
    assert game.units["aldric"].stats.kills == 1
    assert Quip("aldric", "kill", "Rest now.") in events


def test_the_next_level_needs_the_next_threshold_and_none_after_the_last():
    thresholds = [0, 10, 30]
    assert [next_level_xp(thresholds, xp) for xp in (0, 9, 10, 29, 30, 99)] == \
        [10, 10, 30, 30, None, None]
