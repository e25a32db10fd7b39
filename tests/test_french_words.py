"""French words a player reads, as the glossary (docs/glossary-fr.md) and French typography
have them (from the playtest of 2026-12-02: "bonus" meant both a characteristic's bonus and
a buff; the demo's caption wrote "0.5 s"; the Home key read "début Au début")."""

from __future__ import annotations

from game import i18n
from game.i18n import _, format_number, language
from game.journal.describe import SPELL_KIND_WORDS
from game.ui.words import SPELL_KINDS


def test_buffs_and_debuffs_keep_the_pages_own_words_and_bonus_means_one_thing():
    with language("fr"):
        assert [SPELL_KIND_WORDS[k]() for k in ("damage", "heal", "buff", "debuff")] == \
            ["dégâts", "soin", "buff", "debuff"]
        assert [SPELL_KINDS[k]() for k in ("buff", "debuff")] == ["buff", "debuff"]
        assert _("sb({detail})").format(detail="INT 17") == "bonus(INT 17)"
    with language("en"):
        assert SPELL_KIND_WORDS["buff"]() == "buff"


def test_a_number_of_seconds_has_the_languages_decimal_mark():
    assert [format_number(x, "fr") for x in (0.5, 2, 2.0, 1.25, 600)] == \
        ["0,5", "2", "2", "1,25", "600"]
    assert [format_number(x, "en") for x in (0.5, 2, 1.25)] == ["0.5", "2", "1.25"]
    with language("fr"):
        caption = _("{head} · ▶ autoplay, {seconds} s a step (a stops)").format(
            head="Démo", seconds=format_number(0.5))
    assert caption == "Démo · ▶ lecture auto, 0,5 s par étape (a l'arrête)"


def test_the_home_key_is_named_as_french_keyboards_name_it():
    with language("fr"):
        assert i18n._("home") == "origine"


def test_the_mages_duel_briefing_writes_the_stat_bonus_as_the_rolls_do():
    from game.content.loader import DEFAULT_CONTENT

    text = (DEFAULT_CONTENT / "scenarios" / "mages-duel.yaml").read_text(encoding="utf-8")
    french = text.split("  fr: >")[2].split("victory:")[0]  # the briefing's French
    assert "bonus(INT)" in french and "sb(" not in french
