"""The scrolling journal: engine events rendered as text, coloured by player."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog

from game.journal.text import describe, namer
from game.rules import events as ev
from game.rules.engine import Game


def event_text(game: Game, event, name=None) -> Text:
    """One journal line with its style: the player's colour, quips in italics."""
    name = name or namer(game)
    line = describe(event, name)
    colours = {p.number: p.colour for p in game.players}

    def owner_colour(unit_id: str | None) -> str:
        unit = game.units.get(unit_id) if unit_id else None
        return colours.get(unit.owner, "green") if unit else "default"

    if isinstance(event, ev.CommandIssued):
        colour = colours.get(event.player, "green") if event.player else "green"
        return Text(line, style=f"bold {colour}")
    if isinstance(event, ev.Refused):
        return Text(line, style="bold red")
    if isinstance(event, (ev.TurnStarted, ev.CreaturePhase)):
        return Text(line, style="bold reverse")
    if isinstance(event, ev.GameOver):
        return Text(line, style="bold yellow")
    if isinstance(event, ev.Quip):
        return Text(line, style=f"italic {owner_colour(event.unit)}")
    if isinstance(event, ev.Roll):
        text = Text(line)
        outcome = "green" if event.success else "red"
        start = line.find(f"{event.roll} ")
        text.stylize(f"bold {outcome}", start, line.find("  [", start))
        return text
    if isinstance(event, (ev.Down, ev.Destroyed, ev.LevelUp)):
        return Text(line, style="bold")
    return Text(line)


def event_lines(game: Game, events) -> list[Text]:
    """Journal lines for many events, with the names looked up once."""
    name = namer(game)
    return [event_text(game, event, name) for event in events]


class JournalLog(RichLog):
    """The journal, newest at the bottom."""

    DEFAULT_CSS = """
    JournalLog { height: 9; border: round $accent; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, **kwargs)
        self.border_title = "Journal"

    def write_events(self, game: Game, events) -> None:
        for line in event_lines(game, events):
            self.write(line)
