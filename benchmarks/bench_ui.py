"""UI costs, run by hand (not a test):

    python benchmarks/bench_ui.py

1. CPU per cursor move, repaint included, on square maps of 30, 60 and 120 squares a
   side with 40 units: the map keeps one Strip per row and redraws only changed rows, so
   the cost should stay flat as the map grows (target ≤ 10 ms). A move that scrolls
   redraws the visible map: measured apart, its cost follows the terminal's size.
2. Start to first full screen, against a bare Textual app measured in the same run
   (target ≤ 1.3×): each is a fresh process, the game started as `escarmouche` with no
   argument, that exits once its first screen is drawn (Textual's Ready event).
3. Start to the first frame drawn in a 160×50 pseudo-terminal (pty), the game and the
   bare app side by side in the same run: each is started in its own pty, as a terminal
   would, and timed until its first screen's text (the key bar's last word, the bare
   app's `hello`) has been written to the terminal.
"""

from __future__ import annotations

import asyncio
import compileall
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import termios
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.content.loader import load_content  # noqa: E402
from game.rules.templates import PlayerSpec, Scenario, UnitPlacement  # noqa: E402
from game.rules.engine import Game  # noqa: E402

CHARACTERS = ["aldric", "brenna", "corvin", "dagny", "elise", "fenwick"]


def big_game(side: int, units: int = 40) -> Game:
    rows = []
    for y in range(side):
        row = []
        for x in range(side):
            edge = x in (0, side - 1) or y in (0, side - 1)
            pillar = x % 7 == 3 and y % 5 == 2
            row.append("#" if edge or pillar else ".")
        rows.append("".join(row))
    placements, creatures = [], []
    for i in range(units):
        at = [2 + (i * 5) % (side - 4), 1 + (i * 3) % (side - 2)]
        while rows[at[1]][at[0]] == "#":
            at[0] += 1
        if i < units // 2:
            placements.append(UnitPlacement(id=f"c{i}", template=CHARACTERS[i % 6],
                                            owner=1 + i % 2, at=at))
        else:
            creatures.append(UnitPlacement(id=f"m{i}", template="goblin", at=at))
    scenario = Scenario(name=f"bench {side}", map="\n".join(rows),
                        players=[PlayerSpec(name="Alice", colour="blue"),
                                 PlayerSpec(name="Bruno", colour="red")],
                        characters=placements, creatures=creatures)
    return Game(load_content(), scenario, seed=1)


async def cursor_cost(side: int, moves: int = 200) -> tuple[float, float]:
    """CPU ms per cursor move, and per press of an unbound key (the test pilot's own cost)."""
    from game.ui.app import EscarmoucheApp

    app = EscarmoucheApp(big_game(side))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()

        async def cost(keys) -> float:
            start = time.process_time()
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            return (time.process_time() - start) / len(keys) * 1000

        idle = await cost(["z"] * 50)
        # A loop inside the first screen: every press moves the cursor, none scrolls.
        loop = ["right"] * 10 + ["down"] * 5 + ["left"] * 10 + ["up"] * 5
        moves_ms = await cost((loop * (moves // len(loop) + 1))[:moves])
        return moves_ms, idle


async def scroll_cost(side: int, moves: int = 60) -> float:
    """CPU ms per cursor move that scrolls the map by one square (a full map repaint)."""
    from game.ui.app import EscarmoucheApp

    app = EscarmoucheApp(big_game(side))
    async with app.run_test(size=(160, 50)) as pilot:
        app.play.map.move_cursor((60, 20))
        await pilot.pause()
        start = time.process_time()
        for _ in range(moves):
            await pilot.press("right")
            await pilot.pause()
        return (time.process_time() - start) / moves * 1000


BARE = """
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("hello")
    def on_ready(self):
        self.exit()
Bare().run(headless=True, size=(160, 50))
"""

# `escarmouche` with no argument, as a player starts it, exiting once its first screen is
# up (Textual's Ready event), headless and at the bare app's size. Nothing is imported
# before `main`: the app `play.build_app` returns is given a subclass that does the above.
GAME = """
import sys
sys.path.insert(0, %r)
from game import cli
from game.commands import play

def build_app(args, build=play.build_app):
    app = build(args)

    class Timed(type(app)):
        def run(self):
            return super().run(headless=True, size=(160, 50))

        def on_ready(self):
            self.exit()

    app.__class__ = Timed
    return app

play.build_app = build_app
sys.exit(cli.main([]))
""" % str(ROOT)


def start_time(code: str, runs: int = 7) -> float:
    # Textual reads its apps' source, so each probe is a real file, not `python -c`.
    # An installed game runs from bytecode, as Textual does; this machine's environment
    # may forbid writing it (PYTHONDONTWRITEBYTECODE), so it is compiled once here.
    compileall.compile_dir(ROOT / "game", quiet=1)
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as probe:
        probe.write(code)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, probe.name], check=True)
        times.append(time.perf_counter() - start)
    Path(probe.name).unlink()
    return statistics.median(times)


BARE_PTY = """
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("hello")
Bare().run()
"""

GAME_PTY = """
import sys
sys.path.insert(0, %r)
from game import cli
sys.exit(cli.main(["--saves-dir", %r, "--lang", "en"]))
"""


def first_frame(code: str, marker: bytes, runs: int = 7, size=(160, 50)) -> float:
    """Median seconds from starting `code` in a pty of `size` until `marker` is written."""
    compileall.compile_dir(ROOT / "game", quiet=1)
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as probe:
        probe.write(code)
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(size[0]),
           "LINES": str(size[1])}
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child: its terminal is the pty, of the size asked
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
            os.execve(sys.executable, [sys.executable, probe.name], env)
        seen = b""
        try:
            while marker not in seen:
                ready, _, _ = select.select([fd], [], [], 10)
                if not ready:
                    raise RuntimeError("no first frame within 10 s")
                seen += os.read(fd, 65536)
            times.append(time.perf_counter() - start)
        finally:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(fd)
    Path(probe.name).unlink()
    return statistics.median(times)


def main() -> None:
    for side in (30, 60, 120):
        cost, idle = asyncio.run(cursor_cost(side))
        print(f"cursor move + repaint, {side}×{side} map, 40 units: {cost:.2f} ms CPU "
              f"({cost - idle:.2f} ms above an unbound key press, {idle:.2f} ms)")
    print(f"cursor move that scrolls, 120×120 map: {asyncio.run(scroll_cost(120)):.2f} ms CPU")
    bare, game = start_time(BARE), start_time(GAME)
    print(f"start to first screen: bare Textual {bare * 1000:.0f} ms, "
          f"Escarmouche {game * 1000:.0f} ms, ratio {game / bare:.2f}")
    with tempfile.TemporaryDirectory() as saves:
        bare = first_frame(BARE_PTY, b"hello")
        game = first_frame(GAME_PTY % (str(ROOT), saves), b"palette")
    print(f"start to first frame in a 160×50 pty: bare Textual {bare * 1000:.0f} ms, "
          f"Escarmouche {game * 1000:.0f} ms, ratio {game / bare:.2f}")


if __name__ == "__main__":
    main()
