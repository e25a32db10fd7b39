"""What each lab command is asked (`simulate`, `compare`, `balance`, `tune`, `odds`): frozen
requests that the command line builds from its arguments, so the lab reads no argparse
namespace and can be driven from anywhere (a test, a notebook, a benchmark).

Values the lab checks itself stay as given (`--ai` seats, `--to`, `--field`): what they may
be depends on what is played, and the lab's message names the option.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, kw_only=True)
class Spread:
    """How many runs, from which master seed, and where they are played."""

    #: Runs (`--runs`, else `--games`); None: the command's own default.
    runs: int | None = None
    seed: int = 0
    #: Local processes (None: one).
    workers: int | None = None
    #: A Dask scheduler's address, or None to play here.
    scheduler: str | None = None


@dataclass(frozen=True, kw_only=True)
class Runs(Spread):
    """AI-played runs of a duel (`what` = ("duel", A, B)) or a scenario (`what` = (NAME,))."""

    what: tuple[str, ...]
    content: Path
    distance: int = 4
    profile: str = "balanced"
    rounds: int = 30
    #: `--ai N:PROFILE` as given: the seats playing another profile than `profile`.
    ai: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class SimulateRequest(Runs):
    """`simulate`: `against` another content folder makes it a `compare`."""

    against: Path | None = None
    json: bool = False
    csv: bool = False


@dataclass(frozen=True, kw_only=True)
class CompareRequest(Runs):
    """`compare`: the same runs under `content` and `against`, on common dice."""

    against: Path
    json: bool = False
    csv: bool = False


@dataclass(frozen=True, kw_only=True)
class BalanceRequest(Spread):
    """`balance`: each scenario (every one of the content when none is named) in every seat."""

    content: Path
    scenarios: tuple[str, ...] = ()
    profile: str = "balanced"
    rounds: int = 30
    #: "table", "md", "json" or "csv".
    output: str = "table"


@dataclass(frozen=True, kw_only=True)
class Option:
    """One option of an attacker against a target, at a scenario's start or a save's
    situation: its weapon (default: the first carried), bare hands or a spell, after a
    walk to `square` when given."""

    content: Path
    saves_dir: Path
    scenario: str
    attacker: str
    target: str
    weapon: str | None = None
    brawl: bool = False
    spell: str | None = None
    #: A save whose situation is weighed instead of the scenario's start.
    load: str | None = None
    square: tuple[int, int] | None = None


@dataclass(frozen=True, kw_only=True)
class OddsRequest(Option):
    """`odds`: the exact odds of one option; `vary` sweeps (twice: a grid), `turn` the best
    turn, `squares` each square the attacker can walk to."""

    vary: tuple[str, ...] = ()
    figure: str = "down"
    turn: bool = False
    squares: bool = False
    json: bool = False
    csv: bool = False


@dataclass(frozen=True, kw_only=True)
class TuneRequest(Runs):
    """`tune`: the value of `field` that brings a figure to `to`: an option's odds
    (`what` = ("odds", SCENARIO, ATTACKER, TARGET): `weapon`, `brawl`, `spell`, `square`,
    `load` as in `Option`) or a seat's win rate of a duel or a scenario (`what` as `Runs`)."""

    field: str
    to: str
    figure: str | None = None
    seat: int = 1
    saves_dir: Path
    weapon: str | None = None
    brawl: bool = False
    spell: str | None = None
    load: str | None = None
    square: tuple[int, int] | None = None
    #: A duel: simulate even where its chain has an exact answer.
    simulate: bool = False
    json: bool = False
    csv: bool = False
