"""A French catalog that is missing, empty, truncated, garbled, has a bad plural formula, a
wrong field name or markup in a translation: every command still runs, in English where
the catalog cannot be trusted, with one warning, never a traceback."""

from __future__ import annotations

import random
import re

import pytest

import game.i18n as i18n
from game.cli import main
from game.content.loader import DEFAULT_CONTENT
from game.i18n import catalog

SCRIPT = DEFAULT_CONTENT / "scripts" / "duel-demo.txt"
REAL_MO = catalog.mo_path("fr").read_bytes()
PO = catalog.po_path("fr").read_bytes()


@pytest.fixture
def locale(tmp_path, monkeypatch):
    """A locale folder of the test's own, in place of the shipped one; warnings afresh."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    monkeypatch.setattr(i18n, "_warned", set())
    folder = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    return folder / "escarmouche.mo"


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(["--lang", "fr", *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def warnings(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("escarmouche: warning")]


def compiled(plural: str = "(n > 1)", change=lambda m: None) -> bytes:
    """The shipped French catalog compiled with another plural formula, or each message
    changed by `change`."""
    assert b"plural=(n > 1)" in PO
    po = catalog.parse_po(PO.replace(b"plural=(n > 1)", f"plural={plural}".encode()),
                          language="fr")
    for message in po:
        if message.id:
            change(message)
    return catalog.mo_bytes(po)


def garbled(data: bytes, seed: int) -> bytes:
    rng = random.Random(seed)
    data = bytearray(data)
    for _ in range(200):
        data[rng.randrange(28, len(data))] = rng.randrange(256)
    return bytes(data)


# Each made when its test runs (compiling a catalog costs 0.4 s: not at every worker's
# collection).
UNUSABLE = {
    "missing": lambda: None,
    "empty": lambda: b"",
    "truncated": lambda: REAL_MO[: len(REAL_MO) // 3],
    "header only": lambda: REAL_MO[:20],
    "not a catalog": lambda: b"this is not a catalog at all" * 10,
    "division by zero plural": lambda: compiled("n/0"),
    "unparsable plural": lambda: compiled("(n > "),
    "plural out of range": lambda: compiled("n+7"),
    "huge plural": lambda: compiled("(" * 500 + "n" + ")" * 500),
}


def test_the_real_catalog_is_french_and_warns_nothing(locale, capsys):
    locale.write_bytes(REAL_MO)
    code, out, err = run(capsys, "script", "duel", str(SCRIPT))
    assert code == 0 and not warnings(err)
    assert "attaque" in out


@pytest.mark.parametrize("kind", UNUSABLE)
def test_an_unusable_catalog_falls_back_to_english_with_one_warning(locale, capsys, kind):
    data = UNUSABLE[kind]()
    if data is not None:
        locale.write_bytes(data)
    code, out, err = run(capsys, "script", "duel", str(SCRIPT))
    english = run(capsys, "--lang", "en", "script", "duel", str(SCRIPT))[1]
    assert code == 0
    assert out == english
    assert len(warnings(err)) == 1 and "the game goes on in English" in err
    # Once per process: the next command says nothing more.
    assert run(capsys, "validate")[0] == 0
    assert not warnings(capsys.readouterr().err)


@pytest.mark.parametrize("seed", range(8))
def test_a_garbled_catalog_never_breaks_a_command(locale, capsys, seed):
    locale.write_bytes(garbled(REAL_MO, seed))
    for argv in (["script", "duel", str(SCRIPT)], ["validate"],
                 ["odds", "duel", "gautier", "ysolde"]):
        code, out, err = run(capsys, *argv)
        # odds says the sword cannot reach (exit 1), in whatever words survived.
        assert code == (1 if argv[0] == "odds" else 0) and out + err, (argv, err)
        assert len(warnings(err)) <= 1


def _each_text(message, change) -> None:
    texts = [change(text) if text else text for text in catalog.texts(message.string)]
    message.string = texts[0] if isinstance(message.string, str) else tuple(texts)


def _rename_fields(message):
    _each_text(message, lambda text: re.sub(r"\{([a-z_]+)", r"{\1_x", text))


def _add_markup(message):
    _each_text(message, lambda text: f"[b]{text}[/b")


@pytest.mark.parametrize("change", [_rename_fields, _add_markup])
def test_a_translation_whose_fields_or_markup_differ_is_not_used(locale, capsys, change):
    locale.write_bytes(compiled(change=change))
    code, out, err = run(capsys, "script", "duel", str(SCRIPT))
    english = run(capsys, "--lang", "en", "script", "duel", str(SCRIPT))[1]
    assert code == 0
    assert len(warnings(err)) == 1 and "the English is shown instead" in err
    if change is _rename_fields:
        # The lines with a field are in English (the round's heading), the others French.
        assert out.splitlines()[0] == english.splitlines()[0]
        assert out != english
    assert "[b]" not in out and "_x}" not in out


def test_an_entry_that_is_wrong_leaves_the_others_french(locale, monkeypatch):
    def one_wrong(message):
        if message.id == "{unit} down":
            message.string = "{unite} à terre"

    locale.write_bytes(compiled(change=one_wrong))
    with i18n.language("fr"):
        assert i18n._("{unit} down") == "{unit} down"
        assert i18n._("{unit} down").format(unit="Ysolde") == "Ysolde down"
        assert i18n._("the game is over") != "the game is over"  # still French


def test_the_warning_comes_when_the_language_is_set_before_any_screen(locale, capsys):
    locale.write_bytes(compiled(change=_add_markup))
    with i18n.language("fr"):
        err = capsys.readouterr().err
        assert len(warnings(err)) == 1 and "the English is shown instead" in err
        assert i18n._("[b]Enter[/b] to start your turn") == "[b]Enter[/b] to start your turn"
