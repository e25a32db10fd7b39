"""Translations: the one place that picks the language and looks a text up (gettext).

English is the source language: every text of the UI and the journal is written in English
in the code, marked `_("…")` where it is shown, `N_("…")` where it is only defined (a table,
an engine refusal), `ngettext` where a number decides the form (`NN_` where it is only
defined). A whole sentence is one message with named fields (`_("{unit} moves {n}
squares")`), never fragments glued together, so a translation can order its words as its
language needs.

The catalogs are standard gettext files: `locale/<lang>/LC_MESSAGES/escarmouche.po` (the
translators' text) compiled to `.mo` (what is read at run time). `set_language("fr")`
switches every later lookup; `language_from_env()` reads `LANGUAGE`, `LC_ALL`,
`LC_MESSAGES` and `LANG` as gettext does.

Only the edges (UI, CLI, journal text, export) call this module: the rules engine names its
messages and never translates.
"""

from __future__ import annotations

import gettext
import io
import os
import re
import sys
from contextlib import contextmanager
from pathlib import Path
from string import Formatter
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


#: The largest compiled catalog read (the French one is some hundred KB).
MAX_CATALOG_BYTES = 10_000_000
#: Catalogs already found unusable (warned about once each).
_warned: set[str] = set()


def _warn(key: str, text: str) -> None:
    if key not in _warned:
        _warned.add(key)
        print(f"escarmouche: warning: {text}", file=sys.stderr)


def set_language(language: str) -> None:
    """Switch every later lookup to `language` (one of `LANGUAGES`).

    English needs no catalog (the messages are English). Another language's compiled
    catalog that is missing, empty, truncated, garbled or has a plural formula that cannot
    be computed leaves English in use, with one warning on stderr; a translation whose
    fields or markup differ from its English is not used (English is shown instead, with
    one warning for the catalog).
    """
    global _current, _language
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; choose one of {', '.join(LANGUAGES)}")
    if language == DEFAULT_LANGUAGE:
        _current, _language = gettext.NullTranslations(), language
        return
    try:
        _current, _language = _Checked(_catalog(language), language), language
    except _Unusable as exc:
        _warn(f"catalog {language}", f"the {language!r} catalog cannot be used ({exc}); "
              "the game goes on in English")
        _current, _language = gettext.NullTranslations(), DEFAULT_LANGUAGE


class _Unusable(Exception):
    """A compiled catalog that cannot be read; the message says why."""


def _catalog(language: str) -> gettext.GNUTranslations:
    path = gettext.find(DOMAIN, LOCALE_DIR, languages=[language])
    if path is None:
        raise _Unusable(f"no compiled catalog under {LOCALE_DIR}")
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_CATALOG_BYTES + 1)
    except OSError as exc:
        raise _Unusable(f"{path}: {exc.strerror or exc}") from None
    if len(data) > MAX_CATALOG_BYTES:
        raise _Unusable(f"{path} is larger than {MAX_CATALOG_BYTES:,} bytes")
    try:
        catalog = gettext.GNUTranslations(io.BytesIO(data))
    except Exception as exc:  # empty, truncated, garbled, a bad header or plural formula
        raise _Unusable(f"{path} is damaged: {exc or type(exc).__name__}") from None
    # A plural formula that parses may still fail or go out of range when computed.
    forms = re.search(r"nplurals\s*=\s*([0-9]+)", catalog.info().get("plural-forms", ""))
    most = int(forms.group(1)) if forms else 2
    try:
        for n in (0, 1, 2, 3, 5, 11, 21, 101, 111, 1_000_001):
            if not 0 <= int(catalog.plural(n)) < max(most, 1):
                raise ValueError(f"plural form {catalog.plural(n)} for {n}, of {most}")
    except Exception as exc:
        raise _Unusable(f"{path}: its plural formula does not work ({exc})") from None
    return catalog


def _shape(text: str) -> tuple[frozenset[str], tuple[str, ...]] | None:
    """A text's fields and markup tags, or None when it is not a format text."""
    names = set()
    try:
        for _literal, name, spec, _conversion in Formatter().parse(text):
            if name is not None:
                names.add(name.split(".")[0].split("[")[0])
            if spec and "{" in spec:
                return None
    except ValueError:
        return None
    return frozenset(names), tuple(sorted(_TAG.findall(text)))


#: What Rich and Textual markup read as a tag (`[b]`, `[/]`, `[@click=…]`); `[0, cap]` is
#: text.
_TAG = re.compile(r"\[[a-z#/@][^\[]*?\]")


class _Checked(gettext.NullTranslations):
    """A catalog whose every translation is checked at its first lookup: one whose fields
    or markup differ from its English's is not used (the English is)."""

    def __init__(self, inner: gettext.GNUTranslations, language: str) -> None:
        super().__init__()
        self.inner, self.language = inner, language
        self._ok: dict[tuple[str, str], bool] = {}
        # The single forms now (a few ms), so that a warning comes before any screen; the
        # plural forms, whose English plural the catalog does not hold, at their lookup.
        for key, translated in inner._catalog.items():
            if isinstance(key, str) and key:
                self._fits((key.split("\x04", 1)[-1],), translated)

    def _fits(self, english: tuple[str, ...], translated: str) -> bool:
        key = (english[0], translated)
        ok = self._ok.get(key)
        if ok is None:
            shape, shapes = _shape(translated), [_shape(text) for text in english]
            if shape is None:  # not a format text: fine only where the English is not either
                ok = None in shapes
            else:
                ok = shape in shapes
                if not ok and len(english) == 2:
                    # A plural form may leave out the number (`one turn` / `{n} turns`).
                    fields = set().union(*(o[0] for o in shapes if o is not None))
                    ok = shape[0] <= fields and any(o is not None and shape[1] == o[1]
                                                    for o in shapes)
            self._ok[key] = ok
            if not ok:
                _warn(f"entries {self.language}", f"a {self.language!r} translation does "
                      f"not keep the fields or markup of its English ({english[0]!r}): "
                      "the English is shown instead, here and for any other such entry")
        return ok

    def gettext(self, message: str) -> str:
        translated = self.inner.gettext(message)
        if translated is message or translated == message:
            return message
        return translated if self._fits((message,), translated) else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        english = singular if n == 1 else plural
        translated = self.inner.ngettext(singular, plural, n)
        if translated == english:
            return english
        return translated if self._fits((singular, plural), translated) else english

    def pgettext(self, context: str, message: str) -> str:
        translated = self.inner.pgettext(context, message)
        if translated == message:
            return message
        return translated if self._fits((message,), translated) else message


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


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a message and its plural for the catalog without translating them (what
    `ngettext` is given later, e.g. by a library)."""
    return singular, plural


# --- the content's texts ---------------------------------------------------------------
# The content names things in English (what the engine carries) and may give each text
# other forms (`name: {en: sword, fr: épée}`): the loader files them here, by their English,
# and every place that shows a content text asks `content_text` for the current language's.

#: English content text -> {language: its form}, from every content folder loaded.
_content_forms: dict[str, dict[str, str]] = {}


def add_content_texts(forms: Mapping[str, Mapping[str, str]]) -> None:
    """File the translations of a loaded content folder or scenario (English -> forms).

    The table is by English text: one English text has one French form (the last one
    loaded, if two folders disagree), as one word of the code has one translation.
    """
    for english, translated in forms.items():
        _content_forms.setdefault(english, {}).update(translated)


def content_text(text: str | None) -> str:
    """A content text (a name, a briefing, a quip, a caption) in the current language:
    the content's own form for it, else the catalog's (a default text of the code, such
    as a scenario's default victory), else the English as it is."""
    if not text:
        return text or ""
    forms = _content_forms.get(text)
    if forms is not None:
        form = forms.get(_language)
        if form:
            return form
    return _current.gettext(text) if _language != DEFAULT_LANGUAGE else text


# --- squares ---------------------------------------------------------------------------
# The notation writes a square `3,7` in every language (what a player types); English
# text shows it so too, but French reads `3,7` as a decimal: it writes `(3 ; 7)`. A text
# that places its own `{x}` and `{y}` orders them in its translation; a square that reaches
# the edge as one string (an engine refusal's or an edit's `pos`, `3,7`) is worded here.

#: A square as the engine's messages carry it (`fmt_pos`): `x,y`.
_SQUARE = re.compile(r"^(-?[0-9]+),(-?[0-9]+)$")


def square_text(pos) -> str:
    """The square `pos` (`(x, y)` or the notation's `"x,y"`) as the current language
    writes it in a text: `3,7` / `(3 ; 7)`."""
    if isinstance(pos, str):
        found = _SQUARE.match(pos)
        if found is None:
            return pos
        x, y = found.groups()
    else:
        x, y = pos
    # Translators: a square of the map in a text (x then y), never read as a decimal.
    return pgettext("square", "{x},{y}").format(x=x, y=y)


def field_text(value: str) -> str:
    """An engine message's text field at the edge: a square (`3,7`) worded with
    `square_text`, any other text (a content name) with `content_text`."""
    if _SQUARE.match(value):
        return square_text(value)
    return content_text(value)


def agreed(gender: str | None, message: str, plural: str | None = None, n: int = 1) -> str:
    """The translation of `message` (or of its `plural`, by `n`) that agrees with a name of
    `gender` (`m`, `f`).

    English does not inflect, French does (`{unit} placé` / `{unit} placée`): a message
    that agrees has a feminine form under the context `feminine` (marked with `NP_`, the
    plural's English as its own message), and this picks it for `f`. A feminine form not
    translated yet gives the usual (masculine) translation, never the English."""
    english = message if plural is None or n == 1 else plural
    if gender == "f":
        feminine = _current.pgettext("feminine", english)
        if feminine != english:
            return feminine
    return _current.gettext(message) if plural is None \
        else _current.ngettext(message, plural, n)


def agreeing(fields: Mapping[str, object]):
    """The `gettext` for an engine message whose `fields` may name the gender of the unit
    it is about (`gender="f"`): its feminine form (context `feminine`, marked with `NP_`
    in `game.journal.agreement`) where it has one, else its usual translation."""
    gender = fields.get("gender")
    if gender != "f":
        return _
    return lambda message: agreed(gender, message)


def NP_(context: str, message: str) -> str:
    """Marks `message` in `context` for the catalog without translating it."""
    return message


# --- a sentence after a label ------------------------------------------------------------
# English capitalises a sentence after a label's colon (`Victory: The last player…`);
# French does not (`Victoire : le dernier joueur…`). A content sentence is written to stand
# alone, capitalised: the edge lowers its first letter after a label, in French only, and
# only where it begins with an article or a determiner (a name keeps its capital).

#: The French words a sentence may begin with whose capital goes after a colon (a set
#: and `str` tests rather than a pattern: compiling its regex cost some 1.5 M instructions
#: of every start, English ones included).
_LOWERED_AFTER_COLON = frozenset((
    "Le", "La", "Les", "Un", "Une", "Des", "Du", "De", "Ce", "Cet", "Cette", "Ces", "Chaque",
    "Tout", "Toute", "Tous", "Toutes", "Aucun", "Aucune", "Qui", "Quiconque", "Premier",
    "Première", "Dernier", "Dernière"))


def _lowered_after_colon(sentence: str) -> bool:
    """Whether `sentence` begins with an elided article (`L'`, `D’`) or a whole word of
    `_LOWERED_AFTER_COLON` (`Le dernier`, not `Lee`)."""
    if sentence[:1] in ("L", "D") and sentence[1:2] in ("'", "’"):
        return True
    end = 0
    while end < len(sentence) and (sentence[end].isalnum() or sentence[end] == "_"):
        end += 1
    return sentence[:end] in _LOWERED_AFTER_COLON


def after_colon(sentence: str) -> str:
    """A content sentence as it reads after a label and its colon in the current language:
    `Le dernier joueur…` → `le dernier joueur…` in French; English and names unchanged."""
    if _language == "fr" and _lowered_after_colon(sentence):
        return sentence[0].lower() + sentence[1:]
    return sentence


# --- numbers ---------------------------------------------------------------------------
# Standard-library formatting with each language's separators (Babel's, CLDR's, for the
# decimal mark and grouping). French writes `40,0 %` with a narrow no-break space before
# the sign (the typographic rule: the sign never starts a line, and stays close).

#: decimal mark, group separator, what comes between a number and its percent sign.
_NUMBERS = {"en": (".", ",", ""), "fr": (",", "\u202f", "\u202f")}


def format_decimal(value: float, digits: int = 1, language: str | None = None) -> str:
    """`value` with `digits` decimals in the current language: `1,234.5` / `1 234,5`."""
    mark, group, _sign = _NUMBERS[language or _language]
    text = f"{value:,.{digits}f}"
    if (mark, group) == (".", ","):
        return text
    return text.replace(",", "\0").replace(".", mark).replace("\0", group)


def format_number(value: float, language: str | None = None) -> str:
    """`value` as briefly as Python's `g` writes it, with the language's decimal mark:
    `0.5` / `0,5`, `2` / `2`."""
    text = f"{value:g}"
    if "e" in text or "." not in text:
        return text
    return format_decimal(value, len(text.partition(".")[2]), language)


def format_percent(ratio: float, digits: int = 1, language: str | None = None) -> str:
    """`ratio` (0.4) as a percentage with `digits` decimals: `40.0%` / `40,0 %`."""
    space = _NUMBERS[language or _language][2]
    return f"{format_decimal(100 * ratio, digits, language)}{space}%"
