"""Objects and effects (objets et effets): items a unit uses to lay a timed bonus or
malus, and the timed effects a weapon's hit lays (poison, slow…).

"Les bonus ou malus temporaires du personnage sont ajoutés au total": an item or an on-hit
effect lays the same timed `Effect` a buff or debuff spell does, so every chance, damage
and reduction that names the stat counts it as a named term, and it ticks down at its
holder's turn starts.
"""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

from game.rules.actions import (
    Action,
    acting_unit,
    find_target,
    lay_effect,
    own_character_ban,
    target_name,
)
from game.rules.errors import Impossible
from game.rules.events import Event, ItemUsed
from game.rules.geometry import distance
from game.rules.state import GameState
from game.rules.templates import Item
from game.rules.units import Unit


class UsePlan(msgspec.Struct, frozen=True):
    """An item's use: who, on whom, at what distance, its AP cost."""

    unit: Unit
    item_id: str
    item: Item
    target: Unit
    distance: int
    ap_cost: int


@dataclass(frozen=True)
class Use(Action):
    """`use UNIT ITEM [TARGET]`: an item carried, on its user (no target) or on a unit
    within the item's range and in sight."""

    unit: str
    item: str
    target: str | None = None

    def notation(self) -> str:
        return f"use {self.unit} {self.item}" + (f" {self.target}" if self.target else "")

    def check(self, game: GameState, player: int | None) -> UsePlan:
        unit = acting_unit(game, self.unit, player)
        item = game.content.items.get(self.item)
        if self.item not in unit.items:
            carried = ", ".join(unit.items) or "nothing"
            what = f"the {item.name}" if item else repr(self.item)
            raise Impossible(f"{unit.name} does not carry {what} (carries {carried})")
        if unit.items[self.item] <= 0:
            raise Impossible(f"{unit.name}'s {item.name} is used up")
        target = unit if self.target is None else find_target(game, self.target)
        if not isinstance(target, Unit):
            raise Impossible(f"the {item.name} works on characters and creatures, not on "
                             f"{target_name(target)}")
        squares = distance(unit.pos, target.pos)
        if target is not unit:
            if item.range == 0:
                raise Impossible(f"the {item.name} works only on its user")
            if squares > item.range:
                raise Impossible(f"{target.name} is {squares} squares away; the {item.name} "
                                 f"works within {item.range}")
            if not game.line_of_sight(unit.pos, target.pos):
                raise Impossible(f"{unit.name} has no line of sight to {target.name}")
        if item.effect.amount < 0:
            # A malus is an attack: never on one's own characters, the user included.
            if target is unit:
                raise Impossible(f"the {item.name} is a malus: {unit.name} cannot use it on "
                                 "itself")
            own_character_ban(unit, target)
        if unit.ap < item.ap_cost:
            raise Impossible(f"{unit.name} has {unit.ap} AP; the {item.name} costs "
                             f"{item.ap_cost}")
        return UsePlan(unit, self.item, item, target, squares, item.ap_cost)

    def resolve(self, game: GameState, plan: UsePlan) -> list[Event]:
        unit = plan.unit
        unit.ap -= plan.ap_cost
        unit.items[plan.item_id] -= 1
        events: list[Event] = [ItemUsed(unit.id, plan.item_id, plan.target.id, plan.ap_cost,
                                        unit.ap, unit.items[plan.item_id])]
        return events + lay_effect(plan.target, plan.item_id, plan.item.effect,
                                    f"items.yaml: {plan.item_id}.effect.amount")
