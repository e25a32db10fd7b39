"""Odds of a whole turn: the outcomes the engine plays (`branches`), an action repeated
with an on-hit effect in the chain, and the best sequence of a turn — against the engine
played thousands of times (each run count sized so a named wrong answer is several
tolerances off) and against a brute-force enumeration of every face of every die."""

import math
from fractions import Fraction as F

import msgspec

from game.rules import odds
from game.rules.actions import Attack, Move
from game.rules.branches import capture, outcomes, percentile_classes
from game.rules.dice import DiceRoll, Roller
from game.rules.errors import Impossible
from game.rules.events import Refused
from game.rules.magic import Cast
from game.rules.state import restore_state
from game.rules.templates import EffectSpec
from game.rules.turn import TurnChain, repeated_down, turn_odds
from tests.helpers import CONTENT, char, content_with, make_game


def within(observed: int, runs: int, p: F, sigmas: float = 3) -> bool:
    return abs(observed / runs - float(p)) <= sigmas * standard_error(runs, p)


def standard_error(runs: int, p: F) -> float:
    return math.sqrt(float(p) * (1 - float(p)) / runs) or 1 / runs


def down_of(game, state, unit_id):
    return state[list(game.units).index(unit_id)][6]


def test_a_d100_falls_in_at_most_three_runs_of_faces():
    assert percentile_classes(65, 5) == [(1, F(4, 100)), (5, F(61, 100)), (66, F(35, 100))]
    assert percentile_classes(100, 0) == [(1, F(1))]
    assert percentile_classes(0, 5) == [(1, F(1))]


def test_the_outcomes_the_engine_plays_give_the_plans_odds():
    # 1439/4800: the figure checked by hand in issue 21.
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("goblin", "goblin", None, (1, 0))])
    attack = Attack("aldric", "goblin", weapon="sword")
    before = game.snapshot()
    found = outcomes(game, attack, 1)
    assert game.snapshot() == before  # the game is left as it was
    assert sum(w for w, _ in found) == 1
    assert sum(w for w, s in found if down_of(game, s, "goblin")) == F(1439, 4800) \
        == odds.of(attack.check(game, 1)).p_down
    # The damage distribution too: HP lost per outcome, summed by amount.
    hp = game.units["goblin"].hp
    index = list(game.units).index("goblin")
    lost: dict[int, F] = {}
    for w, s in found:
        lost[hp - s[index][1]] = lost.get(hp - s[index][1], 0) + w
    capped = {}
    for amount, p in odds.of(attack.check(game, 1)).damage:
        capped[min(amount, hp)] = capped.get(min(amount, hp), 0) + p
    assert lost == capped


def test_an_area_gives_each_targets_odds_and_the_odds_of_all_down():
    weak = {"elise": char("elise", hp_max=3),
            "dagny": char("dagny", hp_max=4, skills=msgspec.structs.replace(
                CONTENT.characters["dagny"].skills, magic=50))}
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("elise", "elise", 2, (3, 0)),
                      ("dagny", "dagny", 2, (3, 1))], content=content_with(characters=weak))
    cast = Cast("corvin", "ice-storm", "elise")
    plan = cast.check(game, 1)
    found = outcomes(game, cast, 1)
    for uid in ("elise", "dagny"):
        assert sum(w for w, s in found if down_of(game, s, uid)) == odds.of(plan, uid).p_down
    both = sum(w for w, s in found if down_of(game, s, "elise") and down_of(game, s, "dagny"))
    # One value for both, each its own counter: more likely than if independent, less
    # than either alone.
    each = [odds.of(plan, uid).p_down for uid in ("elise", "dagny")]
    assert each[0] * each[1] < both < min(each)


# --- an on-hit effect that changes the next blows ----------------------------------------

GAUTIER = CONTENT.characters["gautier"]
SUNDER = msgspec.structs.replace(CONTENT.weapons["axe"], name="sundering axe", dice="1d8",
                                 ap_cost=3, on_hit=EffectSpec(stat="DEF", amount=-50, turns=1))
SUNDERING = content_with(
    characters={
        "dagny": char("dagny", weapons=["sunder"],
                      skills=msgspec.structs.replace(CONTENT.characters["dagny"].skills,
                                                     melee=70)),
        "gautier": char("gautier", hp_max=9, armour="plate",
                        characteristics=msgspec.structs.replace(GAUTIER.characteristics,
                                                                DEF=50),
                        skills=msgspec.structs.replace(GAUTIER.skills, dodge=0))},
    weapons={**CONTENT.weapons, "sunder": SUNDER})
SUNDER_UNITS = [("dagny", "dagny", 1, (0, 0)), ("gautier", "gautier", 2, (1, 0))]


def test_a_def_malus_laid_on_hit_makes_the_next_blows_count_and_the_chain_says_so():
    game = make_game(SUNDER_UNITS, content=SUNDERING)
    attack = Attack("dagny", "gautier", weapon="sunder")
    plan = attack.check(game, 1)
    alone = odds.of(plan)
    # From the first plan alone (DEF 50 and plate: reduction 8 on every blow) three blows
    # would down Gautier 0.4% of the time; the plan cannot know the next ones face DEF 0.
    assert alone.p_down_this_turn is None and alone.chained and alone.repeats == 3
    damage = plan.damage
    as_if_unchanged = odds.attack_odds(
        plan.chance.value, plan.chance.perfect_below, plan.defence.value,
        [d for _, d in damage.dice], damage.perfect_die, 0, damage.reduction, 9, 3)
    assert round(float(as_if_unchanged.p_down_this_turn), 4) == 0.0043
    exact = repeated_down(game, attack, "dagny", "gautier")
    assert round(float(exact), 4) == 0.2808
    # 1,000 runs: the tolerance (3 standard errors) is 4.3 points; the plan alone (0.4%)
    # is more than six tolerances below.
    tolerance = 3 * standard_error(1_000, exact)
    assert exact - as_if_unchanged.p_down_this_turn > 6 * tolerance
    runs = downs = 0
    for seed in range(1_000):
        played = make_game(SUNDER_UNITS, content=SUNDERING, seed=seed)
        while not isinstance(played.apply(attack)[0], Refused) \
                and not played.units["gautier"].down:
            pass
        runs += 1
        downs += played.units["gautier"].down
    assert within(downs, runs, exact)


# --- the best sequence of a turn ----------------------------------------------------------

BRENNA = [("brenna", "brenna", 1, (0, 0)), ("goblin", "goblin", None, (1, 0))]


def test_the_best_turn_mixes_weapons_and_beats_any_one_of_them_repeated():
    game = make_game(BRENNA)
    before = game.snapshot()
    bow = Attack("brenna", "goblin", weapon="shortbow")
    turn = turn_odds(game, "brenna", "goblin", bow, squares=True)
    assert game.snapshot() == before
    # Two shots (8 AP), then the dagger with the 2 AP left: 66.4%, where the bow alone
    # gives 59.1% and the dagger alone less.
    assert [s.action.notation() for s in turn.line] == [
        "attack brenna goblin with shortbow", "attack brenna goblin with shortbow",
        "attack brenna goblin with dagger"]
    assert round(float(turn.best), 4) == 0.6636
    assert turn.repeated == odds.of(bow.check(game, 1)).p_down_this_turn
    dagger = repeated_down(game, Attack("brenna", "goblin", weapon="dagger"),
                           "brenna", "goblin")
    assert turn.best > turn.repeated > dagger
    # Staying is the best square; stepping away only wastes AP.
    assert turn.squares[0].square == (0, 0) and turn.squares[0].best == turn.best
    assert all(s.best < turn.best for s in turn.squares[1:])


def test_the_best_turn_walks_in_when_it_must():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("goblin", "goblin", None, (4, 3))])
    turn = turn_odds(game, "aldric", "goblin")
    # 3 AP to stand beside the goblin, a sword blow (4 AP), then bare hands (3 AP).
    assert [s.action.notation() for s in turn.line] == [
        "move aldric 3,2", "attack aldric goblin with sword", "attack aldric goblin brawl"]


def play_best_turns(units, actor, target, runs, content=None):
    """The engine played `runs` times, each choice the chain's best in the state reached."""
    chain = TurnChain(make_game(units, content=content), actor, target)
    downs = 0
    for seed in range(runs):
        game = make_game(units, seed=seed, content=content)
        for _ in range(20):
            action = chain.next_action(capture(game))
            if action is None:
                break
            assert not isinstance(game.apply(action)[0], Refused)
        downs += game.units[target].down
    return chain.best(), downs


def test_the_best_turn_agrees_with_the_engine_played_5000_times():
    exact, downs = play_best_turns(BRENNA, "brenna", "goblin", 5_000)
    # The tolerance (3 standard errors) is 2.0 points: the bow alone (59.1%) is more than
    # three tolerances below the best turn (66.4%), so a line played other than the chain's
    # shows.
    bow = odds.of(Attack("brenna", "goblin", weapon="shortbow").check(make_game(BRENNA), 1))
    assert exact - bow.p_down_this_turn > 3 * (3 * standard_error(5_000, exact))
    assert within(downs, 5_000, exact)


def test_the_best_turn_with_a_walk_and_an_on_hit_effect_agrees_with_the_engine():
    units = [("dagny", "dagny", 1, (0, 0)), ("gautier", "gautier", 2, (2, 1))]
    exact, downs = play_best_turns(units, "dagny", "gautier", 1_000, content=SUNDERING)
    # 1,000 runs: the tolerance is 4.3 points; without the on-hit effect the chain's answer
    # is 0.4%, more than six tolerances below.
    plain = content_with(characters=SUNDERING.characters, weapons={
        **CONTENT.weapons, "sunder": msgspec.structs.replace(SUNDER, on_hit=None)})
    unchanged = TurnChain(make_game(units, content=plain), "dagny", "gautier").best()
    assert 0.1 < exact < 0.5 and exact - unchanged > 6 * (3 * standard_error(1_000, exact))
    assert within(downs, 1_000, exact)


# --- brute force: every face of every die, every action and walk --------------------------

class Faces(Roller):
    """Serves the faces it is told, one per die, d100s and dice alike; records each call."""

    def __init__(self, faces):
        super().__init__(0)
        self.faces, self.calls = list(faces), []

    def d100(self):
        self.calls.append(100)
        k = len(self.calls) - 1
        return (self.faces[k] if k < len(self.faces) else 1), False

    def roll(self, dice, label="", rule="", origin=""):
        faces = []
        for _ in range(dice.count):
            self.calls.append(dice.sides)
            k = len(self.calls) - 1
            faces.append(self.faces[k] if k < len(self.faces) else 1)
        total = dice.sign * (sum(faces) + dice.modifier)
        return DiceRoll(label, str(dice), tuple(faces), total, rule, origin)


def brute_force(game, actor, target):
    """The best P(down) by expectimax over every face of every roll, states compared by
    the engine's own snapshot (statistics aside); every walk to every square tried."""
    memo = {}

    def key(snapshot):
        units = {uid: {k: v for k, v in u.items() if k != "stats"}
                 for uid, u in snapshot["units"].items()}
        return repr(units)

    def value(snapshot):
        k = key(snapshot)
        if k in memo:
            return memo[k]
        restore_state(game, snapshot)
        if game.units[target].down:
            return F(1)
        unit = game.units[actor]
        actions = [Attack(actor, target, weapon=w) for w in unit.weapons]
        actions.append(Attack(actor, target, brawl=True))
        actions += [Move(actor, (x, y)) for x in range(game.width) for y in range(game.height)]
        best = F(0)
        for action in actions:
            restore_state(game, snapshot)
            try:
                action.check(game, game.current)
            except Impossible:
                continue
            total = F(0)
            stack = [((), F(1))]
            while stack:
                faces, weight = stack.pop()
                restore_state(game, snapshot)
                game.roller = Faces(faces)
                game.apply(action)
                calls = game.roller.calls
                if len(calls) > len(faces):
                    sides = calls[len(faces)]
                    stack += [(faces + (f,), weight / sides) for f in range(1, sides + 1)]
                    continue
                total += weight * value(game.snapshot())
            best = max(best, total)
        memo[k] = best
        return best

    return value(game.snapshot())


def test_the_best_turn_equals_a_brute_force_over_every_face():
    # Small enough to try every face of every die: a 1d2 blade with no damage bonus, a
    # 1d2 perfect die, 2 HP to take, 5 AP, one square to walk.
    rules = {"perfect_die": "1d2", "ap_max": 5,
             "damage_bonus": [msgspec.structs.replace(CONTENT.rules.damage_bonus[0],
                                                      up_to=None, dice="0")]}
    blade = msgspec.structs.replace(CONTENT.weapons["dagger"], dice="1d2", ap_cost=2)
    content = content_with(
        rules=rules, weapons={**CONTENT.weapons, "blade": blade},
        characters={"aldric": char("aldric", weapons=["blade"])},
        creatures={"goblin": msgspec.structs.replace(CONTENT.creatures["goblin"], hp_max=2)})
    units = [("aldric", "aldric", 1, (0, 0)), ("goblin", "goblin", None, (2, 0))]
    room = "\n".join(["....."] * 3)  # squares on every side of both; each walk is tried
    exact = turn_odds(make_game(units, room, content=content), "aldric", "goblin").best
    assert exact == brute_force(make_game(units, room, content=content), "aldric", "goblin")
    assert 0 < exact < 1
