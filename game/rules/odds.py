"""Exact odds of an action, computed from its plan — never sampled, never a second copy of
a rule.

A plan (`AttackPlan`, `CastPlan`) already holds every number the page decides before the
dice: the clamped chances, the perfect thresholds, the damage dice, the effect terms and
the reduction. This module only turns those numbers into exact probabilities (fractions)
by convolution, so the odds a designer reads are the odds the engine plays.

Every percentile check succeeds on `roll <= chance` with a d100, so P = chance / 100; a
perfect result is a success whose roll is strictly below the threshold.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Iterable

import msgspec

from game.rules.actions import AttackPlan, DamagePlan
from game.rules.damage import total_reduction
from game.rules.dice import Dice
from game.rules.magic import CastPlan
from game.rules.terms import Chance, Term

ONE = Fraction(1)
ZERO = Fraction(0)


class Dist:
    """An exact distribution as integer weights over one denominator.

    Integers rather than fractions: a convolution is then one multiplication per pair, and
    the odds of a whole option stay well under a couple of milliseconds. Never changed once
    made (the dice's own are shared): its mean is computed once.
    """

    __slots__ = ("weights", "total", "_mean")

    def __init__(self, weights: dict, total: int) -> None:
        self.weights = weights
        self.total = total
        self._mean: Fraction | None = None

    def p(self, value) -> Fraction:
        return Fraction(self.weights.get(value, 0), self.total)

    def items(self) -> list[tuple[int, Fraction]]:
        return sorted((v, Fraction(w, self.total)) for v, w in self.weights.items() if w)

    def mean(self) -> Fraction:
        if self._mean is None:
            self._mean = Fraction(sum(v * w for v, w in self.weights.items()), self.total)
        return self._mean

    def at_least(self, threshold: int) -> Fraction:
        return Fraction(sum(w for v, w in self.weights.items() if v >= threshold), self.total)


def point(value) -> Dist:
    return Dist({value: 1}, 1)


@lru_cache(maxsize=256)
def _dice(count: int, sides: int, modifier: int, sign: int) -> Dist:
    dist = point(0)
    for _ in range(count):
        dist = convolve(dist, Dist({v: 1 for v in range(1, sides + 1)}, sides))
    return transform(dist, lambda v: sign * (v + modifier))


def dice_dist(dice: Dice) -> Dist:
    """The exact distribution of a dice expression (`-1d4` is `-(1d4)`)."""
    return _dice(dice.count, dice.sides, dice.modifier, dice.sign)


def convolve(a: Dist, b: Dist) -> Dist:
    """The distribution of the sum of two independent values."""
    out: dict[int, int] = {}
    for va, wa in a.weights.items():
        for vb, wb in b.weights.items():
            out[va + vb] = out.get(va + vb, 0) + wa * wb
    return Dist(out, a.total * b.total)


def mix(parts: Iterable[tuple[Fraction, Dist]]) -> Dist:
    """A weighted mixture: with probability p, a value drawn from the paired distribution."""
    parts = [(Fraction(weight), dist) for weight, dist in parts if weight]
    total = 1
    for weight, dist in parts:
        total = math.lcm(total, weight.denominator * dist.total)
    out: dict = {}
    for weight, dist in parts:
        factor = weight.numerator * (total // (weight.denominator * dist.total))
        for value, w in dist.weights.items():
            out[value] = out.get(value, 0) + w * factor
    return Dist(out, total)


def transform(dist: Dist, f) -> Dist:
    out: dict = {}
    for value, w in dist.weights.items():
        v = f(value)
        out[v] = out.get(v, 0) + w
    return Dist(out, dist.total)


def percent(chance: int) -> Fraction:
    """P(d100 <= chance) for a chance already clamped to [0, 100]."""
    return Fraction(max(0, min(100, chance)), 100)


def below(threshold: int, chance: int) -> Fraction:
    """P(d100 < threshold and d100 <= chance): a perfect success."""
    return Fraction(max(0, min(threshold - 1, chance, 100)), 100)


def after_reduction(raw: Dist, reduction: int) -> Dist:
    """Damage taken: `max(0, raw - reduction)` (the damage floor of the page)."""
    return transform(raw, lambda v: max(0, v - reduction))


def raw_damage(dice: Iterable[Dice], flat: int) -> Dist:
    """The raw total of several dice expressions plus flat terms."""
    dist = point(flat)
    for d in dice:
        dist = convolve(dist, dice_dist(d))
    return dist


#: The most state updates `repeated_down` makes (about a second of work): beyond it the
#: chain is not run and the answer is None, never a guess.
REPEAT_BUDGET = 2_000_000


def repeated_down(step: Dist, times: int, hp: int,
                  own_hp: int | None = None) -> Fraction | None:
    """P(the target's HP reach 0 within `times` repeats of an action).

    `step` gives, for one action, the joint distribution of (damage to the target, damage
    to the actor itself — a reflected spell). Repeats stop once the target is down, or the
    actor is (`own_hp`, None when the action never hurts its actor). Damage is capped at
    the HP it can take, which keeps the chain small. None when the chain would be too
    large to compute at once (huge HP against many small hits, repeated many times).
    """
    states_bound = max(1, hp) * (max(1, own_hp) if own_hp is not None else 1)
    if times > 1 and times * len(step.weights) * states_bound > REPEAT_BUDGET:
        return None
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    total, down = 1, ZERO
    for _ in range(times):
        nxt: dict[tuple[int, int], int] = {}
        downed = 0
        for (dealt, taken), w in states.items():
            for (hit, hurt), q in step.weights.items():
                d, t = dealt + hit, taken + hurt
                if d >= hp:
                    downed += w * q
                elif own_hp is not None and t >= own_hp:
                    continue  # the actor is down: no more repeats
                else:
                    key = (d, t)
                    nxt[key] = nxt.get(key, 0) + w * q
        total *= step.total
        down += Fraction(downed, total)
        states = nxt
        if not states:
            break
    return down


# --- odds of an option ------------------------------------------------------------------


@dataclass(frozen=True)
class Odds:
    """Exact odds of one option against one target.

    `p_success`: the attack or magic roll succeeds; `p_perfect`: a perfect attack;
    `p_dodged`, `p_countered`, `p_reflected`: the whole action ends dodged, countered or
    reflected (None where the target cannot; `p_caster_down`: the reflection downs the
    caster); `damage`: what the target loses (or, for a
    heal, gains), misses included as 0; `p_down`: this action downs the target;
    `p_down_this_turn`: the target is down before the actor's AP run out repeating it
    (None when that chain is too large to compute exactly at once, or when `chained`).
    `chained`: the plan alone cannot tell what a repeat faces — an on-hit effect the
    first blow lays changes the next plans, an area's other targets may reflect it or be
    downed by it — so `p_down_this_turn` is None here and the chain of states
    (`game.rules.turn`) gives it exactly.
    """

    kind: str
    p_success: Fraction
    p_perfect: Fraction | None
    p_dodged: Fraction | None
    p_countered: Fraction | None
    p_reflected: Fraction | None
    damage: tuple[tuple[int, Fraction], ...]
    reflected_damage: tuple[tuple[int, Fraction], ...]
    p_down: Fraction
    p_down_this_turn: Fraction | None
    repeats: int
    chained: bool = False
    #: The reflection downs the caster (a damage spell on a character that may counter).
    p_caster_down: Fraction | None = None

    @cached_property
    def mean_damage(self) -> Fraction:
        # Over one common denominator: the same fraction as summing them, without a
        # reduction per term (the AI reads it for every option it weighs).
        den = math.lcm(*(p.denominator for _, p in self.damage)) if self.damage else 1
        return Fraction(sum(v * p.numerator * (den // p.denominator) for v, p in self.damage),
                        den)

    @property
    def p_lands(self) -> Fraction:
        """The action reaches its target: it succeeds and is neither dodged nor countered."""
        return self.p_success - (self.p_dodged or ZERO) - (self.p_countered or ZERO)

    @property
    def damage_range(self) -> tuple[int, int]:
        values = [v for v, p in self.damage if p]
        return min(values), max(values)


def _sorted(dist: Dist) -> tuple[tuple[int, Fraction], ...]:
    return tuple(dist.items())


def attack_odds(chance: int, perfect_below: int, dodge: int | None,
                dice: Iterable[Dice], perfect_die: Dice | None, flat: int, reduction: int,
                hp: int, repeats: int) -> Odds:
    """A physical attack: hit, perfect, the defender's dodge, damage after reduction.

    The dodge is rolled on every hit, perfect ones included; a perfect hit adds its die.
    """
    return _attack_odds(chance, perfect_below, dodge, tuple(dice), perfect_die, flat,
                        reduction, hp, repeats)


@lru_cache(maxsize=4096)
def _attack_odds(chance: int, perfect_below: int, dodge: int | None, dice: tuple[Dice, ...],
                 perfect_die: Dice | None, flat: int, reduction: int, hp: int,
                 repeats: int) -> Odds:
    # Kept: the AI asks the same odds again and again (the same blow on each HP the
    # target may have; the exact duel's every state), and an Odds is immutable.
    p_hit, p_perfect = percent(chance), below(perfect_below, chance)
    p_dodge = percent(dodge) if dodge is not None else ZERO
    damage = _attack_damage(chance, perfect_below, dodge, dice, perfect_die, flat, reduction)
    step = transform(damage, lambda v: (v, 0))
    return Odds(
        kind="attack", p_success=p_hit, p_perfect=p_perfect,
        p_dodged=p_hit * p_dodge if dodge is not None else None,
        p_countered=None, p_reflected=None, damage=_sorted(damage), reflected_damage=(),
        p_down=damage.at_least(hp), p_down_this_turn=repeated_down(step, repeats, hp),
        repeats=repeats,
    )


def attack_damage(plan: AttackPlan) -> Dist:
    """What an attack plan takes off its target, misses and dodges as 0: the distribution
    of `of(plan).damage`, without the rest of its odds (for those who weigh many plans:
    its `mean()` is `of(plan).mean_damage`, its `at_least(hp)` `of(plan).p_down`)."""
    damage = plan.damage
    return _attack_damage(plan.chance.value, plan.chance.perfect_below,
                          plan.defence.value if plan.defence is not None else None,
                          tuple(dice for _, dice in damage.dice), damage.perfect_die,
                          sum(t.value for t in damage.terms), damage.reduction)


@lru_cache(maxsize=1024)
def _attack_damage(chance: int, perfect_below: int, dodge: int | None, dice: tuple[Dice, ...],
                   perfect_die: Dice | None, flat: int, reduction: int) -> Dist:
    """What an attack takes off its target, misses and dodges as 0 (whatever its HP).
    Shared between callers: never changed in place."""
    p_hit, p_perfect = percent(chance), below(perfect_below, chance)
    p_dodge = percent(dodge) if dodge is not None else ZERO
    normal = after_reduction(raw_damage(dice, flat), reduction)
    perfect = after_reduction(raw_damage(dice + ((perfect_die,) if perfect_die else ()), flat),
                              reduction)
    lands = ONE - p_dodge
    return mix([
        (ONE - p_hit + p_hit * p_dodge, point(0)),
        ((p_hit - p_perfect) * lands, normal),
        (p_perfect * lands, perfect),
    ])


def damage_spell_odds(chance: int, value: Dice, counter: int | None, perfect_counter_below: int,
                      reduction: int, hp: int, reflected_reduction: int, caster_hp: int,
                      repeats: int) -> Odds:
    """A damage spell on one target: the magic roll, the target's counter (a perfect one
    reflects the same value onto the caster), damage after the target's reduction."""
    p_cast = percent(chance)
    p_counter = percent(counter) if counter is not None else ZERO
    p_reflect = below(perfect_counter_below, counter) if counter is not None else ZERO
    values = dice_dist(value)
    landed = after_reduction(values, reduction)
    reflected = after_reduction(values, reflected_reduction)
    damage = mix([(ONE - p_cast + p_cast * p_counter, point(0)),
                  (p_cast * (ONE - p_counter), landed)])
    back = mix([(ONE - p_cast * p_reflect, point(0)), (p_cast * p_reflect, reflected)])
    step = mix([(p_cast * (ONE - p_counter), transform(landed, lambda v: (v, 0))),
                (p_cast * p_reflect, transform(reflected, lambda v: (0, v))),
                (ONE - p_cast + p_cast * (p_counter - p_reflect), point((0, 0)))])
    return Odds(
        kind="damage", p_success=p_cast, p_perfect=None,
        p_dodged=None,
        p_countered=p_cast * p_counter if counter is not None else None,
        p_reflected=p_cast * p_reflect if counter is not None else None,
        damage=_sorted(damage), reflected_damage=_sorted(back),
        p_down=damage.at_least(hp),
        p_down_this_turn=repeated_down(step, repeats, hp,
                                       caster_hp if counter is not None else None),
        repeats=repeats,
        p_caster_down=back.at_least(caster_hp) if counter is not None else None,
    )


def heal_odds(chance: int, value: Dice, missing_hp: int) -> Odds:
    """A heal: HP restored, at most what the target is missing (misses restore 0)."""
    p_cast = percent(chance)
    healed = transform(dice_dist(value), lambda v: min(missing_hp, max(0, v)))
    gain = mix([(ONE - p_cast, point(0)), (p_cast, healed)])
    return Odds(kind="heal", p_success=p_cast, p_perfect=None, p_dodged=None,
                p_countered=None, p_reflected=None, damage=_sorted(gain), reflected_damage=(),
                p_down=ZERO, p_down_this_turn=ZERO, repeats=1)


def effect_odds(chance: int) -> Odds:
    """A buff or debuff: only whether it takes."""
    return Odds(kind="effect", p_success=percent(chance), p_perfect=None, p_dodged=None,
                p_countered=None, p_reflected=None, damage=((0, ONE),), reflected_damage=(),
                p_down=ZERO, p_down_this_turn=ZERO, repeats=1)


# --- the AI's lean summary -------------------------------------------------------------


class Lean(msgspec.Struct, frozen=True):
    """What the AI weighs of an option, in floats: P(the roll succeeds), P(it lands on its
    target: not dodged, not countered), the mean damage (or HP healed) to the target, P(the
    target is down after it), the mean damage reflected onto the actor.

    The same numbers as `of(plan)` (same plan, same dice, same mixture), without the exact
    per-value bars and the chain of repeats that only the odds view reads.
    """

    p_success: float
    p_lands: float
    mean: float
    p_down: float
    reflected: float = 0.0


@lru_cache(maxsize=4096)
def _taken(dice: tuple[Dice, ...], flat: int, reduction: int) -> tuple[float, tuple[float, ...]]:
    """Damage taken from dice plus flat terms less a reduction: (its mean, and for each
    HP value h from 0 up, P(damage >= h)), the tail stopping where it reaches 0."""
    dist = after_reduction(raw_damage(dice, flat), reduction)
    total = dist.total
    mean = sum(v * w for v, w in dist.weights.items()) / total
    top = max(dist.weights)
    tail, running = [], 0
    for v in range(top, -1, -1):
        running += dist.weights.get(v, 0)
        tail.append(running / total)
    return mean, tuple(reversed(tail))


def _at_least(table: tuple[float, ...], hp: int) -> float:
    return table[hp] if hp < len(table) else 0.0


def lean(plan: AttackPlan | CastPlan, target_id: str | None = None) -> Lean:
    """The lean summary of a checked option (for a spell, of one unit it reaches: by
    default its centre)."""
    if isinstance(plan, AttackPlan):
        return _lean_attack(plan.chance, plan.defence, plan.damage, plan.target.hp)
    target = next(t for t in plan.targets if t.unit.id == (target_id or plan.centre.id))
    kind = plan.spell.kind
    if kind == "damage":
        return _lean_damage(plan.chance, target.counter, plan.dice, target.reduction_terms,
                            plan.reflected_reduction_terms, target.unit.hp)
    if kind == "heal":
        return _lean_heal(plan.chance.value, plan.dice, target.unit.hp_max - target.unit.hp)
    p_cast = min(100, max(0, plan.chance.value)) / 100
    return Lean(p_cast, p_cast, 0.0, 0.0)


# The lean summaries are kept by the plan's parts they read (chances, damage, HP: frozen
# values): the AI meets the same blow from many squares and in many turns, and a key's
# hash costs a fraction of the sums.
@lru_cache(maxsize=4096)
def _lean_attack(chance: Chance, defence: Chance | None, damage: DamagePlan, hp: int) -> Lean:
    value = chance.value
    p_hit = min(100, max(0, value)) / 100
    p_perfect = max(0, min(chance.perfect_below - 1, value, 100)) / 100
    p_dodge = min(100, max(0, defence.value)) / 100 if defence is not None else 0.0
    dice = tuple(d for _, d in damage.dice)
    flat = sum(t.value for t in damage.terms)
    reduction = damage.reduction
    normal_mean, normal = _taken(dice, flat, reduction)
    perfect_dice = dice + ((damage.perfect_die,) if damage.perfect_die else ())
    perfect_mean, perfect = _taken(perfect_dice, flat, reduction)
    lands = 1.0 - p_dodge
    w_normal, w_perfect = (p_hit - p_perfect) * lands, p_perfect * lands
    return Lean(p_hit, p_hit * lands, w_normal * normal_mean + w_perfect * perfect_mean,
                w_normal * _at_least(normal, hp) + w_perfect * _at_least(perfect, hp))


@lru_cache(maxsize=4096)
def _lean_damage(chance: Chance, counter: Chance | None, dice: Dice,
                 reduction_terms: tuple[Term, ...], reflected_terms: tuple[Term, ...],
                 hp: int) -> Lean:
    p_cast = min(100, max(0, chance.value)) / 100
    p_counter = min(100, max(0, counter.value)) / 100 if counter is not None else 0.0
    p_reflect = (max(0, min(counter.perfect_below - 1, counter.value, 100)) / 100
                 if counter is not None else 0.0)
    mean, table = _taken((dice,), 0, total_reduction(reduction_terms))
    back, _ = _taken((dice,), 0, total_reduction(reflected_terms))
    lands = p_cast * (1.0 - p_counter)
    return Lean(p_cast, lands, lands * mean, lands * _at_least(table, hp),
                p_cast * p_reflect * back)


def _lean_heal(chance: int, dice: Dice, missing: int) -> Lean:
    p_cast = min(100, max(0, chance)) / 100
    return Lean(p_cast, p_cast, p_cast * _healed(dice, missing), 0.0)


@lru_cache(maxsize=1024)
def _healed(value: Dice, missing: int) -> float:
    """Mean HP a heal restores: its value, at most what the target is missing."""
    dist = transform(dice_dist(value), lambda v: min(missing, max(0, v)))
    return sum(v * w for v, w in dist.weights.items()) / dist.total


# --- odds of a plan ---------------------------------------------------------------------


def of(plan: AttackPlan | CastPlan, target_id: str | None = None) -> Odds:
    """The exact odds of a checked option, read from its plan alone.

    For a spell, `target_id` picks one of the units it reaches (an area spell's each
    target); by default its centre.
    """
    if isinstance(plan, AttackPlan):
        damage = plan.damage
        repeats = plan.attacker.ap // plan.ap_cost
        result = attack_odds(
            plan.chance.value, plan.chance.perfect_below,
            plan.defence.value if plan.defence is not None else None,
            [dice for _, dice in damage.dice], damage.perfect_die,
            sum(t.value for t in damage.terms), damage.reduction, plan.target.hp,
            repeats=repeats)
        if repeats > 1 and plan.weapon is not None and plan.weapon.on_hit is not None \
                and plan.defender is not None:
            return replace(result, p_down_this_turn=None, chained=True)
        return result
    target = next(t for t in plan.targets
                  if t.unit.id == (target_id or plan.centre.id))
    kind = plan.spell.kind
    if kind == "damage":
        counter = target.counter
        repeats = plan.caster.ap // plan.ap_cost
        result = damage_spell_odds(
            plan.chance.value, plan.dice, counter.value if counter is not None else None,
            counter.perfect_below if counter is not None else 0, target.reduction,
            target.unit.hp, total_reduction(plan.reflected_reduction_terms), plan.caster.hp,
            repeats=repeats)
        if repeats > 1 and len(plan.targets) > 1:
            return replace(result, p_down_this_turn=None, chained=True)
        return result
    if kind == "heal":
        return heal_odds(plan.chance.value, plan.dice, target.unit.hp_max - target.unit.hp)
    return effect_odds(plan.chance.value)
