"""The errors of a value msgspec refused, every one of them, each at its place in the YAML.

msgspec converts valid content fast but stops at a value's first error. When it refuses an
entry, jsonschema lists all of that entry's errors (`iter_errors`) against the JSON Schema
the project generates from the same Structs (`game.content.schema`), and each error is
worded from its keyword and values (never from a message's text) and placed at the mark
of its path (`game.content.yamlmarks`).

jsonschema is imported only here and only when an entry is refused: loading valid content
never pays for it (start-up time).
"""

from __future__ import annotations

import difflib
from functools import lru_cache
from typing import Any, Iterator

from game.content.schema import entry_schema
from game.content.yamlmarks import ContentError, MarkedDocument, Path
from game.i18n import NP_, N_, _, pgettext
from game.rules import templates

#: A JSON type by the name the messages use (msgspec's and Python's).
_TYPE_NAMES = {"integer": "int", "number": "float", "string": "str", "boolean": "bool",
               "array": "array", "object": "object", "null": "null"}
#: Those names as a reader of another language reads them (English keeps msgspec's words).
_TYPE_WORDS = {
    # Translators: the kinds of a YAML value in a content error, as in "expected `int`, got
    # `str`" (French: « il faut un entier, pas un texte »)
    "int": NP_("content type", "int"), "float": NP_("content type", "float"),
    "str": NP_("content type", "str"), "bool": NP_("content type", "bool"),
    "array": NP_("content type", "array"), "object": NP_("content type", "object"),
    "null": NP_("content type", "null")}


def type_words(names: str) -> str:
    """`int | null` in the reader's language (each kind looked up; enum values as they
    are)."""
    return " | ".join(pgettext("content type", _TYPE_WORDS[name]) if name in _TYPE_WORDS
                      else name for name in names.split(" | "))


#: Patterns said in words.
_PATTERN_WORDS = {
    templates._PLAIN: N_("expected plain text (no control, line-break or direction "
                         "characters)"),
    templates._TEXT: N_("expected text without control or direction characters"),
}
#: A "did you mean": the problem, then the id or name it is likely a typo of.
DID_YOU_MEAN = N_("{problem} (did you mean {close!r}?)")
_BOUNDS = {"minimum": ">=", "maximum": "<=", "exclusiveMinimum": ">", "exclusiveMaximum": "<"}
_LENGTHS = {"minLength": (">=", "str"), "maxLength": ("<=", "str"),
            "minItems": (">=", "array"), "maxItems": ("<=", "array"),
            "minProperties": (">=", "object"), "maxProperties": ("<=", "object")}


def kind_of(value: Any) -> str:
    """A YAML value's type as the messages name it."""
    for tp, name in ((bool, "bool"), (int, "int"), (float, "float"), (str, "str"),
                     (list, "array"), (dict, "object")):
        if isinstance(value, tp):
            return name
    return "null" if value is None else type(value).__name__


def where(path: Path) -> str:
    """A path as a reader finds it: `aldric.stats.STR`, `players[1].colour`."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text


def placed(path: Path, problem: str) -> str:
    """A problem said of the value at `path`: `aldric.stats.STR: …` (`value: …` for the
    whole file). The path is the file's words, as it writes them."""
    # Translators: a content value's place (`aldric.stats.STR`) and what is wrong with it.
    return _("{place}: {problem}").format(place=where(path) or _("value"), problem=problem)


@lru_cache(maxsize=None)
def _validator(tp: Any) -> Any:
    import jsonschema  # only on the failure path: valid content never imports it

    # As msgspec converts: an integer is no float (3.0) and no bool.
    checker = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _, value: isinstance(value, int) and not isinstance(value, bool))
    strict = jsonschema.validators.extend(jsonschema.Draft202012Validator,
                                          type_checker=checker)
    return strict(entry_schema(tp))


def schema_errors(doc: MarkedDocument, data: Any, tp: Any, base: Path, *,
                  missing_word: str = "required field",
                  reported: frozenset[Path] | set[Path] = frozenset()) -> list[ContentError]:
    """Every error of `data` (read at `base` in `doc`) against `tp`'s schema, each once:
    not those under a value that could not be read (`doc.broken`, already reported) nor
    those at a path `reported` already holds (a check of the value said more)."""
    errors: list[ContentError] = []
    leaves = [leaf for error in _validator(tp).iter_errors(data) for leaf in _leaves(error)]
    # A misspelt field is reported once, as the unknown field it is, not also as missing.
    suggested: set[Path] = set()
    for error in leaves:
        if error.validator == "additionalProperties":
            path = base + tuple(error.absolute_path)
            known = tuple(error.schema.get("properties", {}))
            for name in error.instance:
                if name not in known:
                    close = _close(str(name), known)
                    if close is not None:
                        suggested.add(path + (close,))
    seen: set[tuple[Path, str]] = set()
    for error in leaves:
        path = base + tuple(error.absolute_path)
        if any(path[:len(b)] == b for b in doc.broken) or path in reported:
            continue
        for error_path, message, key in _worded(error, path, base, missing_word, suggested):
            if (error_path, message) not in seen:
                seen.add((error_path, message))
                errors.append(doc.error(error_path, message, key=key))
    return errors


@lru_cache(maxsize=4096)
def _close(name: str, choices: tuple[str, ...]) -> str | None:
    """The choice `name` is likely a typo of (a file of wrong entries repeats its typos)."""
    close = difflib.get_close_matches(name, choices, n=1)
    return close[0] if close else None


def _leaves(error: Any) -> Iterator[Any]:
    """An error, or for `anyOf` (a field that may be null, a union) the errors of the one
    branch meant: the only one that does not refuse the value's type outright."""
    if error.validator not in ("anyOf", "oneOf") or not error.context:
        yield error
        return
    branches: dict[int, list] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    meant = [subs for subs in branches.values()
             if not all(s.validator == "type" and not s.relative_path for s in subs)]
    if len(meant) != 1:
        yield error
        return
    for sub in meant[0]:
        yield from _leaves(sub)


def _worded(error: Any, path: Path, base: Path, missing_word: str,
            suggested: set[Path]) -> Iterator[tuple[Path, str, bool]]:
    """(path, message, at the key?) for one error."""
    keyword, value, instance = error.validator, error.validator_value, error.instance
    if keyword == "required":
        missing = _("missing setting {name!r}") \
            if path == base == () and missing_word == "setting" \
            else _("missing required field {name!r}")
        for name in value:
            if isinstance(instance, dict) and name not in instance \
                    and path + (name,) not in suggested:
                problem = missing.format(name=name)
                yield path, placed(path, problem) if path else problem, False
        return
    if keyword == "additionalProperties":
        known = tuple(error.schema.get("properties", {}))
        for name in instance:
            if name in known:
                continue
            close = _close(str(name), known)
            problem = _("unknown field {name!r}").format(name=name)
            if close:
                problem = _(DID_YOU_MEAN).format(problem=problem, close=close)
            elif known:
                problem = _("{problem}; known fields: {known}").format(
                    problem=problem, known=", ".join(known))
            # Named with its entry, as every other error of one (`aldric.stats: unknown
            # field 'CHR'`): a file holds many entries with the same fields.
            yield path + (name,), placed(path, problem) if path else problem, True
        return
    expected = _expected(keyword, value, error.schema, instance, error.message)
    if "propertyNames" in error.relative_schema_path:
        # `instance` is the key; the error's path, the mapping's.
        key = _("a key of {place}: {problem}").format(place=where(path), problem=expected) \
            if path else _("a key of the file: {problem}").format(problem=expected)
        yield path + (instance,), key, True
        return
    yield path, placed(path, expected), False


def _type_name(schema: dict) -> str:
    if "$ref" in schema:
        return "object"
    if "enum" in schema:
        return " | ".join(repr(v) for v in schema["enum"])
    kind = schema.get("type", "any")
    return " | ".join(_TYPE_NAMES.get(k, k) for k in kind) if isinstance(kind, list) \
        else _TYPE_NAMES.get(kind, kind)


def _expected(keyword: str, value: Any, schema: dict, instance: Any, message: str) -> str:
    """What the value should have been, in words (`message`, jsonschema's own, for a
    keyword the Structs do not use)."""
    # The types, values and fields quoted are the file's words (and YAML's), as they are.
    if keyword == "type":
        return _("expected `{expected}`, got `{got}`").format(
            expected=type_words(_type_name(schema)), got=type_words(kind_of(instance)))
    if keyword in ("anyOf", "oneOf"):
        if any("Translated" in s.get("$ref", "") for s in value):
            # A content text: plain, or its forms by language (`game.content.texts`).
            return _("expected a text or its forms by language ({{en: …, fr: …}}), "
                     "got `{got}`").format(got=type_words(kind_of(instance)))
        return _("expected `{expected}`, got `{got}`").format(
            expected=" | ".join(type_words(_type_name(s)) for s in value),
            got=type_words(kind_of(instance)))
    if keyword in _BOUNDS:
        kind = _type_name(schema)
        bound = float(value) if kind == "float" else value
        return _("expected `{kind}` {sign} {bound}").format(
            kind=type_words(kind), sign=_BOUNDS[keyword], bound=bound)
    if keyword in _LENGTHS:
        sign, kind = _LENGTHS[keyword]
        return _("expected `{kind}` of length {sign} {value}").format(
            kind=type_words(kind), sign=sign, value=value)
    if keyword == "pattern":
        words = _PATTERN_WORDS.get(value)
        return _(words) if words else \
            _("expected `str` matching regex '{pattern}'").format(pattern=value)
    if keyword == "enum":
        close = _close(str(instance), tuple(str(v) for v in value))
        problem = _("{value!r} is not one of {choices}").format(
            value=instance, choices=", ".join(repr(v) for v in value))
        return _(DID_YOU_MEAN).format(problem=problem, close=close) if close else problem
    return message  # jsonschema's own words, for a keyword the Structs do not use
