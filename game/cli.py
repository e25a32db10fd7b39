"""Command line: `play` (the default), `load`, `serve`, `script`, `demo`, `follow`,
`replay`, `export`, `odds`, `simulate`, `compare`, `tune`, `balance`, `validate`, `schema`.

Every bad input ends with a message naming the problem and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import gc
import shlex
import sys
from pathlib import Path

# Each command imports what it needs (the content loader and its YAML reader, the engine,
# the saves, the app): `play` then imports them with the cycle collector off (cmd_play).
from game.content import DEFAULT_CONTENT
from game.files import DEFAULT_SAVES
from game.i18n import LANGUAGES, _, language, language_from_env, ngettext

DEFAULT_SCENARIO = "crossroads"


class UsageError(Exception):
    """A bad argument or file: printed as `escarmouche: message`, exit code 2."""


#: What the game's text uses beyond ASCII, as an ASCII terminal can show it.
_ASCII = {"—": "-", "–": "-", "→": "->", "←": "<-", "↑": "^", "↓": "v", "≤": "<=",
          "≥": ">=", "≠": "!=", "×": "x", "…": "...", "✗": "x", "✓": "v", "⚑": "!",
          "▶": ">", "·": "-", "’": "'", "‘": "'", "“": '"', "”": '"', "«": '"', "»": '"',
          "\u00a0": " ", "\u202f": " ", "✝": "+", "⟳": "*", "█": "#", "▌": "|", "▋": "|"}


def _ascii_fallback(error: UnicodeEncodeError) -> tuple[str, int]:
    """A codec error handler: each character the output's encoding lacks as the nearest
    ASCII (`—` as `-`, `é` as `e`), else `?`."""
    import unicodedata

    text = error.object[error.start:error.end]
    out = []
    for char in text:
        plain = _ASCII.get(char)
        if plain is None:
            plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode() or "?"
        out.append(plain)
    return "".join(out), error.end


def safe_streams() -> None:
    """Output whose encoding cannot write every character (`PYTHONIOENCODING=ascii`, a
    Latin-1 terminal) writes the nearest ASCII instead of failing on the first `—`."""
    import codecs

    codecs.register_error("escarmouche-ascii", _ascii_fallback)
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None) or "utf-8"
        try:
            unicode = codecs.lookup(encoding).name.startswith("utf")
        except LookupError:
            unicode = False
        if not unicode and hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="escarmouche-ascii")
            except (ValueError, OSError):
                pass


def new_game(content_dir: Path, scenario: str, seed: int, designer: bool = False):
    """Load content and a scenario and start a game (raises ContentErrors / UsageError).

    Every new game rolls each command's dice from its own stream (`GameState.dice`)."""
    from game.content.loader import list_scenarios, load_game_content, scenario_path
    from game.rules.engine import Game
    from game.rules.policies import ProfileBook

    path = scenario_path(content_dir, scenario)
    if not path.exists():
        known = ", ".join(list_scenarios(content_dir)) or "none"
        raise UsageError(f"no scenario {scenario!r} (known: {known})")
    # The content's errors and the scenario's in one list, as `validate` gives them.
    content, loaded = load_game_content(content_dir, path)
    return Game(content, loaded, seed=seed, scenario_id=path.stem, designer=designer,
                policies=ProfileBook(content))


def parse_rolls(text: str | None) -> list[int]:
    if not text:
        return []
    parts = [r.strip() for r in text.split(",") if r.strip()]
    if not all(r.isascii() and r.isdigit() and len(r) <= 6 for r in parts):
        raise UsageError(f"--rolls takes whole numbers separated by commas, not {text!r}")
    from game.rules.dice import MAX_FORCED

    if len(parts) > MAX_FORCED:
        raise UsageError(f"--rolls takes at most {MAX_FORCED:,} results, not {len(parts):,}")
    rolls = [int(r) for r in parts]
    bad = [r for r in rolls if not 1 <= r <= 100]
    if bad:
        raise UsageError(f"--rolls: a d100 result is between 1 and 100, not {bad[0]}")
    return rolls


DEFAULT_SCHEMAS = DEFAULT_CONTENT.parent / "schemas"
CONTENT_DOCS = DEFAULT_CONTENT.parent / "docs" / "content.md"


def cmd_schema(args) -> int:
    """Write the content files' JSON Schemas (and docs/content.md with --docs)."""
    from game.content.schema import content_reference, write_schemas

    try:
        for path in write_schemas(Path(args.out)):
            print(path)
        if args.docs:
            Path(args.docs).write_text(content_reference(), encoding="utf-8")
            print(args.docs)
    except OSError as exc:
        raise UsageError(f"cannot write: {exc}") from None
    return 0


def cmd_validate(args) -> int:
    from game.content.loader import validate_all
    from game.content.yamlmarks import ContentErrors

    content, names, errors = validate_all(args.content)
    if errors:
        raise ContentErrors(errors)
    # One message per count, whatever the language's plural forms; the list is a list.
    counts = [
        ngettext("{n} weapon", "{n} weapons", len(content.weapons)),
        ngettext("{n} armour", "{n} armours", len(content.armours)),
        ngettext("{n} spell", "{n} spells", len(content.spells)),
        ngettext("{n} item", "{n} items", len(content.items)),
        ngettext("{n} character", "{n} characters", len(content.characters)),
        ngettext("{n} creature", "{n} creatures", len(content.creatures)),
        ngettext("{n} faction", "{n} factions", len(content.factions)),
        ngettext("{n} scenario", "{n} scenarios", len(names)),
    ]
    sizes = (len(content.weapons), len(content.armours), len(content.spells),
             len(content.items), len(content.characters), len(content.creatures),
             len(content.factions), len(names))
    print(_("content OK: {counts}").format(
        counts=_(", ").join(text.format(n=n) for text, n in zip(counts, sizes))))
    # Not errors: a variant is allowed to depart from the page, but should know it does.
    for notice in content.departures:
        print(_("notice: {notice}").format(notice=notice))
    return 0


def read_script(path: Path) -> list[tuple[int, str]]:
    """The commands of a script file, each with its line number (comments and blanks out);
    `game.scripts` reads it, captions included, for `script` and `demo` alike."""
    from game.scripts import ScriptError, read_script as read_steps

    try:
        return [(step.line, step.command) for step in read_steps(path).steps]
    except ScriptError as exc:
        raise UsageError(str(exc)) from None


def cmd_script(args) -> int:
    from game.journal.jsonl import event_line, state_line
    from game.journal.text import describe, namer, refusal_text
    from game.rules.events import Refused

    if args.save is not None:
        from game.saves import check_name

        check_name(args.save)  # before playing, so a bad name costs nothing
    # A script is a designer's tool: forced rolls and edits are part of its notation.
    game = new_game(args.content, args.scenario, args.seed, designer=True)
    rolls = parse_rolls(args.rolls)
    commands = read_script(Path(args.commands))
    if rolls:
        # A command like any other, so the log (and a save) keeps the forced rolls.
        commands.insert(0, (0, "force " + ",".join(map(str, rolls))))
    name = namer(game)
    out = sys.stdout

    def emit(events) -> None:
        for event in events:
            out.write((event_line(event) if args.json else describe(event, name)) + "\n")

    emit(game.journal)
    status = 0
    for line_no, command in commands:
        events = game.apply(command)
        emit(events)
        if isinstance(events[0], Refused) and args.strict:
            refused = events[0]
            print(_("{file}:{line}: refused: {reason}").format(
                file=args.commands, line=line_no,
                reason=refusal_text(refused.message, refused.fields, refused.reason)),
                file=sys.stderr)
            status = 1
            break
    if game.roller.forced and status == 0:
        # A forced roll never used means the script does not show what its author thinks.
        left = ", ".join(map(str, game.roller.forced))
        print(_("{file}: warning: forced d100 results never used: {rolls}").format(
            file=args.commands, rolls=left), file=sys.stderr)
        if args.strict:
            status = 1
    if args.save is not None:
        from game.saves import save_game

        path = save_game(game, args.save, args.saves_dir)
        print(_("saved to {path}").format(path=path), file=sys.stderr)
    if args.json:
        out.write(state_line(game) + "\n")
    else:
        heading = _("— state after round {round} —").format(round=game.round)
        out.write(f"{heading}\n")
        for unit in game.state_summary():
            if unit["down"]:
                line = _("{id}: HP {hp}/{hp_max}, AP {ap}, XP {xp}, level {level} (down)")
            else:
                line = _("{id}: HP {hp}/{hp_max}, AP {ap}, XP {xp}, level {level}")
            fields = {key: unit[key] for key in ("id", "hp", "hp_max", "ap", "xp", "level")}
            out.write(f"  {line.format(**fields)}\n")
    return status


#: The slowest autoplay a demo takes, in seconds a step.
MAX_AUTOPLAY = 600


def read_demo(args):
    """The demo of `demo` (and of `serve --demo`): the game, the script read and checked
    before anything starts (each line notation, no unit the scenario lacks, not too long)."""
    from game.scripts import Demo, ScriptError, check_demo_length, check_steps, check_units, \
        read_script as read_steps

    # A script is a designer's tool: forced rolls and edits are part of its notation.
    game = new_game(args.content, args.scenario, args.seed, designer=True)
    try:
        script = read_steps(Path(args.script))
        check_demo_length(script.steps, args.script)
        check_steps(script.steps, args.script)
        check_units(script.steps, game, args.script)
    except ScriptError as exc:
        raise UsageError(str(exc)) from None
    return Demo(game, script.steps, script.preamble), script


def cmd_demo(args) -> int:
    """Play a script step by step in the app, its comments as captions (`game.scripts`);
    with --table, as a shared table's presenter (`game.table`)."""
    from game.ui.screens.demo import DemoApp, run_demo

    autoplay = args.autoplay
    if autoplay is not None and not 0.1 <= autoplay <= MAX_AUTOPLAY:
        raise UsageError(f"--autoplay takes seconds a step, from 0.1 to {MAX_AUTOPLAY}, "
                         f"not {autoplay:g}")
    demo, script = read_demo(args)
    name = Path(args.script).name
    writer = None
    if args.table is not None:
        from game.table import TableError, TableWriter, demo_header, read_table

        path = Path(args.table)
        try:
            # A presenter coming back (a reloaded tab) goes on where the table is.
            previous = read_table(path, args.content)
            header = demo_header(demo, name, script.steps)
            if previous is not None and previous.header == header and \
                    previous.frame is not None and \
                    previous.frame.record.get("seed") == demo.game.seed:
                demo.goto(previous.frame.step)
            writer = TableWriter(path, header)
        except TableError as exc:
            raise UsageError(str(exc)) from None
    app = DemoApp(demo, name, saves_dir=args.saves_dir, autoplay=autoplay,
                  publish=(lambda shown: writer.publish(shown.game, len(shown.events),
                                                        shown.step)) if writer else None)
    try:
        return run_demo(app)
    finally:
        if writer is not None:
            writer.close()


def cmd_follow(args) -> int:
    """Follow a shared table (`game.table`) read-only: the presenter's steps as they come."""
    from game.table import TableFollower
    from game.ui.screens.follow import FollowApp, run_follow

    path = Path(args.table)
    if not path.is_file():
        raise UsageError(f"no table at {path}: its presenter writes it (demo --table, "
                         "play --table, or serve --demo / --watch)")
    return run_follow(FollowApp(TableFollower(path, args.content), saves_dir=args.saves_dir))


def cmd_play(args) -> int:
    # Start-up builds some hundred thousand objects that live as long as the app (Textual's
    # classes, the content, the first screen): collecting cycles while building them only
    # costs time, about a tenth of start-up. The app turns the collector back on once its
    # first screen is up, with those objects frozen out of its scans (EscarmoucheApp.on_ready).
    from game.ui.app import run_app

    gc.disable()
    writer = None
    try:
        app = build_app(args)
        writer = app.table
        return run_app(app)
    finally:
        gc.enable()
        if writer is not None:
            writer.close()


def build_app(args):
    """The app `play` and `load` run: a new game on the scenario, or a saved one."""
    import secrets

    from game.saves import load_game, save_path
    from game.ui.app import EscarmoucheApp

    loaded = None
    if getattr(args, "load", None):
        loaded = load_game(save_path(args.load, args.saves_dir), args.content)
        game = loaded.game
        scenario = loaded.record.scenario
    else:
        game = new_game(args.content, args.scenario, args.seed, args.designer)
        scenario = args.scenario
    if getattr(args, "ai", None):  # a save keeps its own AI sides unless --ai says others
        game.ai_players = ai_players(args.ai, game)
    writer = None
    if getattr(args, "table", None) is not None:
        game, loaded, writer = live_table(args, game, loaded, args.load or scenario)

    def again():
        return new_game(args.content, scenario, secrets.randbelow(2**31), game.designer)

    return EscarmoucheApp(game, new_game=again, saves_dir=args.saves_dir,
                          content_dir=args.content, loaded=loaded, table=writer)


def live_table(args, game, loaded, title: str):
    """`play --table FILE`: the game is a shared table's, written to FILE after each command
    for its viewers (`game.table`). When FILE holds this same game (the same save or
    scenario: a presenter coming back, or the state `serve --watch` began it with), it
    goes on from there rather than from the start."""
    from game.saves import SaveError
    from game.table import TableError, TableWriter, game_header, read_table

    path = Path(args.table)
    header = game_header(Path(title).stem)
    try:
        previous = read_table(path, args.content)
        if previous is not None and previous.header == header and previous.frame is not None:
            try:
                game, loaded = previous.game(), None
            except SaveError as exc:
                raise UsageError(f"the table {path} cannot be continued: {exc}") from None
        return game, loaded, TableWriter(path, header)
    except TableError as exc:
        raise UsageError(str(exc)) from None


def ai_players(specs: list[str], game) -> dict[int, str]:
    """`--ai 2`, `--ai 2:aggressive`: the sides the computer plays, each with its profile
    (balanced unless named), checked against the game's players and the content's ai.yaml."""
    from game.rules.engine import Game
    from game.rules.policies import ProfileBook

    chosen: dict[int, str] = {}
    for spec in specs:
        number, _, profile = spec.partition(":")
        if not (number.isascii() and number.isdigit() and len(number) <= 2):
            raise UsageError(f"--ai takes a player number, optionally with a profile "
                             f"(2 or 2:aggressive), not {spec!r}")
        chosen[int(number)] = profile or "balanced"
    try:
        # The engine's own check: a player the scenario has, a profile the content has.
        Game(game.content, game.scenario, seed=0, ai_players=chosen,
             policies=ProfileBook(game.content))
    except ValueError as exc:
        raise UsageError(f"--ai: {exc}") from None
    return chosen


def cmd_load(args) -> int:
    args.load = args.name
    return cmd_play(args)


#: Hosts that only this machine reaches: serving elsewhere is a choice, said out loud.
LOOPBACK = ("127.0.0.1", "localhost", "::1")


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


def cmd_serve(args) -> int:
    """Serve the app to a browser with textual-serve: one game process per browser tab."""
    from game.serve import SafeServer

    if not 1 <= args.port <= 65535:
        raise UsageError(f"--port takes a port number from 1 to 65535, not {args.port}")
    if not 1 <= args.max_games <= 64:
        raise UsageError(f"--max-games takes a number from 1 to 64, not {args.max_games}")
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
        raise UsageError(f"cannot serve on {args.host}:{args.port}: "
                         f"{exc.strerror or exc}") from None
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
    from game.table import TableError, TableWriter, demo_header, game_header, presenter_at

    python = [sys.executable, "-m", "game"]
    options = _game_options(args)
    folder = None
    try:
        if args.demo:
            if args.load:
                raise UsageError("--demo plays a script from the scenario's start: no --load")
            if args.autoplay is not None and not 0.1 <= args.autoplay <= MAX_AUTOPLAY:
                raise UsageError(f"--autoplay takes seconds a step, from 0.1 to "
                                 f"{MAX_AUTOPLAY}, not {args.autoplay:g}")
            args.scenario, args.script = args.demo
            demo, script = read_demo(args)  # said here, not in a browser
            start = demo.game
            folder = Path(tempfile.mkdtemp(prefix="escarmouche-table-"))
            table = folder / "demo.table"
            first = TableWriter(table, demo_header(demo, Path(args.script).name, script.steps))
            presenter = [*python, "demo", args.scenario, str(Path(args.script).resolve()),
                         "--seed", str(args.seed), "--table", str(table), *options]
            if args.autoplay is not None:
                presenter += ["--autoplay", f"{args.autoplay:g}"]
            title = f"Escarmouche: {Path(args.script).name}"
        else:
            from game.saves import load_game, save_path

            if args.load:
                raise UsageError("--watch plays its own save: no --load")
            path = save_path(args.watch, args.saves_dir)
            if Path(args.watch).suffix == ".json" and Path(args.watch).exists():
                path = Path(args.watch).resolve()
            start = load_game(path, args.content).game
            table = Path(args.saves_dir).resolve() / f"{path.stem}.table"
            # A game already played at this table (in a terminal) is left as it is.
            first = None if presenter_at(table) else TableWriter(table, game_header(path.stem))
            presenter = [*python, "play", "--load", str(path), "--table", str(table), *options]
            title = f"Escarmouche: {path.stem}"
        if first is not None:
            first.publish(start, 0, 0)
            first.close()  # the table shows its start; no presenter yet
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
        raise UsageError(f"cannot serve on {args.host}:{args.port}: "
                         f"{exc.strerror or exc}") from None
    finally:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
    return 0


def cmd_replay(args) -> int:
    """Replay a save's log under the current content; report identical, or the first
    command whose outcome changed (`--all`: every one), with old and new lines. A game
    whose content was reloaded while it ran replays stretch by stretch, each under the
    content it was played with (`_replay_stretches`)."""
    from game.content.loader import load_content, load_scenario
    from game.rules.events import Reloaded
    from game.rules.history import replay
    from game.rules.policies import ProfileBook
    from game.saves import read_save, save_path

    record = read_save(save_path(args.save, args.saves_dir))
    if any(isinstance(e, Reloaded) for e in record.journal):
        return _replay_stretches(args, record)
    content = load_content(args.content)
    path = Path(args.content) / "scenarios" / f"{record.scenario}.yaml"
    if not path.exists():
        raise UsageError(f"the save's scenario {record.scenario!r} is not in the content")
    game = replay(content, load_scenario(content, path, args.content), record.seed,
                  record.log, record.scenario, record.designer, record.dice,
                  ProfileBook(content))
    return _replay_report(args, record, game)


def _replay_report(args, record, game, upto: int | None = None) -> int:
    """Old and new outcomes of the commands replayed (all of them, or the first `upto`),
    then the state; 0 when identical."""
    from game.journal.text import describe, namer
    from game.rules.events import Reloaded
    from game.rules.history import changed_outcomes, outcomes
    from game.rules.state import comparable
    from game.saves import plain

    name = namer(game)
    journal = record.journal
    if upto is not None:
        # The reload that ends the stretches replayed is not theirs to compare.
        journal = [e for e in journal if not (isinstance(e, Reloaded) and e.at >= upto)]
    old, new = outcomes(journal), outcomes(game.journal)
    changes = changed_outcomes(journal, game.journal)
    if upto is not None:
        old = old[:upto]
        changes = [c for c in changes if c.number <= upto]
    for change in changes if args.all else changes[:1]:
        print(_("differs at command {number}: {command}").format(number=change.number,
                                                                command=change.command))
        for label, events in ((_("old:"), change.old), (_("new:"), change.new)):
            print(label)
            for event in events:
                print(f"  {describe(event, name)}")
    if changes:
        if len(old) != len(new):
            print(_("differs: {played} commands were played, {replayed} replayed").format(
                played=len(old), replayed=len(new)))
        if args.all:
            print(_("{changed} of {total} commands changed outcome").format(
                changed=len(changes), total=max(len(old), len(new))))
        return 1
    if upto is not None:
        print(_("identical: the first {n} commands replay to the same journal").format(n=upto))
        return 1
    replayed = plain(game.snapshot())
    saved = comparable(record.state, replayed)
    if replayed != saved:
        parts = sorted(key for key in replayed.keys() | saved.keys()
                       if replayed.get(key) != saved.get(key))
        units = sorted(uid for uid in replayed["units"].keys() | saved["units"].keys()
                       if replayed["units"].get(uid) != saved["units"].get(uid))
        # the names of the state's fields, as in the file
        which = ", ".join(p if p != "units" else f"units ({', '.join(units[:5])})" for p in parts)
        print(_("differs: the {n} commands replay to the same journal, but the saved state is "
                "not the one they give (the file was edited?): {which}").format(
            n=len(new), which=which))
        return 1
    print(_("identical: {n} commands replay to the same journal and state").format(n=len(new)))
    return 0


def _replay_stretches(args, record) -> int:
    """A save whose content was reloaded while it ran: each stretch of the log under the
    content it was played with, found by fingerprint in --content or a --with folder."""
    from game.saves import SaveError, replay_record

    folders = [Path(args.content), *(Path(f) for f in args.also or ())]
    try:
        done = replay_record(record, folders)
    except SaveError as exc:
        raise UsageError(str(exc)) from None
    for part in done.stretches:
        if part.reload is not None:
            changes = "; ".join(part.reload.changes) or _("nothing changed")
            print(_("content reloaded at command {n}: {changes}").format(
                n=part.reload.at, changes=changes))
        if part.last < part.first:
            continue
        span = _("commands {first}–{last}").format(first=part.first, last=part.last)
        if part.folder is not None:
            print(_("{span}: replayed under {folder} (content {hash})").format(
                span=span, folder=part.folder, hash=part.content))
        elif part is done.missing:
            if part.content:
                print(_("{span}: cannot be reproduced: they were played under content {hash}, "
                        "which is in none of {folders} (give its folder with --with DIR)").format(
                    span=span, hash=part.content,
                    folders=", ".join(str(f) for f in folders)))
            else:
                print(_("{span}: cannot be reproduced: the save (from an older version) does "
                        "not say which content they were played under").format(span=span))
        else:
            print(_("{span}: not replayed (an earlier stretch could not be)").format(span=span))
    if done.missing is not None:
        if done.played:
            return _replay_report(args, record, done.game, upto=done.played)
        return 1
    return _replay_report(args, record, done.game)


def cmd_export(args) -> int:
    """A save as a design document (Markdown or HTML) or as JSON lines.

    The maps need the scenario and the game's end: the save is replayed under the content
    when it can be; otherwise the document is made from the saved journal alone and says so.
    """
    from game.content.loader import load_content
    from game.content.yamlmarks import ContentErrors
    from game.journal.export import Boards, export_html, export_json, export_markdown
    from game.rules.engine import Game
    from game.rules.policies import ProfileBook
    from game.saves import SaveError, load_game, read_save, save_path

    path = save_path(args.save, args.saves_dir)
    record = read_save(path)
    out = Path(args.out) if args.out is not None else None
    if out is not None:
        if not str(args.out):
            raise UsageError("--out needs a file name")
        if out.is_dir():
            raise UsageError(f"--out {out} is a folder; give a file name")
        if not out.parent.is_dir():
            raise UsageError(f"--out {out}: the folder {out.parent} does not exist")
    if args.format == "json":
        text = export_json(record)
    else:
        try:
            loaded = load_game(path, args.content)
        except SaveError as exc:
            # The first line says what; a content error follows it (the first, if many).
            loaded, why = None, ": ".join(
                line.strip() for line in str(exc).splitlines()[:2]).replace(":: ", ": ")
        if loaded is not None:
            game = loaded.game
            start = Game(game.content, game.scenario, seed=record.seed,
                         scenario_id=record.scenario, designer=record.designer,
                         dice=record.dice, policies=game.policies)
            note = ("the content changed since this save: the map at the end is the saved "
                    "state; the map at the start and the departures are today's content's"
                    if loaded.content_changed else None)
            content, boards = game.content, Boards(start, game, note)
        else:
            try:
                content = load_content(args.content)
            except ContentErrors:
                content = None  # weapons and spells then show by id
            boards = Boards(note=f"made from the saved journal alone, without the maps: {why}")
        render = export_markdown if args.format == "md" else export_html
        text = render(record, content, boards)
    if out is None:
        sys.stdout.write(text)
        return 0
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {out}: {exc.strerror or exc}") from None
    return 0


def cmd_odds(args) -> int:
    """The exact odds of one option, from a scenario's start or a save; `--vary` sweeps
    (twice: a grid), `--from` after a walk, `--turn` the best turn, `--squares` each square."""
    import json

    from rich.console import Console

    from game import oddsreport
    from game.journal.text import namer
    from game.rules.actions import parse_pos
    from game.rules.errors import Impossible

    if args.load:
        from game.saves import load_game, save_path

        game = load_game(save_path(args.load, args.saves_dir), args.content).game
    else:
        game = new_game(args.content, args.scenario, 0)
    if args.json and args.csv:
        raise UsageError("--json or --csv, not both")
    sweeps = args.vary or []
    if len(sweeps) > 2:
        raise UsageError("--vary at most twice (rows, then columns)")
    if sweeps and (args.turn or args.squares):
        raise UsageError("--vary sweeps one option's odds: not with --turn or --squares")
    if args.squares and args.at:
        raise UsageError("--squares ranks every square from where the unit stands: "
                         "not with --from")
    square = None
    if args.at is not None:
        square = parse_pos(args.at)
        if square is None:
            raise UsageError(f"--from takes a square X,Y (e.g. 9,4), not {args.at!r}")
    choice = oddsreport.Choice(weapon=args.weapon, brawl=args.brawl, spell=args.spell)
    console = Console(highlight=False)
    names = namer(game)
    out = sys.stdout
    try:
        if args.turn or args.squares:
            data = oddsreport.turn_object(game, args.attacker, args.target, choice, square,
                                          squares=args.squares)
            if args.json:
                print(json.dumps(data))
            elif args.csv:
                out.write(oddsreport.squares_csv(data) if args.squares
                          else oddsreport.turn_csv(data))
            elif args.squares:
                oddsreport.render_squares(console, data, names)
            else:
                oddsreport.render_turn(console, data, names)
            return 0
        if sweeps:
            try:
                parsed = [oddsreport.parse_vary(text) for text in sweeps]
                current = [oddsreport.current_value(game, path) for path, _ in parsed]
            except (ValueError, Impossible) as exc:
                raise UsageError(str(exc)) from None
            if len(parsed) == 2:
                try:
                    data = oddsreport.grid(game, args.attacker, args.target, choice,
                                           parsed[0], parsed[1], square)
                except ValueError as exc:
                    raise UsageError(str(exc)) from None
                rows = [c for line in data["cells"] for c in line]
            else:
                rows = data = oddsreport.sweep(game, args.attacker, args.target, choice,
                                               *parsed[0], square)
            reasons = {row.get("reason") for row in rows}
            if len(reasons) == 1 and None not in reasons:
                print(_("impossible: {reason}").format(reason=oddsreport.row_reason(rows[0])),
                      file=sys.stderr)
                return 1
            if args.json:
                print(json.dumps(data))
            elif args.csv:
                out.write(oddsreport.grid_csv(data) if len(parsed) == 2
                          else oddsreport.sweep_csv(data))
            elif len(parsed) == 2:
                oddsreport.render_grid(console, data, args.figure)
            else:
                oddsreport.render_sweep(console, data, current[0])
            return 0
        data = oddsreport.odds_object(game, args.attacker, args.target, choice, square)
    except Impossible as refusal:
        print(_("impossible: {reason}").format(reason=refusal.translated(_)), file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(data))
    elif args.csv:
        out.write(oddsreport.odds_csv(data))
    else:
        oddsreport.render(console, data, names)
    return 0


def cmd_simulate(args) -> int:
    """Many AI-played duels or games (`game.lab`)."""
    from game.lab import commands
    from game.lab.runs import LabError

    try:
        return commands.simulate(args)
    except LabError as exc:
        raise UsageError(str(exc)) from None


def cmd_compare(args) -> int:
    """The same AI games under two content folders, on common dice."""
    from game.lab import commands
    from game.lab.runs import LabError

    try:
        return commands.compare(args)
    except LabError as exc:
        raise UsageError(str(exc)) from None


def cmd_balance(args) -> int:
    """Every scenario played by the AI in every seat, against the aims of a balanced one."""
    from game.lab import commands
    from game.lab.runs import LabError

    try:
        return commands.balance(args)
    except LabError as exc:
        raise UsageError(str(exc)) from None


def cmd_tune(args) -> int:
    """The value of one field that brings a figure to a target (`game.lab.tune`)."""
    from game.lab import commands
    from game.lab.runs import LabError

    try:
        return commands.tune(args)
    except LabError as exc:
        raise UsageError(str(exc)) from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="escarmouche", description=__doc__)
    parser.set_defaults(func=cmd_play, scenario=DEFAULT_SCENARIO, load=None, seed_default=None,
                        designer=False)

    def common(p, top=False, seed=False):
        # The same options before or after the subcommand: a subcommand's copy has no
        # default, so it overrides the top level's only when it is given.
        default = (lambda value: value) if top else (lambda value: argparse.SUPPRESS)
        p.add_argument("--content", type=Path, default=default(DEFAULT_CONTENT),
                       help="content folder (default: the shipped content/)")
        p.add_argument("--saves-dir", type=Path, default=default(DEFAULT_SAVES),
                       help="saves folder (default: saves/)")
        p.add_argument("--lang", choices=LANGUAGES, default=default(None),
                       help="language of the game and the journal (default: from LANGUAGE, "
                            "LC_ALL, LC_MESSAGES or LANG; English otherwise)")
        if seed or top:
            p.add_argument("--seed", type=int, default=default(None),
                           help="seed of the dice (default: random; 0 for script)")

    common(parser, top=True)
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="start a hot-seat game (the default)")
    play.add_argument("scenario", nargs="?", default=DEFAULT_SCENARIO)
    play.add_argument("--load", metavar="NAME", help="continue a saved game")
    play.add_argument("--designer", action="store_true",
                      help="designer mode: the command line also takes force and the edits "
                           "(set, place, give, spawn, remove, hold, release)")
    play.add_argument("--ai", action="append", metavar="N[:PROFILE]",
                      help="the computer plays player N (repeatable), with a profile of "
                           "ai.yaml (balanced unless named): --ai 2, --ai 2:aggressive")
    play.add_argument("--table", metavar="FILE", help="a shared table: write each command "
                      "to FILE for its viewers (`follow FILE`); goes on from FILE when it "
                      "holds this same game")
    common(play, seed=True)
    play.set_defaults(func=cmd_play)

    load = sub.add_parser("load", help="continue a saved game in the app")
    load.add_argument("name")
    load.add_argument("--table", metavar="FILE", help="a shared table: write each command "
                      "to FILE for its viewers (`follow FILE`, `serve --watch`)")
    common(load)
    load.set_defaults(func=cmd_load)

    serve = sub.add_parser("serve", help="serve the game to a browser on this machine "
                           "(textual-serve)")
    serve.add_argument("scenario", nargs="?", default=DEFAULT_SCENARIO)
    serve.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default: 127.0.0.1, this machine only)")
    serve.add_argument("--load", metavar="NAME", help="serve a saved game")
    serve.add_argument("--designer", action="store_true", help="designer mode")
    serve.add_argument("--max-games", type=int, default=8, metavar="N",
                       help="games played at once, one per browser tab (default: 8, at "
                            "most 64; a shared table's viewers, the presenter aside); a "
                            "tab over that is told to come back later")
    table = serve.add_mutually_exclusive_group()
    table.add_argument("--demo", nargs=2, metavar=("SCENARIO", "SCRIPT"),
                       help="a shared table: the presenter's address steps through the "
                            "script's demo, every other tab follows it read-only")
    table.add_argument("--watch", metavar="SAVE",
                       help="a shared table: the presenter's address (or a terminal, with "
                            "load SAVE --table) plays the save, every other tab watches")
    serve.add_argument("--autoplay", type=float, metavar="SECONDS",
                       help="with --demo: the presenter's demo starts on autoplay")
    common(serve, seed=True)
    serve.set_defaults(func=cmd_serve, seed_default=0)

    rep = sub.add_parser("replay", help="replay a save under the current content")
    rep.add_argument("save")
    rep.add_argument("--all", action="store_true",
                     help="list every command whose outcome changed, not only the first")
    rep.add_argument("--with", dest="also", action="append", type=Path, metavar="DIR",
                     help="another content folder a stretch of the game may have been played "
                          "under before a hot reload (repeatable)")
    common(rep)
    rep.set_defaults(func=cmd_replay)

    export = sub.add_parser("export", help="a save as a design document (Markdown or "
                            "self-contained HTML) or its journal as JSON lines")
    export.add_argument("save")
    export.add_argument("--format", choices=("md", "html", "json"), default="md")
    export.add_argument("--out", help="file to write (default: standard output)")
    common(export)
    export.set_defaults(func=cmd_export)

    script = sub.add_parser("script", help="play a command file headless, print the journal")
    script.add_argument("scenario")
    script.add_argument("commands")
    script.add_argument("--rolls", help="forced d100 results, e.g. 12,80,3")
    script.add_argument("--json", action="store_true", help="one JSON object per line")
    script.add_argument("--strict", action="store_true", help="exit 1 on the first refusal")
    script.add_argument("--save", metavar="NAME", help="save the game where the script ends")
    common(script, seed=True)
    script.set_defaults(func=cmd_script, seed_default=0)

    demo = sub.add_parser("demo", help="play a command file step by step in the app, its "
                          "comments as captions and each roll as a card")
    demo.add_argument("scenario")
    demo.add_argument("script")
    demo.add_argument("--autoplay", type=float, metavar="SECONDS",
                      help="play the steps on their own, SECONDS apart (twice as long on a "
                           "step with roll cards); `a` stops and starts it")
    demo.add_argument("--table", metavar="FILE", help="a shared table: write each step to "
                      "FILE for its viewers (`follow FILE`)")
    common(demo, seed=True)
    demo.set_defaults(func=cmd_demo, seed_default=0)

    follow = sub.add_parser("follow", help="follow a shared table read-only: the "
                            "presenter's steps as they come (demo --table, play --table)")
    follow.add_argument("table", metavar="FILE")
    common(follow)
    follow.set_defaults(func=cmd_follow)

    odds = sub.add_parser("odds", help="exact odds of one attack or spell (and what-if sweeps)")
    odds.add_argument("scenario")
    odds.add_argument("attacker")
    odds.add_argument("target")
    how = odds.add_mutually_exclusive_group()
    how.add_argument("--weapon", metavar="ID", help="weapon to use (default: the first carried)")
    how.add_argument("--brawl", action="store_true", help="bare hands")
    how.add_argument("--spell", metavar="ID", help="a spell the attacker knows")
    odds.add_argument("--load", metavar="SAVE", help="the situation of a save instead of the "
                      "scenario's start")
    odds.add_argument("--vary", metavar="FIELD=LOW..HIGH[:STEP]", action="append",
                      help="one row per value: aldric.skills.melee, goblin-1.stats.DEF, "
                           "rules.faction.maximum …; given twice, a grid (rows × columns)")
    odds.add_argument("--figure", choices=("down", "success", "turn", "mean", "lands"),
                      default="down", help="what a grid's cells show: P(down) (default), "
                      "P(success), P(down this turn), mean damage, P(lands)")
    odds.add_argument("--from", dest="at", metavar="X,Y",
                      help="the odds after the attacker walks to that square")
    odds.add_argument("--turn", action="store_true",
                      help="P(down this turn) of the best sequence of the attacker's turn "
                           "(walks, blows, spells, items), exact, and its main line")
    odds.add_argument("--squares", action="store_true",
                      help="every square the attacker can walk to, ranked by P(down this "
                           "turn) of the option repeated from there, and the best turn")
    odds.add_argument("--json", action="store_true", help="one JSON object (a list with --vary)")
    odds.add_argument("--csv", action="store_true", help="CSV rows")
    common(odds)
    odds.set_defaults(func=cmd_odds)

    def lab(p, against_required: bool):
        p.add_argument("what", nargs="+", metavar="SCENARIO | duel A B",
                       help="a scenario, or `duel` and two templates (characters or creatures)")
        p.add_argument("--distance", type=int, default=4, help="duel: squares apart (4)")
        p.add_argument("--runs", type=int, help="how many duels or games (200)")
        p.add_argument("--games", type=int, help="the same as --runs")
        p.add_argument("--seed", type=int, default=0, help="master seed (0): run i's seed "
                       "derives from it and i")
        p.add_argument("--profile", default="balanced", help="AI profile of every side "
                       "(content/ai.yaml)")
        p.add_argument("--ai", action="append", metavar="N:PROFILE",
                       help="player N plays this profile instead (repeatable): "
                            "--ai 1:naive --ai 2:tactician")
        p.add_argument("--rounds", type=int, default=30,
                       help="round limit: a game still on after it is a draw (30)")
        p.add_argument("--workers", type=int, help="local processes (1)")
        p.add_argument("--scheduler", metavar="ADDRESS",
                       help="a Dask scheduler (tcp://host:8786): needs escarmouche[cluster]")
        p.add_argument("--json", action="store_true", help="one JSON object")
        p.add_argument("--against", type=Path, required=against_required, metavar="DIR",
                       help="compare with this content folder, game for game, same dice")
        common(p)

    simulate = sub.add_parser("simulate", help="AI-played duels or games: win rates, "
                              "damage per AP, hit rates (and the exact odds of a duel)")
    lab(simulate, False)
    simulate.add_argument("--csv", action="store_true", help="CSV rows")
    simulate.set_defaults(func=cmd_simulate)

    compare = sub.add_parser("compare", help="the same AI games under two rule sets, "
                             "on common dice: differences with paired intervals")
    lab(compare, True)
    compare.add_argument("--csv", action="store_true", help="CSV rows")
    compare.set_defaults(func=cmd_compare)

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
    common(tune)
    tune.set_defaults(func=cmd_tune, against=None)

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
    common(balance)
    balance.set_defaults(func=cmd_balance, runs=None)

    schema = sub.add_parser("schema", help="write a JSON Schema per content file (and the "
                            "field reference with --docs)")
    schema.add_argument("--out", default=str(DEFAULT_SCHEMAS),
                        help="folder for NAME.schema.json (default: schemas/ beside content/)")
    schema.add_argument("--docs", nargs="?", const=str(CONTENT_DOCS), default=None,
                        metavar="FILE", help="also write the field reference (default: "
                        "docs/content.md)")
    schema.set_defaults(func=cmd_schema)

    validate = sub.add_parser("validate", help="check every content file and scenario")
    common(validate)
    validate.set_defaults(func=cmd_validate)
    return parser


def check_folders(args) -> None:
    """`--content` and `--saves-dir` name folders (a saves folder may not exist yet)."""
    if not Path(args.content).is_dir():
        raise UsageError(f"--content {args.content}: no such folder")
    saves = Path(args.saves_dir)
    if saves.exists() and not saves.is_dir():
        raise UsageError(f"--saves-dir {saves} is a file, not a folder")


def main(argv: list[str] | None = None) -> int:
    safe_streams()
    args = build_parser().parse_args(argv)
    if args.seed is None:
        import secrets

        args.seed = (args.seed_default if args.seed_default is not None
                     else secrets.randbelow(2**31))
    try:
        check_folders(args)
        # Set before anything prints; restored after, so a caller in the same process
        # (a test) keeps its own language.
        with language(args.lang or language_from_env()):
            return args.func(args)
    except BrokenPipeError:
        # The reader (e.g. `head`) has gone: stop quietly, as other filters do.
        sys.stderr.close()
        return 0
    except Exception as exc:
        return failed(exc)


def failed(exc: Exception) -> int:
    """Exit code 2 for the errors `main` reports as messages (their modules are imported
    only now, the commands importing them only when they need them); others go on."""
    from game.content.yamlmarks import ContentErrors
    from game.saves import SaveError

    if isinstance(exc, ContentErrors):
        for error in exc.errors:
            print(error, file=sys.stderr)
        print(ngettext("{n} content error", "{n} content errors", len(exc.errors)).format(
            n=len(exc.errors)), file=sys.stderr)
        return 2
    if isinstance(exc, (UsageError, SaveError)):
        print(f"escarmouche: {exc}", file=sys.stderr)
        return 2
    raise exc


if __name__ == "__main__":
    sys.exit(main())
