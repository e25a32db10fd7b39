"""`compare`: the same AI games under two content folders, on common dice: differences
with paired intervals (`game.lab`)."""

from __future__ import annotations

from game.commands.common import check_against, lab_call
from game.commands.simulate import lab_options, runs_of
from game.i18n import _


def declare(sub) -> None:
    compare = sub.add_parser("compare", help=_("the same AI games under two rule sets, "
                             "on common dice: differences with paired intervals"))
    lab_options(compare, True)
    compare.set_defaults(func=run)


def run(args) -> int:
    from game.lab.commands import compare
    from game.lab.requests import CompareRequest

    check_against(args.against)
    return lab_call(compare, CompareRequest(**runs_of(args), against=args.against,
                                            json=args.json, csv=args.csv))
