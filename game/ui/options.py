"""What the UI may offer the player, asked of the engine (`game.rules.legal`): the one
place the UI talks to the engine's "what can I do" query.

Every option carries the action object the engine checks again when it is applied, so
the UI never builds a command as text, never names a target itself and never decides a
rule (which way a door turns, what a spell can reach, the next XP level).
"""

from __future__ import annotations

from game.i18n import _
from game.rules import legal
from game.rules.actions import OWN_CHARACTER, Action, Attack, EndTurn, fmt_pos
from game.rules.engine import Game
from game.rules.geometry import Pos, distance
from game.rules.magic import NO_SIGHT, NOT_ITS_TARGET, OUT_OF_RANGE, Cast, area_squares
from game.ui.words import refusal_text

Option = legal.Option
Choices = legal.Choices


def choices(game: Game, actor: str) -> Choices:
    """Everything the actor can do now, each check run once."""
    return legal.choices(game, actor)


def attack(actor: str, pos: Pos, found: list[Option], brawl: bool = False) -> Action:
    """The attack `a` (first weapon) or `b` (bare hands) makes on `pos`, among the options
    `found` there."""
    for option in found:
        if option.kind == "attack" and option.action.brawl == brawl:
            return option.action
    # Nothing to attack there: applied anyway, so that the engine's refusal says so.
    return Attack(actor, fmt_pos(pos), brawl=brawl)


def cast(actor: str, spell: str, pos: Pos, found: list[Option]) -> Action:
    """The spell cast on what stands at `pos`, among the options `found` there."""
    for option in found:
        if option.kind == "spell" and option.action.spell == spell:
            return option.action
    return Cast(actor, spell, fmt_pos(pos))


def door(game: Game, actor: str, pos: Pos) -> Option:
    """Opening or closing the door at `pos`, whichever the engine says."""
    return legal.door_option(game, actor, pos)


def move(game: Game, actor: str, pos: Pos) -> Option:
    """Walking to `pos`: the plan's path and AP cost, or why not."""
    return legal.move_option(game, actor, pos)


def typed(game: Game, text: str) -> Option | None:
    """A command as typed on the command line, checked as it will be when sent: its plan
    or why not (None: nothing a unit does, or not a command yet)."""
    return legal.typed(game, text)


def from_here(game: Game, actor: str, pos: Pos) -> legal.FromHere:
    """What the actor could do after walking to `pos`: its foes within reach with the AP
    left, and the foes that could attack it there."""
    return legal.options_from(game, actor, pos)


def unit_option(game: Game, actor: str, verb: str) -> Option:
    """The verb written with the actor alone (`wait ID`): its plan, or why not."""
    return next(o for o in legal.unit_options(game, actor) if o.kind == verb)


def end_turn() -> Action:
    return EndTurn()


def spell_reach(game: Game, actor: str, spell: str) -> int:
    return legal.spell_reach(game, actor, spell)


def footprint(game: Game, spell: str, found: list[Option]) -> tuple[frozenset[Pos], list[str]] | None:
    """For an area spell that may be cast on what is at the cursor (among the options
    `found` there): the squares it covers and the names of those it touches, from its plan
    (allies included when the spell reaches them). None otherwise."""
    template = game.content.spells[spell]
    option = next((o for o in found if o.kind == "spell" and o.action.spell == spell), None)
    if not template.area or option is None or not option.possible:
        return None
    squares = area_squares(game, template, option.plan.centre.pos)
    return squares, [target.unit.name for target in option.plan.targets]


def spell_option(spell: str, found: list[Option]) -> Option | None:
    """The option of casting `spell` on what is at the cursor, among the options `found`
    there (None: the spell is not offered there)."""
    return next((o for o in found if o.kind == "spell" and o.action.spell == spell), None)


def touched(game: Game, spell: str, found: list[Option]) -> list:
    """Who a spell cast on what is at the cursor touches: its plan's targets, the engine's
    own list (empty when it cannot be cast there)."""
    option = spell_option(spell, found)
    if option is None or not option.possible:
        return []
    return [target.unit for target in option.plan.targets]


def is_foe(game: Game, actor: str, unit) -> bool:
    """`unit` is on another side than the actor (the engine's: sides are owners)."""
    return game.foes(game.units[actor], unit)


def out_of_reach(game: Game, actor: str, spell: str | None = None,
                 weapon: str | None = None) -> frozenset[Pos]:
    """The squares the actor cannot aim at with that spell or weapon (range, sight)."""
    return legal.out_of_reach(game, actor, spell=spell, weapon=weapon)


def threat_zone(game: Game) -> frozenset[Pos]:
    """Where the current player's enemies could attack in their next turn."""
    return legal.threat_zone(game, game.current)


def why_not(found: Choices, spell: str) -> str:
    """Why a spell can be cast on nobody now: the engine's refusal on the nearest unit it
    was asked about (its AP, its reach…: the one a player would try first, not whoever
    the scenario lists first), a refusal other than the ban on one's own characters first
    (that a friend stands near is not why no foe can be hit)."""
    here = found.unit.pos
    refused = [(distance(here, pos), option) for pos, options in found.against.items()
               for option in options
               if option.kind == "spell" and option.action.spell == spell and option.reason]
    # Neither the caster (a damage spell is never aimed at oneself) nor a friend (the ban)
    # is why no foe can be hit: their refusals come last; before them, those of units that
    # are no target of the spell wherever they stand (a creature for a curse).
    ranked = sorted(refused, key=lambda r: (aside(r[1]), not_its_target(r[1]), r[0]))
    refused = [option for _d, option in ranked]
    if refused and not aside(refused[0]):
        first = refusal_text(refused[0])
        # A nearer unit the spell cannot take at all (a creature for an area spell) is the
        # one a player looks at first: say why it is not the target too.
        nearer = [option for d, option in ranked
                  if d < ranked[0][0] and not aside(option) and not_its_target(option)]
        if nearer and not not_its_target(refused[0]):
            return _("{reason} (and {nearer})").format(reason=first,
                                                       nearer=refusal_text(nearer[0]))
        return first
    if any(banned(option) for option in refused):
        return _("no target for it now: only your own characters are within its reach")
    return _("no target for it now")


def aside(option: legal.Option) -> bool:
    """A spell's refusal on its own caster or on a friend: not why no foe can be hit."""
    return banned(option) or option.action.target == option.action.unit


def not_its_target(option: legal.Option) -> bool:
    """The unit is no target of that spell wherever it stands (the engine's own list)."""
    return option.refusal is not None and option.refusal.message in NOT_ITS_TARGET


def banned(option: legal.Option) -> bool:
    """The option is refused by the ban on harming one's own characters (R3.4)."""
    return option.refusal is not None and option.refusal.message == OWN_CHARACTER


def out_of_range_by(option: Option | None) -> int | None:
    """By how many squares the target is beyond the spell's reach, when that is why the
    engine refuses the option (the distance and reach its refusal names); else None."""
    refusal = option.refusal if option is not None else None
    if refusal is None or refusal.message != OUT_OF_RANGE:
        return None
    return int(refusal.fields["d"]) - int(refusal.fields["reach"])


def out_of_sight(option: Option | None) -> bool:
    """The engine refuses the spell for want of a line of sight to its target."""
    return option is not None and option.refusal is not None and \
        option.refusal.message == NO_SIGHT


def beyond_reach(found: Choices, spell: str) -> bool:
    """Some unit would be a target of the spell but for its reach or sight (the engine's
    refusal on it is the reach's or the sight's): the spell is worth aiming, to see how far
    it reaches, though it cannot be cast on anybody now."""
    return any(option.kind == "spell" and option.action.spell == spell
               and (out_of_range_by(option) is not None or out_of_sight(option))
               for options in found.against.values() for option in options)
