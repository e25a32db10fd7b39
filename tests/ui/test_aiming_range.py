"""Aiming a spell shows its range before anything is cast: the squares within its range
and sight tinted on the map (the border title says what the tint means), and the target
panel says whether what the cursor is on is in range, and if not by how much (the
engine's plan or refusal, never a distance the UI measured)."""

from __future__ import annotations

from textual.content import Content

from game.ui.app import EscarmoucheApp
from game.ui.widgets.map_view import RANGE
from game.ui.widgets.panels import TargetPanel
from tests.helpers import APP_SIZE as SIZE, app_duel as duel


def first_line(app) -> str:
    return app.play.query_one(TargetPanel).lines[0].plain


def title(board) -> str:
    """The map's border title as it reads on screen."""
    return Content.from_markup(board.border_title).plain if board.border_title else ""


async def test_the_spells_range_is_on_the_map_and_the_panel_says_in_range_or_by_how_much():
    app = EscarmoucheApp(duel())  # Corvin (2,4), Dagny (3,2), Elise (9,9); Firebolt: 3
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "c", "enter")  # Corvin aims Firebolt
        play, board = app.play, app.play.map
        assert play.aiming == "firebolt" and play.cursor == (2, 4)  # on himself
        assert first_line(app) == "Firebolt reaches 3 squares from here: the tinted squares"
        await pilot.press("right", "up", "up")  # on Dagny
        assert play.cursor == (3, 2)
        assert first_line(app) == "✓ in range: 2 squares away, Firebolt reaches 3"
        # The squares within its reach are tinted; beyond it they are not (and dimmed).
        assert {(5, 4), (2, 7), (0, 1)} <= board.overlay.range
        assert not {(6, 4), (2, 8)} & board.overlay.range
        assert (6, 4) in board.overlay.out
        assert board.overlay.range.isdisjoint(app.game.walls)
        left, top = board.margins()
        floor = board.render_line(top + 4 * 2 + 1).crop(left + 5 * 4, left + 6 * 4)
        assert all(s.style.bgcolor == RANGE.bgcolor for s in floor._segments)
        assert "in range of Firebolt" in title(board)
        # A foe too far: by how much, with the engine's own reason.
        board.move_cursor((9, 9))
        await pilot.pause()
        assert first_line(app) == ("✗ out of range by 4 squares: Elise is 7 squares away; "
                                   "Firebolt reaches 3 at level 1")
        # A square with nobody on it: within the engine's zone or not.
        board.move_cursor((5, 4))
        await pilot.pause()
        assert first_line(app) == "✓ within Firebolt's range and sight (it reaches 3)"
        board.move_cursor((6, 4))
        await pilot.pause()
        assert first_line(app) == "✗ out of Firebolt's range or sight from here (it reaches 3)"
        # Back to pointing: no range tint, no key for it.
        await pilot.press("escape")
        assert not board.overlay.range and not title(board)


async def test_a_spell_nobody_is_within_reach_of_can_be_aimed_to_see_its_reach():
    from game.ui.screens.dialogs import SpellPicker
    from tests.helpers import crossroads, status

    app = EscarmoucheApp(crossroads())  # Corvin (3,10): his Firebolt reaches no foe
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "tab", "c")
        assert isinstance(app.screen, SpellPicker)
        assert app.screen.rows[0].spell == "firebolt" and app.screen.rows[0].why_not
        await pilot.press("up", "up", "enter")  # onto Firebolt (from Focus), picked
        assert app.play.aiming == "firebolt"
        assert status(app) == ("Firebolt reaches the tinted squares, nobody in them: "
                               "Wolf is 6 squares away; Firebolt reaches 3 at level 1")
        board = app.play.map
        assert (6, 10) in board.overlay.range and (7, 10) not in board.overlay.range
        assert first_line(app) == "Firebolt reaches 3 squares from here: the tinted squares"
        board.move_cursor(app.game.units["wolf-1"].pos)  # the wolf: by how much
        await pilot.pause()
        assert first_line(app).startswith("✗ out of range by ")
        await pilot.press("enter")  # the engine refuses it still: nothing cast
        assert app.game.log == [] and status(app).startswith("✗ Wolf is ")
