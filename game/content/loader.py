"""Read the content folder into a validated `Content`, listing every error with its place.

Each entry is converted on its own by msgspec (the fast path); one it refuses has every
error listed by `schemacheck` (jsonschema on the generated schemas), each at its YAML mark.
The checks of one value (`VALUE_CHECKS`: dice, stats, glyphs, colours) run on every entry,
valid or not, so one run shows all of an entry's errors; then the checks that span fields
and files (references, a spell kind's fields, maps and placements) run on valid entries.
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
from game.rules.board import FLOOR, MAP_SYMBOLS, WALL, read_map
from game.rules.templates import Content, Scenario
# list_scenarios and scenario_path live with DEFAULT_CONTENT (no YAML reader): here too.
from game.content import DEFAULT_CONTENT, list_scenarios, scenario_path  # noqa: F401
from game.content import schemacheck
from game.content.schemacheck import DID_YOU_MEAN, placed
from game.content.texts import Forms, english_only
from game.content.yamlmarks import ContentError, ContentErrors, MarkedDocument, read_yaml
from game.files import UnreadableFile, read_bounded
from game.i18n import NP_, N_, _, add_content_texts, format_decimal, ngettext, pgettext
from game.rules.dice import Dice, DiceError
from game.rules.references import ENTRY_NAMES, content_references

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

def _unwrap(tp: Any) -> Any:
    """`tp` without its `Annotated` bounds and its `| None`."""
    while True:
        origin = typing.get_origin(tp)
        if origin is typing.Annotated:
            tp = typing.get_args(tp)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            if len(args) != 1:
                return tp
            tp = args[0]
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


def convert(doc: MarkedDocument, data: Any, tp: type, base: tuple[Any, ...],
            errors: list[ContentError], missing_word: str = "required field",
            reported: set[tuple[Any, ...]] | frozenset = frozenset()) -> Any:
    """Convert one entry (msgspec, the fast path); if it is refused, report every error in
    it at its place (jsonschema, `schemacheck`) and return None. `reported`: paths whose
    value a check already reported (not reported twice)."""
    if base in doc.broken:
        return None  # reported when the YAML was read (a bad tag or key)
    try:
        return msgspec.convert(data, tp, strict=True)
    except msgspec.ValidationError as exc:
        found = schemacheck.schema_errors(doc, data, tp, base, missing_word=missing_word,
                                          reported=reported)
        if not found and not reported and not doc.is_broken(base):
            # Nothing the schema says: msgspec's own words, at the entry.
            found = [doc.error(base, placed(base, str(exc)))]
        errors += found
        return None


def _number(number: int) -> str:
    return format_decimal(number, 0)


def did_you_mean(problem: str, close: str | None) -> str:
    """`problem`, with the id it is likely a typo of if there is one."""
    return _(DID_YOU_MEAN).format(problem=problem, close=close) if close else problem


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
                self.errors.append(ContentError(name, 1, 1, _("file not found")))
            return None
        try:
            text = read_bounded(path, MAX_FILE_BYTES).decode("utf-8")
        except UnreadableFile as exc:
            self.errors.append(ContentError(name, 1, 1, _("cannot read: {reason}").format(
                reason=exc.worded(_, _number, of_a_file=True))))
            return None
        except UnicodeDecodeError as exc:
            self.errors.append(ContentError(name, 1, 1, _(
                "cannot read: not UTF-8 text ({reason} at byte {start})").format(
                    reason=exc.reason, start=exc.start)))
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
            self.errors.append(doc.error((), _("expected a mapping of ids to entries")))
            self.unread.add(filename)
            return {}, doc
        result = {}
        for key, value in doc.data.items():
            if not isinstance(key, str) or not re.fullmatch(r"[a-z][a-z0-9_-]*", key):
                self.errors.append(doc.error((key,), _(BAD_ID).format(key=key), key=True))
                continue
            entry = None
            if not doc.is_broken((key,)):
                reported = self.check_values(doc, value, tp, (key,))
                entry = convert(doc, value, tp, (key,), self.errors, reported=reported)
            if entry is None:
                self.invalid.add((filename, key))
            else:
                english_only(entry, self.forms)
                result[key] = entry
        return result, doc

    def check_values(self, doc: MarkedDocument, data: Any, tp: Any,
                     path: tuple[Any, ...]) -> set[tuple[Any, ...]]:
        """Run the check of every value `VALUE_CHECKS` names in `data` (read as `tp`), valid
        or not the rest of its entry, so that one run shows all of an entry's errors; return
        the paths reported."""
        reported: set[tuple[Any, ...]] = set()
        self._check_values(doc, data, tp, path, reported)
        return reported

    def _check_values(self, doc: MarkedDocument, data: Any, tp: Any, path: tuple[Any, ...],
                      reported: set[tuple[Any, ...]]) -> None:
        inner = _unwrap(tp)
        origin = typing.get_origin(inner)
        if _is_struct(inner) and isinstance(data, dict):
            hints = _struct_hints(inner)
            for key, value in data.items():
                if key not in hints:
                    continue
                check = _value_check(inner, key)
                if check is None:
                    self._check_values(doc, value, hints[key], path + (key,), reported)
                elif isinstance(value, str):  # any other type is the schema's error
                    before = len(self.errors)
                    check(self, doc, path + (key,), value)
                    if len(self.errors) > before:
                        reported.add(path + (key,))
        elif origin is list and isinstance(data, list):
            (item,) = typing.get_args(inner)
            for i, value in enumerate(data):
                self._check_values(doc, value, item, path + (i,), reported)
        elif origin is dict and isinstance(data, dict):
            value_tp = typing.get_args(inner)[1]
            for key, value in data.items():
                self._check_values(doc, value, value_tp, path + (key,), reported)

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
        problem = _(UNKNOWN[what]).format(value=value)
        self.errors.append(doc.error(path, did_you_mean(problem, close[0] if close else None)))


#: An id that is not one.
BAD_ID = N_("{key!r} is not a valid id (lowercase letters, digits, - and _)")

#: A reference to no entry, by the kind of entry it should name (one message each, as a
#: language agrees its words with each).
UNKNOWN = {"weapon": N_("unknown weapon {value!r}"), "armour": N_("unknown armour {value!r}"),
           "faction": N_("unknown faction {value!r}"), "spell": N_("unknown spell {value!r}"),
           "item": N_("unknown item {value!r}"),
           "character template": N_("unknown character template {value!r}"),
           "creature template": N_("unknown creature template {value!r}"),
           "AI profile": N_("unknown AI profile {value!r}")}

#: The files of a content folder the loader reads (its scenarios in `scenarios/`): the
#: names of `schema.CONTENT_FILES`, which the schemas are made of (a test keeps them the
#: same; the schema module is not imported at start-up).
READ_FILES = ("rules.yaml", "factions.yaml", "weapons.yaml", "armours.yaml", "spells.yaml",
              "items.yaml", "characters.yaml", "creatures.yaml", "ai.yaml")


def stray_files(folder: FsPath | str) -> list[str]:
    """The YAML files of a content folder the game does not read (`items2.yaml`, a copy
    left there): a designer's entries in them would be silently ignored."""
    return sorted(p.name for p in FsPath(folder).iterdir()
                  if p.suffix in (".yaml", ".yml") and p.name not in READ_FILES)


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


def load_content_partial(root: FsPath | str = DEFAULT_CONTENT,
                         texts: list[Forms] | None = None) -> tuple[Content, list[ContentError]]:
    """The valid part of the content and the errors of the rest (for `validate`).
    `texts`: given, the translations of the content's texts are added to it as they are
    filed with the edge (`game.content.cache` keeps them)."""
    loader = Loader(FsPath(root))
    content = _load(loader)
    if texts is not None:
        texts.append(loader.forms)
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
    ("caps", "brawl"): (100, N_("brawl cap")),
    ("caps", "melee"): (95, N_("melee cap")),
    ("caps", "ranged"): (95, N_("ranged cap")),
    ("caps", "dodge"): (90, N_("dodge cap")),
    ("caps", "magic"): (95, N_("magic cap")),
    ("caps", "counter"): (95, N_("counter-magic cap")),
    ("perfect_attack_below",): (5, N_("perfect attack threshold")),
    ("perfect_counter_below",): (10, N_("perfect counter threshold")),
    ("ranged_max_distance",): (4, N_("ranged reach")),
    ("stat_neutral",): (10, N_("neutral characteristic")),
    ("luck_max",): (4, N_("luck bonus maximum")),
    ("defence_reduction", "per"): (10, N_("defence per reduction point")),
    ("defence_reduction", "maximum"): (5, N_("defence reduction maximum")),
    ("crowding_per_ally",): (5, N_("crowding per ally")),
}


def page_departures(doc: MarkedDocument, page: templates.PageRules) -> list[ContentError]:
    """One notice per number of `page:` that differs from what the page says."""
    notices = []
    for path, (expected, label) in PAGE.items():
        value = page
        for part in path:
            value = getattr(value, part)
        if value != expected:
            notices.append(doc.error(("page", *path), _(
                "{label} {value} departs from the page ({expected})").format(
                    label=_(label), value=value, expected=expected)))
    return notices


def _load_rules(loader: Loader) -> templates.RulesConfig | None:
    """rules.yaml, every bad or missing setting reported (not only the first)."""
    doc = loader.read(loader.root / "rules.yaml")
    if doc is None:
        return None
    if not isinstance(doc.data, dict):
        loader.errors.append(doc.error((), _("expected a mapping of settings")))
        return None
    reported = loader.check_values(doc, doc.data, templates.RulesConfig, ())
    rules = convert(doc, doc.data, templates.RulesConfig, (), loader.errors, "setting",
                    reported)
    if rules is not None:
        english_only(rules, loader.forms)
        _check_rules(loader, doc, rules)
        loader.notices += page_departures(doc, rules.page)
    return rules


def _load(loader: Loader) -> Content:
    rules = _load_rules(loader)
    factions, _fdoc = loader.table("factions.yaml", templates.Faction)
    weapons, wdoc = loader.table("weapons.yaml", templates.Weapon)
    armours, _adoc = loader.table("armours.yaml", templates.Armour)
    spells, sdoc = loader.table("spells.yaml", templates.Spell, required=False)
    items, idoc = loader.table("items.yaml", templates.Item, required=False)
    characters, cdoc = loader.table("characters.yaml", templates.CharacterTemplate)
    creatures, kdoc = loader.table("creatures.yaml", templates.CreatureTemplate)

    for wid, weapon in weapons.items():
        reach = rules.page.ranged_max_distance if rules else None
        if weapon.kind == "ranged" and reach is not None and weapon.range > reach:
            loader.errors.append(wdoc.error((wid, "range"), _(
                "range {range} is above {reach}, the most a ranged attack reaches "
                "(rules.yaml page.ranged_max_distance)").format(range=weapon.range,
                                                                reach=reach)))
        if weapon.kind == "melee" and weapon.range != 1:
            loader.errors.append(wdoc.error((wid, "range"),
                                            _("a melee weapon reaches 1 square")))
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
    tables = {"weapons": weapons, "armours": armours, "factions": factions, "items": items,
              "spells": spells}
    for doc, table, kind in ((cdoc, characters, "character"), (kdoc, creatures, "creature")):
        for tid, t in table.items():
            for ref in content_references(t, tables):
                loader.ref(doc, (tid, *ref.field), ref.id, tables[ref.table],
                           ENTRY_NAMES[ref.table])
            for family in t.masteries:
                if families_known and family not in families:
                    loader.errors.append(doc.error(
                        (tid, "masteries", family),
                        _("no weapon has the family {family!r}").format(family=family),
                        key=True))
            if t.armour in armours and armours[t.armour].legendary:
                loader.errors.append(doc.error((tid, "armour"), _(
                    "{armour!r} is legendary; put it under legendary_armour").format(
                        armour=t.armour)))
            if kind == "character":
                legend = armours.get(t.legendary_armour)
                if legend is not None and not legend.legendary:
                    loader.errors.append(doc.error((tid, "legendary_armour"), _(
                        "{armour!r} is not legendary").format(armour=t.legendary_armour)))
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
        loader.errors.append(doc.error((), _("expected `profiles:` (a mapping of names to "
                                             "weights) and `creatures:` (a profile name)")))
        return None
    for key in data:
        if key not in templates.AiConfig.__struct_fields__:
            loader.errors.append(doc.error((key,), _(
                "unknown field {key!r} (known: profiles, creatures)").format(key=key),
                key=True))
    profiles = {}
    for name, value in data["profiles"].items():
        if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_-]*", name):
            loader.errors.append(doc.error(("profiles", name), _(BAD_ID).format(key=name),
                                           key=True))
            continue
        profile = convert(doc, value, templates.AiProfile, ("profiles", name), loader.errors)
        if profile is not None:
            profiles[name] = profile
    creatures = data.get("creatures", "balanced")
    if not isinstance(creatures, str):
        loader.errors.append(doc.error(("creatures",), _("expected a profile name")))
        return None
    loader.ref(doc, ("creatures",), creatures, profiles, "AI profile")
    return templates.AiConfig(profiles=profiles, creatures=creatures)


def _check_dice(loader: Loader, doc, path: tuple, text: str) -> None:
    try:
        dice = Dice.parse(text)
    except DiceError as exc:  # the engine's words, said in the reader's language
        loader.errors.append(doc.error(path, _(exc.message).format(text=exc.text)))
        return
    for value, most, too_many in (
            (dice.count, MAX_DICE_COUNT, N_("{text!r}: at most {most} dice, not {value}")),
            (dice.sides, MAX_DICE_SIDES, N_("{text!r}: at most {most} sides, not {value}")),
            (dice.modifier, MAX_DICE_MODIFIER,
             N_("{text!r}: at most {most} as a modifier, not {value}"))):
        if value > most:
            loader.errors.append(doc.error(path, _(too_many).format(text=text, most=most,
                                                                   value=value)))
            return


def _check_glyph(loader: Loader, doc, path: tuple, glyph: str) -> None:
    """A map glyph is one printable character one cell wide."""
    if len(glyph) != 1:
        return  # the schema's error (one character)
    # Separators, controls, marks that combine with the previous cell, wide characters:
    # each would shift or hide the map's columns.
    if unicodedata.category(glyph)[0] in "CZM" or unicodedata.east_asian_width(glyph) in "WF":
        loader.errors.append(doc.error(path, _(
            "glyph {glyph!r} is not one printable, single-width character").format(
                glyph=glyph)))


def _check_object_glyph(loader: Loader, doc, path: tuple, glyph: str) -> None:
    """An object's glyph, besides being one printable cell: not the map's floor or wall,
    which it would be taken for (`.` an empty square, `#` a wall)."""
    _check_glyph(loader, doc, path, glyph)
    if glyph in (FLOOR, WALL):
        name = pgettext("map symbol", SYMBOL_NAMES[MAP_SYMBOLS[glyph]])
        loader.errors.append(doc.error(path, _(
            "glyph {glyph!r} is the map's {symbol}: an object drawn so would be taken for "
            "one; use another character").format(glyph=glyph, symbol=name)))


def _check_colour(loader: Loader, doc, path: tuple, colour: str) -> None:
    """A player's colour is one colour name or `#rrggbb`, as the terminal styles take."""
    try:
        ok = colour.strip() == colour and " " not in colour and bool(Color.parse(colour))
    except ColorParseError:
        ok = False
    if not ok or colour == "default":
        loader.errors.append(doc.error(path, _(
            "{colour!r} is not a colour (a name such as 'blue' or 'bright_red', or "
            "'#rrggbb')").format(colour=colour)))


def _check_rules(loader: Loader, doc: MarkedDocument, rules: templates.RulesConfig) -> None:
    """The damage-bonus table in order, the level thresholds going up."""
    table = rules.damage_bonus
    last = None
    for i, row in enumerate(table):
        if row.up_to is None and i != len(table) - 1:
            loader.errors.append(doc.error(("damage_bonus", i, "up_to"),
                                           _("only the last row may have up_to: null")))
        if row.up_to is not None and last is not None and row.up_to <= last:
            loader.errors.append(doc.error(("damage_bonus", i, "up_to"),
                                           _("rows must go up in order")))
        last = row.up_to if row.up_to is not None else last
    if table and table[-1].up_to is not None:
        loader.errors.append(doc.error(("damage_bonus",),
                                       _("the last row needs up_to: null")))
    levels = rules.level_thresholds
    if not levels or levels[0] != 0 or levels != sorted(set(levels)):
        loader.errors.append(doc.error(("level_thresholds",),
                                       _("thresholds start at 0 and strictly go up")))


def _check_spell(loader: Loader, doc, sid: str, spell: templates.Spell) -> None:
    ignored = ("effect", spell.effect) if spell.kind in ("damage", "heal") else \
        ("dice", spell.dice)
    if ignored[1] is not None:
        ignores = _("a {kind} spell ignores effect (it uses dice)") \
            if ignored[0] == "effect" else _("a {kind} spell ignores dice (it uses an effect)")
        loader.errors.append(doc.error((sid, ignored[0]), ignores.format(kind=spell.kind),
                                       key=True))
    if spell.kind in ("damage", "heal"):
        if spell.dice is None:
            loader.errors.append(doc.error((sid,), _("{sid}: a {kind} spell needs dice").format(
                sid=sid, kind=spell.kind)))
    else:
        if spell.effect is None:
            loader.errors.append(doc.error((sid,), _(
                "{sid}: a {kind} needs an effect {{stat, amount, turns}}").format(
                    sid=sid, kind=spell.kind)))
            return
        sign_ok = spell.effect.amount > 0 if spell.kind == "buff" else spell.effect.amount < 0
        if not sign_ok:
            sign = _("a {kind}'s amount must be positive") if spell.kind == "buff" \
                else _("a {kind}'s amount must be negative")
            loader.errors.append(doc.error((sid, "effect", "amount"),
                                           sign.format(kind=spell.kind)))


def _check_stat(loader: Loader, doc, path: tuple, stat: str) -> None:
    if stat not in EFFECT_STATS:
        close = difflib.get_close_matches(stat, EFFECT_STATS, n=1)
        problem = _("unknown stat {stat!r}").format(stat=stat)
        if not close:
            problem = _("{problem}; stats: {stats}").format(problem=problem,
                                                           stats=", ".join(EFFECT_STATS))
        loader.errors.append(doc.error(path, did_you_mean(problem,
                                                          close[0] if close else None)))


#: The check of one value, by the Struct (or a base of it) and the field that hold it: run
#: on the value as read, whether or not the rest of its entry is valid.
VALUE_CHECKS = {
    (templates.RulesConfig, "brawl_dice"): _check_dice,
    (templates.RulesConfig, "perfect_die"): _check_dice,
    (templates.DamageBonusRow, "dice"): _check_dice,
    (templates.Weapon, "dice"): _check_dice,
    (templates.Spell, "dice"): _check_dice,
    (templates.EffectSpec, "stat"): _check_stat,
    (templates.UnitTemplate, "glyph"): _check_glyph,
    (templates.ObjectPlacement, "glyph"): _check_object_glyph,
    (templates.PlayerSpec, "colour"): _check_colour,
}


def _value_check(struct: type, field: str) -> Any:
    for base in struct.__mro__:
        check = VALUE_CHECKS.get((base, field))
        if check is not None:
            return check
    return None


def _check_effect(loader: Loader, doc, path: tuple, effect: templates.EffectSpec) -> None:
    """An item's or a weapon's timed effect: a non-zero amount (its stat is a value
    check)."""
    if effect.amount == 0:
        loader.errors.append(doc.error(path + ("amount",), _("an effect of 0 changes nothing")))


def load_scenario(content: Content, path: FsPath, root: FsPath | str = DEFAULT_CONTENT,
                  unread: set[str] | frozenset[str] = frozenset(),
                  texts: list[Forms] | None = None) -> Scenario:
    """Load a scenario and check its map and placements against the content (`unread`:
    content files already reported unreadable, whose ids are not reported missing;
    `texts`: as `load_content_partial`'s)."""
    loader = Loader(FsPath(root))
    loader.invalid |= content.invalid
    loader.unread |= content.unreadable | set(unread)
    doc = loader.read(path)
    scenario = None
    if doc is not None:
        reported = loader.check_values(doc, doc.data, Scenario, ())
        scenario = convert(doc, doc.data, Scenario, (), loader.errors, reported=reported)
    if scenario is not None:
        english_only(scenario, loader.forms)
        _check_scenario(loader, doc, scenario, content=content)
    elif doc is not None and (salvaged := _salvage(doc)) is not None:
        # The rest of a scenario with a bad entry is still checked, in the same run.
        english_only(salvaged[0], loader.forms)
        _check_scenario(loader, doc, *salvaged, content=content)
    if loader.errors or scenario is None:
        raise ContentErrors(loader.errors or [ContentError(str(path), 1, 1,
                                                           _("invalid scenario"))])
    add_content_texts(loader.forms)
    if texts is not None:
        texts.append(loader.forms)
    return scenario


def load_game_content(root: FsPath | str, path: FsPath,
                      texts: list[Forms] | None = None) -> tuple[Content, Scenario]:
    """The content and one scenario of it, for a command that plays it (`script`,
    `simulate`, `odds`...): raise `ContentErrors` listing the errors of both, as
    `validate` lists them. `texts`: as `load_content_partial`'s (the content's, then the
    scenario's)."""
    content, errors = load_content_partial(root, texts)
    try:
        scenario = load_scenario(content, path, root, texts=texts)
    except ContentErrors as exc:
        errors = [*errors, *exc.errors]
    if errors:
        raise ContentErrors(errors)
    return content, scenario


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
                         if not doc.is_broken((name, i)) and _converts(entry, item)]
        kept[name] = [entries[i] for i in indexes[name]]
    try:
        scenario = msgspec.convert(kept, Scenario, strict=True)
    except msgspec.ValidationError:
        return None
    return scenario, indexes


def _converts(data: Any, tp: Any) -> bool:
    try:
        msgspec.convert(data, tp, strict=True)
    except msgspec.ValidationError:
        return False
    return True


class _Places:
    """Where each entry of a scenario stands in its file: a salvaged scenario's bad entries
    are left out, so its n-th character may be the file's (n+1)-th."""

    def __init__(self, indexes: dict[str, list[int]] | None) -> None:
        self.indexes = indexes or {}

    def __call__(self, group: str, i: int) -> int:
        return self.indexes[group][i] if group in self.indexes else i


def _check_scenario(loader: Loader, doc: MarkedDocument, scenario: Scenario,
                    indexes: dict[str, list[int]] | None = None, *,
                    content: Content) -> None:
    """The map and the placements against the content. `indexes`: where each entry of a
    salvaged scenario stands in the file (its bad entries left out)."""
    place = _Places(indexes)
    grid = _check_map(loader, doc, scenario)
    if grid is None:
        return
    _check_doors(loader, doc, scenario, grid, place)
    _check_owners(loader, doc, scenario)
    _check_placements(loader, doc, scenario, grid, place, content)


def _check_map(loader: Loader, doc: MarkedDocument, scenario: Scenario) -> Any:
    """The map's size, its symbols and its rows' widths; the grid read, or None if the map
    is too large to check anything on it."""
    grid = read_map(scenario.map)
    if grid.width > MAX_MAP_SIDE or grid.height > MAX_MAP_SIDE:
        loader.errors.append(doc.error(("map",), _(
            "the map is {width}x{height} squares; at most {most}x{most}").format(
                width=grid.width, height=grid.height, most=MAX_MAP_SIDE)))
        return None
    rows = scenario.map.rstrip("\n").split("\n")
    widths = [len(row) for row in rows]
    usual = max(widths, key=lambda w: (widths.count(w), w))
    if not grid.unknown and all(w == usual for w in widths):
        return grid  # not asked of the document: its marks are only read for an error
    map_line, _col = doc.where(("map",))
    source = doc.text.split("\n")

    def at(y: int, x: int) -> tuple[int, int]:
        # A block scalar's rows start on the line after `map: |`.
        line = map_line + 1 + y
        text = source[line - 1] if line - 1 < len(source) else ""
        return line, len(text) - len(text.lstrip(" ")) + x + 1

    names = {symbol: pgettext("map symbol", SYMBOL_NAMES[name])
             for symbol, name in MAP_SYMBOLS.items()}
    known = ", ".join(f"{symbol!r} {name}" for symbol, name in names.items())
    for (x, y), ch in grid.unknown[:MAX_SYMBOL_ERRORS]:
        loader.errors.append(ContentError(doc.file, *at(y, x), _(
            "unknown map symbol {symbol!r} ({known})").format(symbol=ch, known=known)))
    if len(grid.unknown) > MAX_SYMBOL_ERRORS:
        more = len(grid.unknown) - MAX_SYMBOL_ERRORS
        loader.errors.append(doc.error(("map",), ngettext(
            "{n} more unknown map symbol", "{n} more unknown map symbols", more).format(
                n=more)))
    for y, row in enumerate(rows):
        if len(row) != usual:
            wide = _("map row {y} is {width} squares wide, the others {usual} (the missing "
                     "squares would be holes in the wall)") if len(row) < usual else \
                _("map row {y} is {width} squares wide, the others {usual}")
            loader.errors.append(ContentError(doc.file, *at(y, min(len(row), usual)),
                                              wide.format(y=y, width=len(row), usual=usual)))
    return grid


def _check_doors(loader: Loader, doc: MarkedDocument, scenario: Scenario, grid: Any,
                 place: _Places) -> None:
    """Each door listed stands on a door of the map, listed once."""
    seen: set[tuple[int, int]] = set()
    for i, spec in enumerate(scenario.doors):
        path = ("doors", place("doors", i), "at")
        pos = (spec.at[0], spec.at[1])
        if pos not in grid.doors:
            loader.errors.append(doc.error(path, _(
                "there is no door at {x},{y} on the map ('+' or '/')").format(x=pos[0],
                                                                              y=pos[1])))
        elif pos in seen:
            loader.errors.append(doc.error(path, _(
                "the door at {x},{y} is already listed").format(x=pos[0], y=pos[1])))
        seen.add(pos)


def _check_owners(loader: Loader, doc: MarkedDocument, scenario: Scenario) -> None:
    """At least one character, and each player owns one."""
    if not scenario.characters:
        loader.errors.append(doc.error(("characters",), _(
            "a scenario needs at least one character (players play characters)")))
    elif len(scenario.characters) == len(doc.data["characters"]):
        # (with a bad character left out, whom it belongs to is not known: not reported)
        owners = {p.owner for p in scenario.characters}
        for number, player in enumerate(scenario.players, 1):
            if number not in owners:
                loader.errors.append(doc.error(("players", number - 1), _(
                    "player {number} ({name}) owns no character").format(number=number,
                                                                        name=player.name)))


def _check_placements(loader: Loader, doc: MarkedDocument, scenario: Scenario, grid: Any,
                      place: _Places, content: Content) -> None:
    """Each unit and object: a unique id, a known template and armour, an owner that is a
    player, a free square on the map."""
    taken: dict[tuple[int, int], str] = {}
    ids: set[str] = set()
    groups = (("characters", scenario.characters, content.characters),
              ("creatures", scenario.creatures, content.creatures),
              ("objects", scenario.objects, None))
    for group, placements, catalog in groups:
        for i, p in enumerate(placements):
            base = (group, place(group, i))
            if p.id in ids:
                loader.errors.append(doc.error(base + ("id",),
                                               _("duplicate id {id!r}").format(id=p.id)))
            ids.add(p.id)
            if catalog is not None:
                loader.ref(doc, base + ("template",), p.template, catalog,
                           group[:-1] + " template")
                _check_owner(loader, doc, base, group, p.owner, len(scenario.players))
            else:
                for ref in content_references(p, content):
                    loader.ref(doc, base + ref.field, ref.id, getattr(content, ref.table),
                               ENTRY_NAMES[ref.table])
            _check_square(loader, doc, base + ("at",), p.id, (p.at[0], p.at[1]), grid, taken)


def _check_owner(loader: Loader, doc: MarkedDocument, base: tuple, group: str,
                 owner: int | None, players: int) -> None:
    if group == "characters" and owner is None:
        loader.errors.append(doc.error(base, placed(base, _(
            "a character needs an owner (player number)"))))
    if owner is not None and not 1 <= owner <= players:
        loader.errors.append(doc.error(base + ("owner",), _(
            "owner {owner} is not a player (1 to {players})").format(owner=owner,
                                                                     players=players)))


def _check_square(loader: Loader, doc: MarkedDocument, path: tuple, uid: str,
                  pos: tuple[int, int], grid: Any, taken: dict[tuple[int, int], str]) -> None:
    """A unit's or an object's square: on the map, not a wall or a door, nobody else's."""
    x, y = pos
    if not (0 <= x < grid.width and 0 <= y < grid.height):
        loader.errors.append(doc.error(path, _(
            "{x},{y} is off the {width}x{height} map").format(x=x, y=y, width=grid.width,
                                                              height=grid.height)))
    elif what := grid.blocker(pos):
        loader.errors.append(doc.error(path, _(STANDS_ON[what]).format(uid=uid, x=x, y=y)))
    elif pos in taken:
        loader.errors.append(doc.error(path, _("{uid} overlaps {other} at {x},{y}").format(
            uid=uid, other=taken[pos], x=x, y=y)))
    else:
        taken[pos] = uid


#: A unit or object placed where a map's square keeps it from standing
#: (`MapGrid.blocker`), by what is there.
STANDS_ON = {"a wall": N_("{uid} stands on a wall at {x},{y}"),
             "a closed door": N_("{uid} stands on a closed door at {x},{y}")}

#: `MAP_SYMBOLS`' names, for the catalog (a map's floor is not a roll's).
SYMBOL_NAMES = {"wall": NP_("map symbol", "wall"), "floor": NP_("map symbol", "floor"),
                "closed door": NP_("map symbol", "closed door"),
                "open door": NP_("map symbol", "open door")}
