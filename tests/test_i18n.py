"""Translations: the catalogs are complete and in step with the code, and no line a user
sees is glued together from translated fragments.

The no-glue rule (`test_no_line_is_glued_from_translated_fragments`): a translated text
(the result of `_`, `N_`, `ngettext`, `pgettext`, or of `.format(...)` on one) is a whole
sentence. It may be a *field value* of another message
(`_("{unit} attacks with {weapon}").format(weapon=_("bare hands"))`), but it must never be
- an operand of `+` or `+=` (`_("Hit") + "!"`, `text += _("…")`),
- a `{…}` of an f-string (`f"{_('dodged')} by {unit}"`),
- an item of a `join` (`"".join([_("a"), _("b")])`, `" ".join(_(w) for w in words)`),
  unless the separator is itself a translated message (`_(", ").join(names)`: a list whose
  separator the translation chooses).
The word order of the sentence then stays the translator's.
"""

from __future__ import annotations

import ast
import gettext
import io
import shutil
import subprocess
import textwrap
from pathlib import Path

import msgspec
import pytest

from game import i18n
from game.i18n import catalog
from game.rules.events import Refused

TRANSLATING = {"_", "N_", "ngettext", "pgettext"}


# --- the no-glue scan ---------------------------------------------------------------------


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name):
            return node.func.id
        if isinstance(node.func, ast.Attribute):
            return node.func.attr
    return None


def _translated(node: ast.AST) -> bool:
    """`_("…")`, `ngettext(…)`, … or `.format(…)` of one."""
    if _name(node) in TRANSLATING:
        return True
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
    ):
        return _translated(node.func.value)
    return False


def _pieces(node: ast.AST) -> list[ast.AST]:
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return list(node.elts)
    if isinstance(node, (ast.GeneratorExp, ast.ListComp, ast.SetComp)):
        return [node.elt]
    return []


def glued(source: str, filename: str = "<src>") -> list[str]:
    """Where `source` builds a line from translated fragments (`file:line: what`)."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        where = f"{filename}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            if _translated(node.left) or _translated(node.right):
                found.append(f"{where}: a translated text joined with +")
        elif isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add):
            if _translated(node.value):
                found.append(f"{where}: a translated text added with +=")
        elif isinstance(node, ast.JoinedStr):
            for value in node.values:
                if isinstance(value, ast.FormattedValue) and _translated(value.value):
                    found.append(f"{where}: a translated text inside an f-string")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "join"
            and node.args
            and not _translated(node.func.value)
            and any(_translated(piece) for piece in _pieces(node.args[0]))
        ):
            found.append(f"{where}: translated pieces joined by an untranslated separator")
    return found


@pytest.mark.parametrize(
    "source",
    [
        'line = _("Hit") + "!"',
        'line = name + _(" attacks")',
        'line = _("{a} hits").format(a=a) + _(" hard")',
        'text += _("dodged")',
        'line = f"{_(\'dodged\')} by {unit}"',
        'line = f"{ngettext(\'turn\', \'turns\', n)} left"',
        'line = "".join([_("a"), _("b")])',
        'line = " ".join(_(w) for w in words)',
    ],
)
def test_the_glue_scan_refuses_glued_fragments(source):
    assert glued(source), source


@pytest.mark.parametrize(
    "source",
    [
        'line = _("{unit} attacks with {weapon}").format(unit=u, weapon=_("bare hands"))',
        'line = _(", ").join(names)',
        'line = _(", ").join(_(n) for n in names)',
        'line = "\\n".join(lines)',
        'line = a + b',
        'line = f"{unit}: {chance}%"',
    ],
)
def test_the_glue_scan_lets_whole_sentences_through(source):
    assert glued(source) == []


def test_no_line_is_glued_from_translated_fragments():
    found = []
    for path in catalog.source_files():
        ref = path.relative_to(catalog.SOURCE_ROOT).as_posix()
        found += glued(path.read_text(encoding="utf-8"), ref)
    assert found == []


# --- the shipped catalogs -----------------------------------------------------------------


def _marked_literals(path: Path) -> set[tuple[str | None, str]]:
    """(context, text) of every call of `_`, `N_`, `ngettext`, `pgettext` on literals, by
    the syntax tree: what Babel's extraction must not miss (a call nested in another)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        name = _name(node)
        if name not in TRANSLATING or not node.args:
            continue
        args = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                for a in node.args]
        context, text = (args[0], args[1] if len(args) > 1 else None) \
            if name == "pgettext" else (None, args[0])
        if text is not None and (name != "pgettext" or context is not None):
            found.add((context, text))
    return found


@pytest.fixture(scope="module")
def template():
    """The messages of the code, extracted once for the tests that read them."""
    return catalog.extract()


def test_the_extraction_misses_no_marked_text(template):
    extracted = {(m.context, catalog.texts(m.id)[0]) for m in template if m.id}
    missed = {}
    for path in catalog.source_files():
        for key in _marked_literals(path) - extracted:
            missed[key] = path.relative_to(catalog.SOURCE_ROOT).as_posix()
    assert missed == {}, "move the marked text out of the call that holds it"


def test_the_catalog_template_is_the_extract_of_the_code(template):
    assert catalog.is_current(template, catalog.pot_path()), (
        "game/i18n/locale/escarmouche.pot is stale: run `python -m game.i18n update`"
    )


@pytest.mark.parametrize("language", catalog.TRANSLATED)
def test_every_message_has_a_translation_in_every_plural_form(language, template):
    po = catalog.read_po(catalog.po_path(language), language)
    messages = [m for m in po if m.id]
    assert [m.id for m in template if m.id and po.get(m.id, m.context) is None] == [], \
        "missing from the .po"
    assert [m.id for m in messages if template.get(m.id, m.context) is None] == []
    assert list(po.obsolete) == []
    assert [m.id for m in messages if m.fuzzy] == []
    assert [m.id for m in messages if not all(catalog.texts(m.string))] == []
    assert [m.id for m in messages if m.pluralizable and len(m.string) != po.num_plurals] == []
    assert po.num_plurals == 2 and po.plural_expr == "(n > 1)"


@pytest.mark.parametrize("language", catalog.TRANSLATED)
def test_every_translation_has_the_fields_of_its_english(language):
    wrong = []
    for m in catalog.read_po(catalog.po_path(language), language):
        english = set().union(*map(catalog.placeholders, catalog.texts(m.id)))
        for text in catalog.texts(m.string):
            if m.id and text and catalog.placeholders(text) != english:  # empty: the test above
                wrong.append((m.id, text))
    assert wrong == []


@pytest.mark.parametrize("language", catalog.TRANSLATED)
def test_the_shipped_mo_is_the_compile_of_the_po(language):
    po = catalog.read_po(catalog.po_path(language), language)
    assert catalog.mo_path(language).read_bytes() == catalog.mo_bytes(po)


def test_the_check_command_finds_nothing_to_do(capsys):
    from game.i18n.__main__ import main

    assert main(["check"]) == 0, capsys.readouterr().out


# --- the tooling, on a small package of its own -------------------------------------------


def _package(tmp_path: Path, files: dict[str, str]) -> tuple[Path, Path]:
    package = tmp_path / "pkg"
    for name, text in files.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return package, tmp_path / "locale"


SAMPLE = {
    "b.py": '''
        from game.i18n import _, ngettext, pgettext
        def f(n, unit):
            # Translators: a unit's walk
            first = _("{unit} moves").format(unit=unit)
            second = ngettext("{n} turn", "{n} turns", n).format(n=n)
            door = pgettext("door", "open")
            again = _("{unit} moves")
            return _(variable)  # not a literal: marked where it is defined
    ''',
    "a/rules.py": '''
        N_ = lambda message: message
        class Impossible(Exception): ...
        def g():
            raise Impossible(N_("{unit} has {ap} AP; {action} costs {cost}"))
    ''',
}


def _by_id(po) -> dict[str, object]:
    return {catalog.texts(m.id)[0]: m for m in [*po, *po.obsolete.values()] if m.id}


def test_extract_takes_every_marked_literal_once_sorted_by_file_then_line(tmp_path):
    package, _locale = _package(tmp_path, SAMPLE)
    messages = [m for m in catalog.extract(package) if m.id]
    assert [(m.context, m.id) for m in messages] == [
        (None, "{unit} has {ap} AP; {action} costs {cost}"),
        (None, "{unit} moves"),
        (None, ("{n} turn", "{n} turns")),
        ("door", "open"),
    ]
    assert messages[0].locations == [("pkg/a/rules.py", None)]
    assert "python-brace-format" in messages[1].flags
    assert "python-brace-format" not in messages[3].flags
    assert messages[1].auto_comments == ["Translators: a unit's walk"]
    assert messages[2].auto_comments == []


def test_update_keeps_translations_marks_obsolete_and_check_lists_what_is_left(tmp_path):
    package, locale = _package(tmp_path, SAMPLE)
    assert len(catalog.update(package, locale)) == 3
    assert catalog.update(package, locale) == []  # nothing changed, nothing written
    po = catalog.po_path("fr", locale)
    text = po.read_text(encoding="utf-8")
    assert 'msgid "{unit} moves"\nmsgstr ""' in text
    assert "Plural-Forms: nplurals=2; plural=(n > 1);" in text
    text = text.replace('msgid "{unit} moves"\nmsgstr ""', 'msgid "{unit} moves"\nmsgstr "{unit} se déplace"')
    text = text.replace('msgctxt "door"\nmsgid "open"\nmsgstr ""', 'msgctxt "door"\nmsgid "open"\nmsgstr "ouvrir"')
    po.write_text(text, encoding="utf-8")
    # the code changes: one message goes, one comes, one plural is reworded
    rules = package / "b.py"
    source = rules.read_text()
    rules.write_text(source.replace('pgettext("door", "open")', '_("{unit} waits")')
                     .replace('"{n} turns"', '"{n} rounds"'))
    catalog.update(package, locale)

    by_id = _by_id(catalog.read_po(po, "fr"))
    assert by_id["{unit} moves"].string == "{unit} se déplace"
    assert by_id["open"].string == "ouvrir" and "open" in {
        catalog.texts(m.id)[0] for m in catalog.read_po(po).obsolete.values()}
    assert by_id["{unit} waits"].string == ""
    assert by_id["{n} turn"].id == ("{n} turn", "{n} rounds") and by_id["{n} turn"].fuzzy
    problems = catalog.problems(package, locale)
    assert "fr: obsolete [door] 'open'" in problems
    assert "fr: untranslated '{unit} waits'" in problems
    assert "fr: fuzzy '{n} turn'" in problems
    assert not any("moves" in line for line in problems)
    assert not any("stale" in line for line in problems)

    # the text comes back: its translation is live again
    rules.write_text(source)
    catalog.update(package, locale)
    assert _by_id(catalog.read_po(po, "fr"))["open"].string == "ouvrir"
    assert "fr: obsolete [door] 'open'" not in catalog.problems(package, locale)

    rules.write_text(source.replace('pgettext("door", "open")', '_("{unit} waits")'))
    catalog.update(package, locale, keep_obsolete=False)
    assert "open" not in _by_id(catalog.read_po(po, "fr"))


def test_check_names_a_stale_template_a_fuzzy_entry_and_a_wrong_field(tmp_path):
    package, locale = _package(tmp_path, SAMPLE)
    catalog.update(package, locale)
    po = catalog.po_path("fr", locale)
    text = po.read_text(encoding="utf-8")
    text = text.replace('msgid "{unit} moves"\nmsgstr ""', 'msgid "{unit} moves"\nmsgstr "{unité} se déplace"')
    text = text.replace('#, python-brace-format\nmsgid "{n} turn"', '#, python-brace-format, fuzzy\nmsgid "{n} turn"')
    po.write_text(text, encoding="utf-8")
    (package / "c.py").write_text('_("new")\n')
    problems = catalog.problems(package, locale)
    assert "escarmouche.pot is stale: run `python -m game.i18n update`" in problems
    assert "fr: missing 'new' (pkg/c.py)" in problems
    assert "fr: fuzzy '{n} turn'" in problems
    assert "fr: '{unit} moves' has fields ['unité'], the English ['unit']" in problems
    assert "fr: escarmouche.mo is stale: run `python -m game.i18n update`" in problems


def test_a_po_or_source_that_cannot_be_read_is_named_with_its_line(tmp_path, capsys, monkeypatch):
    from game.i18n.__main__ import main

    package, locale = _package(tmp_path, SAMPLE)
    catalog.update(package, locale)
    po = catalog.po_path("fr", locale)
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgid "x"\nmsgstr[0] "y"\nnonsense\n',
                  encoding="utf-8")
    with pytest.raises(catalog.CatalogError, match=r"escarmouche\.po:\d+: "):
        catalog.problems(package, locale)
    (package / "bad.py").write_text("def f(:\n")
    with pytest.raises(catalog.CatalogError, match=r"^pkg/bad\.py:1: "):
        catalog.extract(package)
    problems = catalog.problems
    monkeypatch.setattr(catalog, "problems", lambda: problems(package, locale))
    assert main(["check"]) == 2
    assert capsys.readouterr().err.startswith("error: pkg/bad.py:1: ")


def _sample_catalog():
    po = catalog.new_catalog("fr")
    po.add("{unit} moves", "{unit} se déplace")
    po.add(("{n} turn", "{n} turns"), ("{n} tour", "{n} tours"))
    po.add("open", "ouvrir", context="door")
    po.add("fuzzy one", "flou", flags=["fuzzy"])
    po.add("Line\n\"two\"", "Ligne\n« deux »")
    po.add("not yet", "")
    return po


def test_the_compiled_catalog_translates_plurals_contexts_and_skips_fuzzy(tmp_path):
    po = _sample_catalog()
    t = gettext.GNUTranslations(io.BytesIO(catalog.mo_bytes(po)))
    assert t.gettext("{unit} moves") == "{unit} se déplace"
    assert t.ngettext("{n} turn", "{n} turns", 1) == "{n} tour"
    assert t.ngettext("{n} turn", "{n} turns", 2) == "{n} tours"
    assert t.pgettext("door", "open") == "ouvrir"
    assert t.gettext("fuzzy one") == "fuzzy one"
    assert t.gettext("not yet") == "not yet"
    assert t.gettext("Line\n\"two\"") == "Ligne\n« deux »"
    # the .po text reads back to the same messages
    again = catalog.parse_po(catalog.po_bytes(po), language="fr")
    assert [(m.id, m.context, m.string, m.flags) for m in again] == [
        (m.id, m.context, m.string, m.flags) for m in po]


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU msgfmt not installed")
def test_our_mo_says_what_gnu_msgfmt_compiles_from_the_same_po(tmp_path):
    sample = _sample_catalog()
    po = tmp_path / "x.po"
    po.write_bytes(catalog.po_bytes(sample))
    subprocess.run(["msgfmt", "--check", "-o", str(tmp_path / "gnu.mo"), str(po)], check=True)
    shipped_po = catalog.po_path("fr")
    subprocess.run(["msgfmt", "--check", "-o", str(tmp_path / "fr.mo"), str(shipped_po)], check=True)
    for gnu, ours in (
        (tmp_path / "gnu.mo", catalog.mo_bytes(sample)),
        (tmp_path / "fr.mo", catalog.mo_path("fr").read_bytes()),
    ):
        with gnu.open("rb") as a:
            theirs = gettext.GNUTranslations(a)._catalog
        ours = gettext.GNUTranslations(io.BytesIO(ours))._catalog
        # msgfmt leaves the template's date out of the header
        ours[""] = "".join(line for line in ours[""].splitlines(keepends=True)
                           if not line.startswith("POT-Creation-Date:"))
        assert theirs == ours


def test_set_language_french_reads_the_shipped_catalog():
    with i18n.language("fr"):
        assert i18n.current_language() == "fr"
        assert i18n._("") != ""  # the header: the catalog was found and read
    assert i18n.current_language() == "en"


# --- French where a user reads it -------------------------------------------------------------

DUEL = "content/scripts/duel-demo.txt"
DEMO = "content/scripts/skirmish-demo.txt"


def _script(capsys, *argv):
    from game.cli import main

    code = main(["script", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_script_in_french_words_the_journal_with_the_pages_terms(capsys):
    code, out, _err = _script(capsys, "duel", DUEL, "--lang", "fr")
    assert code == 0
    assert "Gautier avance de 4 cases jusqu'en (6 ; 4) (4 PA, reste 6)" in out
    assert ("jet d'attaque Ysolde : 80 (forcé) > 69 raté  [mêlée 50 + maîtrise dague 15 + "
            "bonus(FOR 14) 4 = 69]") in out
    assert "jet d'esquive Gautier : 25 (forcé) ≤ 38 esquivé  [esquive 30 + bonus(DEF 16) 6 + " \
           "bonus de chance (CHA 11) 2" in out
    assert "Ysolde +1 XP (attaque ratée ; 1 XP, niveau 1)" in out
    assert "— Manche 1 : Alice joue (joueur 1) —" in out
    assert "— état après la manche" in out and ": PV " in out
    # the language is the command's: English again afterwards
    assert i18n.current_language() == "en"
    assert "Gautier moves 4 squares to 6,4 (4 AP, 6 left)" in _script(capsys, "duel", DUEL)[1]


def test_a_square_in_french_is_written_x_semicolon_y_and_typed_x_comma_y(capsys, tmp_path):
    """`3,7` reads as a decimal in French: a text writes `(3 ; 7)` (a refusal's, an edit's
    and the odds' squares included); the notation typed stays `3,7`; English is as it was."""
    commands = tmp_path / "squares.txt"
    commands.write_text("move aldric 16,7\nplace dagny 4,7\nmove aldric 9,4\n")
    _code, out, _err = _script(capsys, "crossroads", str(commands), "--lang", "fr")
    assert "✗ move aldric 16,7 : Aldric a besoin de 13 PA pour atteindre (16 ; 7) et en a 10" \
        in out
    assert "✎ modification : Dagny placée en (4 ; 7), au lieu de (20 ; 7)" in out
    assert "Aldric avance de 6 cases jusqu'en (9 ; 4) (6 PA, reste 4)" in out
    _code, out, _err = _script(capsys, "crossroads", str(commands))
    assert "✗ move aldric 16,7: Aldric needs 13 AP to reach 16,7 and has 10" in out
    assert "✎ edit: Dagny placed at 4,7 (was 20,7)" in out
    from game.cli import main

    assert main(["odds", "crossroads", "aldric", "goblin-1", "--turn", "--squares",
                 "--lang", "fr"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert any(row.split()[:4] == ["(9", ";", "4)", "6"] for row in rows)
    with i18n.language("fr"):
        assert i18n.square_text((10, 6)) == i18n.square_text("10,6") == "(10 ; 6)"
        assert i18n.field_text("aldric") == "aldric"
    assert i18n.square_text((10, 6)) == "10,6"


def test_a_sentence_after_a_label_starts_lowercase_in_french_unless_it_starts_with_a_name():
    with i18n.language("fr"):
        assert i18n.after_colon("Le dernier camp debout gagne.") == "le dernier camp debout gagne."
        assert i18n.after_colon("L’ogre garde son garde-manger.") == "l’ogre garde son garde-manger."
        assert i18n.after_colon("Aldric doit tenir.") == "Aldric doit tenir."
        assert i18n.after_colon("Lea tient.") == "Lea tient."
    assert i18n.after_colon("The last player standing wins.") == "The last player standing wins."


def test_lang_from_the_environment_gives_the_same_french(capsys, monkeypatch):
    french = _script(capsys, "duel", DUEL, "--lang", "fr")[1]
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert _script(capsys, "duel", DUEL)[1] == french
    # --lang wins over the environment
    assert "moves 4 squares" in _script(capsys, "duel", DUEL, "--lang", "en")[1]


def test_an_engine_refusal_is_worded_in_the_players_language(capsys):
    _code, out, _err = _script(capsys, "crossroads", DEMO, "--lang", "fr")
    # the content's names in French too (the ids of the commands stay)
    assert "✗ attack dagny aldric : Dagny a 0 PA ; attaquer (hache de guerre) coûte 5 PA" in out
    assert "  dégâts sur Loup : " in out
    assert "+ bonus DEX+TAI 26 1d4 [1]=1 + attaque parfaite 1d6" in out


def test_a_refusal_keeps_its_english_reason_and_its_message_for_any_language():
    from game.journal.text import describe
    from game.rules.errors import Impossible, N_, Phrase

    refusal = Impossible(N_("{target} is {d} squares away; the {weapon} reaches {reach}"),
                         target=Phrase(N_("the door at {pos}"), {"pos": "3,4"}), d=6,
                         weapon="bow", reach=4)
    assert refusal.reason == "the door at 3,4 is 6 squares away; the bow reaches 4"
    with i18n.language("fr"):
        assert refusal.translated(i18n._) == "la porte en 3,4 est à 6 cases ; bow porte à 4"
        # a journal saved before refusals had ids: its English reason, as it was
        old = msgspec.json.decode(b'{"type": "refused", "text": "end", "reason": "the game is over"}',
                                  type=Refused)
        assert describe(old) == "✗ end : the game is over"


def test_every_engine_refusal_is_a_catalog_message():
    """A refusal raised with an f-string could not be translated: its first argument must
    be `N_("…")` (or a choice between such), or a variable holding one."""
    rules = catalog.PACKAGE_DIR / "rules"
    bad = []
    for path in sorted(rules.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _name(node) in ("Impossible", "NotationError") \
                    and node.args:
                first = node.args[0]
                options = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
                if not all(_name(o) == "N_" or isinstance(o, ast.Name) for o in options):
                    bad.append(f"{path.name}:{node.lineno}")
    assert bad == []


def test_odds_and_export_in_french(capsys, tmp_path):
    from game.cli import main

    assert main(["odds", "crossroads", "aldric", "goblin-1", "--lang", "fr"]) == 1
    assert capsys.readouterr().err == ("impossible : Snik le gobelin est à 7 cases ; il faut "
                                       "une cible adjacente (épée)\n")
    near = tmp_path / "near.txt"
    near.write_text("move aldric 9,4\n")
    assert main(["script", "crossroads", str(near), "--save", "near", "--saves-dir",
                 str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["odds", "crossroads", "aldric", "goblin-1", "--load", "near", "--saves-dir",
                 str(tmp_path), "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "attaque 65 %  [mêlée 50 + maîtrise épée 10 + bonus(FOR 15) 5 = 65]" in out
    assert "P(réussite) 65,0 %  P(attaque parfaite) 4,0 %" in out
    assert "dégâts subis (après réduction)" in out
    assert main(["script", "crossroads", DEMO, "--save", "demo", "--saves-dir",
                 str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["export", "demo", "--saves-dir", str(tmp_path), "--lang", "fr"]) == 0
    md = capsys.readouterr().out
    assert "## Carte au début" in md and "## Journal" in md and "| terme | valeur | règle | source |" in md
    assert "jet d'attaque, Brenna" in md


def test_odds_sweeps_in_french_name_the_fields_in_french_and_write_decimal_commas(capsys,
                                                                                 monkeypatch):
    from game.cli import main

    monkeypatch.setenv("COLUMNS", "110")
    odds = ["odds", "crossroads", "aldric", "goblin-1", "--from", "9,4", "--lang", "fr",
            "--vary", "aldric.skills.melee=30..40:10"]
    assert main(odds) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[1].split()[:3] == ["mêlée", "P(réussite)", "dégâts"]
    assert rows[2].split()[:5] == ["30", "45,0", "%", "█████▍", "3,29"]
    assert main([*odds, "--vary", "goblin-1.stats.DEX=10..15:5", "--figure", "mean"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[1].split()[:3] == ["mêlée", "\\", "DEX"]
    assert rows[2].split() == ["30", "░", "3,29", "░", "3,29"]
    assert main(odds[:6] + odds[8:]) == 0  # English as it was
    rows = capsys.readouterr().out.splitlines()
    assert rows[1].split()[:2] == ["melee", "P(success)"]
    assert rows[2].split()[:4] == ["30", "45.0%", "█████▍", "3.29"]
    assert main(["--lang", "fr", "tune", "odds", "crossroads", "aldric", "goblin-1", "--from",
                 "9,4", "--field", "aldric.skills.melee=30..60", "--to", "0.6"]) == 0
    steps = [line for line in capsys.readouterr().out.splitlines() if "→" in line]
    assert [step.split()[:3] for step in steps] == [["1.", "mêlée", "30"], ["2.", "mêlée", "60"]]


def test_roll_verdicts_in_french_read_as_french():
    # The lab's reports in French (simulate's heading, balance's verdicts "50 ± 5 hors
    # objectif", "0 ✓"): tests/test_french_proof.py, test_every_command_in_french_…, which
    # runs the same commands (simulate's exact duel odds cost 2-3 s: run once).
    with i18n.language("fr"):
        assert i18n.pgettext("roll", "not dodged") == "non esquivé"
        assert i18n.pgettext("roll", "not countered") == "non contré"


def test_a_journal_saved_before_message_ids_still_reads_in_french():
    from game.journal.text import describe
    from game.rules.events import Edited, XpGained

    old_xp = msgspec.json.decode(b'{"type": "xp", "unit": "dagny", "amount": 2, "reason": '
                                 b'"attack dodged", "total": 4, "level": 1}', type=XpGained)
    old_edit = msgspec.json.decode(b'{"type": "edit", "unit": "aldric", "change": '
                                   b'"removed from play"}', type=Edited)
    with i18n.language("fr"):
        assert describe(old_xp, str.title) == "  Dagny +2 XP (attaque esquivée ; 4 XP, niveau 1)"
        # an edit's change was free English: shown as it was
        assert describe(old_edit, str.title) == "  ✎ modification : Aldric removed from play"
    assert describe(old_xp, str.title) == "  Dagny +2 XP (attack dodged; 4 XP, level 1)"


def test_a_french_roll_line_colours_its_outcome():
    from game.journal.text import styled
    from game.rules.events import Roll
    from game.rules.terms import Term

    roll = Roll("attack", "aldric", 30, 65, 95,
                (Term("skill", 50, "melee"), Term("stat_bonus", 15, "STR", number=15)), True)
    with i18n.language("fr"):
        line = styled(roll, str.title)
    assert line.plain == ("  jet d'attaque Aldric : 30 ≤ 65 touché  [mêlée 50 + bonus(FOR 15) 15 "
                          "= 65]")
    (span,) = line.spans
    assert line.plain[span.start:span.end] == "30 ≤ 65 touché" and "green" in str(span.style)


def test_a_roll_card_in_french_words_the_dice_and_the_xp_reason():
    from game.commands.common import new_game
    from game.content.loader import DEFAULT_CONTENT
    from game.journal.cards import card_for
    from game.journal.text import namer

    game = new_game(DEFAULT_CONTENT, "crossroads", 0, designer=True)
    for command in ("move brenna 6,7", "move brenna 7,7", "force 3",
                    "attack brenna wolf-1 with shortbow"):
        game.apply(command)
    index = max(i for i, e in enumerate(game.journal) if type(e).__name__ == "Roll")
    with i18n.language("fr"):
        text = card_for(game.journal, index, namer(game)).text()
    assert "attaque parfaite 1d6" in text and "bonus DEX+TAI 26 1d4" in text
    assert "Brenna : attaque parfaite" in text


def test_the_package_ships_the_compiled_catalogs():
    """`pip install .` (not editable) must carry the .mo, or French is lost after install:
    every catalog file matches a package-data pattern of game.i18n."""
    import tomllib

    root = catalog.SOURCE_ROOT
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = data["tool"]["setuptools"]["package-data"]["game.i18n"]
    package = root / "game" / "i18n"
    shipped = {p for pattern in patterns for p in package.glob(pattern)}
    for language in catalog.TRANSLATED:
        assert catalog.mo_path(language) in shipped and catalog.po_path(language) in shipped
    assert catalog.pot_path() in shipped


def test_a_saved_refusal_with_worded_fields_reads_back_in_french(tmp_path):
    from game.commands.common import new_game
    from game.content.loader import DEFAULT_CONTENT
    from game.journal.text import describe, namer
    from game.saves import load_game, save_game

    game = new_game(DEFAULT_CONTENT, "crossroads", 0)
    (refused,) = game.apply("attack aldric 4,5 brawl")
    assert refused.reason == "the door at 4,5 is 2 squares away; bare hands need an adjacent target"
    loaded = load_game(save_game(game, "door", tmp_path), DEFAULT_CONTENT).game
    (again,) = [e for e in loaded.journal if isinstance(e, Refused)]
    assert again == refused
    with i18n.language("fr"):
        assert describe(again, namer(loaded)) == (
            "✗ attack aldric 4,5 brawl : la porte en (4 ; 5) est à 2 cases ; à mains nues, il faut "
            "une cible adjacente")
