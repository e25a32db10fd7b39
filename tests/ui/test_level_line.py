"""A caster's card says what the next level gives (its spells reach further); a fighter's
spends no line on it, and the help says what a level does (playtest of 2026-12-02:
"Aldric reaches level 3" and his sword's chance stayed 65%, nothing said why)."""

from __future__ import annotations

from game.commands.common import new_game
from game.content.loader import DEFAULT_CONTENT
from game.journal.rules_text import rules_summary
from game.ui.widgets.panels import card


def test_a_casters_card_names_the_spells_the_next_level_lengthens():
    game = new_game(DEFAULT_CONTENT, "crossroads", 0)
    corvin = game.units["corvin"]  # firebolt [3,4,5,6], ice storm [3,4], focus [0], hex [3,4,5]
    assert card(game, corvin).level.plain.splitlines() == [
        "Level 1 · XP 0 (next 10)",
        "at level 2: Firebolt reaches 4, Ice Storm reaches 4, Hex reaches 4"]
    corvin.level, corvin.xp = 3, 30  # level 4 only lengthens the firebolt
    assert card(game, corvin).level.plain.splitlines()[1] == "at level 4: Firebolt reaches 6"
    corvin.level, corvin.xp = 4, 60  # every reach is at its last entry
    assert card(game, corvin).level.plain == "Level 4 · XP 60 (next 100)"


def test_a_fighters_card_has_the_level_alone_and_the_help_says_what_levels_do():
    game = new_game(DEFAULT_CONTENT, "crossroads", 0)
    assert card(game, game.units["aldric"]).level.plain == "Level 1 · XP 0 (next 10)"
    assert ("Levels at 0, 10, 30, 60, 100, 150 XP: a level lengthens spells' reach, "
            "nothing else.") in rules_summary(game.rules)
