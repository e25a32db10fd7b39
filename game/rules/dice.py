"""Dice expressions and the one injected roller every die goes through.

`Roller` draws from seeded streams and serves a queue of forced d100 results first, so
tests and demos can decide attack, dodge, magic and counter rolls while damage dice stay
seeded.

Each command draws from its own stream (`Roller.begin`), derived from the game's seed and
a key naming the command (its index in the log; a creature's turn by round and id). So a
rule change that adds a die to one command shifts no roll of any other command: two rule
sets replayed on the same log share their dice wherever their commands agree, which is
what makes a comparison of rule sets a comparison and not noise.
"""

from __future__ import annotations

import random
import re
from collections import deque
from functools import lru_cache
from typing import Iterable

import msgspec

from game.rules.errors import N_
from game.rules.sha import sha256
from game.rules.sources import Sources

class DiceError(ValueError):
    """A text that is no dice expression: `message` (English, marked for the catalog) with
    the `text` it names, worded at the edge."""

    def __init__(self, message: str, text: str) -> None:
        super().__init__(message.format(text=text))
        self.message, self.text = message, text


_DICE = re.compile(r"^\s*([+-])?\s*(?:(\d*)d(\d+))?\s*(?:([+-])\s*(\d+))?\s*$")


class Dice(msgspec.Struct, frozen=True):
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
            raise DiceError(N_("not a dice expression: {text!r} (expected e.g. 1d6, 2d6+2, "
                               "-1d4)"), text)
        sign_s, count_s, sides_s, mod_sign, mod_s = match.groups()
        count = int(count_s) if count_s else 1
        sides = int(sides_s)
        if sides < 1 or count < 1:
            raise DiceError(N_("not a dice expression: {text!r} (dice need at least one "
                               "side)"), text)
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


class DiceRoll(msgspec.Struct, frozen=True, omit_defaults=True):
    """What one dice expression gave: the faces and the signed total.

    `label` is data the edge words (`journal.text.dice_label`): the id of the weapon or
    spell whose dice they are, or the rules' own `brawl` (bare hands), `perfect` (the
    perfect die) and `bonus` (the damage bonus: `stats` summed to `number`, which falls
    in the rules' `damage_bonus` table at `row`). Fields left at their default are not
    written.
    """

    label: str
    expr: str
    faces: tuple[int, ...]
    total: int
    #: The rule that rolls these dice (`R6.2`) and the content value they come from
    #: (the weapon's `dice` in `weapons`); none in journals written before they were kept.
    rule: str = ""
    source: Sources = ()
    stats: tuple[str, ...] = ()
    number: int | None = None
    row: int | None = None


def stream_seed(seed: int, key: str) -> int:
    """The seed of one stream: a digest of the game's seed and the stream's key.

    sha256 rather than `hash()`, which is salted per process: the same game must roll the
    same dice in any process, on any machine.
    """
    digest = sha256(f"{seed}:{key}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _below(source: random.Random, n: int) -> int:
    """A uniform integer in `[0, n)` from the public `getrandbits`: draw `n.bit_length()`
    bits until the number is below `n`.

    This is CPython's own `randint(1, n) - 1` draw (`_randbelow_with_getrandbits`), so saves
    and replays keep their rolls; written here so that no private method of `random` decides
    them, and without `randint`'s argument checks on the engine's hottest call.
    """
    bits = n.bit_length()
    value = source.getrandbits(bits)
    while value >= n:
        value = source.getrandbits(bits)
    return value


#: The most d100 results one `force` may queue (a save holds them, and reads at most this).
MAX_FORCED = 100_000


class Roller:
    """The only source of randomness in the rules.

    `d100()` serves forced results first (in order), then seeded ones. Damage and value
    dice are always seeded, so forcing a hit never shifts them.

    With `streams` (every new game), `begin(key)` starts the stream of a command (see the
    module's docstring); without, one stream runs through the whole game and `begin` does
    nothing: how games rolled before streams, kept so that their saves still replay.
    """

    def __init__(self, seed: int = 0, forced: Iterable[int] = (), streams: bool = True) -> None:
        self.seed = seed
        self.streams = streams
        self.stream = ""
        self._random = random.Random(seed)
        self._seeded = True
        self.forced: deque[int] = deque()
        self.force(forced)

    def begin(self, key: str) -> None:
        """Draw the next dice from the stream named `key` (e.g. a command's log index).

        The stream is seeded at its first die: seeding costs more than a whole move, and
        most commands (moves, doors, ends) roll nothing.
        """
        if self.streams:
            self.stream = key
            self._seeded = False

    def _source(self) -> random.Random:
        if not self._seeded:
            self._random.seed(stream_seed(self.seed, self.stream))
            self._seeded = True
        return self._random

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
        return 1 + _below(self._source(), 100), False

    def roll(self, dice: Dice, label: str = "", rule: str = "",
             origin: Sources = ()) -> DiceRoll:
        """Roll `dice`; `rule` and `origin` name the rule rolling them and the content value
        they come from, kept on the result."""
        source, sides = self._source(), dice.sides
        faces = tuple(1 + _below(source, sides) for _ in range(dice.count))
        total = dice.sign * (sum(faces) + dice.modifier)
        return DiceRoll(label, _text(dice), faces, total, rule, origin)

    def roll_together(self, parts) -> list[DiceRoll]:
        """Several dice expressions rolled for one total (a damage roll: the weapon's dice,
        the damage bonus, the perfect die): `parts` as (dice, label, rule, origin), rolled
        in order, one `DiceRoll` each. Only their sum counts, which is what lets the odds
        enumerate a damage roll by its total (`game.rules.branches`)."""
        return [self.roll(dice, label, rule, origin) for dice, label, rule, origin in parts]

    def getstate(self) -> tuple:
        """What the next rolls depend on. With streams only the forced rolls pending: every
        command begins its own stream."""
        if self.streams:
            return (None, tuple(self.forced))
        return (self._random.getstate(), tuple(self.forced))

    def setstate(self, state: tuple) -> None:
        if not self.streams and state[0] is not None:
            version, internal, gauss = state[0]
            self._random.setstate((version, tuple(internal), gauss))
        self.forced = deque(state[-1])
