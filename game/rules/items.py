"""Objects and effects (objets et effets): items a unit uses to lay a timed bonus or
malus, and the timed effects a weapon's hit lays (poison, slow…).

"Les bonus ou malus temporaires du personnage sont ajoutés au total": an item or an on-hit
effect lays the same timed `Effect` a buff or debuff spell does, so every chance, damage
and reduction that names the stat counts it as a named term, and it ticks down at its
holder's turn starts.
"""

from __future__ import annotations

from typing import ClassVar, Iterator

import msgspec

from game.rules.actions import (
    Action,
    Offer,
    Target,
    acting_unit,
    find_target,
    lay_effect,
    own_character_ban,
    target_phrase,
)
from game.rules.errors import Impossible, N_
from game.rules.events import Event, ItemUsed
from game.rules.geometry import distance
from game.rules.rule_ids import ITEMS
from game.rules.sources import entry_source
from game.rules.state import GameState
from game.rules.templates import Item
from game.rules.units import Unit
from game.rules.verbs import NotationError, Verb, Words


class UsePlan(msgspec.Struct, frozen=True):
    """An item's use: who, on whom, at what distance, its AP cost."""

    unit: Unit
    item_id: str
    item: Item
    target: Unit
    distance: int
    ap_cost: int


class Use(Action):
    """`use UNIT ITEM [TARGET]`: an item carried, on its user (no target) or on a unit
    within the item's range and in sight."""

    VERBS: ClassVar = (Verb("use", "use ID ITEM [TARGET]", N_("Use an item"),
                            N_("An item on its user, or on a unit in its range")),)
    unit: str
    item: str
    target: str | None = None

    @classmethod
    def offers(cls, game: GameState, actor: Unit, target: Target, token: str) -> Iterator[Offer]:
        """Each item the actor carries (uses left or not), on a unit: on itself when it is
        the target. The label names the uses left."""
        if not isinstance(target, Unit):
            return
        on = None if target is actor else target.id
        for item_id, left in actor.items.items():
            item = game.content.items[item_id]
            yield Offer(f"{item.name} ({left} use{'s' * (left != 1)} left)", "item",
                        cls(actor.id, item_id, on), item.ap_cost)

    @classmethod
    def read(cls, words: Words) -> Use:
        if len(words) not in (2, 3):
            raise NotationError(N_("use takes 2 or 3 arguments: {usage}"),
                                usage=words.verb.usage)
        return cls(*words.args)

    def notation(self) -> str:
        return f"use {self.unit} {self.item}" + (f" {self.target}" if self.target else "")

    def check(self, game: GameState, player: int | None) -> UsePlan:
        unit = acting_unit(game, self.unit, player)
        item = game.content.items.get(self.item)
        if self.item not in unit.items:
            carried = ", ".join(unit.items)
            if item and carried:
                raise Impossible(N_("{unit} does not carry the {item} (carries {carried})"),
                                 unit=unit.name, item=item.name, carried=carried)
            if item:
                raise Impossible(N_("{unit} does not carry the {item} (carries nothing)"),
                                 unit=unit.name, item=item.name)
            if carried:
                raise Impossible(N_("{unit} does not carry {id} (carries {carried})"),
                                 unit=unit.name, id=repr(self.item), carried=carried)
            raise Impossible(N_("{unit} does not carry {id} (carries nothing)"),
                             unit=unit.name, id=repr(self.item))
        if unit.items[self.item] <= 0:
            raise Impossible(N_("{unit}'s {item} is used up"), unit=unit.name, item=item.name)
        target = unit if self.target is None else find_target(game, self.target)
        if not isinstance(target, Unit):
            # "can be used": an item's name may be plural (the smelling salts).
            raise Impossible(N_("the {item} can be used on characters and creatures, not on "
                                "{target}"), item=item.name, target=target_phrase(target))
        squares = distance(unit.pos, target.pos)
        if target is not unit:
            if item.range == 0:
                raise Impossible(N_("the {item} can be used only on its user"), item=item.name)
            if squares > item.range:
                raise Impossible(N_("{target} is {d} squares away; the {item} can be used "
                                    "within {reach}"), target=target.name, d=squares, item=item.name,
                                 reach=item.range)
            if not game.line_of_sight(unit.pos, target.pos):
                raise Impossible(N_("{unit} has no line of sight to {target}"), unit=unit.name,
                                 target=target.name)
        if item.effect.amount < 0:
            # A malus is an attack: never on one's own characters, the user included.
            if target is unit:
                raise Impossible(N_("the {item} is a malus: {unit} cannot use it on itself"),
                                 item=item.name, unit=unit.name, gender=unit.gender)
            own_character_ban(unit, target)
        if unit.ap < item.ap_cost:
            raise Impossible(N_("{unit} has {ap} AP; the {item} costs {cost}"),
                             unit=unit.name, ap=unit.ap, item=item.name, cost=item.ap_cost)
        return UsePlan(unit, self.item, item, target, squares, item.ap_cost)

    def resolve(self, game: GameState, plan: UsePlan) -> list[Event]:
        unit = plan.unit
        unit.ap -= plan.ap_cost
        unit.items[plan.item_id] -= 1
        events: list[Event] = [ItemUsed(unit.id, plan.item_id, plan.target.id, plan.ap_cost,
                                        unit.ap, unit.items[plan.item_id])]
        return events + lay_effect(plan.target, plan.item_id, plan.item.effect,
                                    entry_source("items", plan.item_id, "effect.amount"),
                                    ITEMS.id)
