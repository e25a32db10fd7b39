"""The tactician: the computer opponent that plays to win (the default AI profile).

For the unit it plays, it weighs each square it can walk to *with* the best thing to do
from there: every attack and spell the rules allow at that square (the engine's own plans,
checked as if the unit stood there with the AP the walk leaves), scored from the plans'
lean odds (`odds.lean`: P(it lands), mean damage, P(down), the damage a counter may
reflect), less the retort the square exposes it to (what the foes that reach it next turn
can do). It then takes the first step of the best pair: the walk, or the action where it
stands; asked again after it, it weighs again from the new state.

What it values (the weights of its `AiProfile`, content/ai.yaml):
- the units that decide the game: the other players' characters (their creatures less,
  their healers more: a heal undoes the blows struck on their friends);
  a wild creature only when it is in the way (next to the unit), never walked toward
  while another player's unit can be;
- a kill above damage (P(down) × what the foe could still do), a wounded foe first;
- spells when they pay: a heal by the HP it restores, a buff only on a friend that will use
  the buffed value soon and does not hold it yet, a debuff only on a foe that does not; a
  damage spell by its odds after the target's counter-magic, less what a reflection costs;
- a square out of its foes' reach, when striking from it is as good (but for a healer with
  no friend fighting on, once patience is over: keeping away only delays); no walk into their
  reach that buys no blow (for `patience` rounds; then only to the edge of it, where each
  foe must walk before it strikes, and never ahead of its friends), a retreat when
  staying is worse and a friend fights on (never one that only delays the loss: alone,
  beside friends as worn, or on a side far behind);
- a shooter out of melee while it can shoot from elsewhere; one walk for what a turn's
  walking buys, not two that undo each other; a doorway left free for the friends still
  to act behind it.

It only chooses: the engine runs each choice as a command, through the same checks as a
player's. It rolls no die and reads no clock; ties go to the first option in a fixed order,
so the same game makes the same choices.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from game.rules import ai, odds
from game.rules.odds import dice_dist
from game.rules.actions import Action, Attack, Move, ToggleDoor, ranged_reach
from game.rules.dice import Dice
from game.rules.errors import Impossible
from game.rules.geometry import NEIGHBOURS, Pos, distance
from game.rules.legal import attacks, standing_at
from game.rules.magic import HARMFUL, Cast, spell_range
from game.rules.state import GameState
from game.rules.templates import AiProfile
from game.rules.units import Unit

#: Walks a unit may take in one turn: one to strike from, one to step back out of reach.
MOST_MOVES = 2
#: Squares whose options are checked exactly, per target (the closest to safety first).
SQUARES_PER_TARGET = 4
#: And the nearest squares from which it reaches the target, the safest of equals first.
NEAREST_PER_TARGET = 2
#: A repeat of the same option later in the turn is worth this much of the first (the
#: target may be down, the dice may have gone either way).
REPEAT = 0.8
#: A walk is taken only when it buys at least this much over staying (no idle shuffles).
WORTH_A_WALK = 0.05
#: What a square of ground won toward the foe is worth to a walk that buys no blow.
ADVANCE = 0.5
#: How much the retort of a square weighs against the blows struck from it.
EXPOSURE = 0.4
#: How much of a foe's blows a unit expects to draw when friends are in its reach too.
SHARE = 1.0
#: How much the blows a square leaves it for next turn weigh against its retort.
READY = 0.5
#: How much the kill a blow makes possible with the friends still to act weighs, against
#: the kill it makes alone.
FOCUS = 1.0
#: What a foe's blow is assumed to land, for the retort a square exposes the unit to.
LANDS = 0.5
#: How much the unit's own loss weighs (beyond the retort's damage), as `down` weighs a
#: foe's: where the foes' next blows are sure to down it, the whole of a kill.
LOSS = 1.0
#: Past this share of its loss at stake where it stands, a unit also weighs the safest
#: squares it can walk to (a retreat, acting from there if it still can).
AT_RISK = 0.25
#: How many of those safest squares it weighs.
RETREATS = 2
#: What a player's creature (a character's wolf) is worth as a target, against one of
#: the player's characters: the game is won when the characters are down.
PET = 0.3
#: What a foe's character that can heal is worth as a target, against one that cannot.
HEALER = 1.5
#: A side whose strength (HP standing × damage a turn) is under this share of another
#: side's is far behind: its retreats only delay the loss.
BEHIND = 0.5


@dataclass(frozen=True, slots=True)
class Threat:
    """A foe as a danger: its AP next turn and each way it can strike (the blow's AP
    cost, its reach, the damage one blow is expected to do), strongest first."""

    unit: Unit
    ap: int
    ways: tuple[tuple[int, int, float], ...]  # (AP cost, reach, expected damage)
    #: The farthest square it could strike next turn, counted in squares: a walk of all
    #: its AP (doors aside), then its longest reach.
    radius: int

    @property
    def power(self) -> float:
        """What it could do in a turn that needs no walk."""
        return max((self.ap // cost * blow for cost, _, blow in self.ways), default=0.0)


@dataclass(slots=True)
class Option:
    """One action from one square: its worth once, its AP cost, whether it repeats."""

    action: Action
    gain: float
    cost: int
    repeats: bool


class _Ground:
    """What stays while no door or object changes (units aside): the squares a walk may
    cross and their links, the walks from each origin, a foe's blows at each square (by
    the foe's square, AP and ways to strike) and the dangers a unit meets (by the threats
    and its friends' squares). Shared by every board with the same ground, across games
    (`signature`): a lab's runs of one map meet the same walks and dangers again."""

    #: Foe positions and dangers kept before the caches start again (each holds a value
    #: per square: a long game stays in bounded memory).
    MOST = 20_000

    def __init__(self, game: GameState) -> None:
        width, height = game.width, game.height
        solid = set(game.walls)
        solid.update(t.pos for t in game.things.values() if not t.destroyed)
        #: A closed door costs its opening on top of the step (walls and objects block).
        self.shut = {pos for pos, door in game.doors.items() if door.blocks}
        self.door_cost = game.rules.door_cost
        self.move_cost = game.rules.move_cost
        self.links: dict[Pos, tuple[Pos, ...]] = {}
        for x in range(width):
            for y in range(height):
                if (x, y) in solid:
                    continue
                self.links[(x, y)] = tuple(
                    step for dx, dy in NEIGHBOURS
                    if 0 <= (step := (x + dx, y + dy))[0] < width and 0 <= step[1] < height
                    and step not in solid)
        self.walks: dict[Pos, dict[Pos, int]] = {}
        self.blows: dict[tuple, dict[Pos, float]] = {}
        self.danger: dict[tuple, dict] = {}
        #: The squares within a walk (`_Board.reach`), by the squares units stand on, the
        #: walk's start and its steps.
        self.reaches: dict[tuple, dict[Pos, int]] = {}

    @staticmethod
    def signature(game: GameState) -> tuple:
        """All a ground is made of: two games with the same signature have the same ground."""
        return (game.width, game.height, game.walls,
                frozenset(pos for pos, door in game.doors.items() if door.blocks),
                frozenset(t.pos for t in game.things.values() if not t.destroyed),
                game.rules.door_cost, game.rules.move_cost)

    def crowded(self) -> bool:
        return len(self.blows) + len(self.danger) + len(self.reaches) > self.MOST

    def terrain(self, origin: Pos) -> dict[Pos, int]:
        """AP of a walk from `origin` to every square, units aside, a closed door opened on
        the way (made once per origin)."""
        found = self.walks.get(origin)
        if found is not None:
            return found
        links, shut = self.links, self.shut
        extra, move = self.door_cost, self.move_cost
        cost = {origin: 0}
        frontier = [(0, origin)]
        pop, push = heapq.heappop, heapq.heappush
        while frontier:
            spent, here = pop(frontier)
            if spent > cost[here]:
                continue
            for step in links.get(here, ()):
                total = spent + move + (extra if step in shut else 0)
                if total < cost.get(step, total + 1):
                    cost[step] = total
                    push(frontier, (total, step))
        self.walks[origin] = cost
        return cost


class _Board:
    """What every decision in one state of the board shares: the squares a walk cannot
    enter, and the dangers to each side. Kept while no unit, door or object changes."""

    def __init__(self, game: GameState, ground: _Ground) -> None:
        self.ground = ground
        self.taken = frozenset(u.pos for u in game.standing())
        self.blocked = ground.shut | self.taken
        self.threats: dict[int | None, list[Threat]] = {}
        self.allies: dict[tuple, Threat] = {}
        #: Each foe's `Threat` by what it is made of (`_Turn.threat_of`): kept from board
        #: to board of one game and content, as a walk or a blow changes no foe's ways.
        self.content = game.content
        self.kept: dict[tuple, Threat] = {}
        #: Per side, its foes' threats with their weapons and bare hands only.
        self.armed: dict[int | None, list[Threat]] = {}
        self.shut, self.move_cost = ground.shut, ground.move_cost
        self.blows, self.danger, self.terrain = ground.blows, ground.danger, ground.terrain

    def reach(self, start: Pos, budget: int) -> dict[Pos, int]:
        """`geometry.reachable` with `GameState.passable`, from the links made once: every
        square a walk of at most `budget` steps ends on, with its steps (shared: never
        changed by its readers)."""
        key = (self.taken, start, budget)
        found = self.ground.reaches.get(key)
        if found is None:
            found = self.ground.reaches[key] = self._reach(start, budget)
        return found

    def _reach(self, start: Pos, budget: int) -> dict[Pos, int]:
        links, blocked = self.ground.links, self.blocked
        cost = {start: 0}
        frontier, steps = [start], 0
        while frontier and steps < budget:  # breadth first, a ring of squares at a time
            steps += 1
            ring = []
            for here in frontier:
                for step in links.get(here, ()):
                    if step not in cost and step not in blocked:
                        cost[step] = steps
                        ring.append(step)
            frontier = ring
        del cost[start]
        return cost


def _fingerprint(game: GameState) -> tuple:
    """What the shared view of the board depends on: every unit's square, whether it
    stands, its level and owed AP; every door's state; every object's."""
    return (tuple((u.pos, u.down, u.level, u.ap_owed) for u in game.units.values()),
            tuple(d.state for d in game.doors.values()),
            tuple(t.destroyed for t in game.things.values()))


class Tactician:
    """A `Policy` (game/rules/policy.py) with the weights of one profile."""

    def __init__(self, profile: AiProfile) -> None:
        self.w = profile
        self._game: GameState | None = None  # held, so that its id is never reused
        self._print: tuple = ()
        self._board: _Board | None = None
        #: The grounds met lately, by their signature (a few: doors opened make more).
        self._grounds: dict[tuple, _Ground] = {}
        self._turn: _Turn | None = None  # the last decision, for `plan_of`
        #: The last walk or door chosen and why (`_taken`).
        self._last: tuple | None = None
        #: The action the last walk to strike from was chosen for (`order`).
        self._walked_for: Action | None = None

    def plan_of(self, game: GameState, action: Action, player: int | None):
        """The plan the last choice was checked with where the unit stands (`Policy`),
        while that unit has not moved nor spent AP since; else None."""
        turn = self._turn
        if turn is None or turn.game is not game or player != turn.unit.owner \
                or (turn.unit.pos, turn.unit.ap) != turn.home:
            return None
        return turn.checked.get(action)

    def order(self, game: GameState, units: list[Unit]) -> list[Unit]:
        """Its side's units in the order they act (`Policy.order`): first those whose
        choice where they stand is to bless a friend or hex a foe (a buff laid on
        another, a debuff), then the rest, each group in scenario order. A blessing laid
        after its friend has struck is a turn of it lost (playtest: the crossroads'
        Elise, last of her side, blessed Dagny after Dagny's blows); a readier with
        nothing to lay yet keeps its place (walking first, it would walk ahead of the
        friends it keeps behind)."""
        spells = game.content.spells

        def readies(unit: Unit) -> bool:
            if not any(spells[s].kind == "debuff" or spells[s].kind == "buff"
                       and max(spells[s].range) > 0 for s in unit.spells):
                return False
            self._walked_for = None
            action = self.choose(game, unit)
            if isinstance(action, Move):
                action = self._walked_for  # the cast it walks to, if any
            return isinstance(action, Cast) and action.target != unit.id \
                and spells[action.spell].kind in ("buff", "debuff")
        return sorted(units, key=lambda u: not readies(u))

    @property
    def round_matters_until(self) -> int:
        """Past this round, the round no longer changes its choices (its patience is over):
        what the lab's exact duel needs to know to share decisions between rounds."""
        return self.w.patience + 1

    def board(self, game: GameState) -> _Board:
        """The shared view of this state of the board, made once."""
        mark = _fingerprint(game)
        if self._board is None or self._game is not game or self._print != mark:
            ground = self._board.ground if self._board is not None else None
            if ground is None or self._game is not game or self._print[1:] != mark[1:] \
                    or ground.crowded():
                ground = self._ground(game)
            kept = self._board.kept if self._board is not None and self._game is game \
                and self._board.content is game.content else {}
            self._game, self._print, self._board = game, mark, _Board(game, ground)
            self._board.kept = kept
        return self._board

    #: Grounds kept at once.
    GROUNDS = 8

    def _ground(self, game: GameState) -> _Ground:
        key = _Ground.signature(game)
        ground = self._grounds.get(key)
        if ground is None or ground.crowded():
            if len(self._grounds) >= self.GROUNDS:
                del self._grounds[next(iter(self._grounds))]  # the oldest
            ground = self._grounds[key] = _Ground(game)
        return ground

    def choose(self, game: GameState, unit: Unit, moves: int = 0,
               struck: bool = False) -> Action | None:
        if unit.down or game.over or unit.ap <= 0:
            return None
        turn = self._turn = _Turn(game, unit, self.w, self.board(game))
        if not turn.foes:
            return None
        here_value, here_action = turn.best_from(unit.pos, unit.ap)
        if moves >= MOST_MOVES:
            return here_action
        here_value -= turn.exposure(unit.pos)
        # Or a blow from here, then a walk off with the AP it leaves (whichever pays more).
        gone_value, gone_action = turn.struck_and_gone(unit.pos, unit.ap)
        here_walks = gone_value > here_value  # then a walk is in staying's plan too
        if here_walks:
            here_value, here_action = gone_value, gone_action
        why = self._why(game, unit) if moves else None
        if why in ("retreat", "ground"):
            # The last walk bought no blow (ground won, a step back or aside): it already
            # went where the whole walk was worth most; a second one would only undo part
            # of it (playtest: `move elise 13,1` then `move elise 12,2`), but for a door
            # on the way, opened, then walked through.
            if here_action is not None:
                return here_action
            walk = turn.approach(turn.reach(), 0.0 if struck else ADVANCE)
            return self._taken(game, unit, walk) if isinstance(walk, ToggleDoor) else None
        if why == "strike" and here_action is not None:
            return here_action  # the walk was taken for what it buys here: that, then on
        if moves and not struck:
            # The walk was taken for the blow it buys here (weighed square by square
            # already): then on.
            return here_action or self._taken(game, unit, turn.approach(turn.reach(), ADVANCE))
        squares = turn.reach()
        best_square, best_value, best_action = None, here_value, None
        retreats = turn.retreats(squares, struck)
        weighed = []
        for square in turn.candidates(squares) + retreats:
            value, action = turn.best_from(square,
                                           unit.ap - squares[square] * game.rules.move_cost)
            if action is None and not struck and square not in retreats:
                # No blow from there: the walk is one for the ground, weighed as such
                # (`approach`), not a step aside that the next walk would undo.
                continue
            weighed.append((square, value, action))
        if turn.shooter():
            # A shooter walks into a foe's melee only when it can act from nowhere else:
            # beside the foe it gains a point of aim and gives the foe its blows without a
            # step (playtest: Fenwick parked beside Aldric to sling at distance 1, walked
            # eight squares to stab Corvin with his dagger).
            apart = [w for w in weighed if w[2] is not None and not turn.in_contact(w[0])]
            elsewhere = apart or (here_action is not None and not turn.in_contact(unit.pos))
            weighed = [w for w in weighed if not turn.in_contact(w[0])
                       or (w[2] is not None and not elsewhere)]
        if turn.waiting():
            # A doorway held by the unit is one its friends still to act cannot pass
            # (playtest: Dagny fought from the dungeon's door four rounds running, both
            # wolves behind her with all their AP): it acts from beyond it when it can.
            beyond = [w for w in weighed if w[2] is not None and not turn.corks(w[0])]
            if beyond:
                weighed = [w for w in weighed if not turn.corks(w[0])]
                if turn.corks(unit.pos):
                    best_value = float("-inf")
        for square, value, action in weighed:
            value -= turn.exposure(square)
            if action is not None:
                gone_value, gone_action = turn.struck_and_gone(
                    square, unit.ap - squares[square] * game.rules.move_cost)
                if gone_value > value:
                    value, action = gone_value, gone_action
            # A walk must buy something over staying, but for a stay that walks off too.
            margin = 0.0 if best_square is None and here_walks else WORTH_A_WALK
            if value > best_value + margin:
                best_square, best_value, best_action = square, value, action
        if best_square is not None:
            self._walked_for = best_action
            return self._taken(game, unit, Move(unit.id, best_square),
                               "strike" if best_action is not None else "retreat")
        if here_action is not None:
            return here_action
        # Once it has struck, a walk only steps back to safety, never toward the foe.
        return self._taken(game, unit, turn.approach(squares, 0.0 if struck else ADVANCE))

    def _taken(self, game: GameState, unit: Unit, action: Action | None,
               why: str = "ground") -> Action | None:
        """`action`, remembered with why it was chosen (a walk to `strike` from, a
        `retreat`, `ground` won, a `door` opened), for the unit's next choice."""
        if isinstance(action, ToggleDoor):
            why = "door"
        self._last = (game, unit.id, game.round, game.current, len(game.log) + 1, why)
        return action

    def _why(self, game: GameState, unit: Unit) -> str | None:
        """Why the unit's last action was chosen, if it was the last command played."""
        last = self._last
        if last is None or last[0] is not game \
                or last[1:5] != (unit.id, game.round, game.current, len(game.log)):
            return None
        return last[5]


def _mean(dice: Dice) -> float:
    return float(dice_dist(dice).mean())


def _strikes(t: Threat, walk: int, far: int, move: int) -> float:
    """The damage `t` could do to a square a walk of `walk` AP (`far` squares, counted
    straight) away, next turn: its best way to strike there, the blows its AP still pay
    for after the walk (a shot's walk only to within its range)."""
    best = 0.0
    for cost, reach, blow in t.ways:
        if reach == 1:
            spent = max(0, walk - move)
        elif walk <= (far + 2) * move:  # the ground is open enough to shoot across
            spent = max(0, far - reach) * move
        else:
            spent = max(0, walk - reach * move)
        if spent <= t.ap:
            best = max(best, (t.ap - spent) // cost * blow)
    return best


class _Turn:
    """One decision's view of the game, computed once: foes, friends, dangers."""

    def __init__(self, game: GameState, unit: Unit, w: AiProfile, board: _Board) -> None:
        self.game, self.unit, self.w, self.board = game, unit, w, board
        #: Where the unit stands and its AP, and the plans checked there with them.
        self.home = (unit.pos, unit.ap)
        self.checked: dict[Action, object] = {}
        standing = list(game.standing())
        self.foes = [u for u in standing if game.foes(unit, u)]
        self.friends = [u for u in standing if not game.foes(unit, u)]
        side = unit.owner
        if side not in board.threats:
            board.threats[side] = [self.threat_of(f) for f in self.foes if not f.held]
        self.threats = board.threats[side]
        # The danger at a square depends on the foes' threats and the friends' squares,
        # not on the unit's own: it outlives the unit's walks and the blows that down no one.
        self.danger_key = (unit.id, tuple((t.unit.id, t.unit.pos, t.ap, t.ways)
                                          for t in self.threats),
                           tuple(u.pos for u in self.friends if u is not unit and not u.held))
        known = board.danger.get(self.danger_key + (None,))
        if known is None:
            known = board.danger[self.danger_key + (None,)] = {}
        self.dangers: dict[Pos, float] = known
        self.weapons = game.content.weapons
        self.spells = game.content.spells
        self._aims: dict[tuple[str, Pos], list[Unit]] = {}
        self._exposure: dict[Pos, float] = {}
        #: The best single option from (square, AP), for `struck_and_gone`.
        self._once: dict[tuple[Pos, int], tuple[float, int, Action] | None] = {}
        self._near: dict[tuple[str, Pos, Pos | None], bool] = {}
        self._ready: dict[Pos, float] = {}
        self._support: dict[str, float] = {}
        self._healers: dict[str, bool] = {}
        self._mine: Threat | None = None
        self._area_list: list[tuple[int, int, float, Unit]] | None = None
        self._waiting: list[Unit] | None = None
        # A unit alone on its side gains nothing by running: the foe follows, and the
        # game waits for it (a duel of two careful units would end at the round limit).
        # Nor does one whose friends are as worn as it is: they run too, the foes follow,
        # and the retreat only delays the loss (playtest: the tavern's Hugo on 1 HP and
        # Gilles on 2 ran from Sigrun's 10 from round 11 to the round limit). A retreat
        # pays while a friend fights on: one with half its HP or more. Nor does a side far
        # behind: its foes follow and pick its units off one by one.
        self._covered = any(u is not self.unit and not u.held and 2 * u.hp >= u.hp_max
                            for u in self.friends) and self._edge() >= BEHIND
        # Nor does a healer alone gain by keeping out of reach once patience is over: the
        # foe follows, and it mends what the foe's blows take, to the round limit
        # (playtest: the crossroads' Elise alone against Brenna, rounds 9 to 30, walking
        # off and mending herself). Such a unit weighs no retort: it fights. One that
        # cannot mend still does (a duel's blows go first to the one that waits: with
        # every lone unit pressing, the duel's Gautier won 36% of 300 games, 48% before).
        self._presses = not self._covered and not self._holds() and self._heals(unit)

    def _edge(self) -> float:
        """The unit's side's strength against the strongest other player's side (1:
        even, above 1: ahead): HP standing times the damage its units could do in a
        turn (what is left to fight with, and how fast it wears the other down; a
        wild creature's side counts for none)."""
        side = self.unit.owner
        if side is None:
            return 1.0
        hp: dict[int, float] = {}
        power: dict[int, float] = {}
        for u in self.game.standing():
            if u.owner is not None and not u.held:
                hp[u.owner] = hp.get(u.owner, 0) + u.hp
                power[u.owner] = power.get(u.owner, 0.0) + self.threat_of(u).power
        mine = hp.pop(side, 0) * power.pop(side, 0.0)
        theirs = max((hp[o] * power[o] for o in hp), default=0.0)
        if theirs <= 0:
            return 1.0
        return mine / theirs

    @property
    def mine(self) -> Threat:
        """The unit itself as a danger to its foes next turn, at range: its shots and
        spells (a blade's blow needs the walk anyway: a step back costs it nothing)."""
        if self._mine is None:
            t = self._threat(self.unit)
            ways = tuple(w for w in t.ways if w[1] > 1)
            self._mine = Threat(t.unit, t.ap, ways, t.radius if ways else -1)
        return self._mine

    # --- dangers ------------------------------------------------------------------------

    def threat_of(self, foe: Unit) -> Threat:
        """`_threat(foe)`, made once per foe and what it reads: its refilled AP, its
        weapons, spells and level."""
        key = (foe.id, foe.ap_max - foe.ap_owed, foe.weapons, foe.spells, foe.level)
        found = self.board.kept.get(key)
        if found is None or found.unit is not foe:  # a game restored: new units
            found = self.board.kept[key] = self._threat(foe)
        return found

    def _threat(self, foe: Unit, ap: int | None = None, armed: bool = False) -> Threat:
        """How far the foe strikes next turn (a walk with its refilled AP, then its reach)
        and the damage it could do in that turn, roughly: its best attack repeated (with
        `ap`: with those AP, this turn; `armed`: with its weapons and bare hands only)."""
        if ap is None:
            ap = max(0, foe.ap_max - foe.ap_owed)
        found = attacks(self.game, foe)
        if armed:  # the weapons, then bare hands, come first: the spells after
            found = found[:len(foe.weapons) + 1]
        ways = [(cost, reach.farthest,
                 LANDS * max(0.0, float(dice_dist(Dice.parse(dice)).mean())))
                for reach, cost, dice in found if cost <= ap and dice]
        ways.sort(key=lambda w: -(ap // w[0]) * w[2])
        radius = ap // max(1, self.game.rules.move_cost) + max((w[1] for w in ways), default=0)
        return Threat(foe, ap, tuple(ways), radius)

    def danger(self, square: Pos) -> float:
        """The damage the foes could do to the unit at `square` in their next turn: each
        foe's best way to strike it there, shared with the unit's friends that foe could
        strike too (its blows fall on one of them: hiding helps only the last one in
        reach)."""
        found = self.dangers.get(square)
        if found is None:
            others = self._others_in_reach()
            found = sum(blows / (1 + SHARE * others[t.unit.id])
                        for t in self.threats if (blows := self._blows(t, square)))
            self.dangers[square] = found
        return found

    def _others_in_reach(self) -> dict[str, int]:
        """For each foe, how many of the unit's friends (the unit aside) it could strike
        next turn where they stand."""
        found = self.board.danger.get(self.danger_key)
        if found is None:
            mates = [u for u in self.friends if u is not self.unit and not u.held]
            found = {t.unit.id: sum(1 for m in mates if self._blows(t, m.pos) > 0)
                     for t in self.threats}
            self.board.danger[self.danger_key] = found
        return found

    def _blows(self, t: Threat, square: Pos) -> float:
        """The damage one foe could do at `square` next turn: its best way to strike
        there, the blows its AP still pay for after the walk on the ground between (a
        door opened on the way), or after the walk to within a shot's range."""
        here = t.unit.pos
        if max(abs(here[0] - square[0]), abs(here[1] - square[1])) > t.radius:
            return 0.0  # too far to matter, whatever the ground between
        key = (here, t.ap, t.ways)
        known = self.board.blows.get(key)
        if known is None:
            known = self.board.blows[key] = {}
        found = known.get(square)
        if found is None:
            found = known[square] = self._blows_at(t, square)
        return found

    def _blows_at(self, t: Threat, square: Pos) -> float:
        return self._strikes_at(t, t.unit.pos, square)

    def _strikes_at(self, t: Threat, origin: Pos, square: Pos, walk: int | None = None) -> float:
        """`_strikes` from `origin`, a shot or spell needing a line of sight: where the
        walls hide `square` from `origin`, the walk to a square that sees it (`walk`: the
        ground's walk between them, when known)."""
        if walk is None:
            walk = self.board.terrain(origin).get(square)
        if walk is None:
            return 0.0
        far = max(abs(origin[0] - square[0]), abs(origin[1] - square[1]))
        move = self.board.move_cost
        seen = _strikes(t, walk, far, move)
        if not seen or far <= 1 or all(reach == 1 for _, reach, _ in t.ways):
            return seen
        # Where the AP leave room for two steps aside, the walls change nothing: no sight
        # to look for (most squares: the lines of sight are the cost here).
        if _strikes(t, walk, far + 2, move) >= seen or self.game.line_of_sight(origin, square):
            return seen
        best = 0.0
        for cost, reach, blow in t.ways:
            if reach == 1:
                spent = max(0, walk - move)
            else:
                spent = self._sight_walk(origin, square, reach, walk)
            if spent <= t.ap:
                best = max(best, (t.ap - spent) // cost * blow)
        return best

    def _sight_walk(self, origin: Pos, square: Pos, reach: int, walk: int) -> int:
        """The AP of a walk from `origin` to a square that sees `square` within `reach`:
        one of the squares a step or two away; else the walk around the walls to within
        reach, and a few steps more to see past them."""
        move, links, sees = self.board.move_cost, self.board.ground.links, self.game.line_of_sight
        best = None
        ring, seen = [origin], {origin}
        for steps in (1, 2):
            ring = [n for p in ring for n in links.get(p, ()) if n not in seen and not seen.add(n)]
            for p in ring:
                if sees(p, square):
                    far = max(abs(p[0] - square[0]), abs(p[1] - square[1]))
                    spent = (steps + max(0, far - reach)) * move
                    if best is None or spent < best:
                        best = spent
            if best is not None:
                return best
        return max(3 * move, walk - reach * move)

    def readiness(self, square: Pos) -> float:
        """What the unit could strike next turn from `square` (its AP refilled, the walk
        to its blow paid), on the foe it would be worth most on, where the foes stand now:
        a square it must walk back from costs it blows."""
        found = self._ready.get(square)
        if found is None:
            found = 0.0
            mine = self.mine
            for foe in self.foes:
                far = max(abs(foe.pos[0] - square[0]), abs(foe.pos[1] - square[1]))
                if far > mine.radius:
                    continue
                walk = self.board.terrain(foe.pos).get(square)  # the same both ways
                if walk is not None:
                    found = max(found, self.worth(foe)
                                * self._strikes_at(mine, square, foe.pos, walk))
            self._ready[square] = found
        return found

    def exposure(self, square: Pos) -> float:
        """What ending the turn at `square` may cost the unit: the foes' damage there, and
        the chance it is enough to down it (`peril`)."""
        found = self._exposure.get(square)
        if found is None:
            found = self._exposure[square] = self._exposure_at(square)
        return found[0] + found[1]

    def peril(self, square: Pos) -> float:
        """The part of `exposure` that is the unit's loss: the chance the foes' blows there
        down it, times what it is worth to its side (as a foe's kill is weighed: `_blow`)."""
        self.exposure(square)
        return self._exposure[square][1]

    def _exposure_at(self, square: Pos) -> tuple[float, float]:
        power = self.danger(square)
        if not power or self._presses:
            return 0.0, 0.0
        w = self.w
        share = min(1.0, power / max(1, self.unit.hp))
        # The loss counts only where the blows could well down it (a steep curve: a unit
        # at full HP fights on; one that two blows would finish steps away), and only
        # while friends fight on.
        loss = LOSS * w.caution * w.down * share ** 4 if self._covered else 0.0
        return EXPOSURE * w.caution * (power + w.down * share * share
                                       + self._huddled(square)), loss

    def _huddled(self, square: Pos) -> float:
        """What a foe's area spell cast on the unit at `square` next turn would also do to
        the friends beside it (playtest: Dagny, Elise and Fenwick side by side took one Ice
        Storm for 7 each): for each foe that could cast one there, the friends it would
        catch times its blow."""
        worst: dict[str, float] = {}  # each foe casts one of its spells there, its worst
        for area, reach, blow, foe in self._areas():
            if distance(foe.pos, square) > reach:
                continue
            caught = sum(1 for u in self.friends if u is not self.unit and not u.held
                         and distance(u.pos, square) <= area)
            worst[foe.id] = max(worst.get(foe.id, 0.0), caught * blow)
        return sum(worst.values())

    def _areas(self) -> list[tuple[int, int, float, Unit]]:
        """Each foe's area damage spells it could cast next turn: (radius, how far from it
        the centre may be after a walk, the blow's worth, the foe)."""
        found = self._area_list
        if found is None:
            found = []
            move = self.game.rules.move_cost
            for t in self.threats:
                foe = t.unit
                for sid in foe.spells:
                    spell = self.spells[sid]
                    if spell.kind != "damage" or not spell.area or spell.ap_cost > t.ap:
                        continue
                    reach = (t.ap - spell.ap_cost) // move + spell_range(spell, foe.level)
                    found.append((spell.area, reach, LANDS * _mean(Dice.parse(spell.dice)),
                                  foe))
            self._area_list = found
        return found

    # --- worth of targets ---------------------------------------------------------------

    def worth(self, foe: Unit) -> float:
        """The units that decide the game are the other players' characters; a wild
        creature matters when it is in the way."""
        if foe.owner is not None:
            if not foe.is_character:
                return PET
            # A healer undoes its friends' wounds: felled first, the damage dealt to them
            # stays dealt (playtest: crossroads' Elise mended 9-51 HP a game, untouched).
            return HEALER if self._heals(foe) else 1.0
        return 1.0 if distance(foe.pos, self.unit.pos) <= 1 else 0.35

    def _heals(self, unit: Unit) -> bool:
        """Whether the unit can cast a heal (AP and spells: its level aside)."""
        found = self._healers.get(unit.id)
        if found is None:
            found = self._healers[unit.id] = any(
                self.spells[s].kind == "heal" and self.spells[s].ap_cost <= unit.ap_max
                for s in unit.spells)
        return found

    def _blow(self, foe: Unit, mean: float, p_down: float) -> float:
        w = self.w
        wounded = 1.0 + w.wounded * (1.0 - foe.hp / foe.hp_max)
        power = next((t.power for t in self.threats if t.unit is foe), 0.0)
        # Focus: a blow that brings the foe within what the friends still to act this
        # turn can finish weighs the kill they make together (beyond each one's own).
        together = 0.0
        support = self.support(foe)
        if support > 0:
            hp = max(1, foe.hp)
            both, alone = min(1.0, (support + mean) / hp), min(1.0, mean / hp)
            together = max(0.0, both * both - (support / hp) ** 2 - alone * alone) \
                if support < hp else 0.0
        return self.worth(foe) * (w.damage * min(mean, foe.hp) * wounded
                                  + w.down * (p_down + FOCUS * together) * (1.0 + power / 4))

    def support(self, foe: Unit) -> float:
        """The damage the unit's friends still to act this turn (AP left) could do to the
        foe where it stands, roughly (their best blows after the walk to it)."""
        found = self._support.get(foe.id)
        if found is None:
            found = 0.0
            for friend in self.friends:
                if friend is self.unit or friend.held or friend.ap <= 0:
                    continue
                key = (friend.id, friend.pos, friend.ap)
                t = self.board.allies.get(key)
                if t is None:
                    t = self.board.allies[key] = self._threat(friend, friend.ap)
                found += self._blows(t, foe.pos)
            self._support[foe.id] = found
        return found

    # --- options from a square ----------------------------------------------------------

    def best_from(self, square: Pos, ap: int) -> tuple[float, Action | None]:
        """The worth of the rest of the turn from `square` with `ap` left, and its first
        action: each option once, then the best repeatable one for the AP it leaves."""
        options = self.options_at(square, ap)
        self._once[(square, ap)] = max(
            ((o.gain, o.cost, o.action, o.repeats) for o in options
             if o.gain > 0 and self._strikes(o.action)),
            key=lambda g: (g[0], -g[1]), default=None)
        if not options:
            return 0.0, None
        # The AP an option leaves buy whole repeats (a shot of 3 AP from 10 AP: three, and
        # the last AP buys nothing but a step): the best of them for each AP left.
        again = [(o.cost, o.gain) for o in options if o.repeats and o.gain > 0]
        fill = [0.0] * (ap + 1)
        if again:
            for left in range(1, ap + 1):
                most = fill[left - 1]
                for cost, gain in again:
                    if cost <= left and fill[left - cost] + gain > most:
                        most = fill[left - cost] + gain
                fill[left] = most
        best, best_value = None, 0.0
        for o in options:
            value = o.gain + REPEAT * fill[max(0, ap - o.cost)]
            if o.gain > 0 and value > best_value:
                best, best_value = o.action, value
        return best_value, best

    def _strikes(self, action: Action) -> bool:
        """A blow or a harmful spell (what is struck before walking off: a buff or a heal
        pays while the unit stays near)."""
        return isinstance(action, Attack) or (
            isinstance(action, Cast) and self.spells[action.spell].kind in HARMFUL)

    def struck_and_gone(self, square: Pos, ap: int) -> tuple[float, Action | None]:
        """A blow or spell from `square` (its best single option: `best_from` asked
        first), struck once or, when it repeats, as many times as pays, then a walk with
        the AP left to the least exposed square that walk reaches: its worth less that
        square's exposure (playtest: Fenwick, unhurt beside Aldric with 10 AP, walked off
        rather than sling a 5-HP Brenna, his square's retort weighed as if he stayed
        there all turn; he can shoot, then step away. And Fenwick alone on 4 HP beside
        Aldric slung three times and stayed for Aldric's two blows: two shots, then four
        squares off, leave Aldric one)."""
        once = self._once.get((square, ap))
        if once is None:
            return float("-inf"), None
        gain, cost, action, repeats = once
        move, here = self.game.rules.move_cost, self.exposure(square)
        best = float("-inf")
        for times in range(1, ap // max(1, cost) + 1 if repeats else 2):
            steps = (ap - times * cost) // move
            exits = self.board.reach(square, steps) if steps > 0 else {}
            safest = min((self.exposure(s) for s in exits), default=here)
            best = max(best, gain * (1 + REPEAT * (times - 1)) - min(safest, here))
        return best, action

    def options_at(self, square: Pos, ap: int) -> list[Option]:
        """Every attack and spell the rules allow from `square` with `ap` AP, scored."""
        game, unit = self.game, self.unit
        found: list[Option] = []
        with standing_at(unit, square, ap):
            for foe in self.foes:
                d = distance(square, foe.pos)
                for wid in unit.weapons:
                    weapon = self.weapons[wid]
                    if weapon.ap_cost > ap:
                        continue
                    reach = ranged_reach(game, weapon) if weapon.kind == "ranged" else 1
                    if d <= reach:
                        self._attack(Attack(unit.id, foe.id, weapon=wid), found)
                if d == 1 and game.rules.brawl_ap_cost <= ap:
                    self._attack(Attack(unit.id, foe.id, brawl=True), found)
            for sid in unit.spells:
                spell = self.spells[sid]
                if spell.ap_cost > ap:
                    continue
                reach = spell_range(spell, unit.level)
                for target in self.aims(sid):
                    if distance(square, target.pos) <= reach:
                        self._cast(Cast(unit.id, sid, target.id), found)
        return found

    def aims(self, spell_id: str) -> list[Unit]:
        """The units a spell is worth aiming at: harm at foes, help at friends; a single
        heal at a wounded friend; an effect at a unit that does not hold it yet and leans
        on what it changes (an area may still pay around a centre that gains nothing)."""
        key = (spell_id, self.unit.pos)  # where the unit stands, or is supposed to
        found = self._aims.get(key)
        if found is None:
            found = self._aims[key] = self._aims_at(spell_id)
        return found

    def _aims_at(self, spell_id: str) -> list[Unit]:
        spell = self.spells[spell_id]
        if spell.kind == "damage":
            return self.foes
        if spell.kind == "heal":
            if spell.area:
                return self.friends
            # A wound worth the spell: at least half what it mends on average, or a friend
            # at half its HP or less (playtest: Elise cast Mend twice on Dagny at 18/20, 8
            # AP for 2 HP at most, rather than walk up to the fight).
            mends = _mean(Dice.parse(spell.dice))
            return [u for u in self.friends if u.hp < u.hp_max
                    and (u.hp_max - u.hp >= mends / 2 or 2 * u.hp <= u.hp_max)]
        units = self.foes if spell.kind in HARMFUL else self.friends
        if spell.area:
            return units
        return [u for u in units if not any(e.source == spell_id for e in u.effects)
                and self._uses(u, spell.effect.stat) > 0]

    def _plan(self, action: Action):
        try:
            plan = action.check(self.game, self.unit.owner)
        except Impossible:
            return None
        if (self.unit.pos, self.unit.ap) == self.home:
            self.checked[action] = plan
        return plan

    def _attack(self, action: Attack, found: list[Option]) -> None:
        plan = self._plan(action)
        if plan is None:
            return
        o = odds.lean(plan)
        found.append(Option(action, self._blow(plan.target, o.mean, o.p_down), plan.ap_cost,
                            True))

    def _cast(self, action: Cast, found: list[Option]) -> None:
        plan = self._plan(action)
        if plan is None:
            return
        kind, gain = plan.spell.kind, 0.0
        for target in plan.targets:
            u = target.unit
            foe = self.game.foes(self.unit, u)
            o = odds.lean(plan, u.id)
            if kind == "damage":
                blow = self._blow(u, o.mean, o.p_down)
                gain += blow if foe else -blow
                gain -= self.w.caution * o.reflected * (1 + self.w.down / max(1, self.unit.hp))
            elif kind == "heal":
                if self._presses and u is self.unit:
                    # A healer pressing (alone, patience over) fights: mending itself only
                    # draws the game out (playtest: the crossroads' Elise walked beside all
                    # three of Alice's characters and mended herself, 9 -> 13 HP).
                    continue
                gain += (-1 if foe else 1) * self.w.heal * o.mean * self._urgency(u)
            else:
                gain += (1 if foe == (kind == "debuff") else -1) * self._effect(plan, u, o)
        # A heal counts again for the AP it leaves only on wounds deep enough for two.
        repeats = kind == "damage" or kind == "heal" and all(
            t.unit.hp_max - t.unit.hp >= 2 * _mean(plan.dice) for t in plan.targets)
        found.append(Option(action, gain, plan.ap_cost, repeats))

    def _urgency(self, friend: Unit) -> float:
        """A heal is worth more on a friend the foes can reach and could down: a wound
        closed out of their reach is worth half a wound dealt, one they would reopen at
        once a whole one."""
        return 0.5 + 0.5 * min(1.0, self.danger(friend.pos) / max(1, friend.hp))

    def _effect(self, plan, target: Unit, o: odds.Lean) -> float:
        """A buff's or debuff's worth: its amount for its turns, where the value it changes
        will be used; nothing if the same effect already runs on the target."""
        effect = plan.spell.effect
        if any(e.source == plan.spell_id for e in target.effects):
            return 0.0
        use = self._uses(target, effect.stat)
        return self.w.effect * o.p_success * abs(effect.amount) * effect.turns * use * 0.05

    def _uses(self, unit: Unit, stat: str) -> float:
        """How much a unit leans on a value in the next turns (0: not at all, 1: fully):
        a melee value only for a fighter with a melee weapon and a foe within a turn's
        walk, a defence only where blows may fall on it."""
        game = self.game
        kinds = {self.weapons[w].kind for w in unit.weapons}
        hostile = game.foes(self.unit, unit)
        # A foe's next blows may fall on the unit deciding, wherever it is supposed to
        # stand (`standing_at`): that square is part of the answer.
        key = (unit.id, unit.pos, self.unit.pos if hostile else None)
        near = self._near.get(key)
        if near is None:
            # Near: a foe it could strike in its next turn (a walk, then its blow or
            # spell): an effect laid on a unit still far off runs out before it is used.
            # A blade's walk goes round the walls (playtest: Elise blessed Dagny in round
            # 1 for a goblin six squares off as the crow flies, behind the guard-house
            # wall: the blessing ran out before Dagny struck anyone); a shot flies over
            # the ground between.
            its_foes = self.friends if hostile else self.foes
            ap, move = max(0, unit.ap_max - unit.ap_owed), game.rules.move_cost
            ways = [(reach.farthest, cost) for reach, cost, dice in attacks(game, unit)
                    if cost <= ap and dice and cost != game.rules.brawl_ap_cost]
            blade = max((ap - cost for far, cost in ways if far == 1), default=None)
            shot = max(((ap - cost) // move + far for far, cost in ways if far > 1),
                       default=None)
            if blade is None and shot is None:
                blade = ap
            near = False
            for o in its_foes:
                if shot is not None and distance(unit.pos, o.pos) <= shot:
                    near = True
                    break
                if blade is not None:
                    # The walk (the same both ways) asked from the end that is not the
                    # deciding unit: that one is supposed on each square it weighs, and
                    # each origin is a walk kept for the map.
                    walk = self.board.terrain(o.pos).get(unit.pos) if unit is self.unit \
                        else self.board.terrain(unit.pos).get(o.pos)
                    if walk is not None and walk <= blade + move:
                        near = True
                        break
            self._near[key] = near
        caster = any(self.spells[s].kind == "damage" for s in unit.spells)
        fighter = unit.skill("melee") >= unit.skill("magic")
        if stat in ("melee", "STR", "SIZ", "damage"):
            # A shooter (its aim better than its blade) fights at range: not in melee.
            shooter = "ranged" in kinds and unit.skill("ranged") >= unit.skill("melee")
            return 1.0 if "melee" in kinds and fighter and near and not shooter else 0.0
        if stat == "ranged":
            return 1.0 if "ranged" in kinds else 0.0
        if stat == "brawl":
            return 0.3 if near else 0.0
        if stat in ("magic", "magic_bonus", "INT"):
            return 1.0 if caster else 0.0
        if stat == "DEX":
            return 1.0 if "ranged" in kinds or caster else 0.0
        if stat in ("dodge", "reduction", "DEF"):
            # A dodge or an armour meets a weapon's blow, never a spell: it counts where
            # the blows that may fall on the unit are struck by someone who fights armed.
            if not hostile:
                # On a friend: the share of the blows that may fall on it next turn that
                # weapons strike (a spell's damage ignores armour and dodge).
                return self._weapon_share(unit)
            walk = 1 + unit.ap_max // game.rules.move_cost
            armed = any(self._armed(o) and distance(unit.pos, o.pos) <= walk
                        for o in self.friends)
            return 1.0 if near and armed else 0.0
        return 0.3

    def _weapon_share(self, friend: Unit) -> float:
        """Of the damage the foes could do to `friend` where it stands next turn (each
        foe's best way to strike there), the share the weapons and bare hands of the foes
        that fight armed could do: 0 where only spells would strike it, or nothing does.
        A foe that could strike another of its foes harder strikes that one (playtest:
        Elise laid Stone Skin on Dagny in round 1 for a wolf that went for Alice's
        company; of 47 such skins in 100 crossroads games, 27 met no blow)."""
        side = self.unit.owner
        if side not in self.board.armed:
            self.board.armed[side] = [self._threat(t.unit, armed=True) for t in self.threats]
        square = friend.pos
        standing = [u for u in self.game.standing() if u is not friend and not u.held]
        total = armed = 0.0
        for t, by_hand in zip(self.threats, self.board.armed[side]):
            blows = self._blows(t, square)
            if not blows or any(self._blows(t, u.pos) > blows * (1 + 1e-9) for u in standing
                                if self.game.foes(t.unit, u)):
                continue
            total += blows
            # A caster strikes with its spells (its dagger is the worse of its skills).
            if self._armed(t.unit):
                armed += min(blows, self._blows(by_hand, square))
        share = armed / total if total > 0 else 0.0
        # Where spells do most of it, the buff waits for a fight with blades.
        return share if share >= 0.5 else 0.0

    def _armed(self, unit: Unit) -> bool:
        """Whether the unit fights with its weapons rather than its spells: no damage
        spell, or a weapon skill at least its magic."""
        if not any(self.spells[s].kind == "damage" for s in unit.spells):
            return True
        kinds = {self.weapons[w].kind for w in unit.weapons}
        return any(unit.skill(k) >= unit.skill("magic") for k in kinds)

    # --- where to stand -----------------------------------------------------------------

    def reach(self) -> dict[Pos, int]:
        """The squares the unit can walk to with its AP, with their steps."""
        return self.board.reach(self.unit.pos, self.unit.ap // self.game.rules.move_cost)

    def candidates(self, squares: dict[Pos, int]) -> list[Pos]:
        """The squares worth checking exactly: for each target within reach of an option
        from somewhere reachable, the few squares that reach it most safely."""
        game, unit = self.game, self.unit
        reaches: list[tuple[int, list[Unit]]] = []
        melee = 1  # bare hands, at least
        ranged = [ranged_reach(game, self.weapons[w]) for w in unit.weapons
                  if self.weapons[w].kind == "ranged"]
        reaches.append((max([melee, *ranged]), self.foes))
        for sid in unit.spells:
            spell = self.spells[sid]
            if spell.ap_cost <= unit.ap:
                reaches.append((spell_range(spell, unit.level), self.aims(sid)))
        chosen: dict[Pos, None] = {}
        ap, move = unit.ap, game.rules.move_cost
        ux, uy = unit.pos
        walk = max(squares.values(), default=0)
        for r, targets in reaches:
            for target in targets:
                tx, ty = target.pos
                if max(abs(ux - tx), abs(uy - ty)) > walk + r:
                    continue  # out of reach from every square it can walk to
                if (2 * r + 1) ** 2 < len(squares):  # fewer squares around it than in reach
                    around = ((x, y) for x in range(tx - r, tx + r + 1)
                              for y in range(ty - r, ty + r + 1))
                    within = [(s, n) for s in around if (n := squares.get(s)) is not None]
                else:
                    within = [(s, n) for s, n in squares.items()
                              if max(abs(s[0] - tx), abs(s[1] - ty)) <= r]
                near = [(s, n) for s, n in within if ap - n * move > 0
                        and (r == 1 or game.line_of_sight(s, target.pos))]
                near.sort(key=lambda sn: (self.exposure(sn[0]), sn[1], sn[0]))
                for s, _ in near[:SQUARES_PER_TARGET]:
                    chosen[s] = None
                # The safest squares may be the farthest: a walk there can cost a blow.
                # The nearest few are checked too, for the blows they keep.
                near.sort(key=lambda sn: (sn[1], self.exposure(sn[0]), sn[0]))
                for s, _ in near[:NEAREST_PER_TARGET]:
                    chosen[s] = None
        return list(chosen)

    def retreats(self, squares: dict[Pos, int], struck: bool = False) -> list[Pos]:
        """When the foes' blows where it stands could well down it: the safest squares it
        can walk to (the least exposed, the nearest of equals), to weigh with what it can
        still do from there. Alone (no friend fighting on), only once it has struck this
        turn: a step away then is no delay, the foe walks for its blows (playtest: Fenwick
        alone on 4 HP beside Aldric slung three times and stayed for Aldric's blows)."""
        here = self.unit.pos
        power = self.danger(here)
        if not squares or not (self._covered or struck) \
                or min(1.0, power / max(1, self.unit.hp)) ** 2 < AT_RISK:
            return []
        safest = sorted(squares, key=lambda s: (self.exposure(s), squares[s], s))
        return [s for s in safest[:RETREATS] if self.exposure(s) < self.exposure(here)]

    def approach(self, squares: dict[Pos, int], advance: float = 0.5) -> Action | None:
        """No blow this turn from anywhere: walk toward the foe that matters most, as far
        as it stays worth it (the retort of the square weighed against the ground won)."""
        if not squares:
            return None
        goal = self._goal()
        if goal is None:
            return ai._approach(self.game, self.unit, self.foes, squares, self.w)
        far = self.board.terrain(goal.pos)
        start = far.get(self.unit.pos)
        if start is None:
            return ai._approach(self.game, self.unit, self.foes, squares, self.w)
        # While patient, ground is worth winning only down to where it could strike next
        # turn: closer buys nothing but the foe's first blows (and a walk that ends beside
        # a foe with no AP left to strike it). Once patience is over, it closes in: two
        # patient sides would otherwise wait for each other to the round limit; but not
        # nearer than its farthest blow reaches (a shooter keeps its range).
        holding = self._holds()
        near_enough = self._striking_distance() if holding else self._useful_distance()
        left = max(0, start - near_enough)
        # Once it has struck (no ground to win), the blows it keeps for next turn count:
        # a square out of reach it must walk back from costs it as much.
        ready = 0.0 if advance else READY
        # Its loss is feared whatever the round: only the damage weighs less once patience
        # is over.
        best, best_value = None, -self._feared(self.unit.pos, holding) \
            + ready * self.readiness(self.unit.pos)
        # A walk that leaves too few AP for a blow never ends in contact: beside a foe it
        # only takes that foe's blows without answering (one square short, the foe must
        # walk to it and strikes less).
        blow = self._cheapest_blow()
        shooter = self.shooter()
        waiting = bool(self.waiting())
        for square, steps in squares.items():
            d = far.get(square)
            if d is None:
                continue
            if waiting and self.corks(square):
                # A walk never ends in a doorway its friends still to act must pass
                # (playtest: Fenwick shot from the dungeon's north room, then stepped back
                # into its doorway with no AP left, both wolves behind it with all theirs).
                continue
            if (shooter or self.unit.ap - steps * self.game.rules.move_cost < blow) \
                    and self._in_contact(square):
                continue  # a shooter's walk that buys no shot never ends in melee either
            # Closing in, a walk that strikes nothing ends in the foes' reach only where
            # each foe that reaches it must walk first (it strikes back with fewer blows
            # than it has), and where a friend is, or can be this turn, as near (no unit
            # arrives alone to take every blow).
            if not holding and self.danger(square) > 0 \
                    and (self._unhindered(square) or self._alone(square, d, far)):
                continue
            value = (left - max(0, d - near_enough)) * advance \
                - self._feared(square, holding) - steps * 0.01
            if ready:
                value += ready * self.readiness(square)
            if value > best_value + WORTH_A_WALK:
                best, best_value = square, value
        if best is not None:
            return Move(self.unit.id, best)
        return self._open_the_way(far, start)

    def _cheapest_blow(self) -> int:
        """The fewest AP any blow of the unit costs (bare hands included)."""
        costs = [cost for _, cost, dice in attacks(self.game, self.unit) if dice]
        return min(costs, default=self.game.rules.brawl_ap_cost)

    def _in_contact(self, square: Pos) -> bool:
        """Whether a standing foe stands next to `square`."""
        return any(distance(square, foe.pos) <= 1 for foe in self.foes)

    in_contact = _in_contact

    def waiting(self) -> list[Unit]:
        """The unit's friends still to act this turn (all their AP at hand)."""
        if self._waiting is None:
            self._waiting = [u for u in self.friends if u is not self.unit and not u.held
                             and 0 < u.ap == max(0, u.ap_max - u.ap_owed)]
        return self._waiting

    def corks(self, square: Pos) -> bool:
        """Whether standing on `square`, a doorway, shuts a friend still to act out of the
        fight: one that could walk to it this turn and stands farther from the foe the
        doorway leads to (the ground's walks, units aside)."""
        if square not in self.game.doors or not self.foes:
            return False
        terrain = self.board.terrain
        goal = min(self.foes, key=lambda f: (distance(f.pos, square), f.id))
        toward = terrain(goal.pos)
        here, walks = toward.get(square), terrain(square)
        if here is None:
            return False
        move = self.game.rules.move_cost
        return any((w := walks.get(f.pos)) is not None and w <= f.ap + move
                   and toward.get(f.pos, -1) > here for f in self.waiting())

    def shooter(self) -> bool:
        """Whether the unit fights at range: a ranged weapon, its aim at least its blade."""
        return self.unit.skill("ranged") >= self.unit.skill("melee") and any(
            self.weapons[w].kind == "ranged" for w in self.unit.weapons)

    def _striking_distance(self) -> int:
        """The walk (in AP, from a foe's square) from which the unit can still strike that
        foe next turn: its refilled AP less a blow's cost, plus the blow's reach."""
        unit, move = self.unit, self.game.rules.move_cost
        ap = max(0, unit.ap_max - unit.ap_owed)
        # With its strongest blow: bare hands reach farther in AP, but buy little.
        ways = [(float(dice_dist(Dice.parse(dice)).mean()), -cost, cost, reach.farthest)
                for reach, cost, dice in attacks(self.game, unit) if cost <= ap and dice]
        if not ways:
            return 0
        *_, cost, reach = max(ways)  # the strongest, the cheapest of equals
        return ap - cost + reach * move

    def _open_the_way(self, far: dict[Pos, int], start: int) -> Action | None:
        """Next to a closed door on the way to the goal, with no square to walk to: open
        it (if the profile opens doors and the AP allow)."""
        game, unit = self.game, self.unit
        if not self.w.open_doors or unit.ap < game.rules.door_cost:
            return None
        for dx, dy in NEIGHBOURS:
            pos = (unit.pos[0] + dx, unit.pos[1] + dy)
            if pos in self.board.shut and far.get(pos, start) < start \
                    and game.unit_at(pos) is None and game.thing_at(pos) is None:
                return ToggleDoor(unit.id, pos, True)
        return None

    def _feared(self, square: Pos, holding: bool) -> float:
        """The exposure a walk that buys no blow weighs: its damage fully while it holds,
        hardly once it closes in (it has chosen to meet the foe), its loss whole."""
        peril = self.peril(square)
        return (self.exposure(square) - peril) * (1.0 if holding else 0.2) + peril

    def _holds(self) -> bool:
        """Whether a walk that buys no blow keeps to where the unit could strike next turn
        (no nearer): for `patience` rounds. Then on, it closes in, to the edge of the
        foes' reach and with its friends (`approach`). A side that held on after that
        (tried: the side without the edge, its HP standing times its damage a turn under
        the other's) drew the tavern's crews out to the round limit, one in ten games."""
        return self.game.round <= self.w.patience

    def _useful_distance(self) -> int:
        """The walk (in AP, from a foe's square) nearer than which closing in buys nothing:
        where its farthest blow reaches without a step (a shooter keeps its range)."""
        ways = [reach.farthest for reach, cost, dice in attacks(self.game, self.unit)
                if dice and cost <= self.unit.ap_max]
        return max(ways, default=1) * self.game.rules.move_cost

    def _unhindered(self, square: Pos) -> bool:
        """Whether some foe could strike `square` next turn with all its blows, no walk
        to pay for first."""
        for t in self.threats:
            blows = self._blows(t, square)
            if blows > 0 and blows >= t.power - 1e-9:
                return True
        return False

    def _alone(self, square: Pos, d: int, far: dict[Pos, int]) -> bool:
        """Whether the unit would stand at `square` (`d` AP from its goal) ahead of all its
        friends: none of them is, nor can walk this turn (the AP it has left), within
        two steps as near the goal. A unit alone on its side is never alone."""
        move = self.game.rules.move_cost
        mates = [u for u in self.friends if u is not self.unit and not u.held]
        if not mates:
            return False
        for mate in mates:
            there = far.get(mate.pos)
            if there is not None and there - mate.ap <= d + 2 * move:
                return False
        return True

    def _goal(self) -> Unit | None:
        """The foe to walk toward: the most worth for the ground to cover, among the other
        players' units while one can be walked to (a wild creature is fought when it is
        in the way, never sought out: a lair's wolves would hold a side's shooter back
        while the other side's characters decide the game); else among the creatures."""
        players = [foe for foe in self.foes if foe.owner is not None]
        found = self._goal_among(players) if players else None
        return found if found is not None else self._goal_among(self.foes)

    def _goal_among(self, foes: list[Unit]) -> Unit | None:
        best, best_key = None, None
        for foe in foes:
            d = self.board.terrain(foe.pos).get(self.unit.pos)
            if d is None:
                continue
            key = (self.worth(foe) / d, foe.id)
            if best_key is None or key > best_key:
                best, best_key = foe, key
        return best
