"""The scrolling journal: engine events rendered as text, coloured by player."""

from __future__ import annotations

import sys
import types

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.message import Message


def _pretty(*args, **kwargs):
    """rich.pretty's `Pretty`, as RichLog calls it (on what is not a renderable, which the
    journal never writes), imported then."""
    from rich.pretty import Pretty

    return Pretty(*args, **kwargs)


# Textual's RichLog imports rich.pretty for its `Pretty`, only to write what is not a
# renderable (the journal writes Text); rich.pretty imports attrs when it is installed
# (jsonschema brings it), to pretty-print attrs classes: the two are about a twelfth of
# the game's own start-up. While RichLog is imported, `rich.pretty` is a stand-in module
# whose `Pretty` imports the real one when called; the stand-in goes once RichLog is in,
# so that `rich.pretty` (and attrs) import as usual elsewhere.
_STAND_IN = "rich.pretty" not in sys.modules
if _STAND_IN:
    sys.modules["rich.pretty"] = types.ModuleType("rich.pretty", "A stand-in (journal_log)")
    sys.modules["rich.pretty"].Pretty = _pretty  # type: ignore[attr-defined]
try:
    from textual.widgets import RichLog
finally:
    if _STAND_IN:
        del sys.modules["rich.pretty"]

from game.i18n import _, after_colon, content_text
from game.journal.text import namer, styled
from game.rules import events as ev
from game.rules.engine import Game
from game.ui.colours import player_colour


def event_text(game: Game, event, name=None) -> Text:
    """One journal line with its style: the player's colour, quips in italics."""
    name = name or namer(game)
    text = styled(event, name)
    colours = {p.number: player_colour(p.colour) for p in game.players}

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


def worded(events) -> list:
    """The events that make journal lines: not the heading of a creature phase in which
    no creature did anything (the next turn follows it at once), as journals written
    before the engine stopped writing one hold it."""
    events = list(events)
    return [event for event, after in zip(events, [*events[1:], None])
            if not (isinstance(event, ev.CreaturePhase)
                    and isinstance(after, (ev.TurnStarted, ev.GameOver)))]


def event_lines(game: Game, events) -> list[Text]:
    """Journal lines for many events, with the names looked up once."""
    name = namer(game)
    return [event_text(game, event, name) for event in events]


def briefing_lines(game: Game) -> list[Text]:
    """The scenario's briefing and how it is won: the journal's first lines, and the
    whole journal's (`J`), where a short terminal's log has scrolled them away."""
    scenario = game.scenario
    victory = content_text(scenario.victory).strip()
    lines = ((content_text(scenario.briefing).strip(), "italic"),
             (_("Victory: {victory}").format(victory=after_colon(victory)), "bold"))
    return [Text(line, style=style) for line, style in lines if line]


class JournalLog(RichLog):
    """The journal, newest at the bottom, wrapped again when its width changes.

    It remembers which event each rendered line came from (a line wraps into several), so
    a click on a line names its event (`EventClicked`): the play screen opens that roll's
    card.
    """

    class EventClicked(Message):
        """A click on a line written from a journal event."""

        def __init__(self, event: ev.Event) -> None:
            super().__init__()  # (a plain class: see MapView.CursorMoved)
            self.event = event

    DEFAULT_CSS = """
    JournalLog { height: 9; border: round $accent; }
    """

    def __init__(self, **kwargs) -> None:
        # min_width 1: lines wrap at the log's own width (Textual's default renders at 78
        # at least, cutting lines in a narrower log).
        super().__init__(wrap=True, markup=False, highlight=False, min_width=1, **kwargs)
        self.border_title = _("Journal")
        self._texts: list[Text] = []
        #: The event each of `_texts` came from (None: a line of the app's own).
        self._origins: list[ev.Event | None] = []
        #: The event each rendered (wrapped) line came from.
        self._line_events: list[ev.Event | None] = []
        self._wrapped_at = 0

    def clear(self) -> "JournalLog":
        self._texts = []
        self._origins = []
        self._line_events = []
        return super().clear()

    def write_briefing(self, game: Game) -> None:
        """The scenario's briefing and how it is won, read before the first turn."""
        for line in briefing_lines(game):
            self.write_line(line)

    def write_events(self, game: Game, events) -> None:
        """The events' lines (a creature phase's heading comes with the creatures' first
        event: the engine's `end_turn_parts`; `worded` drops a lone one of an older
        journal)."""
        events = worded(events)
        for event, line in zip(events, event_lines(game, events)):
            self.write_line(line, event)

    def write_line(self, line: Text, event: ev.Event | None = None) -> None:
        """One line (of `event`, or of the app's own), kept for rewrapping."""
        self._texts.append(line)
        self._origins.append(event)
        self._put(line, event)

    def _put(self, line: Text, event: ev.Event | None = None) -> None:
        # At the log's own width less room for its scroll bar (so that a bar appearing
        # never pushes a line out), whatever the console's width; before the log has a
        # size, lines wait for on_resize.
        if self._wrapped_at:
            self.write(line, width=self._wrapped_at)
            self._line_events += [event] * self._rows(line)

    def _rows(self, line: Text) -> int:
        # How many lines `write` makes of it, measured the way RichLog renders it: counting
        # `self.lines` before and after would miss writes RichLog defers until its size is
        # known.
        console = self.app.console
        segments = console.render(line, console.options.update_width(self._wrapped_at))
        return max(1, len(list(Segment.split_lines(segments))))

    def event_at(self, y: int) -> ev.Event | None:
        """The event the rendered line `y` (0: the first line of the log) came from."""
        return self._line_events[y] if 0 <= y < len(self._line_events) else None

    def on_click(self, click: events.Click) -> None:
        offset = click.get_content_offset(self)
        if offset is None:
            return
        event = self.event_at(offset.y + self.scroll_offset.y)
        if event is not None:
            self.post_message(self.EventClicked(event))

    def on_resize(self, event) -> None:
        width = self.content_region.width - self.styles.scrollbar_size_vertical
        if width and width != self._wrapped_at:
            self._wrapped_at = width
            super().clear()
            self._line_events = []
            for line, event in zip(self._texts, self._origins):
                self._put(line, event)
