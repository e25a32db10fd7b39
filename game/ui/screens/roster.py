"""Every unit at a glance (the roster), and a close look at one unit, enemies included."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import DataTable, Label, Static

from game.journal.text import namer
from game.rules.engine import Game
from game.rules.units import Unit
from game.ui.widgets.panels import unit_card

COLUMNS = ("Unit", "Tag", "Side", "HP", "AP", "Effects", "State")


def effects_text(game: Game, unit: Unit) -> str:
    name = namer(game)
    return ", ".join(f"{name(e.source)} {e.amount:+d} {e.stat.replace('_', ' ')} "
                     f"({e.turns})" for e in unit.effects) or "—"


class RosterScreen(ModalScreen[str | None]):
    """All units, the current player's first: owner, HP, AP, effects, down. Enter looks
    closer at one (dismissed with its id)."""

    BINDINGS = [Binding("escape,r", "dismiss(None)", "Close")]
    DEFAULT_CSS = """
    RosterScreen { align: center middle; }
    RosterScreen > Vertical { width: 100; max-width: 100%; height: auto; max-height: 90%;
        border: thick $primary; background: $panel; padding: 0 1; }
    RosterScreen DataTable { height: auto; max-height: 30; }
    """

    def __init__(self, game: Game, labels) -> None:
        super().__init__()
        self.game = game
        self.labels = labels

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Content(f"Every unit, round {self.game.round}"))
            yield DataTable(cursor_type="row", zebra_stripes=True)
            yield Label("[dim]Enter to look closer · Esc to close[/dim]")

    def on_mount(self) -> None:
        game = self.game
        table = self.query_one(DataTable)
        table.add_columns(*COLUMNS)
        units = sorted(game.units.values(),
                       key=lambda u: (u.owner != game.current, u.owner is None, u.owner or 0))
        for unit in units:
            side = game.player(unit.owner).name if unit.owner else "creature"
            state = Text("down", style="bold red") if unit.down else Text("standing")
            table.add_row(Text(unit.name), self.labels(unit.id), Text(side),
                          f"{unit.hp}/{unit.hp_max}", f"{unit.ap}/{unit.ap_max}",
                          Text(effects_text(game, unit)), state, key=unit.id)
        table.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.dismiss(event.row_key.value)


class InspectScreen(ModalScreen[None]):
    """One unit's whole card: characteristics, skills, weapons, armour, effects, record."""

    BINDINGS = [Binding("escape,i,enter", "dismiss", "Close")]
    DEFAULT_CSS = """
    InspectScreen { align: center middle; }
    InspectScreen > VerticalScroll { width: 72; max-width: 100%; height: auto;
        max-height: 90%; border: thick $primary; background: $panel; padding: 0 1; }
    """

    def __init__(self, game: Game, unit: Unit) -> None:
        super().__init__()
        self.game = game
        self.unit = unit

    def compose(self) -> ComposeResult:
        lines = unit_card(self.game, self.unit)
        with VerticalScroll():
            yield Static(Content("\n").join(Content.from_rich_text(line) for line in lines))
            yield Label("[dim]Esc to close[/dim]")
