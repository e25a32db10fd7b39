"""One run (a duel or a whole game, every side AI-played) and many of them.

A `Setup` is plain, picklable data (content folder, what to play, the AI profile, the
round limit), so a run is the same function of (setup, master seed, index) in this
process, in a worker process or on a Dask worker: each run's seed derives from the master
seed and its index, and the results come back in index order whatever the workers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import msgspec

from game.content.loader import (list_scenarios, load_content, load_game_content,
                                 load_scenario, scenario_path)
from game.content.yamlmarks import ContentErrors
from game.i18n import _, agreeing, field_text, ngettext, pgettext
from game.lab.figures import EffectTally, Key, SourceTally, dealt_and_overkill, figures
from game.rules.dice import stream_seed
from game.rules.edits import rules_with, split_path, template_with, vary
from game.rules.errors import Impossible
from game.rules.engine import Game
from game.rules.policies import ProfileBook
from game.rules.events import (
    AttackDeclared,
    Damage,
    DoorChanged,
    ItemUsed,
    Moved,
    Roll,
    SpellCast,
)
from game.rules.templates import PlayerSpec, Scenario, UnitPlacement

DEFAULT_ROUNDS = 30
#: A round limit beyond any game that still means something (every game ends or draws).
MOST_ROUNDS = 1000
DUEL_HEIGHT = 7


def said(exc: Exception) -> str:
    """An error's message in the current language: an engine refusal worded from its
    message and fields (its `reason` is the English), any other as it says itself."""
    if isinstance(exc, Impossible):
        return exc.translated(agreeing(exc.fields), field_text)
    return str(exc)


class LabError(Exception):
    """A setup that cannot be played: the message names the problem."""


@dataclass(frozen=True)
class Setup:
    """What to play: a duel of two templates (characters or creatures), or a scenario."""

    content_dir: str
    kind: str  # "duel" or "scenario"
    first: str = ""
    second: str = ""
    distance: int = 4
    scenario: str = ""
    profile: str = "balanced"
    rounds: int = DEFAULT_ROUNDS
    #: (player number, profile) of the seats that play another profile than `profile`
    #: (`--ai 2:naive`): the lab's way to pit one policy against another. In a duel, a
    #: seat is a template (1: `first`, 2: `second`), whichever strikes first.
    seats: tuple[tuple[int, str], ...] = ()
    #: (FIELD, value) pairs set before each run (`tune`): a unit of the scenario
    #: (`aldric.skills.melee`), else a template (`ysolde.skills.melee`: every unit made
    #: from it, a duel's two included), or a rule (`rules.faction.maximum`).
    changes: tuple[tuple[str, int], ...] = ()

    def profiles(self, players: int) -> dict[int, str]:
        """Each player's AI profile."""
        chosen = {n + 1: self.profile for n in range(players)}
        chosen.update(dict(self.seats))
        return chosen

    def describe(self) -> str:
        """What is played, in English (the reports' data: JSON, CSV)."""
        if self.kind == "duel":
            return f"duel {self.first} v {self.second} at {self.distance}"
        return f"scenario {self.scenario}"

    def title(self) -> str:
        """What is played, in the player's language (the tables' headings)."""
        if self.kind == "duel":
            # The distance in squares: French says `à 4 cases` (a number alone is no place).
            return ngettext("duel {first} v {second} at {distance}",
                            "duel {first} v {second} at {distance}", self.distance).format(
                first=self.first, second=self.second, distance=self.distance)
        return _("scenario {scenario}").format(scenario=self.scenario)


@dataclass
class Tally:
    """What one template did in one run (or summed over runs)."""

    ap: int = 0
    #: HP taken off characters and creatures (without overkill), and what went beyond.
    dealt: int = 0
    taken: int = 0
    attacks: int = 0
    hits: int = 0
    overkill: int = 0
    kills: int = 0

    def add(self, other: "Tally") -> None:
        self.ap += other.ap
        self.dealt += other.dealt
        self.taken += other.taken
        self.attacks += other.attacks
        self.hits += other.hits
        self.overkill += other.overkill
        self.kills += other.kills


@dataclass
class RunResult:
    """One run: its seed, the winning side's name (None: a draw), rounds played and
    per-template tallies, and per weapon, spell and item (`figures`)."""

    index: int
    seed: int
    winner: str | None
    rounds: int
    templates: dict[str, Tally] = field(default_factory=dict)
    sources: dict[Key, SourceTally] = field(default_factory=dict)
    effects: dict[Key, EffectTally] = field(default_factory=dict)


@lru_cache(maxsize=8)
def content_at(content_dir: str):
    # Loaded once per process: a worker plays many runs on the same content.
    return load_content(Path(content_dir))


@lru_cache(maxsize=32)
def scenario_at(content_dir: str, scenario: str) -> Scenario:
    # Read once per process: every run of a scenario starts from the same one.
    return load_scenario(content_at(content_dir), scenario_path(Path(content_dir), scenario),
                         Path(content_dir))


@lru_cache(maxsize=8)
def book_of(content_dir: str, changes: tuple = (), units: frozenset = frozenset()) -> ProfileBook:
    # One book per content: a policy is made once per process, not once per run.
    return ProfileBook(content_for(content_dir, changes, units))


def unit_ids(setup: "Setup") -> set[str]:
    """The unit ids a change may name: a scenario's placements (a duel's are hidden)."""
    if setup.kind == "duel":
        return set()
    scenario = scenario_at(setup.content_dir, setup.scenario)
    return {p.id for p in (*scenario.characters, *scenario.creatures)}


def on_unit(path: str, units) -> bool:
    """Whether a change is made on a unit of the game (its id is one of `units` and the
    field one a unit has) rather than on a template or the rules: `ysolde.hp_max` in a
    scenario with a unit `ysolde` is its template's."""
    head, field = split_path(path)
    return head in units and field.partition(".")[0] in ("hp", "ap", "xp", "stats", "skills",
                                                         "masteries")


@lru_cache(maxsize=64)
def content_for(content_dir: str, changes: tuple = (), units: frozenset = frozenset()):
    """The content with the changes to templates and rules made (those naming a unit of
    `units` are made on the game, `new_game`); raises `Impossible` naming a bad one."""
    content = content_at(content_dir)
    for path, value in changes:
        head, field = split_path(path)
        if on_unit(path, units):
            continue
        if head == "rules":
            rules = rules_with(content.rules, field, value)
            content = msgspec.structs.replace(content, rules=rules)
        else:
            content = template_with(content, head, field, value)
    return content


def run_seed(master: int, index: int) -> int:
    """Run `index`'s seed: independent of how runs are spread over workers."""
    return stream_seed(master, f"run {index}") % (2**63)


def duel_seats(setup: Setup, first_strike: int) -> list[int]:
    """The seats (1: the first template, 2: the second) of `u1` and `u2`, in the order they
    act: the seat `first_strike` names (0: the first, 1: the second) first, unless the
    other is the only character (a creature acts in the creature phase, after the
    players' turns)."""
    seats = [2, 1] if first_strike else [1, 2]
    characters = content_at(setup.content_dir).characters
    if (setup.first, setup.second)[seats[0] - 1] not in characters:
        seats.reverse()
    return seats


def duel_sides(setup: Setup) -> list[str]:
    """The side names of a duel's seats: its templates, or A and B for a template against
    itself."""
    return ["A", "B"] if setup.first == setup.second else [setup.first, setup.second]


def duel_scenario(setup: Setup, first_strike: int) -> Scenario:
    """An open map with the two templates `distance` squares apart, `u1` and `u2` in the
    order they act (`duel_seats`). Two characters are players 1 and 2; against a
    creature, the character is the one player and the creature a wild one, played in the
    creature phase as creatures are (the engine skips a side with no character, R1.10)."""
    width = setup.distance + 9
    rows = "\n".join(["." * width] * DUEL_HEIGHT)
    seats = duel_seats(setup, first_strike)
    order = [(setup.first, setup.second)[s - 1] for s in seats]
    names = [duel_sides(setup)[s - 1] for s in seats]
    xs = [4, 4 + setup.distance] if first_strike == 0 else [4 + setup.distance, 4]
    characters = content_at(setup.content_dir).characters
    wild = order[1] not in characters
    placements = [UnitPlacement(id=f"u{i + 1}", template=tid,
                                owner=None if wild and i == 1 else i + 1,
                                at=[xs[i], DUEL_HEIGHT // 2])
                  for i, tid in enumerate(order)]
    players = [PlayerSpec(name=names[0], colour="blue")]
    if not wild:
        players.append(PlayerSpec(name=names[1], colour="red"))
    return Scenario(name=f"{order[0]} v {order[1]}", map=rows, players=players,
                    characters=[p for p in placements if p.template in characters],
                    creatures=[p for p in placements if p.template not in characters],
                    objects=[])


def check_setup(setup: Setup) -> None:
    """Raise `LabError` naming what is wrong (an unknown template or scenario...), or
    `ContentErrors` listing the content's errors and the scenario's, as `validate` does."""
    try:
        content = content_at(setup.content_dir)
    except ContentErrors:
        path = scenario_path(Path(setup.content_dir), setup.scenario or "")
        if setup.kind != "duel" and path.exists():
            load_game_content(Path(setup.content_dir), path)  # raises with both lists
        raise
    if not 1 <= setup.rounds <= MOST_ROUNDS:
        raise LabError(_("--rounds must be between 1 and {most}, not {rounds}").format(
            most=MOST_ROUNDS, rounds=setup.rounds))
    if setup.kind == "duel":
        for tid in (setup.first, setup.second):
            if tid in content.characters and tid in content.creatures:
                raise LabError(_("{template!r} is both a character and a creature template: "
                                 "a duel cannot tell which (rename one)").format(template=tid))
            if tid not in content.characters and tid not in content.creatures:
                raise LabError(_("no character or creature template {template!r}; "
                                 "characters: {characters}; creatures: {creatures}").format(
                    template=tid, characters=", ".join(content.characters),
                    creatures=", ".join(content.creatures)))
        if setup.first not in content.characters and setup.second not in content.characters:
            raise LabError(_("{first} v {second}: a duel needs a character on one side "
                             "(creatures alone take no turns: a side without a character is "
                             "skipped)").format(first=setup.first, second=setup.second))
        if not 1 <= setup.distance <= 40:
            raise LabError(_("--distance must be between 1 and 40, not {distance}").format(
                distance=setup.distance))
    elif not scenario_path(Path(setup.content_dir), setup.scenario).exists():
        known = ", ".join(list_scenarios(Path(setup.content_dir))) \
            or pgettext("scenarios", "none")
        raise LabError(_("no scenario {scenario!r} (known: {known}, or `duel A B`)").format(
            scenario=setup.scenario, known=known))
    profiles = content.ai.profiles if content.ai else {"balanced": None}
    for profile in (setup.profile, *(p for _, p in setup.seats)):
        if profile not in profiles:
            raise LabError(_("no AI profile {profile!r} (known: {known})").format(
                profile=profile, known=", ".join(profiles)))
    players = 2 if setup.kind == "duel" else len(
        load_scenario(content, scenario_path(Path(setup.content_dir), setup.scenario),
                      Path(setup.content_dir)).players)
    for number, _profile in setup.seats:
        if not 1 <= number <= players:
            raise LabError(_("--ai {number}: there is no player {number} ({setup} has "
                             "{players})").format(number=number, setup=setup.describe(),
                                                  players=players))
    if setup.changes:
        check_changes(setup)


def check_changes(setup: Setup) -> None:
    """Each change names a unit of the scenario, a template one of its units is made from
    (a duel's two), or a rule; and its value is one the file's schema takes."""
    units = unit_ids(setup)
    if setup.kind == "duel":
        templates = {setup.first, setup.second}
    else:
        scenario = scenario_at(setup.content_dir, setup.scenario)
        templates = {p.template for p in (*scenario.characters, *scenario.creatures)}
    for path, _value in setup.changes:
        try:
            head = split_path(path)[0]
        except Impossible as refusal:
            raise LabError(said(refusal)) from None
        if head != "rules" and head not in units and head not in templates:
            known = ", ".join(sorted(units | templates))
            raise LabError(_("{path}: {head!r} is no unit of {setup} and no template of one "
                             "(known: {known})").format(path=path, head=head,
                                                        setup=setup.describe(), known=known))
    try:
        new_game(setup, 0, 0)
    except Impossible as refusal:
        raise LabError(said(refusal)) from None


def seat_profiles(setup: Setup) -> list[str]:
    """The AI profile of each side, in the sides' order: a duel's creature plays the
    content's creatures' profile unless `--ai` names its seat."""
    if setup.kind != "duel":
        players = len(scenario_at(setup.content_dir, setup.scenario).players)
        return list(setup.profiles(players).values())
    content = content_at(setup.content_dir)
    chosen, named = setup.profiles(2), dict(setup.seats)
    creatures = content.ai.creatures if content.ai else "creatures"
    return [creatures if tid not in content.characters and seat not in named
            else chosen[seat]
            for seat, tid in ((1, setup.first), (2, setup.second))]


class _CreatureSeat:
    """A policy book whose creatures play a duel seat's profile (`--ai N:PROFILE` naming
    the creature's seat); every other profile as the content's book has it."""

    def __init__(self, book: ProfileBook, profile: str) -> None:
        self.book, self.profile = book, profile

    def policy(self, profile: str | None):
        return self.book.policy(self.profile if profile is None else profile)


def new_game(setup: Setup, index: int, seed: int) -> tuple[Game, dict[str, str]]:
    """The game of run `index` and each unit's side name (by unit id)."""
    units = frozenset(unit_ids(setup)) if setup.changes else frozenset()
    content = content_for(setup.content_dir, setup.changes, units) if setup.changes \
        else content_at(setup.content_dir)
    book = book_of(setup.content_dir, setup.changes, units)
    if setup.kind == "duel":
        scenario = duel_scenario(setup, index % 2)
        scenario_id = "duel"
        # A duel's seat is its template (1: the first, 2: the second), whoever acts first.
        chosen = setup.profiles(2)
        seat = duel_seats(setup, index % 2)
        names = duel_sides(setup)
        sides = {"u1": names[seat[0] - 1], "u2": names[seat[1] - 1]}
        profiles = {1: chosen[seat[0]]}
        if len(scenario.players) == 2:
            profiles[2] = chosen[seat[1]]
        elif seat[1] in dict(setup.seats):
            # The creature plays its seat's profile when --ai names it, else as creatures
            # play in the content's scenarios.
            book = _CreatureSeat(book, chosen[seat[1]])
    else:
        scenario = scenario_at(setup.content_dir, setup.scenario)
        scenario_id = setup.scenario
        profiles = setup.profiles(len(scenario.players))
    game = Game(content, scenario, seed=seed, scenario_id=scenario_id, dice="streams",
                ai_players=profiles, policies=book)
    for path, value in setup.changes:
        if on_unit(path, units):
            vary(game, path, value)
    if setup.kind != "duel":
        sides = {u.id: game.player(u.owner).name for u in game.units.values()
                 if u.owner is not None}
    return game, sides


def duel_winner(game: Game) -> str | None:
    """The unit id that won a duel (the lab's end of a duel: once one of its two units
    is down; a creature does not keep a side alive in the engine's rule, R1.10)."""
    standing = [u for u in game.units.values() if not u.down]
    if len(standing) != 1:
        return None
    return standing[0].id


def play_run(setup: Setup, master: int, index: int) -> RunResult:
    """Play run `index` to its end or to the round limit (a draw)."""
    seed = run_seed(master, index)
    game, sides = new_game(setup, index, seed)
    duel = setup.kind == "duel"
    while not game.over and game.round <= setup.rounds:
        if duel and any(u.down for u in game.units.values()):
            break
        game.play_ai_turn()
    if duel:
        winner = sides.get(duel_winner(game))
    else:
        winner = game.player(game.winner).name if game.over and game.winner else None
    sources, effects = figures(game.journal, {u.id: u.template for u in game.units.values()})
    return RunResult(index, seed, winner, min(game.round, setup.rounds),
                     tallies(game), sources, effects)


def tallies(game: Game) -> dict[str, Tally]:
    """Per template: AP spent (items' included), damage dealt and taken on characters and
    creatures without overkill, the overkill apart, attack rolls (from the journal), hits
    and kills (from each unit's statistics)."""
    found: dict[str, Tally] = {}
    per_unit: dict[str, Tally] = {uid: Tally() for uid in game.units}
    for event in game.journal:
        if isinstance(event, AttackDeclared):
            per_unit[event.attacker].ap += event.ap_spent
        elif isinstance(event, (Moved, DoorChanged, ItemUsed)):
            per_unit[event.unit].ap += event.ap_spent
        elif isinstance(event, SpellCast):
            per_unit[event.caster].ap += event.ap_spent
        elif isinstance(event, Damage) and event.target in per_unit:
            dealt, over = dealt_and_overkill(event)
            per_unit[event.target].taken += dealt
            if event.source in per_unit:
                per_unit[event.source].dealt += dealt
                per_unit[event.source].overkill += over
        elif isinstance(event, Roll) and event.check == "attack":
            per_unit[event.unit].attacks += 1
    for uid, unit in game.units.items():
        tally = per_unit[uid]
        tally.hits = unit.stats.hits
        tally.kills = unit.stats.kills
        found.setdefault(unit.template, Tally()).add(tally)
    return found


def play_chunk(setup: Setup, master: int, indices: list[int]) -> list[RunResult]:
    return [play_run(setup, master, i) for i in indices]
