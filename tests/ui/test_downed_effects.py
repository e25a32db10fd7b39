"""A downed unit is shown down, not blessed: the engine keeps the effects it had when it
fell (docs/rules.md: a unit at 0 HP leaves play; only living units' effects tick down), but
the roster and the character card no longer list them as running."""

from __future__ import annotations

from textual.widgets import DataTable

from game.rules.units import Effect
from game.ui.app import EscarmoucheApp
from game.ui.screens.roster import RosterScreen
from game.ui.widgets.panels import card
from tests.helpers import crossroads


def downed_and_blessed(game, unit_id: str):
    unit = game.units[unit_id]
    unit.effects.append(Effect(source="bless", stat="melee", amount=10, turns=2))
    unit.hp, unit.down = 0, True
    return unit


def test_the_card_of_a_downed_unit_lists_no_running_effect():
    game = crossroads()
    unit = downed_and_blessed(game, "brenna")
    assert card(game, unit).effects == []
    standing = game.units["aldric"]
    standing.effects.append(Effect(source="bless", stat="melee", amount=10, turns=2))
    assert [t.plain for t in card(game, standing).effects] == [
        "Effect: Bless +10 melee (2 turns left)"]


async def test_the_roster_shows_a_downed_unit_down_without_its_bless():
    game = crossroads()
    downed_and_blessed(game, "brenna")
    app = EscarmoucheApp(game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("r")
        assert isinstance(app.screen, RosterScreen)
        table = app.screen.query_one(DataTable)
        row = [getattr(c, "plain", str(c)) for c in table.get_row("brenna")]
        assert row[-1] == "down" and row[-2] == "—"
