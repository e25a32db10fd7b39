"""A warm start: the content and scenario `play` last started a new game on, kept for the
next start.

Reading the content folder is most of what a new game costs before its first frame:
importing the loader with PyYAML and jsonschema's checks, parsing every file, checking
each value and converting it (README, start-up). `play` keeps what a load without any
error gave — the content, the scenario and the translations of their texts — as msgpack
in the saves folder's `.cache/`, one file a content folder and scenario, and the next
start decodes it instead.

It is used only when nothing it was read from can have changed: the bytes of every YAML
file of the content folder and of the scenario (a hash of them, not their times), the
game's own modules (their sizes and modification times) and the versions of Python,
msgspec and PyYAML. On any doubt — a file changed, added, gone or unreadable, another
version, a cache file that is truncated or does not decode — the YAML is read as before,
with its errors said as before (`file:line:col: message`, exit 2), and after a load
without error the cache is written anew (a temporary file renamed over the old one). A
folder that cannot be written only loses the warm start. Nothing else reads the cache:
`validate`, a hot reload, a save's load and the lab always read the YAML.
"""

from __future__ import annotations

import os
import sys
from importlib.util import find_spec
from pathlib import Path

import msgspec

from game.files import UnreadableFile, read_bounded
from game.i18n import add_content_texts
from game.rules.sha import sha256
from game.rules.templates import Content, Scenario

#: Bumped when what a cache file holds changes shape.
FORMAT = 1
#: The game's package: its modules are part of the key (the code that read the content).
_GAME = Path(__file__).resolve().parents[1]
#: Content files above this size are not hashed (the loader refuses them anyway).
_MAX_BYTES = 2_000_000
#: A cache file is read up to this size (more: cut short, it does not decode: the YAML).
_MAX_CACHE_BYTES = 64_000_000

Forms = dict[str, dict[str, str]]


class _Cached(msgspec.Struct, array_like=True):
    """A cache file after its key line: what the load gave."""

    content: Content
    scenario: Scenario
    #: The translations filed with the edge: the content's, then the scenario's.
    texts: list[Forms]


_DECODER = msgspec.msgpack.Decoder(_Cached)


def cache_file(cache_dir: Path, root: Path, scenario: Path) -> Path:
    """The cache file of a content folder and scenario, in `cache_dir`."""
    where = f"{Path(root).resolve()}\0{Path(scenario).resolve()}".encode()
    name = f"content-{Path(scenario).stem[:40]}-{sha256(where).hexdigest()[:12]}.msgpack"
    return Path(cache_dir) / name


def key(root: Path, scenario: Path) -> bytes | None:
    """What the load of `root` and `scenario` depends on, hashed; None if a file cannot
    be read as the loader would read it (the YAML path says why)."""
    digest = sha256(f"{FORMAT}\0{sys.version}\0{msgspec.__version__}\0".encode())
    yaml = find_spec("yaml")  # found, not imported: its version by its files
    for origin in (yaml.origin if yaml else None, *_modules()):
        digest.update(_stamp(origin))
    try:
        files = sorted(entry.path for entry in os.scandir(root)
                       if entry.name.endswith((".yaml", ".yml")))
        for path in (*files, str(scenario)):
            data = read_bounded(path, _MAX_BYTES)
            digest.update(f"{Path(path).resolve()}\0{len(data)}\0".encode())
            digest.update(data)
    except (OSError, UnreadableFile):
        return None  # the loader's own checks and words for it
    return digest.hexdigest().encode()


def _modules() -> list[str]:
    """The game's modules, in a stable order."""
    found = []
    for folder, dirs, files in os.walk(_GAME):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        found += sorted(os.path.join(folder, f) for f in files if f.endswith(".py"))
    return found


def _stamp(path: str | None) -> bytes:
    try:
        info = os.stat(path) if path else None
    except OSError:
        info = None
    if info is None:
        return f"{path}\0-\0".encode()
    return f"{path}\0{info.st_size}\0{info.st_mtime_ns}\0".encode()


def read(cache_dir: Path, root: Path, scenario: Path,
         wanted: bytes | None = None) -> tuple[Content, Scenario] | None:
    """The cached content and scenario when the cache is that of these very files (their
    texts' translations filed with the edge, as a load files them); None otherwise.
    `wanted`: their key, if already taken."""
    wanted = wanted or key(root, scenario)
    if wanted is None:
        return None
    try:
        with open(cache_file(cache_dir, root, scenario), "rb") as file:
            data = file.read(_MAX_CACHE_BYTES)
    except OSError:
        return None
    found, newline, payload = data.partition(b"\n")
    if not newline or found != wanted:
        return None
    try:
        cached = _DECODER.decode(payload)
    except Exception:  # truncated, corrupt or of another shape: read the YAML
        return None
    for texts in cached.texts:
        add_content_texts(texts)
    return cached.content, cached.scenario


def write(cache_dir: Path, root: Path, scenario_path: Path, content: Content,
          scenario: Scenario, texts: list[Forms], wanted: bytes | None) -> None:
    """Keep a load without error for the next start (`wanted`: the key taken before the
    files were read, so that a file saved meanwhile is not kept under its new key)."""
    if wanted is None:
        return
    path = cache_file(cache_dir, root, scenario_path)
    data = wanted + b"\n" + msgspec.msgpack.encode(_Cached(content, scenario, texts))
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(temp, "wb") as file:
            file.write(data)
        os.replace(temp, path)
    except OSError:  # a folder that cannot be written: no warm start, nothing else lost
        try:
            temp.unlink()
        except OSError:
            pass


def load_game_content(root: Path, scenario: Path,
                      cache_dir: Path | None) -> tuple[Content, Scenario]:
    """The content and scenario, from the cache when it holds them, else read from the
    YAML (raising `ContentErrors` as `loader.load_game_content` does) and kept."""
    wanted = None
    if cache_dir is not None:
        wanted = key(root, scenario)
        hit = read(cache_dir, root, scenario, wanted)
        if hit is not None:
            return hit
    # Start-up: the loader and PyYAML are imported only when the YAML is read.
    from game.content import loader

    texts: list[Forms] = []
    content, loaded = loader.load_game_content(root, scenario, texts)
    if cache_dir is not None:
        write(cache_dir, root, scenario, content, loaded, texts, wanted)
    return content, loaded
