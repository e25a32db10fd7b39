"""The Textual app: hot-seat play on one terminal.

The app is the frame: the controller (game, saves, undo) behind it, the play screen in
front, the global keys (help, quit) and the command palette. What a key does in play is
the play screen's business (`screens/play/`).

Start-up pays only for the first screen: the other screens are imported, and the command
line built, the first time they are asked for (see benchmarks/bench_ui.py).

The language is chosen once, when the app is made (`lang`, else whatever `--lang` or the
environment set). Key descriptions are declared at import, before the language is known, so
they are English message ids marked `N_` and translated where they are drawn: the key bar,
the help's key list and the command palette call `_()` as they render.
"""

from __future__ import annotations

import gc
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from game.content import DEFAULT_CONTENT
from game.i18n import N_, _, after_colon, content_text, set_language
from game.rules.engine import Game
from game.ui.controller import Controller, Problem
from game.ui.keys import COMMAND_OVER_VIEW, WordedApp
from game.ui.screens.play import PlayScreen
from game.ui.screenshots import SCREENSHOT_BINDING, Screenshots

if TYPE_CHECKING:
    from game import saves  # imported when a game is first saved or loaded
    from game.table import TableWriter

#: How often a shared table's presenter looks for a change to tell its viewers (seconds).
TABLE_POLL = 0.2


def play_commands():
    """The palette's provider of the play commands, as Textual asks for it when the palette
    opens: its module is imported then (not at start-up)."""
    from game.ui import palette

    return palette.PlayCommands


class EscarmoucheApp(WordedApp, Screenshots, App[None]):
    """A hot-seat skirmish on one scenario."""

    CSS_PATH = Path(__file__).with_name("app.tcss")  # absolute: subclasses live elsewhere
    TITLE = "Escarmouche"
    COMMANDS = App.COMMANDS | {play_commands}
    BINDINGS = [
        Binding("question_mark", "help", N_("Help"), show=False),
        Binding("ctrl+q", "quit", N_("Quit"), show=False, priority=True,
                tooltip=N_("Quit the game (asked first)")),
        Binding("ctrl+c", "help_quit", N_("Quit"), show=False, system=True,
                tooltip=N_("Quit the game (asked first)")),
        SCREENSHOT_BINDING,
    ]
    # Size classes set on every screen as the terminal changes: the CSS lays them out.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide"), (180, "-very-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall"), (50, "-very-tall")]

    def __init__(self, game: Game, new_game: Callable[[], Game] | None = None,
                 saves_dir: Path | None = None, content_dir: Path = DEFAULT_CONTENT,
                 loaded: saves.Loaded | None = None, autosave: bool = True,
                 lang: str | None = None, table: TableWriter | None = None,
                 marks: bool = False) -> None:
        """`lang` ("en", "fr"): the language of every text, set before anything is drawn;
        None keeps the one already set (by `--lang` or the environment). `table`: a shared
        table this game is the presenter of (`play --table`), told of every change.
        `marks`: the threat zone's squares marked with a glyph, not only tinted (`play
        --marks`; always on a terminal without colours)."""
        if lang is not None:
            set_language(lang)
        super().__init__()
        self.controller = Controller(game, new_game, saves_dir, content_dir, autosave)
        self.loaded = loaded  # shown first, by the play screen
        self.table = table
        self.marks = marks

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
        screen = PlayScreen(self.controller, self.loaded)
        # The size classes Textual gives a screen on its first resize, given before it is
        # mounted: the first layout is the right one and the screen is styled once, not
        # twice (restyling the whole screen for them on mount cost about a tenth of start-up).
        # Not restyled for them either: it is styled when it is mounted, just after.
        width, height = self.size
        for size, breakpoints in ((width, self.HORIZONTAL_BREAKPOINTS),
                                  (height, self.VERTICAL_BREAKPOINTS)):
            reached = [(at, name) for at, name in breakpoints if size >= at]
            if reached:
                screen.add_class(max(reached)[1], update=False)
        return screen

    def on_mount(self) -> None:
        if self.table is not None:
            # Whatever changed the game (a command, the computer's, an undo, a load, a
            # content reload) reaches the viewers within this, without a hook in each.
            self.publish_table()
            self.set_interval(TABLE_POLL, self.publish_table)

    def publish_table(self) -> None:
        """The game to the shared table's viewers, when it changed since they were told."""
        # A command half played (a round's creatures acting one by one) is told whole.
        if self.table is not None and not self.controller.busy() \
                and self.table.changed(self.game):
            try:
                self.table.publish(self.game)
            except OSError as exc:  # a full disk: the game goes on, the viewers wait
                self.play.status(_("✗ the shared table was not told: {problem}").format(
                    problem=exc.strerror or exc), refused=True)

    def on_ready(self) -> None:
        # `escarmouche play` starts with the cycle collector off (see commands.play.run): turn it
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

    def action_command_line(self) -> None:
        """`:` on a screen viewed over the game (`keys.COMMAND_OVER_VIEW`): the views above
        the play screen close (the Esc the terminal merged into the `:`) and its command line
        opens, if a command may be typed now."""
        while len(self.screen_stack) > 1 and COMMAND_OVER_VIEW in type(self.screen).BINDINGS:
            self.pop_screen()
        play = self.play
        if self.screen is play and play.check_action("command_line", ()):
            play.action_command_line()
        else:
            self.bell()

    def action_help(self) -> None:
        from game.journal.rules_text import rules_summary
        from game.ui.screens.dialogs import HelpScreen
        from game.ui.screens.legend import legend_text

        if not isinstance(self.screen, HelpScreen):
            scenario = self.game.scenario
            briefing, title = content_text(scenario.briefing).strip(), content_text(scenario.name)
            about = [_("{scenario}: {briefing}").format(scenario=title,
                                                         briefing=after_colon(briefing))
                     if briefing else title,
                     _("Victory: {victory}").format(
                         victory=after_colon(content_text(scenario.victory).strip()))]
            self.push_screen(HelpScreen(self.key_help(), rules_summary(self.game.rules),
                                        about, legend_text(self.game, self.play.map.label),
                                        designer=self.game.designer))

    def key_help(self) -> list[tuple[str, str]]:
        """Every key in force while playing, read from the bindings."""
        from game.ui.keys import bindings_of, key_lines
        from game.ui.widgets.map_view import MapView

        palette = Binding(self.COMMAND_PALETTE_BINDING, "command_palette",
                          tooltip=N_("The command palette: every action by its name"))
        return key_lines([*bindings_of(MapView, PlayScreen), palette,
                          *bindings_of(EscarmoucheApp)])

    def screenshot_folder(self) -> Path:
        return self.controller.saves_dir

    def screenshot_base(self) -> str:
        return self.controller.screenshot_base()

    def say_screenshot(self, text: str, refused: bool = False) -> None:
        self.play.status(text, refused=refused)

    def action_quit_game(self) -> None:
        """The one way out (q, Ctrl+Q, Ctrl+C, the palette's Quit): asked first, except
        once the game is over and its final state saved (nothing left to lose)."""
        from game.ui.screens.dialogs import ConfirmQuit

        if isinstance(self.screen, ConfirmQuit):
            return
        control = self.controller
        if self.game.over and not control.unsaved():
            self.exit()
            return
        self.push_screen(ConfirmQuit(control.unsaved(), control.last_save),
                         lambda quit_: self.exit() if quit_ else None)

    async def action_quit(self) -> None:  # Ctrl+Q and the palette's Quit
        self.action_quit_game()

    def action_help_quit(self) -> None:  # Ctrl+C
        self.action_quit_game()

    def action_command_palette(self) -> None:
        """Textual's palette, worded in the player's language (`WordedApp`), with the
        play commands of the screen it is opened on."""
        from textual.command import CommandPalette

        from game.ui import palette  # (with the palette: see play_commands)

        if self.use_command_palette and not CommandPalette.is_open(self):
            palette.snapshot(self, self.screen)
            super().action_command_palette()

    def confirm(self, question: str, yes: str, then: Callable[[], None]) -> None:
        """Ask before throwing the current game away; `then` runs on yes."""
        from game.ui.screens.dialogs import Confirm

        self.push_screen(Confirm(question, yes), lambda ok: then() if ok else None)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        # Textual's own (theme, keys, screenshot…), worded; its quit is ours below, confirmed.
        yield from self.worded(c for c in self.screenshot_commands(
            super().get_system_commands(screen)) if c.callback != self.action_quit)
        yield SystemCommand(_("Quit"), _("Quit the game, after a confirmation (q)"),
                            self.action_quit_game)
        # The play screen's keys and the notation's verbs: `palette.PlayCommands`.


#: Textual's own palette commands and key, for the catalog: `get_system_commands` and the
#: key bar translate them.
TEXTUAL_TEXTS = (
    N_("palette"),
    N_("Theme"), N_("Change the current theme"),
    N_("Keys"), N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"), N_("Minimize the widget and restore to normal size"),
    N_("Maximize"), N_("Maximize the focused widget"),
    N_("Screenshot"), N_("Save an SVG 'screenshot' of the current screen"),
)


def run_app(app: EscarmoucheApp, **run_options) -> int:
    """Run the app to its end; the process's exit code.

    An unexpected error inside the app (Textual shows its traceback), or one at its very
    end, never ends quietly: the game is autosaved first when it can be, and the message
    says where. A served game (`serve`: its page closed, the server stopped) is autosaved
    whenever it ends with the game still going on.
    """
    try:
        app.run(**run_options)
        code = app.return_code or 0
    except Exception as exc:  # past Textual's own handling (at shutdown): said, not lost
        _say(f"escarmouche: {type(exc).__name__}: {exc}")
        code = 1
    if not code:
        if os.environ.get("ESCARMOUCHE_SERVED") and not app.controller.game.over:
            try:
                path = app.controller.emergency_save()
            except Exception as exc:
                _say(_("escarmouche: the game could not be autosaved ({problem})").format(
                    problem=exc))
            else:
                _say(_("escarmouche: the game was autosaved to {path}").format(path=path))
        return 0
    try:
        path = app.controller.emergency_save()
    except Exception as exc:  # whatever broke the app may break the save too: say so
        message = _("escarmouche: the game stopped on an unexpected error; the game could "
                    "not be autosaved ({problem})").format(problem=exc)
    else:
        message = _("escarmouche: the game stopped on an unexpected error; the game was "
                    "autosaved to {path}; continue it with `escarmouche load {name}`"
                    ).format(path=path, name=path.stem)
    _say(message)
    return code


def _say(message: str) -> None:
    """A last word on stderr, which may be gone (a served game whose server died)."""
    try:
        print(message, file=sys.stderr)
    except (OSError, ValueError):
        pass
