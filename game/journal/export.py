"""A saved game's journal for design documents: Markdown (by round) or JSON lines."""

from __future__ import annotations

from game.journal.jsonl import event_line
from game.journal.text import Names, headline, names_for
from game.rules import events as ev


def record_names(record, content=None) -> Names:
    """The save's units and objects by their saved names; weapons and spells from the
    content when it is given (the same lookup the game's journal uses)."""
    state = record.state
    return names_for(content, {uid: unit["name"] for uid, unit in state["units"].items()},
                     {tid: thing["name"] for tid, thing in state.get("things", {}).items()})


def export_markdown(record, content=None) -> str:
    name = record_names(record, content)
    lines = [f"# {record.scenario_name}", "",
             f"- players: {', '.join(record.players)}",
             f"- seed: {record.seed} · content {record.content_hash} · saved {record.saved_at}",
             f"- {len(record.log)} commands, round {record.round}"
             + (" (game over)" if record.over else ""),
             *(["- **designer game**: forced rolls and edits of the situation are part of "
                "its log"] if record.designer else []), ""]
    for event in record.journal:
        if isinstance(event, (ev.TurnStarted, ev.CreaturePhase)):
            lines += ["", f"## {headline(event, name)}", ""]
        elif isinstance(event, ev.CommandIssued):
            lines.append(f"- `{event.text}`")
        else:
            lines.append(f"  - {headline(event, name)}")
    return "\n".join(lines) + "\n"


def export_json(record) -> str:
    return "".join(event_line(event) + "\n" for event in record.journal)
