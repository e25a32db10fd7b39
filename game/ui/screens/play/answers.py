"""What the engine answered for the game as it stands, asked once until it moves on.

A cursor move asks the engine nothing new: the target panel, the map's overlay and the
spell list read the same `Choices`; the zones (a spell's squares out of reach, the
enemies' threat zone) and what a unit could do from a square are kept the same way. The
questions are `game.ui.options`'s, the one place the UI asks the engine.
"""

from __future__ import annotations

from typing import Callable

from game.rules.engine import Game
from game.ui import options

Pos = tuple[int, int]


class Answers:
    """The answers kept for one game state (the game object and its journal's length)."""

    def __init__(self, game: Callable[[], Game]) -> None:
        self._game = game  # the controller's game as it is now (a load or undo replaces it)
        self._choices_key: tuple | None = None
        self._choices: options.Choices | None = None
        self._zones: dict[tuple, object] = {}

    def _state(self) -> tuple:
        game = self._game()
        return id(game), len(game.journal)

    def forget_choices(self) -> None:
        """Ask again for the choices (a game drawn anew)."""
        self._choices_key = None

    def choices(self, unit_id: str) -> options.Choices:
        """What the unit can do."""
        key = (*self._state(), unit_id)
        if self._choices_key != key or self._choices is None:
            self._choices = options.choices(self._game(), unit_id)
            self._choices_key = key
        return self._choices

    def _kept(self, key: tuple, ask: Callable[[], object]):
        if key not in self._zones:
            self._zones = {k: v for k, v in self._zones.items() if k[:2] == key[:2]}
            self._zones[key] = ask()
        return self._zones[key]

    def zone(self, kind: str, *args) -> frozenset:
        """The squares out of reach of a spell (`out`, unit, spell) or the enemies' threat
        zone (`threat`)."""
        game = self._game()
        return self._kept((*self._state(), kind, *args),
                          lambda: options.threat_zone(game) if kind == "threat" else
                          options.out_of_reach(game, *args[:1], spell=args[1]))

    def from_here(self, unit_id: str, square: Pos):
        """What the unit could do after walking to `square` (`legal.options_from`)."""
        game = self._game()
        return self._kept((*self._state(), "from", unit_id, square),
                          lambda: options.from_here(game, unit_id, square))
