"""`serve --demo` and `serve --watch`: a shared table in the browser. The presenter's tab
(a secret address) plays; every other tab follows it read-only, step by step; a late
joiner sees the present state; a viewer going away leaves the presenter playing.

Each server runs in a subprocess on a free loopback port, found with its processes by the
test's own saves folder; every wait is bounded and everything is stopped after.
"""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import aiohttp
import pytest

from tests.helpers_serve import START, STOP, _cmdline, free_port, ours, wait_until

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "content" / "scripts" / "duel-demo.txt"


class Tab:
    """One browser tab's websocket: what its game draws, kept as it comes."""

    def __init__(self, ws) -> None:
        self.ws, self.output, self.closed = ws, b"", False

    async def until(self, marker: bytes, seconds: float = START) -> bool:
        end = time.monotonic() + seconds
        while marker not in self.output and time.monotonic() < end and not self.closed:
            await self.take(1)
        return marker in self.output

    async def take(self, seconds: float) -> None:
        """What arrives within `seconds`."""
        end = time.monotonic() + seconds
        while time.monotonic() < end and not self.closed:
            try:
                message = await self.ws.receive(timeout=max(0.05, end - time.monotonic()))
            except asyncio.TimeoutError:
                return
            if message.type == aiohttp.WSMsgType.BINARY:
                self.output += message.data
            elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                  aiohttp.WSMsgType.ERROR):
                self.closed = True

    async def keys(self, *keys: str) -> None:
        for key in keys:
            await self.ws.send_str(json.dumps(["stdin", key]))
            await asyncio.sleep(0.2)


async def open_tab(session, url: str) -> Tab:
    return Tab(await session.ws_connect(url + "?width=150&height=45",
                                        timeout=aiohttp.ClientWSTimeout(ws_close=5)))


def start_server(tmp_path: Path, *table: str):
    """`serve` with a shared table on a free port; (port, presenter URL, process, folder)."""
    folder = tmp_path / "saves"
    folder.mkdir(exist_ok=True)
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "game", "serve", *table, "--port", str(port),
         "--saves-dir", str(folder)], cwd=tmp_path, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, start_new_session=True, text=True)
    first = process.stdout.readline()  # printed before serving
    found = re.search(r"(http://127\.0\.0\.1:\d+/present/\S+)", first)
    assert found, first
    return port, found.group(1), process, folder


def stop_server(process, folder: Path) -> None:
    process.terminate()
    try:
        process.wait(timeout=STOP)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)
    assert wait_until(lambda: ours(folder) == [], STOP)


def alive(folder: Path, command: str) -> list[psutil.Process]:
    """The live processes of this test running `python -m game COMMAND`."""
    return [p for p in ours(folder) if _cmdline(p)[3:4] == [command]]


def page(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as exc:
        return exc.code, ""
    except (urllib.error.URLError, ConnectionError):
        return 0, ""  # not listening yet


def test_a_shared_demo_viewers_follow_the_presenter_and_cannot_play(tmp_path):
    port, presenter_url, process, folder = start_server(tmp_path, "--demo", "duel",
                                                        str(SCRIPT))
    token = presenter_url.rsplit("/", 1)[1]
    base = f"127.0.0.1:{port}"
    try:
        assert wait_until(lambda: page(f"http://{base}/")[0] == 200, START)
        assert f'data-session-websocket-url="ws://{base}/ws"' in page(f"http://{base}/")[1]
        status, text = page(presenter_url)
        assert status == 200
        assert f'data-session-websocket-url="ws://{base}/ws/present/{token}"' in text
        assert page(f"http://{base}/present/{token[:-1]}x")[0] == 404

        async def room() -> None:
            async with aiohttp.ClientSession() as session:
                # Two viewers first: the table shows the demo's start before the presenter.
                first = await open_tab(session, f"ws://{base}/ws")
                second = await open_tab(session, f"ws://{base}/ws")
                for viewer in (first, second):
                    assert await viewer.until(b"Start \xc2\xb7 15 steps \xc2\xb7 the presenter")
                presenter = await open_tab(session, f"ws://{base}/ws/present/{token}")
                assert await presenter.until(b"or space plays the first")
                # A second presenter is turned away: the table has one truth.
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await session.ws_connect(f"ws://{base}/ws/present/{token}")
                assert refused.value.status == 409
                for n in (1, 2):
                    await presenter.keys(" ")
                    for viewer in (first, second):
                        assert await viewer.until(f"Step {n}/15".encode())
                # A viewer's keys play nothing: nobody moves past step 2.
                await first.keys(" ", "g", "\x1b[C", "a", ":")
                await asyncio.gather(*(tab.take(3) for tab in (presenter, first, second)))
                for tab in (presenter, first, second):
                    assert b"Step 3/15" not in tab.output and b"Step 15/15" not in tab.output
                # A viewer leaving leaves the presenter playing, and the other viewer following.
                await first.ws.close()
                assert wait_until(lambda: len(alive(folder, "follow")) == 1, 15)
                assert len(alive(folder, "demo")) == 1
                await presenter.keys(" ")
                assert await second.until(b"Step 3/15")
                # A late joiner sees the present state at once.
                late = await open_tab(session, f"ws://{base}/ws")
                assert await late.until(b"Step 3/15 \xc2\xb7 line 23 \xc2\xb7 move ysolde 10,5")
                assert b"Start \xc2\xb7 15 steps" not in late.output
                # The presenter goes: the viewers are told, and keep the last step.
                await presenter.ws.close()
                assert await second.until(b"The presenter is not at the table")
                assert await late.until(b"The presenter is not at the table")
                assert process.poll() is None

        asyncio.run(room())
    finally:
        stop_server(process, folder)


def test_a_live_game_is_watched_as_it_is_played(tmp_path, capsys):
    from game.cli import main

    folder = tmp_path / "saves"
    commands = tmp_path / "opening.txt"
    commands.write_text("move gautier 6,4\n")
    assert main(["script", "duel", str(commands), "--save", "live",
                 "--saves-dir", str(folder)]) == 0
    capsys.readouterr()
    port, presenter_url, process, folder = start_server(tmp_path, "--watch", "live")
    try:
        table = folder / "live.table"
        assert f"load live --table {table}" in process.stdout.readline() + \
            process.stdout.readline()
        base = f"127.0.0.1:{port}"
        assert wait_until(lambda: page(f"http://{base}/")[0] == 200, START)

        async def room() -> None:
            async with aiohttp.ClientSession() as session:
                viewer = await open_tab(session, f"ws://{base}/ws")
                assert await viewer.until(b"move gautier 6,4")  # the save's last command
                assert b"Live game" in viewer.output
                presenter = await open_tab(session, presenter_url.replace("http", "ws", 1)
                                           .replace("/present/", "/ws/present/"))
                assert await presenter.until(b"Gautier")
                await presenter.keys(":", *"move gautier 5,4", "\r")
                assert await viewer.until(b"Live \xc2\xb7 round 1 \xc2\xb7 move gautier 5,4")
                await presenter.ws.close()
                assert await viewer.until(b"The presenter is not at the table")

        asyncio.run(room())
    finally:
        stop_server(process, folder)


def test_serve_table_refuses_bad_arguments_before_serving(capsys, tmp_path):
    from game.cli import main

    assert main(["serve", "--demo", "duel", "missing.txt"]) == 2
    assert "cannot read commands file missing.txt" in capsys.readouterr().err
    assert main(["serve", "--watch", "nothing", "--saves-dir", str(tmp_path)]) == 2
    assert "no save 'nothing'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["serve", "--demo", "duel", str(SCRIPT), "--watch", "x"])
    assert "not allowed with argument" in capsys.readouterr().err
