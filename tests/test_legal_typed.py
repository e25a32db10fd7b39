"""The command line's preview asks the engine what it will answer: `legal.typed`."""

from game.rules import legal
from tests.helpers import crossroads


def test_a_typed_command_gets_its_plan_or_the_engines_refusal():
    game = crossroads()
    move = legal.typed(game, "move aldric 5,7")
    assert move.kind == "move" and move.ap_cost == 2 and move.plan.path[-1] == (5, 7)
    refused = legal.typed(game, "move dagny 19,7")
    assert refused.reason == "Dagny belongs to Bruno, not to Alice"
    assert legal.typed(game, "move ald") is None  # not a command yet
    assert legal.typed(game, "force 3") is None  # a designer's: never previewed
    assert game.log == [] and game.units["aldric"].pos == (3, 7)  # nothing played


def test_a_finished_game_refuses_as_the_engine_does():
    game = crossroads()
    game.over = True
    assert legal.typed(game, "move aldric 5,7").reason == "the game is over"
    assert game.apply("move aldric 5,7")[0].reason == "the game is over"


def test_an_area_spell_is_described_as_aimed_at_a_character():
    # Playtest: Ice Storm's description said "a character or a creature", its refusal of
    # the Wolf "an area spell must be centred on a character".
    from game.journal.describe import spell_description

    game = crossroads()

    def aimed(spell: str) -> str:
        described = spell_description(game, spell, game.units["corvin"])
        return next(r.value for s in described.sections for r in s.rows
                    if r.label == "May target")

    assert aimed("ice-storm").startswith("a character (the area's centre)")
    assert aimed("firebolt").startswith("a character or a creature")
