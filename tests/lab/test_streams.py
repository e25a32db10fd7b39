"""Rolls that belong to their command: with `dice="streams"` a rule change moves only the
rolls of the commands it touches, and the same seed and log still give the same journal."""

from __future__ import annotations

import json
import shutil

import msgspec

from game.cli import main
from game.content.loader import DEFAULT_CONTENT, load_scenario, scenario_path
from game.journal.text import describe, namer
from game.rules.events import AttackDeclared, Damage, Roll
from game.rules.history import changed_outcomes, outcomes, replay
from game.rules.policies import ProfileBook
from game.saves import VERSION, load_game, read_save, save_game
from tests.helpers import CONTENT

SCRIPT = DEFAULT_CONTENT / "scripts" / "skirmish-demo.txt"


def demo_log() -> list[str]:
    lines = (line.split("#")[0].strip() for line in SCRIPT.read_text().splitlines())
    return [line for line in lines if line]


def crossroads(content):
    return load_scenario(content, scenario_path(DEFAULT_CONTENT, "crossroads"), DEFAULT_CONTENT)


def play(content, dice: str, seed: int = 9):
    # Seed 9: the stronger bow's extra die downs no one there, so its consequences stop at
    # the bow's own command (at some seeds it downs the wolf, and the creatures then act
    # otherwise: a consequence of the rule, not a leak of dice).
    return replay(content, crossroads(content), seed, demo_log(), "crossroads",
                  designer=True, dice=dice, policies=ProfileBook(content))


def stronger_bows():
    """A rule change that only touches ranged attacks: the short bow rolls two dice."""
    bow = msgspec.structs.replace(CONTENT.weapons["shortbow"], dice="2d6")
    return msgspec.structs.replace(CONTENT, weapons={**CONTENT.weapons, "shortbow": bow})


def melee_rolls(journal) -> list[tuple[str, list]]:
    """Each melee or brawl command with every die it rolled (d100s and damage faces)."""
    found = []
    for command, events in outcomes(journal):
        declared = [e for e in events if isinstance(e, AttackDeclared)]
        if declared and all(e.mode != "ranged" for e in declared):
            dice = [e.roll for e in events if isinstance(e, Roll)]
            dice += [r.faces for e in events if isinstance(e, Damage) for r in e.dice]
            found.append((command, dice))
    return found


def text(game) -> str:
    name = namer(game)
    return "\n".join(describe(e, name) for e in game.journal)


def test_same_seed_and_log_give_the_same_journal_byte_for_byte():
    assert text(play(CONTENT, "streams")) == text(play(CONTENT, "streams"))
    assert text(play(CONTENT, "streams", seed=8)) != text(play(CONTENT, "streams"))


def test_a_ranged_rule_change_leaves_every_melee_commands_rolls_alone():
    before = melee_rolls(play(CONTENT, "streams").journal)
    after = melee_rolls(play(stronger_bows(), "streams").journal)
    assert len(before) >= 5 and before == after
    # The bow's own command did change: the comparison is not empty.
    changes = changed_outcomes(play(CONTENT, "streams").journal,
                               play(stronger_bows(), "streams").journal)
    assert any("shortbow" in change.command for change in changes)


def test_with_one_stream_the_same_change_shifts_later_melee_rolls():
    # Why streams exist: one extra die in a bow shot moves every later roll.
    before = melee_rolls(play(CONTENT, "single").journal)
    after = melee_rolls(play(stronger_bows(), "single").journal)
    assert before != after


def test_changed_outcomes_lists_every_changed_command_in_order():
    changes = changed_outcomes(play(CONTENT, "streams").journal,
                               play(stronger_bows(), "streams").journal)
    numbers = [change.number for change in changes]
    assert numbers == sorted(numbers) and len(numbers) == len(set(numbers))
    for change in changes:
        assert change.old != change.new


def test_replay_all_prints_every_changed_command(tmp_path, capsys):
    game = play(CONTENT, "streams")
    save_game(game, "streams", tmp_path)
    record = read_save(tmp_path / "streams.json")
    assert record.version == VERSION and record.dice == "streams"
    assert load_game(tmp_path / "streams.json").game.log == game.log
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    weapons = content / "weapons.yaml"
    bows = "name: {en: \"short bow\", fr: \"arc court\"}\n  kind: ranged\n  dice: "
    weapons.write_text(weapons.read_text().replace(bows + "1d6", bows + "2d6"))
    capsys.readouterr()
    assert main(["replay", "streams", "--all", "--saves-dir", str(tmp_path),
                 "--content", str(content)]) == 1
    out = capsys.readouterr().out
    assert out.count("differs at command") >= 1
    assert out.rstrip().splitlines()[-1].endswith("commands changed outcome")
    assert main(["replay", "streams", "--saves-dir", str(tmp_path),
                 "--content", str(content)]) == 1
    assert capsys.readouterr().out.count("differs at command") == 1


def test_every_new_game_rolls_from_streams_the_app_script_and_replay_alike(tmp_path):
    from game.cli import build_parser
    from game.commands.play import build_app
    from game.rules.engine import Game
    from game.rules.policies import ProfileBook
    from game.rules.history import undo

    args = build_parser().parse_args(["play", "crossroads", "--seed", "4",
                                      "--saves-dir", str(tmp_path)])
    app = build_app(args)
    assert app.game.dice == "streams"
    assert main(["script", "crossroads", str(SCRIPT), "--save", "s", "--seed", "7",
                 "--saves-dir", str(tmp_path)]) == 0
    record = read_save(tmp_path / "s.json")
    assert record.version == VERSION and record.dice == "streams"
    # The script's game is the one a replay of its log gives by default: the same dice.
    again = replay(CONTENT, crossroads(CONTENT), 7, record.log, "crossroads", designer=True,
                   policies=ProfileBook(CONTENT))
    assert again.dice == "streams" and outcomes(record.journal) == outcomes(again.journal)
    assert Game(CONTENT, crossroads(CONTENT), policies=ProfileBook(CONTENT)).dice == "streams"
    moved = replay(CONTENT, crossroads(CONTENT), 7, ["move aldric 2,3"], "crossroads",
                   policies=ProfileBook(CONTENT))
    assert undo(moved).dice == "streams"


def test_a_version_1_save_still_replays_under_its_one_stream(tmp_path):
    game = play(CONTENT, "single")
    path = save_game(game, "old", tmp_path)
    data = json.loads(path.read_text())
    data["version"] = 1
    del data["dice"]
    path.write_text(json.dumps(data))
    loaded = load_game(path)
    assert loaded.record.version == 1 and loaded.game.dice == "single"
    assert loaded.game.journal == game.journal
    assert loaded.game.journal != play(CONTENT, "streams").journal


def test_a_save_that_says_single_replays_under_its_one_stream(tmp_path):
    game = play(CONTENT, "single")
    save_game(game, "single", tmp_path)
    assert read_save(tmp_path / "single.json").dice == "single"
    loaded = load_game(tmp_path / "single.json")
    assert loaded.game.dice == "single" and loaded.game.journal == game.journal
    assert main(["replay", "single", "--saves-dir", str(tmp_path)]) == 0


async def test_the_apps_replay_under_new_rules_lists_every_changed_command(tmp_path):
    from game.ui.app import EscarmoucheApp
    from game.ui.widgets.journal_log import JournalLog
    from tests.helpers import APP_SIZE

    game = play(CONTENT, "streams")
    path = save_game(game, "streams", tmp_path)
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    weapons = content / "weapons.yaml"
    bows = "name: {en: \"short bow\", fr: \"arc court\"}\n  kind: ranged\n  dice: "
    weapons.write_text(weapons.read_text().replace(bows + "1d6", bows + "2d6"))
    loaded = load_game(path, content, mode="replay")
    assert loaded.changes == changed_outcomes(game.journal, loaded.game.journal)
    assert loaded.changes
    app = EscarmoucheApp(play(CONTENT, "streams"), saves_dir=tmp_path, content_dir=content)
    async with app.run_test(size=APP_SIZE) as pilot:
        app.play.load_path(path, "replay")
        await pilot.pause()
        text = "\n".join(strip.text for strip in app.play.query_one(JournalLog).lines)
        for change in loaded.changes:
            assert f"≠ command {change.number}: {change.command}" in text
        assert "changed outcome" in str(app.play.query_one("#status").render())
