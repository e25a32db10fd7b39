"""The hand-over's summary counts a hit that did no damage as a hit."""

from __future__ import annotations

from game.rules.events import Damage
from game.ui.controller import Digest


def test_a_hit_for_no_damage_is_a_hit_in_the_summary():
    # The crossroads wolf bit Dagny; her reduction took it all: the summary said "No hit".
    digest = Digest(1, 2, "Bruno", [Damage("wolf-1", "dagny", (), (), 2, (), 3, 0, 20, 20)])
    assert digest.summary(str.capitalize) == ["Wolf-1 hit Dagny for no damage"]


async def test_a_new_game_after_the_last_says_nothing_of_the_last():
    from game.ui.app import EscarmoucheApp
    from tests.helpers import APP_SIZE, crossroads, status

    app = EscarmoucheApp(crossroads(), new_game=crossroads)
    async with app.run_test(size=APP_SIZE) as pilot:
        app.play.apply("move aldric 4,7")
        assert status(app).startswith("Aldric moves 1 square")
        app.after_game_over("new")  # the game-over screen's `n`, confirmed
        await pilot.pause()
        assert app.game.log == [] and "Aldric" not in status(app)



async def test_a_finished_game_loaded_shows_its_end(tmp_path):
    from game.commands.common import new_game
    from game.content.loader import DEFAULT_CONTENT
    from game.saves import save_game
    from game.ui.app import EscarmoucheApp
    from game.ui.screens.game_over import GameOverScreen
    from tests.helpers import APP_SIZE, crossroads

    finished = new_game(DEFAULT_CONTENT, "duel", 0, designer=True)
    script = DEFAULT_CONTENT / "scripts" / "duel-demo.txt"  # played to the end
    for line in script.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            finished.apply(line.strip())
    assert finished.over
    app = EscarmoucheApp(crossroads(), saves_dir=tmp_path)
    async with app.run_test(size=APP_SIZE) as pilot:
        app.play.saving.after_load(app.controller.read(save_game(finished, "over", tmp_path)))
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)  # not a map that cannot be played


def test_the_summary_tells_misses_dodges_failed_spells_and_effects_too():
    # A playtester's note: the summary listed hits and heals, not the attacks that missed
    # their character nor the debuff laid on it.
    from game.journal.text import namer
    from tests.helpers import make_game

    game = make_game([("aldric", "aldric", 1, (2, 2)), ("corvin", "corvin", 1, (2, 5)),
                      ("dagny", "dagny", 2, (3, 2)), ("elise", "elise", 2, (4, 4))],
                     forced=(99, 5, 5, 99, 5))
    game.apply("end")
    start = len(game.journal)
    for command in ("attack dagny aldric",  # 99: missed
                    "attack dagny aldric",  # 5 hits, 5 dodged
                    "cast elise bless elise",  # 99: failed
                    "cast elise weaken aldric"):  # 5: laid on Aldric
        game.apply(command)
    digest = Digest(1, 1, "Alice", list(game.journal[start:]))
    assert digest.summary(namer(game)) == [
        "Dagny missed Aldric", "Aldric dodged Dagny", "Elise's Bless on Elise failed",
        "Weaken on Aldric: -4 STR (2 turns)"]
