"""The exact odds in the app: a line per option in the target panel, the full view on `d`
or a click, and forced rolls waiting in the status line."""

from game.rules import legal, odds
from game.ui.app import EscarmoucheApp
from game.ui.screens.odds import OddsScreen
from game.ui.widgets.panels import TargetPanel, UnitPanel
from tests.helpers import APP_SIZE as SIZE, app_duel as duel, status


def shown(static) -> str:
    """The text of a Static that holds rich renderables, as a console prints it."""
    import io

    from rich.console import Console

    console = Console(width=100, record=True, file=io.StringIO())
    console.print(static.content)
    return console.export_text()


async def test_the_target_panel_shows_each_options_exact_odds_d_or_a_click_opens_them():
    # One duel through what were five tests with the same start: the panels' first frame,
    # the target panel's odds, `d` and a click opening the full odds, `d` on an empty square.
    game = duel()
    app = EscarmoucheApp(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # A click finds its line from the first frame on: the lines' heights a click is
        # placed by are those drawn (the first show, before the panels had a width, had
        # wrapped them at one cell: a hundred rows for a card of 13).
        for panel in (app.play.query_one(UnitPanel), app.play.query_one(TargetPanel)):
            assert len(panel._shape) == len(panel.lines)
            assert sum(panel._shape) == panel.body.size.height > len(panel.lines)
        await pilot.press("right")  # onto Dagny
        panel = "\n".join(line.plain for line in app.play.query_one(TargetPanel).lines)
        plan = legal.options_against(game, "aldric", (3, 2))[0].plan
        exact = odds.of(plan)
        # Aldric's sword lands when it hits and Dagny fails her dodge: 65% × (1 - 29%).
        assert f"lands {100 * float(exact.p_lands):.1f}%" in panel
        low, high = exact.damage_range[0] or 1, exact.damage_range[1]
        assert f"{min(v for v, p in exact.damage if v > 0)}–{high} dmg, " \
               f"{float(exact.mean_damage):.1f} a try" in panel
        assert f"down {100 * float(exact.p_down):.1f}%" in panel
        # d opens the full odds of the first action, Esc closes them.
        await pilot.press("d")
        assert isinstance(app.screen, OddsScreen)
        view = shown(app.screen.query_one("#odds"))
        assert "Aldric → Dagny: attack aldric dagny with sword (4 AP)" in view
        assert "attack 65%  [melee 50 + mastery sword 10 + sb(STR 15) 5 = 65]" in view
        assert "damage taken (after reduction)" in view
        # Every action on Dagny follows the first: bare hands too.
        assert "attack aldric dagny brawl (3 AP)" in view
        await pilot.press("escape")
        assert not isinstance(app.screen, OddsScreen)
        # A click on an option opens its odds.
        panel = app.play.query_one(TargetPanel)
        line = next(i for i, o in panel._option_at_line.items() if o.label == "bare hands")
        row = sum(panel._shape[:line])  # the rows of the wrapped lines above it
        await pilot.click(TargetPanel, offset=(3, 1 + row))  # 1: the panel's top border
        assert isinstance(app.screen, OddsScreen)
        assert "attack aldric dagny brawl" in shown(app.screen.query_one("#odds"))
        await pilot.press("escape")
        # d on an empty square says why.
        app.play.map.move_cursor((1, 2))  # the click left the focus on the panel
        await pilot.press("d")
        assert app.play.cursor == (1, 2)
        assert not isinstance(app.screen, OddsScreen)
        assert status(app) == "✗ no attack or spell on what is under the cursor"


async def test_forced_rolls_waiting_show_in_the_status_line():
    app = EscarmoucheApp(duel(forced=[3, 50]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("left")
        assert "⚑ next d100 forced: 3, 50" in status(app)
        await pilot.press("right", "right", "a")  # the sword takes 3 (perfect), the dodge 50
        assert "forced" not in status(app)


async def test_a_designers_spawn_shows_on_the_map():
    app = EscarmoucheApp(duel(designer=True))
    async with app.run_test(size=SIZE) as pilot:
        app.play.apply("spawn goblin gx 5,5")  # as the command line would
        await pilot.pause()
        assert "gx" in app.game.units
        assert app.play.map.label("gx") == "gb"  # the second goblin of the board
