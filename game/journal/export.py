"""A saved game for design documents: Markdown or self-contained HTML, or JSON lines.

The Markdown and the HTML are one document (`document()`: headings, paragraphs, lists,
tables, preformatted maps) written out as Markdown; the HTML is that Markdown rendered by
markdown-it-py (CommonMark and its tables, raw HTML off), so they never say different
things. The document holds the save's summary, the rules that depart from the
page, the map at the start and at the end (from a replay of the save, when the content can
give one), and the journal by round with one table per roll and per damage, laid out as
the game's roll cards (`game.journal.cards`): each term with its value, its rule and its
content source, the clamp, forced rolls marked. Names are the game's own (`names_for`).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from string import Formatter

from markdown_it import MarkdownIt

from game.i18n import _, content_text, current_language, ngettext, square_text
from game.journal.cards import chance_rows, damage_rows, roll_rows
from game.journal.jsonl import event_line
from game.journal.text import (
    Names, headline, names_for, roll_text, unit_labels,
)
from game.rules import events as ev
from game.rules.board import CLOSED_DOOR, OPEN_DOOR, WALL
from game.rules.state import GameState

#: How the maps draw a square: two characters, as the app's map does (glyph and tag).
FLOOR_CELL, WALL_CELL = ". ", WALL * 2
DOOR_CELLS = {"closed": CLOSED_DOOR + " ", "open": OPEN_DOOR + " ", "broken": "x "}
#: A unit that is down keeps its glyph and shows this in place of its tag (the journal's ✝).
DOWN_MARK = "✝"
FORCED = "forced"


@dataclass(frozen=True)
class Boards:
    """What the export knows beyond the save: the game at its start and at its end, or a
    note saying why not (or what to keep in mind when reading them)."""

    start: GameState | None = None
    end: GameState | None = None
    note: str | None = None


# --- the document -----------------------------------------------------------------------
# Inline text is a tuple of (kind, text) runs: "text", "code", "strong" or FORCED.


@dataclass
class Heading:
    level: int
    runs: tuple


@dataclass
class Para:
    runs: tuple


@dataclass
class Items:
    """A bulleted list; each item has runs and sub-items (runs each). A `nested` list
    carries on the sub-items of the item before a table (what followed a roll)."""

    items: list[tuple[tuple, list[tuple]]] = field(default_factory=list)
    nested: bool = False


@dataclass
class Table:
    caption: tuple
    header: tuple[str, ...]
    rows: list[tuple[str, ...]]
    #: The column that holds the numbers (aligned right), if any: a roll card's values.
    numbers: int | None = 1


@dataclass
class Pre:
    text: str


def text(value: str) -> tuple:
    return (("text", value),)


def forced_runs(forced: bool) -> tuple:
    return ((FORCED, _("forced")),) if forced else ()


def runs_of(message: str, **fields) -> tuple:
    """A translated sentence as runs: its words plain, each field either plain text or the
    runs given for it (a name in bold, a value as code), wherever the translation puts it."""
    runs: list = []
    for literal, name, spec, conversion in Formatter().parse(message):
        if literal:
            runs.append(("text", literal))
        if name is not None:
            value = fields[name]
            if isinstance(value, tuple):
                runs.extend(value)
            else:
                runs.append(("text", format(value, spec or "")))
    return tuple(runs)


def board_text(state: GameState) -> str:
    """The map as ASCII, two characters a square, with x (mod 10) across and y down: walls
    `##`, floor `. `, doors `+ ` `/ ` `x ` (closed, open, broken), objects by their glyph,
    units by their label, a unit that is down by its glyph and ✝."""
    labels = unit_labels(state.units)
    cells: dict = {}
    # Down first, so anything standing on the same square is drawn over it.
    for unit in state.units.values():
        if unit.down:
            cells[unit.pos] = unit.glyph + DOWN_MARK
    for thing in state.things.values():
        if not thing.destroyed:
            cells[thing.pos] = thing.glyph + " "
    for unit in state.standing():
        cells[unit.pos] = labels[unit.id]
    margin = len(str(state.height - 1))
    lines = [" " * (margin + 1) + "".join(f"{x % 10} " for x in range(state.width)).rstrip()]
    for y in range(state.height):
        row = []
        for x in range(state.width):
            pos = (x, y)
            if pos in cells:
                row.append(cells[pos])
            elif pos in state.walls:
                row.append(WALL_CELL)
            elif pos in state.doors:
                row.append(DOOR_CELLS[state.doors[pos].state])
            else:
                row.append(FLOOR_CELL)
        lines.append(f"{y:>{margin}} " + "".join(row).rstrip())
    return "\n".join(lines)


def legend(state: GameState) -> Table:
    """Who is who on a map: each unit's label, name, id, side, square, HP and whether it is
    down; each object likewise."""
    labels = unit_labels(state.units)
    rows = []
    for unit in state.units.values():
        side = (_("player {n} ({name})").format(
            n=unit.owner, name=content_text(state.player(unit.owner).name))
                if unit.owner else _("creatures"))
        shown = unit.glyph + DOWN_MARK if unit.down else labels[unit.id]
        rows.append((shown, content_text(unit.name), unit.id, side, square_text(unit.pos),
                     f"{unit.hp}/{unit.hp_max}", _("down") if unit.down else _("standing")))
    for thing in state.things.values():
        rows.append((thing.glyph, content_text(thing.name), thing.id, _("object"),
                     square_text(thing.pos), f"{thing.hp}/{thing.hp_max}",
                     _("destroyed") if thing.destroyed else _("standing")))
    # Translators: the title of a map's legend, a table of the units and objects
    return Table(text(_("Legend")), (_("on the map"), _("name"), _("id"), _("side"),
                                     # Translators: a legend's column: the unit's square (x,y)
                                     _("at"), _("HP"), _("state")), rows, numbers=None)


def roll_table(event: ev.Roll, name: Names) -> Table:
    """A d100 roll as its roll card lays it out (`game.journal.cards`): each term with its
    rule and source, the sum, the clamp to [0, cap], the die, forced or not, the outcome."""
    titles = {"attack": _("attack roll, {unit}"), "dodge": _("dodge roll, {unit}"),
              "magic": _("magic roll, {unit}"), "counter": _("counter roll, {unit}")}
    title = titles[event.check].format(unit=name(event.unit)) if event.check in titles \
        else _("{check} roll, {unit}").format(check=event.check, unit=name(event.unit))
    caption = runs_of(_("{title}: {outcome}"), title=(("strong", title),),
                      outcome=roll_text(event)) + forced_runs(event.forced)
    return Table(caption, term_header(),
                 [tuple(row) for row in (*chance_rows(event, name), *roll_rows(event))])


def term_header() -> tuple[str, ...]:
    """The columns of a roll's table: those of a roll card."""
    return (_("term"), _("value"), _("rule"), _("source"))


def damage_table(event: ev.Damage, name: Names) -> Table:
    """A damage roll as its roll card lays it out: each die with its faces, the effects,
    the raw total, the reduction's terms and total, the amount taken, with rules and
    sources."""
    title = _("damage to {target}").format(target=name(event.target))
    caption = runs_of(_("{title}: {amount} (HP {hp_before} → {hp_after})"),
                      title=(("strong", title),), amount=event.amount,
                      hp_before=event.hp_before, hp_after=event.hp_after)
    return Table(caption, term_header(), [tuple(row) for row in damage_rows(event, name)])


def record_names(record, content=None) -> Names:
    """The save's units and objects by their saved names; weapons and spells from the
    content when it is given (the same lookup the game's journal uses)."""
    state = record.state
    return names_for(content, {uid: unit["name"] for uid, unit in state["units"].items()},
                     {tid: thing["name"] for tid, thing in state.get("things", {}).items()},
                     {uid: unit.get("gender", "m") for uid, unit in state["units"].items()})


def departures_blocks(content) -> list:
    if content is None:
        return [Para(text(_("The content could not be read, so which of its rules depart "
                            "from the page is not known.")))]
    if not content.departures:
        return [Para(runs_of(_("None: every number of rules.yaml's {page} is the page's own."),
                             page=(("code", "page:"),)))]
    return [Items([(text(notice), []) for notice in content.departures])]


def journal_blocks(record, name: Names) -> list:
    """The journal by round: each command with what followed it; each roll a table."""
    blocks: list = []
    items: Items | None = None
    in_command = False

    def add(runs: tuple, sub: bool) -> None:
        nonlocal items
        if items is None:
            # After a table, what follows the same command carries on at its level.
            items = Items(nested=sub and in_command)
            blocks.append(items)
        if sub and items.items and not items.nested:
            items.items[-1][1].append(runs)
        else:
            items.items.append((runs, []))

    for event in record.journal:
        if isinstance(event, (ev.TurnStarted, ev.CreaturePhase)):
            blocks.append(Heading(3, text(headline(event, name))))
            items, in_command = None, False
        elif isinstance(event, ev.CommandIssued):
            if items is not None and items.nested:
                items = None
            add((("code", event.text),), sub=False)
            in_command = True
        elif isinstance(event, ev.Roll):
            blocks.append(roll_table(event, name))
            items = None
        elif isinstance(event, ev.Damage):
            blocks.append(damage_table(event, name))
            items = None
        else:
            runs = text(headline(event, name))
            if isinstance(event, ev.ForcedRolls):
                runs += forced_runs(True)
            add(runs, sub=True)
    return blocks


def document(record, content=None, boards: Boards | None = None) -> list:
    """The export as blocks, for either renderer."""
    boards = boards or Boards()
    name = record_names(record, content)
    rolls = [e for e in record.journal if isinstance(e, ev.Roll)]
    forced = sum(e.forced for e in rolls)
    commands = len(record.log)
    if record.over:
        played = ngettext("{n} command, round {round} (game over)",
                          "{n} commands, round {round} (game over)", commands)
    else:
        played = ngettext("{n} command, round {round}", "{n} commands, round {round}", commands)
    summary = Items([
        (text(_("players: {players}").format(players=", ".join(record.players))), []),
        (text(_("seed: {seed} · content {content} · saved {saved}").format(
            seed=record.seed, content=record.content_hash, saved=record.saved_at)), []),
        (text(played.format(n=commands, round=record.round)), []),
        (runs_of(ngettext("{n} d100 roll, {forced} of them forced (marked{marker})",
                          "{n} d100 rolls, {forced} of them forced (marked{marker})",
                          len(rolls)),
                 n=len(rolls), forced=forced, marker=forced_runs(True)), []),
    ])
    if record.designer:
        summary.items.append((runs_of(
            _("{designer}: forced rolls and edits of the situation are part of its log"),
            designer=(("strong", _("designer game")),)), []))
    if boards.note:
        summary.items.append((runs_of(_("{label}: {note}"), label=(("strong", _("note")),),
                                      note=boards.note), []))
    blocks: list = [Heading(1, text(content_text(record.scenario_name))), summary,
                    Heading(2, text(_("Rules that depart from the page"))),
                    *departures_blocks(content)]
    for first, title, state in ((True, _("Map at the start"), boards.start),
                                (False, _("Map at the end"), boards.end)):
        blocks.append(Heading(2, text(title)))
        if state is None:
            blocks.append(Para(text(_("Not drawn: the save could not be replayed "
                                      "(see the note above)."))))
        else:
            blocks += [Pre(board_text(state)), legend(state)]
        if first:
            blocks += [Heading(2, text(_("Journal"))), *journal_blocks(record, name)]
    return blocks


# --- Markdown -------------------------------------------------------------------------------

#: What Markdown would read as markup in a text: a backslash, code, emphasis (`*`, and `_`
#: at a word's edge: `stat_bonus_per_point` is plain), raw HTML and autolinks (`<`), a
#: table cell's end, a link or a reference (`](`, `][`, `]:`), an entity (`&amp;`).
_MD_SPECIAL = re.compile(r"[\\`*<|]|(?<!\w)_|_(?!\w)|\](?=[(\[:])|&(?=#?\w+;)")


def md_escape(value: str) -> str:
    """Text as Markdown shows it literally: no emphasis, link, table cell or raw HTML
    (a name `<script>` stays text when the document is rendered); a line break is a space
    (it would end a table's row)."""
    value = value.replace("\r\n", " ").replace("\n", " ").replace("\r", " ")
    return _MD_SPECIAL.sub(lambda found: "\\" + found.group(), value)


def md_runs(runs: tuple) -> str:
    out = []
    for kind, value in runs:
        if kind == "code":
            fence = "``" if "`" in value else "`"
            out.append(f"{fence}{value}{fence}")
        elif kind == "strong":
            out.append(f"**{md_escape(value)}**")
        elif kind == FORCED:
            out.append(f" **⚑ {md_escape(value)}**")
        else:
            out.append(md_escape(value))
    return "".join(out)


def to_markdown(blocks: list) -> str:
    lines: list[str] = []
    for block in blocks:
        if isinstance(block, Heading):
            lines += ["#" * block.level + " " + md_runs(block.runs), ""]
        elif isinstance(block, Para):
            lines += [md_runs(block.runs), ""]
        elif isinstance(block, Items):
            for runs, subs in block.items:
                lines.append(("  - " if block.nested else "- ") + md_runs(runs))
                lines += ["  - " + md_runs(sub) for sub in subs]
            lines.append("")
        elif isinstance(block, Table):
            lines += [md_runs(block.caption), "",
                      "| " + " | ".join(map(md_escape, block.header)) + " |",
                      "|" + "".join("---:|" if i == block.numbers else "---|"
                                    for i in range(len(block.header)))]
            lines += ["| " + " | ".join(md_escape(cell) for cell in row) + " |"
                      for row in block.rows]
            lines.append("")
        elif isinstance(block, Pre):
            longest = max((len(m) for m in re.findall(r"`+", block.text)), default=0)
            fence = "`" * max(3, longest + 1)
            lines += [fence + "text", block.text, fence, ""]
    return "\n".join(lines).rstrip("\n") + "\n"


def export_markdown(record, content=None, boards: Boards | None = None) -> str:
    return to_markdown(document(record, content, boards))


# --- HTML -----------------------------------------------------------------------------------

CSS = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; color: #1f2328; line-height: 1.45; }
h1 { border-bottom: 2px solid #d0d7de; }
h3 { margin-top: 1.6rem; border-bottom: 1px solid #d0d7de; }
code, pre { font-family: ui-monospace, Menlo, Consolas, monospace; }
code { background: #f6f8fa; padding: 0 .25rem; border-radius: 3px; }
pre { background: #f6f8fa; padding: .75rem; line-height: 1.15; overflow-x: auto; }
pre code { padding: 0; }
p:has(+ table) { margin-bottom: .2rem; }
table { border-collapse: collapse; margin: 0 0 1rem; }
th, td { border: 1px solid #d0d7de; padding: .15rem .5rem; text-align: left; }
td[style] { font-variant-numeric: tabular-nums; }
.forced { background: #fff3bf; color: #7a4f00; padding: 0 .3rem; border-radius: 3px;
          margin-left: .4rem; }
"""


def _mark_forced(state) -> None:
    """The forced mark (`**⚑ forced**`) gets the class the stylesheet highlights. A name
    cannot fake it: its `*` are escaped."""
    for token in state.tokens:
        children = token.children or []
        for strong, inner in zip(children, children[1:]):
            if strong.type == "strong_open" and inner.type == "text" \
                    and inner.content.startswith("⚑ "):
                strong.attrSet("class", "forced")


_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")
_MARKDOWN.core.ruler.push("mark_forced", _mark_forced)


def to_html(blocks: list, title: str) -> str:
    """The Markdown of `blocks` as one HTML page."""
    return "\n".join([
        "<!DOCTYPE html>", f'<html lang="{current_language()}">', "<head>",
        '<meta charset="utf-8">', f"<title>{html.escape(title)}</title>",
        f"<style>{CSS}</style>", "</head>", "<body>",
        _MARKDOWN.render(to_markdown(blocks)).rstrip("\n"), "</body>", "</html>"]) + "\n"


def export_html(record, content=None, boards: Boards | None = None) -> str:
    """The same document as `export_markdown`, as one HTML file: inline CSS, no script,
    no external asset; every text escaped."""
    return to_html(document(record, content, boards), content_text(record.scenario_name))


def export_json(record) -> str:
    return "".join(event_line(event) + "\n" for event in record.journal)
