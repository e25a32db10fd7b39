"""`balance [SCENARIO…]`: every scenario (or those named) played by the AI in every seat:
seat win rates against 1/n ± 5, draws, median rounds (`game.lab.balance`)."""

from __future__ import annotations

from game.commands.common import lab_call, options


def declare(sub) -> None:
    balance = sub.add_parser("balance", help="every scenario (or those named) played by the "
                             "AI in every seat: seat win rates against 1/n ± 5, draws, "
                             "median rounds")
    balance.add_argument("scenarios", nargs="*", metavar="SCENARIO",
                         help="the scenarios (default: every one of the content)")
    balance.add_argument("--games", type=int, help="games a scenario (1000)")
    balance.add_argument("--seed", type=int, default=0, help="master seed (0)")
    balance.add_argument("--profile", default="balanced",
                         help="AI profile of every seat (content/ai.yaml)")
    balance.add_argument("--rounds", type=int, default=30,
                         help="round limit: a game still on after it is a draw (30)")
    balance.add_argument("--workers", type=int, help="local processes (1)")
    balance.add_argument("--scheduler", metavar="ADDRESS",
                         help="a Dask scheduler (tcp://host:8786): needs escarmouche[cluster]")
    balance.add_argument("--json", action="store_true", help="one JSON object")
    balance.add_argument("--csv", action="store_true", help="CSV rows, one per seat")
    balance.add_argument("--format", choices=("table", "md"), default="table",
                         help="md: the README's Markdown table")
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
