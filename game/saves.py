"""Save files: a game's seed and command log, with its full state and journal for reading.

One JSON file per save in the saves folder, written atomically (a temporary file, then
`os.replace`), so the previous save survives a crash at any instant. A save is untrusted
input: only a regular file of bounded size and nesting is parsed, its whole structure is
checked against typed schemas (`SaveRecord`, `SavedState`, whose units, doors and objects
are the engine's own `Unit`, `Door` and `Thing`), then against the content it is loaded
with (units, positions, weapons, spells, armours, players). Every problem (bad name,
truncated, garbled, wrong version, unknown scenario, too large, too deep, a field out of
range, an unwritable folder) raises `SaveError` with a message for the player, and nothing
else changes.
"""

from __future__ import annotations

import os
import re
import tempfile
import unicodedata
from datetime import datetime, timezone
from pathlib import Path
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from game.content.fingerprint import content_hash
from game.content.loader import DEFAULT_CONTENT, EFFECT_STATS, load_content, load_scenario
from game.content.reload import reload
from game.content.yamlmarks import ContentErrors
from game import files
from game.i18n import _, format_decimal, ngettext
from game.files import UnreadableFile, read_bounded
from game.rules.constants import CHARACTERISTICS, SKILLS
from game.rules.dice import MAX_FORCED
from game.rules.events import AnyEvent, CommandIssued, Reloaded
from game.rules.history import changed_outcomes, outcomes, replay
from game.rules.engine import Game
from game.rules.policies import ProfileBook
from game.rules.board import Door, Thing
from game.rules.bounds import DoorId, Id, PlainName, PlayerNo, Small
from game.rules.references import ENTRY_NAMES, content_references
from game.rules.state import comparable, restore_state
from game.rules.units import Unit

FORMAT = "escarmouche-save"
#: 2: adds `dice` (how the log's commands roll: one stream, or a stream per command); a
#: version-1 save rolled from one stream and still replays exactly under it.
#: 3: adds `seen` (how far into the journal each player's hand-over has shown) and
#: `ask_before_ending`; older saves get them from their journal (`migrated`).
#: 4: a hot reload in the journal says after how many commands of the log it came and the
#: fingerprints of the content before and after it (`Reloaded.at`, `before`, `after`), so
#: `replay` replays each stretch under its own content; an older save's reloads get their
#: place from the journal (`migrated`), not their content.
#: 5: a term's details and a die's label are data, not words (`Term.number`, `units`,
#: `squares`; `DiceRoll` by id, the damage bonus's `stats`, `number`, `row`): an older
#: save's are read once into today's form (`terms_as_data`).
#: 6: a source is data (`Source`: the content table, the entry, the paths read), not the
#: words `weapons.yaml: sword.dice`: an older save's are read once (`sources_as_data`).
VERSION = 6
READABLE = (1, 2, 3, 4, 5, 6)
# --- the limits a save is read under, which the writer checks before it writes --------
# One set: `save_game` refuses (and leaves the previous save as it was) what `read_save`
# would refuse, so a save that was written always reads back.
#: The largest save file read (checked before parsing).
MAX_BYTES = 20_000_000
#: The longest command of a log: a `force` of the most results the engine takes at once
#: ("force " and up to "100," each), far above any other command.
MAX_COMMAND = len("force ") + 4 * MAX_FORCED
#: The most commands in a log.
MAX_COMMANDS = 1_000_000
AUTOSAVE_PREFIX = "autosave-"
AUTOSAVES_KEPT = 10
DEFAULT_SAVES = files.DEFAULT_SAVES
#: Deeper than any save this game writes (5 levels): refused before parsing.
MAX_DEPTH = 16
#: A save's name: letters and digits of any language (`str.isalnum`: `\w` less `_`), then
#: those, spaces, `_`, `.` and `-`; 64 characters at most.
_NAME_PATTERN = r"[^\W_][\w .-]{0,63}"
_NAME = re.compile(_NAME_PATTERN)
#: The most bytes a save's name takes in a file name (UTF-8): `.NAME.PID.RANDOM.tmp`, the
#: temporary file it is written through, stays under the usual 255.
MAX_NAME_BYTES = 192
_HASH = re.compile(r"[0-9a-f]{16}")
#: Temporary files of saves being written: `.NAME.PID.RANDOM.tmp`.
_TEMP = re.compile(r"\.(?P<name>.+)\.(?P<pid>[0-9]+)\.[^.]+\.tmp")
#: A temporary file without the writer's pid (older versions) is stale after this long.
_STALE_SECONDS = 600


class SaveError(Exception):
    """A save that cannot be written or read; the message says why."""


# --- the typed shape of a save ---------------------------------------------------------
# Bounds are wide (far above what play reaches) but finite, so a hand-edited number can
# neither crash the engine nor make it loop.

#: Shown text (names, commands): no control, line-separator or direction-override
#: characters, which could garble or disguise what a screen or a terminal shows.
_PLAIN = r"^[^\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]*$"
# The state's units, doors and objects are declared once, with their bounds, where the
# engine declares them (`Unit`, `Door`, `Thing`): saves encode and decode them as they are.
Seed = Annotated[int, Meta(ge=-(2**63), le=2**63 - 1)]
Word32 = Annotated[int, Meta(ge=0, le=2**32 - 1)]
D100 = Annotated[int, Meta(ge=1, le=100)]


class Saved(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Base of the saved state's parts: a misspelt or missing field is an error."""


#: `random.Random.getstate()` (version 3: 624 words and an index) and the forced d100s;
#: a game with dice streams has no generator state to keep (null): each command seeds its
#: own.
RandomState = tuple[Literal[3],
                    Annotated[list[Word32], Meta(min_length=625, max_length=625)],
                    float | None]
DiceState = tuple[RandomState | None, Annotated[list[D100], Meta(max_length=MAX_FORCED)]]


class SavedState(Saved, kw_only=True):
    """`Game.snapshot()` as saved: everything that changes during a game."""

    units: Annotated[dict[Id, Unit], Meta(max_length=10_000)]
    doors: Annotated[dict[DoorId, Door], Meta(max_length=10_000)]
    things: Annotated[dict[Id, Thing], Meta(max_length=10_000)]
    round: Annotated[int, Meta(ge=1, le=1_000_000)]
    current: PlayerNo
    over: bool
    winner: PlayerNo | None
    dice: DiceState


class SaveRecord(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """What a save file holds. `log` and `seed` rebuild the game; the rest is for reading
    (and for continuing when the content has changed). `state` is kept as the plain data
    of `Game.snapshot()` (to compare with a replay), checked as a `SavedState` on reading."""

    format: Literal["escarmouche-save"]
    version: Literal[1, 2, 3, 4, 5, 6]
    name: Annotated[str, Meta(pattern=f"^{_NAME_PATTERN}$")]
    saved_at: Annotated[str, Meta(max_length=40, pattern=_PLAIN)]
    scenario: Annotated[str, Meta(pattern=r"^[A-Za-z0-9_][A-Za-z0-9_-]{0,63}$")]
    scenario_name: PlainName
    content_hash: Annotated[str, Meta(pattern=r"^[0-9a-f]{16}$")]
    seed: Seed
    players: Annotated[list[PlainName], Meta(min_length=1, max_length=6)]
    round: Annotated[int, Meta(ge=1, le=1_000_000)]
    current: PlayerNo
    over: bool
    log: Annotated[list[Annotated[str, Meta(min_length=1, max_length=MAX_COMMAND,
                                            pattern=_PLAIN)]],
                   Meta(max_length=MAX_COMMANDS)]
    #: A designer game: forced rolls and edits are in its log, and it says so.
    designer: bool = False
    #: "single" (every version-1 save) or "streams": see `GameState.dice`.
    dice: Literal["single", "streams"] = "single"
    #: The sides the computer plays (`play --ai N`): player number (a JSON key, so text)
    #: → AI profile name.
    ai_players: Annotated[dict[Annotated[str, Meta(pattern=r"^[1-6]$")], Annotated[str, Meta(
        pattern=r"^[A-Za-z0-9_][A-Za-z0-9_-]{0,63}$")]], Meta(max_length=6)] = {}
    #: Player number (text) → how many journal events that player has been shown: the
    #: next hand-over sums up only what follows (version 3; older saves: `migrated`).
    seen: Annotated[dict[Annotated[str, Meta(pattern=r"^[1-6]$")], Small],
                    Meta(max_length=6)] | None = None
    #: Whether ending a turn with AP left asks first (a player may have said "never again").
    ask_before_ending: bool = True
    state: dict
    journal: list[AnyEvent]


def check_name(name: str) -> str:
    """A save name is a plain file name: no folder, no `..`, no absolute path; letters of
    any language, composed (NFC: `é` typed as `e` and an accent is the same name)."""
    name = unicodedata.normalize("NFC", name)
    if not name:
        raise SaveError(_("a save needs a name: up to 64 letters, digits, spaces, - _ ."))
    if "/" in name or "\\" in name or ".." in name or os.path.isabs(name):
        raise SaveError(_("bad save name {name}: use letters, digits, spaces, - _ . "
                          "(no folders, no '..')").format(name=repr(name)))
    if not _NAME.fullmatch(name):
        raise SaveError(_("bad save name {name}: use up to 64 letters, digits, spaces, "
                          "- _ . (starting with a letter or digit)").format(name=repr(name)))
    if len(name.encode("utf-8")) > MAX_NAME_BYTES:
        raise SaveError(_("bad save name {name}: too long for a file name ({n} bytes in "
                          "UTF-8; at most {most})").format(
            name=repr(name), n=len(name.encode("utf-8")), most=MAX_NAME_BYTES))
    return name


def plain(value):
    """JSON-shaped data (tuples as lists), so a state compares equal to its saved copy."""
    return msgspec.json.decode(msgspec.json.encode(value))


def seen_in(journal: list, players: int, current: int) -> dict[str, int]:
    """How far each player has seen a journal, read from it (a save without `seen`): up to
    just after their last `end`, and the player whose turn it is up to its end."""
    seen = {str(n): 0 for n in range(1, players + 1)}
    for index, event in enumerate(journal):
        if isinstance(event, CommandIssued) and event.player is not None and \
                event.text == "end" and str(event.player) in seen:
            seen[str(event.player)] = index + 1
    seen[str(current)] = len(journal)
    return seen


def record_of(game: Game, name: str, seen: dict[int, int] | None = None,
              ask_before_ending: bool = True) -> SaveRecord:
    """`seen`: player → journal events shown to them (the app's hand-overs); None reads it
    from the journal."""
    if seen is None:
        shown = seen_in(game.journal, len(game.players), game.current)
    else:
        shown = {str(n): min(max(0, i), len(game.journal)) for n, i in seen.items()
                 if 1 <= n <= len(game.players)}
    return SaveRecord(
        format=FORMAT, version=VERSION, name=name,
        saved_at=datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        scenario=game.scenario_id, scenario_name=game.scenario.name,
        content_hash=content_hash(game.content, game.scenario), seed=game.seed,
        players=[p.name for p in game.players], round=game.round, current=game.current,
        over=game.over, log=list(game.log), designer=game.designer, dice=game.dice,
        ai_players={str(n): p for n, p in game.ai_players.items()}, seen=shown,
        ask_before_ending=ask_before_ending, state=plain(game.snapshot()),
        journal=list(game.journal),
    )


def encoded(record: SaveRecord, file: str) -> bytes:
    """The bytes of a save, checked as a read checks them: a save the game could not read
    back raises `SaveError` saying why, before anything is written."""
    compact = msgspec.json.encode(record)
    # Indented for a reader, unless the indentation alone would pass the size limit.
    data = msgspec.json.format(compact, indent=1)
    if len(data) > MAX_BYTES:
        data = compact
    try:
        parse_save(data, file)
    except SaveError as exc:
        reason = str(exc).removeprefix(f"{file} ").removeprefix("is ")
        raise SaveError(_("cannot save {file}: it could not be read back ({reason}); the "
                          "previous save, if any, is unchanged").format(file=file,
                                                                       reason=reason)) from None
    return data


def save_game(game: Game, name: str, saves_dir: Path = DEFAULT_SAVES,
              seen: dict[int, int] | None = None, ask_before_ending: bool = True) -> Path:
    """Write the save atomically; return its path. A folder that cannot be written raises
    `SaveError` naming it, and leaves no temporary file. `seen` and `ask_before_ending`:
    the app's hand-over state (`record_of`)."""
    name = check_name(name)
    saves_dir = Path(saves_dir)
    target = saves_dir / f"{name}.json"
    data = encoded(record_of(game, name, seen, ask_before_ending), target.name)
    try:
        saves_dir.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise SaveError(_("cannot save in {folder}: it is a file, not a folder").format(
            folder=saves_dir)) from None
    except OSError as exc:
        raise SaveError(_("cannot create the saves folder {folder}: {problem}").format(
            folder=saves_dir, problem=exc.strerror or exc)) from None
    if target.is_dir():
        raise SaveError(_("cannot save as {path}: a folder has that name").format(path=target))
    clean_stray_temps(saves_dir)
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{name}.{os.getpid()}.", suffix=".tmp",
                                    dir=saves_dir)
    except OSError as exc:
        raise SaveError(_("cannot write in the saves folder {folder}: {problem}").format(
            folder=saves_dir, problem=exc.strerror or exc)) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except OSError as exc:
        Path(temp).unlink(missing_ok=True)
        raise SaveError(_("cannot write {path}: {problem}; the previous save, if any, is "
                          "unchanged").format(path=target, problem=exc.strerror or exc)
                        ) from None
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return target


def clean_stray_temps(saves_dir: Path) -> list[Path]:
    """Remove the temporary files that saves killed mid-write left; return them.

    A temporary file belongs to the process named in it: it is stray when that process is
    gone (a file without a pid, from an older version, when it is old).
    """
    removed = []
    try:
        entries = list(Path(saves_dir).glob(".*.tmp"))
    except OSError:
        return removed
    now = datetime.now(timezone.utc).timestamp()
    for path in entries:
        match = _TEMP.fullmatch(path.name)
        try:
            if match:
                pid = int(match.group("pid"))
                if pid == os.getpid() or _alive(pid):
                    continue
            elif now - path.lstat().st_mtime < _STALE_SECONDS:
                continue
            if path.is_file() and not path.is_symlink():
                path.unlink()
                removed.append(path)
        except OSError:
            continue
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        # Someone else's process: alive, not ours to judge.
        return True
    return True


def save_path(name: str, saves_dir: Path = DEFAULT_SAVES) -> Path:
    """A save by name in the saves folder, or a path to a `.json` save file."""
    path = Path(name)
    if path.suffix == ".json" and path.exists():
        return path
    return Path(saves_dir) / f"{check_name(name)}.json"


def too_deep(raw: bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether JSON text nests arrays and objects deeper than `limit`, found before parsing
    (a decoder recurses once per level), at C speed."""
    # Outside strings only: drop escaped backslashes, then escaped quotes (JSON pairs a
    # backslash with the next character, left to right), then every quoted part.
    unescaped = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    outside = b"".join(unescaped.split(b'"')[::2])
    # Only the brackets, `{}` as `[]`: depth does not care which kind.
    brackets = outside.translate(_AS_SQUARE, _NOT_BRACKETS)
    # Each pass removes the innermost pairs, so the deepest nesting is the number of passes
    # that empty the text; a run of openers shows that many more levels at once.
    for done in range(limit + 1):
        if b"[" * (limit + 1 - done) in brackets:
            return True
        peeled = brackets.replace(b"[]", b"")
        if len(peeled) == len(brackets):
            return False  # empty, or unbalanced: the decoder says so
        brackets = peeled
    return True


_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_AS_SQUARE = bytes.maketrans(b"{}", b"[]")


def read_save(path: Path) -> SaveRecord:
    """Read and check a save file; raise `SaveError` naming the problem."""
    path = Path(path)
    try:
        raw = read_bounded(path, MAX_BYTES)
    except UnreadableFile as exc:
        if exc.missing:
            raise SaveError(_("no save {name} in {folder}").format(
                name=repr(path.stem), folder=path.parent)) from None
        raise SaveError(_("cannot read the save {name}: {problem}").format(
            name=path.name,
            problem=exc.worded(_, lambda number: format_decimal(number, 0)))) from None
    return parse_save(raw, path.name)


def parse_save(raw: bytes, file: str) -> SaveRecord:
    """The bytes of a save checked against every limit and schema; `SaveError` naming the
    problem (and `file`) otherwise. The writer asks it too, before writing."""
    if len(raw) > MAX_BYTES:
        raise SaveError(_("{file} is too large ({size} bytes; at most {most})").format(
            file=file, size=format_decimal(len(raw), 0), most=format_decimal(MAX_BYTES, 0)))
    if too_deep(raw):
        raise SaveError(_("{file} is garbled: nested more than {most} levels deep").format(
            file=file, most=MAX_DEPTH))
    try:
        data = msgspec.json.decode(raw)
    except RecursionError:
        raise SaveError(_("{file} is garbled: nested too deep").format(file=file)) from None
    except msgspec.DecodeError as exc:
        # (the JSON reader's own words after the colon)
        broken = _("{file} is truncated: {problem}") if "truncated" in str(exc) \
            else _("{file} is garbled: {problem}")
        raise SaveError(broken.format(file=file, problem=exc)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(_("{file} is not an Escarmouche save").format(file=file))
    if data.get("version") not in READABLE:
        raise SaveError(_("{file} has format version {version}; this game reads versions "
                          "{versions}").format(file=file, version=_short(data.get("version")),
                                               versions=", ".join(map(str, READABLE))))
    if data["version"] < 5:
        data = terms_as_data(data)
    if data["version"] < 6:
        data = sources_as_data(data)
    try:
        record = _convert(data, SaveRecord, "$")
        state = saved_state(record.state)
    except _Damaged as exc:
        raise SaveError(_("{file} is damaged: {problem}").format(file=file,
                                                                 problem=exc)) from None
    problem = _inconsistency(record, state)
    if problem:
        raise SaveError(_("{file} is damaged: {problem}").format(file=file, problem=problem))
    return migrated(record)


# --- version 5: terms and dice as data ---------------------------------------------------
# A save written before held each term's details and each die's label in words, in the
# forms they took over time (`order: Brenna, Elise`, `Ayla at 2`, `4 squares`, `door DEF
# 20`, `bonus STR+SIZ 33`, a weapon by its name). They are read here, once, into the data
# today's journal holds; the engine knows no older form. What cannot be read is left as it
# is (the schema check that follows judges it); a name that names no unique unit of the
# save stays a name, which the journal shows as it is.

_LAST_NUMBER = re.compile(r"(-?\d+)$")
_DICE_OF = re.compile(r"^(?:weapons|spells)\.yaml: ([^.;\s]+)\.dice")
_ARMOUR_OF = re.compile(r"^armours\.yaml: ([^.;\s]+)\.reduction")
_BONUS_ROW = re.compile(r"damage_bonus\[(\d+)\]")


def _number(text: str) -> int | None:
    found = _LAST_NUMBER.search(text.strip())
    return int(found.group(1)) if found else None


def _old_term(term: dict, unit_id) -> dict:
    """One term of an older journal in today's form (see the section's comment); a term
    already in it is left as it is."""
    name, detail = term.get("name"), term.get("detail", "")
    if not isinstance(detail, str):
        return term
    new = dict(term)
    if name == "faction":
        faction, _colon, allies = detail.partition(":")
        allies = allies.strip()
        new["detail"] = "" if detail == "no faction" else faction.strip()
        if allies and allies != "no ally":
            new["units"] = [unit_id(a) for a in allies.split(", ")]
    elif name == "crowding":
        new["detail"] = ""
        if detail and detail != "no ally in sight":
            units, squares = [], []
            for item in detail.split(", "):
                who, _space, far = item.rpartition(" ")
                if not far.isdigit():
                    return term
                units.append(unit_id(who.removesuffix(" at")))
                squares.append(int(far))
            new["units"], new["squares"] = units, squares
    elif name == "distance" and detail:
        new["detail"], new["number"] = "", _number(detail.split(" ")[0])
    elif name == "difficulty":
        new["detail"] = ""  # `counter-magic`, once
    elif name in ("stat_bonus", "luck") and _number(detail) is not None:
        new["detail"], new["number"] = detail.split(" ")[0], _number(detail)
    elif name == "defence" and _number(detail) is not None:
        # `DEF 14`; a door's `door 20` (once `door DEF 20`), `base 10` (`base defence 10`)
        new["detail"], new["number"] = detail.split(" ")[0], _number(detail)
    elif name in ("armour", "legendary"):
        found = _ARMOUR_OF.match(str(term.get("source", "")))
        if found:  # the armour's name, by its id
            new["detail"] = found.group(1)
    return new


def _old_die(die: dict) -> dict:
    """One die of an older journal in today's form: by the id of the weapon or spell whose
    dice they are (its source says which), the damage bonus as what it reads."""
    label, source = die.get("label"), str(die.get("source", ""))
    if not isinstance(label, str) or label in ("brawl", "perfect"):
        return die
    new = dict(die)
    if label.startswith("bonus "):
        stats, _space, total = label.removeprefix("bonus ").rpartition(" ")
        new["label"], new["stats"], new["number"] = "bonus", stats.split("+"), _number(total)
        row = _BONUS_ROW.search(source)
        if row:
            new["row"] = int(row.group(1))
    else:
        found = _DICE_OF.match(source)
        if found:
            new["label"] = found.group(1)
    return new


def terms_as_data(data: dict) -> dict:
    """A save of version 1 to 4 with its journal's terms and dice in today's form."""
    state = data.get("state")
    units = state.get("units") if isinstance(state, dict) else None
    units = units if isinstance(units, dict) else {}
    by_name: dict[str, str | None] = {}
    for uid, unit in units.items():
        if isinstance(unit, dict) and isinstance(unit.get("name"), str):
            by_name[unit["name"]] = None if unit["name"] in by_name else uid

    def unit_id(token: str) -> str:
        return token if token in units else by_name.get(token) or token

    journal = data.get("journal")
    if not isinstance(journal, list):
        return data
    events = []
    for event in journal:
        if isinstance(event, dict):
            event = dict(event)
            for key in ("terms", "reduction_terms"):
                if isinstance(event.get(key), list):
                    event[key] = [_old_term(t, unit_id) if isinstance(t, dict) else t
                                  for t in event[key]]
            if isinstance(event.get("dice"), list):
                event["dice"] = [_old_die(d) if isinstance(d, dict) else d
                                 for d in event["dice"]]
        events.append(event)
    return {**data, "journal": events}


# --- version 6: sources as data ----------------------------------------------------------
# A save written before held each source in words: `characters.yaml: aldric.stats.STR`,
# several joined by "; " (`rules.yaml: damage_bonus[3].dice; characters.yaml: …`), a
# file's several paths by ", " (`rules.yaml: xp.hit, xp.perfect`), a scenario's file by
# its id (`scenarios/crossroads.yaml: doors[0].defence`), a template value a designer
# set (`…, set by the designer`) or one the template lacks (`ysolde (no masteries.axe:
# 0)`). They are read here, once, into `Source` data. A part that names no file (an
# effect's bare id, from saves before origins were kept) is no source: it is dropped.

_SCENARIO_FILE = re.compile(r"^scenarios/([A-Za-z0-9_][A-Za-z0-9_-]*)\.yaml$")
_ABSENT = re.compile(r"^([^\s(]+) \(no (\S+): 0\)$")
#: The fields of each event type holding sources (`Damage.source` is who dealt it).
_SOURCE_FIELDS = {"roll": ("cap_source", "perfect_source"), "xp": ("source",),
                  "ap_drained": ("source",), "effect": ("origin",)}


def _old_source(text) -> list[dict]:
    """An older save's source in words as today's `Source` data (see the comment above)."""
    if not isinstance(text, str):
        return text
    sources = []
    for part in filter(None, text.split("; ")):
        file, colon, body = part.partition(".yaml: ")
        if not colon:
            continue
        scenario = _SCENARIO_FILE.match(file + ".yaml")
        source: dict = {"file": "scenarios", "entry": scenario.group(1)} if scenario \
            else {"file": file}
        absent = _ABSENT.match(body)
        if body.endswith(", set by the designer"):
            source["note"], body = "set", body.removesuffix(", set by the designer")
        elif absent:
            source["note"], body = "absent", f"{absent.group(1)}.{absent.group(2)}"
        paths = body.split(", ")
        if not scenario and file != "rules":
            entry = paths[0].partition(".")[0]
            source["entry"] = entry
            paths = [p.removeprefix(entry + ".") for p in paths]
        source["paths"] = paths
        sources.append(source)
    return sources


def _with_sources(thing: dict, fields) -> dict:
    return {**thing, **{k: _old_source(thing[k]) for k in fields if k in thing}}


def sources_as_data(data: dict) -> dict:
    """A save of version 1 to 5 with its sources (journal, effects' origins) as data."""
    journal = data.get("journal")
    if isinstance(journal, list):
        events = []
        for event in journal:
            if isinstance(event, dict):
                event = _with_sources(event, _SOURCE_FIELDS.get(event.get("type"), ()))
                for key in ("terms", "reduction_terms", "dice"):
                    if isinstance(event.get(key), list):
                        event[key] = [_with_sources(t, ("source",)) if isinstance(t, dict)
                                      else t for t in event[key]]
            events.append(event)
        data = {**data, "journal": events}
    state = data.get("state")
    units = state.get("units") if isinstance(state, dict) else None
    if isinstance(units, dict):
        units = {uid: {**unit, "effects": [_with_sources(e, ("origin",))
                                           if isinstance(e, dict) else e
                                           for e in unit["effects"]]}
                 if isinstance(unit, dict) and isinstance(unit.get("effects"), list) else unit
                 for uid, unit in units.items()}
        data = {**data, "state": {**state, "units": units}}
    return data


def migrated(record: SaveRecord) -> SaveRecord:
    """A save of an older version, given what today's saves hold: the hand-overs seen (up
    to each player's last `end`: a version-2 save did not keep them), the place of each
    hot reload in the log (the commands before it in the journal: a version-3 save did not
    keep it; the contents it swapped stay unknown)."""
    if record.seen is None:
        record.seen = seen_in(record.journal, len(record.players), record.current)
    if any(isinstance(e, Reloaded) and e.at < 0 for e in record.journal):
        commands, journal = 0, []
        for event in record.journal:
            if isinstance(event, CommandIssued) and event.player is not None:
                commands += 1
            elif isinstance(event, Reloaded) and event.at < 0:
                event = msgspec.structs.replace(event, at=commands)
            journal.append(event)
        record.journal = journal
    return record


class _Damaged(Exception):
    """A part of a save that does not fit its schema; the message names where."""


def _convert(data, tp, where: str):
    try:
        return msgspec.convert(data, tp)
    except msgspec.ValidationError as exc:
        message = re.sub(r"`str` matching regex '\^\[\^\\\\x00[^']*'",
                         "plain text (no control, line-break or direction characters)", str(exc))
        if " - at `$" in message:
            message = message.replace(" - at `$", f" - at `{where}", 1)
        else:
            message += f" - at `{where}`"
        raise _Damaged(message) from None


def saved_state(raw) -> SavedState:
    """The saved state checked against its schema, each unit, door and object on its own
    so that the message names the one that is damaged."""
    if isinstance(raw, dict):
        for group, tp in (("units", Unit), ("doors", Door), ("things", Thing)):
            entries = raw.get(group)
            if isinstance(entries, dict):
                for key, value in entries.items():
                    _convert(value, tp, f"$.state.{group}.{_short(key, 40).strip(chr(39))}")
    return _convert(raw, SavedState, "$.state")


def _short(value, most: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= most else text[: most - 3] + "..."


def _inconsistency(record: SaveRecord, state: SavedState) -> str | None:
    """What contradicts itself inside a save (no content needed), or None."""
    players = len(record.players)
    if record.current > players:
        return _("current player {current} is not one of the {players} players").format(
            current=record.current, players=players)
    if (record.round, record.current, record.over) != (state.round, state.current, state.over):
        return _("its round, player or game-over flag differ from its state's")
    if state.current > players or (state.winner is not None and state.winner > players):
        return _("its state names a player above the {players} players").format(players=players)
    for uid, unit in state.units.items():
        if unit.id != uid:
            return _("unit {uid!r} is saved with id {id!r}").format(uid=uid, id=unit.id)
        if unit.owner is not None and unit.owner > players:
            return _("unit {uid!r} belongs to player {owner}, not one of the {players}").format(
                uid=uid, owner=unit.owner, players=players)
        if unit.hp > unit.hp_max:
            return _("unit {uid!r} has {hp} HP, above its maximum {most}").format(
                uid=uid, hp=unit.hp, most=unit.hp_max)
        if set(unit.characteristics) != set(CHARACTERISTICS):
            return _("unit {uid!r} needs the characteristics {names}").format(
                uid=uid, names=", ".join(CHARACTERISTICS))
        if not set(unit.skills) <= set(SKILLS):
            return _("unit {uid!r} has a skill that does not exist ({names})").format(
                uid=uid, names=", ".join(SKILLS))
        for effect in unit.effects:
            if effect.stat not in EFFECT_STATS:
                return _("unit {uid!r} has an effect on {stat!r}, which is no "
                         "statistic").format(uid=uid, stat=effect.stat)
    for did, door in state.doors.items():
        if door.id != did or did != f"door-{door.pos[0]}-{door.pos[1]}":
            return _("door {did!r} does not match its position").format(did=did)
    for tid, thing in state.things.items():
        if thing.id != tid:
            return _("object {tid!r} is saved with id {id!r}").format(tid=tid, id=thing.id)
    for player, shown in (record.seen or {}).items():
        if int(player) > players:
            return _("seen: player {player} is not one of the {players} players").format(
                player=player, players=players)
        if shown > len(record.journal):
            return _("seen: player {player} has seen {shown} events of a journal of "
                     "{n}").format(player=player, shown=shown, n=len(record.journal))
    last = 0
    for event in record.journal:
        if isinstance(event, Reloaded):
            if event.at >= 0 and not last <= event.at <= len(record.log):
                return _("a content reload is placed after command {at}, outside the log's {n} "
                         "commands or before an earlier reload").format(at=event.at,
                                                                        n=len(record.log))
            last = max(last, event.at)
            for value in (event.before, event.after):
                if value and not _HASH.fullmatch(value):
                    return _("a content reload names the content {content}").format(
                        content=_short(value))
    if state.dice[0] is not None and state.dice[0][1][-1] > 624:
        return _("its dice state is not one Python's generator can take")
    return None


def check_against(record: SaveRecord, game: Game, file: str) -> None:
    """Raise `SaveError` when the saved state does not fit the game it is loaded into
    (its scenario's units, doors and objects, its map, its content's tables)."""
    state = saved_state(record.state)
    content = game.content

    def fail(problem: str) -> None:
        raise SaveError(f"{file}: {problem}")

    for label, saved, fresh in (("units", state.units, game.units),
                                ("objects", state.things, game.things),
                                ("doors", state.doors, {d.id: d for d in game.doors.values()})):
        extra = sorted(set(saved) - set(fresh))
        if label == "units" and record.designer:
            extra = []  # a designer spawns units (and a removed one stays, down)
        missing = sorted(set(fresh) - set(saved))
        if extra or missing:
            fail(f"its {label} are not the scenario's"
                 + (f" (unknown: {', '.join(extra[:5])})" if extra else "")
                 + (f" (missing: {', '.join(missing[:5])})" if missing else ""))
    if len(record.players) != len(game.players):
        fail(f"it has {len(record.players)} players, the scenario {len(game.players)}")
    for uid, unit in state.units.items():
        where = f"unit {uid!r}"
        if not game.in_bounds(unit.pos):
            fail(f"{where} stands at {unit.pos[0]},{unit.pos[1]}, off the "
                 f"{game.width}x{game.height} map")
        if unit.pos in game.walls:
            fail(f"{where} stands in a wall at {unit.pos[0]},{unit.pos[1]}")
        for ref in content_references(unit, content)[:1]:
            fail(f"{where}: {ENTRY_NAMES[ref.table]} {ref.id!r} is not in the content")
    for tid, thing in state.things.items():
        if not game.in_bounds(thing.pos):
            fail(f"object {tid!r} is off the map")
        for ref in content_references(thing, content)[:1]:
            fail(f"object {tid!r}: {ENTRY_NAMES[ref.table]} {ref.id!r} is not in the content")


class Loaded(msgspec.Struct, kw_only=True):
    """A save read against the current content: the game, and whether the content changed."""

    record: SaveRecord
    game: Game
    content_changed: bool
    #: What the player should be told about how the game was rebuilt (or "").
    notice: str = ""
    #: Replayed under other rules: every command whose outcome changed.
    changes: list = []


def load_game(path: Path, content_dir: Path = DEFAULT_CONTENT, mode: str = "auto") -> Loaded:
    """Rebuild the saved game.

    With unchanged content, the log is replayed from the seed (and must give the saved
    state). With changed content, `mode` says what to do: "saved" continues from the saved
    state, "replay" replays the log under the new rules; "auto" keeps the saved state.
    """
    record = read_save(path)
    file = Path(path).name
    try:
        content = load_content(content_dir)
        scenario_file = Path(content_dir) / "scenarios" / f"{record.scenario}.yaml"
        if not scenario_file.exists():
            raise SaveError(_("{file} was played on scenario {scenario}, which is not in "
                              "the content").format(file=file, scenario=repr(record.scenario)))
        scenario = load_scenario(content, scenario_file, content_dir)
    except ContentErrors as exc:
        raise SaveError(_("the content has errors:\n{errors}").format(errors=exc)) from None
    changed = content_hash(content, scenario) != record.content_hash
    try:
        fresh = Game(content, scenario, seed=record.seed, scenario_id=record.scenario,
                     designer=record.designer, dice=record.dice,
                     ai_players={int(n): p for n, p in record.ai_players.items()},
                     policies=ProfileBook(content))
    except ValueError as exc:  # a player it does not have, a profile the content lacks
        raise SaveError(f"{file}: ai_players: {exc}") from None
    # A game whose content was reloaded while it ran was played under more than one
    # content: its log replays under none of them, so it is continued from its state.
    reloaded = any(isinstance(event, Reloaded) for event in record.journal)
    if (changed and mode != "replay") or (reloaded and not changed):
        restored(record, fresh, f"{file}: its state does not fit the new content",
                 "; replay it instead")
        return Loaded(record=record, game=fresh, content_changed=changed)
    if not changed:
        check_against(record, fresh, file)
    game = replay(content, scenario, record.seed, record.log, record.scenario, record.designer,
                  record.dice, fresh.policies)
    game.ai_players = dict(fresh.ai_players)  # checked above; the replay plays no AI turn
    if changed:
        changes = changed_outcomes(record.journal, game.journal)
        notice = ngettext("replayed under the new rules: {n} command changed outcome",
                          "replayed under the new rules: {n} commands changed outcome",
                          len(changes)).format(n=len(changes))
        return Loaded(record=record, game=game, content_changed=changed, changes=changes,
                      notice=notice)
    if not changed:
        replayed = plain(game.snapshot())
        if replayed != comparable(record.state, replayed):
            raise SaveError(_("{file}: its log does not give its saved state (the file was "
                              "edited?)").format(file=file))
        # The saved journal also holds the refusals, which the log leaves out.
        game.journal = list(record.journal)
    return Loaded(record=record, game=game, content_changed=changed)


def restored(record: SaveRecord, fresh: Game, file: str, advice: str = "") -> Game:
    """`fresh` (a new game of the record's scenario, seed and dice) given the record's saved
    state, journal and log: the game continued from its state, no command replayed and so
    no die rolled. `SaveError` (naming `file`) when the state does not fit the game."""
    check_against(record, fresh, file)
    try:
        restore_state(fresh, record.state)
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{file} ({exc}){advice}") from None
    fresh.journal = list(record.journal)
    fresh.log = list(record.log)
    return fresh


def list_saves(saves_dir: Path = DEFAULT_SAVES) -> list[tuple[Path, SaveRecord | SaveError]]:
    """Every save in the folder, newest first, each read or with the reason it cannot be."""
    found = []
    try:
        paths = list(Path(saves_dir).glob("*.json"))
    except OSError:
        return []
    for path in paths:
        try:
            found.append((path, read_save(path)))
        except SaveError as exc:
            found.append((path, exc))
    return sorted(found, key=lambda item: _mtime(item[0]), reverse=True)


def _mtime(path: Path) -> float:
    try:
        return path.lstat().st_mtime
    except OSError:
        return 0.0


def autosave(game: Game, saves_dir: Path = DEFAULT_SAVES, seen: dict[int, int] | None = None,
             ask_before_ending: bool = True) -> Path:
    """Save as the next autosave and keep only the newest ten."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S-%f")
    path = save_game(game, f"{AUTOSAVE_PREFIX}{stamp}-r{game.round}-p{game.current}",
                     saves_dir, seen, ask_before_ending)
    autos = sorted(p for p in Path(saves_dir).glob(f"{AUTOSAVE_PREFIX}*.json")
                   if p.is_file() and not p.is_symlink())
    for old in autos[:-AUTOSAVES_KEPT]:
        try:
            old.unlink(missing_ok=True)
        except OSError:
            pass  # an old autosave that cannot go costs only disk space
    return path


def latest_autosave(saves_dir: Path = DEFAULT_SAVES, of: Game | None = None) -> Path | None:
    """The newest autosave; `of`: the newest that is a point this game went through (its
    scenario, its seed, its log a start of the game's), so that going back (F9) never
    loads another game, a finished one or one of another scenario, in its place."""
    autos = sorted(Path(saves_dir).glob(f"{AUTOSAVE_PREFIX}*.json"))
    if of is None:
        return autos[-1] if autos else None
    for path in reversed(autos):
        try:
            record = read_save(path)
        except SaveError:
            continue  # a damaged autosave is no point to go back to
        if record.scenario == of.scenario_id and record.seed == of.seed \
                and record.log == of.log[:len(record.log)]:
            return path
    return None


class Stretch(msgspec.Struct, kw_only=True):
    """Commands `first` to `last` of a log (counted from 1; `last` < `first`: none), played
    under the content of fingerprint `content` ("" when the save does not say), found in
    `folder` when it is at hand; `reload` is the reload that began it (None: the first)."""

    first: int
    last: int
    content: str
    folder: Path | None = None
    reload: Reloaded | None = None


class Replayed(msgspec.Struct, kw_only=True):
    """A save's log replayed stretch by stretch: the game as far as it could be replayed
    (its commands: `played`), and the stretches, the first one not at hand (if any) being
    `missing`."""

    game: Game
    stretches: list[Stretch]
    played: int
    missing: Stretch | None = None


def stretches_of(record: SaveRecord) -> list[Stretch]:
    """The log cut at each content reload of the journal."""
    reloads = [e for e in record.journal if isinstance(e, Reloaded)]
    found, first = [], 1
    content = reloads[0].before if reloads else record.content_hash
    began = None
    for event in reloads:
        found.append(Stretch(first=first, last=event.at, content=content, reload=began))
        first, content, began = event.at + 1, event.after, event
    found.append(Stretch(first=first, last=len(record.log),
                         content=content or (record.content_hash if not reloads else ""),
                         reload=began))
    if reloads and not found[-1].content:
        found[-1].content = record.content_hash  # the content it was saved with
    return found


def replay_record(record: SaveRecord, folders: list[Path]) -> Replayed:
    """Replay a save whose content was reloaded while it ran: each stretch of its log
    under the content it was played with, looked for among `folders` by fingerprint, with
    the reload done between stretches as it was done in play (`content.reload`). Stops
    before the first stretch whose content is not at hand. `SaveError` for a content
    folder that cannot be read or lacks the save's scenario."""
    loaded: dict[Path, tuple] = {}

    def content_of(folder: Path):
        if folder not in loaded:
            try:
                content = load_content(folder)
                path = Path(folder) / "scenarios" / f"{record.scenario}.yaml"
                scenario = load_scenario(content, path, folder) if path.exists() else None
            except ContentErrors as exc:
                raise SaveError(f"the content {folder} has errors:\n{exc}") from None
            loaded[folder] = (content, scenario)
        return loaded[folder]

    parts = stretches_of(record)
    game = None
    played = 0
    for part in parts:
        for folder in folders:
            content, scenario = content_of(folder)
            if game is None:
                if scenario is not None and content_hash(content, scenario) == part.content:
                    part.folder = folder
                    game = Game(content, scenario, seed=record.seed,
                                scenario_id=record.scenario, designer=record.designer,
                                dice=record.dice, policies=ProfileBook(content))
                    break
            elif content_hash(content, game.scenario) == part.content:
                swapped = reload(game, folder)
                if isinstance(swapped, list):
                    continue  # that folder's content does not take this game
                # As in play: the game goes on with its policies (the reload swaps the
                # rules and templates, `content.reload`).
                part.folder, game = folder, swapped
                break
        if part.folder is None:
            if game is None:
                content, scenario = content_of(folders[0])
                if scenario is None:
                    raise SaveError(f"the save's scenario {record.scenario!r} is not in "
                                    f"{folders[0]}")
                game = Game(content, scenario, seed=record.seed, scenario_id=record.scenario,
                            designer=record.designer, dice=record.dice,
                            policies=ProfileBook(content))
            return Replayed(game=game, stretches=parts, played=played, missing=part)
        for command in record.log[part.first - 1:part.last]:
            game.apply(command)
        played = part.last
    return Replayed(game=game, stretches=parts, played=played)


# --- what `replay` and `export` read of a save ------------------------------------------


class ReplayCheck(msgspec.Struct, kw_only=True):
    """A save's log replayed under today's content (stretch by stretch when its content
    was reloaded while it ran: `stretches`), compared with what was played.

    `compared` is False when not even the first stretch could be replayed (its content is
    at none of `folders`). Otherwise `changes` are the commands whose outcome changed (of
    the first `upto` only, when a later stretch could not be replayed), `played` and
    `replayed` the commands of each journal, and `state_differs` the fields of the saved
    state (as named in the file) that the replay does not give, when the journals agree."""

    record: SaveRecord
    game: Game
    stretches: Replayed | None = None
    folders: list[Path] = []
    compared: bool = True
    upto: int | None = None
    changes: list = []
    played: int = 0
    replayed: int = 0
    state_differs: list[str] = []

    @property
    def identical(self) -> bool:
        """The whole log replays to the same journal and the same state."""
        return self.compared and self.upto is None and not self.changes \
            and not self.state_differs


def check_replay(path: Path, content_dir: Path = DEFAULT_CONTENT,
                 also: tuple[Path, ...] = ()) -> ReplayCheck:
    """`replay SAVE`: the save at `path` replayed under the content of `content_dir`; a
    game whose content was reloaded while it ran replays stretch by stretch, each under
    the content it was played with, found by fingerprint in `content_dir` or one of
    `also` (`replay_record`). `SaveError` for a save or a folder that cannot be used,
    `ContentErrors` for today's content."""
    record = read_save(path)
    if any(isinstance(event, Reloaded) for event in record.journal):
        folders = [Path(content_dir), *(Path(f) for f in also)]
        done = replay_record(record, folders)
        if done.missing is not None and not done.played:
            return ReplayCheck(record=record, game=done.game, stretches=done,
                               folders=folders, compared=False)
        upto = done.played if done.missing is not None else None
        return _compared(record, done.game, upto, done, folders)
    content = load_content(content_dir)
    scenario_file = Path(content_dir) / "scenarios" / f"{record.scenario}.yaml"
    if not scenario_file.exists():
        raise SaveError(f"the save's scenario {record.scenario!r} is not in the content")
    game = replay(content, load_scenario(content, scenario_file, content_dir), record.seed,
                  record.log, record.scenario, record.designer, record.dice,
                  ProfileBook(content))
    return _compared(record, game)


def _compared(record: SaveRecord, game: Game, upto: int | None = None,
              stretches: Replayed | None = None, folders: list[Path] = ()) -> ReplayCheck:
    """The outcomes of the commands replayed (all of them, or the first `upto`) against
    the save's; the state too when they are all the same."""
    journal = record.journal
    if upto is not None:
        # The reload that ends the stretches replayed is not theirs to compare.
        journal = [e for e in journal if not (isinstance(e, Reloaded) and e.at >= upto)]
    old, new = outcomes(journal), outcomes(game.journal)
    changes = changed_outcomes(journal, game.journal)
    if upto is not None:
        old = old[:upto]
        changes = [c for c in changes if c.number <= upto]
    differs: list[str] = []
    if not changes and upto is None:
        replayed = plain(game.snapshot())
        saved = comparable(record.state, replayed)
        if replayed != saved:
            parts = sorted(key for key in replayed.keys() | saved.keys()
                           if replayed.get(key) != saved.get(key))
            units = sorted(uid for uid in replayed["units"].keys() | saved["units"].keys()
                           if replayed["units"].get(uid) != saved["units"].get(uid))
            # the names of the state's fields, as in the file
            differs = [p if p != "units" else f"units ({', '.join(units[:5])})"
                       for p in parts]
    return ReplayCheck(record=record, game=game, stretches=stretches, folders=list(folders),
                       upto=upto, changes=changes, played=len(old), replayed=len(new),
                       state_differs=differs)


class ExportBasis(msgspec.Struct, kw_only=True):
    """What `export` makes a document of besides the save: the content, and the game at
    its start and at its end from a replay of the save when the content can give one;
    `note` says why not (or what to keep in mind when reading them)."""

    record: SaveRecord
    content: object | None  # the content, or None: weapons and spells then show by id
    start: Game | None = None
    end: Game | None = None
    note: str | None = None


def export_basis(path: Path, content_dir: Path = DEFAULT_CONTENT) -> ExportBasis:
    """The save at `path` replayed under the content when it can be; otherwise its saved
    journal alone, and why."""
    try:
        loaded = load_game(path, content_dir)
    except SaveError as exc:
        # The first line says what; a content error follows it (the first, if many).
        why = ": ".join(line.strip() for line in str(exc).splitlines()[:2]).replace(":: ", ": ")
        try:
            content = load_content(content_dir)
        except ContentErrors:
            content = None
        return ExportBasis(record=read_save(path), content=content,
                           note=f"made from the saved journal alone, without the maps: {why}")
    record, game = loaded.record, loaded.game
    start = Game(game.content, game.scenario, seed=record.seed, scenario_id=record.scenario,
                 designer=record.designer, dice=record.dice, policies=game.policies)
    note = ("the content changed since this save: the map at the end is the saved "
            "state; the map at the start and the departures are today's content's"
            if loaded.content_changed else None)
    return ExportBasis(record=record, content=game.content, start=start, end=game, note=note)
