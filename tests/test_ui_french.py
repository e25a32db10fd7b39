"""The app in French (`EscarmoucheApp(lang="fr")`): panels, key bar, help, dialogs and
journal in the page's words (PV, PA, FOR, TAI, bagarre, mêlée…); English stays the default.

Every test leaves the language as it found it (English), so that the other tests of the
run see the English they pin.
"""

import json

import pytest
from textual.widgets import DataTable

from game.commands.common import new_game
from game.content.loader import DEFAULT_CONTENT
from game.i18n import current_language, set_language
from game.saves import save_game
from game.ui.app import EscarmoucheApp
from game.ui.screens.dialogs import ConfirmEndTurn, HandoverScreen, HelpScreen
from game.ui.screens.game_over import GameOverScreen
from game.ui.screens.replay import ReplayScreen
from game.ui.screens.saves import LoadScreen
from game.ui.widgets.bars import KeyBar
from game.ui.widgets.panels import TargetPanel, UnitPanel
from tests.helpers import APP_SIZE as SIZE, app_duel as duel, journal_text, status, text_of

SNAPSHOT_SIZE = (120, 40)


@pytest.fixture(autouse=True)
def _english_after():
    before = current_language()
    yield
    set_language(before)


def crossroads(seed: int = 3, forced=(), lang: str | None = "fr") -> EscarmoucheApp:
    """The default scenario, as `escarmouche play` starts it."""
    game = new_game(DEFAULT_CONTENT, "crossroads", seed)
    game.roller.force(forced)
    return EscarmoucheApp(game, lang=lang)


def key_bar(app) -> str:
    return str(app.play.query_one(KeyBar).render())


async def test_french_panels_journal_and_help_show_the_pages_words():
    app = crossroads()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        unit = text_of(app.play.query_one(UnitPanel))
        assert "PV ██████████████ 18/18" in unit
        assert "PA ██████████████ 10/10" in unit
        assert "FOR  DEX  TAI  INT  DEF  CHA" in unit
        assert "Compétences : bagarre 40  mêlée 50" in unit
        assert "Niveau 1 · XP 0 (niveau suivant : 10)" in unit
        for english in ("HP ", "AP ", "STR", "SIZ", "LCK", "Skills", "brawl", "Level"):
            assert english not in unit
        assert app.play.query_one(UnitPanel).border_title == "Personnage"
        assert app.play.query_one(TargetPanel).border_title == "Cible"
        assert app.play.sub_title == "Manche 1 · à Alice de jouer (joueur 1)"
        # The journal's lines, after a move.
        await pilot.press("right", "enter")
        journal = journal_text(app)
        assert "Victoire : le dernier joueur qui a encore des personnages debout gagne" in journal
        assert "— Manche 1 : Alice joue (joueur 1) —" in journal
        # a square never reads as a decimal in French: (x ; y)
        assert "Aldric avance de 1 case jusqu'en (4 ; 7) (1 PA, reste 9)" in journal
        assert status(app) == "Aldric avance de 1 case jusqu'en (4 ; 7) (1 PA, reste 9)"
        assert "Case (4 ; 7)" in text_of(app.play.query_one(TargetPanel))
        for english in ("Victory", "Round", "moves", "left"):
            assert english not in journal
        # The help lists the keys in French.
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        help_text = "\n".join(str(s.render()) for s in app.screen.query("Static"))
        assert "Touches" in help_text
        assert "Entrée, m" in help_text
        assert "Sélectionner votre personnage sous le curseur" in help_text
        assert "Ligne de commande (:)" in help_text
        assert "Ce scénario" in help_text
        # the notation's placeholders in French, its words as typed
        assert "attack ID CIBLE [with ARME | brawl]" in help_text
        assert "cast ID SORT CIBLE" in help_text and "save NOM · load NOM · undo" in help_text
        assert "TARGET" not in help_text and "NAME" not in help_text
        assert "Victoire : le dernier joueur" in help_text


async def test_french_key_bar_and_status_line():
    app = crossroads()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        bar = key_bar(app)
        for french in ("Choisir/Aller", "Attaquer", "Bagarre", "Sort", "Porte", "Fin du tour",
                       "Commande", "Aide", "Quitter", "Annuler", "Sauvegarder", "Charger"):
            assert french in bar
        for english in ("Select/Move", "Attack", "Brawl", "Cast", "Door", "End turn",
                        "Help", "Quit", "Undo", "Save", "Load"):
            assert f" {english} " not in bar
        await pilot.press("right")
        assert status(app) == "Déplacer Aldric en (4 ; 7) : 1 PA (Entrée)"


async def test_french_from_here_preview_target_panel_chances_and_refusals():
    app = EscarmoucheApp(duel(), lang="fr")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()  # the cursor on Aldric, Dagny next to him
        # The from-here preview puts a space before its colons.
        target = "\n".join(line.plain for line in app.play.query_one(TargetPanel).lines)
        assert "Là où se tient Aldric (10 PA) :" in target
        assert "Dagny [D2] : épée " in target
        # "Qui pourrait": one foe or several, the same agreement.
        assert "Qui pourrait attaquer Aldric ici au prochain tour : Dagny [D2]" in target
        await pilot.press("right")  # Dagny, an enemy next to Aldric
        target = text_of(app.play.query_one(TargetPanel))
        assert "PV ██████████████ 20/20" in target
        assert "1 épée (4 PA) 65 %" in target
        assert "2 mains nues (3 PA)" in target
        assert "esquive " in target
        await pilot.press("left", "down", "down", "a")  # Corvin: Alice's own character
        assert status(app) == "✗ Corvin est l'un de vos propres personnages : un joueur ne " \
                              "peut jamais attaquer les siens"
        await pilot.press("u")  # nothing to undo: the engine's refusal, in French
        assert status(app).startswith("✗ impossible d'annuler")


async def test_french_end_turn_question_and_hand_over():
    app = crossroads(forced=[99] * 20)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        assert isinstance(app.screen, ConfirmEndTurn)
        question = str(app.screen.query_one("#question").render())
        assert question == "Aldric, Brenna et Corvin ont encore des PA. Finir le tour ?"
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert "à Bruno de jouer (joueur 2). Passez le clavier à Bruno." in \
            str(app.screen.query_one("#handover-title").render())


async def test_the_app_without_a_language_is_english():
    app = crossroads(lang=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        unit = text_of(app.play.query_one(UnitPanel))
        assert "HP ██████████████ 18/18" in unit
        assert "STR  DEX  SIZ  INT  DEF  LCK" in unit
        assert "Select/Move" in key_bar(app)


async def test_english_after_french_is_english_again():
    french = crossroads()
    async with french.run_test(size=SIZE) as pilot:
        await pilot.pause()
    english = crossroads(lang="en")
    async with english.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "HP ██████████████ 18/18" in text_of(english.play.query_one(UnitPanel))
        assert "End turn" in key_bar(english)


def test_main_screen_in_french(snap_compare):
    # The cursor on an enemy: the target panel's actions with their chances and terms.
    assert snap_compare(EscarmoucheApp(duel(), lang="fr"), terminal_size=SNAPSHOT_SIZE,
                        press=["right"])


async def test_french_game_over_table():
    game = duel(forced=[10, 99])
    game.units["elise"].hp, game.units["elise"].down = 0, True
    game.units["dagny"].hp = 1
    app = EscarmoucheApp(game, autosave=False, lang="fr")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "a")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert str(app.screen.query_one("#winner").render()) == \
            "Partie finie après 1 manche — Alice gagne !"
        table = app.screen.query_one(DataTable)
        headers = [str(column.label) for column in table.columns.values()]
        assert headers[:4] == ["Personnage", "Joueur", "PV", "Niveau"]
        assert "0/20 à terre" in [str(cell) for cell in table.get_column_at(2)]


async def test_french_save_and_load_screens(tmp_path):
    app = EscarmoucheApp(duel(), saves_dir=tmp_path, lang="fr")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s", "enter")
        assert status(app).startswith("Sauvegardé dans ")
        await pilot.press("ctrl+o")
        assert isinstance(app.screen, LoadScreen)
        heading = str(app.screen.query("Label").first().render())
        assert heading == f"Sauvegardes dans {tmp_path}"
        table = app.screen.query_one(DataTable)
        assert [str(c.label) for c in table.columns.values()] == \
            ["Nom", "Sauvegardée le", "Scénario", "Manche", "Joueurs"]


async def test_french_load_screen_names_the_scenario_in_french_and_dates_day_first(tmp_path):
    game = new_game(DEFAULT_CONTENT, "crossroads", 3)
    save = save_game(game, "carrefour", tmp_path)
    stamp = json.loads(save.read_text())["saved_at"]  # 2026-12-01T21:36:05…
    app = EscarmoucheApp(new_game(DEFAULT_CONTENT, "crossroads", 3), saves_dir=tmp_path,
                         lang="fr")
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.press("ctrl+o")
        row = [getattr(c, "plain", str(c)) for c in app.screen.query_one(DataTable).get_row_at(0)]
        assert row[1] == f"{stamp[8:10]}/{stamp[5:7]} {stamp[11:16]}"
        assert row[2] == "Le Carrefour en ruine"  # the save keeps the English name


async def test_french_load_screen_says_what_is_wrong_with_a_save_without_its_name(tmp_path):
    (tmp_path / "long.json").write_text("{" + "\"x\": 1," * 50)
    app = EscarmoucheApp(duel(), saves_dir=tmp_path, lang="fr")
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.press("ctrl+o")
        row = [getattr(c, "plain", str(c)) for c in app.screen.query_one(DataTable).get_row_at(0)]
        assert row[0] == "long" and row[2] == "illisible"
        assert row[4].startswith("tronqué : ")  # not "est tronqué": the row names the file


async def test_french_replay_screen_and_its_keys():
    app = EscarmoucheApp(duel(), lang="fr")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("left", "enter", "R")
        assert isinstance(app.screen, ReplayScreen)
        assert str(app.screen.query_one("#replay-head").render()) == \
            "Rejouer · étape 1/1 · manche 1 · move aldric 1,2"
        bar = str(app.screen.query_one(KeyBar).render())
        assert "Manche suivante" in bar
        assert "origine Au début" in bar and "échap Fermer" in bar  # key names in French too


async def test_french_describe_screen_and_spell_preview():
    import io

    from rich.console import Console

    from game.ui.screens.describe import DescribeScreen, description_renderable

    app = EscarmoucheApp(duel(), lang="fr")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "i", "down", "enter")  # Dagny's battle axe
        assert isinstance(app.screen, DescribeScreen)
        console = Console(width=94, record=True, file=io.StringIO())
        console.print(description_renderable(app.screen.description))
        text = console.export_text()
        assert "Famille de maîtrise" in text and text.split("Famille de maîtrise")[1].split()[0] == "hache"
        for fact in ("Dés de dégâts", "weapons.yaml: axe.dice", "Coût", "PA",
                     "une case adjacente", "Famille de maîtrise", "Maîtrise de Dagny",
                     "characters.yaml: dagny.masteries.axe", "bonus(FOR), plafond 95"):
            assert fact in text, fact
        for english in ("Damage dice", "Cost", "an adjacent", "Mastery"):
            assert english not in text, english
        await pilot.press("escape", "escape", "tab", "right", "up", "up", "c", "enter")
        assert status(app).startswith("Trait de feu ici touche Dagny (Bruno, ennemie) · Entrée ou "
                                      "y lance, Échap annule")
