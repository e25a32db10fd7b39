"""`legal.options_from`: what a unit could do after a walk, asked of the engine's own
checks with the unit supposed on the square (`legal.supposing_at`), the game unchanged."""

import pytest

from game.rules import legal
from game.rules.errors import Impossible
from tests.helpers import make_game

#: Aldric (player 1) far from Dagny (player 2); a goblin in the corner; Corvin casts.
UNITS = [("aldric", "aldric", 1, (0, 0)), ("corvin", "corvin", 1, (0, 4)),
         ("dagny", "dagny", 2, (6, 0)), ("goblin", "goblin", None, (11, 4))]


def test_from_next_to_a_foe_the_attacks_are_the_ones_the_walk_would_give():
    game = make_game(UNITS)
    before = game.snapshot()
    here = legal.options_from(game, "aldric", (5, 0))
    assert game.snapshot() == before  # a supposition only: nothing moved, no AP spent
    assert here.move.possible and here.move.ap_cost == 5 and here.ap_left == 5
    [(foe, found)] = [(f, o) for f, o in here.targets if f.id == "dagny"]
    # As the engine sees it once the walk is played: the same options, the same chances.
    game.apply("move aldric 5,0")
    now = [o for o in legal.options_against(game, "aldric", (6, 0)) if o.possible]
    assert [(o.command, o.chance) for o in found] == [(o.command, o.chance) for o in now]
    assert any(o.kind == "attack" for o in found)


def test_an_attack_the_ap_left_cannot_pay_is_not_offered():
    game = make_game(UNITS)
    game.units["aldric"].ap = 7  # the walk costs 5: 2 AP left, a sword costs 4
    here = legal.options_from(game, "aldric", (5, 0))
    assert here.ap_left == 2
    assert all(o.ap_cost <= 2 for _, found in here.targets for o in found)
    assert not any(o.action.weapon for _, found in here.targets for o in found)


def test_a_square_out_of_reach_says_why_and_offers_nothing():
    game = make_game(UNITS)
    here = legal.options_from(game, "aldric", (11, 9))
    assert not here.move.possible and "needs" in here.move.reason
    assert here.targets == () and here.threats == ()


def test_the_foes_that_could_attack_the_square_are_those_of_the_threat_zone():
    game = make_game(UNITS)
    for square in [(5, 0), (1, 1), (10, 4), (3, 3)]:
        here = legal.options_from(game, "aldric", square)
        with legal.supposing_at(game, "aldric", square):
            expected = {u.id for u in game.standing() if u.owner != 1
                        and square in legal.unit_threat(game, u)}
        assert {u.id for u in here.threats} == expected, square
    assert {u.id for u in legal.options_from(game, "aldric", (5, 0)).threats} >= {"dagny"}


def test_supposing_at_puts_the_unit_back_even_when_the_block_fails():
    game = make_game(UNITS)
    aldric = game.units["aldric"]
    with pytest.raises(ValueError):
        with legal.supposing_at(game, aldric, (3, 0)) as plan:
            assert aldric.pos == (3, 0) and aldric.ap == 10 - plan.ap_cost
            assert game.unit_at((3, 0)) is aldric and game.unit_at((0, 0)) is None
            raise ValueError
    assert aldric.pos == (0, 0) and aldric.ap == 10
    with pytest.raises(Impossible, match="needs 11 AP"):
        with legal.supposing_at(game, aldric, (11, 9)):
            pass
    assert aldric.pos == (0, 0)


def test_the_threat_zone_is_the_union_of_each_foes_threat():
    game = make_game(UNITS)
    zones = [legal.unit_threat(game, u) for u in game.standing() if u.owner != 1]
    assert legal.threat_zone(game, 1) == frozenset().union(*zones)
    for square in [(5, 0), (9, 9), (0, 9)]:
        assert legal.threatens(game, game.units["dagny"], square) == \
            (square in legal.unit_threat(game, game.units["dagny"]))


def test_with_no_foe_to_attack_it_says_why_of_the_nearest():
    """From 2,0 Aldric reaches nobody: the nearest foe is Dagny, 4 squares off, and the
    engine's refusal of his sword says why (the panel words it: playtest, 'no foe within
    reach from here' said nothing of range or AP). With 2 AP left beside her, the AP."""
    game = make_game(UNITS)
    here = legal.options_from(game, "aldric", (2, 0))
    assert here.targets == ()
    foe, refused = here.nearest
    assert foe.id == "dagny" and refused.command == "attack aldric dagny with sword"
    assert refused.reason == "Dagny is 4 squares away; a blow with the sword needs an " \
        "adjacent target"
    game.units["aldric"].ap = 7  # a walk of 5 leaves 2: the sword costs 4
    beside = legal.options_from(game, "aldric", (5, 0))
    assert [f.id for f, _ in beside.targets] == []
    assert "the sword costs 4" in beside.nearest[1].reason
