"""Thousands of random legal and illegal commands: the invariants always hold.

HP stays in [0, hp_max], AP in [0, ap_max], and every refusal leaves the state (dice
included) exactly as it was.
"""

import pickle

import msgspec
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from game.rules.events import Refused
from game.rules.engine import Game
from game.rules.policies import ProfileBook
from tests.helpers import CONTENT, SCENARIO, make_game, random_command

# A cramped arena, so that random play fights as much as it walks.
ARENA = "\n".join(["#########", "#...#...#", "#...+...#", "#.......#", "#.......#",
                    "#########"])
ARENA_UNITS = [("aldric", "aldric", 1, (1, 1)), ("brenna", "brenna", 1, (2, 3)),
               ("corvin", "corvin", 1, (3, 4)), ("dagny", "dagny", 2, (5, 1)),
               ("elise", "elise", 2, (4, 3)), ("fenwick", "fenwick", 2, (6, 4)),
               ("goblin-1", "goblin", None, (7, 1)), ("wolf-1", "wolf", None, (5, 4))]

def state_of(game) -> tuple:
    """Every piece of mutable state `Game.snapshot` holds, as the objects themselves."""
    return (game.units, game.doors, game.things, game.round, game.current, game.over,
            game.winner, game.roller.getstate())


def values_of(state: tuple) -> tuple:
    units, doors, things, *rest = state
    plain = msgspec.to_builtins
    return ({k: plain(u) for k, u in units.items()}, {k: plain(d) for k, d in doors.items()},
            {k: plain(t) for k, t in things.items()}, *rest)


class RandomPlay(RuleBasedStateMachine):
    @initialize(seed=st.integers(0, 2**16), arena=st.booleans())
    def start(self, seed, arena):
        self.game = make_game(ARENA_UNITS, map_text=ARENA, seed=seed) if arena \
            else Game(CONTENT, SCENARIO, seed=seed, policies=ProfileBook(CONTENT))

    @rule(text=random_command)
    def play(self, text):
        # The state pickled: equal bytes, nothing changed (a snapshot costs ten times more);
        # bytes that differ are compared value by value, as snapshots are.
        before = pickle.dumps(state_of(self.game))
        events = self.game.apply(text)
        if isinstance(events[0], Refused):
            assert len(events) == 1 and events[0].reason
            if pickle.dumps(state_of(self.game)) != before:
                assert values_of(state_of(self.game)) == values_of(pickle.loads(before)), text

    @rule(data=st.data())
    def play_likely_legal(self, data):
        """A command by one of the current player's standing characters, near its square."""
        game = self.game
        mine = sorted(u.id for u in game.standing() if u.owner == game.current)
        if not mine:
            return self.play("end")
        actor = game.units[data.draw(st.sampled_from(mine))]
        others = sorted(u.id for u in game.standing() if u is not actor)
        enemies = [u.id for u in sorted(game.standing(), key=lambda u: (
            max(abs(u.pos[0] - actor.pos[0]), abs(u.pos[1] - actor.pos[1])), u.id))
            if u.owner != actor.owner][:2] or others
        near = st.builds(lambda dx, dy: f"{actor.pos[0] + dx},{actor.pos[1] + dy}",
                         st.integers(-3, 3), st.integers(-3, 3))
        choice = data.draw(st.one_of(
            near.map(lambda p: f"move {actor.id} {p}"),
            st.sampled_from(enemies).map(lambda t: f"attack {actor.id} {t}"),
            st.sampled_from(enemies).map(lambda t: f"attack {actor.id} {t}"),
            st.sampled_from(enemies).map(lambda t: f"attack {actor.id} {t} brawl"),
            st.sampled_from(others).map(lambda t: f"attack {actor.id} {t} brawl"),
            st.sampled_from(others or [actor.id]).flatmap(
                lambda t: st.sampled_from(actor.spells or ("none",)).map(
                    lambda s: f"cast {actor.id} {s} {t}")),
            st.just(f"cast {actor.id} focus {actor.id}"),
        ))
        self.play(choice)

    @invariant()
    def hp_and_ap_stay_in_bounds(self):
        for u in self.game.units.values():
            assert 0 <= u.hp <= u.hp_max, u
            assert 0 <= u.ap <= u.ap_max, u
            assert u.down == (u.hp == 0)


RandomPlay.TestCase.settings = settings(
    max_examples=40, stateful_step_count=60, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestRandomPlay = RandomPlay.TestCase
