"""The play screen's parts on their own (without the play screen): the engine's answers
kept per game state, the command line's messages, the character panel's card."""

from textual.app import App

from game.ui import options
from game.ui.screens.play.answers import Answers
from game.ui.widgets.command_line import CommandLine
from game.ui.widgets.panels import compact_card, unit_card
from tests.helpers import app_duel as duel, type_text


def test_the_engine_is_asked_once_per_game_state(monkeypatch):
    game = duel()
    asked: list[tuple] = []
    for name in ("choices", "threat_zone", "from_here"):
        original = getattr(options, name)
        monkeypatch.setattr(options, name, lambda *args, name=name, original=original:
                            asked.append((name, *args[1:])) or original(*args))
    answers = Answers(lambda: game)
    first = answers.choices("aldric")
    assert answers.choices("aldric") is first  # a cursor move asks nothing new
    answers.zone("threat"), answers.zone("threat")
    answers.from_here("aldric", (1, 2)), answers.from_here("aldric", (1, 2))
    answers.from_here("aldric", (1, 1))
    assert asked == [("choices", "aldric"), ("threat_zone",),
                     ("from_here", "aldric", (1, 2)), ("from_here", "aldric", (1, 1))]
    game.apply("move aldric 1,2")  # the game moved on: asked again
    moved = answers.choices("aldric")
    assert moved is not first and moved.reach != first.reach
    answers.forget_choices()  # a game drawn anew (a load, an undo) asks again too
    answers.choices("aldric")
    assert [a[0] for a in asked].count("choices") == 3


class LineApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.heard: list = []

    def compose(self):
        yield CommandLine()

    def on_command_line_typed(self, message) -> None:
        self.heard.append(message)

    on_command_line_save_asked = on_command_line_load_asked = on_command_line_typed
    on_command_line_undo_asked = on_command_line_closed = on_command_line_typed


async def test_the_command_line_tells_the_notation_from_the_apps_own_commands():
    app = LineApp()
    async with app.run_test() as pilot:
        line = app.query_one(CommandLine)
        for typed in ("  save  mine ", "load old", "undo", "move aldric 1,2", "saved x",
                      "save", "   "):
            line.open()
            assert "open" in line.classes and line.has_focus and line.value == ""
            await type_text(pilot, typed)
            await pilot.press("enter")
            assert "open" not in line.classes
        line.open()
        await type_text(pilot, "undo")
        await pilot.press("escape")  # Esc closes, sending nothing
        await pilot.pause()
    assert app.heard == [
        CommandLine.Closed(), CommandLine.SaveAsked("mine"),
        CommandLine.Closed(), CommandLine.LoadAsked("old"),
        CommandLine.Closed(), CommandLine.UndoAsked(),
        CommandLine.Closed(), CommandLine.Typed("move aldric 1,2"),
        CommandLine.Closed(), CommandLine.Typed("saved x"),
        CommandLine.Closed(), CommandLine.SaveAsked(""),  # refused by the save: no name
        CommandLine.Closed(),  # nothing typed: nothing sent
        CommandLine.Closed()]


def test_effects_read_as_words_in_the_character_panel():
    from game.rules.units import Effect

    game = duel()
    aldric = game.units["aldric"]
    aldric.effects.append(Effect("focus", "magic_bonus", 10, 1))
    for card in (unit_card(game, aldric), compact_card(game, aldric)):  # tall, short terminal
        assert any(line.plain.startswith("Effect: Focus +10 magic bonus (1 turn left")
                   for line in card)
