"""Read the content folder into a validated `Content`, listing every error with its place.

Each entry is converted on its own (msgspec stops at a value's first error), its error
path mapped back to the YAML mark; then references between files are checked.
"""

from __future__ import annotations

import difflib
import re
import types
import typing
import unicodedata
from pathlib import Path as FsPath
from typing import Any

import msgspec
from rich.color import Color, ColorParseError

from game.rules import templates
from game.rules.board import MAP_SYMBOLS, read_map
from game.rules.templates import Content, Scenario
from game.content import DEFAULT_CONTENT
from game.content.texts import english_only
from game.content.yamlmarks import ContentError, ContentErrors, MarkedDocument, read_yaml
from game.files import UnreadableFile, read_bounded
from game.i18n import add_content_texts
from game.rules.dice import Dice

MAX_FILE_BYTES = 2_000_000
#: Dice at the scale of the game (2d6+4 is its largest): `9999999999d6` would never finish
#: rolling, and exact odds convolve every face.
MAX_DICE_COUNT, MAX_DICE_SIDES, MAX_DICE_MODIFIER = 20, 100, 100
#: Each side of a map, in squares.
MAX_MAP_SIDE = 200
#: Unknown map symbols reported one by one before the rest are counted.
MAX_SYMBOL_ERRORS = 20
#: Ids a "did you mean" is looked for among.
MAX_SUGGESTED = 500
EFFECT_STATS = templates.EFFECT_STATS

_PATH_PART = re.compile(r"\.([^.\[\]`]+)|\[(\d+)\]")


def _msgspec_path(message: str) -> tuple[str, tuple[Any, ...], str | None]:
    """Split msgspec's message into its text, its `$.a[0].b` path, and a bad key if any."""
    key = None
    match = re.search(r" - at `key` in `(\$[^`]*)`$", message)
    if match:
        key, text, raw = "key", message[: match.start()], match.group(1)
    else:
        match = re.search(r" - at `(\$[^`]*)`$", message)
        text, raw = (message[: match.start()], match.group(1)) if match else (message, "$")
    path = tuple(int(i) if i else name for name, i in _PATH_PART.findall(raw[1:]))
    return text, path, key


def _struct_at(tp: Any, path: tuple[Any, ...]) -> Any:
    """The Struct type found by walking `path` down from `tp` (None if it is not one)."""
    for part in path:
        tp = _unwrap(tp)
        if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
            # The path names fields as the YAML spells them (a field may be renamed).
            attribute = dict(zip(tp.__struct_encode_fields__, tp.__struct_fields__))
            tp = typing.get_type_hints(tp, include_extras=False).get(attribute.get(part, part))
        elif typing.get_origin(tp) in (list, dict):
            tp = typing.get_args(tp)[-1]
        else:
            return None
    tp = _unwrap(tp)
    return tp if isinstance(tp, type) and issubclass(tp, msgspec.Struct) else None


def _unwrap(tp: Any) -> Any:
    while True:
        origin = typing.get_origin(tp)
        if origin is typing.Annotated:
            tp = typing.get_args(tp)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            tp = args[0] if len(args) == 1 else tp
            if len(args) != 1:
                return tp
        else:
            return tp


def _struct_hints(struct: type) -> dict[str, Any]:
    """Each field's type by the name the YAML gives it (a field may be renamed there)."""
    hints = _HINTS.get(struct)
    if hints is None:
        types_ = typing.get_type_hints(struct, include_extras=True)
        hints = _HINTS[struct] = {f.encode_name: types_[f.name]
                                  for f in msgspec.structs.fields(struct)}
    return hints


_HINTS: dict[type, dict[str, Any]] = {}


def _is_struct(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, msgspec.Struct)


def _report(doc: MarkedDocument, exc: msgspec.ValidationError, tp: Any, base: tuple[Any, ...],
            errors: list[ContentError], missing_word: str = "required field") -> None:
    """msgspec's error turned into a marked, explained one."""
    text, path, key = _msgspec_path(str(exc))
    full = base + path
    unknown = re.match(r"Object contains unknown field `(.+)`", text)
    missing = re.match(r"Object missing required field `(.+)`", text)
    if unknown:
        name = unknown.group(1)
        struct = _struct_at(tp, path)
        errors.append(_unknown_field(doc, full + (name,), name,
                                     struct.__struct_encode_fields__ if struct else ()))
    elif missing:
        errors.append(doc.error(full, f"missing {missing_word} {missing.group(1)!r}"))
    else:
        where = _where(full)
        bad = f"a {key} of {where}" if key else where
        errors.append(doc.error(full, f"{bad}: {_friendly(text).lower()}"))


def _unknown_field(doc: MarkedDocument, path: tuple[Any, ...], name: Any,
                   fields: tuple[str, ...]) -> ContentError:
    close = difflib.get_close_matches(str(name), fields, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    allowed = f"; known fields: {', '.join(fields)}" if fields and not close else ""
    return doc.error(path, f"unknown field {name!r}{hint}{allowed}", key=True)


def _check(doc: MarkedDocument, data: Any, tp: Any, base: tuple[Any, ...],
           errors: list[ContentError], missing_word: str = "required field") -> bool:
    """Report every bad value under `base`, each once: a Struct field by field, a list item
    by item, a dict entry by entry, anything else by `msgspec.convert` of the value alone.
    True when nothing was wrong."""
    if base in doc.broken:
        return False  # reported when the YAML was read (a bad tag or key)
    inner = _unwrap(tp)
    if data is None and inner is not tp and _allows_none(tp):
        return True
    ok = True
    if _is_struct(inner) and isinstance(data, dict):
        hints = _struct_hints(inner)
        fields = inner.__struct_encode_fields__
        suggested = set()
        for key, value in data.items():
            if key in hints:
                ok &= _check(doc, value, hints[key], base + (key,), errors)
            else:
                ok = False
                suggested.update(difflib.get_close_matches(str(key), fields, n=1))
                errors.append(_unknown_field(doc, base + (key,), key, fields))
        for name in _required_fields(inner):
            # A misspelt field is reported once, as the unknown field it is.
            if name not in data and name not in suggested:
                ok = False
                errors.append(doc.error(base, f"missing {missing_word} {name!r}"))
        if not ok:
            return False
    elif typing.get_origin(inner) is list and isinstance(data, list):
        (item,) = typing.get_args(inner)
        for i, value in enumerate(data):
            ok &= _check(doc, value, item, base + (i,), errors)
        if not ok:
            return False
    elif typing.get_origin(inner) is dict and isinstance(data, dict):
        key_tp, value_tp = typing.get_args(inner)
        for key, value in data.items():
            try:
                msgspec.convert(key, key_tp, strict=True)
            except msgspec.ValidationError as exc:
                ok = False
                text, _, _ = _msgspec_path(str(exc))
                errors.append(doc.error(base + (key,), f"a key of {_where(base)}: "
                                        f"{_friendly(text).lower()}", key=True))
            ok &= _check(doc, value, value_tp, base + (key,), errors)
        if not ok:
            return False
    try:
        msgspec.convert(data, tp, strict=True)
    except msgspec.ValidationError as exc:
        _report(doc, exc, tp, base, errors, missing_word)
        return False
    return True


def _where(path: tuple[Any, ...]) -> str:
    """The end of a path as a reader finds it: its last two names, with list indexes
    (`players[1].colour`, `stats.STR`, `at[1]`)."""
    text, names = "", 0
    for part in reversed(path):
        joined = f".{text}" if text and not text.startswith("[") else text
        if isinstance(part, int):
            text = f"[{part}]{joined}"
            continue
        if names == 2:
            break
        text = f"{part}{joined}"
        names += 1
    return text or "value"


def _allows_none(tp: Any) -> bool:
    while typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    return typing.get_origin(tp) in (typing.Union, types.UnionType) and \
        type(None) in typing.get_args(tp)


def convert(doc: MarkedDocument, data: Any, tp: type, base: tuple[Any, ...],
            errors: list[ContentError], missing_word: str = "required field") -> Any:
    """Convert one entry, reporting every bad value in it (not only msgspec's first) at its
    place; None if anything was wrong."""
    if base not in doc.broken:
        try:
            return msgspec.convert(data, tp, strict=True)
        except msgspec.ValidationError:
            pass  # walked below, to report every error and not only the first
    _check(doc, data, tp, base, errors, missing_word)
    return None


def _friendly(text: str) -> str:
    """msgspec's message, with the plain-text pattern and a text's two forms said in
    words."""
    text = text.replace("`str | object`", "a text or its forms by language ({en: …, fr: …})")
    text = re.sub(r"`str` matching regex '\^\[\^\\\\x00-\\\\x1f.*'$",
                  "plain text (no control, line-break or direction characters)", text)
    return re.sub(r"`str` matching regex '\^\[\^\\\\x00-\\\\x08.*'$",
                  "text without control or direction characters", text)


class Loader:
    """Collects documents and errors over a whole content folder."""

    def __init__(self, root: FsPath) -> None:
        self.root = root
        self.errors: list[ContentError] = []
        #: Not errors: what a reader should know (a rule departing from the page).
        self.notices: list[ContentError] = []
        #: (file, id) of entries declared but invalid (already reported).
        self.invalid: set[tuple[str, str]] = set()
        #: Files whose entries are unknown (unreadable or missing, already reported): no
        #: reference into them can be checked.
        self.unread: set[str] = set()
        #: The content texts' translations met (`game.content.texts`), filed with the
        #: edge once the folder is read.
        self.forms: dict[str, dict[str, str]] = {}

    def rel(self, path: FsPath) -> str:
        try:
            return str(path.relative_to(self.root.parent))
        except ValueError:
            return str(path)

    def read(self, path: FsPath, required: bool = True) -> MarkedDocument | None:
        """A YAML file's marked data, or None with its error (only regular files, bounded)."""
        name = self.rel(path)
        if not path.exists() and not path.is_symlink():
            if required:
                self.errors.append(ContentError(name, 1, 1, "file not found"))
            return None
        try:
            text = read_bounded(path, MAX_FILE_BYTES).decode("utf-8")
        except UnreadableFile as exc:
            reason = str(exc)
            if reason.startswith("it is too large"):
                reason = "file too large" + reason[len("it is too large"):]
            self.errors.append(ContentError(name, 1, 1, f"cannot read: {reason}"))
            return None
        except UnicodeDecodeError as exc:
            self.errors.append(ContentError(name, 1, 1, f"cannot read: not UTF-8 text "
                                            f"({exc.reason} at byte {exc.start})"))
            return None
        doc, errors = read_yaml(text, name)
        self.errors += errors
        return None if errors and doc.data is None else doc

    def table(self, filename: str, tp: type, required: bool = True) -> tuple[dict, MarkedDocument | None]:
        """A file mapping ids to entries of type `tp`, each validated on its own."""
        path = self.root / filename
        doc = self.read(path, required)
        if doc is None:
            if required or path.exists() or path.is_symlink():
                # Its entries are unknown, not absent: references to them are not errors.
                self.unread.add(filename)
            return {}, None
        if not isinstance(doc.data, dict):
            self.unread.add(filename)
            self.errors.append(doc.error((), "expected a mapping of ids to entries"))
            self.unread.add(filename)
            return {}, doc
        result = {}
        for key, value in doc.data.items():
            if not isinstance(key, str) or not re.fullmatch(r"[a-z][a-z0-9_-]*", key):
                self.errors.append(doc.error((key,), f"{key!r} is not a valid id "
                                             "(lowercase letters, digits, - and _)", key=True))
                continue
            entry = None if doc.is_broken((key,)) else convert(doc, value, tp, (key,), self.errors)
            if entry is None:
                self.invalid.add((filename, key))
            else:
                english_only(entry, self.forms)
                result[key] = entry
        return result, doc

    def ref(self, doc: MarkedDocument, path: tuple, value: str | None, known: dict,
            what: str) -> None:
        """Report `value` if it names no entry of `what`'s file; an entry already reported
        as invalid, or a file that could not be read, is not reported again."""
        file = REFERENCE_FILES[what]
        if value is None or value in known or (file, value) in self.invalid \
                or file in self.unread:
            return
        invalid = [key for f, key in self.invalid if f == file]
        candidates = [*known, *invalid]
        # A "did you mean" costs a comparison with every id: only for a table of sane size.
        close = difflib.get_close_matches(value, candidates, n=1, cutoff=0.5) \
            if len(candidates) <= MAX_SUGGESTED else []
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        self.errors.append(doc.error(path, f"unknown {what} {value!r}{hint}"))


#: The file that declares each kind of reference.
REFERENCE_FILES = {"weapon": "weapons.yaml", "armour": "armours.yaml",
                   "faction": "factions.yaml", "spell": "spells.yaml",
                   "item": "items.yaml", "character template": "characters.yaml",
                   "creature template": "creatures.yaml", "AI profile": "ai.yaml"}


def load_content(root: FsPath | str = DEFAULT_CONTENT) -> Content:
    """Load and cross-check every content file; raise `ContentErrors` listing all problems."""
    content, errors = load_content_partial(root)
    if errors:
        raise ContentErrors(errors)
    return content


def load_content_partial(root: FsPath | str = DEFAULT_CONTENT) -> tuple[Content, list[ContentError]]:
    """The valid part of the content and the errors of the rest (for `validate`)."""
    loader = Loader(FsPath(root))
    content = _load(loader)
    return content, loader.errors


def validate_all(root: FsPath | str = DEFAULT_CONTENT) -> tuple[Content, list[str], list[ContentError]]:
    """Check every content file and every scenario; return all errors, none raised."""
    loader = Loader(FsPath(root))
    content = _load(loader)
    errors = loader.errors
    names = list_scenarios(root)
    for name in names:
        try:
            load_scenario(content, scenario_path(root, name), root, unread=loader.unread)
        except ContentErrors as exc:
            errors += exc.errors
    return content, names, sorted(errors)


#: What the designers' page itself says of the numbers under rules.yaml's `page:`. A
#: variant may change them; `validate` then notes each departure (it is not an error).
PAGE = {
    ("caps", "brawl"): (100, "brawl cap"),
    ("caps", "melee"): (95, "melee cap"),
    ("caps", "ranged"): (95, "ranged cap"),
    ("caps", "dodge"): (90, "dodge cap"),
    ("caps", "magic"): (95, "magic cap"),
    ("caps", "counter"): (95, "counter-magic cap"),
    ("perfect_attack_below",): (5, "perfect attack threshold"),
    ("perfect_counter_below",): (10, "perfect counter threshold"),
    ("ranged_max_distance",): (4, "ranged reach"),
    ("stat_neutral",): (10, "neutral characteristic"),
    ("luck_max",): (4, "luck bonus maximum"),
    ("defence_reduction", "per"): (10, "defence per reduction point"),
    ("defence_reduction", "maximum"): (5, "defence reduction maximum"),
    ("crowding_per_ally",): (5, "crowding per ally"),
}


def page_departures(doc: MarkedDocument, page: templates.PageRules) -> list[ContentError]:
    """One notice per number of `page:` that differs from what the page says."""
    notices = []
    for path, (expected, label) in PAGE.items():
        value = page
        for part in path:
            value = getattr(value, part)
        if value != expected:
            notices.append(doc.error(("page", *path), f"{label} {value} departs from the "
                                     f"page ({expected})"))
    return notices


def _load_rules(loader: Loader) -> templates.RulesConfig | None:
    """rules.yaml, every bad or missing setting reported (not only the first)."""
    doc = loader.read(loader.root / "rules.yaml")
    if doc is None:
        return None
    if not isinstance(doc.data, dict):
        loader.errors.append(doc.error((), "expected a mapping of settings"))
        return None
    rules = convert(doc, doc.data, templates.RulesConfig, (), loader.errors, "setting")
    if rules is not None:
        english_only(rules, loader.forms)
        _check_rules(loader, doc, rules)
        loader.notices += page_departures(doc, rules.page)
    return rules


def _required_fields(struct: type[msgspec.Struct]) -> tuple[str, ...]:
    required = _REQUIRED.get(struct)
    if required is None:
        required = _REQUIRED[struct] = tuple(f.encode_name for f in msgspec.structs.fields(struct)
                                             if f.required)
    return required


_REQUIRED: dict[type, tuple[str, ...]] = {}


def _load(loader: Loader) -> Content:
    rules = _load_rules(loader)
    factions, _ = loader.table("factions.yaml", templates.Faction)
    weapons, wdoc = loader.table("weapons.yaml", templates.Weapon)
    armours, _ = loader.table("armours.yaml", templates.Armour)
    spells, sdoc = loader.table("spells.yaml", templates.Spell, required=False)
    items, idoc = loader.table("items.yaml", templates.Item, required=False)
    characters, cdoc = loader.table("characters.yaml", templates.CharacterTemplate)
    creatures, kdoc = loader.table("creatures.yaml", templates.CreatureTemplate)

    for wid, weapon in weapons.items():
        _check_dice(loader, wdoc, (wid, "dice"), weapon.dice)
        reach = rules.page.ranged_max_distance if rules else None
        if weapon.kind == "ranged" and reach is not None and weapon.range > reach:
            loader.errors.append(wdoc.error((wid, "range"), f"range {weapon.range} is above "
                                            f"{reach}, the most a ranged attack reaches "
                                            "(rules.yaml page.ranged_max_distance)"))
        if weapon.kind == "melee" and weapon.range != 1:
            loader.errors.append(wdoc.error((wid, "range"), "a melee weapon reaches 1 square"))
        if weapon.on_hit is not None:
            _check_effect(loader, wdoc, (wid, "on_hit"), weapon.on_hit)
    for iid, item in items.items():
        _check_effect(loader, idoc, (iid, "effect"), item.effect)
    for sid, spell in spells.items():
        _check_spell(loader, sdoc, sid, spell)

    families = {w.family for w in weapons.values()}
    # An invalid weapon still declares its family if it names one; if it does not (or the
    # file could not be read), masteries cannot be checked without false errors.
    families_known = "weapons.yaml" not in loader.unread
    for file, wid in loader.invalid:
        if file == "weapons.yaml":
            family = wdoc.data[wid].get("family") if isinstance(wdoc.data[wid], dict) else None
            if isinstance(family, str):
                families.add(family)
            else:
                families_known = False
    for doc, table, kind in ((cdoc, characters, "character"), (kdoc, creatures, "creature")):
        for tid, t in table.items():
            _check_glyph(loader, doc, (tid, "glyph"), t.glyph)
            for i, wid in enumerate(t.weapons):
                loader.ref(doc, (tid, "weapons", i), wid, weapons, "weapon")
            for family in t.masteries:
                if families_known and family not in families:
                    loader.errors.append(doc.error((tid, "masteries", family),
                                                   f"no weapon has the family {family!r}",
                                                   key=True))
            loader.ref(doc, (tid, "armour"), t.armour, armours, "armour")
            if t.armour in armours and armours[t.armour].legendary:
                loader.errors.append(doc.error((tid, "armour"), f"{t.armour!r} is legendary; "
                                               "put it under legendary_armour"))
            loader.ref(doc, (tid, "faction"), t.faction, factions, "faction")
            for i, iid in enumerate(t.items):
                loader.ref(doc, (tid, "items", i), iid, items, "item")
            if kind == "character":
                loader.ref(doc, (tid, "legendary_armour"), t.legendary_armour, armours, "armour")
                legend = armours.get(t.legendary_armour)
                if legend is not None and not legend.legendary:
                    loader.errors.append(doc.error((tid, "legendary_armour"),
                                                   f"{t.legendary_armour!r} is not legendary"))
                for i, sid in enumerate(t.spells):
                    loader.ref(doc, (tid, "spells", i), sid, spells, "spell")
    add_content_texts(loader.forms)
    return Content(rules=rules, factions=factions, weapons=weapons, armours=armours,
                   characters=characters, creatures=creatures, spells=spells, items=items,
                   ai=_load_ai(loader), invalid=frozenset(loader.invalid),
                   unreadable=frozenset(loader.unread),
                   departures=tuple(str(n) for n in sorted(loader.notices)))


def _load_ai(loader: Loader) -> templates.AiConfig | None:
    """ai.yaml (optional): the AI profiles, each checked on its own, and the creatures'
    one among them."""
    doc = loader.read(loader.root / "ai.yaml", required=False)
    if doc is None:
        return None
    data = doc.data
    if not isinstance(data, dict) or not isinstance(data.get("profiles"), dict):
        loader.errors.append(doc.error((), "expected `profiles:` (a mapping of names to "
                                       "weights) and `creatures:` (a profile name)"))
        return None
    for key in data:
        if key not in templates.AiConfig.__struct_fields__:
            loader.errors.append(doc.error((key,), f"unknown field {key!r} (known: "
                                           "profiles, creatures)", key=True))
    profiles = {}
    for name, value in data["profiles"].items():
        if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_-]*", name):
            loader.errors.append(doc.error(("profiles", name), f"{name!r} is not a valid "
                                           "id (lowercase letters, digits, - and _)", key=True))
            continue
        profile = convert(doc, value, templates.AiProfile, ("profiles", name), loader.errors)
        if profile is not None:
            profiles[name] = profile
    creatures = data.get("creatures", "balanced")
    if not isinstance(creatures, str):
        loader.errors.append(doc.error(("creatures",), "expected a profile name"))
        return None
    loader.ref(doc, ("creatures",), creatures, profiles, "AI profile")
    return templates.AiConfig(profiles=profiles, creatures=creatures)


def _check_dice(loader: Loader, doc, path: tuple, text: str) -> None:
    try:
        dice = Dice.parse(text)
    except ValueError as exc:
        loader.errors.append(doc.error(path, str(exc)))
        return
    for value, most, what in ((dice.count, MAX_DICE_COUNT, "dice"),
                              (dice.sides, MAX_DICE_SIDES, "sides"),
                              (dice.modifier, MAX_DICE_MODIFIER, "as a modifier")):
        if value > most:
            loader.errors.append(doc.error(path, f"{text!r}: at most {most} {what}, not {value}"))
            return


def _check_glyph(loader: Loader, doc, path: tuple, glyph: str) -> None:
    """A map glyph is one printable character one cell wide."""
    # Separators, controls, marks that combine with the previous cell, wide characters:
    # each would shift or hide the map's columns.
    if unicodedata.category(glyph)[0] in "CZM" or unicodedata.east_asian_width(glyph) in "WF":
        loader.errors.append(doc.error(path, f"glyph {glyph!r} is not one printable, "
                                       "single-width character"))


def _check_colour(loader: Loader, doc, path: tuple, colour: str) -> None:
    """A player's colour is one colour name or `#rrggbb`, as the terminal styles take."""
    try:
        ok = colour.strip() == colour and " " not in colour and bool(Color.parse(colour))
    except ColorParseError:
        ok = False
    if not ok or colour == "default":
        loader.errors.append(doc.error(path, f"{colour!r} is not a colour (a name such as "
                                       "'blue' or 'bright_red', or '#rrggbb')"))


def _check_rules(loader: Loader, doc: MarkedDocument, rules: templates.RulesConfig) -> None:
    for field in ("brawl_dice", "perfect_die"):
        _check_dice(loader, doc, (field,), getattr(rules, field))
    table = rules.damage_bonus
    last = None
    for i, row in enumerate(table):
        _check_dice(loader, doc, ("damage_bonus", i, "dice"), row.dice)
        if row.up_to is None and i != len(table) - 1:
            loader.errors.append(doc.error(("damage_bonus", i, "up_to"),
                                           "only the last row may have up_to: null"))
        if row.up_to is not None and last is not None and row.up_to <= last:
            loader.errors.append(doc.error(("damage_bonus", i, "up_to"),
                                           "rows must go up in order"))
        last = row.up_to if row.up_to is not None else last
    if table and table[-1].up_to is not None:
        loader.errors.append(doc.error(("damage_bonus",), "the last row needs up_to: null"))
    levels = rules.level_thresholds
    if not levels or levels[0] != 0 or levels != sorted(set(levels)):
        loader.errors.append(doc.error(("level_thresholds",),
                                       "thresholds start at 0 and strictly go up"))


def _check_spell(loader: Loader, doc, sid: str, spell: templates.Spell) -> None:
    ignored = ("effect", spell.effect) if spell.kind in ("damage", "heal") else \
        ("dice", spell.dice)
    if ignored[1] is not None:
        needs = "dice" if ignored[0] == "effect" else "an effect"
        loader.errors.append(doc.error((sid, ignored[0]), f"a {spell.kind} spell ignores "
                                       f"{ignored[0]} (it uses {needs})", key=True))
    if spell.kind in ("damage", "heal"):
        if spell.dice is None:
            loader.errors.append(doc.error((sid,), f"a {spell.kind} spell needs dice"))
        else:
            _check_dice(loader, doc, (sid, "dice"), spell.dice)
    else:
        if spell.effect is None:
            loader.errors.append(doc.error((sid,), f"a {spell.kind} needs an effect "
                                           "{stat, amount, turns}"))
            return
        _check_stat(loader, doc, (sid, "effect", "stat"), spell.effect.stat)
        sign_ok = spell.effect.amount > 0 if spell.kind == "buff" else spell.effect.amount < 0
        if not sign_ok:
            loader.errors.append(doc.error((sid, "effect", "amount"), f"a {spell.kind}'s amount "
                                           f"must be {'positive' if spell.kind == 'buff' else 'negative'}"))


def _check_stat(loader: Loader, doc, path: tuple, stat: str) -> None:
    if stat not in EFFECT_STATS:
        close = difflib.get_close_matches(stat, EFFECT_STATS, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else f"; stats: {', '.join(EFFECT_STATS)}"
        loader.errors.append(doc.error(path, f"unknown stat {stat!r}{hint}"))


def _check_effect(loader: Loader, doc, path: tuple, effect: templates.EffectSpec) -> None:
    """An item's or a weapon's timed effect: a stat effects apply to, a non-zero amount."""
    _check_stat(loader, doc, path + ("stat",), effect.stat)
    if effect.amount == 0:
        loader.errors.append(doc.error(path + ("amount",), "an effect of 0 changes nothing"))


def list_scenarios(root: FsPath | str = DEFAULT_CONTENT) -> list[str]:
    return sorted(p.stem for p in (FsPath(root) / "scenarios").glob("*.yaml"))


def scenario_path(root: FsPath | str, name: str) -> FsPath:
    """A scenario by name in content/scenarios, or a path to a YAML file."""
    path = FsPath(name)
    if path.suffix in (".yaml", ".yml") and path.exists():
        return path
    return FsPath(root) / "scenarios" / f"{name}.yaml"


def load_scenario(content: Content, path: FsPath, root: FsPath | str = DEFAULT_CONTENT,
                  unread: set[str] | frozenset[str] = frozenset()) -> Scenario:
    """Load a scenario and check its map and placements against the content (`unread`:
    content files already reported unreadable, whose ids are not reported missing)."""
    loader = Loader(FsPath(root))
    loader.invalid |= content.invalid
    loader.unread |= content.unreadable | set(unread)
    doc = loader.read(path)
    scenario = None
    if doc is not None:
        scenario = convert(doc, doc.data, Scenario, (), loader.errors)
    if scenario is not None:
        english_only(scenario, loader.forms)
        _check_scenario(loader, doc, scenario, content=content)
    elif doc is not None and (salvaged := _salvage(doc)) is not None:
        # The rest of a scenario with a bad entry is still checked, in the same run.
        english_only(salvaged[0], loader.forms)
        _check_scenario(loader, doc, *salvaged, content=content)
    if loader.errors or scenario is None:
        raise ContentErrors(loader.errors or [ContentError(str(path), 1, 1, "invalid scenario")])
    add_content_texts(loader.forms)
    return scenario


#: A scenario's lists of entries, each entry checked on its own.
_ENTRY_LISTS = ("characters", "creatures", "objects", "doors")


def _salvage(doc: MarkedDocument) -> tuple[Scenario, dict[str, list[int]]] | None:
    """A scenario whose bad entries (already reported) are left out, with the place in the
    file of each entry kept; None if what is left out is more than entries of its lists."""
    data = doc.data
    if not isinstance(data, dict):
        return None
    kept, indexes = dict(data), {}
    hints = _struct_hints(Scenario)
    for name in _ENTRY_LISTS:
        entries = data.get(name)
        if not isinstance(entries, list):
            continue
        (item,) = typing.get_args(_unwrap(hints[name]))
        indexes[name] = [i for i, entry in enumerate(entries)
                         if _check(doc, entry, item, (name, i), [])]
        kept[name] = [entries[i] for i in indexes[name]]
    try:
        scenario = msgspec.convert(kept, Scenario, strict=True)
    except msgspec.ValidationError:
        return None
    return scenario, indexes


def _check_scenario(loader: Loader, doc: MarkedDocument, scenario: Scenario,
                    indexes: dict[str, list[int]] | None = None, *,
                    content: Content) -> None:
    """The map and the placements against the content. `indexes`: where each entry of a
    salvaged scenario stands in the file (its bad entries left out)."""
    indexes = indexes or {}

    def place(group: str, i: int) -> int:
        return indexes[group][i] if group in indexes else i

    for i, player in enumerate(scenario.players):
        _check_colour(loader, doc, ("players", i, "colour"), player.colour)
    for i, obj in enumerate(scenario.objects):
        _check_glyph(loader, doc, ("objects", place("objects", i), "glyph"), obj.glyph)
    grid = read_map(scenario.map)
    if grid.width > MAX_MAP_SIDE or grid.height > MAX_MAP_SIDE:
        loader.errors.append(doc.error(("map",), f"the map is {grid.width}x{grid.height} "
                                       f"squares; at most {MAX_MAP_SIDE}x{MAX_MAP_SIDE}"))
        return
    rows = scenario.map.rstrip("\n").split("\n")
    widths = [len(row) for row in rows]
    usual = max(widths, key=lambda w: (widths.count(w), w))
    if not grid.unknown and all(w == usual for w in widths):
        map_line = 0  # not asked of the document: its marks are only read for an error
    else:
        map_line, _ = doc.where(("map",))
    source = doc.text.split("\n")
    known = ", ".join(f"{k!r} {v}" for k, v in MAP_SYMBOLS.items())
    for (x, y), ch in grid.unknown[:MAX_SYMBOL_ERRORS]:
        # A block scalar's rows start on the line after `map: |`.
        line = map_line + 1 + y
        text = source[line - 1] if line - 1 < len(source) else ""
        indent = len(text) - len(text.lstrip(" "))
        loader.errors.append(ContentError(doc.file, line, indent + x + 1,
                                          f"unknown map symbol {ch!r} ({known})"))
    if len(grid.unknown) > MAX_SYMBOL_ERRORS:
        loader.errors.append(doc.error(("map",), f"{len(grid.unknown) - MAX_SYMBOL_ERRORS} "
                                       "more unknown map symbols"))
    for y, row in enumerate(rows):
        if len(row) != usual:
            line = map_line + 1 + y
            text = source[line - 1] if line - 1 < len(source) else ""
            indent = len(text) - len(text.lstrip(" "))
            loader.errors.append(ContentError(
                doc.file, line, indent + min(len(row), usual) + 1,
                f"map row {y} is {len(row)} squares wide, the others {usual}"
                + (" (the missing squares would be holes in the wall)" if len(row) < usual
                   else "")))
    width, height = grid.width, grid.height
    seen_doors: set[tuple[int, int]] = set()
    for i, spec in enumerate(scenario.doors):
        i = place("doors", i)
        pos = (spec.at[0], spec.at[1])
        if pos not in grid.doors:
            loader.errors.append(doc.error(("doors", i, "at"), f"there is no door at "
                                           f"{pos[0]},{pos[1]} on the map ('+' or '/')"))
        elif pos in seen_doors:
            loader.errors.append(doc.error(("doors", i, "at"), f"the door at {pos[0]},{pos[1]}"
                                           " is already listed"))
        seen_doors.add(pos)
    players = len(scenario.players)
    if not scenario.characters:
        loader.errors.append(doc.error(("characters",), "a scenario needs at least one "
                                       "character (players play characters)"))
    elif len(scenario.characters) == len(doc.data["characters"]):
        # (with a bad character left out, whom it belongs to is not known: not reported)
        owners = {p.owner for p in scenario.characters}
        for number, player in enumerate(scenario.players, 1):
            if number not in owners:
                loader.errors.append(doc.error(("players", number - 1), f"player {number} "
                                               f"({player.name}) owns no character"))
    taken: dict[tuple[int, int], str] = {}
    ids: set[str] = set()
    groups = (("characters", scenario.characters, content.characters),
              ("creatures", scenario.creatures, content.creatures),
              ("objects", scenario.objects, None))
    for group, placements, catalog in groups:
        for i, p in enumerate(placements):
            i = place(group, i)
            base = (group, i)
            if p.id in ids:
                loader.errors.append(doc.error(base + ("id",), f"duplicate id {p.id!r}"))
            ids.add(p.id)
            if catalog is not None:
                loader.ref(doc, base + ("template",), p.template, catalog,
                           group[:-1] + " template")
            if group == "characters" and p.owner is None:
                loader.errors.append(doc.error(base, "a character needs an owner (player number)"))
            owner = getattr(p, "owner", None)
            if owner is not None and not 1 <= owner <= players:
                loader.errors.append(doc.error(base + ("owner",),
                                               f"owner {owner} is not a player (1 to {players})"))
            if group == "objects" and p.armour is not None:
                loader.ref(doc, base + ("armour",), p.armour, content.armours, "armour")
            pos = (p.at[0], p.at[1])
            if not (0 <= pos[0] < width and 0 <= pos[1] < height):
                loader.errors.append(doc.error(base + ("at",), f"{pos[0]},{pos[1]} is off the "
                                               f"{width}x{height} map"))
            elif what := grid.blocker(pos):
                loader.errors.append(doc.error(base + ("at",), f"{p.id} stands on {what} at "
                                               f"{pos[0]},{pos[1]}"))
            elif pos in taken:
                loader.errors.append(doc.error(base + ("at",), f"{p.id} overlaps {taken[pos]} "
                                               f"at {pos[0]},{pos[1]}"))
            else:
                taken[pos] = p.id
