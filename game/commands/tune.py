"""`tune`: the value of one field that brings a figure (an option's odds, a duel's or a
seat's win rate) to a target (`game.lab.tune`)."""

from __future__ import annotations

from game.commands.common import lab_call, options, square_of
from game.i18n import _


def declare(sub) -> None:
    tune = sub.add_parser("tune", help=_("find the value of one field that brings a figure "
                          "(an option's odds, a duel's or a seat's win rate) to a target"))
    tune.add_argument("what", nargs="+",
                      metavar=_("odds SCENARIO ATTACKER TARGET | duel A B | SCENARIO"),
                      help=_("an option's odds, a duel of two templates, or a scenario"))
    tune.add_argument("--field", required=True, metavar=_("FIELD[=LOW..HIGH]"),
                      help=_("the number to search: a unit's (aldric.skills.melee), a "
                           "template's (ysolde.skills.melee, goblin.hp_max) or a rule's "
                           "(rules.faction.maximum=0..30); its own bounds unless given"))
    tune.add_argument("--to", required=True, metavar="P",
                      help=_("the figure to reach: 50%%, 0.5 (a mean damage: a number)"))
    tune.add_argument("--figure", choices=("down", "success", "turn", "best", "lands", "mean"),
                      help=_("tune odds: P(down) (default), P(success), P(down this turn), "
                           "P(down this turn) of the best turn, P(lands), mean damage"))
    tune.add_argument("--seat", metavar=_("SEAT"), type=int, default=1,
                      help=_("duel or scenario: whose win rate (1: the first template or "
                           "player; default 1)"))
    how = tune.add_mutually_exclusive_group()
    how.add_argument("--weapon", metavar="ID",
                     help=_("tune odds: the weapon (default: the first)"))
    how.add_argument("--brawl", action="store_true", help=_("tune odds: bare hands"))
    how.add_argument("--spell", metavar="ID", help=_("tune odds: a spell the attacker knows"))
    tune.add_argument("--from", dest="at", metavar="X,Y",
                      help=_("tune odds: after the attacker walks to that square"))
    tune.add_argument("--load", metavar=_("SAVE"), help=_("tune odds: the situation of a save"))
    tune.add_argument("--distance", metavar=_("DISTANCE"), type=int, default=4,
                      help=_("duel: squares apart (4)"))
    tune.add_argument("--runs", metavar=_("RUNS"), type=int,
                      help=_("duel or scenario, when simulated: runs a "
                      "value (200), on common dice"))
    tune.add_argument("--games", metavar=_("GAMES"), type=int, help=_("the same as --runs"))
    tune.add_argument("--seed", metavar=_("SEED"), type=int, default=0,
                      help=_("master seed of the runs (0)"))
    tune.add_argument("--profile", metavar=_("PROFILE"), default="balanced",
                      help=_("AI profile of every side"))
    tune.add_argument("--ai", action="append", metavar=_("N:PROFILE"),
                      help=_("player N plays this profile instead (repeatable)"))
    tune.add_argument("--rounds", metavar=_("ROUNDS"), type=int, default=30,
                      help=_("round limit (30)"))
    tune.add_argument("--workers", metavar=_("WORKERS"), type=int,
                      help=_("local processes (1)"))
    tune.add_argument("--scheduler", metavar=_("ADDRESS"), help=_("a Dask scheduler"))
    tune.add_argument("--simulate", action="store_true",
                      help=_("a duel: simulate even where its chain has an exact answer"))
    tune.add_argument("--json", action="store_true", help=_("one JSON object"))
    tune.add_argument("--csv", action="store_true", help=_("CSV rows, one per value tried"))
    options(tune)
    tune.set_defaults(func=run)


def run(args) -> int:
    from game.commands.simulate import runs_of
    from game.lab.commands import tune
    from game.lab.requests import TuneRequest

    # `--from` is tune odds' alone: a duel or a scenario leaves it aside, as it always has.
    square = square_of(args.at) if args.what[0] == "odds" else None
    return lab_call(tune, TuneRequest(
        **runs_of(args), field=args.field, to=args.to, figure=args.figure, seat=args.seat,
        saves_dir=args.saves_dir, weapon=args.weapon, brawl=args.brawl, spell=args.spell,
        load=args.load, square=square, simulate=args.simulate, json=args.json,
        csv=args.csv))
