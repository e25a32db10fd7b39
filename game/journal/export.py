"""A saved game's journal for design documents: Markdown (by round) or JSON lines."""

from __future__ import annotations

from game.journal.jsonl import event_line
from game.journal.text import describe
from game.rules import events as ev


def _names(record) -> dict[str, str]:
    return {uid: unit["name"] for uid, unit in record.state["units"].items()}


def export_markdown(record) -> str:
    names = _names(record)
    name = lambda key: names.get(key, key)  # noqa: E731
    lines = [f"# {record.scenario_name}", "",
             f"- players: {', '.join(record.players)}",
             f"- seed: {record.seed} · content {record.content_hash} · saved {record.saved_at}",
             f"- {len(record.log)} commands, round {record.round}"
             + (" (game over)" if record.over else ""),
             *(["- **designer game**: forced rolls and edits of the situation are part of "
                "its log"] if record.designer else []), ""]
    for event in record.journal:
        if isinstance(event, (ev.TurnStarted, ev.CreaturePhase)):
            lines += ["", f"## {describe(event, name).strip('— ')}", ""]
        elif isinstance(event, ev.CommandIssued):
            lines.append(f"- `{event.text}`")
        else:
            lines.append(f"  - {describe(event, name).strip()}")
    return "\n".join(lines) + "\n"


def export_json(record) -> str:
    return "".join(event_line(event) + "\n" for event in record.journal)
