"""Hostile saves: every one refused with a message naming the problem (exit 2 on the
command line), and nothing changed, neither the file nor the saves folder."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.cli import main
from game.commands.common import new_game
from game.content.loader import DEFAULT_CONTENT
from game.rules.history import changed_outcomes
from game.saves import (
    SaveError, clean_stray_temps, list_saves, load_game, read_save, save_game,
)
from tests.helpers_hostile import REPLACEMENTS, leaves, mutated, snapshot

DEMO = DEFAULT_CONTENT / "scripts" / "skirmish-demo.txt"


@pytest.fixture(scope="module")
def real_save(tmp_path_factory) -> dict:
    """The JSON of a save of the demo script: a real game, spells and all."""
    folder = tmp_path_factory.mktemp("real")
    assert main(["script", "crossroads", str(DEMO), "--save", "real", "--saves-dir",
                 str(folder)]) == 0
    return json.loads((folder / "real.json").read_text())


def refused(capsys, folder: Path, name: str, message: str, structural: bool = True) -> None:
    """Load refuses with `message` and the folder is byte for byte what it was.

    A `structural` problem (the save contradicts its own schema) is refused by every
    command, exit 2. Otherwise the save is well formed but does not fit the content it is
    loaded with: export (which needs no content) still works, and replay says how the log
    replays differently (exit 1).
    """
    before = snapshot(folder)
    with pytest.raises(SaveError) as caught:
        load_game(folder / f"{name}.json")
    assert message in str(caught.value)
    capsys.readouterr()
    assert main(["load", name, "--saves-dir", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("escarmouche: ") and message in err, err
    for argv in (["export", name], ["export", name, "--format", "json"], ["replay", name]):
        code = main([*argv, "--saves-dir", str(folder)])
        out, err = capsys.readouterr()
        if structural:
            assert code == 2 and err.startswith("escarmouche: ") and message in err, (argv, err)
        elif argv[0] == "replay":
            assert code == 1 and out.startswith("differs"), out
        else:
            assert code == 0 and out, argv
    assert snapshot(folder) == before


def write(folder: Path, data, name: str = "bad") -> Path:
    path = folder / f"{name}.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


CONTENT = "needs content"


def one_stream(data: dict) -> dict:
    """The save as a game rolling from one stream saves it (a version-1 save's dice): with
    the generator's state, 624 words and an index, which a save made today has no need of."""
    data["dice"] = "single"
    data["state"]["dice"][0] = [3, list(range(624)) + [624], None]
    return data


DAMAGED = [
    (lambda d: d["state"]["units"]["aldric"].update(nAme=d["state"]["units"]["aldric"].pop("name")),
     "Object contains unknown field `nAme` - at `$.state.units.aldric`"),
    (lambda d: d["state"].update(units="aldric"), "Expected `object`, got `str` - at `$.state.units`"),
    (lambda d: d["state"]["units"]["aldric"].update(pos=[99, 3]),
     "unit 'aldric' stands at 99,3, off the 24x12 map", CONTENT),
    (lambda d: d["state"]["units"]["aldric"].update(pos=[0, 0]),
     "unit 'aldric' stands in a wall at 0,0", CONTENT),
    (lambda d: d["state"]["units"]["aldric"].update(pos=[-1, 3]),
     "Expected `int` >= 0 - at `$.state.units.aldric.pos[0]`"),
    (lambda d: d["state"]["units"]["aldric"].update(weapons=["laser"]),
     "unit 'aldric': weapon 'laser' is not in the content", CONTENT),
    (lambda d: d["state"]["units"]["corvin"].update(spells=["meteor"]),
     "unit 'corvin': spell 'meteor' is not in the content", CONTENT),
    (lambda d: d["state"]["units"]["aldric"].update(armour="mithril"),
     "unit 'aldric': armour 'mithril' is not in the content", CONTENT),
    (lambda d: (d.update(designer=False),  # a designer may spawn units; a player may not
                d["state"]["units"].update(ghost=dict(d["state"]["units"]["aldric"], id="ghost"))),
     "its units are not the scenario's (unknown: ghost)", CONTENT),
    (lambda d: d["state"]["units"].pop("wolf-1"),
     "its units are not the scenario's (missing: wolf-1)", CONTENT),
    (lambda d: d.update(current=7), "Expected `int` <= 6 - at `$.current`"),
    (lambda d: (d.update(current=3), d["state"].update(current=3)),
     "current player 3 is not one of the 2 players"),
    (lambda d: d["state"]["units"]["aldric"].update(name="Al\x1b[2Jdric"),
     "Expected plain text (no control, line-break or direction characters) - at "
     "`$.state.units.aldric.name`"),
    (lambda d: d.update(players=["Alice\u202e", "Bruno"]), "at `$.players[0]`"),
    (lambda d: d["state"]["units"]["aldric"].update(hp=10**30), "Expected `int` <= 1000000000"),
    (lambda d: d["state"]["units"]["aldric"].update(hp=30), "has 30 HP, above its maximum 18"),
    (lambda d: one_stream(d)["state"]["dice"][0][1].pop(), "Expected `array` of length >= 625"),
    (lambda d: one_stream(d)["state"]["dice"][0][1].__setitem__(624, 10**6),
     "its dice state is not one Python's generator can take"),
    (lambda d: d["state"]["doors"]["door-4-5"].update(state="ajar"),
     "Invalid enum value 'ajar' - at `$.state.doors.door-4-5.state`"),
    (lambda d: d["journal"].__setitem__(0, {"type": "turn", "round": 1, "player": 1}),
     "Object missing required field `name` - at `$.journal[0]`"),
    (lambda d: d.update(scenario="../../etc/passwd"), "at `$.scenario`"),
    (lambda d: d.update(log=["move aldric 4,6\nend"]), "at `$.log[0]`"),
    (lambda d: d.update(version=[[1]] * 3), "has format version [[1], [1], [1]]"),
]


@pytest.mark.parametrize("edit,message,structural",
                         [(case[0], case[1], len(case) == 2) for case in DAMAGED],
                         ids=[case[1][:60] for case in DAMAGED])
def test_a_damaged_save_is_refused_with_its_reason(tmp_path, capsys, real_save, edit, message,
                                                   structural):
    data = json.loads(json.dumps(real_save))
    edit(data)
    write(tmp_path, data)
    refused(capsys, tmp_path, "bad", message, structural)


def test_a_bit_flip_in_a_field_name_is_refused_in_load_and_export(tmp_path, capsys, real_save):
    text = json.dumps(real_save)
    assert text.count('"name"') > 3
    write(tmp_path, text.replace('"name"', '"nAme"', 1))
    refused(capsys, tmp_path, "bad", "unknown field `nAme`")


@pytest.mark.parametrize("depth", [17, 10_000, 1_000_000])
def test_deeply_nested_arrays_are_refused_before_parsing(tmp_path, capsys, real_save, depth):
    data = json.dumps(dict(real_save, state="@")).replace('"@"', "[" * depth + "]" * depth)
    write(tmp_path, data)
    refused(capsys, tmp_path, "bad", "bad.json is garbled: nested more than 16 levels deep")


def test_a_folder_named_like_a_save_is_not_read(tmp_path, capsys):
    (tmp_path / "x.json").mkdir()
    refused(capsys, tmp_path, "x", "cannot read the save x.json: it is a folder, not a file")


def test_a_fifo_or_a_link_to_a_device_is_never_read(tmp_path, capsys):
    os.mkfifo(tmp_path / "fifo.json")
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    started = time.monotonic()
    refused(capsys, tmp_path, "fifo", "it is not a regular file (a device, pipe or socket)")
    refused(capsys, tmp_path, "zero", "it is not a regular file (a device, pipe or socket)")
    assert time.monotonic() - started < 10  # neither blocked nor read forever


def test_the_load_list_gives_a_reason_for_each_unreadable_save(tmp_path, real_save):
    write(tmp_path, real_save, "good")
    write(tmp_path, "{]", "garbled")
    write(tmp_path, json.dumps(real_save).replace('"name"', '"nAme"', 1), "flipped")
    (tmp_path / "folder.json").mkdir()
    os.mkfifo(tmp_path / "fifo.json")
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    (tmp_path / "dangling.json").symlink_to(tmp_path / "nowhere")
    found = {path.name: entry for path, entry in list_saves(tmp_path)}
    assert set(found) == {"good.json", "garbled.json", "flipped.json", "folder.json",
                          "fifo.json", "zero.json", "dangling.json"}
    assert found["good.json"].name == "real"
    reasons = {name: str(entry) for name, entry in found.items() if name != "good.json"}
    assert all(isinstance(found[name], SaveError) for name in reasons)
    assert "garbled" in reasons["garbled.json"]
    assert "unknown field `nAme`" in reasons["flipped.json"]
    assert "folder" in reasons["folder.json"]
    assert "not a regular file" in reasons["fifo.json"] and "not a regular file" in reasons["zero.json"]
    assert "no save" in reasons["dangling.json"]


def test_a_mutated_real_save_is_read_or_refused_cleanly(tmp_path, capsys, real_save):
    # Every value and key of a real save, each replaced by a hostile value (a seeded
    # sample), and what each command then says exactly: a save that breaks its own schema
    # is refused by every command with the reason the reader gives (exit 2); one well
    # formed whose state its log does not give is exported, and `replay` says it differs
    # (exit 1); one that loads plays on, and `replay` says identical (exit 0) unless an
    # outcome of its journal was changed (exit 1). Nothing is ever written.
    write(tmp_path, real_save, "real")
    original = read_save(tmp_path / "real.json")
    paths = list(leaves(real_save))
    rng = random.Random(26)  # a sample with some of each kind below
    picks = [(rng.choice(paths), rng.choice(REPLACEMENTS)) for _ in range(60)]
    seen = {"unreadable": 0, "edited state": 0, "identical": 0, "changed outcome": 0}

    def run(*argv) -> tuple[int, str, str]:
        code = main([*argv, "--saves-dir", str(tmp_path)])
        out, err = capsys.readouterr()
        return code, out, err

    for path, new in picks:
        write(tmp_path, mutated(real_save, path, new))
        before = snapshot(tmp_path)
        case = (path, new)
        try:
            record = read_save(tmp_path / "bad.json")
        except SaveError as exc:
            seen["unreadable"] += 1
            for argv in (["load", "bad"], ["export", "bad"], ["replay", "bad"]):
                assert run(*argv) == (2, "", f"escarmouche: {exc}\n"), (argv, case)
            assert snapshot(tmp_path) == before
            continue
        code, out, _err = run("export", "bad")
        assert code == 0 and out.startswith(f"# {record.scenario_name}\n"), case
        try:
            loaded = load_game(tmp_path / "bad.json")
        except SaveError as exc:
            seen["edited state"] += 1
            assert str(exc) == "bad.json: its log does not give its saved state (the file " \
                               "was edited?)", case
            code, out, _err = run("replay", "bad")
            assert code == 1 and out.startswith(f"differs: the {len(record.log)} commands "
                                                "replay to the same journal, but the saved "
                                                "state is not the one they give"), case
        else:
            # The log is the real one: it replays to the real journal.
            changed = changed_outcomes(record.journal, original.journal)
            seen["changed outcome" if changed else "identical"] += 1
            code, out, _err = run("replay", "bad")
            if changed:
                assert code == 1 and out.startswith(
                    f"differs at command {changed[0].number}: {changed[0].command}\n"), case
            else:
                assert (code, out) == (0, f"identical: {len(record.log)} commands replay to "
                                          "the same journal and state\n"), case
            for command in ["end"] * 4 + ["move aldric 5,7", "attack brenna wolf-1"]:
                loaded.game.apply(command)
        assert snapshot(tmp_path) == before
    # The sample holds every kind of change.
    assert all(seen.values()), seen


# --- writes ------------------------------------------------------------------------------


def game():
    return new_game(DEFAULT_CONTENT, "crossroads", 1)


def test_a_saves_dir_that_is_a_file_is_refused(tmp_path, capsys):
    blocker = tmp_path / "saves"
    blocker.write_text("not a folder")
    with pytest.raises(SaveError, match="cannot save in .*saves: it is a file, not a folder"):
        save_game(game(), "x", blocker)
    for argv in (["script", "crossroads", str(DEMO), "--save", "x"], ["load", "x"],
                 ["export", "x"], ["--seed", "3"]):
        assert main([*argv, "--saves-dir", str(blocker)]) == 2
        assert capsys.readouterr().err == f"escarmouche: --saves-dir {blocker} is a file, " \
                                          "not a folder\n"
    assert blocker.read_text() == "not a folder"


def test_a_read_only_saves_folder_fails_cleanly(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "ro"
    folder.mkdir()
    if os.geteuid() != 0:
        folder.chmod(0o500)
    else:  # root writes anywhere: make the folder refuse as a read-only one would
        import tempfile

        def read_only(*args, **kwargs):
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(tempfile, "mkstemp", read_only)
    try:
        with pytest.raises(SaveError, match="cannot write in the saves folder .*ro: "
                                            "Permission denied"):
            save_game(game(), "x", folder)
        code = main(["script", "crossroads", str(DEMO), "--save", "x", "--saves-dir",
                     str(folder)])
        assert code == 2
        assert "escarmouche: cannot write in the saves folder" in capsys.readouterr().err
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o700)


def test_export_out_into_a_missing_folder_or_onto_a_folder(tmp_path, capsys, real_save):
    write(tmp_path, real_save, "real")
    before = snapshot(tmp_path)
    for out, message in ((tmp_path / "missing" / "j.md", "the folder"),
                         (tmp_path, "is a folder; give a file name")):
        assert main(["export", "real", "--out", str(out), "--saves-dir", str(tmp_path)]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"escarmouche: --out {out}") and message in err
    assert main(["export", "real", "--out", "", "--saves-dir", str(tmp_path)]) == 2
    assert "--out needs a file name" in capsys.readouterr().err
    assert snapshot(tmp_path) == before


def test_temporary_files_of_killed_saves_are_cleaned_at_the_next_save(tmp_path):
    # A real writer killed with SIGKILL in the middle of a save, then another save.
    writer = subprocess.Popen([sys.executable, "-c", f"""
import os, sys, time
from game.commands.common import new_game
from game.content.loader import DEFAULT_CONTENT
from game.saves import save_game
os.fsync = lambda fd: (print("writing", flush=True), time.sleep(60))
save_game(new_game(DEFAULT_CONTENT, "crossroads", 1), "slot", {str(tmp_path)!r})
"""], stdout=subprocess.PIPE, text=True, cwd=Path(__file__).parents[2])
    assert writer.stdout.readline() == "writing\n"
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait()
    stray = [p.name for p in tmp_path.iterdir()]
    assert len(stray) == 1 and stray[0].startswith(".slot.") and stray[0].endswith(".tmp")
    old = tmp_path / ".older.tmp"  # an older version's temporary file, no pid in its name
    old.write_text("{")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    save_game(game(), "next", tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["next.json"]


def test_a_temporary_file_of_a_live_save_is_left_alone(tmp_path):
    live = tmp_path / f".other.{os.getppid()}.abc123.tmp"
    live.write_text("{")
    recent = tmp_path / ".recent.tmp"
    recent.write_text("{")
    assert clean_stray_temps(tmp_path) == []
    assert live.exists() and recent.exists()


@pytest.mark.parametrize("name,message", [
    ("ok-name\n", "bad save name 'ok-name\\n'"), ("", "a save needs a name"),
    ("a\u2028b", "bad save name"), ("x" * 65, "bad save name"),
])
def test_bad_save_names_are_refused_and_nothing_is_written(tmp_path, capsys, name, message):
    with pytest.raises(SaveError, match=message.replace("\\", "\\\\")):
        save_game(game(), name, tmp_path)
    assert main(["script", "crossroads", str(DEMO), "--save", name, "--saves-dir",
                 str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err
    assert list(tmp_path.iterdir()) == []
