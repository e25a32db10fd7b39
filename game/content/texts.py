"""The translations of the content's texts, taken out of the loaded structs.

A text field of the content holds a plain string (English) or its forms by language
(`templates.TranslatedName` and its kin). The engine carries English only, so that play,
saves and fingerprints never depend on a language: `english_only` puts each form's English
in its place and returns the other forms, English text -> {language: form}, which the
loader hands to `game.i18n` for the edge to show (`game.i18n.content_text`).
"""

from __future__ import annotations

import types
import typing
from typing import Any

import msgspec

from game.rules.templates import TRANSLATED

#: English text -> {language: its form}.
Forms = dict[str, dict[str, str]]


def english_only(value: Any, found: Forms | None = None) -> Forms:
    """Replace, in place, every translated text under `value` (a struct, a list or a dict
    of them) by its English; return the translations met, added to `found`."""
    found = {} if found is None else found
    _walk(value, found)
    return found


def _english(text: Any, found: Forms) -> str:
    forms = {language: form for language, form in msgspec.structs.asdict(text).items()
             if language != "en" and form is not None}
    if forms:
        found.setdefault(text.en, {}).update(forms)
    return text.en


def _walk(value: Any, found: Forms) -> None:
    if isinstance(value, msgspec.Struct):
        for name in _text_fields(type(value)):
            item = getattr(value, name)
            if isinstance(item, TRANSLATED):
                setattr(value, name, _english(item, found))
            else:
                _walk(item, found)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            if isinstance(item, TRANSLATED):
                value[i] = _english(item, found)
            elif isinstance(item, (msgspec.Struct, list, dict)):
                _walk(item, found)
    elif isinstance(value, dict):
        for item in value.values():
            if isinstance(item, (msgspec.Struct, list, dict)):
                _walk(item, found)


_FIELDS: dict[type, tuple[str, ...]] = {}


def _text_fields(struct: type) -> tuple[str, ...]:
    """The fields of `struct` that may hold a translated text, at any depth (the others,
    numbers and ids, are not looked at: loading stays as fast as before)."""
    fields = _FIELDS.get(struct)
    if fields is None:
        hints = typing.get_type_hints(struct)
        fields = _FIELDS[struct] = tuple(name for name in struct.__struct_fields__
                                         if _may_hold(hints[name], set()))
    return fields


def _may_hold(tp: Any, seen: set) -> bool:
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _may_hold(typing.get_args(tp)[0], seen)
    if origin in (typing.Union, types.UnionType, list, dict, tuple, frozenset):
        return any(_may_hold(arg, seen) for arg in typing.get_args(tp))
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        if tp in TRANSLATED:
            return True
        if tp in seen:
            return False
        seen.add(tp)
        hints = typing.get_type_hints(tp)
        return any(_may_hold(hints[name], seen) for name in tp.__struct_fields__)
    return False
