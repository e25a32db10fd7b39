"""The typed templates the engine plays with (rules numbers, weapons, spells, characters,
creatures, scenarios), declared once as msgspec Structs.

They are plain typed data (no I/O) owned by the rules; the content loader validates YAML
into them, so the engine never depends on how content is stored. `forbid_unknown_fields` turns a typo into an
error; `Meta` bounds turn an absurd value into one. Each field's meaning is its
`Meta(description=...)`: the JSON Schemas and docs/content.md are made from it
(`python -m game schema`).
"""



from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from game.rules.constants import CHARACTERISTICS, SKILLS
from game.rules.errors import N_

#: What a timed effect may change.
EFFECT_STATS = (*CHARACTERISTICS, *SKILLS, "damage", "reduction", "magic_bonus")

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
Coordinates = Annotated[list[Annotated[int, Meta(ge=0, le=10_000)]],
                        Meta(min_length=2, max_length=2)]
#: A grammatical gender, for the agreement of the words around a name (French `placée`).
Gender = Literal["m", "f"]


class Spec(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Base of every content struct: unknown keys are errors."""


# --- translated texts ------------------------------------------------------------------
# Every text the players read (a name, a quip, a briefing) is either a plain string (its
# English) or a mapping of languages to forms, `{en: sword, fr: épée}`. The loader keeps
# the English in the struct (what the engine carries, what saves and fingerprints see) and
# hands the other forms to the edge, which shows the one of the player's language
# (`game.i18n.content_text`); a language left out shows the English.


class TranslatedName(Spec, kw_only=True):
    """A name in English and, optionally, in French."""

    en: Annotated[Name, Meta(description='The English form (also the one the engine keeps).')]
    fr: Annotated[Name | None, Meta(
        description='The French form (none: the English is shown).')] = None


class TranslatedLine(Spec, kw_only=True):
    """A line in English and, optionally, in French."""

    en: Annotated[Line, Meta(description='The English form (also the one the engine keeps).')]
    fr: Annotated[Line | None, Meta(
        description='The French form (none: the English is shown).')] = None


class TranslatedText(Spec, kw_only=True):
    """Running text in English and, optionally, in French."""

    en: Annotated[Description, Meta(
        description='The English form (also the one the engine keeps).')]
    fr: Annotated[Description | None, Meta(
        description='The French form (none: the English is shown).')] = None


#: The translated classes, each `en` field first; the languages are their other fields.
TRANSLATED = (TranslatedName, TranslatedLine, TranslatedText)
#: A text field: a plain string (English) or its translations. After loading, always the
#: English string.
NameText = Name | TranslatedName
LineText = Line | TranslatedLine
DescriptionText = Description | TranslatedText
Lines = Annotated[list[LineText], Meta(max_length=50)]


# --- rules.yaml ------------------------------------------------------------------------
# Every field is required: `content/rules.yaml` is the one source of every number, so no
# default is copied here. `docs/rules.md` states each rule and names its field.


class FactionCurve(Spec, kw_only=True):
    """`faction(n) = round_half_up(maximum * (1 - ratio ** n))`, n = allies counted."""

    maximum: Annotated[int, Meta(ge=0, le=100), Meta(
        description='The most the faction bonus can give, in percent.')]
    ratio: Annotated[float, Meta(gt=0, lt=1), Meta(description=(
        'How fast the bonus nears its maximum: each ally counted multiplies '
        'what is left by this.'))]
    counts: Annotated[Literal["seen", "present"], Meta(description=(
        "`seen`: the roller's allies of its faction it sees (in vision and "
        'in sight); `present`: all of them on the map.'))]


class AreaRules(Spec, kw_only=True):
    """Who an area spell touches (docs/rules.md R7.10)."""

    touches: Annotated[Literal["by_kind", "everyone"], Meta(description=(
        "`by_kind`: a damage or debuff area touches the caster's foes only, a heal or "
        "buff area its friends only; `everyone`: every unit its kind may target, "
        "whatever its side (never the caster by its own harm)."))]


class LuckBonus(Spec, kw_only=True):
    """`min(page.luck_max, (LCK // step) * per_step)`."""

    step: Annotated[Positive, Meta(description='LCK points per step of luck bonus.')]
    per_step: Annotated[NonNegative, Meta(description='Bonus per full step of LCK.')]


class CounterDrain(Spec, kw_only=True):
    """AP a successful counter costs the counterer: `spell ap_cost * fraction`, rounded."""

    fraction: Annotated[float, Meta(ge=0, le=1), Meta(
        description="Part of the countered spell's AP cost the counterer loses.")]
    rounding: Annotated[Literal["half_up", "down", "up"], Meta(
        description='How that part is rounded: `half_up`, `down` or `up`.')]


class DamageBonusRow(Spec, kw_only=True):
    """One row of the STR/DEX + SIZ damage-bonus table; `up_to: null` is the last row."""

    up_to: Annotated[Annotated[int, Meta(ge=-1000, le=1000)] | None, Meta(
        description='The highest STR+SIZ (DEX+SIZ at range) of this row; null on the last.')]
    dice: Annotated[DiceText, Meta(
        description='Bonus (or malus) dice added to the damage, e.g. `1d4`, `-1d6`, `0`.')]


class XpTable(Spec, kw_only=True):
    """XP gained per event (characters only; creatures do not learn)."""

    miss_attacker: Annotated[NonNegative, Meta(
        description='XP for an attacker whose attack misses.')]
    miss_defender: Annotated[NonNegative, Meta(
        description='XP for the defending character when an attack misses it.')]
    dodge_attacker: Annotated[NonNegative, Meta(
        description='XP for an attacker whose hit is dodged.')]
    dodge_defender: Annotated[NonNegative, Meta(description='XP for a character that dodges.')]
    hit: Annotated[NonNegative, Meta(description='XP for a hit.')]
    perfect: Annotated[NonNegative, Meta(description='XP for a perfect hit, on top of `hit`.')]
    spell_default: Annotated[NonNegative, Meta(
        description='XP for a spell cast without its own `xp`.')]
    counter: Annotated[NonNegative, Meta(
        description='XP for a character that counters a spell.')]
    against_objects: Annotated[NonNegative, Meta(
        description='XP for any attack on a door or an object, whatever its outcome.')]


class Quips(Spec, kw_only=True):
    """Lines a character says on an event; each a list used in turn."""

    miss: Annotated[Lines, Meta(description="Said when the speaker's attack misses.")] = []
    hit: Annotated[Lines, Meta(description='Said when the speaker hits.')] = []
    perfect: Annotated[Lines, Meta(description='Said on a perfect hit.')] = []
    dodge: Annotated[Lines, Meta(description='Said when the speaker dodges.')] = []
    spell_fail: Annotated[Lines, Meta(description="Said when the speaker's spell fails.")] = []
    kill: Annotated[Lines, Meta(description='Said when the speaker brings a foe down.')] = []


class Caps(Spec, kw_only=True):
    """The ceiling of each chance (plafond); every chance is also floored at 0."""

    brawl: Annotated[int, Meta(ge=0, le=100), Meta(
        description='Cap of the brawl (bare hands) chance.')]
    melee: Annotated[int, Meta(ge=0, le=100), Meta(
        description='Cap of the melee chance.')]
    ranged: Annotated[int, Meta(ge=0, le=100), Meta(
        description='Cap of the ranged chance.')]
    dodge: Annotated[int, Meta(ge=0, le=100), Meta(
        description='Cap of the dodge chance.')]
    magic: Annotated[int, Meta(ge=0, le=100), Meta(
        description='Cap of the magic chance.')]
    counter: Annotated[int, Meta(ge=0, le=100), Meta(
        description='Cap of the counter-magic chance.')]


class DefenceReduction(Spec, kw_only=True):
    """`min(maximum, DEF // per)`: 1 point of reduction per full `per` points of defence."""

    per: Annotated[Positive, Meta(description='Points of DEF per point of reduction.')]
    maximum: Annotated[NonNegative, Meta(
        description='The most reduction DEF gives, before armours and effects.')]


class PageRules(Spec, kw_only=True):
    """The numbers the designers' page itself fixes: a variant may change them, and
    `validate` then notes each departure from the page."""

    caps: Annotated[Caps, Meta(description='The ceiling of each chance (plafond).')]
    perfect_attack_below: Annotated[int, Meta(ge=0, le=101), Meta(
        description='An attack roll strictly below this is a perfect attack.')]
    perfect_counter_below: Annotated[int, Meta(ge=0, le=101), Meta(
        description='A counter roll strictly below this reflects the spell.')]
    ranged_max_distance: Annotated[Positive, Meta(
        description='The farthest a ranged attack reaches, in squares.')]
    stat_neutral: Annotated[NonNegative, Meta(
        description='The characteristic that gives neither bonus nor malus.')]
    luck_max: Annotated[NonNegative, Meta(description='The most the luck bonus gives.')]
    defence_reduction: Annotated[DefenceReduction, Meta(description='Reduction from DEF.')]
    crowding_per_ally: Annotated[NonNegative, Meta(description=(
        'Crowding malus of each visible character of the same player, at '
        'distance 1.'))]


class RulesConfig(Spec, kw_only=True):
    """Every number of the rules (content/rules.yaml)."""

    ap_max: Annotated[ActionPoints, Meta(
        description='AP refilled at the start of each turn (a template may override it).')]
    vision_radius: Annotated[Positive, Meta(
        description='A unit sees another within this distance, in line of sight.')]
    move_cost: Annotated[Positive, Meta(description='AP per square moved.')]
    door_cost: Annotated[Positive, Meta(description='AP to open or close an adjacent door.')]
    brawl_ap_cost: Annotated[Positive, Meta(description='AP of a bare-hands attack.')]
    brawl_dice: Annotated[DiceText, Meta(description='Damage dice of a bare-hands attack.')]
    perfect_die: Annotated[DiceText, Meta(description='Extra damage die of a perfect attack.')]
    stat_bonus_per_point: Annotated[int, Meta(ge=0, le=10), Meta(
        description='sb(X) = (X - page.stat_neutral) * this.')]
    luck: Annotated[LuckBonus, Meta(description=(
        'The luck bonus of a dodge: min(page.luck_max, (LCK // step) * '
        'per_step).'))]
    faction: Annotated[FactionCurve, Meta(description='The faction bonus curve.')]
    crowding_step: Annotated[NonNegative, Meta(description=(
        'Crowding per ally = max(0, page.crowding_per_ally - (distance - 1) '
        '* this).'))]
    distance_malus_per_square: Annotated[float, Meta(ge=0, le=10), Meta(
        description='Ranged malus = round_half_up((distance - 1) * this).')]
    base_defence: Annotated[NonNegative, Meta(
        description='DEF of an object whose scenario gives none.')]
    door_hp: Annotated[HitPoints, Meta(
        description="HP of a door (a scenario's `doors` may give one its own).")]
    door_defence: Annotated[NonNegative, Meta(
        description="DEF of a door (a scenario's `doors` may give one its own).")]
    damage_bonus: Annotated[list[DamageBonusRow], Meta(min_length=1, max_length=50), Meta(
        description='STR+SIZ (brawl, melee) or DEX+SIZ (ranged) -> bonus dice, going up.')]
    counter_difficulty: Annotated[Percent, Meta(
        description='Subtracted from every counter-magic chance.')]
    counter_drain: Annotated[CounterDrain, Meta(
        description='AP a successful counter costs the counterer.')]
    spell_damage_ignores_reduction: Annotated[bool, Meta(
        description="Whether a damage spell ignores the target's reduction.")]
    area: Annotated[AreaRules, Meta(description='Who an area spell touches.')]
    xp: Annotated[XpTable, Meta(description='XP gained per event.')]
    level_thresholds: Annotated[list[Annotated[int, Meta(ge=0, le=10_000_000)]],
                                Meta(min_length=1, max_length=100),
                                Meta(description='XP needed for each level, from 1 (0) up.')]
    default_quips: Annotated[Quips, Meta(description=(
        'Lines any character says when its own quips have none for the '
        'event.'))] = msgspec.field(default_factory=Quips)
    page: Annotated[PageRules, Meta(
        description="The numbers the designers' page fixes; `validate` notes each departure.")]


# --- equipment, factions ---------------------------------------------------------------


class EffectSpec(Spec, kw_only=True):
    """A timed effect (a buff, a debuff, a weapon's poison, an item's bonus): `amount`
    added to `stat` for `turns` of its holder's turns."""

    # The enum is for editors only: the loader checks the name itself, with a "did you mean".
    stat: Annotated[str, Meta(max_length=20), Meta(
        description=('What it changes: a characteristic (STR DEX SIZ INT DEF LCK), a '
                     'skill (brawl melee ranged dodge magic), damage, reduction or '
                     'magic_bonus.'),
        extra_json_schema={"enum": list(EFFECT_STATS)})]
    amount: Annotated[int, Meta(ge=-1000, le=1000), Meta(
        description='Added to the stat while it lasts (negative: a malus).')]
    turns: Annotated[int, Meta(ge=1, le=100), Meta(
        description="How many of its holder's turn starts it lasts.")]


class Weapon(Spec, kw_only=True):
    """A weapon: its kind, damage dice, AP cost, reach and the mastery family it uses."""

    name: Annotated[NameText, Meta(description='Shown in the journal and the panels.')]
    kind: Annotated[Literal["melee", "ranged"], Meta(
        description='`melee` (adjacent) or `ranged`.')]
    dice: Annotated[DiceText, Meta(description='Damage dice, e.g. `1d8`, `2d6+1`.')]
    ap_cost: Annotated[Positive, Meta(description='AP of an attack with it.')]
    range: Annotated[int, Meta(ge=1, le=100), Meta(description=(
        'Reach in squares (melee: 1; ranged: at most '
        'page.ranged_max_distance).'))] = 1
    family: Annotated[Identifier, Meta(
        description="The mastery it uses (a template's `masteries` key).")]
    on_hit: Annotated[EffectSpec | None, Meta(description=(
        'A timed effect a hit that lands lays on the character or creature '
        'hit (poison, slow...): none on a miss, a dodge, a door or an '
        'object.'))] = None


class Item(Spec, kw_only=True):
    """Objets et effets: a thing a unit carries and uses (`use UNIT ITEM [TARGET]`) to lay
    a timed bonus or malus on itself or on a unit within `range`."""

    name: Annotated[NameText, Meta(description='Shown in the journal and the panels.')]
    ap_cost: Annotated[int, Meta(ge=0, le=100), Meta(description='AP of one use.')]
    effect: Annotated[EffectSpec, Meta(description='The timed effect one use lays.')]
    range: Annotated[Squares, Meta(description=(
        '0: its user only; n: a unit within n squares and in sight (a malus '
        "never on one's own characters)."))] = 0
    charges: Annotated[int, Meta(ge=1, le=100), Meta(
        description='Uses before it is used up.')] = 1
    description: Annotated[DescriptionText, Meta(description='What it is, for the reader.')] = ""


class Armour(Spec, kw_only=True):
    """An armour: its reduction adds to the wearer's."""

    name: Annotated[NameText, Meta(description='Shown in the journal and the panels.')]
    reduction: Annotated[int, Meta(ge=0, le=1000), Meta(
        description="Reduction added to the wearer's.")]
    legendary: Annotated[bool, Meta(description=(
        'A legendary armour, worn under `legendary_armour` beside a '
        'standard one.'))] = False


class Faction(Spec, kw_only=True):
    """A faction: units of one faction on one side help each other (the faction bonus)."""

    name: Annotated[NameText, Meta(description='Shown in the journal and the panels.')]
    description: Annotated[DescriptionText, Meta(description='What it is, for the reader.')] = ""


class Spell(Spec, kw_only=True):
    """A spell: `range` lists the reach per caster level (the last entry for higher levels)."""

    name: Annotated[NameText, Meta(description='Shown in the journal and the panels.')]
    kind: Annotated[Literal["damage", "heal", "buff", "debuff"], Meta(description=(
        '`damage`, `heal` (both use `dice`), `buff` or `debuff` (both use '
        '`effect`).'))]
    ap_cost: Annotated[Positive, Meta(description='AP of a cast.')]
    range: Annotated[list[Squares], Meta(min_length=1, max_length=100), Meta(description=(
        'Reach in squares by caster level: level 1 first, the last entry '
        'for every higher level.'))]
    dice: Annotated[DiceText | None, Meta(
        description='The value rolled (damage or heal spells only).')] = None
    effect: Annotated[EffectSpec | None, Meta(description=(
        'The timed effect laid (buff: positive amount, debuff: negative; '
        'buff and debuff spells only).'))] = None
    area: Annotated[Squares, Meta(
        description='Radius around a character target (0: the target alone).')] = 0
    xp: Annotated[NonNegative | None, Meta(
        description="XP for casting it (default: the rules' xp.spell_default).")] = None
    description: Annotated[DescriptionText, Meta(description='What it does, for the reader.')] = ""


# --- units -----------------------------------------------------------------------------


class Characteristics(Spec, kw_only=True):
    """FOR DEX TAI INT DEF CHA in the page: STR DEX SIZ INT DEF LCK."""

    STR: Annotated[Characteristic, Meta(
        description='Strength (FOR): melee chance, damage bonus.')]
    DEX: Annotated[Characteristic, Meta(
        description='Dexterity (DEX): ranged and magic chances, ranged damage bonus.')]
    SIZ: Annotated[Characteristic, Meta(description='Size (TAI): damage bonus.')]
    INT: Annotated[Characteristic, Meta(
        description='Intelligence (INT): magic and counter-magic chances.')]
    DEF: Annotated[Characteristic, Meta(
        description='Defence (DEF): dodge chance and reduction.')]
    LCK: Annotated[Characteristic, Meta(description='Luck (CHA): the luck bonus of a dodge.')]


class Skills(Spec, kw_only=True):
    """Compétences, in percent."""

    brawl: Annotated[Percent, Meta(description='Bare-hands attack (bagarre), in percent.')] = 0
    melee: Annotated[Percent, Meta(description='Melee attack (mêlée), in percent.')] = 0
    ranged: Annotated[Percent, Meta(description='Ranged attack (distance), in percent.')] = 0
    dodge: Annotated[Percent, Meta(description='Dodge (esquive), in percent.')] = 0
    magic: Annotated[Percent, Meta(description='Magic and counter-magic, in percent.')] = 0


class UnitTemplate(Spec, kw_only=True):
    """What characters and creatures share."""

    name: Annotated[NameText, Meta(description='Shown in the journal and the panels.')]
    glyph: Annotated[Glyph, Meta(description='The one character that shows it on the map.')]
    # `stats:` in the YAML; named as the unit's characteristics, `stats` being its tallies.
    characteristics: Annotated[Characteristics, Meta(
        description='Its characteristics (10 is neutral).')] = msgspec.field(name="stats")
    hp_max: Annotated[HitPoints, Meta(description='Hit points at the start.')]
    ap_max: Annotated[ActionPoints | None, Meta(
        description="AP per turn (default: the rules' ap_max).")] = None
    skills: Annotated[Skills, Meta(description=(
        'Skills in percent (a skill left out is 0).'))] = msgspec.field(default_factory=Skills)
    masteries: Annotated[dict[Identifier, Percent], Meta(max_length=100), Meta(
        description='Bonus in percent per weapon family.')] = {}
    weapons: Annotated[list[Identifier], Meta(max_length=20), Meta(
        description='Weapons carried (ids of weapons.yaml); the first is the default.')] = []
    armour: Annotated[Identifier | None, Meta(
        description='A standard armour worn (an id of armours.yaml).')] = None
    faction: Annotated[Identifier | None, Meta(
        description='Its faction (an id of factions.yaml).')] = None
    items: Annotated[list[Identifier], Meta(max_length=20), Meta(description=(
        'Items carried (ids of items.yaml), each with its charges; listed '
        'twice, twice the charges.'))] = []
    gender: Annotated[Gender, Meta(description=(
        "Its name's grammatical gender, for the words that agree with it in French "
        "(`m`: Aldric placé, `f`: Ysolde placée)."))] = "m"


class CharacterTemplate(UnitTemplate, kw_only=True):
    """A playable character: it may wear legendary armour, learn spells and speak."""

    legendary_armour: Annotated[Identifier | None, Meta(
        description='A legendary armour worn beside the standard one.')] = None
    spells: Annotated[list[Identifier], Meta(max_length=100), Meta(
        description='Spells known (ids of spells.yaml).')] = []
    quips: Annotated[Quips, Meta(
        description="Its own lines, said before the rules' default quips.")] = \
        msgspec.field(default_factory=Quips)


class CreatureTemplate(UnitTemplate, kw_only=True):
    """A creature: its DEF gives its reduction, like a character's (plus its armour)."""


# --- scenarios -------------------------------------------------------------------------


class PlayerSpec(Spec, kw_only=True):
    """A player at the keyboard."""

    name: Annotated[NameText, Meta(description="The player's name.")]
    colour: Annotated[str, Meta(max_length=40), Meta(
        description="The colour of the player's characters on the map.")]


class UnitPlacement(Spec, kw_only=True):
    """A character or creature placed on the map from its template."""

    id: Annotated[Identifier, Meta(
        description="The unit's id in commands (unique in the scenario).")]
    template: Annotated[Identifier, Meta(
        description='Its template (an id of characters.yaml or creatures.yaml).')]
    at: Annotated[Coordinates, Meta(
        description='Its square [x, y]: x to the right, y down from the top-left corner 0,0.')]
    owner: Annotated[Annotated[int, Meta(ge=0, le=100)] | None, Meta(description=(
        'The player number that plays it (characters: required; creatures: '
        'none, they act on their own).'))] = None
    name: Annotated[NameText | None, Meta(description="A name in place of the template's.")] = None
    gender: Annotated[Gender | None, Meta(
        description="The gender of that name (default: the template's).")] = None


class ObjectPlacement(Spec, kw_only=True):
    """An object on the map: it blocks movement and may be attacked (no dodge, no XP)."""

    id: Annotated[Identifier, Meta(
        description="The object's id in commands (unique in the scenario).")]
    name: Annotated[NameText, Meta(description='Shown in the journal and the panels.')]
    at: Annotated[Coordinates, Meta(description='Its square [x, y].')]
    hp: Annotated[HitPoints, Meta(description='Hit points; destroyed at 0.')]
    glyph: Annotated[Glyph, Meta(
        description='The one character that shows it on the map.')] = "o"
    defence: Annotated[NonNegative | None, Meta(
        description="Its DEF (default: the rules' base_defence).")] = None
    armour: Annotated[Identifier | None, Meta(
        description='An armour adding to its reduction (an id of armours.yaml).')] = None


class DoorSpec(Spec, kw_only=True):
    """One door's own numbers, in place of rules.yaml's `door_hp` and `door_defence`."""

    at: Annotated[Coordinates, Meta(
        description="The door's square [x, y] ('+' or '/' on the map).")]
    hp: Annotated[HitPoints | None, Meta(
        description="Its HP (default: the rules' door_hp).")] = None
    defence: Annotated[NonNegative | None, Meta(
        description="Its DEF (default: the rules' door_defence).")] = None


class Scenario(Spec, kw_only=True):
    """A map drawn in ASCII (`#` wall, `.` floor, `+` closed door, `/` open door)."""

    name: Annotated[NameText, Meta(description="The scenario's title.")]
    description: Annotated[DescriptionText, Meta(
        description='One or two lines on what it is.')] = ""
    briefing: Annotated[DescriptionText, Meta(description=(
        'What the players read before the first turn: the situation and '
        'what to do.'))] = ""
    victory: Annotated[DescriptionText, Meta(description=(
        "How the scenario is won, in words (the engine's rule: the last "
        'side standing).'))] = N_("The last player with characters standing wins.")
    map: Annotated[str, Meta(min_length=1, max_length=100_000), Meta(description=(
        "The map, one row per line: '#' wall, '.' or ' ' floor, '+' closed "
        "door, '/' open door; every row as wide as the others."))]
    players: Annotated[list[PlayerSpec], Meta(min_length=2, max_length=6), Meta(
        description='The players, 2 to 6, numbered from 1 in this order.')]
    characters: Annotated[list[UnitPlacement], Meta(max_length=500), Meta(
        description='The characters placed, each owned by a player.')] = []
    creatures: Annotated[list[UnitPlacement], Meta(max_length=500), Meta(
        description='The creatures placed.')] = []
    objects: Annotated[list[ObjectPlacement], Meta(max_length=500), Meta(description=(
        'Objects on the map (barrels, crates, chests): they block and may '
        'be attacked.'))] = []
    doors: Annotated[list[DoorSpec], Meta(max_length=500), Meta(description=(
        "Doors with their own HP or defence (the others use the rules' "
        'door_hp and door_defence).'))] = []


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

    damage: Annotated[Weight, Meta(description="Worth of a point of expected damage.")] = 1.0
    down: Annotated[Weight, Meta(
        description="Worth of the chance that the target is down after it.")] = 6.0
    wounded: Annotated[Weight, Meta(
        description="Extra worth of hitting a target by the share of HP it has lost.")] = 1.0
    caution: Annotated[Weight, Meta(
        description="Cost of a point of damage a reflected spell may do to its caster.")] = 1.0
    heal: Annotated[Weight, Meta(description="Worth of a point of expected HP restored.")] = 1.0
    effect: Annotated[Weight, Meta(
        description="Worth of the chance that a buff or debuff takes.")] = 2.0
    keep_range: Annotated[bool, Meta(
        description="Ranged units stay as far as they can still shoot from.")] = True
    crowding: Annotated[Weight, Meta(
        description="How much a square that crowds ranged shots is avoided.")] = 1.0
    open_doors: Annotated[bool, Meta(description=(
        "It opens a closed door in its way (creatures kept in a lair until it is "
        "opened: no)."))] = True
    policy: Annotated[Literal["tactician", "naive"], Meta(description=(
        "`tactician` (game/rules/tactician.py): weighs each square it can walk to with "
        "the best action from there, plays for the victory, keeps out of reach; "
        "`naive` (game/rules/ai.py): the best action where it stands, else one walk."))] \
        = "tactician"
    patience: Annotated[int, Meta(ge=0, le=100, description=(
        "Rounds a tactician keeps out of its foes' reach when it cannot strike first; "
        "after them it weighs their reach half as much."))] = 2


class AiConfig(Spec, kw_only=True):
    """content/ai.yaml: the named profiles and the one the creatures play."""

    profiles: Annotated[dict[str, AiProfile], Meta(description="Profiles by name.")]
    creatures: Annotated[str, Meta(
        description="The profile the creatures play (a name of `profiles`).")] = "balanced"


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
    #: AI profiles (content/ai.yaml); None: the built-in `balanced` profile only.
    ai: AiConfig | None = None
    #: (file, id) of entries declared but invalid: already reported, so references to
    #: them are not.
    invalid: frozenset[tuple[str, str]] = frozenset()
    #: Content files that could not be read: references into them cannot be checked.
    unreadable: frozenset[str] = frozenset()
    #: `file:line:col: message` notices of the rules that depart from the designers' page.
    departures: tuple[str, ...] = ()
