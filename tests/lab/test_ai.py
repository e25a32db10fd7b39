"""The naive policy (`naive` profile, and the creatures'): it chooses by the exact odds
where it stands, with the weights of a named profile from content."""

from __future__ import annotations

import msgspec
import pytest

from game.content.loader import load_content
from game.rules import ai
from game.rules.actions import Attack, Move, ToggleDoor
from game.rules.engine import Game
from game.rules.magic import Cast
from game.rules.policies import ProfileBook
from tests.helpers import CONTENT, make_game

WALLED = "\n".join([
    "............",
    "............",
    "######+#####",
    "............",
    "............",
])


def test_a_goblin_archer_shoots_from_range_instead_of_walking_up():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (11, 11)),
                      ("archer", "goblin-archer", None, (3, 0))])
    action = ai.choose(game, game.units["archer"])
    assert isinstance(action, Attack) and action.target == "aldric"


def test_a_ranged_unit_out_of_reach_moves_to_a_square_it_can_shoot_from_not_adjacent():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (11, 11)),
                      ("archer", "goblin-archer", None, (10, 0))])
    action = ai.choose(game, game.units["archer"])
    assert isinstance(action, Move)
    d = max(abs(a - b) for a, b in zip(action.to, (0, 0)))
    assert 2 <= d <= 4  # within the bow's reach, kept at range


def test_focus_on_the_wounded_target():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("brenna", "brenna", 1, (2, 0)),
                      ("dagny", "dagny", 2, (11, 11)), ("wolf", "wolf", None, (1, 0))])
    game.units["brenna"].hp = 3
    action = ai.choose(game, game.units["wolf"])
    assert isinstance(action, Attack) and action.target == "brenna"


def test_a_healer_heals_a_badly_wounded_friend_and_not_a_healthy_one():
    game = make_game([("elise", "elise", 1, (0, 0)), ("aldric", "aldric", 1, (1, 0)),
                      ("dagny", "dagny", 2, (11, 11))])
    game.units["aldric"].hp = 4
    action = ai.choose(game, game.units["elise"], "cautious", may_move=False)
    assert isinstance(action, Cast) and action.target == "aldric"
    assert CONTENT.spells[action.spell].kind == "heal"
    game.units["aldric"].hp = game.units["aldric"].hp_max
    again = ai.choose(game, game.units["elise"], "cautious", may_move=False)
    assert not (isinstance(again, Cast) and CONTENT.spells[again.spell].kind == "heal")


def test_a_side_opens_the_door_in_its_way_but_lurking_creatures_do_not():
    game = make_game([("aldric", "aldric", 1, (6, 3)), ("dagny", "dagny", 2, (0, 0))],
                     map_text=WALLED, designer=False)
    game.current = 1
    game.units["aldric"].pos = (6, 3)
    action = ai.choose(game, game.units["aldric"], "balanced")
    assert action == ToggleDoor("aldric", (6, 2), True)
    creature = make_game([("dagny", "dagny", 2, (0, 0)), ("wolf", "wolf", None, (6, 3))],
                         map_text=WALLED)
    assert ai.choose(creature, creature.units["wolf"]) is None  # the creatures lurk


def test_same_game_same_choices_and_ai_players_play_whole_turns():
    def run():
        scenario = load_content()
        from game.content.loader import DEFAULT_CONTENT, load_scenario, scenario_path

        game = Game(scenario, load_scenario(scenario, scenario_path(DEFAULT_CONTENT, "duel")),
                    seed=5, dice="streams", ai_players={1: "aggressive", 2: "cautious"},
                    policies=ProfileBook(scenario))
        while not game.over and game.round <= 30:
            game.play_ai_turn()
        return game
    first, second = run(), run()
    assert first.log == second.log and first.over
    assert any(c.startswith("attack") for c in first.log)


def test_an_unknown_profile_is_refused_with_the_known_ones():
    with pytest.raises(ValueError, match="no AI profile 'reckless'.*aggressive"):
        Game(CONTENT, make_game([("aldric", "aldric", 1, (0, 0))]).scenario,
             ai_players={1: "reckless"}, policies=ProfileBook(CONTENT))


def test_ai_yaml_is_checked_like_the_other_content_files(tmp_path):
    import shutil

    from game.content.loader import DEFAULT_CONTENT
    from game.content.yamlmarks import ContentErrors

    shutil.copytree(DEFAULT_CONTENT, tmp_path / "c")
    path = tmp_path / "c" / "ai.yaml"
    path.write_text("profiles:\n  brave: {damag: 1}\ncreatures: timid\n")
    with pytest.raises(ContentErrors) as caught:
        load_content(tmp_path / "c")
    text = str(caught.value)
    assert "ai.yaml:2" in text and "did you mean 'damage'" in text
