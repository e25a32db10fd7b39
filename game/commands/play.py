"""`play` (the default command): a hot-seat game in the app, on a scenario or a save; with
`--ai` the computer plays some sides, with `--table` it is a shared table's game."""

from __future__ import annotations

import gc
from pathlib import Path

from game.commands.common import DEFAULT_SCENARIO, UsageError, fresh_seed, new_game, options
from game.i18n import _


def declare(sub) -> None:
    play = sub.add_parser("play", help=_("start a hot-seat game (the default)"))
    play.add_argument("scenario", nargs="?", default=DEFAULT_SCENARIO,
                      metavar=_("scenario"))
    play.add_argument("--load", metavar=_("NAME"), help=_("continue a saved game"))
    play.add_argument("--designer", action="store_true",
                      help=_("designer mode: the command line also takes force and the edits "
                           "(set, place, give, spawn, remove, hold, release)"))
    play.add_argument("--ai", action="append", metavar=_("N[:PROFILE]"),
                      help=_("the computer plays player N (repeatable), with a profile of "
                           "ai.yaml (balanced unless named): --ai 2, --ai 2:aggressive"))
    play.add_argument("--table", metavar=_("FILE"), help=_("a shared table: write each command "
                      "to FILE for its viewers (`follow FILE`); goes on from FILE when it "
                      "holds this same game"))
    play.add_argument("--marks", action="store_true",
                      help=_("mark the threat zone's squares with ! as well as a tint (for "
                             "a colour-blind eye, or a screen read as text)"))
    options(play, seed=True)
    play.set_defaults(func=run)


def run(args) -> int:
    # Start-up builds some hundred thousand objects that live as long as the app (Textual's
    # classes, the content, the first screen): collecting cycles while building them only
    # costs time, about a tenth of start-up. The app turns the collector back on once its
    # first screen is up, with those objects frozen out of its scans (EscarmoucheApp.on_ready).
    # Importing Textual and the game is most of those objects: the collector is off from
    # before it (the collections those imports trigger cost some 25 ms of CPU).
    gc.disable()
    writer = None
    try:
        from game.ui.app import run_app

        app = build_app(args)
        writer = app.table
        return run_app(app)
    finally:
        gc.enable()
        if writer is not None:
            writer.close()


def build_app(args):
    """The app `play` and `load` run: a new game on the scenario, or a saved one."""
    from game.ui.app import EscarmoucheApp

    loaded = None
    if getattr(args, "load", None):
        from game.saves import load_game, save_path  # a new game's first frame goes without

        loaded = load_game(save_path(args.load, args.saves_dir), args.content)
        game = loaded.game
        scenario = loaded.record.scenario
    else:
        game = new_game(args.content, args.scenario, args.seed, args.designer,
                        cache_dir(args))
        scenario = args.scenario
    if getattr(args, "ai", None):  # a save keeps its own AI sides unless --ai says others
        game.ai_players = ai_players(args.ai, game)
    writer = None
    if getattr(args, "table", None) is not None:
        from game.table import TableError, take_game

        try:
            # FILE holding this same game (a presenter coming back): go on from there.
            resumed, writer = take_game(Path(args.table), args.content, args.load or scenario)
        except TableError as exc:
            raise UsageError(str(exc)) from None
        if resumed is not None:
            game, loaded = resumed, None

    def again():
        return new_game(args.content, scenario, fresh_seed(), game.designer, cache_dir(args))

    return EscarmoucheApp(game, new_game=again, saves_dir=args.saves_dir,
                          content_dir=args.content, loaded=loaded, table=writer,
                          marks=args.marks)


def cache_dir(args) -> Path:
    """Where `play` keeps the content of its last new game for a warm start (README)."""
    return Path(args.saves_dir) / ".cache"


def ai_players(specs: list[str], game) -> dict[int, str]:
    """`--ai 2`, `--ai 2:aggressive`: the sides the computer plays, each with its profile
    (balanced unless named), checked against the game's players and the content's ai.yaml."""
    from game.rules.engine import Game
    from game.rules.errors import SetupRefused
    from game.rules.policies import ProfileBook

    chosen: dict[int, str] = {}
    for spec in specs:
        number, _colon, profile = spec.partition(":")
        if not (number.isascii() and number.isdigit() and len(number) <= 2):
            raise UsageError(_("--ai takes a player number, optionally with a profile "
                               "(2 or 2:aggressive), not {spec!r}").format(spec=spec))
        chosen[int(number)] = profile or "balanced"
    try:
        # The engine's own check: a player the scenario has, a profile the content has.
        Game(game.content, game.scenario, seed=0, ai_players=chosen,
             policies=ProfileBook(game.content))
    except SetupRefused as refusal:
        raise UsageError(_("--ai: {problem}").format(problem=refusal.translated(_))) from None
    except ValueError as exc:  # a policy book of another make (tests' doubles)
        raise UsageError(_("--ai: {problem}").format(problem=exc)) from None
    return chosen


#: What the top level sets for `play` with no command, beside `func=run` (looked up when
#: parsed): the parser's defaults (`game.cli_parser`), and what `game.cli.play_args`
#: starts from.
DEFAULTS = {"scenario": DEFAULT_SCENARIO, "load": None, "seed_default": None,
            "designer": False, "marks": False}
