"""What the lab prints: rich tables, one JSON object, or CSV rows."""

from __future__ import annotations

import csv
import io

from rich.console import Console
from rich.table import Table

from game.lab.stats import Summary


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def simulate_object(summary: Summary, seed: int, exact: float | None, setup) -> dict:
    return {"what": setup.describe(), "runs": summary.runs, "seed": seed,
            "profile": setup.profile, "rounds_limit": setup.rounds,
            "profiles": dict(zip(summary.sides, setup.profiles(len(summary.sides)).values())),
            "median_rounds": summary.median_rounds,
            "draws": summary.draws, "mean_rounds": summary.mean_rounds, "exact": exact,
            "sides": summary.side_rows(), "templates": summary.template_rows()}


def simulate_csv(data: dict) -> str:
    """Two blocks: one row per side, then one per template."""
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
    w.writerow(["template", "ap", "dealt_per_ap", "taken_per_ap", "hit_rate", "attacks"])
    for t in data["templates"]:
        w.writerow([t["template"], t["ap"], f"{t['dealt_per_ap']:.4f}",
                    f"{t['taken_per_ap']:.4f}", f"{t['hit_rate']:.4f}", t["attacks"]])
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
    for col in ("template", "AP spent", "dealt / AP", "taken / AP", "hit rate", "attacks"):
        per.add_column(col, justify="left" if col == "template" else "right")
    for t in data["templates"]:
        per.add_row(t["template"], str(t["ap"]), f"{t['dealt_per_ap']:.3f}",
                    f"{t['taken_per_ap']:.3f}", pct(t["hit_rate"]), str(t["attacks"]))
    console.print(per)


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
