"""Describe screens and spells that cannot surprise: `i` lists a unit's gear and describes
each thing (its facts with their rules and sources), the spell list describes a spell, a
spell shows whom it touches (with their sides) before Enter or y casts it, helping a foe is
asked first, and the spell list's cursor reaches every row it draws."""

import io

from rich.console import Console
from textual.widgets import OptionList

from game.ui.app import EscarmoucheApp
from game.ui.screens.describe import DescribeScreen, DescriptionView, description_renderable
from game.ui.screens.dialogs import Confirm, HandoverScreen, SpellPicker
from game.ui.screens.roster import InspectScreen
from game.ui.widgets.panels import TargetPanel
from tests.helpers import APP_SIZE as SIZE, app_duel as duel, journal_text, status, text_of


def described(app) -> str:
    """What the describe screen on top shows, as plain text at its width."""
    view = app.screen.query_one(DescriptionView)
    console = Console(width=view.size.width or 120, record=True, file=io.StringIO())
    console.print(description_renderable(view.description))
    return console.export_text()


def gear_list(app) -> list[str]:
    listing = app.screen.query_one("#gear", OptionList)
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def test_inspect_lists_a_units_gear_and_enter_describes_a_weapon_a_creature_a_buff():
    # One app through the describe screens of three things (each was a test of its own).
    game = duel()
    game.units["goblin"].pos = (3, 3)
    app = EscarmoucheApp(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "i")  # Dagny, Bruno's
        assert isinstance(app.screen, InspectScreen)
        assert gear_list(app) == ["Dagny: characteristics, attacks, reduction", "Weapon: battle axe",
                                  "Weapon: bare hands", "Armour: thick hide"]
        await pilot.press("down", "enter")
        assert isinstance(app.screen, DescribeScreen)
        text = described(app)
        for fact in ("Damage dice", "R6.2 action dice", "weapons.yaml: axe.dice",
                     "R4.3 cost of an attack", "weapons.yaml: axe.ap_cost",
                     "an adjacent square", "R4.4 placement: brawl and melee",
                     "Mastery family", "weapons.yaml: axe.family",
                     "Dagny's mastery", "+15", "characters.yaml: dagny.masteries.axe",
                     "no effect but its damage", "R14.1 on-hit effects"):
            assert fact in text, fact
        axe = app.game.content.weapons["axe"]
        assert f"{axe.ap_cost} AP" in text and axe.dice in text
        await pilot.press("escape")  # back to the list, then the map
        assert isinstance(app.screen, InspectScreen)
        await pilot.press("escape")
        assert app.screen is app.play
        # A creature's description gives its stats, attacks and reduction.
        app.play.map.move_cursor((3, 3))
        await pilot.press("i", "enter")  # the first row: the goblin itself
        assert isinstance(app.screen, DescribeScreen)
        text = described(app)
        for fact in ("creatures.yaml: goblin.stats.STR", "creatures.yaml: goblin.ap_max",
                     "8/8", "creatures.yaml: goblin.skills.melee",
                     "creatures.yaml: goblin (no skills.ranged: 0)",
                     "creatures.yaml: goblin.masteries.sword", "rusty blade",
                     "weapons.yaml: rusty-blade", "bare hands", "rules.yaml: brawl_dice",
                     "R6.4 defence reduction", "creatures.yaml: goblin.stats.DEF",
                     "R6.5 total reduction"):
            assert fact in text, fact
        await pilot.press("escape", "escape")
        assert app.screen is app.play
        # A buff's description gives its stat, amount and turns.
        app.play.map.move_cursor((9, 9))  # Elise
        await pilot.press("i")
        rows = gear_list(app)
        await pilot.press(*["down"] * rows.index("Spell: Bless"), "enter")
        text = described(app)
        for fact in ("Changes", "melee", "spells.yaml: bless.effect.stat", "+10",
                     "spells.yaml: bless.effect.amount", "2 of its holder's turns",
                     "spells.yaml: bless.effect.turns", "R7.9 buff and debuff: timed effects",
                     "a character, on any side", "none: its target alone"):
            assert fact in text, fact


async def test_the_spell_list_describes_the_highlighted_spell():
    app = EscarmoucheApp(duel())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "c", "down", "i")  # Corvin's Ice Storm
        assert isinstance(app.screen, DescribeScreen)
        text = described(app)
        for fact in ("Ice Storm", "damage", "R7.7 damage spell", "spells.yaml: ice-storm.kind",
                     "7 AP", "spells.yaml: ice-storm.ap_cost",
                     "3 (level 1), 4 (level 2 and up)", "R7.1 conditions to cast",
                     "Range for Corvin (level 1)", "spells.yaml: ice-storm.range[0]",
                     "1d6+1 HP", "spells.yaml: ice-storm.dice",
                     "radius 1: every square within 1 of its centre",
                     "spells.yaml: ice-storm.area", "R7.10 area spells",
                     "the caster's foes in the radius, characters and creatures",
                     "rules.yaml: area.touches", "R7.4 counter-magic chance",
                     "rules.yaml: counter_difficulty", "4 AP", "R7.6 counter drain"):
            assert fact in text, fact
        assert "Hail on a foe and everyone next to it." in text  # the content's own words
        await pilot.press("escape")  # back to the list, its row still highlighted
        assert isinstance(app.screen, SpellPicker)
        assert app.screen.query_one(OptionList).highlighted == 1


def elises_turn(game, ap: int | None = None) -> EscarmoucheApp:
    """Bruno's turn, Elise between Aldric (2,2) and Corvin (2,4), next to Dagny (3,2)."""
    game.units["elise"].pos = (2, 3)
    game.apply("end")
    if ap is not None:
        game.units["elise"].ap = ap
    return EscarmoucheApp(game)


async def to_elise(pilot, app) -> None:
    if isinstance(app.screen, HandoverScreen):
        await pilot.press("enter")
    await pilot.press("tab")
    assert app.play.selected == "elise"


async def test_an_area_lists_whom_it_touches_before_it_is_cast_and_buffing_a_foe_is_asked():
    app = elises_turn(duel())
    async with app.run_test(size=SIZE) as pilot:
        await to_elise(pilot, app)
        await pilot.press("c", "down", "enter")  # Circle of Healing, the cursor on Elise
        assert app.play.aiming == "circle-of-healing" and app.game.log == ["end"]
        panel = text_of(app.play.query_one(TargetPanel))
        # The engine's targets: Bruno's own in the radius, not Alice's Aldric and Corvin.
        assert "• Elise (Bruno, yours)" in panel and "• Dagny (Bruno, yours)" in panel
        assert "Aldric" not in panel.split("Square")[0] and "Corvin" not in panel
        assert status(app) == ("Circle of Healing here touches Elise (Bruno, yours), Dagny "
                               "(Bruno, yours) · Enter or y casts, Esc cancels")
        assert app.play.map.overlay.area == {(x, y) for x in (1, 2, 3) for y in (2, 3, 4)}
        await pilot.press("escape")
        assert app.play.aiming is None and app.game.log == ["end"]
        # Buffing a foe is asked first, and a refused square says why before Enter.
        app.play.map.move_cursor((2, 3))  # back on Elise
        await pilot.press("c", "down", "down", "enter")  # Bless, aimed at Elise herself
        assert app.play.aiming == "bless"
        await pilot.press("up")  # onto Aldric, Alice's
        await pilot.press("enter")
        assert isinstance(app.screen, Confirm)
        assert app.screen.question == "Buff Aldric, an enemy?"
        await pilot.press("n", "escape")
        assert app.game.log == ["end"]
        await pilot.press("c", "down", "down", "down", "down", "enter")  # Weaken
        assert app.play.aiming == "weaken"
        await pilot.press("right")  # Dagny, Bruno's own: a debuff is refused on her
        assert status(app).startswith("✗ Weaken cannot be cast here: Dagny is one of your own "
                                      "characters")
        await pilot.press("enter")  # the engine's refusal, nothing cast
        assert app.game.log == ["end"]


async def test_healing_a_foe_is_asked_first_and_a_friend_is_not():
    game = duel(forced=[10, 10])
    game.units["aldric"].hp = game.units["dagny"].hp = 10
    app = elises_turn(game)
    async with app.run_test(size=SIZE) as pilot:
        await to_elise(pilot, app)
        await pilot.press("up", "c", "enter")  # Mend on Aldric, Alice's
        assert status(app).startswith("Mend here touches Aldric (Alice, foe) · ")
        await pilot.press("enter")
        assert isinstance(app.screen, Confirm)
        assert app.screen.question == "Heal Aldric, an enemy?"
        await pilot.press("n")
        assert app.game.log == ["end"] and app.play.aiming == "mend"
        await pilot.press("y", "y")  # the spell's confirming key, then the question's
        assert app.game.log[-1] == "cast elise mend aldric"
        assert "Elise casts Mend on Aldric" in journal_text(app)
        # Healing a friend is not asked.
        assert app.play.cursor == (2, 2)
        await pilot.press("right", "c", "enter", "enter")  # Mend on Dagny
        assert not isinstance(app.screen, Confirm)
        assert app.game.log[-1] == "cast elise mend dagny"


async def test_the_spell_list_cursor_stops_on_a_row_that_cannot_be_cast_and_enter_says_why():
    app = elises_turn(duel(), ap=4)  # Circle of Healing costs 6
    async with app.run_test(size=SIZE) as pilot:
        await to_elise(pilot, app)
        await pilot.press("c")
        listing = app.screen.query_one(OptionList)
        assert listing.highlighted == 0  # Mend
        await pilot.press("down")  # onto Circle of Healing: drawn, so reached, marked ✗
        row = listing.get_option_at_index(listing.highlighted)
        assert row.id == "circle-of-healing"
        # The highlighted row has a pointer, not only a colour; the one left has none.
        assert str(row.prompt).startswith("▶✗ Circle of Healing")
        assert str(listing.get_option_at_index(0).prompt).startswith("   Mend")
        assert "Elise has 4 AP; Circle of Healing costs 6" in str(row.prompt)
        await pilot.press("enter")  # says why, changes nothing
        assert isinstance(app.screen, SpellPicker)
        assert status(app) == "✗ Elise has 4 AP; Circle of Healing costs 6"
        assert "Elise has 4 AP; Circle of Healing costs 6" in \
            str(app.screen.query_one("#why").render())
        assert app.game.log == ["end"] and app.play.aiming is None
        await pilot.press("down", "down")  # ↓↓↓ from Mend is Stone Skin, as drawn
        assert listing.get_option_at_index(listing.highlighted).id == "stone-skin"
        await pilot.press("enter")
        assert app.play.aiming == "stone-skin"


async def test_a_numbered_spell_of_the_target_panel_is_shown_before_it_is_cast():
    app = EscarmoucheApp(duel(forced=[10, 99]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "right", "up", "up")  # Corvin, the cursor on Dagny
        panel = text_of(app.play.query_one(TargetPanel))
        number = next(line.split()[0] for line in panel.splitlines()
                      if line.strip()[:1].isdigit() and "Firebolt" in line)
        await pilot.press(number)
        assert app.play.aiming == "firebolt" and app.game.log == []
        assert "• Dagny (Bruno, foe)" in text_of(app.play.query_one(TargetPanel))
        await pilot.press("enter")
        assert app.game.log == ["cast corvin firebolt dagny"]
