"""Sources are data (`Source`: the content table, the entry, the paths read) the edge words
as a designer finds them (`weapons.yaml: sword.dice`); the rules never spell the content's
files; a save written before (version 5) is read once into that data and replays identical."""

from __future__ import annotations

import ast
import json
import shutil
from pathlib import Path

import msgspec
import pytest

from game import i18n
from game.journal.cards import card_for
from game.journal.text import namer, source_text
from game.rules.events import EffectAdded, Roll, XpGained
from game.rules.sources import Source, Sources, entry_source, rules_source, scenario_source
from game.saves import VERSION, _old_source, load_game, read_save, save_game
from tests.helpers import events_of, make_game, replayed_as_today

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
OLD_SAVE = FIXTURES / "saves" / "skirmish-v5.json"


def _strings(tree: ast.AST):
    """Every string literal of a module but its docstrings and the content schema's
    descriptions (which document the files for a designer, docs/content.md)."""
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
        if isinstance(node, ast.keyword) and node.arg == "description":
            skip.update(id(sub) for sub in ast.walk(node.value))
    return [node for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in skip]


def test_the_rules_never_spell_the_content_s_files():
    found = [f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}"
             for path in sorted((ROOT / "game" / "rules").glob("*.py"))
             for node in _strings(ast.parse(path.read_text(encoding="utf-8")))
             if ".yaml" in node.value or "yaml:" in node.value]
    assert found == []


def test_an_attack_carries_its_sources_as_data():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (1, 0))],
                     forced=[10, 99])
    game.apply("set aldric.skills.melee 70")
    events = game.apply("attack aldric dagny with sword")
    attack = events_of(events, Roll)[0]
    assert attack.cap_source == rules_source("page.caps.melee")
    assert attack.terms[0].source == (Source("characters", "aldric", ("skills.melee",), "set"),)
    assert attack.terms[2].source == (
        Source("rules", "", ("stat_bonus_per_point", "page.stat_neutral")),
        Source("characters", "aldric", ("stats.STR",)))
    xp = next(e for e in events_of(events, XpGained) if e.unit == "aldric")
    assert xp.source == rules_source("xp.hit")


def test_a_scenario_s_door_and_an_effect_name_where_their_numbers_are():
    game = make_game([("elise", "elise", 1, (0, 0)), ("aldric", "aldric", 1, (1, 0)),
                      ("dagny", "dagny", 2, (9, 9))], forced=[10])
    [effect] = events_of(game.apply("cast elise bless aldric"), EffectAdded)
    assert effect.origin == entry_source("spells", "bless", "effect.amount")
    assert game.units["aldric"].effects[0].origin == effect.origin
    assert source_text(scenario_source("crossroads", "doors[0].defence")) == \
        "scenarios/crossroads.yaml: doors[0].defence"


SOURCES = (rules_source("xp.hit", "xp.perfect") + entry_source("weapons", "sword", "dice")
           + (Source("characters", "aldric", ("skills.melee",), "set"),
              Source("characters", "ysolde", ("masteries.axe",), "absent"))
           + scenario_source("crossroads", "objects[1].defence"))
WORDS = {
    "en": "rules.yaml: xp.hit, xp.perfect; weapons.yaml: sword.dice; "
          "characters.yaml: aldric.skills.melee, set by the designer; "
          "characters.yaml: ysolde (no masteries.axe: 0); "
          "scenarios/crossroads.yaml: objects[1].defence",
    "fr": "rules.yaml: xp.hit, xp.perfect; weapons.yaml: sword.dice; "
          "characters.yaml: aldric.skills.melee, modifiée par le concepteur; "
          "characters.yaml: ysolde (pas de maîtrise hache : 0); "
          "scenarios/crossroads.yaml: objects[1].defence",
}


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_a_source_is_worded_in_the_player_s_language(lang):
    # The files and paths are the content's own, in every language; the notes are words.
    with i18n.language(lang):
        assert source_text(SOURCES) == WORDS[lang]


def test_a_roll_card_words_the_sources_of_its_terms():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (1, 0))],
                     forced=[10, 99])
    game.apply("attack aldric dagny with sword")
    index = next(i for i, e in enumerate(game.journal) if isinstance(e, Roll))
    rows = [r for s in card_for(game.journal, index, namer(game)).sections for r in s.rows]
    assert ("characters.yaml: aldric.skills.melee" in [r.source for r in rows]
            and "rules.yaml: page.caps.melee" in [r.source for r in rows])


def test_a_version_5_save_is_read_once_into_sources_as_data():
    raw = json.loads(OLD_SAVE.read_text())
    assert raw["version"] == 5
    effect = raw["state"]["units"]["corvin"]["effects"][0]
    assert effect["origin"] == "spells.yaml: focus.effect.amount"  # words, as version 5 wrote
    record = read_save(OLD_SAVE)
    assert record.version == 5
    assert record.state["units"]["corvin"]["effects"][0]["origin"] == [
        {"file": "spells", "entry": "focus", "paths": ["effect.amount"]}]
    rolls = [e for e in record.journal if isinstance(e, Roll)]
    swing = [r for r in rolls if r.unit == "aldric" and r.check == "attack"][-1]
    assert swing.terms[0].source == (Source("characters", "aldric", ("skills.melee",), "set"),)
    assert swing.cap_source == rules_source("page.caps.melee")
    wolf = next(r for r in rolls if r.unit == "brenna")
    assert wolf.terms[1].source == (Source("characters", "brenna", ("masteries.bow",)),)
    # Worded again, each source reads as the save wrote it.
    old = [t.get("source", "") for e in raw["journal"] for t in e.get("terms", ())]
    new = [source_text(t.source) for e in record.journal for t in getattr(e, "terms", ())]
    assert old == new
    assert "characters.yaml: aldric.skills.melee, set by the designer" in new


def test_a_version_5_save_replays_to_the_journal_a_game_played_today_writes(tmp_path):
    content = FIXTURES / "content"
    loaded, saved, today = replayed_as_today(OLD_SAVE, content)
    record, game = loaded.record, loaded.game
    assert saved == today
    assert game.units["corvin"].effects[0].origin == entry_source("spells", "focus",
                                                                  "effect.amount")
    # Saved again, it is a save of this version, read as it was written.
    shutil.copy(OLD_SAVE, tmp_path / "old.json")
    path = save_game(load_game(tmp_path / "old.json", content_dir=content).game, "again",
                     tmp_path)
    again = json.loads(path.read_text())
    assert again["version"] == VERSION == 6
    assert again["state"]["units"]["corvin"]["effects"][0]["origin"] == [
        {"file": "spells", "entry": "focus", "paths": ["effect.amount"]}]
    assert read_save(path).journal == record.journal


OLD_WORDS = ["rules.yaml: damage_bonus[3].dice; characters.yaml: brenna.stats.DEX; "
             "characters.yaml: brenna.stats.SIZ",
             "rules.yaml: page.defence_reduction.per, page.defence_reduction.maximum; "
             "scenarios/crossroads.yaml: doors[0].defence",
             "rules.yaml: counter_drain.fraction, counter_drain.rounding; "
             "spells.yaml: firebolt.ap_cost",
             "characters.yaml: aldric.skills.melee, set by the designer",
             "creatures.yaml: wolf (no masteries.natural: 0)",
             "rules.yaml: stat_bonus_per_point, page.stat_neutral; "
             "characters.yaml: aldric.stats.STR; spells.yaml: bless.effect.amount"]


@pytest.mark.parametrize("words", OLD_WORDS)
def test_an_older_save_s_source_is_read_into_data_that_words_it_the_same(words):
    sources = msgspec.convert(_old_source(words), Sources)
    assert source_text(sources) == words
    # An effect's bare id (saves before origins were kept) names no file: it is no source.
    assert msgspec.convert(_old_source(words + "; bless"), Sources) == sources
