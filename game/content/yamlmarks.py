"""Safe YAML reading that keeps where every key and value came from.

PyYAML's composer gives nodes with marks; this module turns them into plain Python values
and a map from each value's path (`("weapons", "sword", "dice")`) to its line and column,
while refusing duplicate keys and any tag the safe loader does not know.

A content file is untrusted: before anything is built, a pass over the parser's events
bounds its nesting depth and its number of values (the composer recurses once per level),
and building bounds what aliases expand to (a "billion laughs" document is a few lines)
and refuses an alias inside the value it names (`loop: &l [*l]`). Each is reported as a
`file:line:col` error like any other.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from string import Formatter
from typing import Any

import yaml

from game.i18n import N_, _, format_decimal

Path = tuple[Any, ...]
# libyaml's composer when present: same nodes and marks, several times faster.
_COMPOSER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_STANDARD = "tag:yaml.org,2002:"
_SAFE_TAGS = {_STANDARD + t for t in ("map", "seq", "str", "int", "float", "bool", "null",
                                        "timestamp", "binary")}
#: Far deeper than any content file needs (about 5 levels).
MAX_DEPTH = 32
#: Values in one file (keys count), aliases expanded: the shipped content has about 2,000
#: in all; this bound keeps `validate` of any file within its time and memory aims.
MAX_VALUES = 50_000
_OPENERS = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_CLOSERS = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
_VALUES = (yaml.ScalarEvent, yaml.AliasEvent, *_OPENERS)


class _Refused(Exception):
    """Building stopped at a node: an alias loop or too many values."""

    def __init__(self, node: yaml.Node, message: str) -> None:
        super().__init__(message)
        self.node = node
        self.message = message


@dataclass(frozen=True, order=True)
class ContentError:
    """One problem in a content file, printed as `file:line:col: message`."""

    file: str
    line: int
    col: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.message}"


class ContentErrors(Exception):
    """Every problem found in a run, not only the first."""

    def __init__(self, errors: list[ContentError]) -> None:
        super().__init__("\n".join(map(str, errors)))
        self.errors = sorted(errors)


@dataclass
class MarkedDocument:
    """A YAML file's data with the (line, col) of each path's value and key (1-based)."""

    file: str
    data: Any
    values: dict[Path, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Path, tuple[int, int]] = field(default_factory=dict)
    text: str = ""
    #: Paths whose value could not be read (bad tag, bad key): not validated further.
    broken: set[Path] = field(default_factory=set)
    #: False when read by the fast path (`read_yaml`): `values` and `keys` are then filled
    #: from `text` by the marked reader the first time a mark is asked for.
    marked: bool = True

    def _marks(self) -> None:
        if not self.marked:
            again, _errors = _read_marked(self.text, self.file)
            self.values, self.keys, self.marked = again.values, again.keys, True

    def is_broken(self, path: Path) -> bool:
        return any(path == b[: len(path)] for b in self.broken)

    def where(self, path: Path, key: bool = False) -> tuple[int, int]:
        """The mark of `path`, or of its nearest ancestor that has one."""
        self._marks()
        table = self.keys if key else self.values
        path = tuple(path)
        while path:
            if path in table:
                return table[path]
            if key and path in self.values:
                return self.values[path]
            path = path[:-1]
        return self.values.get((), (1, 1))

    def error(self, path: Path, message: str, key: bool = False) -> ContentError:
        line, col = self.where(path, key)
        return ContentError(self.file, line, col, message)


def _mark(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


class _Slow(Exception):
    """The fast path met something only the marked reader reports or builds as it should."""


_MAP, _SEQ, _STR = _STANDARD + "map", _STANDARD + "seq", _STANDARD + "str"
_SCALAR_TAGS = _SAFE_TAGS - {_MAP, _SEQ}
_NO_KEY = object()


def _read_fast(text: str, file: str) -> MarkedDocument | None:
    """The document's data without its marks (filled in when first asked for), built in one
    pass over libyaml's events; None when only the marked reader can read it as it should
    or report what is wrong: a tag outside `_SAFE_TAGS` (a merge key `<<` among them), an
    alias (the marked reader expands each one, bounded), a key that is not a plain name, a
    duplicate key, a value Python cannot read, more than one document or none, too many
    values or levels."""
    loader = _COMPOSER(text)
    try:
        return MarkedDocument(file, _build_events(loader), text=text, marked=False)
    except (_Slow, yaml.YAMLError, ValueError, OverflowError, TypeError):
        return None
    finally:
        loader.dispose()


def _build_events(loader: Any) -> Any:
    get_event, resolve = loader.get_event, loader.resolve
    constructors = loader.yaml_constructors
    scalar, mapping_start, sequence_start = (yaml.ScalarEvent, yaml.MappingStartEvent,
                                             yaml.SequenceStartEvent)
    closers, document_start = _CLOSERS, yaml.DocumentStartEvent
    stream_end = yaml.StreamEndEvent
    # Each open collection: [the collection, the key waiting for its value (maps)].
    stack: list[list] = []
    root: Any = _NO_KEY
    documents = values = 0
    while True:
        event = get_event()
        kind = type(event)
        if kind is scalar:
            tag = event.tag
            if tag is None or tag == "!":
                tag = resolve(yaml.ScalarNode, event.value, event.implicit)
            if tag == _STR:
                value = event.value
            elif tag in _SCALAR_TAGS:
                value = constructors[tag](loader, yaml.ScalarNode(tag, event.value,
                                                                  style=event.style))
            else:
                raise _Slow
        elif kind is mapping_start or kind is sequence_start:
            tag = event.tag
            node = yaml.MappingNode if kind is mapping_start else yaml.SequenceNode
            if tag is None or tag == "!":
                tag = resolve(node, None, event.implicit)
            if tag != (_MAP if kind is mapping_start else _SEQ):
                raise _Slow
            value = {} if kind is mapping_start else []
        elif kind in closers:
            stack.pop()
            continue
        elif kind is document_start:
            documents += 1
            if documents > 1:
                raise _Slow
            continue
        elif kind is stream_end:
            break
        elif kind is yaml.AliasEvent:
            raise _Slow
        else:  # the stream's start, the document's end
            continue
        values += 1
        if values > MAX_VALUES:
            raise _Slow
        if not stack:
            root = value
        else:
            top = stack[-1]
            into = top[0]
            if type(into) is list:
                into.append(value)
            elif top[1] is _NO_KEY:
                if not isinstance(value, (str, int)) or value in into:
                    raise _Slow  # a collection, null or float as a key; a duplicate key
                top[1] = value
            else:
                into[top[1]] = value
                top[1] = _NO_KEY
        if kind is not scalar:
            stack.append([value, _NO_KEY])
            if len(stack) > MAX_DEPTH:
                raise _Slow
    if root is _NO_KEY:
        raise _Slow  # an empty file
    return root


def read_yaml(text: str, file: str) -> tuple[MarkedDocument, list[ContentError]]:
    """Parse one YAML document safely; return its marked data and the errors found.

    Valid YAML takes a fast path (one pass over libyaml's events builds the values; the
    marks are computed only if a later check reports an error); anything else is read, and reported, by the marked
    reader, which checks the size and depth bounds before building anything (the fast
    path checks them as it goes)."""
    doc = _read_fast(text, file)
    return (doc, []) if doc is not None else _read_marked(text, file)


def _read_marked(text: str, file: str) -> tuple[MarkedDocument, list[ContentError]]:
    """`read_yaml` building every value itself, with its marks."""
    doc = MarkedDocument(file, None, text=text)
    errors: list[ContentError] = []
    try:
        too_big = _scan(text, file)
        if too_big:
            return doc, [too_big]
        node = yaml.compose(text, Loader=_COMPOSER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = yaml_words(exc.problem or "")
        if exc.context:
            # Translators: what PyYAML was reading (`while parsing a flow sequence`), then
            # what it found wrong there.
            problem = _("{context} {problem}").format(context=yaml_words(exc.context),
                                                      problem=problem)
        errors.append(ContentError(file, line, col,
                                   _("invalid YAML: {problem}").format(problem=problem)))
        return doc, errors
    except yaml.YAMLError as exc:
        errors.append(ContentError(file, 1, 1,
                                   _("invalid YAML: {problem}").format(problem=exc)))
        return doc, errors
    if node is None:
        errors.append(ContentError(file, 1, 1, _("the file is empty")))
        return doc, errors
    constructor = yaml.SafeLoader("")
    built = 0
    active: set[int] = set()  # the collections being built: an alias to one is a loop

    def build(node: yaml.Node, path: Path) -> Any:
        nonlocal built
        built += 1
        if built > MAX_VALUES:
            raise _Refused(node, _("too many values: aliases expand to more than "
                                   "{most}").format(most=format_decimal(MAX_VALUES, 0)))
        if id(node) in active:
            raise _Refused(node, _("an alias refers to the value that contains it (a loop)"))
        doc.values[path] = _mark(node)
        if node.tag not in _SAFE_TAGS:
            doc.broken.add(path)
            line, col = _mark(node)
            errors.append(ContentError(file, line, col, _(
                "unsafe or unknown YAML tag {tag!r}").format(
                    tag=node.tag.replace(_STANDARD, "!!"))))
            return None
        if isinstance(node, yaml.MappingNode):
            active.add(id(node))
            result: dict = {}
            for key_node, value_node in node.value:
                key = build(key_node, path + ("<key>",))
                if not isinstance(key, (str, int)):
                    doc.broken.add(path)
                    line, col = _mark(key_node)
                    errors.append(ContentError(file, line, col,
                                               _("keys must be plain names")))
                    continue
                if key in result:
                    first = doc.keys[path + (key,)]
                    line, col = _mark(key_node)
                    errors.append(ContentError(file, line, col, _(
                        "duplicate key {key!r} (first at line {line})").format(
                            key=key, line=first[0])))
                    continue
                doc.keys[path + (key,)] = _mark(key_node)
                result[key] = build(value_node, path + (key,))
            doc.values.pop(path + ("<key>",), None)
            active.discard(id(node))
            return result
        if isinstance(node, yaml.SequenceNode):
            active.add(id(node))
            items = [build(item, path + (i,)) for i, item in enumerate(node.value)]
            active.discard(id(node))
            return items
        try:
            return constructor.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, OverflowError) as exc:
            # e.g. an integer of more digits than Python converts
            doc.broken.add(path)
            line, col = _mark(node)
            errors.append(ContentError(file, line, col, _(
                "cannot read this value: {reason}").format(reason=str(exc).split(";")[0])))
            return None

    try:
        doc.data = build(node, ())
    except _Refused as refused:
        line, col = _mark(refused.node)
        doc.data = None
        return doc, [*errors, ContentError(file, line, col, refused.message)]
    return doc, errors


def _scan(text: str, file: str) -> ContentError | None:
    """Too deep or too many values, found on the parser's events before any node is built."""
    depth = values = 0
    for event in yaml.parse(text, Loader=_COMPOSER):
        if isinstance(event, _VALUES):
            values += 1
            if values > MAX_VALUES:
                line, col = event.start_mark.line + 1, event.start_mark.column + 1
                return ContentError(file, line, col, _(
                    "too many values (more than {most} in one file)").format(
                        most=format_decimal(MAX_VALUES, 0)))
        if isinstance(event, _OPENERS):
            depth += 1
            if depth > MAX_DEPTH:
                line, col = event.start_mark.line + 1, event.start_mark.column + 1
                return ContentError(file, line, col, _(
                    "nested more than {most} levels deep").format(most=MAX_DEPTH))
        elif isinstance(event, _CLOSERS):
            depth -= 1
    return None


# --- PyYAML's words ------------------------------------------------------------------------
# PyYAML says what it could not parse in English (`mapping values are not allowed here`):
# the usual ones are said here in the reader's language, the rest as PyYAML says them.

#: PyYAML's contexts and problems, as it writes them.
_YAML_WORDS = {text: text for text in (
    N_("mapping values are not allowed here"),
    N_("while scanning a simple key"),
    N_("could not find expected ':'"),
    N_("while parsing a block mapping"),
    N_("while parsing a block collection"),
    N_("while parsing a flow mapping"),
    N_("while parsing a flow sequence"),
    N_("while parsing a flow node"),
    N_("while parsing a block node"),
    N_("while scanning a quoted scalar"),
    N_("found unexpected end of stream"),
    N_("while scanning a plain scalar"),
    N_("found unexpected ':'"),
    N_("while scanning an alias"),
    N_("while scanning an anchor"),
    N_("while composing a mapping"),
    N_("second occurrence"),
    N_("expected a single document in the stream"),
    N_("but found another document"),
    N_("while scanning for the next token"),
    N_("while parsing a node"),
)}
#: PyYAML's words with a part of the file in them.
_YAML_PATTERNS = (
    (re.compile(r"expected (.+), but found (.+)"),
     N_("expected {expected}, but found {found}")),
    (re.compile(r"expected (.+), but got (.+)"), N_("expected {expected}, but got {found}")),
    (re.compile(r"found undefined alias (.+)"), N_("found undefined alias {alias}")),
    (re.compile(r"found duplicate anchor (.+); first occurrence"),
     N_("found duplicate anchor {anchor}; first occurrence")),
    (re.compile(r"found character (.+) that cannot start any token"),
     N_("found character {char} that cannot start any token")),
    (re.compile(r"did not find expected (.+)"), N_("did not find expected {expected}")),
    (re.compile(r"found undefined tag handle (.+)"), N_("found undefined tag handle {handle}")),
)


def yaml_words(text: str) -> str:
    """PyYAML's context or problem `text` in the current language (as it is if it is not
    one of the usual ones)."""
    if text in _YAML_WORDS:
        return _(text)
    for pattern, message in _YAML_PATTERNS:
        found = pattern.fullmatch(text)
        if found:
            names = [name for _literal, name, _spec, _conv in Formatter().parse(message)
                     if name]
            return _(message).format(**dict(zip(names, map(_alternatives, found.groups()))))
    return text


def _alternatives(text: str) -> str:
    """PyYAML's `',' or ']'` in the current language."""
    first, _or, second = text.partition(" or ")
    return _("{first} or {second}").format(first=first, second=second) if _or else text
