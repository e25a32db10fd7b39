"""The places where the game once did what the designers' page does not say, each pinned
with exact numbers (docs/rules.md states every rule these check)."""

import shutil

import msgspec

from game.cli import main
from game.content.loader import DEFAULT_CONTENT, load_content
from game.rules.templates import Characteristics
from game.journal.rules_text import rules_summary
from game.journal.text import describe, namer
from game.rules.events import ApDrained, Damage, OwedApPaid, Roll, XpGained
from game.rules.terms import Term
from game.rules.units import Effect
from tests.helpers import CONTENT, char, content_with, events_of, make_game, bare


def page_with(**changes):
    return msgspec.structs.replace(CONTENT.rules.page, **changes)


def test_an_enemy_of_the_same_faction_next_to_the_roller_adds_nothing():
    # Brenna of the Wild Clans brawls Dagny of the Wild Clans: Dagny is the target and an
    # enemy, so she never helps; Fenwick, Dagny's wild ally, is an enemy of Brenna too.
    content = content_with(characters={"brenna": char("brenna", faction="wild"),
                                       "fenwick": char("fenwick", faction="wild")})
    game = make_game([("brenna", "brenna", 1, (0, 0)), ("dagny", "dagny", 2, (1, 0)),
                      ("fenwick", "fenwick", 2, (0, 1))], content=content, forced=[99])
    [roll] = events_of(game.apply("attack brenna dagny brawl"), Roll)
    assert bare(roll.terms[1]) == Term("faction", 0, "wild")
    assert roll.chance == 30


def test_faction_counts_allies_seen_by_default_or_all_present_when_the_rules_say_so():
    units = [("aldric", "aldric", 1, (0, 0)), ("goblin", "goblin", None, (1, 0)),
             ("brenna", "brenna", 1, (11, 11))]  # 11 squares away: out of sight
    game = make_game(units, forced=[99])
    [roll] = events_of(game.apply("attack aldric goblin brawl"), Roll)
    assert bare(roll.terms[1]) == Term("faction", 0, "order")
    present = msgspec.structs.replace(CONTENT.rules.faction, counts="present")
    game = make_game(units, forced=[99], content=content_with(rules={"faction": present}))
    [roll] = events_of(game.apply("attack aldric goblin brawl"), Roll)
    assert bare(roll.terms[1]) == Term("faction", 6, "order", units=("brenna",))


def test_the_target_of_a_buff_never_counts_as_the_casters_faction_ally():
    game = make_game([("elise", "elise", 1, (0, 0)), ("aldric", "aldric", 1, (1, 0)),
                      ("dagny", "dagny", 2, (9, 9))], forced=[99])
    [roll] = events_of(game.apply("cast elise bless aldric"), Roll)
    assert Term("faction", 0, "order") in bare(roll.terms)


def test_a_creature_with_def_35_takes_reduction_3():
    tough = msgspec.structs.replace(CONTENT.creatures["goblin"], characteristics=Characteristics(
        STR=11, DEX=13, SIZ=8, INT=7, DEF=35, LCK=8))
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("goblin", "goblin", None, (1, 0))],
                     content=content_with(creatures={"goblin": tough}), forced=[10])
    [damage] = events_of(game.apply("attack aldric goblin with sword"), Damage)
    assert bare(damage.reduction_terms) == (Term("defence", 3, "DEF", number=35),)
    assert damage.reduction == 3


def test_a_counter_drains_3_ap_of_a_5_ap_spell_and_the_next_turn_starts_with_7():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("elise", "elise", 2, (2, 0))],
                     forced=[10, 30])
    events = game.apply("cast corvin firebolt elise")
    [drain] = events_of(events, ApDrained)
    assert (drain.amount, drain.owed, drain.next_refill) == (3, 3, 7)
    assert describe(drain, str) == "  elise owes 3 AP to the counter: taken off the next " \
                                   "refill (3 owed, next turn starts with 7 AP)"
    events = game.apply("end")
    assert events_of(events, OwedApPaid) == [OwedApPaid("elise", 3, 7)]
    assert game.units["elise"].ap == 7


def test_the_drain_rounding_and_fraction_are_rules():
    drain = msgspec.structs.replace(CONTENT.rules.counter_drain, rounding="down")
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("elise", "elise", 2, (2, 0))],
                     forced=[10, 30], content=content_with(rules={"counter_drain": drain}))
    [event] = events_of(game.apply("cast corvin firebolt elise"), ApDrained)
    assert event.amount == 2


def test_a_brawl_on_a_door_gives_no_xp():
    game = make_game([("dagny", "dagny", 1, (0, 1)), ("elise", "elise", 2, (2, 1))],
                     map_text="\n".join(["###", ".+.", "###"]), forced=[10, 99])
    hit = game.apply("attack dagny 1,1 brawl")
    miss = game.apply("attack dagny 1,1 brawl")
    assert events_of(hit, Damage) and not events_of(hit + miss, XpGained)
    assert game.units["dagny"].xp == 0


def test_xp_against_objects_is_a_rule():
    xp = msgspec.structs.replace(CONTENT.rules.xp, against_objects=1)
    game = make_game([("dagny", "dagny", 1, (0, 0)), ("elise", "elise", 2, (9, 9))],
                     objects=[{"id": "barrel", "name": "barrel", "at": [1, 0], "hp": 30}],
                     forced=[10], content=content_with(rules={"xp": xp}))
    [gain] = events_of(game.apply("attack dagny barrel brawl"), XpGained)
    assert gain.amount == 1


def test_a_reduction_debuff_never_adds_damage():
    game = make_game([("dagny", "dagny", 1, (1, 0)), ("corvin", "corvin", 2, (0, 0))],
                     forced=[10, 99])
    game.units["corvin"].effects.append(Effect("curse", "reduction", -4, 2))
    [damage] = events_of(game.apply("attack dagny corvin brawl"), Damage)
    assert bare(damage.reduction_terms) == (Term("defence", 1, "DEF", number=10), Term("effect", -4, "curse"))
    assert damage.reduction == 0
    assert damage.amount == max(0, damage.raw)
    assert "reduction defence (DEF 10) 1 - effect curse 4 = -3 → 0 (floor)" in describe(damage)


def test_an_effective_characteristic_never_goes_below_zero():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("dagny", "dagny", 2, (9, 9))])
    game.units["corvin"].effects.append(Effect("curse", "STR", -30, 2))
    assert game.units["corvin"].stat("STR") == 0


def test_a_clamped_chance_shows_its_raw_sum_in_the_journal():
    weak = char("corvin", skills=char("corvin").skills.__class__(brawl=0, magic=5))
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("goblin", "goblin", None, (1, 0)),
                      ("aldric", "aldric", 1, (0, 1)), ("brenna", "brenna", 1, (1, 1))],
                     forced=[1], content=content_with(characters={"corvin": weak}))
    [roll] = events_of(game.apply("attack corvin goblin brawl"), Roll)
    assert roll.chance == 0
    # The allies are named as the game names them (the term holds their ids).
    assert describe(roll, namer(game)).endswith(
        "- crowding (Aldric at 1, Brenna at 1) 10 = -10 → 0 (floor)]")
    strong = char("aldric", skills=char("aldric").skills.__class__(melee=95))
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("goblin", "goblin", None, (1, 0))],
                     forced=[99], content=content_with(characters={"aldric": strong}))
    [roll] = events_of(game.apply("attack aldric goblin with sword"), Roll)
    assert describe(roll).endswith("= 110 → 95 (cap)]")


def test_a_page_cap_changed_in_the_rules_changes_the_dodge_chance():
    caps = msgspec.structs.replace(CONTENT.rules.page.caps, dodge=25)
    content = content_with(rules={"page": page_with(caps=caps)})
    game = make_game([("dagny", "dagny", 1, (1, 0)), ("aldric", "aldric", 2, (0, 0))],
                     content=content, forced=[10, 30])
    [_, dodge] = events_of(game.apply("attack dagny aldric with axe"), Roll)
    assert (dodge.chance, dodge.cap, dodge.success) == (25, 25, False)


def test_validate_notices_each_rule_that_departs_from_the_page(tmp_path, capsys):
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    rules = content / "rules.yaml"
    rules.write_text(rules.read_text().replace("    dodge: 90\n", "    dodge: 85\n"))
    assert main(["validate", "--content", str(content)]) == 0
    out = capsys.readouterr().out
    line = next(n for n, text in enumerate(rules.read_text().split("\n"), 1)
                if text == "    dodge: 85")
    assert f"notice: content/rules.yaml:{line}:12: dodge cap 85 departs from the page (90)" in out
    assert out.count("notice:") == 1


def test_the_shipped_rules_follow_the_page():
    assert load_content().departures == ()


def test_a_missing_rules_setting_is_an_error_not_a_hidden_default(tmp_path):
    import pytest
    from game.content.yamlmarks import ContentErrors

    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    rules = content / "rules.yaml"
    rules.write_text(rules.read_text().replace("brawl_ap_cost: 3 ", "# removed "))
    with pytest.raises(ContentErrors) as caught:
        load_content(content)
    assert [e.message for e in caught.value.errors] == ["missing setting 'brawl_ap_cost'"]


def test_the_help_summary_is_built_from_the_loaded_rules():
    xp = msgspec.structs.replace(CONTENT.rules.xp, perfect=7)
    summary = " ".join(rules_summary(content_with(rules={"xp": xp}).rules))
    assert "+7 XP" in summary and "+2 XP" not in summary
    assert "cap 90" in " ".join(rules_summary(CONTENT.rules))


def test_a_caster_downed_by_one_reflection_is_not_downed_again_by_the_next():
    # Two characters in the ice storm both counter perfectly: the first reflection downs
    # Corvin; the second reflects onto nobody standing.
    mage = char("fenwick", skills=char("fenwick").skills.__class__(magic=50))
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("elise", "elise", 2, (3, 0)),
                      ("fenwick", "fenwick", 2, (3, 1))], forced=[1, 1, 1],
                     content=content_with(characters={"fenwick": mage}))
    game.units["corvin"].hp = 1
    events = game.apply("cast corvin ice-storm elise")
    from game.rules.events import Down

    assert events_of(events, Down) == [Down("corvin", "elise")]
    assert game.casualties == 1
    assert len([d for d in events_of(events, Damage) if d.target == "corvin"]) == 1


def test_an_ally_downed_by_the_same_area_no_longer_helps_the_next_counter():
    # The ice storm downs Dagny first (nearest the centre); Fenwick, her Wild ally beside
    # her, then counters without her: she is no longer present.
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("dagny", "dagny", 2, (3, 0)),
                      ("fenwick", "fenwick", 2, (3, 1))], forced=[1, 99, 99])
    game.units["dagny"].hp = 1
    events = game.apply("cast corvin ice-storm dagny")
    counters = {r.unit: r for r in events_of(events, Roll) if r.check == "counter"}
    assert game.units["dagny"].down
    assert Term("faction", 0, "wild") in bare(counters["fenwick"].terms)


def test_a_malus_item_is_never_used_on_oneself():
    from game.commands.common import new_game
    from game.content.loader import DEFAULT_CONTENT

    game = new_game(DEFAULT_CONTENT, "tavern-brawl", 0)
    game.current = 3  # Pike's player
    [refused] = game.apply("use pike pepper-bag")
    assert refused.reason == "the bag of pepper is a malus: Pike cannot use it on itself"


def test_a_damage_spell_is_never_aimed_at_its_own_caster():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("dagny", "dagny", 2, (5, 5))])
    game.apply("spawn goblin pet 1,1 owner 1")
    game.apply("give pet spell firebolt")
    [refused] = game.apply("cast pet firebolt pet")
    assert refused.reason == "Goblin cannot aim Firebolt at itself"


def test_legendary_armour_is_for_characters_only():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("goblin", "goblin", None, (5, 5))])
    [refused] = game.apply("give goblin armour wyrmscale")
    assert refused.reason == "legendary armour is for characters; Goblin is a creature"
