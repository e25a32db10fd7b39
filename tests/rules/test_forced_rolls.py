"""Forced d100 results: exactly what was last said, consumed only by rolls, and marked."""

from game.cli import main
from game.journal.text import describe
from game.rules.events import ForcedRolls, Refused, Roll
from tests.helpers import events_of, make_game


def duel():
    return make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (1, 0))])


def test_a_refused_command_consumes_no_forced_roll():
    game = duel()
    game.apply("force 50")
    [refused] = game.apply("attack aldric dagny with axe")
    assert isinstance(refused, Refused)
    assert list(game.roller.forced) == [50]
    [roll, *_] = events_of(game.apply("attack aldric dagny with sword"), Roll)
    assert (roll.roll, roll.forced) == (50, True)


def test_a_second_force_replaces_the_pending_rolls_and_says_which_were_dropped():
    game = duel()
    game.apply("force 50,60")
    events = game.apply("force 3")
    assert events_of(events, ForcedRolls) == [ForcedRolls((3,), (50, 60))]
    assert describe(events[-1]) == "next d100 rolls forced: 3 (replacing 50, 60, never rolled)"
    [roll, *_] = events_of(game.apply("attack aldric dagny with sword"), Roll)
    assert roll.roll == 3 and roll.perfect


def test_a_seeded_roll_is_not_marked_forced():
    game = duel()
    game.apply("force 10")
    first, second = events_of(game.apply("attack aldric dagny with sword"), Roll)[:2]
    assert first.forced and not second.forced  # the dodge came from the dice
    assert "(forced)" in describe(first) and "(forced)" not in describe(second)


def test_leftover_forced_rolls_warn_and_fail_a_strict_script(tmp_path, capsys):
    script = tmp_path / "left.txt"
    script.write_text("force 10,20,30\nattack aldric goblin-1\n")  # refused: too far
    assert main(["script", "crossroads", str(script)]) == 0
    assert "warning: forced d100 results never used: 10, 20, 30" in capsys.readouterr().err
    script.write_text("force 10,20,30\nend\n")
    assert main(["script", "crossroads", str(script), "--strict"]) == 1
    assert "never used: 10, 20, 30" in capsys.readouterr().err


def test_a_strict_script_stopped_by_a_refusal_says_the_forced_rolls_it_left(tmp_path, capsys):
    # Playtest: `force 99` then an attack out of range: the 99 was never said to be unused.
    script = tmp_path / "stopped.txt"
    script.write_text("force 99\nattack brenna goblin-2\nend\n")
    assert main(["script", "crossroads", str(script), "--strict"]) == 1
    err = capsys.readouterr().err
    assert f"{script}:2: refused: " in err
    assert f"{script}: forced d100 results still waiting when it stopped: 99" in err
    script.write_text("attack brenna goblin-2\n")  # nothing forced: nothing more said
    assert main(["script", "crossroads", str(script), "--strict"]) == 1
    assert "still waiting" not in capsys.readouterr().err
