"""`serve`: textual-serve's server, hardened for a network it does not trust.

textual-serve runs one game process per browser websocket and forwards what the browser
sends. Here every client message is bounded and checked before a game sees it: a message
is at most `MAX_MESSAGE` bytes of JSON, a list whose first item names one of the known
types; a resize is two whole numbers, clamped to a sane terminal (`WIDTH`, `HEIGHT`); typed
input is text of bounded length from which escape sequences with absurd numbers (or
unterminated ones) are dropped; a client sending faster than anyone types or clicks has
its surplus dropped. Anything else is ignored: it never reaches the game.

Each game runs in its own process group (no shell in between), with `ESCARMOUCHE_SERVED`
set so that it autosaves however it ends (`game.ui.app.run_app`). A client that goes away
ends its game: it is asked to quit (and autosaves), then terminated, then killed, each
after a bounded wait. Ctrl+C and SIGTERM stop the server and every game it started within
`STOP_SECONDS`.

A shared table (`serve --demo`, `serve --watch`): the page at `/present/TOKEN` (a secret
the server prints) runs the presenter's process, one at a time; every other tab, at `/`,
runs a viewer (`follow`), which reads the presenter's table file and plays nothing. The
same bounds, checks and stops hold for both; `max_games` counts the viewers, so a full
room never keeps the presenter out.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import shlex
import signal
import time
from asyncio.subprocess import Process

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, log

from game.ui.web_driver import HEIGHT, WIDTH, clamp_size  # noqa: F401 (the bounds, here too)

#: The largest websocket message read from a browser, in bytes: a larger one is ignored,
#: and one over `MAX_FRAME` closes the connection (which ends its game, autosaved).
MAX_MESSAGE = 64 * 1024
MAX_FRAME = 1024 * 1024
#: The longest typed input in one message, in characters (keys and mouse reports are a
#: few each; a paste is cut there).
MAX_INPUT = 4096
#: The largest number an escape sequence from the browser may carry (a mouse position, a
#: cursor report): a real screen is a few hundred cells.
MAX_ESCAPE_NUMBER = 9999
#: Input a client may send: a burst, then a steady rate (bytes; a resize counts 256).
BURST, RATE = 64 * 1024, 16 * 1024
#: The whole stop, every game included, takes at most this long.
STOP_SECONDS = 5.0
#: How long a game has to quit (and autosave) when asked, then to end when terminated.
QUIT_WAIT, TERM_WAIT = 2.0, 1.0
#: The environment variable that tells a game it is served (it then autosaves at exit).
SERVED = "ESCARMOUCHE_SERVED"

_ESCAPE = re.compile(
    r"\x1b(?:\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]"  # CSI: keys, mouse, reports
    r"|O[\x20-\x7e]"  # SS3: function keys
    r"|[\]P_^X]"  # the start of an OSC, DCS, APC, PM or SOS string
    r"|[\x20-\x4e\x51-\x57\x59\x5a\x5c\x60-\x7e])"  # ESC + a character (Alt+key)
    r"|\x1b",  # a lone ESC: the Escape key, or a sequence cut off
    re.S)
_NUMBER = re.compile(r"[0-9]+")


def clean_input(data) -> str:
    """Typed input as a game may read it: text only, at most `MAX_INPUT` characters, with
    every escape sequence that carries a number above `MAX_ESCAPE_NUMBER`, is too long to
    be a key or mouse report, is an OSC/DCS string or is cut off, left out."""
    if not isinstance(data, str):
        return ""
    data = data[:MAX_INPUT]
    kept, end = [], 0
    for match in _ESCAPE.finditer(data):
        kept.append(data[end:match.start()])
        end = match.end()
        sequence = match.group()
        if sequence == "\x1b":
            if data[end:end + 1] in ("[", "O"):
                return "".join(kept)  # cut off: the rest is not keys
            kept.append(sequence)
        elif sequence[1] in "]P_^X":
            return "".join(kept)  # a string no browser has reason to send: dropped
        elif len(sequence) <= 32 and all(int(n) <= MAX_ESCAPE_NUMBER
                                         for n in _NUMBER.findall(sequence[2:])):
            kept.append(sequence)
    kept.append(data[end:])
    return "".join(kept)


class _Bucket:
    """Input allowance: `BURST` at once, refilled at `RATE` a second."""

    def __init__(self) -> None:
        self.level, self.at = float(BURST), time.monotonic()

    def take(self, amount: int) -> bool:
        now = time.monotonic()
        self.level = min(BURST, self.level + (now - self.at) * RATE)
        self.at = now
        if amount > self.level:
            return False
        self.level -= amount
        return True


class GameService(AppService):
    """One browser's game process: no shell, its own process group, served mode set, and a
    stop that always ends (quit, then SIGTERM, then SIGKILL, each waited for a bounded
    time)."""

    _ended = False

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment[SERVED] = "1"
        environment["TEXTUAL_DRIVER"] = "game.ui.web_driver:SafeWebDriver"
        return environment

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        environment = self._build_environment(width=width, height=height)
        self._process = process = await asyncio.create_subprocess_exec(
            *shlex.split(self.command), stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=environment,
            start_new_session=True)
        self._stdin = process.stdin
        return process

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    async def stop(self) -> None:
        """Ask the game to quit (it autosaves), then make sure it has ended."""
        process, task = self._process, self._task
        if process is None:
            return
        self._task = None
        if task is not None:
            try:
                await asyncio.wait_for(self._download_manager.cancel_app_downloads(
                    app_service_id=self.app_service_id), 0.5)
            except (asyncio.TimeoutError, Exception):
                pass
        if process.returncode is None:
            try:
                await asyncio.wait_for(self.send_meta({"type": "quit"}), 0.5)
            except (asyncio.TimeoutError, Exception):
                pass
            for sig, wait in ((None, QUIT_WAIT), (signal.SIGTERM, TERM_WAIT),
                              (signal.SIGKILL, TERM_WAIT)):
                if sig is not None:
                    _signal_group(process.pid, sig)
                try:
                    await asyncio.wait_for(process.wait(), wait)
                    break
                except asyncio.TimeoutError:
                    continue
        # Whatever the game started is ended with it (once: a group long gone may have
        # had its number given to someone else's).
        if not self._ended:
            self._ended = True
            _signal_group(process.pid, signal.SIGKILL)
        if task is not None:
            try:
                await asyncio.wait_for(task, 1.0)
            except (asyncio.TimeoutError, Exception):
                task.cancel()

    def kill_now(self) -> None:
        """The last resort at exit: the game's whole process group, at once (unless the
        game has already ended and been waited for)."""
        if self._process is not None and self._process.returncode is None:
            _signal_group(self._process.pid, signal.SIGKILL)


def _signal_group(pid: int, sig: int) -> None:
    try:
        os.killpg(pid, sig)
    except (ProcessLookupError, PermissionError, OSError):
        pass


class SafeServer(Server):
    """textual-serve's server with checked messages, bounded stops and no orphan game."""

    def __init__(self, *args, max_games: int = 8, presenter: str | None = None,
                 token: str | None = None, **kwargs) -> None:
        """`presenter`: a shared table's presenter command, served at `/present/TOKEN`
        (`token`, made here when not given); the command (`/`) is then the viewers'."""
        super().__init__(*args, **kwargs)
        #: Games at once: each is a process of its own (tens of MB), so a client opening
        #: websocket after websocket is told to wait rather than served until memory ends.
        self.max_games = max_games
        self._playing = 0
        self.services: set[GameService] = set()
        self.sockets: set[web.WebSocketResponse] = set()
        self.presenter = presenter
        self.token = token or secrets.token_urlsafe(16)
        self._presenting = False

    @property
    def presenter_url(self) -> str:
        return f"{self.public_url}/present/{self.token}"

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        if self.presenter is not None:
            app.router.add_get("/present/{token}", self.handle_presenter_index,
                               name="presenter")
            app.router.add_get("/ws/present/{token}", self.handle_presenter_websocket,
                               name="presenter-websocket")
        return app

    def _presenter_token(self, request: web.Request) -> None:
        if not secrets.compare_digest(request.match_info.get("token", ""), self.token):
            raise web.HTTPNotFound(text="no such page")

    async def handle_presenter_index(self, request: web.Request) -> web.StreamResponse:
        """The presenter's page: textual-serve's, its websocket the presenter's."""
        self._presenter_token(request)
        response = await self.handle_index(request)
        url = f"{self.public_url}/ws".replace("http", "ws", 1)
        body = response.body.decode("utf-8").replace(
            f'data-session-websocket-url="{url}"',
            f'data-session-websocket-url="{url}/present/{self.token}"')
        return web.Response(text=body.replace(f"<div>{self.title}</div>",
                                              f"<div>{self.title} (presenter)</div>"),
                            content_type="text/html")

    async def handle_presenter_websocket(self, request: web.Request) -> web.StreamResponse:
        """The presenter's game: one at a time (the table has one truth)."""
        self._presenter_token(request)
        if self._presenting:
            return web.Response(status=409, text="the presenter is already at the table: "
                                "close the other presenter's tab first")
        self._presenting = True
        try:
            return await self._play(request, self.presenter)
        finally:
            self._presenting = False

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        # Counted before the first wait, so that tabs opened at once cannot all pass.
        if self._playing >= self.max_games:
            return web.Response(status=503, text=f"{self.max_games} games are being played "
                                "here, the most this server runs at once: try again later")
        self._playing += 1
        try:
            return await self._play(request)
        finally:
            self._playing -= 1

    async def _play(self, request: web.Request,
                    command: str | None = None) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_FRAME)
        size = clamp_size(_whole(request.query.get("width")), _whole(request.query.get("height")))
        width, height = size or (80, 24)
        service: GameService | None = None
        try:
            await websocket.prepare(request)
            self.sockets.add(websocket)
            service = GameService(command or self.command, write_bytes=websocket.send_bytes,
                                  write_str=websocket.send_str, close=websocket.close,
                                  download_manager=self.download_manager, debug=self.debug)
            self.services.add(service)
            await service.start(width, height)
            # A game that ends by itself (its player quit, or it failed) closes the page.
            service._task.add_done_callback(
                lambda _: asyncio.ensure_future(_close(websocket)))
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            pass
        except Exception as error:  # a broken connection: the game is stopped all the same
            log.warning("a game's connection failed: %s", error)
        finally:
            if service is not None:
                await asyncio.shield(service.stop())
                self.services.discard(service)
            self.sockets.discard(websocket)
            await _close(websocket)
        return websocket

    async def _process_messages(self, websocket: web.WebSocketResponse,
                                app_service: AppService) -> None:
        """Only well-formed, bounded messages reach the game; the rest is ignored."""
        bucket = _Bucket()
        async for message in websocket:
            if message.type != WSMsgType.TEXT or len(message.data) > MAX_MESSAGE:
                continue
            if not bucket.take(len(message.data)):
                continue
            try:
                envelope = json.loads(message.data)
            except (ValueError, RecursionError):
                continue
            if not isinstance(envelope, list) or not envelope or \
                    not isinstance(envelope[0], str):
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin":
                text = clean_input(data)
                if text:
                    await app_service.send_bytes(text.encode("utf-8"))
            elif kind == "resize":
                if not isinstance(data, dict) or not bucket.take(256):
                    continue
                size = clamp_size(data.get("width"), data.get("height"))
                if size is not None:
                    await app_service.set_terminal_size(*size)
            elif kind == "ping":
                if isinstance(data, (str, int)) and len(str(data)) <= 100:
                    await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()

    async def on_shutdown(self, app: web.Application) -> None:
        """Stop every game (each autosaves when it can) and close every page, in bounded
        time."""
        services = list(self.services)
        if services:
            await asyncio.wait([asyncio.ensure_future(s.stop()) for s in services],
                               timeout=STOP_SECONDS - 2)
        for service in services:
            service.kill_now()
        for websocket in list(self.sockets):
            try:
                await asyncio.wait_for(websocket.close(), 0.3)
            except (asyncio.TimeoutError, Exception):
                pass

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C or SIGTERM; every game is ended before it returns."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, self.request_exit)
            except (NotImplementedError, RuntimeError):
                pass
        try:
            web.run_app(self._make_app(), host=self.host, port=self.port,
                        handle_signals=False, loop=loop, print=lambda *args: None,
                        shutdown_timeout=1.0)
        finally:
            for service in list(self.services):
                service.kill_now()


def _whole(text) -> int | None:
    if text is None or not re.fullmatch(r"[0-9]{1,6}", text):
        return None
    return int(text)


async def _close(websocket: web.WebSocketResponse) -> None:
    try:
        await asyncio.wait_for(websocket.close(), 1.0)
    except (asyncio.TimeoutError, Exception):
        pass
