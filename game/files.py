"""Reading files the game does not trust (saves, content, command files) without hanging.

Only a regular file is read, and at most a bounded number of bytes: a FIFO would block the
game forever, a link to /dev/zero would eat memory, a directory gives an obscure error.
The file is opened without blocking and checked on the open descriptor, so it cannot be
swapped between the check and the read.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Callable


#: Where saves go, relative to where the game is started, like any document folder (here,
#: so that naming it imports nothing of the saves).
DEFAULT_SAVES = Path("saves")


def N_(message: str) -> str:
    """Marks `message` for the catalog (`game.i18n.catalog` knows this name); the edge words
    it (this module imports no translation: it is below them)."""
    return message


def _grouped(number: int) -> str:
    return f"{number:,}"


class UnreadableFile(Exception):
    """A file that is not a readable regular file of bounded size; the message says why
    (`it is a folder, not a file`), in English; `worded` says it in a language, or where
    the file is named before it (`file too large (…)`). `missing`: there is no such file."""

    def __init__(self, message: str, of_a_file: str | None = None, missing: bool = False,
                 **fields: str | int) -> None:
        self.message, self.of_a_file, self.missing, self.fields = \
            message, of_a_file or message, missing, fields
        super().__init__(self.worded())

    def worded(self, gettext: Callable[[str], str] = str,
               number: Callable[[int], str] = _grouped, of_a_file: bool = False) -> str:
        """The reason looked up with `gettext` (the edge's `_`), its numbers written by
        `number` (the edge's `format_decimal`); `of_a_file`: said after the file's name."""
        message = self.of_a_file if of_a_file else self.message
        return gettext(message).format(**{key: number(value) if isinstance(value, int)
                                          else value for key, value in self.fields.items()})


def read_bounded(path: Path | str, limit: int) -> bytes:
    """The bytes of the regular file at `path`, refusing anything else or over `limit`."""
    path = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise UnreadableFile(N_("it does not exist"), missing=True) from None
    except OSError as exc:
        raise UnreadableFile(N_("cannot open it ({reason})"),
                             reason=str(exc.strerror or exc)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise UnreadableFile(N_("it is a folder, not a file"))
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(N_("it is not a regular file (a device, pipe or socket)"))
        if info.st_size > limit:
            raise UnreadableFile(N_("it is too large ({size} bytes; at most {most})"),
                                 N_("file too large ({size} bytes; at most {most})"),
                                 size=info.st_size, most=limit)
        chunks = []
        left = limit + 1
        while left > 0:
            try:
                chunk = os.read(fd, min(left, 1 << 20))
            except OSError as exc:
                raise UnreadableFile(N_("cannot read it ({reason})"),
                                     reason=str(exc.strerror or exc)) from None
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        # The file may have grown since fstat: the bound holds for what was read.
        if len(data) > limit:
            raise UnreadableFile(N_("it is too large (over {most} bytes)"),
                                 N_("file too large (over {most} bytes)"), most=limit)
        return data
    finally:
        os.close(fd)


def write_atomically(path: Path | str, data: bytes, mode: int = 0o644) -> None:
    """Write `data` as the file at `path`, whole or not at all: a temporary file in the
    same folder, flushed, then renamed over `path`. An `OSError` (a full disk, a folder
    that cannot be written) leaves neither the temporary file nor a partial `path`."""
    import tempfile

    path = Path(path)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        try:
            os.fchmod(fd, mode)  # a document's usual rights, not a temporary file's
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
