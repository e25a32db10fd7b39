"""Roll cards: one roll of the journal laid out so that every number can be traced.

A card is plain text in rows (label, value, rule, source): each term of the chance with the
rule that makes it and the content value it reads, the raw sum, the clamp to `[0, cap]`
(the cap with its source), the d100 and whether a `force` gave it, the outcome; then what
the same action did after the roll (its damage, dice by dice, and the XP it gave). The UI's
`RollCard` widget and roll-card screen draw it; nothing here computes a rule, every number
is read from the journal's events.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from game.i18n import N_, _, ngettext
from game.journal.text import Names, dice_label, roll_text, term_label, xp_reason
from game.rules import events as ev
from game.rules.rule_ids import (
    BY_ID,
    FINAL_DAMAGE,
    FLOOR_AND_CAP,
    PERCENTILE_ROLL,
    RAW_DAMAGE,
    SPELL_DAMAGE_REDUCTION,
    TOTAL_REDUCTION,
)
from game.rules.terms import Term


class CardRow(NamedTuple):
    """One line of a card: what it is, its value, the rule (`R4.9 melee chance`) and the
    content value(s) it comes from."""

    label: str
    value: str
    rule: str = ""
    source: str = ""


class CardSection(NamedTuple):
    title: str
    rows: tuple[CardRow, ...]


class Card(NamedTuple):
    """A roll's card: its title, its sections, and where the roll is in the journal."""

    title: str
    sections: tuple[CardSection, ...]
    index: int

    def text(self) -> str:
        """The card as plain lines (tests, a copy to the clipboard)."""
        lines = [self.title]
        for section in self.sections:
            lines.append(f"— {section.title} —")
            lines += ["  ".join(part for part in row if part) for row in section.rows]
        return "\n".join(lines)


#: Events that begin another action: a card reads no further than them.
_ACTION_START = (ev.CommandIssued, ev.TurnStarted, ev.CreaturePhase, ev.GameOver, ev.Refused)
#: Rolls whose card follows the whole action (the defender's rolls stop at the next roll).
_ACTION_ROLLS = ("attack", "magic")


#: A card's title by the roll's check.
_TITLES = {"attack": N_("attack roll: {unit}"), "dodge": N_("dodge roll: {unit}"),
           "magic": N_("magic roll: {unit}"), "counter": N_("counter-magic roll: {unit}")}
_ANY_TITLE = N_("roll: {unit}")  # a check without a title of its own


def rule_text(rule_id: str) -> str:
    """`R4.9 melee chance`: a rule id with its title (the id alone for one unknown here)."""
    if not rule_id:
        return ""
    ref = BY_ID.get(rule_id)
    return _("{id} {title}").format(id=rule_id, title=_(ref.title)) if ref else rule_id


def signed(value: int) -> str:
    return f"{value:+d}"


def roll_indices(journal: Sequence[ev.Event]) -> list[int]:
    """Where the journal's rolls are, in order: the cards one can step through."""
    return [i for i, event in enumerate(journal) if isinstance(event, ev.Roll)]


def roll_of_event(journal: Sequence[ev.Event], event: ev.Event) -> int | None:
    """`roll_of` for a line given as its event (a click on the journal): None when the
    event is not in this journal or belongs to no roll."""
    found = next((i for i, e in enumerate(journal) if e is event), None)
    return roll_of(journal, found) if found is not None else None


def roll_of(journal: Sequence[ev.Event], index: int) -> int | None:
    """The roll a journal line belongs to: the roll itself, or for the damage, XP and the
    other lines an action writes after a roll, the last roll before them in that action;
    None for a line of no roll (a move, a turn's start)."""
    if not 0 <= index < len(journal):
        return None
    for i in range(index, -1, -1):
        event = journal[i]
        if isinstance(event, ev.Roll):
            return i
        if isinstance(event, _ACTION_START) or isinstance(event, (ev.AttackDeclared,
                                                                  ev.SpellCast)):
            return None
    return None


def _follow_indices(journal: Sequence[ev.Event], index: int) -> list[int]:
    """Where what the roll's action did after it is, in the journal's order: for an attack
    or a spell, the defender's dodge or counter rolls, the damage, heal, effects, drain and
    XP; for a dodge or a counter, the same up to the next roll."""
    check = journal[index].check
    found: list[int] = []
    for i in range(index + 1, len(journal)):
        event = journal[i]
        if isinstance(event, _ACTION_START):
            break
        if isinstance(event, ev.Roll) and check not in _ACTION_ROLLS:
            break
        if isinstance(event, (ev.Roll, ev.Damage, ev.Healed, ev.EffectAdded, ev.ApDrained,
                              ev.XpGained)):
            found.append(i)
    return found


def _follow(journal: Sequence[ev.Event], index: int) -> list[ev.Event]:
    """What the roll's action did after it (`_follow_indices`), the events themselves."""
    return [journal[i] for i in _follow_indices(journal, index)]


def card_rolls(journal: Sequence[ev.Event], start: int = 0) -> list[int]:
    """The rolls from `start` on that have a card of their own when cards are shown one
    after another: a dodge or a counter is a section of its attack's or spell's card."""
    shown: list[int] = []
    inside: set[int] = set()
    for index in roll_indices(journal):
        if index < start or index in inside:
            continue
        shown.append(index)
        if journal[index].check in _ACTION_ROLLS:
            inside.update(i for i in _follow_indices(journal, index)
                          if isinstance(journal[i], ev.Roll))
    return shown


def card_of(journal: Sequence[ev.Event], index: int) -> int:
    """The roll whose card shows the roll at `index`: itself, or the attack or spell a
    dodge or counter is a section of."""
    return max((i for i in card_rolls(journal) if i <= index), default=index)


def _term_row(term: Term, name: Names) -> CardRow:
    return CardRow(term_label(term, name), signed(term.value), rule_text(term.rule), term.source)


def chance_rows(roll: ev.Roll, name: Names) -> tuple[CardRow, ...]:
    """A roll's chance: each term, the sum, the cap and floor, the clamped chance."""
    raw = sum(t.value for t in roll.terms)
    clamp = rule_text(FLOOR_AND_CAP.id)
    if raw > roll.cap:
        clamped = _("{raw} → {value} (cap)").format(raw=raw, value=roll.chance)
    elif raw < 0:
        clamped = _("{raw} → {value} (floor)").format(raw=raw, value=roll.chance)
    else:
        clamped = _("{value} (no clamp)").format(value=roll.chance)
    return (
        *(_term_row(t, name) for t in roll.terms),
        CardRow(_("sum of the terms"), str(raw)),
        CardRow(_("cap"), str(roll.cap), clamp, roll.cap_source),
        CardRow(_("floor"), "0", clamp),
        CardRow(_("chance"), clamped, rule_text(roll.rule)),
    )


def roll_rows(roll: ev.Roll) -> tuple[CardRow, ...]:
    """The d100 against the chance: rolled or forced, the perfect threshold, the outcome."""
    how = _("forced (a designer's force)") if roll.forced else _("rolled")
    perfect = (CardRow(_("perfect below"), str(roll.perfect_below),
                       rule_text(roll.perfect_rule), roll.perfect_source),) \
        if roll.perfect_below else ()
    return (
        CardRow(_("d100"), str(roll.roll), rule_text(PERCENTILE_ROLL.id), how),
        CardRow(_("forced"), _("yes") if roll.forced else _("no")),
        *perfect,
        # In the label's column: the value column stays as narrow as its numbers.
        CardRow(_("outcome: {outcome}").format(outcome=roll_text(roll)), ""),
    )


def damage_rows(damage: ev.Damage, name: Names) -> tuple[CardRow, ...]:
    """A damage: each die with its faces, the effects, the raw total, each reduction term
    and the total, the damage taken, the HP."""
    rows = [CardRow(_("{dice} {expr} {faces}").format(
                dice=dice_label(roll, name), expr=roll.expr, faces=list(roll.faces)),
                signed(roll.total), rule_text(roll.rule), roll.source)
            for roll in damage.dice]
    rows += [_term_row(t, name) for t in damage.terms]
    rows.append(CardRow(_("raw damage"), str(damage.raw), rule_text(RAW_DAMAGE.id)))
    rows += [CardRow(_("reduction: {term}").format(term=row.label), row.value, row.rule,
                     row.source)
             for row in (_term_row(t, name) for t in damage.reduction_terms)]
    if damage.reduction_terms:
        rows.append(CardRow(_("reduction"), str(damage.reduction),
                            rule_text(TOTAL_REDUCTION.id)))
    else:
        # Only a spell's damage has no reduction terms: the rules say it ignores them.
        rows.append(CardRow(_("reduction ignored"), "0",
                            rule_text(SPELL_DAMAGE_REDUCTION.id),
                            "rules.yaml: spell_damage_ignores_reduction"))
    rows.append(CardRow(_("final damage"), str(damage.amount), rule_text(FINAL_DAMAGE.id)))
    rows.append(CardRow(_("HP"), _("{before} → {after}").format(before=damage.hp_before,
                                                                after=damage.hp_after)))
    return tuple(rows)


def heal_rows(heal: ev.Healed, name: Names = str) -> tuple[CardRow, ...]:
    """A heal: its dice with their faces, rule and source, the HP it gave back."""
    rows = [CardRow(_("{dice} {expr} {faces}").format(
                dice=dice_label(roll, name), expr=roll.expr, faces=list(roll.faces)),
                signed(roll.total), rule_text(roll.rule), roll.source)
            for roll in heal.dice]
    rows.append(CardRow(_("HP healed"), str(heal.amount)))
    rows.append(CardRow(_("HP"), _("{before} → {after}").format(before=heal.hp_before,
                                                                after=heal.hp_after)))
    return tuple(rows)


def effect_row(effect: ev.EffectAdded, name: Names) -> CardRow:
    """A timed effect laid: what it changes, by how much, for how long, and from where."""
    what = ngettext("{source}: {stat} for {n} turn", "{source}: {stat} for {n} turns",
                    effect.turns).format(source=name(effect.source),
                                         stat=name(effect.stat), n=effect.turns)
    return CardRow(what, signed(effect.amount), rule_text(effect.rule), effect.origin)


def drain_row(drain: ev.ApDrained, name: Names) -> CardRow:
    """The AP a counter cost its counterer: taken now, or owed to its next refill."""
    what = _("{unit}: AP owed to the next refill") if drain.owed else \
        _("{unit}: AP taken")
    return CardRow(what.format(unit=name(drain.unit)), str(drain.amount),
                   rule_text(drain.rule), drain.source)


def _xp_row(xp: ev.XpGained, name: Names) -> CardRow:
    return CardRow(_("{unit}: {reason}").format(unit=name(xp.unit), reason=xp_reason(xp)),
                   _("+{amount} XP").format(amount=xp.amount), rule_text(xp.rule), xp.source)


def card_for(journal: Sequence[ev.Event], index: int, name: Names = str) -> Card:
    """The card of the roll at `index` of the journal (a `Roll` event)."""
    roll = journal[index]
    if not isinstance(roll, ev.Roll):
        raise ValueError(f"journal line {index} is not a roll")
    title = _(_TITLES.get(roll.check, _ANY_TITLE)).format(unit=name(roll.unit))
    sections = [CardSection(_("chance"), chance_rows(roll, name)),
                CardSection(_("roll"), roll_rows(roll))]
    follow = _follow(journal, index)
    for event in follow:
        if isinstance(event, ev.Roll):
            # The defender's roll, where it happens: before the damage it may prevent.
            heading = _(_TITLES.get(event.check, _ANY_TITLE)).format(
                unit=name(event.unit))
            sections.append(CardSection(heading, chance_rows(event, name) + roll_rows(event)))
        elif isinstance(event, ev.Damage):
            sections.append(CardSection(
                _("damage to {target}").format(target=name(event.target)),
                damage_rows(event, name)))
        elif isinstance(event, ev.Healed):
            sections.append(CardSection(
                _("heal of {target}").format(target=name(event.target)),
                heal_rows(event, name)))
        elif isinstance(event, ev.ApDrained):
            sections.append(CardSection(_("counter drain"), (drain_row(event, name),)))
        elif isinstance(event, ev.EffectAdded):
            sections.append(CardSection(
                _("effect on {unit}").format(unit=name(event.unit)), (effect_row(event, name),)))
    xp = tuple(_xp_row(e, name) for e in follow if isinstance(e, ev.XpGained))
    if xp:
        sections.append(CardSection(_("experience"), xp))
    return Card(title, tuple(sections), index)
