"""The map's coordinate rulers: commands are typed as coordinates (`move A1 5,7`), so the
map numbers its columns along the top and its rows down the left, the cursor's brighter;
they stay in place while the squares scroll under them, and a click still lands on the
square drawn under the mouse."""

from __future__ import annotations

from game.commands.common import new_game
from game.content.loader import DEFAULT_CONTENT
from game.ui.app import EscarmoucheApp
from game.ui.widgets.map_view import RULER_CURSOR, MapView
from tests.helpers import APP_SIZE as SIZE, app_duel as duel, make_game


def line(board, y: int) -> str:
    return board.render_line(y).text


async def test_columns_are_numbered_over_the_squares_and_rows_left_of_them():
    app = EscarmoucheApp(duel())  # a 12×12 board, drawn at 4×2 cells a square
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = app.play.map
        assert board.cell == (4, 2)
        left, top = board.margins()  # where the first square starts
        ruler = line(board, top - 1)
        # Each column's number over its square's glyph (the middle two of its four cells).
        for x in (0, 5, 11):
            start = left + x * 4 + 1
            assert ruler[start:start + 2] == f"{x:>2}"
        # Each row's number on the middle line of its squares, just left of the first.
        for y in (0, 7, 11):
            assert line(board, top + y * 2 + 1)[left - 3:left] == f"{y:>2} "
        assert board.shown(app.game.units["aldric"].pos) == "A1"  # the squares in place
        # The cursor's column and row numbers stand out.
        x, y = board.cursor
        column = board.render_line(top - 1).crop(left + x * 4 + 1, left + x * 4 + 3)
        assert all(s.style == RULER_CURSOR for s in column._segments if s.text.strip())
        # A click lands on the square drawn under it, not one ruler off.
        await pilot.click("#map", offset=(1 + left + 2 * 4 + 1, 1 + top + 4 * 2 + 1))
        assert board.cursor == (2, 4) and app.play.selected == "corvin"
        # A click on a ruler picks no square.
        await pilot.click("#map", offset=(1 + left + 6 * 4, 1 + top - 1))
        assert board.cursor == (2, 4)


async def test_the_rulers_stay_put_and_name_the_squares_in_view_when_the_map_scrolls():
    app = EscarmoucheApp(new_game(DEFAULT_CONTENT, "marches", 1))  # bigger than 80×24
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.play.map
        assert board.cell == (2, 1)
        assert board.scroll_offset.x > 0 and board.scroll_offset.y > 0
        left, top = board.margins()
        assert top == 1 and left == 3  # the rulers at the top and left edges of the view
        x, y = board.cursor
        column = board.render_line(0).text[left + x * 2 - board.scroll_offset.x:][:2]
        assert column == f"{x:>2}"  # the cursor's column, even when odd, over its square
        row_line = board.render_line(top + y - board.scroll_offset.y).text
        assert row_line[:3] == f"{y:>2} "
        assert row_line[left + x * 2 - board.scroll_offset.x:][:2] == "A1"
        # The cursor far right: the numbers over the view are the columns shown there.
        for _ in range(board.game.width):
            await pilot.press("l")
        x = board.cursor[0]
        assert x == board.game.width - 1
        assert board.render_line(0).text[left + x * 2 - board.scroll_offset.x:][:2] \
            == f"{x:>2}"
        assert board.render_line(0).text[:3] == "   "  # over the row numbers: nothing


def test_the_legend_says_what_the_rulers_number():
    from game.ui.screens.legend import legend_text
    from tests.helpers import app_duel

    game = app_duel()
    legend = legend_text(game, str).plain
    assert "along the top and the left: the column and the row, x,y as commands write a " \
           "square (move aldric 5,7)" in legend


def test_a_column_past_99_keeps_its_label_within_its_square():
    """On 2-cell squares a three-digit column (100) would push every label after it one
    cell right: the strip keeps its declared width and each label its square."""
    wide = "\n".join(["." * 110] * 3)
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (109, 2))],
                     map_text=wide)
    view = MapView(game)
    view.cell = (2, 1)
    strip = view._ruler_strip()
    assert strip.cell_length == 110 * 2
    text = strip.text
    assert text[98 * 2:98 * 2 + 2] == "98" and text[100 * 2:100 * 2 + 2] == "00"
    assert text[108 * 2:108 * 2 + 2] == "08"
