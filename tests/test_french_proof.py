"""The proof that French is French: every screen of a game and every command's report, run
in French over the shipped content, holds none of a list of English words.

One walk of the app (help, legend, target panel, odds, inspect and describe, roll card,
journal, units, threats, spell list, save and load dialogs, quit question, end-turn
question, hand-over, game over) and one run of each command (simulate, compare, tune,
balance, odds, validate with an error, script, replay, export), in process. What is the
same in every language is taken out first: the notation (`attack aldric dagny`), file
paths and the YAML's `file: field` sources, which name the content by its ids.

Every test leaves the language as it found it (English).
"""

from __future__ import annotations

import contextlib
import io
import re
import shutil
from pathlib import Path

import pytest
from rich.console import Console

from game.cli import main
from game.content.loader import DEFAULT_CONTENT
from game.i18n import current_language, set_language
from game.ui.app import EscarmoucheApp
from game.ui.screens.dialogs import Confirm, ConfirmEndTurn, HandoverScreen, HelpScreen
from game.ui.screens.game_over import GameOverScreen
from game.ui.screens.saves import LoadScreen
from tests.helpers import APP_SIZE, app_duel

#: English words that a French screen or report must not hold (whole words, case as
#: written): not one is French, nor an id of the shipped content or a word of the notation.
ENGLISH = re.compile(r"\b(?:" + "|".join((
    "the", "and", "of", "with", "from", "is", "are", "was", "not", "cannot", "you", "your",
    "at", "to", "in", "by", "for", "per", "yes", "no", "none", "nothing", "left", "down",
    "wins?", "draws?", "rounds?", "Round", "turns?", "Turn", "damage", "chance of", "dodges?",
    "dodged", "squares?", "runs?", "games?", "seed", "profiles?", "templates?", "hit rate",
    "hits?", "dealt", "taken", "kills?", "overkill", "content errors?", "saved", "loaded",
    "enemy", "enemies", "foe", "yours", "bare hands", "walking", "level", "reduction",
    "spells?", "weapons?", "armou?r", "heal(?:ed|s)?", "miss(?:ed|es)?", "side", "player",
    "creatures?", "characters?", "Save", "Load", "Quit", "Help", "Cancel", "Close", "Next",
    "Previous", "Undo", "End", "stay",
)) + r")\b")

#: The notation, the same in every language: a verb and the ids after it.
NOTATION = re.compile(r"\b(?:move|attack|cast|use|open|close|end|wait|force|set|place|give|"
                      r"spawn|remove|hold|release)(?: [a-z0-9][a-z0-9_.,\-]*)*")
#: A YAML source (`weapons.yaml: axe.dice`), a field path (`dagny.skills.dodge`, wrapped
#: onto a line of its own), a path, a backquoted command.
SOURCE = re.compile(r"[\w\-]+\.(?:yaml|json|txt|md|html)(?::\d+(?::\d+)?)?(?:: [\w.\[\], ]+)?"
                    r"|\b[a-z][\w\-]*(?:\.[\w\-\[\]]+)+|(?:/[\w.\-]+)+|`[^`]*`")


def english_in(text: str) -> list[str]:
    """The English words of `text`, each with the line it is on, the notation, paths and
    sources taken out."""
    found = []
    for line in text.splitlines():
        # A word cut by a dialog's edge drawn over the screen below (`█in [C1]`) is none.
        line = re.sub(r"\w*[█▀▄▌▐]\w*", " ", line)
        plain = NOTATION.sub(" ", SOURCE.sub(" ", line))
        found += [f"{word!r} in {line.strip()!r}" for word in ENGLISH.findall(plain)]
    return found


def test_the_word_list_catches_english_and_leaves_french_alone():
    assert english_in("Alice wins 3 rounds") == [
        "'wins' in 'Alice wins 3 rounds'", "'rounds' in 'Alice wins 3 rounds'"]
    assert english_in("▶ attack ysolde gautier with dagger") == []
    assert english_in("weapons.yaml: axe.dice · /tmp/pytest-of-x/test_the_one0/saves") == []
    assert english_in("Grub rate Dagny : on peut l'attaquer, FOR 15, PA 10") == []
    assert english_in("█  o quitter · n rester   █in [C1] · Alice") == []  # a cut word


@pytest.fixture(autouse=True)
def _english_after():
    before = current_language()
    yield
    set_language(before)


def screen_text(app) -> str:
    """What the screen shows, as text (Textual's screenshot, without its SVG)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True,
                      legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens))
    return console.export_text()


async def test_every_screen_of_a_game_in_french_holds_no_english(tmp_path):
    game = app_duel(forced=[10, 99])
    game.units["elise"].hp, game.units["elise"].down = 0, True  # Dagny is Bruno's last
    app = EscarmoucheApp(game, saves_dir=tmp_path, autosave=False, lang="fr")
    shown: dict[str, str] = {}
    async with app.run_test(size=APP_SIZE) as pilot:
        async def look(name: str, *keys: str) -> None:
            await pilot.press(*keys)
            await pilot.pause()
            shown[name] = screen_text(app)

        await look("play")
        await look("help", "question_mark")
        assert isinstance(app.screen, HelpScreen)
        await look("legend", "escape", "L")
        await look("target", "escape", "right")  # Dagny, next to Aldric
        await look("odds", "d")
        await look("inspect", "escape", "i")
        await look("describe", "down", "enter")
        await look("attacked", "escape", "escape", "a")  # 10 hits, 99: no dodge
        await look("roll card", "w")
        await look("journal", "escape", "J")
        await look("units", "escape", "r")
        await look("threats", "escape", "v")
        await look("spells", "escape", "tab", "c")  # Corvin's spells
        await look("save dialog", "escape", "ctrl+s")
        await look("saved", "enter")
        await look("load dialog", "ctrl+o")
        assert isinstance(app.screen, LoadScreen)
        await look("quit question", "escape", "q")
        assert isinstance(app.screen, Confirm)
        await look("end-turn question", "n", "e")
        assert isinstance(app.screen, ConfirmEndTurn)
        await look("hand-over", "o")  # French says yes with o (oui)
        assert isinstance(app.screen, HandoverScreen)
        await look("Bruno's turn", "enter")
        await look("Bruno ends", "e", "o")
        await pilot.pause(0.5)  # the goblin acts
        await look("Alice again", "enter")
        app.play.game.units["dagny"].hp = 1
        app.play.game.roller.force([10, 99])
        await look("game over", "right", "a")
        assert isinstance(app.screen, GameOverScreen)
    assert shown["saved"].count("Sauvegardé dans ") == 1 and "-manche-1.json" in shown["saved"]
    import os
    if os.environ.get("FRENCH_PROOF_DUMP"):
        Path(os.environ["FRENCH_PROOF_DUMP"]).write_text(
            "\n".join(f"===== {k}\n{v}" for k, v in shown.items()))
    found = {name: english_in(text) for name, text in shown.items()}
    assert not {name: words for name, words in found.items() if words}


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    """A variant of the shipped content (for compare), one with an error (for validate)
    and a saves folder with a game played by the duel's script (for replay and export)."""
    root = tmp_path_factory.mktemp("french")
    shutil.copytree(DEFAULT_CONTENT, root / "other")
    characters = root / "other" / "characters.yaml"
    characters.write_text(characters.read_text().replace("melee: 50", "melee: 60", 1))
    shutil.copytree(DEFAULT_CONTENT, root / "bad")
    weapons = root / "bad" / "weapons.yaml"
    weapons.write_text(weapons.read_text().replace("cost: 4", "cost: -4", 1))
    return root


def french_run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--lang", "fr", *argv])
    return code, out.getvalue() + err.getvalue()


def test_every_command_in_french_reports_no_english(folders, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    saves = str(folders / "saves")
    script = str(DEFAULT_CONTENT / "scripts" / "duel-demo.txt")
    runs = {
        "simulate duel": ("simulate", "duel", "ysolde", "gautier", "--runs", "10"),
        "simulate scenario": ("simulate", "mages-duel", "--runs", "2"),
        "compare": ("compare", "duel", "--content", str(DEFAULT_CONTENT), "--against",
                    str(folders / "other"), "--games", "4"),
        "tune": ("tune", "odds", "crossroads", "aldric", "goblin-1", "--from", "9,4",
                 "--field", "aldric.skills.melee=30..60", "--to", "0.6"),
        "balance": ("balance", "duel", "--games", "4"),
        "odds": ("odds", "crossroads", "aldric", "goblin-1", "--from", "9,4"),
        "odds of a turn": ("odds", "crossroads", "aldric", "goblin-1", "--turn"),
        "odds of each square": ("odds", "crossroads", "aldric", "goblin-1", "--squares"),
        "odds grid": ("odds", "crossroads", "aldric", "goblin-1", "--from", "9,4", "--vary",
                      "aldric.skills.melee=40..50:10", "--vary", "goblin-1.hp=5..6",
                      "--figure", "mean"),
        "validate": ("validate",),
        "script": ("--saves-dir", saves, "script", "duel", script, "--save", "preuve"),
        "replay": ("--saves-dir", saves, "replay", "preuve"),
        "export": ("--saves-dir", saves, "export", "preuve", "--format", "md"),
    }
    reports = {}
    for name, argv in runs.items():
        code, reports[name] = french_run(*argv)
        assert code == 0, (name, reports[name])
    code, reports["validate with an error"] = french_run("validate", "--content",
                                                         str(folders / "bad"))
    assert code == 2 and reports["validate with an error"].endswith("1 erreur de contenu\n")
    assert "victoires" in reports["simulate duel"] and "identique" in reports["replay"]
    # a square is `(3 ; 7)` in a French text, never `3,7` (a decimal; the notation's only)
    square = re.compile(r"\b(?:en|[Cc]ase|atteindre|depuis|vers) \d+,\d+\b|^ *\d+,\d+  ",
                        re.MULTILINE)
    assert "(9 ; 4)" in reports["odds of each square"]
    assert not {name: found for name, text in reports.items()
                if (found := square.findall(NOTATION.sub(" ", SOURCE.sub(" ", text))))}
    found = {name: english_in(text) for name, text in reports.items()}
    assert not {name: words for name, words in found.items() if words}
