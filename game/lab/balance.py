"""`balance`: every shipped scenario (or those named) played by the AI in every seat, one
table of seat win rates against the aims a balanced scenario meets.

The aims (issue "the designer's lab"): each of a scenario's n seats wins 1/n of the games
within ±5 points, draws (the round limit reached) at most 5%, and the median game lasts 4
to 8 rounds. Each scenario's games are the simulate command's games (same seeds, same
dice streams), so `simulate SCENARIO --games N` shows any row in detail.
"""

from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

from game.content.loader import list_scenarios
from game.i18n import _, format_decimal, format_percent, ngettext, pgettext
from game.lab.runs import LabError, Setup, check_setup, scenario_at
from game.lab.stats import Z95, summarise, wilson

#: How far a seat's win rate may stray from 1/n (a fraction of the games).
FAIR_WITHIN = 0.05
#: The most draws a balanced scenario has (a fraction of the games).
MOST_DRAWS = 0.05
#: The median length of a balanced game, in rounds.
ROUNDS = (4, 8)


@dataclass(frozen=True)
class Seat:
    number: int
    side: str
    wins: int
    rate: float
    ci: tuple[float, float]
    fair: bool


@dataclass(frozen=True)
class Row:
    """One scenario's balance: its seats, draws and median length, each against its aim."""

    scenario: str
    games: int
    seats: tuple[Seat, ...]
    draws: int
    median_rounds: float

    @property
    def draws_ok(self) -> bool:
        return self.draws <= MOST_DRAWS * self.games

    @property
    def length_ok(self) -> bool:
        return ROUNDS[0] <= self.median_rounds <= ROUNDS[1]

    @property
    def balanced(self) -> bool:
        return all(s.fair for s in self.seats) and self.draws_ok and self.length_ok


def balance_row(content_dir: str, scenario: str, games: int, seed: int, profile: str,
                rounds: int, run) -> Row:
    """Play `games` games of the scenario with `profile` in every seat (`run(setup)` plays
    them: local workers or a scheduler) and weigh each seat against 1/n."""
    setup = Setup(content_dir, "scenario", scenario=scenario, profile=profile,
                  rounds=rounds)
    check_setup(setup)
    sides = [p.name for p in scenario_at(content_dir, scenario).players]
    summary = summarise(run(setup), sides)
    share = 1 / len(sides)
    seats = []
    for number, side in enumerate(sides, start=1):
        rate = summary.rate(side)
        seats.append(Seat(number, side, summary.wins[side], rate,
                          wilson(summary.wins[side], summary.runs),
                          abs(rate - share) <= FAIR_WITHIN + 1e-12))
    return Row(scenario, summary.runs, tuple(seats), summary.draws, summary.median_rounds)


def scenarios_of(content_dir: Path, named: list[str]) -> list[str]:
    shipped = list_scenarios(content_dir)
    unknown = [n for n in named if n not in shipped]
    if unknown:
        raise LabError(_("no scenario {names} in {folder} (there are: {known})").format(
            names=", ".join(map(repr, unknown)), folder=content_dir, known=", ".join(shipped)))
    return named or shipped


def as_object(rows: list[Row], seed: int, profile: str) -> dict:
    return {"seed": seed, "profile": profile,
            "aims": {"fair_within": FAIR_WITHIN, "most_draws": MOST_DRAWS,
                     "median_rounds": list(ROUNDS)},
            "scenarios": [{"scenario": r.scenario, "games": r.games, "draws": r.draws,
                           "median_rounds": r.median_rounds, "balanced": r.balanced,
                           "draws_ok": r.draws_ok, "length_ok": r.length_ok,
                           "seats": [{"seat": s.number, "side": s.side, "wins": s.wins,
                                      "rate": s.rate, "ci": list(s.ci), "fair": s.fair}
                                     for s in r.seats]} for r in rows]}


def as_csv(rows: list[Row]) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["scenario", "seat", "side", "wins", "games", "rate", "ci_low", "ci_high",
                "fair", "draws", "median_rounds", "balanced"])
    for r in rows:
        for s in r.seats:
            w.writerow([r.scenario, s.number, s.side, s.wins, r.games, f"{s.rate:.6f}",
                        f"{s.ci[0]:.6f}", f"{s.ci[1]:.6f}", int(s.fair), r.draws,
                        f"{r.median_rounds:g}", int(r.balanced)])
    return out.getvalue()


def as_markdown(rows: list[Row]) -> str:
    """The README's table."""
    lines = ["| scenario | seat | wins | 95% | aim | draws | median rounds | balanced |",
             "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        share = 1 / len(r.seats)
        for s in r.seats:
            lines.append(
                f"| {r.scenario} | {s.number} ({s.side}) | {100 * s.rate:.1f}% | "
                f"{100 * s.ci[0]:.0f}–{100 * s.ci[1]:.0f}% | {100 * share:.0f} ± 5 "
                f"{'✓' if s.fair else '✗'} | {r.draws} {'✓' if r.draws_ok else '✗'} | "
                f"{r.median_rounds:g} {'✓' if r.length_ok else '✗'} | "
                f"{'yes' if r.balanced else 'no'} |")
    return "\n".join(lines) + "\n"


def render(console: Console, rows: list[Row], seed: int, profile: str) -> None:
    """The table, in the player's language (the JSON, CSV and Markdown stay English)."""
    games = rows[0].games if rows else 0
    table = Table(title=ngettext(
        "balance: {games} game a scenario, profile {profile} in every seat, seed {seed}",
        "balance: {games} games a scenario, profile {profile} in every seat, seed {seed}",
        games).format(games=games, profile=profile, seed=seed))
    columns = (pgettext("lab", "scenario"), pgettext("lab", "seat"), pgettext("lab", "wins"),
               format_percent(0.95, 0), pgettext("lab", "aim"), pgettext("lab", "draws"),
               pgettext("lab", "median"))
    for i, col in enumerate(columns):
        table.add_column(col, justify="left" if i < 2 else "right")
    # Translators: a figure that meets its aim (`ok`) or misses it (`OFF`), in the balance table
    ok, off_mark = pgettext("balance", "ok"), pgettext("balance", "OFF")
    for r in rows:
        share = 1 / len(r.seats)
        for i, s in enumerate(r.seats):
            first = i == 0
            table.add_row(r.scenario if first else "", f"{s.number} {s.side}",
                          format_percent(s.rate, 1),
                          f"{format_decimal(100 * s.ci[0], 0)}–{format_percent(s.ci[1], 0)}",
                          f"{format_decimal(100 * share, 0)} ± 5 "
                          f"{ok if s.fair else off_mark}",
                          f"{r.draws} {ok if r.draws_ok else off_mark}" if first else "",
                          f"{format_decimal(r.median_rounds, 0 if r.median_rounds % 1 == 0 else 1)}"
                          f" {ok if r.length_ok else off_mark}" if first else "")
    console.print(table)
    off = [r.scenario for r in rows if not r.balanced]
    aims = _("{percent}: Wilson interval · median: rounds a game · aims: each seat 1/n ± "
             "{fair} points, draws ≤ {draws}, median {low}–{high} rounds").format(
        percent=format_percent(0.95, 0), fair=format_decimal(100 * FAIR_WITHIN, 0),
        draws=format_percent(MOST_DRAWS, 0), low=ROUNDS[0], high=ROUNDS[1])
    verdict = (_("off: {scenarios}").format(scenarios=", ".join(off)) if off
               else _("every scenario meets them"))
    console.print(f"{aims} · {verdict}")
    wide = max((s.ci[1] - s.ci[0]) / 2 for r in rows for s in r.seats) if rows else 0.0
    if wide > FAIR_WITHIN:
        # A seat's verdict is its point estimate's: with too few games the interval spans
        # both sides of the aim's edge, and a fair scenario may read OFF (or the reverse).
        console.print(_("{games} games: a seat's {percent} interval is up to ±{wide} points, "
                        "wider than the aim's ±{fair}: the verdicts are the point estimates'; "
                        "`--games={enough}` or more settle them").format(
            games=games, percent=format_percent(0.95, 0),
            wide=format_decimal(100 * wide, 0), fair=format_decimal(100 * FAIR_WITHIN, 0),
            enough=games_to_settle(rows)), style="yellow")


def games_to_settle(rows: list[Row]) -> int:
    """How many games a scenario needs for every seat's 95% interval (the normal
    approximation, at the fair share 1/n) to be within the aim's ±5 points: 385 for two
    seats, 342 for three; rounded up to the hundred."""
    most = max(1 / len(r.seats) * (1 - 1 / len(r.seats)) for r in rows)
    needed = math.ceil(Z95 ** 2 * most / FAIR_WITHIN ** 2)
    return math.ceil(needed / 100) * 100


def write(rows: list[Row], seed: int, profile: str, fmt: str, console: Console) -> str | None:
    """The table in the format asked (`table`, `json`, `csv`, `md`)."""
    if fmt == "json":
        return json.dumps(as_object(rows, seed, profile)) + "\n"
    if fmt == "csv":
        return as_csv(rows)
    if fmt == "md":
        return as_markdown(rows)
    render(console, rows, seed, profile)
    return None
