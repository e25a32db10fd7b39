"""Players' colours as the scenario names them, the same on every terminal.

A colour name such as `blue` would reach the terminal as an ANSI colour, which each
terminal theme paints its own way (blue shows purple in some); the exact colour is sent
instead, lifted towards white when it is too dark to read on a dark background (mixed in
RGB, so that a blue stays blue).
"""

from __future__ import annotations

from functools import lru_cache

from textual.color import Color, ColorParseError

WHITE = Color(255, 255, 255)


@lru_cache(maxsize=64)
def player_colour(name: str) -> str:
    """`blue` → `#4D4DFF`; an unknown name is shown in plain white."""
    try:
        colour = Color.parse(name)
    except ColorParseError:
        return WHITE.hex
    if colour.brightness < 0.3:
        colour = colour.blend(WHITE, 0.3)
    return colour.hex
