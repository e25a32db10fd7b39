"""The game behind the app, in plain Python: apply actions, autosave, undo, save, load,
replay, and what each player has yet to see. Testable without Textual.

The screens ask it and show what it answers; it never draws anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from game import saves
from game.content.loader import DEFAULT_CONTENT
from game.rules import events as ev
from game.rules import history
from game.rules.errors import Impossible
from game.rules.engine import Game


class Problem(Exception):
    """Something the player asked for that could not be done; the message says why."""


@dataclass
class Outcome:
    """What one applied command did, as the screens need it."""

    events: list
    refused: str | None = None
    turn_started: bool = False
    game_over: bool = False
    autosaved: Path | None = None
    autosave_error: str | None = None

    @property
    def summary(self):
        """The event the status line shows: the new turn, else the command's first effect."""
        turns = [e for e in self.events if isinstance(e, ev.TurnStarted)]
        if turns:
            return turns[-1]
        return self.events[1] if len(self.events) > 1 else self.events[0]


@dataclass
class Digest:
    """What the next player is told at the hand-over."""

    round: int
    player: int
    name: str
    events: list = field(default_factory=list)

    def summary(self, name: Callable[[str], str]) -> list[str]:
        """What matters, one item each: hits with their HP, spells countered, the fallen."""
        items: list[str] = []
        attacker: str | None = None
        for event in self.events:
            if isinstance(event, ev.AttackDeclared):
                attacker = event.attacker
            elif isinstance(event, ev.SpellCast):
                attacker = event.caster
            elif isinstance(event, ev.Damage) and event.amount > 0:
                who = name(attacker) if attacker else name(event.source)
                items.append(f"{who} hit {name(event.target)} for {event.amount} "
                             f"(HP {event.hp_before} → {event.hp_after})")
            elif isinstance(event, ev.Healed):
                items.append(f"{name(event.target)} healed {event.amount} "
                             f"(HP {event.hp_before} → {event.hp_after})")
            elif isinstance(event, ev.Countered):
                items.append(f"{name(event.spell)} countered by {name(event.unit)}"
                             + (" and reflected" if event.reflected else ""))
            elif isinstance(event, ev.Down):
                items.append(f"{name(event.unit)} down")
            elif isinstance(event, ev.GameOver):
                items.append("the game is over")
        return items


class Controller:
    """One hot-seat game and its saves."""

    def __init__(self, game: Game, new_game: Callable[[], Game] | None = None,
                 saves_dir: Path | None = None, content_dir: Path = DEFAULT_CONTENT,
                 autosave: bool = True) -> None:
        self.new_game = new_game
        self.saves_dir = Path(saves_dir or saves.DEFAULT_SAVES)
        self.content_dir = Path(content_dir)
        self.autosave_enabled = autosave
        self.game = game
        self.seen_until: dict[int, int] = {}
        self.final_save: Path | None = None  # the autosave made when the game ended
        #: Ask before ending a turn while characters have AP left (a player may say stop).
        self.ask_before_ending = True
        self.reset(game)

    def reset(self, game: Game) -> None:
        """Play this game from now on (new, loaded or undone)."""
        self.game = game
        self.seen_until = {game.current: len(game.journal)}
        self.final_save = None

    # --- play -----------------------------------------------------------------------

    def apply(self, action: Any) -> Outcome:
        """Send one command (an action object, or notation typed by the player)."""
        game = self.game
        player = game.current
        journal_before = len(game.journal)
        events = game.apply(action)
        if isinstance(events[0], ev.Refused):
            return Outcome(events, refused=events[0].reason)
        outcome = Outcome(events, game_over=game.over,
                          turn_started=any(isinstance(e, ev.TurnStarted) for e in events))
        if outcome.turn_started:
            self.seen_until[player] = journal_before + 1  # after their own "end"
        if outcome.turn_started or outcome.game_over:
            self._autosave(outcome)
        if outcome.game_over:
            self.final_save = outcome.autosaved
        return outcome

    def _autosave(self, outcome: Outcome) -> None:
        if not self.autosave_enabled:
            return
        try:
            outcome.autosaved = saves.autosave(self.game, self.saves_dir)
        except (OSError, saves.SaveError) as exc:
            outcome.autosave_error = str(exc)

    def hand_over(self) -> Digest:
        """The player whose turn starts, and what the other sides did since they last
        played: their own commands and every refusal are left out."""
        game = self.game
        nxt = game.player(game.current)
        start = self.seen_until.get(nxt.number, 0)
        self.seen_until[nxt.number] = len(game.journal)
        shown, theirs = [], False
        for event in game.journal[start:]:
            if isinstance(event, ev.CommandIssued):
                theirs = event.player == nxt.number
            elif isinstance(event, (ev.TurnStarted, ev.CreaturePhase)):
                theirs = False
            if not theirs and not isinstance(event, (ev.Refused, ev.ForcedRolls)):
                shown.append(event)
        return Digest(game.round, nxt.number, nxt.name, shown)

    def restart(self) -> Game:
        if self.new_game is None:
            raise Problem("no new game can be started here")
        self.reset(self.new_game())
        self.ask_before_ending = True
        return self.game

    def undo(self) -> str:
        """Take back the last move or door; the command undone. Raises `Impossible`."""
        undone = self.game.log[-1] if self.game.log else ""
        self.reset(history.undo(self.game))
        return undone

    @staticmethod
    def refusal(reason: str, command: str) -> ev.Refused:
        """A refusal of the app's own (undo…), for the journal on screen."""
        return ev.Refused(command, reason)

    # --- saves ----------------------------------------------------------------------

    def suggested_name(self) -> str:
        return f"{self.game.scenario_id}-round-{self.game.round}"

    def save(self, name: str) -> Path:
        if not name:
            raise Problem("save needs a name: save NAME")
        try:
            return saves.save_game(self.game, name, self.saves_dir)
        except (saves.SaveError, OSError) as exc:
            raise Problem(str(exc)) from None

    def save_exists(self, name: str) -> bool:
        try:
            return saves.save_path(name, self.saves_dir).exists()
        except saves.SaveError:
            return False

    def path_of(self, name: str) -> Path:
        try:
            return saves.save_path(name, self.saves_dir)
        except saves.SaveError as exc:
            raise Problem(str(exc)) from None

    def read(self, path: Path, mode: str = "auto") -> saves.Loaded:
        """Read a save against the current content (nothing changes yet)."""
        try:
            return saves.load_game(path, self.content_dir, mode)
        except (saves.SaveError, OSError) as exc:
            raise Problem(str(exc)) from None

    def adopt(self, loaded: saves.Loaded) -> None:
        self.reset(loaded.game)

    def latest_autosave(self) -> Path:
        path = saves.latest_autosave(self.saves_dir)
        if path is None:
            raise Problem("no autosave yet: one is made at each turn start")
        return path

    def emergency_save(self) -> Path:
        """After an unexpected error: an autosave of the game as it stands."""
        return saves.autosave(self.game, self.saves_dir)

    # --- replay ---------------------------------------------------------------------

    def replay(self, steps: int) -> Game:
        """The game as it was after its first `steps` commands (the same road as a load)."""
        game = self.game
        return history.replay(game.content, game.scenario, game.seed, game.log[:steps],
                              game.scenario_id, game.designer, game.dice)


__all__ = ["Controller", "Outcome", "Digest", "Problem", "Impossible"]
