"""The scrolling journal: engine events rendered as text, coloured by player."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog

from game.journal.text import namer, styled
from game.rules import events as ev
from game.rules.engine import Game


def event_text(game: Game, event, name=None) -> Text:
    """One journal line with its style: the player's colour, quips in italics."""
    name = name or namer(game)
    text = styled(event, name)
    colours = {p.number: p.colour for p in game.players}

    def owner_colour(unit_id: str | None) -> str:
        unit = game.units.get(unit_id) if unit_id else None
        return colours.get(unit.owner, "green") if unit else "default"

    if isinstance(event, ev.CommandIssued):
        colour = colours.get(event.player, "green") if event.player else "green"
        text.style = f"bold {colour}"
    elif isinstance(event, ev.Refused):
        text.style = "bold red"
    elif isinstance(event, (ev.TurnStarted, ev.CreaturePhase)):
        text.style = "bold reverse"
    elif isinstance(event, ev.GameOver):
        text.style = "bold yellow"
    elif isinstance(event, ev.Quip):
        text.style = f"italic {owner_colour(event.unit)}"
    elif isinstance(event, (ev.Down, ev.Destroyed, ev.LevelUp)):
        text.style = "bold"
    return text


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
