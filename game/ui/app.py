"""The Textual app: hot-seat play on one terminal.

The app is the frame: the controller (game, saves, undo) behind it, the play screen in
front, the global keys (help, quit) and the command palette. What a key does in play is
the play screen's business (`screens/play.py`).

Start-up pays only for the first screen: the other screens are imported, and the command
line built, the first time they are asked for (see benchmarks/bench_ui.py).
"""

from __future__ import annotations

import gc
import sys
from pathlib import Path
from typing import Callable, Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from game import saves
from game.content.loader import DEFAULT_CONTENT
from game.rules.engine import Game
from game.ui.controller import Controller, Problem
from game.ui.screens.play import PlayScreen


class EscarmoucheApp(App[None]):
    """A hot-seat skirmish on one scenario."""

    CSS_PATH = Path(__file__).with_name("app.tcss")  # absolute: subclasses live elsewhere
    TITLE = "Escarmouche"
    BINDINGS = [
        Binding("question_mark", "help", "Help", show=False),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True,
                tooltip="Quit the game (asked first)"),
        Binding("ctrl+c", "help_quit", "Quit", show=False, system=True,
                tooltip="Quit the game (asked first)"),
    ]
    # Size classes set on every screen as the terminal changes: the CSS lays them out.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide"), (180, "-very-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall"), (50, "-very-tall")]

    def __init__(self, game: Game, new_game: Callable[[], Game] | None = None,
                 saves_dir: Path | None = None, content_dir: Path = DEFAULT_CONTENT,
                 loaded: saves.Loaded | None = None, autosave: bool = True) -> None:
        super().__init__()
        self.controller = Controller(game, new_game, saves_dir, content_dir, autosave)
        self.loaded = loaded  # shown first, by the play screen

    @property
    def game(self) -> Game:
        return self.controller.game

    @property
    def saves_dir(self) -> Path:
        return self.controller.saves_dir

    @property
    def play(self) -> PlayScreen:
        return self.screen_stack[0]  # type: ignore[return-value]

    def get_default_screen(self) -> Screen:
        return PlayScreen(self.controller, self.loaded)

    def on_ready(self) -> None:
        # `escarmouche play` starts with the cycle collector off (see cli.cmd_play): turn it
        # back on, leaving out of its scans what start-up built, which lives as long as the app.
        if not gc.isenabled():
            gc.freeze()
            gc.enable()

    # --- flows between screens ------------------------------------------------------

    def game_over(self) -> None:
        from game.ui.screens.game_over import GameOverScreen  # DataTable: loaded when needed

        self.push_screen(GameOverScreen(self.game, self.controller.new_game is not None,
                                        self.controller.final_save),
                         self.after_game_over)

    def after_game_over(self, choice: str | None) -> None:
        if choice == "new":
            try:
                self.controller.restart()
            except Problem:
                self.exit()
                return
            self.play.show_game()

    def action_help(self) -> None:
        from game.journal.rules_text import rules_summary
        from game.ui.screens.dialogs import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            scenario = self.game.scenario
            about = [f"{scenario.name}: {scenario.briefing.strip()}".rstrip(": "),
                     f"Victory: {scenario.victory.strip()}"]
            self.push_screen(HelpScreen(self.key_help(), rules_summary(self.game.rules),
                                        about))

    def key_help(self) -> list[tuple[str, str]]:
        """Every key in force while playing, read from the bindings."""
        from game.ui.keys import bindings_of, key_lines
        from game.ui.widgets.map_view import MapView

        palette = Binding(self.COMMAND_PALETTE_BINDING, "command_palette",
                          tooltip="The command palette: every action by its name")
        return key_lines([*bindings_of(MapView, PlayScreen), palette,
                          *bindings_of(EscarmoucheApp)])

    def action_quit_game(self) -> None:
        """The one way out (q, Ctrl+Q, Ctrl+C, the palette's Quit): asked first."""
        from game.ui.screens.dialogs import ConfirmQuit

        if not isinstance(self.screen, ConfirmQuit):
            self.push_screen(ConfirmQuit(), lambda quit_: self.exit() if quit_ else None)

    async def action_quit(self) -> None:  # Ctrl+Q and the palette's Quit
        self.action_quit_game()

    def action_help_quit(self) -> None:  # Ctrl+C
        self.action_quit_game()

    def confirm(self, question: str, yes: str, then: Callable[[], None]) -> None:
        """Ask before throwing the current game away; `then` runs on yes."""
        from game.ui.screens.dialogs import Confirm

        self.push_screen(Confirm(question, yes), lambda ok: then() if ok else None)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if command.callback != self.action_quit:  # ours below, confirmed
                yield command
        yield SystemCommand("Quit", "Quit the game, after a confirmation (q)",
                            self.action_quit_game)
        if not isinstance(screen, PlayScreen):
            return  # nothing plays behind a hand-over, a dialog or the game-over screen
        play = screen
        yield SystemCommand("End turn", "Pass to the next player (e)", play.action_end_turn)
        yield SystemCommand("Attack", "Attack what is under the cursor with the weapon (a)",
                            play.action_attack)
        yield SystemCommand("Brawl", "Attack what is under the cursor bare-handed (b)",
                            play.action_brawl)
        yield SystemCommand("Cast a spell", "Pick a spell of the selected character (c)",
                            play.action_spells)
        yield SystemCommand("Open or close a door", "The door under the cursor (o)",
                            play.action_door)
        yield SystemCommand("Next character", "Select your next character (Tab)",
                            lambda: play.action_cycle(1))
        yield SystemCommand("Command line", "Type a command in the notation (:)",
                            play.action_command_line)
        yield SystemCommand("Journal", "The whole journal with search (J)", play.action_journal)
        yield SystemCommand("Units", "Every unit: side, HP, AP, effects, down (r)",
                            play.action_roster)
        yield SystemCommand("Inspect", "A close look at the unit under the cursor (i)",
                            play.action_inspect)
        yield SystemCommand("Save game", "Save under a name (Ctrl+S)", play.action_save)
        yield SystemCommand("Load game", "Pick a save (Ctrl+O)", play.action_load)
        yield SystemCommand("Quick-load", "The latest autosave (F9)", play.action_quick_load)
        yield SystemCommand("Undo", "Take back a move or a door this turn (u)", play.action_undo)
        yield SystemCommand("Replay", "Step through this game's commands (R)",
                            play.action_replay)
        yield SystemCommand("Help", "Keys and rules (?)", self.action_help)


def run_app(app: EscarmoucheApp, **run_options) -> int:
    """Run the app to its end; the process's exit code.

    An unexpected error inside the app (Textual shows its traceback) never ends quietly:
    the game is autosaved first when it can be, and the message says where.
    """
    app.run(**run_options)
    if not app.return_code:
        return 0
    try:
        path = app.controller.emergency_save()
    except Exception as exc:  # whatever broke the app may break the save too: say so
        where = f"the game could not be autosaved ({exc})"
    else:
        where = (f"the game was autosaved to {path}; continue it with "
                 f"`escarmouche load {path.stem}`")
    print(f"escarmouche: the game stopped on an unexpected error; {where}", file=sys.stderr)
    return app.return_code
