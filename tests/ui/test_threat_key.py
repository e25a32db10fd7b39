"""The threat zone (v) is explained on screen, by the map's border title, and reads
without colours: on a terminal without them (NO_COLOR), its bare squares carry a mark."""

from __future__ import annotations

from textual.content import Content

from game.ui.app import EscarmoucheApp
from game.ui.widgets.map_view import GLYPHS
from tests.helpers import APP_SIZE as SIZE, crossroads


def title(board) -> str:
    """The map's border title as it reads on screen."""
    return Content.from_markup(board.border_title).plain if board.border_title else ""


async def test_the_threat_zone_has_a_key_in_the_maps_border_title():
    app = EscarmoucheApp(crossroads())
    async with app.run_test(size=SIZE) as pilot:
        board = app.play.map
        assert not title(board)
        await pilot.press("v")
        assert board.overlay.threat
        assert title(board).endswith("foes could attack there next turn (v)")
        free = next(p for p in sorted(board.overlay.threat)
                    if app.game.unit_at(p) is None and p not in app.game.walls
                    and p not in app.game.doors and app.game.thing_at(p) is None
                    and p not in board.overlay.path and p != board.cursor)
        assert board.shown(free) == GLYPHS["floor"].text  # in colour: the tint says it
        await pilot.press("v")
        assert not title(board)


async def test_without_colours_the_threat_zone_is_marked_on_its_bare_squares(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = EscarmoucheApp(crossroads())
    async with app.run_test(size=SIZE) as pilot:
        board = app.play.map
        assert app.no_color and board.marks
        await pilot.press("v")
        zone = board.overlay.threat
        free = [p for p in sorted(zone) if app.game.unit_at(p) is None
                and p not in app.game.walls and p not in app.game.doors
                and app.game.thing_at(p) is None and p not in board.overlay.path]
        assert free and all(board.shown(p) == GLYPHS["threat"].text for p in free)
        outside = next(p for p in sorted(board.overlay.reach - zone)
                       if app.game.unit_at(p) is None and p not in board.overlay.path)
        assert board.shown(outside) == GLYPHS["floor"].text
        # The key shows the mark as the squares show it.
        assert title(board).startswith(GLYPHS["threat"].text)
        await pilot.press("v")
        assert all(board.shown(p) == GLYPHS["floor"].text for p in free)


async def test_play_marks_asks_the_mark_in_colour_too(tmp_path):
    """`play --marks`: a colour-blind player (or a screen read as text) gets the `!` on
    the threat zone's bare squares though the terminal has colours (playtest: the tints
    alone could not be read)."""
    from game.cli import build_parser
    from game.commands.play import build_app

    app = build_app(build_parser().parse_args(["play", "--marks", "--saves-dir",
                                               str(tmp_path)]))
    async with app.run_test(size=SIZE) as pilot:
        board = app.play.map
        assert not app.no_color and board.marks
        await pilot.press("v")
        free = [p for p in sorted(board.overlay.threat) if app.game.unit_at(p) is None
                and p not in app.game.walls and p not in app.game.doors
                and app.game.thing_at(p) is None and p not in board.overlay.path]
        assert free and all(board.shown(p) == GLYPHS["threat"].text for p in free)
    plain = build_app(build_parser().parse_args(["play", "--saves-dir", str(tmp_path)]))
    async with plain.run_test(size=SIZE):
        assert not plain.play.map.marks
