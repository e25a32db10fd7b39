"""Output that cannot take what the game writes: an ASCII-only stdout, a disk that fills up
under a screenshot."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys

import pytest

import game.files
from game.content.loader import DEFAULT_CONTENT
from game.ui.app import EscarmoucheApp
from tests.helpers import APP_SIZE as SIZE, app_duel as duel, status

SCRIPT = DEFAULT_CONTENT / "scripts" / "duel-demo.txt"


class Done:
    """What `python -m game ARGV` gave: its exit code and the bytes of its two streams."""

    def __init__(self, returncode: int, stdout: bytes, stderr: bytes) -> None:
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr


def run(*argv, encoding="ascii") -> Done:
    """`python -m game ARGV` in a process of its own whose output takes only `encoding`
    (PYTHONIOENCODING, as a terminal or a pipe of that encoding)."""
    env = dict(os.environ, PYTHONIOENCODING=encoding, LANG="C.UTF-8")
    env.pop("LANGUAGE", None), env.pop("LC_ALL", None)
    return subprocess.run([sys.executable, "-m", "game", *argv], capture_output=True,
                          env=env, timeout=120)


def run_here(*argv, encoding="ascii") -> Done:
    """The same in this process: `main` writing to a stdout and a stderr of that encoding
    (byte streams, strict as a real one), an error it does not report raised, not
    printed. One test runs the command in a process of its own as well (`run`)."""
    from game.cli import main

    buffers = io.BytesIO(), io.BytesIO()
    out, err = (io.TextIOWrapper(b, encoding=encoding, write_through=True) for b in buffers)
    with pytest.MonkeyPatch.context() as streams:
        streams.setattr(sys, "stdout", out)
        streams.setattr(sys, "stderr", err)
        code = main(list(argv))
        out.flush(), err.flush()
    return Done(code, buffers[0].getvalue(), buffers[1].getvalue())


ARGV = [
    ["script", "duel", str(SCRIPT)],
    ["--lang", "fr", "script", "duel", str(SCRIPT)],
    ["--lang", "fr", "validate"],
]


@pytest.mark.parametrize("argv", ARGV)
def test_an_ascii_only_output_gets_the_nearest_ascii_not_a_traceback(argv):
    done = run_here(*argv)
    assert b"Traceback" not in done.stderr, done.stderr.decode("ascii", "replace")
    assert done.returncode == 0
    done.stdout.decode("ascii")  # every byte is ASCII
    assert done.stdout.strip()
    if argv[-2:] == ["duel", str(SCRIPT)]:
        first = done.stdout.decode().splitlines()[0]
        assert first in ("- Round 1: Alice's turn (player 1) -",
                         "- Manche 1 : Alice joue (joueur 1) -")


def test_an_ascii_only_output_of_a_process_is_the_same_as_in_a_test():
    """The encoding as Python sets it for a whole process (PYTHONIOENCODING=ascii): the
    same bytes as above, no traceback, exit 0."""
    done = run(*ARGV[1])
    assert b"Traceback" not in done.stderr, done.stderr.decode("ascii", "replace")
    assert done.returncode == 0
    assert done.stdout == run_here(*ARGV[1]).stdout
    done.stdout.decode("ascii")


def test_a_save_exported_to_an_ascii_output(tmp_path):
    assert run_here("script", "duel", str(SCRIPT), "--save", "s", "--saves-dir",
                    str(tmp_path)).returncode == 0
    for fmt in ("md", "json"):
        done = run_here("--lang", "fr", "export", "s", "--format", fmt,
                        "--saves-dir", str(tmp_path))
        assert done.returncode == 0 and b"Traceback" not in done.stderr
        assert done.stdout.decode("ascii").strip()


def test_an_error_on_an_ascii_stderr_is_said_too():
    done = run_here("--lang", "fr", "script", "nowhere", str(SCRIPT))
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    assert done.stderr.decode("ascii").startswith("escarmouche : aucun scenario 'nowhere'")


def test_a_latin1_output_keeps_its_accents():
    done = run_here("--lang", "fr", "script", "duel", str(SCRIPT),
                    encoding="latin-1")
    assert done.returncode == 0
    assert "Gautier avance de 4 cases".encode("latin-1") in done.stdout
    assert "\u00e0".encode("latin-1") in done.stdout or b"\xe9" in done.stdout


async def test_a_screenshot_on_a_full_disk_leaves_no_file(tmp_path, monkeypatch):
    saves = tmp_path / "saves"
    real = game.files._write_all

    def full(fd, data):
        real(fd, data[:100])  # some of it written, then the disk is full
        raise OSError(errno.ENOSPC, "No space left on device")

    app = EscarmoucheApp(duel(), saves_dir=saves, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        monkeypatch.setattr(game.files, "_write_all", full)
        await pilot.press("f12")
        assert status(app) == "✗ screenshot not saved: [Errno 28] No space left on device"
        assert list(saves.iterdir()) == []  # neither an empty .svg nor a temporary file
        monkeypatch.setattr(game.files, "_write_all", real)
        await pilot.press("f12")
        [shot] = saves.iterdir()
        assert shot.suffix == ".svg" and "</svg>" in shot.read_text()
        assert oct(shot.stat().st_mode & 0o777) == oct(0o644)
