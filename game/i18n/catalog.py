"""The translation catalogs: extract the messages from the code, merge them into each
language's `.po`, compile the `.mo` that is read at run time, and check that all agree.

Babel does the gettext work (extraction, the PO and MO formats, the merge); it is a
development tool (the `test` extra): the game reads the `.mo` with the standard library's
`gettext`. `python -m game.i18n update` does extract + merge + compile, `python -m game.i18n
check` lists what is missing, obsolete, untranslated or fuzzy, a translation whose fields
differ from its English (exit 1), and whether the `.pot` and `.mo` are stale.

What is extracted: the string literals given to `_`, `N_`, `ngettext`, `NN_`, `pgettext`,
`NP_` and `agreed` (by those names, called bare or as an attribute) in every `game/**.py`,
the engine's `N_` of `game/rules/errors.py` included, with the `# Translators:` comment
above a call. Messages come sorted by source file, then line of first use. References name
the file only, without the line (as `msgmerge --add-location=file`): a line number would
make the catalog stale each time code above a message moves, and two branches editing
different files would still collide on the catalog. A file is written only when what it
says changes (its dates aside), so `update` on an unchanged tree changes nothing.
"""

from __future__ import annotations

import ast
import datetime
import io
from pathlib import Path
from string import Formatter

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract as babel_extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po as babel_read_po, write_po

DOMAIN = "escarmouche"
PACKAGE_DIR = Path(__file__).resolve().parent.parent  # game/
SOURCE_ROOT = PACKAGE_DIR.parent  # what references are relative to
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
TRANSLATED = ("fr",)
#: The plural rule of a new language's `.po` where it is not CLDR's (CLDR gives French a
#: third form for a million; the translators use two).
PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);"}

#: The marking functions and where their literals sit (Babel's keyword specs: the 1-based
#: argument of the text, of its plural, `c` for the context).
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "NN_": (1, 2),
    "pgettext": ((1, "c"), 2),
    "NP_": ((1, "c"), 2),
    # `agreed(gender, message)` and `agreed(gender, singular, plural, n)`: the usual forms
    # (the feminine ones are marked with `NP_`).
    "agreed": {2: (2,), 4: (2, 3)},
}
COMMENT_TAGS = ("Translators:",)

#: What the header says; no release number, so a release does not make the catalogs stale.
PROJECT, VERSION = "escarmouche", "1"
HEADER_COMMENT = "# The messages of Escarmouche: `python -m game.i18n update` writes this file."


class CatalogError(Exception):
    """A source file or `.po` the tooling cannot read; the message names file and line."""


def new_catalog(language: str | None) -> Catalog:
    catalog = Catalog(locale=language, domain=DOMAIN, project=PROJECT, version=VERSION,
                      header_comment=HEADER_COMMENT, fuzzy=language is None)
    if language is not None:  # a new language: the translators fill these in
        catalog.language_team = catalog.last_translator = f"{language} translators of {PROJECT}"
        if language in PLURAL_FORMS:
            catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[language])]
    return catalog


# --- extraction -------------------------------------------------------------------------


def source_files(package_dir: Path = PACKAGE_DIR) -> list[Path]:
    return sorted(
        (p for p in package_dir.rglob("*.py") if ".venv" not in p.parts),
        key=lambda p: p.relative_to(package_dir.parent).as_posix(),
    )


def extract_file(path: Path, root: Path = SOURCE_ROOT) -> list[tuple[int, Message]]:
    """The marked messages of one file, with the line each one is on, in line order."""
    ref = path.relative_to(root).as_posix()
    source = path.read_bytes()
    try:
        ast.parse(source, filename=ref)  # Babel's tokenizer would read past an error
    except SyntaxError as error:
        raise CatalogError(f"{ref}:{error.lineno}: {error.msg}") from None
    found = []
    for lineno, text, comments, context in babel_extract(
        "python", io.BytesIO(source), keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
        strip_comment_tags=False,
    ):
        notes = [" ".join(comments)] if comments else []
        found.append((lineno, Message(text, locations=[(ref, None)], auto_comments=notes,
                                      context=context)))
    found.sort(key=lambda item: (item[0], _singular(item[1])))
    return found


def _singular(message: Message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def extract(package_dir: Path = PACKAGE_DIR) -> Catalog:
    """Every marked message of the package, once each, in order of first use (the
    template: no language, no translation)."""
    template = new_catalog(None)
    for path in source_files(package_dir):
        for _line, message in extract_file(path, package_dir.parent):
            template[message.id] = message  # a second use adds its file and note
    return template


def placeholders(text: str) -> set[str]:
    """The named fields of a `str.format` text (`{unit}`, `{n:+d}` → unit, n)."""
    names: set[str] = set()
    try:
        for _literal_text, name, spec, _conv in Formatter().parse(text):
            if name is not None:
                names.add(name.split(".")[0].split("[")[0])
            if spec:
                names |= placeholders(spec)
    except ValueError:
        pass  # a lone brace: not a format text
    return names


def texts(value: str | tuple[str, ...] | list[str]) -> list[str]:
    """A message's id or string as a list (one per plural form)."""
    return [value] if isinstance(value, str) else list(value)


def translated(message: Message) -> bool:
    return all(texts(message.string)) and not message.fuzzy


# --- files ------------------------------------------------------------------------------


def pot_path(locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / f"{DOMAIN}.pot"


def po_path(language: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def parse_po(data: bytes, name: str = "<po>", language: str | None = None) -> Catalog:
    """The text of a `.po` or `.pot` as a catalog; `CatalogError` naming the file and line
    if it is not one."""
    try:
        return babel_read_po(io.BytesIO(data), locale=language, domain=DOMAIN,
                             abort_invalid=True)
    except PoFileError as error:
        raise CatalogError(f"{name}:{error.lineno + 1}: {error}") from None
    except (UnicodeDecodeError, ValueError) as error:
        raise CatalogError(f"{name}: {error}") from None


def read_po(path: Path, language: str | None = None) -> Catalog:
    return parse_po(path.read_bytes(), path.as_posix(), language)


def po_bytes(catalog: Catalog, keep_obsolete: bool = True) -> bytes:
    """The text of a `.po`/`.pot`: the header, then every message in the catalog's order,
    obsolete ones (`#~`) last; no line wrapping, references without line numbers."""
    out = io.BytesIO()
    write_po(out, catalog, width=0, include_lineno=False, ignore_obsolete=not keep_obsolete)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    """The GNU `.mo` of a catalog: translated, non-fuzzy, non-obsolete messages only."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def _dated_like(catalog: Catalog, path: Path) -> bytes:
    """The catalog's text with the dates of the file at `path` (if it reads), so that the
    bytes compare equal when nothing but the dates would change."""
    try:
        old = read_po(path)
    except (OSError, CatalogError):
        return po_bytes(catalog)
    catalog.creation_date, catalog.revision_date = old.creation_date, old.revision_date
    return po_bytes(catalog)


def is_current(catalog: Catalog, path: Path) -> bool:
    """Whether the file at `path` says what `catalog` says (its dates aside)."""
    return path.exists() and _dated_like(catalog, path) == path.read_bytes()


def _write(path: Path, data: bytes) -> bool:
    """Write `data` if it differs; True when the file changed."""
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(path.name + ".tmp")
    temp.write_bytes(data)
    temp.replace(path)
    return True


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc).replace(second=0, microsecond=0)


# --- merge, compile, check --------------------------------------------------------------


def merge(template: Catalog, old: Catalog) -> Catalog:
    """`old` updated to `template` (as msgmerge does, without guessing): translations kept,
    a message whose plural or singular-ness changed marked fuzzy, a message that left the
    code obsolete (`#~`) so a reworded English text does not lose its translation silently
    (the translator moves it over and deletes the obsolete one), an obsolete one that came
    back live again."""
    for key, message in list(old.obsolete.items()):
        if template.get(_singular(message), message.context) is not None:
            del old.obsolete[key]
            old[message.id] = message
    plurals = {(_singular(m), m.context): m.id for m in old if m.id}
    old.update(template, no_fuzzy_matching=True, update_header_comment=True,
               update_creation_date=True)
    old.project, old.version = template.project, template.version
    for message in old:
        before = plurals.get((_singular(message), message.context))
        if message.id and before is not None and before != message.id:
            message.flags.add("fuzzy")  # same singular, another plural
    return old


def update(package_dir: Path = PACKAGE_DIR, locale_dir: Path = LOCALE_DIR,
           languages: tuple[str, ...] = TRANSLATED, keep_obsolete: bool = True) -> list[Path]:
    """Extract, merge into each language's `.po`, compile its `.mo`; the files changed."""
    template = extract(package_dir)
    changed = []
    pot = pot_path(locale_dir)
    if not is_current(template, pot):
        template.creation_date = _now()
        _write(pot, po_bytes(template))
        changed.append(pot)
    for language in languages:
        po = po_path(language, locale_dir)
        old = read_po(po, language) if po.exists() else new_catalog(language)
        merged = merge(template, old)
        if not keep_obsolete:
            merged.obsolete.clear()
        if not is_current(merged, po):
            merged.creation_date, merged.revision_date = template.creation_date, _now()
            _write(po, po_bytes(merged))
            changed.append(po)
        if _write(mo_path(language, locale_dir), mo_bytes(merged)):
            changed.append(mo_path(language, locale_dir))
    return changed


def _show(message: Message) -> str:
    return (f"[{message.context}] " if message.context else "") + repr(_singular(message))


def problems(package_dir: Path = PACKAGE_DIR, locale_dir: Path = LOCALE_DIR,
             languages: tuple[str, ...] = TRANSLATED) -> list[str]:
    """Everything `check` reports, one line each; empty when the catalogs are complete."""
    template = extract(package_dir)
    found: list[str] = []
    pot = pot_path(locale_dir)
    if not is_current(template, pot):
        found.append(f"{pot.name} is stale: run `python -m game.i18n update`")
    for language in languages:
        po = po_path(language, locale_dir)
        if not po.exists():
            found.append(f"{language}: no {po.name}: run `python -m game.i18n update`")
            continue
        catalog = read_po(po, language)
        for m in template:
            if m.id and catalog.get(_singular(m), m.context) is None:
                refs = ", ".join(file for file, _line in m.locations)
                found.append(f"{language}: missing {_show(m)} ({refs})")
        for m in catalog.obsolete.values():
            found.append(f"{language}: obsolete {_show(m)}")
        for m in catalog:
            if not m.id:
                continue  # the header
            if template.get(_singular(m), m.context) is None:
                found.append(f"{language}: obsolete {_show(m)}")
            elif m.fuzzy:
                found.append(f"{language}: fuzzy {_show(m)}")
            elif not all(texts(m.string)):
                found.append(f"{language}: untranslated {_show(m)}")
            elif m.pluralizable and len(m.string) != catalog.num_plurals:
                found.append(f"{language}: {_show(m)} needs {catalog.num_plurals} plural forms")
            else:
                english = set().union(*map(placeholders, texts(m.id)))
                for text in texts(m.string):
                    if placeholders(text) != english:
                        found.append(f"{language}: {_show(m)} has fields "
                                     f"{sorted(placeholders(text))}, the English {sorted(english)}")
                        break
        mo = mo_path(language, locale_dir)
        if not mo.exists() or mo.read_bytes() != mo_bytes(catalog):
            found.append(f"{language}: {mo.name} is stale: run `python -m game.i18n update`")
    return found
