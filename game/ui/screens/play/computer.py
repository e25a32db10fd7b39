"""The computer's turns on the play screen (`play --ai N`), and a round's creatures:
one action at a time, each drawn and said before the next is chosen, `PlayScreen.AI_PAUSE`
seconds apart so that it can be seen.

The controller plays (`Controller.ai_step`); this only paces it and waits while help, a
dialog or a save is on top of the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from game.i18n import _, content_text
from game.journal.text import headline, namer

if TYPE_CHECKING:
    # The play screen (screen.py), typed as any screen: it imports this module.
    from textual.screen import Screen
    from textual.timer import Timer


class ComputerTurn:
    """Paces the computer's actions on one play screen."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.timer: Timer | None = None  # the next action, when one is waiting

    def schedule(self) -> None:
        """The next action, after the pause (unless one is already waiting)."""
        if self.timer is None:
            self.timer = self.screen.set_timer(self.screen.AI_PAUSE, self.step)

    def step(self) -> None:
        """One action of the computer's turn, drawn before the next one is chosen."""
        screen = self.screen
        control = screen.controller
        self.timer = None
        if not screen.is_active:  # help, a dialog or a save on top: wait for it to close
            if control.ai_to_play() or control.busy():
                self.schedule()
            return
        outcome = control.ai_step()
        if outcome is None:
            return
        screen.show_outcome(outcome)
        if control.busy():
            return  # a creature's action: show_outcome said it and waits for the next
        if control.ai_to_play() and not (outcome.turn_started or outcome.game_over):
            game = screen.game
            screen.status(Text(_("The computer plays {player}: {action}").format(
                player=content_text(game.player(game.current).name),
                action=headline(outcome.summary, namer(game)))))
            self.schedule()
