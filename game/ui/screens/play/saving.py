"""The play screen's save, load, quick-load and undo flows: each asks what it must
first (a name, which save, whether to overwrite or throw the game away), the controller
does it, and the screen draws the game it gives back, or says why nothing happened (the
running game goes on)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from game.i18n import _
from game.rules.errors import Impossible
from game.ui.controller import Problem
from game.ui.widgets.journal_log import JournalLog, event_lines
from game.ui.words import impossible_text

if TYPE_CHECKING:
    # The play screen (screen.py), typed as any screen: it imports this module.
    from textual.screen import Screen


class Saving:
    """The flows of one play screen."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen

    @property
    def controller(self):
        return self.screen.controller

    def refused(self, problem: Exception) -> None:
        self.screen.status(f"✗ {problem}", refused=True)

    def what_is_lost(self) -> str:
        """What leaving this game for another loses, as the quit question says it: the
        play since the last save, or nothing (right after an autosave, a save or a load)."""
        control = self.controller
        if control.unsaved():
            return _("Play since the last save is lost.")
        if control.last_save:
            return _("Nothing is lost: this game is saved as {name}.").format(
                name=control.last_save)
        return _("Nothing has been played yet.")

    # --- saving ---------------------------------------------------------------------

    def ask_name(self) -> None:
        """Ctrl+S: the name to save under (the scenario and round suggested)."""
        from game.ui.screens.saves import SaveNameScreen

        self.screen.app.push_screen(SaveNameScreen(self.controller.suggested_name()),
                                    lambda name: self.save_as(name) if name else None)

    def save_as(self, name: str, overwrite: bool = False) -> None:
        """Save under `name`; a save of that name is overwritten only once confirmed."""
        screen = self.screen
        if name and not overwrite and self.controller.save_exists(name):
            screen.app.confirm(_("A save named {name} exists. Overwrite it?").format(
                name=name), _("overwrite"), lambda: self.save_as(name, overwrite=True))
            return
        try:
            path = self.controller.save(name)
        except Problem as problem:
            self.refused(problem)
            return
        screen.status(_("Saved to {path}").format(path=path))

    # --- loading --------------------------------------------------------------------

    def ask_load(self) -> None:
        """Ctrl+O: pick a save, then confirm throwing the game away; picking it is the
        whole question when nothing would be lost (a fresh game, right after a save)."""
        from game.ui.screens.saves import LoadScreen

        def picked(path) -> None:
            if path is not None and not self.controller.unsaved():
                self.load_path(path)
            elif path is not None:
                self.screen.app.confirm(
                    _("Load {name}? {lost}").format(name=path.stem, lost=self.what_is_lost()),
                    _("load"), lambda: self.load_path(path))

        self.screen.app.push_screen(LoadScreen(self.controller.saves_dir), picked)

    def quick_load(self) -> None:
        """F9: back to the latest autosave, once confirmed."""
        try:
            path = self.controller.latest_autosave()
        except Problem as problem:
            self.refused(problem)
            return
        self.screen.app.confirm(
            _("Go back to the latest autosave ({name})? {lost}").format(
                name=path.stem, lost=self.what_is_lost()),
            _("quick-load"), lambda: self.load_path(path))

    def load_named(self, name: str) -> None:
        """`load NAME` on the command line (no question: the player typed it)."""
        try:
            path = self.controller.path_of(name)
        except Problem as problem:
            self.refused(problem)
            return
        self.load_path(path)

    def load_path(self, path, mode: str = "auto") -> None:
        if path is None:
            return
        try:
            loaded = self.controller.read(path, mode)
        except Problem as problem:
            self.refused(problem)  # the running game goes on
            return
        self.after_load(loaded, path, ask=mode == "auto")

    def after_load(self, loaded, path=None, ask: bool = True) -> None:
        """Play the loaded game from now on; a save replayed under changed content says
        each command whose outcome changed, and one made under other content asks
        whether to replay it under today's."""
        screen = self.screen
        self.controller.adopt(loaded)
        screen.show_game()
        screen.status((_("Loaded {name}: round {round} ({notice})") if loaded.notice else
                       _("Loaded {name}: round {round}")).format(
            name=repr(loaded.record.name), round=loaded.game.round, notice=loaded.notice))
        if loaded.changes:
            # Replayed under new rules: every command whose outcome changed, old and new.
            journal = screen.part(JournalLog)
            for change in loaded.changes:
                journal.write_line(Text(_("≠ command {number}: {command}").format(
                    number=change.number, command=change.command)))
                for label, events in ((_("old"), change.old), (_("new"), change.new)):
                    journal.write_line(Text(f"  {label}:"))
                    for line in event_lines(screen.game, events):
                        journal.write_line(Text("    ") + line)
        if loaded.content_changed and ask:
            from game.ui.screens.saves import ContentChangedScreen

            source = path or self.controller.path_of(loaded.record.name)
            screen.app.push_screen(ContentChangedScreen(loaded.record.name),
                                   lambda choice: self.load_path(source, "replay")
                                   if choice == "replay" else None)

    # --- undo -----------------------------------------------------------------------

    def undo(self) -> None:
        """Take back the last command (back to the last die rolled this turn), or say,
        in the status line and the journal, why not."""
        screen = self.screen
        try:
            undone = self.controller.undo()
        except Impossible as refusal:
            screen.status(f"✗ {impossible_text(refusal)}", refused=True)
            event = self.controller.refusal(refusal, "undo")
            screen.part(JournalLog).write_events(screen.game, [event])
            return
        screen.show_game(keep_view=True)
        screen.status(_("Undone: {command}").format(command=undone))
