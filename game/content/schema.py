"""JSON Schemas of the content files and their field reference, made from the same msgspec
Structs the loader validates with (`msgspec.json.schema`), so an editor that reads the
schemas and `docs/content.md` say what `validate` says.

An editor with the YAML language server completes and checks a file as one types when its
first line names its schema: `# yaml-language-server: $schema=../schemas/weapons.schema.json`.
"""

from __future__ import annotations

import ast
import json
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from game.rules import templates
from game.rules.templates import Identifier

#: Each content file (`scenario` stands for every file of `scenarios/`) and its type.
CONTENT_FILES: dict[str, tuple[str, Any]] = {
    "rules": ("rules.yaml", templates.RulesConfig),
    "factions": ("factions.yaml", dict[Identifier, templates.Faction]),
    "weapons": ("weapons.yaml", dict[Identifier, templates.Weapon]),
    "armours": ("armours.yaml", dict[Identifier, templates.Armour]),
    "spells": ("spells.yaml", dict[Identifier, templates.Spell]),
    "items": ("items.yaml", dict[Identifier, templates.Item]),
    "characters": ("characters.yaml", dict[Identifier, templates.CharacterTemplate]),
    "creatures": ("creatures.yaml", dict[Identifier, templates.CreatureTemplate]),
    "ai": ("ai.yaml", templates.AiConfig),
    "scenario": ("scenarios/*.yaml", templates.Scenario),
}
DRAFT = "https://json-schema.org/draft/2020-12/schema"


def schema_of(name: str) -> dict[str, Any]:
    """The JSON Schema of one content file (`name` a key of CONTENT_FILES)."""
    file, tp = CONTENT_FILES[name]
    schema = _described(msgspec.json.schema(tp))
    title = {"$schema": DRAFT, "title": f"Escarmouche content: {file}"}
    return {**title, **schema}


def entry_schema(tp: Any) -> dict[str, Any]:
    """The JSON Schema of one entry of a content file (a `Weapon`, an `AiProfile`...): the
    definitions `schema_of` writes, from the same Struct."""
    return {"$schema": DRAFT, **_described(msgspec.json.schema(tp))}


@cache
def field_meanings() -> dict[str, dict[str, str]]:
    """Each template class's fields' meanings, by class and field name: the `#:` lines
    right above each field in `game/rules/templates.py`, joined (Sphinx's doc comments;
    the module says why they are not in the field types); none if its source is not at
    hand (a meaning is for the reader: validation does not need it)."""
    try:
        source = Path(templates.__file__).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    lines = source.splitlines()
    meanings: dict[str, dict[str, str]] = {}
    for node in ast.parse(source).body:
        if not isinstance(node, ast.ClassDef):
            continue
        fields = meanings.setdefault(node.name, {})
        for statement in node.body:
            if not (isinstance(statement, ast.AnnAssign)
                    and isinstance(statement.target, ast.Name)):
                continue
            above, row = [], statement.lineno - 2
            while row >= 0 and lines[row].strip().startswith("#:"):
                above.insert(0, lines[row].strip()[2:].strip())
                row -= 1
            if above:
                fields[statement.target.id] = " ".join(above)
    return meanings


def _described(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` with each Struct field's meaning as its property's `description`, first,
    where msgspec puts a `Meta(description=...)`."""
    meanings = field_meanings()
    for name, spec in schema.get("$defs", {}).items():
        cls = getattr(templates, name, None)
        properties = spec.get("properties")
        if not (isinstance(cls, type) and issubclass(cls, msgspec.Struct) and properties):
            continue
        for field in msgspec.structs.fields(cls):
            meaning = next((meanings[base.__name__][field.name] for base in cls.__mro__
                            if field.name in meanings.get(base.__name__, {})), None)
            if meaning and field.encode_name in properties:
                properties[field.encode_name] = {"description": meaning,
                                                 **properties[field.encode_name]}
    return schema


def write_schemas(out: Path) -> list[Path]:
    """Write `NAME.schema.json` for every content file into `out`; return the paths."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in CONTENT_FILES:
        path = out / f"{name}.schema.json"
        path.write_text(json.dumps(schema_of(name), indent=2, ensure_ascii=False) + "\n",
                        encoding="utf-8")
        written.append(path)
    return written


# --- docs/content.md -------------------------------------------------------------------

def _type_text(prop: dict[str, Any]) -> str:
    """A schema property as a reader would say it: `integer ≥ 1`, `list of Spell`…"""
    if "$ref" in prop:
        name = prop["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#{name.lower()})"
    if "anyOf" in prop:
        kinds = [p for p in prop["anyOf"] if p.get("type") != "null"]
        text = " or ".join(_type_text(p) for p in kinds)
        return f"{text} or null" if len(kinds) < len(prop["anyOf"]) else text
    if "enum" in prop:
        return " \\| ".join(f"`{v}`" for v in prop["enum"])
    kind = prop.get("type", "any")
    if kind == "array":
        text = f"list of {_type_text(prop.get('items', {}))}"
    elif kind == "object":
        value = prop.get("additionalProperties")
        text = f"mapping of ids to {_type_text(value)}" if isinstance(value, dict) \
            else "mapping"
    else:
        text = kind
    if "minimum" in prop and "maximum" in prop:
        text += f" from {prop['minimum']} to {prop['maximum']}"
    else:
        bounds = [(key, sign) for key, sign in (("minimum", "≥"), ("exclusiveMinimum", ">"),
                                                ("maximum", "≤"), ("exclusiveMaximum", "<"))
                  if key in prop]
        text += ",".join(f" {sign} {prop[key]}" for key, sign in bounds)
    if "minItems" in prop or "maxItems" in prop:
        text += f" ({_count(prop.get('minItems'), prop.get('maxItems'), 'item')})"
    if "minLength" in prop or "maxLength" in prop:
        text += f" ({_count(prop.get('minLength'), prop.get('maxLength'), 'character')})"
    if "pattern" in prop:
        text += f" matching `{prop['pattern']}`"
    return text


def _count(least: int | None, most: int | None, what: str) -> str:
    if least == most:
        return f"exactly {least} {what}{'s' * (least != 1)}"
    if most is None:
        return f"at least {least} {what}{'s' * (least != 1)}"
    return f"{least} to {most} {what}s" if least else f"at most {most} {what}s"


def _default_text(name: str, prop: dict[str, Any], required: list[str]) -> str:
    if name in required:
        return "required"
    if "default" not in prop:
        return "optional"
    return f"`{json.dumps(prop['default'], ensure_ascii=False)}`"


def content_reference() -> str:
    """docs/content.md: every field of every content file with its type, default and
    meaning, from the schemas."""
    lines = ["# Content reference", "",
             "Every field of every file of `content/`, with its type, its default and its "
             "meaning. Generated from the msgspec Structs of `game/rules/templates.py` (the "
             "ones the loader validates with) by `python -m game schema --docs`; a test "
             "checks it is up to date. `python -m game schema --out schemas` writes the "
             "same definitions as JSON Schemas for an editor. Checks that span files or "
             "fields (references, dice formulas, map rows, a spell kind's fields) are "
             "`validate`'s, listed in the meaning.", "",
             "## Translations", "",
             "Every text a player reads (a name, a description, a briefing, a victory text, "
             "a quip) is either a plain string, its English, or a mapping of its forms by "
             "language: `name: {en: sword, fr: épée}`, or over several lines `briefing:` "
             "then `en: …` and `fr: …` indented below it. `en` is required, the other "
             "languages are optional: a text without its French form shows in English when "
             "the game is played in French (`--lang fr`), without an error. The engine, the "
             "saves and the notation see the English only (ids never change: `attack aldric "
             "sword goblin` in either language), so adding or changing a translation leaves "
             "every save valid. One English text has one French form: the same English in "
             "two entries shows the same French (the last one read, if they differ). "
             "Characters and creatures (and a placement that renames one) also have a "
             "`gender` (`m` or `f`, default `m`) for the French words that agree with "
             "their name. `docs/glossary-fr.md` lists the French words of the rules.", ""]
    documented: set[str] = set()
    for name, (file, _) in CONTENT_FILES.items():
        schema = schema_of(name)
        defs = schema.get("$defs", {})
        top = _type_text({k: v for k, v in schema.items() if k not in ("$defs", "title",
                                                                        "$schema")})
        lines += [f"## `{file}`", "", f"Schema: `schemas/{name}.schema.json`. The file is "
                  f"a {top}.", ""]
        for struct, spec in defs.items():
            if struct in documented:
                continue
            documented.add(struct)
            lines += [f"### {struct}", ""]
            if spec.get("description"):
                lines += [" ".join(spec["description"].split()), ""]
            lines += ["| field | type | default | meaning |", "|---|---|---|---|"]
            required = spec.get("required", [])
            for field, prop in spec.get("properties", {}).items():
                meaning = " ".join(prop.get("description", "").split()).replace("|", "\\|")
                lines.append(f"| `{field}` | {_type_text(prop)} | "
                             f"{_default_text(field, prop, required)} | {meaning} |")
            lines.append("")
    return "\n".join(lines)
