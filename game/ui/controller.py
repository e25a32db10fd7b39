"""The game behind the app, in plain Python: apply actions, autosave, undo, save, load,
replay, and what each player has yet to see. Testable without Textual.

The screens ask it and show what it answers; it never draws anything.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import msgspec

from game.content import DEFAULT_CONTENT
from game.i18n import _, ngettext
from game.rules import events as ev
from game.rules.constants import Check
from game.rules.errors import Impossible
from game.rules.engine import Game
from game.ui.words import refused_text

if TYPE_CHECKING:
    from game import saves
    from game.content.reload import HotReload


def _saves():
    """`game.saves`, imported the first time the game is saved or loaded (not at start-up)."""
    from game import saves

    return saves


def _reload():
    """`game.content.reload`, imported at the first poll of the content folder, a second
    after the first frame (not at start-up)."""
    from game.content import reload

    return reload


def _history():
    """`game.rules.history`, imported at the first undo or replay (not at start-up)."""
    from game.rules import history

    return history


class Problem(Exception):
    """Something the player asked for that could not be done; the message says why."""


class Outcome(msgspec.Struct):
    """What one applied command did, as the screens need it."""

    events: list
    refused: str | None = None
    turn_started: bool = False
    game_over: bool = False
    autosaved: Path | None = None
    autosave_error: str | None = None

    @property
    def summary(self):
        """The event the status line shows: the new turn, else the first effect of the
        last command among the events (a creature's, in a part of a round's end: see
        `Game.apply_steps`); None for the empty last part of such an end."""
        turns = [e for e in self.events if isinstance(e, ev.TurnStarted)]
        if turns:
            return turns[-1]
        issued = [i for i, e in enumerate(self.events) if isinstance(e, ev.CommandIssued)]
        if issued:
            at = issued[-1]
            return self.events[at + 1] if at + 1 < len(self.events) else self.events[at]
        return self.events[0] if self.events else None


class Digest(msgspec.Struct):
    """What the next player is told at the hand-over."""

    round: int
    player: int
    name: str
    events: list = msgspec.field(default_factory=list)
    #: Another person plays too (hot-seat): the keyboard passes. Against the computer
    #: alone, the one person is not told to pass it to themselves.
    shared: bool = True
    #: The events run from the game's start: the player has not had a turn yet (or the
    #: game was loaded from a save that did not say what they had seen).
    first: bool = False

    def summary(self, name: Callable[[str], str]) -> list[str]:
        """What matters, one item each, in the order it happened: hits with their HP and
        misses, dodges, spells that failed or were countered, heals, the effects cast
        (buffs and debuffs, with their turns), the fallen."""
        items: list[str] = []
        attack: ev.AttackDeclared | None = None  # the attack or spell the rolls are for
        spell: ev.SpellCast | None = None
        for event in self.events:
            if isinstance(event, ev.AttackDeclared):
                attack, spell = event, None
            elif isinstance(event, ev.SpellCast):
                attack, spell = None, event
            elif isinstance(event, ev.CommandIssued):
                attack = spell = None
            elif isinstance(event, ev.Roll):
                if event.check == Check.ATTACK and not event.success and attack:
                    items.append(_("{attacker} missed {target}").format(
                        attacker=name(attack.attacker), target=name(attack.target)))
                elif event.check == Check.DODGE and event.success and attack:
                    items.append(_("{target} dodged {attacker}").format(
                        target=name(attack.target), attacker=name(attack.attacker)))
                elif event.check == Check.MAGIC and not event.success and spell:
                    items.append(_("{caster}'s {spell} on {target} failed").format(
                        caster=name(spell.caster), spell=name(spell.spell),
                        target=name(spell.target)))
            elif isinstance(event, ev.EffectAdded):
                items.append(ngettext("{source} on {unit}: {amount} {stat} ({n} turn)",
                                      "{source} on {unit}: {amount} {stat} ({n} turns)",
                                      event.turns).format(
                    source=name(event.source), unit=name(event.unit),
                    amount=f"{event.amount:+d}", stat=name(event.stat), n=event.turns))
            # The damage's source is who dealt it: a reflected spell's is the counterer.
            elif isinstance(event, ev.Damage) and event.amount > 0:
                items.append(_("{source} hit {target} for {amount} (HP {before} → {after})")
                             .format(source=name(event.source), target=name(event.target),
                                     amount=event.amount, before=event.hp_before,
                                     after=event.hp_after))
            elif isinstance(event, ev.Damage):  # a hit all the same: not "no hit"
                items.append(_("{source} hit {target} for no damage")
                             .format(source=name(event.source), target=name(event.target)))
            elif isinstance(event, ev.Healed) and event.source != event.target:
                # Who healed whom (playtest: "Elise's Mend on Dagny failed · Dagny healed
                # 2" read as Dagny mending herself, or as the failed Mend taking).
                items.append(_("{source} healed {target} for {amount} (HP {before} → {after})")
                             .format(source=name(event.source), target=name(event.target),
                                     amount=event.amount, before=event.hp_before,
                                     after=event.hp_after))
            elif isinstance(event, ev.Healed):
                items.append(_("{target} healed {amount} (HP {before} → {after})").format(
                    target=name(event.target), amount=event.amount, before=event.hp_before,
                    after=event.hp_after))
            elif isinstance(event, ev.Countered):
                items.append((_("{spell} countered by {unit} and reflected")
                              if event.reflected else _("{spell} countered by {unit}"))
                             .format(spell=name(event.spell), unit=name(event.unit)))
            elif isinstance(event, ev.Down):
                items.append(_("{unit} down").format(unit=name(event.unit)))
            elif isinstance(event, ev.GameOver):
                items.append(_("the game is over"))
        return items


class Controller:
    """One hot-seat game and its saves."""

    def __init__(self, game: Game, new_game: Callable[[], Game] | None = None,
                 saves_dir: Path | None = None, content_dir: Path = DEFAULT_CONTENT,
                 autosave: bool = True) -> None:
        self.new_game = new_game
        # The saves module's folder read now, not at import: the tests set their own.
        self.saves_dir = Path(saves_dir or _saves().DEFAULT_SAVES)
        self.content_dir = Path(content_dir)
        self.autosave_enabled = autosave
        self.game = game
        #: The sides the computer plays; kept across undo, replay and a new game.
        self.ai_players: dict[int, str] = dict(game.ai_players)
        #: The parts being played (`Game.apply_steps`): the computer's turn, or one
        #: command shown part by part (a round's end, its creatures acting one by one).
        self._parts = None
        self._one_command = False  # `_parts` is a single command's, not a whole turn's
        self._mid = False  # the last part given left its command half done
        self.seen_until: dict[int, int] = {}
        self.final_save: Path | None = None  # the autosave made when the game ended
        #: The commands of the game as last saved (or loaded), and that save: quitting warns
        #: of lost play only when the log has moved on from them.
        self.saved_log: list[str] = []
        self.last_save: str | None = None  # its name
        #: Watches the content folder; made at the first poll (no file read at start-up).
        self.hot_reload: HotReload | None = None
        #: Ask before ending a turn while characters have AP left (a player may say stop).
        self.ask_before_ending = True
        self.reset(game)

    def reset(self, game: Game, seen: dict[int, int] | None = None) -> None:
        """Play this game from now on (new, loaded or undone); `seen`: how far into its
        journal each player's hand-overs have gone (a load, an undo)."""
        # A game rebuilt from its log (undo, a new game) keeps the sides the computer plays.
        game.ai_players = dict(self.ai_players)
        self.game = game
        self._parts, self._mid = None, False
        self.seen_until = {n: min(i, len(game.journal)) for n, i in (seen or {}).items()}
        self.seen_until[game.current] = len(game.journal)
        self.final_save = None

    # --- play -----------------------------------------------------------------------

    def apply(self, action: Any, stepped: bool = False) -> Outcome:
        """Send one command (an action object, or notation typed by the player).

        `stepped`: a round's end gives its first part only (`Game.apply_steps`), the
        creatures then acting one by one at each `ai_step`, while `busy`."""
        if self.busy():
            raise Problem(_("the creatures are acting: wait for the end of their turn"))
        game = self.game
        player = game.current
        journal_before = len(game.journal)
        if not stepped:
            return self._outcome(player, journal_before, game.apply(action))
        self._parts, self._one_command = game.apply_steps(action), True
        return self._part(player, journal_before)

    def busy(self) -> bool:
        """A command is half played (a round's creatures acting one by one): until its
        last part (`ai_step`), nothing may play, save, load or reload the content."""
        return self._mid

    def ai_to_play(self) -> bool:
        """The current side is played by the computer (and the game goes on)."""
        return not self.game.over and self.game.current in self.game.ai_players

    def ai_step(self) -> Outcome | None:
        """The next part of a command half played (`busy`), else the next command of the
        computer's turn (its closing `end` part by part); None once there is none (its
        turn is over, or it is not the computer's turn)."""
        if self._parts is None or (self._one_command and not self._mid):
            self._parts = None
            if not self.ai_to_play():
                return None
            self._parts, self._one_command = self.game.ai_turn_parts(), False
        return self._part(self.game.current, len(self.game.journal))

    def _part(self, player: int, journal_before: int) -> Outcome | None:
        """The next part of `_parts` as an outcome (a half-done command's: no flag set)."""
        step = next(self._parts, None)
        if step is None:
            self._parts, self._mid = None, False
            return None
        self._mid = not step.done
        if self._mid:
            return Outcome(step.events)
        outcome = self._outcome(player, journal_before, step.events)
        if outcome.turn_started or outcome.game_over or self._one_command:
            self._parts = None
        return outcome

    def finish(self) -> None:
        """Play a half-done command to its end at once (before an emergency save)."""
        while self._mid and self._parts is not None:
            self._part(self.game.current, len(self.game.journal))

    def _outcome(self, player: int, journal_before: int, events: list) -> Outcome:
        game = self.game
        if events and isinstance(events[0], ev.Refused):
            return Outcome(events, refused=refused_text(events[0]))
        outcome = Outcome(events, game_over=game.over,
                          turn_started=any(isinstance(e, ev.TurnStarted) for e in events))
        if outcome.turn_started:
            self.seen_until[player] = journal_before + 1  # after their own "end"
        if outcome.turn_started or outcome.game_over:
            self._autosave(outcome)
        if outcome.game_over:
            self.final_save = outcome.autosaved
        return outcome

    def saved(self, path: Path) -> Path:
        """The game was just saved to `path` (by name or autosave): nothing is unsaved."""
        self.saved_log, self.last_save = list(self.game.log), path.stem
        return path

    def unsaved(self) -> bool:
        """Commands were played since the last save or load (a new game's first ones
        included): quitting now loses them."""
        return self.game.log != self.saved_log

    def _autosave(self, outcome: Outcome) -> None:
        if not self.autosave_enabled:
            return
        try:
            outcome.autosaved = self.saved(_saves().autosave(
                self.game, self.saves_dir, self.seen_until, self.ask_before_ending))
        except (OSError, _saves().SaveError) as exc:
            outcome.autosave_error = str(exc)
        except Exception as exc:  # a save that fails in an unforeseen way is said all the same
            outcome.autosave_error = f"{type(exc).__name__}: {exc}"

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
        people = sum(p.number not in game.ai_players for p in game.players)
        return Digest(game.round, nxt.number, nxt.name, shown, shared=people > 1,
                      first=start == 0)

    def restart(self) -> Game:
        if self.new_game is None:
            raise Problem(_("no new game can be started here"))
        self.reset(self.new_game())
        self.ask_before_ending = True
        self.saved_log, self.last_save = [], None
        return self.game

    def undo(self) -> str:
        """Take back the last move or door; the command undone. Raises `Impossible`."""
        undone = self.game.log[-1] if self.game.log else ""
        old = self.game.journal
        game = _history().undo(self.game)
        # The journal rebuilt leaves out the refusals: what each player saw, counted in it.
        kept = [0]
        for event in old:
            kept.append(kept[-1] + (not isinstance(event, ev.Refused)))
        self.reset(game, {n: kept[min(i, len(old))] for n, i in self.seen_until.items()})
        return undone

    @staticmethod
    def refusal(refusal: Impossible, command: str) -> ev.Refused:
        """A refusal of the app's own (undo…), for the journal on screen."""
        return ev.Refused(command, refusal.reason, refusal.message, refusal.fields)

    # --- saves ----------------------------------------------------------------------

    def suggested_name(self) -> str:
        """The save name offered (`duel-round-3`; French `duel-manche-3`): letters, digits
        and `-` in any language, as a save's name must be."""
        # Translators: a default save name; keep it to letters, digits and - (no spaces)
        return _("{scenario}-round-{round}").format(scenario=self.game.scenario_id,
                                                     round=self.game.round)

    def save(self, name: str) -> Path:
        if self.busy():
            raise Problem(_("the creatures are acting: save once their turn is over"))
        if not name:
            raise Problem(_("save needs a name: save NAME"))
        try:
            return self.saved(_saves().save_game(self.game, name, self.saves_dir,
                                                 self.seen_until, self.ask_before_ending))
        except (_saves().SaveError, OSError) as exc:
            raise Problem(str(exc)) from None

    def save_exists(self, name: str) -> bool:
        """Whether saving under `name` would write over a save (a folder of that name is
        no save: saving refuses it at once, without asking to overwrite)."""
        try:
            path = _saves().save_path(name, self.saves_dir)
            return path.exists() and not path.is_dir()
        except _saves().SaveError:
            return False

    def path_of(self, name: str) -> Path:
        try:
            return _saves().save_path(name, self.saves_dir)
        except _saves().SaveError as exc:
            raise Problem(str(exc)) from None

    def read(self, path: Path, mode: str = "auto") -> saves.Loaded:
        """Read a save against the current content (nothing changes yet)."""
        try:
            return _saves().load_game(path, self.content_dir, mode)
        except (_saves().SaveError, OSError) as exc:
            raise Problem(str(exc)) from None

    def adopt(self, loaded: saves.Loaded) -> None:
        self.ai_players = dict(loaded.game.ai_players)  # the save says who the computer plays
        # And how far each player has seen, and whether ending a turn with AP left asks.
        self.reset(loaded.game, {int(n): i for n, i in (loaded.record.seen or {}).items()})
        self.ask_before_ending = loaded.record.ask_before_ending
        self.saved_log, self.last_save = list(loaded.game.log), loaded.record.name

    def latest_autosave(self) -> Path:
        path = _saves().latest_autosave(self.saves_dir, of=self.game)
        if path is None:
            raise Problem(_("no autosave of this game yet: one is made at each turn start"))
        return path

    def emergency_save(self) -> Path:
        """After an unexpected error: an autosave of the game as it stands (a half-played
        command played out first: a save holds whole commands)."""
        self.finish()
        return self.saved(_saves().autosave(self.game, self.saves_dir, self.seen_until,
                                            self.ask_before_ending))

    # --- hot reload, screenshots ----------------------------------------------------

    def poll_content(self, wait: float = 0.0) -> tuple[bool, list[str]]:
        """Asked every second: (True, []) when a saved change of the content was swapped
        into the game (its journal ends with the `Reloaded` event); (False, errors) when
        the change is invalid and the game goes on unchanged; (False, []) otherwise.
        `wait`: how long to wait for a change (the first ask starts the watch)."""
        if self.hot_reload is None:
            self.hot_reload = _reload().HotReload(self.content_dir)
            return False, []
        if self.busy():  # asked again once the half-played command is done
            return False, []
        game, errors = self.hot_reload.poll(self.game, wait)
        if game is self.game:
            return False, [str(error) for error in errors]
        self.game = game
        self._parts = None  # the computer's turn goes on, chosen on the new game
        return True, []

    def screenshot_base(self) -> str:
        """A screenshot's name before its time stamp: the scenario and the round."""
        return f"shot-{self.game.scenario_id or 'game'}-r{self.game.round}"

    # --- replay ---------------------------------------------------------------------

    def replay(self, steps: int) -> Game:
        """The game as it was after its first `steps` commands (the same road as a load)."""
        game = self.game
        return _history().replay(game.content, game.scenario, game.seed, game.log[:steps],
                              game.scenario_id, game.designer, game.dice, game.policies)


__all__ = ["Controller", "Outcome", "Digest", "Problem", "Impossible"]
