"""`RollCard`: one roll's card (game.journal.cards) drawn as a table — each term with its
value, its rule and the content value it reads, the clamp, the d100, the outcome, the
damage and XP the action gave. Reusable: the roll-card screen shows one, and a screen
that wants to show each roll as it happens embeds one and calls `show_card`."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from game.i18n import _
from game.journal.cards import Card


def card_renderable(card: Card) -> Group:
    """The card as rich renderables: its title, then one table whose sections (the chance,
    the roll, the damage, the XP) share their columns."""
    table = Table(expand=True, show_edge=False, pad_edge=False, box=None)
    table.add_column(_("term"), ratio=2, overflow="fold")
    table.add_column(_("value"), justify="right", no_wrap=True)
    table.add_column(_("rule"), ratio=2, overflow="fold", style="cyan")
    table.add_column(_("source"), ratio=3, overflow="fold", style="dim")
    for section in card.sections:
        table.add_row("")
        table.add_row(Text(section.title, style="bold underline"))
        for row in section.rows:
            table.add_row(row.label, row.value, row.rule, row.source)
    return Group(Text(card.title, style="bold"), table)


class RollCard(Static):
    """A roll card; empty until `show_card` gives it one."""

    DEFAULT_CSS = """
    RollCard { height: auto; }
    """

    def __init__(self, card: Card | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.card = card

    def on_mount(self) -> None:
        self.show_card(self.card)

    def show_card(self, card: Card | None) -> None:
        """Draw `card` (None: a line saying there is no roll to show)."""
        self.card = card
        self.update(card_renderable(card) if card else Text(_("no roll yet"), style="dim"))
