"""`serve`: the game in a browser through textual-serve, on this machine only by default.

The server runs in a subprocess on a free loopback port; every wait is bounded, and the
server is stopped however the test ends.
"""

from __future__ import annotations

import asyncio
import os
import shlex
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import aiohttp
import pytest

from game.cli import build_parser, main
from game.commands.serve import served_command

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(url: str, deadline: float) -> str:
    """The page at `url`, retried while the server starts (at most until `deadline`)."""
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                assert response.status == 200
                return response.read().decode("utf-8")
        except (urllib.error.URLError, ConnectionError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


@pytest.fixture
def server(tmp_path):
    """`python -m game serve` on a free port; yields (port, process), stops it after."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "game", "serve", "duel", "--port", str(port),
         "--saves-dir", str(tmp_path)],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        yield port, process
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


async def first_screen(port: int, seconds: float) -> bytes:
    """What the served game writes to a browser that opens its websocket, until the
    duel's first character appears (or `seconds` pass)."""
    output = b""
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(f"ws://127.0.0.1:{port}/ws?width=120&height=40",
                                      timeout=aiohttp.ClientWSTimeout(ws_close=5)) as ws:
            end = time.monotonic() + seconds
            while time.monotonic() < end and b"Gautier" not in output:
                try:
                    message = await ws.receive(timeout=1)
                except asyncio.TimeoutError:
                    continue
                if message.type == aiohttp.WSMsgType.BINARY:
                    output += message.data
                elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                      aiohttp.WSMsgType.ERROR):
                    break
    return output


def test_serve_gives_a_browser_textual_serves_page_then_the_game(server):
    port, process = server
    page = fetch(f"http://127.0.0.1:{port}/", time.monotonic() + 30)
    # textual-serve's page: its terminal script, the websocket it opens, this app's title.
    assert f"http://127.0.0.1:{port}/static/js/textual.js" in page
    assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in page
    assert "Escarmouche: duel" in page
    # The browser's websocket runs this same game on the asked scenario.
    screen = asyncio.run(first_screen(port, 30))
    assert b"The Duel at Dawn" in screen and b"Gautier" in screen
    assert process.poll() is None


def test_served_command_is_this_game_with_the_same_arguments(tmp_path):
    args = build_parser().parse_args(["serve", "gallery", "--content", str(ROOT / "content"),
                                      "--saves-dir", str(tmp_path / "my saves"),
                                      "--designer"])
    assert shlex.split(served_command(args)) == [
        sys.executable, "-m", "game", "play", "gallery", "--content", str(ROOT / "content"),
        "--saves-dir", str(tmp_path / "my saves"), "--designer"]
    args = build_parser().parse_args(["serve", "--load", "setup", "--saves-dir", "s"])
    command = shlex.split(served_command(args))
    assert command[3:6] == ["play", "--load", "setup"]
    assert command[command.index("--saves-dir") + 1] == str(Path("s").resolve())
    save = tmp_path / "setup.json"
    save.write_text("{}")
    args = build_parser().parse_args(["serve", "--load", os.path.relpath(save)])
    assert shlex.split(served_command(args))[4:6] == ["--load", str(save)]
    assert args.host == "127.0.0.1"


def test_serve_refuses_a_bad_scenario_or_port_before_serving(capsys):
    assert main(["serve", "nowhere", "--port", str(free_port())]) == 2
    assert "no scenario 'nowhere'" in capsys.readouterr().err
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port takes a port number from 1 to 65535, not 70000" in capsys.readouterr().err


def test_serve_refuses_autoplay_without_a_demo(tmp_path, capsys):
    # Before, `serve --autoplay 5` served a plain game and dropped the option unsaid. In a
    # subprocess, bounded: a server that did start would not come back.
    done = subprocess.run([sys.executable, "-m", "game", "serve", "--autoplay", "5",
                           "--port", str(free_port())],
                          cwd=tmp_path, capture_output=True, text=True, timeout=30)
    assert done.returncode == 2
    assert "escarmouche: --autoplay needs --demo" in done.stderr
    assert "Traceback" not in done.stderr
    assert main(["serve", "--watch", "setup", "--autoplay", "5"]) == 2
    assert "--autoplay needs --demo" in capsys.readouterr().err


def test_serve_on_a_port_in_use_says_so(tmp_path):
    # In a subprocess: a server that did start would hold the test's event loop and signals.
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "game", "serve", "--port", str(port)],
                              cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert f"escarmouche: cannot serve on 127.0.0.1:{port}: " in done.stderr
    assert "address already in use" in done.stderr and "Traceback" not in done.stderr
