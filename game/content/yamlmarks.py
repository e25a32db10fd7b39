"""Safe YAML reading that keeps where every key and value came from.

PyYAML's composer gives nodes with marks; this module turns them into plain Python values
and a map from each value's path (`("weapons", "sword", "dice")`) to its line and column,
while refusing duplicate keys and any tag the safe loader does not know.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

Path = tuple[Any, ...]
# libyaml's composer when present: same nodes and marks, several times faster.
_COMPOSER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_STANDARD = "tag:yaml.org,2002:"
_SAFE_TAGS = {_STANDARD + t for t in ("map", "seq", "str", "int", "float", "bool", "null",
                                        "timestamp", "binary")}


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

    def is_broken(self, path: Path) -> bool:
        return any(path == b[: len(path)] for b in self.broken)

    def where(self, path: Path, key: bool = False) -> tuple[int, int]:
        """The mark of `path`, or of its nearest ancestor that has one."""
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


def read_yaml(text: str, file: str) -> tuple[MarkedDocument, list[ContentError]]:
    """Parse one YAML document safely; return its marked data and the errors found."""
    doc = MarkedDocument(file, None, text=text)
    errors: list[ContentError] = []
    try:
        node = yaml.compose(text, Loader=_COMPOSER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = " ".join(filter(None, [exc.context, exc.problem]))
        errors.append(ContentError(file, line, col, f"invalid YAML: {problem}"))
        return doc, errors
    except yaml.YAMLError as exc:
        errors.append(ContentError(file, 1, 1, f"invalid YAML: {exc}"))
        return doc, errors
    if node is None:
        errors.append(ContentError(file, 1, 1, "the file is empty"))
        return doc, errors
    constructor = yaml.SafeLoader("")

    def build(node: yaml.Node, path: Path) -> Any:
        doc.values[path] = _mark(node)
        if node.tag not in _SAFE_TAGS:
            doc.broken.add(path)
            line, col = _mark(node)
            errors.append(ContentError(file, line, col,
                                       f"unsafe or unknown YAML tag {node.tag.replace(_STANDARD, '!!')!r}"))
            return None
        if isinstance(node, yaml.MappingNode):
            result: dict = {}
            for key_node, value_node in node.value:
                key = build(key_node, path + ("<key>",))
                if not isinstance(key, (str, int)):
                    doc.broken.add(path)
                    line, col = _mark(key_node)
                    errors.append(ContentError(file, line, col, "keys must be plain names"))
                    continue
                if key in result:
                    first = doc.keys[path + (key,)]
                    line, col = _mark(key_node)
                    errors.append(ContentError(
                        file, line, col, f"duplicate key {key!r} (first at line {first[0]})"))
                    continue
                doc.keys[path + (key,)] = _mark(key_node)
                result[key] = build(value_node, path + (key,))
            doc.values.pop(path + ("<key>",), None)
            return result
        if isinstance(node, yaml.SequenceNode):
            return [build(item, path + (i,)) for i, item in enumerate(node.value)]
        return constructor.construct_object(node, deep=True)

    doc.data = build(node, ())
    return doc, errors
