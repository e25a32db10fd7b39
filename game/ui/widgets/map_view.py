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

from game.i18n import N_
from game.journal.text import unit_labels
from game.rules.engine import Game
from game.rules.geometry import Pos
from game.ui.colours import player_colour

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
AREA = Style(bgcolor="#4a3a10")
THREAT = Style(bgcolor="#3a1f4f")
OUT_OF_REACH = Style(dim=True)
SELECTED = Style(underline=True, bold=True)
CURSOR = Style(reverse=True)


@dataclass(frozen=True)
class Overlay:
    """Tints drawn over the map while the player chooses: reach, targets, a path."""

    reach: frozenset[Pos] = frozenset()
    targets: frozenset[Pos] = frozenset()
    path: frozenset[Pos] = frozenset()
    #: Where the route ends and its AP cost, written on that square.
    end: Pos | None = None
    cost: int = 0
    #: The squares an area spell aimed at the cursor would cover.
    area: frozenset[Pos] = frozenset()
    #: While aiming: the squares out of range or out of sight (drawn dimmed).
    out: frozenset[Pos] = frozenset()
    #: The enemies' threat zone, when shown (`v`).
    threat: frozenset[Pos] = frozenset()


class MapView(ScrollView, can_focus=True):
    """The board. Arrow keys or hjkl move the cursor, which it announces; what other keys
    do is the screen's business."""

    BINDINGS = [
        Binding("up,k", "cursor(0,-1)", N_("Up"), show=False,
                tooltip=N_("Move the cursor (or click a square)")),
        Binding("down,j", "cursor(0,1)", N_("Down"), show=False,
                tooltip=N_("Move the cursor (or click a square)")),
        Binding("left,h", "cursor(-1,0)", N_("Left"), show=False,
                tooltip=N_("Move the cursor (or click a square)")),
        Binding("right,l", "cursor(1,0)", N_("Right"), show=False,
                tooltip=N_("Move the cursor (or click a square)")),
    ]

    DEFAULT_CSS = """
    MapView { background: $surface; }
    """

    @dataclass
    class CursorMoved(Message):
        """The cursor is on a new square."""

        pos: Pos

    @dataclass
    class Clicked(Message):
        """A square was clicked."""

        pos: Pos

    def __init__(self, game: Game, **kwargs) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.cursor: Pos = (0, 0)
        self.selected: str | None = None
        self.overlay = Overlay()
        self._row_keys: dict[int, tuple] = {}
        self._row_strips: dict[int, Strip] = {}
        self._labels = unit_labels(game.units)
        self.virtual_size = Size(game.width * CELL, game.height)

    def set_game(self, game: Game) -> None:
        self.game = game
        self._labels = unit_labels(game.units)
        self._row_keys.clear()
        self._row_strips.clear()
        self.virtual_size = Size(game.width * CELL, game.height)
        self.refresh()

    def label(self, unit_id: str) -> str:
        return self._labels[unit_id]

    # --- drawing --------------------------------------------------------------------

    def _cells(self, y: int) -> tuple:
        """What each square of row `y` shows: (text, style) pairs, for diffing and drawing."""
        game = self.game
        units = {u.pos: u for u in game.standing() if u.pos[1] == y}
        fallen = {u.pos: u for u in game.units.values() if u.down and u.pos[1] == y}
        things = {t.pos: t for t in game.things.values() if not t.destroyed and t.pos[1] == y}
        colours = {p.number: player_colour(p.colour) for p in game.players}
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
            elif pos in fallen:
                # A downed unit leaves a mark, with its tag's second half to tell whose.
                text, style = "%" + self._labels[fallen[pos].id][1:2], DOWN
            elif pos in game.doors:
                state = game.doors[pos].state
                text, style = {"closed": ("+ ", DOOR), "open": ("/ ", DOOR),
                               "broken": ("x ", BROKEN)}[state]
            else:
                text, style = " ·", FLOOR
            if pos == overlay.end and text == " ·":  # on bare floor: nothing hidden
                text = f"{overlay.cost:>2}"[-2:]
            if pos in overlay.path:
                style += PATH
            elif pos in overlay.area:
                style += AREA
            elif pos in overlay.targets:
                style += TARGET
            elif pos in overlay.threat:
                style += THREAT
            elif pos in overlay.reach:
                style += REACH
            if pos in overlay.out:
                style += OUT_OF_REACH
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

    def margins(self) -> tuple[int, int]:
        """Blank cells left of and rows above the map, which is centred when it is
        smaller than the view (a bigger one scrolls)."""
        width, height = self.size
        return (max(0, (width - self.game.width * CELL) // 2),
                max(0, (height - self.game.height) // 2))

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        left, top = self.margins()
        row = y + scroll_y - top
        width = self.size.width
        if not 0 <= row < self.game.height:
            return Strip.blank(width, self.rich_style)
        strip = self._row_strip(row).crop_extend(scroll_x, scroll_x + width - left,
                                                 self.rich_style)
        return Strip.join([Strip.blank(left, self.rich_style), strip]) if left else strip

    def refresh_rows(self, rows) -> None:
        """Redraw only these map rows (those whose squares changed)."""
        for y in set(rows):
            if 0 <= y < self.game.height:
                self._row_strips.pop(y, None)
                self.refresh_line(y + self.margins()[1])

    def update_board(self) -> None:
        """After a command: redraw the rows whose content changed, and only those."""
        if len(self._labels) != len(self.game.units):
            self._labels = unit_labels(self.game.units)  # a designer spawned a unit
        for y in range(self.game.height):
            key = self._cells(y)
            if self._row_keys.get(y) != key:
                self._row_strips.pop(y, None)
                self._row_strip(y, key)  # the cells are computed: build the row from them now
                self.refresh_line(y + self.margins()[1])

    def set_overlay(self, overlay: Overlay) -> None:
        old = self.overlay
        self.overlay = overlay
        touched = old.reach ^ overlay.reach | old.targets ^ overlay.targets | \
            old.path ^ overlay.path | old.area ^ overlay.area | \
            old.out ^ overlay.out | old.threat ^ overlay.threat | \
            {p for p in (old.end, overlay.end) if p is not None}
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
        left, top = self.margins()
        x = (offset.x - left + self.scroll_offset.x) // CELL
        y = offset.y - top + self.scroll_offset.y
        if 0 <= x < self.game.width and 0 <= y < self.game.height:
            self.move_cursor((x, y))
            self.post_message(self.Clicked((x, y)))
