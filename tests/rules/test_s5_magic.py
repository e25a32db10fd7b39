"""docs/rules.md §7 (R7.1–R7.10) and the spell rows of R8.1: the spell phase, counter-magic,
timed effects."""

import msgspec
import pytest

from game.rules.events import (
    ApDrained, Countered, Damage, EffectAdded, EffectExpired, Healed, OwedApPaid, Quip, Roll,
    XpGained,
)
from game.rules.terms import Term
from game.rules.sources import entry_source, rules_source
from tests.helpers import CONTENT, char, content_with, events_of, make_game, bare

#: Where a drain's amount comes from: the rules' fraction and rounding, the spell's cost.
DRAIN = rules_source("counter_drain.fraction", "counter_drain.rounding") + \
    entry_source("spells", "firebolt", "ap_cost")


def xp_of(events):
    return [(e.unit, e.amount) for e in events_of(events, XpGained)]


def test_magic_chance_terms_and_a_failed_spell():
    # A second arcane mage on Alice's side helps Corvin cast.
    content = content_with(characters={"brenna": char("brenna", faction="arcane")})
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("dagny", "dagny", 2, (2, 0)),
                      ("brenna", "brenna", 1, (0, 3))], forced=[99], content=content)
    events = game.apply("cast corvin firebolt dagny")
    [roll] = events_of(events, Roll)
    assert roll.check == "magic" and roll.cap == 95
    assert bare(roll.terms) == (Term("skill", 55, "magic"), Term("stat_bonus", 7, "INT", number=17),
                          Term("stat_bonus", 2, "DEX", number=12), Term("faction", 6, "arcane", units=("brenna",)))
    assert roll.chance == 70 and not roll.success
    assert game.units["corvin"].ap == 5  # AP are spent on a failure
    assert game.units["dagny"].hp == 20 and not events_of(events, Damage)
    assert events_of(events, Quip) == [Quip("corvin", "spell_fail", "The words slipped away…")]
    assert xp_of(events) == [] and game.units["corvin"].stats.spells_failed == 1


def test_a_damage_spell_on_a_creature_is_never_countered_and_ignores_reduction():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("wolf", "wolf", None, (2, 0))],
                     forced=[10])
    events = game.apply("cast corvin firebolt wolf")
    assert [r.check for r in events_of(events, Roll)] == ["magic"]
    [damage] = events_of(events, Damage)
    assert damage.dice[0].expr == "2d6" and damage.reduction_terms == ()
    assert damage.amount == damage.dice[0].total
    assert xp_of(events) == [("corvin", 3)]


def test_a_character_that_fails_to_counter_takes_the_damage():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("elise", "elise", 2, (2, 0))],
                     forced=[10, 31])
    events = game.apply("cast corvin firebolt elise")
    [_, counter] = events_of(events, Roll)
    assert counter.check == "counter" and counter.unit == "elise"
    assert bare(counter.terms) == (Term("skill", 45, "magic"), Term("stat_bonus", 5, "INT", number=15),
                             Term("faction", 0, "order"),
                             Term("difficulty", -20, ""))
    assert (counter.chance, counter.cap, counter.success) == (30, 95, False)
    [damage] = events_of(events, Damage)
    assert game.units["elise"].hp == 16 - damage.amount


def test_a_counter_blocks_the_spell_and_drains_half_its_cost():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("elise", "elise", 2, (2, 0))],
                     forced=[10, 30])
    events = game.apply("cast corvin firebolt elise")
    assert events_of(events, Countered) == [Countered("elise", "firebolt", False)]
    # Half of 5, rounded half up, owed to Elise's next refill (it is Alice's turn).
    assert events_of(events, ApDrained) == [ApDrained("elise", 3, 10, 3, 7, "R10.3", DRAIN)]
    assert not events_of(events, Damage)
    assert xp_of(events) == [("elise", 2)]  # the caster gets nothing
    assert Quip("corvin", "spell_fail", "The words slipped away…") in events
    assert game.units["corvin"].stats.spells_countered == 1
    assert game.units["elise"].stats.counters == 1


def test_the_drain_owed_is_taken_off_the_next_refill_never_below_zero():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("elise", "elise", 2, (2, 0))],
                     forced=[10, 30])
    game.units["elise"].ap = 1
    events = game.apply("cast corvin firebolt elise")
    assert events_of(events, ApDrained) == [ApDrained("elise", 3, 1, 3, 7, "R10.3", DRAIN)]
    assert game.units["elise"].ap == 1  # nothing is taken during Alice's turn
    events = game.apply("end")
    assert events_of(events, OwedApPaid) == [OwedApPaid("elise", 3, 7)]
    assert (game.units["elise"].ap, game.units["elise"].ap_owed) == (7, 0)
    game.units["elise"].ap_owed = 15
    game.apply("end")  # the creatures' phase, then Alice
    game.apply("end")
    assert game.units["elise"].ap == 0


def test_a_counter_below_10_reflects_the_spell_onto_the_caster():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("elise", "elise", 2, (2, 0))],
                     forced=[10, 9])
    events = game.apply("cast corvin firebolt elise")
    [_, counter] = events_of(events, Roll)
    assert counter.success and counter.perfect
    assert events_of(events, Countered) == [Countered("elise", "firebolt", True)]
    [damage] = events_of(events, Damage)
    assert (damage.source, damage.target) == ("elise", "corvin")
    assert game.units["corvin"].hp == 12 - damage.amount
    assert game.units["elise"].hp == 16
    # A reflection is not countered again: only two rolls were drawn.
    assert len(events_of(events, Roll)) == 2


def test_area_damage_rolls_once_and_each_character_counters_for_itself():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("elise", "elise", 2, (3, 0)),
                      ("dagny", "dagny", 2, (4, 0)), ("goblin", "goblin", None, (3, 1)),
                      ("brenna", "brenna", 1, (2, 1)), ("fenwick", "fenwick", 2, (6, 0))],
                     forced=[10, 99, 99])
    events = game.apply("cast corvin ice-storm elise")
    assert [(r.check, r.unit) for r in events_of(events, Roll)] == [
        ("magic", "corvin"), ("counter", "elise"), ("counter", "dagny")]
    damages = events_of(events, Damage)
    assert [d.target for d in damages] == ["elise", "dagny", "goblin"]  # not Brenna (own)
    assert len({d.dice for d in damages}) == 1  # one value roll for the whole area
    assert game.units["brenna"].hp == 14 and game.units["fenwick"].hp == 13
    assert xp_of(events) == [("corvin", 4)]


def test_area_centre_may_be_given_as_a_square():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("elise", "elise", 2, (3, 0))],
                     forced=[10, 99])
    events = game.apply("cast corvin ice-storm 3,0")
    assert [d.target for d in events_of(events, Damage)] == ["elise"]


def test_heal_is_capped_at_hp_max():
    game = make_game([("elise", "elise", 1, (0, 0)), ("aldric", "aldric", 1, (1, 0)),
                      ("dagny", "dagny", 2, (9, 9))], forced=[10])
    game.units["aldric"].hp = 17
    [healed] = events_of(game.apply("cast elise mend aldric"), Healed)
    assert (healed.hp_before, healed.hp_after, healed.amount) == (17, 18, 1)


def test_area_heal_touches_the_casters_friends_only():
    # R7.10 by kind: a heal area touches the caster's side (the caster included), never a
    # foe standing in it, never a creature.
    game = make_game([("elise", "elise", 1, (0, 0)), ("aldric", "aldric", 1, (1, 0)),
                      ("dagny", "dagny", 2, (2, 0)), ("goblin", "goblin", None, (1, 1))],
                     forced=[10])
    for uid in ("aldric", "dagny", "goblin", "elise"):
        game.units[uid].hp = 5
    events = game.apply("cast elise circle-of-healing aldric")
    assert sorted(h.target for h in events_of(events, Healed)) == ["aldric", "elise"]
    assert game.units["dagny"].hp == 5 and game.units["goblin"].hp == 5


def test_area_touches_everyone_when_the_rules_say_so():
    # The designers' other reading: friendly fire and healing foes alike, never the
    # caster by its own harm.
    content = content_with(rules={"area": msgspec.structs.replace(CONTENT.rules.area,
                                                                  touches="everyone")})
    game = make_game([("elise", "elise", 1, (0, 0)), ("aldric", "aldric", 1, (1, 0)),
                      ("dagny", "dagny", 2, (2, 0)), ("goblin", "goblin", None, (1, 1))],
                     forced=[10], content=content)
    for uid in ("aldric", "dagny", "goblin", "elise"):
        game.units[uid].hp = 5
    events = game.apply("cast elise circle-of-healing aldric")
    assert sorted(h.target for h in events_of(events, Healed)) == ["aldric", "dagny", "elise"]
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("elise", "elise", 2, (3, 0)),
                      ("brenna", "brenna", 1, (2, 1))], forced=[10, 99], content=content)
    events = game.apply("cast corvin ice-storm elise")
    assert [d.target for d in events_of(events, Damage)] == ["elise", "brenna"]


def test_an_area_centred_on_the_wrong_side_is_refused():
    game = make_game([("elise", "elise", 1, (0, 0)), ("aldric", "aldric", 1, (1, 0)),
                      ("dagny", "dagny", 2, (2, 0)), ("corvin", "corvin", 1, (0, 2))])
    before = game.snapshot()
    [refused] = game.apply("cast elise circle-of-healing dagny")
    assert refused.reason == "Circle of Healing touches friends only; Dagny is a foe"
    assert game.snapshot() == before


def test_a_debuff_on_ones_own_character_is_refused_like_an_attack():
    game = make_game([("elise", "elise", 1, (0, 0)), ("aldric", "aldric", 1, (1, 0)),
                      ("dagny", "dagny", 2, (2, 0))])
    before = game.snapshot()
    assert game.apply("cast elise weaken aldric")[0].reason == (
        "Aldric is one of your own characters: a player may never attack their own")
    assert game.apply("cast elise weaken elise")[0].reason == (
        "Elise cannot aim Weaken at itself")
    assert game.snapshot() == before


def test_buff_shows_as_a_named_term_then_wears_off_after_its_turns():
    game = make_game([("elise", "elise", 1, (0, 0)), ("aldric", "aldric", 1, (1, 0)),
                      ("goblin", "goblin", None, (2, 0)), ("dagny", "dagny", 2, (9, 9))],
                     forced=[10, 99])
    game.units["goblin"].hp = 999
    events = game.apply("cast elise bless aldric")
    assert events_of(events, EffectAdded) == [EffectAdded("aldric", "bless", "melee", 10, 2, "R7.9",
                                               entry_source("spells", "bless", "effect.amount"))]
    [roll] = events_of(game.apply("attack aldric goblin with sword"), Roll)
    assert bare(roll.terms[:2]) == (Term("skill", 50, "melee"), Term("effect", 10, "bless"))
    assert roll.chance == 75
    game.roller.force([99] * 20)
    game.apply("end"), game.apply("end")  # round 2: one turn ticked, one left
    assert [e.turns for e in game.units["aldric"].effects] == [1]
    game.apply("end")
    expired = events_of(game.apply("end"), EffectExpired)
    assert EffectExpired("aldric", "bless", "melee") in expired
    game.units["goblin"].pos = (2, 0)
    game.roller.forced.clear()
    game.roller.force([99])
    [roll] = events_of(game.apply("attack aldric goblin with sword"), Roll)
    assert roll.chance == 65


def test_debuff_on_a_characteristic_changes_its_stat_bonus():
    game = make_game([("elise", "elise", 1, (0, 0)), ("dagny", "dagny", 2, (2, 0))],
                     forced=[10])
    game.apply("cast elise weaken dagny")
    assert game.units["dagny"].stat("STR") == 13


def test_focus_adds_a_magic_bonus_term():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("dagny", "dagny", 2, (2, 0))],
                     forced=[10, 99])
    game.apply("cast corvin focus corvin")
    [roll] = events_of(game.apply("cast corvin firebolt dagny"), Roll)  # 99: a failure
    assert bare(roll.terms[-1]) == Term("effect", 10, "focus")


def test_range_grows_with_the_casters_level():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("goblin", "goblin", None, (4, 0)),
                      ("dagny", "dagny", 2, (9, 9))], forced=[10])
    assert game.apply("cast corvin firebolt goblin")[0].reason == \
        "Goblin is 4 squares away; Firebolt reaches 3 at level 1"
    game.units["corvin"].xp, game.units["corvin"].level = 10, 2
    assert events_of(game.apply("cast corvin firebolt goblin"), Roll)


@pytest.mark.parametrize("command,reason", [
    ("cast corvin mend corvin", "Corvin has not learned Mend (knows: Firebolt, Ice Storm, "
                                "Focus, Hex)"),
    ("cast corvin wish goblin", "there is no spell called 'wish' (known: bless, "
                                "circle-of-healing, firebolt, focus, hex, ice-storm, mend, smite, …)"),
    ("cast corvin firebolt far", "Goblin is 5 squares away; Firebolt reaches 3 at level 1"),
    ("cast corvin firebolt brenna", "Brenna is one of your own characters: "
                                    "a player may never attack their own"),
    ("cast corvin ice-storm goblin", "an area spell must be centred on a character; "
                                     "Goblin is a creature"),
    ("cast corvin hex goblin", "Hex (debuff) targets characters only; Goblin is a creature"),
    ("cast corvin hex hidden", "Corvin has no line of sight to Elise"),
    ("cast corvin firebolt 5,5", "no unit stands at 5,5; a spell needs a unit "
                                 "(an area spell a character) at its centre"),
])
def test_spell_refusals(command, reason):
    game = make_game([("corvin", "corvin", 1, (1, 1)), ("goblin", "goblin", None, (2, 1)),
                      ("far", "goblin", None, (6, 1)), ("brenna", "brenna", 1, (1, 2)),
                      ("hidden", "elise", 2, (1, 4))],
                     map_text="\n".join(["........", "........", "........", "########",
                                         "........"]))
    before = game.snapshot()
    assert game.apply(command)[0].reason == reason
    assert game.snapshot() == before


def test_not_enough_ap_for_a_spell():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("dagny", "dagny", 2, (2, 0))])
    game.units["corvin"].ap = 4
    assert game.apply("cast corvin firebolt dagny")[0].reason == \
        "Corvin has 4 AP; Firebolt costs 5"


def test_heal_on_a_creature_is_refused():
    game = make_game([("elise", "elise", 1, (0, 0)), ("goblin", "goblin", None, (1, 0))])
    assert game.apply("cast elise mend goblin")[0].reason == \
        "Mend (heal) targets characters only; Goblin is a creature"


def test_magic_and_counter_chances_are_capped_at_95():
    from game.rules.templates import Skills
    from tests.helpers import char, content_with

    wizard = Skills(brawl=0, melee=0, ranged=0, dodge=0, magic=200)
    content = content_with(characters={"corvin": char("corvin", skills=wizard),
                                       "elise": char("elise", skills=wizard)})
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("elise", "elise", 2, (2, 0))],
                     content=content, forced=[96])
    [magic] = events_of(game.apply("cast corvin firebolt elise"), Roll)
    assert (magic.chance, magic.cap, magic.success) == (95, 95, False)
    game.units["corvin"].ap = 10
    game.roller.force([95, 96])
    [_, counter] = events_of(game.apply("cast corvin firebolt elise"), Roll)
    assert (counter.chance, counter.cap, counter.success) == (95, 95, False)
