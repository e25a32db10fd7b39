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

NonNegative = Annotated[int, Meta(ge=0)]
Positive = Annotated[int, Meta(ge=1)]
Percent = Annotated[int, Meta(ge=-100, le=200)]
Characteristic = Annotated[int, Meta(ge=1, le=40)]
Identifier = Annotated[str, Meta(pattern=r"^[a-z][a-z0-9_-]*$", max_length=40)]
Glyph = Annotated[str, Meta(min_length=1, max_length=1)]
DiceText = Annotated[str, Meta(min_length=1, max_length=20)]


class Spec(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Base of every content struct: unknown keys are errors."""


# --- rules.yaml ------------------------------------------------------------------------
# Every field is required: `content/rules.yaml` is the one source of every number, so no
# default is copied here. `docs/rules.md` states each rule and names its field.


class FactionCurve(Spec, kw_only=True):
    """`faction(n) = round_half_up(maximum * (1 - ratio ** n))`, n = allies counted."""

    maximum: NonNegative
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

    up_to: int | None
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

    miss: list[str] = []
    hit: list[str] = []
    perfect: list[str] = []
    dodge: list[str] = []
    spell_fail: list[str] = []
    kill: list[str] = []


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

    ap_max: Positive
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
    door_hp: Positive
    door_defence: NonNegative
    damage_bonus: list[DamageBonusRow]
    counter_difficulty: int
    counter_drain: CounterDrain
    spell_damage_ignores_reduction: bool
    xp: XpTable
    level_thresholds: list[NonNegative]
    default_quips: Quips = msgspec.field(default_factory=Quips)
    page: PageRules


# --- equipment, factions ---------------------------------------------------------------


class EffectSpec(Spec, kw_only=True):
    """A timed effect (a buff, a debuff, a weapon's poison, an item's bonus): `amount`
    added to `stat` for `turns` of its holder's turns."""

    stat: str
    amount: int
    turns: Positive


class Weapon(Spec, kw_only=True):
    name: str
    kind: Literal["melee", "ranged"]
    dice: DiceText
    ap_cost: Positive
    range: Positive = 1
    family: Identifier
    #: A timed effect a hit that lands lays on the character or creature hit (poison,
    #: slow…); none on a door or an object, none on a dodged or missed attack.
    on_hit: EffectSpec | None = None


class Item(Spec, kw_only=True):
    """Objets et effets: a thing a unit carries and uses (`use UNIT ITEM [TARGET]`) to lay
    a timed bonus or malus on itself or on a unit within `range`."""

    name: str
    ap_cost: NonNegative
    effect: EffectSpec
    #: 0: its user only; n: a unit within n squares and in sight (a malus never on one's
    #: own characters).
    range: NonNegative = 0
    #: Uses before it is used up.
    charges: Positive = 1
    description: str = ""


class Armour(Spec, kw_only=True):
    name: str
    reduction: NonNegative
    legendary: bool = False


class Faction(Spec, kw_only=True):
    name: str
    description: str = ""


class Spell(Spec, kw_only=True):
    """A spell: `range` lists the reach per caster level (the last entry for higher levels)."""

    name: str
    kind: Literal["damage", "heal", "buff", "debuff"]
    ap_cost: Positive
    range: Annotated[list[NonNegative], Meta(min_length=1)]
    dice: DiceText | None = None
    effect: EffectSpec | None = None
    area: NonNegative = 0
    xp: NonNegative | None = None
    description: str = ""


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

    name: str
    glyph: Glyph
    stats: Characteristics
    hp_max: Positive
    ap_max: Positive | None = None
    skills: Skills = msgspec.field(default_factory=Skills)
    masteries: dict[Identifier, Percent] = {}
    weapons: list[Identifier] = []
    armour: Identifier | None = None
    faction: Identifier | None = None
    #: Items carried (ids of items.yaml), each with its own charges; twice: twice as many.
    items: list[Identifier] = []


class CharacterTemplate(UnitTemplate, kw_only=True):
    """A playable character: it may wear legendary armour, learn spells and speak."""

    legendary_armour: Identifier | None = None
    spells: list[Identifier] = []
    quips: Quips = msgspec.field(default_factory=Quips)


class CreatureTemplate(UnitTemplate, kw_only=True):
    """A creature: its DEF gives its reduction, like a character's (plus its armour)."""


# --- scenarios -------------------------------------------------------------------------


class PlayerSpec(Spec, kw_only=True):
    name: str
    colour: str


class UnitPlacement(Spec, kw_only=True):
    id: Identifier
    template: Identifier
    at: Annotated[list[int], Meta(min_length=2, max_length=2)]
    owner: NonNegative | None = None
    name: str | None = None


class ObjectPlacement(Spec, kw_only=True):
    id: Identifier
    name: str
    at: Annotated[list[int], Meta(min_length=2, max_length=2)]
    hp: Positive
    glyph: Glyph = "o"
    #: The object's DEF; without one its reduction uses the rules' `base_defence`.
    defence: NonNegative | None = None
    armour: Identifier | None = None


class DoorSpec(Spec, kw_only=True):
    """One door's own numbers, in place of rules.yaml's `door_hp` and `door_defence`."""

    at: Annotated[list[int], Meta(min_length=2, max_length=2)]
    hp: Positive | None = None
    defence: NonNegative | None = None


class Scenario(Spec, kw_only=True):
    """A map drawn in ASCII (`#` wall, `.` floor, `+` closed door, `/` open door)."""

    name: str
    description: str = ""
    #: What the players read before the first turn: the situation and what to do.
    briefing: str = ""
    #: How the scenario is won, in words (the engine's rule: the last side standing).
    victory: str = "The last player with characters standing wins."
    map: str
    players: Annotated[list[PlayerSpec], Meta(min_length=2, max_length=6)]
    characters: list[UnitPlacement] = []
    creatures: list[UnitPlacement] = []
    objects: list[ObjectPlacement] = []
    #: Doors with their own HP or defence (the others use rules.yaml's).
    doors: list[DoorSpec] = []


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
    items: dict[str, Item] = {}
    #: (file, id) of entries declared but invalid: already reported, so references to
    #: them are not.
    invalid: frozenset[tuple[str, str]] = frozenset()
    #: Content files that could not be read: references into them cannot be checked.
    unreadable: frozenset[str] = frozenset()
    #: `file:line:col: message` notices of the rules that depart from the designers' page.
    departures: tuple[str, ...] = ()
