"""A name that is no unit's: the refusal says what was meant, or what there is."""

from __future__ import annotations

import pytest

from game.i18n import current_language, set_language
from game.journal.text import refusal_text
from game.rules.events import Refused
from tests.helpers import crossroads


@pytest.mark.parametrize("command,reason", [
    # A word of a creature's name finds it: the notation takes ids, the player typed a name.
    ("attack aldric snik", "there is no unit, object or door called 'snik' "
                           "(did you mean 'goblin-1', Goblin Snik?)"),
    ("move aldrik 4,7", "there is no unit called 'aldrik' (did you mean 'aldric', Aldric?)"),
    ("cast elise mend fenwik", "there is no unit called 'fenwik' "
                                  "(did you mean 'fenwick', Fenwick?)"),
    ("move nobody 4,7", "there is no unit called 'nobody' (units: aldric, brenna, corvin, "
                        "dagny, elise, fenwick, goblin-1, goblin-2, …)"),
])
def test_an_unknown_unit_is_refused_with_the_unit_meant(command, reason):
    game = crossroads()
    if command.startswith("cast"):
        game.apply("end")
    before = game.snapshot()
    [refused] = game.apply(command)
    assert isinstance(refused, Refused) and refused.reason == reason
    assert game.snapshot() == before


def test_the_unit_meant_is_named_in_the_players_language():
    [refused] = crossroads().apply("attack aldric snik")
    before = current_language()
    set_language("fr")
    try:
        assert refusal_text(refused.message, refused.fields) == (
            "il n'y a pas d'unité, d'objet ni de porte appelé 'snik' "
            "(vouliez-vous dire 'goblin-1', Snik le gobelin ?)")
    finally:
        set_language(before)
