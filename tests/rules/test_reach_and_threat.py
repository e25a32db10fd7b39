"""Reach while aiming and the enemies' threat zone (`legal.out_of_reach`, `threat_zone`):
the squares the rules would let an attack or a spell reach, and only those."""

from game.rules import legal
from game.rules.actions import Attack
from game.rules.errors import Impossible
from game.rules.magic import Cast
from tests.helpers import make_game

#: A wall from (6,0) down to (6,8): the right side beyond it is out of sight from the left.
WALLED = "\n".join(("." * 6 + "#" + "." * 5) if y <= 8 else "." * 12 for y in range(12))


def test_a_spell_reaches_its_range_at_the_casters_level_and_only_what_it_sees():
    game = make_game([("corvin", "corvin", 1, (4, 4)), ("dagny", "dagny", 2, (11, 11))],
                     map_text=WALLED)
    out = legal.out_of_reach(game, "corvin", spell="firebolt")  # range 3 at level 1
    assert (4, 4) not in out and (1, 1) not in out and (5, 4) not in out
    assert (0, 4) in out  # 4 squares away
    assert (6, 4) not in out and (7, 4) in out  # the wall is seen, nothing through it
    # The same verdict as the cast's own check, square by square (a target placed there).
    for pos in [(1, 4), (0, 4), (7, 4), (7, 10), (4, 7)]:
        game.units["dagny"].pos = pos
        try:
            Cast("corvin", "firebolt", "dagny").check(game, 1)
            allowed = True
        except Impossible:
            allowed = False
        assert allowed == (pos not in out), pos


def test_a_melee_weapon_reaches_the_adjacent_squares_a_bow_four_in_sight():
    game = make_game([("aldric", "aldric", 1, (2, 2)), ("brenna", "brenna", 1, (3, 4)),
                      ("dagny", "dagny", 2, (11, 11))], map_text=WALLED)
    sword = legal.out_of_reach(game, "aldric", weapon="sword")
    assert {(x, y) for x in range(12) for y in range(12)} - sword == \
        {(x, y) for x in (1, 2, 3) for y in (1, 2, 3)} - {(2, 2)}
    bow = legal.out_of_reach(game, "brenna", weapon="shortbow")
    assert (7, 4) in bow and (3, 8) not in bow and (3, 9) in bow
    game.units["dagny"].pos = (3, 8)
    Attack("brenna", "dagny", weapon="shortbow").check(game, 1)  # the engine agrees


def test_the_threat_zone_is_where_an_enemy_could_walk_then_strike_next_turn():
    # A goblin with 8 AP: bare hands cost 3, so it walks 5 squares and strikes the next.
    game = make_game([("aldric", "aldric", 1, (11, 11)), ("goblin", "goblin", None, (0, 0))])
    assert legal.threat_zone(game, 1) == {(x, y) for x in range(7) for y in range(7)}
    game.units["goblin"].ap = 0  # spent now, refilled next turn: the same zone
    assert legal.threat_zone(game, 1) == {(x, y) for x in range(7) for y in range(7)}
    game.units["goblin"].held = True  # a held creature skips the creatures' phase
    assert legal.threat_zone(game, 1) == frozenset()


def test_the_threat_zone_counts_a_bow_and_a_damage_spell_and_leaves_out_ones_own_side():
    game = make_game([("aldric", "aldric", 1, (11, 11)), ("corvin", "corvin", 2, (0, 11)),
                      ("archer", "goblin-archer", None, (0, 0))], map_text=WALLED)
    zone = legal.threat_zone(game, 1)
    # The archer walks 4 (8 AP, a 4-AP bow) and shoots 4 further, never through the wall.
    assert (5, 0) in zone and (7, 0) not in zone and (8, 3) not in zone
    # Corvin (10 AP): his dagger (2 AP) after 8 squares reaches 9 squares away; Firebolt
    # (5 AP, range 3) after 5 squares reaches 8, and over the wall where the dagger cannot.
    assert (9, 11) in zone and (10, 11) not in zone
    assert (7, 6) in zone and (9, 6) in zone and (10, 6) not in zone
    # Player 2's enemies are player 1 and the creatures: Corvin threatens nobody of his own.
    theirs = legal.threat_zone(game, 2)
    # Aldric (10 AP) walks 7 and brawls: 8 squares; the archer's bow reaches row 8.
    assert (3, 11) in theirs and (2, 11) not in theirs and (0, 8) in theirs
    assert (0, 11) not in theirs  # where Corvin stands, nobody can strike next turn
