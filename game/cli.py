"""Command line: `play` (the default), `load`, `serve`, `script`, `demo`, `follow`,
`replay`, `export`, `odds`, `simulate`, `compare`, `tune`, `balance`, `validate`, `schema`.

Every bad input ends with a message naming the problem and exit code 2, never a traceback.
"""

# (The docstring above is `--help`'s description.) This module only dispatches: each
# command is a module of `game.commands` with its sub-parser and its `run`; here are the
# options before the subcommand, the output's encoding, and the errors said as messages.

from __future__ import annotations

import importlib
import sys
from types import SimpleNamespace

from game.commands import play
from game.commands.common import (SEEDS, TOP_OPTIONS, UsageError, check_folders,
                                  fresh_seed)
from game.i18n import (LANGUAGES, N_, NN_, _, language, language_from_env, ngettext,
                       set_language)

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


#: The commands' modules (of `game.commands`), in the order `--help` lists them.
COMMAND_NAMES = ("play", "load", "serve", "replay", "export", "script", "demo", "follow",
                 "odds", "simulate", "compare", "tune", "balance", "schema", "validate")


def commands() -> tuple:
    """The commands' modules, in `COMMAND_NAMES`' order."""
    # Imported when a parser with every command is built: `play` starts without the others.
    return tuple(importlib.import_module(f"game.commands.{name}") for name in COMMAND_NAMES)


def __getattr__(name: str):
    if name == "COMMANDS":  # `COMMANDS`, as before: the modules, imported when asked for
        return commands()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: The texts of argparse a user can meet (`--help`, a bad command line), as argparse writes
#: them (tests/test_french_proof.py checks them against argparse's source); its messages
#: to a programmer who declares a wrong parser are left in English.
ARGPARSE_TEXTS = (
    N_("usage: "),
    # Translators: a section's title in `--help`; argparse writes a colon right after it
    # (French ends it with a no-break space, to read `options :`).
    N_("positional arguments"),
    # Translators: as `positional arguments`.
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    NN_("expected %s argument", "expected %s arguments"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("unexpected option string: %s"),
    N_("can't open '%(filename)s': %(error)s"),
)

#: `--help`'s description: the module's docstring, marked for the catalog (a test checks
#: that the two say the same).
DESCRIPTION = N_("""Command line: `play` (the default), `load`, `serve`, `script`, `demo`, `follow`,
`replay`, `export`, `odds`, `simulate`, `compare`, `tune`, `balance`, `validate`, `schema`.

Every bad input ends with a message naming the problem and exit code 2, never a traceback.
""")


def asked_language(argv: list[str]) -> str | None:
    """The language `--lang X` or `--lang=X` asks for in `argv` (before or after the
    subcommand, the last one given; argparse's abbreviations `--la`, `--lan` too), or None.

    Read before the parser is built, so that `--help` and argparse's errors are in it; a
    value that is no language is left for argparse to refuse (in the environment's)."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        name, eq, value = arg.partition("=")
        if len(name) >= 4 and "--lang".startswith(name):
            if not eq:
                value = argv[i + 1] if i + 1 < len(argv) else ""
            if value in LANGUAGES:
                found = value
    return found


def build_parser():
    """The command line's parser with every command, its help in the current language."""
    # argparse and every command's module are imported only now: `play` with only options
    # starts without them (`play_args`; README, start-up).
    from game.cli_parser import parser_of

    return parser_of(_(DESCRIPTION), commands())


def play_only(argv: list[str]) -> bool:
    """Whether `argv` is only options before a command, each in full with a valid value
    (`--saves-dir DIR --lang fr`, `--seed=3`): `play` with no command, which `play_args`
    reads as the whole parser would, without argparse nor the some 170 arguments of the
    other commands (some 25 M instructions of every start). Anything else (a
    command, `--help`, an abbreviation, a value argparse would refuse or might read as an
    option) goes to the whole parser, which says what it says of it."""
    waiting = None  # the option whose value comes next
    for arg in argv:
        if waiting is not None:
            if arg.startswith("-") or not _valid(waiting, arg):
                return False
            waiting = None
            continue
        name, eq, value = arg.partition("=")
        if name not in TOP_OPTIONS:  # each takes a value
            return False
        if not eq:
            waiting = name
        elif not _valid(name, value):
            return False
    return waiting is None


def _valid(option: str, value: str) -> bool:
    """A value the option's parser takes as it is."""
    if option == "--lang":
        return value in LANGUAGES
    if option == "--seed":
        digits = value[1:] if value[:1] == "-" else value
        # Past what a save holds (`SEEDS`), or int()'s 4,300 digits: the whole parser says so.
        return value.isascii() and digits.isdigit() and len(digits) <= 19 \
            and SEEDS[0] <= int(value) <= SEEDS[1]
    return True


def play_args(argv: list[str]) -> SimpleNamespace:
    """What the whole parser makes of `argv` when `play_only(argv)` (tests/test_startup.py
    checks that they are the same), read without importing argparse: importing it is some
    9 M instructions of every start, and building a parser 2 M more (README, start-up)."""
    args = {"func": play.run, **play.DEFAULTS,
            **{_dest(name): value for name, (_kind, value) in TOP_OPTIONS.items()},
            # The sub-commands' dest, in the player's language, as argparse leaves it.
            _("command"): None}
    waiting = None
    for arg in argv:
        if waiting is None:
            name, eq, value = arg.partition("=")
            if not eq:
                waiting = name
                continue
        else:
            name, value, waiting = waiting, arg, None
        args[_dest(name)] = TOP_OPTIONS[name][0](value)
    return SimpleNamespace(**args)


def _dest(option: str) -> str:
    """The attribute argparse stores an option in: `--saves-dir` -> `saves_dir`."""
    return option[2:].replace("-", "_")


def main(argv: list[str] | None = None) -> int:
    safe_streams()
    argv = sys.argv[1:] if argv is None else list(argv)
    chosen = asked_language(argv) or language_from_env()
    try:
        # Set before the parser is built (`--help` and a bad command line are said in it)
        # and kept while the command runs (the catalog read once); restored after, so a
        # caller in the same process (a test) keeps its own language.
        with language(chosen):
            if play_only(argv):
                args = play_args(argv)
            else:
                args = build_parser().parse_args(argv)
            if args.lang is not None and args.lang != chosen:  # (asked_language reads it)
                chosen = args.lang
                set_language(chosen)
            if args.seed is None:
                args.seed = (args.seed_default if args.seed_default is not None
                             else fresh_seed())
            check_folders(args)
            return args.func(args)
    except BrokenPipeError:
        # The reader (e.g. `head`) has gone: stop quietly, as other filters do.
        sys.stderr.close()
        return 0
    except Exception as exc:
        with language(chosen):  # the error's summary in the player's language too
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
        # Translators: the program's name, then what was wrong with the command line.
        print(_("escarmouche: {problem}").format(problem=exc), file=sys.stderr)
        return 2
    raise exc


if __name__ == "__main__":
    sys.exit(main())
