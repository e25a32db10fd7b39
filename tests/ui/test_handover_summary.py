"""The hand-over's summary counts a hit that did no damage as a hit."""

from __future__ import annotations

from game.rules.events import Damage
from game.ui.controller import Digest


def test_a_hit_for_no_damage_is_a_hit_in_the_summary():
    # The crossroads wolf bit Dagny; her reduction took it all: the summary said "No hit".
    digest = Digest(1, 2, "Bruno", [Damage("wolf-1", "dagny", (), (), 2, (), 3, 0, 20, 20)])
    assert digest.summary(str.capitalize) == ["Wolf-1 hit Dagny for no damage"]
