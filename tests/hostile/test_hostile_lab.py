"""The lab's parameters are bounded: an absurd count, round limit, number of workers or
sweep is refused at once with the bound, never run for ever or out of memory."""

from __future__ import annotations

import os

import pytest

from game.cli import main


@pytest.mark.parametrize("argv,message", [
    (["simulate", "duel", "aldric", "dagny", "--runs", "1000000000000"],
     "at most 1,000,000 in one command"),
    (["simulate", "crossroads", "--games", "5000000"], "at most 1,000,000"),
    (["compare", "crossroads", "--against", "content", "--games", "99999999"],
     "at most 1,000,000"),
    (["simulate", "crossroads", "--rounds", "1000000000"], "--rounds must be between 1 and 1000"),
    (["simulate", "duel", "aldric", "dagny", "--rounds", "0"], "--rounds must be between"),
    (["simulate", "duel", "aldric", "dagny", "--workers", str((os.cpu_count() or 1) + 998)],
     "local processes"),
    (["simulate", "crossroads", "--ai", "7:naive"], "there is no player 7"),
    (["simulate", "crossroads", "--ai", "2"], "--ai takes a player number and a profile"),
    (["simulate", "crossroads", "--ai", "2:reckless"], "no AI profile 'reckless'"),
    (["odds", "crossroads", "aldric", "goblin-1", "--vary",
      "aldric.skills.melee=0..10000000000000"], "at most 1000"),
])
def test_an_absurd_lab_parameter_is_refused_with_its_bound(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
