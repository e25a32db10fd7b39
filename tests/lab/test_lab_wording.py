"""What the lab says when a search cannot succeed or a field is named by its template, as a
designer reads it (from the playtest of 2026-12-02: `tune` said "no value reaches" then
"this is the one crossing"; a creature's `hp_max` was refused as "no unit called 'goblin'")."""

from __future__ import annotations

from game.cli import main

FROM = ["--from", "9,4"]  # Aldric walks next to Snik first: his sword reaches


def run(capsys, *argv):
    capsys.readouterr()
    code = main(list(argv))
    out = capsys.readouterr()
    return code, " ".join(out.out.split()), " ".join(out.err.split())


def test_a_search_no_value_reaches_says_so_and_claims_no_crossing(capsys):
    code, out, err = run(capsys, "tune", "odds", "crossroads", "aldric", "goblin-1", *FROM,
                         "--field", "aldric.skills.melee", "--to", "50%")
    assert code == 0, err
    assert "no value of aldric.skills.melee from 0 to 100 reaches 50.0%" in out
    assert "the figure moves one way with the field, so none of them reaches 50.0%" in out
    assert "one crossing" not in out
    assert "aldric.skills.melee (now 50)" in out  # the field's value named with it


def test_a_search_that_crosses_still_names_the_one_crossing(capsys):
    code, out, err = run(capsys, "tune", "odds", "crossroads", "aldric", "goblin-1", *FROM,
                         "--field", "aldric.skills.melee", "--to", "35%")
    assert code == 0, err
    assert "found: aldric.skills.melee = " in out
    assert "so this is the one crossing" in out and "none of them" not in out


def test_a_template_number_in_a_situation_is_refused_with_the_units_own_field(capsys):
    said = ("goblin.hp_max is a template's number, which its units (goblin-1, goblin-2) "
            "were made from; a situation's odds read each unit's own: vary goblin-1.hp")
    # Named by a unit placed from it (tune maps its hp_max to the template) or by itself.
    for argv in (["tune", "odds", "crossroads", "aldric", "goblin-1", *FROM,
                  "--field", "goblin-1.hp_max=1..20", "--to", "50%"],
                 ["odds", "crossroads", "aldric", "goblin-1", *FROM,
                  "--vary", "goblin.hp_max=3..5"]):
        code, out, err = run(capsys, *argv)
        assert code == 2 and said in err and "no unit called" not in err, argv
        assert out == "" and "Traceback" not in err
    # The field it points to is the one that answers.
    code, out, err = run(capsys, "odds", "crossroads", "aldric", "goblin-1", *FROM,
                         "--vary", "goblin-1.hp=3..5")
    assert code == 0 and "goblin-1.hp (now 8)" in out, err


def test_a_mistyped_unit_in_a_sweep_exits_2_before_any_row(capsys):
    code, out, err = run(capsys, "odds", "crossroads", "aldric", "goblin-1", *FROM,
                         "--vary", "goblinn.hp=3..5")
    assert code == 2 and out == ""
    assert "there is no unit called 'goblinn' (did you mean 'goblin-1', Goblin Snik?)" in err


def test_a_template_field_no_unit_has_is_said_so_not_sent_to_the_unit(capsys):
    code, out, err = run(capsys, "odds", "crossroads", "aldric", "goblin-1", *FROM,
                         "--vary", "goblin.frob=3..5")
    assert code == 2 and out == ""
    assert "Goblin Snik has no field 'frob'; fields: hp, ap, xp" in err
    assert "template's number" not in err
