"""`tune`: the value of one field that brings a figure (an option's odds, a duel's or a
seat's win rate) to a target (`game.lab.tune`)."""

from __future__ import annotations

from game.commands.common import lab_call, options, square_of


def declare(sub) -> None:
    tune = sub.add_parser("tune", help="find the value of one field that brings a figure "
                          "(an option's odds, a duel's or a seat's win rate) to a target")
    tune.add_argument("what", nargs="+",
                      metavar="odds SCENARIO ATTACKER TARGET | duel A B | SCENARIO",
                      help="an option's odds, a duel of two templates, or a scenario")
    tune.add_argument("--field", required=True, metavar="FIELD[=LOW..HIGH]",
                      help="the number to search: a unit's (aldric.skills.melee), a "
                           "template's (ysolde.skills.melee, goblin.hp_max) or a rule's "
                           "(rules.faction.maximum=0..30); its own bounds unless given")
    tune.add_argument("--to", required=True, metavar="P",
                      help="the figure to reach: 50%%, 0.5 (a mean damage: a number)")
    tune.add_argument("--figure", choices=("down", "success", "turn", "best", "lands", "mean"),
                      help="tune odds: P(down) (default), P(success), P(down this turn), "
                           "P(down this turn) of the best turn, P(lands), mean damage")
    tune.add_argument("--seat", type=int, default=1,
                      help="duel or scenario: whose win rate (1: the first template or "
                           "player; default 1)")
    how = tune.add_mutually_exclusive_group()
    how.add_argument("--weapon", metavar="ID", help="tune odds: the weapon (default: the first)")
    how.add_argument("--brawl", action="store_true", help="tune odds: bare hands")
    how.add_argument("--spell", metavar="ID", help="tune odds: a spell the attacker knows")
    tune.add_argument("--from", dest="at", metavar="X,Y",
                      help="tune odds: after the attacker walks to that square")
    tune.add_argument("--load", metavar="SAVE", help="tune odds: the situation of a save")
    tune.add_argument("--distance", type=int, default=4, help="duel: squares apart (4)")
    tune.add_argument("--runs", type=int, help="duel or scenario, when simulated: runs a "
                      "value (200), on common dice")
    tune.add_argument("--games", type=int, help="the same as --runs")
    tune.add_argument("--seed", type=int, default=0, help="master seed of the runs (0)")
    tune.add_argument("--profile", default="balanced", help="AI profile of every side")
    tune.add_argument("--ai", action="append", metavar="N:PROFILE",
                      help="player N plays this profile instead (repeatable)")
    tune.add_argument("--rounds", type=int, default=30, help="round limit (30)")
    tune.add_argument("--workers", type=int, help="local processes (1)")
    tune.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler")
    tune.add_argument("--simulate", action="store_true",
                      help="a duel: simulate even where its chain has an exact answer")
    tune.add_argument("--json", action="store_true", help="one JSON object")
    tune.add_argument("--csv", action="store_true", help="CSV rows, one per value tried")
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
