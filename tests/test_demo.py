"""`python -m game demo SCENARIO SCRIPT`: a script read with its comments as captions, played
step by step in the app (forward, back, to the end, to the start), its rolls as cards."""

from pathlib import Path

import pytest
from textual.widgets import Static

from game.cli import main
from game.commands.common import new_game
from game.commands.script import read_script as read_commands
from game.content.loader import DEFAULT_CONTENT
from game.scripts import (Demo, ScriptError, Step, check_steps, flow, parse_script,
                          read_script)
from game.ui.screens.demo import DemoApp, DemoScreen, RollsPanel
from game.ui.widgets.roll_card import RollCard

DUEL_SCRIPT = Path("content/scripts/duel-demo.txt")
SIZE = (160, 50)


def duel_demo(text: str | None = None) -> Demo:
    script = read_script(DUEL_SCRIPT) if text is None else parse_script(text)
    game = new_game(DEFAULT_CONTENT, "duel", 0, designer=True)
    return Demo(game, script.steps, script.preamble)


def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


def journal(app) -> list[str]:
    from game.ui.widgets.journal_log import JournalLog

    return [text.plain for text in app.screen.query_one(JournalLog)._texts]


# --- reading a script ---------------------------------------------------------------------

def test_a_caption_is_the_comments_before_a_command_and_its_own_comment():
    script = parse_script(
        "# The duel, played to the end\n"
        "# (how to run it)\n"
        "\n"
        "# --- Round 1, Alice ---\n"
        "move gautier 6,4   # 4 squares, 6 AP left\n"
        "end\n"
        "\n"
        "# --- Round 1, Bruno ---\n"
        "# two lines of\n"
        "# explanation\n"
        "move ysolde 10,5\r\n"
        "force 80           # a miss\n")
    assert script.preamble == "The duel, played to the end\n(how to run it)"
    assert script.steps == [
        Step(5, "move gautier 6,4", "--- Round 1, Alice ---\n4 squares, 6 AP left"),
        Step(6, "end", ""),
        Step(11, "move ysolde 10,5", "--- Round 1, Bruno ---\ntwo lines of\nexplanation"),
        Step(12, "force 80", "a miss"),
    ]


def test_a_caption_flows_hand_wrapped_lines_but_keeps_sections_and_examples_alone():
    caption = ("--- Round 2, Alice ---\nthe sword hits, no dodge:\n1d8 + 1d4 - reduction 2\n"
               "  python -m game script duel x.txt\nthen the axe\n\na new paragraph")
    assert flow(caption) == ("--- Round 2, Alice ---\nthe sword hits, no dodge: 1d8 + 1d4 - "
                             "reduction 2\npython -m game script duel x.txt\nthen the axe\n"
                             "\na new paragraph")


def test_a_force_and_the_command_after_it_both_show_their_two_comments():
    demo = duel_demo("force 40,25   # a hit that Gautier\nattack ysolde gautier   # dodges\n"
                     "force 80   # a miss\nattack ysolde gautier\nend\n")
    captions = []
    for _ in range(3):
        demo.forward()
        captions.append(demo.caption)
    # Each force is folded into its attack: the sentence begun on the `force` line ends on
    # the attack's, each comment on its own lines.
    assert len(demo) == 3
    assert captions == ["a hit that Gautier\ndodges", "a miss", ""]


def test_a_force_is_folded_into_the_command_it_forces_not_a_step_of_its_own():
    demo = duel_demo()
    assert len(demo) == 15  # the 23 commands, less the 8 forces
    demo.goto(5)
    step = demo.current
    assert (step.line, step.command) == (29, "attack ysolde gautier with dagger")
    assert [force.command for force in step.forces] == ["force 80"]
    assert step.commands == ["force 80", "attack ysolde gautier with dagger"]
    # The forced result is the attack's: used by it, nothing left waiting.
    assert [(r.roll, r.forced) for r in demo.rolls] == [(80, True)]
    assert not demo.game.roller.forced
    assert demo.game.log[-2:] == ["force 80", "attack ysolde gautier with dagger"]
    # A force with no command after it stays a step: what it leaves is said at the end.
    demo = duel_demo("move gautier 6,4\nforce 10,20   # never used\n")
    assert [s.command for s in demo.steps] == ["move gautier 6,4", "force 10,20"]
    demo.goto(2)
    assert demo.unused_forced() == (10, 20)


def test_a_script_without_a_blank_line_before_its_first_command_has_no_preamble():
    script = parse_script("# Round 1\nmove gautier 6,4\n")
    assert script.preamble == ""
    assert script.steps == [Step(2, "move gautier 6,4", "Round 1")]


def test_a_line_separator_inside_a_comment_does_not_start_a_command():
    script = parse_script("end  # a comment\u2028move gautier 6,4\n")
    assert [step.command for step in script.steps] == ["end"]


def test_the_script_command_and_the_demo_read_the_same_commands():
    steps = read_script(DUEL_SCRIPT).steps
    assert read_commands(DUEL_SCRIPT) == [(step.line, step.command) for step in steps]
    assert len(steps) == 23 and steps[-1] == Step(63, "attack gautier ysolde", "")


def test_a_line_that_is_not_notation_is_named_with_its_file_and_line():
    steps = parse_script("move gautier 6,4\n\nmoove ysolde 10,5\n").steps
    with pytest.raises(ScriptError, match=r"^my\.txt:3: unknown command 'moove'"):
        check_steps(steps, "my.txt")


# --- the command line ----------------------------------------------------------------------

@pytest.mark.parametrize("argv,message", [
    (["demo", "nowhere", str(DUEL_SCRIPT)], "escarmouche: no scenario 'nowhere' (known: "),
    (["demo", "duel", "missing.txt"], "escarmouche: cannot read commands file missing.txt"),
])
def test_bad_demo_arguments_exit_2_before_the_app_starts(capsys, monkeypatch, argv, message):
    monkeypatch.setattr("game.ui.screens.demo.run_demo", lambda app: pytest.fail("app started"))
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith(message)


def test_a_bad_line_exits_2_naming_it_before_the_app_starts(capsys, monkeypatch, tmp_path):
    script = tmp_path / "bad.txt"
    script.write_text("# a demo\nmove gautier 6,4\nattack gautier\n", encoding="utf-8")
    monkeypatch.setattr("game.ui.screens.demo.run_demo", lambda app: pytest.fail("app started"))
    assert main(["demo", "duel", str(script)]) == 2
    err = capsys.readouterr().err
    assert err == f"escarmouche: {script}:3: usage: attack ID TARGET [with WEAPON | brawl]\n"


def test_a_script_that_is_not_utf8_exits_2(capsys, tmp_path):
    script = tmp_path / "latin1.txt"
    script.write_bytes("# épée\nend\n".encode("latin-1"))
    assert main(["demo", "duel", str(script)]) == 2
    assert "is not UTF-8 text" in capsys.readouterr().err


def test_the_demo_command_starts_the_app_on_the_script_in_designer_mode(monkeypatch):
    started = []
    monkeypatch.setattr("game.ui.screens.demo.run_demo", lambda app: started.append(app) or 0)
    assert main(["demo", "duel", str(DUEL_SCRIPT), "--seed", "5"]) == 0
    demo = started[0].demo
    assert demo.game.seed == 5 and demo.game.designer and demo.step == 0
    assert demo.steps[0].command == "move gautier 6,4"
    assert demo.preamble.startswith("The Duel at Dawn, played to the end:")


# --- stepping, without the app --------------------------------------------------------------

def test_back_rebuilds_the_same_game_as_before_the_step():
    demo = duel_demo()
    demo.goto(5)
    summary, events = demo.game.state_summary(), list(demo.game.journal)
    demo.forward()  # a forced hit that is dodged: rolls happened
    assert demo.rolls
    demo.back()
    assert demo.step == 5
    assert demo.game.state_summary() == summary and demo.game.journal == events


def test_going_back_to_a_step_shows_what_it_made_when_played_straight():
    demo = duel_demo()
    demo.goto(8)
    made = list(demo.events)
    demo.goto(len(demo))
    demo.goto(8)
    assert demo.events == made


# --- the app ---------------------------------------------------------------------------------

async def test_space_plays_each_step_with_its_caption_rolls_and_map_left_goes_back_g_ends():
    # One demo driven through what were four tests with the same start: space and its
    # captions, cards and map; left back to the same state; g to the end, home to the start.
    from game.ui.screens.demo import DemoBoard
    from game.ui.widgets.panels import UnitPanel

    app = DemoApp(duel_demo(), "duel-demo.txt")
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, DemoScreen)
        assert shown(app, "#demo-head").startswith("Start · 15 steps")
        assert shown(app, "#demo-caption").startswith("The Duel at Dawn, played to the end:")
        board = app.screen.query_one(DemoBoard)
        panel = app.screen.query_one(UnitPanel)
        assert panel.lines[0].plain == "No character has acted yet."
        await pilot.press("space")
        assert shown(app, "#demo-head") == "Step 1/15 · line 17 · move gautier 6,4"
        assert shown(app, "#demo-caption") == ("--- Round 1, Alice ---\n"
                                               "4 squares, 6 AP left: the knight waits for her")
        assert journal(app)[-2:] == ["▶ move gautier 6,4",
                                     "Gautier moves 4 squares to 6,4 (4 AP, 6 left)"]
        assert app.demo.game.units["gautier"].pos == (6, 4)
        # The map shows the path walked (four squares, straight along its row), the panel
        # who acted.
        assert board.overlay.path == {(3, 4), (4, 4), (5, 4), (6, 4)}
        assert board.selected == "gautier" and board.cursor == (6, 4)
        assert panel.lines[0].plain.startswith("Gautier")
        await pilot.press("space")  # end: Gautier is still the one shown
        assert board.overlay.path == frozenset() and board.selected == "gautier"
        await pilot.press("right", "right")
        assert shown(app, "#demo-head") == "Step 4/15 · line 25 · move ysolde 7,4"
        await pilot.press("space")
        # Ysolde's dagger thrust at Gautier: the target on the map.
        assert board.overlay.targets == {(6, 4)} and board.selected == "ysolde"
        assert panel.lines[0].plain.startswith("Ysolde")
        # The `force` is folded into the attack it sets up, its comment the attack's.
        assert shown(app, "#demo-head") == ("Step 5/15 · line 29 · attack ysolde gautier with "
                                            "dagger · ⚑ force 80")
        assert shown(app, "#demo-forced") == ""  # used by the attack: none waiting
        assert shown(app, "#demo-caption") == ("80 > 69: a miss (Ysolde +1 XP, Gautier +1 XP "
                                               "for avoiding it)")
        assert "▶ attack ysolde gautier with dagger" in journal(app)
        panel = app.screen.query_one(RollsPanel)
        assert [card.title for card in panel.cards] == ["attack roll: Ysolde"]
        lines = panel.cards[0].text().splitlines()
        assert "mastery dagger  +15  R4.9 melee chance  characters.yaml: " \
               "ysolde.masteries.dagger" in lines
        assert "d100  80  R3.2 the percentile roll  forced (a designer's force)" in lines
        assert "outcome: 80 (forced) > 69 miss" in lines
        assert len(panel.query(RollCard)) == 1  # the card drawn, as wide as it needs
        # Left goes back to the same state and journal as before.
        game = app.demo.game
        summary, events, lines = game.state_summary(), list(game.journal), journal(app)
        head, caption = shown(app, "#demo-head"), shown(app, "#demo-caption")
        await pilot.press("space")
        assert "dodge roll Gautier: 25 (forced) ≤ 38 dodged" in "\n".join(journal(app))
        await pilot.press("left")
        assert app.demo.game is not game  # rebuilt from the start
        assert app.demo.game.state_summary() == summary and app.demo.game.journal == events
        assert journal(app) == lines
        assert (shown(app, "#demo-head"), shown(app, "#demo-caption")) == (head, caption)
        # g plays to the end and shows the game over, then home starts again.
        await pilot.press("g")
        assert app.demo.game.over and app.demo.game.winner == 1
        assert shown(app, "#demo-head") == ("Step 15/15 · line 63 · attack gautier ysolde · "
                                            "⚑ force 25,95")
        assert shown(app, "#demo-note") == "=== Game over: Alice wins ==="
        assert app.screen is app.screen_stack[0]  # no game-over dialog over the demo
        assert journal(app)[-1] == "=== Game over: Alice wins ==="
        await pilot.press("space")  # nothing after the end
        assert app.demo.step == 15
        await pilot.press("home")
        assert app.demo.step == 0 and not app.demo.game.log
        assert app.demo.game.units["ysolde"].hp == app.demo.game.units["ysolde"].hp_max
        assert "=== Game over: Alice wins ===" not in journal(app)


async def test_a_step_shows_one_card_an_action_narrow_on_a_small_terminal():
    app = DemoApp(duel_demo(), "duel-demo.txt")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*["space"] * 6)  # a hit, then the dodge
        panel = app.screen.query_one(RollsPanel)
        # One card for the action: the dodge is its section, between the hit and the XP.
        assert [card.title for card in panel.cards] == ["attack roll: Ysolde"]
        assert [s.title for s in panel.cards[0].sections] == [
            "chance", "roll", "dodge roll: Gautier", "experience"]
        [card] = panel.query(RollCard)
        assert not card.wide
        await pilot.press("space")  # `end`: no roll
        assert panel.cards == []
        assert "No roll in this step." in str(panel.query_one(Static).render())


async def test_a_refused_command_shows_its_reason_and_the_demo_goes_on():
    app = DemoApp(duel_demo("move gautier 40,40   # off the map\nmove gautier 6,4\n"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        assert shown(app, "#demo-note") == "✗ move gautier 40,40: 40,40 is off the map"
        assert journal(app)[-1] == "✗ move gautier 40,40: 40,40 is off the map"
        await pilot.press("space")
        assert shown(app, "#demo-note") == ""
        assert app.demo.game.units["gautier"].pos == (6, 4)


async def test_forced_rolls_never_used_are_said_at_the_last_step():
    app = DemoApp(duel_demo("force 10,20\nmove gautier 6,4\nmove gautier 40,40\n"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")  # the move, the force folded into it: still waiting
        assert shown(app, "#demo-forced") == "⚑ next d100 forced: 10, 20"
        await pilot.press("space")  # the last step, refused: both are said
        assert shown(app, "#demo-note") == "✗ move gautier 40,40: 40,40 is off the map"
        assert shown(app, "#demo-forced") == "⚑ forced d100 results never used: 10, 20"
        await pilot.press("left")
        assert shown(app, "#demo-forced") == "⚑ next d100 forced: 10, 20"


async def test_the_demo_has_no_playing_key():
    app = DemoApp(duel_demo())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await pilot.press("e", "b", "colon", "enter", "u", "tab")
        assert app.demo.game.log == ["move gautier 6,4"]
        await pilot.press("q")
        assert app.return_code == 0


def test_demo_screen_snapshot(snap_compare):
    # Step 6: Ysolde's second thrust hits and Gautier dodges it — one card, the dodge its
    # section; the force folded into the attack.
    assert snap_compare(DemoApp(duel_demo(), "duel-demo.txt"), terminal_size=SIZE,
                        press=["space"] * 6)


async def test_a_cramped_terminal_shows_the_whole_map_and_hides_the_character_panel():
    # From 30 to 35 rows the whole map shows, before the character panel.
    from game.ui.screens.demo import DemoBoard
    from game.ui.widgets.panels import UnitPanel

    app = DemoApp(duel_demo(), "duel-demo.txt")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("space")
        await pilot.pause()
        board, game = app.screen.query_one(DemoBoard), app.demo.game
        assert board.content_region.height >= game.height  # all 10 rows of the meadow
        assert not app.screen.query_one(UnitPanel).display
        await pilot.resize_terminal(100, 40)
        await pilot.pause()
        assert app.screen.query_one(UnitPanel).display  # room for it again
        assert board.content_region.height >= game.height


async def test_a_colon_in_the_demo_journal_search_is_searched_for():
    # The play screen's journal opens its command line on a `:`; a demo has none
    # (review: `j` then `:` ended the demo with an AttributeError).
    from textual.widgets import Input

    from game.ui.screens.dialogs import JournalScreen

    app = DemoApp(duel_demo(), "duel-demo.txt")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j")
        assert isinstance(app.screen, JournalScreen)
        search = app.screen.query_one(Input)
        assert search.placeholder == "search the journal (Esc to go back)"
        await pilot.press("colon")
        assert isinstance(app.screen, JournalScreen) and search.value == ":"
