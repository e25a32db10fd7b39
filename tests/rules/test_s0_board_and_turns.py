"""docs/rules.md §1 (R1.1–R1.11): board, sight, movement, doors, turns, creatures, down,
game over."""

from game.rules.board import DoorState
from game.rules.events import CommandIssued, CreaturePhase, DoorChanged, GameOver, Moved, Refused, TurnStarted
from game.rules.geometry import distance
from tests.helpers import CONTENT, events_of, make_game

WALLED = "\n".join([
    "........",
    "...#....",
    "...#....",
    "...+....",
    "........",
])


def test_distance_is_chebyshev_so_diagonals_count_one():
    assert distance((0, 0), (1, 1)) == 1
    assert distance((0, 0), (4, 2)) == 4


def test_walls_and_closed_doors_block_sight_open_doors_do_not():
    game = make_game([("aldric", "aldric", 1, (2, 3)), ("dagny", "dagny", 2, (4, 3))],
                     map_text=WALLED)
    assert not game.sees((2, 3), (4, 3))
    game.apply("open aldric 3,3")
    assert game.sees((2, 3), (4, 3))
    assert not game.sees((2, 1), (4, 1))


def test_vision_radius_is_six_by_default():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (6, 0))])
    assert game.sees((0, 0), (6, 0))
    assert not game.sees((0, 0), (7, 0))


def test_moving_costs_one_ap_per_square_along_the_shortest_path():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (11, 11))])
    [_, moved] = game.apply("move aldric 3,2")
    assert isinstance(moved, Moved)
    assert moved.ap_spent == 3 and moved.ap_left == 7
    assert game.units["aldric"].pos == (3, 2)


def test_a_walk_along_an_empty_row_goes_straight():
    # Of the routes of the same length, the straight one: with the diagonals tried first
    # the route went up a row and back (3,1 4,0 5,1 …), as a playtester saw it drawn.
    game = make_game([("aldric", "aldric", 1, (0, 1)), ("dagny", "dagny", 2, (11, 11))])
    [_, moved] = game.apply("move aldric 6,1")
    assert moved.path == ((1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1))
    assert moved.ap_spent == 6


def test_moving_around_a_wall_costs_the_detour():
    game = make_game([("aldric", "aldric", 1, (2, 2)), ("dagny", "dagny", 2, (7, 4))],
                     map_text=WALLED)
    [_, moved] = game.apply("move aldric 4,2")
    assert moved.path == ((2, 1), (3, 0), (4, 1), (4, 2))  # around the wall's top end
    assert moved.ap_spent == 4


def test_moving_further_than_ap_allow_is_refused_and_changes_nothing():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (11, 11))])
    before = game.snapshot()
    [refused] = game.apply("move aldric 11,0")
    assert refused.reason == "Aldric needs 11 AP to reach 11,0 and has 10"
    assert game.snapshot() == before


def test_moving_onto_a_wall_or_a_unit_is_refused():
    game = make_game([("aldric", "aldric", 1, (2, 1)), ("dagny", "dagny", 2, (2, 2))],
                     map_text=WALLED)
    assert game.apply("move aldric 3,1")[0].reason == "3,1 is not free (a wall)"
    assert game.apply("move aldric 2,2")[0].reason == "2,2 is not free (Dagny)"
    assert game.apply("move aldric 3,3")[0].reason == "3,3 is not free (a closed door)"


def test_opening_and_closing_an_adjacent_door_costs_one_ap():
    game = make_game([("aldric", "aldric", 1, (2, 3)), ("dagny", "dagny", 2, (7, 4))],
                     map_text=WALLED)
    [_, opened] = game.apply("open aldric 3,3")
    assert isinstance(opened, DoorChanged) and opened.state == "open" and opened.ap_left == 9
    [_, closed] = game.apply("close aldric 3,3")
    assert closed.state == "closed" and game.units["aldric"].ap == 8


def test_door_refusals_name_the_problem():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (7, 4))],
                     map_text=WALLED)
    assert game.apply("open aldric 3,3")[0].reason == \
        "Aldric must stand next to the door at 3,3"
    assert game.apply("open aldric 1,1")[0].reason == "there is no door at 1,1"


def test_only_the_current_player_commands_and_creatures_act_alone():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (5, 5)),
                      ("goblin", "goblin", None, (11, 11))])
    assert game.apply("move dagny 5,6")[0].reason == "Dagny belongs to Bruno, not to Alice"
    assert game.apply("move goblin 10,10")[0].reason == \
        "Goblin is a creature: creatures act on their own"


def test_end_turn_refills_the_next_players_ap_and_creatures_act_after_the_round():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (11, 0)),
                      ("goblin", "goblin", None, (6, 11))])
    game.apply("move aldric 2,0")
    events = game.apply("end")
    assert events_of(events, TurnStarted) == [TurnStarted(1, 2, "Bruno")]
    game.apply("move dagny 9,0")
    events = game.apply("end")
    assert events_of(events, CreaturePhase) == [CreaturePhase(1)]
    goblin_moves = [e for e in events_of(events, Moved) if e.unit == "goblin"]
    assert goblin_moves and game.units["goblin"].pos != (6, 11)
    assert events_of(events, TurnStarted) == [TurnStarted(2, 1, "Alice")]
    assert game.units["aldric"].ap == 10 and game.units["dagny"].ap == 8


def test_a_round_without_a_creature_to_act_has_no_creature_phase():
    # None in the scenario, or the only one fallen or held: nothing to announce.
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (11, 0)),
                      ("goblin", "goblin", None, (6, 11))])
    game.units["goblin"].held = True
    game.apply("end")
    events = game.apply("end")
    assert events_of(events, CreaturePhase) == []
    assert events_of(events, TurnStarted) == [TurnStarted(2, 1, "Alice")]
    game.units["goblin"].held = False
    game.units["goblin"].hp, game.units["goblin"].down = 0, True
    game.apply("end")
    assert events_of(game.apply("end"), CreaturePhase) == []


def test_a_round_whose_creatures_keep_to_their_lair_says_nothing_of_them():
    """The wolf behind a closed door (the creatures never open one): it has nothing to do,
    so the round says nothing of the creatures (playtest: a heading with nothing under
    it); once the door is open it comes out, under its heading."""
    lair = "\n".join(["......#.....",
                      "......+.....",
                      "......#....."])
    game = make_game([("aldric", "aldric", 1, (0, 1)), ("dagny", "dagny", 2, (1, 1)),
                      ("wolf", "wolf", None, (10, 1))], map_text=lair)
    game.apply("end")
    events = game.apply("end")
    assert events_of(events, CreaturePhase) == []
    assert game.units["wolf"].pos == (10, 1)
    game.doors[(6, 1)].state = DoorState.OPEN  # as a designer opens it
    game.apply("end")
    events = game.apply("end")
    assert events_of(events, CreaturePhase) == [CreaturePhase(2)]
    assert game.units["wolf"].pos != (10, 1)


def test_a_rounds_end_comes_in_parts_one_per_creature_action_with_applys_events():
    def game():
        return make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (11, 0)),
                          ("goblin", "goblin", None, (6, 11)), ("wolf", "wolf", None, (11, 11))],
                         forced=[99] * 40)

    whole, parted = game(), game()
    whole.apply("end")
    parted.apply("end")
    events = whole.apply("end")
    parts = []
    for step in parted.apply_steps("end"):
        if not step.done:
            # Mid-command: the creature has acted, the command is not yet in the log.
            assert parted.log == ["end"] and len(parted.journal) == len(whole.journal) - \
                len(events)
        parts.append(step)
    assert [step.done for step in parts] == [False] * (len(parts) - 1) + [True]
    assert len(parts) >= 3  # the goblin's and the wolf's actions, then Alice's turn
    first = parts[0].events
    assert isinstance(first[0], CommandIssued) and first[1] == CreaturePhase(1)
    assert [e for e in first if isinstance(e, CommandIssued)][1].player is None
    assert all(sum(isinstance(e, CommandIssued) for e in step.events) == 1
               for step in parts[1:-1])  # one creature action a part
    assert events_of(parts[-1].events, TurnStarted) == [TurnStarted(2, 1, "Alice")]
    assert [e for step in parts for e in step.events] == events
    assert parted.journal == whole.journal and parted.log == whole.log
    assert parted.snapshot() == whole.snapshot()


def test_creature_walks_to_the_nearest_character_and_attacks():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (11, 11)),
                      ("wolf", "wolf", None, (4, 0))], forced=[99, 99, 99])
    game.apply("end")
    events = game.apply("end")
    texts = [e.text for e in events if type(e).__name__ == "CommandIssued"]
    assert texts[1].startswith("move wolf ") and texts[2].startswith("attack wolf aldric")
    assert max(abs(a - b) for a, b in zip(game.units["wolf"].pos, (0, 0))) == 1


def test_a_unit_at_zero_hp_is_down_and_the_last_player_standing_wins():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("fenwick", "fenwick", 2, (1, 0))],
                     forced=[10, 99])
    game.units["fenwick"].hp = 1
    events = game.apply("attack aldric fenwick with sword")
    assert game.units["fenwick"].down and game.units["fenwick"].hp == 0
    assert events_of(events, GameOver) == [GameOver(1, "Alice")]
    assert game.over and game.winner == 1
    assert game.apply("end")[0] == Refused("end", "the game is over", "the game is over")


def test_a_down_unit_leaves_play():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("fenwick", "fenwick", 2, (1, 0)),
                      ("elise", "elise", 2, (5, 5))], forced=[10, 99])
    game.units["fenwick"].hp = 1
    game.apply("attack aldric fenwick with sword")
    assert game.unit_at((1, 0)) is None
    assert game.apply("move aldric 1,0")[1].ap_spent == 1


def test_shipped_scenario_has_two_players_with_three_characters_each():
    from game.content.loader import DEFAULT_CONTENT, load_scenario, scenario_path

    scenario = load_scenario(CONTENT, scenario_path(DEFAULT_CONTENT, "crossroads"))
    owners = [c.owner for c in scenario.characters]
    assert owners.count(1) == 3 and owners.count(2) == 3
    assert len(scenario.creatures) >= 3


def test_a_lone_player_against_creatures_plays_on_until_their_band_falls():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("brenna", "brenna", 1, (5, 5)),
                      ("goblin", "goblin", None, (1, 0)), ("wolf", "wolf", None, (3, 0))],
                     forced=[10])
    game.units["goblin"].hp = 1
    game.apply("attack aldric goblin with sword")
    assert game.units["goblin"].down and not game.over
    game.units["brenna"].hp, game.units["brenna"].down = 0, True
    game.units["aldric"].hp = 1
    game.roller.force([10, 99] * 40)  # every wolf bite hits and is never dodged
    for _ in range(20):
        events = game.apply("end")  # Bruno has no one: straight to the creatures
        if game.units["aldric"].down:
            break
        assert not game.over
    assert game.units["aldric"].down
    assert game.over and game.winner is None
    assert events_of(events, GameOver) == [GameOver(None, None)]
    assert game.apply("end")[0].reason == "the game is over"
