"""`demo SCENARIO SCRIPT`: a script played step by step in the app, its comments as
captions (`game.scripts`); with `--table`, as a shared table's presenter (`game.table`)."""

from __future__ import annotations

from pathlib import Path

from game.commands.common import UsageError, new_game, options
from game.i18n import _

#: The slowest autoplay a demo takes, in seconds a step.
MAX_AUTOPLAY = 600


def declare(sub) -> None:
    demo = sub.add_parser("demo", help=_("play a command file step by step in the app, its "
                          "comments as captions and each roll as a card"))
    demo.add_argument("scenario", metavar=_("scenario"))
    demo.add_argument("script", metavar=_("script"))
    demo.add_argument("--autoplay", type=float, metavar=_("SECONDS"),
                      help=_("play the steps on their own, SECONDS apart (twice as long on a "
                           "step with roll cards); `a` stops and starts it"))
    demo.add_argument("--table", metavar=_("FILE"), help=_("a shared table: write each step to "
                      "FILE for its viewers (`follow FILE`)"))
    options(demo, seed=True)
    demo.set_defaults(func=run, seed_default=0)


def check_autoplay(seconds: float | None) -> None:
    if seconds is not None and not 0.1 <= seconds <= MAX_AUTOPLAY:
        raise UsageError(_("--autoplay takes seconds a step, from 0.1 to {most}, not "
                           "{seconds}").format(most=MAX_AUTOPLAY, seconds=f"{seconds:g}"))


def read_demo(args):
    """The demo of `demo` (and of `serve --demo`) and its script, checked before anything
    starts (`game.scripts.load_demo`)."""
    from game.scripts import ScriptError, load_demo

    # A script is a designer's tool: forced rolls and edits are part of its notation.
    game = new_game(args.content, args.scenario, args.seed, designer=True)
    try:
        return load_demo(game, args.script)
    except ScriptError as exc:
        raise UsageError(str(exc)) from None


def run(args) -> int:
    from game.ui.screens.demo import DemoApp, run_demo

    check_autoplay(args.autoplay)
    demo, script = read_demo(args)
    name = Path(args.script).name
    writer = None
    if args.table is not None:
        from game.table import TableError, take_demo

        try:
            # A presenter coming back (a reloaded tab) goes on where the table is.
            writer = take_demo(Path(args.table), args.content, demo, name, script.steps)
        except TableError as exc:
            raise UsageError(str(exc)) from None
    app = DemoApp(demo, name, saves_dir=args.saves_dir, autoplay=args.autoplay,
                  publish=(lambda shown: writer.publish(shown.game, len(shown.events),
                                                        shown.step)) if writer else None)
    try:
        return run_demo(app)
    finally:
        if writer is not None:
            writer.close()
