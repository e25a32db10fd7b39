"""`odds` given a name that names nothing: a mistyped argument (exit 2) with the name meant;
an option the rules refuse stays exit 1."""

from __future__ import annotations

import pytest

from game.cli import main


@pytest.mark.parametrize("args,said", [
    (["aldric", "snik"], "there is no unit, object or door called 'snik' (did you mean "
                         "'goblin-1', Goblin Snik?)"),
    (["aldrc", "goblin-1"], "there is no unit called 'aldrc' (did you mean 'aldric', "
                            "Aldric?)"),
    (["corvin", "goblin-1", "--spell", "icestorm"],
     "there is no spell called 'icestorm' (did you mean 'ice-storm'?)"),
    (["aldric", "gobbo", "--vary", "aldric.skills.melee=60..62"],
     "there is no unit, object or door called 'gobbo' (units: aldric, brenna, corvin, "
     "dagny, elise, fenwick, goblin-1, goblin-2, …)"),
])
def test_a_mistyped_name_is_bad_input_naming_the_one_meant(capsys, args, said):
    assert main(["odds", "crossroads", *args]) == 2
    assert capsys.readouterr().err.strip() == f"escarmouche: {said}"


def test_an_option_the_rules_refuse_still_exits_1(capsys):
    assert main(["odds", "crossroads", "aldric", "dagny"]) == 1
    assert capsys.readouterr().err.strip() == (
        "impossible: Dagny is 17 squares away; a blow with the sword needs an adjacent "
        "target")
