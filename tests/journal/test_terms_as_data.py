"""Terms and dice are data (ids, numbers), worded at the edge in the player's language; a
save written before (version 4) is read once into that data and replays identical."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game import i18n
from game.journal.text import describe, dice_label, names_for, namer, term_label
from game.rules.dice import DiceRoll
from game.rules.events import Damage, Roll
from game.rules.sources import rules_source
from game.rules.terms import Term
from game.saves import VERSION, load_game, read_save, save_game
from tests.helpers import CONTENT, events_of, make_game, replayed_as_today

FIXTURES = Path(__file__).parent.parent / "fixtures"
OLD_SAVE = FIXTURES / "saves" / "skirmish-v4.json"


def test_a_brawl_s_terms_and_dice_carry_what_they_counted():
    # Aldric brawls the goblin with Brenna (his faction, his player) next to him: a forced
    # 1 is a perfect hit, so the damage rolls bare hands, the bonus and the perfect die.
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("brenna", "brenna", 1, (0, 1)),
                      ("goblin", "goblin", None, (1, 0))], forced=[1])
    events = game.apply("attack aldric goblin brawl")
    [roll], [damage] = events_of(events, Roll), events_of(events, Damage)
    faction, crowding = roll.terms[1], roll.terms[2]
    assert (faction.name, faction.value, faction.detail, faction.units) == \
        ("faction", 6, "order", ("brenna",))
    assert (crowding.name, crowding.value, crowding.units, crowding.squares) == \
        ("crowding", -5, ("brenna",), (1,))
    aldric = game.units["aldric"]
    total = aldric.stat("STR") + aldric.stat("SIZ")
    assert [d.label for d in damage.dice] == ["brawl", "bonus", "perfect"]
    bonus = damage.dice[1]
    assert (bonus.stats, bonus.number) == (("STR", "SIZ"), total)
    assert bonus.row is not None and \
        rules_source(f"damage_bonus[{bonus.row}].dice")[0] in bonus.source
    [defence] = damage.reduction_terms
    assert (defence.detail, defence.number) == ("DEF", game.units["goblin"].stat("DEF"))
    # The journal words them with the names of the one lookup.
    line = describe(roll, namer(game))
    assert "faction (order: Brenna) 6 - crowding (Brenna at 1) 5" in line
    assert f"bonus STR+SIZ {total} " in describe(damage, namer(game))


TERMS = [Term("skill", 50, "melee"), Term("mastery", 10, "sword"),
         Term("stat_bonus", 5, "STR", number=15), Term("luck", 2, "LCK", number=12),
         Term("faction", 6, "order", units=("brenna", "corvin")), Term("faction", 0, "order"),
         Term("faction", 0, ""),
         Term("crowding", -9, units=("brenna", "corvin"), squares=(1, 2)), Term("crowding", 0),
         Term("distance", 0, number=1), Term("distance", -3, number=4),
         Term("effect", 10, "bless"), Term("difficulty", -20),
         Term("defence", 1, "DEF", number=14), Term("defence", 2, "door", number=20),
         Term("defence", 1, "base", number=10), Term("armour", 1, "hide"),
         Term("legendary", 1, "lily-mantle")]
DICE = [DiceRoll("brawl", "1d3", (2,), 2), DiceRoll("perfect", "1d6", (2,), 2),
        DiceRoll("bonus", "1d4", (2,), 2, stats=("STR", "SIZ"), number=33, row=4),
        DiceRoll("shortbow", "1d6", (2,), 2)]
WORDS = {
    "en": (["melee", "mastery sword", "sb(STR 15)", "luck (LCK 12)",
            "faction (order: Brenna, Corvin)", "faction (order: no ally)",
            "faction (no faction)", "crowding (Brenna at 1, Corvin at 2)",
            "crowding (no ally in sight)", "distance (1 square)", "distance (4 squares)",
            "effect Bless", "difficulty", "defence (DEF 14)", "defence (door DEF 20)",
            "defence (base defence 10)", "thick hide", "Mantle of the Lily"],
           ["brawl", "perfect", "bonus STR+SIZ 33", "short bow"]),
    "fr": (["mêlée", "maîtrise épée", "bonus(FOR 15)", "bonus de chance (CHA 12)",
            "faction (Ordre du Lys : Brenna, Corvin)", "faction (Ordre du Lys : aucun allié)",
            "faction (aucune faction)", "gêne (Brenna à 1, Corvin à 2)",
            "gêne (aucun allié en vue)", "malus de distance (1 case)",
            "malus de distance (4 cases)", "effet Bénédiction", "difficulté", "défense (DEF 14)",
            "défense (DEF de la porte 20)", "défense (défense de base 10)", "cuir épais",
            "Manteau du Lys"],
           ["bagarre", "attaque parfaite", "bonus FOR+TAI 33", "arc court"]),
}


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_each_kind_of_term_and_die_is_worded_in_the_player_s_language(lang):
    name = names_for(CONTENT, {"brenna": "Brenna", "corvin": "Corvin"}, {})
    with i18n.language(lang):
        assert [term_label(t, name) for t in TERMS] == WORDS[lang][0]
        assert [dice_label(d, name) for d in DICE] == WORDS[lang][1]


def test_a_version_4_save_is_read_once_into_terms_and_dice_as_data():
    raw = json.loads(OLD_SAVE.read_text())
    assert raw["version"] == 4
    old = [t["detail"] for e in raw["journal"] for t in e.get("terms", ())]
    assert "aldric 4, corvin 4" in old and "DEX 16" in old  # words, as version 4 wrote them
    record = read_save(OLD_SAVE)
    assert record.version == 4
    rolls = [e for e in record.journal if isinstance(e, Roll)]
    shot = next(r for r in rolls if r.unit == "brenna" and r.check == "attack")
    by_name = {t.name: t for t in shot.terms}
    assert (by_name["stat_bonus"].detail, by_name["stat_bonus"].number) == ("DEX", 16)
    assert (by_name["crowding"].units, by_name["crowding"].squares) == \
        (("aldric", "corvin"), (4, 4))
    assert by_name["distance"].number == 4 and not by_name["distance"].detail
    damage = next(e for e in record.journal if isinstance(e, Damage) and e.source == "brenna")
    assert [d.label for d in damage.dice] == ["shortbow", "bonus", "perfect"]
    assert (damage.dice[1].stats, damage.dice[1].number, damage.dice[1].row) == \
        (("DEX", "SIZ"), 26, 3)
    assert [(t.detail, t.number) for t in damage.reduction_terms] == \
        [("DEF", 10), ("hide", None)]


def test_a_version_4_save_replays_to_the_journal_a_game_played_today_writes(tmp_path):
    content = FIXTURES / "content"
    loaded, saved, today = replayed_as_today(OLD_SAVE, content)
    record = loaded.record
    assert saved == today
    # Saved again, it is a save of this version, read as it was written.
    shutil.copy(OLD_SAVE, tmp_path / "old.json")
    path = save_game(load_game(tmp_path / "old.json", content_dir=content).game, "again",
                     tmp_path)
    assert json.loads(path.read_text())["version"] == VERSION == 6
    assert read_save(path).journal == record.journal


def test_a_script_names_a_unit_it_spawns_as_the_app_does(tmp_path, capsys):
    from game.cli import main

    script = tmp_path / "spawn.txt"
    script.write_text("spawn goblin goblin-9 9,9\n")
    assert main(["script", "crossroads", str(script)]) == 0
    out = capsys.readouterr().out
    # The names are looked up as each line is worded: the new goblin by its name, not its id.
    assert "✎ edit: Goblin spawned from goblin at 9,9" in out
