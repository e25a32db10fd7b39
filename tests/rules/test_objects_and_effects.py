"""docs/rules.md §14, objects and effects: a weapon's on-hit effect, items used with `use`,
and a door's own HP and defence from its scenario."""

import pytest

from game.commands.common import new_game
from game.content.loader import DEFAULT_CONTENT
from game.journal.text import describe, namer
from game.rules.actions import damage_plan
from game.rules.chances import melee_chance
from game.rules.constants import AttackMode
from game.rules.engine import Game
from game.rules.policies import ProfileBook
from game.rules.sources import entry_source
from game.rules.events import Damage, EffectAdded, EffectExpired, ItemUsed, Roll
from game.rules.items import Use
from game.rules.legal import item_options, options_against
from game.rules.notation import NotationError, parse
from game.rules.templates import DoorSpec, PlayerSpec, Scenario, UnitPlacement
from game.rules.terms import Term
from game.saves import load_game, save_game
from tests.helpers import CONTENT, events_of, make_game, bare


def journal(game, events):
    name = namer(game)
    return [describe(e, name) for e in events]


# --- on-hit effects --------------------------------------------------------------------

def venom_game(forced):
    return make_game([("pike", "pike", 1, (0, 0)), ("hugo", "hugo", 2, (1, 0))],
                     forced=forced)


def test_a_venomed_hit_lays_its_effect_on_the_character_hit():
    game = venom_game([10, 99])  # a hit, then Hugo's dodge fails
    events = game.apply("attack pike hugo with venom-dagger")
    assert [r.success for r in events_of(events, Roll)] == [True, False]
    [damage] = events_of(events, Damage)
    assert damage.amount > 0 and not game.units["hugo"].down
    assert events_of(events, EffectAdded) == [EffectAdded(
        "hugo", "venom-dagger", "STR", -2, 2, "R14.1",
        entry_source("weapons", "venom-dagger", "on_hit.amount"))]
    hugo = game.units["hugo"]
    assert hugo.stat("STR") == 13
    # Its effect reaches every rule that reads STR: sb(STR) and the damage bonus.
    chance = melee_chance(game.rules, hugo, "cudgel")
    assert Term("stat_bonus", 3, "STR", number=13) in bare(chance.terms) and chance.value == 40 + 10 + 3
    plan = damage_plan(game, hugo, game.units["pike"], AttackMode.MELEE,
                       CONTENT.weapons["cudgel"])
    assert plan.dice[1][0] == "bonus"
    assert (plan.bonus.stats, plan.bonus.total) == (("STR", "SIZ"), 27)
    assert "  Hugo: venomed dagger -2 STR for 2 turns" in journal(game, events)


def test_a_missed_or_dodged_venomed_attack_lays_nothing():
    missed = venom_game([99])
    assert not events_of(missed.apply("attack pike hugo with venom-dagger"), EffectAdded)
    dodged = venom_game([10, 1])
    events = dodged.apply("attack pike hugo with venom-dagger")
    assert events_of(events, Roll)[1].success
    assert not events_of(events, EffectAdded) and dodged.units["hugo"].effects == []


def test_a_venomed_hit_on_an_object_lays_nothing():
    game = make_game([("pike", "pike", 1, (0, 0))], forced=[10],
                     objects=[{"id": "barrel", "name": "barrel", "at": [1, 0], "hp": 30}])
    events = game.apply("attack pike barrel with venom-dagger")
    assert events_of(events, Damage) and not events_of(events, EffectAdded)


def test_the_venom_wears_off_at_its_holders_second_turn_and_a_second_hit_refreshes_it():
    game = venom_game([10, 99, 10, 99])
    # Tough enough to stand after both hits whatever the seeded damage: the effect is the point.
    game.units["hugo"].hp = game.units["hugo"].hp_max = 40
    game.apply("attack pike hugo with venom-dagger")
    game.apply("attack pike hugo with venom-dagger")
    assert [(e.source, e.turns) for e in game.units["hugo"].effects] == [("venom-dagger", 2)]
    game.apply("end")  # Bruno's turn: 2 -> 1
    assert game.units["hugo"].stat("STR") == 13
    game.apply("end")
    events = game.apply("end")  # Bruno's next turn: gone
    assert EffectExpired("hugo", "venom-dagger", "STR") in events
    assert game.units["hugo"].stat("STR") == 15


# --- items -----------------------------------------------------------------------------

def item_game(forced=()):
    return make_game([("hugo", "hugo", 1, (0, 0)), ("maud", "maud", 1, (1, 0)),
                      ("pike", "pike", 2, (0, 1)), ("ulf", "ulf", 2, (5, 5))], forced=forced)


def test_a_draught_of_strength_on_its_user_then_used_up():
    game = item_game()
    hugo = game.units["hugo"]
    assert hugo.items == {"strength-draught": 1, "smelling-salts": 2}
    events = game.apply("use hugo strength-draught")
    assert events_of(events, ItemUsed) == [ItemUsed("hugo", "strength-draught", "hugo", 2, 8, 0)]
    assert journal(game, events)[1:] == [
        "Hugo uses the draught of strength (2 AP, 8 left; used up)",
        "  Hugo: draught of strength +4 STR for 2 turns"]
    assert hugo.stat("STR") == 19 and hugo.ap == 8
    # STR 19 + SIZ 14 = 33: the damage bonus goes from 1d4 to 1d6; sb(STR) from +5 to +9.
    plan = damage_plan(game, hugo, game.units["pike"], AttackMode.MELEE,
                       CONTENT.weapons["cudgel"])
    assert plan.dice[1][0] == "bonus"
    assert (plan.bonus.stats, plan.bonus.total) == (("STR", "SIZ"), 33)
    assert plan.dice[1][1].sides == 6 and plan.dice[1][1].count == 1
    refused = game.apply("use hugo strength-draught")
    assert [(r.text, r.reason) for r in refused] == [("use hugo strength-draught",
                                                      "Hugo's draught of strength is used up")]
    assert hugo.ap == 8


def test_smelling_salts_on_an_adjacent_ally_then_its_second_charge():
    game = item_game(forced=[10, 60])
    events = game.apply("use hugo smelling-salts maud")
    assert events_of(events, ItemUsed)[0].uses_left == 1
    assert journal(game, events)[1] == \
        "Hugo uses the smelling salts on Maud (1 AP, 9 left; 1 use left)"
    assert game.units["maud"].effects[0].stat == "dodge"
    game.apply("end")
    attack = game.apply("attack pike maud")
    dodge = events_of(attack, Roll)[1]
    assert dodge.check == "dodge" and Term("effect", 10, "smelling-salts") in bare(dodge.terms)


def test_item_refusals_name_the_reason():
    game = item_game()
    for command, reason in [
        ("use hugo smelling-salts ulf", "Ulf is 5 squares away; the smelling salts can be used "
                                        "within 1"),
        ("use hugo strength-draught maud", "the draught of strength can be used only on its user"),
        ("use hugo pepper-bag", "Hugo does not carry the bag of pepper (carries "
                                "strength-draught, smelling-salts)"),
        ("use hugo caltrops", "Hugo does not carry 'caltrops' (carries strength-draught, "
                              "smelling-salts)"),
        ("use pike pepper-bag hugo", "Pike belongs to Bruno, not to Alice"),
    ]:
        assert [(r.text, r.reason) for r in game.apply(command)] == [(command, reason)]
    game.apply("end")
    game.apply("move pike 4,4")
    refused = game.apply("use pike pepper-bag ulf")
    assert refused[0].reason.startswith("Ulf is one of your own characters")


def test_a_bag_of_pepper_is_a_malus_in_the_foes_melee_chance():
    game = item_game()
    game.apply("end")
    events = game.apply("use pike pepper-bag hugo")
    assert events_of(events, EffectAdded) == [EffectAdded(
        "hugo", "pepper-bag", "melee", -10, 2, "R14.2",
        entry_source("items", "pepper-bag", "effect.amount"))]
    game.apply("end")  # Alice's turn again: the pepper is still in Hugo's eyes
    [option] = [o for o in options_against(game, "hugo", (0, 1)) if o.label == "cudgel"]
    assert Term("effect", -10, "pepper-bag") in bare(option.chance.terms)
    assert option.chance.value == 40 + 10 + 5 - 10


def test_use_in_the_notation():
    assert parse("use hugo strength-draught") == Use("hugo", "strength-draught")
    assert parse("use hugo smelling-salts maud").notation() == "use hugo smelling-salts maud"
    with pytest.raises(NotationError, match="use takes 2 or 3 arguments"):
        parse("use hugo")


def test_legal_options_list_items_with_their_plan_or_reason():
    game = item_game()
    mine = item_options(game, "hugo")
    assert [(o.label, o.kind, o.command, o.possible) for o in mine] == [
        ("draught of strength (1 use left)", "item", "use hugo strength-draught", True),
        ("smelling salts (2 uses left)", "item", "use hugo smelling-salts", True)]
    on_maud = [o for o in options_against(game, "hugo", (1, 0)) if o.kind == "item"]
    assert [(o.command, o.reason) for o in on_maud] == [
        ("use hugo strength-draught maud", "the draught of strength can be used only on its user"),
        ("use hugo smelling-salts maud", None)]
    assert on_maud[1].plan.ap_cost == 1 and on_maud[1].plan.target.id == "maud"


def test_an_item_use_replays_from_the_log():
    game = item_game()
    game.apply("use hugo smelling-salts maud")
    again = item_game()
    for command in game.log:
        again.apply(command)
    assert again.snapshot() == game.snapshot()


# --- doors with their own numbers ------------------------------------------------------

def door_game(doors):
    scenario = Scenario(
        name="doors", map="....\n.+..\n..+.\n....",
        players=[PlayerSpec(name="Alice", colour="blue"), PlayerSpec(name="Bruno", colour="red")],
        characters=[UnitPlacement(id="dagny", template="dagny", owner=1, at=[0, 1]),
                    UnitPlacement(id="ulf", template="ulf", owner=2, at=[3, 3])],
        doors=doors)
    game = Game(CONTENT, scenario, designer=True, policies=ProfileBook(CONTENT))
    return game


def test_a_door_with_its_own_hp_and_defence():
    game = door_game([DoorSpec(at=[1, 1], hp=20, defence=30)])
    iron, plain = game.doors[(1, 1)], game.doors[(2, 2)]
    assert (iron.hp, iron.hp_max, iron.defence) == (20, 20, 30)
    assert (plain.hp, plain.defence) == (CONTENT.rules.door_hp, CONTENT.rules.door_defence)
    game.roller.force([10])
    events = game.apply("attack dagny door-1-1")
    [damage] = events_of(events, Damage)
    assert bare(damage.reduction_terms) == (Term("defence", 3, "door", number=30),)
    assert damage.hp_before == 20 and iron.hp == max(0, 20 - damage.amount)


def test_a_door_may_override_only_one_number():
    game = door_game([DoorSpec(at=[2, 2], defence=0)])
    door = game.doors[(2, 2)]
    assert (door.hp, door.defence) == (CONTENT.rules.door_hp, 0)


def test_items_used_and_effects_survive_a_save_and_a_load(tmp_path):
    game = new_game(DEFAULT_CONTENT, "tavern-brawl", 3)
    game.apply("use hugo smelling-salts")
    path = save_game(game, "salts", tmp_path)
    for mode in ("auto", "replay"):
        loaded = load_game(path, DEFAULT_CONTENT, mode=mode).game
        assert loaded.units["hugo"].items == {"strength-draught": 1, "smelling-salts": 1}
        assert loaded.units["hugo"].effects == game.units["hugo"].effects
        assert loaded.snapshot() == game.snapshot()
