"""`balance`: each scenario's seats against 1/n ± 5 points, draws and median length."""

from __future__ import annotations

import json
import re

from rich.console import Console

from game.cli import main
from game.content.loader import DEFAULT_CONTENT
from game.lab.balance import Row, Seat, games_to_settle, render
from game.lab.parallel import run_all
from game.lab.runs import Setup
from game.lab.stats import summarise


def test_the_table_is_simulates_games_seat_by_seat(capsys):
    assert main(["balance", "duel", "--games", "6", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    [row] = data["scenarios"]
    assert row["scenario"] == "duel" and row["games"] == 6
    # The same games as `simulate duel --games 6` (the scenario named duel).
    setup = Setup(str(DEFAULT_CONTENT.resolve()), "scenario", scenario="duel")
    summary = summarise(run_all(setup, 0, 6, 1), ["Alice", "Bruno"])
    assert [s["wins"] for s in row["seats"]] == [summary.wins["Alice"], summary.wins["Bruno"]]
    assert row["draws"] == summary.draws and row["median_rounds"] == summary.median_rounds
    for seat in row["seats"]:
        assert seat["fair"] == (abs(seat["rate"] - 0.5) <= 0.05)
    assert row["balanced"] == (all(s["fair"] for s in row["seats"]) and row["draws_ok"]
                               and row["length_ok"])


def test_the_aims_of_a_balanced_scenario():
    def row(rates, draws, median, games=1000):
        seats = tuple(Seat(i + 1, f"P{i + 1}", round(r * games), r, (r, r),
                           abs(r - 1 / len(rates)) <= 0.05 + 1e-12)
                      for i, r in enumerate(rates))
        return Row("x", games, seats, draws, median)
    assert row([0.52, 0.47], 10, 6).balanced
    assert not row([0.56, 0.44], 0, 6).balanced          # a seat 6 points off 1/2
    assert row([0.38, 0.33, 0.29], 0, 5).balanced        # three seats: 1/3 ± 5
    assert not row([0.50, 0.45], 51, 6).draws_ok          # 5.1% draws
    assert not row([0.50, 0.50], 0, 8.5).length_ok        # a median of 8.5 rounds
    assert not row([0.50, 0.50], 0, 3.5).length_ok


def test_markdown_and_csv_have_a_row_per_seat(capsys):
    assert main(["balance", "tavern-brawl", "--games", "2", "--format", "md"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("| scenario | seat |") and len(lines) == 2 + 3
    assert main(["balance", "duel", "--games", "2", "--csv"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 1 + 2


def test_an_unknown_scenario_is_named(capsys):
    assert main(["balance", "crossroads", "atlantis", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert "'atlantis'" in err and "crossroads" in err


def test_too_few_games_to_settle_the_aim_are_said(capsys):
    """At 40 games a seat's interval is about ±15 points, three times the aim's ±5: the
    table says its verdicts are point estimates and how many games settle them (400 for
    two seats); at 400 games it says nothing of it."""
    assert main(["balance", "duel", "--games", "40"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    # (the widest seat's interval: ±14 to ±16 points as the win rates of those games go)
    assert re.search(r"40 games: a seat's 95% interval is up to ±1[4-6] points, wider than "
                     r"the aim's ±5", out), out
    assert "`--games=400` or more settle them" in out
    seats = (Seat(1, "A", 200, 0.5, (0.451, 0.549), True),
             Seat(2, "B", 200, 0.5, (0.451, 0.549), True))
    assert games_to_settle([Row("x", 400, seats, 0, 6)]) == 400
    console = Console(width=200, record=True)
    render(console, [Row("x", 400, seats, 0, 6)], 0, "balanced")  # ±4.9 points: settled
    assert "games: a seat's" not in console.export_text()
    console = Console(width=200, record=True)
    wide = tuple(Seat(i, "P", 20, 0.5, (0.35, 0.65), True) for i in (1, 2))
    render(console, [Row("x", 40, wide, 0, 6)], 0, "balanced")
    assert "40 games: a seat's 95% interval is up to ±15 points" in console.export_text()
    three = tuple(Seat(i, "P", 100, 1 / 3, (0.3, 0.37), True) for i in (1, 2, 3))
    assert games_to_settle([Row("y", 300, three, 0, 6)]) == 400  # 342, to the hundred
