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

from game.i18n import N_, _, content_text
from game.rules.engine import Game
from game.ui.colours import player_colour
from game.ui.keys import COMMAND_OVER_VIEW
from game.ui.widgets.map_view import (CREATURE, CURSOR, GLYPHS, SELECTED, THING, TINTS,
                                      FLOOR_GLYPH)


def _entry(text: Text, sample: str, style, meaning: str) -> None:
    """One line of the legend: the sample as the map draws it, then what it means."""
    text.append("  ")
    text.append(f"{sample:<2}", style=style)
    text.append("  ")
    text.append(meaning)
    text.append("\n")


def _heading(text: Text, heading: str) -> None:
    text.append(heading, style="bold")
    text.append("\n")


def legend_text(game: Game, label) -> Text:
    """The legend of `game`'s map, `label(unit_id)` giving each unit's tag as drawn."""
    text = Text()
    _heading(text, _("Map legend"))
    fallen = GLYPHS["fallen"]
    for glyph in GLYPHS.values():
        sample = glyph.text + "1" if glyph is fallen else glyph.text
        _entry(text, sample, glyph.style, _(glyph.meaning))
    for glyph, name in {t.glyph: content_text(t.name) for t in game.things.values()}.items():
        _entry(text, glyph, THING,
               _("an object: {name} (it can be attacked and broken)").format(name=name))
    text.append("\n")
    _heading(text, _("Tints (over a square)"))
    for _key, style, meaning in TINTS:
        _entry(text, FLOOR_GLYPH.text, FLOOR_GLYPH.style + style, _(meaning))
    _entry(text, "A1", SELECTED, _("underlined: the selected character"))
    _entry(text, FLOOR_GLYPH.text, FLOOR_GLYPH.style + CURSOR, _("reversed: the cursor"))
    text.append("\n")
    _heading(text, _("Unit tags (two characters)"))
    for rule in (_("A character: its own letter, then its player's number (A1: player 1's), "
                   "in its player's colour."),
                 _("A wild creature: its letter, then a, b, c… one for each creature of "
                   "that letter (ga, gb: two goblins), in green.")):
        text.append("  ")
        text.append(rule)
        text.append("\n")
    colours = {p.number: player_colour(p.colour) for p in game.players}
    for unit in game.units.values():
        style = Style(color=colours[unit.owner], bold=True) if unit.owner else CREATURE
        owner = content_text(game.player(unit.owner).name) if unit.owner else _("creature")
        _entry(text, label(unit.id), style, _("{unit} ({owner})").format(
            unit=content_text(unit.name), owner=owner))
    return text


class LegendScreen(ModalScreen[None]):
    """The map's legend, over the game."""

    BINDINGS = [Binding("escape,q,L", "dismiss", N_("Close")), COMMAND_OVER_VIEW]
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
