"""The grid map: a Line-API ScrollView with one cached Strip per map row.

Each map square is two terminal cells wide (glyph + tag) so the grid looks square and every
unit has a distinct label without relying on colour: characters show their glyph and
their player's number (`A1`), creatures their glyph and an ordinal (`g1`, `g2`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from game.rules.engine import Game
from game.rules.geometry import Pos

CELL = 2

FLOOR = Style(color="grey42")
WALL = Style(color="grey66", bgcolor="grey30")
DOOR = Style(color="yellow", bold=True)
BROKEN = Style(color="yellow", dim=True)
THING = Style(color="bright_white", bold=True)
CREATURE = Style(color="green", bold=True)
DOWN = Style(color="grey50", dim=True)
REACH = Style(bgcolor="#12351f")
TARGET = Style(bgcolor="#4a1620")
PATH = Style(bgcolor="#1f4d2e")
SELECTED = Style(underline=True, bold=True)
CURSOR = Style(reverse=True)


@dataclass(frozen=True)
class Overlay:
    """Tints drawn over the map while the player chooses: reach, targets, a path."""

    reach: frozenset[Pos] = frozenset()
    targets: frozenset[Pos] = frozenset()
    path: frozenset[Pos] = frozenset()


class MapView(ScrollView, can_focus=True):
    """The board. Arrow keys or hjkl move the cursor; the app decides what keys do."""

    BINDINGS = [
        Binding("up,k", "cursor(0,-1)", "Up", show=False),
        Binding("down,j", "cursor(0,1)", "Down", show=False),
        Binding("left,h", "cursor(-1,0)", "Left", show=False),
        Binding("right,l", "cursor(1,0)", "Right", show=False),
        Binding("enter,m", "app.activate", "Select/Move"),
        Binding("tab", "app.cycle(1)", "Next", show=False),
        Binding("shift+tab", "app.cycle(-1)", "Prev", show=False),
        Binding("a", "app.attack", "Attack"),
        Binding("b", "app.brawl", "Brawl"),
        Binding("c", "app.spells", "Cast"),
        Binding("o", "app.door", "Door"),
    ]

    DEFAULT_CSS = """
    MapView { background: $surface; }
    """

    class CursorMoved(Message):
        """The cursor is on a new square."""

        def __init__(self, pos: Pos) -> None:
            super().__init__()
            self.pos = pos

    class Clicked(Message):
        """A square was clicked."""

        def __init__(self, pos: Pos) -> None:
            super().__init__()
            self.pos = pos

    def __init__(self, game: Game, **kwargs) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.cursor: Pos = (0, 0)
        self.selected: str | None = None
        self.overlay = Overlay()
        self._row_keys: dict[int, tuple] = {}
        self._row_strips: dict[int, Strip] = {}
        self._labels = self._unit_labels()
        self.virtual_size = Size(game.width * CELL, game.height)

    def set_game(self, game: Game) -> None:
        self.game = game
        self._labels = self._unit_labels()
        self._row_keys.clear()
        self._row_strips.clear()
        self.virtual_size = Size(game.width * CELL, game.height)
        self.refresh()

    def _unit_labels(self) -> dict[str, str]:
        labels: dict[str, str] = {}
        counts: dict[str, int] = {}
        for unit in self.game.units.values():
            if unit.is_character:
                labels[unit.id] = f"{unit.glyph}{unit.owner}"
            else:
                counts[unit.glyph] = counts.get(unit.glyph, 0) + 1
                labels[unit.id] = f"{unit.glyph}{counts[unit.glyph]}"
        return labels

    def label(self, unit_id: str) -> str:
        return self._labels[unit_id]

    # --- drawing --------------------------------------------------------------------

    def _cells(self, y: int) -> tuple:
        """What each square of row `y` shows: (text, style) pairs, for diffing and drawing."""
        game = self.game
        units = {u.pos: u for u in game.standing() if u.pos[1] == y}
        things = {t.pos: t for t in game.things.values() if not t.destroyed and t.pos[1] == y}
        colours = {p.number: p.colour for p in game.players}
        overlay = self.overlay
        cells = []
        for x in range(game.width):
            pos = (x, y)
            if pos in units:
                unit = units[pos]
                style = Style(color=colours[unit.owner], bold=True) if unit.owner else CREATURE
                text = self._labels[unit.id]
                if unit.id == self.selected:
                    style += SELECTED
            elif pos in things:
                text, style = things[pos].glyph + " ", THING
            elif pos in game.walls:
                text, style = "██", WALL
            elif pos in game.doors:
                state = game.doors[pos].state
                text, style = {"closed": ("+ ", DOOR), "open": ("/ ", DOOR),
                               "broken": ("x ", BROKEN)}[state]
            else:
                text, style = " ·", FLOOR
            if pos in overlay.path:
                style += PATH
            elif pos in overlay.targets:
                style += TARGET
            elif pos in overlay.reach:
                style += REACH
            if pos == self.cursor:
                style += CURSOR
            cells.append((text, style))
        return tuple(cells)

    def _row_strip(self, y: int, key: tuple | None = None) -> Strip:
        """The row's Strip, built from its cells (`key`, if already computed) when missing."""
        strip = self._row_strips.get(y)
        if strip is None:
            key = self._row_keys[y] = key or self._cells(y)
            # Runs of floor or wall share a style: merged, a row crops in few segments.
            segments = Segment.simplify(Segment(text, style) for text, style in key)
            strip = self._row_strips[y] = Strip(list(segments), len(key) * CELL)
        return strip

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = y + scroll_y
        width = self.size.width
        if not 0 <= row < self.game.height:
            return Strip.blank(width, self.rich_style)
        return self._row_strip(row).crop_extend(scroll_x, scroll_x + width, self.rich_style)

    def refresh_rows(self, rows) -> None:
        """Redraw only these map rows (those whose squares changed)."""
        for y in set(rows):
            if 0 <= y < self.game.height:
                self._row_strips.pop(y, None)
                self.refresh_line(y)

    def update_board(self) -> None:
        """After a command: redraw the rows whose content changed, and only those."""
        for y in range(self.game.height):
            key = self._cells(y)
            if self._row_keys.get(y) != key:
                self._row_strips.pop(y, None)
                self._row_strip(y, key)  # the cells are computed: build the row from them now
                self.refresh_line(y)

    def set_overlay(self, overlay: Overlay) -> None:
        old = self.overlay
        self.overlay = overlay
        touched = old.reach ^ overlay.reach | old.targets ^ overlay.targets | \
            old.path ^ overlay.path
        self.refresh_rows(y for _, y in touched)

    def select(self, unit_id: str | None) -> None:
        rows = []
        for uid in (self.selected, unit_id):
            if uid in self.game.units:
                rows.append(self.game.units[uid].pos[1])
        self.selected = unit_id
        self.refresh_rows(rows)

    # --- cursor ---------------------------------------------------------------------

    def move_cursor(self, pos: Pos, announce: bool = True) -> None:
        x = min(max(pos[0], 0), self.game.width - 1)
        y = min(max(pos[1], 0), self.game.height - 1)
        old = self.cursor
        self.cursor = (x, y)
        self.refresh_rows([old[1], y])
        self.scroll_to_region(Region(x * CELL, y, CELL, 1), animate=False, immediate=True)
        if (x, y) != old and announce:
            self.post_message(self.CursorMoved((x, y)))

    def action_cursor(self, dx: int, dy: int) -> None:
        self.move_cursor((self.cursor[0] + dx, self.cursor[1] + dy))

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        x = (offset.x + self.scroll_offset.x) // CELL
        y = offset.y + self.scroll_offset.y
        if 0 <= x < self.game.width and 0 <= y < self.game.height:
            self.move_cursor((x, y))
            self.post_message(self.Clicked((x, y)))
