"""See before you act: the route drawn on the map, what a square offers "from here", the
map's legend, and squares drawn bigger when the terminal has room."""

from game.ui.app import EscarmoucheApp
from game.ui.screens.dialogs import HelpScreen
from game.ui.screens.legend import LegendScreen
from game.ui.widgets.map_view import GLYPHS
from game.ui.widgets.panels import TargetPanel
from tests.helpers import APP_SIZE as SIZE, app_duel as duel, crossroads


def panel_text(app) -> str:
    """The target panel's lines, unwrapped."""
    return "\n".join(line.plain for line in app.play.query_one(TargetPanel).lines)


def screen_text(app) -> str:
    """Every line of the screen as plain text, as a terminal without colours shows it."""
    return "\n".join(line.text for line in app.screen._compositor.render_strips())


async def test_the_own_square_says_who_could_strike_it_and_the_route_is_drawn_with_dots():
    game = duel()
    app = EscarmoucheApp(game)
    async with app.run_test(size=SIZE) as pilot:
        # The selected character's own square says who could strike it there.
        await pilot.pause()
        assert app.play.cursor == game.units["aldric"].pos  # the cursor opens on it
        target = panel_text(app)
        assert "Where Aldric stands (10 AP):" in target
        assert "Could attack Aldric here next turn: Dagny [D2]" in target
        # Dagny stands next to it: what it could strike her with, without a step.
        assert "Dagny [D2]: sword " in target.split("Where Aldric stands")[1]
        # A foe's square says nothing of the kind.
        await pilot.press("right")
        assert "Where Aldric stands" not in panel_text(app)
        # The route is drawn with dots, and its cost where it ends.
        board = app.play.map
        await pilot.press("left", "left", "left", "down", "down")  # Aldric (2,2) to (0,4)
        assert app.play.cursor == (0, 4)
        path = app.play.map.overlay.path
        assert path == {(1, 3), (0, 4)}  # the plan's own path
        assert board.shown((1, 3)) == GLYPHS["route"].text == " •"
        assert board.shown((0, 4)) == " 2"  # its AP cost, where it ends
        assert " • " in screen_text(app)
        await pilot.press("right", "right", "right", "right")  # a square 2 steps away
        assert board.shown((1, 3)) == GLYPHS["floor"].text  # the old route is gone
        assert board.shown((3, 3)) == " •" and board.shown((4, 4)) == " 2"


async def test_a_reachable_floor_square_says_what_could_be_done_from_there():
    game = duel()
    game.units["aldric"].ap = 7
    app = EscarmoucheApp(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down")  # (2,3): next to Dagny (3,2) after a 1 AP step
        target = panel_text(app)
        assert "From here Aldric (1 AP to walk, 6 AP left):" in target
        assert "Dagny [D2]: sword " in target and "% (4 AP)" in target
        assert "bare hands " in target
        assert "Could attack Aldric here next turn: Dagny [D2]" in target
        # Far from everyone: nobody to attack, and whoever could come says so.
        await pilot.press("left", "left", "down", "down", "down", "down", "down")
        target = panel_text(app)
        assert "From here Aldric (6 AP to walk, 1 AP left):" in target
        assert "no foe within reach from here" in target
        # Nothing of it on a square it cannot reach, nor on a unit.
        await pilot.press("down", "down", "down")
        target = panel_text(app)
        assert "From here" not in target and "Floor" in target
        assert app.game.units["aldric"].pos == (2, 2) and app.game.log == []


async def test_from_here_counts_the_ap_the_walk_leaves():
    game = duel()
    game.units["aldric"].ap = 4  # a step costs 1: 3 AP left, a sword costs 4
    app = EscarmoucheApp(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down")
        target = panel_text(app)
        assert "(1 AP to walk, 3 AP left)" in target
        assert "sword" not in target.split("From here")[1]
        assert "Dagny [D2]: bare hands " in target


async def test_the_legend_explains_every_glyph_tint_and_tag():
    app = EscarmoucheApp(crossroads())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("L")
        assert isinstance(app.screen, LegendScreen)
        legend = str(app.screen.legend)
        for glyph in GLYPHS.values():
            assert glyph.text.strip() in legend
        for words in ("wall", "closed door", "open door", "broken door", "route",
                      "threat zone", "footprint", "walk with its AP", "an object: barrel",
                      "ga  Goblin Snik (creature)", "A1  Aldric (Alice)",
                      "its player's number"):
            assert words in legend, words
        await pilot.press("escape")
        assert not isinstance(app.screen, LegendScreen)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        help_text = "\n".join(str(s.render()) for s in app.screen.query("Static"))
        assert "Map legend" in help_text and "where the route ends" in help_text
        assert "The map's legend" in help_text  # L lists itself among the keys


async def test_a_big_terminal_draws_bigger_squares_and_a_small_one_opens_on_the_player():
    app = EscarmoucheApp(crossroads())
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        assert app.play.map.cell == (6, 3)  # the side bar gave up the columns it needs
        assert app.play.map.shown(app.game.units["aldric"].pos) == "A1"
    app = EscarmoucheApp(crossroads())
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        assert app.play.map.cell == (4, 2)
    from game.commands.common import new_game
    from game.content.loader import DEFAULT_CONTENT

    app = EscarmoucheApp(new_game(DEFAULT_CONTENT, "marches", 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.play.map
        assert board.cell == (2, 1)
        aldric = app.game.units["aldric"].pos
        # The view opens on the first character, in its middle (not at the top-left).
        assert board.shown(aldric) == "A1"
        assert board.scroll_offset.x > 0 and board.scroll_offset.y > 0
