"""The proof that French is French: every screen of a game and every command's report, run
in French over the shipped content, holds none of a list of English words.

One walk of the app (help, legend, target panel, odds, inspect and describe, roll card,
journal, units, threats, spell list, save and load dialogs, quit question, end-turn
question, hand-over, game over) and one run of each command (simulate, compare, tune,
balance, odds, validate with an error, script, replay, export), in process. What is the
same in every language is taken out first: the notation (`attack aldric dagny`), file
paths and the YAML's `file: field` sources, which name the content by its ids.

Around the game too: every command's `--help` and argparse's refusals, content errors (the
file's words they quote taken out), usage and lab errors, the command palette's line when
nothing matches, and no line broken at a no-break space (`gêne :`, `40,0 %`).

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
from textual.command import CommandList

from game.cli import ARGPARSE_TEXTS, COMMANDS, asked_language, main
from game.content.loader import DEFAULT_CONTENT
from game.i18n import current_language, set_language
from game.ui.app import EscarmoucheApp
from game.ui.screens.dialogs import Confirm, ConfirmEndTurn, HandoverScreen, HelpScreen
from game.ui.screens.game_over import GameOverScreen
from game.ui.screens.saves import LoadScreen
from tests.helpers import APP_SIZE, app_duel, creatures_act

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
        await creatures_act(app, pilot)  # the goblin acts
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
    assert reports["simulate duel"].startswith("duel ysolde contre gautier à 4 cases : ")
    balance = reports["balance"]
    assert "50 ± 5 hors objectif" in balance and "0 ✓" in balance and " ok" not in balance
    # a square is `(3 ; 7)` in a French text, never `3,7` (a decimal; the notation's only)
    square = re.compile(r"\b(?:en|[Cc]ase|atteindre|depuis|vers) \d+,\d+\b|^ *\d+,\d+  ",
                        re.MULTILINE)
    assert "(9 ; 4)" in reports["odds of each square"]
    assert not {name: found for name, text in reports.items()
                if (found := square.findall(NOTATION.sub(" ", SOURCE.sub(" ", text))))}
    found = {name: english_in(text) for name, text in reports.items()}
    assert not {name: words for name, words in found.items() if words}


# --- what a French reader meets around the game: --help, errors, the palette, wrapping ----

#: What a command line writes the same in every language: an option (`--from`, `-h`) and
#: a set of choices (`{down,turn}`), typed as they are.
OPTIONS = re.compile(r"(?<![\w-])--?[\w-]+|\{[\w,]+\}")
#: The commands, by their names.
COMMAND_NAMES = [command.__name__.rsplit(".", 1)[1] for command in COMMANDS]


def said(*argv: str) -> tuple[int, str]:
    """Exit code and output (stdout, then stderr) of the command line `argv`, a `--help` or
    a refused command line included (argparse exits)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            code = main(list(argv))
        except SystemExit as exit_:
            code = exit_.code
    return code, out.getvalue()


@pytest.mark.parametrize("command", ["", *COMMAND_NAMES])
def test_every_commands_help_in_french_holds_no_english(command, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    code, text = said("--lang", "fr", *([command] if command else []), "--help")
    assert code == 0 and text.startswith("utilisation : escarmouche"), text
    assert "\noptions\u00a0:\n" in text and "affiche cette aide et quitte" in text
    assert not english_in(OPTIONS.sub(" ", text))


def test_french_help_from_the_environment_and_english_help_as_it_was(monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    code, french = said("odds", "--help")
    assert code == 0 and "arguments positionnels\u00a0:\n  scénario\n  attaquant\n  cible" \
        in french
    assert "--vary CHAMP=BAS..HAUT[:PAS]" in french and "P(à terre)" in french
    # --lang, before or after the command, is read before the parser is built
    code, english = said("odds", "--lang=en", "--help")
    assert english.startswith("usage: escarmouche odds [-h]")
    assert "positional arguments:\n  scenario\n  attacker\n  target" in english
    assert "  -h, --help            show this help message and exit\n" in english
    assert "--vary FIELD=LOW..HIGH[:STEP]" in english and "--content CONTENT" in english
    assert not english_in(OPTIONS.sub(" ", french)) and english_in(english)
    import game.cli

    assert game.cli.DESCRIPTION == game.cli.__doc__  # `--help`'s description, marked


def test_the_language_is_read_from_the_command_line_before_it_is_parsed():
    assert asked_language(["--lang", "fr", "odds"]) == "fr"
    assert asked_language(["odds", "a", "--lang=fr"]) == "fr"
    assert asked_language(["odds", "--lan", "fr"]) == "fr"  # argparse's abbreviation
    assert asked_language(["--lang", "fr", "odds", "--lang", "en"]) == "en"  # the last
    assert asked_language(["--lang", "xx"]) is None  # argparse refuses it
    assert asked_language(["script", "duel", "--", "--lang", "fr"]) is None
    assert asked_language(["--lang"]) is None


def test_argparse_refuses_a_command_line_in_french():
    code, text = said("--lang", "fr", "odds", "crossroads")
    assert code == 2 and text.endswith("escarmouche odds : erreur : ces arguments sont "
                                       "obligatoires : attaquant, cible\n")
    assert text.startswith("utilisation : escarmouche odds [-h]")
    assert said("--lang", "fr", "odds", "a", "b", "c", "--figure", "zz")[1].endswith(
        "erreur : argument --figure : choix invalide : 'zz' (au choix : 'down', 'success', "
        "'turn', 'mean', 'lands')\n")
    assert said("--lang", "fr", "frob")[1].startswith("utilisation : escarmouche") and \
        "escarmouche : erreur : argument commande : choix invalide : 'frob' (au choix : " \
        "'play', " in said("--lang", "fr", "frob")[1]
    assert said("--lang", "fr", "--seed", "x")[1].endswith(
        "erreur : argument --seed : une graine est un nombre entier de -9223372036854775808 "
        "à 9223372036854775807, pas 'x'\n")
    assert said("--lang", "fr", "validate", "--frob")[1].endswith(
        "escarmouche : erreur : arguments inconnus : --frob\n")
    assert said("--lang", "fr", "odds", "a", "b", "c", "--weapon")[1].endswith(
        "erreur : argument --weapon : une valeur attendue\n")
    assert said("--lang", "fr", "odds", "a", "b", "c", "--brawl", "--spell", "x")[1].endswith(
        "erreur : argument --spell : impossible avec l'argument --brawl\n")


def test_argparse_texts_marked_for_the_catalog_are_argparse_s_own():
    import argparse
    import ast
    import inspect

    own = set()
    for node in ast.walk(ast.parse(inspect.getsource(argparse))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("_", "ngettext"):
            texts = tuple(arg.value for arg in node.args if isinstance(arg, ast.Constant)
                          and isinstance(arg.value, str))
            own.add(texts if len(texts) == 2 else texts[0] if texts else None)
    assert set(ARGPARSE_TEXTS) <= own, set(ARGPARSE_TEXTS) - own


def message_english(line: str) -> list[str]:
    """The English words of a `file:line:col: message` line's message, what it quotes (the
    file's own words, `'melée'`, `` `int` ``), options and paths taken out."""
    message = re.sub(r"^\S+:\d+:\d+: ", "", line)
    message = re.sub(r"'[^']*'|`[^`]*`", " ", OPTIONS.sub(" ", message))
    return ENGLISH.findall(SOURCE.sub(" ", message))


def test_content_errors_read_french_and_quote_the_files_words(tmp_path):
    shutil.copytree(DEFAULT_CONTENT, tmp_path / "bad")
    weapons = tmp_path / "bad" / "weapons.yaml"
    weapons.write_text(weapons.read_text().replace("cost: 4", "cost: -4", 1))
    characters = tmp_path / "bad" / "characters.yaml"
    text = characters.read_text()
    text = text.replace("melee:", "melée:", 1)
    text = text.replace("weapons: [shortbow", "weapons: [swrod, shortbow", 1)
    characters.write_text(text)
    armours = tmp_path / "bad" / "armours.yaml"
    armours.write_text(armours.read_text() + "oops: [1, 2\n")
    code, french = said("--lang", "fr", "validate", "--content", str(tmp_path / "bad"))
    lines = french.splitlines()
    assert code == 2 and lines[-1].endswith(" erreurs de contenu")
    # The kinds of value in words, not msgspec's type names (`il faut `int` >= 1` before).
    assert any(line.endswith(": sword.ap_cost : il faut un entier >= 1") for line in lines)
    assert any(line.endswith(": champ inconnu 'melée' (vouliez-vous dire 'melee' ?)")
               for line in lines), french
    assert any(": arme inconnue 'swrod'" in line for line in lines), french
    assert any(line.endswith(": YAML invalide : en analysant une liste en ligne, il manque "
                             "',' ou ']'") for line in lines), french
    assert not {line: words for line in lines if (words := message_english(line))}
    # English as it was, word for word
    code, english = said("validate", "--content", str(tmp_path / "bad"))
    assert any(line.endswith(": unknown field 'melée' (did you mean 'melee'?)")
               for line in english.splitlines())
    assert any(line.endswith(": sword.ap_cost: expected `int` >= 1")
               for line in english.splitlines())


def test_usage_and_lab_errors_read_french(tmp_path):
    script = str(DEFAULT_CONTENT / "scripts" / "duel-demo.txt")
    runs = {
        ("script", "nowhere", script): "escarmouche : aucun scénario 'nowhere' (connus : ",
        ("script", "duel", script, "--rolls", "0"):
            "escarmouche : --rolls : un résultat de d100 est entre 1 et 100, pas 0",
        ("--content", str(tmp_path / "nowhere"), "validate"):
            f"escarmouche : --content {tmp_path / 'nowhere'} : ce dossier n'existe pas",
        ("simulate", "duel", "ysolde", "--runs", "3"):
            "escarmouche : un duel demande deux modèles (personnages ou créatures) : "
            "duel A B, pas 'duel ysolde'",
        ("simulate", "crossroads", "--runs", "0"):
            "escarmouche : --runs / --games doit valoir au moins 1",
        ("odds", "crossroads", "aldric", "goblin-1", "--vary", "aldric.skills.melee=9..1"):
            "escarmouche : --vary 'aldric.skills.melee=9..1' : BAS ne doit pas dépasser HAUT",
        ("--saves-dir", str(tmp_path), "load", "nosuch"): "escarmouche : aucune sauvegarde",
    }
    for argv, start in runs.items():
        code, text = said("--lang", "fr", *argv)
        assert code == 2 and text.startswith(start), (argv, text)
        assert not message_english(text), (argv, text)


async def test_the_command_palette_says_no_match_in_french(tmp_path):
    app = EscarmoucheApp(app_duel(), saves_dir=tmp_path, autosave=False, lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert "Chercher une commande…" in screen_text(app)
        await pilot.press("z", "z", "z")
        # The palette waits half a second before saying it: until its list says so.
        for _ in range(100):
            listed = app.screen.query_one(CommandList)
            if listed.option_count and listed.get_option_at_index(0).id == "--no-matches":
                break
            await pilot.pause(0.05)
        await pilot.pause()
        text = screen_text(app)
    assert "Aucune commande ne correspond" in text and "No matches" not in text


def test_a_line_never_breaks_at_a_no_break_space():
    from textual.content import Content

    line = "Attention à la gêne\u00a0: vos alliés gênent, 40,0\u202f% ; fin"
    for width in range(8, 40):
        console = Console(width=width, file=io.StringIO(), record=True)
        console.print(line)
        for lines in (console.export_text().splitlines(),
                      [str(part) for part in Content(line).wrap(width)]):
            assert not [text for text in lines if text.lstrip()[:1] in (":", "%")], width
    console = Console(width=5, file=io.StringIO(), record=True)
    console.print("abcdefgh\u00a0:ijk lm")  # a word too long for a line is still cut
    assert [text.rstrip() for text in console.export_text().splitlines()] == [
        "abcde", "fgh\u00a0:", "ijk", "lm"]


def test_a_line_never_breaks_before_high_punctuation_nor_inside_a_number_and_its_unit():
    from textual.content import Content

    # The catalog writes a plain space before `?`, `:`, `;` (as a French reader saw it:
    # `Finir le tour` / `?` in the end-turn dialog at 80x24, `(3 PA)` / `:` in the panel).
    lines = ["Aldric et Brenna ont encore des PA. Finir le tour ?",
             "Là où se tient Aldric (10 PA) : personne", "que des personnages ; Snik",
             "reach 40 % then 3 HP left"]
    for line in lines:
        for width in range(14, 45):
            console = Console(width=width, file=io.StringIO(), record=True)
            console.print(line)
            for wrapped in (console.export_text().splitlines(),
                            [str(part) for part in Content(line).wrap(width)]):
                assert not [t for t in wrapped if t.lstrip()[:1] in (":", ";", "?", "%")]
                assert not [b for a, b in zip(wrapped, wrapped[1:])
                            if a.rstrip()[-1:].isdigit() and b.lstrip()[:2] in ("PA", "HP")]


async def test_a_demo_caption_keeps_its_colon_on_the_line_of_its_word():
    from game.commands.common import new_game
    from game.scripts import Demo, read_script
    from game.ui.screens.demo import DemoApp

    script = read_script(DEFAULT_CONTENT / "scripts" / "spells-demo.txt")
    set_language("fr")
    demo = Demo(new_game(DEFAULT_CONTENT, "crossroads", 0, designer=True), script.steps,
                script.preamble)
    app = DemoApp(demo, "spells-demo.txt")
    async with app.run_test(size=(100, 30)) as pilot:  # the briefing broke `gêne` / `: vos`
        await pilot.pause()
        text = screen_text(app)
    assert "gêne\u00a0: vos" in text
    assert not [line for line in text.splitlines() if line.strip("│ ")[:1] in (":", "%")]
