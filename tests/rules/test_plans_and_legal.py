"""Typed plans (check once, resolve without recomputing), the one percentile check, and
`legal`: what a unit can do, with each option's plan or refusal."""

import msgspec
import pytest

from game.rules import actions, legal, magic
from game.rules.actions import Attack, AttackPlan, DoorPlan, MovePlan, ToggleDoor, roll_check
from game.rules.dice import Dice, Roller
from game.rules.engine import Game
from game.rules.policies import ProfileBook
from game.rules.events import CommandIssued, Damage, Moved, Roll
from game.rules.magic import CastPlan
from game.rules.templates import PlayerSpec, Scenario, UnitPlacement
from game.rules.terms import Chance, Term
from tests.helpers import CONTENT, OPEN_MAP, content_with, events_of, make_game, bare

WALL_BETWEEN = "\n".join([
    "............",
    "...#........",
    "...#........",
    "...#........",
    "............",
])


def forbid(monkeypatch, module, *names):
    """Make rule functions fail if called: resolve must read the plan instead."""
    def refuse(*args, **kwargs):
        raise AssertionError("recomputed during resolve")

    for name in names:
        monkeypatch.setattr(module, name, refuse)


# --- the one percentile check ---------------------------------------------------------


def test_roll_check_succeeds_at_the_chance_and_is_perfect_strictly_below_the_threshold():
    chance = Chance("attack", (Term("skill", 55),), 95, perfect_below=5)
    results = []
    for value in (4, 5, 55, 56):
        roller = Roller(0, [value])
        roll = roll_check(roller, chance, "aldric")
        results.append((roll.roll, roll.success, roll.perfect))
    assert results == [(4, True, True), (5, True, False), (55, True, False),
                       (56, False, False)]


def test_a_roll_below_the_threshold_but_above_the_chance_is_not_perfect():
    chance = Chance("counter", (Term("skill", 3),), 95, perfect_below=10)
    roll = roll_check(Roller(0, [5]), chance, "elise")
    assert not roll.success and not roll.perfect


# --- attack plans ---------------------------------------------------------------------


def test_an_attack_plan_holds_every_number_the_roll_and_damage_use(monkeypatch):
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (1, 0))],
                     forced=[30, 99])
    plan = Attack("aldric", "dagny", weapon="sword").check(game, 1)
    assert isinstance(plan, AttackPlan)
    assert (plan.attacker.id, plan.target.id, plan.distance, plan.ap_cost) == \
        ("aldric", "dagny", 1, CONTENT.weapons["sword"].ap_cost)
    assert plan.chance.value == 65 and plan.chance.perfect_below == 5
    assert plan.defence is not None and plan.defence.check == "dodge"
    assert [label for label, _ in plan.damage.dice][0] == "sword"
    assert plan.damage.perfect_die == Dice.parse(CONTENT.rules.perfect_die)
    assert plan.damage.reduction == sum(t.value for t in plan.damage.reduction_terms) > 0
    forbid(monkeypatch, actions, "attack_chance", "dodge_chance", "reduction_terms",
           "damage_plan")
    events = Attack("aldric", "dagny", weapon="sword").resolve(game, plan)
    attack, dodge = events_of(events, Roll)
    assert (attack.chance, attack.terms) == (plan.chance.value, plan.chance.terms)
    assert (dodge.chance, dodge.terms) == (plan.defence.value, plan.defence.terms)
    [damage] = events_of(events, Damage)
    assert damage.reduction_terms == plan.damage.reduction_terms
    assert damage.amount == max(0, damage.raw - plan.damage.reduction)


def test_an_attack_on_a_creature_or_an_object_has_no_defence_roll():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("wolf", "wolf", None, (1, 0)),
                      ("dagny", "dagny", 2, (9, 9))],
                     objects=[{"id": "barrel", "name": "barrel", "at": [0, 1], "hp": 5}])
    assert Attack("aldric", "wolf").check(game, 1).defence is None
    assert Attack("aldric", "barrel").check(game, 1).defence is None


def test_move_and_door_plans_carry_the_path_and_the_cost():
    game = make_game([("aldric", "aldric", 1, (2, 4)), ("dagny", "dagny", 2, (7, 0))],
                     map_text="\n".join(["........", "...#....", "...#....", "...+....",
                                         "........"]))
    move = legal.move_option(game, "aldric", (0, 4))
    assert isinstance(move.plan, MovePlan)
    assert (len(move.plan.path), move.plan.path[-1], move.ap_cost) == (2, (0, 4), 2)
    door = legal.door_option(game, "aldric", (3, 3))
    assert isinstance(door.plan, DoorPlan) and door.plan.opening and door.ap_cost == 1
    assert door.command == "open aldric 3,3"
    game.apply(door.action)
    assert legal.door_option(game, "aldric", (3, 3)).command == "close aldric 3,3"


# --- spell plans ----------------------------------------------------------------------


def test_a_cast_plan_lists_the_area_targets_with_their_counters_and_drain(monkeypatch):
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("elise", "elise", 2, (3, 0)),
                      ("dagny", "dagny", 2, (4, 0)), ("goblin", "goblin", None, (3, 1)),
                      ("brenna", "brenna", 1, (2, 1))], forced=[10, 99, 99])
    plan = magic.Cast("corvin", "ice-storm", "elise").check(game, 1)
    assert isinstance(plan, CastPlan)
    assert [t.unit.id for t in plan.targets] == ["elise", "dagny", "goblin"]
    assert [t.counter is not None for t in plan.targets] == [True, True, False]
    assert plan.targets[0].drain == 4  # half of 7, rounded half up
    assert plan.defence == plan.targets[0].counter
    assert plan.dice == Dice.parse("1d6+1")
    forbid(monkeypatch, magic, "magic_chance", "counter_chance", "reduction_terms")
    events = magic.Cast("corvin", "ice-storm", "elise").resolve(game, plan)
    rolls = events_of(events, Roll)
    assert [r.chance for r in rolls] == [plan.chance.value, plan.targets[0].counter.value,
                                        plan.targets[1].counter.value]


def test_an_area_spell_spares_its_caster_standing_inside_it():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("dagny", "dagny", 2, (1, 0)),
                      ("elise", "elise", 2, (9, 9))], forced=[10, 99])
    corvin_hp = game.units["corvin"].hp
    events = game.apply("cast corvin ice-storm dagny")
    assert [d.target for d in events_of(events, Damage)] == ["dagny"]
    assert [r.unit for r in events_of(events, Roll)] == ["corvin", "dagny"]
    assert game.units["corvin"].hp == corvin_hp


# --- legal options ----------------------------------------------------------------------


def test_options_against_a_unit_list_each_weapon_bare_hands_and_each_spell():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("dagny", "dagny", 2, (1, 0))])
    options = legal.options_against(game, "corvin", (1, 0))
    corvin = game.units["corvin"]
    assert [o.kind for o in options] == \
        ["attack"] * (len(corvin.weapons) + 1) + ["spell"] * len(corvin.spells)
    assert options[len(corvin.weapons)].command == "attack corvin dagny brawl"
    for option in options:
        assert option.possible == (option.plan is not None)
        if option.possible:
            assert option.chance is option.plan.chance
    heal = next(o for o in options if o.kind == "spell" and o.action.spell == "mend") \
        if "mend" in corvin.spells else None
    assert heal is None or not heal.possible


def test_a_refused_option_gives_the_rules_reason():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (3, 0))])
    [sword, hands] = legal.options_against(game, "aldric", (3, 0))
    assert not sword.possible and sword.plan is None
    assert sword.reason == "Dagny is 3 squares away; a blow with the sword needs an adjacent target"
    assert hands.reason == "Dagny is 3 squares away; bare hands need an adjacent target"


def test_a_broken_door_is_refused_as_a_target_and_not_offered():
    game = make_game([("dagny", "dagny", 1, (0, 1)), ("elise", "elise", 2, (6, 1))],
                     map_text="\n".join(["###....", ".+.....", "###...."]))
    door = game.doors[(1, 1)]
    door.state, door.hp = type(door.state).BROKEN, 0
    assert game.apply("attack dagny 1,1 with axe")[0].reason == \
        "the door at 1,1 is already broken"
    assert game.apply("open dagny 1,1")[0].reason == "the door at 1,1 is broken"
    assert (1, 1) not in legal.choices(game, "dagny").attack_squares()


def test_choices_answer_once_for_the_panel_overlay_and_spell_list():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("dagny", "dagny", 2, (1, 0)),
                      ("elise", "elise", 2, (9, 9))])
    found = legal.choices(game, "corvin")
    assert found.at((1, 0)) == legal.options_against(game, "corvin", (1, 0))
    assert (1, 0) in found.attack_squares() and (9, 9) not in found.attack_squares()
    assert found.spell_squares("firebolt") == {(1, 0)}
    assert (0, 1) in found.reach and (0, 0) not in found.reach


# --- creatures ---------------------------------------------------


def archer_goblin():
    goblin = CONTENT.creatures["goblin"]
    return content_with(creatures={"goblin": msgspec.structs.replace(
        goblin, weapons=["shortbow"], skills=msgspec.structs.replace(goblin.skills, ranged=40),
        masteries={})})


@pytest.mark.parametrize("map_text, first", [
    ("\n".join(["." * 12] * 5), "attack goblin aldric"),
    (WALL_BETWEEN, "move goblin"),
])
def test_a_creature_shoots_only_what_it_sees(map_text, first):
    game = make_game([("aldric", "aldric", 1, (1, 2)), ("dagny", "dagny", 2, (11, 4)),
                      ("goblin", "goblin", None, (4, 2))], map_text=map_text,
                     content=archer_goblin(), forced=[99] * 10)
    game.apply("end")
    events = game.apply("end")
    commands = [e.text for e in events_of(events, CommandIssued) if e.player is None]
    assert commands[0].startswith(first)
    if first == "move goblin":
        assert events_of(events, Moved)[0].unit == "goblin"


def test_the_target_of_a_brawl_never_counts_as_a_faction_ally():
    # A scenario may give a player creatures: two goblins of one owner, one brawling the other.
    scenario = Scenario(
        name="test", map=OPEN_MAP,
        players=[PlayerSpec(name="Alice", colour="blue"), PlayerSpec(name="Bruno", colour="red")],
        characters=[UnitPlacement(id="aldric", template="aldric", owner=1, at=[0, 0]),
                    UnitPlacement(id="dagny", template="dagny", owner=2, at=[11, 11])],
        creatures=[UnitPlacement(id="grik", template="goblin", owner=1, at=[5, 5]),
                   UnitPlacement(id="snag", template="goblin", owner=1, at=[6, 5])])
    game = Game(CONTENT, scenario, policies=ProfileBook(CONTENT))
    plan = Attack("grik", "snag", brawl=True).check(game, 1)
    assert Term("faction", 0, "goblins") in bare(plan.chance.terms)
