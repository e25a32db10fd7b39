"""`python -m game odds`: the exact odds of one option in a situation, and what-if sweeps.

The option is checked by the engine (its plan, or its refusal), the odds are computed from
that plan (`game.rules.odds`), and only the wording and the bars are made here.
"""

from __future__ import annotations

import copy
import csv
import io
import re
from contextlib import nullcontext
from fractions import Fraction

from rich.console import Console
from rich.table import Table
from rich.text import Text

import msgspec

from game import nobreak  # noqa: F401  (a report wrapped keeps its no-break spaces)
from game.i18n import _, agreed, format_decimal, format_percent, ngettext, pgettext, square_text
from game.journal.text import clamp_text, field_label, gender_of, refusal_text, terms_text
from game.rules import odds, turn
from game.rules.actions import Attack, no_such_unit
from game.rules.branches import kept, outcomes
from game.rules.edits import split_path, unit_field, varied_unit, vary
from game.rules.errors import Impossible, N_, Phrase, UnknownName
from game.rules.legal import reachable_squares, supposing_at
from game.rules.magic import Cast, CastPlan
from game.rules.sources import Sources
from game.rules.state import GameState
from game.rules.terms import Chance, Term


class Choice(msgspec.Struct, frozen=True):
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
    # A term's data as the journal writes it: its typed fields only when they hold something.
    return [msgspec.to_builtins(t) for t in terms]


def _chance(chance: Chance) -> dict:
    """A chance as data: each term with its rule and source, the cap with its own."""
    data = {"value": chance.value, "raw": chance.raw, "cap": chance.cap,
            "rule": chance.rule, "cap_source": msgspec.to_builtins(chance.cap_source),
            "terms": _terms(chance.terms)}
    if chance.perfect_below:
        # What p_perfect (an attack) or p_reflected (a counter) is computed from.
        data["perfect_below"] = {"value": chance.perfect_below, "rule": chance.perfect_rule,
                                 "source": msgspec.to_builtins(chance.perfect_source)}
    return data


def _die(label: str, dice, rule_source: tuple[str, Sources], bonus=None) -> dict:
    out = {"label": label, "dice": str(dice), "rule": rule_source[0],
           "source": msgspec.to_builtins(rule_source[1])}
    if bonus is not None:  # what the damage bonus reads, as its roll says it
        out.update(stats=list(bonus.stats), number=bonus.total, row=bonus.row)
    return out


def _damage_terms(plan) -> dict | None:
    """What the damage figures are made of, each part with its rule and source: the dice
    (and the perfect die of an attack), the effects added, the reduction terms (a spell's:
    those of the target aimed at)."""
    if isinstance(plan, CastPlan):
        if plan.dice is None:
            return None
        centre = next((t for t in plan.targets if t.unit is plan.centre), None)
        return {"dice": [_die(plan.spell_id, plan.dice, plan.dice_source)],
                "terms": [],
                "reduction_terms": _terms(centre.reduction_terms) if centre else [],
                "reduction": centre.reduction if centre else 0}
    damage = plan.damage
    sources = damage.sources
    out = {"dice": [_die(label, dice, source, damage.bonus if i == 1 else None)
                    for i, ((label, dice), source) in enumerate(zip(damage.dice, sources))],
           "terms": _terms(damage.terms),
           "reduction_terms": _terms(damage.reduction_terms),
           "reduction": damage.reduction}
    if damage.perfect_die is not None:
        out["perfect_die"] = _die("perfect", damage.perfect_die, sources[-1])
    return out


def actor_of(game: GameState, attacker: str):
    unit = game.units.get(attacker)
    if unit is None:
        raise no_such_unit(game, attacker)
    return unit


def odds_object(game: GameState, attacker: str, target: str, choice: Choice,
                square=None) -> dict:
    """The odds of the option as plain data (the `--json` object), from where the
    attacker stands or, with `square`, after it walks there; raises `Impossible`."""
    unit = actor_of(game, attacker)
    action = choice.action(attacker, target)
    if square is None:
        return plan_odds(action.check(game, unit.owner), action.notation(), game, action)
    with supposing_at(game, unit, square) as walk:
        data = plan_odds(action.check(game, unit.owner), action.notation(), game, action)
    data["from"] = {"square": list(square), "walk_ap": walk.ap_cost if walk else 0}
    return data


def plan_odds(plan, notation: str, game: GameState | None = None, action=None) -> dict:
    """The odds of a checked option (its plan), as plain data. With the game and the
    action, what the plan alone cannot tell is computed from the chain of states too
    (P(down this turn) under an on-hit effect or an area; P(all down) of an area)."""
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
    data["chained"] = result.chained
    if result.chained and game is not None and action is not None:
        # The chain of states: each repeat checked where the previous one left the game.
        chained = turn.repeated_down(game, action, actor.id, target_unit.id)
        data["p_down_this_turn"] = _p(chained)
        data["exact"]["p_down_this_turn"] = None if chained is None else str(chained)
    if result.reflected_damage and result.p_reflected:
        data["reflected_damage"] = [[v, float(p)] for v, p in result.reflected_damage]
        data["p_caster_down"] = _p(result.p_caster_down)
    targets = plan.targets if spell else ()
    if len(targets) > 1:
        area = [(t.unit.id, odds.of(plan, t.unit.id)) for t in targets]
        data["area"] = [{"target": uid, "p_down": float(o.p_down),
                         "mean_damage": float(o.mean_damage),
                         "p_countered": _p(o.p_countered), "p_reflected": _p(o.p_reflected)}
                        for uid, o in area]
        if game is not None and action is not None and plan.spell.kind == "damage":
            # One value for every target, each its own counter: P(all down) is not the
            # product of each one's; the engine plays each outcome class once.
            with kept(game):
                found = outcomes(game, action, actor.owner)
            order = list(game.units)
            index = [order.index(t.unit.id) for t in targets]
            every = sum((w for w, state in found if all(state[i][6] for i in index)),
                        Fraction(0))
            data["p_all_down"] = float(every)
            data["exact"]["p_all_down"] = str(every)
            if any(o.p_reflected for _uid, o in area):  # none can reflect: nothing to say
                data["area_reflected"] = _area_reflected(found, order.index(actor.id),
                                                         actor.hp)
    return data


def _area_reflected(found, caster: int, hp: int) -> dict:
    """What every target's counter sends back onto the caster of an area (each perfect
    counter reflects the same value, the first ones may down it): from the engine's
    outcome classes, the HP it loses, P(it loses any), P(it is downed)."""
    lost: dict[int, Fraction] = {}
    down = Fraction(0)
    for weight, state in found:
        loss = hp - state[caster][1]
        lost[loss] = lost.get(loss, Fraction(0)) + weight
        if state[caster][6]:
            down += weight
    hurt = 1 - lost.get(0, Fraction(0))
    mean = sum((v * p for v, p in lost.items()), Fraction(0))
    return {"hp_lost": [[v, float(p)] for v, p in sorted(lost.items())],
            "p_hurt": float(hurt), "mean": float(mean), "p_caster_down": float(down),
            "exact": {"p_hurt": str(hurt), "mean": str(mean), "p_caster_down": str(down)}}


_RANGE = re.compile(r"^([A-Za-z0-9_.-]+)=(-?[0-9]+)\.\.(-?[0-9]+)(?::([0-9]+))?$")


def parse_vary(text: str, option: str = "--vary") -> tuple[str, list[int]]:
    """`aldric.skills.melee=50..60:5` -> the path and the values 50, 55, 60. `option`: the
    option the range was given to (`--vary`, or tune's `--field`), which the errors name."""
    match = _RANGE.match(text)
    if not match:
        if option == "--field":
            raise ValueError(_("--field {text!r}: write FIELD=LOW..HIGH, e.g. "
                               "aldric.skills.melee=50..60").format(text=text))
        raise ValueError(_("--vary {text!r}: write FIELD=LOW..HIGH[:STEP], e.g. "
                           "aldric.skills.melee=50..60:5").format(text=text))
    path, low, high, step = match.group(1), int(match.group(2)), int(match.group(3)), \
        int(match.group(4) or 1)
    if step < 1 or high < low:
        if option == "--field":
            raise ValueError(_("--field {text!r}: LOW must not be above HIGH").format(
                text=text))
        raise ValueError(_("--vary {text!r}: LOW must not be above HIGH and STEP at least "
                           "1").format(text=text))
    values = range(low, high + 1, step)  # counted before any list is made of it
    if len(values) > 1000:
        raise ValueError(_("{option} {text!r}: {n} values; at most 1000").format(
            option=option, text=text, n=len(values)))
    values = list(values)
    split_path(path)
    return path, values


def sweep(game: GameState, attacker: str, target: str, choice: Choice, path: str,
          values: list[int], square=None, then: tuple[str, int] | None = None) -> list[dict]:
    """The odds object for each value of one field, each on its own copy of the situation
    (`then`: one more field and value set on every copy, a grid's column).

    A value the option cannot be weighed at (impossible, or refused by the field's bounds)
    gives a row with its reason instead of odds.
    """
    rows = []
    for value in values:
        situation = copy.deepcopy(game)
        try:
            vary(situation, path, value)
            if then is not None:
                vary(situation, *then)
            row = odds_object(situation, attacker, target, choice, square)
        except UnknownName:  # the same at every value: the sweep's mistake, not a row's
            raise
        except Impossible as refusal:
            # `reason` in English (the JSON's); message and fields to word it
            row = {"reason": refusal.reason, "message": refusal.message,
                   "fields": msgspec.to_builtins(refusal.fields)}
        rows.append({"field": path, "value": value, **row})
    return rows


#: The most cells a two-way sweep computes in one command (each is a copy of the game).
MOST_CELLS = 2500


def grid(game: GameState, attacker: str, target: str, choice: Choice,
         rows: tuple[str, list[int]], columns: tuple[str, list[int]], square=None) -> dict:
    """Two fields swept together: for each value of the first (a row), the odds at each
    value of the second (a column)."""
    (row_path, row_values), (col_path, col_values) = rows, columns
    cells = len(row_values) * len(col_values)
    if cells > MOST_CELLS:
        raise ValueError(_("--vary {rows} × --vary {columns}: {cells} cells; at most "
                           "{most}").format(rows=row_path, columns=col_path,
                                            cells=format_decimal(cells, 0),
                                            most=format_decimal(MOST_CELLS, 0)))
    table = []
    for col in col_values:
        table.append(sweep(game, attacker, target, choice, row_path, row_values, square,
                           (col_path, col)))
    return {"rows": {"field": row_path, "values": row_values},
            "columns": {"field": col_path, "values": col_values},
            # cells[i][j]: row value i, column value j
            "cells": [[{"column": col_values[j], **table[j][i]}
                       for j in range(len(col_values))] for i in range(len(row_values))]}


#: The figures a grid shows and `tune` aims at: their key in an odds object.
FIGURES = {"down": "p_down", "success": "p_hit", "turn": "p_down_this_turn",
           "mean": "mean_damage", "lands": "p_lands"}


def figure_label(figure: str) -> str:
    words = {"down": lambda: _("P(down)"), "success": lambda: _("P(success)"),
             "turn": lambda: _("P(down this turn)"), "mean": lambda: _("mean damage"),
             "lands": lambda: _("P(lands)")}
    return words[figure]()


# --- the odds of a turn ------------------------------------------------------------------


def possible_somewhere(game: GameState, unit, action, square=None) -> None:
    """Raise the action's refusal (from where the unit stands, or `square`) unless it is
    possible from there or from a square the unit can walk to."""
    try:
        with supposing_at(game, unit, square) if square else nullcontext():
            action.check(game, unit.owner)
        return
    except Impossible as refusal:
        if square is not None:
            raise
        first = refusal
    for there in reachable_squares(game, unit.id):
        with supposing_at(game, unit, there):
            try:
                action.check(game, unit.owner)
                return
            except Impossible:
                continue
    raise first


def turn_object(game: GameState, attacker: str, target: str, choice: Choice | None,
                square=None, squares: bool = False) -> dict:
    """The best sequence of the attacker's turn against the target (and the chosen option
    repeated, and with `squares` each square it can walk to), exact, as plain data; from
    where it stands or after walking to `square`. Raises `Impossible`."""
    unit = actor_of(game, attacker)
    if game.units.get(target) is None:
        raise no_such_unit(game, target)
    action = choice.action(attacker, target) if choice is not None else None
    if action is not None:
        try:
            possible_somewhere(game, unit, action, square)
        except Impossible:
            if choice.weapon or choice.brawl or choice.spell:
                raise  # the option asked for is refused wherever the unit may stand
            action = None  # the first weapon reaches from nowhere: the best turn only
    if square is not None:
        with supposing_at(game, unit, square) as walk:
            found = turn.turn_odds(game, attacker, target, action, squares=False)
            ap = unit.ap
        start = {"square": list(square), "walk_ap": walk.ap_cost if walk else 0}
    else:
        found = turn.turn_odds(game, attacker, target, action, squares=squares)
        ap, start = unit.ap, None
    data = {"attacker": attacker, "target": target, "ap": ap, "from": start,
            "action": action.notation() if action else None}
    if found is None:
        data.update(exact=False, p_down_best=None, line=[], squares=[], p_down_repeated=None)
        return data
    data.update(
        exact=True, runs=found.runs,
        p_down_best=float(found.best), p_down_repeated=_p(found.repeated),
        line=[step.action.notation() for step in found.line],
        squares=[{"square": list(s.square), "walk_ap": s.cost, "ap_left": ap - s.cost,
                  "p_down_repeated": _p(s.repeated), "p_down_best": float(s.best)}
                 for s in found.squares],
        fractions={"p_down_best": str(found.best),
                   "p_down_repeated": None if found.repeated is None else str(found.repeated)})
    return data




def current_value(game: GameState, path: str):
    head, field = split_path(path)
    if head == "rules":
        node = game.rules
        for part in field.split("."):
            node = getattr(node, part, None)
        return node
    return unit_field(varied_unit(game, path), field)


# --- rendering ---------------------------------------------------------------------------


def bar(p: float, width: int = 30) -> str:
    """A bar of eighth blocks: `████▍` reads without colour."""
    eighths = round(p * width * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")[part]


def pct(p: float | None) -> str:
    return "—" if p is None else format_percent(p, 1)


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
    terms = tuple(msgspec.convert(t, Term) for t in chance["terms"])
    return Text.assemble((f"{check_label(label)} {format_percent(chance['value'] / 100, 0)}",
                          "bold"),
                         f"  [{terms_text(terms, name=names)} {clamp_text(chance['raw'], chance['value'], chance['cap'])}]")


def renderables(data: dict, names) -> list:
    """One option: its chances with their terms, the outcome odds, the damage bars (what
    `odds` prints and the app's odds view shows)."""
    attacker, target = names(data["attacker"]), names(data["target"])
    out: list = []
    if data.get("from"):
        out.append(Text(_("after walking to {square} ({walk} AP; {ap} AP left)").format(
            square=square_text(data["from"]["square"]), walk=data["from"]["walk_ap"],
            ap=data["ap"]), style="dim"))
    head = Text(_("{attacker} → {target}: {action} ({ap} AP)").format(
        attacker=attacker, target=target, action=data["action"], ap=data["ap_cost"]))
    head.stylize("bold", 0, len(attacker))
    start = head.plain.find(target, len(attacker))
    if start >= 0:
        head.stylize("bold", start, start + len(target))
    out.append(head)
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
        mean=format_decimal(data['mean_damage'], 2), p_down=pct(data["p_down"]), n=times, ap=data["ap"],
        p_turn=pct(data["p_down_this_turn"]))))
    if data.get("chained") and data["p_down_this_turn"] is None:
        out.append(Text(_("P(down this turn) is not exact here: each blow changes what the "
                          "next one faces, and that chain is too large to compute at once"),
                        style="dim"))
    for row in data.get("area", ()):
        figures = {"target": names(row["target"]), "mean": format_decimal(row['mean_damage'], 2),
                   "p_down": pct(row["p_down"])}
        if row.get("p_reflected") is not None:
            line = _("area: {target}: mean {mean}, P(down) {p_down} · P(countered) "
                     "{countered}, P(reflected) {reflected}").format(
                countered=pct(row["p_countered"]), reflected=pct(row["p_reflected"]), **figures)
        else:
            line = _("area: {target}: mean {mean}, P(down) {p_down}").format(**figures)
        out.append(Text(f"  {line}"))
    if "p_all_down" in data:
        line = _("area: P(all down) {p}").format(p=pct(data["p_all_down"]))
        out.append(Text(f"  {line}"))
    if "area_reflected" in data:
        back = data["area_reflected"]
        out.append(Text(_("reflected onto {unit} by any target: P {p_hurt}, mean HP lost "
                          "{mean}, P(down) {p_down}").format(
            unit=names(data["attacker"]), p_hurt=pct(back["p_hurt"]),
            mean=format_decimal(back["mean"], 2), p_down=pct(back["p_caster_down"]))))
    elif "reflected_damage" in data:
        back = sum(v * p for v, p in data["reflected_damage"])
        out.append(Text(_("reflected onto {unit}: mean {mean}, P(down) {p_down}").format(
            unit=names(data["attacker"]), mean=format_decimal(back, 2),
            p_down=pct(data["p_caster_down"]))))
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
    top = max(p for _value, p in hits)
    return "".join(SPARKS[round(by_value.get(v, 0) / top * 8)] for v in range(low, high + 1))


def panel_line(data: dict) -> Text:
    """The target panel's odds of one option: what lands, the damage range and mean,
    P(down), and the distribution as a one-line chart."""
    values = [v for v, p in data["damage"] if v > 0 and p > 0]
    # The range is of what lands; the mean is over every try, misses counted as 0.
    fields = dict(p=pct(data["p_lands"]), mean=format_decimal(data['mean_damage'], 1),
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


def field_heading(path: str) -> str:
    """A swept or tuned field's heading: a unit's field in the player's words, as a
    designer's edit names it (`aldric.skills.melee` → `melee` / `mêlée`, `aldric.hp` →
    `HP` / `PV`), another field (`rules.faction.maximum`) by its last part."""
    parts = path.split(".")
    if parts[0] != "rules":
        for n in (2, 1):
            if len(parts) > n:
                rest = ".".join(parts[-n:])
                worded = field_label(rest)
                if worded != rest:
                    return worded
    return parts[-1]


def render_sweep(console: Console, rows: list[dict], current) -> None:
    """One row per value, each figure with its bar, so the curve is seen at a glance."""
    field = rows[0]["field"]
    table = Table(title=_("{field} (now {current})").format(field=field, current=current),
                  title_justify="left", box=None)
    table.add_column(field_heading(field), justify="right")
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
            f"{format_decimal(row['mean_damage'], 2):>5} {bar(row['mean_damage'] / top, 12)}",
            f"{pct(row['p_down']):>6} {bar(row['p_down'], 12)}",
            f"{pct(row['p_down_this_turn']):>6} {bar(row['p_down_this_turn'] or 0, 12)}",
        )
    console.print(table)


def shade(p: float) -> str:
    """A cell's shade, darkest for 0, full for 1 (reads without colour)."""
    return "░▒▓█"[min(3, int(p * 4))]


#: A grid cell's background, from 0 (dark) to 1 (bright): the shade in colour too.
CELL_STYLES = ("on grey11", "on grey27", "on grey42", "on grey58")


def render_grid(console: Console, data: dict, figure: str) -> None:
    """A two-way sweep: one row per value of the first field, one column per value of the
    second, each cell the figure with its shade."""
    key = FIGURES[figure]
    rows, columns = data["rows"], data["columns"]
    console.print(Text(_("{figure}: {rows} (rows) × {columns} (columns)").format(
        figure=figure_label(figure), rows=rows["field"], columns=columns["field"]),
        style="bold"))
    table = Table(box=None, padding=(0, 1))
    # Translators: a grid's corner: the rows' field, then the columns' (`melee \ DEF`)
    table.add_column(_("{rows} \\ {columns}").format(rows=field_heading(rows["field"]),
                                                     columns=field_heading(columns["field"])),
                     justify="right")
    for value in columns["values"]:
        table.add_column(str(value), justify="right")
    values = [c.get(key) for line in data["cells"] for c in line if c.get(key) is not None]
    # Shaded from the grid's least to its greatest value, so the slope shows.
    low, high = min(values, default=0), max(values, default=0)
    span = (high - low) or 1

    def shown(value):
        return format_decimal(value, 2) if figure == "mean" else pct(value)

    for value, line in zip(rows["values"], data["cells"]):
        cells = []
        for cell in line:
            got = cell.get(key)
            if got is None:
                cells.append(Text("—" if "reason" not in cell else "×", style="dim"))
                continue
            share = (got - low) / span
            cells.append(Text(f"{shade(share)} {shown(got):>6}",
                              style=CELL_STYLES[min(3, int(share * 4))]))
        table.add_row(str(value), *cells)
    console.print(table)
    if values:
        console.print(Text(_("shade: from {low} (░) to {high} (█)").format(
            low=shown(low), high=shown(high)), style="dim"))
    reasons = {row_reason(c) for line in data["cells"] for c in line if "reason" in c}
    for reason in sorted(reasons):
        console.print(Text(f"× {reason}", style="dim"))


def render_turn(console: Console, data: dict, names) -> None:
    """The best turn: its P(down), its main line, and the chosen option repeated."""
    attacker, target = names(data["attacker"]), names(data["target"])
    # "it" is the attacker: French agrees with its gender (`ce qu'elle joue`).
    gender = gender_of(names, data["attacker"])
    if data["from"]:
        console.print(Text(_("after walking to {square} ({walk} AP; {ap} AP left)").format(
            square=square_text(data["from"]["square"]), walk=data["from"]["walk_ap"],
            ap=data["ap"]), style="dim"))
    if not data["exact"]:
        console.print(_("{attacker} → {target}: the best turn is too large to compute "
                        "exactly at once").format(attacker=attacker, target=target))
        return
    console.print(Text(_("{attacker} → {target}: the best turn with {ap} AP: P(down this "
                         "turn) {p} (exact)").format(attacker=attacker, target=target,
                                                     ap=data["ap"],
                                                     p=pct(data["p_down_best"])),
                       style="bold"))
    for n, step in enumerate(data["line"], 1):
        console.print(f"  {n}. {step}")
    if not data["line"]:
        nothing = agreed(gender, "nothing it does can down the target this turn")
        console.print(f"  {nothing}")
    else:
        console.print(Text(agreed(gender, "(what it plays while the target stands: each step "
                                  "is chosen after the dice of the one before)"), style="dim"))
    if data["action"] is not None and data["p_down_repeated"] is not None:
        console.print(_("repeating {action} without walking: P(down this turn) {p}").format(
            action=data["action"], p=pct(data["p_down_repeated"])))


def render_squares(console: Console, data: dict, names) -> None:
    """Every square the attacker can walk to, ranked by P(down this turn) of the chosen
    option repeated from there, with the best turn from there beside it."""
    attacker, target = names(data["attacker"]), names(data["target"])
    if not data["exact"]:
        console.print(_("{attacker} → {target}: the best square is too large to compute "
                        "exactly at once").format(attacker=attacker, target=target))
        return
    squares = sorted(data["squares"], key=lambda s: (-(s["p_down_repeated"] or 0),
                                                     -s["p_down_best"], s["walk_ap"],
                                                     s["square"][1], s["square"][0]))
    shown = [s for s in squares if (s["p_down_repeated"] or 0) > 0 or s["p_down_best"] > 0]
    fields = dict(attacker=attacker, target=target, action=data["action"], ap=data["ap"])
    if data["action"] is None:
        heading = _("{attacker} → {target}: the best turn from each square {attacker} can "
                    "walk to ({ap} AP)").format(**fields)
    else:
        heading = _("{attacker} → {target}: repeating {action} from each square "
                    "{attacker} can walk to ({ap} AP), and the best turn from "
                    "there").format(**fields)
    console.print(Text(heading, style="bold"))
    table = Table(box=None)
    table.add_column(_("square"), justify="right")
    table.add_column(_("walk AP"), justify="right")
    table.add_column(_("AP left"), justify="right")
    if data["action"] is not None:
        table.add_column(_("P(down this turn)"))
    table.add_column(_("best turn from there"))
    for s in shown:
        repeated = s["p_down_repeated"] or 0
        cells = [f"{pct(repeated):>6} {bar(repeated, 12)}"] if data["action"] else []
        table.add_row(square_text(s["square"]), str(s["walk_ap"]), str(s["ap_left"]),
                      *cells, f"{pct(s['p_down_best']):>6} {bar(s['p_down_best'], 12)}")
    if shown:
        console.print(table)
    rest = len(squares) - len(shown)
    if rest:
        console.print(ngettext("and {n} other square: 0.0%", "and {n} other squares: 0.0%",
                               rest).format(n=rest))


# --- CSV ---------------------------------------------------------------------------------

ODDS_COLUMNS = ("p_hit", "p_perfect", "p_dodged", "p_countered", "p_reflected", "p_lands",
                "mean_damage", "p_down", "p_down_this_turn", "repeats")


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.6f}"
    return str(value)


def _writer():
    out = io.StringIO()
    return out, csv.writer(out, lineterminator="\n")


def odds_csv(data: dict) -> str:
    """One option: a row of its figures, then (after a blank line) its damage
    distribution, one amount a row."""
    out, w = _writer()
    w.writerow(["attacker", "target", "action", "ap_cost", "ap", *ODDS_COLUMNS, "p_all_down"])
    w.writerow([data["attacker"], data["target"], data["action"], data["ap_cost"], data["ap"],
                *(_cell(data[k]) for k in ODDS_COLUMNS), _cell(data.get("p_all_down"))])
    w.writerow([])
    w.writerow(["damage", "probability"])
    for amount, p in data["damage"]:
        w.writerow([amount, _cell(p)])
    if data.get("area"):
        w.writerow([])
        w.writerow(["area_target", "mean_damage", "p_down"])
        for row in data["area"]:
            w.writerow([row["target"], _cell(row["mean_damage"]), _cell(row["p_down"])])
    return out.getvalue()


def sweep_csv(rows: list[dict]) -> str:
    """One row per value: its figures, or the reason it cannot be weighed."""
    out, w = _writer()
    w.writerow(["field", "value", *ODDS_COLUMNS, "reason"])
    for row in rows:
        w.writerow([row["field"], row["value"], *(_cell(row.get(k)) for k in ODDS_COLUMNS),
                    row.get("reason", "")])
    return out.getvalue()


def grid_csv(data: dict) -> str:
    """A two-way sweep in long form: one row per cell, both values first."""
    out, w = _writer()
    w.writerow(["row_field", "row_value", "column_field", "column_value", *ODDS_COLUMNS,
                "reason"])
    for value, line in zip(data["rows"]["values"], data["cells"]):
        for cell in line:
            w.writerow([data["rows"]["field"], value, data["columns"]["field"],
                        cell["column"], *(_cell(cell.get(k)) for k in ODDS_COLUMNS),
                        cell.get("reason", "")])
    return out.getvalue()


def turn_csv(data: dict) -> str:
    """The best turn: one row per step of its main line, each with the turn's P(down)."""
    out, w = _writer()
    w.writerow(["step", "action", "p_down_best", "p_down_repeated"])
    for n, step in enumerate(data["line"], 1):
        w.writerow([n, step, _cell(data["p_down_best"]), _cell(data["p_down_repeated"])])
    return out.getvalue()


def squares_csv(data: dict) -> str:
    """One row per square the attacker can walk to."""
    out, w = _writer()
    w.writerow(["x", "y", "walk_ap", "ap_left", "p_down_repeated", "p_down_best"])
    for s in data["squares"]:
        w.writerow([*s["square"], s["walk_ap"], s["ap_left"], _cell(s["p_down_repeated"]),
                    _cell(s["p_down_best"])])
    return out.getvalue()
