"""docs/rules.md §6 (R6.1–R6.8): damage-bonus table, dice, perfect die, reduction (cap 5),
floor 0, non-player targets with base defence, doors and objects destroyed at 0 HP."""

import pytest

from game.rules.damage import damage_bonus, defence_reduction
from game.rules.events import Damage, Destroyed, Roll
from game.rules.terms import Term
from tests.helpers import CONTENT, char, content_with, events_of, make_game, bare

TABLE = CONTENT.rules.damage_bonus


@pytest.mark.parametrize("total,dice", [
    (2, "-1d6"), (12, "-1d6"), (13, "-1d4"), (16, "-1d4"), (17, "0"), (24, "0"),
    (25, "1d4"), (32, "1d4"), (33, "1d6"), (40, "1d6"), (41, "2d6"), (48, "2d6"),
    (49, "2d6+2"), (56, "2d6+2"), (57, "2d6+4"), (80, "2d6+4"),
])
def test_damage_bonus_table_edges(total, dice):
    assert str(damage_bonus(TABLE, total)[1]) == dice


def test_defence_reduction_is_one_per_ten_capped_at_five():
    assert [defence_reduction(CONTENT.rules, d, "").value for d in (9, 10, 19, 49, 50, 59, 80)] == \
        [0, 1, 1, 4, 5, 5, 5]


def attack_damage(units, command, forced=(10, 99), content=None, seed=0, objects=()) -> Damage:
    game = make_game(units, content=content, forced=forced, seed=seed, objects=objects)
    [damage] = events_of(game.apply(command), Damage)
    return damage


def test_character_reduction_adds_defence_armour_and_legendary_armour():
    damage = attack_damage([("dagny", "dagny", 1, (1, 0)), ("aldric", "aldric", 2, (0, 0))],
                           "attack dagny aldric with axe")
    assert bare(damage.reduction_terms) == (Term("defence", 1, "DEF", number=14),
                                      Term("armour", 1, "leather"),
                                      Term("legendary", 1, "lily-mantle"))
    assert damage.reduction == 3


def test_damage_is_dice_plus_bonus_minus_reduction_never_below_zero():
    seen_negative = False
    weak = char("corvin", characteristics=char("corvin").characteristics.__class__(
        STR=3, DEX=12, SIZ=3, INT=17, DEF=10, LCK=11))
    content = content_with(characters={"corvin": weak})
    for seed in range(40):
        damage = attack_damage([("corvin", "corvin", 1, (0, 0)), ("wolf", "wolf", None, (1, 0))],
                               "attack corvin wolf brawl", forced=(1,), content=content,
                               seed=seed)
        assert [d.label for d in damage.dice] == ["brawl", "bonus", "perfect"]
        # The bonus dice say what they read: STR+SIZ 6, the table's first row.
        assert (damage.dice[1].stats, damage.dice[1].number, damage.dice[1].row) == \
            (("STR", "SIZ"), 6, 0)
        assert damage.raw == sum(d.total for d in damage.dice)
        assert damage.amount == max(0, damage.raw - damage.reduction)
        assert damage.hp_after == damage.hp_before - damage.amount
        seen_negative |= damage.raw < 0
    assert seen_negative


def test_a_creature_takes_its_reduction_from_its_def_like_a_character():
    goblin = attack_damage([("aldric", "aldric", 1, (0, 0)), ("goblin", "goblin", None, (1, 0))],
                           "attack aldric goblin with sword")
    assert bare(goblin.reduction_terms) == (Term("defence", 0, "DEF", number=8),)
    assert goblin.reduction == 0
    wolf = attack_damage([("aldric", "aldric", 1, (0, 0)), ("wolf", "wolf", None, (1, 0))],
                         "attack aldric wolf with sword")
    assert bare(wolf.reduction_terms) == (Term("defence", 1, "DEF", number=10), Term("armour", 1, "hide"))
    ogre = attack_damage([("aldric", "aldric", 1, (0, 0)), ("ogre", "ogre", None, (1, 0))],
                         "attack aldric ogre with sword")
    assert bare(ogre.reduction_terms) == (Term("defence", 1, "DEF", number=15),)


def test_an_object_without_def_uses_the_base_defence_named_as_such():
    barrel = attack_damage([("aldric", "aldric", 1, (0, 0)), ("elise", "elise", 2, (9, 9))],
                           "attack aldric barrel with sword",
                           objects=[{"id": "barrel", "name": "barrel", "at": [1, 0], "hp": 6}])
    assert bare(barrel.reduction_terms) == (Term("defence", 1, "base", number=10),)


def test_a_door_at_zero_hp_breaks_and_opens_sight():
    game = make_game([("dagny", "dagny", 1, (0, 1)), ("elise", "elise", 2, (2, 1))],
                     map_text="\n".join(["###", ".+.", "###"]), forced=[10])
    assert not game.sees((0, 1), (2, 1))
    game.doors[(1, 1)].hp = 1
    events = game.apply("attack dagny 1,1 with axe")
    assert [r.check for r in events_of(events, Roll)] == ["attack"]  # doors never dodge
    [damage] = events_of(events, Damage)
    assert bare(damage.reduction_terms) == (Term("defence", 2, "door", number=20),)
    assert damage.amount >= 1  # axe 1d10 + 1d4 against 2, with seed 0
    assert events_of(events, Destroyed) == [Destroyed("door-1-1", "door", (1, 1))]
    assert game.doors[(1, 1)].state == "broken"
    assert game.sees((0, 1), (2, 1))
    assert game.apply("open dagny 1,1")[0].reason == "the door at 1,1 is broken"
    assert game.apply("move dagny 1,1")[1].ap_spent == 1


def test_an_object_at_zero_hp_is_destroyed_and_frees_its_square():
    game = make_game([("dagny", "dagny", 1, (0, 0)), ("elise", "elise", 2, (9, 9))],
                     objects=[{"id": "barrel", "name": "barrel", "at": [1, 0], "hp": 1}],
                     forced=[10], seed=3)
    events = game.apply("attack dagny barrel with axe")
    [damage] = events_of(events, Damage)
    assert damage.amount >= 1
    assert events_of(events, Destroyed) == [Destroyed("barrel", "object", (1, 0))]
    assert game.passable((1, 0))
