"""`simulate`: many AI-played duels or games (`game.lab`): win rates, damage per AP, hit
rates, and the exact odds of a duel; with `--against`, a `compare`."""

from __future__ import annotations

from pathlib import Path

from game.commands.common import check_against, game_runs_options, lab_call, options
from game.i18n import _


def lab_options(parser, against_required: bool) -> None:
    """What `simulate` and `compare` play, how many times and where."""
    parser.add_argument("what", nargs="+", metavar=_("SCENARIO | duel A B"),
                        help=_("a scenario, or `duel` and two templates (characters or "
                             "creatures)"))
    parser.add_argument("--distance", metavar=_("DISTANCE"), type=int, default=4,
                        help=_("duel: squares apart (4)"))
    parser.add_argument("--runs", metavar=_("RUNS"), type=int,
                        help=_("how many duels or games (200)"))
    parser.add_argument("--games", metavar=_("GAMES"), type=int, help=_("the same as --runs"))
    parser.add_argument("--seed", metavar=_("SEED"), type=int, default=0,
                        help=_("master seed (0): run i's seed "
                        "derives from it and i"))
    parser.add_argument("--profile", metavar=_("PROFILE"), default="balanced",
                        help=_("AI profile of every side "
                        "(content/ai.yaml)"))
    parser.add_argument("--ai", action="append", metavar=_("N:PROFILE"),
                        help=_("player N plays this profile instead (repeatable): "
                             "--ai 1:naive --ai 2:tactician"))
    game_runs_options(parser)
    parser.add_argument("--against", type=Path, required=against_required, metavar=_("DIR"),
                        help=_("compare with this content folder, game for game, same dice"))
    options(parser)
    parser.add_argument("--csv", action="store_true", help=_("CSV rows"))


def runs_of(args) -> dict:
    """The fields of a `game.lab.requests.Runs` that the arguments give."""
    return dict(what=tuple(args.what), content=args.content, distance=args.distance,
                profile=args.profile, rounds=args.rounds, ai=tuple(args.ai or ()),
                runs=args.runs if args.runs is not None else args.games, seed=args.seed,
                workers=args.workers, scheduler=args.scheduler)


def declare(sub) -> None:
    simulate = sub.add_parser("simulate", help=_("AI-played duels or games: win rates, "
                              "damage per AP, hit rates (and the exact odds of a duel)"))
    lab_options(simulate, False)
    simulate.set_defaults(func=run)


def run(args) -> int:
    from game.lab.commands import simulate
    from game.lab.requests import SimulateRequest

    check_against(args.against)
    return lab_call(simulate, SimulateRequest(**runs_of(args), against=args.against,
                                              json=args.json, csv=args.csv))
