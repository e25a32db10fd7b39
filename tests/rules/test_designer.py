"""Designer mode: edits are commands of the notation — journaled, logged, replayed and
undone — and a hot-seat game refuses them and `force` with a reason naming the mode."""

import pytest

from game.cli import main
from game.journal.text import describe
from game.rules.events import Edited, Refused, Roll
from game.rules.history import replay, undo
from game.saves import load_game, save_game
from tests.helpers import events_of, make_game


def duel(designer=True):
    return make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (1, 0)),
                      ("goblin", "goblin", None, (8, 8))], designer=designer)


@pytest.mark.parametrize("command", [
    "force 3", "set aldric.skills.melee 60", "place aldric 5,5", "give aldric weapon axe",
    "spawn wolf wolf-2 6,6", "remove goblin", "hold goblin", "release goblin",
])
def test_a_hot_seat_game_refuses_force_and_every_edit_naming_designer_mode(command):
    game = duel(designer=False)
    before = game.snapshot()
    [refused] = game.apply(command)
    assert isinstance(refused, Refused)
    verb = command.split()[0]
    assert refused.reason == f"{verb} is a designer command: start the game in designer " \
                             "mode (play --designer)"
    assert game.snapshot() == before and game.log == []


def test_set_changes_the_chance_the_engine_uses():
    game = duel()
    events = game.apply("set aldric.skills.melee 80")
    assert [(e.unit, e.change) for e in events_of(events, Edited)] == [
        ("aldric", "skills.melee 50 → 80")]
    assert describe(events[-1]) == "  ✎ edit: aldric melee 50 → 80"
    game.apply("force 99,99")
    [roll, *_] = events_of(game.apply("attack aldric dagny with sword"), Roll)
    assert roll.chance == 95  # 80 + 10 + 5 = 95, at the cap
    assert game.apply("set aldric.hp 0")[0].reason == "Aldric's hp must be between 1 and 18, not 0"
    assert game.apply("set aldric.luck 3")[0].reason.startswith("Aldric has no field 'luck'")


@pytest.mark.parametrize("path", ["melee", "aldric", "rules.faction.maximum", ".hp"])
def test_a_wrong_set_path_suggests_a_form_set_accepts(path):
    # Before, the refusal suggested rules.SETTING, which set itself refuses.
    game = duel()
    before = game.snapshot()
    [refused] = game.apply(f"set {path} 60")
    assert isinstance(refused, Refused) and "rules.SETTING" not in refused.reason
    assert "write UNIT.FIELD (e.g. aldric.skills.melee)" in refused.reason
    assert game.snapshot() == before and game.log == []
    assert events_of(game.apply("set aldric.skills.melee 60"), Edited)  # the form suggested


def test_force_with_an_empty_item_is_refused_and_forces_nothing():
    game = duel()
    before = game.snapshot()
    [refused] = game.apply("force 1,,2")
    assert isinstance(refused, Refused) and "have an empty item" in refused.reason
    assert game.snapshot() == before and game.log == []


def test_set_xp_sets_the_level():
    game = duel()
    game.apply("set aldric.xp 35")
    assert game.units["aldric"].level == 3


def test_place_give_spawn_remove():
    game = duel()
    game.apply("place aldric 5,5")
    assert game.units["aldric"].pos == (5, 5)
    assert game.apply("place aldric 1,0")[0].reason == "1,0 is not free (Dagny)"
    game.apply("give aldric weapon shortbow")
    assert game.units["aldric"].weapons == ("sword", "shortbow")
    game.apply("give aldric armour wyrmscale")
    assert game.units["aldric"].legendary_armour == "wyrmscale"
    game.apply("give aldric spell firebolt")
    assert "firebolt" in game.units["aldric"].spells
    assert game.apply("spawn aldric knight 3,3")[0].reason.startswith("a character needs an owner")
    game.apply("spawn aldric knight 3,3 owner 2")
    assert game.units["knight"].owner == 2 and game.units["knight"].hp == 18
    game.apply("remove knight")
    assert game.units["knight"].down


def test_a_held_creature_skips_its_phase_until_released():
    game = duel()
    game.apply("place goblin 2,0")  # next to Dagny
    game.apply("hold goblin")
    game.apply("end")
    events = game.apply("end")  # the creatures' phase
    assert not [e for e in events if getattr(e, "text", "").startswith("attack goblin")]
    game.apply("release goblin")
    game.apply("end")
    events = game.apply("end")
    assert any(getattr(e, "text", "").startswith("attack goblin") for e in events)


def test_edits_are_logged_replayed_and_undone():
    game = duel()
    for command in ("set aldric.skills.melee 70", "place aldric 4,4", "spawn wolf w2 6,6"):
        game.apply(command)
    assert game.log == ["set aldric.skills.melee 70", "place aldric 4,4", "spawn wolf w2 6,6"]
    again = replay(game.content, game.scenario, game.seed, game.log, designer=True,
                   policies=game.policies)
    assert again.snapshot() == game.snapshot()
    game = undo(game)
    assert "w2" not in game.units and game.units["aldric"].pos == (4, 4)


def test_a_designer_save_says_so_and_loads_as_designer(tmp_path, capsys):
    script = tmp_path / "edits.txt"
    script.write_text("set aldric.skills.melee 70\nplace aldric 9,4\n")
    assert main(["script", "crossroads", str(script), "--save", "lab",
                 "--saves-dir", str(tmp_path)]) == 0
    loaded = load_game(tmp_path / "lab.json")
    assert loaded.game.designer and loaded.game.units["aldric"].skills["melee"] == 70
    capsys.readouterr()
    assert main(["export", "lab", "--saves-dir", str(tmp_path)]) == 0
    assert "designer game" in capsys.readouterr().out
    assert not save_game(duel(designer=False), "plain", tmp_path).read_text().count(
        '"designer": true')


def test_a_mistyped_id_in_an_edit_says_what_was_meant():
    game = duel()
    [refused] = game.apply("give aldric weapon bow")
    assert refused.reason == "there is no weapon called 'bow' (did you mean 'longbow'?)"
    [refused] = game.apply("spawn gobln g2 5,5")
    assert refused.reason == "there is no character or creature template 'gobln' " \
                             "(did you mean 'goblin'?)"
