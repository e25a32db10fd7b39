"""What the commands share: the usage error, the options every command takes, a new game
on a scenario, and the arguments more than one command reads (`--rolls`, `--from`)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from game.content import DEFAULT_CONTENT
from game.files import DEFAULT_SAVES
from game.i18n import LANGUAGES, _, format_decimal, pgettext

if TYPE_CHECKING:
    import argparse

DEFAULT_SCENARIO = "crossroads"


class UsageError(Exception):
    """A bad argument or file: printed as `escarmouche: message`, exit code 2."""


#: A game's seed: what a save keeps of it (`game.saves.Seed`, 64 bits).
SEEDS = (-(2**63), 2**63 - 1)


def seed_number(text: str) -> int:
    """`--seed`: a whole number a save can hold, or argparse's error saying so (a seed past
    a save's 64 bits played, then every save and autosave of the game was refused)."""
    try:
        value = int(text)
    except ValueError:  # not a number, or past int()'s 4,300 digits
        value = None
    if value is None or not SEEDS[0] <= value <= SEEDS[1]:
        from argparse import ArgumentTypeError

        raise ArgumentTypeError(_("a seed is a whole number from {low} to {high}, not "
                                  "{value}").format(low=SEEDS[0], high=SEEDS[1],
                                                    value=repr(text)))
    return value


#: The options before a command: each one's type and the top level's default (the parser's,
#: and what `game.cli.play_args` reads without it).
TOP_OPTIONS = {"--content": (Path, DEFAULT_CONTENT), "--saves-dir": (Path, DEFAULT_SAVES),
               "--lang": (str, None), "--seed": (seed_number, None)}


def options(parser: argparse.ArgumentParser, top: bool = False, seed: bool = False) -> None:
    """`--content`, `--saves-dir`, `--lang` (and `--seed`) on the top level or a command.

    The same options before or after the subcommand: a subcommand's copy has no default,
    so it overrides the top level's only when it is given."""
    # argparse is imported by whoever built `parser` (game.cli_parser), not with this
    # module: `play` with only options starts without it (README, start-up).
    from argparse import SUPPRESS

    default = (lambda value: value) if top else (lambda value: SUPPRESS)
    kind = {name: given[0] for name, given in TOP_OPTIONS.items()}
    value = {name: given[1] for name, given in TOP_OPTIONS.items()}
    parser.add_argument("--content", metavar=_("CONTENT"), type=kind["--content"],
                        default=default(value["--content"]),
                        help=_("content folder (default: the shipped content/)"))
    parser.add_argument("--saves-dir", metavar=_("SAVES_DIR"), type=kind["--saves-dir"],
                        default=default(value["--saves-dir"]),
                        help=_("saves folder (default: saves/)"))
    parser.add_argument("--lang", choices=LANGUAGES, default=default(value["--lang"]),
                        help=_("language of the game and the journal (default: from LANGUAGE, "
                             "LC_ALL, LC_MESSAGES or LANG; English otherwise)"))
    if seed or top:
        parser.add_argument("--seed", metavar=_("SEED"), type=kind["--seed"],
                            default=default(value["--seed"]),
                            help=_("seed of the dice (default: random; 0 for script)"))


def game_runs_options(parser: argparse.ArgumentParser) -> None:
    """`--rounds`, `--workers`, `--scheduler` and `--json`: how the lab's games end, where
    they are played, how their figures are written (`simulate`, `compare`, `balance`)."""
    parser.add_argument("--rounds", metavar=_("ROUNDS"), type=int, default=30,
                        help=_("round limit: a game still on after it is a draw (30)"))
    parser.add_argument("--workers", metavar=_("WORKERS"), type=int,
                        help=_("local processes (1)"))
    parser.add_argument("--scheduler", metavar=_("ADDRESS"),
                        help=_("a Dask scheduler (tcp://host:8786): needs "
                               "escarmouche[cluster]"))
    parser.add_argument("--json", action="store_true", help=_("one JSON object"))


def fresh_seed() -> int:
    """A seed for a game nobody gave one: from the system's entropy, as `secrets` would
    draw it (`secrets` itself imports hashlib and hmac, a few ms of `play`'s start-up)."""
    return int.from_bytes(os.urandom(4), "big") >> 1  # 0 … 2**31 - 1


def check_against(folder) -> None:
    """`--against` names a content folder, as `--content` does (not six files not found)."""
    if folder is not None:
        _content_folder("--against", folder)


def _content_folder(option: str, folder) -> None:
    """A content folder an option names: one that exists, and a folder (a file given is
    said to be a file, not missing)."""
    path = Path(folder)
    if path.is_dir():
        return
    if path.exists():
        raise UsageError(_("{option} {folder} is a file, not a folder: give the content "
                           "folder").format(option=option, folder=folder))
    raise UsageError(_("{option} {folder}: no such folder").format(option=option,
                                                                  folder=folder))


def check_folders(args) -> None:
    """`--content` and `--saves-dir` name folders (a saves folder may not exist yet)."""
    _content_folder("--content", args.content)
    saves = Path(args.saves_dir)
    if saves.exists() and not saves.is_dir():
        raise UsageError(_("--saves-dir {folder} is a file, not a folder").format(
            folder=saves))


# The modules below are imported when a command needs them, not with the parser: `--help`
# and `play` start without the loader's YAML reader or the engine (README, start-up).

def new_game(content_dir: Path, scenario: str, seed: int, designer: bool = False,
             cache_dir: Path | None = None):
    """Load content and a scenario and start a game (raises ContentErrors / UsageError).
    `cache_dir`: where a warm start's content is kept (`game.content.cache`; `play`'s).

    Every new game rolls each command's dice from its own stream (`GameState.dice`)."""
    from game.content import list_scenarios, scenario_path
    from game.content.cache import load_game_content
    from game.rules.engine import Game

    path = scenario_path(content_dir, scenario)
    if not path.exists():
        known = ", ".join(list_scenarios(content_dir)) or pgettext("scenarios", "none")
        raise UsageError(_("no scenario {scenario!r} (known: {known})").format(
            scenario=scenario, known=known))
    # The content's errors and the scenario's in one list, as `validate` gives them.
    content, loaded = load_game_content(content_dir, path, cache_dir)
    return Game(content, loaded, seed=seed, scenario_id=path.stem, designer=designer,
                policies=Profiles(content))


class Profiles:
    """`ProfileBook(content)` (game.rules.policies), made when a policy is first asked for:
    a new game's first frame is drawn before anyone plays, so without importing the AI."""

    def __init__(self, content) -> None:
        self.content = content
        self._book = None

    def policy(self, profile: str | None):
        return self.book().policy(profile)

    def book(self):
        """The ProfileBook, made on the first call."""
        if self._book is None:
            # The AI's modules (the tactician) cost a new game's start some 20 M instructions.
            from game.rules.policies import ProfileBook

            self._book = ProfileBook(self.content)
        return self._book


def parse_rolls(text: str | None) -> list[int]:
    """`--rolls 12,80,3`: forced d100 results."""
    if not text:
        return []
    parts = [r.strip() for r in text.split(",") if r.strip()]
    if not all(r.isascii() and r.isdigit() and len(r) <= 6 for r in parts):
        raise UsageError(_("--rolls takes whole numbers separated by commas, not "
                           "{text!r}").format(text=text))
    from game.rules.dice import MAX_FORCED

    if len(parts) > MAX_FORCED:
        raise UsageError(_("--rolls takes at most {most} results, not {n}").format(
            most=format_decimal(MAX_FORCED, 0), n=format_decimal(len(parts), 0)))
    rolls = [int(r) for r in parts]
    bad = [r for r in rolls if not 1 <= r <= 100]
    if bad:
        raise UsageError(_("--rolls: a d100 result is between 1 and 100, not {roll}").format(
            roll=bad[0]))
    return rolls


def square_of(text: str | None) -> tuple[int, int] | None:
    """`--from X,Y` (odds, tune odds): the square the attacker walks to first."""
    if text is None:
        return None
    from game.rules.actions import parse_pos

    square = parse_pos(text)
    if square is None:
        raise UsageError(_("--from takes a square X,Y (e.g. 9,4), not {text!r}").format(
            text=text))
    return square


def lab_call(run, request) -> int:
    """Run a lab command (`game.lab`) on its request; the lab's refusals are usage errors."""
    from game.lab.runs import LabError

    try:
        return run(request)
    except LabError as exc:
        raise UsageError(str(exc)) from None
