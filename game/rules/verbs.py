"""The verbs of the notation, each declared once.

A verb is declared on the action class that plays it, as a `Verb` in its `VERBS`:

    @dataclass(frozen=True)
    class Wait(Action):
        VERBS: ClassVar = (Verb("wait", "wait ID", N_("Wait"), N_("…")),)
        unit: str

        @classmethod
        def read(cls, words: Words) -> Wait:   # the words after the verb -> the action
            words.need(1)
            return cls(words[0])

        def notation(self) -> str: ...         # the action -> the same words
        def check(self, game, player): ...     # the plan, or the refusal
        def resolve(self, game, plan): ...     # the events

Declaring it registers it (`Action.__init_subclass__`); `notation.verbs()` lists them all
(it imports every module that declares some). The parser (`notation.parse`), the usage lines, the help screen, the command palette and the undo and turn rules read this
registry, so a new verb is its class, its event and wording, and its tests. `ends_turn`
tells the engine what the verb does to the turn.

The registry lists the verbs in a fixed order whatever the modules were imported in: those
of play first, then the designer's, each group by name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from game.rules.errors import Impossible, N_
from game.rules.geometry import Pos

#: An `actions.Action` subclass (not imported: the actions import this module).
ActionClass = Any


class NotationError(Impossible):
    """A command that could not be read; its reason says how to write it."""


@dataclass(frozen=True)
class Verb:
    """One verb of the notation: its name, how to write it (`usage`, the grammar the help
    shows and the tests generate commands from), a title and a one-line summary (message
    ids, worded at the edge: the palette and the help), and what it does to the turn.
    `action` is the class that reads, checks and resolves it (set when it registers)."""

    name: str
    usage: str
    title: str
    summary: str
    ends_turn: bool = False
    action: ActionClass = field(default=None, compare=False, repr=False)

    @property
    def designer_only(self) -> bool:
        """Accepted only in designer mode (the engine refuses it in hot-seat play)."""
        return bool(self.action and self.action.designer_only)

    @property
    def takes_unit(self) -> bool:
        """Its first argument is the unit that acts (`move ID …`, `wait ID`)."""
        return self.usage.split()[1:2] == ["ID"]

    def read(self, args: list[str]):
        """The action these words (after the verb) write; `NotationError` if malformed."""
        return self.action.read(Words(self, args))


_REGISTRY: dict[str, Verb] = {}
_ORDERED: list[Verb] = []


def register(verb: Verb, action: ActionClass) -> Verb:
    """Make `verb` a verb of the notation, read and played by `action`."""
    if verb.name in _REGISTRY:
        raise ValueError(f"the verb {verb.name!r} is declared twice "
                         f"({_REGISTRY[verb.name].action.__name__}, {action.__name__})")
    if verb.usage.split()[0] != verb.name:
        raise ValueError(f"the usage of {verb.name!r} must start with it: {verb.usage!r}")
    declared = Verb(verb.name, verb.usage, verb.title, verb.summary, verb.ends_turn, action)
    _REGISTRY[verb.name] = declared
    _ORDERED[:] = sorted(_REGISTRY.values(), key=lambda v: (v.designer_only, v.name))
    return declared


def registered() -> list[Verb]:
    """The verbs registered so far, in the registry's order (`notation.verbs()` imports
    every module that declares some first)."""
    return list(_ORDERED)


def registered_verb(name: str) -> Verb | None:
    return _REGISTRY.get(name)


_POS = re.compile(r"(-?[0-9]{1,6}),(-?[0-9]{1,6})")


def parse_pos(token: str) -> Pos | None:
    """`x,y` in ASCII digits (int() would also take `٤`, `1_0` or ` 4`)."""
    match = _POS.fullmatch(token)
    return (int(match.group(1)), int(match.group(2))) if match else None


class Words:
    """The words of a command after its verb, read by the verb's `read`: each way of
    misreading them raises `NotationError` with the verb's usage."""

    def __init__(self, verb: Verb, args: list[str]) -> None:
        self.verb = verb
        self.args = args

    @property
    def name(self) -> str:
        return self.verb.name

    def __len__(self) -> int:
        return len(self.args)

    def __getitem__(self, index: int) -> str:
        return self.args[index]

    def lower(self, index: int) -> str:
        return self.args[index].lower()

    def need(self, count: int) -> None:
        """Exactly `count` words."""
        if len(self.args) != count:
            raise NotationError(N_("{verb} takes {count} argument: {usage}") if count == 1
                                else N_("{verb} takes {count} arguments: {usage}"),
                                verb=self.name, count=count, usage=self.verb.usage)

    def malformed(self) -> NotationError:
        """The refusal of words that fit none of the verb's forms."""
        return NotationError(N_("usage: {usage}"), usage=self.verb.usage)

    def pos(self, index: int) -> Pos:
        """The word at `index` as a square `x,y`."""
        token = self.args[index]
        pos = parse_pos(token)
        if pos is None:
            raise NotationError(N_("{token} is not a square; write it x,y (usage: {usage})"),
                                token=repr(token), usage=self.verb.usage)
        return pos

    def number(self, index: int) -> int:
        """The word at `index` as a whole number."""
        token = self.args[index]
        if not re.fullmatch(r"-?[0-9]{1,9}", token):
            raise NotationError(N_("{token} is not a whole number (usage: {usage})"),
                                token=repr(token), usage=self.verb.usage)
        return int(token)
