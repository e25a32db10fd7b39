"""Describe screens (as DCSS has them): what a spell, weapon, armour, item or unit does,
each fact with its rule and its content source (`game.journal.describe`), each fact on a
line with its rule and source under it, so that long ones read whole at any width."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from game.i18n import N_, _
from game.journal.describe import Description
from game.ui.keys import COMMAND_OVER_VIEW


def description_renderable(description: Description) -> Group:
    """Each fact as `label  value` (the value wrapping under itself), its rule and source
    on the line under it: long values and sources read whole at any width."""
    parts: list = [Text(description.title, style="bold")]
    if description.about:  # the content's own words, under the name
        parts.append(Text(description.about, style="italic"))
    for section in description.sections:
        parts += [Text(""), Text(section.title, style="bold underline")]
        for row in section.rows:
            parts.append(hanging(Text(row.label, style="bold"), Text(row.value)))
            if row.rule or row.source:
                parts.append(hanging(Text("  "), Text.assemble(
                    (row.rule, "cyan"), "  " if row.rule and row.source else "",
                    (row.source, "dim"))))
    return Group(*parts)


def hanging(head: Text, body: Text) -> Table:
    """`head  body`, the body's wrapped lines kept right of the head."""
    grid = Table.grid(padding=(0, 2, 0, 0))
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row(head, body)
    return grid


class DescriptionView(Static):
    """A description drawn as `description_renderable` lays it out."""

    def __init__(self, description: Description, **kwargs) -> None:
        super().__init__(description_renderable(description), **kwargs)
        self.description = description


class DescribeScreen(ModalScreen[None]):
    """One thing described; Esc goes back to where it was asked from."""

    BINDINGS = [Binding("escape,q,enter", "dismiss", N_("Close")), COMMAND_OVER_VIEW]
    DEFAULT_CSS = """
    DescribeScreen { align: center middle; }
    DescribeScreen > VerticalScroll { width: 96; max-width: 100%; height: auto;
        max-height: 100%; border: thick $primary; background: $panel; padding: 0 1; }
    """

    def __init__(self, description: Description) -> None:
        super().__init__()
        self.description = description

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = _("Describe")
            scroll.border_subtitle = _("↑/↓ scroll · Esc close")
            yield DescriptionView(self.description, id="description")
            yield Label(_("[dim]Esc to go back[/dim]"))
