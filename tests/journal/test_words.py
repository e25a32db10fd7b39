"""The journal's words: one name lookup for script, app and export; headings without the
decoration a line carries."""

from game.journal.export import export_markdown
from game.journal.text import describe, headline, namer, styled
from game.rules.events import Roll, TurnStarted
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


def test_on_the_map_a_digit_is_a_player_and_a_letter_a_creatures_ordinal():
    from game.journal.text import unit_labels
    from tests.helpers import make_game

    game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (2, 0))]
                     + [(f"g{i}", "goblin", None, (i % 12, 3 + i // 12)) for i in range(28)])
    labels = unit_labels(game.units)
    assert (labels["aldric"], labels["dagny"]) == ("A1", "D2")
    assert [labels[f"g{i}"] for i in (0, 1, 25, 26, 27)] == ["ga", "gb", "gz", "g*", "g*"]
    assert all(len(label) == 2 for label in labels.values())  # a square is two cells
