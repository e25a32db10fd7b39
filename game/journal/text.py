"""Events -> English text. The one place that words the journal; the rules never do.

`describe(event, names)` gives one line per event, `styled(event, names)` the same line as
rich segments (a roll's outcome in colour), `headline` its short form for a status line or
a heading; `names` maps ids to display names (`names_for`, the one lookup). `terms_text`
is the one formatter of named terms: the journal, the panels and the export all use it.
"""

from __future__ import annotations

from functools import singledispatch
from typing import Callable

import msgspec
from rich.text import Text

from game.rules import events as ev
from game.rules.templates import EFFECT_STATS
from game.rules.terms import Chance, Term

Names = Callable[[str], str]

TERM_LABELS = {
    "skill": "{detail}",
    "mastery": "mastery {detail}",
    "stat_bonus": "sb({detail})",
    "faction": "faction ({detail})",
    "crowding": "crowding ({detail})",
    "distance": "distance ({detail})",
    "luck": "luck ({detail})",
    "effect": "effect {detail}",
    "difficulty": "difficulty",
    "defence": "defence ({detail})",
    "armour": "{detail}",
    "legendary": "{detail}",
}


def _faction_detail(detail: str) -> str:
    # The engine's detail is data: `order: Brenna, Elise`, `order` (no ally), "" (no faction).
    if not detail:
        return "no faction"
    return detail if ":" in detail else f"{detail}: no ally"


def _crowding_detail(detail: str) -> str:
    # `Ayla 2, Bob 1`: each ally and its distance; "" when none is in sight.
    if not detail:
        return "no ally in sight"
    return ", ".join("{} at {}".format(*ally.rsplit(" ", 1)) for ally in detail.split(", "))


def _distance_detail(detail: str) -> str:
    return f"{detail} square" + ("" if detail == "1" else "s")


#: How a term's data detail is worded, where it is more than the detail itself.
TERM_DETAILS = {"faction": _faction_detail, "crowding": _crowding_detail,
                "distance": _distance_detail}


def term_label(term: Term, name: Names = str) -> str:
    # An effect's detail is the id of what laid it (a spell, an item): players read its name.
    detail = name(term.detail) if term.name == "effect" else term.detail
    if term.name in TERM_DETAILS:
        detail = TERM_DETAILS[term.name](detail)
    return TERM_LABELS.get(term.name, term.name).format(detail=detail)


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
    return f"{turns} turn" + ("" if turns == 1 else "s")


def clamp_text(raw: int, value: int, cap: int | None = None) -> str:
    """`= 62`, or the clamp made visible: `= -6 → 0 (floor)`, `= 104 → 95 (cap)`."""
    if raw == value:
        return f"= {value}"
    why = "cap" if cap is not None and raw > cap else "floor"
    return f"= {raw} → {value} ({why})"


def chance_line(label: str, chance: Chance, name: Names = str) -> Text:
    """`sword 65%  [melee 50 + mastery sword 10 + sb(STR 15) 5]`, a clamp made visible:
    a chance before its roll, as the panels and the spell list show it."""
    clamp = "" if chance.raw == chance.value else \
        f" {clamp_text(chance.raw, chance.value, chance.cap)}"
    return Text.assemble((f"{label} {chance.value}%", "bold"),
                         f"  [{terms_text(chance.terms, name=name)}{clamp}]")


def roll_text(event: ev.Roll) -> str:
    """`34 ≤ 62 hit` or `71 > 62 miss`: the roll against its chance."""
    words = {"attack": ("hit", "miss"), "dodge": ("dodged", "not dodged"),
             "magic": ("success", "failure"), "counter": ("countered", "not countered")}
    yes, no = words.get(event.check, ("success", "failure"))
    outcome = yes if event.success else no
    if event.perfect:
        outcome = "countered and reflected" if event.check == "counter" else "perfect " + outcome
    sign = "≤" if event.success else ">"
    forced = " (forced)" if event.forced else ""
    return f"{event.roll}{forced} {sign} {event.chance} {outcome}"


@singledispatch
def describe(event: ev.Event, name: Names = str) -> str:
    return f"{type(event).__name__}: {msgspec.to_builtins(event)}"


@describe.register
def _(e: ev.CommandIssued, name: Names = str) -> str:
    return f"▶ {e.text}"


@describe.register
def _(e: ev.Refused, name: Names = str) -> str:
    return f"✗ {e.text}: {e.reason}"


@describe.register
def _(e: ev.ForcedRolls, name: Names = str) -> str:
    dropped = f" (replacing {', '.join(map(str, e.dropped))}, never rolled)" if e.dropped else ""
    return f"next d100 rolls forced: {', '.join(map(str, e.rolls))}{dropped}"


@describe.register
def _(e: ev.TurnStarted, name: Names = str) -> str:
    return f"— {headline(e)} —"


@describe.register
def _(e: ev.CreaturePhase, name: Names = str) -> str:
    return f"— {headline(e)} —"


@describe.register
def _(e: ev.Moved, name: Names = str) -> str:
    end = e.path[-1]
    squares = "square" if len(e.path) == 1 else "squares"
    return f"{name(e.unit)} moves {len(e.path)} {squares} to {end[0]},{end[1]} " \
           f"({e.ap_spent} AP, {e.ap_left} left)"


@describe.register
def _(e: ev.DoorChanged, name: Names = str) -> str:
    verb = "opens" if e.state == "open" else "closes"
    return f"{name(e.unit)} {verb} the door at {e.at[0]},{e.at[1]} " \
           f"({e.ap_spent} AP, {e.ap_left} left)"


@describe.register
def _(e: ev.AttackDeclared, name: Names = str) -> str:
    how = "brawls with" if e.mode == "brawl" else f"attacks ({name(e.weapon)})"
    target = name(e.target) if e.target_kind in ("character", "creature", "object") \
        else f"the door {e.target}"
    return f"{name(e.attacker)} {how} {target} at {e.distance} " \
           f"({e.ap_spent} AP, {e.ap_left} left)"


def _roll_parts(e: ev.Roll, name: Names) -> tuple[str, str, str]:
    raw = sum(t.value for t in e.terms)
    return (f"  {e.check} roll {name(e.unit)}: ", roll_text(e),
            f"  [{terms_text(e.terms, name=name)} {clamp_text(raw, e.chance, e.cap)}]")


@describe.register
def _(e: ev.Roll, name: Names = str) -> str:
    return "".join(_roll_parts(e, name))


@describe.register
def _(e: ev.Damage, name: Names = str) -> str:
    dice = " + ".join(f"{r.label} {r.expr} {list(r.faces)}={r.total}" for r in e.dice)
    extra = f" {terms_text(e.terms, continued=True, name=name)}" if e.terms else ""
    if e.reduction_terms:
        red = terms_text(e.reduction_terms, name=name)
        red_sum = sum(t.value for t in e.reduction_terms)
        reduction = f"reduction {red} {clamp_text(red_sum, e.reduction)}"
    else:
        reduction = "reduction ignored"
    return f"  damage to {name(e.target)}: {dice}{extra} {clamp_text(e.raw, max(0, e.raw))}, " \
           f"{reduction} → {e.amount} (HP {e.hp_before} → {e.hp_after})"


@describe.register
def _(e: ev.Healed, name: Names = str) -> str:
    dice = " + ".join(f"{r.expr} {list(r.faces)}={r.total}" for r in e.dice)
    return f"  {name(e.target)} healed {e.amount} ({dice}; HP {e.hp_before} → {e.hp_after})"


@describe.register
def _(e: ev.XpGained, name: Names = str) -> str:
    return f"  {name(e.unit)} +{e.amount} XP ({e.reason}; {e.total} XP, level {e.level})"


@describe.register
def _(e: ev.LevelUp, name: Names = str) -> str:
    return f"  ★ {name(e.unit)} reaches level {e.level}"


@describe.register
def _(e: ev.Quip, name: Names = str) -> str:
    return f"  {name(e.unit)}: “{e.text}”"


@describe.register
def _(e: ev.Down, name: Names = str) -> str:
    return f"  ✝ {name(e.unit)} is down"


@describe.register
def _(e: ev.Destroyed, name: Names = str) -> str:
    what = f"the door at {e.at[0]},{e.at[1]}" if e.kind == "door" else name(e.target)
    return f"  {what} is destroyed"


@describe.register
def _(e: ev.SpellCast, name: Names = str) -> str:
    return f"{name(e.caster)} casts {name(e.spell)} on {name(e.target)} " \
           f"({e.ap_spent} AP, {e.ap_left} left)"


@describe.register
def _(e: ev.Countered, name: Names = str) -> str:
    return f"  {name(e.unit)} counters {name(e.spell)}" + (" and reflects it!" if e.reflected else "")


@describe.register
def _(e: ev.ApDrained, name: Names = str) -> str:
    if e.next_refill is None:
        return f"  {name(e.unit)} loses {e.amount} AP to the counter ({e.ap_left} left)"
    return f"  {name(e.unit)} owes {e.amount} AP to the counter: taken off the next refill " \
           f"({e.owed} owed, next turn starts with {e.next_refill} AP)"


@describe.register
def _(e: ev.OwedApPaid, name: Names = str) -> str:
    return f"  {name(e.unit)} pays {e.amount} AP owed to a counter: starts with {e.ap} AP"


@describe.register
def _(e: ev.EffectAdded, name: Names = str) -> str:
    return f"  {name(e.unit)}: {name(e.source)} {e.amount:+d} {name(e.stat)} for " \
           f"{turns_text(e.turns)}"


@describe.register
def _(e: ev.ItemUsed, name: Names = str) -> str:
    on = "" if e.target == e.unit else f" on {name(e.target)}"
    left = "used up" if e.uses_left == 0 else \
        f"{e.uses_left} use{'s' * (e.uses_left != 1)} left"
    return (f"{name(e.unit)} uses the {name(e.item)}{on} ({e.ap_spent} AP, {e.ap_left} "
            f"left; {left})")


@describe.register
def _(e: ev.EffectExpired, name: Names = str) -> str:
    return f"  {name(e.unit)}: {name(e.source)} on {name(e.stat)} wears off"


@describe.register
def _(e: ev.Edited, name: Names = str) -> str:
    return f"  ✎ edit: {name(e.unit)} {e.change}"


@describe.register
def _(e: ev.Reloaded, name: Names = str) -> str:
    what = "; ".join(e.changes) if e.changes else "nothing changed"
    return f"⟳ content reloaded: {what}"


@describe.register
def _(e: ev.GameOver, name: Names = str) -> str:
    return f"=== Game over: {e.name} wins ===" if e.name else "=== Game over: nobody wins ==="


@singledispatch
def styled(event: ev.Event, name: Names = str) -> Text:
    """The event's line as rich segments: what a reader should see at a glance stands out."""
    return Text(describe(event, name))


@styled.register
def _(e: ev.Roll, name: Names = str) -> Text:
    head, outcome, tail = _roll_parts(e, name)
    return Text.assemble(head, (outcome, f"bold {'green' if e.success else 'red'}"), tail)


def headline(event: ev.Event, name: Names = str) -> str:
    """The event in short, for a status line or a heading: `Round 2: Bruno's turn (player 2)`."""
    if isinstance(event, ev.TurnStarted):
        return f"Round {event.round}: {event.name}'s turn (player {event.player})"
    if isinstance(event, ev.CreaturePhase):
        return f"Round {event.round}: the creatures act"
    return describe(event, name).strip()


def names_for(content, units: dict[str, str], things: dict[str, str]) -> Names:
    """The one lookup of display names: the statistics an effect changes (`magic_bonus` is
    "magic bonus"), weapons, spells and items from the content (when known), units and
    objects by id; an unknown id shows as itself."""
    labels: dict[str, str] = {stat: stat.replace("_", " ") for stat in EFFECT_STATS}
    if content is not None:
        labels.update({wid: w.name for wid, w in content.weapons.items()})
        labels.update({sid: s.name for sid, s in content.spells.items()})
        labels.update({iid: i.name for iid, i in content.items.items()})
    labels.update(units)
    labels.update({tid: f"the {name}" for tid, name in things.items()})
    return lambda key: labels.get(key, key)


def namer(game) -> Names:
    """Display names for a game's weapons, spells, units and objects."""
    return names_for(game.content, {u.id: u.name for u in game.units.values()},
                     {t.id: t.name for t in game.things.values()})


#: A creature's mark after its glyph: its ordinal among creatures of that glyph, as a
#: letter, so that on the map a digit always means a player (`A1`) and never a count.
_ORDINALS = "abcdefghijklmnopqrstuvwxyz"


def unit_labels(units) -> dict[str, str]:
    """Each unit's two-character label, on the map, in panels and in exports: a
    character's glyph and its player's number (`A1`), a creature's glyph and its ordinal
    among creatures of that glyph as a letter (`ga`, `gb`; `*` past the 26th)."""
    labels: dict[str, str] = {}
    counts: dict[str, int] = {}
    for unit in units.values():
        if unit.is_character or unit.owner is not None:
            labels[unit.id] = f"{unit.glyph}{unit.owner}"
        else:
            count = counts[unit.glyph] = counts.get(unit.glyph, 0) + 1
            labels[unit.id] = unit.glyph + (_ORDINALS[count - 1] if count <= 26 else "*")
    return labels
