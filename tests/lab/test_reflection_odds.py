"""The odds of a damage spell on a character that may counter: the chance that the
reflection downs the caster, not only its mean."""

from __future__ import annotations

import pytest
from rich.console import Console

from game import oddsreport
from game.journal.text import namer
from tests.helpers import make_game


def test_the_odds_give_the_chance_that_the_reflection_downs_the_caster():
    game = make_game([("corvin", "corvin", 1, (1, 1)), ("elise", "elise", 2, (2, 1))])
    game.units["corvin"].hp = 8
    data = oddsreport.odds_object(game, "corvin", "elise", oddsreport.Choice(spell="firebolt"))
    # Magic 64%, Elise's counter 30% of which a roll below 10 (9 in 100) reflects the 2d6
    # onto Corvin, who falls at 8 or more (15 in 36).
    assert data["p_caster_down"] == pytest.approx(0.64 * 0.09 * 15 / 36)
    console = Console(width=200, record=True)
    oddsreport.render(console, data, namer(game))
    assert "reflected onto Corvin: mean 0.40, P(down) 2.4%" in console.export_text()
