"""The exact duel's chain over HP grids gives the answers of the chain it replaced (to
1e-12), keeps its decision budget (the tactician's duel has no answer), and asks the naive
policy once per target HP rather than once per pair of HP."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from game.content.loader import DEFAULT_CONTENT
from game.lab import exact
from game.lab.exact import exact_duel, exact_win_rate
from game.lab.runs import Setup, new_game

REFERENCE = json.loads((Path(__file__).parent / "data" / "exact_duels.json").read_text())


#: The templates' values the reference answers were captured with (the balance of
#: 2026-12-01 changed them since: the chain's answers are what is compared, not the
#: content).
CAPTURED_WITH = {"fenwick": (r"DEX: 16", "DEX: 15"), "ysolde": (r"dodge: 53", "dodge: 45"),
                 "robin": (r"hp_max: 15", "hp_max: 12"), "benedict": (r"hp_max: 18", "hp_max: 14"),
                 "odo": (r"hp_max: 13", "hp_max: 11"),
                 # the tavern's pace of 2026-12-02
                 "maud": (r"STR: 14", "STR: 12"), "sigrun": (r"STR: 14", "STR: 13"),
                 "nell": (r"STR: 15", "STR: 11"), "ulf": (r"hp_max: 9", "hp_max: 12")}


def scaled_content(folder: Path, templates: set[str], factor: int) -> Path:
    """A copy of the shipped content as the reference was captured on, with these
    templates' hp_max multiplied."""
    dst = folder / (f"hp{factor}-" + "-".join(sorted(templates)) if factor != 1 else "hp1")
    if dst.exists():
        return dst
    shutil.copytree(DEFAULT_CONTENT, dst)
    path = dst / "characters.yaml"
    lines, current = [], None
    for line in path.read_text().splitlines(keepends=True):
        if m := re.match(r"^([a-z][\w-]*):\s*$", line):
            current = m.group(1)
        if (h := re.match(r"^(\s+hp_max:\s*)(\d+)(.*)$", line, re.S)) and current in templates:
            line = f"{h.group(1)}{int(h.group(2)) * factor}{h.group(3)}"
        if current in CAPTURED_WITH:
            line = re.sub(*CAPTURED_WITH[current], line)
        lines.append(line)
    path.write_text("".join(lines))
    return dst


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    return tmp_path_factory.mktemp("scaled")


def setup_of(row: dict, folder: Path) -> Setup:
    content = scaled_content(folder, {row["first"], row["second"]}, row["hp_scale"])
    return Setup(str(content), "duel", row["first"], row["second"], row["distance"],
                 profile=row["profile"], rounds=row["rounds"],
                 seats=tuple((n, p) for n, p in row["seats"]))


def label(row: dict) -> str:
    seats = "".join(f" {n}:{p}" for n, p in row["seats"])
    return (f"{row['first']}-{row['second']}@{row['distance']} {row['profile']}{seats} "
            f"r{row['rounds']} hp×{row['hp_scale']} first={row['first_strike']}")


@pytest.mark.parametrize("row", REFERENCE["duels"], ids=label)
def test_the_chain_gives_the_answers_of_the_chain_it_replaced(row, folders):
    found = exact_duel(setup_of(row, folders), row["first_strike"])
    if row["value"] is None:
        assert found is None
    else:
        assert found is not None and abs(found - row["value"]) <= 1e-12


def test_the_win_rate_mixes_both_first_strikers_by_the_runs_they_play():
    setup = Setup(str(DEFAULT_CONTENT), "duel", "aldric", "dagny", 4, profile="naive")
    first, second = exact_duel(setup, 0), exact_duel(setup, 1)
    assert exact_win_rate(setup, 3) == pytest.approx((2 * first + second) / 3, abs=1e-15)


def test_the_naive_policy_is_asked_once_per_target_hp_not_per_pair(monkeypatch):
    setup = Setup(str(DEFAULT_CONTENT), "duel", "aldric", "dagny", 4, profile="naive")
    game, _ = new_game(setup, 0, 0)
    asked = []
    policy = game.policy_of("naive")
    choose = type(policy).choose

    def counting(self, g, unit, moves=0, struck=False):
        foe = g.units["u2" if unit.id == "u1" else "u1"]
        asked.append((unit.id, unit.pos, foe.pos, foe.hp, unit.ap, moves))
        return choose(self, g, unit, moves, struck)

    monkeypatch.setattr(type(policy), "choose", counting)
    wins1, wins2, draws = exact._chain(game, setup)
    assert abs(wins1 + wins2 + draws - 1) < 1e-12
    # Each situation the naive policy tells apart (the squares, its foe's HP, its AP, whether
    # it has walked) is asked once, whatever its own HP: 153 decisions, where the chain
    # before asked 2,199 (one per pair of HP, round and strike).
    assert len(asked) == len(set(asked)) == 153


def test_the_tacticians_duel_still_has_no_answer_past_its_decision_budget(monkeypatch):
    setup = Setup(str(DEFAULT_CONTENT), "duel", "aldric", "dagny", 4, profile="tactician")
    monkeypatch.setattr(exact, "MOST_DECISIONS", 50)
    assert exact_duel(setup, 0) is None
