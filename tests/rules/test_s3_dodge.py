"""docs/rules.md §5 (R5.1–R5.3): passive dodge, characters only, cap 90, luck and faction."""

from game.rules.templates import Skills
from game.rules.events import Damage, Roll
from game.rules.terms import Term
from tests.helpers import char, content_with, events_of, make_game, bare


def test_dodge_chance_terms_with_faction_help():
    # Brenna is Aldric's ally of the Order; Elise is of the Order too, but Bruno's.
    game = make_game([("dagny", "dagny", 2, (1, 0)), ("aldric", "aldric", 1, (0, 0)),
                      ("elise", "elise", 2, (0, 1)), ("brenna", "brenna", 1, (0, 3))],
                     forced=[10, 99])
    game.current = 2
    [attack, dodge] = events_of(game.apply("attack dagny aldric with axe"), Roll)
    assert dodge.check == "dodge" and dodge.unit == "aldric"
    assert bare(dodge.terms) == (Term("skill", 30, "dodge"), Term("stat_bonus", 4, "DEF", number=14),
                           Term("luck", 2, "LCK", number=12), Term("faction", 6, "order", units=("brenna",)))
    assert dodge.chance == 42 and dodge.cap == 90


def test_dodged_when_the_roll_is_at_most_the_chance():
    for dodge_roll, dodged in ((36, True), (37, False)):
        game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (1, 0))],
                         forced=[99, 10, dodge_roll])
        game.apply("attack aldric dagny brawl")  # misses: Alice's turn passes with it
        game.apply("end")
        events = game.apply("attack dagny aldric with axe")
        [_, dodge] = events_of(events, Roll)
        assert dodge.chance == 36 and dodge.success is dodged
        assert bool(events_of(events, Damage)) is not dodged


def test_dodge_is_capped_at_90():
    nimble = Skills(brawl=0, melee=0, ranged=0, dodge=200, magic=0)
    content = content_with(characters={"aldric": char("aldric", skills=nimble)})
    game = make_game([("dagny", "dagny", 1, (1, 0)), ("aldric", "aldric", 2, (0, 0))],
                     content=content, forced=[10, 91])
    [_, dodge] = events_of(game.apply("attack dagny aldric with axe"), Roll)
    assert (dodge.chance, dodge.cap, dodge.success) == (90, 90, False)


def test_creatures_never_dodge():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("goblin", "goblin", None, (1, 0))],
                     forced=[10, 1])
    events = game.apply("attack aldric goblin with sword")
    assert [r.check for r in events_of(events, Roll)] == ["attack"]
    assert events_of(events, Damage)
