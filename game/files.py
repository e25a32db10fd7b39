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

from game.i18n import _, format_decimal

#: Where saves go, relative to where the game is started, like any document folder (here,
#: so that naming it imports nothing of the saves).
DEFAULT_SAVES = Path("saves")


class UnreadableFile(Exception):
    """A file that is not a readable regular file of bounded size; the message says why
    (`it is a folder, not a file`), and `of_a_file` says it where the file is named
    before it (`file too large (…)`); `missing`: there is no such file."""

    def __init__(self, message: str, of_a_file: str | None = None,
                 missing: bool = False) -> None:
        super().__init__(message)
        self.of_a_file = of_a_file or message
        self.missing = missing


def _too_large(size: str, limit: int) -> UnreadableFile:
    fields = dict(size=size, most=format_decimal(limit, 0))
    return UnreadableFile(_("it is too large ({size} bytes; at most {most})").format(**fields),
                          _("file too large ({size} bytes; at most {most})").format(**fields))


def read_bounded(path: Path | str, limit: int) -> bytes:
    """The bytes of the regular file at `path`, refusing anything else or over `limit`."""
    path = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise UnreadableFile(_("it does not exist"), missing=True) from None
    except OSError as exc:
        raise UnreadableFile(_("cannot open it ({reason})").format(
            reason=exc.strerror or exc)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise UnreadableFile(_("it is a folder, not a file"))
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(_("it is not a regular file (a device, pipe or socket)"))
        if info.st_size > limit:
            raise _too_large(format_decimal(info.st_size, 0), limit)
        chunks = []
        left = limit + 1
        while left > 0:
            try:
                chunk = os.read(fd, min(left, 1 << 20))
            except OSError as exc:
                raise UnreadableFile(_("cannot read it ({reason})").format(
                    reason=exc.strerror or exc)) from None
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        # The file may have grown since fstat: the bound holds for what was read.
        if len(data) > limit:
            raise UnreadableFile(
                _("it is too large (over {most} bytes)").format(most=format_decimal(limit, 0)),
                _("file too large (over {most} bytes)").format(most=format_decimal(limit, 0)))
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
