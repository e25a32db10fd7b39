"""Distance, line of sight and paths on the square grid (diagonals count 1)."""

from __future__ import annotations

from collections import deque
from typing import Callable, Iterable, Iterator

Pos = tuple[int, int]

NEIGHBOURS: tuple[Pos, ...] = (
    (-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1),
)


def distance(a: Pos, b: Pos) -> int:
    """Chebyshev distance: adjacent squares, diagonals included, are at distance 1."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def line_between(a: Pos, b: Pos) -> Iterator[Pos]:
    """The squares strictly between `a` and `b` on a Bresenham line.

    The line is always drawn from the smaller end, so `a` sees `b` exactly when `b` sees `a`.
    """
    if b < a:
        a, b = b, a
    x0, y0 = a
    x1, y1 = b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx = 1 if x0 < x1 else -1
    sy = 1 if y0 < y1 else -1
    err = dx + dy
    x, y = x0, y0
    while True:
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x += sx
        if e2 <= dx:
            err += dx
            y += sy
        if (x, y) == (x1, y1):
            return
        yield (x, y)


def clear_line(a: Pos, b: Pos, blocks: Callable[[Pos], bool]) -> bool:
    """True when no square strictly between `a` and `b` blocks sight."""
    return not any(blocks(p) for p in line_between(a, b))


#: The order a walk's route tries its steps in: straight ones first, so that of the routes
#: of the same length the one drawn is the straightest (a diagonal first made a walk along
#: an empty row zig-zag to the row above and back). The route is no outcome: the square
#: reached and the AP spent are the same whatever the order.
STRAIGHT_FIRST: tuple[Pos, ...] = (
    (0, -1), (-1, 0), (1, 0), (0, 1), (-1, -1), (1, -1), (-1, 1), (1, 1),
)


def shortest_path(
    start: Pos,
    goals: Iterable[Pos],
    passable: Callable[[Pos], bool],
    order: tuple[Pos, ...] = NEIGHBOURS,
) -> list[Pos] | None:
    """Breadth-first path from `start` to the nearest goal, `start` excluded, its steps
    tried in `order`.

    Goals must themselves be passable to be reached. Ties between equally near goals go to
    the first found in the fixed neighbour order, so paths are deterministic.
    """
    goal_set = set(goals)
    if start in goal_set:
        return []
    came_from: dict[Pos, Pos] = {start: start}
    frontier = deque([start])
    while frontier:
        here = frontier.popleft()
        for dx, dy in order:
            step = (here[0] + dx, here[1] + dy)
            if step in came_from or not passable(step):
                continue
            came_from[step] = here
            if step in goal_set:
                path = [step]
                while came_from[path[-1]] != start:
                    path.append(came_from[path[-1]])
                return path[::-1]
            frontier.append(step)
    return None


def reachable(start: Pos, passable: Callable[[Pos], bool], budget: int) -> dict[Pos, int]:
    """Every square reachable from `start` within `budget` steps, with its step count."""
    cost = {start: 0}
    frontier = deque([start])
    while frontier:
        here = frontier.popleft()
        if cost[here] >= budget:
            continue
        for dx, dy in NEIGHBOURS:
            step = (here[0] + dx, here[1] + dy)
            if step not in cost and passable(step):
                cost[step] = cost[here] + 1
                frontier.append(step)
    del cost[start]
    return cost
