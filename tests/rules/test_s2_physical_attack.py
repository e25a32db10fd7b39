"""docs/rules.md §4 (R4.1–R4.11): placement, AP cost, crowding, distance malus, the three
chances, perfect."""

import pytest

from game.rules.templates import Skills
from game.rules.chances import crowding_malus, distance_malus
from game.rules.events import AttackDeclared, Damage, Roll
from game.rules.terms import Term
from tests.helpers import CONTENT, char, content_with, events_of, make_game, bare


def test_crowding_page_examples():
    rules = CONTENT.rules
    assert crowding_malus(rules, [("A", 1), ("B", 2)]).value == -9
    assert crowding_malus(rules, [("A", 5), ("B", 4)]).value == -3
    assert crowding_malus(rules, [("A", 6), ("B", 7)]).value == 0  # never a bonus
    assert crowding_malus(rules, []).value == 0


def test_crowding_names_the_characters_it_counts_nearest_first():
    term = crowding_malus(CONTENT.rules, [("elise", 3), ("corvin", 2)])
    assert bare(term) == Term("crowding", -7, units=("corvin", "elise"), squares=(2, 3))


def test_distance_malus_rounds_half_up():
    assert distance_malus(1.0, 1).value == 0
    assert distance_malus(1.0, 4).value == -3
    assert distance_malus(0.5, 2).value == -1  # 0.5 -> 1, not 0
    assert distance_malus(0.5, 4).value == -2  # 1.5 -> 2


def test_distance_malus_names_its_squares():
    assert distance_malus(1.0, 1).number == 1
    assert distance_malus(1.0, 4).number == 4


def test_ranged_chance_with_crowding_and_distance_has_every_named_term():
    game = make_game([("brenna", "brenna", 1, (0, 0)), ("aldric", "aldric", 1, (0, 1)),
                      ("corvin", "corvin", 1, (2, 2)), ("goblin", "goblin", None, (4, 0))],
                     forced=[99])
    [roll] = events_of(game.apply("attack brenna goblin with shortbow"), Roll)
    assert bare(roll.terms) == (
        Term("skill", 55, "ranged"), Term("mastery", 10, "bow"), Term("stat_bonus", 6, "DEX", number=16),
        Term("crowding", -9, units=("aldric", "corvin"), squares=(1, 2)), Term("distance", -3, number=4),
    )
    assert roll.chance == 59 and roll.cap == 95 and not roll.success


def test_brawl_chance_adds_faction_and_takes_crowding():
    # Brenna (Alice's, of the Order like Aldric) helps; Elise (Bruno's, of the Order too)
    # is an enemy and never counts, however close.
    game = make_game([("aldric", "aldric", 1, (5, 5)), ("goblin", "goblin", None, (6, 5)),
                      ("elise", "elise", 2, (5, 6)), ("brenna", "brenna", 1, (0, 5)),
                      ("corvin", "corvin", 1, (9, 5))], forced=[99])
    events = game.apply("attack aldric goblin brawl")
    [declared] = events_of(events, AttackDeclared)
    assert declared.mode == "brawl" and declared.ap_spent == 3
    [roll] = events_of(events, Roll)
    assert bare(roll.terms) == (Term("skill", 40, "brawl"), Term("faction", 6, "order", units=("brenna",)),
                          Term("crowding", -3, units=("corvin", "brenna"), squares=(4, 5)))
    assert roll.chance == 43 and roll.cap == 100


def test_melee_chance_has_no_faction_and_no_crowding():
    game = make_game([("aldric", "aldric", 1, (5, 5)), ("goblin", "goblin", None, (6, 5)),
                      ("elise", "elise", 2, (5, 7)), ("brenna", "brenna", 1, (4, 5))],
                     forced=[99])
    [roll] = events_of(game.apply("attack aldric goblin with sword"), Roll)
    assert bare(roll.terms) == (Term("skill", 50, "melee"), Term("mastery", 10, "sword"),
                          Term("stat_bonus", 5, "STR", number=15))
    assert roll.chance == 65 and roll.cap == 95


def test_caps_brawl_100_melee_95_ranged_95():
    strong = Skills(brawl=150, melee=150, ranged=150, dodge=0, magic=0)
    content = content_with(characters={"brenna": char("brenna", skills=strong)})
    game = make_game([("brenna", "brenna", 1, (0, 0)), ("goblin", "goblin", None, (1, 0))],
                     content=content)
    game.units["goblin"].hp = 99
    chances = {}
    for command in ("attack brenna goblin brawl", "attack brenna goblin with dagger",
                    "attack brenna goblin with shortbow"):
        game.roller.force([99])
        [roll] = events_of(game.apply(command), Roll)
        chances[command.split()[-1]] = (roll.chance, roll.cap)
        game.units["brenna"].ap = 10
    assert chances == {"brawl": (100, 100), "dagger": (95, 95), "shortbow": (95, 95)}


def test_a_roll_of_4_is_perfect_and_5_is_not():
    for roll_value, perfect in ((4, True), (5, False)):
        game = make_game([("aldric", "aldric", 1, (0, 0)), ("goblin", "goblin", None, (1, 0))],
                         forced=[roll_value])
        events = game.apply("attack aldric goblin with sword")
        [roll] = events_of(events, Roll)
        [damage] = events_of(events, Damage)
        assert roll.success and roll.perfect is perfect
        assert ("perfect" in [d.label for d in damage.dice]) is perfect


@pytest.mark.parametrize("attacker,weapon,at,reason", [
    ("aldric", "sword", (2, 0), "Goblin is 2 squares away; a blow with the sword needs an adjacent target"),
    ("aldric", None, (2, 0), "Goblin is 2 squares away; bare hands need an adjacent target"),
    ("brenna", "shortbow", (5, 0), "Goblin is 5 squares away; the short bow reaches 4"),
    ("fenwick", "sling", (4, 0), "Goblin is 4 squares away; the sling reaches 3"),
])
def test_placement_refusals(attacker, weapon, at, reason):
    game = make_game([(attacker, attacker, 1, (0, 0)), ("goblin", "goblin", None, at)])
    command = f"attack {attacker} goblin " + (f"with {weapon}" if weapon else "brawl")
    before = game.snapshot()
    assert game.apply(command)[0].reason == reason
    assert game.snapshot() == before


def test_ranged_attack_needs_line_of_sight():
    game = make_game([("brenna", "brenna", 1, (0, 1)), ("goblin", "goblin", None, (4, 1))],
                     map_text="\n".join(["......", "..#...", "......"]))
    assert game.apply("attack brenna goblin with shortbow")[0].reason == \
        "Brenna has no line of sight to Goblin"


def test_weapon_attack_costs_the_weapons_ap_and_brawl_costs_three():
    game = make_game([("dagny", "dagny", 1, (0, 0)), ("goblin", "goblin", None, (1, 0))],
                     forced=[99, 99])
    game.apply("attack dagny goblin")  # the axe, her first weapon
    assert game.units["dagny"].ap == 10 - CONTENT.weapons["axe"].ap_cost
    game.apply("attack dagny goblin brawl")
    assert game.units["dagny"].ap == 10 - 5 - 3
