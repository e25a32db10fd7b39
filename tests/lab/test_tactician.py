"""The tactician (the default AI): plays for the victory, moves and acts together, spells
only when they pay; the engine plays whatever policy it is given."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.commands.common import new_game
from game.content.loader import DEFAULT_CONTENT
from game.rules import odds
from game.rules.actions import Action, Attack, EndTurn, Move
from game.rules.board import DoorState
from game.rules.engine import Game
from game.rules.geometry import distance
from game.rules.legal import standing_at
from game.rules.events import CommandIssued, Damage, EffectAdded, Healed, SpellCast
from game.rules.magic import HARMFUL, Cast, spell_range
from game.rules.policies import ProfileBook
from game.rules.tactician import Tactician, _Turn
from tests.helpers import CONTENT, SCENARIO, make_game

TACTICIAN = ProfileBook(CONTENT).policy("balanced")


def turn_of(game, player: int, profile: str = "balanced") -> list[str]:
    """The commands the computer plays for `player`'s whole turn."""
    game.ai_players = {player: profile}
    game.current = player
    start = len(game.log)
    game.play_ai_turn()
    return game.log[start:]


def test_the_default_profiles_play_the_tactician_and_naive_is_kept():
    book = ProfileBook(CONTENT)
    assert isinstance(book.policy("balanced"), Tactician)
    assert isinstance(book.policy("aggressive"), Tactician)
    assert not isinstance(book.policy("naive"), Tactician)
    assert not isinstance(book.policy(None), Tactician)  # the creatures replay as before


def test_a_unit_that_can_down_a_foe_this_turn_does():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (3, 0)),
                      ("elise", "elise", 2, (8, 8))], designer=False)
    game.units["dagny"].hp = 1
    game.roller.force([4, 99] * 20)  # each blow hits (perfect, 1d6 more) and is not dodged
    commands = turn_of(game, 1)
    assert commands[0].startswith("move aldric")
    assert commands[1].startswith("attack aldric dagny")
    assert game.units["dagny"].down


def test_a_shooter_with_a_target_after_a_short_walk_shoots_that_turn():
    game = make_game([("brenna", "brenna", 1, (0, 0)), ("dagny", "dagny", 2, (7, 0))],
                     designer=False)
    commands = turn_of(game, 1)
    assert commands[0].startswith("move brenna")
    assert any(c.startswith("attack brenna dagny with shortbow") for c in commands)
    # It shoots from range: never walked up to the axe.
    assert max(abs(a - b) for a, b in zip(game.units["brenna"].pos, (7, 0))) >= 2


def test_it_goes_for_the_other_players_characters_not_for_a_creature_out_of_its_way():
    game = make_game([("aldric", "aldric", 1, (0, 5)), ("dagny", "dagny", 2, (6, 5)),
                      ("wolf", "wolf", None, (0, 0))], designer=False)
    game.units["dagny"].hp = 5
    first = TACTICIAN.choose(game, game.units["aldric"])
    assert isinstance(first, Move)
    assert max(abs(a - b) for a, b in zip(first.to, (6, 5))) == 1  # next to Dagny


def test_a_buff_is_cast_once_on_one_who_will_use_it_and_never_recast_while_it_runs():
    game = make_game([("elise", "elise", 1, (0, 0)), ("aldric", "aldric", 1, (1, 0)),
                      ("corvin", "corvin", 1, (0, 1)), ("dagny", "dagny", 2, (6, 0))],
                     designer=False)
    game.roller.force([1] * 200)  # every spell takes
    commands = turn_of(game, 1)
    casts = [c.split() for c in commands if c.startswith("cast elise")]
    for _, _, spell, target in casts:
        kind = CONTENT.spells[spell].kind
        assert not (kind == "buff" and target == "corvin"
                    and CONTENT.spells[spell].effect.stat == "melee")  # no melee buff on a mage
    laid = [(c[2], c[3]) for c in casts if CONTENT.spells[c[2]].kind in ("buff", "debuff")]
    assert len(laid) == len(set(laid))  # never the same effect twice on the same unit
    for unit in game.units.values():
        sources = [e.source for e in unit.effects]
        assert len(sources) == len(set(sources))


@pytest.mark.parametrize("elise_y", [4, 7])
def test_a_blessing_is_laid_before_its_friend_strikes_not_after(elise_y):
    """The side's blesser acts first (`Tactician.order`): Aldric strikes blessed. Before,
    the side acted in scenario order, and Elise blessed Aldric once his blows were struck
    (playtest: a blessing on Dagny after her turn)."""
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("elise", "elise", 1, (0, elise_y)),
                      ("dagny", "dagny", 2, (1, 0))], designer=False)
    commands = turn_of(game, 1)
    blessed = commands.index("cast elise bless aldric")
    struck = [i for i, c in enumerate(commands) if c.startswith("attack aldric dagny")]
    assert struck and blessed < struck[0], commands
    assert all(c.split()[1] == "elise" for c in commands[:blessed + 1])


def test_a_blesser_with_nothing_to_lay_keeps_its_place_in_the_order():
    """Elise farther off walks up to mace Dagny, no blessing in it: Aldric, first in the
    scenario, still acts first (a readier walking ahead of its side for nothing)."""
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("elise", "elise", 1, (0, 5)),
                      ("dagny", "dagny", 2, (1, 0))], designer=False)
    commands = turn_of(game, 1)
    assert commands[0].startswith("attack aldric dagny"), commands
    assert not any(c.startswith("cast elise bless") for c in commands)


def test_a_side_acts_in_scenario_order_under_a_policy_that_gives_none():
    game = make_game([("aldric", "aldric", 1, (0, 0)), ("elise", "elise", 1, (0, 4)),
                      ("dagny", "dagny", 2, (1, 0))], designer=False)
    commands = turn_of(game, 1, "naive")
    assert commands[0].split()[1] == "aldric", commands


def test_it_never_helps_a_foe_nor_harms_its_own_side():
    """Many AI turns on a crowded board: each spell's kind against each unit it touched."""
    game = make_game([("elise", "elise", 1, (2, 2)), ("corvin", "corvin", 1, (3, 2)),
                      ("aldric", "aldric", 1, (2, 3)), ("dagny", "dagny", 2, (6, 2)),
                      ("fenwick", "fenwick", 2, (6, 3)), ("brenna", "brenna", 2, (7, 2))],
                     designer=False, seed=3)
    for uid in ("aldric", "dagny", "elise"):
        game.units[uid].hp = 6
    game.ai_players = {1: "balanced", 2: "balanced"}
    while not game.over and game.round <= 12:
        game.play_ai_turn()
    touched = 0
    caster = None
    for event in game.journal:
        if isinstance(event, SpellCast):
            caster, spell = game.units[event.caster], CONTENT.spells[event.spell]
        elif isinstance(event, CommandIssued):
            caster = None
        elif caster is not None and isinstance(event, (Healed, EffectAdded, Damage)):
            target = game.units[getattr(event, "target", None) or event.unit]
            if target is caster and isinstance(event, Damage):
                continue  # a reflection: the caster's own spell sent back
            touched += 1
            assert (target.owner != caster.owner) == (spell.kind in HARMFUL), event
    assert touched  # the casters did cast
    assert any(c.startswith("cast") for c in game.log)


def test_same_game_same_choices():
    def play():
        game = make_game([("aldric", "aldric", 1, (0, 0)), ("brenna", "brenna", 1, (0, 2)),
                          ("dagny", "dagny", 2, (9, 9)), ("fenwick", "fenwick", 2, (9, 7))],
                         designer=False, seed=11)
        game.ai_players = {1: "balanced", 2: "cautious"}
        while not game.over and game.round <= 20:
            game.play_ai_turn()
        return game.log
    assert play() == play()


class Stand:
    """A test double: a policy that attacks what is adjacent, else ends."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def choose(self, game, unit, moves: int = 0, struck: bool = False) -> Action | None:
        self.asked.append(unit.id)
        for other in game.standing():
            if game.foes(unit, other) and max(abs(a - b) for a, b in
                                               zip(unit.pos, other.pos)) == 1 \
                    and unit.ap >= game.rules.brawl_ap_cost:
                return Attack(unit.id, other.id, brawl=True)
        return None


class Book:
    def __init__(self, policy) -> None:
        self.policy_given = policy

    def policy(self, profile):
        if profile not in (None, "stand"):
            raise KeyError(f"no AI profile {profile!r} (known: stand)")
        return self.policy_given


def test_an_engine_given_another_policy_plays_it():
    stand = Stand()
    base = make_game([("aldric", "aldric", 1, (0, 0)), ("dagny", "dagny", 2, (1, 0)),
                      ("wolf", "wolf", None, (5, 5))])
    game = Game(CONTENT, base.scenario, seed=1, ai_players={2: "stand"}, policies=Book(stand))
    game.apply(EndTurn())  # player 1 ends: player 2, the computer, plays
    game.play_ai_turn()  # Dagny brawls 3 times (10 AP), then the turn ends; the wolf asks too
    assert [c for c in game.log if c.startswith("attack")] == \
        ["attack dagny aldric brawl"] * 3
    assert "wolf" in stand.asked and "dagny" in stand.asked
    with pytest.raises(ValueError, match="no AI profile 'balanced'"):
        Game(CONTENT, base.scenario, ai_players={2: "balanced"}, policies=Book(stand))


def test_the_lean_summary_is_the_exact_odds_in_floats():
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("aldric", "aldric", 1, (0, 1)),
                      ("dagny", "dagny", 2, (1, 0)), ("elise", "elise", 2, (2, 2))])
    game.units["dagny"].hp = 5
    plans = [Attack("aldric", "dagny", weapon="sword").check(game, 1),
             Attack("aldric", "dagny", brawl=True).check(game, 1),
             Cast("corvin", "firebolt", "elise").check(game, 1),
             Cast("corvin", "ice-storm", "elise").check(game, 1)]
    for plan in plans:
        for target in [t.unit.id for t in plan.targets] if hasattr(plan, "targets") \
                else [None]:
            exact, lean = odds.of(plan, target), odds.lean(plan, target)
            assert lean.p_success == pytest.approx(float(exact.p_success))
            assert lean.p_lands == pytest.approx(float(exact.p_lands))
            assert lean.mean == pytest.approx(float(exact.mean_damage))
            assert lean.p_down == pytest.approx(float(exact.p_down))
            back = sum((v * p for v, p in exact.reflected_damage), Fraction(0))
            assert lean.reflected == pytest.approx(float(back))


def test_a_duel_seat_is_its_template_whoever_strikes_first():
    from game.content.loader import DEFAULT_CONTENT
    from game.lab.runs import Setup, new_game

    setup = Setup(str(DEFAULT_CONTENT), "duel", "aldric", "dagny", 4, seats=((2, "naive"),))
    for index in (0, 1):
        game, _ = new_game(setup, index, 1)
        by_template = {game.units[f"u{n}"].template: game.ai_players[n] for n in (1, 2)}
        assert by_template == {"aldric": "balanced", "dagny": "naive"}


def test_a_heal_goes_to_the_friend_it_saves_more_hp_on_before_the_caster():
    """Elise, lightly hurt, and Aldric, badly hurt, within Mend's reach: Aldric first."""
    game = make_game([("elise", "elise", 1, (0, 0)), ("aldric", "aldric", 1, (3, 0)),
                      ("dagny", "dagny", 2, (9, 0))], designer=False)
    game.units["elise"].hp = 12   # 3 short of 15: Mend (1d8+1) would waste most of it
    game.units["aldric"].hp = 5   # 13 short of 18
    game.roller.force([1] * 50)   # every spell takes
    healed = [c.split()[3] for c in turn_of(game, 1) if c.startswith("cast elise mend")]
    assert healed and healed[0] == "aldric"


def test_a_wounded_unit_in_a_foes_reach_with_no_blow_worth_it_steps_out_of_reach():
    """Brenna at 2 HP beside a fresh Dagny, a wall with one gap between them: she does not
    end her turn where the axe reaches her next turn."""
    wall = "\n".join(["..........", "..........", "....#.....", "....#.....",
                      "....#.....", "....#.....", "....#....."])
    game = make_game([("brenna", "brenna", 1, (3, 6)), ("dagny", "dagny", 2, (5, 6))],
                     map_text=wall, designer=False)
    game.units["brenna"].hp = 2
    game.units["brenna"].ap = game.units["brenna"].ap_max
    turn_of(game, 1)
    brenna = game.units["brenna"]
    assert not brenna.down
    dagny = game.units["dagny"]
    # Dagny's walk to her (around the wall) and one blow must cost more than her AP.
    walk = TACTICIAN.board(game).terrain(dagny.pos).get(brenna.pos)
    assert walk is None or walk - 1 + CONTENT.weapons["axe"].ap_cost > dagny.ap_max, \
        (brenna.pos, walk)


def test_a_shooter_with_nothing_to_shoot_does_not_walk_into_the_foes_range_for_nothing():
    """Brenna 12 squares from Wat's crossbow, in round 1 (patient): she walks only as far
    as lets her shoot next turn, not into the two bolts of a foe that need not walk."""
    long_hall = "\n".join(["." * 20] * 3)
    game = make_game([("brenna", "brenna", 1, (0, 1)), ("wat", "wat", 2, (12, 1))],
                     map_text=long_hall, designer=False)
    turn_of(game, 1)
    apart = abs(game.units["brenna"].pos[0] - 12)
    assert apart < 12            # she did close in
    assert apart > 4             # but not to where Wat shoots twice without a step
    assert apart <= 10           # and stays where she can shoot next turn (6 steps + 4)


def test_a_walk_that_buys_no_blow_never_ends_beside_a_foe_with_no_ap_to_strike():
    """Round 1 (patient), Dagny 11 squares from Aldric: she closes in, to where her axe
    reaches next turn, not to his side with the AP of her turn spent."""
    game = make_game([("dagny", "dagny", 1, (0, 5)), ("aldric", "aldric", 2, (11, 5))],
                     designer=False)
    commands = turn_of(game, 1)
    assert not any(c.startswith("attack") for c in commands)  # nothing in reach this turn
    dagny = game.units["dagny"]
    apart = max(abs(a - b) for a, b in zip(dagny.pos, (11, 5)))
    assert 2 <= apart <= 11 - 4          # closer by 4 squares at least, not beside him
    # From there her axe (5 AP) reaches him next turn after a walk.
    assert (apart - 1) * game.rules.move_cost + CONTENT.weapons["axe"].ap_cost <= dagny.ap_max


def test_no_melee_buff_on_a_shooter():
    """Elise beside Fenwick (sling 45 > dagger 40) with a foe near: no Bless on him."""
    game = make_game([("elise", "elise", 1, (0, 0)), ("fenwick", "fenwick", 1, (1, 0)),
                      ("dagny", "dagny", 2, (6, 0))], designer=False)
    game.roller.force([1] * 50)  # every spell takes
    assert "cast elise bless fenwick" not in turn_of(game, 1)


def test_a_shooter_that_has_shot_does_not_hide_where_it_must_walk_back_to_shoot():
    """Wat has shot Brenna from 4 squares (4 AP left, not enough for a bolt): hiding
    behind the wall would cost him a walk back and one of his two bolts next turn."""
    rows = ["....................",
            ".........#..........",
            ".........#..........",
            "....................",
            ".........#..........",
            ".........#.........."]
    game = make_game([("wat", "wat", 1, (10, 3)), ("brenna", "brenna", 2, (14, 3))],
                     map_text="\n".join(rows), designer=False)
    wat = game.units["wat"]
    wat.ap = 4
    choice = TACTICIAN.choose(game, wat, moves=1, struck=True)
    to = choice.to if isinstance(choice, Move) else wat.pos
    assert max(abs(a - b) for a, b in zip(to, (14, 3))) <= 4  # two bolts next turn
    assert game.line_of_sight(to, (14, 3))


def test_no_dodge_spell_where_only_spells_strike():
    """Corvin and Ysmay (mages) against Benedict (a mage: his smite meets counter-magic,
    not a dodge): no Hex on him (no friend strikes him with a weapon), no Ward on a friend
    (nobody swings at them)."""
    game = make_game([("corvin", "corvin", 1, (0, 0)), ("ysmay", "ysmay", 1, (0, 1)),
                      ("benedict", "benedict", 2, (5, 0))], designer=False)
    game.roller.force([1] * 200)  # every spell takes
    commands = turn_of(game, 1)
    assert any(c.startswith("cast") for c in commands)
    assert not [c for c in commands if " hex " in c or " ward " in c]


def test_no_buff_on_a_friend_that_cannot_strike_before_it_runs_out():
    """Dagny 10 squares from Aldric: his sword cannot reach her in his next turn (a walk
    of 6 at most, then the blow), so Bless (two turns) would run out unused."""
    long_hall = "\n".join(["." * 16] * 3)
    game = make_game([("elise", "elise", 1, (0, 1)), ("aldric", "aldric", 1, (1, 1)),
                      ("dagny", "dagny", 2, (11, 1))], map_text=long_hall, designer=False)
    game.roller.force([1] * 50)  # every spell takes
    game.current = 1
    assert TACTICIAN.choose(game, game.units["elise"]) != Cast("elise", "bless", "aldric")
    game.units["dagny"].pos = (7, 1)  # 6 squares: his walk and his blow reach her
    assert TACTICIAN.choose(game, game.units["elise"]) == Cast("elise", "bless", "aldric")


def test_no_buff_for_a_foe_near_as_the_crow_flies_but_behind_a_wall():
    """Dagny six squares from Aldric as the crow flies, but behind a wall he must walk
    round (through its gap at the far end): his sword cannot reach her next turn, so
    Bless would run out unused (playtest: Elise blessed Dagny in round 1 for a goblin
    behind the guard-house wall). With the wall gone, she is in reach and he is blessed."""
    rows = ["................",
            "......#.........",
            "......#.........",
            "......#.........",
            "......#.........",
            "......#.........",
            "......#........."]
    walled = "\n".join(rows)
    units = [("elise", "elise", 1, (0, 5)), ("aldric", "aldric", 1, (1, 5)),
             ("dagny", "dagny", 2, (7, 5))]
    game = make_game(units, map_text=walled, designer=False)
    game.roller.force([1] * 50)  # every spell takes
    game.current = 1
    assert TACTICIAN.choose(game, game.units["elise"]) != Cast("elise", "bless", "aldric")
    game = make_game(units, map_text=walled.replace("#", "."), designer=False)
    game.roller.force([1] * 50)
    game.current = 1
    assert TACTICIAN.choose(game, game.units["elise"]) == Cast("elise", "bless", "aldric")


def test_no_armour_spell_on_a_friend_the_foe_would_not_strike():
    """The wolf (a wild creature) stands beside Aldric (Bruno's foe too) and four squares
    from Dagny: it bites the one beside it, and Stone Skin on Dagny would meet no blow
    (playtest: 27 of 47 Stone Skins in 100 crossroads games met none). With Aldric gone,
    the wolf's bites would fall on her: she is given it."""
    hall = "\n".join(["." * 16] * 5)
    units = [("elise", "elise", 2, (12, 2)), ("dagny", "dagny", 2, (9, 2)),
             ("wolf", "wolf", None, (5, 2)), ("aldric", "aldric", 1, (4, 2))]
    game = make_game(units, map_text=hall, designer=False)
    game.roller.force([1] * 50)  # every spell takes
    game.current = 2
    turn = _Turn(game, game.units["elise"], TACTICIAN.w, TACTICIAN.board(game))
    assert turn._uses(game.units["dagny"], "reduction") == 0.0
    game = make_game(units[:3], map_text=hall, designer=False)
    game.current = 2
    turn = _Turn(game, game.units["elise"], TACTICIAN.w, TACTICIAN.board(game))
    assert turn._uses(game.units["dagny"], "reduction") == 1.0


def test_a_debuff_is_weighed_from_each_square_the_caster_could_cast_it_from():
    """Elise alone against Dagny, 14 squares off: where Elise stands, Dagny's axe cannot
    reach her next turn, so Weaken (-4 STR for two turns) would run out unused; from a
    square four squares from Dagny it would not. Each square gets its own answer (the
    first one asked was kept for every square: a walk to cast it was never weighed)."""
    long_hall = "\n".join(["." * 20] * 3)
    game = make_game([("elise", "elise", 1, (0, 1)), ("dagny", "dagny", 2, (14, 1))],
                     map_text=long_hall, designer=False)
    game.current = 1
    elise, dagny = game.units["elise"], game.units["dagny"]
    turn = _Turn(game, elise, TACTICIAN.w, TACTICIAN.board(game))
    assert turn._uses(dagny, "STR") == 0.0
    with standing_at(elise, (10, 1), elise.ap - 10):
        assert turn._uses(dagny, "STR") == 1.0
    assert turn._uses(dagny, "STR") == 0.0


def test_focus_fire_on_the_foe_a_friend_still_to_act_can_help_finish():
    """Aldric between Fenwick and Dagny (4 HP each): alone he strikes Dagny (his odds are
    better on her); with Gautier still to act and in reach of Fenwick only, he strikes
    Fenwick, whom the two of them can down together."""
    line = "." * 20
    def first_target(with_gautier: bool) -> str:
        units = [("fenwick", "fenwick", 2, (6, 0)), ("aldric", "aldric", 1, (7, 0)),
                 ("dagny", "dagny", 2, (8, 0))]
        if with_gautier:
            units.append(("gautier", "gautier", 1, (0, 0)))
        game = make_game(units, map_text=line, designer=False)
        game.current = 1
        game.units["fenwick"].hp = game.units["dagny"].hp = 4
        choice = TACTICIAN.choose(game, game.units["aldric"])
        assert isinstance(choice, Attack)
        return choice.target
    assert first_target(with_gautier=False) == "dagny"
    assert first_target(with_gautier=True) == "fenwick"


def test_once_patience_is_over_a_walk_still_never_ends_in_contact_with_no_ap_to_strike():
    """Round 3 (balanced's patience of 2 is over: it closes in), Dagny 10 squares from
    Aldric: the walk to her side would leave him 1 AP, no blow; he stops short, so that she
    must walk to him, and does not stand beside her taking her blows without answering
    (playtest: crossroads, round 3)."""
    game = make_game([("aldric", "aldric", 1, (0, 5)), ("dagny", "dagny", 2, (10, 5))],
                     designer=False)
    game.round = 3
    commands = turn_of(game, 1)
    assert commands[0].startswith("move aldric")  # it does close in
    aldric = game.units["aldric"]
    apart = max(abs(a - b) for a, b in zip(aldric.pos, (10, 5)))
    cheapest = min(game.rules.brawl_ap_cost, CONTENT.weapons["sword"].ap_cost)
    assert apart >= 2 or aldric.ap >= cheapest, (aldric.pos, aldric.ap)
    assert apart <= 4  # from there his sword reaches her next turn


def test_a_unit_the_foes_next_blows_would_finish_steps_out_of_their_reach():
    """Corvin at 3/12 HP, 5 squares from a fresh Benedict (two Smites, 1d8+1 each, next
    turn): a Firebolt from where he stands would not down Benedict (14 HP), and Benedict's
    answer would finish him. He walks away, out of reach of a second Smite, while Ysmay
    fights on (playtest: 4/14 HP left standing in a Firebolt's range)."""
    hall = "\n".join(["." * 24] * 5)
    game = make_game([("corvin", "corvin", 2, (13, 2)), ("benedict", "benedict", 1, (8, 2)),
                      ("ysmay", "ysmay", 2, (2, 0))], map_text=hall, designer=False)
    game.units["corvin"].hp = 3
    game.round = 3
    commands = turn_of(game, 2)
    corvin = game.units["corvin"]
    apart = max(abs(a - b) for a, b in zip(corvin.pos, (8, 2)))
    smite = CONTENT.spells["smite"]
    walk_left = game.units["benedict"].ap_max - 2 * smite.ap_cost  # AP for a walk and two
    assert apart > walk_left + spell_range(smite, game.units["benedict"].level), corvin.pos
    # He casts his Firebolt first: the walk off is one the AP it leaves still buys.
    assert commands[:3] == ["move corvin 11,0", "cast corvin firebolt benedict",
                            "move corvin 14,0"]


def test_a_unit_that_cannot_get_out_of_reach_steps_out_of_sight():
    """Dagny at 4 HP with 5 AP, too far to strike Corvin, in a room too small to get out of
    his Firebolts' reach (level 4: range 6): behind the pillar he must step aside to see
    her, which costs him one of his two Firebolts (10 AP); in the open she takes both.
    (Fenwick fights on: alone, running would only delay a duel.)"""
    rows = ["........", "........", ".....#..", "........", "........"]
    game = make_game([("corvin", "corvin", 1, (2, 2)), ("dagny", "dagny", 2, (6, 0)),
                      ("fenwick", "fenwick", 2, (0, 4))], map_text="\n".join(rows),
                     designer=False)
    dagny = game.units["dagny"]
    dagny.hp, dagny.ap = 4, 5
    game.units["corvin"].level = 4
    game.round, game.current = 3, 2
    choice = TACTICIAN.choose(game, dagny)
    assert isinstance(choice, Move)
    assert not game.line_of_sight((2, 2), choice.to), choice


def test_a_shooter_with_an_ap_to_spare_shoots_three_times_and_steps_away_with_it():
    """Fenwick beside Brenna, Elise crowding his shots from the next square: three sling
    shots cost 9 of his 10 AP, so a step is free, and beside Brenna her dagger needs no
    walk; he shoots three times and steps away from her with the tenth AP (a step first
    would end on a square as exposed, his shots no better there: a blow, then a walk
    off, `struck_and_gone`; playtest: a slinger shooting from 1 square with a crowding
    malus, the last AP unused)."""
    game = make_game([("fenwick", "fenwick", 2, (5, 5)), ("elise", "elise", 2, (4, 5)),
                      ("brenna", "brenna", 1, (6, 5))], designer=False)
    game.round = 3
    commands = turn_of(game, 2)
    fenwick = [c for c in commands if c.split()[1:2] == ["fenwick"]]
    assert fenwick[:3] == ["attack fenwick brenna with sling"] * 3, commands
    assert fenwick[3].startswith("move fenwick"), commands
    assert max(abs(a - b) for a, b in zip(game.units["fenwick"].pos, (6, 5))) >= 2


def test_a_lone_shooter_worn_beside_a_blade_shoots_then_walks_out_of_its_blows():
    """Fenwick alone on 4 HP beside Aldric (the crossroads' end, naive v tactician): he
    slung three times and stayed for Aldric's two sword blows. Two shots, then a walk of
    four squares: Aldric must walk for his blows, one of them left. At full HP the trade
    stays (three shots where he stands)."""
    def turn(hp):
        game = make_game([("aldric", "aldric", 1, (6, 5)), ("fenwick", "fenwick", 2, (5, 5))],
                         designer=False)
        game.units["fenwick"].hp = hp
        game.round = 12
        return game, turn_of(game, 2)
    game, commands = turn(4)
    assert commands[:2] == ["attack fenwick aldric with sling"] * 2, commands
    assert commands[2].startswith("move fenwick"), commands
    assert distance(game.units["fenwick"].pos, (6, 5)) >= 4
    _, commands = turn(13)
    assert commands == ["attack fenwick aldric with sling"] * 3 + ["end"]


def test_no_armour_spell_where_the_blows_that_may_fall_are_spells():
    """Elise and Benedict face Corvin and Ysmay (casters: their Firebolts and Sparks
    ignore armour); Aldric's sword is 10 squares off, too far to strike next turn. Stone
    Skin (+2 reduction) would stop nothing: it is not cast (playtest: Stone Skin in a
    spell fight)."""
    hall = "\n".join(["." * 16] * 8)
    game = make_game([("elise", "elise", 2, (10, 4)), ("benedict", "benedict", 2, (11, 4)),
                      ("corvin", "corvin", 1, (6, 4)), ("ysmay", "ysmay", 1, (6, 5)),
                      ("aldric", "aldric", 1, (0, 0))], map_text=hall, designer=False)
    game.roller.force([1] * 300)  # every spell takes
    game.round = 3
    commands = turn_of(game, 2)
    assert any(c.startswith(("cast", "attack")) for c in commands)
    assert not [c for c in commands if " stone-skin " in c]


def test_between_a_players_wolf_and_his_character_it_strikes_the_character():
    """Aldric between Dagny and Bruno's wolf (the dungeon's Grey): the game is won when
    Bruno's characters are down, whatever his wolves do; he strikes Dagny (from where the
    wolf cannot bite him), never walks off to strike the wolf."""
    game = make_game([("aldric", "aldric", 1, (5, 5)), ("dagny", "dagny", 2, (6, 5)),
                      ("grey", "wolf", None, (4, 5)), ("fenwick", "fenwick", 2, (12, 12))],
                     designer=False)
    game.units["grey"].owner = 2  # a creature that fights for Bruno
    commands = turn_of(game, 1)
    attacks = [c for c in commands if c.startswith("attack")]
    assert attacks and all(c.startswith("attack aldric dagny") for c in attacks)


def test_with_no_blow_this_turn_it_walks_toward_the_other_side_not_a_wild_creature():
    """The marches' Fenwick, who waited by a lair's wolves while his friends fought:
    nothing to strike this turn, a wild wolf 13 squares behind him, Dagny 41 ahead. He
    walks toward Dagny (the game is decided by the other side's characters), not to
    within a shot of the wolf."""
    rows = "\n".join(["." * 62] * 5)
    game = make_game([("fenwick", "fenwick", 1, (20, 2)), ("dagny", "dagny", 2, (61, 2)),
                      ("wolf", "wolf", None, (7, 2))], map_text=rows, designer=False)
    commands = turn_of(game, 1)
    assert commands[0].startswith("move fenwick")
    assert game.units["fenwick"].pos[0] >= 28  # most of his walk, toward her
    assert not any(c.startswith("attack") for c in commands)


def test_a_retreat_that_only_delays_the_loss_is_not_taken():
    """The tavern's endgame: Hugo on 2 HP beside Sigrun (10 HP), Gilles across the room,
    each of Hugo's blows missing. With Gilles on 2 HP too, no friend fights on while Hugo
    steps away (both would run, Sigrun follows: playtest, the two ran from her from round
    11 to the round limit): he strikes, all his turn. With Gilles on 7 (of 12), Gilles
    fights on: Hugo strikes once and steps out of her reach with the AP it leaves; but
    not when Ulf fights beside Sigrun: his side is then far behind (9 HP and two cudgels
    against 22 and two), its foes would follow and pick it off."""
    def hugo_turn(gilles_hp: int, ulf: bool = False) -> tuple[list[str], tuple[int, int]]:
        units = [("hugo", "hugo", 1, (7, 7)), ("gilles", "gilles", 1, (9, 1)),
                 ("sigrun", "sigrun", 2, (6, 7))]
        if ulf:
            units.append(("ulf", "ulf", 2, (1, 1)))
        game = make_game(units, designer=False)
        game.units["hugo"].hp = 2
        game.units["gilles"].hp = gilles_hp
        game.round = 11
        game.roller.force([99] * 20)  # every blow misses
        commands = [c for c in turn_of(game, 1) if c.split()[1:2] == ["hugo"]]
        return commands, game.units["hugo"].pos
    strike = "attack hugo sigrun with cudgel"
    assert hugo_turn(gilles_hp=2) == ([strike] * 3, (7, 7))
    commands, square = hugo_turn(gilles_hp=7)
    assert commands[0] == strike and commands[-1].startswith("move hugo")
    assert max(abs(a - b) for a, b in zip(square, (6, 7))) >= 4
    assert hugo_turn(gilles_hp=7, ulf=True) == ([strike] * 3, (7, 7))


def test_a_shooter_beside_a_foe_shoots_before_it_walks_off():
    """The crossroads in round 10: Fenwick, unhurt, beside Aldric with 10 AP, Brenna on
    5 HP three squares off, both of Alice's characters all but out of AP. His square's
    retort was weighed as if he stayed there all turn: he walked eight squares off
    without a shot, and the game stalled two against two (playtest). He can sling her,
    then step away with the AP the shots leave."""
    game = make_game([("fenwick", "fenwick", 2, (8, 6)), ("aldric", "aldric", 1, (7, 7)),
                      ("brenna", "brenna", 1, (5, 6)), ("elise", "elise", 2, (16, 6))],
                     map_text=SCENARIO.map, designer=False)
    for uid, hp, ap, level in (("brenna", 5, 2, 2), ("aldric", 15, 1, 3),
                               ("elise", 12, 0, 3), ("fenwick", 13, 10, 3)):
        unit = game.units[uid]
        unit.hp, unit.ap, unit.level = hp, ap, level
    game.round = 10
    game.roller.force([99] * 20)  # every shot misses: he has all his AP to spend
    commands = [c for c in turn_of(game, 2) if c.split()[1:2] == ["fenwick"]]
    assert commands[0] == "attack fenwick brenna with sling", commands
    assert commands[-1].startswith("move fenwick")  # then out of Aldric's blows
    fenwick = game.units["fenwick"]
    assert distance(fenwick.pos, (7, 7)) > 1


def test_between_a_healer_and_a_fighter_as_far_it_walks_to_the_healer():
    """Aldric halfway between Dagny and Elise, 4 squares from each: Elise's mends would
    undo the blows struck on Dagny (playtest: crossroads' Elise mended 9-51 HP a game
    untouched). He walks to Elise and strikes her."""
    game = make_game([("aldric", "aldric", 1, (5, 5)), ("elise", "elise", 2, (9, 5)),
                      ("dagny", "dagny", 2, (1, 5))], designer=False)
    game.round = 3
    commands = turn_of(game, 1)
    attacks = [c for c in commands if c.startswith("attack")]
    assert commands[0].startswith("move aldric")
    assert attacks and attacks[0].startswith("attack aldric elise")


def _full_blows(game, foe, square) -> bool:
    """Whether `foe` could strike `square` next turn with all its blows (its AP's worth of
    its strongest weapon), no walk paid first: the square is in its reach, no nearer than
    its weapon's reach plus the steps its spare AP pay for."""
    weapon = CONTENT.weapons[foe.weapons[0]]
    reach = weapon.range if weapon.kind == "ranged" else 1
    spare = foe.ap_max % weapon.ap_cost
    return distance(foe.pos, square) <= reach + spare // game.rules.move_cost


def test_closing_in_with_no_blow_it_stops_where_the_foes_must_walk_to_strike_back():
    """Crossroads, round 3 (patience over), the company's walks that struck nothing
    (playtest: Dagny 8 squares into the foes' reach with 2 AP, Elise 10 with 0): Aldric
    and Brenna close in on Elise (8 HP left) and Fenwick, but each stops
    where every foe must spend AP walking to strike back (a blow fewer), not where the
    mace and the sling strike at full strength."""
    hall = "\n".join(["." * 24] * 12)
    game = make_game([("aldric", "aldric", 1, (0, 5)), ("brenna", "brenna", 1, (0, 6)),
                      ("elise", "elise", 2, (12, 5)), ("fenwick", "fenwick", 2, (13, 7))],
                     map_text=hall, designer=False)
    game.round = 3
    game.units["elise"].hp = 8
    commands = turn_of(game, 1)
    assert not any(c.startswith("attack") for c in commands)  # nothing in reach this turn
    for uid in ("aldric", "brenna"):
        unit = game.units[uid]
        assert unit.pos[0] >= 6, commands  # they did close in
        for foe in ("elise", "fenwick"):
            assert not _full_blows(game, game.units[foe], unit.pos), (uid, unit.pos, foe)


def test_closing_in_no_unit_walks_alone_into_the_foes_reach():
    """Round 3: Aldric far ahead of Brenna, who cannot catch up this turn, the foes 11
    squares off: he closes in only as far as keeps him out of their reach (he would
    arrive alone to take every blow); with Brenna beside him, he walks into it."""
    hall = "\n".join(["." * 30] * 9)
    def walk(brenna_at):
        game = make_game([("aldric", "aldric", 1, (12, 4)), ("brenna", "brenna", 1, brenna_at),
                          ("dagny", "dagny", 2, (25, 4)), ("fenwick", "fenwick", 2, (26, 5))],
                         map_text=hall, designer=False)
        game.round = 3
        game.units["dagny"].hp = 10
        game.units["fenwick"].hp = 7
        first = TACTICIAN.choose(game, game.units["aldric"])
        assert isinstance(first, Move)
        game.apply(first)
        return game, _danger_at(game, "aldric")
    game, danger = walk((0, 4))
    assert danger == 0, game.units["aldric"].pos
    game, danger = walk((11, 5))
    assert danger > 0, game.units["aldric"].pos


def _danger_at(game, uid) -> float:
    """The foes' damage the tactician reckons at the unit's square next turn."""
    unit = game.units[uid]
    return _Turn(game, unit, TACTICIAN.w, TACTICIAN.board(game)).danger(unit.pos)


def test_a_walk_that_strikes_nothing_is_one_walk_not_two_that_undo_each_other():
    """Crossroads, round 3 (playtest: `move elise 13,1` then `move elise 12,2`): Elise,
    nothing to mend or strike where she stands, once walked two squares back out of the
    foes' sight and then six forward, past where she started. Each of her walks buys a
    spell or a blow, or is the one walk of her turn."""
    game = make_game([("aldric", "aldric", 1, (9, 3)), ("brenna", "brenna", 1, (8, 6)),
                      ("corvin", "corvin", 1, (10, 3)), ("dagny", "dagny", 2, (14, 5)),
                      ("elise", "elise", 2, (18, 6)), ("fenwick", "fenwick", 2, (18, 8))],
                     map_text=SCENARIO.map, designer=False)
    game.round = 3
    game.units["aldric"].hp = 16
    commands = turn_of(game, 2)
    for first, then in zip(commands, commands[1:]):
        assert not (first.startswith("move ") and then.startswith("move ")
                    and first.split()[1] == then.split()[1]), commands
    assert any(c.startswith("move elise") for c in commands)


def test_a_shooter_shoots_from_out_of_melee_when_it_can_and_never_walks_into_it():
    """Crossroads, round 10: Aldric (8 HP) beside Dagny, Fenwick (sling, reach 3) two
    squares from him (playtest: Fenwick parked beside Aldric to sling him at distance 1,
    walked eight squares to stab Corvin with his dagger). He slings Aldric from out of
    his sword's reach without a step, never from beside him."""
    game = make_game([("aldric", "aldric", 1, (18, 6)), ("dagny", "dagny", 2, (19, 6)),
                      ("elise", "elise", 2, (22, 6)), ("fenwick", "fenwick", 2, (19, 8))],
                     map_text=SCENARIO.map, designer=False)
    game.round = 10
    game.units["aldric"].hp = 8
    game.units["dagny"].ap = game.units["elise"].ap = 0  # they have acted
    commands = turn_of(game, 2)
    assert any(c.startswith("attack fenwick aldric with sling") for c in commands), commands
    assert not any(c.startswith("attack fenwick") and "sling" not in c for c in commands)
    assert distance(game.units["fenwick"].pos, game.units["aldric"].pos) >= 2, commands


def _dungeon_with_pets(characters, pets, door_open=True):
    """The dungeon's west rooms, the door between them (5,6) open, with some of Bruno's
    wolves (creatures with an owner)."""
    from game.content.loader import DEFAULT_CONTENT, load_scenario, scenario_path
    from game.rules.templates import PlayerSpec, Scenario, UnitPlacement
    rows = [list(r) for r in load_scenario(
        CONTENT, scenario_path(DEFAULT_CONTENT, "dungeon")).map.splitlines()]
    rows[6][5] = "/" if door_open else "+"
    scenario = Scenario(
        name="test", map="\n".join("".join(r) for r in rows),
        players=[PlayerSpec(name="Alice", colour="blue"), PlayerSpec(name="Bruno", colour="red")],
        characters=[UnitPlacement(id=i, template=t, owner=o, at=list(p))
                    for i, t, o, p in characters],
        creatures=[UnitPlacement(id=i, template=t, owner=o, at=list(p)) for i, t, o, p in pets])
    return Game(CONTENT, scenario, seed=0, designer=False, policies=ProfileBook(CONTENT))


def test_a_unit_fighting_from_a_doorway_steps_through_for_the_friends_behind_it():
    """The dungeon (playtest, two games: Dagny fought Aldric from the doorway 5,6 four
    rounds running, Grey and Rook behind her with all their AP): she steps through and
    strikes from beyond the door, and both wolves come through and bite."""
    game = _dungeon_with_pets(
        [("aldric", "aldric", 1, (5, 5)), ("brenna", "brenna", 1, (7, 3)),
         ("dagny", "dagny", 2, (5, 6)), ("fenwick", "fenwick", 2, (3, 9))],
        [("grey", "wolf", 2, (4, 8)), ("rook", "war-wolf", 2, (6, 8))])
    game.round = 4
    commands = turn_of(game, 2)
    dagny = [c for c in commands if c.split()[1:2] == ["dagny"]]
    assert dagny[0].startswith("move dagny"), commands
    assert any(c.startswith("attack dagny") for c in dagny)
    assert any(c.startswith("attack grey") for c in commands), commands
    assert any(c.startswith("attack rook") for c in commands), commands


def test_a_lone_healer_past_patience_fights_instead_of_mending_out_of_reach():
    # Playtest: the crossroads' Elise, alone against Brenna, walked off and mended herself
    # from round 9 to the round limit (Brenna's two shots a turn never outpaced her mends).
    game = make_game([("brenna", "brenna", 1, (2, 5)), ("elise", "elise", 2, (9, 5))],
                     designer=False)
    game.units["elise"].hp = 12
    game.ai_players = {1: "balanced", 2: "balanced"}
    game.round = 4  # balanced's patience (2 rounds) is over
    elise_commands = []
    for _ in range(3):
        turn_of(game, 1)
        elise_commands += turn_of(game, 2)
    assert any(c.startswith("attack elise brenna") for c in elise_commands), elise_commands


def test_a_lone_healer_pressing_strikes_rather_than_mends_itself():
    """Elise alone (Dagny on 1 HP), patience over, wounded, beside Brenna: she strikes;
    mending herself only drew the game out (playtest: she walked beside all three of
    Alice's characters and mended herself). While patient she may still mend."""
    game = make_game([("brenna", "brenna", 1, (4, 5)), ("elise", "elise", 2, (5, 5)),
                      ("dagny", "dagny", 2, (15, 0))], designer=False)
    game.units["dagny"].hp = 1
    game.units["elise"].hp = 7
    game.current = 2
    game.round = 4  # balanced's patience (2 rounds) is over
    choice = TACTICIAN.choose(game, game.units["elise"])
    assert isinstance(choice, Attack) and choice.target == "brenna", choice
    game.round = 1
    turn = _Turn(game, game.units["elise"], TACTICIAN.w, TACTICIAN.board(game))
    mends = [o for o in turn.options_at((5, 5), 10)
             if isinstance(o.action, Cast) and o.action.spell == "mend"]
    assert mends and mends[0].gain > 0


def test_a_scratch_is_not_worth_a_heal():
    """Dagny at 18/20 beside Elise, no foe in reach: Mend (1d8+1, 5.5 on average) would
    close 2 HP at most for 4 AP; she is not aimed at (playtest: two Mends on Dagny at 18/20
    rather than a walk up to the fight). At 14/20, 6 HP off, she is."""
    game = make_game([("elise", "elise", 2, (10, 5)), ("dagny", "dagny", 2, (11, 5)),
                      ("aldric", "aldric", 1, (0, 5))], designer=False)
    game.current = 2
    game.units["dagny"].hp = 18
    turn = _Turn(game, game.units["elise"], TACTICIAN.w, TACTICIAN.board(game))
    assert game.units["dagny"] not in turn.aims("mend")
    game.units["dagny"].hp = 14
    turn = _Turn(game, game.units["elise"], TACTICIAN.w, TACTICIAN.board(game))
    assert game.units["dagny"] in turn.aims("mend")


def test_standing_beside_a_friend_in_reach_of_an_area_spell_weighs_the_friend_too():
    """Corvin's Ice Storm (radius 1) can reach Dagny's squares next turn: beside Elise one
    storm would catch both, so that square weighs Elise's share of it too (playtest: Dagny,
    Elise and Fenwick side by side took one Ice Storm for 7 each); two squares apart it
    does not. A foe with no area spell adds nothing."""
    hall = "\n".join(["." * 16] * 9)
    game = make_game([("dagny", "dagny", 2, (14, 8)), ("elise", "elise", 2, (11, 2)),
                      ("corvin", "corvin", 1, (7, 4))], map_text=hall, designer=False)
    game.current = 2
    turn = _Turn(game, game.units["dagny"], TACTICIAN.w, TACTICIAN.board(game))
    storm = CONTENT.spells["ice-storm"]
    beside, apart = (12, 3), (12, 6)  # both 5 squares from Corvin
    assert turn._huddled(beside) > 0 and turn._huddled(apart) == 0
    assert turn.exposure(beside) > turn.exposure(apart)
    game.units["corvin"].spells = tuple(s for s in game.units["corvin"].spells
                                        if s != "ice-storm")
    turn = _Turn(game, game.units["dagny"], TACTICIAN.w, TACTICIAN.board(game))
    assert storm.area == 1 and turn._huddled(beside) == 0


def test_a_step_back_after_a_shot_never_ends_in_the_doorway_its_wolves_must_pass():
    """The dungeon, Bruno's turn: Fenwick walks through the open door, slings Brenna twice
    and stepped back into the doorway with no AP left, Grey and Rook behind it with all
    theirs (playtest). Now he stays out of it and both wolves come through."""
    game = new_game(DEFAULT_CONTENT, "dungeon", 0, designer=True)
    game.doors[(5, 6)].state = DoorState.OPEN
    units = game.units
    units["aldric"].pos, units["brenna"].pos = (4, 2), (6, 2)
    units["fenwick"].pos, units["dagny"].pos = (5, 8), (2, 10)
    units["grey"].pos, units["rook"].pos = (1, 9), (2, 8)
    game.round = 4  # balanced's patience is over
    commands = turn_of(game, 2)
    assert "attack fenwick brenna with sling" in commands
    assert units["fenwick"].pos != (5, 6)
    assert units["grey"].pos[1] <= 5 and units["rook"].pos[1] <= 5  # through the door


def test_a_lone_healer_weighs_the_retort_while_patient_and_no_longer_after():
    game = make_game([("aldric", "aldric", 1, (0, 5)), ("elise", "elise", 2, (8, 5)),
                      ("dagny", "dagny", 2, (8, 0))], designer=False)
    game.units["dagny"].hp = 1  # no friend fighting on: Elise is alone
    balanced = ProfileBook(CONTENT).profile("balanced")
    beside_aldric = (1, 5)

    def exposure_in_round(n: int, unit: str) -> float:
        game.round = n
        return _Turn(game, game.units[unit], balanced,
                     TACTICIAN.board(game)).exposure(beside_aldric)

    assert exposure_in_round(balanced.patience, "elise") > 0
    assert exposure_in_round(balanced.patience + 1, "elise") == 0
    # One that cannot mend keeps weighing it (a duel's blows go first to the one that waits).
    game.units["elise"].hp, game.units["dagny"].hp = 1, 16
    assert exposure_in_round(balanced.patience + 1, "dagny") > 0
