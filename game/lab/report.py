"""What the lab prints: rich tables, one JSON object, or CSV rows."""

from __future__ import annotations

import csv
import io

from rich import box
from rich.console import Console
from rich.table import Table

from game.i18n import format_percent
from game.lab.runs import seat_profiles
from game.lab.stats import Summary


def pct(x: float) -> str:
    return format_percent(x, 1)


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


def render_simulate(console: Console, data: dict) -> None:
    profiles = data["profiles"]
    mixed = len(set(profiles.values())) > 1
    table = Table(title=f"{data['what']}: {data['runs']} runs, seed {data['seed']}, "
                        + ("profiles by side" if mixed else f"profile {data['profile']}"))
    table.add_column("side")
    if mixed:
        table.add_column("profile")
    table.add_column("wins", justify="right")
    table.add_column("rate", justify="right")
    table.add_column("95% (Wilson)", justify="right")
    table.add_column("exact", justify="right")
    for i, s in enumerate(data["sides"]):
        exact = data["exact"] if i == 0 else None  # exact odds of the first side only
        table.add_row(s["name"], *([profiles[s["name"]]] if mixed else []),
                      str(s["wins"]), pct(s["rate"]),
                      f"{pct(s['ci'][0])} – {pct(s['ci'][1])}",
                      pct(exact) if exact is not None else "—")
    console.print(table)
    console.print(f"draws {data['draws']} (round limit {data['rounds_limit']}) · "
                  f"mean rounds {data['mean_rounds']:.2f} · "
                  f"median rounds {data['median_rounds']:g}")
    per = Table(title="per template")
    for col in ("template", "AP spent", "dealt / AP", "taken / AP", "hit rate", "attacks",
                "overkill", "kills"):
        per.add_column(col, justify="left" if col == "template" else "right")
    for t in data["templates"]:
        per.add_row(t["template"], str(t["ap"]), f"{t['dealt_per_ap']:.3f}",
                    f"{t['taken_per_ap']:.3f}", pct(t["hit_rate"]), str(t["attacks"]),
                    str(t["overkill"]), str(t["kills"]))
    console.print(per)
    render_sources(console, data)


#: How a row's kind is shown before its id.
_KIND_WORDS = {"weapon": "", "brawl": "", "spell": "spell ", "reflected": "reflected ",
               "item": "item ", "on-hit": "on-hit ", "walk": "", "door": ""}
_PLAIN = {("walk", "walk"): "walking", ("door", "door"): "doors",
          ("brawl", "brawl"): "bare hands"}


def what_of(row: dict) -> str:
    """A row's weapon, spell or item as the tables show it (`spell firebolt`)."""
    return _PLAIN.get((row["kind"], row["id"])) or \
        _KIND_WORDS.get(row["kind"], row["kind"] + " ") + row["id"]


#: A row's own roll (its attack, its magic) and its foe's roll against it (a dodge, a
#: counter), by the row's kind: one column each, so a caster's figure means its magic.
OWN_ROLL = {"weapon": "attack", "brawl": "attack", "spell": "magic"}
FOES_ROLL = {"weapon": "dodge", "brawl": "dodge", "spell": "counter"}


def roll_cell(row: dict, kind: str | None) -> str:
    c = row["checks"].get(kind) if kind else None
    return pct(c["rate"]) if c else ""


def _compact_table(title: str, first: str, columns: tuple[str, ...],
                   rows: list[tuple[str | None, list[str]]]) -> Table:
    """A table without rules between columns, each template on a line of its own above
    its rows, the numbers never cut (their columns as wide as their longest cell)."""
    table = Table(title=title, box=box.SIMPLE_HEAD, padding=(0, 1), collapse_padding=True,
                  pad_edge=False)
    table.add_column(first, no_wrap=True)
    for i, col in enumerate(columns, start=1):
        widest = max([len(cells[i]) for head, cells in rows if head is None] +
                     [max(len(w) for w in col.split())])
        table.add_column(col, justify="right", min_width=widest)
    for head, cells in rows:
        if head is not None:
            table.add_row(f"[bold]{head}[/bold]", *[""] * len(columns))
        else:
            table.add_row(*cells)
    return table


def _with_heads(rows: list[dict], cells) -> list[tuple[str | None, list[str]]]:
    """Each template's name, then its rows' cells."""
    out: list[tuple[str | None, list[str]]] = []
    last = None
    for r in rows:
        if r["template"] != last:
            out.append((r["template"], []))
            last = r["template"]
        out.append((None, [" " + what_of(r), *cells(r)]))
    return out


def render_sources(console: Console, data: dict) -> None:
    """The per weapon, spell and item table, then the timed effects' one."""
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
                       f"{r['dealt_per_ap']:.3f}" if r["ap"] else ""))]

        console.print(_compact_table(
            "per weapon, spell and item (a template's rows add up to its figures; rolled: "
            "its attack or magic roll's success rate, foe: the dodge or counter's; +N: HP "
            "healed)", "template: what",
            ("uses", "AP", "rolled", "foe", "dealt", "over", "kills", "/AP"),
            _with_heads(rows, cells)))
    effects = data.get("effects") or []
    if effects:
        def effect_cells(r: dict) -> list[str]:
            return [str(r["laid"]),
                    " ".join(f"{kind} {pct(c['rate'])}/{c['rolls']}"
                             for kind, c in r["checks"].items()),
                    str(r["blows"]), str(r["dealt"]), str(r["overkill"]), str(r["kills"])]

        console.print(_compact_table(
            "timed effects, by who laid them: the rolls and blows each bore on while it "
            "lasted, and those rolls' success rates", "template: effect",
            ("laid", "rolls borne on", "blows", "dealt", "over", "kills"),
            _with_heads(effects, effect_cells)))


def render_compare(console: Console, data: dict) -> None:
    table = Table(title=f"{data['what']}: {data['games']} games on common dice, "
                        f"A = {data['content_a']}, B = {data['content_b']}")
    for col in ("side", "A", "B", "B − A", "paired 95%"):
        table.add_column(col, justify="left" if col == "side" else "right")
    for s in data["sides"]:
        table.add_row(s["name"], pct(s["a"]), pct(s["b"]), f"{100 * s['difference']:+.1f}",
                      f"{100 * s['ci'][0]:+.1f} – {100 * s['ci'][1]:+.1f}")
    console.print(table)
    console.print(f"mean rounds A {data['mean_rounds']['a']:.2f} · "
                  f"B {data['mean_rounds']['b']:.2f} · draws A {data['draws']['a']} · "
                  f"B {data['draws']['b']} · games whose winner changed: "
                  f"{data['winner_changed']}")
    per = Table(title="per template, A → B (most changed first)")
    for col in ("template", "dealt / AP", "taken / AP", "hit rate"):
        per.add_column(col, justify="left" if col == "template" else "right")
    for t in data["templates"]:
        a, b = t["a"], t["b"]
        per.add_row(t["template"],
                    f"{a['dealt_per_ap']:.3f} → {b['dealt_per_ap']:.3f}",
                    f"{a['taken_per_ap']:.3f} → {b['taken_per_ap']:.3f}",
                    f"{pct(a['hit_rate'])} → {pct(b['hit_rate'])}")
    console.print(per)
