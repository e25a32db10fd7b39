"""The app's words for the engine's names: characteristics, skills, the options it offers.

The engine names a characteristic by its English abbreviation (`STR`) and a skill by its
id (`brawl`); players read the page's own words in their language (`FOR`, `bagarre`).
"""

from __future__ import annotations

from game.i18n import N_, _, ngettext
from game.rules.errors import Impossible, render

#: Characteristics, as the page abbreviates them (FOR, DEX, TAI, INT, DEF, CHA in French).
CHARACTERISTIC_NAMES = {"STR": N_("STR"), "DEX": N_("DEX"), "SIZ": N_("SIZ"),
                        "INT": N_("INT"), "DEF": N_("DEF"), "LCK": N_("LCK")}

#: Skills, as the page names them (bagarre, mêlée, distance, esquive, magie in French).
SKILL_NAMES = {"brawl": N_("brawl"), "melee": N_("melee"), "ranged": N_("ranged"),
               "dodge": N_("dodge"), "magic": N_("magic")}

#: The rolls a chance is for, as the panels label a defence (esquive, contre-magie).
CHECK_NAMES = {"attack": N_("attack"), "dodge": N_("dodge"), "magic": N_("magic"),
               "counter": N_("counter")}

#: Spell kinds, as the spell list shows them.
SPELL_KINDS = {"damage": N_("damage"), "heal": N_("heal"), "buff": N_("buff"),
               "debuff": N_("debuff")}


def characteristic_name(name: str) -> str:
    return _(CHARACTERISTIC_NAMES[name]) if name in CHARACTERISTIC_NAMES else name


def skill_name(name: str) -> str:
    return _(SKILL_NAMES[name]) if name in SKILL_NAMES else name


def check_name(check: str) -> str:
    return _(CHECK_NAMES[check]) if check in CHECK_NAMES else check


def refusal_text(option) -> str:
    """Why the engine refuses an option, in the player's language."""
    if option.refusal is not None:
        return option.refusal.translated(_)
    return option.reason or ""


def impossible_text(refusal: Impossible) -> str:
    """An engine refusal (an undo's…) in the player's language."""
    return refusal.translated(_)


def refused_text(event) -> str:
    """A `Refused` event's reason in the player's language (an old journal's has only its
    English reason)."""
    return render(event.message, event.fields, _) if event.message else event.reason


def spell_kind(kind: str) -> str:
    return _(SPELL_KINDS[kind]) if kind in SPELL_KINDS else kind


def owner_name(game, unit) -> str:
    """The player a unit belongs to, or "creature"."""
    return game.player(unit.owner).name if unit.owner else _("creature")


def option_label(game, option) -> str:
    """What an option of the target panel is called: the weapon's, spell's or item's name
    (the content's), bare hands, or the item with its uses left."""
    action = option.action
    if option.kind == "attack" and getattr(action, "brawl", False):
        return _("bare hands")
    if option.kind == "item":
        item = game.content.items[action.item]
        left = game.units[action.unit].items.get(action.item, 0)
        return ngettext("{item} ({n} use left)", "{item} ({n} uses left)", left).format(
            item=item.name, n=left)
    return option.label
