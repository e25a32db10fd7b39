"""Events -> text in the player's language. The one place that words the journal; the
rules never do.

`describe(event, names)` gives one line per event, `styled(event, names)` the same line as
rich segments (a roll's outcome in colour), `headline` its short form for a status line or
a heading; `names` maps ids to display names (`names_for`, the one lookup). `terms_text`
is the one formatter of named terms: the journal, the panels and the export all use it.

Every line is one message of the catalog with named fields (`game.i18n`): English is the
source text, French the `.po`. Indentation and the `+ - =` of a formula are layout, not
words, and stay outside the messages. Content names (characters, weapons, spells) are the
content's own and are not translated.
"""

from __future__ import annotations

from functools import singledispatch
from typing import Callable

import msgspec
from rich.text import Text

from game.i18n import (DEFAULT_LANGUAGE, N_, NP_, _, agreeing, content_text, current_language,
                       field_text, format_percent, ngettext, pgettext)
from game.rules import events as ev
from game.rules.errors import render
from game.rules.templates import EFFECT_STATS
from game.rules.dice import DiceRoll
from game.rules.sources import Source, Sources
from game.rules.terms import Chance, Term

Names = Callable[[str], str]

#: The characteristics as the player's language abbreviates them (the page's FOR, TAI, CHA).
STAT_ABBREVIATIONS = {
    "STR": lambda: pgettext("characteristic", "STR"),
    "DEX": lambda: pgettext("characteristic", "DEX"),
    "SIZ": lambda: pgettext("characteristic", "SIZ"),
    "INT": lambda: pgettext("characteristic", "INT"),
    "DEF": lambda: pgettext("characteristic", "DEF"),
    "LCK": lambda: pgettext("characteristic", "LCK"),
}

#: Skills and the other statistics an effect can change, as the player reads them.
STAT_WORDS = {
    "brawl": lambda: pgettext("skill", "brawl"),
    "melee": lambda: pgettext("skill", "melee"),
    "ranged": lambda: pgettext("skill", "ranged"),
    "dodge": lambda: pgettext("skill", "dodge"),
    "magic": lambda: pgettext("skill", "magic"),
    "damage": lambda: pgettext("statistic", "damage"),
    "reduction": lambda: pgettext("statistic", "reduction"),
    "magic_bonus": lambda: pgettext("statistic", "magic bonus"),
}

def stat_name(key: str) -> str:
    """A characteristic's abbreviation or a skill's name in the player's language
    (`STR` → `FOR`, `dodge` → `esquive` in French); anything else as it is."""
    word = STAT_ABBREVIATIONS.get(key) or STAT_WORDS.get(key)
    return word() if word else key


#: The shipped weapons' mastery families (weapons.yaml's `family`): ids of the content,
#: worded at the edge (`mastery sword` / `maîtrise épée`). A designer's new family shows
#: as its id.
WEAPON_FAMILIES = (NP_("weapon family", "axe"), NP_("weapon family", "bow"),
                   NP_("weapon family", "crossbow"), NP_("weapon family", "cudgel"),
                   NP_("weapon family", "dagger"), NP_("weapon family", "mace"),
                   NP_("weapon family", "natural"), NP_("weapon family", "sling"),
                   NP_("weapon family", "sword"))


def family_name(key: str) -> str:
    """A weapon family (a mastery) in the player's language: `bow` → `arc` in French; a
    family the catalog does not know as it is."""
    return pgettext("weapon family", key)


TERM_LABELS = {
    "skill": "{detail}",
    "mastery": N_("mastery {detail}"),
    # Translators: a characteristic's bonus (R3.6), e.g. "sb(STR 15)"; keep it short
    "stat_bonus": N_("sb({detail})"),
    "faction": N_("faction ({detail})"),
    "crowding": N_("crowding ({detail})"),
    "distance": N_("distance ({detail})"),
    "luck": N_("luck ({detail})"),
    "effect": N_("effect {detail}"),
    "difficulty": N_("difficulty"),
    "defence": N_("defence ({detail})"),
    "armour": "{detail}",
    "legendary": "{detail}",
}


def _stat_detail(term: Term, name: Names) -> str:
    # A characteristic and the value read: `DEX 16` (`DEX` as the language abbreviates it).
    if term.number is None:
        return stat_name(term.detail)
    return f"{stat_name(term.detail)} {term.number}"


def faction_of(name: Names, key: str) -> str:
    """A faction as a roll's terms name it: its id in English (`order`, what the content
    writes), its content name in another language (`Ordre du Lys`), where the lookup of
    names knows the factions (`namer`, `names_for` with a content); else its id."""
    factions = getattr(name, "factions", None)
    if factions is None or current_language() == DEFAULT_LANGUAGE:
        return key
    found = factions(key)
    return content_text(found) if found else key


def _faction_detail(term: Term, name: Names) -> str:
    # The faction and the allies counted, by id; no faction at all: "".
    if not term.detail:
        return _("no faction")
    faction = faction_of(name, term.detail)
    if not term.units:
        return _("{faction}: no ally").format(faction=faction)
    # a list of allies: the separator is the translation's too
    return _("{faction}: {allies}").format(faction=faction,
                                           allies=_(", ").join(map(name, term.units)))


def _crowding_detail(term: Term, name: Names) -> str:
    # Each ally in sight by id, with its distance in squares.
    if not term.units:
        return _("no ally in sight")
    return _(", ").join(_("{ally} at {distance}").format(ally=name(ally), distance=squares)
                        for ally, squares in zip(term.units, term.squares))


def _distance_detail(term: Term, name: Names) -> str:
    if term.number is None:
        return term.detail
    return ngettext("{n} square", "{n} squares", term.number).format(n=term.number)


def _defence_detail(term: Term, name: Names) -> str:
    # A unit's or an object's `DEF 14`; a door's and an object's without one (R6.7).
    if term.number is None:
        return stat_name(term.detail)
    if term.detail == "door":
        return _("door DEF {value}").format(value=term.number)
    if term.detail == "base":
        return _("base defence {value}").format(value=term.number)
    return _stat_detail(term, name)


def _named_detail(term: Term, name: Names) -> str:
    # An effect's detail is the id of what laid it (a spell, an item), an armour's its id.
    return name(term.detail)


#: How a term's data is worded, where it is more than its detail.
TERM_DETAILS = {"faction": _faction_detail, "crowding": _crowding_detail,
                "distance": _distance_detail, "defence": _defence_detail,
                "stat_bonus": _stat_detail, "luck": _stat_detail,
                "effect": _named_detail, "armour": _named_detail, "legendary": _named_detail,
                "skill": lambda term, name: stat_name(term.detail),
                "mastery": lambda term, name: family_name(term.detail)}


# --- sources: where a number comes from in the content --------------------------------
# The content's layout is worded here, not in the rules: a table is its own file, the
# rules theirs, each scenario its own under scenarios/. File names and paths are the
# content's own, in every language; only what a note says is translated.


def source_file(source: Source) -> str:
    """The file a source reads: `weapons.yaml`, `rules.yaml`, `scenarios/crossroads.yaml`."""
    if source.file == "scenarios":
        return f"scenarios/{source.entry}.yaml"
    return f"{source.file}.yaml"


def source_part(source: Source) -> str:
    """One source as a designer finds it: `weapons.yaml: sword.dice`, `rules.yaml: xp.hit,
    xp.perfect`, `characters.yaml: aldric.skills.melee, set by the designer`,
    `characters.yaml: ysolde (no masteries.axe: 0)`."""
    entry = "" if source.file == "scenarios" else source.entry
    if source.note == "absent":
        # English names the missing field by its YAML path (its keys are English words);
        # another language by the field's label in its words (`pas de bagarre : 0`).
        paths = source.paths if current_language() == DEFAULT_LANGUAGE \
            else [field_label(path) for path in source.paths]
        body = _("{entry} (no {path}: 0)").format(entry=entry, path=", ".join(paths))
    else:
        body = ", ".join(f"{entry}.{p}" if entry else p for p in source.paths) or entry
        if source.note == "set":
            body = _("{value}, set by the designer").format(value=body)
    return f"{source_file(source)}: {body}"


def source_text(sources: Sources) -> str:
    """The sources of a number, in order, joined by "; " ("" for none)."""
    return "; ".join(map(source_part, sources))


def term_label(term: Term, name: Names = str) -> str:
    """A term's label in the player's language, its data worded (`faction (order: Brenna,
    Elise)`, `sb(FOR 15)`), names from `name` (`names_for`)."""
    wording = TERM_DETAILS.get(term.name)
    detail = wording(term, name) if wording else term.detail
    label = TERM_LABELS.get(term.name, term.name)
    return (_(label) if label != "{detail}" else label).format(detail=detail)


def terms_text(terms: tuple[Term, ...], continued: bool = False, name: Names = str) -> str:
    """`melee 50 + mastery sword 10 + sb(STR 15) 5`: signed terms in order.

    `continued`: the terms follow other numbers, so the first one shows its sign too.
    `name`: the display names (`names_for`), for the spell or item behind an effect.
    """
    parts = []
    for i, term in enumerate(terms):
        sign = "-" if term.value < 0 else "+"
        value = f"{abs(term.value)}"
        label = term_label(term, name)
        parts.append(f"{label} {value}" if i == 0 and term.value >= 0
                     and not continued else f"{sign} {label} {value}")
    return " ".join(parts)


def turns_text(turns: int) -> str:
    """`1 turn`, `3 turns`."""
    return ngettext("{n} turn", "{n} turns", turns).format(n=turns)


def clamp_text(raw: int, value: int, cap: int | None = None) -> str:
    """`= 62`, or the clamp made visible: `= -6 → 0 (floor)`, `= 104 → 95 (cap)`."""
    if raw == value:
        return f"= {value}"
    if cap is not None and raw > cap:
        return _("= {raw} → {value} (cap)").format(raw=raw, value=value)
    return _("= {raw} → {value} (floor)").format(raw=raw, value=value)


def chance_line(label: str, chance: Chance, name: Names = str) -> Text:
    """`sword 65%  [melee 50 + mastery sword 10 + sb(STR 15) 5]`, a clamp made visible:
    a chance before its roll, as the panels and the spell list show it."""
    clamp = "" if chance.raw == chance.value else \
        f" {clamp_text(chance.raw, chance.value, chance.cap)}"
    return Text.assemble((f"{label} {format_percent(chance.value / 100, 0)}", "bold"),
                         f"  [{terms_text(chance.terms, name=name)}{clamp}]")


def _outcome(event: ev.Roll) -> str:
    """The roll's verdict in words: `hit`, `not dodged`, `countered and reflected`…"""
    if event.check == "attack":
        if event.success:
            return pgettext("roll", "perfect hit") if event.perfect else pgettext("roll", "hit")
        return pgettext("roll", "miss")
    if event.check == "dodge":
        if event.success:
            return pgettext("roll", "perfect dodged") if event.perfect \
                else pgettext("roll", "dodged")
        return pgettext("roll", "not dodged")
    if event.check == "counter":
        if event.success:
            return pgettext("roll", "countered and reflected") if event.perfect \
                else pgettext("roll", "countered")
        return pgettext("roll", "not countered")
    if event.success:
        return pgettext("roll", "perfect success") if event.perfect \
            else pgettext("roll", "success")
    return pgettext("roll", "failure")


def roll_text(event: ev.Roll) -> str:
    """`34 ≤ 62 hit` or `71 > 62 miss`: the roll against its chance."""
    outcome = _outcome(event)
    if event.success:
        if event.forced:
            return _("{roll} (forced) ≤ {chance} {outcome}").format(
                roll=event.roll, chance=event.chance, outcome=outcome)
        return _("{roll} ≤ {chance} {outcome}").format(
            roll=event.roll, chance=event.chance, outcome=outcome)
    if event.forced:
        return _("{roll} (forced) > {chance} {outcome}").format(
            roll=event.roll, chance=event.chance, outcome=outcome)
    return _("{roll} > {chance} {outcome}").format(
        roll=event.roll, chance=event.chance, outcome=outcome)


def refusal_text(message: str, fields, reason: str = "") -> str:
    """An engine refusal (`Impossible`, `Refused`) in the player's language; a journal
    from before refusals had ids gives its English `reason`."""
    return render(message, fields, agreeing(fields), field_text) if message else reason


def _indent(line: str) -> str:
    """A line that belongs to the command above it (rolls, damage, XP…)."""
    return f"  {line}"


def _ap(e) -> dict[str, int]:
    return {"ap": e.ap_spent, "left": e.ap_left}


@singledispatch
def describe(event: ev.Event, name: Names = str) -> str:
    return f"{type(event).__name__}: {msgspec.to_builtins(event)}"


# Each registered by its class: by its annotation, singledispatch would evaluate every
# function's annotations at import, a cost of the game's start-up.
@describe.register(ev.CommandIssued)
def _line(e: ev.CommandIssued, name: Names = str) -> str:
    return f"▶ {e.text}"


@describe.register(ev.Refused)
def _line(e: ev.Refused, name: Names = str) -> str:
    return _("✗ {command}: {reason}").format(
        command=e.text, reason=refusal_text(e.message, e.fields, e.reason))


@describe.register(ev.ForcedRolls)
def _line(e: ev.ForcedRolls, name: Names = str) -> str:
    rolls = ", ".join(map(str, e.rolls))
    if e.dropped:
        return _("next d100 rolls forced: {rolls} (replacing {dropped}, never rolled)").format(
            rolls=rolls, dropped=", ".join(map(str, e.dropped)))
    return _("next d100 rolls forced: {rolls}").format(rolls=rolls)


@describe.register(ev.TurnStarted)
def _line(e: ev.TurnStarted, name: Names = str) -> str:
    return f"— {headline(e)} —"


@describe.register(ev.CreaturePhase)
def _line(e: ev.CreaturePhase, name: Names = str) -> str:
    return f"— {headline(e)} —"


@describe.register(ev.Moved)
def _line(e: ev.Moved, name: Names = str) -> str:
    end = e.path[-1]
    return ngettext("{unit} moves {n} square to {x},{y} ({ap} AP, {left} left)",
                    "{unit} moves {n} squares to {x},{y} ({ap} AP, {left} left)",
                    len(e.path)).format(unit=name(e.unit), n=len(e.path), x=end[0], y=end[1],
                                        **_ap(e))


@describe.register(ev.DoorChanged)
def _line(e: ev.DoorChanged, name: Names = str) -> str:
    if e.state == "open":
        text = _("{unit} opens the door at {x},{y} ({ap} AP, {left} left)")
    else:
        text = _("{unit} closes the door at {x},{y} ({ap} AP, {left} left)")
    return text.format(unit=name(e.unit), x=e.at[0], y=e.at[1], **_ap(e))


@describe.register(ev.Waited)
def _line(e: ev.Waited, name: Names = str) -> str:
    return ngettext("{unit} waits: done for this turn ({n} AP unused)",
                    "{unit} waits: done for this turn ({n} AP unused)",
                    e.ap_unused).format(unit=name(e.unit), n=e.ap_unused)


@describe.register(ev.AttackDeclared)
def _line(e: ev.AttackDeclared, name: Names = str) -> str:
    # The distance in squares, with the plural of the word for squares in each language
    # ("at 1 square", "at 4 squares"; "à 1 case", "à 4 cases").
    d = e.distance
    fields = dict(attacker=name(e.attacker), distance=d, **_ap(e))
    if e.target_kind in ("character", "creature", "object"):
        fields["target"] = name(e.target)
        if e.mode == "brawl":
            text = ngettext("{attacker} brawls with {target} at {distance} square "
                            "({ap} AP, {left} left)",
                            "{attacker} brawls with {target} at {distance} squares "
                            "({ap} AP, {left} left)", d)
        else:
            text = ngettext("{attacker} attacks ({weapon}) {target} at {distance} square "
                            "({ap} AP, {left} left)",
                            "{attacker} attacks ({weapon}) {target} at {distance} squares "
                            "({ap} AP, {left} left)", d)
    else:
        fields["door"] = e.target
        if e.mode == "brawl":
            text = ngettext("{attacker} brawls with the door {door} at {distance} square "
                            "({ap} AP, {left} left)",
                            "{attacker} brawls with the door {door} at {distance} squares "
                            "({ap} AP, {left} left)", d)
        else:
            text = ngettext("{attacker} attacks ({weapon}) the door {door} at {distance} square "
                            "({ap} AP, {left} left)",
                            "{attacker} attacks ({weapon}) the door {door} at {distance} squares "
                            "({ap} AP, {left} left)", d)
    if e.mode != "brawl":
        fields["weapon"] = name(e.weapon)
    return text.format(**fields)


def _roll_line(e: ev.Roll, name: Names) -> tuple[str, str]:
    """The roll's line and, inside it, its outcome (`roll_text`), to colour."""
    raw = sum(t.value for t in e.terms)
    outcome = roll_text(e)
    fields = dict(unit=name(e.unit), outcome=outcome, terms=terms_text(e.terms, name=name),
                  clamp=clamp_text(raw, e.chance, e.cap))
    if e.check == "attack":
        text = _("attack roll {unit}: {outcome}  [{terms} {clamp}]")
    elif e.check == "dodge":
        text = _("dodge roll {unit}: {outcome}  [{terms} {clamp}]")
    elif e.check == "magic":
        text = _("magic roll {unit}: {outcome}  [{terms} {clamp}]")
    elif e.check == "counter":
        text = _("counter roll {unit}: {outcome}  [{terms} {clamp}]")
    else:
        text = _("{check} roll {unit}: {outcome}  [{terms} {clamp}]")
        fields["check"] = e.check
    return _indent(text.format(**fields)), outcome


@describe.register(ev.Roll)
def _line(e: ev.Roll, name: Names = str) -> str:
    return _roll_line(e, name)[0]


def dice_label(roll: DiceRoll, name: Names = str) -> str:
    """A damage die's label: a weapon or spell by its name, or the rules' own `brawl`,
    `perfect` and `bonus STR+SIZ 33` worded in the player's language."""
    if roll.label == "brawl":
        return pgettext("damage", "brawl")
    if roll.label == "perfect":
        return pgettext("damage", "perfect")
    if roll.label == "bonus" and roll.stats:
        stats = "+".join(map(stat_name, roll.stats))
        return _("bonus {stats}").format(stats=f"{stats} {roll.number}")
    return name(roll.label)


@describe.register(ev.Damage)
def _line(e: ev.Damage, name: Names = str) -> str:
    dice = " + ".join(f"{dice_label(r, name)} {r.expr} {list(r.faces)}={r.total}" for r in e.dice)
    if e.terms:
        dice = f"{dice} {terms_text(e.terms, continued=True, name=name)}"
    fields = dict(target=name(e.target), dice=dice, clamp=clamp_text(e.raw, max(0, e.raw)),
                  amount=e.amount, hp_before=e.hp_before, hp_after=e.hp_after)
    if e.reduction_terms:
        red_sum = sum(t.value for t in e.reduction_terms)
        text = _("damage to {target}: {dice} {clamp}, reduction {reduction} {reduction_clamp} "
                 "→ {amount} (HP {hp_before} → {hp_after})")
        fields.update(reduction=terms_text(e.reduction_terms, name=name),
                      reduction_clamp=clamp_text(red_sum, e.reduction))
    else:
        text = _("damage to {target}: {dice} {clamp}, reduction ignored → {amount} "
                 "(HP {hp_before} → {hp_after})")
    return _indent(text.format(**fields))


@describe.register(ev.Healed)
def _line(e: ev.Healed, name: Names = str) -> str:
    dice = " + ".join(f"{r.expr} {list(r.faces)}={r.total}" for r in e.dice)
    return _indent(_("{target} healed {amount} ({dice}; HP {hp_before} → {hp_after})").format(
        target=name(e.target), amount=e.amount, dice=dice, hp_before=e.hp_before,
        hp_after=e.hp_after))


def xp_reason(e: ev.XpGained) -> str:
    """Why the XP was earned (`attack dodged`), in the player's language."""
    # A journal from before reasons had ids: its fixed English reasons are msgids too.
    return render(e.message, e.fields, _, content_text) if e.message else _(e.reason)


@describe.register(ev.XpGained)
def _line(e: ev.XpGained, name: Names = str) -> str:
    reason = xp_reason(e)
    return _indent(_("{unit} +{amount} XP ({reason}; {total} XP, level {level})").format(
        unit=name(e.unit), amount=e.amount, reason=reason, total=e.total, level=e.level))


@describe.register(ev.LevelUp)
def _line(e: ev.LevelUp, name: Names = str) -> str:
    return _indent(_("★ {unit} reaches level {level}").format(unit=name(e.unit), level=e.level))


@describe.register(ev.Quip)
def _line(e: ev.Quip, name: Names = str) -> str:
    return _indent(_("{unit}: “{text}”").format(unit=name(e.unit), text=content_text(e.text)))


@describe.register(ev.Down)
def _line(e: ev.Down, name: Names = str) -> str:
    return _indent(_("✝ {unit} is down").format(unit=name(e.unit)))


@describe.register(ev.Destroyed)
def _line(e: ev.Destroyed, name: Names = str) -> str:
    if e.kind == "door":
        return _indent(_("the door at {x},{y} is destroyed").format(x=e.at[0], y=e.at[1]))
    return _indent(_("{target} is destroyed").format(target=name(e.target)))


@describe.register(ev.SpellCast)
def _line(e: ev.SpellCast, name: Names = str) -> str:
    return _("{caster} casts {spell} on {target} ({ap} AP, {left} left)").format(
        caster=name(e.caster), spell=name(e.spell), target=name(e.target), **_ap(e))


@describe.register(ev.Countered)
def _line(e: ev.Countered, name: Names = str) -> str:
    if e.reflected:
        text = _("{unit} counters {spell} and reflects it!")
    else:
        text = _("{unit} counters {spell}")
    return _indent(text.format(unit=name(e.unit), spell=name(e.spell)))


@describe.register(ev.ApDrained)
def _line(e: ev.ApDrained, name: Names = str) -> str:
    if e.next_refill is None:
        return _indent(_("{unit} loses {amount} AP to the counter ({left} left)").format(
            unit=name(e.unit), amount=e.amount, left=e.ap_left))
    return _indent(_("{unit} owes {amount} AP to the counter: taken off the next refill "
                     "({owed} owed, next turn starts with {refill} AP)").format(
        unit=name(e.unit), amount=e.amount, owed=e.owed, refill=e.next_refill))


@describe.register(ev.OwedApPaid)
def _line(e: ev.OwedApPaid, name: Names = str) -> str:
    return _indent(_("{unit} pays {amount} AP owed to a counter: starts with {ap} AP").format(
        unit=name(e.unit), amount=e.amount, ap=e.ap))


@describe.register(ev.EffectAdded)
def _line(e: ev.EffectAdded, name: Names = str) -> str:
    return _indent(ngettext("{unit}: {source} {amount:+d} {stat} for {n} turn",
                            "{unit}: {source} {amount:+d} {stat} for {n} turns", e.turns).format(
        unit=name(e.unit), source=name(e.source), amount=e.amount, stat=name(e.stat),
        n=e.turns))


@describe.register(ev.ItemUsed)
def _line(e: ev.ItemUsed, name: Names = str) -> str:
    fields = dict(unit=name(e.unit), item=name(e.item), target=name(e.target), n=e.uses_left,
                  **_ap(e))
    if e.target == e.unit:
        if e.uses_left == 0:
            text = _("{unit} uses the {item} ({ap} AP, {left} left; used up)")
        else:
            text = ngettext("{unit} uses the {item} ({ap} AP, {left} left; {n} use left)",
                            "{unit} uses the {item} ({ap} AP, {left} left; {n} uses left)",
                            e.uses_left)
    elif e.uses_left == 0:
        text = _("{unit} uses the {item} on {target} ({ap} AP, {left} left; used up)")
    else:
        text = ngettext("{unit} uses the {item} on {target} ({ap} AP, {left} left; "
                        "{n} use left)",
                        "{unit} uses the {item} on {target} ({ap} AP, {left} left; "
                        "{n} uses left)", e.uses_left)
    return text.format(**fields)


@describe.register(ev.EffectExpired)
def _line(e: ev.EffectExpired, name: Names = str) -> str:
    return _indent(_("{unit}: {source} on {stat} wears off").format(
        unit=name(e.unit), source=name(e.source), stat=name(e.stat)))


#: The edits whose `item` field is a content id (`give`): shown by its name (`hache`).
_GIVEN = frozenset({"given the weapon {item}", "given the armour {item}",
                    "given the spell {item}"})


def field_label(path: str) -> str:
    """A unit's field as a designer's edit names it (`set aldric.stats.STR`), in the
    player's words: `hp` → `PV`, `stats.STR` → `FOR`, `skills.melee` → `mêlée`,
    `masteries.blade` → `maîtrise blade`; anything else as it is."""
    words = {"hp": lambda: _("HP"), "ap": lambda: _("AP"), "xp": lambda: _("XP")}
    if path in words:
        return words[path]()
    head, _dot, key = path.partition(".")
    if head in ("stats", "skills") and key:
        return stat_name(key)
    if head == "masteries" and key:
        return _("mastery {detail}").format(detail=family_name(key))
    return path


def _edit_words(message: str, fields: dict, name: Names) -> dict:
    """An edit's fields as its line shows them: a field path in the player's words, a
    given weapon, armour or spell by its content name (the fields keep the ids)."""
    if message == "{field} {old} → {value}" and isinstance(fields.get("field"), str):
        return {**fields, "field": field_label(fields["field"])}
    if message in _GIVEN and isinstance(fields.get("item"), str):
        return {**fields, "item": name(fields["item"])}
    return fields


@describe.register(ev.Edited)
def _line(e: ev.Edited, name: Names = str) -> str:
    # The edit's words agree with the unit (`Ysolde placée`): its gender by its id, as its
    # name (a journal from before genders were looked up here may carry it in its fields).
    fields = {"gender": gender_of(name, e.unit), **e.fields}
    change = render(e.message, _edit_words(e.message, e.fields, name), agreeing(fields),
                    field_text) if e.message else e.change
    return _indent(_("✎ edit: {unit} {change}").format(unit=name(e.unit), change=change))


@describe.register(ev.Reloaded)
def _line(e: ev.Reloaded, name: Names = str) -> str:
    if not e.changes:
        return _("⟳ content reloaded: nothing changed")
    return _("⟳ content reloaded: {changes}").format(changes="; ".join(e.changes))


@describe.register(ev.GameOver)
def _line(e: ev.GameOver, name: Names = str) -> str:
    if e.name:
        return _("=== Game over: {name} wins ===").format(name=content_text(e.name))
    return _("=== Game over: nobody wins ===")


@singledispatch
def styled(event: ev.Event, name: Names = str) -> Text:
    """The event's line as rich segments: what a reader should see at a glance stands out."""
    return Text(describe(event, name))


@styled.register
def _line(e: ev.Roll, name: Names = str) -> Text:
    line, outcome = _roll_line(e, name)
    text = Text(line)
    start = line.find(outcome)
    if start >= 0:
        text.stylize(f"bold {'green' if e.success else 'red'}", start, start + len(outcome))
    return text


def headline(event: ev.Event, name: Names = str) -> str:
    """The event in short, for a status line or a heading: `Round 2: Bruno's turn (player 2)`."""
    if isinstance(event, ev.TurnStarted):
        return _("Round {round}: {name}'s turn (player {player})").format(
            round=event.round, name=content_text(event.name), player=event.player)
    if isinstance(event, ev.CreaturePhase):
        return _("Round {round}: the creatures act").format(round=event.round)
    return describe(event, name).strip()


def gender_of(name: Names, key: str) -> str | None:
    """The grammatical gender (`m`, `f`) of the unit `key`, where the lookup of names knows
    it (`namer`, `names_for`), for the words that agree with its name; None otherwise."""
    genders = getattr(name, "genders", None)
    return genders(key) if genders is not None else None


def names_for(content, units: dict[str, str], things: dict[str, str],
              genders: dict[str, str] | None = None) -> Names:
    """The one lookup of display names: the statistics an effect changes (`magic_bonus` is
    "magic bonus"), weapons, spells, items and armours from the content (when known), units
    and objects by id; an unknown id shows as itself. Content names are in the player's
    language (`content_text`) when a name is looked up."""
    labels, names = _content_labels(content)
    names.update(units)

    def name(key: str) -> str:
        if key in things:
            return _thing(things[key])
        return content_text(names[key]) if key in names else labels.get(key, key)
    name.genders = (genders or {}).get
    name.factions = _faction_names(content).get
    return name


def _content_labels(content) -> tuple[dict[str, str], dict[str, str]]:
    """The statistics' labels, and the content's names by id in English (each shown in
    the language of the moment it is looked up)."""
    labels: dict[str, str] = {stat: stat_name(stat) for stat in EFFECT_STATS}
    names: dict[str, str] = {}
    if content is not None:
        for table in (content.armours, content.weapons, content.spells, content.items):
            names.update({key: entry.name for key, entry in table.items()})
    return labels, names


def _thing(name: str) -> str:
    # Translators: an object of the map by its content name ("the barrel"), in a sentence
    return _("the {thing}").format(thing=content_text(name))


def namer(game) -> Names:
    """Display names for a game's weapons, spells, units and objects, read as the game is
    when a line is worded: a unit a designer spawns is named as soon as it stands (a
    script's journal and the app's say the same)."""
    labels, names = _content_labels(game.content)

    def name(key: str) -> str:
        unit = game.units.get(key)
        if unit is not None:
            return content_text(unit.name)
        thing = game.things.get(key)
        if thing is not None:
            return _thing(thing.name)
        return content_text(names[key]) if key in names else labels.get(key, key)

    def genders(key: str) -> str | None:
        unit = game.units.get(key)
        return unit.gender if unit is not None else None
    name.genders = genders
    name.factions = _faction_names(game.content).get
    return name


def _faction_names(content) -> dict[str, str]:
    """The content's factions' names by id, in English (looked up in the player's
    language when shown)."""
    factions = getattr(content, "factions", None) or {}
    return {key: faction.name for key, faction in factions.items()}


#: A creature's mark after its glyph: its ordinal among creatures of that glyph, as a
#: letter, so that on the map a digit always means a player (`A1`) and never a count.
_ORDINALS = "abcdefghijklmnopqrstuvwxyz"


def _owned_label(unit, taken: set[str]) -> str:
    """A player's unit's label: its glyph and owner, else a letter of its name, else of
    the alphabet, in the glyph's case, that no unit of the same player has yet."""
    label = f"{unit.glyph}{unit.owner}"
    if label not in taken:
        return label
    case = str.upper if unit.glyph.isupper() else str.lower
    for letter in [*unit.name, *_ORDINALS]:
        if letter.isalpha() and f"{case(letter)}{unit.owner}" not in taken:
            return f"{case(letter)}{unit.owner}"
    return label


def unit_labels(units) -> dict[str, str]:
    """Each unit's two-character label, on the map, in panels and in exports: a
    character's glyph and its player's number (`A1`), a creature's glyph and its ordinal
    among creatures of that glyph as a letter (`ga`, `gb`; `*` past the 26th). Two units
    of one player with the same glyph (the dungeon's two wolves of Bruno's) are told
    apart: the later one's glyph becomes its name's initial (`w2`, `r2`)."""
    labels: dict[str, str] = {}
    counts: dict[str, int] = {}
    for unit in units.values():
        if unit.is_character or unit.owner is not None:
            labels[unit.id] = _owned_label(unit, set(labels.values()))
        else:
            count = counts[unit.glyph] = counts.get(unit.glyph, 0) + 1
            labels[unit.id] = unit.glyph + (_ORDINALS[count - 1] if count <= 26 else "*")
    return labels
