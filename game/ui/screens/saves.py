"""Screens for saves: the name to save under, the list of saves, a content change."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input, Label

from game.i18n import N_, _, content_text
from game.saves import AUTOSAVE_PREFIX, SaveError, SaveRecord, list_saves


class SaveNameScreen(ModalScreen[str | None]):
    """Asks the name to save under."""

    BINDINGS = [Binding("escape", "dismiss(None)", N_("Cancel"))]
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
            yield Label(_("Save the game as:"))
            yield Input(value=self.suggestion, id="save-name")
            yield Label(_("[dim]Enter to save · Esc to cancel[/dim]"))

    def on_mount(self) -> None:
        box = self.query_one(Input)
        box.focus()
        box.select_all()  # typing replaces the suggestion; an arrow key keeps it to edit

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)


SAVED_WIDTH, SCENARIO_WIDTH, ROUND_WIDTH = 11, 14, 5
#: The load box: 110 cells (all of a narrower terminal), up to 170 on a wide one, where a
#: save's whole name (64 characters at most) and its scenario's show uncut.
BOX_WIDTH, WIDEST_BOX = 110, 170


def box_width(columns: int) -> int:
    """The load box's width on a terminal `columns` wide."""
    return min(columns, max(BOX_WIDTH, min(WIDEST_BOX, columns * 85 // 100)))


def cell(value, width: int, style: str = "") -> Text:
    """A table cell as plain text cut to `width` cells: a DataTable reads a str as markup,
    and one long value would push the other columns off screen."""
    text = Text(str(value).replace("\n", " "), style=style, no_wrap=True)
    text.truncate(width, overflow="ellipsis")
    return text


def saved_on(stamp: str) -> str:
    """A save's date and time as the load screen lists them (`12-01 21:36` in English), from
    its ISO stamp (`2026-12-01T21:36:05`); a stamp of another shape as it is, cut."""
    text = str(stamp)
    if len(text) < 16 or text[4] != "-" or text[7] != "-":
        return text[:SAVED_WIDTH]
    # Translators: a save's date in the load screen's narrow column: month, day, time
    # (French writes the day first: 01/12 21:36)
    return _("{month}-{day} {time}").format(month=text[5:7], day=text[8:10],
                                             time=text[11:16])


def shown_name(record: SaveRecord) -> str:
    """A save's name in the list; an autosave's as the time it was saved and whose turn it
    was (its file name, `autosave-20261202-021503-…`, is cut alike for every one on a
    narrow terminal)."""
    stamp = str(record.saved_at)  # `2026-12-02T02:15:03Z`
    if not record.name.startswith(AUTOSAVE_PREFIX) or len(stamp) < 19 or stamp[13] != ":" \
            or not 1 <= record.current <= len(record.players):
        return record.name
    # Translators: an autosave in the load list's narrow Name column: its time and the
    # player whose turn it saved (a 80-column terminal gives it 19 cells)
    return _("auto {time} {player}").format(time=stamp[11:19],
                                            player=record.players[record.current - 1])


def players_text(record: SaveRecord) -> str:
    """The players, those the computer plays marked so."""
    return ", ".join(_("{player} (AI)").format(player=name)
                     if str(number) in record.ai_players else str(name)
                     for number, name in enumerate(record.players, 1))


def short_reason(error: Exception, path: Path) -> str:
    """The first line of a save error, without the file name the row already shows."""
    reason = str(error).splitlines()[0] if str(error) else type(error).__name__
    # Translators: the start of a save's problem ("x.json is truncated: …"), dropped where
    # the row already shows the file's name; as the save errors' own words.
    is_, has = _("{file} is "), _("{file} has ")
    for prefix in (is_.format(file=path.name), has.format(file=path.name), f"{path.name} "):
        if reason.startswith(prefix):
            return reason[len(prefix):]
    return reason


class LoadScreen(ModalScreen[Path | None]):
    """Every save, newest first: name, date, scenario, round, players."""

    BINDINGS = [Binding("escape", "dismiss(None)", N_("Cancel"))]
    DEFAULT_CSS = """
    LoadScreen { align: center middle; }
    LoadScreen > Vertical { width: 110; max-width: 100%; height: 80%;
        border: thick $primary; background: $panel; padding: 0 1; }
    LoadScreen DataTable { height: 1fr; }
    """

    def __init__(self, saves_dir: Path) -> None:
        super().__init__()
        self.saves_dir = saves_dir
        try:
            self.saves = list_saves(saves_dir)
            self.problem = ""
        except OSError as exc:  # the folder itself cannot be read: say so, list nothing
            self.saves = []
            self.problem = _("Cannot read {folder}: {problem}").format(
                folder=saves_dir, problem=exc.strerror or exc)

    def compose(self) -> ComposeResult:
        with Vertical():
            heading = (self.problem or (_("Saves in {folder}") if self.saves else
                       _("No save in {folder} yet (Ctrl+S saves).")).format(
                           folder=self.saves_dir))
            yield Label(Content(heading))
            yield DataTable(cursor_type="row", zebra_stripes=True)
            yield Label(_("[dim]Enter to load · Esc to cancel[/dim]"))

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(_("Name"), _("Saved"), _("Scenario"), _("Round"), _("Players"))
        width = box_width(self.app.size.width)
        self.query_one(Vertical).styles.width = width
        # Name and players share what is left of the box (border, padding, 2 cells a column
        # and the scroll bar): nothing is pushed off screen, however long a value is. A
        # wider box gives the scenario's name a third of what it adds.
        inner = width - 4 - 2 * 5 - 1
        scenario_width = SCENARIO_WIDTH + min(16, max(0, width - BOX_WIDTH) // 3)
        left = max(16, inner - SAVED_WIDTH - scenario_width - ROUND_WIDTH)
        name_width = max(8, min(64, max(left * 11 // 20, left - 40)))
        players_width = max(8, left - name_width)
        for path, record in self.saves:
            if isinstance(record, SaveRecord):
                table.add_row(cell(shown_name(record), name_width),
                              cell(saved_on(record.saved_at), SAVED_WIDTH),
                              cell(content_text(record.scenario_name), scenario_width),
                              _("over") if record.over else cell(str(record.round),
                                                                 ROUND_WIDTH),
                              cell(players_text(record), players_width),
                              key=str(path))
            else:
                table.add_row(cell(path.stem, name_width), "—",
                              cell(_("unreadable"), scenario_width, "bold red"), "",
                              cell(short_reason(record, path), players_width, "red"),
                              key=str(path))
        table.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.dismiss(Path(event.row_key.value))


class ContentChangedScreen(ModalScreen[str]):
    """The content differs from the save's: continue with its state, or replay its log."""

    BINDINGS = [Binding("k,escape", "choose('saved')", N_("Keep saved state")),
                Binding("r", "choose('replay')", N_("Replay under new rules"))]
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
            yield Label(Content(_("The content has changed since {name} was saved.").format(
                name=repr(self.save_name))))
            yield Label(_("[b]k[/b] continue with the saved state (as it was played)"))
            yield Label(_("[b]r[/b] replay its commands under the new rules"))

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


__all__ = ["SaveNameScreen", "LoadScreen", "ContentChangedScreen", "SaveError"]
