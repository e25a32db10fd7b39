"""A game's record is its seed and its command log: replay, and undo by replaying less.

Same seed and same commands give the same game, dice included, so a save, a replay and an
undo are one mechanism.
"""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

from game.rules.templates import Content, Scenario
from game.rules.errors import Impossible, N_, Phrase
from game.rules.events import (
    ApDrained,
    CommandIssued,
    Damage,
    EffectAdded,
    Event,
    Healed,
    Moved,
    Refused,
    Roll,
    TurnStarted,
    XpGained,
)
from game.rules.dice import DiceRoll
from game.rules.terms import Term
from game.rules.notation import parse
from game.rules.engine import Game
from game.rules.policy import PolicyBook


def replay(content: Content, scenario: Scenario, seed: int, log: list[str],
           scenario_id: str = "", designer: bool = False, dice: str = "streams",
           policies: PolicyBook | None = None) -> Game:
    """A new game with every command of the log applied in order (its creatures played by
    the `policies` given, as the game was)."""
    game = Game(content, scenario, seed=seed, scenario_id=scenario_id, designer=designer,
                dice=dice, policies=policies)
    for command in log:
        game.apply(command)
    return game


def outcomes(journal) -> list[tuple[str, list]]:
    """The journal cut into (command, its events), one per accepted player command.

    Refusals are left out: they change nothing and are not in the log.
    """
    groups: list[tuple[str, list]] = []
    for event in journal:
        if isinstance(event, CommandIssued) and event.player is not None:
            groups.append((event.text, []))
        elif groups and not isinstance(event, Refused):
            groups[-1][1].append(event)
    return groups


@dataclass(frozen=True)
class Change:
    """One command whose outcome differs between two journals (`number` counts from 1;
    a command played in only one of them has no events in the other)."""

    number: int
    command: str
    old: list
    new: list


def _bare(found: tuple[Term, ...]) -> tuple[Term, ...]:
    return tuple(Term(t.name, t.value) for t in found)


def outcome_of(event: Event) -> Event:
    """An event as an outcome is compared: what happened (who, the rolls, the numbers), not
    what explains it (a term's data, rule and source, a die's label, a roll's cap source,
    the message ids that word an event, a walk's route), so that a rule's explanation can change without
    changing an outcome."""
    if getattr(event, "message", None) or getattr(event, "fields", None):
        event = msgspec.structs.replace(event, message="", fields={})
    if isinstance(event, Roll):
        return msgspec.structs.replace(event, terms=_bare(event.terms), rule="",
                                       cap_source=(), perfect_below=0, perfect_rule="",
                                       perfect_source=())
    if isinstance(event, (Damage, Healed)):
        dice = tuple(DiceRoll("", d.expr, d.faces, d.total) for d in event.dice)
        if isinstance(event, Healed):
            return msgspec.structs.replace(event, dice=dice)
        return msgspec.structs.replace(event, dice=dice, terms=_bare(event.terms),
                                       reduction_terms=_bare(event.reduction_terms))
    if isinstance(event, XpGained):
        return msgspec.structs.replace(event, rule="", source=())
    if isinstance(event, EffectAdded):
        return msgspec.structs.replace(event, rule="", origin=())
    if isinstance(event, ApDrained):
        return msgspec.structs.replace(event, rule="", source=())
    if isinstance(event, Moved):
        # The route drawn is not what happened: no rule reads the squares crossed, only
        # where the walk ends and its AP (a route of the same length may be drawn another way).
        return msgspec.structs.replace(event, path=event.path[-1:])
    return event


def changed_outcomes(old_journal, new_journal) -> list[Change]:
    """Every command whose events differ between two journals of the same log, in order.

    With each command's dice drawn from its own stream, a rule change shows up only in
    the commands it touches (and those its consequences reach), not in every later roll.
    What only explains a number (a term's rule and source) is no outcome (`outcome_of`).
    """
    old, new = outcomes(old_journal), outcomes(new_journal)
    changes = []
    for number in range(1, max(len(old), len(new)) + 1):
        before = old[number - 1] if number <= len(old) else None
        after = new[number - 1] if number <= len(new) else None
        if before is None or after is None or \
                list(map(outcome_of, before[1])) != list(map(outcome_of, after[1])):
            command = (before or after)[0]
            changes.append(Change(number, command, before[1] if before else [],
                                  after[1] if after else []))
    return changes


#: A roll as an undo refusal names it, worded at the edge.
_ROLLS = {"attack": N_("attack roll of {roll}"), "dodge": N_("dodge roll of {roll}"),
          "magic": N_("magic roll of {roll}"), "counter": N_("counter roll of {roll}")}


def rolled(events) -> Roll | bool:
    """Whether these events drew dice: the first d100 `Roll` among them, else True when a
    damage or a heal rolled its dice, else False."""
    for event in events:
        if isinstance(event, Roll):
            return event
    return any(isinstance(e, (Damage, Healed)) and e.dice for e in events)


def undo_refusal(game: Game) -> Impossible | None:
    """Why the last command cannot be taken back (`cannot undo: …`), or None when it can.

    Every command of this turn after the last die rolled can be taken back, one at a time:
    each command draws its dice from its own stream, so replaying the log without it
    rolls every earlier die again the same. A command that rolled cannot (its roll has
    been seen and may not be rerolled), nor can an `end` (the turn was handed over).
    """
    if not game.log:
        return Impossible(N_("cannot undo: there is nothing to undo"))
    if game.over:
        return Impossible(N_("cannot undo: the game is over"))
    command = game.log[-1]
    last = parse(command)
    if last.designer_only:
        return None  # a designer's edit or forced rolls: nothing was rolled by it
    if last.ends_turn:
        return Impossible(N_("cannot undo: {command} handed the turn over"),
                          command=repr(command))
    groups = outcomes(game.journal)
    roll = rolled(groups[-1][1]) if groups else False
    if isinstance(roll, Roll):
        return Impossible(N_("cannot undo: {command} rolled dice ({roll} by {unit}): what "
                             "is rolled stays rolled"), command=repr(command),
                          roll=Phrase(_ROLLS.get(roll.check, roll.check + " roll of {roll}"),
                                      {"roll": roll.roll}),
                          unit=game.units[roll.unit].name)
    if roll:
        return Impossible(N_("cannot undo: {command} rolled dice: what is rolled stays "
                             "rolled"), command=repr(command))
    return None


def undo(game: Game) -> Game:
    """The same game without its last command; raises `Impossible` with the reason."""
    refusal = undo_refusal(game)
    if refusal:
        raise refusal
    return replay(game.content, game.scenario, game.seed, game.log[:-1], game.scenario_id,
                  game.designer, game.dice, game.policies)
