"""Every unit at a glance (the roster), and a close look at one unit, enemies included."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import DataTable, Label, OptionList, Static
from textual.widgets.option_list import Option

from game.i18n import N_, _, content_text, ngettext
from game.journal.describe import describe_gear, gear
from game.journal.text import namer
from game.rules.engine import Game
from game.rules.units import Unit
from game.ui.keys import COMMAND_OVER_VIEW
from game.ui.widgets.panels import unit_card
from game.ui.words import owner_name

COLUMNS = (N_("Unit"), N_("Tag"), N_("Side"), N_("HP"), N_("AP"), N_("Effects"), N_("State"))


def effects_text(game: Game, unit: Unit) -> str:
    name = namer(game)
    return _(", ").join(ngettext("{source} {amount} {stat} ({n} turn)",
                              "{source} {amount} {stat} ({n} turns)", e.turns).format(
        source=name(e.source), amount=f"{e.amount:+d}", stat=name(e.stat), n=e.turns)
        for e in unit.live_effects) or "—"


class RosterScreen(ModalScreen[None]):
    """All units, the current player's first: owner, HP, AP, effects, down. Enter looks
    closer at one (`InspectScreen`), Esc there back to the list."""

    BINDINGS = [Binding("escape,r", "dismiss", N_("Close")), COMMAND_OVER_VIEW]
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
            yield Label(Content(_("Every unit, round {round}").format(round=self.game.round)))
            yield DataTable(cursor_type="row", zebra_stripes=True)
            yield Label(_("[dim]Enter to look closer · Esc to close[/dim]"))

    def on_mount(self) -> None:
        game = self.game
        table = self.query_one(DataTable)
        table.add_columns(*map(_, COLUMNS))
        units = sorted(game.units.values(),
                       key=lambda u: (u.owner != game.current, u.owner is None, u.owner or 0))
        for unit in units:
            side = owner_name(game, unit)
            state = Text(_("down"), style="bold red") if unit.down else Text(_("standing"))
            ap = f"{unit.ap}/{unit.ap_max}"
            if unit.owner != game.current and not unit.down and game.refill(unit) != unit.ap:
                # Another side's AP left from its last turn say less than what it will
                # strike with: the AP its next turn starts with (`refill`: less any owed).
                ap = _("{ap} ({next} next turn)").format(ap=ap, next=game.refill(unit))
            table.add_row(Text(content_text(unit.name)), self.labels(unit.id), Text(side),
                          f"{unit.hp}/{unit.hp_max}", ap,
                          Text(effects_text(game, unit)), state, key=unit.id)
        table.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        # On top of the list: Esc from the unit's page comes back to it, not to the map
        # (where the next Enter would walk the selected character).
        self.app.push_screen(InspectScreen(self.game, self.game.units[event.row_key.value]))


class InspectScreen(ModalScreen[None]):
    """One unit's whole card: characteristics, skills, weapons, armour, effects, record;
    then a list of the unit itself and each of its weapons, armours, spells and items,
    Enter describing the one highlighted (`DescribeScreen`)."""

    BINDINGS = [Binding("escape,i", "dismiss", N_("Close")), COMMAND_OVER_VIEW]
    DEFAULT_CSS = """
    InspectScreen { align: center middle; }
    InspectScreen > VerticalScroll { width: 72; max-width: 100%; height: auto;
        max-height: 90%; border: thick $primary; background: $panel; padding: 0 1; }
    InspectScreen OptionList { height: auto; max-height: 12; }
    """

    def __init__(self, game: Game, unit: Unit) -> None:
        super().__init__()
        self.game = game
        self.unit = unit

    def compose(self) -> ComposeResult:
        lines = unit_card(self.game, self.unit)
        self.gear = gear(self.game, self.unit)
        with VerticalScroll():
            yield Static(Content("\n").join(Content.from_rich_text(line) for line in lines))
            yield Label(_("[b]Describe[/b] (↑/↓, Enter):"))
            yield OptionList(*[Option(Content(thing.label), id=str(i))
                               for i, thing in enumerate(self.gear)], id="gear")
            yield Label(_("[dim]Enter describes · Esc to close[/dim]"))

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        from game.ui.screens.describe import DescribeScreen

        thing = self.gear[int(event.option.id)]
        self.app.push_screen(DescribeScreen(describe_gear(self.game, self.unit, thing)))
