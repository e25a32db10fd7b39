"""Typed journal events: what happened, with every number that decided it.

Events are frozen msgspec Structs tagged by `type`, so the JSON journal, saves and replays
encode and decode them without hand-written code. Text is made from them elsewhere
(`game.journal`), never here.
"""

from __future__ import annotations

import msgspec

from game.rules.dice import DiceRoll
from game.rules.errors import Phrase
from game.rules.geometry import Pos
from game.rules.terms import Term


class Event(msgspec.Struct, frozen=True, tag_field="type"):
    """Base of every journal event."""


class CommandIssued(Event, tag="command"):
    """A command accepted by the engine, in notation, by the player whose turn it was."""

    text: str
    player: int | None


class Refused(Event, tag="refused"):
    """A command the rules refused: `reason` in English (as journals and saves have always
    had it), `message` + `fields` to word it in another language (empty in old journals)."""

    text: str
    reason: str
    message: str = ""
    fields: dict[str, str | int | Phrase] = {}


class ForcedRolls(Event, tag="forced"):
    """The next d100 results, in place of `dropped`, the ones still pending before."""

    rolls: tuple[int, ...]
    dropped: tuple[int, ...] = ()


class TurnStarted(Event, tag="turn"):
    round: int
    player: int
    name: str


class CreaturePhase(Event, tag="creatures"):
    round: int


class Moved(Event, tag="move"):
    unit: str
    path: tuple[Pos, ...]
    ap_spent: int
    ap_left: int


class DoorChanged(Event, tag="door"):
    unit: str
    at: Pos
    state: str
    ap_spent: int
    ap_left: int


class Waited(Event, tag="wait"):
    """A unit declared done for the turn (`wait`): the AP it had left go unused."""

    unit: str
    ap_unused: int


class AttackDeclared(Event, tag="attack"):
    attacker: str
    target: str
    target_kind: str
    mode: str
    weapon: str | None
    distance: int
    ap_spent: int
    ap_left: int


class Roll(Event, tag="roll"):
    """A percentile roll: `success` when `roll <= chance`; `chance` is the clamped sum of `terms`."""

    check: str
    unit: str
    roll: int
    chance: int
    cap: int
    terms: tuple[Term, ...]
    success: bool
    perfect: bool = False
    #: The result came from a `force` command, not from the dice.
    forced: bool = False
    #: The chance's formula (`R4.9`) and the content value of its cap
    #: (`rules.yaml: page.caps.melee`); "" in journals written before they were kept.
    rule: str = ""
    cap_source: str = ""
    #: A success strictly below this is perfect (0: never), with its rule and content value.
    perfect_below: int = 0
    perfect_rule: str = ""
    perfect_source: str = ""


class Damage(Event, tag="damage"):
    """`amount = max(0, raw - reduction)`; `raw` is the sum of `dice` and `terms`."""

    source: str
    target: str
    dice: tuple[DiceRoll, ...]
    terms: tuple[Term, ...]
    raw: int
    reduction_terms: tuple[Term, ...]
    reduction: int
    amount: int
    hp_before: int
    hp_after: int


class Healed(Event, tag="heal"):
    source: str
    target: str
    dice: tuple[DiceRoll, ...]
    amount: int
    hp_before: int
    hp_after: int


class XpGained(Event, tag="xp"):
    """XP earned: `reason` in English, `message` + `fields` to word it (empty in old
    journals, whose reasons were fixed words)."""

    unit: str
    amount: int
    reason: str
    total: int
    level: int
    message: str = ""
    fields: dict[str, str | int] = {}
    #: The XP rule (R8.1) and the content value the amount comes from (`rules.yaml: xp.hit`).
    rule: str = ""
    source: str = ""


class LevelUp(Event, tag="level"):
    unit: str
    level: int


class Quip(Event, tag="quip"):
    unit: str
    on: str
    text: str


class Down(Event, tag="down"):
    unit: str
    by: str


class Destroyed(Event, tag="destroyed"):
    target: str
    kind: str
    at: Pos


class SpellCast(Event, tag="cast"):
    caster: str
    spell: str
    target: str
    kind: str
    ap_spent: int
    ap_left: int


class Countered(Event, tag="countered"):
    unit: str
    spell: str
    reflected: bool


class ApDrained(Event, tag="ap_drained"):
    """A counter's AP cost: taken now (`owed` 0) during the counterer's own turn, else owed
    and taken off its next refill (`next_refill` is then the AP that turn starts with)."""

    unit: str
    amount: int
    ap_left: int
    owed: int = 0
    next_refill: int | None = None
    #: The rule (R7.6, or R10.3 when owed) and the content values of the amount.
    rule: str = ""
    source: str = ""


class OwedApPaid(Event, tag="ap_owed_paid"):
    """AP owed to a counter, taken off a turn's refill."""

    unit: str
    amount: int
    ap: int


class EffectAdded(Event, tag="effect"):
    """A timed effect laid on `unit` by `source` (a spell, item or weapon id): `rule` and
    `origin` say which rule lays it and the content value of its amount ("" in old saves)."""

    unit: str
    source: str
    stat: str
    amount: int
    turns: int
    rule: str = ""
    origin: str = ""


class ItemUsed(Event, tag="item"):
    """An item used on its user or a target: its AP and the uses it has left."""

    unit: str
    item: str
    target: str
    ap_spent: int
    ap_left: int
    uses_left: int


class EffectExpired(Event, tag="effect_expired"):
    unit: str
    source: str
    stat: str


class Edited(Event, tag="edit"):
    """A designer's edit of the situation (designer mode only)."""

    unit: str
    change: str
    message: str = ""  # the change as a message id and fields (empty in old journals)
    fields: dict[str, str | int | Phrase] = {}


class Reloaded(Event, tag="reloaded"):
    """The content was reloaded into the running game: what changed, file by file; after
    how many commands of the log (`at`), and the fingerprints of the content (with the
    game's scenario) before and after (`content_hash`; -1 and "" in journals written before
    they were kept)."""

    changes: tuple[str, ...]
    at: int = -1
    before: str = ""
    after: str = ""


class GameOver(Event, tag="game_over"):
    winner: int | None
    name: str | None


AnyEvent = (
    CommandIssued | Refused | ForcedRolls | TurnStarted | CreaturePhase | Moved | DoorChanged
    | AttackDeclared | Roll | Damage | Healed | XpGained | LevelUp | Quip | Down | Destroyed
    | SpellCast | Countered | ApDrained | OwedApPaid | Edited | ItemUsed | EffectAdded | EffectExpired
    | Reloaded | GameOver | Waited
)
