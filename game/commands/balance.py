"""`balance [SCENARIO…]`: every scenario (or those named) played by the AI in every seat:
seat win rates against 1/n ± 5, draws, median rounds (`game.lab.balance`)."""

from __future__ import annotations

from game.commands.common import game_runs_options, lab_call, options
from game.i18n import _


def declare(sub) -> None:
    balance = sub.add_parser("balance", help=_("every scenario (or those named) played by the "
                             "AI in every seat: seat win rates against 1/n ± 5, draws, "
                             "median rounds"))
    balance.add_argument("scenarios", nargs="*", metavar=_("SCENARIO"),
                         help=_("the scenarios (default: every one of the content)"))
    balance.add_argument("--games", metavar=_("GAMES"), type=int,
                         help=_("games a scenario (1000)"))
    balance.add_argument("--seed", metavar=_("SEED"), type=int, default=0,
                         help=_("master seed (0)"))
    balance.add_argument("--profile", metavar=_("PROFILE"), default="balanced",
                         help=_("AI profile of every seat (content/ai.yaml)"))
    game_runs_options(balance)
    balance.add_argument("--csv", action="store_true", help=_("CSV rows, one per seat"))
    balance.add_argument("--format", choices=("table", "md"), default="table",
                         help=_("md: the README's Markdown table"))
    options(balance)
    balance.set_defaults(func=run)


def run(args) -> int:
    from game.lab.commands import balance
    from game.lab.requests import BalanceRequest

    output = "json" if args.json else "csv" if args.csv else args.format
    return lab_call(balance, BalanceRequest(
        content=args.content, scenarios=tuple(args.scenarios), runs=args.games,
        seed=args.seed, profile=args.profile, rounds=args.rounds, workers=args.workers,
        scheduler=args.scheduler, output=output))
