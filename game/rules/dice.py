"""Dice expressions and the one injected roller every die goes through.

`Roller` wraps a seeded `random.Random` and a queue of forced d100 results, so tests and
demos can decide attack, dodge, magic and counter rolls while damage dice stay seeded.
"""

from __future__ import annotations

import random
import re
from collections import deque
from functools import lru_cache
from dataclasses import dataclass
from typing import Iterable

import msgspec

_DICE = re.compile(r"^\s*([+-])?\s*(?:(\d*)d(\d+))?\s*(?:([+-])\s*(\d+))?\s*$")


@dataclass(frozen=True, slots=True)
class Dice:
    """`NdS+K`, possibly negative as a whole (`-1d6` is a malus): `sign * (NdS + K)`."""

    count: int
    sides: int
    modifier: int = 0
    sign: int = 1

    @classmethod
    def parse(cls, text: str) -> "Dice":
        """Parse `1d6`, `2d6+2`, `-1d4`, `d8`, `3` or `0`; raise ValueError otherwise."""
        return _parse_dice(cls, str(text))

    @classmethod
    def _parse(cls, text: str) -> "Dice":
        text = str(text).strip()
        if re.fullmatch(r"[+-]?\d+", text):
            value = int(text)
            return cls(0, 0, abs(value), -1 if value < 0 else 1)
        match = _DICE.match(text)
        if not match or match.group(3) is None:
            raise ValueError(f"not a dice expression: {text!r} (expected e.g. 1d6, 2d6+2, -1d4)")
        sign_s, count_s, sides_s, mod_sign, mod_s = match.groups()
        count = int(count_s) if count_s else 1
        sides = int(sides_s)
        if sides < 1 or count < 1:
            raise ValueError(f"not a dice expression: {text!r} (dice need at least one side)")
        modifier = int(mod_s) if mod_s else 0
        if mod_sign == "-":
            modifier = -modifier
        return cls(count, sides, modifier, -1 if sign_s == "-" else 1)

    def __str__(self) -> str:
        body = f"{self.count}d{self.sides}" if self.count else ""
        if self.modifier:
            body += f"{self.modifier:+d}" if body else str(self.modifier)
        body = body or "0"
        return f"-{body}" if self.sign < 0 else body


@lru_cache(maxsize=512)
def _parse_dice(cls: type[Dice], text: str) -> Dice:
    # Content dice are few and parsed on every damage roll: parse each text once.
    return cls._parse(text)


@lru_cache(maxsize=512)
def _text(dice: Dice) -> str:
    # Written on every roll event: each expression is formatted once.
    return str(dice)


class DiceRoll(msgspec.Struct, frozen=True):
    """What one dice expression gave: the faces and the signed total."""

    label: str
    expr: str
    faces: tuple[int, ...]
    total: int


class Roller:
    """The only source of randomness in the rules.

    `d100()` serves forced results first (in order), then seeded ones. Damage and value
    dice are always seeded, so forcing a hit never shifts them.
    """

    def __init__(self, seed: int = 0, forced: Iterable[int] = ()) -> None:
        self.seed = seed
        self._random = random.Random(seed)
        self.forced: deque[int] = deque()
        self.force(forced)

    def force(self, rolls: Iterable[int]) -> tuple[int, ...]:
        """Serve these d100 results before any seeded one, in place of any still pending;
        return the pending ones dropped (so what is forced is always what was last said)."""
        new = deque()
        for roll in rolls:
            roll = int(roll)
            if not 1 <= roll <= 100:
                raise ValueError(f"a forced d100 must be between 1 and 100, not {roll}")
            new.append(roll)
        dropped, self.forced = tuple(self.forced), new
        return dropped

    def d100(self) -> tuple[int, bool]:
        """The next percentile result and whether it was forced."""
        if self.forced:
            return self.forced.popleft(), True
        # `randint(1, n)` is `1 + _randbelow(n)` in CPython: the same draws, the same
        # stream, without two layers of argument checks on the hottest call of the engine.
        return 1 + self._random._randbelow(100), False

    def roll(self, dice: Dice, label: str = "") -> DiceRoll:
        below, sides = self._random._randbelow, dice.sides
        faces = tuple(1 + below(sides) for _ in range(dice.count))
        total = dice.sign * (sum(faces) + dice.modifier)
        return DiceRoll(label, _text(dice), faces, total)

    def getstate(self) -> tuple:
        return (self._random.getstate(), tuple(self.forced))

    def setstate(self, state: tuple) -> None:
        random_state, forced = state
        self._random.setstate(random_state)
        self.forced = deque(forced)
