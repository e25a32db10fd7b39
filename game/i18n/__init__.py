"""Translations: the one place that picks the language and looks a text up (gettext).

English is the source language: every text of the UI and the journal is written in English
in the code, marked `_("…")` where it is shown, `N_("…")` where it is only defined (a table,
an engine refusal), `ngettext` where a number decides the form. A whole sentence is one
message with named fields (`_("{unit} moves {n} squares")`), never fragments glued together,
so a translation can order its words as its language needs.

The catalogs are standard gettext files: `locale/<lang>/LC_MESSAGES/escarmouche.po` (the
translators' text) compiled to `.mo` (what is read at run time). `set_language("fr")`
switches every later lookup; `language_from_env()` reads `LANGUAGE`, `LC_ALL`,
`LC_MESSAGES` and `LANG` as gettext does.

Only the edges (UI, CLI, journal text, export) call this module: the rules engine names its
messages and never translates.
"""

from __future__ import annotations

import gettext
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Mapping

DOMAIN = "escarmouche"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"

_current: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT_LANGUAGE


def language_from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, among `LANGUAGES` (English otherwise).

    Same order as gettext: the first of LANGUAGE, LC_ALL, LC_MESSAGES, LANG that is set;
    `fr_FR.UTF-8`, `fr_CA`, `fr` all mean French.
    """
    environ = os.environ if environ is None else environ
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(key)
        if value:
            code = value.split(":")[0].split(".")[0].split("_")[0].lower()
            return code if code in LANGUAGES else DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def set_language(language: str) -> None:
    """Switch every later lookup to `language` (one of `LANGUAGES`).

    English needs no catalog (the messages are English); any other language must have its
    compiled catalog, or this raises `ValueError` naming what is missing.
    """
    global _current, _language
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; choose one of {', '.join(LANGUAGES)}")
    if language == DEFAULT_LANGUAGE:
        _current = gettext.NullTranslations()
    else:
        try:
            _current = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])
        except OSError:
            raise ValueError(f"no compiled catalog for {language!r} under {LOCALE_DIR}") from None
    _language = language


def current_language() -> str:
    return _language


@contextmanager
def language(code: str) -> Iterator[None]:
    """Use `code` for the duration of a `with` block (tests, an export in another language)."""
    before = _language
    set_language(code)
    try:
        yield
    finally:
        set_language(before)


def _(message: str) -> str:
    """The translation of `message` in the current language (itself in English)."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message that fits the number `n` (`1 turn`, `3 turns`)."""
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A short message whose meaning depends on `context` (e.g. `"door", "open"`)."""
    return _current.pgettext(context, message)


def N_(message: str) -> str:
    """Marks `message` for the catalog without translating it (tables, definitions)."""
    return message
