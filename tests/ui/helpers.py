"""What the app's Pilot tests share: small games and what the play screen shows."""

import io

from textual.widgets import Static

from tests.helpers import make_game

SIZE = (140, 44)


def duel(forced=(), **kw):
    return make_game([("aldric", "aldric", 1, (2, 2)), ("corvin", "corvin", 1, (2, 4)),
                      ("dagny", "dagny", 2, (3, 2)), ("elise", "elise", 2, (9, 9)),
                      ("goblin", "goblin", None, (11, 0))], forced=forced, **kw)


def text_of(widget) -> str:
    """The plain text a panel shows, as wide as it is on screen."""
    from rich.console import Console

    console = Console(width=widget.size.width or 60, record=True, file=io.StringIO())
    console.print(widget.body.content)
    return console.export_text()


def journal_text(app) -> str:
    from game.ui.widgets.journal_log import JournalLog

    return "\n".join(strip.text for strip in app.play.query_one(JournalLog).lines)


def status(app) -> str:
    return str(app.play.query_one("#status", Static).render())


def crossroads(forced=()):
    """The default scenario: saves name their scenario, so loading needs one on disk."""
    from game.cli import new_game
    from game.content.loader import DEFAULT_CONTENT

    game = new_game(DEFAULT_CONTENT, "crossroads", 1)
    if forced:  # as a command, so that the log (and so a save) holds them
        game.apply("force " + ",".join(map(str, forced)))
    return game
