"""Hostile inputs for the corpus tests: mutations of the shipped content and of a real save.

Each mutation replaces one value (found by walking the parsed file) with something a
careless or malicious hand could write; the tests then ask the game to read it. Not a
test module: the tests import it.
"""

from __future__ import annotations

import copy
import functools
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


@functools.lru_cache(maxsize=None)
def parsed(path: Path) -> Any:
    """A shipped file's YAML, read once (libyaml's safe loader)."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)


def content_mutations(seed: int, count: int, root: Path = DEFAULT_CONTENT):
    """`count` (file, path, replacement) picked with a seeded random over every leaf of
    every shipped content file (so each run is the same)."""
    every = []
    for rel in content_files(root):
        every += [(rel, path) for path in leaves(parsed(root / rel))]
    rng = random.Random(seed)
    picks = []
    for _ in range(count):
        rel, path = rng.choice(every)
        picks.append((rel, path, rng.choice(REPLACEMENTS)))
    return picks


def write_mutation(target: Path, rel: Path, path: tuple, new: Any,
                   root: Path = DEFAULT_CONTENT) -> None:
    """Copy the shipped content to `target` (once; then only the file the last mutation
    wrote is put back) and write one file mutated."""
    if not target.exists():
        shutil.copytree(root, target)
    last = _written.pop(target, None)
    if last is not None:
        shutil.copyfile(root / last, target / last)
    # libyaml's safe dumper (as safe as `safe_dump`, four times faster): the same data; only
    # an empty key is written `'': v` where the pure-Python one writes `? ''`.
    text = yaml.dump(mutated(parsed(root / rel), path, new), Dumper=yaml.CSafeDumper,
                     allow_unicode=True, sort_keys=False, width=10**6)
    (target / rel).write_text(text, encoding="utf-8")
    _written[target] = rel


#: The file each target folder has mutated, to put back before the next mutation.
_written: dict[Path, Path] = {}


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` with its bytes: "nothing changed" is this, equal."""
    return {str(p.relative_to(folder)): p.read_bytes() if p.is_file() else b"<dir>"
            for p in sorted(folder.rglob("*")) if not p.is_fifo() and not p.is_symlink()}
