"""Finding and waiting for the processes of a served game, for the `serve` tests: each
process is found by the test's own saves folder in its command line. Not a test module:
the tests import it.
"""

from __future__ import annotations

import socket
import time
from pathlib import Path

import psutil

START = 90  # seconds a game may take to show its first screen on a busy machine
STOP = 12  # the server stops in 5 s; the rest is slack for a loaded machine


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def ours(folder: Path) -> list[psutil.Process]:
    """Every live process whose command line names this test's folder."""
    found = []
    for process in psutil.process_iter(["cmdline", "status"]):
        try:
            if process.info["status"] == psutil.STATUS_ZOMBIE:
                continue
            if any(str(folder) in part for part in process.info["cmdline"] or ()):
                found.append(process)
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
    return found


def games(folder: Path) -> list[psutil.Process]:
    return [p for p in ours(folder) if " play " in " ".join(_cmdline(p))]


def _cmdline(process) -> list[str]:
    try:
        return process.cmdline()
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return []


def wait_until(condition, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.1)
    return condition()
