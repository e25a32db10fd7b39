"""The grid map: a Line-API ScrollView with one cached Strip per terminal row.

Each map square is two terminal cells wide (glyph + tag) so the grid looks square and every
unit has a distinct label without relying on colour: characters show their glyph and
their player's number (`A1`), creatures their glyph and a letter (`ga`, `gb`). On a big
terminal a square is drawn bigger (`SCALES`: 4×2 or 6×3 cells), its two characters in the
middle of the block. What each glyph and tint means is in one table (`GLYPHS`, `TINTS`),
which the legend reads too. Rulers number the columns along the top and the rows down the
left (commands write a square `x,y`); they stay put while a map bigger than the view
scrolls under them, so their numbers are always those of the squares in view.
"""

from __future__ import annotations

import msgspec

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from game.i18n import N_, _
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
#: The mark on the bare squares of the threat zone: it reads without colour too.
THREAT_MARK = Style(color="#c58af9", bold=True)
RANGE = Style(bgcolor="#123a4a")
OUT_OF_REACH = Style(dim=True)
SELECTED = Style(underline=True, bold=True)
CURSOR = Style(reverse=True)
ROUTE = Style(color="bright_white", bold=True)
#: The coordinate rulers along the top and the left (the cursor's column and row in bold).
RULER = Style(color="grey50")
RULER_CURSOR = Style(color="bright_white", bold=True)


class Glyph(msgspec.Struct, frozen=True):
    """What a square shows (two cells) and what it means, for the map and its legend."""

    text: str
    style: Style
    meaning: str  # an N_ message id, translated where the legend draws it


#: Every fixed glyph of the map, drawn from here and explained from here (the legend).
GLYPHS: dict[str, Glyph] = {
    "floor": Glyph(" ·", FLOOR, N_("floor: free ground")),
    "wall": Glyph("██", WALL, N_("wall or pillar: blocks walking and sight")),
    "closed": Glyph("+ ", DOOR, N_("closed door: blocks walking and sight (o opens it)")),
    "open": Glyph("/ ", DOOR, N_("open door: walk and see through (o closes it)")),
    "broken": Glyph("x ", BROKEN, N_("broken door: open for good")),
    "fallen": Glyph("%", DOWN, N_("where a unit fell, then its player's number or a "
                                  "creature's glyph (%1: a character of player 1, %w: a "
                                  "wolf)")),
    "route": Glyph(" •", ROUTE, N_("a square the selected character's route crosses")),
    "cost": Glyph(" 3", ROUTE, N_("where the route ends: its AP cost")),
    "threat": Glyph(" !", THREAT_MARK, N_("with play --marks, or on a terminal without "
                                          "colours: a bare square of the enemies' threat "
                                          "zone (v)")),
    "ruler": Glyph(" 7", RULER, N_("along the top and the left: the column and the row, "
                                   "x,y as commands write a square (move aldric 5,7)")),
}

#: The tints over the squares, in the order they win over each other (the first wins).
TINTS: tuple[tuple[str, Style, str], ...] = (
    ("path", PATH, N_("the route of a move to the cursor (with • on the squares)")),
    ("area", AREA, N_("an area spell's footprint, aimed at the cursor")),
    ("targets", TARGET, N_("what the selected character can attack now (or aim a spell at)")),
    ("range", RANGE, N_("while aiming a spell: the squares within its range and sight")),
    ("threat", THREAT, N_("the enemies' threat zone: where they could attack next turn (v)")),
    ("reach", REACH, N_("where the selected character can walk with its AP")),
    ("out", OUT_OF_REACH, N_("dimmed: out of the aimed spell's range or sight")),
)

#: Sizes of a square in terminal cells (columns, rows), smallest first: the map takes the
#: biggest that fits.
SCALES = ((2, 1), (4, 2), (6, 3))


def fallen_mark(label: str) -> str:
    """What a downed unit's mark shows after `%`: a character's player (`A1` → `1`: whose
    side lost it), a creature's glyph (`wa` → `w`: what fell there; its ordinal alone,
    `a`, would name no creature, and every first creature of a glyph has it)."""
    return label[1] if label[1:2].isdigit() else label[:1]


FLOOR_GLYPH, WALL_GLYPH, FALLEN, ROUTE_GLYPH, THREAT_GLYPH = (
    GLYPHS[k] for k in ("floor", "wall", "fallen", "route", "threat"))


def widen(text: str, width: int, middle: bool) -> str:
    """A square's two characters as `width` cells: a wall fills its block; anything else
    sits in the middle row of the block, blanks around it."""
    if width == CELL:
        return text
    if text == WALL_GLYPH.text:
        return WALL_GLYPH.text[0] * width
    if not middle:
        return " " * width
    pad = (width - CELL) // 2
    return " " * pad + text + " " * (width - CELL - pad)


class Overlay(msgspec.Struct, frozen=True):
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
    #: While aiming: the squares within the spell's range and sight.
    range: frozenset[Pos] = frozenset()


def tint_key(overlay: Overlay, spell: str = "", marks: bool = False) -> Text | None:
    """The map's border title while a tint a new player cannot guess is drawn: each with
    its swatch as the squares show it (the threat zone's with its mark if `marks`, on a
    terminal without colours) and what it means; None when there is none. `spell`: the
    aimed spell's name."""
    parts = []
    if overlay.range:
        parts.append(Text.assemble(("  ", RANGE), " ", _("in range of {spell} · dim: out of it")
                                   .format(spell=spell)))
    if overlay.threat:
        swatch = (THREAT_GLYPH.text, THREAT_GLYPH.style + THREAT) if marks else ("  ", THREAT)
        parts.append(Text.assemble(swatch, " ",
                                   _("foes could attack there next turn (v)")))
    return Text(" · ").join(parts) if parts else None


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

    # The messages are plain classes, as Textual's own: a dataclass compiles its methods
    # when it is declared, a cost of every start (README, start-up).
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
        #: (map row, terminal row within it) -> its Strip; the rulers' under keys of
        #: their own ("ruler", "gutter" first).
        self._row_strips: dict[tuple[int, int], Strip] = {}
        self._labels = unit_labels(game.units)
        #: A square's size in cells (`SCALES`), and the rows the map may take (the screen's).
        self.cell, self.rows = SCALES[0], None
        #: The threat zone's bare squares carry a mark (`GLYPHS["threat"]`), not only a
        #: tint: on a terminal without colours (`NO_COLOR`, Textual's monochrome).
        self.marks = False
        #: What the lines of a frame being drawn share (`render_lines`), else None.
        self._frame: tuple | None = None
        self._resize()

    def on_mount(self) -> None:
        # Asked by the player (`play --marks`), or a terminal without colours.
        if (self.app.no_color or getattr(self.app, "marks", False)) and not self.marks:
            self.marks = True
            self.update_board()

    def set_game(self, game: Game) -> None:
        self.game = game
        self._labels = unit_labels(game.units)
        self._row_keys.clear()
        self._row_strips.clear()
        self._resize()
        self.refresh()

    def _resize(self) -> None:
        self.virtual_size = Size(*self.extent(self.cell))

    @property
    def ruler_width(self) -> int:
        """The left ruler's width: the widest row number and a blank."""
        return len(str(self.game.height - 1)) + 1

    def extent(self, cell: tuple[int, int]) -> tuple[int, int]:
        """The cells (columns, rows) the map and its rulers take at that square size."""
        return (self.ruler_width + self.game.width * cell[0], 1 + self.game.height * cell[1])

    def fit(self, rows: int | None, width: int | None = None) -> bool:
        """Take the biggest square size at which the whole map fits the view's width (or
        `width`, before the view is laid out) and `rows` terminal rows (None: never bigger
        than two cells); True when it changed."""
        self.rows = rows
        width = self.size.width or width or 0
        best = SCALES[0]
        if rows is not None and width:
            for cell in SCALES:
                columns, lines = self.extent(cell)
                if columns <= width and lines <= rows:
                    best = cell
        if best == self.cell:
            return False
        self.cell = best
        self._row_strips.clear()
        self._resize()
        self.refresh()
        return True

    class Scaled(Message):
        """The squares changed size: the screen may give the map other rows."""

    def on_resize(self, event) -> None:
        if self.rows is not None and self.fit(self.rows):
            self.post_message(self.Scaled())
        self.centre_cursor()

    def centre_cursor(self) -> None:
        """Scroll a map bigger than the view so that the cursor is in its middle."""
        self.scroll_to_region(self._square_region(self.cursor), animate=False,
                              immediate=True, center=True)

    def _square_region(self, pos: Pos) -> Region:
        """The region to scroll into view for the square at `pos`: the rulers stay put over
        the top and the left of the view, so the square is shown clear of them (the region
        is the square widened by the rulers' size, which also centres it in what they leave)."""
        width, height = self.cell
        return Region(pos[0] * width, pos[1] * height, width + self.ruler_width, height + 1)

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
                text, style = WALL_GLYPH.text, WALL_GLYPH.style
            elif pos in fallen:
                text, style = FALLEN.text + fallen_mark(self._labels[fallen[pos].id]), \
                    FALLEN.style
            elif pos in game.doors:
                glyph = GLYPHS[game.doors[pos].state]
                text, style = glyph.text, glyph.style
            else:
                text, style = FLOOR_GLYPH.text, FLOOR_GLYPH.style
            if text == FLOOR_GLYPH.text and pos in overlay.path:  # on bare floor: nothing hidden
                # The route's squares read without colour: a dot, its cost where it ends.
                text = f"{overlay.cost:>2}"[-2:] if pos == overlay.end else ROUTE_GLYPH.text
                style = ROUTE_GLYPH.style
            elif self.marks and text == FLOOR_GLYPH.text and pos in overlay.threat:
                # Without colours the tint does not show: a mark on its bare squares.
                text, style = THREAT_GLYPH.text, THREAT_GLYPH.style
            if pos in overlay.path:
                style += PATH
            elif pos in overlay.area:
                style += AREA
            elif pos in overlay.targets:
                style += TARGET
            elif pos in overlay.range:
                style += RANGE
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

    def _row_strip(self, y: int, sub: int = 0, key: tuple | None = None) -> Strip:
        """Terminal row `sub` of map row `y` as a Strip, built from the row's cells (`key`,
        if already computed) when missing."""
        strip = self._row_strips.get((y, sub))
        if strip is None:
            key = self._row_keys[y] = key or self._row_keys.get(y) or self._cells(y)
            width, height = self.cell
            middle = sub == height // 2
            # Runs of floor or wall share a style: merged (as Segment.simplify would, without
            # a Segment a square first), a row crops in few segments.
            segments = []
            run: list[str] = []
            run_style = None
            for text, style in key:
                if style is not run_style and style != run_style:
                    if run:
                        segments.append(Segment("".join(run), run_style))
                    run, run_style = [], style
                run.append(widen(text, width, middle))
            if run:
                segments.append(Segment("".join(run), run_style))
            strip = self._row_strips[(y, sub)] = Strip(segments, len(key) * width)
        return strip

    def margins(self) -> tuple[int, int]:
        """Cells left of and rows above the map's first square: the blanks that centre
        the map when it is smaller than the view (a bigger one scrolls), then the rulers."""
        left, top = self._padding()
        return left + self.ruler_width, top + 1

    def _padding(self) -> tuple[int, int]:
        """The blank cells left of and rows above the rulers (the map centred)."""
        width, height = self.size
        columns, lines = self.extent(self.cell)
        return max(0, (width - columns) // 2), max(0, (height - lines) // 2)

    def _ruler_strip(self) -> Strip:
        """The column numbers over the squares (each over its glyph; on small squares,
        where two-digit numbers would touch, the even ones and the cursor's, its
        neighbours left blank), the cursor's brighter."""
        width, cursor = self.cell[0], self.cursor[0]
        key = ("ruler", self.cell, cursor)
        strip = self._row_strips.get(key)
        if strip is None:
            pad = (width - CELL) // 2
            segments = []
            for x in range(self.game.width):
                labelled = x == cursor or (x % 2 == 0 and abs(x - cursor) != 1) \
                    if cursor % 2 else x % 2 == 0
                style = RULER_CURSOR if x == cursor else RULER
                if not (width > CELL or labelled):
                    segments.append(Segment(" " * width, RULER))
                    continue
                # A number wider than its square keeps its last digits (100 on a 2-cell
                # square reads 00): every label stays over its own square.
                label = str(x)[-width:]
                if len(label) <= CELL:
                    segments += [Segment(" " * pad, RULER), Segment(label.rjust(CELL), style),
                                 Segment(" " * (width - CELL - pad), RULER)]
                else:
                    segments.append(Segment(label.rjust(width), style))
            strip = self._row_strips[key] = Strip(segments, self.game.width * width)
        return strip

    def _gutter_strip(self, row: int, sub: int) -> Strip:
        """The row number left of terminal row `sub` of map row `row` (on its middle
        row), the cursor's brighter."""
        gutter = self.ruler_width
        shown = sub == self.cell[1] // 2
        key = ("gutter", gutter, row if shown else None, shown and row == self.cursor[1])
        strip = self._row_strips.get(key)
        if strip is None:
            text = f"{row:>{gutter - 1}} " if shown else " " * gutter
            style = RULER_CURSOR if shown and row == self.cursor[1] else RULER
            strip = self._row_strips[key] = Strip([Segment(text, style)], gutter)
        return strip

    def render_lines(self, crop: Region) -> list[Strip]:
        # What every line of a frame shares (the background, which Textual works out from
        # every ancestor's styles; the scroll, the margins, the width and their blanks):
        # once a frame here, not once a line.
        self._frame = self._framing()
        try:
            return super().render_lines(crop)
        finally:
            self._frame = None

    def _framing(self) -> tuple:
        background = self.rich_style
        scroll_x, scroll_y = self.scroll_offset
        pad, top = self._padding()
        width = self.size.width
        return (background, scroll_x, scroll_y, pad, top, width, self.ruler_width,
                Strip.blank(pad, background), Strip.blank(width, background))

    def render_line(self, y: int) -> Strip:
        # Outside a frame (`shown`), the line's own. The rulers stay where they are while
        # the squares scroll under them: the numbers always name what is in view.
        background, scroll_x, scroll_y, pad, top, width, gutter, margin, blank = \
            self._frame or self._framing()
        left = pad + gutter
        if y == top:
            head = Strip.blank(gutter, background)
            strip = self._ruler_strip()
        else:
            line = y - top - 1 + scroll_y
            row, sub = divmod(line, self.cell[1])
            if not 0 <= line < self.game.height * self.cell[1] or y < top:
                return blank
            head = self._gutter_strip(row, sub)
            strip = self._row_strip(row, sub)
        strip = strip.crop_extend(scroll_x, scroll_x + width - left, background)
        return Strip.join([margin, head, strip] if pad else [head, strip])

    def shown(self, pos: Pos) -> str:
        """The two characters drawn on the square at `pos` (the middle row of its block),
        as the view shows it now."""
        width, height = self.cell
        left, top = self.margins()
        line = self.render_line(top + pos[1] * height + height // 2 - self.scroll_offset.y)
        start = left + pos[0] * width - self.scroll_offset.x + (width - CELL) // 2
        return line.text[start:start + CELL]

    def _refresh_row(self, y: int) -> None:
        """Forget map row `y`'s Strips and redraw its terminal rows."""
        height = self.cell[1]
        for sub in range(height):
            self._row_strips.pop((y, sub), None)
        self.refresh_lines(self.margins()[1] + y * height, height)

    def refresh_rows(self, rows) -> None:
        """Redraw only these map rows (those whose squares changed)."""
        for y in set(rows):
            if 0 <= y < self.game.height:
                self._row_keys.pop(y, None)
                self._refresh_row(y)

    def update_board(self) -> None:
        """After a command: redraw the rows whose content changed, and only those."""
        if len(self._labels) != len(self.game.units):
            self._labels = unit_labels(self.game.units)  # a designer spawned a unit
        for y in range(self.game.height):
            key = self._cells(y)
            if self._row_keys.get(y) != key:
                self._refresh_row(y)
                self._row_strip(y, 0, key)  # the cells are computed: build the row from them

    def set_overlay(self, overlay: Overlay) -> None:
        old = self.overlay
        self.overlay = overlay
        touched = old.reach ^ overlay.reach | old.targets ^ overlay.targets | \
            old.path ^ overlay.path | old.area ^ overlay.area | \
            old.out ^ overlay.out | old.threat ^ overlay.threat | old.range ^ overlay.range | \
            {p for p in (old.end, overlay.end) if p is not None}
        self.refresh_rows(y for _x, y in touched)

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
        if x != old[0]:  # the column ruler shows the cursor's column
            self.refresh(Region(0, self._padding()[1], self.size.width, 1))
        self.scroll_to_region(self._square_region((x, y)), animate=False, immediate=True)
        if (x, y) != old and announce:
            self.post_message(self.CursorMoved((x, y)))

    def action_cursor(self, dx: int, dy: int) -> None:
        self.move_cursor((self.cursor[0] + dx, self.cursor[1] + dy))

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        left, top = self.margins()
        if offset.x < left or offset.y < top:
            return  # the rulers, or the blanks around the map
        x = (offset.x - left + self.scroll_offset.x) // self.cell[0]
        y = (offset.y - top + self.scroll_offset.y) // self.cell[1]
        if 0 <= x < self.game.width and 0 <= y < self.game.height:
            self.move_cursor((x, y))
            self.post_message(self.Clicked((x, y)))
