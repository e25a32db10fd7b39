"""Pilot tests: each interaction a player has with the app, with forced rolls."""

from textual.widgets import Static

from game.ui.app import EscarmoucheApp
from game.ui.screens.dialogs import Confirm, ConfirmEndTurn, ConfirmQuit, HandoverScreen, HelpScreen, JournalScreen, SpellPicker
from game.ui.screens.game_over import GameOverScreen
from game.ui.screens.saves import LoadScreen
from game.ui.widgets.bars import TitleBar
from game.ui.widgets.journal_log import JournalLog
from game.ui.widgets.map_view import MapView, fallen_mark
from game.ui.widgets.panels import TargetPanel, UnitPanel
from tests.helpers import APP_SIZE as SIZE, crossroads, creatures_act, app_duel as duel, journal_text, make_game, status, text_of
from tests.helpers import searched, type_text


async def test_tab_cycles_the_current_players_characters_and_skips_those_with_no_ap_left():
    game = duel()
    app = EscarmoucheApp(game)
    async with app.run_test(size=SIZE) as pilot:
        # The players' colours are sent exactly, so that blue shows blue.
        text, style = app.play.map._cells(2)[2]  # Aldric, Alice's: her colour is blue
        assert text == "A1"
        red, green, blue = style.color.get_truecolor()
        assert blue == 255 and red == green < 128  # a blue, not a theme's ANSI "blue"
        assert style.color.is_system_defined is False
        assert app.play.selected == "aldric"
        await pilot.press("tab")
        assert app.play.selected == "corvin"
        assert "Corvin" in text_of(app.play.query_one(UnitPanel))
        assert app.play.map.cursor == (2, 4)
        await pilot.press("tab")
        assert app.play.selected == "aldric"
        game.units["corvin"].ap = 0
        await pilot.press("tab")
        assert app.play.selected == "aldric"  # Corvin has no AP: nobody else to go to
        game.units["aldric"].ap = 0
        await pilot.press("tab")
        assert app.play.selected == "corvin"  # nobody has AP left: every character in turn


async def test_attack_with_a_forced_roll_writes_the_journal_and_lowers_the_hp_bar():
    app = EscarmoucheApp(duel(forced=[10, 99]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right")
        assert "1 sword (4 AP) 65%" in text_of(app.play.query_one(TargetPanel))
        await pilot.press("a")
        assert "attack roll Aldric: 10 (forced) ≤ 65 hit" in journal_text(app)
        hp = app.game.units["dagny"].hp
        assert hp < 20
        assert f"{hp}/20" in text_of(app.play.query_one(TargetPanel))


async def test_number_keys_take_the_target_panels_actions():
    app = EscarmoucheApp(duel(forced=[99]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "2")
        assert "Aldric brawls with Dagny at 1 square (3 AP, 7 left)" in journal_text(app)


async def test_a_refused_command_shows_its_reason_and_changes_nothing():
    game = duel()
    app = EscarmoucheApp(game)
    async with app.run_test(size=SIZE) as pilot:
        before = game.snapshot()
        await pilot.press("down", "down", "a")  # Corvin: Alice's own character
        assert status(app) == "✗ Corvin is one of your own characters: a player may never " \
                              "attack their own"
        assert "✗ attack aldric corvin with sword: Corvin is one of your own" in journal_text(app)
        assert game.snapshot() == before


async def test_casting_from_the_spell_list_on_the_unit_under_the_cursor_shows_it_first():
    app = EscarmoucheApp(duel(forced=[10, 99]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "right", "up", "up")  # Corvin, cursor on Dagny
        assert app.play.map.cursor == (3, 2)
        await pilot.press("c")
        assert isinstance(app.screen, SpellPicker)
        await pilot.press("enter")  # Firebolt, the first spell: shown, not cast yet
        assert app.game.log == [] and app.play.aiming == "firebolt"
        assert status(app).startswith("Firebolt here touches Dagny (Bruno, foe) · "
                                      "Enter or y casts, Esc cancels")
        panel = text_of(app.play.query_one(TargetPanel))
        assert "Firebolt here touches:" in panel and "• Dagny (Bruno, foe)" in panel
        await pilot.press("y")
        assert "Corvin casts Firebolt on Dagny (5 AP, 5 left)" in journal_text(app)
        assert "counter roll Dagny: 99 (forced) > 0 not countered" in journal_text(app)


async def test_a_spell_picked_without_a_target_waits_for_one():
    app = EscarmoucheApp(duel(forced=[10, 99]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "c", "enter")
        assert app.play.aiming == "firebolt"
        assert app.play.map.overlay.targets == {(3, 2)}
        await pilot.press("right", "up", "up", "enter")
        assert app.play.aiming is None
        assert "Corvin casts Firebolt on Dagny" in journal_text(app)


async def test_end_turn_hands_over_then_creatures_act_after_the_round():
    app = EscarmoucheApp(duel(forced=[99] * 10))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        assert isinstance(app.screen, ConfirmEndTurn)  # Aldric and Corvin still have AP
        assert str(app.screen.query_one("#question").render()) == \
            "Aldric and Corvin still have AP. End the turn?"
        await pilot.press("y")
        assert isinstance(app.screen, HandoverScreen)
        assert app.screen.title_text.startswith("Round 1: Bruno's turn (player 2)")
        await pilot.press("e", "a")  # the game's keys wait until the hand-over is closed
        assert app.game.current == 2 and len(app.game.log) == 1
        await pilot.press("enter")
        assert app.game.current == 2 and app.play.selected == "dagny"
        app.play.AI_PAUSE = 3600  # the test takes each creature's action itself
        await pilot.press("e", "a")  # end, and stop asking for the rest of the game
        while app.controller.busy():  # the goblin acts, one action at a time
            app.play.ai_next()
            await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        digest = "\n".join(line.plain for line in app.screen.digest)
        assert "— Round 1: the creatures act —" in digest
        assert "▶ move goblin" in digest
        assert "▶ end" in digest  # Bruno's end, which Alice has not seen


async def test_game_over_at_80x24_splits_the_counts_in_two_whole_tables(tmp_path):
    # playtest: at 80 columns the one table scrolled sideways and cut the counts in two
    game = duel(forced=[10, 99])
    game.units["elise"].hp = 0
    game.units["elise"].down = True
    game.units["dagny"].hp = 1
    app = EscarmoucheApp(game, saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right", "a")
        assert isinstance(app.screen, GameOverScreen)
        await pilot.pause()
        assert not app.screen.query_one("#all").display
        assert not app.screen.query_one("#more").display  # nothing past the right edge
        shown = [line.text for line in app.screen._compositor.render_strips()]
        heads = [line.split() for line in shown if "Character" in line]
        assert heads == [["Character", "Player", "HP", "Dealt", "Taken", "Kills", "Dodges",
                          "Counters"],
                         ["Character", "Level", "XP", "Attacks", "Hits", "Perfect", "Missed",
                          "Spells*"]]
        aldric = [line.split() for line in shown if "Aldric" in line]
        assert aldric[0][:3] == ["Aldric", "Alice", "18/18"]
        assert aldric[1][3:5] == ["1", "1"]  # one attack, one hit
        # The line that says where the game is kept wraps instead of being cut.
        assert "escarmouche load" in "\n".join(shown)


async def test_game_over_counts_the_creatures_fighting_for_a_player_after_the_characters():
    from textual.widgets import DataTable

    from game.commands.common import new_game
    from game.content.loader import DEFAULT_CONTENT

    game = new_game(DEFAULT_CONTENT, "dungeon", 1)  # Grey and Rook fight for Bruno
    game.units["grey"].stats.kills = 1
    app = EscarmoucheApp(game, autosave=False)
    async with app.run_test(size=(160, 50)) as pilot:
        app.push_screen(GameOverScreen(game))
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
        # The players' units, characters first; not the goblins, their wolf or the ogre.
        assert [row[0] for row in rows] == ["Aldric", "Brenna", "Dagny", "Fenwick", "Grey",
                                             "Rook"]
        grey = rows[4]
        assert grey[1:5] == ["Bruno", "10/10", "—", "—"]  # a creature has no level or XP
        assert grey[12] == "1"  # its kill counts in its player's game


async def test_the_last_enemy_down_shows_game_over_with_statistics_in_140_columns(tmp_path):
    from textual.widgets import DataTable

    game = duel(forced=[10, 99])
    game.units["elise"].hp = 0
    game.units["elise"].down = True
    game.units["dagny"].hp = 1
    app = EscarmoucheApp(game, new_game=lambda: duel(), saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "a")
        assert isinstance(app.screen, GameOverScreen)
        assert "Alice wins!" in str(app.screen.query_one("#winner").render())
        await pilot.pause()
        assert not app.screen.query_one("#more").display  # every column in sight
        table = app.screen.query_one(DataTable)  # at 140 columns the table fits
        assert table.virtual_size.width <= table.scrollable_content_region.width, "too wide"
        # The footnote says what each spell count counts (a playtest's finding).
        labels = [str(label.render()) for label in app.screen.query("Label")]
        assert "* spells: magic roll passed / magic roll failed / passed but countered" \
            in labels
        final = list(tmp_path.glob("autosave-*.json"))
        assert len(final) == 1  # the finished game is kept, and the screen says where
        assert final[0].stem in str(app.screen.query_one("#final-save").render())
        await pilot.press("n")  # a new game is asked first: a stray n throws nothing away
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        assert isinstance(app.screen, GameOverScreen) and app.game.over
        await pilot.press("n", "y")
        assert not isinstance(app.screen, GameOverScreen)
        assert app.game.round == 1 and not app.game.over
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmQuit)


async def test_q_ctrl_q_ctrl_c_and_the_palettes_quit_all_ask_first_on_the_hand_over_too():
    # One app through every way of quitting (each was a test of its own, with the same
    # start): each asks first, "n" goes back to where it was, "y" quits.
    app = EscarmoucheApp(duel(forced=[99] * 10))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmQuit), "q"
        await pilot.press("n")
        assert not isinstance(app.screen, ConfirmQuit) and app.is_running
        for key in ("ctrl+q", "ctrl+c"):
            await pilot.press(key)
            assert isinstance(app.screen, ConfirmQuit), key
            await pilot.press(key)  # asked once, however often pressed
            assert len([s for s in app.screen_stack if isinstance(s, ConfirmQuit)]) == 1
            await pilot.press("n")
            assert app.is_running and not isinstance(app.screen, ConfirmQuit)
        await pilot.press("ctrl+p")
        await type_text(pilot, "quit")
        await searched(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit) and app.is_running, "the palette's quit"
        await pilot.press("n")
        assert not isinstance(app.screen, ConfirmQuit)
        # On the hand-over: q and Ctrl+C ask too, and "n" goes back to the hand-over.
        await pilot.press("e", "y")
        assert isinstance(app.screen, HandoverScreen)
        for key in ("q", "ctrl+c"):
            await pilot.press(key)
            assert isinstance(app.screen, ConfirmQuit), f"{key} on the hand-over"
            await pilot.press("n")
            assert isinstance(app.screen, HandoverScreen)
        await pilot.press("enter", "q", "y")
        await pilot.pause()
        assert not app.is_running


async def test_nothing_plays_behind_the_hand_over_not_even_the_palette():
    app = EscarmoucheApp(duel(forced=[99] * 10))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e", "y")
        assert isinstance(app.screen, HandoverScreen)
        await pilot.press("ctrl+p")
        await type_text(pilot, "end turn")
        await searched(pilot)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")
        assert app.game.current == 2 and app.game.log == ["end"]
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Quit" in titles and app.palette_commands == []  # no key nor verb of play
        for key in ("a", "b", "o", "1", "u", "f9", "colon", "J", "R", "ctrl+s", "ctrl+o"):
            await pilot.press(key)
            assert app.screen_stack[-1] is app.screen and isinstance(app.screen, HandoverScreen)
        assert app.game.log == ["end"]


async def test_command_line_takes_the_full_notation():
    app = EscarmoucheApp(duel())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        await type_text(pilot, "open aldric 9,9")
        await pilot.press("enter")
        assert status(app) == "✗ there is no door at 9,9"
        await pilot.press("colon")
        await type_text(pilot, "move corvin 3,5")
        await pilot.press("enter")
        assert app.game.units["corvin"].pos == (3, 5)


async def test_help_lists_every_key_in_force_from_the_bindings_and_j_opens_the_journal():
    app = EscarmoucheApp(duel())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        shown = "\n".join(str(w.render()) for w in app.screen.query("Static"))
        for keys in ("u, Ctrl+Z", "Ctrl+S", "Ctrl+O", "F9", "R", "1…9", "q, Ctrl+Q, Ctrl+C",
                     "Tab", "Enter, m", "Ctrl+P", "↑ k ↓ j ← h → l"):
            assert f"  {keys} " in shown, keys
        assert "cast ID SPELL TARGET" in shown  # the notation, from the parser's own usage
        await pilot.press("escape")
        # Every binding of the play screen with a description is in the help.
        from game.ui.screens.play import PlayScreen

        helped = {text for _, text in app.key_help()}
        assert all(b.tooltip in helped for b in PlayScreen.BINDINGS)
        app.play.apply("move aldric 1,1")  # as the command line would (its own test above)
        await pilot.press("J")
        assert isinstance(app.screen, JournalScreen)
        await type_text(pilot, "aldric")
        title = app.screen.query_one(TitleBar).render().plain
        assert title.startswith("Journal") and title.endswith("2 lines")
        await pilot.press("escape")
        assert not isinstance(app.screen, JournalScreen)


async def test_clicking_selects_a_character_and_moves_the_cursor():
    app = EscarmoucheApp(duel())
    async with app.run_test(size=SIZE) as pilot:
        # The map starts one cell inside its border, centred in the view when smaller;
        # each square is drawn 4 cells wide and 2 rows tall (the map fits at 2×).
        left, top = app.play.map.margins()
        assert left > 0 and top > 0  # a 12×12 map in a bigger view
        assert app.play.map.cell == (4, 2)
        await pilot.click("#map", offset=(1 + left + 2 * 4 + 1, 1 + top + 4 * 2 + 1))
        assert app.play.map.cursor == (2, 4)
        assert app.play.selected == "corvin"


async def test_ctrl_s_saves_under_a_name_and_the_load_screen_brings_it_back(tmp_path):
    from game.ui.screens.saves import SaveNameScreen

    app = EscarmoucheApp(crossroads(), saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, SaveNameScreen)
        await pilot.press("end")  # the suggestion, selected: kept by an arrow key
        await type_text(pilot, "-mine")
        await pilot.press("enter")
        assert (tmp_path / "crossroads-round-1-mine.json").exists()
        assert status(app) == f"Saved to {tmp_path / 'crossroads-round-1-mine.json'}"
        await pilot.press("ctrl+s")
        await type_text(pilot, "mine")  # typing replaces the suggestion
        await pilot.press("enter")
        assert (tmp_path / "mine.json").exists()
        await pilot.press("colon")
        await type_text(pilot, "save mine")  # that name exists: asked first
        await pilot.press("enter")
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        await pilot.press("ctrl+s")
        await type_text(pilot, "mine")
        await pilot.press("enter", "y")
        assert status(app) == f"Saved to {tmp_path / 'mine.json'}"
        await pilot.press("left", "enter")  # move Aldric; then load the save back
        assert app.game.units["aldric"].pos == (2, 7)
        await pilot.press("ctrl+o")
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, Confirm)  # the game being played is not thrown away
        await pilot.press("n")
        assert app.game.units["aldric"].pos == (2, 7)
        await pilot.press("ctrl+o", "enter", "y")
        assert app.game.units["aldric"].pos == (3, 7)
        assert status(app) == "Loaded 'mine': round 1"  # the newest save comes first


async def test_a_fresh_game_loads_the_picked_save_without_a_question(tmp_path):
    # playtest: "Load mine? Nothing has been played yet." asked a question with one answer
    app = EscarmoucheApp(crossroads(), saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("left", "enter")
        await pilot.press("colon")
        await type_text(pilot, "save mine")
        await pilot.press("enter")
    fresh = EscarmoucheApp(crossroads(), saves_dir=tmp_path)
    async with fresh.run_test(size=SIZE) as pilot:
        assert fresh.game.units["aldric"].pos == (3, 7)
        await pilot.press("ctrl+o")
        assert isinstance(fresh.screen, LoadScreen)
        await pilot.press("enter")
        assert not isinstance(fresh.screen, Confirm)
        assert fresh.game.units["aldric"].pos == (2, 7)
        assert status(fresh) == "Loaded 'mine': round 1"


async def test_a_bad_save_is_reported_and_the_game_goes_on(tmp_path):
    (tmp_path / "broken.json").write_text("{\"format\": \"escarmouche-save\"")
    app = EscarmoucheApp(crossroads(), saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("left", "enter")
        await pilot.press("colon")
        await type_text(pilot, "load broken")
        await pilot.press("enter")
        assert status(app).startswith("✗ broken.json is truncated")
        assert app.game.units["aldric"].pos == (2, 7)
        await pilot.press("colon")
        await type_text(pilot, "save ../up")
        await pilot.press("enter")
        assert status(app).startswith("✗ bad save name '../up'")


async def test_saving_over_a_folder_is_refused_at_once_without_asking(tmp_path):
    # Before, `save NAME` over a folder NAME.json asked to overwrite it, then refused.
    (tmp_path / "mine.json").mkdir()
    app = EscarmoucheApp(crossroads(), saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        await type_text(pilot, "save mine")
        await pilot.press("enter")
        assert not isinstance(app.screen, Confirm)
        assert status(app) == f"✗ cannot save as {tmp_path / 'mine.json'}: a folder has " \
                              "that name"
        assert (tmp_path / "mine.json").is_dir()
        assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.json"]


async def test_a_save_named_with_an_accented_letter_is_written_and_loads_back(tmp_path):
    # Before, `save é` was refused: é was taken for no letter.
    app = EscarmoucheApp(crossroads(), saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        await type_text(pilot, "save été")
        await pilot.press("enter")
        assert status(app) == f"Saved to {tmp_path / 'été.json'}"
        await pilot.press("left", "enter")
        await pilot.press("colon")
        await type_text(pilot, "load été")
        await pilot.press("enter")
        assert status(app) == "Loaded 'été': round 1"
        assert app.game.units["aldric"].pos == (3, 7)


async def test_undo_takes_back_a_move_and_reaches_back_to_the_last_roll(tmp_path):
    from game.rules.events import Roll

    app = EscarmoucheApp(duel(), saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("left", "enter")
        assert app.game.units["aldric"].ap == 9
        await pilot.press("u")
        assert app.game.units["aldric"].pos == (2, 2) and app.game.units["aldric"].ap == 10
        assert status(app) == "Undone: move aldric 1,2"
        await pilot.press("right", "right", "b")  # a brawl: a die is rolled
        [roll] = [e for e in app.game.journal if isinstance(e, Roll) and e.unit == "aldric"]
        # A move after a roll can be taken back, the roll kept (the controller's test);
        # not the brawl that rolled, and the refusal says which command rolled.
        await pilot.press("ctrl+z")
        assert status(app) == ("✗ cannot undo: 'attack aldric dagny brawl' rolled dice "
                               f"(attack roll of {roll.roll} by Aldric): what is rolled "
                               "stays rolled")
        assert app.game.log[-1] == "attack aldric dagny brawl"


async def test_each_turn_start_autosaves_and_f9_quick_loads(tmp_path):
    app = EscarmoucheApp(crossroads(forced=[99] * 40), saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e", "y", "enter")
        assert len(list(tmp_path.glob("autosave-*.json"))) == 1
        autosave = next(tmp_path.glob("autosave-*.json")).stem
        await pilot.press("f9")  # right after the autosave, nothing would be lost
        assert app.screen.question == (f"Go back to the latest autosave ({autosave})? "
                                       f"Nothing is lost: this game is saved as {autosave}.")
        await pilot.press("escape")
        await pilot.press("left", "enter")  # Dagny moves
        assert app.game.units["dagny"].pos == (19, 7)
        await pilot.press("f9")
        assert isinstance(app.screen, Confirm)  # a stray F9 undoes nothing
        assert app.screen.question.endswith("? Play since the last save is lost.")
        await pilot.press("escape")
        assert app.game.units["dagny"].pos == (19, 7)
        await pilot.press("f9", "y")
        assert app.game.units["dagny"].pos == (20, 7) and app.game.current == 2


async def test_replay_view_steps_back_and_forth_and_jumps_rounds(tmp_path):
    from game.ui.screens.replay import ReplayScreen

    game = crossroads(forced=[99] * 40)
    for command in ("move aldric 4,6", "end", "move dagny 19,7", "end", "move aldric 3,6"):
        game.apply(command)
    app = EscarmoucheApp(game, saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("R")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.step == 6 and screen.current.units["aldric"].pos == (3, 6)
        await pilot.press("left")
        assert screen.current.units["aldric"].pos == (4, 6) and screen.current.round == 2
        await pilot.press("left_square_bracket")
        assert screen.current.round == 1 and screen.step == 0
        await pilot.press("right", "right")
        assert screen.step == 2 and screen.current.units["aldric"].pos == (4, 6)
        head = str(screen.query_one("#replay-head").render())
        assert head == "Replay · step 2/6 · round 1 · move aldric 4,6"
        await pilot.press("end", "escape")
        assert app.screen is not screen
        assert app.game is game  # watching changes nothing


async def test_loading_after_a_content_change_offers_saved_state_or_replay(tmp_path):
    import shutil

    from game.content.loader import DEFAULT_CONTENT
    from game.saves import load_game, save_game
    from game.ui.screens.saves import ContentChangedScreen

    game = crossroads(forced=[4, 99])
    game.apply("move aldric 9,4")
    game.apply("attack aldric goblin-1 with sword")  # a perfect hit: 3 + 2 XP
    path = save_game(game, "before", tmp_path)
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    rules = content / "rules.yaml"
    rules.write_text(rules.read_text().replace("perfect: 2 ", "perfect: 7 "))
    loaded = load_game(path, content)
    app = EscarmoucheApp(loaded.game, saves_dir=tmp_path, content_dir=content, loaded=loaded)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ContentChangedScreen)
        assert app.game.units["aldric"].xp == 5  # the saved state, as played
        await pilot.press("r")
        assert app.game.units["aldric"].xp == 10  # replayed: a perfect hit pays 3 + 7
        assert not isinstance(app.screen, ContentChangedScreen)


async def test_a_downed_unit_leaves_a_mark_on_the_map_and_in_the_target_panel():
    app = EscarmoucheApp(duel(forced=[10, 99]))
    app.game.units["dagny"].hp = 1
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "a")
        assert app.game.units["dagny"].down
        row = app.play.map._cells(2)
        assert row[3][0] == "%2"  # her mark, with her player's number
        assert "Dagny lies here, down (Bruno)" in text_of(app.play.query_one(TargetPanel))


def test_fallen_creatures_marks_say_what_fell_not_their_ordinal():
    # Each is the first of its glyph (`ga`, `wa`): their ordinals alone read `%a` twice.
    game = make_game([("aldric", "aldric", 1, (2, 2)), ("dagny", "dagny", 2, (9, 9)),
                      ("goblin", "goblin", None, (4, 2)), ("wolf", "wolf", None, (6, 2))])
    for creature in ("goblin", "wolf"):
        game.units[creature].down = True
    view = MapView(game)
    assert [text for text, _style in view._cells(2)[4:7:2]] == ["%g", "%w"]
    assert [fallen_mark(label) for label in ("A1", "B2", "gb", "w*")] == ["1", "2", "g", "w"]


async def test_the_route_is_drawn_with_its_cost_no_preview_outlives_its_square_and_enter_moves():
    app = EscarmoucheApp(duel())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down", "down", "right")  # 3,5: three squares away
        overlay = app.play.map.overlay
        assert overlay.end == (3, 5) and overlay.cost == 3
        assert len(overlay.path) == 3 and (3, 5) in overlay.path
        assert app.play.map._cells(5)[3][0] == " 3"  # the cost, written where it ends
        assert status(app) == "Move Aldric to 3,5: 3 AP (Enter)"
        await pilot.press("up", "up", "up")  # onto Dagny: no move there, no stale offer
        assert app.play.cursor == (3, 2)
        assert status(app) == "" and app.play.map.overlay.end is None
        # Moving shows the cost, then moves along the path.
        await pilot.press("left", "left", "left", "up")
        assert app.play.cursor == (0, 1)
        assert status(app) == "Move Aldric to 0,1: 2 AP (Enter)"
        assert app.play.map.overlay.path == {(1, 2), (0, 1)}
        await pilot.press("enter")
        assert app.game.units["aldric"].pos == (0, 1)
        assert app.game.units["aldric"].ap == 8
        assert "AP ███████████░░░ 8/10" in text_of(app.play.query_one(UnitPanel))


async def test_the_roster_lists_every_unit_and_inspect_shows_an_enemy_up_close():
    from textual.widgets import DataTable

    from game.ui.screens.roster import InspectScreen, RosterScreen

    game = duel()
    game.units["elise"].down, game.units["elise"].hp = True, 0
    game.units["dagny"].ap, game.units["dagny"].ap_owed = 3, 2  # left last turn; owes 2
    app = EscarmoucheApp(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        assert isinstance(app.screen, RosterScreen)
        table = app.screen.query_one(DataTable)
        rows = [[getattr(c, "plain", str(c)) for c in table.get_row_at(i)]
                for i in range(table.row_count)]
        assert [r[0] for r in rows] == ["Aldric", "Corvin", "Dagny", "Elise", "Goblin"]
        assert rows[3][2] == "Bruno" and rows[3][6] == "down" and rows[3][3] == "0/16"
        assert rows[4][2] == "creature" and rows[0][4] == "10/10"
        # Another side's AP: what it has left, and what its next turn starts with.
        assert rows[2][4] == "3/10 (8 next turn)" and rows[4][4] == "8/8"  # no change: no more
        table.move_cursor(row=2)
        await pilot.press("enter")  # a closer look at Dagny, Bruno's
        assert isinstance(app.screen, InspectScreen) and app.screen.unit.id == "dagny"
        shown = str(app.screen.query_one("Static").render())
        assert "Weapons:" in shown and "Armour:" in shown
        await pilot.press("escape")  # back to the list, not to the map
        assert isinstance(app.screen, RosterScreen)
        await pilot.press("escape", "right", "i")  # the unit under the cursor: Dagny
        assert isinstance(app.screen, InspectScreen) and app.screen.unit.id == "dagny"
        await pilot.press("escape")
        app.play.map.move_cursor((9, 9))  # where Elise fell
        await pilot.press("i")
        assert isinstance(app.screen, InspectScreen) and app.screen.unit.id == "elise"


async def test_ending_a_turn_with_ap_left_asks_unless_told_not_to_and_never_when_spent():
    game = duel(forced=[99] * 10)
    app = EscarmoucheApp(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e", "n")
        assert app.game.current == 1 and not isinstance(app.screen, ConfirmEndTurn)
        game.units["aldric"].ap = game.units["corvin"].ap = 0
        await pilot.press("e")  # nothing left to do: no question
        assert isinstance(app.screen, HandoverScreen)
        await pilot.press("enter", "e")
        assert str(app.screen.query_one("#question").render()).startswith(
            "Dagny and Elise still have AP")
        # "a": end, and do not ask again (the controller keeps it, saves carry it).
        await pilot.press("a", "enter")
        await creatures_act(app, pilot)
        assert app.game.current == 1 and app.controller.ask_before_ending is False


async def test_the_hand_over_digest_shows_the_other_sides_only_with_a_summary_first():
    app = EscarmoucheApp(duel(forced=[10, 99] + [99] * 10))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down", "a")  # refused: Corvin is Alice's own
        await pilot.press("up", "up", "right", "a", "e", "y")  # Aldric hits Dagny
        summary = str(app.screen.query_one("#summary").render())
        hp = app.game.units["dagny"].hp
        # Bruno has not played yet: what he is told happened since the game began.
        assert summary.startswith(f"Since the game began: Aldric hit Dagny for {20 - hp} "
                                  f"(HP 20 → {hp})")
        digest = "\n".join(line.plain for line in app.screen.digest)
        assert "attack aldric dagny" in digest and "✗" not in digest
        await pilot.press("enter", "right", "enter", "e", "y")  # Dagny steps away; Alice plays
        await creatures_act(app, pilot)
        digest = "\n".join(line.plain for line in app.screen.digest)
        assert "move dagny" in digest
        assert "attack aldric" not in digest  # her own turn is not told back to her
        assert str(app.screen.query_one("#summary").render()).endswith(
            "No attack, no spell, nobody down.")


async def test_journal_lines_wrap_again_after_a_resize():
    app = EscarmoucheApp(duel())
    async with app.run_test(size=(200, 44)) as pilot:
        await pilot.press("down", "down", "a")  # a long refusal line
        await pilot.pause()
        log = app.play.query_one(JournalLog)
        wide = len(log.lines)
        await pilot.resize_terminal(80, 44)
        await pilot.pause()
        assert len(log.lines) > wide  # wrapped again at the new width
        assert max(strip.cell_length for strip in log.lines) <= log.scrollable_content_region.width


async def test_an_area_spell_shows_its_footprint_and_who_it_touches_before_it_is_cast():
    game = duel()
    game.units["elise"].pos = (4, 2)  # next to Dagny: in the storm
    app = EscarmoucheApp(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "c", "down", "enter")  # Corvin aims Ice Storm
        assert app.play.aiming == "ice-storm"
        await pilot.press("right", "up", "up")  # on Dagny
        overlay = app.play.map.overlay
        assert overlay.area == {(x, y) for x in (2, 3, 4) for y in (1, 2, 3)}
        # Aldric stands in it too, but an area spares its caster's side: not listed.
        assert status(app) == ("Ice Storm here touches Dagny (Bruno, foe), Elise (Bruno, foe) · "
                               "Enter or y casts, Esc cancels")
        assert app.game.log == []  # nothing cast yet
        await pilot.press("escape")
        assert app.play.map.overlay.area == frozenset()


async def test_the_spell_list_preselects_what_can_be_cast_and_a_self_spell_aims_at_its_caster():
    from textual.widgets import OptionList

    game = duel(forced=[10])
    game.units["corvin"].ap = 4  # too few for Firebolt (5) and Ice Storm (7)
    app = EscarmoucheApp(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "c")
        assert isinstance(app.screen, SpellPicker)
        listing = app.screen.query_one(OptionList)
        first = listing.get_option_at_index(0)
        assert str(first.prompt).startswith(" ✗ Firebolt")
        assert "Corvin has 4 AP" in str(first.prompt)  # the engine's reason, said
        highlighted = listing.get_option_at_index(listing.highlighted)
        assert highlighted.id == "focus" and str(highlighted.prompt).startswith("▶  Focus")
        await pilot.press("enter")  # Focus: range 0, aimed at Corvin himself, shown first
        assert app.play.aiming == "focus" and app.play.cursor == (2, 4)
        assert status(app).startswith("Focus here touches Corvin (Alice, yours)")
        await pilot.press("enter")
        assert app.play.aiming is None
        assert app.game.log[-1] == "cast corvin focus corvin"


async def test_the_scenario_briefing_and_victory_show_at_start_and_in_help():
    game = crossroads()
    app = EscarmoucheApp(game)
    async with app.run_test(size=SIZE) as pilot:
        first = journal_text(app).split("\n")[0]
        assert first.startswith(game.scenario.briefing.strip()[:30])
        flat = " ".join(journal_text(app).split())  # as wrapped in the log: words only
        assert f"Victory: {game.scenario.victory}" in flat
        await pilot.press("question_mark")
        about = str(app.screen.query_one("#scenario").render())
        assert about.startswith(f"This scenario\n{game.scenario.name}: ")
        assert game.scenario.victory in about


async def test_the_replay_view_wraps_roll_lines_inside_its_log():
    from textual.widgets import RichLog

    game = duel(forced=[10, 99])
    game.apply("attack aldric dagny")
    app = EscarmoucheApp(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("R")
        await pilot.pause()
        log = app.screen.query_one(RichLog)
        text = "\n".join(strip.text for strip in log.lines)
        assert "attack roll Aldric" in text
        assert max(strip.cell_length for strip in log.lines) <= log.scrollable_content_region.width


async def test_the_replay_view_leaves_the_map_most_of_a_small_terminal():
    """At 80x24 the replay's journal took 60 columns and its map 18 (playtest: only
    columns 0-8 of the crossroads, none of Bruno's units): the journal now takes 40% of
    the width (30 at least, 60 at most)."""
    from textual.widgets import RichLog

    from game.ui.screens.replay import BoardView

    game = duel()
    game.apply("end")
    app = EscarmoucheApp(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("R")
        await pilot.pause()
        board, log = app.screen.query_one(BoardView), app.screen.query_one(RichLog)
        assert board.size.width >= 44 and 30 <= log.size.width + 2 <= 34


async def test_a_tall_terminal_grows_the_journal_but_never_squeezes_the_map():
    from game.ui.widgets.bars import KeyBar
    from tests.helpers import make_game

    big = "\n".join(["." * 30] * 30)

    def game():
        return make_game([("aldric", "aldric", 1, (2, 2)), ("dagny", "dagny", 2, (5, 5))],
                         map_text=big)

    app = EscarmoucheApp(game())
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        view = app.play.map
        assert view.scrollable_content_region.height >= 30  # the whole map, no scrolling
        assert app.play.query_one(JournalLog).size.height > 9  # and more journal than 9
    app = EscarmoucheApp(game())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.play.query_one(KeyBar)
        assert bar.region.y == 23 and bar.region.height == 1  # the map scrolls instead


async def test_the_computer_plays_its_turn_step_by_step_then_hands_over_to_the_person():
    game = duel()
    game.ai_players = {2: "aggressive"}
    app = EscarmoucheApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        play = app.play
        play.AI_PAUSE = 3600  # the test takes each step itself
        await pilot.press("colon")
        await type_text(pilot, "end")
        await pilot.press("enter")
        await pilot.pause()
        # The computer's turn: no hand-over, and none of the person's keys plays.
        assert not isinstance(app.screen, HandoverScreen) and game.current == 2
        assert play._ai_timer is not None
        await pilot.press("e")
        assert game.log == ["end"]
        steps = 0
        while game.current == 2:
            before = len(game.log)
            play.ai_next()
            await pilot.pause()
            if app.controller.busy():  # Bruno's end closes the round: a creature acted
                assert len(game.log) == before and status(app).startswith(
                    "The creatures act: ")
                continue
            steps += 1
            assert len(game.log) == before + 1  # one action a step, drawn before the next
            if game.current == 2:
                command = game.log[-1]
                assert f"▶ {command}" in journal_text(app)
                assert status(app).startswith("The computer plays Bruno: ")
                for unit in ("dagny", "elise"):  # the map shows where each now stands
                    if not game.units[unit].down:
                        assert play.map.shown(game.units[unit].pos) == play.map.label(unit)
        assert steps >= 2 and game.current == 1 and game.log[-1] == "end"
        assert isinstance(app.screen, HandoverScreen)
        # One person against the computer: not told to pass the keyboard to herself.
        assert app.screen.title_text == (
            "Round 2: Alice's turn (player 1), against the computer.")


async def test_aiming_a_spell_dims_the_squares_out_of_its_range_or_sight():
    from game.rules import legal
    from game.ui.widgets.map_view import OUT_OF_REACH

    app = EscarmoucheApp(duel())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "c", "enter")
        play = app.play
        spell = play.aiming
        assert spell and play.selected == "corvin"
        out = play.map.overlay.out
        assert out == legal.out_of_reach(app.game, "corvin", spell=spell)
        assert (11, 11) in out and (3, 4) not in out  # far off; next to Corvin
        # Drawn dimmed: the far corner's cell, not the square beside Corvin.
        cells = dict(enumerate(play.map._cells(11)))
        assert cells[11][1].dim and not play.map._cells(4)[3][1].dim
        assert OUT_OF_REACH.dim
        await pilot.press("escape")
        assert play.aiming is None and play.map.overlay.out == frozenset()


async def test_v_shows_and_hides_the_enemies_threat_zone():
    from game.rules import legal

    app = EscarmoucheApp(duel())
    async with app.run_test(size=SIZE) as pilot:
        play = app.play
        assert play.map.overlay.threat == frozenset()
        await pilot.press("v")
        zone = play.map.overlay.threat
        assert zone == legal.threat_zone(app.game, 1) and (3, 2) in zone  # where Dagny stands
        assert status(app).startswith("Threat zone shown")
        await pilot.press("right")  # it stays while the cursor moves
        assert play.map.overlay.threat == zone
        await pilot.press("v")
        assert play.map.overlay.threat == frozenset() and status(app) == "Threat zone hidden"
        await pilot.press("question_mark")
        shown = "\n".join(str(w.render()) for w in app.screen.query("Static"))
        assert "  v " in shown and "threat zone" in shown


async def test_a_saved_content_change_is_swapped_in_and_an_invalid_one_keeps_the_game(tmp_path):
    import re
    import shutil

    from game.commands.common import new_game
    from game.content.loader import DEFAULT_CONTENT

    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    game = new_game(content, "crossroads", 3, designer=True)
    game.apply("place dagny 4,7")  # beside Aldric (3,7): the panel shows the sword's odds
    app = EscarmoucheApp(game, content_dir=content, saves_dir=tmp_path / "saves",
                         autosave=False)

    async def until(condition, poll=False):
        # `poll`: the screen's own poll asked at once, as its one-second timer would at its
        # next tick (the timer's first ask is waited for: it starts the watch).
        for _ in range(100):
            if poll:
                app.play.poll_content()
            if condition():
                return
            await pilot.pause(0.05)
        raise AssertionError("never happened")

    def sword_damage():
        panel = text_of(app.play.query_one(TargetPanel))
        return re.search(r"lands [0-9.]+% · (\d+–\d+) dmg", panel).group(1)

    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right")
        before = sword_damage()
        await until(lambda: app.controller.hot_reload is not None)  # the first poll
        weapons = content / "weapons.yaml"
        weapons.write_text(weapons.read_text().replace(
            "  dice: 1d8\n  ap_cost: 4\n  family: sword", "  dice: 1d12\n  ap_cost: 4\n  family: sword"))
        await until(lambda: app.game is not game, poll=True)
        assert "⟳ content reloaded: weapons.yaml: sword" in journal_text(app)
        assert status(app) == "⟳ content reloaded: weapons.yaml: sword"
        assert app.game.units["aldric"].pos == (3, 7) and app.game.log == game.log
        after = sword_damage()
        assert after != before and app.play.here[0].plan.damage.dice[0][1].sides == 12
        # An invalid change: its errors in the journal and status, the game kept.
        reloaded = app.game
        weapons.write_text(weapons.read_text().replace("  dice: 1d12\n", "  dice: lots\n", 1))
        await until(lambda: "content not reloaded" in journal_text(app), poll=True)
        assert app.game is reloaded and sword_damage() == after
        assert status(app).startswith("✗ content not reloaded: content/weapons.yaml:")
        assert re.search(r"content/weapons\.yaml:\d+:\d+: ", journal_text(app))


async def test_f12_and_ctrl_t_save_a_screenshot_in_the_saves_folder(tmp_path):
    saves = tmp_path / "saves"
    app = EscarmoucheApp(duel(), saves_dir=saves, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f12")
        [shot] = saves.glob("*.svg")
        assert status(app) == f"Screenshot saved to {shot}"  # outside the working folder: whole
        assert "<svg" in shot.read_text() and "Aldric" in shot.read_text()
        await pilot.press("ctrl+t")
        await pilot.press("question_mark", "f12")  # over a dialog too
        assert len(list(saves.glob("*.svg"))) == 3
        shown = "\n".join(str(w.render()) for w in app.screen.query("Static"))
        assert "  F12, Ctrl+T " in shown


async def test_the_spell_list_does_not_blame_a_friend_in_range_for_no_foe_in_reach():
    from textual.widgets import OptionList

    game = crossroads()  # Corvin (3,10) reaches 3 squares: only Aldric (3,7), his own
    app = EscarmoucheApp(game)
    async with app.run_test(size=SIZE) as pilot:
        app.play.selected = "corvin"
        await pilot.press("c")
        assert isinstance(app.screen, SpellPicker)
        firebolt = str(app.screen.query_one(OptionList).get_option_at_index(0).prompt)
        assert "Firebolt" in firebolt and "one of your own characters" not in firebolt
        assert "at itself" not in firebolt
        # A foe it cannot reach says why: too far.
        assert "squares away; Firebolt reaches 3 at level 1" in firebolt


async def test_enter_right_after_cursor_keys_acts_where_the_cursor_now_is():
    # A fast typist's → → Enter: the keys are handled before the map's CursorMoved
    # messages reach the screen. Done here without awaiting in between, as a burst does.
    app = EscarmoucheApp(duel())
    async with app.run_test(size=SIZE) as pilot:
        start = app.game.units["aldric"].pos
        app.play.map.action_cursor(-1, 0)
        app.play.map.action_cursor(-1, 0)
        app.play.action_activate()
        await pilot.pause()
        assert app.game.units["aldric"].pos == (start[0] - 2, start[1])
        assert app.play.cursor == app.play.map.cursor == (start[0] - 2, start[1])


async def test_game_over_of_nine_units_at_80x24_scrolls_each_table_and_keeps_its_footnotes():
    # review: the tavern's nine counted units ran the second table off the screen
    from textual.widgets import DataTable

    from game.commands.common import new_game
    from game.content.loader import DEFAULT_CONTENT

    game = new_game(DEFAULT_CONTENT, "tavern-brawl", 1)
    app = EscarmoucheApp(game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameOverScreen(game))
        await pilot.pause()
        await pilot.pause()
        standing, blows = (app.screen.query_one(f"#{t}", DataTable)
                           for t in ("standing", "blows"))
        assert standing.row_count == blows.row_count == 9
        shown = "\n".join(line.text for line in app.screen._compositor.render_strips())
        assert "n new game · q quit" in shown and "* spells:" in shown
        assert app.focused is standing  # the keys reach a table in sight
        await pilot.press(*["down"] * 8)
        assert standing.cursor_row == 8 and standing.scroll_y > 0
        await pilot.resize_terminal(160, 50)  # room for one table again
        await pilot.pause()
        await pilot.pause()
        assert app.screen.query_one("#all").display
        assert not app.screen.query_one("#split").display


async def test_game_over_narrower_still_scrolls_a_table_sideways_keeping_the_names(tmp_path):
    game = duel(forced=[10, 99])
    game.units["elise"].hp = 0
    game.units["elise"].down = True
    game.units["dagny"].hp = 1
    app = EscarmoucheApp(game, saves_dir=tmp_path)
    async with app.run_test(size=(60, 30)) as pilot:
        await pilot.press("right", "a")
        assert isinstance(app.screen, GameOverScreen)
        await pilot.pause()
        assert app.screen.query_one("#more").display  # said: the counts go on to the right
        await pilot.press(*["right"] * 12)  # the focused table, toward its last columns
        await pilot.pause()
        shown = [line.text for line in app.screen._compositor.render_strips()]
        aldric = next(line for line in shown if "Aldric" in line)
        assert "Aldric" in aldric and "Alice" not in aldric  # scrolled, the name stays
