"""The typed templates the engine plays with (rules numbers, weapons, spells, characters,
creatures, scenarios), declared once as msgspec Structs.

They are plain typed data (no I/O) owned by the rules; the content loader validates YAML
into them, so the engine never depends on how content is stored. `forbid_unknown_fields`
turns a typo into an error; `Meta` bounds turn an absurd value into one. Each field's
meaning is the `#:` comment above it (Sphinx's doc comments): the JSON Schemas and
docs/content.md are made from them (`python -m game schema`, `game.content.schema`). They
are comments rather than `Meta(description=...)` because typing builds an `Annotated` type
for each such field every time the game starts (some 12 M instructions of start-up), for
words only the schema command reads.
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

    #: The English form (also the one the engine keeps).
    en: Name
    #: The French form (none: the English is shown).
    fr: Name | None = None


class TranslatedLine(Spec, kw_only=True):
    """A line in English and, optionally, in French."""

    #: The English form (also the one the engine keeps).
    en: Line
    #: The French form (none: the English is shown).
    fr: Line | None = None


class TranslatedText(Spec, kw_only=True):
    """Running text in English and, optionally, in French."""

    #: The English form (also the one the engine keeps).
    en: Description
    #: The French form (none: the English is shown).
    fr: Description | None = None


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

    #: The most the faction bonus can give, in percent.
    maximum: Annotated[int, Meta(ge=0, le=100)]
    #: How fast the bonus nears its maximum: each ally counted multiplies what is left by this.
    ratio: Annotated[float, Meta(gt=0, lt=1)]
    #: `seen`: the roller's allies of its faction it sees (in vision and in sight); `present`: all
    #: of them on the map.
    counts: Literal["seen", "present"]


class AreaRules(Spec, kw_only=True):
    """Who an area spell touches (docs/rules.md R7.10)."""

    #: `by_kind`: a damage or debuff area touches the caster's foes only, a heal or buff area its
    #: friends only; `everyone`: every unit its kind may target, whatever its side (never the
    #: caster by its own harm).
    touches: Literal["by_kind", "everyone"]


class LuckBonus(Spec, kw_only=True):
    """`min(page.luck_max, (LCK // step) * per_step)`."""

    #: LCK points per step of luck bonus.
    step: Positive
    #: Bonus per full step of LCK.
    per_step: NonNegative


class CounterDrain(Spec, kw_only=True):
    """AP a successful counter costs the counterer: `spell ap_cost * fraction`, rounded."""

    #: Part of the countered spell's AP cost the counterer loses.
    fraction: Annotated[float, Meta(ge=0, le=1)]
    #: How that part is rounded: `half_up`, `down` or `up`.
    rounding: Literal["half_up", "down", "up"]


class DamageBonusRow(Spec, kw_only=True):
    """One row of the STR/DEX + SIZ damage-bonus table; `up_to: null` is the last row."""

    #: The highest STR+SIZ (DEX+SIZ at range) of this row; null on the last.
    up_to: Annotated[int, Meta(ge=-1000, le=1000)] | None
    #: Bonus (or malus) dice added to the damage, e.g. `1d4`, `-1d6`, `0`.
    dice: DiceText


class XpTable(Spec, kw_only=True):
    """XP gained per event (characters only; creatures do not learn)."""

    #: XP for an attacker whose attack misses.
    miss_attacker: NonNegative
    #: XP for the defending character when an attack misses it.
    miss_defender: NonNegative
    #: XP for an attacker whose hit is dodged.
    dodge_attacker: NonNegative
    #: XP for a character that dodges.
    dodge_defender: NonNegative
    #: XP for a hit.
    hit: NonNegative
    #: XP for a perfect hit, on top of `hit`.
    perfect: NonNegative
    #: XP for a spell cast without its own `xp`.
    spell_default: NonNegative
    #: XP for a character that counters a spell.
    counter: NonNegative
    #: XP for any attack on a door or an object, whatever its outcome.
    against_objects: NonNegative


class Quips(Spec, kw_only=True):
    """Lines a character says on an event; each a list used in turn."""

    #: Said when the speaker's attack misses.
    miss: Lines = []
    #: Said when the speaker hits.
    hit: Lines = []
    #: Said on a perfect hit.
    perfect: Lines = []
    #: Said when the speaker dodges.
    dodge: Lines = []
    #: Said when the speaker's spell fails.
    spell_fail: Lines = []
    #: Said when the speaker brings a foe down.
    kill: Lines = []


class Caps(Spec, kw_only=True):
    """The ceiling of each chance (plafond); every chance is also floored at 0."""

    #: Cap of the brawl (bare hands) chance.
    brawl: Annotated[int, Meta(ge=0, le=100)]
    #: Cap of the melee chance.
    melee: Annotated[int, Meta(ge=0, le=100)]
    #: Cap of the ranged chance.
    ranged: Annotated[int, Meta(ge=0, le=100)]
    #: Cap of the dodge chance.
    dodge: Annotated[int, Meta(ge=0, le=100)]
    #: Cap of the magic chance.
    magic: Annotated[int, Meta(ge=0, le=100)]
    #: Cap of the counter-magic chance.
    counter: Annotated[int, Meta(ge=0, le=100)]


class DefenceReduction(Spec, kw_only=True):
    """`min(maximum, DEF // per)`: 1 point of reduction per full `per` points of defence."""

    #: Points of DEF per point of reduction.
    per: Positive
    #: The most reduction DEF gives, before armours and effects.
    maximum: NonNegative


class PageRules(Spec, kw_only=True):
    """The numbers the designers' page itself fixes: a variant may change them, and
    `validate` then notes each departure from the page."""

    #: The ceiling of each chance (plafond).
    caps: Caps
    #: An attack roll strictly below this is a perfect attack.
    perfect_attack_below: Annotated[int, Meta(ge=0, le=101)]
    #: A counter roll strictly below this reflects the spell.
    perfect_counter_below: Annotated[int, Meta(ge=0, le=101)]
    #: The farthest a ranged attack reaches, in squares.
    ranged_max_distance: Positive
    #: The characteristic that gives neither bonus nor malus.
    stat_neutral: NonNegative
    #: The most the luck bonus gives.
    luck_max: NonNegative
    #: Reduction from DEF.
    defence_reduction: DefenceReduction
    #: Crowding malus of each visible character of the same player, at distance 1.
    crowding_per_ally: NonNegative


class RulesConfig(Spec, kw_only=True):
    """Every number of the rules (content/rules.yaml)."""

    #: AP refilled at the start of each turn (a template may override it).
    ap_max: ActionPoints
    #: A unit sees another within this distance, in line of sight.
    vision_radius: Positive
    #: AP per square moved.
    move_cost: Positive
    #: AP to open or close an adjacent door.
    door_cost: Positive
    #: AP of a bare-hands attack.
    brawl_ap_cost: Positive
    #: Damage dice of a bare-hands attack.
    brawl_dice: DiceText
    #: Extra damage die of a perfect attack.
    perfect_die: DiceText
    #: sb(X) = (X - page.stat_neutral) * this.
    stat_bonus_per_point: Annotated[int, Meta(ge=0, le=10)]
    #: The luck bonus of a dodge: min(page.luck_max, (LCK // step) * per_step).
    luck: LuckBonus
    #: The faction bonus curve.
    faction: FactionCurve
    #: Crowding per ally = max(0, page.crowding_per_ally - (distance - 1) * this).
    crowding_step: NonNegative
    #: Ranged malus = round_half_up((distance - 1) * this).
    distance_malus_per_square: Annotated[float, Meta(ge=0, le=10)]
    #: DEF of an object whose scenario gives none.
    base_defence: NonNegative
    #: HP of a door (a scenario's `doors` may give one its own).
    door_hp: HitPoints
    #: DEF of a door (a scenario's `doors` may give one its own).
    door_defence: NonNegative
    #: STR+SIZ (brawl, melee) or DEX+SIZ (ranged) -> bonus dice, going up.
    damage_bonus: Annotated[list[DamageBonusRow], Meta(min_length=1, max_length=50)]
    #: Subtracted from every counter-magic chance.
    counter_difficulty: Percent
    #: AP a successful counter costs the counterer.
    counter_drain: CounterDrain
    #: Whether a damage spell ignores the target's reduction.
    spell_damage_ignores_reduction: bool
    #: Who an area spell touches.
    area: AreaRules
    #: XP gained per event.
    xp: XpTable
    #: XP needed for each level, from 1 (0) up.
    level_thresholds: Annotated[list[Annotated[int, Meta(ge=0, le=10_000_000)]],
                                Meta(min_length=1, max_length=100)]
    #: Lines any character says when its own quips have none for the event.
    default_quips: Quips = msgspec.field(default_factory=Quips)
    #: The numbers the designers' page fixes; `validate` notes each departure.
    page: PageRules


# --- equipment, factions ---------------------------------------------------------------


class EffectSpec(Spec, kw_only=True):
    """A timed effect (a buff, a debuff, a weapon's poison, an item's bonus): `amount`
    added to `stat` for `turns` of its holder's turns."""

    # The enum is for editors only: the loader checks the name itself, with a "did you mean".
    #: What it changes: a characteristic (STR DEX SIZ INT DEF LCK), a skill (brawl melee ranged
    #: dodge magic), damage, reduction or magic_bonus.
    stat: Annotated[str, Meta(max_length=20), Meta(extra_json_schema={"enum": list(EFFECT_STATS)})]
    #: Added to the stat while it lasts (negative: a malus).
    amount: Annotated[int, Meta(ge=-1000, le=1000)]
    #: How many of its holder's turn starts it lasts.
    turns: Annotated[int, Meta(ge=1, le=100)]


class Weapon(Spec, kw_only=True):
    """A weapon: its kind, damage dice, AP cost, reach and the mastery family it uses."""

    #: Shown in the journal and the panels.
    name: NameText
    #: `melee` (adjacent) or `ranged`.
    kind: Literal["melee", "ranged"]
    #: Damage dice, e.g. `1d8`, `2d6+1`.
    dice: DiceText
    #: AP of an attack with it.
    ap_cost: Positive
    #: Reach in squares (melee: 1; ranged: at most page.ranged_max_distance).
    range: Annotated[int, Meta(ge=1, le=100)] = 1
    #: The mastery it uses (a template's `masteries` key).
    family: Identifier
    #: A timed effect a hit that lands lays on the character or creature hit (poison, slow...):
    #: none on a miss, a dodge, a door or an object.
    on_hit: EffectSpec | None = None


class Item(Spec, kw_only=True):
    """Objets et effets: a thing a unit carries and uses (`use UNIT ITEM [TARGET]`) to lay
    a timed bonus or malus on itself or on a unit within `range`."""

    #: Shown in the journal and the panels.
    name: NameText
    #: AP of one use.
    ap_cost: Annotated[int, Meta(ge=0, le=100)]
    #: The timed effect one use lays.
    effect: EffectSpec
    #: 0: its user only; n: a unit within n squares and in sight (a malus never on one's own
    #: characters).
    range: Squares = 0
    #: Uses before it is used up.
    charges: Annotated[int, Meta(ge=1, le=100)] = 1
    #: What it is, for the reader.
    description: DescriptionText = ""


class Armour(Spec, kw_only=True):
    """An armour: its reduction adds to the wearer's."""

    #: Shown in the journal and the panels.
    name: NameText
    #: Reduction added to the wearer's.
    reduction: Annotated[int, Meta(ge=0, le=1000)]
    #: A legendary armour, worn under `legendary_armour` beside a standard one.
    legendary: bool = False


class Faction(Spec, kw_only=True):
    """A faction: units of one faction on one side help each other (the faction bonus)."""

    #: Shown in the journal and the panels.
    name: NameText
    #: What it is, for the reader.
    description: DescriptionText = ""


class Spell(Spec, kw_only=True):
    """A spell: `range` lists the reach per caster level (the last entry for higher levels)."""

    #: Shown in the journal and the panels.
    name: NameText
    #: `damage`, `heal` (both use `dice`), `buff` or `debuff` (both use `effect`).
    kind: Literal["damage", "heal", "buff", "debuff"]
    #: AP of a cast.
    ap_cost: Positive
    #: Reach in squares by caster level: level 1 first, the last entry for every higher level.
    range: Annotated[list[Squares], Meta(min_length=1, max_length=100)]
    #: The value rolled (damage or heal spells only).
    dice: DiceText | None = None
    #: The timed effect laid (buff: positive amount, debuff: negative; buff and debuff spells
    #: only).
    effect: EffectSpec | None = None
    #: Radius around a character target (0: the target alone).
    area: Squares = 0
    #: XP for casting it (default: the rules' xp.spell_default).
    xp: NonNegative | None = None
    #: What it does, for the reader.
    description: DescriptionText = ""


# --- units -----------------------------------------------------------------------------


class Characteristics(Spec, kw_only=True):
    """FOR DEX TAI INT DEF CHA in the page: STR DEX SIZ INT DEF LCK."""

    #: Strength (FOR): melee chance, damage bonus.
    STR: Characteristic
    #: Dexterity (DEX): ranged and magic chances, ranged damage bonus.
    DEX: Characteristic
    #: Size (TAI): damage bonus.
    SIZ: Characteristic
    #: Intelligence (INT): magic and counter-magic chances.
    INT: Characteristic
    #: Defence (DEF): dodge chance and reduction.
    DEF: Characteristic
    #: Luck (CHA): the luck bonus of a dodge.
    LCK: Characteristic


class Skills(Spec, kw_only=True):
    """Compétences, in percent."""

    #: Bare-hands attack (bagarre), in percent.
    brawl: Percent = 0
    #: Melee attack (mêlée), in percent.
    melee: Percent = 0
    #: Ranged attack (distance), in percent.
    ranged: Percent = 0
    #: Dodge (esquive), in percent.
    dodge: Percent = 0
    #: Magic and counter-magic, in percent.
    magic: Percent = 0


class UnitTemplate(Spec, kw_only=True):
    """What characters and creatures share."""

    #: Shown in the journal and the panels.
    name: NameText
    #: The one character that shows it on the map.
    glyph: Glyph
    # `stats:` in the YAML; named as the unit's characteristics, `stats` being its tallies.
    #: Its characteristics (10 is neutral).
    characteristics: Characteristics = msgspec.field(name="stats")
    #: Hit points at the start.
    hp_max: HitPoints
    #: AP per turn (default: the rules' ap_max).
    ap_max: ActionPoints | None = None
    #: Skills in percent (a skill left out is 0).
    skills: Skills = msgspec.field(default_factory=Skills)
    #: Bonus in percent per weapon family.
    masteries: Annotated[dict[Identifier, Percent], Meta(max_length=100)] = {}
    #: Weapons carried (ids of weapons.yaml); the first is the default.
    weapons: Annotated[list[Identifier], Meta(max_length=20)] = []
    #: A standard armour worn (an id of armours.yaml).
    armour: Identifier | None = None
    #: Its faction (an id of factions.yaml).
    faction: Identifier | None = None
    #: Items carried (ids of items.yaml), each with its charges; listed twice, twice the charges.
    items: Annotated[list[Identifier], Meta(max_length=20)] = []
    #: Its name's grammatical gender, for the words that agree with it in French (`m`: Aldric
    #: placé, `f`: Ysolde placée).
    gender: Gender = "m"


class CharacterTemplate(UnitTemplate, kw_only=True):
    """A playable character: it may wear legendary armour, learn spells and speak."""

    #: A legendary armour worn beside the standard one.
    legendary_armour: Identifier | None = None
    #: Spells known (ids of spells.yaml).
    spells: Annotated[list[Identifier], Meta(max_length=100)] = []
    #: Its own lines, said before the rules' default quips.
    quips: Quips = msgspec.field(default_factory=Quips)


class CreatureTemplate(UnitTemplate, kw_only=True):
    """A creature: its DEF gives its reduction, like a character's (plus its armour)."""


# --- scenarios -------------------------------------------------------------------------


class PlayerSpec(Spec, kw_only=True):
    """A player at the keyboard."""

    #: The player's name.
    name: NameText
    #: The colour of the player's characters on the map.
    colour: Annotated[str, Meta(max_length=40)]


class UnitPlacement(Spec, kw_only=True):
    """A character or creature placed on the map from its template."""

    #: The unit's id in commands (unique in the scenario).
    id: Identifier
    #: Its template (an id of characters.yaml or creatures.yaml).
    template: Identifier
    #: Its square [x, y]: x to the right, y down from the top-left corner 0,0.
    at: Coordinates
    #: The player number that plays it (characters: required; creatures: none, they act on their
    #: own).
    owner: Annotated[int, Meta(ge=0, le=100)] | None = None
    #: A name in place of the template's.
    name: NameText | None = None
    #: The gender of that name (default: the template's).
    gender: Gender | None = None


class ObjectPlacement(Spec, kw_only=True):
    """An object on the map: it blocks movement and may be attacked (no dodge, no XP)."""

    #: The object's id in commands (unique in the scenario).
    id: Identifier
    #: Shown in the journal and the panels.
    name: NameText
    #: Its square [x, y].
    at: Coordinates
    #: Hit points; destroyed at 0.
    hp: HitPoints
    #: The one character that shows it on the map.
    glyph: Glyph = "o"
    #: Its DEF (default: the rules' base_defence).
    defence: NonNegative | None = None
    #: An armour adding to its reduction (an id of armours.yaml).
    armour: Identifier | None = None


class DoorSpec(Spec, kw_only=True):
    """One door's own numbers, in place of rules.yaml's `door_hp` and `door_defence`."""

    #: The door's square [x, y] ('+' or '/' on the map).
    at: Coordinates
    #: Its HP (default: the rules' door_hp).
    hp: HitPoints | None = None
    #: Its DEF (default: the rules' door_defence).
    defence: NonNegative | None = None


class Scenario(Spec, kw_only=True):
    """A map drawn in ASCII (`#` wall, `.` floor, `+` closed door, `/` open door)."""

    #: The scenario's title.
    name: NameText
    #: One or two lines on what it is.
    description: DescriptionText = ""
    #: What the players read before the first turn: the situation and what to do.
    briefing: DescriptionText = ""
    #: How the scenario is won, in words (the engine's rule: the last side standing).
    victory: DescriptionText = N_("The last player with characters standing wins.")
    #: The map, one row per line: '#' wall, '.' or ' ' floor, '+' closed door, '/' open door; every
    #: row as wide as the others.
    map: Annotated[str, Meta(min_length=1, max_length=100_000)]
    #: The players, 2 to 6, numbered from 1 in this order.
    players: Annotated[list[PlayerSpec], Meta(min_length=2, max_length=6)]
    #: The characters placed, each owned by a player.
    characters: Annotated[list[UnitPlacement], Meta(max_length=500)] = []
    #: The creatures placed.
    creatures: Annotated[list[UnitPlacement], Meta(max_length=500)] = []
    #: Objects on the map (barrels, crates, chests): they block and may be attacked.
    objects: Annotated[list[ObjectPlacement], Meta(max_length=500)] = []
    #: Doors with their own HP or defence (the others use the rules' door_hp and door_defence).
    doors: Annotated[list[DoorSpec], Meta(max_length=500)] = []


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

    #: Worth of a point of expected damage.
    damage: Weight = 1.0
    #: Worth of the chance that the target is down after it.
    down: Weight = 6.0
    #: Extra worth of hitting a target by the share of HP it has lost.
    wounded: Weight = 1.0
    #: Cost of a point of damage a reflected spell may do to its caster.
    caution: Weight = 1.0
    #: Worth of a point of expected HP restored.
    heal: Weight = 1.0
    #: Worth of the chance that a buff or debuff takes.
    effect: Weight = 2.0
    #: Ranged units stay as far as they can still shoot from.
    keep_range: bool = True
    #: How much a square that crowds ranged shots is avoided.
    crowding: Weight = 1.0
    #: It opens a closed door in its way (creatures kept in a lair until it is opened: no).
    open_doors: bool = True
    #: `tactician` (game/rules/tactician.py): weighs each square it can walk to with the best
    #: action from there, plays for the victory, keeps out of reach; `naive` (game/rules/ai.py):
    #: the best action where it stands, else one walk.
    policy: Literal["tactician", "naive"] = "tactician"
    #: Rounds a tactician keeps out of its foes' reach when it cannot strike first; after them it
    #: weighs their reach half as much.
    patience: Annotated[int, Meta(ge=0, le=100)] = 2


class AiConfig(Spec, kw_only=True):
    """content/ai.yaml: the named profiles and the one the creatures play."""

    #: Profiles by name.
    profiles: dict[str, AiProfile]
    #: The profile the creatures play (a name of `profiles`).
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
