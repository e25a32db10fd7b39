"""The replay view: step forward and back through a game's log, or jump to a round.

Each step is the game rebuilt from its seed and the first N commands, the same road a
save's load and an undo take, so what is shown is what was played.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Label, RichLog

from game.i18n import N_, _
from game.rules.events import TurnStarted
from game.ui.controller import Controller
from game.ui.widgets.bars import KeyBar
from game.ui.widgets.journal_log import event_lines
from game.ui.widgets.map_view import MapView


class BoardView(MapView, inherit_bindings=False):
    """The map without the player's action keys: a replay is watched, not played."""

    BINDINGS = [
        Binding("up,k", "cursor(0,-1)", N_("Up"), show=False),
        Binding("down,j", "cursor(0,1)", N_("Down"), show=False),
    ]


class ReplayScreen(Screen[None]):
    """Steps through `log` from `seed`: ←/→ one command, [/] one round, Home/End."""

    BINDINGS = [
        Binding("right,l", "step(1)", N_("Next")),
        Binding("left,h", "step(-1)", N_("Back")),
        Binding("right_square_bracket", "round(1)", N_("Next round")),
        Binding("left_square_bracket", "round(-1)", N_("Prev round")),
        Binding("home", "goto(0)", N_("Start")),
        Binding("end", "goto(-1)", N_("End")),
        Binding("escape,q", "app.pop_screen", N_("Close")),
    ]
    DEFAULT_CSS = """
    ReplayScreen #replay-head { height: 1; padding: 0 1; background: $boost; }
    ReplayScreen BoardView { width: 1fr; border: round $primary; }
    ReplayScreen RichLog { width: 40%; min-width: 30; max-width: 60; border: round $accent; }
    """

    def __init__(self, controller: Controller) -> None:
        super().__init__()
        self.controller = controller
        self.source = game = controller.game
        self.commands = list(game.log)
        self.step = len(self.commands)
        self.current = game
        self.rounds = self._rounds()

    def _rounds(self) -> list[int]:
        """The round each step starts in, read from the game's own journal."""
        rounds, current = [1], 1
        for event in self.source.journal:
            if isinstance(event, TurnStarted):
                current = event.round
            elif type(event).__name__ == "CommandIssued" and event.player is not None:
                rounds.append(current)
        return rounds[: len(self.commands) + 1]

    def compose(self) -> ComposeResult:
        yield Label(id="replay-head")
        with Horizontal():
            yield BoardView(self.source, id="replay-map")
            yield RichLog(wrap=True, markup=False, min_width=1, id="replay-log")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        game = self.current = self.controller.replay(self.step)
        board = self.query_one(BoardView)
        board.set_game(game)
        command = self.commands[self.step - 1] if self.step else _("(start)")
        self.query_one("#replay-head", Label).update(Content(
            _("Replay · step {step}/{steps} · round {round} · {command}").format(
                step=self.step, steps=len(self.commands), round=game.round,
                command=command)))
        log = self.query_one(RichLog)
        log.clear()
        start = 0
        if self.step:
            # The events of the last command shown: from its CommandIssued on.
            marks = [i for i, e in enumerate(game.journal)
                     if type(e).__name__ == "CommandIssued" and e.player is not None]
            start = marks[-1] if marks else 0
        for line in event_lines(game, game.journal[start:]):
            log.write(line)

    def action_step(self, delta: int) -> None:
        self.action_goto(max(0, min(len(self.commands), self.step + delta)))

    def action_goto(self, step: int) -> None:
        self.step = len(self.commands) if step < 0 else step
        self.show()

    def action_round(self, delta: int) -> None:
        here = self.current.round
        target = here + delta
        steps = [i for i, r in enumerate(self.rounds) if r == target]
        if steps:
            self.action_goto(steps[0])
        elif delta < 0:
            self.action_goto(0)
