"""What the AI keeps between decisions and games never outlives the state it was made in:
a policy that has played other games chooses as a new one would, after every change of the
board (a walk, a door, a unit down), and the engine resolves the plan the AI checked its
choice with only while nothing has changed since."""

from __future__ import annotations

from game.content.loader import DEFAULT_CONTENT, load_scenario, scenario_path
from game.rules.actions import Attack, EndTurn, Move, ToggleDoor
from game.rules.engine import Game
from game.rules.policies import ProfileBook
from game.rules.tactician import Tactician
from tests.helpers import CONTENT, make_game

PROFILE = ProfileBook(CONTENT).profile("tactician")


def crossroads(seed: int, book=None) -> Game:
    scenario = load_scenario(CONTENT, scenario_path(DEFAULT_CONTENT, "crossroads"))
    return Game(CONTENT, scenario, seed=seed, ai_players={1: "tactician", 2: "tactician"},
                policies=book or ProfileBook(CONTENT))


def test_a_policy_that_played_other_games_chooses_as_a_new_one_at_every_step():
    warm = Tactician(PROFILE)
    for seed in (1, 2):  # the same map: its walks, blows and reaches are kept
        game = crossroads(seed)
        for _ in range(6):
            for unit in list(game.standing()):
                if unit.owner is not None:
                    warm.choose(game, unit)
            game.play_ai_turn()
    game = crossroads(3)
    checked = 0
    while not game.over and game.round <= 8:
        for unit in [u for u in game.standing() if u.owner == game.current]:
            assert warm.choose(game, unit) == Tactician(PROFILE).choose(game, unit), \
                (game.round, unit.id)
            checked += 1
        game.play_ai_turn()
    assert checked > 20


def test_a_walk_is_never_planned_through_a_square_a_unit_has_just_entered():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("brenna", "brenna", 1, (5, 5)),
                      ("dagny", "dagny", 2, (2, 0))], designer=False)
    tactician = Tactician(PROFILE)
    board = tactician.board(game)
    assert (1, 1) in board.reach((2, 0), 2)
    assert (0, 0) not in board.reach((2, 0), 2)  # Aldric stands there
    game.apply(Move("aldric", (1, 1)))  # and now here
    assert (1, 1) not in tactician.board(game).reach((2, 0), 2)
    assert (0, 0) in tactician.board(game).reach((2, 0), 2)  # and no longer here


def test_a_door_opened_makes_the_walk_through_it_cheaper_in_the_next_choice():
    # A wall with one closed door between Aldric and Dagny.
    rows = ["......", "......", "###+##", "......", "......"]
    game = make_game([("aldric", "aldric", 1, (3, 1)), ("dagny", "dagny", 2, (3, 4))],
                     map_text="\n".join(rows), designer=False)
    tactician = Tactician(PROFILE)
    shut = tactician.board(game).terrain((3, 0))[(3, 4)]
    game.apply(ToggleDoor("aldric", (3, 2), True))
    assert game.doors[(3, 2)].state.value == "open"
    opened = tactician.board(game).terrain((3, 0))[(3, 4)]
    assert opened == shut - game.rules.door_cost
    # The same map with its door shut again, in another game, has the door's cost again.
    other = make_game([("aldric", "aldric", 1, (3, 1)), ("dagny", "dagny", 2, (3, 4))],
                      map_text="\n".join(rows), designer=False)
    assert tactician.board(other).terrain((3, 0))[(3, 4)] == shut


def test_the_engine_resolves_the_plan_the_policy_checked_and_checks_anything_else(
        monkeypatch):
    checks = []
    check = Attack.check

    def counted(self, game, player):
        checks.append(self)
        return check(self, game, player)
    monkeypatch.setattr(Attack, "check", counted)

    class Offers:
        """A test double: brawls the adjacent foe once, offering its plan."""

        def __init__(self, stale: bool = False) -> None:
            self.stale, self.plans = stale, {}

        def choose(self, game, unit, moves=0, struck=False):
            if struck or unit.ap < game.rules.brawl_ap_cost:
                return None
            action = Attack(unit.id, "aldric", brawl=True)
            self.plans[action] = action.check(game, unit.owner)
            if self.stale:  # something changed since the check: the plan is not offered
                self.plans.clear()
            return action

        def plan_of(self, game, action, player):
            return self.plans.get(action)

    class Book:
        def __init__(self, policy):
            self.given = policy

        def policy(self, profile):
            return self.given

    for stale, expected in ((False, 1), (True, 2)):
        base = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (1, 0))])
        game = Game(CONTENT, base.scenario, seed=1, ai_players={2: "x"},
                    policies=Book(Offers(stale)))
        game.apply(EndTurn())
        checks.clear()
        game.play_ai_turn()
        assert game.log[-2:] == ["attack dagny aldric brawl", "end"]
        assert len(checks) == expected  # the choice's own check, and the engine's if stale


def test_the_tactician_offers_no_plan_once_its_unit_has_walked_or_spent_ap():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (1, 0))],
                     designer=False)
    tactician = Tactician(PROFILE)
    aldric = game.units["aldric"]
    action = tactician.choose(game, aldric)
    assert isinstance(action, Attack)
    plan = tactician.plan_of(game, action, 1)
    assert plan == action.check(game, 1)
    assert tactician.plan_of(game, action, 2) is None  # another player's check
    aldric.ap -= 1
    assert tactician.plan_of(game, action, 1) is None
    aldric.ap += 1
    aldric.pos = (0, 1)
    assert tactician.plan_of(game, action, 1) is None


def test_a_units_attacks_follow_a_rule_changed_and_a_level_gained():
    from game.rules.edits import vary
    from game.rules.legal import attacks, unit_threat

    game = make_game([("brenna", "brenna", 1, (0, 5)), ("corvin", "corvin", 1, (0, 9)),
                      ("dagny", "dagny", 2, (11, 5))], map_text="\n".join(["." * 20] * 12))
    brenna, corvin = game.units["brenna"], game.units["corvin"]
    shot = max(r.farthest for r, _, _ in attacks(game, brenna))
    assert shot == game.rules.page.ranged_max_distance == 4
    far = max(x for x, _ in unit_threat(game, brenna))
    vary(game, "rules.page.ranged_max_distance", 2)  # the bow reaches 2 squares now
    assert max(r.farthest for r, _, _ in attacks(game, brenna)) == 2
    assert max(x for x, _ in unit_threat(game, brenna)) < far
    spells = {r.farthest for r, _, _ in attacks(game, corvin)}
    vary(game, "corvin.xp", game.rules.level_thresholds[-1])  # a higher level: spells reach on
    assert {r.farthest for r, _, _ in attacks(game, corvin)} != spells


def test_a_line_of_sight_follows_its_own_games_doors():
    rows = ["......", "......", "###+##", "......", "......"]
    units = [("aldric", "aldric", 1, (3, 1)), ("dagny", "dagny", 2, (3, 4))]
    game = make_game(units, map_text="\n".join(rows), designer=False)
    assert not game.line_of_sight((3, 1), (3, 4))  # the closed door
    game.apply(ToggleDoor("aldric", (3, 2), True))
    assert game.line_of_sight((3, 1), (3, 4))
    other = make_game(units, map_text="\n".join(rows), designer=False)  # its door is shut
    assert not other.line_of_sight((3, 1), (3, 4))
    assert game.line_of_sight((3, 1), (3, 4))


def test_a_foes_threat_follows_its_level_and_its_owed_ap():
    game = make_game([("aldric", "aldric", 1, (0, 5)), ("corvin", "corvin", 2, (11, 5))],
                     map_text="\n".join(["." * 20] * 12), designer=False)
    tactician = Tactician(PROFILE)
    aldric, corvin = game.units["aldric"], game.units["corvin"]
    tactician.choose(game, aldric)
    before = tactician._turn.threat_of(corvin)
    corvin.ap_owed = 4  # a counter drained it: fewer AP next turn
    tactician.choose(game, aldric)
    owed = tactician._turn.threat_of(corvin)
    assert owed.ap == before.ap - 4 and owed.radius < before.radius
    corvin.ap_owed = 0
    corvin.level = 4  # its spells reach farther
    tactician.choose(game, aldric)
    assert tactician._turn.threat_of(corvin).radius > before.radius


def test_a_plans_chances_and_damage_follow_a_skill_set_an_effect_and_a_template_change():
    from game.rules.edits import vary
    from game.rules.units import Effect

    game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (1, 0))])
    attack = Attack("aldric", "dagny", "sword")
    first = attack.check(game, 1)
    aldric, dagny = game.units["aldric"], game.units["dagny"]
    vary(game, "aldric.skills.melee", aldric.skills["melee"] + 4)
    assert attack.check(game, 1).chance.value == first.chance.value + 4
    vary(game, "aldric.skills.melee", aldric.skills["melee"] + 3)  # set again: +7 in all
    assert attack.check(game, 1).chance.value == first.chance.value + 7
    vary(game, "dagny.skills.dodge", dagny.skills["dodge"] - 5)
    assert attack.check(game, 1).defence.value == first.defence.value - 5
    vary(game, "dagny.stats.DEF", dagny.characteristics["DEF"] + 20)  # 2 more reduction
    assert attack.check(game, 1).damage.reduction == first.damage.reduction + 2
    aldric.effects.append(Effect("bless", "melee", 10, 2))
    assert attack.check(game, 1).chance.value == min(95, first.chance.value + 17)
    aldric.effects.clear()
    assert attack.check(game, 1).chance.value == first.chance.value + 7
