"""Every number traceable (issue 14): each term of a chance, damage, reduction or XP names
the rule that makes it (an id of docs/rules.md) and the content value(s) it reads."""

from game.journal.text import source_text
from game.rules.events import Damage, Roll, XpGained
from tests.helpers import events_of, make_game


def sources(terms):
    # As a designer reads them (the sources are data the journal words).
    return [(t.name, t.rule, source_text(t.source)) for t in terms]


def duel(forced):
    return make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (1, 0)),
                      ("elise", "elise", 1, (0, 1))], forced=forced)


def test_a_dodge_names_each_value_it_reads_and_the_rolls_name_their_caps():
    game = duel([10, 99])
    attack, dodge = events_of(game.apply("attack aldric dagny"), Roll)
    assert (attack.rule, source_text(attack.cap_source)) == ("R4.9", "rules.yaml: page.caps.melee")
    assert (dodge.rule, source_text(dodge.cap_source)) == ("R5.2", "rules.yaml: page.caps.dodge")
    assert sources(dodge.terms) == [
        ("skill", "R5.2", "characters.yaml: dagny.skills.dodge"),
        ("stat_bonus", "R3.6", "rules.yaml: stat_bonus_per_point, page.stat_neutral; "
                               "characters.yaml: dagny.stats.DEF"),
        ("luck", "R5.3", "rules.yaml: luck.step, luck.per_step, page.luck_max; "
                         "characters.yaml: dagny.stats.LCK"),
        ("faction", "R3.5", "rules.yaml: faction.maximum, faction.ratio; "
                            "characters.yaml: dagny.faction")]


def test_damage_dice_reduction_and_xp_name_their_sources():
    game = duel([10, 99])
    events = game.apply("attack aldric dagny")
    [damage] = events_of(events, Damage)
    assert (damage.dice[0].rule, source_text(damage.dice[0].source)) == \
        ("R6.2", "weapons.yaml: sword.dice")
    assert sources(damage.reduction_terms) == [
        ("defence", "R6.4", "rules.yaml: page.defence_reduction.per, "
                            "page.defence_reduction.maximum; characters.yaml: dagny.stats.DEF"),
        ("armour", "R6.5", "armours.yaml: hide.reduction")]
    [xp] = [e for e in events_of(events, XpGained) if e.unit == "aldric"]
    assert (xp.rule, source_text(xp.source)) == ("R8.1", "rules.yaml: xp.hit")


def test_a_designer_set_and_a_spell_effect_say_where_the_value_now_comes_from():
    game = duel([1, 99, 99])  # bless succeeds; the attack misses
    game.apply("set aldric.skills.melee 70")
    game.apply("cast elise bless aldric")
    [attack] = events_of(game.apply("attack aldric dagny"), Roll)
    assert sources(attack.terms[:2]) == [
        ("skill", "R4.9", "characters.yaml: aldric.skills.melee, set by the designer"),
        ("effect", "R7.9", "spells.yaml: bless.effect.amount")]
