"""The one error a player can cause: an action the rules refuse.

A refusal is a message id (English, with named `{fields}`) and the fields' values: the
engine never translates (it imports no i18n), the edge words it in the player's language
with `_(message).format(**fields)`. `N_` marks the ids for the catalog extractor
(`game.i18n.catalog` knows this name) and returns them unchanged.
"""

from __future__ import annotations

import difflib
from typing import Callable, Iterable, Mapping

import msgspec


def N_(message: str) -> str:
    """Marks `message` for translation at the edge; the engine keeps it as it is."""
    return message


def _same(message: str) -> str:
    return message


class Phrase(msgspec.Struct, frozen=True):
    """A field that is itself words (`the door at {pos}`): translated with its sentence."""

    message: str
    fields: dict[str, str | int] = {}


Field = str | int | Phrase


class Impossible(Exception):
    """An action the rules refuse; `reason` is the English text, `message` + `fields` what
    a translation needs.

    Raised by validation only, before anything changes: no AP spent, no die rolled.
    """

    def __init__(self, message: str = "impossible", /, **fields: Field) -> None:
        super().__init__(render(message, fields))
        self.message = message
        self.fields: dict[str, Field] = fields

    @property
    def reason(self) -> str:
        return str(self.args[0]) if self.args else "impossible"

    def translated(self, gettext: Callable[[str], str],
                   text: Callable[[str], str] = _same) -> str:
        """The reason in the language of `gettext` (the edge's `_`), its content names
        looked up with `text` (the edge's `content_text`)."""
        return render(self.message, self.fields, gettext, text)


class UnknownName(Impossible):
    """A refusal of a name that names nothing (a unit, a spell…): in a game the same
    refusal as any other, to a command line of the lab a mistyped argument (exit 2)."""


class SetupRefused(Impossible, ValueError):
    """A game that cannot be set up as asked (an AI side for no player, a profile the
    content lacks): a `ValueError` to its callers, worded at the edge like a refusal."""


def render(message: str, fields: Mapping[str, Field],
           gettext: Callable[[str], str] = _same,
           text: Callable[[str], str] = _same) -> str:
    """A message with its fields filled in (a `Phrase` field worded first), each looked up
    with `gettext`, each text field (a content name) with `text` (the edge's
    `content_text`); a message without fields is taken as it is (a brace in it is no
    field)."""
    worded = gettext(message)
    if not fields:
        return worded
    return worded.format(**{
        key: render(value.message, value.fields, gettext, text) if isinstance(value, Phrase)
        else text(value) if isinstance(value, str) else value
        for key, value in fields.items()
    })


def did_you_mean(word: str, known: Iterable[str], or_known: bool = True) -> Phrase | str:
    """` (did you mean 'shortbow'?)` for a near miss, else the ids known (a few), or
    nothing when `or_known` is false (a message that lists them itself)."""
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.5)
    if close:
        return Phrase(N_(" (did you mean {id}?)"), {"id": repr(close[0])})
    return Phrase(N_(" (known: {ids})"), {"ids": a_few(known)}) if or_known else ""


def a_few(ids: Iterable[str], most: int = 8) -> str:
    """`aldric, brenna, …`: the first ids in order, an ellipsis for the rest."""
    names = sorted(ids)
    return ", ".join(names[:most]) + (", …" if len(names) > most else "")
