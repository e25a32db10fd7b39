"""The play screen: map, panels, journal, status and command lines, and the keys that play.

It composes the widgets, keeps what the player points at (`selected`, the cursor) and
routes keys and messages: to its input mode (pointing, or aiming a spell: `modes.py`),
to the save and load flows (`saving.py`), to the computer's turn (`computer.py`). It
applies the action objects the engine offers (`game.ui.options`) through the
controller. Its keys live on the screen, so none of them acts while a hand-over, dialog
or game-over screen is on top of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen

from game.i18n import N_, _, content_text, ngettext
from game.journal.text import headline, namer
from game.rules.notation import verb
from game.ui import options
from game.ui.controller import Controller, Outcome
from game.ui.screens.play import layout
from game.ui.screens.play.answers import Answers
from game.ui.screens.play.computer import ComputerTurn
from game.ui.screens.play.modes import Aiming, Look, Mode, Pointing, spell_rows
from game.ui.screens.play.saving import Saving
from game.ui.screens.play.views import Views
from game.ui.widgets.bars import KeyBar, TitleBar
from game.ui.widgets.journal_log import JournalLog, event_lines
from game.ui.widgets.map_view import MapView, Overlay, tint_key
from game.ui.widgets.panels import TargetPanel, UnitPanel, odds_line
from game.ui.widgets.status_line import StatusLine
from game.ui.words import refusal_text

if TYPE_CHECKING:
    # Imported when the command line is first opened (`action_command_line`).
    from game.ui.widgets.command_line import CommandLine

Pos = tuple[int, int]
#: The verbs on a key of their own: the key's words are the verb's (the rules' registry).
END, WAIT = verb("end"), verb("wait")


def blank(container):
    """A container drawn as blank lines (see `PlayScreen.BLANK`)."""
    container.BLANK = True
    return container


class PlayScreen(Screen[None]):
    """One hot-seat game being played."""

    BINDINGS = [
        Binding("enter,m", "activate", N_("Select/Move"),
                tooltip=N_("Select your character under the cursor, or walk the selected one "
                           "there")),
        Binding("tab", "cycle(1)", N_("Next"), show=False,
                tooltip=N_("Select your next character with AP left")),
        Binding("shift+tab", "cycle(-1)", N_("Prev"), show=False,
                tooltip=N_("Select your previous character with AP left")),
        Binding("a", "attack", N_("Attack"),
                tooltip=N_("Attack what is under the cursor with the first weapon")),
        Binding("b", "brawl", N_("Brawl"),
                tooltip=N_("Attack what is under the cursor bare-handed")),
        Binding("c", "spells", N_("Cast"),
                tooltip=N_("Pick a spell (cost, range, odds on the target under the cursor; i "
                           "describes one); it is shown on the map before Enter or y casts it")),
        Binding("o", "door", N_("Door"), tooltip=N_("Open or close the door under the cursor")),
        Binding("e", "end_turn", END.title, tooltip=END.summary),
        Binding("full_stop", "wait", WAIT.title, show=False, tooltip=WAIT.summary),
        Binding("colon", "command_line", N_("Command"),
                tooltip=N_("Command line: the notation below, or save NAME, load NAME, undo")),
        Binding("question_mark", "help", N_("Help"), tooltip=N_("This help")),
        Binding("J", "journal", N_("Journal"), tooltip=N_("The whole journal, with search")),
        Binding("L", "legend", N_("Legend"), show=False,
                tooltip=N_("The map's legend: what each glyph, tint and unit tag means")),
        Binding("d", "odds", N_("Odds"), show=False,
                tooltip=N_("The full exact odds of the target panel's first action (or click "
                           "an action)")),
        Binding("i", "inspect", N_("Inspect"), show=False,
                tooltip=N_("Look closely at the unit under the cursor, enemies included, and "
                           "describe its weapons, armour, spells and items")),
        Binding("r", "roster", N_("Units"), show=False,
                tooltip=N_("Every unit: side, HP, AP, effects, down")),
        Binding("q", "quit_game", N_("Quit"), tooltip=N_("Quit the game (asked first)")),
        Binding("u,ctrl+z", "undo", N_("Undo"),
                tooltip=N_("Undo the last command, back to the last die rolled this turn")),
        Binding("ctrl+s", "save", N_("Save"), tooltip=N_("Save the game under a name")),
        Binding("ctrl+o", "load", N_("Load"), tooltip=N_("Load a save (asked first)")),
        Binding("f9", "quick_load", N_("Quick-load"), show=False,
                tooltip=N_("Go back to the latest autosave (asked first)")),
        Binding("v", "threats", N_("Threats"), show=False,
                tooltip=N_("Show or hide the enemies' threat zone: where they could attack "
                           "next turn")),
        Binding("R", "replay", N_("Replay"), show=False,
                tooltip=N_("Replay: step through this game's commands")),
        Binding("w", "roll_card", N_("Roll card"), show=False,
                tooltip=N_("The latest roll's card: each term with its rule and source (or "
                           "click a roll in the journal)")),
        *[Binding(str(n), f"option({n})", show=False,
                  tooltip=N_("Take the numbered action of the target panel"))
          for n in range(1, 10)],
    ]

    selected: reactive[str | None] = reactive(None, init=False)
    threats: reactive[bool] = reactive(False, init=False)  # the enemies' threat zone shown

    #: Seconds between two of the computer's actions, so each can be seen (`computer.py`).
    AI_PAUSE = 0.6

    def __init__(self, controller: Controller, loaded=None) -> None:
        super().__init__()
        self.controller = controller
        self.loaded = loaded  # a save to show first (with its content-change question)
        self.cursor: Pos = (0, 0)
        self.here: list[options.Option] = []  # the selected unit's options at the cursor
        self.answers = Answers(lambda: self.controller.game)
        self.pointing = Pointing(self)
        self.mode: Mode = self.pointing  # the input mode: pointing, or aiming a spell
        self.saving = Saving(self)
        self.computer = ComputerTurn(self)
        self.views = Views(self)
        self._compact = False  # the panels as last drawn: for a short terminal or not
        self._room: int | None = None  # and the side bar's line width they were drawn for
        self._tints = Overlay()  # the map's tints as the cursor's square last set them
        self._previewed = False  # the command line's preview is on the status line
        self._resumed = False  # whether the screen has had its first ScreenResume
        self._found: dict = {}  # `part`'s

    def post_message(self, message) -> bool:
        if isinstance(message, events.ScreenResume) and not self._resumed:
            # The first comes as the app starts, handled once the screen and its widgets
            # are mounted, each styled as it was: restyling them all again for it gave
            # the same styles (some 1% of start-up). Later ones (a dialog closed) restyle.
            self._resumed = True
            message.refresh_styles = False
        return super().post_message(message)

    @property
    def game(self):
        return self.controller.game

    #: The screen and its two containers are covered by their widgets (none draws a border
    #: or anything of its own): each line of them is drawn as a blank line of their style
    #: (Textual's `BLANK`), not through the styles' cache, some 10% of a first frame.
    BLANK = True

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with blank(Horizontal(id="main")):
            yield MapView(self.game, id="map")
            with blank(Vertical(id="side")):
                yield UnitPanel(id="unit")
                yield TargetPanel(id="target")
        yield JournalLog(id="journal")
        yield StatusLine(id="status")
        yield KeyBar()

    @property
    def map(self) -> MapView:
        return self.part(MapView)

    def part(self, kind):
        """The screen's one widget of a kind or selector (`MapView`, `"#side"`), among
        those composed with it (never removed): queried once, not at each of the many asks
        a key or the first frame makes."""
        found = self._found.get(kind)
        if found is None:
            found = self._found[kind] = self.query_one(kind)
        return found

    def on_mount(self) -> None:
        # The hot reload of the content folder, asked every second from the first frame on
        # (its first ask starts the watch: nothing the first frame waits for).
        self.call_after_refresh(self.set_interval, 1.0, self.poll_content)
        layout.size_classes(self)
        self._compact = self.compact
        self.start()
        self._room = self.room  # the side bar's width as start's fit of the map left it
        if self.loaded is not None:
            loaded, self.loaded = self.loaded, None
            self.saving.after_load(loaded)

    #: Keys that play: none of them is the human's while the computer plays its turn.
    PLAYING = frozenset({"activate", "attack", "brawl", "spells", "door", "end_turn", "wait",
                         "option", "undo", "command_line"})
    #: Keys that would save, load or rewind a game: not while a round's creatures are
    #: acting one by one (the game stands mid-command).
    KEEPING = frozenset({"save", "load", "quick_load", "replay"})

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        # Under a hand-over, a dialog or the game-over screen, no key of the game plays
        # (and the key bar, which asks this, lists none).
        busy = self.controller.busy()
        if action in self.PLAYING and (busy or self.controller.ai_to_play()):
            return False
        if action in self.KEEPING and busy:
            return False
        return self.is_active

    def start(self) -> None:
        """Draw the controller's game from its first event (new, loaded, undone)."""
        game = self.game
        self.title = (_("Escarmouche — {scenario} · DESIGNER") if game.designer else
                      _("Escarmouche — {scenario}")).format(
                          scenario=content_text(game.scenario.name))
        self.map.set_game(game)
        self.fit_map()
        self.status("")  # nothing said of the game before it (a load, an undo say their own)
        journal = self.part(JournalLog)
        journal.clear()
        journal.write_briefing(game)
        journal.write_events(game, game.journal)
        self.answers.forget_choices()
        self.aiming = None
        self.select_first()  # which draws the panels
        self.map.focus()
        if game.over:  # a finished game loaded: its end, not a map that cannot be played
            self.call_after_refresh(self.app.game_over)
        elif self.controller.ai_to_play():  # a game that starts (or loads) on the computer's turn
            self.computer.schedule()

    def fit_map(self) -> None:
        layout.fit_map(self)

    def on_resize(self, event) -> None:
        self.fit_map()
        # The terminal grew or shrank past the line, or the side bar's width changed.
        if self.compact != self._compact or self.room != self._room:
            self._compact, self._room = self.compact, self.room
            self.refresh_all(hint=False)

    def on_map_view_scaled(self, message: MapView.Scaled) -> None:
        self.fit_map()

    # --- the input mode -------------------------------------------------------------

    @property
    def aiming(self) -> str | None:
        """The spell waiting for a target (the aiming mode's), else None."""
        return self.mode.spell

    @aiming.setter
    def aiming(self, spell: str | None) -> None:
        """Aim `spell`, or (None) go back to pointing; the target panel follows."""
        if spell == self.mode.spell:
            return
        self.mode = Aiming(self, spell) if spell else self.pointing
        if self.is_mounted:
            self.refresh_target()

    def aim(self, spell_id: str) -> None:
        """Aim a spell: its footprint and who it touches are shown at the cursor until
        Enter or y casts it (a spell that reaches only its caster is aimed at it)."""
        me = self.game.units[self.selected].pos
        targets = self.choices_for(self.selected).spell_squares(spell_id)
        if targets == {me} and options.spell_reach(self.game, self.selected, spell_id) == 0:
            self.map.move_cursor(me, announce=False)
            self.cursor = self.map.cursor
        self.aiming = spell_id
        self.refresh_target()

    def on_key(self, event) -> None:
        if event.key in ("escape", "y") and self.mode.key(event.key):
            event.stop()

    def typing(self) -> bool:
        """The command line has the keys."""
        box = self.command_box()
        return box is not None and box.has_focus

    # --- what the player points at --------------------------------------------------

    def my_units(self) -> list[str]:
        """The current player's standing units: characters, and the creatures that fight
        for the player (the tavern's Patch, the dungeon's wolves), played like them."""
        game = self.game
        return [u.id for u in game.standing() if u.owner == game.current]

    def select(self, unit_id: str | None, move_cursor: bool = True) -> None:
        self.aiming = None
        self.selected = unit_id
        self.map.select(unit_id)
        if unit_id and move_cursor:
            self.map.move_cursor(self.game.units[unit_id].pos, announce=False)
            self.cursor = self.map.cursor
        self.refresh_all()

    def select_first(self) -> None:
        mine = self.my_units()
        self.select(mine[0] if mine else None)

    def action_cycle(self, step: int) -> None:
        """The next (or previous) of your characters with AP left; the next one whatever
        its AP when none has any."""
        mine = self.my_units()
        if not mine:
            return
        here = mine.index(self.selected) if self.selected in mine else -step
        order = [mine[(here + step * i) % len(mine)] for i in range(1, len(mine) + 1)]
        ready = [u for u in order if self.game.units[u].ap > 0]
        self.select((ready or order)[0])

    def refresh_all(self, hint: bool = True) -> None:
        game = self.game
        player = game.player(game.current)
        self.sub_title = _("Round {round} · {player}'s turn (player {number})").format(
            round=game.round, player=content_text(player.name), number=player.number)
        unit = game.units.get(self.selected) if self.selected else None
        self.part(UnitPanel).show(game, unit, compact=self.compact, room=self.room)
        self.refresh_target(hint)

    @property
    def room(self) -> int | None:
        """The cells a line of the side bar's panels has (`layout.panel_room`)."""
        return layout.panel_room(self)

    @property
    def compact(self) -> bool:
        """A short terminal (the `-short` size class): the panels put what a turn needs
        first, in fewer lines."""
        return self.has_class("-short")

    def actor(self):
        """The selected unit if it may act now."""
        game = self.game
        unit = game.units.get(self.selected) if self.selected else None
        if unit and not unit.down and unit.owner == game.current and not game.over:
            return unit
        return None

    def refresh_target(self, show_hint: bool = True) -> None:
        """The target panel, the map's tints and the status line's preview for the
        cursor's square, as the input mode shows them."""
        game, cursor = self.game, self.cursor
        unit = self.actor()
        choices = self.choices_for(self.selected) if self.selected else None
        self.here = choices.at(cursor) if choices and choices.unit.pos != cursor else []
        look = self.mode.look(unit, choices) if unit and choices else Look()
        self.part(TargetPanel).show(game, cursor, self.map.label, self.here,
                                         look.from_here, preview=look.preview,
                                         compact=self.compact, aimed=self.mode.spell,
                                         room=self.room)
        threat = self.answers.zone("threat") if self.threats else frozenset()
        overlay = Overlay(look.reach, look.targets, look.path, look.end, look.cost,
                          look.area, look.out, threat, look.range)
        self._tints = overlay
        self.map.set_overlay(overlay)
        spell = self.game.content.spells.get(self.mode.spell) if self.mode.spell else None
        self.map.border_title = tint_key(overlay, content_text(spell.name) if spell else "",
                                         self.map.marks)
        bar = self.part(StatusLine)
        if look.hint and show_hint:
            bar.hint(look.hint, self.game.roller.forced)
        elif bar.hinting and show_hint:
            self.status("")  # a preview never outlives the square it was for

    def choices_for(self, unit_id: str) -> options.Choices:
        """What the unit can do, asked of the engine once until the game moves on (a
        cursor move changes nothing): the panel, the overlay and the spell list read it."""
        return self.answers.choices(unit_id)

    def action_threats(self) -> None:
        """Show or hide where the enemies could attack in their next turn."""
        self.threats = not self.threats
        self.refresh_target(show_hint=False)
        self.status(_("Threat zone shown: squares an enemy could attack next turn (v hides it)")
                    if self.threats else _("Threat zone hidden"))

    def on_map_view_cursor_moved(self, message: MapView.CursorMoved) -> None:
        self.catch_up()

    def catch_up(self) -> None:
        """Take the map's cursor as it is now. A burst of keys (→ → Enter) is handled before
        the map's CursorMoved messages reach this screen: an action must act where the
        cursor is, not where it was (and a late message changes nothing)."""
        if self.map.cursor != self.cursor:
            self.cursor = self.map.cursor
            self.refresh_target()

    def on_map_view_clicked(self, message: MapView.Clicked) -> None:
        self.cursor = message.pos
        unit = self.game.unit_at(message.pos)
        if unit and unit.id in self.my_units():
            self.select(unit.id, move_cursor=False)

    def status(self, text: str | Text, refused: bool = False) -> None:
        """Say `text` on the status line (with the d100 results forced for the next rolls:
        nobody should be surprised by one)."""
        self.part(StatusLine).say(text, refused, self.game.roller.forced)

    # --- commands -------------------------------------------------------------------

    def apply(self, action) -> Outcome:
        """Send one action (or typed notation) and show what it did, or why it was refused."""
        if not self.is_active:  # a stray call from under another screen: nothing plays
            self.app.bell()
            return None
        if self.controller.busy():
            self.status(_("The creatures are acting"), refused=True)
            return None
        if self.controller.ai_to_play():
            self.status(_("The computer is playing its turn"), refused=True)
            return None
        # A round's end comes in parts: its creatures act one by one (`computer.py`).
        outcome = self.controller.apply(action, stepped=True)
        self.show_outcome(outcome)
        return outcome

    def show_outcome(self, outcome: Outcome) -> None:
        """Draw what one command (or part of one) did: journal, map, panels, status; then
        the next part, or the next turn."""
        game = self.game
        self.part(JournalLog).write_events(game, outcome.events)
        if outcome.refused is not None:
            self.status(f"✗ {outcome.refused}", refused=True)
            return
        if self.controller.busy():  # a creature's action: drawn, then the next one
            self.map.update_board()
            self.select(None)
            self.refresh_bindings()  # none of the person's keys plays meanwhile
            summary = outcome.summary
            self.status(Text(_("The creatures act: {action}").format(
                action=headline(summary, namer(game)))) if summary is not None else "")
            self.computer.schedule()
            return
        if outcome.autosave_error:
            # Said where it stays (the journal), not only in a notice that fades.
            failed = _("autosave failed: {problem}").format(problem=outcome.autosave_error)
            self.part(JournalLog).write_line(Text(f"✗ {failed}", style="red"))
            self.app.notify(failed, severity="error", markup=False)
        self.map.update_board()
        if self.selected and (game.units[self.selected].down
                              or game.units[self.selected].owner != game.current):
            self.selected = None
        if outcome.game_over:
            self.refresh_all()
            self.app.game_over()
            return
        if outcome.turn_started:
            self.next_turn()
        else:
            self.refresh_all(hint=False)
        if outcome.summary is not None:
            self.status(headline(outcome.summary, namer(game)))

    # --- hot reload ------------------------------------------------------------------

    def poll_content(self) -> None:
        """A saved change of the content: the game goes on under it (the journal says what
        changed, the panels' odds are the new ones), or its errors are shown and the game
        goes on unchanged."""
        reloaded, errors = self.controller.poll_content()
        journal = self.part(JournalLog)
        if errors:
            journal.write_line(Text(ngettext(
                "✗ content not reloaded ({n} error); the game goes on as it was:",
                "✗ content not reloaded ({n} errors); the game goes on as it was:",
                len(errors)).format(n=len(errors)), style="red"))
            for error in errors:
                journal.write_line(Text(f"  {error}", style="red"))
            self.status(_("✗ content not reloaded: {error}").format(error=errors[0]),
                        refused=True)
            return
        if not reloaded:
            return
        game = self.game
        self.map.set_game(game)
        self.map.select(self.selected)
        journal.write_events(game, game.journal[-1:])
        self.refresh_all(hint=False)
        self.status(headline(game.journal[-1], namer(game)))

    # --- turns: the computer's (play --ai N), a person's hand-over -------------------

    def next_turn(self) -> None:
        """A new turn: the computer's plays by itself, a person's starts with a hand-over."""
        self.refresh_bindings()  # the key bar: a person's keys, or none on the computer's turn
        if self.controller.ai_to_play():
            self.select(None)
            self.computer.schedule()
        else:
            self.hand_over()

    def ai_next(self) -> None:
        """One action of the computer's turn (`ComputerTurn.step`)."""
        self.computer.step()

    @property
    def _ai_timer(self):
        """The computer's next action, when one is waiting (the tests take it in hand)."""
        return self.computer.timer

    @_ai_timer.setter
    def _ai_timer(self, timer) -> None:
        self.computer.timer = timer

    def hand_over(self) -> None:
        digest = self.controller.hand_over()
        self.select_first()
        from game.ui.screens.dialogs import HandoverScreen

        summary = digest.summary(namer(self.game))
        if digest.shared:
            title = _("Round {round}: {player}'s turn (player {number}). Pass the keyboard "
                      "to {player}.")
        else:
            title = _("Round {round}: {player}'s turn (player {number}), against the "
                      "computer.")
        self.app.push_screen(HandoverScreen(
            title.format(round=digest.round, player=content_text(digest.name),
                         number=digest.player),
            event_lines(self.game, digest.events),
            " · ".join(summary) or _("No attack, no spell, nobody down."),
            first=digest.first))

    # --- the keys that play ---------------------------------------------------------

    def need_actor(self) -> str | None:
        if self.selected is None:
            self.status(_("Select one of your characters first (Tab, or Enter on it)"),
                        refused=True)
        return self.selected

    def action_activate(self) -> None:
        self.catch_up()
        self.mode.activate()

    def action_attack(self) -> None:
        self.catch_up()
        if self.need_actor():
            self.apply(options.attack(self.selected, self.cursor, self.here))

    def action_brawl(self) -> None:
        self.catch_up()
        if self.need_actor():
            self.apply(options.attack(self.selected, self.cursor, self.here, brawl=True))

    def action_door(self) -> None:
        self.catch_up()
        if self.need_actor():
            self.apply(options.door(self.game, self.selected, self.cursor).action)

    def action_odds(self) -> None:
        self.catch_up()
        self.views.odds()

    def on_target_panel_odds_asked(self, message: TargetPanel.OddsAsked) -> None:
        self.views.odds(message.option)

    def action_option(self, number: int) -> None:
        self.catch_up()
        if 1 <= number <= len(self.here):
            choice = self.here[number - 1]
            if choice.possible and choice.kind == "spell":
                self.aim(choice.action.spell)  # shown first, cast by Enter or y
            elif choice.possible:
                self.apply(choice.action)
            else:
                self.status(f"✗ {refusal_text(choice)}", refused=True)

    def action_spells(self) -> None:
        self.catch_up()
        if not self.need_actor():
            return
        game, unit = self.game, self.game.units[self.selected]
        if not unit.spells:
            self.status(_("{unit} knows no spell").format(unit=content_text(unit.name)),
                        refused=True)
            return
        from game.journal.describe import spell_description
        from game.ui.screens.dialogs import SpellPicker

        rows = spell_rows(game, unit, self.here, self.choices_for(unit.id))
        self.app.push_screen(SpellPicker(
            _("{unit}'s spells ({ap} AP)").format(unit=content_text(unit.name), ap=unit.ap), rows,
            describe=lambda spell_id: spell_description(game, spell_id, unit),
            refused=lambda reason: self.status(f"✗ {reason}", refused=True)),
            self.after_spell_pick)

    def after_spell_pick(self, spell_id: str | None) -> None:
        if spell_id and self.selected:
            self.aim(spell_id)  # never cast at once: shown first, cast by Enter or y
            choices = self.choices_for(self.selected)
            if not choices.spell_squares(spell_id):  # aimed to see its reach: nobody in it
                self.status(_("{spell} reaches the tinted squares, nobody in them: "
                              "{reason}").format(
                    reason=options.why_not(choices, spell_id),
                    spell=content_text(self.game.content.spells[spell_id].name)),
                    refused=True)

    def action_wait(self) -> None:
        """The selected character is done for this turn; the next one with AP is selected."""
        if self.need_actor():
            outcome = self.apply(options.unit_option(self.game, self.selected, "wait").action)
            if outcome is not None and outcome.refused is None:
                self.action_cycle(1)

    def action_end_turn(self) -> None:
        """End the turn; asked first while characters still have AP (unless told not to)."""
        game = self.game
        waiting = [content_text(game.units[u].name) for u in self.my_units()
                   if game.units[u].ap > 0]
        if not waiting or not self.controller.ask_before_ending or game.over:
            self.apply(options.end_turn())
            return
        from game.ui.screens.dialogs import ConfirmEndTurn

        names = waiting[0] if len(waiting) == 1 else \
            _("{names} and {last}").format(names=", ".join(waiting[:-1]), last=waiting[-1])

        def answered(answer: str | None) -> None:
            if answer == "always":
                self.controller.ask_before_ending = False
            if answer in ("end", "always"):
                self.apply(options.end_turn())

        self.app.push_screen(ConfirmEndTurn(ngettext(
            "{names} still has AP. End the turn?", "{names} still have AP. End the turn?",
            len(waiting)).format(names=names)),
                             answered)

    # --- the command line -----------------------------------------------------------

    def action_command_line(self) -> None:
        box = self.command_box()
        if box is None:
            # Imported and built the first time it is asked for: one widget fewer to lay
            # out at start, and one module fewer to import (README, start-up).
            from game.ui.widgets.command_line import CommandLine

            box = CommandLine()
            self.mount(box, before=self.query_one(KeyBar))
        # Room for the line: a short terminal's comes from its journal, not its map (whose
        # top rows scrolled away, playtest at 80x24), the journal's latest lines kept.
        self._resize_keeping_journal_end(typing=True)
        box.open()

    def _resize_keeping_journal_end(self, typing: bool) -> None:
        journal = self.part(JournalLog)
        at_end = journal.is_vertical_scroll_end
        self.set_class(typing, "-typing")
        if at_end:  # a journal scrolled back to read stays where it was
            self.call_after_refresh(journal.scroll_end, animate=False)

    def command_box(self) -> CommandLine | None:
        """The command line, once it has been opened (its id, `#command`: its class is
        imported only then)."""
        found = self.query("#command")
        return found.first() if found else None

    def on_command_line_closed(self, message: CommandLine.Closed) -> None:
        self._resize_keeping_journal_end(typing=False)
        self.map.focus()
        if self._previewed:
            # Its preview goes with it (review: after Esc, "Enter sends it" still showed,
            # and Enter walked to the cursor instead); a command sent says its own outcome.
            self._previewed = False
            self.status("")
            self.map.set_overlay(self._tints)

    def on_input_changed(self, event) -> None:
        if event.input.id == "command":
            from game.ui.widgets.command_line import typed_text  # imported with the line

            self.preview_typed(typed_text(event.value))

    def preview_typed(self, text: str) -> None:
        """See before you send: the typed command checked as the engine will check it, its
        walk drawn on the map with its AP, its odds, or why it would be refused, on the
        status line (playtest: the command line alone had no preview, the cursor did).
        Until something is typed, the status line keeps what it said (the refusal of the
        command the player is about to type again)."""
        game = self.game
        option = options.typed(game, text) if not self.controller.ai_to_play() else None
        if option is None:
            if self._previewed:
                self._previewed = False
                self.status("")
                self.map.set_overlay(self._tints)
            return
        self._previewed = True
        tints = self._tints
        if not option.possible:
            self.status(Text(_("✗ would be refused: {reason}").format(
                reason=refusal_text(option)), style="yellow"))
        elif option.kind == "wait":
            self.status(Text.assemble(_("{command}: its turn ends, {ap} AP unused").format(
                command=option.command, ap=option.plan.ap_unused), " · ", _("Enter sends it")))
        else:
            unit = game.units[option.action.unit]
            spent = _("{command}: {ap} AP, {left} left").format(
                command=option.command, ap=option.ap_cost, left=unit.ap - option.ap_cost)
            if option.kind in ("attack", "spell"):
                odds = odds_line(self.part(TargetPanel).odds(option))
                line = Text.assemble(spent, " · ", odds, " · ", _("Enter sends it"))
            else:
                line = Text.assemble(spent, " · ", _("Enter sends it"))
            self.status(line)
            if option.kind == "move" and option.plan.path:
                path = option.plan.path
                # Over the cursor's tints: a threat zone shown (`v`) stays while typing.
                tints = msgspec.structs.replace(tints, path=frozenset(path), end=path[-1],
                                                cost=option.ap_cost)
        self.map.set_overlay(tints)

    def on_command_line_typed(self, message: CommandLine.Typed) -> None:
        game = self.game
        typed = options.typed(game, message.text)
        turn = (game.round, game.current)
        outcome = self.apply(message.text)  # the notation, as typed: the engine reads it
        # The unit a command played becomes the selected one, as a click would make it
        # (playtest: after `cast corvin firebolt wolf-1` the panel still showed Brenna).
        if outcome is not None and outcome.refused is None and typed is not None \
                and turn == (self.game.round, self.game.current) and self.is_active:
            unit = self.game.units.get(typed.action.unit)
            if unit is not None and not unit.down and unit.id in self.my_units() \
                    and unit.id != self.selected:
                self.select(unit.id, move_cursor=False)

    def on_command_line_save_asked(self, message: CommandLine.SaveAsked) -> None:
        self.saving.save_as(message.name)

    def on_command_line_load_asked(self, message: CommandLine.LoadAsked) -> None:
        self.saving.load_named(message.name)

    def on_command_line_undo_asked(self, message: CommandLine.UndoAsked) -> None:
        self.action_undo()

    # --- saves, loads, undo (`saving.py`) -------------------------------------------

    def show_game(self, keep_view: bool = False) -> None:
        """Draw the controller's (new) game, keeping the cursor and selection if asked."""
        cursor, selected = self.cursor, self.selected
        self.start()
        if keep_view:
            if selected in self.game.units and selected in self.my_units():
                self.select(selected, move_cursor=False)
            self.map.move_cursor(cursor, announce=False)
            self.cursor = self.map.cursor
            self.refresh_target(show_hint=False)

    def action_save(self) -> None:
        self.saving.ask_name()

    def action_load(self) -> None:
        self.saving.ask_load()

    def action_quick_load(self) -> None:
        self.saving.quick_load()

    def action_undo(self) -> None:
        self.saving.undo()

    def load_path(self, path, mode: str = "auto") -> None:
        self.saving.load_path(path, mode)

    # --- other views (`views.py`) ------------------------------------------------

    def action_inspect(self, unit_id: str | None = None) -> None:
        self.views.inspect(unit_id)

    def action_roster(self) -> None:
        self.views.roster()

    def action_help(self) -> None:
        self.app.action_help()

    def action_quit_game(self) -> None:
        self.app.action_quit_game()

    def action_replay(self) -> None:
        self.views.replay()

    def action_roll_card(self, index: int | None = None) -> None:
        self.views.roll_card(index)

    def on_journal_log_event_clicked(self, message: JournalLog.EventClicked) -> None:
        self.views.roll_of(message.event)

    def action_legend(self) -> None:
        self.views.legend()

    def action_journal(self) -> None:
        self.views.journal()
