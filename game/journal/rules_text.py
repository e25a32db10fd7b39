"""The rules at a glance, worded from the loaded `RulesConfig`: the help screen never
states a number the content does not say. Each sentence is one message of the catalog."""

from __future__ import annotations

from game.i18n import _
from game.rules.templates import RulesConfig


def rules_summary(rules: RulesConfig) -> list[str]:
    """One sentence per rule family, every number read from `rules`."""
    page, caps, xp = rules.page, rules.page.caps, rules.xp
    neutral = page.stat_neutral
    # A formula, the same in every language.
    sb = f"(X−{neutral})" if rules.stat_bonus_per_point == 1 \
        else f"(X−{neutral})×{rules.stat_bonus_per_point}"
    if rules.faction.counts == "seen":
        faction = _("Faction: up to +{maximum} from the allies of its faction it sees (your "
                    "side only). Crowding: each of your other characters in sight, up to "
                    "{crowding} each, less with distance.")
    else:
        faction = _("Faction: up to +{maximum} from the allies of its faction on the map "
                    "(your side only). Crowding: each of your other characters in sight, up "
                    "to {crowding} each, less with distance.")
    fraction = rules.counter_drain.fraction
    if fraction == 0.5:
        magic = _("Magic: skill + sb(INT) + sb(DEX) + faction + bonus (cap {magic}); a damage "
                  "spell on a character may be countered (skill + sb(INT) + faction − "
                  "{difficulty}, cap {counter}); below {reflect}, reflected. A counter costs "
                  "the counterer half the spell's AP cost, off its next refill.")
    else:
        magic = _("Magic: skill + sb(INT) + sb(DEX) + faction + bonus (cap {magic}); a damage "
                  "spell on a character may be countered (skill + sb(INT) + faction − "
                  "{difficulty}, cap {counter}); below {reflect}, reflected. A counter costs "
                  "the counterer {fraction} × the spell's AP cost, off its next refill.")
    return [
        _("A d100 succeeds when the roll is at most the chance; every chance is clamped to "
          "[0, cap]. sb{sb}: a characteristic's bonus, {neutral} is neutral.").format(
            sb=sb, neutral=neutral),
        _("Brawl ({ap} AP, {dice}): skill + faction − crowding (cap {brawl}). Melee: skill + "
          "mastery + sb(STR) (cap {melee}). Ranged (≤ {reach} squares, in sight): skill + "
          "mastery + sb(DEX) − crowding − distance (cap {ranged}).").format(
            ap=rules.brawl_ap_cost, dice=rules.brawl_dice, brawl=caps.brawl, melee=caps.melee,
            reach=page.ranged_max_distance, ranged=caps.ranged),
        faction.format(maximum=rules.faction.maximum, crowding=page.crowding_per_ally),
        _("A hit below {perfect} is perfect: +{die} damage, +{xp} XP. A hit character "
          "dodges: skill + sb(DEF) + luck + faction (cap {dodge}).").format(
            perfect=page.perfect_attack_below, die=rules.perfect_die, xp=xp.perfect,
            dodge=caps.dodge),
        _("Damage: dice + STR/DEX+SIZ bonus − reduction (DEF // {per}, at most {maximum}, + "
          "armour; never below 0).").format(per=page.defence_reduction.per,
                                            maximum=page.defence_reduction.maximum),
        magic.format(magic=caps.magic, difficulty=rules.counter_difficulty,
                     counter=caps.counter, reflect=page.perfect_counter_below,
                     fraction=f"{fraction:g}"),
        _("XP: hit +{hit}, miss +{miss}, dodged +{dodged}, dodge +{dodge}, counter "
          "+{counter}, doors and objects +{objects}.").format(
            hit=xp.hit, miss=xp.miss_attacker, dodged=xp.dodge_attacker,
            dodge=xp.dodge_defender, counter=xp.counter, objects=xp.against_objects),
        _("Levels at {thresholds} XP: a level lengthens spells' reach, nothing "
          "else.").format(thresholds=", ".join(map(str, rules.level_thresholds))),
        _("You may never attack your own characters. Creatures act after each round."),
    ]
