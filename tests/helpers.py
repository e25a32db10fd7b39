"""Small games built in code on the shipped content, for exact-number tests."""

from __future__ import annotations

import msgspec

from game.content.loader import load_content
from game.rules.templates import ObjectPlacement, PlayerSpec, Scenario, UnitPlacement
from game.rules.engine import Game

CONTENT = load_content()

OPEN_MAP = "\n".join(["." * 12] * 12)



def content_with(characters=None, creatures=None, rules=None, **tables):
    """A copy of the shipped content with some templates or rules replaced."""
    content = CONTENT
    changes = {}
    if characters:
        changes["characters"] = {**content.characters, **characters}
    if creatures:
        changes["creatures"] = {**content.creatures, **creatures}
    if rules:
        changes["rules"] = msgspec.structs.replace(content.rules, **rules)
    changes.update(tables)
    return msgspec.structs.replace(content, **changes)


def char(tid: str, **changes):
    """A character template from the shipped content with fields replaced."""
    return msgspec.structs.replace(CONTENT.characters[tid], **changes)


def make_game(units, map_text: str = OPEN_MAP, objects=(), content=None, seed: int = 0,
              forced=()) -> Game:
    """`units`: (id, template, owner or None, (x, y)) — owner None makes a creature."""
    characters, creatures = [], []
    for uid, tid, owner, (x, y) in units:
        placement = UnitPlacement(id=uid, template=tid, owner=owner, at=[x, y])
        (characters if owner is not None else creatures).append(placement)
    scenario = Scenario(
        name="test", map=map_text,
        players=[PlayerSpec(name="Alice", colour="blue"), PlayerSpec(name="Bruno", colour="red")],
        characters=characters, creatures=creatures,
        objects=[ObjectPlacement(**o) for o in objects],
    )
    game = Game(content or CONTENT, scenario, seed=seed)
    game.roller.force(forced)
    return game


def events_of(events, kind):
    return [e for e in events if isinstance(e, kind)]
