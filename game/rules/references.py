"""What a unit, a template or an object names in the content, and which of those names the
content lacks: one check, used by the loader (templates), saves (a saved state against the
content it is loaded with) and hot reload (a running game against its new content).

Each caller words what is missing in its own way (`file:line:col` errors, a save's reason);
which fields name what is said once, here.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping, NamedTuple

#: Each field that names content entries (one id, or a list of them, or a mapping of ids to
#: counts as a unit's items), and the `Content` table they are entries of, in the order a
#: reader meets them.
REFERENCE_FIELDS = (("weapons", "weapons"), ("armour", "armours"),
                    ("legendary_armour", "armours"), ("spells", "spells"),
                    ("items", "items"), ("faction", "factions"))
#: What an entry of each table is called.
ENTRY_NAMES = {"weapons": "weapon", "armours": "armour", "spells": "spell", "items": "item",
               "factions": "faction", "characters": "character template",
               "creatures": "creature template"}


class Reference(NamedTuple):
    """`field` (`("weapons", 0)`, `("armour",)`) names entry `id` of the table `table`."""

    field: tuple[Any, ...]
    table: str
    id: str


def references(holder: Any) -> Iterator[Reference]:
    """Every reference of a unit, a template or an object, a unit's template first (a
    field it does not have names nothing)."""
    kind = getattr(holder, "kind", None)
    if kind in ("character", "creature") and hasattr(holder, "template"):
        yield Reference(("template",), "characters" if kind == "character" else "creatures",
                        holder.template)
    for name, table in REFERENCE_FIELDS:
        value = getattr(holder, name, None)
        if value is None:
            continue
        if isinstance(value, str):
            yield Reference((name,), table, value)
        else:
            for i, ident in enumerate(value):
                yield Reference((name, i), table, ident)


def content_references(holder: Any, tables: Any) -> list[Reference]:
    """The references of `holder` that name no entry of `tables` (a `Content`, or a mapping
    of table names to the ids known)."""
    get = tables.get if isinstance(tables, Mapping) else \
        (lambda name, default: getattr(tables, name, default))
    return [ref for ref in references(holder) if ref.id not in get(ref.table, ())]
