"""What start-up leaves for later keeps the game the same: `play` with only options is read
by the parser without its commands exactly as by the whole one, a new game's policies are
made when first asked for and play as `ProfileBook`'s, and the first screen is drawn
without the modules it never calls (the AI, the odds report, the other commands, the hot
reload), which are imported when first needed (README, Measures: start-up)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from game import cli
from game.commands.common import new_game
from game.content.loader import DEFAULT_CONTENT
from game.i18n import language
from game.rules.engine import Game
from game.rules.errors import SetupRefused
from game.rules.events import Moved
from game.rules.policies import ProfileBook

PLAY_ONLY = [
    [],
    ["--saves-dir", "somewhere", "--lang", "en"],
    ["--saves-dir=somewhere", "--lang=fr", "--seed=12"],
    ["--content", "content", "--seed", "3", "--seed", "4"],  # the last one given
    ["--seed=-5"],
    ["--content", "play"],  # a value, not the command
    ["--content="],
]
NOT_PLAY_ONLY = [
    ["play"], ["load", "x"], ["--help"], ["-h"], ["--sa", "x"], ["--lang", "de"],
    ["--seed", "x"], ["--seed", "-5"], ["--seed"], ["--saves-dir"], ["--saves-dir", "-x"],
    ["--", "play"], ["frob"], ["--seed", "٣"], ["--lang"], ["--content=a", "odds"],
    ["--seed", "9" * 5000],  # past int()'s 4,300 digits: argparse says it (exit 2)
]


@pytest.mark.parametrize("argv", PLAY_ONLY)
def test_options_alone_are_read_without_argparse_as_by_the_whole_parser(argv):
    assert cli.play_only(argv)
    for lang in ("en", "fr"):
        with language(lang):
            whole = cli.build_parser().parse_args(argv)
            alone = cli.play_args(argv)
        assert vars(alone) == vars(whole)
        assert alone.func is cli.play.run


def test_play_starts_without_importing_argparse():
    # In a process of its own: the test run itself has imported argparse long before.
    code = ("import sys; from game import cli; args = cli.play_args(['--seed', '3']); "
            "print('argparse' in sys.modules, args.seed)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["False", "3"]


@pytest.mark.parametrize("argv", NOT_PLAY_ONLY)
def test_a_command_help_or_doubtful_option_goes_to_the_whole_parser(argv):
    assert not cli.play_only(argv)


def test_a_wrong_option_is_refused_as_before(capsys):
    with pytest.raises(SystemExit) as end:
        cli.main(["--lang", "de"])
    assert end.value.code == 2
    error = capsys.readouterr().err
    assert "{play,load,serve," in error  # the whole parser's usage
    assert "argument --lang: invalid choice: 'de'" in error


SEED_BOUNDS = "a seed is a whole number from -9223372036854775808 to 9223372036854775807"


def test_a_seed_too_long_for_a_number_is_refused_not_a_traceback(capsys):
    with pytest.raises(SystemExit) as end:
        cli.main(["--seed", "9" * 5000])
    assert end.value.code == 2
    error = capsys.readouterr().err
    assert f"argument --seed: {SEED_BOUNDS}, not '{'9' * 5000}'" in error
    assert "Traceback" not in error


@pytest.mark.parametrize("argv", [
    ["--seed", str(2**63)], [f"--seed={-(2**63) - 1}"], ["--seed", "x"],
    ["script", "duel", "content/scripts/duel-demo.txt", "--seed", str(10**30), "--save", "s"],
    ["demo", "duel", "content/scripts/duel-demo.txt", "--seed", str(2**64)],
    ["play", "duel", "--seed", str(2**63)],
])
def test_a_seed_no_save_could_hold_is_refused_before_anything_plays(tmp_path, capsys, monkeypatch,
                                                                       argv):
    """A game's seed is what its saves keep: one past a save's 64 bits played, then every
    save and autosave of the game was refused ("it could not be read back")."""
    monkeypatch.setattr("game.ui.app.run_app", lambda app: pytest.fail("app started"))
    monkeypatch.setattr("game.ui.screens.demo.run_demo", lambda app: pytest.fail("app started"))
    with pytest.raises(SystemExit) as end:
        cli.main([*argv, "--saves-dir", str(tmp_path)])
    assert end.value.code == 2
    error = capsys.readouterr().err
    assert "argument --seed: " + SEED_BOUNDS in error and "Traceback" not in error
    assert list(tmp_path.iterdir()) == []


def test_the_seeds_bounds_are_a_saves():
    from msgspec.inspect import type_info

    from game.commands.common import SEEDS
    from game.saves import Seed

    info = type_info(Seed)
    assert SEEDS == (info.ge, info.le)
    assert cli.play_only(["--seed", str(2**63 - 1)]) and cli.play_only([f"--seed={-(2**63)}"])


def test_the_commands_are_listed_in_the_help_order():
    assert [c.__name__.rsplit(".", 1)[1] for c in cli.COMMANDS] == list(cli.COMMAND_NAMES)


def test_a_new_games_policies_play_the_creatures_as_the_profile_book_does():
    lazy = new_game(DEFAULT_CONTENT, "crossroads", 7)
    eager = Game(lazy.content, lazy.scenario, seed=7, scenario_id="crossroads",
                 policies=ProfileBook(lazy.content))
    for game in (lazy, eager):
        for _turn in range(6):  # both sides end their turns: the creatures act each round
            game.apply("end")
    assert lazy.round == eager.round == 4
    assert lazy.journal == eager.journal
    creatures = {u.id for u in lazy.units.values() if not u.owner}
    assert any(isinstance(e, Moved) and e.unit in creatures for e in lazy.journal)


def test_a_new_games_unknown_ai_profile_is_refused_as_before():
    game = new_game(DEFAULT_CONTENT, "crossroads", 7)
    with pytest.raises(SetupRefused) as refused:
        Game(game.content, game.scenario, seed=0, ai_players={2: "nobody"},
             policies=game.policies)
    assert "no AI profile 'nobody'" in str(refused.value.translated(lambda text: text))


def test_the_first_screen_is_drawn_without_what_it_never_calls(tmp_path):
    # The first screen (Textual's Ready event), headless, as `escarmouche` starts it.
    code = f"""
import sys
from game import cli
from game.commands import play

def build_app(args, build=play.build_app):
    app = build(args)

    class Timed(type(app)):
        def run(self):
            return super().run(headless=True, size=(160, 50))

        def on_ready(self):
            print(" ".join(sorted(sys.modules)), file=sys.__stdout__)
            self.exit()

    app.__class__ = Timed
    return app

play.build_app = build_app
sys.exit(cli.main(["--saves-dir", {str(tmp_path)!r}, "--lang", "en"]))
"""
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    modules = set(run.stdout.split())
    assert "game.ui.screens.play.screen" in modules  # the first screen was drawn
    left = {"game.rules.tactician", "game.rules.policies", "game.oddsreport",
            "game.content.reload", "game.commands.serve", "game.commands.balance",
            "game.lab", "game.saves", "shlex", "csv", "rich.pretty", "attr",
            "game.ui.palette"}
    assert not modules & left


def test_the_journals_log_pretty_prints_what_is_not_a_renderable_as_richs_own():
    code = """
import sys
import game.ui.widgets.journal_log
from textual.widgets import _rich_log
assert "rich.pretty" not in sys.modules and "attr" not in sys.modules
pretty = _rich_log.RichLog()._make_renderable({"hp": 3})
from rich.pretty import Pretty
from rich.console import Console
assert isinstance(pretty, Pretty)
console = Console(width=40, record=True, file=open("/dev/null", "w"))
console.print(pretty)
print(console.export_text().strip())
"""
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "{'hp': 3}"

