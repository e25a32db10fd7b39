"""The command notation, both ways: what players type, scripts hold and saves replay.

    move ID X,Y                       walk to a square
    attack ID TARGET [with WEAPON]    weapon attack (the first weapon carried by default)
    attack ID TARGET brawl            bare hands
    open ID X,Y  /  close ID X,Y      an adjacent door
    cast ID SPELL TARGET              a spell on a unit id or a square x,y
    use ID ITEM [TARGET]              an item on its user, or on a unit in its range
    wait ID                           the unit is done for this turn
    end                               end the turn
    force N[,N…]                      force the next d100 results

TARGET is a unit or object id, a door id, or a square `x,y`. Words are separated by spaces;
`#` starts a comment.

Each verb is declared once, on the action class that plays it (`game.rules.verbs`); this
module imports every module that declares some, so `verbs()` is the whole list, and reads
a command by its verb's own `read`.
"""

from __future__ import annotations

import difflib
from functools import lru_cache

# Every module that declares verbs, so that the registry is whole once this is imported.
from game.rules import edits, items, magic  # noqa: F401
from game.rules.actions import Action
from game.rules.errors import N_
from game.rules.verbs import NotationError, Verb, registered, registered_verb

__all__ = ["NotationError", "USAGE", "parse", "verb", "verbs"]


def verbs() -> list[Verb]:
    """Every verb of the notation: those of play first, then the designer's, each group
    by name."""
    return registered()


def verb(name: str) -> Verb | None:
    """The verb of that name (None: no such verb)."""
    return registered_verb(name)


#: How each verb is written, by name (the help's and the refusals' usage lines).
USAGE = {v.name: v.usage for v in verbs()}


# Actions are frozen, so one text always reads as the same action: a replay or a script
# repeats `end` and the same attacks many times. Refusals raise, and are not cached.
@lru_cache(maxsize=1024)
def parse(text: str) -> Action:
    """Read one command; raise `NotationError` with the usage when it is malformed."""
    words = text.split("#", 1)[0].split()
    if not words:
        raise NotationError(N_("empty command"))
    name, args = words[0].lower(), words[1:]
    found = verb(name)
    if found is None:
        # The designer's verbs are listed apart: a player in hot-seat play cannot use them
        # (playtest: `select corvin` suggested `set` among force, give, spawn…).
        names = [v.name for v in verbs()]
        play = ", ".join(v.name for v in verbs() if not v.designer_only)
        designer = ", ".join(v.name for v in verbs() if v.designer_only)
        close = difflib.get_close_matches(name, names, n=1)
        if close and verb(close[0]).designer_only:
            raise NotationError(N_("unknown command {verb} (did you mean {close}, a designer "
                                   "mode command?); commands: {commands}; in designer mode "
                                   "also: {designer}"), verb=repr(name), close=close[0],
                                commands=play, designer=designer)
        if close:
            raise NotationError(N_("unknown command {verb} (did you mean {close}?); commands: "
                                   "{commands}; in designer mode also: {designer}"),
                                verb=repr(name), close=close[0], commands=play,
                                designer=designer)
        raise NotationError(N_("unknown command {verb}; commands: {commands}; in designer "
                               "mode also: {designer}"),
                            verb=repr(name), commands=play, designer=designer)
    return found.read(args)
