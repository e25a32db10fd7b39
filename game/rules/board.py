"""The board's fixed parts: map symbols and their parser, doors and objects.

One parser serves the game and the content loader's checks, so a map the loader accepts is
the map the game plays.
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache

import msgspec

from game.rules.bounds import Coord, DoorId, Glyph, Id, PlainName, Small
from game.rules.geometry import Pos

WALL, FLOOR, CLOSED_DOOR, OPEN_DOOR = "#", ".", "+", "/"
MAP_SYMBOLS = {WALL: "wall", FLOOR: "floor", " ": "floor", CLOSED_DOOR: "closed door",
               OPEN_DOOR: "open door"}


class DoorState(StrEnum):
    """`closed` blocks movement and sight; `open` and `broken` do not."""

    OPEN = "open"
    CLOSED = "closed"
    BROKEN = "broken"


class MapGrid(msgspec.Struct, frozen=True):
    """An ASCII map read: its size, walls, doors (with their first state) and any square
    whose symbol is unknown (the loader reports those with their place in the file)."""

    width: int
    height: int
    walls: frozenset[Pos]
    doors: dict[Pos, DoorState]
    unknown: tuple[tuple[Pos, str], ...]

    def blocker(self, pos: Pos) -> str | None:
        """What keeps a unit from standing at `pos` from the start, if anything."""
        if pos in self.walls:
            return "a wall"
        if self.doors.get(pos) is DoorState.CLOSED:
            return "a closed door"
        return None


def read_map(text: str) -> MapGrid:
    """Read an ASCII map; rows may be ragged (short rows are floor on the right)."""
    rows = text.rstrip("\n").split("\n")
    width, height = max(len(r) for r in rows), len(rows)
    walls: set[Pos] = set()
    doors: dict[Pos, DoorState] = {}
    unknown: list[tuple[Pos, str]] = []
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch not in MAP_SYMBOLS:
                unknown.append(((x, y), ch))
            elif ch == WALL:
                walls.add((x, y))
            elif ch == CLOSED_DOOR:
                doors[(x, y)] = DoorState.CLOSED
            elif ch == OPEN_DOOR:
                doors[(x, y)] = DoorState.OPEN
    return MapGrid(width, height, frozenset(walls), doors, tuple(unknown))


@lru_cache(maxsize=64)
def parse_map(text: str) -> MapGrid:
    """`read_map`, refusing a map with an unknown symbol. Read once per map (every game of
    a lab's runs reads the same): the grid is shared, never changed by its readers."""
    grid = read_map(text)
    if grid.unknown:
        (x, y), ch = grid.unknown[0]
        raise ValueError(f"unknown map symbol {ch!r} at {x},{y}")
    return grid


class Door(msgspec.Struct, forbid_unknown_fields=True):
    """A door square; its id is `door-X-Y`. (Declared once, with the bounds a save is
    decoded under, as units are.)"""

    id: DoorId
    pos: tuple[Coord, Coord]
    state: DoorState
    hp: Small
    hp_max: Small
    defence: Small

    @property
    def blocks(self) -> bool:
        return self.state is DoorState.CLOSED


class Thing(msgspec.Struct, forbid_unknown_fields=True):
    """An object on the map (a barrel, a statue): blocks movement, may be attacked."""

    id: Id
    name: PlainName
    pos: tuple[Coord, Coord]
    glyph: Glyph
    hp: Small
    hp_max: Small
    defence: Small | None
    armour: Id | None
    destroyed: bool = False
