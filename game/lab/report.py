"""What the lab prints: rich tables, one JSON object, or CSV rows.

The tables are for people: their words go through gettext and their numbers are written
in the player's language (`40,0 %`, `0,355` in French). The JSON and CSV are data: their
keys and numbers stay as they are in any language."""

from __future__ import annotations

import csv
import io

from rich import box
from rich.console import Console
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from game.i18n import (DEFAULT_LANGUAGE, _, content_text, current_language, format_decimal,
                       format_percent, ngettext, pgettext)
from game.oddsreport import check_label
from game.lab.runs import seat_profiles
from game.lab.stats import Summary


def lab_console() -> Console:
    """The console the lab prints its tables on: what it writes is text, never Rich markup,
    since the content's names (a player `[/]Alice`, a weapon `[b]axe`) are written as their
    files give them, as on the game's screens."""
    return Console(highlight=False, markup=False)


def _same_id(kind: str, key: str) -> str:
    return key


def pct(x: float) -> str:
    return format_percent(x, 1)


def dec(x: float, digits: int) -> str:
    """A number with `digits` decimals in the player's language (`0.355` / `0,355`)."""
    return format_decimal(x, digits)


def signed(x: float, digits: int = 1) -> str:
    """`+1.5` / `-0.3` (`+1,5` in French): a change, its sign always written."""
    return ("-" if x < 0 else "+") + format_decimal(abs(x), digits)


def median(x: float) -> str:
    """A median number of rounds: whole, or a half (`3.5` / `3,5`)."""
    return format_decimal(x, 0 if x == int(x) else 1)


def simulate_object(summary: Summary, seed: int, exact: float | None, setup) -> dict:
    return {"what": setup.describe(), "runs": summary.runs, "seed": seed,
            "profile": setup.profile, "rounds_limit": setup.rounds,
            "profiles": dict(zip(summary.sides, seat_profiles(setup))),
            "median_rounds": summary.median_rounds,
            "draws": summary.draws, "mean_rounds": summary.mean_rounds, "exact": exact,
            "sides": summary.side_rows(), "templates": summary.template_rows(),
            "sources": summary.source_rows(), "effects": summary.effect_rows()}


def simulate_csv(data: dict) -> str:
    """Blocks parted by a blank line: one row per side, one per template, one per
    template and weapon, spell or item, one per timed effect."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["side", "wins", "rate", "ci_low", "ci_high", "runs", "draws", "mean_rounds",
                "exact"])
    for s in data["sides"]:
        w.writerow([s["name"], s["wins"], f"{s['rate']:.6f}", f"{s['ci'][0]:.6f}",
                    f"{s['ci'][1]:.6f}", data["runs"], data["draws"],
                    f"{data['mean_rounds']:.4f}",
                    "" if data["exact"] is None else f"{data['exact']:.6f}"])
    w.writerow([])
    w.writerow(["template", "ap", "dealt_per_ap", "taken_per_ap", "hit_rate", "attacks",
                "hits", "dealt", "taken", "overkill", "kills"])
    for t in data["templates"]:
        w.writerow([t["template"], t["ap"], f"{t['dealt_per_ap']:.4f}",
                    f"{t['taken_per_ap']:.4f}", f"{t['hit_rate']:.4f}", t["attacks"],
                    t["hits"], t["dealt"], t["taken"], t["overkill"], t["kills"]])
    checks = ("attack", "dodge", "magic", "counter")
    w.writerow([])
    w.writerow(["template", "kind", "id", "uses", "ap", "dealt", "overkill", "kills", "healed",
                "landed", "effects_laid",
                *(f"{c}_{part}" for c in checks for part in ("rolls", "successes"))])
    for r in data.get("sources") or []:
        w.writerow([r["template"], r["kind"], r["id"], r["uses"], r["ap"], r["dealt"],
                    r["overkill"], r["kills"], r["healed"], r["landed"], r["effects_laid"],
                    *_check_cells(r, checks)])
    w.writerow([])
    w.writerow(["template", "effect_kind", "effect", "laid", "blows", "dealt", "overkill",
                "kills", *(f"{c}_{part}" for c in checks for part in ("rolls", "successes"))])
    for r in data.get("effects") or []:
        w.writerow([r["template"], r["kind"], r["id"], r["laid"], r["blows"], r["dealt"],
                    r["overkill"], r["kills"], *_check_cells(r, checks)])
    return out.getvalue()


def compare_csv(data: dict) -> str:
    """Two blocks: one row per side (A, B, B − A and its paired interval), then one per
    template (A and B figures)."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["side", "a", "b", "difference", "ci_low", "ci_high", "games",
                "mean_rounds_a", "mean_rounds_b", "draws_a", "draws_b", "winner_changed"])
    for s in data["sides"]:
        w.writerow([s["name"], f"{s['a']:.6f}", f"{s['b']:.6f}", f"{s['difference']:.6f}",
                    f"{s['ci'][0]:.6f}", f"{s['ci'][1]:.6f}", data["games"],
                    f"{data['mean_rounds']['a']:.4f}", f"{data['mean_rounds']['b']:.4f}",
                    data["draws"]["a"], data["draws"]["b"], data["winner_changed"]])
    w.writerow([])
    w.writerow(["template", "dealt_per_ap_a", "dealt_per_ap_b", "taken_per_ap_a",
                "taken_per_ap_b", "hit_rate_a", "hit_rate_b"])
    for t in data["templates"]:
        a, b = t["a"], t["b"]
        w.writerow([t["template"], f"{a['dealt_per_ap']:.4f}", f"{b['dealt_per_ap']:.4f}",
                    f"{a['taken_per_ap']:.4f}", f"{b['taken_per_ap']:.4f}",
                    f"{a['hit_rate']:.4f}", f"{b['hit_rate']:.4f}"])
    return out.getvalue()


def _check_cells(row: dict, checks) -> list[int]:
    cells = []
    for kind in checks:
        c = row["checks"].get(kind, {"rolls": 0, "successes": 0})
        cells += [c["rolls"], c["successes"]]
    return cells


def render_simulate(console: Console, data: dict, what: str | None = None,
                    names=_same_id) -> None:
    """The simulation's tables; `what` names what was played in the player's language
    (`Setup.title`), `data["what"]` (English) when it is not given; `names` as
    `render_sources`'s."""
    profiles = data["profiles"]
    mixed = len(set(profiles.values())) > 1
    runs = ngettext("{what}: {runs} run, seed {seed}, {profile}",
                    "{what}: {runs} runs, seed {seed}, {profile}", data["runs"])
    table = Table(title=runs.format(
        what=what or data["what"], runs=data["runs"], seed=data["seed"],
        profile=_("profiles by side") if mixed
        else _("profile {profile}").format(profile=data["profile"])))
    table.add_column(pgettext("lab", "side"))
    if mixed:
        table.add_column(pgettext("lab", "profile"))
    table.add_column(pgettext("lab", "wins"), justify="right")
    table.add_column(pgettext("lab", "rate"), justify="right")
    table.add_column(_("{percent} (Wilson)").format(percent=format_percent(0.95, 0)),
                     justify="right")
    table.add_column(pgettext("lab", "exact"), justify="right")
    for i, s in enumerate(data["sides"]):
        exact = data["exact"] if i == 0 else None  # exact odds of the first side only
        table.add_row(s["name"], *([profiles[s["name"]]] if mixed else []),
                      str(s["wins"]), pct(s["rate"]),
                      f"{pct(s['ci'][0])} – {pct(s['ci'][1])}",
                      pct(exact) if exact is not None else "—")
    _show(console, table)
    console.print(_("draws {draws} (round limit {limit}) · mean rounds {mean} · "
                    "median rounds {median}").format(
        draws=data["draws"], limit=data["rounds_limit"], mean=dec(data["mean_rounds"], 2),
        median=median(data["median_rounds"])))
    per = Table(title=_("per template"))
    columns = (pgettext("lab", "template"), _("AP spent"), _("dealt / AP"), _("taken / AP"),
               _("hit rate"), pgettext("lab", "attacks"), pgettext("lab", "overkill"),
               pgettext("lab", "kills"))
    for i, col in enumerate(columns):
        per.add_column(col, justify="left" if i == 0 else "right")
    for t in data["templates"]:
        per.add_row(t["template"], str(t["ap"]), dec(t["dealt_per_ap"], 3),
                    dec(t["taken_per_ap"], 3), pct(t["hit_rate"]), str(t["attacks"]),
                    str(t["overkill"]), str(t["kills"]))
    _show(console, per)
    render_sources(console, data, names)


#: How a row's kind is shown before its id (`spell firebolt`), in the player's language.
_KIND_WORDS = {"spell": lambda: pgettext("lab row", "spell {id}"),
               "reflected": lambda: pgettext("lab row", "reflected {id}"),
               "item": lambda: pgettext("lab row", "item {id}"),
               "on-hit": lambda: pgettext("lab row", "on-hit {id}")}
_PLAIN = {("walk", "walk"): lambda: pgettext("lab row", "walking"),
          ("door", "door"): lambda: pgettext("lab row", "doors"),
          ("brawl", "brawl"): lambda: _("bare hands")}


#: The content tables a row's id is looked up in, by the row's kind, first.
_TABLES = {"weapon": "weapons", "spell": "spells", "reflected": "spells", "item": "items",
           "on-hit": "weapons"}


def content_names(content):
    """A row's (kind, id) -> the content's name for it in the player's language (`épée`
    for `sword`). In English a row keeps its id, the word a designer types (`spell
    firebolt`); an id the content does not have shows as itself."""
    tables = {t: getattr(content, t) for t in ("weapons", "spells", "items", "armours")}

    def name(kind: str, key: str) -> str:
        if current_language() == DEFAULT_LANGUAGE:
            return key
        first = _TABLES.get(kind)
        for table in ([tables[first]] if first else []) + list(tables.values()):
            entry = table.get(key)
            if entry is not None:
                return content_text(entry.name)
        return key
    return name


def what_of(row: dict, names=_same_id) -> str:
    """A row's weapon, spell or item as the tables show it (`spell firebolt`), named by
    `names` (`content_names`; its id without it)."""
    plain = _PLAIN.get((row["kind"], row["id"]))
    if plain is not None:
        return plain()
    name = names(row["kind"], row["id"])
    if row["kind"] in ("weapon", "brawl", "walk", "door"):
        return name
    word = _KIND_WORDS.get(row["kind"])
    return word().format(id=name) if word else f"{row['kind']} {name}"


#: A row's own roll (its attack, its magic) and its foe's roll against it (a dodge, a
#: counter), by the row's kind: one column each, so a caster's figure means its magic.
OWN_ROLL = {"weapon": "attack", "brawl": "attack", "spell": "magic"}
FOES_ROLL = {"weapon": "dodge", "brawl": "dodge", "spell": "counter"}


def roll_cell(row: dict, kind: str | None) -> str:
    c = row["checks"].get(kind) if kind else None
    return pct(c["rate"]) if c else ""


def _show(console: Console, table: Table) -> None:
    """A table printed whole: into a terminal at its width (the names' column gives way,
    cut with an ellipsis), into a file or a pipe as wide as its cells need (a report
    read there has no width to keep to, and a cut id, `goblin…`, names nothing)."""
    if console.is_terminal:
        console.print(table)
        return
    natural = Measurement.get(console, console.options.update(max_width=1000), table).maximum
    width = console.width
    console.width = max(width, natural)
    try:
        console.print(table)
    finally:
        console.width = width


def _compact_table(title: str, first: str, columns: tuple[str, ...],
                   rows: list[tuple[str | None, list[str]]]) -> Table:
    """A table without rules between columns, each template on a line of its own above
    its rows, the numbers never cut (their columns as wide as their longest cell): on a
    narrow terminal the names' column gives way, cut with an ellipsis."""
    table = Table(title=title, box=box.SIMPLE_HEAD, padding=(0, 1), collapse_padding=True,
                  pad_edge=False)
    table.add_column(first, overflow="ellipsis", min_width=8)
    for i, col in enumerate(columns, start=1):
        widest = max([len(cells[i]) for head, cells in rows if head is None] +
                     [max(len(w) for w in col.split())])
        table.add_column(col, justify="right", min_width=widest)
    for head, cells in rows:
        if head is not None:
            table.add_row(Text(head, style="bold"), *[""] * len(columns))
        else:
            table.add_row(*cells)
    return table


def _with_heads(rows: list[dict], cells, names=_same_id) -> list[tuple[str | None, list[str]]]:
    """Each template's name, then its rows' cells."""
    out: list[tuple[str | None, list[str]]] = []
    last = None
    for r in rows:
        if r["template"] != last:
            out.append((r["template"], []))
            last = r["template"]
        out.append((None, [" " + what_of(r, names), *cells(r)]))
    return out


def render_sources(console: Console, data: dict, names=_same_id) -> None:
    """The per weapon, spell and item table, then the timed effects' one; weapons, spells
    and items named by `names` (`content_names`), by their ids without it."""
    rows = data.get("sources") or []
    if rows:
        def cells(r: dict) -> list[str]:
            moving = r["kind"] in ("walk", "door")
            # A spell heals or harms, never both: its heals show in the dealt column.
            dealt = f"+{r['healed']}" if r["healed"] and not r["dealt"] else str(r["dealt"])
            return [str(r["uses"]), str(r["ap"]), roll_cell(r, OWN_ROLL.get(r["kind"])),
                    roll_cell(r, FOES_ROLL.get(r["kind"])),
                    *(("", "", "", "") if moving else
                      (dealt, str(r["overkill"]), str(r["kills"]),
                       dec(r["dealt_per_ap"], 3) if r["ap"] else ""))]

        _show(console, _compact_table(
            _("per weapon, spell and item (a template's rows add up to its figures; rolled: "
              "its attack or magic roll's success rate, foe: the dodge or counter's; +N: HP "
              "healed)"), _("template: what"),
            (pgettext("lab", "uses"), _("AP"), pgettext("lab", "rolled"),
             pgettext("lab", "foe"), pgettext("lab", "dealt"), pgettext("lab", "over"),
             pgettext("lab", "kills"), _("/AP")),
            _with_heads(rows, cells, names)))
    effects = data.get("effects") or []
    if effects:
        def effect_cells(r: dict) -> list[str]:
            return [str(r["laid"]),
                    " ".join(f"{check_label(kind)} {pct(c['rate'])}/{c['rolls']}"
                             for kind, c in r["checks"].items()),
                    str(r["blows"]), str(r["dealt"]), str(r["overkill"]), str(r["kills"])]

        _show(console, _compact_table(
            _("timed effects, by who laid them: the rolls and blows each bore on while it "
              "lasted, and those rolls' success rates"), _("template: effect"),
            (pgettext("lab", "laid"), _("rolls borne on"), pgettext("lab", "blows"),
             pgettext("lab", "dealt"), pgettext("lab", "over"), pgettext("lab", "kills")),
            _with_heads(effects, effect_cells, names)))


def render_compare(console: Console, data: dict, what: str | None = None) -> None:
    """The comparison's tables; `what` as `render_simulate`'s."""
    games = ngettext("{what}: {games} game on common dice, A = {a}, B = {b}",
                     "{what}: {games} games on common dice, A = {a}, B = {b}", data["games"])
    table = Table(title=games.format(what=what or data["what"], games=data["games"],
                                     a=data["content_a"], b=data["content_b"]))
    columns = (pgettext("lab", "side"), "A", "B", "B − A",
               _("paired {percent}").format(percent=format_percent(0.95, 0)))
    for i, col in enumerate(columns):
        table.add_column(col, justify="left" if i == 0 else "right")
    for s in data["sides"]:
        table.add_row(s["name"], pct(s["a"]), pct(s["b"]), signed(100 * s["difference"]),
                      f"{signed(100 * s['ci'][0])} – {signed(100 * s['ci'][1])}")
    _show(console, table)
    console.print(_("mean rounds A {mean_a} · B {mean_b} · draws A {draws_a} · B {draws_b} · "
                    "games whose winner changed: {changed}").format(
        mean_a=dec(data["mean_rounds"]["a"], 2), mean_b=dec(data["mean_rounds"]["b"], 2),
        draws_a=data["draws"]["a"], draws_b=data["draws"]["b"],
        changed=data["winner_changed"]))
    per = Table(title=_("per template, A → B (most changed first)"))
    columns = (pgettext("lab", "template"), _("dealt / AP"), _("taken / AP"), _("hit rate"))
    for i, col in enumerate(columns):
        per.add_column(col, justify="left" if i == 0 else "right")
    for t in data["templates"]:
        a, b = t["a"], t["b"]
        per.add_row(t["template"],
                    f"{dec(a['dealt_per_ap'], 3)} → {dec(b['dealt_per_ap'], 3)}",
                    f"{dec(a['taken_per_ap'], 3)} → {dec(b['taken_per_ap'], 3)}",
                    f"{pct(a['hit_rate'])} → {pct(b['hit_rate'])}")
    _show(console, per)
