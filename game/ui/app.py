"""The Textual app: hot-seat play on one terminal.

The app keeps only what a player is pointing at (selection, cursor, a spell being aimed);
every action is sent to the engine as a command in the notation, and everything shown
comes from the engine's state, events and previews.

Start-up pays only for the first screen: the other screens are imported, and the command
line built, the first time they are asked for (see benchmarks/bench_ui.py).
"""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Callable, Iterable

from rich.text import Text
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from game import saves
from game.content.loader import DEFAULT_CONTENT
from game.journal.rules_text import rules_summary
from game.journal.text import chance_line, headline, namer
from game.rules import events as ev
from game.rules import history, legal
from game.rules.actions import Action, Attack, Move
from game.rules.engine import Game
from game.rules.errors import Impossible
from game.rules.geometry import Pos
from game.rules.magic import Cast
from game.ui.widgets.bars import KeyBar, TitleBar
from game.ui.widgets.journal_log import JournalLog, event_lines
from game.ui.widgets.map_view import MapView, Overlay
from game.ui.widgets.panels import TargetPanel, UnitPanel



class EscarmoucheApp(App[None]):
    """A hot-seat skirmish on one scenario."""

    CSS_PATH = Path(__file__).with_name("app.tcss")  # absolute: subclasses live elsewhere
    TITLE = "Escarmouche"
    BINDINGS = [
        Binding("e", "end_turn", "End turn"),
        Binding("colon", "command_line", "Command"),
        Binding("question_mark", "help", "Help"),
        Binding("J", "journal", "Journal"),
        Binding("q", "quit_game", "Quit"),
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+o", "load", "Load"),
        Binding("f9", "quick_load", "Quick-load", show=False),
        Binding("R", "replay", "Replay", show=False),
        *[Binding(str(n), f"option({n})", show=False) for n in range(1, 10)],
    ]

    #: Actions that play the game: off while another screen (hand-over, game over…) is up.
    GAME_ACTIONS = frozenset({"end_turn", "command_line", "journal", "undo", "save", "load",
                              "quick_load", "replay", "option", "help", "quit_game",
                              "activate", "cycle", "attack", "brawl", "spells", "door"})

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in self.GAME_ACTIONS and len(self.screen_stack) > 1:
            return False
        return True

    def __init__(self, game: Game, new_game: Callable[[], Game] | None = None,
                 saves_dir: Path | None = None, content_dir: Path = DEFAULT_CONTENT,
                 loaded: saves.Loaded | None = None, autosave: bool = True) -> None:
        super().__init__()
        self.game = game
        self.new_game = new_game
        self.saves_dir = Path(saves_dir or saves.DEFAULT_SAVES)
        self.content_dir = Path(content_dir)
        self.loaded = loaded
        self.autosave = autosave
        self.selected: str | None = None
        self.aiming: str | None = None  # a spell waiting for its target
        self.seen_until: dict[int, int] = {}
        self._choices_key: tuple | None = None
        self._choices: legal.Choices | None = None

    # --- layout ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="main"):
            yield MapView(self.game, id="map")
            with Vertical(id="side"):
                yield UnitPanel(id="unit")
                yield TargetPanel(id="target")
        yield JournalLog(id="journal")
        yield Static(id="status")
        yield KeyBar()

    @property
    def map(self) -> MapView:
        return self.query_one(MapView)

    def on_mount(self) -> None:
        self.start()
        if self.loaded is not None:
            self.after_load(self.loaded)

    def on_ready(self) -> None:
        # `escarmouche play` starts with the cycle collector off (see cli.cmd_play): turn it
        # back on, leaving out of its scans what start-up built, which lives as long as the app.
        if not gc.isenabled():
            gc.freeze()
            gc.enable()

    def start(self) -> None:
        """Draw a (new) game from its first event."""
        game = self.game
        self.sub_title = ""
        self.title = f"Escarmouche — {game.scenario.name}" + \
            (" · DESIGNER" if game.designer else "")
        self.map.set_game(game)
        journal = self.query_one(JournalLog)
        journal.clear()
        journal.write_events(game, game.journal)
        self.seen_until = {game.current: len(game.journal)}
        self._choices_key = None
        self.selected = None
        self.aiming = None
        self.select_first()  # which draws the panels
        self.map.focus()

    def on_resize(self, event) -> None:
        # Only a real change of class: each one lays the whole screen out again.
        for flag, name in ((event.size.width < 110, "-narrow"), (event.size.height < 30, "-short")):
            if self.screen.has_class(name) != flag:
                self.screen.set_class(flag, name)

    # --- what the player points at --------------------------------------------------

    def my_characters(self) -> list[str]:
        game = self.game
        return [u.id for u in game.standing() if u.is_character and u.owner == game.current]

    def select(self, unit_id: str | None, move_cursor: bool = True) -> None:
        self.selected = unit_id
        self.aiming = None
        self.map.select(unit_id)
        if unit_id and move_cursor:
            self.map.move_cursor(self.game.units[unit_id].pos, announce=False)
        self.refresh_all()

    def select_first(self) -> None:
        mine = self.my_characters()
        self.select(mine[0] if mine else None)

    def action_cycle(self, step: int) -> None:
        mine = self.my_characters()
        if not mine:
            return
        index = mine.index(self.selected) + step if self.selected in mine else 0
        self.select(mine[index % len(mine)])

    def target_token(self, pos: Pos) -> str:
        return legal.target_token(self.game, pos)

    def refresh_all(self, hint: bool = True) -> None:
        game = self.game
        player = game.player(game.current)
        self.sub_title = f"Round {game.round} · {player.name}'s turn (player {player.number})"
        unit = game.units.get(self.selected) if self.selected else None
        self.query_one(UnitPanel).show(game, unit)
        self.refresh_target(hint)

    def refresh_target(self, show_hint: bool = True) -> None:
        game = self.game
        cursor = self.map.cursor
        choices = self.choices(self.selected) if self.selected else None
        self.query_one(TargetPanel).show(game, cursor, choices, self.map.label)
        reach: frozenset = frozenset()
        targets: frozenset = frozenset()
        path: frozenset = frozenset()
        hint = ""
        unit = game.units.get(self.selected) if self.selected else None
        if unit and not unit.down and unit.owner == game.current and not game.over:
            if self.aiming:
                targets = frozenset(choices.spell_squares(self.aiming))
                hint = (f"Casting {game.content.spells[self.aiming].name}: put the cursor on a "
                        "target and press Enter (Esc cancels)")
            else:
                reach, targets = frozenset(choices.reach), frozenset(choices.attack_squares())
                move = legal.move_option(game, unit.id, cursor) if cursor in reach else None
                if move and move.possible:
                    path = frozenset(move.plan.path)
                    hint = (f"Move {unit.name} to {cursor[0]},{cursor[1]}: {move.ap_cost} AP "
                            "(Enter)")
        self.map.set_overlay(Overlay(reach, targets, path))
        if hint and show_hint:
            self.status(hint)

    def choices(self, unit_id: str) -> legal.Choices:
        """What the unit can do, asked of the engine once until the game moves on (a
        cursor move changes nothing): the panel, the overlay and the spell list read it."""
        key = (len(self.game.journal), unit_id)
        if self._choices_key != key or self._choices is None:
            self._choices = legal.choices(self.game, unit_id)
            self._choices_key = key
        return self._choices

    def on_map_view_cursor_moved(self, message: MapView.CursorMoved) -> None:
        self.refresh_target()

    def on_map_view_clicked(self, message: MapView.Clicked) -> None:
        unit = self.game.unit_at(message.pos)
        if unit and unit.id in self.my_characters():
            self.select(unit.id, move_cursor=False)

    def status(self, text: str, refused: bool = False) -> None:
        bar = self.query_one("#status", Static)
        bar.update(text, layout=False)  # one fixed line: no need to lay the screen out again
        bar.set_class(refused, "refused")

    # --- commands -------------------------------------------------------------------

    def run_command(self, command: str | Action) -> list:
        """Send one command (notation text or an action) to the engine and show what it
        did, or why it was refused."""
        text = command if isinstance(command, str) else command.notation()
        game = self.game
        player = game.current
        journal_before = len(game.journal)
        events = game.apply(command)
        self.query_one(JournalLog).write_events(game, events)
        if isinstance(events[0], ev.Refused):
            self.status(f"✗ {events[0].reason}", refused=True)
            return events
        self.map.update_board()
        if self.selected and (game.units[self.selected].down
                              or game.units[self.selected].owner != game.current):
            self.selected = None
        if game.over:
            self.refresh_all()
            from game.ui.screens.game_over import GameOverScreen  # DataTable: loaded when needed

            self.push_screen(GameOverScreen(game), self.after_game_over)
            return events
        if any(isinstance(e, ev.TurnStarted) for e in events):
            self.seen_until[player] = journal_before + 1  # after their own "end"
            if self.autosave:
                try:
                    saves.autosave(game, self.saves_dir)
                except (OSError, saves.SaveError) as exc:
                    self.notify(f"autosave failed: {exc}", severity="error")
            self.hand_over()
        else:
            self.refresh_all(hint=False)
        turns = [e for e in events if isinstance(e, ev.TurnStarted)]
        summary = turns[-1] if turns else (events[1] if len(events) > 1 else None)
        self.status(headline(summary, namer(game)) if summary else text)
        return events

    def hand_over(self) -> None:
        game = self.game
        nxt = game.player(game.current)
        start = self.seen_until.get(nxt.number, 0)
        digest = event_lines(game, game.journal[start:])
        self.seen_until[nxt.number] = len(game.journal)
        self.select_first()
        from game.ui.screens.dialogs import HandoverScreen

        self.push_screen(HandoverScreen(
            f"Round {game.round}: {nxt.name}'s turn (player {nxt.number}). "
            f"Pass the keyboard to {nxt.name}.", digest))

    def after_game_over(self, choice: str | None) -> None:
        if choice == "new" and self.new_game is not None:
            self.game = self.new_game()
            self.start()
        else:
            self.exit()

    def need_selection(self) -> str | None:
        if self.selected is None:
            self.status("Select one of your characters first (Tab, or Enter on it)",
                        refused=True)
        return self.selected

    def action_activate(self) -> None:
        cursor = self.map.cursor
        if self.aiming and self.selected:
            spell, self.aiming = self.aiming, None
            self.run_command(Cast(self.selected, spell, self.target_token(cursor)))
            return
        unit = self.game.unit_at(cursor)
        if unit and unit.id in self.my_characters():
            self.select(unit.id, move_cursor=False)
        elif self.need_selection():
            self.run_command(Move(self.selected, cursor))

    def action_attack(self) -> None:
        if self.need_selection():
            self.run_command(Attack(self.selected, self.target_token(self.map.cursor)))

    def action_brawl(self) -> None:
        if self.need_selection():
            self.run_command(Attack(self.selected, self.target_token(self.map.cursor),
                                    brawl=True))

    def action_door(self) -> None:
        if not self.need_selection():
            return
        self.run_command(legal.door_option(self.game, self.selected, self.map.cursor).action)

    def action_option(self, number: int) -> None:
        options = self.query_one(TargetPanel).options
        if 1 <= number <= len(options):
            option = options[number - 1]
            if option.possible:
                self.run_command(option.action)
            else:
                self.status(f"✗ {option.reason}", refused=True)

    def action_spells(self) -> None:
        if not self.need_selection():
            return
        game, unit = self.game, self.game.units[self.selected]
        if not unit.spells:
            self.status(f"{unit.name} knows no spell", refused=True)
            return
        on_target = {o.action.spell: o for o in self.choices(unit.id).at(self.map.cursor)
                     if o.kind == "spell"}
        rows = []
        for spell_id in unit.spells:
            spell = game.content.spells[spell_id]
            reach = legal.spell_reach(game, unit.id, spell_id)
            area = f", area {spell.area}" if spell.area else ""
            text = Text(f"{spell.name} · {spell.ap_cost} AP · range {reach} · {spell.kind}{area}")
            option = on_target.get(spell_id)
            if option and option.possible:
                text.append("  ")
                text.append(chance_line("now", option.chance))
            elif option:
                text.append(f"  — {option.reason}", style="dim")
            rows.append((spell_id, text, True))
        from game.ui.screens.dialogs import SpellPicker

        self.push_screen(SpellPicker(f"{unit.name}'s spells ({unit.ap} AP)", rows),
                         self.after_spell_pick)

    def after_spell_pick(self, spell_id: str | None) -> None:
        if not spell_id or not self.selected:
            return
        targets = self.choices(self.selected).spell_squares(spell_id)
        if self.map.cursor in targets:
            self.run_command(Cast(self.selected, spell_id, self.target_token(self.map.cursor)))
            return
        self.aiming = spell_id
        self.refresh_target()

    def action_end_turn(self) -> None:
        self.run_command("end")

    def action_command_line(self) -> None:
        box = self.command_box()
        if box is None:
            # Built the first time it is asked for: one widget fewer to lay out at start.
            box = Input(placeholder="command, e.g. move aldric 4,7 — Enter to send, "
                        "Esc to close", id="command")
            self.mount(box, before=self.query_one(KeyBar))
        box.add_class("open")
        box.value = ""
        box.focus()

    def command_box(self) -> Input | None:
        """The command line, once it has been opened."""
        found = self.query("#command")
        return found.first(Input) if found else None

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "command":
            return
        text = event.value.strip()
        self.close_command_line()
        verb, _, rest = text.partition(" ")
        if verb == "save":
            self.save_as(rest.strip())
        elif verb == "load":
            self.load_named(rest.strip())
        elif verb == "undo":
            self.action_undo()
        elif text:
            self.run_command(text)

    # --- saves, loads, undo ---------------------------------------------------------

    def replace_game(self, game: Game, keep_view: bool = False) -> None:
        """Swap in another game (loaded, undone, new), keeping the view if asked."""
        cursor, selected = self.map.cursor, self.selected
        self.game = game
        self.start()
        if keep_view:
            if selected in game.units and selected in self.my_characters():
                self.select(selected, move_cursor=False)
            self.map.move_cursor(cursor, announce=False)
            self.refresh_target(show_hint=False)

    def save_as(self, name: str) -> None:
        if not name:
            self.status("✗ save needs a name: save NAME", refused=True)
            return
        try:
            path = saves.save_game(self.game, name, self.saves_dir)
        except (saves.SaveError, OSError) as exc:
            self.status(f"✗ {exc}", refused=True)
            return
        self.status(f"Saved to {path}")

    def action_save(self) -> None:
        from game.ui.screens.saves import SaveNameScreen

        suggestion = f"{self.game.scenario_id}-round-{self.game.round}"
        self.push_screen(SaveNameScreen(suggestion),
                         lambda name: self.save_as(name) if name else None)

    def load_path(self, path: Path | None, mode: str = "auto") -> None:
        if path is None:
            return
        try:
            loaded = saves.load_game(path, self.content_dir, mode)
        except (saves.SaveError, OSError) as exc:
            self.status(f"✗ {exc}", refused=True)  # the running game goes on
            return
        self.after_load(loaded, path, ask=mode == "auto")

    def after_load(self, loaded: saves.Loaded, path: Path | None = None,
                   ask: bool = True) -> None:
        self.loaded = None
        self.replace_game(loaded.game)
        self.status(f"Loaded {loaded.record.name!r}: round {loaded.game.round}"
                    + (f" ({loaded.notice})" if loaded.notice else ""))
        if loaded.changes:
            # Replayed under new rules: every command whose outcome changed, old and new.
            log = self.query_one(JournalLog)
            for change in loaded.changes:
                log.write(f"≠ command {change.number}: {change.command}")
                for label, events in (("old", change.old), ("new", change.new)):
                    log.write(f"  {label}:")
                    for line in event_lines(self.game, events):
                        log.write(Text("    ") + line)
        if loaded.content_changed and ask:
            from game.ui.screens.saves import ContentChangedScreen

            source = path or saves.save_path(loaded.record.name, self.saves_dir)
            self.push_screen(ContentChangedScreen(loaded.record.name),
                             lambda choice: self.load_path(source, "replay")
                             if choice == "replay" else None)

    def load_named(self, name: str) -> None:
        try:
            path = saves.save_path(name, self.saves_dir)
        except saves.SaveError as exc:
            self.status(f"✗ {exc}", refused=True)
            return
        self.load_path(path)

    def action_load(self) -> None:
        from game.ui.screens.saves import LoadScreen

        self.push_screen(LoadScreen(self.saves_dir), self.load_path)

    def action_quick_load(self) -> None:
        path = saves.latest_autosave(self.saves_dir)
        if path is None:
            self.status("✗ no autosave yet: one is made at each turn start", refused=True)
            return
        self.load_path(path)

    def action_undo(self) -> None:
        try:
            game = history.undo(self.game)
        except Impossible as refusal:
            self.status(f"✗ {refusal.reason}", refused=True)
            self.query_one(JournalLog).write_events(self.game, [ev.Refused("undo",
                                                                           refusal.reason)])
            return
        undone = self.game.log[-1]
        self.replace_game(game, keep_view=True)
        self.status(f"Undone: {undone}")

    def close_command_line(self) -> None:
        box = self.command_box()
        if box is not None:
            box.remove_class("open")
        self.map.focus()

    def on_key(self, event) -> None:
        if event.key == "escape":
            box = self.command_box()
            if box is not None and box.has_focus:
                self.close_command_line()
                event.stop()
            elif self.aiming:
                self.aiming = None
                self.status("Spell cancelled")
                self.refresh_target()
                event.stop()

    def action_replay(self) -> None:
        from game.ui.screens.replay import ReplayScreen

        self.push_screen(ReplayScreen(self.game))

    def action_help(self) -> None:
        from game.ui.screens.dialogs import HelpScreen

        self.push_screen(HelpScreen(rules_summary(self.game.rules)))

    def action_journal(self) -> None:
        from game.ui.screens.dialogs import JournalScreen

        self.push_screen(JournalScreen(event_lines(self.game, self.game.journal)))

    def action_quit_game(self) -> None:
        from game.ui.screens.dialogs import ConfirmQuit

        self.push_screen(ConfirmQuit(), lambda quit_: self.exit() if quit_ else None)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("End turn", "Pass to the next player (e)", self.action_end_turn)
        yield SystemCommand("Attack", "Attack what is under the cursor with the weapon (a)",
                            self.action_attack)
        yield SystemCommand("Brawl", "Attack what is under the cursor bare-handed (b)",
                            self.action_brawl)
        yield SystemCommand("Cast a spell", "Pick a spell of the selected character (c)",
                            self.action_spells)
        yield SystemCommand("Open or close a door", "The door under the cursor (o)",
                            self.action_door)
        yield SystemCommand("Next character", "Select your next character (Tab)",
                            lambda: self.action_cycle(1))
        yield SystemCommand("Command line", "Type a command in the notation (:)",
                            self.action_command_line)
        yield SystemCommand("Journal", "The whole journal with search (J)", self.action_journal)
        yield SystemCommand("Save game", "Save under a name (Ctrl+S)", self.action_save)
        yield SystemCommand("Load game", "Pick a save (Ctrl+O)", self.action_load)
        yield SystemCommand("Quick-load", "The latest autosave (F9)", self.action_quick_load)
        yield SystemCommand("Undo", "Take back a move or a door this turn (u)", self.action_undo)
        yield SystemCommand("Replay", "Step through this game's commands (R)",
                            self.action_replay)
        yield SystemCommand("Help", "Keys and rules (?)", self.action_help)
        yield SystemCommand("Quit game", "Quit after a confirmation (q)", self.action_quit_game)
