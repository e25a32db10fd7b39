"""Snapshots of the screens a player sees, with seeded dice (SVGs in __snapshots__/)."""

from game.commands.common import new_game
from game.content.loader import DEFAULT_CONTENT
from game.ui.app import EscarmoucheApp
from tests.helpers import app_duel as duel, creatures_act

SIZE = (120, 40)


def app_on_default(seed: int = 3, forced=()) -> EscarmoucheApp:
    game = new_game(DEFAULT_CONTENT, "crossroads", seed)
    game.roller.force(forced)
    return EscarmoucheApp(game)


def test_main_screen(snap_compare):
    assert snap_compare(app_on_default(), terminal_size=SIZE)


def test_main_screen_small_terminal(snap_compare):
    assert snap_compare(app_on_default(), terminal_size=(80, 24))


def test_targeting_overlay_and_odds(snap_compare):
    # Aldric selected, cursor on Dagny next to him: reach, targets and the odds panel.
    assert snap_compare(EscarmoucheApp(duel()), terminal_size=SIZE, press=["right"])


def test_spell_list(snap_compare):
    assert snap_compare(EscarmoucheApp(duel()), terminal_size=SIZE,
                        press=["tab", "right", "up", "up", "c"])


def test_aiming_a_spell(snap_compare):
    assert snap_compare(EscarmoucheApp(duel()), terminal_size=SIZE, press=["tab", "c", "enter"])


def test_help(snap_compare):
    assert snap_compare(app_on_default(), terminal_size=SIZE, press=["question_mark"])


def test_hand_over(snap_compare):
    app = app_on_default(forced=[99] * 20)

    async def round_ends(pilot):
        await pilot.press("e", "y", "enter", "e", "y")
        await creatures_act(app, pilot)  # shown one by one: played at once here

    assert snap_compare(app, terminal_size=SIZE, run_before=round_ends)


def test_game_over(snap_compare):
    game = duel(forced=[10, 99])
    game.units["elise"].hp, game.units["elise"].down = 0, True
    game.units["dagny"].hp = 1
    app = EscarmoucheApp(game, autosave=False)  # an autosave name holds the time
    assert snap_compare(app, terminal_size=SIZE, press=["right", "a"])


def test_main_screen_light_theme(snap_compare):
    app = EscarmoucheApp(duel())

    async def light(pilot):
        app.theme = "textual-light"
        await pilot.press("right")

    assert snap_compare(app, terminal_size=SIZE, run_before=light)


def test_main_screen_140x45(snap_compare):
    # The route to a square three steps away, its cost written where it ends.
    assert snap_compare(app_on_default(), terminal_size=(140, 45),
                        press=["right", "right", "right", "up"])


def test_main_screen_200x60(snap_compare):
    # A big terminal: the map centred, the side bar wide enough for one-line breakdowns,
    # the journal taking a share of the height.
    assert snap_compare(app_on_default(forced=[99] * 20), terminal_size=(200, 60),
                        press=["e", "y", "enter", "left", "left", "left"])


def test_aiming_dims_what_is_out_of_reach_140x45(snap_compare):
    # Corvin aims Firebolt: squares beyond its range or behind walls drawn dimmed.
    app = app_on_default()

    async def aim(pilot):
        await pilot.pause()
        app.play.select("corvin")
        app.play.after_spell_pick("firebolt")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(140, 45), run_before=aim)


def test_threat_zone_140x45(snap_compare):
    assert snap_compare(app_on_default(), terminal_size=(140, 45), press=["v"])


def test_roll_card(snap_compare):
    # Aldric hits Dagny (10), who fails to dodge (99); `w` opens the attack's card (← has
    # nothing before it): each term with its rule and source, the clamp, the forced d100,
    # then the dodge, the damage.
    assert snap_compare(EscarmoucheApp(duel(forced=[10, 99])), terminal_size=SIZE,
                        press=["right", "a", "w", "left"])


def test_describe_a_spell_small_terminal(snap_compare):
    # Corvin's spell list, Ice Storm highlighted, `i`: its facts with rules and sources.
    assert snap_compare(EscarmoucheApp(duel()), terminal_size=(80, 24),
                        press=["tab", "c", "down", "i"])


def test_inspect_lists_what_can_be_described_small_terminal(snap_compare):
    assert snap_compare(EscarmoucheApp(duel()), terminal_size=(80, 24), press=["right", "i"])


def test_marches_80x24_opens_on_the_current_player(snap_compare):
    # A map bigger than the view: it opens centred on the current player's first character.
    game = new_game(DEFAULT_CONTENT, "marches", 3)
    assert snap_compare(EscarmoucheApp(game), terminal_size=(80, 24))


def test_from_here_and_route_160x50(snap_compare):
    # Squares drawn 4×2; the route to a square next to the wolf, and what Aldric could do
    # from there, with who could attack him there.
    assert snap_compare(app_on_default(), terminal_size=(160, 50),
                        press=["right"] * 7 + ["up"])
