"""Hostile inputs for the corpus tests: mutations of the shipped content and of a real save.

Each mutation replaces one value (found by walking the parsed file) with something a
careless or malicious hand could write; the tests then ask the game to read it. Not a
test module: the tests import it.
"""

from __future__ import annotations

import copy
import random
import shutil
from pathlib import Path
from typing import Any, Iterator

import yaml

from game.content.loader import DEFAULT_CONTENT

#: What a value may be replaced with: out of range, wrong type, absurd size, markup,
#: control characters, dice no one could roll.
REPLACEMENTS: list[Any] = [
    -1, 0, 10**12, 2**64, 1.5, float("inf"), "", "x" * 5000, [], {}, None, True,
    "9999999999d6", "1d0", "[/x]", "a\x00b\nc", "\u202eevil", "٤", [[[[[]]]]], {"k": "v"},
    ["x"] * 2000,
]


def leaves(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every path to a scalar or an empty collection, keys of mappings included."""
    if isinstance(value, dict):
        if not value:
            yield path
        for key, item in value.items():
            yield path + (("key", key),)
            yield from leaves(item, path + (key,))
    elif isinstance(value, list):
        if not value:
            yield path
        for i, item in enumerate(value):
            yield from leaves(item, path + (i,))
    else:
        yield path


def mutated(data: Any, path: tuple, new: Any) -> Any:
    """A deep copy of `data` with the value (or key) at `path` replaced by `new`."""
    data = copy.deepcopy(data)
    if not path:
        return new
    *parents, last = path
    node = data
    for part in parents:
        node = node[part]
    if isinstance(last, tuple):  # a key
        key = last[1]
        items = list(node.items())
        node.clear()
        for k, v in items:
            node[_hashable(new) if k == key else k] = v
    else:
        node[last] = new
    return data


def _hashable(value: Any) -> Any:
    return value if isinstance(value, (str, int, float, bool, type(None))) else repr(value)


def content_files(root: Path = DEFAULT_CONTENT) -> list[Path]:
    return sorted(p.relative_to(root) for p in root.rglob("*.yaml"))


def content_mutations(seed: int, count: int, root: Path = DEFAULT_CONTENT):
    """`count` (file, path, replacement) picked with a seeded random over every leaf of
    every shipped content file (so each run is the same)."""
    every = []
    for rel in content_files(root):
        data = yaml.safe_load((root / rel).read_text(encoding="utf-8"))
        every += [(rel, path) for path in leaves(data)]
    rng = random.Random(seed)
    picks = []
    for _ in range(count):
        rel, path = rng.choice(every)
        picks.append((rel, path, rng.choice(REPLACEMENTS)))
    return picks


def write_mutation(target: Path, rel: Path, path: tuple, new: Any,
                   root: Path = DEFAULT_CONTENT) -> None:
    """Copy the shipped content to `target` (once) and write one file mutated."""
    if not target.exists():
        shutil.copytree(root, target)
    for other in content_files(root):
        shutil.copyfile(root / other, target / other)
    data = yaml.safe_load((root / rel).read_text(encoding="utf-8"))
    text = yaml.safe_dump(mutated(data, path, new), allow_unicode=True, sort_keys=False,
                          width=10**6)
    (target / rel).write_text(text, encoding="utf-8")


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` with its bytes: "nothing changed" is this, equal."""
    return {str(p.relative_to(folder)): p.read_bytes() if p.is_file() else b"<dir>"
            for p in sorted(folder.rglob("*")) if not p.is_fifo() and not p.is_symlink()}
