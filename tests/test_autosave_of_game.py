"""Going back to the latest autosave (F9) goes back in this game, never to another's."""

from __future__ import annotations

import pytest

from game.commands.common import new_game
from game.content.loader import DEFAULT_CONTENT
from game.saves import autosave, latest_autosave
from game.ui.controller import Controller, Problem


def test_the_latest_autosave_of_a_game_is_one_it_went_through(tmp_path):
    duel = new_game(DEFAULT_CONTENT, "duel", 1)
    duel.apply("end")
    autosave(duel, tmp_path)  # another game, saved last
    game = new_game(DEFAULT_CONTENT, "crossroads", 1)
    assert latest_autosave(tmp_path) is not None  # the folder's newest: the duel's
    assert latest_autosave(tmp_path, of=game) is None
    game.apply("end")
    mine = autosave(game, tmp_path)
    game.apply("move dagny 19,7")
    autosave(duel, tmp_path)
    assert latest_autosave(tmp_path, of=game) == mine
    # A crossroads game of another seed, or one that went another way, is another game.
    other = new_game(DEFAULT_CONTENT, "crossroads", 2)
    other.apply("end")
    assert latest_autosave(tmp_path, of=other) is None
    elsewhere = new_game(DEFAULT_CONTENT, "crossroads", 1)
    elsewhere.apply("move aldric 4,7")
    assert latest_autosave(tmp_path, of=elsewhere) is None


def test_f9_in_a_new_game_says_there_is_no_autosave_of_it(tmp_path):
    duel = new_game(DEFAULT_CONTENT, "duel", 1)
    duel.apply("end")
    autosave(duel, tmp_path)
    control = Controller(new_game(DEFAULT_CONTENT, "tavern-brawl", 1), saves_dir=tmp_path)
    with pytest.raises(Problem, match="no autosave of this game yet"):
        control.latest_autosave()
