"""The play screen's sizes for the terminal's: the size classes on mount, the rows the
map gets, and the side bar's width on a very wide terminal and on a narrow one (map
first)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui.widgets.map_view import SCALES

if TYPE_CHECKING:
    # The play screen (screen.py), typed as any screen: it imports this module.
    from textual.screen import Screen

#: The side bar's width on a medium terminal, and on a very wide one (`app.tcss`).
SIDE_MIN, SIDE_WIDE = 46, 72
#: The side bar's width on a narrow terminal (`app.tcss`), and the least it gives up to
#: so that the whole map shows (an 80-column terminal and the crossroads' 24 squares:
#: 27, where 34 hid Bruno's company behind the map's edge).
SIDE_NARROW, SIDE_NARROW_MIN = 34, 26


def fit_map(screen: Screen) -> None:
    """A tall terminal gives the journal room, but not the rows the map needs (map and
    border), as long as six journal lines and the three bars still fit; the map draws its
    squares as big as the room lets it (map first)."""
    room = screen.size.height - 3 - 6 - 2
    widen_map(screen, room - 2)
    view = screen.map
    view.fit(max(1, room - 2), map_width(screen))
    need = view.extent(view.cell)[1] + 2  # the squares, the column ruler and the border
    screen.part("#main").styles.min_height = max(0, min(need, room))


def size_classes(screen: Screen) -> None:
    """The app's size classes (`HORIZONTAL_BREAKPOINTS`…) for the terminal's size, as
    Textual sets them on a resize: set on mount too, so that the first layout is already
    the right one and the first frame is not drawn twice."""
    app = screen.app
    width, height = app.size
    named = []
    for dimension, breakpoints in ((width, app.HORIZONTAL_BREAKPOINTS),
                                   (height, app.VERTICAL_BREAKPOINTS)):
        reached = [(at, name) for at, name in breakpoints if dimension >= at]
        named += [max(reached)[1]] if reached else []
    screen.update_classes({name: name in named for _at, name in
                           (*app.HORIZONTAL_BREAKPOINTS, *app.VERTICAL_BREAKPOINTS)},
                          animate=False)


def map_width(screen: Screen) -> int:
    """The map's width inside its border: its own once laid out; before the first layout,
    the one the layout will give it (the screen less the side bar's width and the map's
    border), so that the first frame already draws the squares at their size."""
    view = screen.map
    if view.size.width:
        return view.size.width
    side = screen.part("#side").styles.width
    if side is None or not side.is_cells:
        return 0
    return max(0, screen.size.width - int(side.value) - view.styles.gutter.width)


def widen_map(screen: Screen, rows: int) -> None:
    """On a very wide terminal, the side bar gives up the columns the biggest squares need
    (map first), keeping at least `SIDE_MIN`; on a narrow one, those the smallest squares
    need for the whole map's width to show, keeping at least `SIDE_NARROW_MIN` (a map
    too wide even then scrolls under a side bar as the CSS says); otherwise it is as the
    CSS says."""
    side = screen.part("#side")
    columns, lines = screen.map.extent(SCALES[-1])  # the squares and the rulers
    spare = screen.size.width - columns - 2  # and the map's border
    narrow = screen.size.width - screen.map.extent(SCALES[0])[0] - 2
    if screen.has_class("-very-wide") and lines <= rows \
            and SIDE_MIN <= spare < SIDE_WIDE:
        side.styles.width = spare
    elif screen.has_class("-narrow") and SIDE_NARROW_MIN <= narrow < SIDE_NARROW:
        # Only when the whole width then shows: for a map that scrolls anyway, four
        # squares more are not worth the panels' wrapped lines (the marches at 80x24).
        side.styles.width = narrow
    elif "width" in side.styles.inline.get_rules():
        side.styles.inline.clear_rule("width")
        side.refresh(layout=True)


def panel_room(screen: Screen) -> int | None:
    """The cells a line of the side bar's panels has: the side bar's width less their
    border, padding and a scroll bar's column (one wide on a narrow or short terminal:
    app.tcss; None before the side bar has a width)."""
    side = screen.part("#side").styles.width
    if side is None or not side.is_cells:
        return None
    return int(side.value) - 5
