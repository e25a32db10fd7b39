"""Describe screens' facts: what a spell, weapon, armour, item or unit does, read from the
content templates (and, for a unit, its state), each fact with the rule that uses it and
the content value it is (`spells.yaml: bless.effect.amount`), as a roll card has them.

A description is rows (label, value, rule, source) in sections, like a roll card
(`game.journal.cards.CardRow`), so the UI lays both out alike (`RollCard`). The words are
the player's language; the facts are the templates' values, never a rule worked out here:
what a plan decides (a chance on a target, who an area touches there) is the engine's.
"""

from __future__ import annotations

from typing import NamedTuple

import msgspec

from game.i18n import N_, _, content_text, ngettext, pgettext
from game.journal.cards import CardRow, CardSection, rule_text
from game.journal.text import family_name, namer, source_text, stat_name, term_label
from game.rules import rule_ids as R
from game.rules.actions import ranged_reach, reduction_terms
from game.rules.chances import counter_drain
from game.rules.damage import total_reduction
from game.rules.engine import Game
from game.rules.magic import spell_range
from game.rules.templates import EffectSpec
from game.rules.sources import Sources, entry_source, rules_source, template_value_source
from game.rules.units import TEMPLATE_TABLES, Unit


class Description(NamedTuple):
    """What a thing does: a title, the content's own words on it, and rows in sections."""

    title: str
    about: str
    sections: tuple[CardSection, ...]

    def text(self) -> str:
        """The description as plain lines (tests, the French checks)."""
        lines = [self.title] + ([self.about] if self.about else [])
        for section in self.sections:
            lines.append(f"— {section.title} —")
            lines += ["  ".join(part for part in row if part) for row in section.rows]
        return "\n".join(lines)


class Gear(NamedTuple):
    """One thing a unit has that can be described: its kind, its id and how it is listed."""

    kind: str  # "unit", "weapon", "brawl", "armour", "spell" or "item"
    id: str
    label: str


def given(where: Sources, template, name: str) -> str | Sources:
    """`spells.yaml: ice-storm.area`, or `spells.yaml: firebolt (no area: 0)` when the
    template leaves the field at its default (the form the roll cards use). `where`: the
    template's entry (`entry_source("spells", "firebolt")`)."""
    default = next(f.default for f in msgspec.structs.fields(template) if f.name == name)
    if getattr(template, name) == default:
        shown = str(default).lower() if isinstance(default, bool) else default
        return _("{source} (no {field}: {value})").format(source=source_text(where),
                                                          field=name, value=shown)
    return at(where, name)


def at(where: Sources, *paths: str) -> Sources:
    """The values `paths` of the entry `where` names: `at(weapon, "dice")`."""
    [entry] = where
    return entry_source(entry.file, entry.entry, *paths)


def row(label: str, value: object, rule: R.RuleRef | None = None,
        source: str | Sources = "") -> CardRow:
    where = source if isinstance(source, str) else source_text(source)
    return CardRow(label, str(value), rule_text(rule.id) if rule else "", where)


def section(title: str, rows) -> CardSection:
    return CardSection(title, tuple(rows))


def ap_text(ap: int) -> str:
    return _("{ap} AP").format(ap=ap)


def squares_text(n: int) -> str:
    return ngettext("{n} square", "{n} squares", n).format(n=n)


def effect_rows(effect: EffectSpec, where: Sources, field: str,
                rule: R.RuleRef) -> list[CardRow]:
    """A timed effect's stat, amount and turns, each with its own source (`field` of the
    entry `where`)."""
    return [row(_("Changes"), stat_name(effect.stat), rule, at(where, f"{field}.stat")),
            row(_("By"), f"{effect.amount:+d}", rule, at(where, f"{field}.amount")),
            row(_("For"), ngettext("{n} of its holder's turns", "{n} of its holder's turns",
                                   effect.turns).format(n=effect.turns), rule,
                at(where, f"{field}.turns"))]


# --- spells ---------------------------------------------------------------------------

#: A spell's kind, and the rule that says what it does.
SPELL_KIND_RULES = {"damage": R.DAMAGE_SPELL, "heal": R.HEAL, "buff": R.TIMED_EFFECTS,
                    "debuff": R.TIMED_EFFECTS}
SPELL_KIND_WORDS = {"damage": lambda: pgettext("spell kind", "damage"),
                    "heal": lambda: pgettext("spell kind", "heal"),
                    "buff": lambda: pgettext("spell kind", "buff"),
                    "debuff": lambda: pgettext("spell kind", "debuff")}

#: Whom a spell may be aimed at, by its kind (R7.1, R10.16, the ban R3.4).
SPELL_AIMS = {
    "damage": N_("a character or a creature; never its caster nor one of the caster's own "
                 "characters"),
    "heal": N_("a character, on any side (the app asks before helping a foe)"),
    "buff": N_("a character, on any side (the app asks before helping a foe)"),
    "debuff": N_("a character; never its caster nor one of the caster's own characters"),
}
#: What an area spell may be aimed at, where it differs from a single target's.
AREA_AIMS = {
    "damage": N_("a character (the area's centre); never its caster nor one of the "
                 "caster's own characters"),
}
#: Who an area touches, by the spell's kind, when `area.touches` is `by_kind` (R7.10).
AREA_BY_KIND = {
    "damage": N_("the caster's foes in the radius, characters and creatures"),
    "heal": N_("the caster's friends in the radius, characters only, the caster included"),
    "buff": N_("the caster's friends in the radius, characters only, the caster included"),
    "debuff": N_("the caster's foes in the radius, characters only"),
}
#: … and when it is `everyone`: friendly fire.
AREA_EVERYONE = {
    "damage": N_("every unit in the radius, whatever its side, but the caster"),
    "heal": N_("every character in the radius, whatever its side"),
    "buff": N_("every character in the radius, whatever its side"),
    "debuff": N_("every character in the radius, whatever its side, but the caster"),
}


def range_text(reaches: list[int]) -> str:
    """`3 (level 1), 4 (level 2), 5 (level 3 and up)`: one reach per caster level."""
    if len(reaches) == 1:
        return _("{reach} at every level").format(reach=reaches[0])
    parts = [_("{reach} (level {level})").format(reach=r, level=i)
             for i, r in enumerate(reaches[:-1], 1)]
    parts.append(_("{reach} (level {level} and up)").format(reach=reaches[-1],
                                                           level=len(reaches)))
    return _(", ").join(parts)


def spell_description(game: Game, spell_id: str, caster: Unit | None = None) -> Description:
    """A spell: its kind, cost, range by level, value or effect, whom it may target, its
    area and who the area touches, its counter-magic and XP."""
    spell = game.content.spells[spell_id]
    where = entry_source("spells", spell_id)
    kind_rule = SPELL_KIND_RULES[spell.kind]
    what = [row(_("Kind"), SPELL_KIND_WORDS[spell.kind](), kind_rule, at(where, "kind")),
            row(_("Cost"), ap_text(spell.ap_cost), R.AP_COSTS, at(where, "ap_cost")),
            row(_("Range"), range_text(spell.range), R.SPELL_CONDITIONS, at(where, "range"))]
    if caster is not None:
        level = min(caster.level, len(spell.range))
        what.append(row(_("Range for {unit} (level {level})").format(
            unit=content_text(caster.name), level=caster.level),
                        squares_text(spell_range(spell, caster.level)), R.SPELL_CONDITIONS,
                        at(where, f"range[{level - 1}]")))
    what.append(row(_("Line of sight"), _("needed, except at range 0 (the caster itself)"),
                    R.SPELL_CONDITIONS))
    effect = [*value_rows(game, spell_id), *counter_rows(game, spell_id)]
    # An area is aimed at a character, whatever it touches around it (playtest: Ice
    # Storm's "a character or a creature" beside its refusal of the Wolf as a centre).
    aimed = _(AREA_AIMS[spell.kind]) if spell.area and spell.kind in AREA_AIMS \
        else _(SPELL_AIMS[spell.kind])
    aims = [row(_("May target"), aimed if spell.range != [0] else
                _("its caster only (range 0)"), R.SPELL_TARGETS, at(where, "kind"))]
    if spell.area:
        words = AREA_BY_KIND if game.rules.area.touches == "by_kind" else AREA_EVERYONE
        aims += [row(_("Area"), ngettext("radius {n}: every square within {n} of its centre",
                                         "radius {n}: every square within {n} of its centre",
                                         spell.area).format(n=spell.area), R.AREA_SPELLS,
                     given(where, spell, "area")),
                 row(_("The area touches"), _(words[spell.kind]), R.AREA_SPELLS,
                     rules_source("area.touches") + at(where, "kind")),
                 row(_("Its centre"), _("a character the area touches"), R.AREA_SPELLS)]
    else:
        aims.append(row(_("Area"), _("none: its target alone"), R.AREA_SPELLS,
                        given(where, spell, "area")))
    xp = spell.xp if spell.xp is not None else game.rules.xp.spell_default
    aims.append(row(_("XP when it takes"), xp, R.XP_TABLE,
                    at(where, "xp") if spell.xp is not None
                    else rules_source("xp.spell_default")))
    return Description(content_text(spell.name), content_text(spell.description), (
        section(_("The spell"), what), section(_("What it does"), effect),
        section(_("Whom it reaches"), aims)))


def value_rows(game: Game, spell_id: str) -> list[CardRow]:
    spell = game.content.spells[spell_id]
    where = entry_source("spells", spell_id)
    if spell.kind in ("buff", "debuff"):
        return effect_rows(spell.effect, where, "effect", R.TIMED_EFFECTS)
    if spell.kind == "heal":
        return [row(_("Heals"), _("{dice} HP, never above the maximum").format(
            dice=spell.dice), R.HEAL, at(where, "dice"))]
    ignores = game.rules.spell_damage_ignores_reduction
    return [row(_("Damage"), _("{dice} HP").format(dice=spell.dice), R.DAMAGE_SPELL,
                at(where, "dice")),
            row(_("Reduction"), _("ignored") if ignores else _("applies, as for a blow"),
                R.SPELL_DAMAGE_REDUCTION, rules_source("spell_damage_ignores_reduction"))]


def counter_rows(game: Game, spell_id: str) -> list[CardRow]:
    """A damage spell may be countered by the character it reaches, at a price."""
    spell = game.content.spells[spell_id]
    if spell.kind != "damage":
        return [row(_("Counter-magic"), _("none: only damage spells are countered"),
                    R.COUNTER_CHANCE)]
    rules = game.rules
    return [row(_("Counter-magic"), _("a character reached may counter it: magic + sb(INT) + "
                                     "faction - {difficulty}").format(
                difficulty=rules.counter_difficulty), R.COUNTER_CHANCE,
                rules_source("counter_difficulty")),
            row(_("A counter costs the counterer"), ap_text(counter_drain(rules, spell.ap_cost)),
                R.COUNTER_DRAIN, rules_source("counter_drain.fraction", "counter_drain.rounding")
                + entry_source("spells", spell_id, "ap_cost"))]


# --- weapons, armours, items ----------------------------------------------------------


def weapon_description(game: Game, weapon_id: str, holder: Unit | None = None) -> Description:
    """A weapon: its kind, dice, AP cost, reach, mastery family and on-hit effect."""
    weapon = game.content.weapons[weapon_id]
    where = entry_source("weapons", weapon_id)
    melee = weapon.kind == "melee"
    rows = [row(_("Kind"), stat_name(weapon.kind), R.WEAPON_USED, at(where, "kind")),
            row(_("Damage dice"), weapon.dice, R.ACTION_DICE, at(where, "dice")),
            row(_("Damage bonus"), _("from STR+SIZ") if melee else _("from DEX+SIZ"),
                R.DAMAGE_BONUS, rules_source("damage_bonus")),
            row(_("Cost"), ap_text(weapon.ap_cost), R.ATTACK_COST, at(where, "ap_cost"))]
    if melee:
        rows.append(row(_("Reach"), _("an adjacent square"), R.MELEE_PLACEMENT,
                        at(where, "kind")))
    else:
        rows.append(row(_("Reach"), _("{squares}, in line of sight").format(
            squares=squares_text(ranged_reach(game, weapon))), R.RANGED_PLACEMENT,
            at(where, "range") + rules_source("page.ranged_max_distance")))
    chance = R.MELEE_CHANCE if melee else R.RANGED_CHANCE
    rows.append(row(_("Mastery family"), family_name(weapon.family), chance, at(where, "family")))
    if holder is not None:
        rows.append(row(_("{unit}'s mastery").format(unit=content_text(holder.name)),
                        f"{holder.mastery(weapon.family):+d}", chance,
                        mastery_source(holder, weapon.family)))
    rows.append(row(_("Chance"), _("melee + mastery + sb(STR), cap {cap}").format(
        cap=game.rules.page.caps.melee) if melee else
        _("ranged + mastery + sb(DEX) - crowding - distance, cap {cap}").format(
            cap=game.rules.page.caps.ranged), chance,
        rules_source(f"page.caps.{weapon.kind}")))
    hit = effect_rows(weapon.on_hit, where, "on_hit", R.ON_HIT) if weapon.on_hit else \
        [row(_("On a hit"), _("no effect but its damage"), R.ON_HIT)]
    return Description(content_text(weapon.name), "", (section(_("The weapon"), rows),
                                         section(_("On a hit that lands"), hit)))


def mastery_source(unit: Unit, family: str) -> Sources:
    """`characters.yaml: aldric.masteries.sword`, or the template and why it is 0, as the
    chance's own term names it."""
    if family in unit.masteries:
        return unit.source(f"masteries.{family}")
    return absent_source(unit, f"masteries.{family}")


def absent_source(unit: Unit, field: str) -> Sources:
    """The unit's template, which does not list `field` (it counts 0)."""
    return template_value_source(TEMPLATE_TABLES.get(unit.kind, unit.kind), unit.template,
                                 field, listed=False)


def brawl_description(game: Game) -> Description:
    """Bare hands: the rules' own dice and cost."""
    rules = game.rules
    rows = [row(_("Damage dice"), rules.brawl_dice, R.ACTION_DICE, rules_source("brawl_dice")),
            row(_("Damage bonus"), _("from STR+SIZ"), R.DAMAGE_BONUS,
                rules_source("damage_bonus")),
            row(_("Cost"), ap_text(rules.brawl_ap_cost), R.ATTACK_COST,
                rules_source("brawl_ap_cost")),
            row(_("Reach"), _("an adjacent square"), R.MELEE_PLACEMENT),
            row(_("Chance"), _("brawl + faction - crowding, cap {cap}").format(
                cap=rules.page.caps.brawl), R.BRAWL_CHANCE, rules_source("page.caps.brawl"))]
    return Description(_("bare hands"), "", (section(_("The weapon"), rows),))


def armour_description(game: Game, armour_id: str) -> Description:
    armour = game.content.armours[armour_id]
    where = entry_source("armours", armour_id)
    rows = [row(_("Reduction"), f"+{armour.reduction}", R.TOTAL_REDUCTION,
                at(where, "reduction")),
            row(_("Worn"), _("as a legendary armour, beside a standard one")
                if armour.legendary else _("as the standard armour"), R.TOTAL_REDUCTION,
                given(where, armour, "legendary"))]
    return Description(content_text(armour.name), "", (section(_("The armour"), rows),))


def item_description(game: Game, item_id: str, holder: Unit | None = None) -> Description:
    item = game.content.items[item_id]
    where = entry_source("items", item_id)
    reach = (_("its user only") if item.range == 0 else
             _("its user, or a unit within {squares} in line of sight").format(
                 squares=squares_text(item.range)))
    if item.effect.amount < 0 and item.range:
        reach = _("a unit within {squares} in line of sight; never one of the user's own "
                  "characters").format(squares=squares_text(item.range))
    rows = [row(_("Cost"), ap_text(item.ap_cost), R.ITEMS, at(where, "ap_cost")),
            row(_("On"), reach, R.ITEMS, given(where, item, "range")),
            row(_("Charges"), item.charges, R.ITEMS, given(where, item, "charges"))]
    if holder is not None:
        rows.append(row(_("Left to {unit}").format(unit=content_text(holder.name)),
                        holder.items.get(item_id, 0), R.ITEMS))
    rows.append(row(_("Roll"), _("none: it always works"), R.ITEMS))
    return Description(content_text(item.name), content_text(item.description), (
        section(_("The item"), rows),
        section(_("What it does"), effect_rows(item.effect, where, "effect", R.ITEMS))))


# --- units ----------------------------------------------------------------------------


def unit_description(game: Game, unit: Unit) -> Description:
    """A character or creature: characteristics, HP and AP, skills, masteries, attacks,
    reduction and timed effects, each value with its source."""
    stats = [row(stat_name(n), unit.stat(n), R.EFFECTIVE_CHARACTERISTICS, unit.stat_source(n))
             for n in unit.characteristics]
    stats += [row(_("HP"), f"{unit.hp}/{unit.hp_max}", R.DOWN, unit.source("hp_max")),
              row(_("AP"), f"{unit.ap}/{unit.ap_max}", R.ACTION_POINTS,
                  unit.source("ap_max") if template_of(game, unit).ap_max is not None
                  else rules_source("ap_max"))]
    skills = [row(stat_name(k), v, None, unit.source(f"skills.{k}") if v else
                  absent_source(unit, f"skills.{k}")) for k, v in unit.skills.items()]
    skills += [row(_("mastery {family}").format(family=family_name(family)), f"{value:+d}", None,
                   unit.source(f"masteries.{family}")) for family, value in unit.masteries.items()]
    content = game.content
    attacks = [row(content_text(content.weapons[w].name), _("{dice}, {ap}").format(
        dice=content.weapons[w].dice, ap=ap_text(content.weapons[w].ap_cost)),
        R.WEAPON_USED, entry_source("weapons", w)) for w in unit.weapons]
    attacks.append(row(_("bare hands"), _("{dice}, {ap}").format(
        dice=game.rules.brawl_dice, ap=ap_text(game.rules.brawl_ap_cost)), R.ATTACK_COST,
        rules_source("brawl_dice", "brawl_ap_cost")))
    attacks += [row(content_text(content.spells[s].name), _("{kind}, {ap}").format(
        kind=SPELL_KIND_WORDS[content.spells[s].kind](), ap=ap_text(content.spells[s].ap_cost)),
        R.SPELL_CONDITIONS, entry_source("spells", s)) for s in unit.spells]
    terms = reduction_terms(game, unit)
    name = namer(game)
    reduction = [row(term_label(t, name), f"{t.value:+d}", R.BY_ID.get(t.rule), t.source)
                 for t in terms]
    reduction.append(row(_("Total"), total_reduction(terms), R.TOTAL_REDUCTION))
    sections = [section(_("Characteristics"), stats), section(_("Skills"), skills),
                section(_("Attacks and spells"), attacks),
                section(_("Reduction of a blow"), reduction)]
    if unit.effects:
        sections.append(section(_("Timed effects"), [
            row(e.source, ngettext("{amount} {stat} ({n} turn left)",
                                   "{amount} {stat} ({n} turns left)", e.turns).format(
                amount=f"{e.amount:+d}", stat=stat_name(e.stat), n=e.turns),
                R.TIMED_EFFECTS, e.origin) for e in unit.effects]))
    return Description(content_text(unit.name), "", tuple(sections))


def template_of(game: Game, unit: Unit):
    content = game.content
    table = content.characters if unit.is_character else content.creatures
    return table[unit.template]


def gear(game: Game, unit: Unit) -> list[Gear]:
    """What of a unit can be described, in the order the inspect screen lists it: the unit
    itself, its weapons and bare hands, its armours, spells and items."""
    content = game.content
    found = [Gear("unit", unit.id, _("{unit}: characteristics, attacks, reduction").format(
        unit=content_text(unit.name)))]
    found += [Gear("weapon", w, _("Weapon: {name}").format(
        name=content_text(content.weapons[w].name)))
              for w in unit.weapons]
    found.append(Gear("brawl", "", _("Weapon: bare hands")))
    found += [Gear("armour", a, _("Armour: {name}").format(
        name=content_text(content.armours[a].name)))
              for a in (unit.armour, unit.legendary_armour) if a]
    found += [Gear("spell", s, _("Spell: {name}").format(
        name=content_text(content.spells[s].name)))
              for s in unit.spells]
    found += [Gear("item", i, ngettext("Item: {name} ({n} use left)",
                                       "Item: {name} ({n} uses left)", n).format(
        name=content_text(content.items[i].name), n=n)) for i, n in unit.items.items()]
    return found


def describe_gear(game: Game, unit: Unit, thing: Gear) -> Description:
    """The description of one thing `gear` listed."""
    if thing.kind == "unit":
        return unit_description(game, unit)
    if thing.kind == "weapon":
        return weapon_description(game, thing.id, unit)
    if thing.kind == "brawl":
        return brawl_description(game)
    if thing.kind == "armour":
        return armour_description(game, thing.id)
    if thing.kind == "spell":
        return spell_description(game, thing.id, unit)
    return item_description(game, thing.id, unit)
