"""The full odds of one option, opened from the target panel (`d`, or a click on the
option): its chances with their terms, the outcome odds and a bar per damage value — the
same view `python -m game odds` prints, from the same plan the engine checked."""

from __future__ import annotations

from rich.console import Group
from rich.rule import Rule
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from game.i18n import N_, _
from game.oddsreport import renderables
from game.ui.keys import COMMAND_OVER_VIEW


class OddsScreen(ModalScreen[None]):
    """Exact odds of every action on a target, one after the other; Esc (or d, q) closes
    it."""

    BINDINGS = [Binding("escape,q,d", "dismiss", N_("Close")), COMMAND_OVER_VIEW]
    DEFAULT_CSS = """
    OddsScreen { align: center middle; }
    OddsScreen > VerticalScroll { width: 90; max-width: 100%; height: auto;
        max-height: 100%; border: thick $primary; background: $panel; padding: 0 1; }
    """

    def __init__(self, options: list[dict], names) -> None:
        """`options`: the odds of each action on the target, the one asked about first."""
        super().__init__()
        self.options = options
        self.names = names

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            parts: list = []
            for data in self.options:
                parts += [*renderables(data, self.names), Rule(style="dim")]
            yield Static(Group(*parts[:-1]), id="odds")
            yield Label(_("[dim]↑/↓ scroll · Esc to close[/dim]"))
