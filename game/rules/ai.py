"""The AI that plays the creatures and any AI-played side: it chooses by the exact odds.

Every option the unit has now (each weapon, bare hands, each spell, on every unit it
could aim at) is checked by the rules and scored from `odds.of(plan)`, per AP spent, with
the weights of a named profile (`AiProfile`, from content/ai.yaml): expected damage,
P(the target is down), focus on wounded targets, heals and buffs where they pay, the risk
of a reflected spell. When nothing is worth doing where it stands, it moves once a turn:
a ranged unit to a square it can still shoot from, as far from its enemies as it reaches
and out of its own side's crowding; a melee unit next to the enemy it would rather hit;
otherwise along the way to the nearest enemy, opening the closed door in that way.

It only chooses: the engine runs each choice as a command, through the same checks as a
player's. It rolls no die and reads no clock, so the same game makes the same choices.
"""

from __future__ import annotations

from game.rules import odds
from game.rules.actions import Action, Attack, Move, ToggleDoor
from game.rules.board import DoorState
from game.rules.chances import crowding_malus
from game.rules.errors import Impossible
from game.rules.geometry import NEIGHBOURS, Pos, distance, reachable, shortest_path
from game.rules.magic import Cast, spell_range
from game.rules.state import GameState
from game.rules.templates import AiProfile
from game.rules.units import Unit

#: The profile used when the content names none (no content/ai.yaml).
DEFAULT = AiProfile()


def profile_of(game: GameState, profile: str | AiProfile | None) -> AiProfile:
    """A profile by name from the content (None: the creatures' profile)."""
    if isinstance(profile, AiProfile):
        return profile
    config = game.content.ai
    if config is None:
        if profile in (None, "balanced"):
            return DEFAULT
        raise KeyError(f"no AI profile {profile!r} (the content defines no AI profiles)")
    name = config.creatures if profile is None else profile
    if name not in config.profiles:
        raise KeyError(f"no AI profile {name!r} (known: {', '.join(config.profiles)})")
    return config.profiles[name]


def enemies(game: GameState, unit: Unit) -> list[Unit]:
    """Creatures fight the characters; a side fights every unit it does not own."""
    if unit.owner is None:
        return [u for u in game.standing() if u.is_character]
    return [u for u in game.standing() if u.owner != unit.owner]


def friends(game: GameState, unit: Unit) -> list[Unit]:
    """The unit and those on its side (same owner; creatures: every unowned creature)."""
    return [u for u in game.standing()
            if u.owner == unit.owner and (u.owner is not None or not u.is_character)]


def _value(target: Unit, weights: AiProfile) -> float:
    """How much a target is worth hitting: more the more wounded it is."""
    return 1.0 + weights.wounded * (1.0 - target.hp / target.hp_max)


def _attack_score(plan, weights: AiProfile) -> float:
    # The mean and P(down) of `odds.of(plan)`, read from its damage alone.
    damage = odds.attack_damage(plan)
    target = plan.target
    score = weights.damage * float(damage.mean()) + \
        weights.down * float(damage.at_least(target.hp))
    return score * _value(target, weights) / plan.ap_cost


def _spell_score(game: GameState, unit: Unit, plan, weights: AiProfile) -> float:
    kind = plan.spell.kind
    side = {u.id for u in friends(game, unit)}
    score = 0.0
    for target in plan.targets:
        o = odds.of(plan, target.unit.id)
        ours = target.unit.id in side
        if kind == "damage":
            worth = weights.damage * float(o.mean_damage) + weights.down * float(o.p_down)
            score += -worth if ours else worth * _value(target.unit, weights)
            if target.counter is not None and target.unit is plan.centre:
                back = sum(v * float(p) for v, p in o.reflected_damage)
                score -= weights.caution * back
        elif kind == "heal":
            if ours:
                score += weights.heal * float(o.mean_damage) * _value(target.unit, weights)
        else:
            # A buff pays on a friend that does not hold it yet, a debuff on a foe.
            wanted = ours if kind == "buff" else not ours
            held = any(e.source == plan.spell_id for e in target.unit.effects)
            if wanted and not held:
                score += weights.effect * float(o.p_success)
    return score / plan.ap_cost


def scored_options(game: GameState, unit: Unit, weights: AiProfile) -> list[tuple[float, Action]]:
    """Every option the rules allow the unit now, with its score (per AP)."""
    found: list[tuple[float, Action]] = []
    foes = enemies(game, unit)
    rules, weapons = game.rules, game.content.weapons
    player = unit.owner
    for foe in foes:
        d = distance(unit.pos, foe.pos)
        attacks = [Attack(unit.id, foe.id, weapon=w) for w in unit.weapons
                   if d <= (weapons[w].range if weapons[w].kind == "ranged" else 1)]
        if d == 1:
            attacks.append(Attack(unit.id, foe.id, brawl=True))
        for action in attacks:
            try:
                plan = action.check(game, player)
            except Impossible:
                continue
            found.append((_attack_score(plan, weights), action))
    for spell_id in unit.spells:
        spell = game.content.spells[spell_id]
        if unit.ap < spell.ap_cost:
            continue
        reach = spell_range(spell, unit.level)
        aims = foes if spell.kind in ("damage", "debuff") else friends(game, unit)
        for target in aims:
            if distance(unit.pos, target.pos) > reach:
                continue
            action = Cast(unit.id, spell_id, target.id)
            try:
                plan = action.check(game, player)
            except Impossible:
                continue
            found.append((_spell_score(game, unit, plan, weights), action))
    return found


def _cheapest_attack(game: GameState, unit: Unit) -> int:
    costs = [game.content.weapons[w].ap_cost for w in unit.weapons]
    return min(costs + [game.rules.brawl_ap_cost])


def _ranged_weapon(game: GameState, unit: Unit):
    first = game.content.weapons[unit.weapons[0]] if unit.weapons else None
    return first if first is not None and first.kind == "ranged" else None


def _crowding(game: GameState, unit: Unit, square: Pos) -> int:
    """The crowding malus a shot of the unit's side would take from this square: what it
    suffers itself, plus what it adds to each ally's."""
    if unit.owner is None:
        return 0
    mates = [u for u in game.standing()
             if u is not unit and u.is_character and u.owner == unit.owner]
    seen = [(u.id, distance(square, u.pos)) for u in mates if game.sees(square, u.pos)]
    own = -crowding_malus(game.rules, seen).value
    return own + sum(-crowding_malus(game.rules, [(unit.id, d)]).value for _, d in seen)


def _move(game: GameState, unit: Unit, weights: AiProfile) -> Action | None:
    foes = enemies(game, unit)
    if not foes:
        return None
    steps = unit.ap // game.rules.move_cost
    squares = reachable(unit.pos, game.passable_now(), steps)
    ranged = _ranged_weapon(game, unit)
    if ranged is not None:
        reach = min(game.rules.page.ranged_max_distance, ranged.range)
        best, best_key = None, None
        for square, n in squares.items():
            if unit.ap - n * game.rules.move_cost < ranged.ap_cost:
                continue
            shots = [f for f in foes if distance(square, f.pos) <= reach
                     and game.line_of_sight(square, f.pos)]
            if not shots:
                continue
            nearest = min(distance(square, f.pos) for f in foes)
            key = ((nearest if weights.keep_range else -nearest)
                   - weights.crowding * _crowding(game, unit, square) / 5, -n, square)
            if best_key is None or key > best_key:
                best, best_key = square, key
        if best is not None:
            return Move(unit.id, best) if best != unit.pos else None
    else:
        cost = _cheapest_attack(game, unit)
        best, best_key = None, None
        for square, n in squares.items():
            if unit.ap - n * game.rules.move_cost < cost:
                continue
            near = [f for f in foes if distance(square, f.pos) == 1]
            if not near:
                continue
            key = (max(_value(f, weights) for f in near), -n, square)
            if best_key is None or key > best_key:
                best, best_key = square, key
        if best is not None:
            return Move(unit.id, best) if best != unit.pos else None
    return _approach(game, unit, foes, squares, weights)


def _approach(game: GameState, unit: Unit, foes: list[Unit], squares: dict,
              weights: AiProfile) -> Action | None:
    """Walk toward the nearest enemy; through a closed door, open it on the way."""
    goals = {(f.pos[0] + dx, f.pos[1] + dy) for f in foes for dx, dy in NEIGHBOURS}
    free = game.passable_now()  # `game.passable`, the units' squares read once
    path = shortest_path(unit.pos, goals, free)
    if path is None and weights.open_doors:
        def through_doors(pos: Pos) -> bool:
            door = game.doors.get(pos)
            shut = door is not None and door.state is DoorState.CLOSED
            return free(pos) or (shut and game.unit_at(pos) is None
                                 and game.thing_at(pos) is None)
        path = shortest_path(unit.pos, goals, through_doors)
        if path is None:
            return None
        shut = next((i for i, p in enumerate(path) if not free(p)), None)
        if shut is not None:
            if shut == 0:
                if unit.ap >= game.rules.door_cost:
                    return ToggleDoor(unit.id, path[0], True)
                return None
            path = path[:shut]
    if path is None:
        return None
    walk = [p for p in path if p in squares]
    steps = 0
    while steps < len(path) and path[steps] in squares:
        steps += 1
    if steps == 0 or not walk:
        return None
    return Move(unit.id, path[steps - 1])


def choose(game: GameState, unit: Unit, profile: str | AiProfile | None = None,
           may_move: bool = True) -> Action | None:
    """The unit's next action, or None when it is done for this turn.

    The best-scoring option where it stands, if it is worth anything; otherwise, once a
    turn (`may_move`), a move (or a door on its way). Ties go to the first option found,
    in a fixed order, so a game replays to the same choices.
    """
    if unit.down or game.over or unit.ap <= 0:
        return None
    weights = profile_of(game, profile)
    options = scored_options(game, unit, weights)
    if options:
        score, action = max(options, key=lambda o: o[0])
        if score > 0:
            return action
    if not may_move:
        return None
    return _move(game, unit, weights)
