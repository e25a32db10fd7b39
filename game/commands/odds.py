"""`odds SCENARIO ATTACKER TARGET`: the exact odds of one attack or spell, and what-if
sweeps (`game.lab.odds`)."""

from __future__ import annotations

from game.commands.common import lab_call, options, square_of
from game.i18n import _


def declare(sub) -> None:
    odds = sub.add_parser("odds",
                          help=_("exact odds of one attack or spell (and what-if sweeps)"))
    odds.add_argument("scenario", metavar=_("scenario"))
    odds.add_argument("attacker", metavar=_("attacker"))
    odds.add_argument("target", metavar=_("target"))
    how = odds.add_mutually_exclusive_group()
    how.add_argument("--weapon", metavar="ID",
                     help=_("weapon to use (default: the first carried)"))
    how.add_argument("--brawl", action="store_true", help=_("bare hands"))
    how.add_argument("--spell", metavar="ID", help=_("a spell the attacker knows"))
    odds.add_argument("--load", metavar=_("SAVE"),
                      help=_("the situation of a save instead of the "
                      "scenario's start"))
    odds.add_argument("--vary", metavar=_("FIELD=LOW..HIGH[:STEP]"), action="append",
                      help=_("one row per value: aldric.skills.melee, goblin-1.stats.DEF, "
                           "rules.faction.maximum …; given twice, a grid (rows × columns)"))
    odds.add_argument("--figure", choices=("down", "success", "turn", "mean", "lands"),
                      default="down", help=_("what a grid's cells show: P(down) (default), "
                      "P(success), P(down this turn), mean damage, P(lands)"))
    odds.add_argument("--from", dest="at", metavar="X,Y",
                      help=_("the odds after the attacker walks to that square"))
    odds.add_argument("--turn", action="store_true",
                      help=_("P(down this turn) of the best sequence of the attacker's turn "
                           "(walks, blows, spells, items), exact, and its main line"))
    odds.add_argument("--squares", action="store_true",
                      help=_("every square the attacker can walk to, ranked by P(down this "
                           "turn) of the option repeated from there, and the best turn"))
    odds.add_argument("--json", action="store_true",
                      help=_("one JSON object (a list with --vary)"))
    odds.add_argument("--csv", action="store_true", help=_("CSV rows"))
    options(odds)
    odds.set_defaults(func=run)


def run(args) -> int:
    from game.lab.odds import odds
    from game.lab.requests import OddsRequest

    return lab_call(odds, OddsRequest(
        content=args.content, saves_dir=args.saves_dir, scenario=args.scenario,
        attacker=args.attacker, target=args.target, weapon=args.weapon, brawl=args.brawl,
        spell=args.spell, load=args.load, square=square_of(args.at),
        vary=tuple(args.vary or ()), figure=args.figure, turn=args.turn,
        squares=args.squares, json=args.json, csv=args.csv))
