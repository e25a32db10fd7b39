"""An 80-column terminal shows the whole crossroads; the hand-over box leaves the map in
view; a command typed on the command line is previewed before it is sent."""

from __future__ import annotations

from textual.widgets import RichLog

from game.ui.app import EscarmoucheApp
from game.ui.screens.dialogs import HandoverScreen
from game.ui.widgets.map_view import SCALES
from game.ui.widgets.panels import UnitPanel, compact_card, gauges
from tests.helpers import APP_SIZE, crossroads, journal_text, status, type_text


async def test_an_80_column_terminal_shows_every_column_of_the_crossroads():
    # Playtest at 80x24: the map's east columns were cut off, Bruno's company behind the
    # edge; the side bar gives up seven columns and its gauges shorten to fit.
    app = EscarmoucheApp(crossroads())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.play.map
        assert board.size.width >= board.extent(SCALES[0])[0]
        assert app.play.query_one("#side").size.width == 27
        card = [line.plain for line in app.play.query_one(UnitPanel).lines]
        assert "HP 18/18  AP 10/10" in card  # on one line: no bar to wrap
        # A wider terminal keeps the side bar and its bars as they were.
        await pilot.resize_terminal(140, 44)
        await pilot.pause()
        assert app.play.query_one("#side").size.width == 46
        card = [line.plain for line in app.play.query_one(UnitPanel).lines]
        assert "HP ██████████████ 18/18" in card


def test_the_gauges_shorten_then_show_the_numbers_alone():
    assert gauges(None) == (14, 4)
    assert gauges(41) == (14, 4)
    assert gauges(22) == (13, 0)
    assert gauges(10) == (0, 0)
    game = crossroads()
    line = compact_card(game, game.units["dagny"], gauge=0)[1].plain
    assert line == "HP 20/20  AP 10/10"


async def test_the_hand_over_shows_its_summary_and_the_details_on_d():
    app = EscarmoucheApp(crossroads())
    async with app.run_test(size=APP_SIZE) as pilot:
        app.play.apply("end")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        log = app.screen.query_one(RichLog)
        box = app.screen.query_one("Vertical")
        assert not log.display and box.size.height < APP_SIZE[1] // 2
        await pilot.press("d")
        assert log.display and box.size.height >= APP_SIZE[1] * 0.8
        await pilot.press("d")
        assert not log.display
        await pilot.press("enter")
        assert not isinstance(app.screen, HandoverScreen)


async def test_a_typed_command_is_previewed_and_nothing_is_played_before_enter():
    app = EscarmoucheApp(crossroads())
    async with app.run_test(size=APP_SIZE) as pilot:
        await pilot.press("colon")
        await type_text(pilot, "move aldric 6,9")
        assert status(app) == "move aldric 6,9: 3 AP, 7 left · Enter sends it"
        overlay = app.play.map.overlay
        assert (6, 9) in overlay.path and overlay.end == (6, 9) and overlay.cost == 3
        assert app.game.log == []
        box = app.play.command_box()
        box.value = ""
        await type_text(pilot, "cast corvin firebolt wolf-1")
        assert status(app) == ("✗ would be refused: Wolf is 6 squares away; Firebolt reaches "
                               "3 at level 1")
        assert not app.play.map.overlay.path
        box.value = ""
        await type_text(pilot, "move bren")  # not a command yet: nothing said
        assert status(app) == ""
        await pilot.press("enter")  # sent: the engine's own refusal, said and journaled
        assert app.game.log == []
        assert status(app).startswith("✗ ") and "move bren" in journal_text(app)
        await pilot.press("colon")  # opened again: the refusal stays to be read
        assert status(app).startswith("✗ ")
        await pilot.press("escape")
        await pilot.press("colon")
        await type_text(pilot, "move brenna 5,7")
        await pilot.press("enter")
        await pilot.press("colon")
        await type_text(pilot, "attack brenna wolf-1 with shortbow")
        # The odds the target panel gives for the same option (the engine's plan).
        assert status(app).startswith("attack brenna wolf-1 with shortbow: 4 AP, 3 left · "
                                      "lands 61.0% · ")
        assert app.game.log == ["move brenna 5,7"]


async def test_colon_over_a_view_closes_it_and_opens_the_command_line():
    # A terminal sends Esc then `:` typed quickly as one sequence Textual reads as `:`
    # alone: the Esc that would close the journal was lost, and the `:` did nothing.
    from game.ui.screens.dialogs import HelpScreen, JournalScreen

    app = EscarmoucheApp(crossroads())
    async with app.run_test(size=APP_SIZE) as pilot:
        await pilot.press("J")
        assert isinstance(app.screen, JournalScreen)
        await pilot.press("colon")
        assert app.screen is app.play
        box = app.play.command_box()
        assert box is not None and box.has_focus
        await type_text(pilot, "move aldric 4,7")
        await pilot.press("enter")
        assert app.game.log == ["move aldric 4,7"]
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("colon")
        assert app.screen is app.play and app.play.command_box().has_focus


async def test_a_colon_at_the_start_of_the_command_line_is_not_part_of_the_command():
    app = EscarmoucheApp(crossroads())
    async with app.run_test(size=APP_SIZE) as pilot:
        await pilot.press("colon")
        await type_text(pilot, ":move aldric 4,7")
        assert status(app) == "move aldric 4,7: 1 AP, 9 left · Enter sends it"
        await pilot.press("enter")
        assert app.game.log == ["move aldric 4,7"]


async def test_esc_takes_the_preview_away_and_the_threat_zone_stays_under_a_route():
    app = EscarmoucheApp(crossroads())
    async with app.run_test(size=APP_SIZE) as pilot:
        await pilot.press("v")  # the enemies' threat zone shown
        zone = app.play.map.overlay.threat
        assert zone
        await pilot.press("colon")
        await type_text(pilot, "move aldric 6,9")
        overlay = app.play.map.overlay
        assert overlay.threat == zone and (6, 9) in overlay.path
        await pilot.press("escape")
        # Review: after Esc the status still said "Enter sends it", and Enter walked
        # Aldric to the cursor instead.
        assert status(app) == "" and not app.play.map.overlay.path
        assert app.play.map.overlay.threat == zone
        await pilot.press("colon")
        await type_text(pilot, "wait aldric")
        assert status(app) == "wait aldric: its turn ends, 10 AP unused · Enter sends it"


async def test_a_narrow_tall_terminal_keeps_each_bar_on_its_line():
    # Review: at 80x30 the panels' scroll bars were two columns wide, and `18/18` wrapped.
    app = EscarmoucheApp(crossroads())
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        lines = [strip.text for strip in app.screen._compositor.render_strips()]
        bars = [line for line in lines if "HP █" in line or "AP █" in line]
        assert len(bars) >= 3 and all("/" in line for line in bars)
        assert not [line for line in lines if line.strip(" │╮╭╯╰─▁▂▃▄▅▆▇█").startswith("18/18")]


async def test_the_unit_a_typed_command_played_becomes_the_selected_one():
    app = EscarmoucheApp(crossroads())
    async with app.run_test(size=APP_SIZE) as pilot:
        assert app.play.selected == "aldric"
        await pilot.press("colon")
        await type_text(pilot, "move corvin 4,10")
        await pilot.press("enter")
        assert app.game.log == ["move corvin 4,10"] and app.play.selected == "corvin"
        await pilot.press("colon")
        await type_text(pilot, "move brenna 40,40")  # refused: the selection stays
        await pilot.press("enter")
        assert app.play.selected == "corvin"


def test_the_hand_over_says_who_healed_whom():
    from game.rules.events import Healed
    from game.ui.controller import Digest

    digest = Digest(1, 2, "Bruno", [Healed("elise", "dagny", (), 2, 5, 7),
                                     Healed("elise", "elise", (), 9, 1, 10)])
    assert digest.summary(str.capitalize) == ["Elise healed Dagny for 2 (HP 5 → 7)",
                                              "Elise healed 9 (HP 1 → 10)"]


async def test_the_command_line_takes_its_rows_from_a_short_journal_not_the_map():
    # Playtest at 80x24: opening ':' scrolled the map's rows 0 and 1 away, and a refusal
    # was cut mid-sentence on the one status line.
    app = EscarmoucheApp(crossroads())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.play

        def shown() -> list[str]:
            return [line.text for line in app.screen._compositor.render_strips()]

        assert any(line.startswith("│ 0 ████") for line in shown())
        await pilot.press("colon")
        await type_text(pilot, "attack aldric wolf-1")
        await pilot.pause()
        assert screen.has_class("-typing")
        lines = shown()
        assert any(line.startswith("│ 0 ████") for line in lines)  # row 0 still in view
        assert any(line.startswith("│11 ████") for line in lines)
        status_rows = [line.strip() for line in lines
                       if "would be refused" in line or "adjacent target" in line]
        assert " ".join(status_rows) == ("✗ would be refused: Wolf is 6 squares away; a "
                                         "blow with the sword needs an adjacent target")
        # The journal's latest line stays in view above the line.
        assert any("— Round 1: Alice's turn (player 1) —" in line for line in lines)
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.has_class("-typing")
        await pilot.press("colon")
        await type_text(pilot, "move aldric 6,9")
        await pilot.press("enter")
        await pilot.pause()
        assert not screen.has_class("-typing")  # sent, the journal has its rows back
        assert app.game.units["aldric"].pos == (6, 9)
