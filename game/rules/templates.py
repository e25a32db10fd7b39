"""The typed templates the engine plays with (rules numbers, weapons, spells, characters,
creatures, scenarios), declared once as msgspec Structs.

They are plain typed data (no I/O) owned by the rules; the content loader validates YAML
into them, so the engine never depends on how content is stored. `forbid_unknown_fields` turns a typo into an
error; `Meta` bounds turn an absurd value into one.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

# Every number and list has a range: far above what the rules need, low enough that play
# can never hang or overflow on it (the loader also bounds dice and map sizes).
NonNegative = Annotated[int, Meta(ge=0, le=10_000)]
Positive = Annotated[int, Meta(ge=1, le=10_000)]
#: Action points and hit points at the scale of the game (10 AP, HP in tens): far above it,
#: yet small enough that every turn and every exact-odds computation stays short.
ActionPoints = Annotated[int, Meta(ge=1, le=100)]
HitPoints = Annotated[int, Meta(ge=1, le=1000)]
Percent = Annotated[int, Meta(ge=-100, le=200)]
Characteristic = Annotated[int, Meta(ge=1, le=40)]
Identifier = Annotated[str, Meta(pattern=r"^[a-z][a-z0-9_-]*$", max_length=40)]
Glyph = Annotated[str, Meta(min_length=1, max_length=1)]
DiceText = Annotated[str, Meta(min_length=1, max_length=20)]
Squares = Annotated[int, Meta(ge=0, le=100)]
#: Shown text: no control, line-separator or direction-override characters.
_PLAIN = r"^[^\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]*$"
Name = Annotated[str, Meta(min_length=1, max_length=60, pattern=_PLAIN)]
Line = Annotated[str, Meta(min_length=1, max_length=200, pattern=_PLAIN)]
#: Running text may hold line breaks and tabs, not other controls (an escape sequence
#: would drive the terminal) nor direction overrides.
_TEXT = r"^[^\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]*$"
Description = Annotated[str, Meta(max_length=2000, pattern=_TEXT)]
Lines = Annotated[list[Line], Meta(max_length=50)]
Coordinates = Annotated[list[Annotated[int, Meta(ge=0, le=10_000)]],
                        Meta(min_length=2, max_length=2)]


class Spec(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Base of every content struct: unknown keys are errors."""


# --- rules.yaml ------------------------------------------------------------------------
# Every field is required: `content/rules.yaml` is the one source of every number, so no
# default is copied here. `docs/rules.md` states each rule and names its field.


class FactionCurve(Spec, kw_only=True):
    """`faction(n) = round_half_up(maximum * (1 - ratio ** n))`, n = allies counted."""

    maximum: Annotated[int, Meta(ge=0, le=100)]
    ratio: Annotated[float, Meta(gt=0, lt=1)]
    #: `seen`: allies the roller sees (in range and in sight); `present`: all on the map.
    counts: Literal["seen", "present"]


class LuckBonus(Spec, kw_only=True):
    """`min(page.luck_max, (LCK // step) * per_step)`."""

    step: Positive
    per_step: NonNegative


class CounterDrain(Spec, kw_only=True):
    """AP a successful counter costs the counterer: `spell ap_cost * fraction`, rounded."""

    fraction: Annotated[float, Meta(ge=0, le=1)]
    rounding: Literal["half_up", "down", "up"]


class DamageBonusRow(Spec, kw_only=True):
    """One row of the STR/DEX + SIZ damage-bonus table; `up_to: null` is the last row."""

    up_to: Annotated[int, Meta(ge=-1000, le=1000)] | None
    dice: DiceText


class XpTable(Spec, kw_only=True):
    miss_attacker: NonNegative
    miss_defender: NonNegative
    dodge_attacker: NonNegative
    dodge_defender: NonNegative
    hit: NonNegative
    perfect: NonNegative
    spell_default: NonNegative
    counter: NonNegative
    #: What an attack on a door or an object gives, whatever its outcome.
    against_objects: NonNegative


class Quips(Spec, kw_only=True):
    """Lines a character says on an event; each a list used in turn."""

    miss: Lines = []
    hit: Lines = []
    perfect: Lines = []
    dodge: Lines = []
    spell_fail: Lines = []
    kill: Lines = []


class Caps(Spec, kw_only=True):
    """The ceiling of each chance (plafond); every chance is also floored at 0."""

    brawl: Annotated[int, Meta(ge=0, le=100)]
    melee: Annotated[int, Meta(ge=0, le=100)]
    ranged: Annotated[int, Meta(ge=0, le=100)]
    dodge: Annotated[int, Meta(ge=0, le=100)]
    magic: Annotated[int, Meta(ge=0, le=100)]
    counter: Annotated[int, Meta(ge=0, le=100)]


class DefenceReduction(Spec, kw_only=True):
    """`min(maximum, DEF // per)`: 1 point of reduction per full `per` points of defence."""

    per: Positive
    maximum: NonNegative


class PageRules(Spec, kw_only=True):
    """The numbers the designers' page itself fixes: a variant may change them, and
    `validate` then notes each departure from the page."""

    caps: Caps
    perfect_attack_below: Annotated[int, Meta(ge=0, le=101)]
    perfect_counter_below: Annotated[int, Meta(ge=0, le=101)]
    ranged_max_distance: Positive
    stat_neutral: NonNegative
    luck_max: NonNegative
    defence_reduction: DefenceReduction
    crowding_per_ally: NonNegative


class RulesConfig(Spec, kw_only=True):
    """Every number of the rules (content/rules.yaml)."""

    ap_max: ActionPoints
    vision_radius: Positive
    move_cost: Positive
    door_cost: Positive
    brawl_ap_cost: Positive
    brawl_dice: DiceText
    perfect_die: DiceText
    stat_bonus_per_point: Annotated[int, Meta(ge=0, le=10)]
    luck: LuckBonus
    faction: FactionCurve
    crowding_step: NonNegative
    distance_malus_per_square: Annotated[float, Meta(ge=0, le=10)]
    base_defence: NonNegative
    door_hp: HitPoints
    door_defence: NonNegative
    damage_bonus: Annotated[list[DamageBonusRow], Meta(min_length=1, max_length=50)]
    counter_difficulty: Percent
    counter_drain: CounterDrain
    spell_damage_ignores_reduction: bool
    xp: XpTable
    level_thresholds: Annotated[list[Annotated[int, Meta(ge=0, le=10_000_000)]],
                                Meta(min_length=1, max_length=100)]
    default_quips: Quips = msgspec.field(default_factory=Quips)
    page: PageRules


# --- equipment, factions ---------------------------------------------------------------


class Weapon(Spec, kw_only=True):
    name: Name
    kind: Literal["melee", "ranged"]
    dice: DiceText
    ap_cost: Positive
    range: Annotated[int, Meta(ge=1, le=100)] = 1
    family: Identifier


class Armour(Spec, kw_only=True):
    name: Name
    reduction: Annotated[int, Meta(ge=0, le=1000)]
    legendary: bool = False


class Faction(Spec, kw_only=True):
    name: Name
    description: Description = ""


class EffectSpec(Spec, kw_only=True):
    """A timed effect a buff or debuff lays: `amount` added to `stat` for `turns` turns."""

    stat: Annotated[str, Meta(max_length=20)]
    amount: Annotated[int, Meta(ge=-1000, le=1000)]
    turns: Annotated[int, Meta(ge=1, le=100)]


class Spell(Spec, kw_only=True):
    """A spell: `range` lists the reach per caster level (the last entry for higher levels)."""

    name: Name
    kind: Literal["damage", "heal", "buff", "debuff"]
    ap_cost: Positive
    range: Annotated[list[Squares], Meta(min_length=1, max_length=100)]
    dice: DiceText | None = None
    effect: EffectSpec | None = None
    area: Squares = 0
    xp: NonNegative | None = None
    description: Description = ""


# --- units -----------------------------------------------------------------------------


class Characteristics(Spec, kw_only=True):
    """FOR DEX TAI INT DEF CHA in the page: STR DEX SIZ INT DEF LCK."""

    STR: Characteristic
    DEX: Characteristic
    SIZ: Characteristic
    INT: Characteristic
    DEF: Characteristic
    LCK: Characteristic


class Skills(Spec, kw_only=True):
    """Compétences, in percent."""

    brawl: Percent = 0
    melee: Percent = 0
    ranged: Percent = 0
    dodge: Percent = 0
    magic: Percent = 0


class UnitTemplate(Spec, kw_only=True):
    """What characters and creatures share."""

    name: Name
    glyph: Glyph
    # `stats:` in the YAML; named as the unit's characteristics, `stats` being its tallies.
    characteristics: Characteristics = msgspec.field(name="stats")
    hp_max: HitPoints
    ap_max: ActionPoints | None = None
    skills: Skills = msgspec.field(default_factory=Skills)
    masteries: Annotated[dict[Identifier, Percent], Meta(max_length=100)] = {}
    weapons: Annotated[list[Identifier], Meta(max_length=20)] = []
    armour: Identifier | None = None
    faction: Identifier | None = None


class CharacterTemplate(UnitTemplate, kw_only=True):
    """A playable character: it may wear legendary armour, learn spells and speak."""

    legendary_armour: Identifier | None = None
    spells: Annotated[list[Identifier], Meta(max_length=100)] = []
    quips: Quips = msgspec.field(default_factory=Quips)


class CreatureTemplate(UnitTemplate, kw_only=True):
    """A creature: its DEF gives its reduction, like a character's (plus its armour)."""


# --- scenarios -------------------------------------------------------------------------


class PlayerSpec(Spec, kw_only=True):
    name: Name
    colour: Annotated[str, Meta(max_length=40)]


class UnitPlacement(Spec, kw_only=True):
    id: Identifier
    template: Identifier
    at: Coordinates
    owner: Annotated[int, Meta(ge=0, le=100)] | None = None
    name: Name | None = None


class ObjectPlacement(Spec, kw_only=True):
    id: Identifier
    name: Name
    at: Coordinates
    hp: HitPoints
    glyph: Glyph = "o"
    #: The object's DEF; without one its reduction uses the rules' `base_defence`.
    defence: NonNegative | None = None
    armour: Identifier | None = None


class Scenario(Spec, kw_only=True):
    """A map drawn in ASCII (`#` wall, `.` floor, `+` closed door, `/` open door)."""

    name: Name
    description: Description = ""
    #: What the players read before the first turn: the situation and what to do.
    briefing: Description = ""
    #: How the scenario is won, in words (the engine's rule: the last side standing).
    victory: Description = "The last player with characters standing wins."
    map: Annotated[str, Meta(min_length=1, max_length=100_000)]
    players: Annotated[list[PlayerSpec], Meta(min_length=2, max_length=6)]
    characters: Annotated[list[UnitPlacement], Meta(max_length=500)] = []
    creatures: Annotated[list[UnitPlacement], Meta(max_length=500)] = []
    objects: Annotated[list[ObjectPlacement], Meta(max_length=500)] = []


# --- ai.yaml ---------------------------------------------------------------------------

Weight = Annotated[float, Meta(ge=0, le=1000)]


class AiProfile(Spec, kw_only=True):
    """How an AI-played unit weighs its options (`game/rules/ai.py`), each per AP spent.

    An attack is worth `damage` × its expected damage plus `down` × P(the target is down
    after it), the whole × (1 + `wounded` × the share of HP the target has lost); a spell
    reflected onto its caster costs `caution` × the expected damage to the caster; a heal
    is worth `heal` × the expected HP restored, a buff or debuff `effect` × P(it takes).
    `keep_range`: ranged units stay as far as they can still shoot from; `crowding`: how
    much a square that crowds an ally's (or the unit's own) ranged shots is avoided;
    `open_doors`: it opens a closed door in its way to reach an enemy.
    """

    damage: Weight = 1.0
    down: Weight = 6.0
    wounded: Weight = 1.0
    caution: Weight = 1.0
    heal: Weight = 1.0
    effect: Weight = 2.0
    keep_range: bool = True
    crowding: Weight = 1.0
    #: Opens a closed door in its way (creatures kept in a lair until it is opened: no).
    open_doors: bool = True


class AiConfig(Spec, kw_only=True):
    """content/ai.yaml: the named profiles and the one the creatures play."""

    profiles: dict[str, AiProfile]
    creatures: str = "balanced"


class Content(msgspec.Struct, kw_only=True):
    """Everything the engine needs, validated and cross-checked.

    `rules` is None only in the partial content `validate` reads past errors.
    """

    rules: RulesConfig
    factions: dict[str, Faction]
    weapons: dict[str, Weapon]
    armours: dict[str, Armour]
    characters: dict[str, CharacterTemplate]
    creatures: dict[str, CreatureTemplate]
    spells: dict[str, Spell] = {}
    #: AI profiles (content/ai.yaml); None: the built-in `balanced` profile only.
    ai: AiConfig | None = None
    #: Ids declared in a file but invalid: already reported, so references to them are not.
    invalid: frozenset[str] = frozenset()
    #: `file:line:col: message` notices of the rules that depart from the designers' page.
    departures: tuple[str, ...] = ()
