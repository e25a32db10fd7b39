"""`follow FILE`: a shared table (`game.table`) followed read-only, the presenter's steps
as they come."""

from __future__ import annotations

from pathlib import Path

from game.commands.common import UsageError, options
from game.i18n import _


def declare(sub) -> None:
    follow = sub.add_parser("follow", help=_("follow a shared table read-only: the "
                            "presenter's steps as they come (demo --table, play --table)"))
    follow.add_argument("table", metavar=_("FILE"))
    options(follow)
    follow.set_defaults(func=run)


def run(args) -> int:
    from game.table import TableFollower
    from game.ui.screens.follow import FollowApp, run_follow

    path = Path(args.table)
    if not path.is_file():
        raise UsageError(_("no table at {path}: its presenter writes it (demo --table, "
                           "play --table, or serve --demo / --watch)").format(path=path))
    return run_follow(FollowApp(TableFollower(path, args.content), saves_dir=args.saves_dir))
