"""The policies the AI profiles of content/ai.yaml name, as a `PolicyBook` to give a game.

A profile's `policy` picks the way of choosing (`tactician`, the default; `naive`, the
policy of earlier versions: the best action where it stands, else one walk), its weights
how it values things. Whoever builds a game (the CLI, saves, the lab, tests) gives it
`ProfileBook(content)`; the engine itself imports no policy.
"""

from __future__ import annotations

from game.rules import ai
from game.rules.errors import N_, SetupRefused
from game.rules.policy import Policy
from game.rules.tactician import Tactician
from game.rules.templates import AiProfile, Content


class Naive:
    """The policy of earlier versions (game/rules/ai.py), with one profile's weights:
    games played with it are the games those versions played."""

    def __init__(self, profile: AiProfile) -> None:
        self.profile = profile

    #: It never reads the round.
    round_matters_until = 1
    #: It reads its walks only as whether it has walked this turn (`moves == 0`), and
    #: never whether it has struck.
    walks_matter_until = 1
    reads_struck = False

    @staticmethod
    def reads_own_hp(unit) -> bool:
        """Its own HP weigh only in its spells (a heal on itself, a friend's healing
        circle): a unit without spells chooses the same at any HP of its own."""
        return bool(unit.spells)

    def choose(self, game, unit, moves: int = 0, struck: bool = False):
        return ai.choose(game, unit, self.profile, may_move=moves == 0)


def policy_for(profile: AiProfile) -> Policy:
    """The policy a profile names, with its weights."""
    return Naive(profile) if profile.policy == "naive" else Tactician(profile)


class ProfileBook:
    """The profiles of a content's ai.yaml, each as its policy (made once, then kept)."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self._made: dict[str | None, Policy] = {}

    def policy(self, profile: str | None) -> Policy:
        if profile not in self._made:
            self._made[profile] = policy_for(self.profile(profile))
        return self._made[profile]

    def profile(self, name: str | None) -> AiProfile:
        """A profile by name (None: the creatures'); `Refused` naming the known ones."""
        config = self.content.ai
        if config is None:
            if name is None:
                return NAIVE_CREATURES
            if name == "balanced":
                return AiProfile()
            raise SetupRefused(
                N_("no AI profile {profile} (the content defines no AI profiles)"),
                profile=repr(name))
        key = config.creatures if name is None else name
        if key not in config.profiles:
            raise SetupRefused(N_("no AI profile {profile} (known: {known})"),
                               profile=repr(key), known=", ".join(config.profiles))
        return config.profiles[key]


#: The creatures of a content without ai.yaml play as they always have.
NAIVE_CREATURES = AiProfile(policy="naive")
