"""What a game is made of and the questions asked of it: board, players, units, sight.

`GameState` holds every piece of mutable state and answers queries; it runs no command.
Commands, turn order, the creature phase and game over are the engine's (`engine.Game`).
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Callable, Iterator

import msgspec

from game.rules.board import Door, DoorState, Thing, parse_map
from game.rules.dice import Roller
from game.rules.errors import N_, Impossible
from game.rules.events import Event, TurnStarted
from game.rules.geometry import Pos, clear_line, distance
from game.rules.progress import level_for
from game.rules.templates import Content, Quips, Scenario
from game.rules.units import Statistics, Unit


DICE_MODES = ("single", "streams")


class Player(msgspec.Struct):
    number: int
    name: str
    colour: str


class GameState:
    """A skirmish in progress: everything the rules read and change."""

    #: What a copy of the situation (`copy.deepcopy`: the lab's what-ifs, a reload) shares
    #: with it instead of copying: the content is never changed in place (an edit builds
    #: another), the lines of sight are already the table every game on the map shares,
    #: and the memo's keys hold every value it reads. Copying them was 85% of a copy's cost.
    SHARED_WHEN_COPIED = ("content", "rules", "scenario", "walls", "_sight", "_kept_for",
                          "_kept")
    #: Lists of immutable things (frozen events, strings): a copy has its own list.
    LISTED_WHEN_COPIED = ("journal", "log")

    def __deepcopy__(self, memo: dict) -> GameState:
        new = object.__new__(type(self))
        memo[id(self)] = new
        shared = self.SHARED_WHEN_COPIED
        for name in shared:
            value = getattr(self, name)
            memo[id(value)] = value
        for name, value in vars(self).items():
            if name in shared:
                copied = value
            elif name in self.LISTED_WHEN_COPIED:
                copied = list(value)
            else:
                copied = copy.deepcopy(value, memo)
            setattr(new, name, copied)
        return new

    def __init__(self, content: Content, scenario: Scenario, seed: int = 0,
                 scenario_id: str = "", designer: bool = False,
                 dice: str = "streams") -> None:
        self.content = content
        #: "streams" (every new game): each command rolls from its own stream (seed, log
        #: index); "single": one stream through the game, kept only so that saves made
        #: before streams (version 1, or saying `"dice": "single"`) replay as they were
        #: played. Part of a game's record, like its seed.
        if dice not in DICE_MODES:
            raise ValueError(f"dice must be one of {', '.join(DICE_MODES)}, not {dice!r}")
        self.dice = dice
        #: Designer mode: `force` and the edit commands are accepted (never in hot-seat).
        self.designer = designer
        self.rules = content.rules
        self.scenario = scenario
        self.scenario_id = scenario_id or scenario.name
        self.seed = seed
        self.roller = Roller(seed, streams=dice == "streams")
        grid = parse_map(scenario.map)
        self.width, self.height, self.walls = grid.width, grid.height, grid.walls
        own = {(d.at[0], d.at[1]): d for d in scenario.doors}
        self.doors: dict[Pos, Door] = {}
        for pos, state in sorted(grid.doors.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            spec = own.get(pos)
            hp = spec.hp if spec and spec.hp is not None else self.rules.door_hp
            defence = spec.defence if spec and spec.defence is not None \
                else self.rules.door_defence
            self.doors[pos] = Door(f"door-{pos[0]}-{pos[1]}", pos, state, hp, hp, defence)
        self.players = [Player(i + 1, p.name, p.colour) for i, p in enumerate(scenario.players)]
        self.units: dict[str, Unit] = {}
        self.things: dict[str, Thing] = {}
        for placement in scenario.characters:
            self.add_unit(placement, "character")
        for placement in scenario.creatures:
            self.add_unit(placement, "creature")
        for obj in scenario.objects:
            self.things[obj.id] = Thing(obj.id, obj.name, (obj.at[0], obj.at[1]), obj.glyph,
                                        obj.hp, obj.hp, obj.defence, obj.armour)
        self.round = 1
        self.current = 1
        self.over = False
        self.winner: int | None = None
        self.journal: list[Event] = []
        self.log: list[str] = []
        self._sight: dict[tuple[Pos, Pos], bool] = self._sight_table()
        self._kept_for: Content | None = None
        self._kept: dict = {}
        # A scenario may pit a single player against creatures: it ends when that player
        # falls, while a duel ends when one side is left.
        self.starting_sides = len(self.players_standing())
        self.casualties = self._casualties_checked = 0
        self.journal.append(TurnStarted(self.round, self.current, self.player(self.current).name))

    def add_unit(self, placement, kind: str) -> None:
        catalog = self.content.characters if kind == "character" else self.content.creatures
        t = catalog[placement.template]
        ap_max = t.ap_max or self.rules.ap_max
        self.units[placement.id] = Unit(
            id=placement.id,
            name=placement.name or t.name,
            kind=kind,
            template=placement.template,
            owner=placement.owner,
            faction=t.faction,
            glyph=t.glyph,
            pos=(placement.at[0], placement.at[1]),
            characteristics=msgspec.structs.asdict(t.characteristics),
            skills={k: getattr(t.skills, k) for k in t.skills.__struct_fields__},
            masteries=dict(t.masteries),
            weapons=tuple(t.weapons),
            armour=t.armour,
            legendary_armour=getattr(t, "legendary_armour", None),
            hp=t.hp_max,
            hp_max=t.hp_max,
            ap=ap_max,
            ap_max=ap_max,
            spells=tuple(getattr(t, "spells", ())),
            quips=getattr(t, "quips", None) or Quips(),
            level=level_for(self.rules.level_thresholds, 0),
            items=self._items(t.items),
            gender=getattr(placement, "gender", None) or t.gender,
        )

    def _items(self, carried: list[str]) -> dict[str, int]:
        """Uses left of each item carried (an item listed twice has twice its charges)."""
        items: dict[str, int] = {}
        for item_id in carried:
            items[item_id] = items.get(item_id, 0) + self.content.items[item_id].charges
        return items

    # --- queries --------------------------------------------------------------------

    def player(self, number: int) -> Player:
        return self.players[number - 1]

    def standing(self) -> Iterator[Unit]:
        return (u for u in self.units.values() if not u.down)

    def unit_at(self, pos: Pos) -> Unit | None:
        for unit in self.units.values():
            if unit.pos == pos and not unit.down:
                return unit
        return None

    def thing_at(self, pos: Pos) -> Thing | None:
        for thing in self.things.values():
            if thing.pos == pos and not thing.destroyed:
                return thing
        return None

    def in_bounds(self, pos: Pos) -> bool:
        return 0 <= pos[0] < self.width and 0 <= pos[1] < self.height

    def blocks_sight(self, pos: Pos) -> bool:
        if pos in self.walls:
            return True
        door = self.doors.get(pos)
        return door is not None and door.blocks

    def passable(self, pos: Pos) -> bool:
        """A free square: on the map, no wall, no closed door, no unit, no object."""
        return (self.in_bounds(pos) and not self.blocks_sight(pos)
                and self.unit_at(pos) is None and self.thing_at(pos) is None)

    def passable_now(self) -> Callable[[Pos], bool]:
        """`passable` for one search of the board (a path, the squares within reach): the
        squares units and objects stand on read once, not every unit for every square.
        Only for a search that moves nothing while it runs."""
        taken = {u.pos for u in self.standing()}
        taken.update(t.pos for t in self.things.values() if not t.destroyed)
        width, height, blocks = self.width, self.height, self.blocks_sight
        return lambda pos: (0 <= pos[0] < width and 0 <= pos[1] < height
                            and pos not in taken and not blocks(pos))

    def line_of_sight(self, a: Pos, b: Pos) -> bool:
        key = (a, b) if a <= b else (b, a)
        seen = self._sight.get(key)
        if seen is None:
            seen = self._sight[key] = clear_line(a, b, self.blocks_sight)
        return seen

    def sees(self, a: Pos, b: Pos) -> bool:
        """Within the vision radius and in line of sight."""
        return distance(a, b) <= self.rules.vision_radius and self.line_of_sight(a, b)

    def sight_changed(self) -> None:
        """Forget cached lines of sight; call when a door opens, closes or breaks."""
        self._sight = self._sight_table()

    def _sight_table(self) -> dict[tuple[Pos, Pos], bool]:
        # Lines of sight depend on the walls and the closed doors alone: the games of one
        # map (a lab's runs) share them.
        return _sight_table(self.walls, frozenset(p for p, d in self.doors.items() if d.blocks))

    #: Values kept at most (`kept`) before starting again.
    MOST_KEPT = 50_000

    def kept(self) -> dict:
        """A memo for what the content alone decides, under keys holding every other value
        it reads (a unit's way of arming, a damage plan's inputs): made again when the
        content is (a designer's edit of a rule)."""
        if self._kept_for is not self.content or len(self._kept) > self.MOST_KEPT:
            self._kept_for, self._kept = self.content, {}
        return self._kept

    def faction_allies(self, unit: Unit, exclude: object = None) -> list[Unit]:
        """The allies of the unit's faction that count for its faction bonus.

        "Alliés de faction": other standing units of its faction on its side (a character:
        characters of the same player; a creature: creatures of the same owner), that it
        sees unless `faction.counts` is `present`. An enemy never counts, whatever its
        faction, and neither does `exclude` (the target of the roll).
        """
        if unit.faction is None:
            return []
        seen_only = self.rules.faction.counts == "seen"
        # On every dodge, brawl, spell and counter: one pass, the cheap tests first.
        faction, kind, owner = unit.faction, unit.kind, unit.owner
        return [other for other in self.units.values()
                if other.faction == faction and other.owner == owner and other.kind == kind
                and not other.down and other is not unit and other is not exclude
                and (not seen_only or self.sees(unit.pos, other.pos))]

    def admit(self, action) -> None:
        """The refusals a command meets before its own check: the game is over, or a
        designer's command in a hot-seat game (the engine's, and the command line's
        preview of what the engine will say)."""
        if self.over and not action.allowed_after_game_over:
            raise Impossible(N_("the game is over"))
        if action.designer_only and not self.designer:
            raise Impossible(N_("{verb} is a designer command: start the game in designer "
                                "mode (play --designer)"), verb=action.verb.name)

    def crowding_allies(self, unit: Unit) -> list[tuple[str, int]]:
        """(id, distance) of the other standing characters of the same player it sees."""
        if unit.owner is None:
            return []
        owner = unit.owner
        return [(other.id, distance(unit.pos, other.pos)) for other in self.units.values()
                if other.owner == owner and not other.down and other is not unit
                and other.is_character and self.sees(unit.pos, other.pos)]

    def foes(self, a: Unit, b: Unit) -> bool:
        """Whether two units are on different sides. A side is an owner: a player's
        characters and creatures; the wild (unowned) creatures are one side together."""
        return a.owner != b.owner

    def refill(self, unit: Unit) -> int:
        """The AP the unit starts its next turn with: its maximum less what it owes."""
        return max(0, unit.ap_max - unit.ap_owed)

    def players_standing(self) -> list[int]:
        owners = {u.owner for u in self.standing() if u.is_character and u.owner is not None}
        return [p.number for p in self.players if p.number in owners]

    # --- inspection -----------------------------------------------------------------

    def snapshot(self) -> dict:
        """Every piece of mutable state, for equality checks (tests, saves)."""
        return {
            "units": {k: msgspec.to_builtins(u) for k, u in self.units.items()},
            "doors": {d.id: msgspec.to_builtins(d) for d in self.doors.values()},
            "things": {k: msgspec.to_builtins(t) for k, t in self.things.items()},
            "round": self.round,
            "current": self.current,
            "over": self.over,
            "winner": self.winner,
            "dice": copy.deepcopy(self.roller.getstate()),
        }

    def state_summary(self) -> list[dict]:
        """Each unit's id, hp, ap, xp, level and whether it is down (the runner's `state`)."""
        return [
            {"id": u.id, "kind": u.kind, "owner": u.owner, "pos": list(u.pos), "hp": u.hp,
             "hp_max": u.hp_max, "ap": u.ap, "xp": u.xp, "level": u.level, "down": u.down}
            for u in self.units.values()
        ]


@lru_cache(maxsize=64)
def _sight_table(walls: frozenset[Pos], closed: frozenset[Pos]) -> dict[tuple[Pos, Pos], bool]:
    """The lines of sight found on a map with these walls and closed doors (filled as they
    are asked): shared by every game on it."""
    return {}


def known_statistics(saved: dict) -> dict:
    """A saved unit's statistics less those the engine no longer keeps (older saves)."""
    return {k: v for k, v in saved.items() if k in Statistics.__struct_fields__}


def comparable(state: dict, replayed: dict | None = None) -> dict:
    """A saved `snapshot()` as today's engine would write it, to compare with a replay.

    A save written before units kept the fields a designer set (`designer_set`) and effects
    their content value (`origin`) has none of them: none was set then, and an effect's
    origin is the one the replay (`replayed`, a plain snapshot) finds, as it cannot differ.
    """
    replayed_units = (replayed or {}).get("units", {})
    units = {}
    for uid, unit in state.get("units", {}).items():
        again = replayed_units.get(uid, {}).get("effects", [])
        effects = [effect if "origin" in effect else
                   {**effect, "origin": again[i].get("origin", []) if i < len(again) else []}
                   for i, effect in enumerate(unit.get("effects", []))]
        units[uid] = {"designer_set": [], **unit, "effects": effects,
                      "stats": known_statistics(unit["stats"])}
    return {**state, "units": units}


def restore_state(game: GameState, state: dict) -> None:
    """Put a `Game.snapshot()` (as plain data from a save) back into a fresh game."""
    quips = {uid: unit.quips for uid, unit in game.units.items()}
    # The units decoded as they are declared (`Unit`): fields older saves lack take their
    # defaults, statistics the engine no longer keeps are left out; bounds are checked.
    units = msgspec.convert(state["units"], dict[str, Unit])
    for uid, unit in units.items():
        unit.quips = quips.get(uid) or Quips()
    game.units = units
    for door in game.doors.values():
        saved = state["doors"][door.id]
        door.state, door.hp = DoorState(saved["state"]), saved["hp"]
    for tid, saved in state["things"].items():
        thing = game.things[tid]
        thing.hp, thing.destroyed = saved["hp"], saved["destroyed"]
    game.round, game.current = state["round"], state["current"]
    game.over, game.winner = state["over"], state["winner"]
    game.roller.setstate(tuple(state["dice"]))
    game.sight_changed()
