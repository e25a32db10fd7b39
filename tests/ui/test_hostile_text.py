"""What users and files put on screen is shown as text, never read as markup; a crash
inside the app autosaves and says where, with a non-zero exit code."""

import json

from textual.widgets import DataTable

from game.saves import save_game
from game.ui.app import EscarmoucheApp, run_app
from game.ui.screens.dialogs import HandoverScreen
from game.ui.screens.saves import LoadScreen
from tests.helpers import APP_SIZE as SIZE, creatures_act, crossroads, app_duel as duel, status
from tests.helpers import type_text


def cells(table: DataTable) -> list[list[str]]:
    return [[getattr(c, "plain", str(c)) for c in table.get_row_at(i)]
            for i in range(table.row_count)]


async def test_markup_typed_is_a_refused_command_and_names_holding_it_show_as_written():
    game = duel(forced=[99] * 10)
    game.players[0].name = "Al[/]ice"
    game.players[1].name = "[b]Bruno[/x]"
    game.units["dagny"].name = "Dag[/]ny"
    app = EscarmoucheApp(game)
    async with app.run_test(size=SIZE) as pilot:
        # Markup typed on the command line is a refused command, not a crash.
        await pilot.press("colon")
        await type_text(pilot, "move [/x] 1,1")
        await pilot.press("enter")
        await pilot.pause()
        assert app.is_running
        assert "[/x]" in status(app) and status(app).startswith("✗")
        await pilot.press("colon")
        await type_text(pilot, "[bold]end")
        await pilot.press("enter")
        assert "[bold]end" in status(app)
        assert game.log == []
        # Names holding markup are shown as written at the hand-over.
        await pilot.press("e", "y")
        assert isinstance(app.screen, HandoverScreen)
        title = str(app.screen.query_one("#handover-title").render())
        assert title.startswith("Round 1: [b]Bruno[/x]'s turn")
        await pilot.press("enter", "e", "y")
        await creatures_act(app, pilot)
        await pilot.press("enter")
        assert app.is_running and app.game.current == 1


async def test_the_load_screen_lists_broken_saves_as_unreadable_and_loads_the_others(tmp_path):
    game = crossroads()
    good = save_game(game, "good", tmp_path)
    record = json.loads(good.read_text())
    odd = dict(record, name="odd", scenario_name="[/x]", players=["[/]", "[b]"])
    (tmp_path / "odd.json").write_text(json.dumps(odd))
    # A name that is not a save name is refused by the reader: listed as unreadable.
    (tmp_path / "badname.json").write_text(json.dumps(dict(record, name="[/x]")))
    (tmp_path / "version.json").write_text(json.dumps(dict(record, version="[/x]")))
    (tmp_path / "long.json").write_text("{" + "\"x\": 1," * 5000)
    app = EscarmoucheApp(crossroads(), saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+o")
        assert isinstance(app.screen, LoadScreen)
        table = app.screen.query_one(DataTable)
        rows = {row[0]: row for row in cells(table)}
        assert rows["odd"][2] == "[/x]" and rows["odd"][4] == "[/], [b]"
        assert rows["badname"][2] == "unreadable"
        assert rows["version"][2] == "unreadable"
        assert rows["version"][4].startswith("format version")
        assert rows["long"][2] == "unreadable" and rows["long"][4].startswith("truncated")
        # The long reason is cut: every column stays on a 80-column screen.
        assert sum(column.get_render_width(table) for column in table.columns.values()) <= 78
        keys = [key.value for key in table.rows]
        table.move_cursor(row=keys.index(str(good)))
        await pilot.press("enter", "y")
        assert status(app) == "Loaded 'good': round 1"
        await pilot.press("ctrl+o")
        table = app.screen.query_one(DataTable)
        keys = [key.value for key in table.rows]
        table.move_cursor(row=keys.index(str(tmp_path / "long.json")))
        await pilot.press("enter", "y")
        assert status(app).startswith("✗ long.json is truncated") and app.is_running
        await pilot.press("ctrl+o")
        table = app.screen.query_one(DataTable)
        keys = [key.value for key in table.rows]
        table.move_cursor(row=keys.index(str(tmp_path / "version.json")))
        await pilot.press("enter", "y")  # the whole reason, markup and all, in the status
        assert status(app).startswith("✗ version.json has format version '[/x]'")


class Broken(EscarmoucheApp):
    BINDINGS = [("x", "explode", "Explode")]

    def action_explode(self) -> None:
        raise RuntimeError("boom")


def test_an_unexpected_error_autosaves_and_exits_non_zero_saying_where(tmp_path, capsys):
    app = Broken(crossroads(), saves_dir=tmp_path)

    async def press_x(pilot):
        await pilot.press("left", "enter")  # a move made before the error is kept
        await pilot.press("x")

    code = run_app(app, headless=True, size=SIZE, auto_pilot=press_x)
    assert code != 0
    autosaves = list(tmp_path.glob("autosave-*.json"))
    assert len(autosaves) == 1
    assert "move aldric 2,7" in json.loads(autosaves[0].read_text())["log"]
    message = capsys.readouterr().err
    assert "unexpected error" in message and str(autosaves[0]) in message


def test_a_game_quit_normally_exits_zero(tmp_path):
    app = EscarmoucheApp(crossroads(), saves_dir=tmp_path)

    async def quit_(pilot):
        await pilot.press("q", "y")

    assert run_app(app, headless=True, size=SIZE, auto_pilot=quit_) == 0
    assert not list(tmp_path.glob("autosave-*.json"))


async def test_on_a_wide_terminal_the_load_screen_shows_whole_names(tmp_path):
    game = crossroads()
    longest = "Alice and Bruno at the crossroads - second try before dinner 64"
    assert len(longest) == 63
    save_game(game, longest, tmp_path)
    app = EscarmoucheApp(crossroads(), saves_dir=tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.press("ctrl+o")
        row = cells(app.screen.query_one(DataTable))[0]
        assert row[0] == longest and row[2] == "The Ruined Crossroads"
    async with EscarmoucheApp(crossroads(), saves_dir=tmp_path).run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+o")
        table = pilot.app.screen.query_one(DataTable)
        name, _saved, scenario, *_rest = cells(table)[0]
        assert name.endswith("…") and scenario.endswith("…")  # cut to fit, as before
        assert sum(column.get_render_width(table) for column in table.columns.values()) <= 78
