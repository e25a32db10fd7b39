"""`export SAVE --format md|html`: a played game as a design document — one table per roll
with its exact terms and clamp, the maps at start and end, the rules that depart from the
page, forced rolls marked; HTML self-contained with every text escaped."""

from __future__ import annotations

import os
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from game.cli import main
from game.content.loader import load_content
from game.rules import events as ev
from game.saves import read_save
from tests.helpers import FIXTURE_CONTENT

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
SPELLS = str(CONTENT / "scripts" / "spells-demo.txt")

COUNTER_TABLE = """\
**counter roll, Elise**: 30 (forced) ≤ 30 countered **⚑ forced**

| term | value | rule | source |
|---|---:|---|---|
| magic | +45 | R7.4 counter-magic chance | characters.yaml: elise.skills.magic |
| sb(INT 15) | +5 | R3.6 characteristic bonus | rules.yaml: stat_bonus_per_point, \
page.stat_neutral; characters.yaml: elise.stats.INT |
| faction (order: no ally) | +0 | R3.5 faction bonus | rules.yaml: faction.maximum, \
faction.ratio; characters.yaml: elise.faction |
| difficulty | -20 | R7.4 counter-magic chance | rules.yaml: counter_difficulty |
| sum of the terms | 30 |  |  |
| cap | 95 | R3.3 floor and cap | rules.yaml: page.caps.counter |
| floor | 0 | R3.3 floor and cap |  |
| chance | 30 (no clamp) | R7.4 counter-magic chance |  |
| d100 | 30 | R3.2 the percentile roll | forced (a designer's force) |
| forced | yes |  |  |
| perfect below | 10 | R7.5 a successful counter; the perfect counter | \
rules.yaml: page.perfect_counter_below |
| outcome: 30 (forced) ≤ 30 countered |  |  |  |
"""

REFLECTED_DAMAGE_TABLE = """\
**damage to Corvin**: 6 (HP 12 → 6)

| term | value | rule | source |
|---|---:|---|---|
| Firebolt 2d6 [5, 1] | +6 | R7.7 damage spell | spells.yaml: firebolt.dice |
| raw damage | 6 | R6.3 raw damage |  |
| reduction ignored | 0 | R10.9 spell damage and reduction | \
rules.yaml: spell_damage_ignores_reduction |
| final damage | 6 | R6.6 final damage |  |
| HP | 12 → 6 |  |  |
"""

#: The head of every roll's and damage's table: a roll card's columns.
TABLE_HEAD = "| term | value | rule | source |"


def play(tmp_path, script: str, name: str, content: Path = CONTENT) -> None:
    if script == SPELLS:
        # The demo, then Corvin taken out of play by a designer's edit, so the end map
        # shows a downed unit whatever the creatures' choices.
        ended = tmp_path / "spells-then-remove.txt"
        ended.write_text(Path(SPELLS).read_text(encoding="utf-8") + "remove corvin\n",
                         encoding="utf-8")
        script = str(ended)
    assert main(["script", "crossroads", script, "--save", name, "--content", str(content),
                 "--saves-dir", str(tmp_path)]) == 0


def export(tmp_path, capsys, name: str, *extra: str) -> str:
    capsys.readouterr()
    assert main(["export", name, "--saves-dir", str(tmp_path), *extra]) == 0
    return capsys.readouterr().out


def section(doc: str, title: str) -> str:
    """The text of a `## title` section, up to the next `## ` heading."""
    start = doc.index(f"## {title}\n")
    end = doc.find("\n## ", start + 1)
    return doc[start:end if end >= 0 else None]


@pytest.fixture
def spells_md(tmp_path, capsys):
    play(tmp_path, SPELLS, "spells")
    return tmp_path, export(tmp_path, capsys, "spells")


def test_markdown_has_one_table_per_roll_with_its_exact_terms_and_forced_marks(spells_md):
    tmp_path, md = spells_md
    record = read_save(tmp_path / "spells.json")
    rolls = [e for e in record.journal if isinstance(e, ev.Roll)]
    damages = [e for e in record.journal if isinstance(e, ev.Damage)]
    journal = section(md, "Journal")
    assert journal.count(TABLE_HEAD) == len(rolls) + len(damages)
    assert COUNTER_TABLE in journal
    assert REFLECTED_DAMAGE_TABLE in journal
    # A roll the dice gave carries no mark; the summary counts the forced ones.
    assert "**attack roll, Wolf**: 56 > 42 miss\n" in journal
    forced = sum(r.forced for r in rolls)
    assert forced == 5 and journal.count("| forced | yes |") == forced
    # Marked in the roll's caption and on each of the three `force` commands' lines.
    assert journal.count("**⚑ forced**") == forced + 3
    assert f"- {len(rolls)} d100 rolls, {forced} of them forced (marked **⚑ forced**)" in md
    # The same names as the game's journal: display names for units, spells and weapons.
    assert "  - Wolf attacks (fangs) Elise at 1 square (3 AP, 4 left)" in journal
    assert "- `cast corvin firebolt elise`\n  - Corvin casts Firebolt on Elise" in journal


def test_markdown_draws_the_map_at_start_and_end_with_downed_units_marked(spells_md):
    _, md = spells_md
    start, end = section(md, "Map at the start"), section(md, "Map at the end")
    assert "   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3\n" \
           " 0 ################################################\n" in start
    assert " 2 ##. . . . o . ##. . . . gb. . + . . = . . . . ##\n" in start
    assert "10 ##. . C1. . . . . . . . . . . . . . . . F2. . ##\n" in start
    assert "| C1 | Corvin | corvin | player 1 (Alice) | 3,10 | 12/12 | standing |" in start
    # At the end Corvin is out of play: his glyph with ✝, his square, his HP.
    assert "10 ##. . . . . . . . C✝. . . . . . . . . . F2. . ##\n" in end
    assert " 9 ##. B1. . . . . gb. . waE2. . . . . . . . . . ##\n" in end
    assert "| C✝ | Corvin | corvin | player 1 (Alice) | 9,10 | 6/12 | down |" in end
    assert "| wa | Wolf | wolf-1 | creatures | 11,9 | 10/10 | standing |" in end
    assert md.index("## Map at the start") < md.index("## Journal") \
        < md.index("## Map at the end")


def test_shipped_content_departs_from_nothing(spells_md):
    _, md = spells_md
    assert section(md, "Rules that depart from the page").endswith(
        "None: every number of rules.yaml's `page:` is the page's own.\n")


@pytest.fixture
def variant(tmp_path):
    """The tests' content with the dodge cap raised from the page's 90 to 95."""
    content = tmp_path / "variant"
    shutil.copytree(FIXTURE_CONTENT, content)  # its notice's place does not move
    rules = content / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert "    dodge: 90\n" in text
    rules.write_text(text.replace("    dodge: 90\n", "    dodge: 95\n"), encoding="utf-8")
    return content


def test_a_departure_from_the_page_is_listed_where_the_loader_found_it(tmp_path, capsys,
                                                                      variant):
    play(tmp_path, SPELLS, "variant", content=variant)
    md = export(tmp_path, capsys, "variant", "--content", str(variant))
    [notice] = load_content(variant).departures
    assert notice.endswith("rules.yaml:75:12: dodge cap 95 departs from the page (90)")
    assert section(md, "Rules that depart from the page").endswith(f"- {notice}\n")
    # The rolls were played under it: the dodge's cap is the variant's.
    assert "| cap | 95 | R3.3 floor and cap | rules.yaml: page.caps.dodge |" in md
    html = export(tmp_path, capsys, "variant", "--content", str(variant), "--format", "html")
    assert f"<li>{notice}</li>" in html


def test_a_clamped_chance_shows_its_clamp(tmp_path, capsys):
    script = tmp_path / "strong.txt"
    script.write_text("set aldric.skills.melee 150\nplace aldric 9,3\nforce 50\n"
                      "attack aldric goblin-1\n")
    play(tmp_path, str(script), "strong")
    attack = next(e for e in read_save(tmp_path / "strong.json").journal
                  if isinstance(e, ev.Roll) and e.check == "attack")
    raw = sum(t.value for t in attack.terms)
    assert raw > 95 and attack.chance == 95
    md = export(tmp_path, capsys, "strong")
    assert f"| sum of the terms | {raw} |  |  |\n" \
           "| cap | 95 | R3.3 floor and cap | rules.yaml: page.caps.melee |\n" \
           "| floor | 0 | R3.3 floor and cap |  |\n" \
           f"| chance | {raw} → 95 (cap) | R4.9 melee chance |  |\n" in md
    # The designer's `set` is said where the value is used.
    assert "| melee | +150 | R4.9 melee chance | characters.yaml: aldric.skills.melee, " \
           "set by the designer |" in md


class Tags(HTMLParser):
    """Every tag and attribute of a page, and its text."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def test_html_is_the_same_document_self_contained(spells_md, capsys):
    tmp_path, md = spells_md
    html = export(tmp_path, capsys, "spells", "--format", "html")
    page = Tags()
    page.feed(html)
    names = [tag for tag, _ in page.tags]
    assert html.startswith("<!DOCTYPE html>") and names.count("style") == 1
    # Nothing fetched from anywhere: no script, link, image, frame, or URL in the style.
    assert not {"script", "link", "img", "iframe", "object"} & set(names)
    assert not any("src" in attrs or "href" in attrs for _, attrs in page.tags)
    assert "url(" not in html and "@import" not in html and "http" not in html
    # The same tables, maps and marks as the Markdown.
    assert names.count("table") == md.count(TABLE_HEAD) + 2
    assert ('<tr>\n<td>difficulty</td>\n<td style="text-align:right">-20</td>\n'
            "<td>R7.4 counter-magic chance</td>\n<td>rules.yaml: counter_difficulty</td>\n"
            "</tr>") in html
    assert ("<p><strong>counter roll, Elise</strong>: 30 (forced) ≤ 30 countered "
            '<strong class="forced">⚑ forced</strong></p>\n<table>') in html
    assert html.count('class="forced"') == md.count("**⚑ forced**")
    pres = html.split('<pre><code class="language-text">')[1:]
    assert len(pres) == 2
    assert "10 ##. . C1. ." in pres[0] and "10 ##. . . . . . . . C✝. ." in pres[1]
    assert html.index("Map at the start") < html.index("Journal") < html.index("Map at the end")


def test_html_and_markdown_escape_a_name_that_looks_like_markup(tmp_path, capsys):
    content = tmp_path / "evil"
    shutil.copytree(CONTENT, content)
    characters = content / "characters.yaml"
    text = characters.read_text(encoding="utf-8")
    assert "  name: Corvin\n" in text
    evil = "<script>alert('x')</script> | *C* _D_ &amp;"
    linked = "[E](http://x.org) [F]: http://y.org"
    assert "  name: Elise\n" in text
    characters.write_text(text.replace("  name: Corvin\n", f"  name: \"{evil}\"\n")
                          .replace("  name: Elise\n", f"  name: \"{linked}\"\n"),
                          encoding="utf-8")
    play(tmp_path, SPELLS, "evil", content=content)
    html = export(tmp_path, capsys, "evil", "--content", str(content), "--format", "html")
    assert "<script" not in html
    assert "&lt;script&gt;alert('x')&lt;/script&gt; | *C* _D_ &amp;amp;" in html
    page = Tags()
    page.feed(html)
    assert f"{evil} casts Focus on " in "".join(page.text)
    assert f"damage to {linked}" in "".join(page.text)
    # No link, no emphasis: every tag is one the document itself makes.
    assert {tag for tag, _ in page.tags} <= {"html", "head", "meta", "title", "style", "body",
                                            "h1", "h2", "h3", "p", "ul", "li", "strong",
                                            "code", "pre", "table", "thead", "tbody", "tr",
                                            "th", "td"}
    assert not any("href" in attrs for _, attrs in page.tags)
    md = export(tmp_path, capsys, "evil", "--content", str(content))
    # Shown as text by a Markdown renderer: no raw HTML, no table cell break, no emphasis,
    # no link.
    assert "\\<script>alert('x')\\</script> \\| \\*C\\* \\_D\\_ \\&amp;" in md
    assert "[E\\](http://x.org) [F\\]: http://y.org" in md
    assert "<script" not in md.replace("\\<script", "")


def test_without_the_content_the_export_is_the_saved_journal_and_says_so(spells_md,
                                                                          capsys):
    tmp_path, _ = spells_md
    broken = tmp_path / "broken"
    shutil.copytree(CONTENT, broken)
    (broken / "spells.yaml").write_text("firebolt: [unclosed\n", encoding="utf-8")
    md = export(tmp_path, capsys, "spells", "--content", str(broken))
    assert "- **note**: made from the saved journal alone, without the maps: the content " \
           "has errors: " in md and "spells.yaml:" in md
    assert section(md, "Map at the start").count("Not drawn: the save could not be "
                                                 "replayed") == 1
    assert "```" not in md
    assert "which of its rules depart from the page is not known" in md
    assert COUNTER_TABLE in md  # the tables need no content
    # Spells show by id when the content that names them is gone.
    assert "Corvin casts firebolt on Elise" in md


def test_a_save_from_older_content_says_which_content_drew_what(tmp_path, capsys, variant):
    play(tmp_path, SPELLS, "old", content=variant)
    md = export(tmp_path, capsys, "old")  # today's shipped content
    assert "- **note**: the content changed since this save: the map at the end is the " \
           "saved state" in md
    assert "| C✝ | Corvin | corvin | player 1 (Alice) | 9,10 | 6/12 | down |" in md


def test_export_refuses_an_unwritable_out_file_with_a_message(spells_md, capsys):
    tmp_path, _ = spells_md
    out = tmp_path / "no such folder" / "doc.html"
    assert main(["export", "spells", "--format", "html", "--out", str(out),
                 "--saves-dir", str(tmp_path)]) == 2
    assert f"escarmouche: --out {out}: the folder {out.parent} does not exist" in \
        capsys.readouterr().err
    assert not out.parent.exists()


def test_export_never_writes_over_a_save(spells_md, capsys):
    """`--out` naming the save being exported (or another save) is refused, the saves as
    they were: the export would have replaced the game with its document."""
    tmp_path, _ = spells_md
    assert main(["script", "duel", str(CONTENT / "scripts" / "duel-demo.txt"), "--save",
                 "other", "--saves-dir", str(tmp_path)]) == 0
    capsys.readouterr()
    saves = {p: p.read_bytes() for p in tmp_path.glob("*.json")}
    for out in ("spells.json", "other.json"):
        for fmt in ("md", "json"):
            assert main(["export", "spells", "--format", fmt, "--out", str(tmp_path / out),
                         "--saves-dir", str(tmp_path)]) == 2
            assert capsys.readouterr().err == (
                f"escarmouche: --out {tmp_path / out} is a save: the export would write "
                "over it; give another file\n")
    assert {p: p.read_bytes() for p in tmp_path.glob("*.json")} == saves
    # A file that only looks like one is written.
    (tmp_path / "notes.json").write_text("{}")
    assert main(["export", "spells", "--format", "json", "--out", str(tmp_path / "notes.json"),
                 "--saves-dir", str(tmp_path)]) == 0
    assert (tmp_path / "notes.json").read_text().startswith('{"type"')


def test_an_export_that_cannot_be_written_whole_leaves_the_file_as_it_was(spells_md, capsys,
                                                                         monkeypatch):
    """A full disk in the middle of `--out`: the file keeps its old text, no half document
    and no temporary file is left, and the error is said (exit 2)."""
    import errno
    import game.files

    tmp_path, _ = spells_md
    out = tmp_path / "report.md"
    out.write_text("yesterday's report\n")

    def full(fd, data):
        os.write(fd, data[:10])
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(game.files, "_write_all", full)
    assert main(["export", "spells", "--out", str(out), "--saves-dir", str(tmp_path)]) == 2
    assert capsys.readouterr().err == \
        f"escarmouche: cannot write {out}: No space left on device\n"
    assert out.read_text() == "yesterday's report\n"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []
