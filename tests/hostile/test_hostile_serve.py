"""`serve` against hostile browsers on 127.0.0.1: malformed, huge and absurd messages never
kill a game nor grow it; a client that goes away ends its game after autosaving; SIGTERM and
Ctrl+C stop the server and every game it started; no process is left behind.

Every process is found by the test's own saves folder in its command line (the server's
and each game's), counted before and after; every wait is bounded. The tests that leave the
server serving share one (`still_served`); those that stop or kill it start their own.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import aiohttp
import psutil
import pytest

from game.serve import MAX_ESCAPE_NUMBER, MAX_INPUT, clean_input
from game.ui.web_driver import HEIGHT, WIDTH, clamp_size
from tests.helpers_serve import START, STOP, free_port, games, ours, wait_until


@contextmanager
def _serving(tmp_path: Path, *options: str):
    """`serve duel` on a free port with its saves in `tmp_path`/saves: (port, process,
    folder); whatever is left of it is killed after."""
    folder = tmp_path / "saves"
    folder.mkdir()
    assert ours(folder) == []
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "game", "serve", "duel", "--port", str(port), *options,
         "--saves-dir", str(folder)], cwd=tmp_path, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        assert wait_until(lambda: _listening(port), START)
        yield port, process, folder
    finally:
        for left in ours(folder):
            try:
                left.kill()
            except psutil.NoSuchProcess:
                pass
        process.kill()
        process.wait(timeout=10)


@pytest.fixture
def served(tmp_path):
    """A server of the test's own: (port, process, folder)."""
    with _serving(tmp_path) as found:
        yield found


@pytest.fixture(scope="module")
def _one_server(tmp_path_factory):
    """One `serve duel --max-games 2` for the tests that leave it serving (each tab is a
    game process of its own, started and ended by the test; one test fills the bound, the
    others open one tab at a time): (port, process, folder). tests/conftest.py runs
    the four one after the other (HEAVY), so that it is started once."""
    with _serving(tmp_path_factory.mktemp("served"), "--max-games", "2") as found:
        yield found


@pytest.fixture
def still_served(_one_server):
    """The shared server, alive, with no game left from the test before it (its closed tab
    ends its game after an autosave): (port, process, folder, the autosaves already there)."""
    port, process, folder = _one_server
    assert process.poll() is None, "the server died in an earlier test"
    assert wait_until(lambda: not games(folder), STOP), games(folder)
    assert [p.pid for p in ours(folder)] == [process.pid]
    yield port, process, folder, set(folder.glob("autosave-*.json"))


def _listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


async def until_seen(ws, marker: bytes, seconds: float) -> bytes:
    """What the game sends until `marker` appears (or `seconds` pass)."""
    output, end = b"", time.monotonic() + seconds
    while time.monotonic() < end and marker not in output:
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


HOSTILE = [
    "not json", "{", "[]", "{}", "[1]", "null", '"stdin"', "[[[[[[[[[[[[]]]]]]]]]]]]",
    "[" * 30_000 + "]" * 30_000, "[" * 200_000, json.dumps(["stdin", "k" * 500_000]),
    json.dumps(["resize", {"width": "abc", "height": "x"}]),
    json.dumps(["resize", {"width": None, "height": True}]),
    json.dumps(["resize", {"width": 10**12, "height": 10**12}]),
    json.dumps(["resize", {"width": 1e308, "height": 2.5}]),
    json.dumps(["resize", {"width": -5, "height": 0}]),
    json.dumps(["resize", "x"]), json.dumps(["resize"]),
    '["resize", {"width": 1e999999, "height": 9' + "9" * 5000 + '}]',
    json.dumps(["stdin", 42]), json.dumps(["stdin", {"a": 1}]),
    json.dumps(["stdin", "\x1b[999999999;999999999R"]),
    json.dumps(["stdin", "\x1b[<0;999999999;999999999M"]),
    json.dumps(["stdin", "\x1b[8;99999;99999t"]),
    json.dumps(["stdin", "\x1b[" + "9" * 30_000 + "R"]),
    json.dumps(["stdin", "\x1b[" + "1;" * 20_000]),
    json.dumps(["stdin", "\x1b]0;" + "x" * 30_000]),
    json.dumps(["stdin", "\x00\x01\x02" * 1000]),
    json.dumps(["ping", "y" * 50_000]), json.dumps(["focus", 1]), json.dumps(["blur"]),
    json.dumps(["unknown", "?"]),
]


async def _hostile_session(port: int) -> tuple[bytes, int | None]:
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(f"ws://127.0.0.1:{port}/ws?width=abc&height=99999999",
                                      max_msg_size=0) as ws:
            first = await until_seen(ws, b"Gautier", START)
            assert b"Gautier" in first
            for _ in range(3):
                for text in HOSTILE:
                    await ws.send_str(text)
                await ws.send_bytes(b"\x00" * 1000)
            await asyncio.sleep(2)  # the bucket refills: then a real resize and a key
            await ws.send_str(json.dumps(["resize", {"width": 100, "height": 30}]))
            await ws.send_str(json.dumps(["stdin", "?"]))  # the help
            after = await until_seen(ws, b"Help", START)
            return after, None


def test_hostile_messages_neither_kill_a_game_nor_grow_it_and_its_page_closed_ends_it(
        still_served):
    port, server, folder, autosaves = still_served
    output, _ = asyncio.run(_hostile_session(port))
    assert b"Help" in output  # the game still plays after all that
    # Closing the page ended the game, which autosaved first; only the server is left.
    assert wait_until(lambda: not games(folder), STOP), games(folder)
    assert set(folder.glob("autosave-*.json")) - autosaves
    assert [p.pid for p in ours(folder)] == [server.pid]


async def _watch_memory(port: int, folder: Path) -> int:
    """A game flooded with hostile input: its largest resident size seen, in bytes."""
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(f"ws://127.0.0.1:{port}/ws?width=80&height=24",
                                      max_msg_size=0) as ws:
            assert b"Gautier" in await until_seen(ws, b"Gautier", START)
            game = games(folder)[0]
            base, most = game.memory_info().rss, 0
            for round_ in range(20):
                await ws.send_str(json.dumps(["resize", {"width": 10**6 + round_,
                                                         "height": 10**6}]))
                await ws.send_str(json.dumps(["stdin", "\x1b[" + "9" * 60_000]))
                await ws.send_str(json.dumps(["stdin", "\x1b[<0;9999999;9999999M" * 200]))
                await asyncio.sleep(0.1)
                most = max(most, game.memory_info().rss)
            await until_seen(ws, b"\x00never", 2)  # let it draw what it was sent
            most = max(most, game.memory_info().rss)
            return most - base


def test_a_flood_of_huge_resizes_and_escapes_stays_in_bounded_memory(still_served):
    port, _, folder, _ = still_served
    grown = asyncio.run(_watch_memory(port, folder))
    # A 500x250 screen at most: a few tens of MB, never the gigabytes a 10^6 square asks.
    assert grown < 300 * 2**20, grown


def test_a_client_that_vanishes_ends_its_game_after_an_autosave(still_served):
    port, server, folder, autosaves = still_served
    raw = socket.create_connection(("127.0.0.1", port), timeout=10)
    raw.sendall(b"GET /ws?width=80&height=24 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Upgrade: websocket\r\nConnection: Upgrade\r\n"
                b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                b"Sec-WebSocket-Version: 13\r\n\r\n")
    seen, end = b"", time.monotonic() + START
    while b"Gautier" not in seen and time.monotonic() < end:
        try:
            chunk = raw.recv(65536)
        except socket.timeout:
            continue
        if not chunk:
            break
        seen += chunk
    assert b"Gautier" in seen and len(games(folder)) == 1
    raw.close()  # no closing handshake: the connection is simply gone
    assert wait_until(lambda: not games(folder), STOP + 5), games(folder)
    assert set(folder.glob("autosave-*.json")) - autosaves
    assert [p.pid for p in ours(folder)] == [server.pid]


async def _two_clients_then(port: int, server, sig) -> float:
    async with aiohttp.ClientSession() as session:
        one = await session.ws_connect(f"ws://127.0.0.1:{port}/ws?width=80&height=24")
        two = await session.ws_connect(f"ws://127.0.0.1:{port}/ws?width=90&height=30")
        assert b"Gautier" in await until_seen(one, b"Gautier", START)
        assert b"Gautier" in await until_seen(two, b"Gautier", START)
        os.kill(server.pid, sig)
        start = time.monotonic()
        await until_seen(one, b"\x00never", STOP)  # until the server closes it
        return start


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_sigterm_and_ctrl_c_stop_the_server_and_every_game_it_started(served, sig):
    port, server, folder = served
    asyncio.run(_two_clients_then(port, server, sig))
    server.wait(timeout=STOP)
    assert server.returncode is not None
    assert wait_until(lambda: not ours(folder), STOP), ours(folder)
    assert len(list(folder.glob("autosave-*.json"))) == 2  # each game saved on its way out


async def _one_client_then_kill(port: int, server) -> None:
    async with aiohttp.ClientSession() as session:
        ws = await session.ws_connect(f"ws://127.0.0.1:{port}/ws?width=80&height=24")
        assert b"Gautier" in await until_seen(ws, b"Gautier", START)
        server.kill()  # SIGKILL: the server cannot stop anything
        await until_seen(ws, b"\x00never", 3)


def test_a_server_killed_outright_leaves_no_game_behind(served):
    port, server, folder = served
    asyncio.run(_one_client_then_kill(port, server))
    server.wait(timeout=STOP)
    # Its input closed, the game quits by itself, autosaved.
    assert wait_until(lambda: not ours(folder), STOP), ours(folder)
    assert list(folder.glob("autosave-*.json"))


async def _tabs_over_the_bound(port: int, folder: Path) -> list[int]:
    """Open tabs one over `--max-games 2`: the statuses each gets, then one more once a
    tab has closed."""
    statuses = []
    async with aiohttp.ClientSession() as session:
        url = f"ws://127.0.0.1:{port}/ws?width=80&height=24"
        first = await session.ws_connect(url)
        second = await session.ws_connect(url)
        for _ in range(3):
            try:
                extra = await session.ws_connect(url)
                statuses.append(101)
                await extra.close()
            except aiohttp.WSServerHandshakeError as refused:
                statuses.append(refused.status)
        assert b"Gautier" in await until_seen(first, b"Gautier", START)
        await first.close()
        end, third = time.monotonic() + STOP, None
        while third is None:  # its place is free once its game has ended
            try:
                third = await session.ws_connect(url)
            except aiohttp.WSServerHandshakeError:
                assert time.monotonic() < end
                await asyncio.sleep(0.2)
        assert b"Gautier" in await until_seen(third, b"Gautier", START)
        statuses.append(len(games(folder)))
        await third.close()
        await second.close()
    return statuses


def test_tabs_over_the_games_bound_are_told_to_come_back_later(still_served):
    port, server, folder, _ = still_served  # served with --max-games 2
    assert asyncio.run(_tabs_over_the_bound(port, folder)) == [503, 503, 503, 2]
    assert wait_until(lambda: not games(folder), STOP)
    assert [p.pid for p in ours(folder)] == [server.pid]  # no game left, the server serving


# --- the checks themselves, without a server ---------------------------------------------

@pytest.mark.parametrize("width, height, expected", [
    (80, 24, (80, 24)), (10**12, 10**12, (WIDTH[1], HEIGHT[1])), (-5, 0, (WIDTH[0], HEIGHT[0])),
    ("80", 24, None), (80.0, 24, None), (True, 24, None), (None, None, None), ([80], 24, None),
])
def test_a_resize_is_two_whole_numbers_clamped_to_a_sane_terminal(width, height, expected):
    assert clamp_size(width, height) == expected


@pytest.mark.parametrize("data, expected", [
    ("hello", "hello"), ("\x1b[A\x1b[1;5C", "\x1b[A\x1b[1;5C"), ("\x1b", "\x1b"),
    ("\x1b[<0;12;7M", "\x1b[<0;12;7M"), ("\x1bOP", "\x1bOP"), ("\x1bx", "\x1bx"),
    (f"a\x1b[<0;{MAX_ESCAPE_NUMBER + 1};7Mb", "ab"), ("\x1b[999999999;1Rz", "z"),
    ("q\x1b[12", "q"), ("q\x1b]0;title\x07more", "q"), ("\x1b[" + "1;" * 100 + "H!", "!"),
    (42, ""), (None, ""), (["x"], ""),
])
def test_typed_input_keeps_keys_and_drops_absurd_or_cut_off_escapes(data, expected):
    assert clean_input(data) == expected


def test_typed_input_is_cut_at_its_bound():
    assert clean_input("x" * (MAX_INPUT * 3)) == "x" * MAX_INPUT


# --- a served game's end, without a server ----------------------------------------------

def _app(tmp_path):
    from game.commands.common import new_game
    from game.content.loader import DEFAULT_CONTENT
    from game.ui.app import EscarmoucheApp

    return EscarmoucheApp(new_game(DEFAULT_CONTENT, "duel", 1), saves_dir=tmp_path)


def test_a_served_game_that_ends_while_it_goes_on_autosaves(tmp_path, monkeypatch, capsys):
    from game.ui.app import run_app

    app = _app(tmp_path)
    monkeypatch.setattr(app, "run", lambda **options: None)  # the page closed: a clean exit
    monkeypatch.setenv("ESCARMOUCHE_SERVED", "1")
    assert run_app(app) == 0
    [save] = tmp_path.glob("autosave-*.json")
    assert f"escarmouche: the game was autosaved to {save}" in capsys.readouterr().err
    monkeypatch.delenv("ESCARMOUCHE_SERVED")
    assert run_app(app) == 0  # in a terminal, quitting is the player's own choice
    assert len(list(tmp_path.glob("autosave-*.json"))) == 1


def test_an_error_past_textuals_own_handling_still_autosaves(tmp_path, monkeypatch, capsys):
    from game.ui.app import run_app

    app = _app(tmp_path)

    def crash(**options):
        raise RuntimeError("broken at shutdown")

    monkeypatch.setattr(app, "run", crash)
    assert run_app(app) == 1
    err = capsys.readouterr().err
    assert "escarmouche: RuntimeError: broken at shutdown" in err
    assert "the game was autosaved to" in err and "Traceback" not in err
    assert list(tmp_path.glob("autosave-*.json"))


@pytest.mark.parametrize("payload, size", [
    ({"width": 100, "height": 30}, (100, 30)),
    ({"width": 10**9, "height": 10**9}, (WIDTH[1], HEIGHT[1])),
    ({"width": "abc", "height": 30}, None), ({"height": 30}, None),
    ({"width": 1.5, "height": 30}, None),
])
def test_the_served_games_driver_checks_a_resize_again(payload, size):
    from game.ui.web_driver import SafeWebDriver

    posted = []
    driver = object.__new__(SafeWebDriver)
    driver._app = type("App", (), {"post_message": lambda self, m: posted.append(m)})()
    driver.on_meta("resize", payload)
    if size is None:
        assert posted == []
    else:
        assert [tuple(m.size) for m in posted] == [size]


@pytest.mark.parametrize("count", ["0", "65", "-3"])
def test_a_games_bound_out_of_range_is_refused_before_serving(capsys, count):
    from game.cli import main

    assert main(["serve", "duel", "--port", str(free_port()), "--max-games", count]) == 2
    assert f"--max-games takes a number from 1 to 64, not {count}" in capsys.readouterr().err
