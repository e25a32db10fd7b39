"""`python -m game odds`: the exact odds of one option in a situation, and what-if sweeps.

The option is checked by the engine (its plan, or its refusal), the odds are computed from
that plan (`game.rules.odds`), and only the wording and the bars are made here.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from fractions import Fraction

from rich.console import Console
from rich.table import Table
from rich.text import Text

import msgspec

from game.i18n import _, ngettext, pgettext
from game.journal.text import clamp_text, refusal_text, terms_text
from game.rules import odds
from game.rules.actions import Attack
from game.rules.edits import split_path, unit_field, vary
from game.rules.errors import Impossible, N_, Phrase
from game.rules.magic import Cast, CastPlan
from game.rules.state import GameState
from game.rules.terms import Chance, Term


@dataclass(frozen=True)
class Choice:
    """Which option to weigh: a weapon, bare hands, or a spell (default: the first weapon)."""

    weapon: str | None = None
    brawl: bool = False
    spell: str | None = None

    def action(self, attacker: str, target: str):
        if self.spell:
            return Cast(attacker, self.spell, target)
        return Attack(attacker, target, weapon=self.weapon, brawl=self.brawl)


def _p(value: Fraction | None) -> float | None:
    return None if value is None else float(value)


def _terms(terms) -> list[dict]:
    return [{"name": t.name, "value": t.value, "detail": t.detail, "rule": t.rule,
             "source": t.source} for t in terms]


def _chance(chance: Chance) -> dict:
    """A chance as data: each term with its rule and source, the cap with its own."""
    data = {"value": chance.value, "raw": chance.raw, "cap": chance.cap,
            "rule": chance.rule, "cap_source": chance.cap_source,
            "terms": _terms(chance.terms)}
    if chance.perfect_below:
        # What p_perfect (an attack) or p_reflected (a counter) is computed from.
        data["perfect_below"] = {"value": chance.perfect_below, "rule": chance.perfect_rule,
                                 "source": chance.perfect_source}
    return data


def _die(label: str, dice, rule_source: tuple[str, str]) -> dict:
    return {"label": label, "dice": str(dice), "rule": rule_source[0],
            "source": rule_source[1]}


def _damage_terms(plan) -> dict | None:
    """What the damage figures are made of, each part with its rule and source: the dice
    (and the perfect die of an attack), the effects added, the reduction terms (a spell's:
    those of the target aimed at)."""
    if isinstance(plan, CastPlan):
        if plan.dice is None:
            return None
        centre = next((t for t in plan.targets if t.unit is plan.centre), None)
        return {"dice": [_die(plan.spell.name, plan.dice, plan.dice_source)],
                "terms": [],
                "reduction_terms": _terms(centre.reduction_terms) if centre else [],
                "reduction": centre.reduction if centre else 0}
    damage = plan.damage
    sources = damage.sources
    out = {"dice": [_die(label, dice, source)
                    for (label, dice), source in zip(damage.dice, sources)],
           "terms": _terms(damage.terms),
           "reduction_terms": _terms(damage.reduction_terms),
           "reduction": damage.reduction}
    if damage.perfect_die is not None:
        out["perfect_die"] = _die("perfect", damage.perfect_die, sources[-1])
    return out


def odds_object(game: GameState, attacker: str, target: str, choice: Choice) -> dict:
    """The odds of the option as plain data (the `--json` object); raises `Impossible`."""
    unit = game.units.get(attacker)
    if unit is None:
        raise Impossible(N_("there is no unit called {id}"), id=repr(attacker))
    action = choice.action(attacker, target)
    return plan_odds(action.check(game, unit.owner), action.notation())


def plan_odds(plan, notation: str) -> dict:
    """The odds of a checked option (its plan), as plain data."""
    result = odds.of(plan)
    spell = isinstance(plan, CastPlan)
    chances = {"magic" if spell else "attack": _chance(plan.chance)}
    if plan.defence is not None:
        chances["counter" if spell else "dodge"] = _chance(plan.defence)
    actor = plan.caster if spell else plan.attacker
    target_unit = plan.centre if spell else plan.target
    data = {
        "attacker": actor.id,
        "target": target_unit.id,
        "action": notation,
        "ap_cost": plan.ap_cost,
        "ap": actor.ap,
        "chances": chances,
        "p_hit": _p(result.p_success),
        "p_perfect": _p(result.p_perfect),
        "p_dodged": _p(result.p_dodged),
        "p_countered": _p(result.p_countered),
        "p_reflected": _p(result.p_reflected),
        "p_lands": _p(result.p_lands),
        "damage_terms": _damage_terms(plan),
        "damage": [[v, float(p)] for v, p in result.damage],
        "mean_damage": float(result.mean_damage),
        "p_down": float(result.p_down),
        "p_down_this_turn": _p(result.p_down_this_turn),
        "repeats": result.repeats,
        "kind": result.kind,
        "exact": {"p_down": str(result.p_down),
                  "p_down_this_turn": None if result.p_down_this_turn is None
                  else str(result.p_down_this_turn),
                  "mean_damage": str(result.mean_damage)},
    }
    if result.reflected_damage and result.p_reflected:
        data["reflected_damage"] = [[v, float(p)] for v, p in result.reflected_damage]
    targets = plan.targets if spell else ()
    if len(targets) > 1:
        area = [(t.unit.id, odds.of(plan, t.unit.id)) for t in targets]
        data["area"] = [{"target": uid, "p_down": float(o.p_down),
                         "mean_damage": float(o.mean_damage)} for uid, o in area]
    return data


_RANGE = re.compile(r"^([A-Za-z0-9_.-]+)=(-?[0-9]+)\.\.(-?[0-9]+)(?::([0-9]+))?$")


def parse_vary(text: str) -> tuple[str, list[int]]:
    """`aldric.skills.melee=50..60:5` -> the path and the values 50, 55, 60."""
    match = _RANGE.match(text)
    if not match:
        raise ValueError(f"--vary {text!r}: write FIELD=LOW..HIGH[:STEP], "
                         "e.g. aldric.skills.melee=50..60:5")
    path, low, high, step = match.group(1), int(match.group(2)), int(match.group(3)), \
        int(match.group(4) or 1)
    if step < 1 or high < low:
        raise ValueError(f"--vary {text!r}: LOW must not be above HIGH and STEP at least 1")
    values = range(low, high + 1, step)  # counted before any list is made of it
    if len(values) > 1000:
        raise ValueError(f"--vary {text!r}: {len(values)} values; at most 1000")
    values = list(values)
    split_path(path)
    return path, values


def sweep(game: GameState, attacker: str, target: str, choice: Choice, path: str,
          values: list[int]) -> list[dict]:
    """The odds object for each value of one field, each on its own copy of the situation.

    A value the option cannot be weighed at (impossible, or refused by the field's bounds)
    gives a row with its reason instead of odds.
    """
    rows = []
    for value in values:
        situation = copy.deepcopy(game)
        try:
            vary(situation, path, value)
            row = odds_object(situation, attacker, target, choice)
        except Impossible as refusal:
            # `reason` in English (the JSON's); message and fields to word it
            row = {"reason": refusal.reason, "message": refusal.message,
                   "fields": msgspec.to_builtins(refusal.fields)}
        rows.append({"field": path, "value": value, **row})
    return rows


def current_value(game: GameState, path: str):
    head, field = split_path(path)
    if head == "rules":
        node = game.rules
        for part in field.split("."):
            node = getattr(node, part, None)
        return node
    unit = game.units.get(head)
    return unit_field(unit, field) if unit else None


# --- rendering ---------------------------------------------------------------------------


def bar(p: float, width: int = 30) -> str:
    """A bar of eighth blocks: `████▍` reads without colour."""
    eighths = round(p * width * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")[part]


def pct(p: float | None) -> str:
    return "—" if p is None else f"{100 * p:.1f}%"


def row_reason(row: dict) -> str:
    """A sweep row's refusal in the player's language."""
    fields = msgspec.convert(row.get("fields", {}), dict[str, str | int | Phrase])
    return refusal_text(row.get("message", ""), fields, row["reason"])


def check_label(check: str) -> str:
    """The name of a chance (`attack`, `dodge`, `magic`, `counter`) as the player reads it."""
    words = {"attack": lambda: pgettext("check", "attack"),
             "dodge": lambda: pgettext("check", "dodge"),
             "magic": lambda: pgettext("check", "magic"),
             "counter": lambda: pgettext("check", "counter")}
    return words[check]() if check in words else check


def chance_text(label: str, chance: dict, names=str) -> Text:
    terms = tuple(Term(**t) for t in chance["terms"])
    return Text.assemble((f"{check_label(label)} {chance['value']}%", "bold"),
                         f"  [{terms_text(terms, name=names)} {clamp_text(chance['raw'], chance['value'], chance['cap'])}]")


def renderables(data: dict, names) -> list:
    """One option: its chances with their terms, the outcome odds, the damage bars (what
    `odds` prints and the app's odds view shows)."""
    attacker, target = names(data["attacker"]), names(data["target"])
    head = Text(_("{attacker} → {target}: {action} ({ap} AP)").format(
        attacker=attacker, target=target, action=data["action"], ap=data["ap_cost"]))
    head.stylize("bold", 0, len(attacker))
    start = head.plain.find(target, len(attacker))
    if start >= 0:
        head.stylize("bold", start, start + len(target))
    out: list = [head]
    out += [chance_text(label, chance, names) for label, chance in data["chances"].items()]
    # label and value pairs of a table: each label is a whole message
    figures = ((_("P(success)"), "p_hit"), (_("P(perfect)"), "p_perfect"),
               (_("P(dodged)"), "p_dodged"), (_("P(countered)"), "p_countered"),
               (_("P(reflected)"), "p_reflected"))
    out.append(Text("  ".join(f"{label} {pct(data[key])}" for label, key in figures
                              if data[key] is not None)))
    what = _("HP healed") if data["kind"] == "heal" else _("damage taken (after reduction)")
    out.append(Text(what, style="bold"))
    table = Table(show_edge=False, box=None, show_header=False, pad_edge=False)
    table.add_column(justify="right")
    table.add_column(justify="right")
    table.add_column()
    for amount, p in data["damage"]:
        table.add_row(str(amount), pct(p), Text(bar(p), style="cyan"))
    out.append(table)
    times = data["repeats"]
    out.append(Text(ngettext(
        "mean {mean} · P(down) {p_down} · P(down this turn: {n} such action with {ap} AP) "
        "{p_turn}",
        "mean {mean} · P(down) {p_down} · P(down this turn: {n} such actions with {ap} AP) "
        "{p_turn}", times).format(
        mean=f"{data['mean_damage']:.2f}", p_down=pct(data["p_down"]), n=times, ap=data["ap"],
        p_turn=pct(data["p_down_this_turn"]))))
    for row in data.get("area", ()):
        line = _("area: {target}: mean {mean}, P(down) {p_down}").format(
            target=names(row["target"]), mean=f"{row['mean_damage']:.2f}",
            p_down=pct(row["p_down"]))
        out.append(Text(f"  {line}"))
    if "reflected_damage" in data:
        back = sum(v * p for v, p in data["reflected_damage"])
        out.append(Text(_("reflected onto {unit}: mean {mean}").format(
            unit=names(data["attacker"]), mean=f"{back:.2f}")))
    return out


def render(console: Console, data: dict, names) -> None:
    for renderable in renderables(data, names):
        console.print(renderable)


SPARKS = " ▁▂▃▄▅▆▇█"


def sparkline(damage: list[list]) -> str:
    """The damage distribution in one line, one block per amount from the least to the
    most (the miss's 0 left out, so the shape of a hit shows)."""
    hits = [(v, p) for v, p in damage if v > 0]
    if not hits:
        return ""
    low, high = hits[0][0], hits[-1][0]
    by_value = dict(hits)
    top = max(p for _, p in hits)
    return "".join(SPARKS[round(by_value.get(v, 0) / top * 8)] for v in range(low, high + 1))


def panel_line(data: dict) -> Text:
    """The target panel's odds of one option: what lands, the damage range and mean,
    P(down), and the distribution as a one-line chart."""
    values = [v for v, p in data["damage"] if v > 0 and p > 0]
    # The range is of what lands; the mean is over every try, misses counted as 0.
    fields = dict(p=pct(data["p_lands"]), mean=f"{data['mean_damage']:.1f}",
                  low=values[0] if values else 0, high=values[-1] if values else 0,
                  down=pct(data["p_down"]), turn=pct(data["p_down_this_turn"]),
                  n=data["repeats"])
    if data["kind"] == "heal":
        text = _("lands {p} · {low}–{high} heals, {mean} a try") if values \
            else _("lands {p} · no heals")
    elif data["kind"] == "effect":
        text = _("lands {p} · {low}–{high} dmg, {mean} a try") if values \
            else _("lands {p} · no dmg")
    elif data["repeats"] > 1:
        text = _("lands {p} · {low}–{high} dmg, {mean} a try · down {down} ({turn} in {n})") \
            if values else _("lands {p} · no dmg · down {down} ({turn} in {n})")
    else:
        text = _("lands {p} · {low}–{high} dmg, {mean} a try · down {down}") if values \
            else _("lands {p} · no dmg · down {down}")
    line = Text(text.format(**fields))
    spark = sparkline(data["damage"])
    if spark:
        line.append(" ")
        line.append(spark, style="cyan")
    return line


def render_sweep(console: Console, rows: list[dict], current) -> None:
    """One row per value, each figure with its bar, so the curve is seen at a glance."""
    field = rows[0]["field"]
    table = Table(title=_("{field} (now {current})").format(field=field, current=current),
                  title_justify="left", box=None)
    table.add_column(field.rsplit(".", 1)[-1], justify="right")
    for label in (_("P(success)"), _("mean damage"), _("P(down)"), _("P(down this turn)")):
        table.add_column(label)
    top = max((r.get("mean_damage", 0) for r in rows), default=0) or 1
    for row in rows:
        if "reason" in row:
            table.add_row(str(row["value"]), Text(row_reason(row), style="dim"), "", "", "")
            continue
        table.add_row(
            str(row["value"]),
            f"{pct(row['p_hit']):>6} {bar(row['p_hit'], 12)}",
            f"{row['mean_damage']:>5.2f} {bar(row['mean_damage'] / top, 12)}",
            f"{pct(row['p_down']):>6} {bar(row['p_down'], 12)}",
            f"{pct(row['p_down_this_turn']):>6} {bar(row['p_down_this_turn'] or 0, 12)}",
        )
    console.print(table)
