"""Roll cards of spells that heal or lay an effect: what the spell did is on its card, each
number with its rule and its content value."""

from game.journal.cards import card_for, card_rolls
from game.journal.text import namer
from tests.helpers import make_game


def spell_card(command: str, before: str = ""):
    game = make_game([("elise", "elise", 1, (0, 0)), ("aldric", "aldric", 1, (1, 0))],
                     forced=[10])
    if before:
        game.apply(before)
    game.apply(command)
    [index] = card_rolls(game.journal)
    return card_for(game.journal, index, namer(game))


def test_a_heal_card_shows_its_dice_with_their_rule_and_source_and_the_hp():
    card = spell_card("cast elise mend aldric", before="set aldric.hp 5")
    [heal] = [s for s in card.sections if s.title == "heal of Aldric"]
    dice, healed, hp = heal.rows
    assert dice.label.startswith("Mend 1d8+1 [") and dice.rule == "R7.8 heal"
    assert dice.source == "spells.yaml: mend.dice"
    assert healed.label == "HP healed" and hp.value == f"5 → {5 + int(healed.value)}"


def test_a_buff_card_shows_the_effect_it_lays_with_its_rule_and_source():
    card = spell_card("cast elise bless aldric")
    [effect] = [s for s in card.sections if s.title == "effect on Aldric"]
    [row] = effect.rows
    assert (row.label, row.value, row.rule, row.source) == (
        "Bless: melee for 2 turns", "+10", "R7.9 buff and debuff: timed effects",
        "spells.yaml: bless.effect.amount")


def test_a_counter_card_shows_the_ap_it_drains_with_its_rule_and_source():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("elise", "elise", 2, (2, 0))],
                     forced=[10, 20])  # Firebolt cast (10), Elise counters it (20)
    game.apply("cast corvin firebolt elise")
    [index] = card_rolls(game.journal)
    card = card_for(game.journal, index, namer(game))
    [drain] = [s for s in card.sections if s.title == "counter drain"]
    [row] = drain.rows
    # Elise counters during Alice's turn: the 3 AP (half of 5, half up) are owed.
    assert (row.label, row.value, row.rule, row.source) == (
        "Elise: AP owed to the next refill", "3",
        "R10.3 the counter drain is owed to the next refill",
        "rules.yaml: counter_drain.fraction, counter_drain.rounding; "
        "spells.yaml: firebolt.ap_cost")
