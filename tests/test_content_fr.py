"""The content in French: a text may carry a French form beside its English
(`name: {en: sword, fr: épée}`), the schemas and the loader accept both forms and reject a
bad one at its place, the game shows the player's language's form through one lookup
(`game.i18n.content_text`) and English where there is none; gender for agreement; numbers
per language; the glossary's words in the catalog.

Every test leaves the language as it found it (English).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import jsonschema
import pytest
import yaml
from babel.numbers import format_decimal as babel_decimal

from game import i18n
from game.cli import main
from game.commands.common import new_game
from game.content.loader import DEFAULT_CONTENT, load_content, load_scenario, scenario_path
from game.content.schema import schema_of
from game.content.yamlmarks import ContentErrors
from game.i18n import content_text, format_decimal, format_percent
from game.journal.text import describe, namer, refusal_text
from game.scripts import Demo, parse_script, read_script
from game.ui.app import EscarmoucheApp
from game.ui.widgets.panels import UnitPanel
from tests.helpers import APP_SIZE, journal_text, text_of

NB = "\u202f"  # narrow no-break space
PO = Path(i18n.LOCALE_DIR) / "fr" / "LC_MESSAGES" / "escarmouche.po"


@pytest.fixture(autouse=True)
def _english_after():
    before = i18n.current_language()
    yield
    i18n.set_language(before)


@pytest.fixture
def variant(tmp_path) -> Path:
    """A copy of the shipped content to edit."""
    root = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, root)
    return root


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


# --- the two forms, and the fallback ------------------------------------------------------


def test_the_engine_keeps_the_english_and_the_edge_shows_the_french():
    content = load_content()
    assert content.weapons["sword"].name == "sword"  # what saves and fingerprints see
    assert content.characters["aldric"].quips.hit == ["For the Lily!"]
    with i18n.language("fr"):
        assert content_text("sword") == "épée"
        assert content_text("For the Lily!") == f"Pour le Lys{NB}!"
        assert content_text("Aldric") == "Aldric"  # a name without a French form
    assert content_text("sword") == "sword"


def test_a_name_without_french_shows_its_english_in_french(variant):
    edit(variant / "weapons.yaml", "  name: {en: \"sword\", fr: \"épée\"}\n",
         "  name: rune sword\n")
    edit(variant / "armours.yaml", "  name: {en: \"chainmail\", fr: \"cotte de mailles\"}\n",
         "  name: {en: \"ring coat\", fr: \"broigne\"}\n")
    game = new_game(variant, "duel", 0, designer=True)
    assert game.content.weapons["sword"].name == "rune sword"
    with i18n.language("fr"):
        # Gautier's sword has no French: its English, and no error; his armour has one
        lines = "\n".join(describe(e, namer(game)) for e in game.apply("attack gautier ysolde"))
        assert lines.endswith(": Ysolde est à 11 cases ; il faut une cible adjacente (rune sword)")
        assert content_text(game.content.armours["chainmail"].name) == "broigne"
    assert content_text(game.content.armours["chainmail"].name) == "ring coat"


def test_the_loader_rejects_a_bad_translation_at_its_place(variant):
    edit(variant / "weapons.yaml", "  name: {en: \"dagger\", fr: \"dague\"}\n",
         "  name: {en: dagger, de: Dolch}\n")
    edit(variant / "weapons.yaml", "  name: {en: \"mace\", fr: \"masse\"}\n",
         "  name: {fr: masse}\n")
    edit(variant / "spells.yaml", "  name: {en: \"Spark\", fr: \"Étincelle\"}\n",
         "  name: 7\n")
    with pytest.raises(ContentErrors) as caught:
        load_content(variant)
    errors = [str(e) for e in caught.value.errors]
    lines = (variant / "weapons.yaml").read_text().splitlines()
    dagger = next(i for i, line in enumerate(lines, 1) if "Dolch" in line)
    mace = next(i for i, line in enumerate(lines, 1) if "{fr: masse}" in line)
    assert f"content/weapons.yaml:{dagger}:22: dagger.name: unknown field 'de'; known fields: en, fr" \
        in errors
    assert f"content/weapons.yaml:{mace}:9: mace.name: missing required field 'en'" in errors
    assert any(e.startswith("content/spells.yaml:") and e.endswith(
        "spark.name: expected a text or its forms by language ({en: …, fr: …}), got `int`")
        for e in errors), errors
    assert main(["validate", "--content", str(variant)]) == 2


def test_the_schema_accepts_both_forms_and_rejects_a_bad_one():
    schema = schema_of("weapons")
    weapon = {"kind": "melee", "dice": "1d8", "ap_cost": 4, "family": "sword"}
    for name in ("sword", {"en": "sword"}, {"en": "sword", "fr": "épée"}):
        jsonschema.validate({"sword": {**weapon, "name": name}}, schema)
    for bad in ({"fr": "épée"}, {"en": "sword", "de": "Schwert"}, {"en": ""}, 7):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({"sword": {**weapon, "name": bad}}, schema)
    scenario = yaml.safe_load((DEFAULT_CONTENT / "scenarios" / "duel.yaml").read_text())
    assert scenario["briefing"]["fr"].startswith("Un pré à l'aube")
    jsonschema.validate(scenario, schema_of("scenario"))


def test_masteries_and_known_spells_are_named_in_french(capsys, tmp_path):
    """A mastery is its weapon family in French (`maîtrise dague`), a missing field its
    label (`pas de maîtrise hache : 0`), the spells a caster knows their French names."""
    from game.cli import main
    from game.journal.text import source_part
    from game.rules.sources import Source

    commands = tmp_path / "cast.txt"
    commands.write_text("cast corvin mend corvin\n")
    assert main(["--lang", "fr", "script", "crossroads", str(commands)]) == 0
    assert "(connaît : Trait de feu, Tempête de glace, Concentration, Maléfice)" \
        in capsys.readouterr().out
    absent = Source("characters", "ysolde", ("masteries.axe", "skills.brawl"), "absent")
    with i18n.language("fr"):
        assert source_part(absent) == "characters.yaml: ysolde (pas de maîtrise hache, " \
                                      "bagarre : 0)"
    assert source_part(absent) == "characters.yaml: ysolde (no masteries.axe, skills.brawl: 0)"


def test_the_shared_quips_in_french_agree_with_no_gender():
    """A default quip is said by anyone, to anyone (`Too slow!` to Ysolde as to Gautier):
    its French has no word that agrees (`trop lent`, `un de moins`, `fendu`)."""
    content = load_content()
    agreeing = re.compile(r"\b(?:lente?s?|un de moins|une de moins|fendue?|jugée?|touchée?|"
                          r"battue?|vaincue?|mort|morte)\b", re.IGNORECASE)
    defaults = content.rules.default_quips
    with i18n.language("fr"):
        said = {on: [content_text(line) for line in getattr(defaults, on)]
                for on in ("miss", "hit", "perfect", "dodge", "spell_fail", "kill")}
    assert said["dodge"][0] == f"Manqué{NB}!"
    assert not {on: lines for on, lines in said.items()
                if any(agreeing.search(line) for line in lines)}


def test_every_shipped_text_has_its_french(variant):
    """The shipped content is translated: every name that is not a person's has a French
    form, and so has every description, briefing, victory text and quip."""
    missing = []

    def walk(node, where):
        if isinstance(node, dict):
            if set(node) <= {"en", "fr"} and "en" in node:
                if not node.get("fr"):
                    missing.append(where)
                return
            for key, value in node.items():
                if key in ("description", "briefing", "victory") and isinstance(value, str) \
                        and value:
                    missing.append(f"{where}.{key}")
                walk(value, f"{where}.{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                if where.split(".")[-1] in ("miss", "hit", "perfect", "dodge", "spell_fail",
                                            "kill") and isinstance(value, str):
                    missing.append(f"{where}[{i}]")
                walk(value, f"{where}[{i}]")

    for path in sorted([*DEFAULT_CONTENT.glob("*.yaml"), *DEFAULT_CONTENT.glob("scenarios/*")]):
        walk(yaml.safe_load(path.read_text(encoding="utf-8")), path.name)
    assert missing == []
    weapons = yaml.safe_load((DEFAULT_CONTENT / "weapons.yaml").read_text())
    assert all(isinstance(w["name"], dict) for w in weapons.values())


# --- where the French shows -----------------------------------------------------------


async def test_a_translated_name_shows_in_french_on_the_play_screen():
    game = new_game(DEFAULT_CONTENT, "crossroads", 3)
    app = EscarmoucheApp(game, lang="fr")
    async with app.run_test(size=APP_SIZE) as pilot:
        await pilot.pause()
        unit = text_of(app.play.query_one(UnitPanel))
        assert "Armes : épée" in unit and "armure de cuir, Manteau du Lys" in unit
        assert "sword" not in unit and "leather armour" not in unit
        journal = journal_text(app)
        assert "Deux compagnies atteignent le carrefour en ruine à l'aube." in journal
        assert "Victoire : le dernier joueur qui a encore des personnages debout gagne" in journal
        assert "Two companies" not in journal
        assert app.play.title == "Escarmouche — Le Carrefour en ruine"


async def test_the_same_screen_in_english_is_unchanged():
    game = new_game(DEFAULT_CONTENT, "crossroads", 3)
    app = EscarmoucheApp(game, lang="en")
    async with app.run_test(size=APP_SIZE) as pilot:
        await pilot.pause()
        assert "Weapons: sword" in text_of(app.play.query_one(UnitPanel))
        assert app.play.title == "Escarmouche — The Ruined Crossroads"


def test_a_cli_report_shows_the_french_names_and_quips(capsys):
    assert main(["odds", "crossroads", "aldric", "goblin-1", "--lang", "fr"]) == 1
    assert capsys.readouterr().err == ("impossible : Snik le gobelin est à 7 cases ; il faut "
                                       "une cible adjacente (épée)\n")
    assert main(["script", "duel", "content/scripts/duel-demo.txt", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Ysolde attaque (dague) Gautier à 1 case" in out
    assert f"  Ysolde : « Raté{NB}! »" in out
    assert "Missed!" not in out and "(dagger)" not in out


def test_a_scenarios_default_victory_is_in_the_catalog(variant):
    path = variant / "scenarios" / "duel.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("victory:")
    end = text.index("map:")
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    content = load_content(variant)
    scenario = load_scenario(content, scenario_path(variant, "duel"), variant)
    assert scenario.victory == "The last player with characters standing wins."
    with i18n.language("fr"):
        assert content_text(scenario.victory) == \
            "Le dernier joueur qui a encore des personnages debout gagne."


def test_a_demo_caption_has_its_french_form():
    script = parse_script("# Preamble.\n# fr: Préambule.\n\n"
                          "# --- Round 1, Alice ---\n# fr: --- Manche 1, Alice ---\n"
                          "move gautier 6,4   # four squares\n# fr: quatre cases\n"
                          "end   # no French for this one\n")
    game = new_game(DEFAULT_CONTENT, "duel", 0)
    demo = Demo(game, script.steps, script.preamble)
    with i18n.language("fr"):
        assert demo.caption == "Préambule."
        demo.forward()
        assert demo.caption == "--- Manche 1, Alice ---\nquatre cases"
        demo.forward()
        assert demo.caption == "no French for this one"
    demo.back()
    assert demo.caption == "--- Round 1, Alice ---\nfour squares"
    assert [s.command for s in script.steps] == ["move gautier 6,4", "end"]



SCRIPTS = sorted((DEFAULT_CONTENT / "scripts").glob("*.txt"))


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_every_shipped_demo_caption_has_its_french(path):
    script = read_script(path)
    captions = [script.preamble, *(step.caption for step in script.steps if step.caption)]
    with i18n.language("fr"):
        french = [content_text(caption) for caption in captions]
    untranslated = [english for english, form in zip(captions, french) if form == english]
    assert not untranslated
    # Each section line stays one (`flow` keeps it on its own line), in the page's words.
    sections = [line for form in french for line in form.split("\n") if line.startswith("---")]
    assert sections and all("Manche" in line for line in sections), sections
    assert not [form for form in french if re.search(r"\b(Round|squares?|dodges?|AP)\b", form)]


def test_the_duel_demo_shows_its_captions_in_french_and_english():
    script = read_script(DEFAULT_CONTENT / "scripts" / "duel-demo.txt")
    demo = Demo(new_game(DEFAULT_CONTENT, "duel", 0, designer=True), script.steps,
                script.preamble)
    with i18n.language("fr"):
        assert demo.caption.startswith("Le Duel à l'aube, joué jusqu'au bout\u00a0:")
        demo.forward()
        assert demo.caption == ("--- Manche 1, Alice ---\n"
                                "4 cases, reste 6 PA\u00a0: le chevalier l'attend")
    assert demo.caption == "--- Round 1, Alice ---\n4 squares, 6 AP left: the knight waits for her"

# --- gender --------------------------------------------------------------------------


def test_gender_comes_from_the_template_and_a_placement_may_change_it():
    game = new_game(DEFAULT_CONTENT, "duel", 0, designer=True)
    assert (game.units["ysolde"].gender, game.units["gautier"].gender) == ("f", "m")
    content = load_content()
    assert content.characters["dagny"].gender == "f"
    assert content.creatures["wolf"].gender == "m"
    assert all(c.gender in "mf" for c in (*content.characters.values(),
                                          *content.creatures.values()))


def test_a_placement_agrees_with_the_units_gender_in_french():
    game = new_game(DEFAULT_CONTENT, "duel", 0, designer=True)
    name = namer(game)
    events = [*game.apply("place ysolde 3,3"), *game.apply("place gautier 3,4")]
    english = [describe(e, name) for e in events]
    assert english[1] == "  ✎ edit: Ysolde placed at 3,3 (was 13,5)"
    assert english[3] == "  ✎ edit: Gautier placed at 3,4 (was 2,4)"
    with i18n.language("fr"):
        french = [describe(e, name) for e in events]
    assert french[1] == "  ✎ modification : Ysolde placée en (3 ; 3), au lieu de (13 ; 5)"
    assert french[3] == "  ✎ modification : Gautier placé en (3 ; 4), au lieu de (2 ; 4)"


@pytest.mark.parametrize("attacker, target, pronoun", [("ysolde", "gautier", "elle"),
                                                       ("gautier", "ysolde", "il")])
def test_the_odds_of_a_turn_agree_with_the_attackers_gender_in_french(attacker, target,
                                                                      pronoun, capsys):
    from game.cli import main

    assert main(["--lang", "fr", "odds", "duel", attacker, target, "--turn"]) == 0
    assert f"  rien de ce qu’{pronoun} peut faire ne met la cible à terre ce tour\n" \
        in capsys.readouterr().out
    assert main(["--lang", "fr", "odds", "crossroads", "brenna", "goblin-1", "--turn"]) == 0
    assert "(ce qu’elle joue tant que la cible tient debout" in capsys.readouterr().out



def _french_lines(game, commands: list[str]) -> list[str]:
    """The journal's French lines of each command's last event (its refusal or its edit)."""
    name = namer(game)
    lines = []
    for command in commands:
        last = game.apply(command)[-1]
        with i18n.language("fr"):
            lines.append(describe(last, name).strip())
    return lines


def test_the_refusals_about_a_unit_itself_agree_with_its_gender_in_french():
    game = new_game(DEFAULT_CONTENT, "crossroads", 0, designer=True)
    assert [game.units[u].gender for u in ("aldric", "brenna", "corvin", "dagny", "elise")] \
        == ["m", "f", "m", "f", "f"]
    first = _french_lines(game, ["attack aldric aldric", "attack brenna brenna",
                                 "cast corvin hex corvin", "spawn pike pk 6,6 owner 1",
                                 "use pk pepper-bag pk"])
    # No shipped woman carries a malus item: Pike's agreement, then as a woman's.
    game.units["pk"].gender = "f"
    first += _french_lines(game, ["use pk pepper-bag pk", "end"])[:1]
    second = _french_lines(game, ["attack dagny dagny", "cast elise weaken elise",
                                  "cast elise circle-of-healing aldric",
                                  "cast elise circle-of-healing brenna"])
    assert first == [
        "✗ attack aldric aldric : Aldric ne peut pas s'attaquer lui-même",
        "✗ attack brenna brenna : Brenna ne peut pas s'attaquer elle-même",
        "✗ cast corvin hex corvin : Corvin ne peut pas se viser lui-même avec Maléfice",
        "✎ modification : Pike créé depuis pike en (6 ; 6) pour Alice",
        "✗ use pk pepper-bag pk : sac de poivre est un malus : Pike ne peut pas l'utiliser "
        "sur lui-même",
        "✗ use pk pepper-bag pk : sac de poivre est un malus : Pike ne peut pas l'utiliser "
        "sur elle-même"]
    assert second == [
        "✗ attack dagny dagny : Dagny ne peut pas s'attaquer elle-même",
        "✗ cast elise weaken elise : Elise ne peut pas se viser elle-même avec Affaiblissement",
        "✗ cast elise circle-of-healing aldric : Cercle de soins ne touche que les alliés ; "
        "Aldric est un ennemi",
        "✗ cast elise circle-of-healing brenna : Cercle de soins ne touche que les alliés ; "
        "Brenna est une ennemie"]
    # English does not inflect: one form for both.
    with i18n.language("en"):
        assert refusal_text(game.journal[-1].message, game.journal[-1].fields) \
            == "Circle of Healing touches friends only; Brenna is a foe"


def test_a_designers_edits_agree_with_the_units_gender_in_french():
    game = new_game(DEFAULT_CONTENT, "crossroads", 0, designer=True)
    lines = _french_lines(game, ["spawn dagny d2 6,6 owner 1", "remove d2",
                                 "spawn fenwick f2 6,6 owner 1", "remove f2",
                                 "hold wolf-1", "hold wolf-1", "release wolf-1"])
    # No shipped creature is female: the wolf as a she-wolf (a placement's `gender: f`).
    game.units["wolf-1"].gender = "f"
    lines += _french_lines(game, ["hold wolf-1", "hold wolf-1", "release wolf-1"])
    assert lines == [
        "✎ modification : Dagny créée depuis dagny en (6 ; 6) pour Alice",
        "✎ modification : Dagny retirée du jeu",
        "✎ modification : Fenwick créé depuis fenwick en (6 ; 6) pour Alice",
        "✎ modification : Fenwick retiré du jeu",
        "✎ modification : Loup retenu : saute la phase des créatures",
        "✗ hold wolf-1 : Loup est déjà retenu",
        "✎ modification : Loup libéré : agit de nouveau pendant la phase des créatures",
        "✎ modification : Loup retenue : saute la phase des créatures",
        "✗ hold wolf-1 : Loup est déjà retenue",
        "✎ modification : Loup libérée : agit de nouveau pendant la phase des créatures"]


def test_the_app_names_a_foe_and_asks_before_healing_one_in_her_gender():
    from game.i18n import agreed
    from game.ui.screens.play.modes import side_text

    game = new_game(DEFAULT_CONTENT, "crossroads", 0)
    with i18n.language("fr"):
        assert side_text(game, "aldric", game.units["dagny"]) == "Dagny (Bruno, ennemie)"
        assert side_text(game, "aldric", game.units["fenwick"]) == "Fenwick (Bruno, ennemi)"
        assert side_text(game, "aldric", game.units["brenna"]) == "Brenna (Alice, à vous)"
        heal = ("Heal {names}, an enemy?", "Heal {names}, enemies?")
        assert agreed("f", *heal, 1) == "Soigner {names}, une ennemie ?"
        assert agreed("m", *heal, 1) == "Soigner {names}, un ennemi ?"
        assert agreed("f", *heal, 2) == "Soigner {names}, des ennemies ?"
        assert agreed("m", *heal, 2) == "Soigner {names}, des ennemis ?"
    assert agreed("f", *heal, 1) == "Heal {names}, an enemy?"
    assert side_text(game, "aldric", game.units["dagny"]) == "Dagny (Bruno, foe)"


def test_a_heal_reads_with_nothing_to_agree_in_french():
    game = new_game(DEFAULT_CONTENT, "crossroads", 0, designer=True)
    name = namer(game)
    game.apply("end")
    game.apply("set elise.hp 3")
    game.apply("force 1")
    events = game.apply("cast elise mend elise")
    with i18n.language("fr"):
        lines = [describe(e, name) for e in events]
    assert any(line.strip().startswith("soin sur Elise : ") for line in lines), lines


# --- numbers -------------------------------------------------------------------------


@pytest.mark.parametrize("value", [0.4, 0.0512, 1.0, 0.125, 0.0703, 0.999])
def test_a_percentage_reads_as_babel_writes_the_number(value):
    for language in ("en", "fr"):
        number = babel_decimal(100 * value, format="#,##0.0", locale=language)
        sign = "%" if language == "en" else f"{NB}%"
        assert format_percent(value, 1, language) == number + sign
    assert format_percent(0.4, 1, "fr") == f"40,0{NB}%"
    assert format_percent(0.4, 1, "en") == "40.0%"
    assert format_percent(0.65, 0, "fr") == f"65{NB}%"


@pytest.mark.parametrize("value", [1234.5, -3.25, 0.5, 12.34, 1234567.891, 7.0])
def test_a_decimal_reads_as_babel_writes_it(value):
    for language in ("en", "fr"):
        assert format_decimal(value, 2, language) == \
            babel_decimal(value, format="#,##0.00", locale=language)


def test_the_current_language_picks_the_separators():
    assert format_percent(0.125) == "12.5%"
    with i18n.language("fr"):
        assert format_percent(0.125) == f"12,5{NB}%"
        assert format_decimal(2.5, 2) == "2,50"


# --- the glossary ----------------------------------------------------------------------


def _catalog():
    from babel.messages.pofile import read_po

    with open(PO, "rb") as handle:
        return list(read_po(handle))


def _forms(message) -> tuple[tuple[str, ...], tuple[str, ...]]:
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return ids, strings


def test_the_perfect_attack_has_one_french_name():
    for message in _catalog():
        ids, strings = _forms(message)
        for text in strings:
            low = text.lower()
            assert "touché parfait" not in low and "touche parfaite" not in low, text
            assert not low.startswith("parfaite"), (ids, text)
        if any("perfect hit" in i or i == "perfect" or "P(perfect)" in i for i in ids):
            assert all("attaque parfaite" in s.lower() for s in strings), (ids, strings)


def test_a_round_is_a_manche_and_luck_a_bonus_de_chance():
    seen = 0
    for message in _catalog():
        ids, strings = _forms(message)
        if any(re.search(r"\bround\b|\brounds\b", i, re.I) for i in ids):
            seen += 1
            assert all("manche" in s.lower() and "tour " not in s.lower().replace(
                "tour de ", "") for s in strings), (ids, strings)
        if any(re.search(r"\bluck\b", i) for i in ids):
            assert all("bonus de chance" in s for s in strings), (ids, strings)
        if any(re.search(r"\bodds\b", i, re.I) for i in ids):
            assert all("chances" not in s.lower() for s in strings), (ids, strings)
    assert seen >= 10


def test_the_glossary_names_the_words_the_catalog_uses():
    glossary = (Path(__file__).resolve().parent.parent / "docs" / "glossary-fr.md").read_text()
    for word in ("attaque parfaite", "manche", "tour", "bonus de chance", "probabilités",
                 "gêne", "contre parfait"):
        assert f"**{word}**" in glossary
    catalog = PO.read_text(encoding="utf-8")
    for word in ("attaque parfaite", "manche", "bonus de chance", "probabilités", "gêne"):
        assert word in catalog.lower()
