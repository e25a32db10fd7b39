"""Screens for saves: the name to save under, the list of saves, a content change."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input, Label

from game.saves import SaveError, SaveRecord, list_saves


class SaveNameScreen(ModalScreen[str | None]):
    """Asks the name to save under."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]
    DEFAULT_CSS = """
    SaveNameScreen { align: center middle; }
    SaveNameScreen > Vertical { width: 60; height: auto; border: thick $primary;
        background: $panel; padding: 0 1; }
    """

    def __init__(self, suggestion: str) -> None:
        super().__init__()
        self.suggestion = suggestion

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Save the game as:")
            yield Input(value=self.suggestion, id="save-name")
            yield Label("[dim]Enter to save · Esc to cancel[/dim]")

    def on_mount(self) -> None:
        box = self.query_one(Input)
        box.focus()
        box.cursor_position = len(box.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)


class LoadScreen(ModalScreen[Path | None]):
    """Every save, newest first: name, date, scenario, round, players."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]
    DEFAULT_CSS = """
    LoadScreen { align: center middle; }
    LoadScreen > Vertical { width: 110; max-width: 100%; height: 80%;
        border: thick $primary; background: $panel; padding: 0 1; }
    LoadScreen DataTable { height: 1fr; }
    """

    def __init__(self, saves_dir: Path) -> None:
        super().__init__()
        self.saves = list_saves(saves_dir)
        self.saves_dir = saves_dir

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Saves in {self.saves_dir}" if self.saves else
                        f"No save in {self.saves_dir} yet (Ctrl+S saves).")
            yield DataTable(cursor_type="row", zebra_stripes=True)
            yield Label("[dim]Enter to load · Esc to cancel[/dim]")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Name", "Saved", "Scenario", "Round", "Players")
        for path, record in self.saves:
            if isinstance(record, SaveRecord):
                table.add_row(record.name, record.saved_at.replace("T", " ").rstrip("Z"),
                              record.scenario_name,
                              "over" if record.over else str(record.round),
                              ", ".join(record.players), key=str(path))
            else:
                table.add_row(path.stem, "—", f"unreadable: {record}", "", "", key=str(path))
        table.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.dismiss(Path(event.row_key.value))


class ContentChangedScreen(ModalScreen[str]):
    """The content differs from the save's: continue with its state, or replay its log."""

    BINDINGS = [Binding("k,escape", "choose('saved')", "Keep saved state"),
                Binding("r", "choose('replay')", "Replay under new rules")]
    DEFAULT_CSS = """
    ContentChangedScreen { align: center middle; }
    ContentChangedScreen > Vertical { width: 80; height: auto; border: thick $warning;
        background: $panel; padding: 1 2; }
    """

    def __init__(self, name: str) -> None:
        super().__init__()
        self.save_name = name

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"The content has changed since {self.save_name!r} was saved.")
            yield Label("[b]k[/b] continue with the saved state (as it was played)")
            yield Label("[b]r[/b] replay its commands under the new rules")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


__all__ = ["SaveNameScreen", "LoadScreen", "ContentChangedScreen", "SaveError"]
