"""`serve`: the game in a browser with textual-serve, one game process per tab; with
`--demo` or `--watch`, a shared table whose presenter plays and every other tab follows.
The processes it starts are this command line's own commands (`play`, `demo`, `follow`)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from game.commands.common import DEFAULT_SCENARIO, UsageError, new_game, options
from game.commands.demo import check_autoplay, read_demo
from game.i18n import _

#: Hosts that only this machine reaches: serving elsewhere is a choice, said out loud.
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def declare(sub) -> None:
    serve = sub.add_parser("serve", help=_("serve the game to a browser on this machine "
                           "(textual-serve)"))
    serve.add_argument("scenario", nargs="?", default=DEFAULT_SCENARIO,
                      metavar=_("scenario"))
    serve.add_argument("--port", metavar=_("PORT"), type=int, default=8000,
                       help=_("port (default: 8000)"))
    serve.add_argument("--host", metavar=_("HOST"), default="127.0.0.1",
                       help=_("address to listen on (default: 127.0.0.1, this machine only)"))
    serve.add_argument("--load", metavar=_("NAME"), help=_("serve a saved game"))
    serve.add_argument("--designer", action="store_true", help=_("designer mode"))
    serve.add_argument("--max-games", type=int, default=8, metavar="N",
                       help=_("games played at once, one per browser tab (default: 8, at "
                            "most 64; a shared table's viewers, the presenter aside); a "
                            "tab over that is told to come back later"))
    table = serve.add_mutually_exclusive_group()
    table.add_argument("--demo", nargs=2, metavar=(_("SCENARIO"), _("SCRIPT")),
                       help=_("a shared table: the presenter's address steps through the "
                            "script's demo, every other tab follows it read-only"))
    table.add_argument("--watch", metavar=_("SAVE"),
                       help=_("a shared table: the presenter's address (or a terminal, with "
                            "load SAVE --table) plays the save, every other tab watches"))
    serve.add_argument("--autoplay", type=float, metavar=_("SECONDS"),
                       help=_("with --demo: the presenter's demo starts on autoplay"))
    options(serve, seed=True)
    serve.set_defaults(func=run, seed_default=0)


def served_command(args) -> str:
    """The shell command textual-serve runs for each browser: this same game (`play`), with
    the same scenario or save, content and saves folders (absolute, so the server's working
    folder does not matter)."""
    command = [sys.executable, "-m", "game", "play"]
    load = args.load
    if load and Path(load).suffix == ".json" and Path(load).exists():
        load = str(Path(load).resolve())  # a save given as a file, not by name
    command += ["--load", load] if load else [args.scenario]
    command += ["--content", str(Path(args.content).resolve()),
                "--saves-dir", str(Path(args.saves_dir).resolve())]
    if args.designer:
        command.append("--designer")
    if args.lang:
        command += ["--lang", args.lang]
    return shlex.join(command)


def run(args) -> int:
    """Serve the app to a browser with textual-serve: one game process per browser tab."""
    from game.serve import SafeServer

    if not 1 <= args.port <= 65535:
        raise UsageError(_("--port takes a port number from 1 to 65535, not {port}").format(
            port=args.port))
    if not 1 <= args.max_games <= 64:
        raise UsageError(_("--max-games takes a number from 1 to 64, not {n}").format(
            n=args.max_games))
    if args.autoplay is not None and not args.demo:
        raise UsageError(_("--autoplay needs --demo: it starts the presenter's demo on "
                           "autoplay"))
    if args.demo or args.watch:
        return serve_table(args)
    # Checked here, so a bad scenario or save is said in this terminal, not in a browser.
    if args.load:
        from game.saves import load_game, save_path

        load_game(save_path(args.load, args.saves_dir), args.content)
        title = f"Escarmouche: {args.load}"
    else:
        new_game(args.content, args.scenario, 0)
        title = f"Escarmouche: {args.scenario}"
    if args.host not in LOOPBACK:
        print(f"escarmouche: warning: serving on {args.host}: anyone who reaches this "
              "machine can play", file=sys.stderr)
    server = SafeServer(served_command(args), host=args.host, port=args.port, title=title,
                        max_games=args.max_games)
    try:
        server.serve()
    except OSError as exc:
        raise UsageError(_("cannot serve on {host}:{port}: {problem}").format(
            host=args.host, port=args.port, problem=exc.strerror or exc)) from None
    return 0


def _game_options(args) -> list[str]:
    """The options every served process takes: the folders (absolute), the language."""
    options = ["--content", str(Path(args.content).resolve()),
               "--saves-dir", str(Path(args.saves_dir).resolve())]
    return options + (["--lang", args.lang] if args.lang else [])


def serve_table(args) -> int:
    """`serve --demo SCENARIO SCRIPT`, `serve --watch SAVE`: a shared table. The presenter's
    tab (a secret address, printed here) plays the demo or the game and writes each step
    to the table's file; every other tab follows it read-only (`follow`). The table starts
    with the demo's start or the save's state, so a viewer sees it before the presenter
    comes; a presenter coming back goes on where the table is."""
    import shutil
    import tempfile

    from game.serve import SafeServer
    from game.table import TableError, demo_header, game_header, lay_table, presenter_at

    python = [sys.executable, "-m", "game"]
    options = _game_options(args)
    folder = None
    try:
        if args.demo:
            if args.load:
                raise UsageError(_("--demo plays a script from the scenario's start: no "
                                   "--load"))
            check_autoplay(args.autoplay)
            args.scenario, args.script = args.demo
            demo, script = read_demo(args)  # said here, not in a browser
            start = demo.game
            folder = Path(tempfile.mkdtemp(prefix="escarmouche-table-"))
            table = folder / "demo.table"
            header = demo_header(demo, Path(args.script).name, script.steps)
            presenter = [*python, "demo", args.scenario, str(Path(args.script).resolve()),
                         "--seed", str(args.seed), "--table", str(table), *options]
            if args.autoplay is not None:
                presenter += ["--autoplay", f"{args.autoplay:g}"]
            title = f"Escarmouche: {Path(args.script).name}"
        else:
            from game.saves import load_game, save_path

            if args.load:
                raise UsageError(_("--watch plays its own save: no --load"))
            path = save_path(args.watch, args.saves_dir)
            if Path(args.watch).suffix == ".json" and Path(args.watch).exists():
                path = Path(args.watch).resolve()
            start = load_game(path, args.content).game
            table = Path(args.saves_dir).resolve() / f"{path.stem}.table"
            # A game already played at this table (in a terminal) is left as it is.
            header = None if presenter_at(table) else game_header(path.stem)
            presenter = [*python, "play", "--load", str(path), "--table", str(table), *options]
            title = f"Escarmouche: {path.stem}"
        if header is not None:
            lay_table(table, header, start)  # the table shows its start; no presenter yet
    except TableError as exc:
        raise UsageError(str(exc)) from None
    except BaseException:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
        raise
    viewer = shlex.join([*python, "follow", str(table), *options])
    if args.host not in LOOPBACK:
        print(f"escarmouche: warning: serving on {args.host}: anyone who reaches this "
              "machine can watch (only the presenter's address plays)", file=sys.stderr)
    server = SafeServer(viewer, host=args.host, port=args.port, title=title,
                        max_games=args.max_games, presenter=shlex.join(presenter))
    print(_("Presenter (keep this address to yourself): {url}").format(
        url=server.presenter_url), flush=True)
    print(_("Viewers: {url}/").format(url=server.public_url), flush=True)
    if args.watch:
        print(_("Or play it in a terminal: escarmouche load {save} --table {table}").format(
            save=shlex.quote(args.watch), table=shlex.quote(str(table))), flush=True)
    try:
        server.serve()
    except OSError as exc:
        raise UsageError(_("cannot serve on {host}:{port}: {problem}").format(
            host=args.host, port=args.port, problem=exc.strerror or exc)) from None
    finally:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
    return 0
