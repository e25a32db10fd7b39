"""The shared table: one presenter's game, step by step, in a file that viewers follow.

The presenter (`demo --table FILE`, `play --table FILE`, or the presenter's tab of `serve
--demo` and `serve --watch`) is the one truth: after each step it appends a frame to FILE,
the game as a save holds it (its state, log and seed) with the journal events added since
the frame before. A viewer (`follow FILE`, every other tab of the server) reads the frames
in order and shows the last, the game rebuilt from the saved state (`saves.restored`): it
never applies a command, so it never rolls a die, and nothing it is sent can play. A late
joiner reads the whole file and so sees the present state.

The file is one JSON object a line: a `header` (a demo, with its script's steps, or a live
game), then `frame`s, and `left` when the presenter goes away (a viewer says so). A
presenter starting a table writes the file anew (a new file renamed over the old one: a
follower sees it change and reads it again from the top), and holds `FILE.lock` while it
writes, so that two presenters never write one table. Every line is written in one `write`
to a file opened for appending: a reader sees whole lines, and leaves a line still being
written for its next read. A presenter coming back takes the table where it is
(`take_demo`, `take_game`); `lay_table` sets one's start before any presenter comes.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from game.files import write_atomically
from game.i18n import _
from game.rules import events as ev
from game.rules.engine import Game
from game.scripts import Demo, Step, fold_forces

FORMAT = "escarmouche-table"
VERSION = 1
#: The longest line read: a frame holds the journal since the last one (the whole journal
#: when the presenter went back), far below this in any real game.
MAX_LINE = 32 * 1024 * 1024
#: What one read takes from the file at most (the rest waits for the next read).
READ_CHUNK = 4 * 1024 * 1024

_Text = Annotated[str, Meta(max_length=20_000)]


class TableError(Exception):
    """A table that cannot be written or followed; the message says why."""


class Header(msgspec.Struct, tag="header", kw_only=True, forbid_unknown_fields=True):
    """What the table shows: a demo of a script (its steps as read, before the forces are
    folded) or a live game; `title` names it (the script's file, the save)."""

    format: Literal["escarmouche-table"]
    version: Literal[1]
    kind: Literal["demo", "game"]
    title: Annotated[str, Meta(max_length=200)]
    steps: Annotated[list[tuple[Annotated[int, Meta(ge=0)], _Text, _Text]],
                     Meta(max_length=10_000)] = []
    preamble: _Text = ""


class Frame(msgspec.Struct, tag="frame", kw_only=True, forbid_unknown_fields=True):
    """One step: `record` is a save of the game (checked as a save is, when it is shown)
    whose journal holds the events from `journal_from` on; `made`: how many of the
    journal's last events the step made (its roll cards); `step`: a demo's steps played."""

    n: Annotated[int, Meta(ge=1)]
    record: dict
    journal_from: Annotated[int, Meta(ge=0)]
    made: Annotated[int, Meta(ge=0)]
    step: Annotated[int, Meta(ge=0)] = 0


class Left(msgspec.Struct, tag="left", kw_only=True):
    """The presenter has gone (or has not come yet): the table shows its last frame."""


_decoder = msgspec.json.Decoder(Header | Frame | Left)
_encoder = msgspec.json.Encoder()


def demo_header(demo: Demo, title: str, steps: list[Step]) -> Header:
    """The header of a demo's table: `steps` as read from the script (unfolded)."""
    return Header(format=FORMAT, version=VERSION, kind="demo", title=title,
                  steps=[(s.line, s.command, s.caption) for s in steps],
                  preamble=demo.preamble)


def game_header(title: str) -> Header:
    return Header(format=FORMAT, version=VERSION, kind="game", title=title)


class TableWriter:
    """The presenter's side: the table's file written anew, then a frame a step."""

    def __init__(self, path: Path | str, header: Header) -> None:
        self.path = Path(path)
        self.header = header
        self._lock = _take_lock(self.path)
        self._n = 0
        self._game: Game | None = None
        self._sent = 0  # journal events of `_game` already written
        try:
            write_atomically(self.path, _encoder.encode(header) + b"\n")
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        except OSError as exc:
            os.close(self._lock)
            raise TableError(_("cannot write the table {path}: {problem}").format(
                path=self.path, problem=exc.strerror or exc)) from None

    def changed(self, game: Game) -> bool:
        """Whether `game` differs from the last frame written (another game, more events)."""
        return game is not self._game or len(game.journal) != self._sent

    def publish(self, game: Game, made: int | None = None, step: int = 0) -> None:
        """Write a frame of `game`: the journal events since the last frame of this same
        game (all of them for another game, as after going back or an undo); `made`: the
        events of the step (by default those new since the last frame)."""
        from game.saves import record_of

        same = game is self._game and len(game.journal) >= self._sent
        start = self._sent if same else 0
        if made is None:
            made = len(game.journal) - start if same else 0
        record = record_of(game, "table")
        record.journal = game.journal[start:]
        self._n += 1
        self._write(Frame(n=self._n, record=msgspec.to_builtins(record), journal_from=start,
                          made=min(made, len(game.journal)), step=step))
        self._game, self._sent = game, len(game.journal)

    def _write(self, line: msgspec.Struct) -> None:
        data = _encoder.encode(line) + b"\n"
        view = memoryview(data)
        while view:  # one write in practice (O_APPEND: the line lands whole at the end)
            view = view[os.write(self._fd, view):]

    def close(self) -> None:
        """Say the presenter has left, and let another presenter take the table."""
        if self._fd is None:
            return
        try:
            self._write(Left())
        except OSError:
            pass
        os.close(self._fd)
        os.close(self._lock)
        self._fd = None


def _take_lock(path: Path) -> int:
    import fcntl

    lock = path.with_name(path.name + ".lock")
    try:
        fd = os.open(lock, os.O_WRONLY | os.O_CREAT, 0o644)
    except OSError as exc:
        raise TableError(_("cannot write the table {path}: {problem}").format(
            path=path, problem=exc.strerror or exc)) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        os.close(fd)
        if exc.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
            raise TableError(_("another presenter is at the table {path}: one presenter at "
                               "a time").format(path=path)) from None
        raise TableError(_("cannot lock the table {path}: {problem}").format(
            path=path, problem=exc.strerror or exc)) from None
    return fd


def presenter_at(path: Path | str) -> bool:
    """Whether a presenter is writing the table now (it holds the lock)."""
    try:
        os.close(_take_lock(Path(path)))
    except TableError:
        return True
    return False


def lay_table(path: Path | str, header: Header, start: Game) -> None:
    """The table at `path` showing `start` before any presenter comes (`serve --demo`,
    `serve --watch`): its header and a first frame, then left for a presenter to take."""
    first = TableWriter(path, header)
    first.publish(start, 0, 0)
    first.close()


def take_demo(path: Path | str, content_dir: Path | str, demo: Demo, title: str,
              steps: list[Step]) -> TableWriter:
    """`demo --table FILE`: the presenter's writer. A presenter coming back (a reloaded tab)
    goes on where the table is: when FILE holds this same demo (its header and seed), the
    demo goes to the table's step first."""
    previous = read_table(path, content_dir)
    _check_is_table(Path(path), previous)
    header = demo_header(demo, title, steps)
    if previous is not None and previous.header == header and previous.frame is not None \
            and previous.frame.record.get("seed") == demo.game.seed:
        demo.goto(previous.frame.step)
    return TableWriter(path, header)


def take_game(path: Path | str, content_dir: Path | str, title: str) -> tuple[Game | None,
                                                                             TableWriter]:
    """`play --table FILE`: the presenter's writer, and the table's game when FILE holds
    this same game (the same save or scenario, `title`: a presenter coming back, or the
    state `serve --watch` began it with), to go on from there; None: start as asked."""
    from game.saves import SaveError

    header = game_header(Path(title).stem)
    previous = read_table(path, content_dir)
    _check_is_table(Path(path), previous)
    game = None
    if previous is not None and previous.header == header and previous.frame is not None:
        try:
            game = previous.game()
        except SaveError as exc:
            raise TableError(_("the table {path} cannot be continued: {problem}").format(
                path=path, problem=exc)) from None
    return game, TableWriter(path, header)


def _check_is_table(path: Path, previous: TableFollower | None) -> None:
    """Refuse to start a table over a file that holds something else (notes, a save, a
    typo's target): a presenter writes its table anew, and would lose what it held. An
    empty file, or a table of another game, is written."""
    try:
        holds = path.is_file() and path.stat().st_size > 0
    except OSError:
        holds = False  # what cannot be looked at is said when it is written
    if holds and previous is None:
        raise TableError(_("{path} is not a shared table (it holds no table's header): "
                           "give a new file, or one a presenter wrote").format(
            path=path))


def read_table(path: Path | str, content_dir: Path | str) -> TableFollower | None:
    """The table at `path` as it stands, or None when there is none (no file, no header)."""
    follower = TableFollower(path, content_dir)
    follower.read()
    return follower if follower.header is not None else None


class TableFollower:
    """The viewer's side: reads what the presenter added since the last read, keeps the
    journal, and rebuilds the game of the last frame when asked (`view`)."""

    def __init__(self, path: Path | str, content_dir: Path | str) -> None:
        self.path = Path(path)
        self.content_dir = Path(content_dir)
        self.header: Header | None = None
        self.frame: Frame | None = None
        self.left = False
        #: The last line that could not be read or shown, said on the viewer's screen.
        self.problem: str | None = None
        self._journal: list = []  # plain events, as in the file
        self._file = None
        self._inode: tuple[int, int] | None = None
        self._partial = b""
        self._rewound = True  # the journal was started again since the last view
        self._content = None
        self._scenarios: dict[str, object] = {}

    def read(self) -> bool:
        """Take in what the file gained; True when there is something new to show."""
        try:
            status = os.stat(self.path)
        except OSError:
            return False
        if (status.st_dev, status.st_ino) != self._inode:
            self._reopen(status)
        if self._file is None:
            return False
        news = False
        while True:
            try:
                chunk = self._file.read(READ_CHUNK)
            except OSError as exc:
                self.problem = f"cannot read the table: {exc.strerror or exc}"
                return news
            if not chunk:
                return news
            *lines, self._partial = (self._partial + chunk).split(b"\n")
            if len(self._partial) > MAX_LINE:
                self.problem = f"a line of the table is over {MAX_LINE:,} bytes: left out"
                self._reopen(status)  # start over: a writer may rewrite the file
                return news
            for line in lines:
                news |= self._take(line)

    def _reopen(self, status) -> None:
        if self._file is not None:
            self._file.close()
        self._file, self._partial = None, b""
        self.header, self.frame, self.left, self._journal = None, None, False, []
        self._rewound = True
        try:
            self._file = open(self.path, "rb", buffering=0)
            self._inode = (status.st_dev, status.st_ino)
        except OSError as exc:
            self.problem = f"cannot read the table: {exc.strerror or exc}"
            self._inode = None

    def _take(self, line: bytes) -> bool:
        if not line.strip():
            return False
        try:
            item = _decoder.decode(line)
        except (msgspec.DecodeError, msgspec.ValidationError, RecursionError) as exc:
            self.problem = f"a line of the table could not be read ({exc}): left out"
            return False
        if isinstance(item, Header):
            self.header, self.frame, self.left, self._journal = item, None, False, []
            self._rewound = True
            return True
        if isinstance(item, Left):
            self.left = True
            return True
        if self.header is None:
            return False  # a frame before any header: not a table this follower knows
        journal = item.record.get("journal")
        if not isinstance(journal, list) or item.journal_from > len(self._journal):
            self.problem = "a frame of the table does not follow the one before: left out"
            return False
        if item.journal_from < len(self._journal):
            self._rewound = True
        self._journal = self._journal[:item.journal_from] + journal
        self.frame, self.left = item, False
        return True

    def record(self):
        """The last frame as a save (its whole journal), checked as a save file is."""
        from game.saves import parse_save

        if self.frame is None:
            return None
        data = _encoder.encode({**self.frame.record, "journal": self._journal})
        return parse_save(data, self.path.name)

    def game(self) -> Game | None:
        """The presenter's game at the last frame, rebuilt from its saved state (no die
        rolled); None before the first frame. Raises `SaveError` when the frame does not
        fit the content."""
        from game.content.loader import load_content, load_scenario
        from game.rules.policies import ProfileBook
        from game.saves import SaveError, content_hash, restored

        record = self.record()
        if record is None:
            return None
        scenario = self._scenarios.get(record.scenario)
        if self._content is None or scenario is None or \
                content_hash(self._content, scenario) != record.content_hash:
            # The first frame, another scenario, or the presenter's content was changed
            # (and reloaded): read it again, as the presenter did.
            self._content = content = load_content(self.content_dir)
            path = self.content_dir / "scenarios" / f"{record.scenario}.yaml"
            if not path.is_file():
                raise SaveError(_("the table's scenario {scenario!r} is not in "
                                  "{folder}").format(scenario=record.scenario,
                                                     folder=self.content_dir))
            self._scenarios = {record.scenario: load_scenario(content, path, self.content_dir)}
            scenario = self._scenarios[record.scenario]
        content = self._content
        fresh = Game(content, scenario, seed=record.seed, scenario_id=record.scenario,
                     designer=record.designer, dice=record.dice,
                     ai_players={int(n): p for n, p in record.ai_players.items()},
                     policies=ProfileBook(content))
        return restored(record, fresh, self.path.name)

    def view(self) -> tuple[Followed, bool] | None:
        """What to show now, and whether the journal on screen must be written anew (the
        presenter went back, or started again); None before the first frame."""
        game = self.game()
        if game is None or self.header is None or self.frame is None:
            return None
        steps = [Step(line, command, caption) for line, command, caption in self.header.steps]
        made = min(self.frame.made, len(game.journal))
        view = Followed(self.header, game, steps, self.frame.step,
                        game.journal[len(game.journal) - made:], self.left)
        rewound, self._rewound = self._rewound, False
        return view, rewound


class Followed(Demo):
    """The presenter's demo (or live game) as a viewer shows it, at one frame: what a
    `Demo` tells its screen, read from the frame. It cannot go anywhere: a viewer plays
    nothing."""

    def __init__(self, header: Header, game: Game, steps: list[Step], step: int,
                 events: list[ev.Event], left: bool = False) -> None:
        self.header = header
        self.live = header.kind == "game"
        self.title = header.title
        self.steps = fold_forces(steps)
        self.preamble = header.preamble
        self.game = game
        self.step = min(step, len(self.steps))
        self.events = events
        #: The presenter has gone (or not come yet).
        self.left = left

    def goto(self, step: int) -> None:
        raise TypeError("a viewer follows the presenter: it cannot step")

    def actor(self) -> str | None:
        if not self.live:
            return super().actor()
        from game.rules.notation import NotationError, parse

        for command in reversed(self.game.log):  # a live game: its last command with a unit
            try:
                unit = getattr(parse(command), "unit", None)
            except NotationError:
                continue
            if unit in self.game.units:
                return unit
        return None

    @property
    def last_command(self) -> str | None:
        """A live game's last command of this frame, as typed."""
        commands = [e.text for e in self.events if isinstance(e, ev.CommandIssued)]
        return commands[-1] if commands else None
