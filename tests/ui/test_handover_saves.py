"""The hand-over after a load or F9 shows only what the next player has not seen, and the
"don't ask again" choice survives a save (issue 20, "Hand-over and saves")."""

import json

from game import saves
from game.rules import events as ev
from game.commands.common import new_game
from game.content.loader import DEFAULT_CONTENT
from game.ui.app import EscarmoucheApp
from game.ui.controller import Controller
from game.ui.screens.dialogs import HandoverScreen
from tests.helpers import APP_SIZE as SIZE, crossroads


def digest(app) -> str:
    assert isinstance(app.screen, HandoverScreen)
    return "\n".join(line.plain for line in app.screen.digest)


def commands(digest) -> list[str]:
    return [e.text for e in digest.events if isinstance(e, ev.CommandIssued)]


def test_after_f9_the_hand_over_shows_only_what_the_next_player_has_not_seen(tmp_path):
    # What the play screen does on these keys, through its controller: the turn's end
    # ("a": do not ask again), the hand-over at each turn's start, F9 (the latest autosave
    # read and adopted). The keys themselves: test_app's end-turn and F9 tests.
    control = Controller(crossroads(forced=[99] * 40), saves_dir=tmp_path)
    control.ask_before_ending = False  # round 1: Alice ends with AP left, "a"
    control.apply("end")
    control.hand_over()
    control.apply("move elise 21,8")  # Bruno, no question
    control.apply("end")
    assert "move elise 21,8" in commands(control.hand_over())  # Alice is told of it
    control.apply("move aldric 4,7")
    assert control.apply("end").autosaved  # round 2, Bruno's turn, autosaved at its start
    control.hand_over()
    control.apply("move dagny 19,7")  # he moves, then goes back to the autosave (F9)
    control.adopt(control.read(control.latest_autosave()))
    assert control.game.current == 2 and control.game.units["dagny"].pos == (20, 7)
    assert control.ask_before_ending is False  # the choice was saved
    control.apply("move fenwick 19,10")
    control.apply("end")
    # Alice sees Bruno's round-2 turn only: not round 1 again, not the move undone by F9.
    shown = commands(control.hand_over())
    assert "move fenwick 19,10" in shown
    assert "move elise 21,8" not in shown and "move dagny 19,7" not in shown


async def test_a_save_loaded_in_a_new_app_keeps_each_players_point_and_the_choice(tmp_path):
    game = crossroads(forced=[99] * 40)
    controller = Controller(game, saves_dir=tmp_path)
    for command in ("move aldric 4,7", "end"):
        controller.apply(command)
    controller.hand_over()  # Bruno has been told of round 1
    controller.ask_before_ending = False
    for command in ("move elise 21,8", "end"):
        controller.apply(command)
    controller.hand_over()
    controller.apply("move brenna 2,8")
    controller.save("mine")
    loaded = saves.load_game(tmp_path / "mine.json")
    app = EscarmoucheApp(loaded.game, saves_dir=tmp_path, loaded=loaded)
    async with app.run_test(size=SIZE) as pilot:
        assert app.controller.ask_before_ending is False
        await pilot.press("e")  # Alice ends round 2: AP left, not asked
        shown = digest(app)
        assert "move brenna" in shown and "move aldric" not in shown


def test_an_older_save_loads_with_what_each_player_saw_read_from_its_journal(tmp_path):
    game = new_game(DEFAULT_CONTENT, "crossroads", 1)
    for command in ("move aldric 4,7", "end", "move elise 21,8", "end", "move brenna 2,8"):
        game.apply(command)
    path = saves.save_game(game, "old", tmp_path)
    data = json.loads(path.read_text())
    assert data["version"] == saves.VERSION == 5
    del data["seen"], data["ask_before_ending"]
    data["version"] = 2
    path.write_text(json.dumps(data))
    loaded = saves.load_game(path)
    assert loaded.record.ask_before_ending is True
    controller = Controller(loaded.game, saves_dir=tmp_path)
    controller.adopt(loaded)
    controller.apply("end")
    shown = controller.hand_over().events
    texts = [getattr(e, "text", "") for e in shown]
    # Bruno is told of Alice's round-2 move, not of round 1 again.
    assert "move brenna 2,8" in texts and "move aldric 4,7" not in texts


def test_a_save_whose_seen_points_past_its_journal_is_refused(tmp_path):
    game = new_game(DEFAULT_CONTENT, "crossroads", 1)
    path = saves.save_game(game, "bad", tmp_path)
    data = json.loads(path.read_text())
    data["seen"] = {"2": 10_000}
    path.write_text(json.dumps(data))
    try:
        saves.read_save(path)
    except saves.SaveError as exc:
        assert "seen: player 2 has seen 10000 events" in str(exc)
    else:
        raise AssertionError("a save pointing past its journal was read")
    data["seen"] = {"5": 0}
    path.write_text(json.dumps(data))
    try:
        saves.read_save(path)
    except saves.SaveError as exc:
        assert "seen: player 5 is not one of the 2 players" in str(exc)
    else:
        raise AssertionError("a save naming a sixth player was read")


def test_an_undo_keeps_what_each_player_has_seen(tmp_path):
    def bruno_told(refuse_and_undo: bool):
        controller = Controller(new_game(DEFAULT_CONTENT, "crossroads", 1),
                                saves_dir=tmp_path, autosave=False)
        if refuse_and_undo:
            controller.apply("attack aldric nobody")  # refused: kept in the journal only
        for command in ("move aldric 4,7", "end"):
            controller.apply(command)
        controller.hand_over()
        for command in ("move elise 21,8", "end"):
            controller.apply(command)
        controller.hand_over()
        controller.apply("move corvin 3,9")
        if refuse_and_undo:
            controller.apply("move brenna 2,8")
            controller.undo()  # the journal rebuilt, without the refusal
        controller.apply("end")
        return [str(e) for e in controller.hand_over().events]

    told = bruno_told(True)
    assert told == bruno_told(False)
    assert any("move corvin 3,9" in e for e in told)
    assert not any("move aldric" in e for e in told)
