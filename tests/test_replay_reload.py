"""Replays after a hot reload: the reload is part of the record (after which command, the
content before and after), `replay` replays each stretch of the log under the content it
was played with when that content is at hand, and says which stretch it cannot reproduce
when it is not; a version-3 save with a reload still loads."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.cli import main
from game.commands.common import new_game
from game.content.loader import DEFAULT_CONTENT
from game.content.reload import reload
from game.rules.events import Refused, Reloaded
from game.saves import VERSION, load_game, read_save, save_game
from tests.helpers import edit

BEFORE = ["move aldric 9,7", "place dagny 10,7", "attack aldric dagny", "end"]
AFTER = ["attack dagny aldric", "end", "attack aldric dagny"]


@pytest.fixture
def played(tmp_path):
    """A designer game on crossroads: four commands, the sword's dice changed and reloaded
    from the folder it was played with, three more commands, saved. `a` keeps the content
    as it was before the reload; `live` is the folder edited (the content after it)."""
    a, live = tmp_path / "a", tmp_path / "live"
    shutil.copytree(DEFAULT_CONTENT, a)
    shutil.copytree(DEFAULT_CONTENT, live)
    game = new_game(live, "crossroads", 7, designer=True)
    for command in BEFORE:
        assert not isinstance(game.apply(command)[0], Refused), command
    edit(live / "weapons.yaml", "  dice: 1d8\n  ap_cost: 4\n  family: sword",
         "  dice: 3d8+5\n  ap_cost: 4\n  family: sword")
    game = reload(game, live)
    assert not isinstance(game, list), game
    for command in AFTER:
        assert not isinstance(game.apply(command)[0], Refused), command
    saves = tmp_path / "saves"
    save_game(game, "after-reload", saves)
    return a, live, saves, game


def replay(capsys, saves, *argv) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["replay", "after-reload", "--saves-dir", str(saves), *argv])
    return code, capsys.readouterr().out


def test_the_reload_is_in_the_save_with_its_place_and_contents(played):
    a, live, saves, game = played
    record = read_save(saves / "after-reload.json")
    assert record.version == VERSION
    [event] = [e for e in record.journal if isinstance(e, Reloaded)]
    assert event.at == len(BEFORE) and event.changes == ("weapons.yaml: sword",)
    assert event.after == record.content_hash and event.before != event.after


def test_replay_replays_each_stretch_under_its_own_content(played, capsys):
    a, live, saves, _ = played
    code, out = replay(capsys, saves, "--content", str(live), "--with", str(a))
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0].startswith("commands 1–4: replayed under ") and str(a) in lines[0]
    assert lines[1] == "content reloaded at command 4: weapons.yaml: sword"
    assert lines[2].startswith("commands 5–7: replayed under ") and str(live) in lines[2]
    assert lines[-1] == "identical: 7 commands replay to the same journal and state"


def test_replay_says_which_stretch_it_cannot_reproduce(played, capsys):
    a, live, saves, _ = played
    # Without the content of before the reload: nothing can be replayed from the start.
    code, out = replay(capsys, saves, "--content", str(live))
    assert code == 1
    assert "commands 1–4: cannot be reproduced: they were played under content" in out
    assert "give its folder with --with DIR" in out
    assert "commands 5–7: not replayed (an earlier stretch could not be)" in out
    # With only the content of before: the first stretch replays, identical; not the rest.
    code, out = replay(capsys, saves, "--content", str(a))
    assert code == 1
    assert "commands 1–4: replayed under" in out
    assert "commands 5–7: cannot be reproduced" in out
    assert "identical: the first 4 commands replay to the same journal" in out


def test_a_stretch_replayed_under_other_content_shows_the_difference(played, capsys, tmp_path):
    a, live, saves, _ = played
    # A third content that takes the place of `live`'s (same fingerprint is impossible):
    # with `a` first the run is identical; a changed `a` is not the content played.
    edit(a / "weapons.yaml", "  dice: 1d6\n", "  dice: 1d12\n")
    code, out = replay(capsys, saves, "--content", str(live), "--with", str(a))
    assert code == 1 and "commands 1–4: cannot be reproduced" in out


def test_a_version_3_save_with_a_reload_loads_and_says_its_stretches_are_unknown(
        played, capsys):
    a, live, saves, game = played
    path = saves / "after-reload.json"
    data = json.loads(path.read_text())
    data["version"] = 3
    for event in data["journal"]:
        if event["type"] == "reloaded":
            for key in ("at", "before", "after"):
                event.pop(key, None)
    path.write_text(json.dumps(data))
    record = read_save(path)
    [event] = [e for e in record.journal if isinstance(e, Reloaded)]
    assert event.at == len(BEFORE) and event.before == ""  # placed from the journal
    loaded = load_game(path, live)
    assert loaded.game.log == game.log
    assert loaded.game.snapshot()["units"] == game.snapshot()["units"]
    code, out = replay(capsys, saves, "--content", str(live), "--with", str(a))
    assert code == 1
    assert "commands 1–4: cannot be reproduced: the save (from an older version) does not " \
           "say which content they were played under" in out
    assert "content reloaded at command 4: weapons.yaml: sword" in out


def test_a_reload_placed_outside_the_log_is_damage(played):
    from game.saves import SaveError

    a, live, saves, _ = played
    path = saves / "after-reload.json"
    data = json.loads(path.read_text())
    for event in data["journal"]:
        if event["type"] == "reloaded":
            event["at"] = 99
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="a content reload is placed after command 99"):
        read_save(path)


def test_a_stretch_of_one_command_is_named_as_one(tmp_path, capsys):
    """One command after the reload: `command 5`, not `commands 5–5`."""
    a, live = tmp_path / "a", tmp_path / "live"
    shutil.copytree(DEFAULT_CONTENT, a)
    shutil.copytree(DEFAULT_CONTENT, live)
    game = new_game(live, "crossroads", 7, designer=True)
    for command in BEFORE:
        game.apply(command)
    edit(live / "weapons.yaml", "  dice: 1d8\n  ap_cost: 4\n  family: sword",
         "  dice: 3d8+5\n  ap_cost: 4\n  family: sword")
    game = reload(game, live)
    game.apply(AFTER[0])
    saves = tmp_path / "saves"
    save_game(game, "after-reload", saves)
    code, out = replay(capsys, saves, "--content", str(live), "--with", str(a))
    assert code == 0, out
    assert out.splitlines()[2].startswith("command 5: replayed under ")
