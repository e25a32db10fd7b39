"""The command line's parser (argparse's, with every command's sub-parser), in the player's
language: `game.cli.build_parser` makes it for anything but `play` with only options
before it, which `game.cli` reads without importing argparse (`play_args`; README,
start-up).
"""

from __future__ import annotations

import argparse
import shutil

from game.commands import play
from game.commands.common import options
from game.i18n import _, ngettext


class _Formatter(argparse.HelpFormatter):
    """argparse's own, with the terminal's width read once per parser built: argparse
    reads it anew for each of the some 170 arguments it is told of, a few ms of every
    start (README, start-up)."""

    columns: int | None = None

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        if width is None:
            if _Formatter.columns is None:
                _Formatter.columns = shutil.get_terminal_size().columns
            width = _Formatter.columns - 2  # as argparse sets it
        super().__init__(prog, indent_increment, max_help_position, width)


class _Parser(argparse.ArgumentParser):
    """The parser and its commands' sub-parsers (argparse makes them of the same class),
    with `_Formatter`."""

    def __init__(self, *args, formatter_class=_Formatter, **kwargs) -> None:
        super().__init__(*args, formatter_class=formatter_class, **kwargs)


# argparse words its own texts ("usage:", "options", "show this help message and exit", its
# errors) with the `gettext` and `ngettext` it imported from the standard library, which
# look them up in the process's default gettext domain, not in ours (Python 3.11's argparse
# has no domain of its own, nor a hook). Pointed at ours, they are looked up in our catalog,
# in the language `main` chose before building the parser; English is unchanged (our
# lookups give an English text back as it is). `ARGPARSE_TEXTS` marks them for the catalog.
argparse._ = _
argparse.ngettext = ngettext


def parser_of(description: str, commands) -> argparse.ArgumentParser:
    """The command line's parser: `description` for `--help`, then each of `commands`'
    modules declares its sub-parser; in the current language."""
    _Formatter.columns = None  # the terminal's width as it is now
    parser = _Parser(prog="escarmouche", description=description)
    parser.set_defaults(func=play.run, **play.DEFAULTS)
    options(parser, top=True)
    # Its dest is argparse's name for it in an error (`argument command: invalid choice:
    # 'frob'`), hence in the player's language; nothing reads it (each command's parser
    # sets its own `func`).
    sub = parser.add_subparsers(dest=_("command"))
    for command in commands:
        command.declare(sub)
    return parser
