"""The bounds of the game's state (units, doors, objects), checked when a state is decoded
(a save is untrusted input: `game.saves`), never when the engine builds or changes it.

Wide (far above what play reaches) but finite, so a hand-edited number can neither crash
the engine nor make it loop.
"""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

from game.rules.templates import _PLAIN

Id = Annotated[str, Meta(pattern=r"^[a-z][a-z0-9_-]*$", max_length=40)]
DoorId = Annotated[str, Meta(pattern=r"^door-[0-9]{1,4}-[0-9]{1,4}$")]
#: Shown text: no control, line-separator or direction-override character, which could
#: garble or disguise what a screen or a terminal shows.
PlainName = Annotated[str, Meta(min_length=1, max_length=100, pattern=_PLAIN)]
Glyph = Annotated[str, Meta(min_length=1, max_length=1, pattern=_PLAIN)]
Small = Annotated[int, Meta(ge=0, le=1_000_000_000)]
Signed = Annotated[int, Meta(ge=-1_000_000_000, le=1_000_000_000)]
Coord = Annotated[int, Meta(ge=0, le=10_000)]
PlayerNo = Annotated[int, Meta(ge=1, le=6)]
Maximum = Annotated[int, Meta(ge=1, le=1_000_000)]
