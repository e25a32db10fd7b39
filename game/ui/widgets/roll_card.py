"""`RollCard`: one roll's card (game.journal.cards) drawn as a table — each term with its
value, its rule and the content value it reads, the clamp, the d100, the outcome, the
damage and XP the action gave. Reusable: the roll-card screen shows one, and a screen
that wants to show each roll as it happens embeds one and calls `show_card`.

The card lays itself out for its own width: four columns where they fit, and below
`WIDE_CARD` columns each row's value beside its label with its rule and source under it
(four columns in 80 would fold every word)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from game.i18n import _
from game.journal.cards import Card


def card_renderable(card: Card) -> Group:
    """The card as rich renderables: its title, then one table whose sections (the chance,
    the roll, the damage, the XP) share their columns."""
    table = Table(expand=True, show_edge=False, pad_edge=False, box=None)
    table.add_column(_("term"), ratio=3, overflow="fold")
    table.add_column(_("value"), justify="right", no_wrap=True)
    table.add_column(_("rule"), ratio=2, overflow="fold", style="cyan")
    table.add_column(_("source"), ratio=3, overflow="fold", style="dim")
    for section in card.sections:
        table.add_row("")
        table.add_row(Text(section.title, style="bold underline"))
        for row in section.rows:
            table.add_row(row.label, row.value, row.rule, row.source)
    return Group(Text(card.title, style="bold"), table)


#: Narrower than this, a card is drawn a row under another (`narrow_card`).
WIDE_CARD = 100


def narrow_card(card: Card) -> Group:
    """A card for a narrow place: each row's value beside its label, its rule and source
    under it, across the whole width."""
    parts: list = [Text(card.title, style="bold")]
    for section in card.sections:
        parts += [Text(""), Text(section.title, style="bold underline")]
        for row in section.rows:
            line = Table.grid(expand=True)
            line.add_column(ratio=1, overflow="fold")
            line.add_column(justify="right", overflow="fold")
            line.add_row(row.label, row.value)
            parts.append(line)
            if row.rule or row.source:
                parts.append(Text.assemble("  ", (row.rule, "cyan"), "  ", (row.source, "dim"),
                                           overflow="fold"))
    return Group(*parts)


class RollCard(Widget):
    """A roll card; a dim line until `show_card` gives it one."""

    DEFAULT_CSS = """
    RollCard { height: auto; }
    """

    card: reactive[Card | None] = reactive(None, layout=True)

    def __init__(self, card: Card | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.set_reactive(RollCard.card, card)

    def show_card(self, card: Card | None) -> None:
        """Draw `card` (None: a line saying there is no roll to show)."""
        self.card = card

    @property
    def wide(self) -> bool:
        return self.size.width >= WIDE_CARD

    def render(self) -> RenderableType:
        if self.card is None:
            return Text(_("no roll yet"), style="dim")
        return card_renderable(self.card) if self.wide else narrow_card(self.card)

    def on_resize(self) -> None:
        # The layout depends on the width: a new width may change the height too.
        self.refresh(layout=True)
