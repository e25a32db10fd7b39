"""What the UI may offer the player, asked of the engine: the one place the UI talks to
the engine's "what can I do" query.

Every choice carries the action object the engine checks again when it is applied, so the
UI never builds a command as text, never names a target itself and never decides a rule
(which way a door turns, what a spell can reach, the next XP level).

Today this asks `game.rules.preview`; when `game.rules.legal` replaces it, only this module
changes.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from typing import Any

from game.rules import preview
from game.rules.actions import Attack, EndTurn, Move, ToggleDoor
from game.rules.errors import Impossible
from game.rules.magic import Cast
from game.rules.notation import parse
from game.rules.state import Game
from game.rules.terms import Chance

Pos = tuple[int, int]


@dataclass(frozen=True)
class Choice:
    """One thing an actor could do: its action, its cost and odds, or why it cannot."""

    label: str
    kind: str  # "attack" or "spell"
    action: Any
    ap_cost: int
    chance: Chance | None = None
    defence: Chance | None = None
    reason: str | None = None

    @property
    def possible(self) -> bool:
        return self.reason is None

    @property
    def brawl(self) -> bool:
        return isinstance(self.action, Attack) and self.action.brawl

    @property
    def spell(self) -> str | None:
        return self.action.spell if isinstance(self.action, Cast) else None


@dataclass(frozen=True)
class MoveChoice:
    """Walking to a square: the action, the squares crossed and the AP it costs."""

    action: Move
    path: tuple[Pos, ...] = ()
    ap_cost: int = 0
    reason: str | None = None

    @property
    def possible(self) -> bool:
        return self.reason is None


def square(pos: Pos) -> str:
    """A square as the notation writes it (`x,y`), which names whatever stands there."""
    return f"{pos[0]},{pos[1]}"


def against(game: Game, actor: str, pos: Pos) -> list[Choice]:
    """Every attack and spell the actor has against what is at `pos`, in the engine's order
    (each weapon, bare hands, each spell), with odds or the reason it is impossible."""
    # preview.Option holds its command as notation: read back once, here, by the engine's
    # own parser (legal.py's options will carry the action itself).
    return [Choice(o.label, o.kind, parse(o.command), o.ap_cost, o.chance, o.defence, o.reason)
            for o in preview.options_against(game, actor, pos)]


def attack(game: Game, actor: str, pos: Pos, brawl: bool = False,
           choices: list[Choice] | None = None) -> Any:
    """The attack `a` (first weapon) or `b` (bare hands) makes on `pos`."""
    choices = against(game, actor, pos) if choices is None else choices
    for choice in choices:
        if choice.kind == "attack" and choice.brawl == brawl:
            return choice.action
    # Nothing to attack there: the engine's refusal will say so.
    return Attack(actor, square(pos), brawl=brawl)


def cast(game: Game, actor: str, spell: str, pos: Pos,
         choices: list[Choice] | None = None) -> Any:
    """The spell cast on what stands at `pos`."""
    choices = against(game, actor, pos) if choices is None else choices
    for choice in choices:
        if choice.spell == spell:
            return choice.action
    return Cast(actor, spell, square(pos))


def door(game: Game, actor: str, pos: Pos) -> ToggleDoor:
    """Open or close the door at `pos`: whichever the engine allows; if neither, the one
    whose refusal tells the player most (the door's own state decides)."""
    opening, closing = ToggleDoor(actor, pos, True), ToggleDoor(actor, pos, False)
    for action in (opening, closing):
        try:
            action.check(game, game.current)
        except Impossible:
            continue
        return action
    found = game.doors.get(pos)
    return closing if found is not None and found.state == "open" else opening


def end_turn() -> EndTurn:
    return EndTurn()


def move(game: Game, actor: str, pos: Pos) -> MoveChoice:
    action = Move(actor, pos)
    try:
        path, cost = preview.move_preview(game, actor, pos)
    except Impossible as refusal:
        return MoveChoice(action, reason=refusal.reason)
    return MoveChoice(action, tuple(path), cost)


def reach(game: Game, actor: str) -> tuple[frozenset[Pos], frozenset[Pos]]:
    """Where the actor can walk now, and the squares it can attack (first weapon or hands)."""
    unit = game.units[actor]
    weapon = unit.weapons[0] if unit.weapons else None
    return (frozenset(preview.reachable_squares(game, actor)),
            frozenset(preview.attackable_squares(game, actor, weapon)
                      | preview.attackable_squares(game, actor, brawl=True)))


def spell_targets(game: Game, actor: str, spell: str) -> frozenset[Pos]:
    return frozenset(preview.spell_squares(game, actor, spell))


def spell_reach(game: Game, actor: str, spell: str) -> int:
    return preview.spell_reach(game, actor, spell)


def next_level_xp(game: Game, xp: int) -> int | None:
    """The XP of the next level threshold, if there is one."""
    thresholds = game.rules.level_thresholds
    index = bisect_right(thresholds, xp)
    return thresholds[index] if index < len(thresholds) else None
