"""Where a number comes from in the content, as data the edge words.

A `Source` names a content table by the loader's logical name (`rules`, `weapons`,
`spells`, `items`, `armours`, `characters`, `creatures`, `scenarios`), the entry read in
it (a weapon's id, a template's, the scenario's; none for the rules) and the paths read
within that entry (`dice`, `xp.hit`, `doors[0].defence`). A value read from several
places carries several sources (`Sources`, in the order they were read). The engine never
spells how the content lays out its files: `journal.text.source_text` words a source as
`weapons.yaml: sword.dice`.

One function per kind of source below; the tables' names are those of `Content`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from game.rules.bounds import _PLAIN

#: The bounds a source is read under (a save is untrusted input): far above the content's.
_TABLE = Annotated[str, Meta(pattern=r"^[a-z][a-z_]*$", max_length=40)]
_ENTRY = Annotated[str, Meta(pattern=r"^([A-Za-z0-9_][A-Za-z0-9_-]*)?$", max_length=64)]
_PATH = Annotated[str, Meta(pattern=_PLAIN, max_length=100)]


class Source(msgspec.Struct, frozen=True, omit_defaults=True):
    """`Source("weapons", "sword", ("dice",))`: the content value(s) a number reads.

    `note` says why the value is not the file's: `set` (a designer's `set` changed it in
    this game), `absent` (the entry does not list the path: it counts 0).
    """

    file: _TABLE
    entry: _ENTRY = ""
    paths: Annotated[tuple[_PATH, ...], Meta(max_length=10)] = ()
    note: Literal["", "set", "absent"] = ""


#: The sources a number reads, in order ("" before sources were kept: none).
Sources = tuple[Source, ...]


@lru_cache(maxsize=256)
def rules_source(*paths: str) -> Sources:
    """Values of the rules (`xp.hit`, `page.caps.melee`)."""
    return (Source("rules", "", paths),)


@lru_cache(maxsize=4096)
def entry_source(table: str, entry: str, *paths: str) -> Sources:
    """Values of one entry of a content table: `entry_source("weapons", "sword", "dice")`."""
    return (Source(table, entry, paths),)


@lru_cache(maxsize=256)
def scenario_source(scenario: str, *paths: str) -> Sources:
    """Values of a scenario (`doors[0].defence`), by the scenario's id."""
    return (Source("scenarios", scenario, paths),)


@lru_cache(maxsize=4096)
def template_value_source(table: str, template: str, path: str, set_by_designer: bool = False,
                          listed: bool = True) -> Sources:
    """A unit's template value (`characters`, `aldric`, `skills.melee`): changed by a
    designer's `set`, or not listed by the template (it counts 0)."""
    note = "set" if set_by_designer else "" if listed else "absent"
    return (Source(table, template, (path,), note),)
