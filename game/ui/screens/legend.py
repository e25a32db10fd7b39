"""The map's legend: every glyph, tint and unit tag the map draws, and what it means.

Read from the map's own tables (`map_view.GLYPHS`, `map_view.TINTS`) and from the game (its
units' tags, its objects' glyphs, its players' colours), so that it never drifts from what
is drawn. Shown on its own key (`L`) and in the help.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from game.i18n import N_, _
from game.rules.engine import Game
from game.ui.colours import player_colour
from game.ui.widgets.map_view import (CREATURE, CURSOR, GLYPHS, SELECTED, THING, TINTS,
                                      FLOOR_GLYPH)


def legend_text(game: Game, label) -> Text:
    """The legend of `game`'s map, `label(unit_id)` giving each unit's tag as drawn."""
    text = Text(_("Map legend") + "\n", style="bold")
    for glyph in GLYPHS.values():
        shown = glyph.text if glyph.text != GLYPHS["fallen"].text else glyph.text + "1"
        text.append("  ")
        text.append(f"{shown:<2}", style=glyph.style)
        text.append(f"  {_(glyph.meaning)}\n")
    things = {t.glyph: t.name for t in game.things.values()}
    for glyph, name in things.items():
        text.append("  ")
        text.append(f"{glyph:<2}", style=THING)
        text.append("  " + _("an object: {name} (it can be attacked and broken)").format(
            name=name) + "\n")
    text.append("\n" + _("Tints (over a square)") + "\n", style="bold")
    for _key, style, meaning in TINTS:
        text.append("  ")
        text.append(FLOOR_GLYPH.text, style=FLOOR_GLYPH.style + style)
        text.append(f"  {_(meaning)}\n")
    text.append("  ")
    text.append("A1", style=SELECTED)
    text.append("  " + _("underlined: the selected character") + "\n")
    text.append("  ")
    text.append(FLOOR_GLYPH.text, style=FLOOR_GLYPH.style + CURSOR)
    text.append("  " + _("reversed: the cursor") + "\n")
    text.append("\n" + _("Unit tags (two characters)") + "\n", style="bold")
    text.append("  " + _("A character: its own letter, then its player's number (A1: player "
                         "1's), in its player's colour.") + "\n")
    text.append("  " + _("A wild creature: its letter, then a, b, c… one for each creature "
                         "of that letter (ga, gb: two goblins), in green.") + "\n")
    colours = {p.number: player_colour(p.colour) for p in game.players}
    for unit in game.units.values():
        style = Style(color=colours[unit.owner], bold=True) if unit.owner else CREATURE
        owner = game.player(unit.owner).name if unit.owner else _("creature")
        text.append("  ")
        text.append(f"{label(unit.id):<2}", style=style)
        text.append(f"  {unit.name} ({owner})\n")
    return text


class LegendScreen(ModalScreen[None]):
    """The map's legend, over the game."""

    BINDINGS = [Binding("escape,q,L", "dismiss", N_("Close"))]
    DEFAULT_CSS = """
    LegendScreen { align: center middle; }
    LegendScreen > VerticalScroll { width: 90; max-width: 100%; height: auto;
        max-height: 100%; border: thick $primary; background: $panel; padding: 0 1; }
    """

    def __init__(self, legend: Text) -> None:
        super().__init__()
        self.legend = legend

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.legend, id="legend")
            yield Label(_("[dim]Esc to close[/dim]"))
