"""UI costs, run by hand (not a test):

    python benchmarks/bench_ui.py [--start-only] [--against TREE] [--instructions]
    python benchmarks/bench_ui.py --instructions-only [--against TREE]

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
   app's `hello`) has been written to the terminal. The game is started warm (its saves
   folder holds the content cache of its last start, as on any start after the first) and
   cold (a saves folder without it: the first start, or the first after the content or
   the game changed), alternately.

Both start-up measures are given twice: the wall-clock median, as a player waits it, and
the least CPU time the process used (user + system, from the kernel's accounting of the
child): on a shared machine the wall clock swings with the other processes' load, while a
process's own CPU time barely does, so the CPU ratio is the one to compare between runs.
The game and the bare app are run alternately, so that both see the same load.

`--against TREE` measures the start-up of another copy of the game too (`git worktree add
/tmp/before main`, or `git archive main | tar -x -C /tmp/before`), alternately with this one
and the bare app in the same run: a change's before and after, against the same bare app
and the same load. `--instructions` counts, once each, the instructions the bare app and
the warm game run to their first frame in the pty (valgrind's callgrind, some 40 s each),
up to the moment the frame is handed, whole, to Textual's writer thread: a count that
does not move with the load, to tell a change of a few per cent (within some 5 M from
run to run; counted to the writer thread's write instead, it swung by 50 M and more).
`--instructions-only` counts them and nothing else (no timing, no cursor moves).
"""

from __future__ import annotations

import asyncio
import compileall
import fcntl
import os
import pty
import select
import shutil
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
# Its saves folder is `saves/` where the benchmark is run: warm (the content cache of the
# first run in it) from the second run on.
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
"""


def probe_file(code: str, root: Path = ROOT) -> str:
    """`code` in a file of its own: Textual reads its apps' source, so each probe is a real
    file, not `python -c`. An installed game runs from bytecode, as Textual does; this
    machine's environment may forbid writing it (PYTHONDONTWRITEBYTECODE), so the game
    under `root` is compiled once here."""
    compileall.compile_dir(Path(root) / "game", quiet=1)
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as probe:
        probe.write(code)
    return probe.name


def start_time(probe: str) -> tuple[float, float]:
    """Seconds from starting `probe` until it exits, and the CPU seconds it used."""
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, probe])
    _, status, usage = os.wait4(child.pid, 0)
    if status:
        raise RuntimeError(f"{probe} ended with status {status}")
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


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

# The same, cold: its saves folder, and the content cache in it, removed first.
GAME_PTY_COLD = """
import shutil
shutil.rmtree(%r, ignore_errors=True)
""" + GAME_PTY


def first_frame(probe: str, marker: bytes, size=(160, 50)) -> tuple[float, float]:
    """Seconds from starting `probe` in a pty of `size` until `marker` is written, and the
    CPU seconds it had used by then."""
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(size[0]),
           "LINES": str(size[1])}
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: its terminal is the pty, of the size asked
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        os.execve(sys.executable, [sys.executable, probe], env)
    seen = b""
    try:
        while marker not in seen:
            ready, _, _ = select.select([fd], [], [], 10)
            if not ready:
                raise RuntimeError("no first frame within 10 s")
            seen += os.read(fd, 65536)
        wall = time.perf_counter() - start
    finally:
        os.kill(pid, signal.SIGKILL)
        _, _, usage = os.wait4(pid, 0)
        os.close(fd)
    return wall, usage.ru_utime + usage.ru_stime


# Prepended to a pty probe for `instructions`: the process ends as soon as its first frame
# is handed to the terminal, without importing anything before the probe does (the game
# imports Textual with the cycle collector off) but `queue`, which Textual imports anyway.
# Textual's driver hands each frame, whole, to its writer thread through a `queue.Queue`
# (`textual.drivers._writer_thread`), which writes it to `sys.__stderr__`: the count stops
# at that hand-over, in the thread that drew the frame. Stopping when the writer thread
# wrote it instead counted whatever the app's thread went on doing until the writer thread
# had its turn (a layout or a repaint more or less): some 50 M instructions either way
# from run to run. The write itself is watched too, in case a frame goes another way.
EXIT_AT_FRAME = """
import os as _os, sys as _sys, queue as _queue

_MARKER = %r

class _ExitAtFrame:
    def __init__(self, file):
        self._file = file

    def write(self, text):
        written = self._file.write(text)
        if _MARKER in text:
            self._file.flush()
            _os._exit(0)
        return written

    def __getattr__(self, name):
        return getattr(self._file, name)

_sys.__stderr__ = _ExitAtFrame(_sys.__stderr__)

_put = _queue.Queue.put

def _put_or_exit(self, item, *args, **kwargs):
    if isinstance(item, str) and _MARKER in item:
        _os._exit(0)
    return _put(self, item, *args, **kwargs)

_queue.Queue.put = _put_or_exit
"""


def instructions(probe: str, marker: bytes, size=(160, 50)) -> int:
    """The instructions `probe` runs from its start to its first frame in a pty of `size`,
    counted by valgrind's callgrind: the same from run to run whatever the machine's load
    (hashes seeded), where times are not."""
    with open(probe) as file:
        code = file.read()
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as wrapped:
        wrapped.write(EXIT_AT_FRAME % marker.decode() + code)
    counts = wrapped.name + ".callgrind"
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(size[0]),
           "LINES": str(size[1]), "PYTHONHASHSEED": "0"}
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        os.execvpe("valgrind", ["valgrind", "--tool=callgrind", "--callgrind-out-file="
                                + counts, sys.executable, wrapped.name], env)
    try:
        while True:  # the terminal read, so that the child never blocks writing to it
            ready, _, _ = select.select([fd], [], [], 1)
            try:
                if ready and not os.read(fd, 65536):
                    break
            except OSError:  # the child has ended
                break
        _, status = os.waitpid(pid, 0)
        with open(counts) as file:
            total = next(line for line in file if line.startswith("totals:"))
    finally:
        os.close(fd)
        Path(wrapped.name).unlink()
        Path(counts).unlink(missing_ok=True)
    if status:
        raise RuntimeError(f"{probe} under valgrind ended with status {status}")
    return int(total.split()[1])


def side_by_side(measure, probes: dict[str, tuple], runs: int = 9) -> str:
    """`measure(*probe)` run alternately for the bare app and the game (`probes`: "bare"
    first), `runs` times each: the wall-clock medians, the least CPU times, and each game's
    ratios to the bare app."""
    walls: dict[str, list[float]] = {name: [] for name in probes}
    cpus: dict[str, list[float]] = {name: [] for name in probes}
    for _ in range(runs):
        for name, probe in probes.items():
            wall, cpu = measure(*probe)
            walls[name].append(wall)
            cpus[name].append(cpu)
    wall = {name: statistics.median(times) for name, times in walls.items()}
    cpu = {name: min(times) for name, times in cpus.items()}
    return "; ".join(
        f"{'bare Textual' if name == 'bare' else f'Escarmouche ({name})'} "
        f"{wall[name] * 1000:.0f} ms, least CPU {cpu[name] * 1000:.0f} ms"
        + ("" if name == "bare" else f", ratios {wall[name] / wall['bare']:.2f} (wall) "
                                     f"{cpu[name] / cpu['bare']:.2f} (CPU)")
        for name in probes)


def start_probes(trees: dict[str, Path]) -> tuple[dict, dict, Path]:
    """The probes to the first screen and to the first frame in a pty: the bare app's,
    then for each game tree (`trees`: its name in the figures, "" for this one) warm and,
    in the pty, cold. Each tree keeps its own saves folders, in the temporary folder
    returned last."""
    ready: dict[str, tuple] = {"bare": (probe_file(BARE),)}
    framed: dict[str, tuple] = {"bare": (probe_file(BARE_PTY), b"hello")}
    scratch = Path(tempfile.mkdtemp())
    for number, (name, root) in enumerate(trees.items()):
        saves, cold = scratch / f"saves-{number}", scratch / f"cold-{number}"
        label = f"{name}, " if name else ""
        ready[f"{label}warm"] = (probe_file(GAME % str(root), root),)
        framed[f"{label}warm"] = (probe_file(GAME_PTY % (str(root), str(saves)), root),
                                  b"palette")
        framed[f"{label}cold"] = (probe_file(GAME_PTY_COLD % (str(cold), str(root), str(cold)),
                                             root), b"palette")
    return ready, framed, scratch


def main() -> None:
    trees = {"": ROOT}
    if "--against" in sys.argv:
        trees = {"against": Path(sys.argv[sys.argv.index("--against") + 1]).resolve(),
                 "this": ROOT}
    if "--start-only" not in sys.argv and "--instructions-only" not in sys.argv:
        cursor_costs()
    ready, framed, scratch = start_probes(trees)
    # Each game's content cache written (`GAME`'s in the `saves/` where this is run).
    for name, probe in ready.items():
        if name != "bare":
            start_time(*probe)
    for name, probe in framed.items():
        if name.endswith("warm"):
            first_frame(*probe)
    if "--instructions-only" not in sys.argv:
        print("start to first screen:", side_by_side(start_time, ready))
        print("start to first frame in a 160×50 pty:", side_by_side(first_frame, framed))
    if "--instructions" in sys.argv or "--instructions-only" in sys.argv:
        counts = {name: instructions(*probe) for name, probe in framed.items()
                  if not name.endswith("cold")}
        print("instructions to the first frame in the pty (callgrind): " + "; ".join(
            f"{'bare Textual' if name == 'bare' else f'Escarmouche ({name})'} "
            f"{count / 1e6:.0f} M" + ("" if name == "bare" else
                                      f", ratio {count / counts['bare']:.2f}")
            for name, count in counts.items()))
    for probe, *_ in (*ready.values(), *framed.values()):
        Path(probe).unlink()
    shutil.rmtree(scratch, ignore_errors=True)


def cursor_costs() -> None:
    for side in (30, 60, 120):
        cost, idle = asyncio.run(cursor_cost(side))
        print(f"cursor move + repaint, {side}×{side} map, 40 units: {cost:.2f} ms CPU "
              f"({cost - idle:.2f} ms above an unbound key press, {idle:.2f} ms)")
    print(f"cursor move that scrolls, 120×120 map: {asyncio.run(scroll_cost(120)):.2f} ms CPU")


if __name__ == "__main__":
    main()
