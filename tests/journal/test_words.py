"""The journal's words: one name lookup for script, app and export; headings without the
decoration a line carries."""

from game.journal.export import export_markdown
from game.journal.text import describe, headline, namer, styled
from game.rules.events import EffectAdded, EffectExpired, Roll, TurnStarted
from game.ui.screens.roster import effects_text
from game.ui.widgets.panels import unit_card
from game.saves import record_of
from tests.helpers import make_game


def played():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("brenna", "brenna", 1, (0, 3)),
                      ("dagny", "dagny", 2, (3, 3)), ("elise", "elise", 2, (11, 11))],
                     objects=[{"id": "barrel", "name": "barrel", "at": [3, 4], "hp": 4}],
                     forced=[10, 10, 99, 99])
    game.apply("cast corvin focus corvin")
    game.apply("attack brenna dagny with shortbow")
    game.apply("attack brenna barrel with shortbow")
    return game


def test_export_names_weapons_spells_and_objects_as_the_journal_does():
    game = played()
    text = [describe(e, namer(game)) for e in game.journal]
    assert any("casts Focus on Corvin" in line for line in text)
    assert any("attacks (short bow) Dagny" in line for line in text)
    md = export_markdown(record_of(game, "t"), game.content)
    assert "casts Focus on Corvin" in md and "attacks (short bow) Dagny" in md
    assert "attacks (short bow) the barrel" in md


def test_a_heading_drops_the_line_decoration():
    turn = TurnStarted(2, 2, "Bruno")
    assert describe(turn) == "— Round 2: Bruno's turn (player 2) —"
    assert headline(turn) == "Round 2: Bruno's turn (player 2)"


def test_a_roll_line_is_styled_by_its_outcome_not_by_searching_its_text():
    game = played()
    hit = next(e for e in game.journal if isinstance(e, Roll) and e.check == "attack")
    line = styled(hit, namer(game))
    assert line.plain == describe(hit, namer(game))
    [span] = line.spans
    assert line.plain[span.start:span.end].endswith("hit") and "green" in str(span.style)


def effects_game():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("elise", "elise", 1, (0, 2)),
                      ("dagny", "dagny", 2, (1, 2))], forced=[10, 10, 10, 99, 10, 99],
                     seed=3)
    game.apply("cast corvin focus corvin")
    game.apply("cast elise stone-skin elise")
    game.apply("end")
    game.apply("attack dagny elise")
    game.apply("end")
    game.apply("cast corvin firebolt dagny")
    return game


def lines_of(game):
    return [describe(e, namer(game)) for e in game.journal]


def test_effect_lines_name_the_spell_and_the_statistic_in_words():
    lines = lines_of(effects_game())
    assert "  Corvin: Focus +10 magic bonus for 2 turns" in lines
    assert "  Elise: Stone Skin +2 reduction for 3 turns" in lines
    # The command lines keep the notation's ids; everything worded uses names.
    words = [line for line in lines if not line.startswith("▶")]
    assert not any("magic_bonus" in line or "stone-skin" in line for line in words)


def test_an_effect_term_in_a_roll_or_a_reduction_shows_the_spell_name():
    lines = lines_of(effects_game())
    magic = next(line for line in lines if line.startswith("  magic roll Corvin: 10 (forced) ≤ 74"))
    assert magic.endswith("+ effect Focus 10 = 74]")
    damage = next(line for line in lines if line.startswith("  damage to Elise"))
    assert "reduction defence (DEF 13) 1 + Wyrmscale Vest 2 + effect Stone Skin 2 = 5 →" in damage


def test_one_turn_is_singular_and_expiry_names_the_statistic():
    name = namer(effects_game())
    assert describe(EffectAdded("corvin", "focus", "magic_bonus", 10, 1), name) == \
        "  Corvin: Focus +10 magic bonus for 1 turn"
    assert describe(EffectExpired("corvin", "focus", "magic_bonus"), name) == \
        "  Corvin: Focus on magic bonus wears off"


def test_damage_with_nothing_taken_off_says_reduction_ignored_never_none():
    lines = lines_of(effects_game())
    firebolt = next(line for line in lines if line.startswith("  damage to Dagny"))
    assert ", reduction ignored → " in firebolt and "none" not in firebolt


def test_the_card_roster_and_export_word_effects_as_the_journal_does():
    game = effects_game()
    corvin = game.units["corvin"]
    card = [line.plain for line in unit_card(game, corvin)]
    assert "Effect: Focus +10 magic bonus (2 turns left)" in card \
        or "Effect: Focus +10 magic bonus (1 turn left)" in card
    assert "Focus +10 magic bonus" in effects_text(game, corvin)
    md = export_markdown(record_of(game, "t"), game.content)
    assert "effect Focus" in md and "effect Stone Skin" in md and "magic_bonus" not in md


def test_on_the_map_a_digit_is_a_player_and_a_letter_a_creatures_ordinal():
    from game.journal.text import unit_labels
    from tests.helpers import make_game

    game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (2, 0))]
                     + [(f"g{i}", "goblin", None, (i % 12, 3 + i // 12)) for i in range(28)])
    labels = unit_labels(game.units)
    assert (labels["aldric"], labels["dagny"]) == ("A1", "D2")
    assert [labels[f"g{i}"] for i in (0, 1, 25, 26, 27)] == ["ga", "gb", "gz", "g*", "g*"]
    assert all(len(label) == 2 for label in labels.values())  # a square is two cells


def test_a_name_with_a_comma_and_a_space_words_its_crowding():
    """Names may hold ", " and spaces (ids may not): the crowding term keeps ids."""
    from game.journal.text import describe, names_for
    from game.rules.events import Roll
    from game.rules.terms import Term

    roll = Roll("attack", "sir", 30, 40, 100,
                (Term("skill", 50, "brawl"), Term("crowding", -10, units=("sir-a", "lady-b"), squares=(1, 1))),
                True, False, False)
    name = names_for(None, {"sir": "Aldric, Sir", "sir-a": "Aldric, Sir", "lady-b": "Lady B 2"}, {})
    assert "crowding (Aldric, Sir at 1, Lady B 2 at 1) 10" in describe(roll, name)



def test_two_units_of_one_player_with_one_glyph_are_told_apart_by_their_names():
    from game.commands.common import new_game
    from game.content.loader import DEFAULT_CONTENT
    from game.journal.text import unit_labels

    game = new_game(DEFAULT_CONTENT, "dungeon", 1)
    labels = unit_labels(game.units)
    # Bruno's two wolves (Grey, and Rook the war wolf) were both `w2` on the map.
    assert (labels["grey"], labels["rook"], labels["wolf"]) == ("w2", "r2", "wa")
    assert len(set(labels.values())) == len(labels)
