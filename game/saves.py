"""Save files: a game's seed and command log, with its full state and journal for reading.

One JSON file per save in the saves folder, written atomically (a temporary file, then
`os.replace`), so the previous save survives a crash at any instant. Every problem with a
save (bad name, truncated, garbled, wrong version, unknown scenario, too large) raises
`SaveError` with a message for the player, and nothing else changes.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from datetime import datetime, timezone
from pathlib import Path

import msgspec

from game.content.loader import DEFAULT_CONTENT, load_content, load_scenario, scenario_path
from game.content.yamlmarks import ContentErrors
from game.rules.events import AnyEvent
from game.rules.history import replay
from game.rules.engine import Game
from game.rules.state import comparable, restore_state

FORMAT = "escarmouche-save"
VERSION = 1
MAX_BYTES = 20_000_000
AUTOSAVE_PREFIX = "autosave-"
AUTOSAVES_KEPT = 10
#: Relative to where the game is started, like any document folder.
DEFAULT_SAVES = Path("saves")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$")


class SaveError(Exception):
    """A save that cannot be written or read; the message says why."""


class SaveRecord(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """What a save file holds. `log` and `seed` rebuild the game; the rest is for reading
    (and for continuing when the content has changed)."""

    format: str
    version: int
    name: str
    saved_at: str
    scenario: str
    scenario_name: str
    content_hash: str
    seed: int
    players: list[str]
    round: int
    current: int
    over: bool
    log: list[str]
    #: A designer game: forced rolls and edits are in its log, and it says so.
    designer: bool = False
    state: dict
    journal: list[AnyEvent]


def check_name(name: str) -> str:
    """A save name is a plain file name: no folder, no `..`, no absolute path."""
    if not name or "/" in name or "\\" in name or ".." in name or os.path.isabs(name):
        raise SaveError(f"bad save name {name!r}: use letters, digits, spaces, - _ . "
                        "(no folders, no '..')")
    if not _NAME.match(name):
        raise SaveError(f"bad save name {name!r}: use up to 64 letters, digits, spaces, - _ .")
    return name


def content_hash(content, scenario) -> str:
    """A fingerprint of what a game is played with: every rule, table and its scenario, as
    read (a changed comment is no change)."""
    data = msgspec.json.encode([content, scenario])
    return hashlib.sha256(data).hexdigest()[:16]


def plain(value):
    """JSON-shaped data (tuples as lists), so a state compares equal to its saved copy."""
    return msgspec.json.decode(msgspec.json.encode(value))


def record_of(game: Game, name: str) -> SaveRecord:
    return SaveRecord(
        format=FORMAT, version=VERSION, name=name,
        saved_at=datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        scenario=game.scenario_id, scenario_name=game.scenario.name,
        content_hash=content_hash(game.content, game.scenario), seed=game.seed,
        players=[p.name for p in game.players], round=game.round, current=game.current,
        over=game.over, log=list(game.log), designer=game.designer,
        state=plain(game.snapshot()),
        journal=list(game.journal),
    )


def save_game(game: Game, name: str, saves_dir: Path = DEFAULT_SAVES) -> Path:
    """Write the save atomically; return its path."""
    check_name(name)
    saves_dir = Path(saves_dir)
    saves_dir.mkdir(parents=True, exist_ok=True)
    data = msgspec.json.format(msgspec.json.encode(record_of(game, name)), indent=1)
    target = saves_dir / f"{name}.json"
    fd, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=saves_dir)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return target


def save_path(name: str, saves_dir: Path = DEFAULT_SAVES) -> Path:
    """A save by name in the saves folder, or a path to a `.json` save file."""
    path = Path(name)
    if path.suffix == ".json" and path.exists():
        return path
    return Path(saves_dir) / f"{check_name(name)}.json"


def read_save(path: Path) -> SaveRecord:
    """Read and check a save file; raise `SaveError` naming the problem."""
    path = Path(path)
    if not path.exists():
        raise SaveError(f"no save {path.stem!r} in {path.parent}")
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise SaveError(f"{path.name} is too large ({size:,} bytes; at most {MAX_BYTES:,})")
    raw = path.read_bytes()
    try:
        data = msgspec.json.decode(raw)
    except msgspec.DecodeError as exc:
        kind = "truncated" if "truncated" in str(exc) else "garbled"
        raise SaveError(f"{path.name} is {kind}: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path.name} is not an Escarmouche save")
    if data.get("version") != VERSION:
        raise SaveError(f"{path.name} has format version {data.get('version')!r}; this game "
                        f"reads version {VERSION}")
    try:
        return msgspec.convert(data, SaveRecord)
    except msgspec.ValidationError as exc:
        raise SaveError(f"{path.name} is damaged: {exc}") from None


class Loaded(msgspec.Struct, kw_only=True):
    """A save read against the current content: the game, and whether the content changed."""

    record: SaveRecord
    game: Game
    content_changed: bool


def load_game(path: Path, content_dir: Path = DEFAULT_CONTENT, mode: str = "auto") -> Loaded:
    """Rebuild the saved game.

    With unchanged content, the log is replayed from the seed (and must give the saved
    state). With changed content, `mode` says what to do: "saved" continues from the saved
    state, "replay" replays the log under the new rules; "auto" keeps the saved state.
    """
    record = read_save(path)
    try:
        content = load_content(content_dir)
        scenario_file = scenario_path(content_dir, record.scenario)
        if not scenario_file.exists():
            raise SaveError(f"{Path(path).name} was played on scenario {record.scenario!r}, "
                            "which is not in the content")
        scenario = load_scenario(content, scenario_file, content_dir)
    except ContentErrors as exc:
        raise SaveError(f"the content has errors:\n{exc}") from None
    changed = content_hash(content, scenario) != record.content_hash
    if changed and mode != "replay":
        game = Game(content, scenario, seed=record.seed, scenario_id=record.scenario,
                    designer=record.designer)
        try:
            restore_state(game, record.state)
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"{Path(path).name}: its state does not fit the new content "
                            f"({exc}); replay it instead") from None
        game.journal = list(record.journal)
        game.log = list(record.log)
        return Loaded(record=record, game=game, content_changed=True)
    game = replay(content, scenario, record.seed, record.log, record.scenario, record.designer)
    if not changed:
        if plain(game.snapshot()) != comparable(record.state):
            raise SaveError(f"{Path(path).name}: its log does not give its saved state "
                            "(the file was edited?)")
        # The saved journal also holds the refusals, which the log leaves out.
        game.journal = list(record.journal)
    return Loaded(record=record, game=game, content_changed=changed)


def list_saves(saves_dir: Path = DEFAULT_SAVES) -> list[tuple[Path, SaveRecord | SaveError]]:
    """Every save in the folder, newest first, each read or with the reason it cannot be."""
    found = []
    for path in Path(saves_dir).glob("*.json"):
        try:
            found.append((path, read_save(path)))
        except SaveError as exc:
            found.append((path, exc))
    return sorted(found, key=lambda item: item[0].stat().st_mtime, reverse=True)


def autosave(game: Game, saves_dir: Path = DEFAULT_SAVES) -> Path:
    """Save as the next autosave and keep only the newest ten."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S-%f")
    path = save_game(game, f"{AUTOSAVE_PREFIX}{stamp}-r{game.round}-p{game.current}",
                     saves_dir)
    autos = sorted(Path(saves_dir).glob(f"{AUTOSAVE_PREFIX}*.json"))
    for old in autos[:-AUTOSAVES_KEPT]:
        old.unlink(missing_ok=True)
    return path


def latest_autosave(saves_dir: Path = DEFAULT_SAVES) -> Path | None:
    autos = sorted(Path(saves_dir).glob(f"{AUTOSAVE_PREFIX}*.json"))
    return autos[-1] if autos else None
