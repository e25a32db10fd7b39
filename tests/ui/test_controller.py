"""The controller behind the app, without Textual: play, autosave, hand-over, undo, saves,
replay."""

import subprocess
import sys

import pytest

from game.rules import events as ev
from game.rules.errors import Impossible
from game.ui import options
from game.ui.controller import Controller, Problem
from tests.helpers import crossroads, make_game, app_duel as duel


def test_it_runs_without_textual():
    code = ("import sys, game.ui.controller, game.ui.options; "
            "sys.exit(any(m.split('.')[0] == 'textual' for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_a_refused_action_reports_its_reason_and_changes_nothing(tmp_path):
    game = duel()
    control = Controller(game, saves_dir=tmp_path)
    before = game.snapshot()
    here = options.choices(game, "aldric").at((2, 4))  # Corvin: one of her own
    outcome = control.apply(options.attack("aldric", (2, 4), here))
    assert outcome.refused.startswith("Corvin is one of your own characters")
    assert game.snapshot() == before and game.log == []
    assert not list(tmp_path.iterdir())


def test_a_new_turn_autosaves_and_the_hand_over_shows_what_was_not_seen(tmp_path):
    control = Controller(duel(forced=[99] * 10), saves_dir=tmp_path)
    control.apply(options.move(control.game, "aldric", (1, 2)).action)
    outcome = control.apply(options.end_turn())
    assert outcome.turn_started and not outcome.game_over
    assert outcome.autosaved and outcome.autosaved.exists()
    assert isinstance(outcome.summary, ev.TurnStarted) and outcome.summary.player == 2
    digest = control.hand_over()
    assert (digest.round, digest.player, digest.name) == (1, 2, "Bruno")
    assert digest.shared  # hot-seat: the keyboard passes to Bruno
    assert digest.first  # his first turn: told what happened since the game began
    commands = [e.text for e in digest.events if isinstance(e, ev.CommandIssued)]
    assert commands == ["move aldric 1,2", "end"]
    control.apply(options.end_turn())
    digest = control.hand_over()  # Alice: from after her own "end" on
    commands = [e.text for e in digest.events if isinstance(e, ev.CommandIssued)]
    assert commands[0] == "end" and "move aldric 1,2" not in commands
    assert not digest.first  # since her last turn
    assert len(list(tmp_path.glob("autosave-*.json"))) == 2


def test_no_autosave_when_turned_off(tmp_path):
    control = Controller(duel(forced=[99] * 10), saves_dir=tmp_path, autosave=False)
    assert control.apply(options.end_turn()).autosaved is None
    assert not list(tmp_path.iterdir())


def test_the_end_of_the_game_is_autosaved(tmp_path):
    game = duel(forced=[10, 99])
    game.units["elise"].hp, game.units["elise"].down = 0, True
    game.units["dagny"].hp = 1
    control = Controller(game, saves_dir=tmp_path)
    here = options.choices(game, "aldric").at((3, 2))
    outcome = control.apply(options.attack("aldric", (3, 2), here))
    assert outcome.game_over and outcome.autosaved.exists()


def test_undo_takes_back_a_move_and_refuses_after_a_roll(tmp_path):
    control = Controller(duel(forced=[99]), saves_dir=tmp_path)
    control.apply(options.move(control.game, "aldric", (1, 2)).action)
    assert control.undo() == "move aldric 1,2"
    assert control.game.units["aldric"].pos == (2, 2) and control.game.log == []
    control.apply(options.attack("aldric", (3, 2), [], brawl=True))
    [roll] = [e for e in control.game.journal if isinstance(e, ev.Roll)]
    control.apply(options.move(control.game, "corvin", (2, 5)).action)
    assert control.undo() == "move corvin 2,5"  # after the roll: taken back
    assert control.game.units["corvin"].pos == (2, 4)
    # The roll before it the same (each command's own dice stream), not rolled again.
    assert [e for e in control.game.journal if isinstance(e, ev.Roll)] == [roll]
    with pytest.raises(Impossible, match="cannot undo: 'attack aldric 3,2 brawl' rolled dice"):
        control.undo()
    assert control.game.log[-1] == "attack aldric 3,2 brawl"


def test_save_read_and_adopt_bring_a_game_back(tmp_path):
    control = Controller(crossroads(), saves_dir=tmp_path)
    assert control.suggested_name() == "crossroads-round-1"
    path = control.save("mine")
    assert control.save_exists("mine") and not control.save_exists("other")
    control.apply(options.move(control.game, "aldric", (2, 7)).action)
    loaded = control.read(path)
    control.adopt(loaded)
    assert control.game.units["aldric"].pos == (3, 7) and control.game.log == []


def test_save_and_load_problems_are_reported_as_problems(tmp_path):
    control = Controller(crossroads(), saves_dir=tmp_path)
    for bad in ("", "../up"):
        with pytest.raises(Problem):
            control.save(bad)
    with pytest.raises(Problem, match="no autosave of this game yet"):
        control.latest_autosave()
    (tmp_path / "broken.json").write_text("{")
    with pytest.raises(Problem, match="truncated"):
        control.read(tmp_path / "broken.json")
    with pytest.raises(Problem):
        control.restart()  # no new-game factory given


def test_restart_plays_a_new_game():
    control = Controller(duel(), new_game=lambda: duel(forced=[1]))
    control.apply(options.move(control.game, "aldric", (1, 2)).action)
    old = control.game
    assert control.restart() is control.game and control.game is not old
    assert control.game.log == []


def test_replay_rebuilds_the_game_after_some_commands(tmp_path):
    control = Controller(duel(forced=[99] * 10), saves_dir=tmp_path)
    control.apply(options.move(control.game, "aldric", (1, 2)).action)
    control.apply(options.move(control.game, "aldric", (0, 2)).action)
    assert control.replay(1).units["aldric"].pos == (1, 2)
    assert control.replay(0).units["aldric"].pos == (2, 2)
    assert control.game.units["aldric"].pos == (0, 2)  # watching changes nothing


def test_emergency_save_writes_an_autosave(tmp_path):
    control = Controller(crossroads(), saves_dir=tmp_path)
    assert control.emergency_save().parent == tmp_path


def test_doors_turn_the_way_the_engine_says():
    from tests.helpers import make_game

    game = make_game([("aldric", "aldric", 1, (0, 1))], map_text="....\n.+..\n./..\n....")
    assert options.door(game, "aldric", (1, 1)).action.opening
    assert not options.door(game, "aldric", (1, 2)).action.opening


def test_the_computer_plays_its_turn_one_command_a_step_then_hands_back(tmp_path):
    game = duel()
    game.ai_players = {2: "aggressive"}
    control = Controller(game, saves_dir=tmp_path)
    assert control.ai_step() is None  # player 1's turn: a person plays
    control.apply(options.end_turn())
    assert control.ai_to_play()
    steps, parts = [], []
    while (outcome := control.ai_step()) is not None:
        if control.busy():  # Bruno's end closes the round: the goblin acts, part by part
            parts.append(outcome)
            assert sum(isinstance(e, ev.CommandIssued) and e.player is None
                       for e in outcome.events) == 1  # one creature action a part
            assert not (outcome.turn_started or outcome.autosaved)
            continue
        steps.append(outcome)
        if outcome.turn_started:
            break
        assert sum(isinstance(e, ev.CommandIssued) and e.player == 2
                   for e in outcome.events) == 1  # one command each step
    assert parts and control.busy() is False
    assert len(steps) >= 2 and steps[-1].turn_started and steps[-1].autosaved
    assert not any(s.turn_started for s in steps[:-1])
    assert game.current == 1 and not control.ai_to_play()
    assert game.log[-1] == "end" and len(game.log) == len(steps) + 1
    # What the computer did is in the next person's digest.
    digest = control.hand_over()
    assert digest.player == 1 and digest.shared is False  # no other person to pass it to
    assert any(isinstance(e, ev.CommandIssued) and e.player == 2 for e in digest.events)


def test_the_computer_keeps_its_side_across_undo_and_a_load(tmp_path):
    game = duel()
    game.ai_players = {2: "cautious"}
    control = Controller(game, saves_dir=tmp_path)
    control.apply("move aldric 1,1")
    control.undo()
    assert control.game is not game and control.game.ai_players == {2: "cautious"}
    played = crossroads()
    played.ai_players = {2: "cautious"}
    path = Controller(played, saves_dir=tmp_path).save("with-ai")
    assert '"2": "cautious"' in path.read_text()
    control = Controller(crossroads(), saves_dir=tmp_path)  # nobody played by the computer
    control.adopt(control.read(path))
    assert control.game.ai_players == {2: "cautious"} and control.ai_to_play() is False
    # A save naming a player the scenario lacks, or an unknown profile, is refused.
    for bad, reason in (('{"9": "cautious"}', "ai_players"), ('{"5": "cautious"}', "no player 5"),
                        ('{"2": "reckless"}', "no AI profile 'reckless'")):
        text = path.read_text().replace('"2": "cautious"', bad.strip("{}"))
        (tmp_path / "bad.json").write_text(text)
        with pytest.raises(Problem, match=reason):
            control.read(tmp_path / "bad.json")


def test_the_hand_over_summary_credits_reflected_damage_to_the_counterer():
    from game.rules.events import Countered, Damage, SpellCast
    from game.ui.controller import Digest

    digest = Digest(1, 2, "Bruno", [
        SpellCast("corvin", "firebolt", "elise", "damage", 5, 5),
        Countered("elise", "firebolt", True),
        Damage("elise", "corvin", (), (), 7, (), 0, 7, 12, 5),
    ])
    summary = digest.summary(str.capitalize)
    assert "Elise hit Corvin for 7 (HP 12 → 5)" in summary


def test_a_scenario_without_creatures_never_says_they_act():
    from game.commands.common import new_game
    from game.content.loader import DEFAULT_CONTENT
    from game.journal.text import describe, namer

    game = new_game(DEFAULT_CONTENT, "gallery", 1)
    assert not game.acting_creatures()
    control = Controller(game, autosave=False)
    for _turn in range(2):  # as the play screen sends an end: a round's end in parts
        outcome = control.apply(options.end_turn(), stepped=True)
        assert outcome.turn_started and not control.busy()
    assert game.round == 2
    lines = [describe(event, namer(game)) for event in game.journal]
    assert "— Round 2: Alice's turn (player 1) —" in lines
    assert not any(isinstance(event, ev.CreaturePhase) for event in game.journal)
    assert not any("the creatures act" in line for line in lines)


def test_why_a_spell_cannot_be_cast_names_the_nearer_unit_it_cannot_take_too():
    game = make_game([("corvin", "corvin", 1, (2, 2)), ("aldric", "aldric", 1, (0, 0)),
                      ("dagny", "dagny", 2, (19, 2)), ("goblin", "goblin", None, (5, 2))],
                     designer=False)
    found = options.choices(game, "corvin")
    # The goblin three squares off is what the player looks at: the list says why it is
    # no centre for Ice Storm, beside the foe it could take that is out of reach.
    assert options.why_not(found, "ice-storm") == (
        "Dagny is 17 squares away; Ice Storm reaches 3 at level 1 (and an area spell must "
        "be centred on a character; Goblin is a creature)")
    # Hex is refused on both for the same kinds of reason: the nearer one is said too.
    assert options.why_not(found, "hex").startswith("Dagny is 17 squares away; Hex reaches")
