"""The dice stream is Python's documented `random.Random(seed).randint` draw: a save made
before the roller drew its own bits replays with the same rolls."""

import random

from game.rules.dice import Dice, Roller


def test_single_stream_rolls_are_randint_of_the_seed():
    roller = Roller(seed=42, streams=False)
    reference = random.Random(42)
    d100s = [roller.d100()[0] for _ in range(50)]
    assert d100s == [reference.randint(1, 100) for _ in range(50)]
    roll = roller.roll(Dice.parse("3d6"))
    assert roll.faces == tuple(reference.randint(1, 6) for _ in range(3))
