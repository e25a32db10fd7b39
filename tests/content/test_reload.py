"""Hot reload: a saved change to the content is validated and swapped into the running
game without losing it; an invalid one gives its errors and keeps the game as it was."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.commands.common import new_game
from game.content.fingerprint import content_hash
from game.content.loader import DEFAULT_CONTENT
from game.content.reload import ContentWatcher, HotReload, reload
from game.journal.text import describe, namer
from game.rules.events import Refused, Reloaded
from game.rules.legal import options_against
from tests.helpers import FIXTURE_CONTENT, edit


@pytest.fixture
def content(tmp_path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(FIXTURE_CONTENT, target)  # its errors' places do not move
    return target


def played(content: Path):
    game = new_game(content, "crossroads", 7, designer=True)
    for command in ("move aldric 9,7", "place dagny 10,7", "set aldric.hp 9"):
        assert not isinstance(game.apply(command)[0], Refused), command
    return game


def test_a_change_of_rules_weapon_and_template_is_applied_to_the_running_game(content):
    game = played(content)
    before = game.snapshot()
    aldric = game.units["aldric"]
    hp, pos, xp, log = aldric.hp, aldric.pos, aldric.xp, list(game.log)
    edit(content / "rules.yaml", "door_hp: 12", "door_hp: 15")
    edit(content / "weapons.yaml", "  dice: 1d8\n  ap_cost: 4\n  family: sword",
         "  dice: 1d10\n  ap_cost: 4\n  family: sword")
    edit(content / "characters.yaml", "skills: {brawl: 40, melee: 50,",
         "skills: {brawl: 40, melee: 60,")
    new = reload(game, content)
    assert not isinstance(new, list), new
    reloaded = new.journal[-1]
    assert isinstance(reloaded, Reloaded) and reloaded.changes == (
        "rules.yaml: door_hp", "weapons.yaml: sword", "characters.yaml: aldric")
    # After the game's 3 commands, from the content it was played with to the new one.
    assert reloaded.at == 3 and reloaded.before == content_hash(game.content, game.scenario)
    assert reloaded.after == content_hash(new.content, new.scenario) != reloaded.before
    assert describe(new.journal[-1], namer(new)) == \
        "⟳ content reloaded: rules.yaml: door_hp; weapons.yaml: sword; characters.yaml: aldric"
    moved = new.units["aldric"]
    assert (moved.hp, moved.pos, moved.xp, new.log) == (hp, pos, xp, log)
    assert moved.skills["melee"] == 60
    [sword] = [o for o in options_against(new, "aldric", new.units["dagny"].pos)
               if o.label == "sword"]
    assert sword.plan.damage.dice[0][1].sides == 10
    assert sword.chance.terms[0].value == 60
    assert all(d.hp_max == 15 for d in new.doors.values())
    # The game it was made from is untouched, and the new one plays on.
    assert game.snapshot() == before and game.units["aldric"].skills["melee"] == 50
    events = new.apply("attack aldric dagny")
    assert events[0].text == "attack aldric dagny"


def test_what_the_game_changed_stays_and_the_rest_follows_the_template(content):
    game = played(content)
    game.apply("set aldric.skills.melee 77")
    edit(content / "characters.yaml", "skills: {brawl: 40, melee: 50, ranged: 20,",
         "skills: {brawl: 40, melee: 60, ranged: 35,")
    new = reload(game, content)
    assert new.units["aldric"].skills["melee"] == 77
    assert new.units["aldric"].skills["ranged"] == 35


def test_a_wounded_unit_keeps_its_wounds_when_its_maximum_grows(content):
    game = played(content)
    dagny = game.units["dagny"]
    edit(content / "characters.yaml", "  hp_max: 18\n", "  hp_max: 25\n")
    edit(content / "characters.yaml", "  hp_max: 20\n", "  hp_max: 30\n")
    new = reload(game, content)
    assert (new.units["aldric"].hp, new.units["aldric"].hp_max) == \
        (game.units["aldric"].hp, 25)
    assert dagny.hp == dagny.hp_max == 20 and new.units["dagny"].hp == 30


def test_an_invalid_change_gives_its_errors_and_keeps_the_game(content):
    game = played(content)
    before = game.snapshot()
    edit(content / "weapons.yaml", "ap_cost: 4", "ap_cost: four")
    errors = reload(game, content)
    assert [str(e) for e in errors] == \
        ["content/weapons.yaml:6:12: sword.ap_cost: expected `int`, got `str`"]
    assert game.snapshot() == before


def test_a_template_the_game_plays_cannot_go(content):
    game = played(content)
    path = content / "creatures.yaml"
    text = path.read_text()
    start, end = text.index("wolf:\n"), text.index("ogre:\n")
    path.write_text(text[:start] + text[end:])
    errors = [str(e) for e in reload(game, content)]
    assert "content/creatures.yaml:1:1: wolf-1 plays the template 'wolf', which is gone" \
        in errors


#: How long a test waits for the kernel to tell a change (it goes on as soon as told).
WAIT = 5.0


def test_the_watcher_reports_each_saved_file_once(content):
    watcher = ContentWatcher(content)
    assert watcher.changed() == []
    edit(content / "weapons.yaml", "dice: 1d8", "dice: 1d10")
    (content / "scenarios" / "new.yaml").write_text("name: x\n")
    assert watcher.changed(WAIT) == ["content/scenarios/new.yaml", "content/weapons.yaml"]
    assert watcher.changed() == []
    (content / "scenarios" / "new.yaml").unlink()
    assert watcher.changed(WAIT) == ["content/scenarios/new.yaml"]


def test_a_file_in_a_folder_made_after_the_watch_began_is_seen(content):
    watcher = ContentWatcher(content)
    (content / "scenarios" / "more").mkdir()
    assert watcher.changed(WAIT) == []  # a folder: nothing to reload, but now watched
    (content / "scenarios" / "more" / "extra.yaml").write_text("name: x\n")
    assert watcher.changed(WAIT) == ["content/scenarios/more/extra.yaml"]


def test_an_ask_when_nothing_changed_reads_no_folder(content, monkeypatch):
    watcher = ContentWatcher(content)
    walks = []
    monkeypatch.setattr(watcher, "_walk", lambda: walks.append(1) or ({}, []))
    for _ in range(5):
        assert watcher.changed() == []
    assert walks == []  # the kernel said nothing: no walk


def test_without_a_watch_to_be_had_each_ask_walks(content, monkeypatch):
    def no_watch(*args):
        raise OSError(24, "inotify instance limit reached")

    monkeypatch.setattr("game.content.reload._rust_notify", lambda: no_watch)
    watcher = ContentWatcher(content)
    assert watcher.changed() == []
    edit(content / "rules.yaml", "move_cost: 1 ", "move_cost: 2 ")
    assert watcher.changed() == ["content/rules.yaml"]


def test_hot_reload_polls_then_swaps_or_keeps_the_game(content):
    game = played(content)
    hot = HotReload(content)
    assert hot.poll(game) == (game, [])
    edit(content / "rules.yaml", "move_cost: 1 ", "move_cost: 2 ")
    new, errors = hot.poll(game, WAIT)
    assert errors == [] and new is not game and new.rules.move_cost == 2
    assert new.journal[-1].changes == ("rules.yaml: move_cost",)
    edit(content / "rules.yaml", "move_cost: 2 ", "move_cost: two ")
    same, errors = hot.poll(new, WAIT)
    assert same is new and [e.message for e in errors] == \
        ["move_cost: expected `int`, got `str`"]
    assert hot.poll(new) == (new, [])


def test_a_game_saved_after_a_reload_loads_back_by_its_state(content, tmp_path):
    from game.saves import load_game, save_game

    game = played(content)
    edit(content / "rules.yaml", "ap_max: 10", "ap_max: 12")
    game = reload(game, content)
    game.apply("end")
    path = save_game(game, "after-reload", tmp_path / "saves")
    loaded = load_game(path, content)
    assert not loaded.content_changed
    assert loaded.game.snapshot()["units"] == game.snapshot()["units"]
    assert loaded.game.log == game.log
