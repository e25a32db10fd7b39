"""The translation catalogs: extract the messages from the code, merge them into each
language's `.po`, compile the `.mo` that is read at run time, and check that all agree.

Pure Python (ast + the GNU formats), so neither babel nor the gettext tools are needed:
`python -m game.i18n update` does extract + merge + compile, `python -m game.i18n check`
lists what is missing, obsolete, untranslated or fuzzy (exit 1) and whether the `.pot` and
`.mo` are stale.

What is extracted: the string literals given to `_`, `N_`, `ngettext` and `pgettext` (by
those names, called bare or as an attribute) in every `game/**.py`, the engine's `N_` of
`game/rules/errors.py` included. Messages come sorted by source file, then line of first
use. References name the file only, without the line (as `msgmerge --add-location=file`):
a line number would make the catalog stale each time code above a message moves, and two
branches editing different files would still collide on the catalog.
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field
from pathlib import Path
from string import Formatter

DOMAIN = "escarmouche"
PACKAGE_DIR = Path(__file__).resolve().parent.parent  # game/
SOURCE_ROOT = PACKAGE_DIR.parent  # what references are relative to
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
TRANSLATED = ("fr",)

PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);"}

# The marking functions and where their literals sit: (context arg, singular, plural).
KEYWORDS: dict[str, tuple[int | None, int, int | None]] = {
    "_": (None, 0, None),
    "N_": (None, 0, None),
    "ngettext": (None, 0, 1),
    "pgettext": (0, 1, None),
}


@dataclass
class Message:
    """One catalog entry; `msgstr` holds one text per plural form (one if no plural)."""

    msgid: str
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: list[str] = field(default_factory=lambda: [""])
    references: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)  # translator comments ("# …")
    obsolete: bool = False

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.msgctxt, self.msgid)

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        return all(self.msgstr) and not self.fuzzy


class CatalogError(Exception):
    """A source file or `.po` the tooling cannot read; the message names file and line."""


# --- extraction -------------------------------------------------------------------------


def _callee(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def _literal(node: ast.Call, index: int | None) -> str | None:
    if index is None or index >= len(node.args):
        return None
    arg = node.args[index]
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value
    return None


def source_files(package_dir: Path = PACKAGE_DIR) -> list[Path]:
    return sorted(
        (p for p in package_dir.rglob("*.py") if ".venv" not in p.parts),
        key=lambda p: p.relative_to(package_dir.parent).as_posix(),
    )


def extract_file(path: Path, root: Path = SOURCE_ROOT) -> list[tuple[int, Message]]:
    """The marked messages of one file, with the line each one is on."""
    ref = path.relative_to(root).as_posix()
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=ref)
    except SyntaxError as error:
        raise CatalogError(f"{ref}:{error.lineno}: {error.msg}") from None
    found: list[tuple[int, Message]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _callee(node)
        if name not in KEYWORDS:
            continue
        ctxt_at, singular_at, plural_at = KEYWORDS[name]
        msgid = _literal(node, singular_at)
        if msgid is None:
            continue  # a variable: its literal was marked where it was defined (N_)
        msgctxt = _literal(node, ctxt_at)
        if ctxt_at is not None and msgctxt is None:
            continue
        plural = _literal(node, plural_at)
        if plural_at is not None and plural is None:
            continue
        found.append(
            (
                node.lineno,
                Message(
                    msgid=msgid,
                    msgid_plural=plural,
                    msgctxt=msgctxt,
                    msgstr=["", ""] if plural is not None else [""],
                    references=[ref],
                ),
            )
        )
    found.sort(key=lambda item: (item[0], item[1].msgid))
    return found


def _brace_format(message: Message) -> bool:
    return bool(placeholders(message.msgid) or placeholders(message.msgid_plural or ""))


def extract(package_dir: Path = PACKAGE_DIR) -> list[Message]:
    """Every marked message of the package, once each, in order of first use."""
    root = package_dir.parent
    messages: dict[tuple[str | None, str], Message] = {}
    for path in source_files(package_dir):
        for _line, message in extract_file(path, root):
            known = messages.get(message.key)
            if known is None:
                if _brace_format(message):
                    message.flags.append("python-brace-format")
                messages[message.key] = message
                continue
            if known.msgid_plural is None and message.msgid_plural is not None:
                known.msgid_plural = message.msgid_plural
                known.msgstr = ["", ""]
            for ref in message.references:
                if ref not in known.references:
                    known.references.append(ref)
    return list(messages.values())


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


# --- the PO format ----------------------------------------------------------------------

_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}
_UNESCAPES = {"\\": "\\", '"': '"', "n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b",
              "f": "\f", "v": "\v"}


def _quote(text: str) -> str:
    return '"' + "".join(_ESCAPES.get(ch, ch) for ch in text) + '"'


def _unquote(token: str, where: str) -> str:
    token = token.strip()
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise CatalogError(f"{where}: expected a quoted string, got {token!r}")
    body, out, i = token[1:-1], [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            if nxt not in _UNESCAPES:
                raise CatalogError(f"{where}: unknown escape \\{nxt}")
            out.append(_UNESCAPES[nxt])
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def _write_string(keyword: str, text: str, prefix: str = "") -> list[str]:
    lines = text.splitlines(keepends=True)
    if len(lines) <= 1:
        return [f"{prefix}{keyword} {_quote(text)}"]
    return [f"{prefix}{keyword} \"\""] + [f"{prefix}{_quote(line)}" for line in lines]


def format_po(header: str, messages: list[Message], header_flags: tuple[str, ...] = ()) -> str:
    """The text of a `.po`/`.pot`: the header entry, then every message in the given order."""
    out: list[str] = []
    if header_flags:
        out.append("#, " + ", ".join(header_flags))
    out += _write_string("msgid", "") + _write_string("msgstr", header)
    for message in messages:
        prefix = "#~ " if message.obsolete else ""
        out.append("")
        out += [f"# {c}" if c else "#" for c in message.comments]
        if message.references and not message.obsolete:
            out.append("#: " + " ".join(message.references))
        if message.flags:
            out.append("#, " + ", ".join(message.flags))
        if message.msgctxt is not None:
            out += _write_string("msgctxt", message.msgctxt, prefix)
        out += _write_string("msgid", message.msgid, prefix)
        if message.msgid_plural is not None:
            out += _write_string("msgid_plural", message.msgid_plural, prefix)
            for n, text in enumerate(message.msgstr):
                out += _write_string(f"msgstr[{n}]", text, prefix)
        else:
            out += _write_string("msgstr", message.msgstr[0], prefix)
    return "\n".join(out) + "\n"


def parse_po(text: str, name: str = "<po>") -> tuple[str, list[Message]]:
    """The header (msgstr of the empty msgid) and the messages of a `.po`/`.pot` text."""
    header: str | None = None
    messages: list[Message] = []
    current: Message | None = None
    pending: dict = {"comments": [], "references": [], "flags": []}
    strings: dict[str, str] = {}
    last: str | None = None
    seen_msgstr = False
    obsolete = False

    def flush() -> None:
        nonlocal header, current, strings, last, seen_msgstr, obsolete, pending
        if "msgid" in strings:
            plural_keys = sorted(
                (k for k in strings if k.startswith("msgstr[")), key=lambda k: int(k[7:-1])
            )
            msgstr = [strings[k] for k in plural_keys] or [strings.get("msgstr", "")]
            if strings["msgid"] == "" and "msgctxt" not in strings:
                header = msgstr[0]
            else:
                messages.append(
                    Message(
                        msgid=strings["msgid"],
                        msgid_plural=strings.get("msgid_plural"),
                        msgctxt=strings.get("msgctxt"),
                        msgstr=msgstr,
                        references=pending["references"],
                        flags=pending["flags"],
                        comments=pending["comments"],
                        obsolete=obsolete,
                    )
                )
        pending = {"comments": [], "references": [], "flags": []}
        strings, last, seen_msgstr, obsolete = {}, None, False, False

    for number, raw in enumerate(text.splitlines(), start=1):
        where = f"{name}:{number}"
        line = raw.strip()
        if not line:
            if strings:
                flush()
            continue
        if line.startswith("#~"):
            line = line[2:].strip()
            if not line or line.startswith("#"):
                continue
            if seen_msgstr and not line.startswith('"') and not line.startswith("msgstr"):
                flush()
            obsolete = True
        elif line.startswith("#"):
            if seen_msgstr:
                flush()
            if line.startswith("#:"):
                pending["references"] += line[2:].split()
            elif line.startswith("#,"):
                pending["flags"] += [f.strip() for f in line[2:].split(",") if f.strip()]
            elif line.startswith("#.") or line.startswith("#|"):
                pass
            else:
                pending["comments"].append(line[1:].removeprefix(" "))
            continue
        if line.startswith('"'):
            if last is None:
                raise CatalogError(f"{where}: a string continues nothing")
            strings[last] += _unquote(line, where)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword in ("msgctxt", "msgid") and seen_msgstr:
            flush()
        if keyword not in ("msgctxt", "msgid", "msgid_plural", "msgstr") and not (
            keyword.startswith("msgstr[") and keyword.endswith("]") and keyword[7:-1].isdigit()
        ):
            raise CatalogError(f"{where}: unknown keyword {keyword!r}")
        if keyword in strings:
            raise CatalogError(f"{where}: {keyword} twice in one entry")
        strings[keyword] = _unquote(rest, where)
        last = keyword
        seen_msgstr = seen_msgstr or keyword.startswith("msgstr")
    flush()
    return header or "", messages


def header_fields(header: str) -> dict[str, str]:
    fields = {}
    for line in header.splitlines():
        key, sep, value = line.partition(":")
        if sep:
            fields[key.strip()] = value.strip()
    return fields


def _header(language: str | None) -> str:
    lines = [
        "Project-Id-Version: escarmouche",
        f"Language: {language or ''}",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: 8bit",
        "Plural-Forms: "
        + (PLURAL_FORMS[language] if language else "nplurals=INTEGER; plural=EXPRESSION;"),
    ]
    return "".join(line + "\n" for line in lines)


def nplurals(header: str) -> int:
    forms = header_fields(header).get("Plural-Forms", "nplurals=2;")
    for part in forms.split(";"):
        key, _, value = part.partition("=")
        if key.strip() == "nplurals" and value.strip().isdigit():
            return int(value)
    return 2


# --- merge, compile, check --------------------------------------------------------------


def merge(template: list[Message], old: list[Message], n_plurals: int = 2,
          keep_obsolete: bool = True) -> list[Message]:
    """The `.po` messages for `template`, keeping the translations of `old` (like msgmerge).

    A message whose msgid left the code becomes obsolete (`#~`, kept at the end) unless
    `keep_obsolete` is false, so a reworded English text does not lose its translation
    silently: the translator moves it over and deletes the obsolete one.
    """
    by_key = {m.key: m for m in old if not m.obsolete}
    obsolete_by_key = {m.key: m for m in old if m.obsolete}
    merged: list[Message] = []
    for message in template:
        known = by_key.pop(message.key, None) or obsolete_by_key.pop(message.key, None)
        new = Message(
            msgid=message.msgid,
            msgid_plural=message.msgid_plural,
            msgctxt=message.msgctxt,
            references=list(message.references),
            flags=list(message.flags),
        )
        if message.msgid_plural is not None:
            new.msgstr = [""] * n_plurals
        if known is not None:
            new.comments = list(known.comments)
            if (known.msgid_plural is None) == (message.msgid_plural is None):
                new.msgstr = (list(known.msgstr) + [""] * n_plurals)[: len(new.msgstr)]
                if known.fuzzy or (known.msgid_plural != message.msgid_plural):
                    new.flags.append("fuzzy")
            elif any(known.msgstr):
                # singular became plural or back: a starting point for the translator
                new.msgstr = [known.msgstr[0]] * len(new.msgstr)
                new.flags.append("fuzzy")
        merged.append(new)
    if keep_obsolete:
        for message in list(by_key.values()) + list(obsolete_by_key.values()):
            if any(message.msgstr):
                merged.append(
                    Message(
                        msgid=message.msgid,
                        msgid_plural=message.msgid_plural,
                        msgctxt=message.msgctxt,
                        msgstr=list(message.msgstr),
                        comments=list(message.comments),
                        obsolete=True,
                    )
                )
    return merged


def compile_mo(header: str, messages: list[Message]) -> bytes:
    """The GNU `.mo` of a catalog: translated, non-fuzzy, non-obsolete messages only.

    Same layout as CPython's Tools/i18n/msgfmt.py: sorted keys, no hash table (gettext
    readers search the sorted table).
    """
    entries: dict[bytes, bytes] = {b"": header.encode("utf-8")}
    for m in messages:
        if m.obsolete or not m.translated:
            continue
        key = m.msgid if m.msgid_plural is None else m.msgid + "\0" + m.msgid_plural
        if m.msgctxt is not None:
            key = m.msgctxt + "\x04" + key
        entries[key.encode("utf-8")] = "\0".join(m.msgstr).encode("utf-8")
    keys = sorted(entries)
    ids = strs = b""
    offsets = []
    for key in keys:
        offsets.append((len(ids), len(key), len(strs), len(entries[key])))
        ids += key + b"\0"
        strs += entries[key] + b"\0"
    count = len(keys)
    ids_start = 7 * 4 + count * 16
    strs_start = ids_start + len(ids)
    koffsets: list[int] = []
    voffsets: list[int] = []
    for id_off, id_len, str_off, str_len in offsets:
        koffsets += [id_len, ids_start + id_off]
        voffsets += [str_len, strs_start + str_off]
    return (
        struct.pack("Iiiiiii", 0x950412DE, 0, count, 7 * 4, 7 * 4 + count * 8, 0, 0)
        + struct.pack(f"{len(koffsets)}i", *koffsets)
        + struct.pack(f"{len(voffsets)}i", *voffsets)
        + ids
        + strs
    )


def pot_path(locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / f"{DOMAIN}.pot"


def po_path(language: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def pot_text(messages: list[Message]) -> str:
    return format_po(_header(None), messages, header_flags=("fuzzy",))


def _write(path: Path, data: bytes) -> bool:
    """Write `data` if it differs; True when the file changed."""
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(path.name + ".tmp")
    temp.write_bytes(data)
    temp.replace(path)
    return True


def read_po(path: Path) -> tuple[str, list[Message]]:
    return parse_po(path.read_text(encoding="utf-8"), name=path.as_posix())


def update(package_dir: Path = PACKAGE_DIR, locale_dir: Path = LOCALE_DIR,
           languages: tuple[str, ...] = TRANSLATED, keep_obsolete: bool = True) -> list[Path]:
    """Extract, merge into each language's `.po`, compile its `.mo`; the files changed."""
    template = extract(package_dir)
    changed = []
    if _write(pot_path(locale_dir), pot_text(template).encode("utf-8")):
        changed.append(pot_path(locale_dir))
    for language in languages:
        po = po_path(language, locale_dir)
        header, old = read_po(po) if po.exists() else (_header(language), [])
        merged = merge(template, old, nplurals(header), keep_obsolete)
        if _write(po, format_po(header, merged).encode("utf-8")):
            changed.append(po)
        if _write(mo_path(language, locale_dir), compile_mo(header, merged)):
            changed.append(mo_path(language, locale_dir))
    return changed


def problems(package_dir: Path = PACKAGE_DIR, locale_dir: Path = LOCALE_DIR,
             languages: tuple[str, ...] = TRANSLATED) -> list[str]:
    """Everything `check` reports, one line each; empty when the catalogs are complete."""
    template = extract(package_dir)
    found: list[str] = []
    pot = pot_path(locale_dir)
    if not pot.exists() or pot.read_text(encoding="utf-8") != pot_text(template):
        found.append(f"{pot.name} is stale: run `python -m game.i18n update`")
    for language in languages:
        po = po_path(language, locale_dir)
        if not po.exists():
            found.append(f"{language}: no {po.name}: run `python -m game.i18n update`")
            continue
        header, messages = read_po(po)
        live = {m.key: m for m in messages if not m.obsolete}

        def show(m: Message) -> str:
            return (f"[{m.msgctxt}] " if m.msgctxt else "") + repr(m.msgid)

        for m in template:
            if m.key not in live:
                found.append(f"{language}: missing {show(m)} ({', '.join(m.references)})")
        wanted = {m.key for m in template}
        for m in messages:
            if m.obsolete or m.key not in wanted:
                found.append(f"{language}: obsolete {show(m)}")
            elif m.fuzzy:
                found.append(f"{language}: fuzzy {show(m)}")
            elif not all(m.msgstr):
                found.append(f"{language}: untranslated {show(m)}")
            elif m.msgid_plural is not None and len(m.msgstr) != nplurals(header):
                found.append(f"{language}: {show(m)} needs {nplurals(header)} plural forms")
            else:
                wanted_fields = placeholders(m.msgid) | placeholders(m.msgid_plural or "")
                for text in m.msgstr:
                    if placeholders(text) != wanted_fields:
                        found.append(
                            f"{language}: {show(m)} has fields {sorted(placeholders(text))}, "
                            f"the English {sorted(wanted_fields)}"
                        )
                        break
        mo = mo_path(language, locale_dir)
        if not mo.exists() or mo.read_bytes() != compile_mo(header, messages):
            found.append(f"{language}: {mo.name} is stale: run `python -m game.i18n update`")
    return found
