"""The rules at a glance, worded from the loaded `RulesConfig`: the help screen never
states a number the content does not say."""

from __future__ import annotations

from game.rules.templates import RulesConfig


def rules_summary(rules: RulesConfig) -> list[str]:
    """One sentence per rule family, every number read from `rules`."""
    page, caps, xp = rules.page, rules.page.caps, rules.xp
    neutral = page.stat_neutral
    sb = f"(X−{neutral})" if rules.stat_bonus_per_point == 1 \
        else f"(X−{neutral})×{rules.stat_bonus_per_point}"
    faction = "allies of its faction it sees" if rules.faction.counts == "seen" \
        else "allies of its faction on the map"
    fraction = rules.counter_drain.fraction
    drain = "half the spell's AP cost" if fraction == 0.5 \
        else f"{fraction:g} × the spell's AP cost"
    return [
        f"A d100 succeeds when the roll is at most the chance; every chance is clamped to "
        f"[0, cap]. sb{sb}: a characteristic's bonus, {neutral} is neutral.",
        f"Brawl ({rules.brawl_ap_cost} AP, {rules.brawl_dice}): skill + faction − crowding "
        f"(cap {caps.brawl}). Melee: skill + mastery + sb(STR) (cap {caps.melee}). Ranged "
        f"(≤ {page.ranged_max_distance} squares, in sight): skill + mastery + sb(DEX) − "
        f"crowding − distance (cap {caps.ranged}).",
        f"Faction: up to +{rules.faction.maximum} from the {faction} (your side only). "
        f"Crowding: each of your other characters in sight, up to {page.crowding_per_ally} "
        f"each, less with distance.",
        f"A hit below {page.perfect_attack_below} is perfect: +{rules.perfect_die} damage, "
        f"+{xp.perfect} XP. A hit character dodges: skill + sb(DEF) + luck + faction "
        f"(cap {caps.dodge}).",
        f"Damage: dice + STR/DEX+SIZ bonus − reduction (DEF // {page.defence_reduction.per}, "
        f"at most {page.defence_reduction.maximum}, + armour; never below 0).",
        f"Magic: skill + sb(INT) + sb(DEX) + faction + bonus (cap {caps.magic}); a damage "
        f"spell on a character may be countered (skill + sb(INT) + faction − "
        f"{rules.counter_difficulty}, cap {caps.counter}); below {page.perfect_counter_below}, "
        f"reflected. A counter costs the counterer {drain}, off its next refill.",
        f"XP: hit +{xp.hit}, miss +{xp.miss_attacker}, dodged +{xp.dodge_attacker}, dodge "
        f"+{xp.dodge_defender}, counter +{xp.counter}, doors and objects +{xp.against_objects}.",
        "You may never attack your own characters. Creatures act after each round.",
    ]
