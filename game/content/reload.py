"""Hot reload: a content folder changed while a game runs is validated and swapped into the
game without losing it; an invalid change gives its errors and changes nothing.

`reload(game, content_dir)` returns a new game (the old one is left as it was) or the
errors. The running state stays: positions, HP, AP, XP, effects, statistics, the journal
and the log. What a unit took from its template (characteristics, skills, masteries,
weapons, armours, spells, items, HP and AP maximum, name, glyph, faction, quips) follows
the new template where the unit still had the old template's value, and stays where the
game had changed it (a designer's `set` or `give`). The rules' numbers are the new ones;
doors take the new `door_hp` and `door_defence` unless their scenario gives their own.

`ContentWatcher` is told by the kernel when a file under the folder changes (watchfiles),
then compares the YAML files' modification times; `HotReload.poll(game)`, asked on a
timer (the app's `set_interval`), reloads when a file was saved and says what to show: the
game to go on with and the errors, if any.

A reload is part of the record: its `Reloaded` event says after how many commands of the
log it came and the fingerprints of the content before and after, so `replay` replays
each stretch of the log under the content it was played with (`game.saves.replay_record`).
"""

from __future__ import annotations

import copy
import os
from collections import deque
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.content import scenario_path
from game.content.fingerprint import content_hash
from game.i18n import _
from game.rules.engine import Game
from game.rules.events import Reloaded
from game.rules.progress import level_for
from game.rules.references import content_references
from game.rules.templates import Content, UnitPlacement
from game.rules.units import Unit

if TYPE_CHECKING:
    from game.content.yamlmarks import ContentError

#: Unit fields that come whole from the template (see `GameState.add_unit`).
TEMPLATE_FIELDS = ("name", "faction", "glyph", "masteries", "weapons", "armour",
                   "legendary_armour", "spells", "quips", "items")
#: Unit fields that are a table of numbers from the template: merged number by number.
TEMPLATE_TABLES = ("characteristics", "skills")
#: Content tables compared to say what was reloaded, with their file.
TABLES = {"factions": "factions.yaml", "weapons": "weapons.yaml", "armours": "armours.yaml",
          "spells": "spells.yaml", "items": "items.yaml", "characters": "characters.yaml",
          "creatures": "creatures.yaml"}


def _loader():
    """`game.content.loader` (and PyYAML with it), imported at the first reload: the app
    watches the folder from its start, and a warm start reads no YAML before its first
    frame (`game.content.cache`)."""
    from game.content import loader

    return loader


def reload(game: Game, content_dir: Path | str) -> Game | list[ContentError]:
    """The game with the content of `content_dir` swapped in, or every error that keeps
    it from being (the game itself is never changed)."""
    root = Path(content_dir)
    content, errors = _loader().load_content_partial(root)
    if errors:
        return sorted(errors)
    errors = _still_playable(game, content, root)
    if errors:
        return errors
    new = copy.deepcopy(game)
    new.content, new.rules = content, content.rules
    for unit in new.units.values():
        _follow_template(unit, game.content, content, new)
    own = {(d.at[0], d.at[1]): d for d in new.scenario.doors}
    for door in new.doors.values():
        spec = own.get(door.pos)
        hp_max = spec.hp if spec and spec.hp is not None else content.rules.door_hp
        if spec is None or spec.defence is None:
            door.defence = content.rules.door_defence
        door.hp = hp_max if door.hp == door.hp_max else min(door.hp, hp_max)
        door.hp_max = hp_max
    new.sight_changed()
    event = Reloaded(changes(game.content, content), len(game.log),
                     content_hash(game.content, game.scenario), content_hash(content, new.scenario))
    new.journal.append(event)
    return new


def changes(old: Content, new: Content) -> tuple[str, ...]:
    """What differs, file by file: `rules.yaml: ap_max, door_hp`, `weapons.yaml: sword`…"""
    found = []
    settings = [name for name in old.rules.__struct_fields__
                if getattr(old.rules, name) != getattr(new.rules, name)]
    if settings:
        found.append(f"rules.yaml: {', '.join(settings)}")
    if old.ai != new.ai:
        found.append("ai.yaml")
    for table, file in TABLES.items():
        before, after = getattr(old, table), getattr(new, table)
        ids = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
        if ids:
            found.append(f"{file}: {', '.join(ids)}")
    return tuple(found)


def _still_playable(game: Game, content: Content, root: Path) -> list[ContentError]:
    """The new content must still hold every template and thing the game's units use, and
    the game's scenario must still load against it."""
    loading = _loader()
    errors: list[ContentError] = []
    loader = loading.Loader(root)
    for unit in game.units.values():
        for ref in content_references(unit, content):
            if ref.table == "factions":
                continue  # (as before: a reload does not ask a unit's faction to stay)
            gone = _("{unit} plays the template {id!r}, which is gone") \
                if ref.field == ("template",) else _("{unit} carries {id!r}, which is gone")
            errors.append(loading.ContentError(loader.rel(root / TABLES[ref.table]), 1, 1,
                                               gone.format(unit=unit.id, id=ref.id)))
    path = scenario_path(root, game.scenario_id)
    if not errors and path.exists():
        try:
            loading.load_scenario(content, path, root)
        except loading.ContentErrors as exc:
            errors += exc.errors
    return sorted(errors)


def _derived(game: Game, content: Content, unit: Unit) -> Unit:
    """The unit as its template in `content` makes it (what `add_unit` would place)."""
    scratch = copy.copy(game)
    scratch.content, scratch.rules, scratch.units = content, content.rules, {}
    placement = UnitPlacement(id=unit.id, template=unit.template,
                              at=[unit.pos[0], unit.pos[1]], owner=unit.owner)
    scratch.add_unit(placement, unit.kind)
    return scratch.units[unit.id]


def _follow_template(unit: Unit, old: Content, new: Content, game: Game) -> None:
    """Three-way: a field still at the old template's value takes the new one's."""
    before, after = _derived(game, old, unit), _derived(game, new, unit)
    for name in TEMPLATE_FIELDS:
        if getattr(unit, name) == getattr(before, name):
            setattr(unit, name, copy.deepcopy(getattr(after, name)))
    for name in TEMPLATE_TABLES:
        mine, was, now = getattr(unit, name), getattr(before, name), getattr(after, name)
        for key in now:
            if mine.get(key) == was.get(key):
                mine[key] = now[key]
    if unit.hp_max == before.hp_max:
        if unit.hp == unit.hp_max and not unit.down:
            unit.hp = after.hp_max
        unit.hp_max = after.hp_max
        unit.hp = min(unit.hp, unit.hp_max)
    if unit.ap_max == before.ap_max:
        unit.ap_max = after.ap_max
        unit.ap = min(unit.ap, unit.ap_max)
    if unit.is_character:
        unit.level = max(unit.level, level_for(new.rules.level_thresholds, unit.xp))


def _rust_notify() -> Any:
    """watchfiles' watch, imported when the first watch is set (a second after start-up),
    not before the first frame: the package imports anyio, some 40 ms."""
    from watchfiles._rust_notify import RustNotify

    return RustNotify


class ContentWatcher:
    """Tells which YAML files under a content folder were added, removed or saved since the
    last ask.

    The kernel says when something changed (watchfiles: inotify on Linux, FSEvents, …), so
    an ask when nothing happened reads no folder. When something did, the folder is walked,
    bounded, and each YAML file's modification time and size compared with the last walk's.
    Each folder the walk found is watched by itself (not recursively), so a folder made very
    deep or very large costs at most `MAX_FOLDERS` watches and `MAX_ENTRIES` entries read
    per walk, never a walk until the app runs out of stack, time or the system's watches.
    Where no watch can be set (none left on the system), every ask walks, as a poll.
    """

    #: How deep under the root the watch looks (the content uses two levels), how many
    #: folder entries one walk reads at most, and how many folders are watched at most.
    MAX_DEPTH = 8
    MAX_ENTRIES = 20_000
    MAX_FOLDERS = 256
    #: After a first change, how long to gather the ones that follow it (an editor's save
    #: is a few events) before walking.
    GATHER_MS = 50

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root)
        self._notify: Any = None  # watchfiles' RustNotify
        self._watched: list[str] = []
        self._seen, folders = self._walk()
        self._watch(folders)

    def _walk(self) -> tuple[dict[str, tuple[int, int]], list[str]]:
        """Each YAML file's modification time and size, and the folders walked (the root
        first, then by depth). A loop, not a recursion; links to folders are not followed;
        a folder or file that cannot be read is left out."""
        stamps, walked = {}, []
        folders, budget = deque([(str(self.root), 0)]), self.MAX_ENTRIES
        while folders and budget > 0:
            folder, depth = folders.popleft()
            try:
                with os.scandir(folder) as entries:
                    walked.append(folder)
                    for entry in entries:
                        budget -= 1
                        if budget <= 0:
                            break
                        try:
                            if entry.is_dir(follow_symlinks=False):
                                if depth + 1 < self.MAX_DEPTH:
                                    folders.append((entry.path, depth + 1))
                            elif entry.name.endswith(".yaml"):
                                info = entry.stat()
                                stamps[entry.path] = (info.st_mtime_ns, info.st_size)
                        except OSError:
                            continue  # gone or unreadable: seen (or not) next time
            except OSError:
                continue
        return stamps, walked

    def _watch(self, folders: list[str]) -> bool:
        """Watch these folders (the first `MAX_FOLDERS`), each by itself; True when the
        watch was set anew."""
        folders = folders[: self.MAX_FOLDERS]
        if self._notify is not None and folders == self._watched:
            return False
        self.close()
        if not folders:
            return True  # the folder cannot be read (gone?): poll until it can
        try:
            self._notify = _rust_notify()(folders, False, False, 0, False, True)
            self._watched = folders
        except (OSError, RuntimeError):
            self._notify = None  # no watch to be had (or a folder just went): poll
        return True

    def close(self) -> None:
        """Stop watching (the watch's thread ends)."""
        if self._notify is not None:
            self._notify.close()
            self._notify = None

    def _told(self, wait: float) -> bool:
        """Whether the kernel said something changed, waiting up to `wait` seconds for it."""
        if self._notify is None:
            return True
        try:
            told = self._notify.watch(self.GATHER_MS, 1 if wait <= 0 else 10,
                                      max(1, int(wait * 1000)), None)
        except RuntimeError:  # the watch broke (its queue overflowed…): walk, watch anew
            self.close()
            return True
        if told == "signal":
            raise KeyboardInterrupt
        return not isinstance(told, str)

    def changed(self, wait: float = 0.0) -> list[str]:
        """The files added, removed or saved since the last call (relative to the root's
        parent, as errors name them); empty when nothing changed. `wait`: how long to wait
        for a change (the app asks every second without waiting)."""
        if not self._told(wait):
            return []
        now, folders = self._walk()
        if self._watch(folders):
            now, _folders = self._walk()  # what was saved while the watch was set anew
        names = sorted(p for p in now.keys() | self._seen.keys()
                       if now.get(p) != self._seen.get(p))
        self._seen = now
        return [str(Path(p).relative_to(self.root.parent)) for p in names]


class HotReload:
    """What an app asks on a timer: has the content changed, and with what game to go on."""

    def __init__(self, content_dir: Path | str) -> None:
        self.root = Path(content_dir)
        self.watcher = ContentWatcher(self.root)

    def poll(self, game: Game, wait: float = 0.0) -> tuple[Game, list[ContentError]]:
        """(the same game, []) when nothing was saved; (the reloaded game, []) after a valid
        change; (the same game, its errors) after an invalid one. `wait`: how long to wait
        for a change."""
        if not self.watcher.changed(wait):
            return game, []
        result = reload(game, self.root)
        return (game, result) if isinstance(result, list) else (result, [])
