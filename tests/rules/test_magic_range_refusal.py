"""A spell refused for its reach says by how much in its fields, and for its sight under
its own message: what the aiming panel reads (`game.ui.options.out_of_range_by`)."""

import pytest

from game.rules.errors import Impossible
from game.rules.magic import NO_SIGHT, OUT_OF_RANGE, Cast
from tests.helpers import make_game


def test_the_reach_refusal_names_the_distance_and_the_reach():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("dagny", "dagny", 2, (7, 2))])
    with pytest.raises(Impossible) as refused:
        Cast("corvin", "firebolt", "dagny").check(game, 1)
    assert refused.value.message == OUT_OF_RANGE
    assert (refused.value.fields["d"], refused.value.fields["reach"]) == (7, 3)


def test_the_sight_refusal_has_its_own_message():
    wall = "\n".join(["...#........"] + ["." * 12] * 11)
    game = make_game([("corvin", "corvin", 1, (2, 0)), ("dagny", "dagny", 2, (4, 0))],
                     map_text=wall)
    with pytest.raises(Impossible) as refused:
        Cast("corvin", "firebolt", "dagny").check(game, 1)
    assert refused.value.message == NO_SIGHT
