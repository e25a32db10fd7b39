"""`load NAME`: continue a saved game in the app (`play --load NAME`)."""

from __future__ import annotations

from game.commands import play
from game.commands.common import options
from game.i18n import _


def declare(sub) -> None:
    load = sub.add_parser("load", help=_("continue a saved game in the app"))
    load.add_argument("name", metavar=_("name"))
    load.add_argument("--table", metavar=_("FILE"), help=_("a shared table: write each command "
                      "to FILE for its viewers (`follow FILE`, `serve --watch`)"))
    options(load)
    load.set_defaults(func=run)


def run(args) -> int:
    args.load = args.name
    return play.run(args)
