"""What the commands' owners do without the command line: a save's replay checked and worded
(`saves.check_replay`, `commands.replay.report`), a script played (`scripts.play_script`),
a demo read (`scripts.load_demo`), a save's export basis, a table taken over, `--from` read
once, and the lab run on a typed request rather than argparse's namespace."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.cli import build_parser, main
from game.commands.common import UsageError, new_game, square_of
from game.commands.replay import report
from game.commands.script import read_script
from game.content.loader import DEFAULT_CONTENT
from game.lab import exact as exact_module
from game.lab.commands import count_of, seats_of, simulate
from game.lab.requests import BalanceRequest, SimulateRequest, Spread
from game.lab.runs import LabError
from game.saves import check_replay, export_basis, save_game
from game.scripts import ScriptError, load_demo, play_script
from game.table import TableWriter, game_header, take_game
from tests.helpers import edit

DEMO = Path("content/scripts/skirmish-demo.txt")


@pytest.fixture
def skirmish(tmp_path) -> Path:
    """The skirmish demo played to its end on crossroads and saved: its save's path."""
    game = new_game(DEFAULT_CONTENT, "crossroads", 0, designer=True)
    play_script(game, read_script(DEMO), lambda events: None)
    return save_game(game, "skirmish", tmp_path)


def test_a_replay_under_the_same_content_is_identical(skirmish):
    check = check_replay(skirmish)
    assert check.identical and check.changes == [] and check.state_differs == []
    assert check.played == check.replayed == 22
    assert report(check) == ["identical: 22 commands replay to the same journal and state"]


def test_a_replay_under_changed_content_names_the_first_command_that_changed(skirmish,
                                                                            tmp_path):
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    edit(content / "characters.yaml", "masteries: {sword: 10,", "masteries: {sword: 20,")
    check = check_replay(skirmish, content)
    assert not check.identical
    assert [c.number for c in check.changes] == [14] and check.upto is None
    first = report(check)
    assert first[:2] == ["differs at command 14: attack aldric dagny with sword", "old:"]
    assert any("30 (forced) ≤ 65 hit" in line for line in first)
    assert any("30 (forced) ≤ 75 hit" in line for line in first)
    assert report(check, every=True)[-1] == "1 of 22 commands changed outcome"


def test_a_hand_edited_state_differs_though_the_journal_is_the_same(skirmish):
    data = json.loads(skirmish.read_text())
    data["state"]["units"]["aldric"]["hp"] = 1
    skirmish.write_text(json.dumps(data))
    check = check_replay(skirmish)
    assert check.changes == [] and check.state_differs == ["units (aldric)"]
    assert not check.identical
    assert report(check) == ["differs: the 22 commands replay to the same journal, but the "
                             "saved state is not the one they give (the file was edited?): "
                             "units (aldric)"]


def test_a_script_stops_at_its_first_refusal_only_when_strict():
    commands = [(1, "attack aldric goblin-1"), (2, "move aldric 9,7"), (3, "fly aldric")]
    game = new_game(DEFAULT_CONTENT, "crossroads", 0, designer=True)
    shown = []
    played = play_script(game, commands, shown.extend, strict=True)
    line, refused = played.refused
    assert line == 1 and "adjacent" in refused.reason
    assert game.log == []  # nothing after the refusal was played
    assert shown[-1] is refused
    game = new_game(DEFAULT_CONTENT, "crossroads", 0, designer=True)
    played = play_script(game, commands, lambda events: None)
    assert played.refused is None and game.log == ["move aldric 9,7"]


def test_forced_rolls_no_roll_used_are_handed_back():
    game = new_game(DEFAULT_CONTENT, "crossroads", 0, designer=True)
    played = play_script(game, [(1, "force 12,80"), (2, "move aldric 9,7")], lambda e: None)
    assert played.refused is None and played.unused_forced == (12, 80)


def test_a_demo_for_another_scenario_is_refused_before_it_starts():
    game = new_game(DEFAULT_CONTENT, "duel", 0, designer=True)
    with pytest.raises(ScriptError, match="not for the scenario duel: it names units that "
                                          "it does not have: aldric"):
        load_demo(game, DEMO)
    demo, script = load_demo(new_game(DEFAULT_CONTENT, "crossroads", 0, designer=True), DEMO)
    # read as `demo` reads it: 23 lines, each of the 4 `force` lines folded into the next
    assert demo.step == 0 and len(script.steps) == 23 and len(demo) == 19


def test_an_export_without_the_saves_scenario_is_made_from_its_journal_alone(skirmish,
                                                                           tmp_path):
    basis = export_basis(skirmish)
    assert basis.start is not None and basis.end is not None and basis.note is None
    assert basis.start.log == [] and len(basis.end.log) == 22
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    (content / "scenarios" / "crossroads.yaml").unlink()
    basis = export_basis(skirmish, content)
    assert basis.start is None and basis.end is None and basis.content is not None
    assert basis.note == ("made from the saved journal alone, without the maps: skirmish.json "
                          "was played on scenario 'crossroads', which is not in the content")


def test_a_presenter_coming_back_takes_the_tables_game(tmp_path):
    table = tmp_path / "crossroads.table"
    game = new_game(DEFAULT_CONTENT, "crossroads", 3)
    game.apply("move aldric 9,7")
    writer = TableWriter(table, game_header("crossroads"))
    writer.publish(game)
    writer.close()
    resumed, writer = take_game(table, DEFAULT_CONTENT, "crossroads")
    writer.close()
    assert resumed is not None and resumed.log == ["move aldric 9,7"]
    assert resumed.units["aldric"].pos == game.units["aldric"].pos
    other, writer = take_game(table, DEFAULT_CONTENT, "duel")  # another game: from the start
    writer.close()
    assert other is None


def test_from_is_read_once_for_odds_and_tune():
    assert square_of(None) is None
    assert square_of("9,4") == (9, 4)
    with pytest.raises(UsageError, match=r"--from takes a square X,Y \(e\.g\. 9,4\), not '9x4'"):
        square_of("9x4")


def test_the_lab_runs_a_request_as_the_command_line_does(capsys, monkeypatch):
    # The tactician's duel has no exact odds: its chain may give up after 50 decisions.
    monkeypatch.setattr(exact_module, "MOST_DECISIONS", 50)
    request = SimulateRequest(what=("duel", "aldric", "dagny"), content=DEFAULT_CONTENT,
                              runs=3, seed=5, json=True)
    assert simulate(request) == 0
    by_request = json.loads(capsys.readouterr().out)
    assert by_request["runs"] == 3 and by_request["seed"] == 5 and by_request["exact"] is None
    assert main(["simulate", "duel", "aldric", "dagny", "--runs", "3", "--seed", "5",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == by_request


def test_a_requests_runs_default_by_command_and_its_seats_are_checked():
    assert count_of(Spread()) == 200
    assert count_of(BalanceRequest(content=DEFAULT_CONTENT), default=1000) == 1000
    assert count_of(Spread(runs=7), default=1000) == 7
    with pytest.raises(LabError, match="at least 1"):
        count_of(Spread(runs=0))
    assert seats_of(("2:naive", "1:tactician")) == ((1, "tactician"), (2, "naive"))
    with pytest.raises(LabError, match=r"--ai takes a player number and a profile \(2:naive\), "
                                       "not '2'"):
        seats_of(("2",))


def test_every_command_has_its_module_and_its_help():
    parser = build_parser()
    [sub] = [a for a in parser._actions if a.dest == "command"]
    assert list(sub.choices) == ["play", "load", "serve", "replay", "export", "script", "demo",
                                 "follow", "odds", "simulate", "compare", "tune", "balance",
                                 "schema", "validate"]
    for name, command in sub.choices.items():
        func = command.get_default("func")
        assert func.__module__ == f"game.commands.{name}" and func.__name__ == "run"
