"""The app's words for what the engine names by id: characteristics, skills, checks, spell
kinds, refusals, the options it offers.

Characteristics, skills, checks and refusals are worded by the journal's own lookups
(`stat_name`, `check_label`, `refusal_text`), so a panel and a journal line never call one
thing by two names; this module adds the few words only the app shows.
"""

from __future__ import annotations

import re

from game.i18n import NP_, _, agreeing, content_text, field_text, ngettext, pgettext
from game.journal.text import refusal_text as event_refusal_text, stat_name
from game.rules.errors import Impossible

#: Spell kinds, as the spell list shows them.
SPELL_KINDS = {"damage": lambda: pgettext("spell kind", "damage"),
               "heal": lambda: pgettext("spell kind", "heal"),
               "buff": lambda: pgettext("spell kind", "buff"),
               "debuff": lambda: pgettext("spell kind", "debuff")}


#: The placeholders of the notation's usages (`attack ID TARGET [with WEAPON | brawl]`),
#: what a player replaces by an id or a number: worded in the player's language. The
#: notation's own words (`attack`, `with`, `brawl`, `X,Y`) are the same in every language.
PLACEHOLDERS = (NP_("placeholder", "TARGET"), NP_("placeholder", "WEAPON"),
                NP_("placeholder", "SPELL"), NP_("placeholder", "ITEM"),
                NP_("placeholder", "UNIT"), NP_("placeholder", "FIELD"),
                NP_("placeholder", "VALUE"), NP_("placeholder", "TEMPLATE"),
                NP_("placeholder", "CREATURE"), NP_("placeholder", "NAME"))
_PLACEHOLDER = re.compile(r"\b(?:" + "|".join(PLACEHOLDERS) + r")\b")


def usage_text(usage: str) -> str:
    """A verb's usage with its placeholders in the player's words: `attack ID CIBLE [with
    ARME | brawl]` in French."""
    return _PLACEHOLDER.sub(lambda found: pgettext("placeholder", found.group()), usage)


def characteristic_name(name: str) -> str:
    """`STR` → `FOR` in French."""
    return stat_name(name)


def skill_name(name: str) -> str:
    """`brawl` → `bagarre` in French."""
    return stat_name(name)


def check_name(check: str) -> str:
    """`dodge` → `esquive`, `counter` → `contre-magie` in French."""
    from game.oddsreport import check_label  # the first frame names no check (start-up)

    return check_label(check)


def spell_kind(kind: str) -> str:
    return SPELL_KINDS[kind]() if kind in SPELL_KINDS else kind


def refusal_text(option) -> str:
    """Why the engine refuses an option, in the player's language."""
    if option.refusal is not None:
        return option.refusal.translated(agreeing(option.refusal.fields), field_text)
    return option.reason or ""


def impossible_text(refusal: Impossible) -> str:
    """An engine refusal (an undo's…) in the player's language."""
    return refusal.translated(agreeing(refusal.fields), field_text)


def refused_text(event) -> str:
    """A `Refused` event's reason in the player's language (an old journal's has only its
    English reason)."""
    return event_refusal_text(event.message, event.fields, event.reason)


def owner_name(game, unit) -> str:
    """The player a unit belongs to, or "creature"."""
    return content_text(game.player(unit.owner).name) if unit.owner else _("creature")


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
            item=content_text(item.name), n=left)
    return content_text(option.label)
