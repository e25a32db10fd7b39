"""The command notation, both ways: what players type, scripts hold and saves replay.

    move ID X,Y                       walk to a square
    attack ID TARGET [with WEAPON]    weapon attack (the first weapon carried by default)
    attack ID TARGET brawl            bare hands
    open ID X,Y  /  close ID X,Y      an adjacent door
    cast ID SPELL TARGET              a spell on a unit id or a square x,y
    use ID ITEM [TARGET]              an item on its user, or on a unit in its range
    end                               end the turn
    force N[,N…]                      force the next d100 results

TARGET is a unit or object id, a door id, or a square `x,y`. Words are separated by spaces;
`#` starts a comment.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

from game.rules.actions import Action, Attack, EndTurn, ForceRolls, Move, ToggleDoor, parse_pos
from game.rules.errors import Impossible, N_
from game.rules.edits import Give, Hold, Place, Remove, SetField, Spawn
from game.rules.items import Use
from game.rules.magic import Cast

USAGE = {
    "move": "move ID X,Y",
    "attack": "attack ID TARGET [with WEAPON | brawl]",
    "open": "open ID X,Y",
    "close": "close ID X,Y",
    "cast": "cast ID SPELL TARGET",
    "use": "use ID ITEM [TARGET]",
    "end": "end",
    "force": "force N[,N...]",
    # Designer mode only (the engine refuses them in a hot-seat game):
    "set": "set UNIT.FIELD VALUE",
    "place": "place UNIT X,Y",
    "give": "give UNIT weapon|armour|spell ID",
    "spawn": "spawn TEMPLATE ID X,Y [owner N]",
    "remove": "remove UNIT",
    "hold": "hold CREATURE",
    "release": "release CREATURE",
}


class NotationError(Impossible):
    """A command that could not be read; its reason says how to write it."""


def _pos(token: str, verb: str) -> tuple[int, int]:
    pos = parse_pos(token)
    if pos is None:
        raise NotationError(N_("{token} is not a square; write it x,y (usage: {usage})"),
                            token=repr(token), usage=USAGE[verb])
    return pos


def _number(token: str, verb: str) -> int:
    if not re.fullmatch(r"-?[0-9]{1,9}", token):
        raise NotationError(N_("{token} is not a whole number (usage: {usage})"),
                            token=repr(token), usage=USAGE[verb])
    return int(token)


# Actions are frozen, so one text always reads as the same action: a replay or a script
# repeats `end` and the same attacks many times. Refusals raise, and are not cached.
@lru_cache(maxsize=1024)
def parse(text: str) -> Action:
    """Read one command; raise `NotationError` with the usage when it is malformed."""
    words = text.split("#", 1)[0].split()
    if not words:
        raise NotationError(N_("empty command"))
    verb, args = words[0].lower(), words[1:]
    if verb not in USAGE:
        close = difflib.get_close_matches(verb, USAGE, n=1)
        if close:
            raise NotationError(N_("unknown command {verb} (did you mean {close}?); commands: "
                                   "{commands}"), verb=repr(verb), close=close[0],
                                commands=", ".join(USAGE))
        raise NotationError(N_("unknown command {verb}; commands: {commands}"),
                            verb=repr(verb), commands=", ".join(USAGE))

    def need(count: int) -> None:
        if len(args) != count:
            raise NotationError(N_("{verb} takes {count} argument: {usage}") if count == 1
                                else N_("{verb} takes {count} arguments: {usage}"),
                                verb=verb, count=count, usage=USAGE[verb])

    if verb == "move":
        need(2)
        return Move(args[0], _pos(args[1], verb))
    if verb in ("open", "close"):
        need(2)
        return ToggleDoor(args[0], _pos(args[1], verb), verb == "open")
    if verb == "attack":
        if len(args) == 2:
            return Attack(args[0], args[1])
        if len(args) == 3 and args[2].lower() == "brawl":
            return Attack(args[0], args[1], brawl=True)
        if len(args) == 4 and args[2].lower() == "with":
            return Attack(args[0], args[1], weapon=args[3])
        raise NotationError(N_("usage: {usage}"), usage=USAGE[verb])
    if verb == "cast":
        need(3)
        return Cast(args[0], args[1], args[2])
    if verb == "use":
        if len(args) not in (2, 3):
            raise NotationError(N_("use takes 2 or 3 arguments: {usage}"), usage=USAGE[verb])
        return Use(*args)
    if verb == "end":
        need(0)
        return EndTurn()
    if verb == "set":
        need(2)
        return SetField(args[0], _number(args[1], verb))
    if verb == "place":
        need(2)
        return Place(args[0], _pos(args[1], verb))
    if verb == "give":
        need(3)
        return Give(args[0], args[1].lower(), args[2])
    if verb == "spawn":
        if len(args) == 5 and args[3].lower() == "owner":
            return Spawn(args[0], args[1], _pos(args[2], verb), _number(args[4], verb))
        need(3)
        return Spawn(args[0], args[1], _pos(args[2], verb))
    if verb in ("remove", "hold", "release"):
        need(1)
        return Remove(args[0]) if verb == "remove" else Hold(args[0], verb == "hold")
    need(1)
    parts = [r for r in args[0].split(",") if r]
    # ASCII digits only: int() would also read `٤` or `1_0`.
    if not all(r.isascii() and r.isdigit() and len(r) <= 6 for r in parts):
        raise NotationError(N_("forced rolls are whole numbers: {usage}"), usage=USAGE[verb])
    rolls = tuple(int(r) for r in parts)
    if not rolls:
        raise NotationError(N_("usage: {usage}"), usage=USAGE[verb])
    return ForceRolls(rolls)
