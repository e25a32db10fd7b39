"""The lab's parameters are bounded: an absurd count, round limit, number of workers or
sweep is refused at once with the bound, never run for ever or out of memory."""

from __future__ import annotations

import os

import pytest

from game.cli import main


@pytest.mark.parametrize("argv,message", [
    (["simulate", "duel", "aldric", "dagny", "--runs", "1000000000000"],
     "at most 1,000,000 in one command"),
    (["simulate", "crossroads", "--games", "5000000"], "at most 1,000,000"),
    (["compare", "crossroads", "--against", "content", "--games", "99999999"],
     "at most 1,000,000"),
    (["simulate", "crossroads", "--rounds", "1000000000"], "--rounds must be between 1 and 1000"),
    (["simulate", "duel", "aldric", "dagny", "--rounds", "0"], "--rounds must be between"),
    (["simulate", "duel", "aldric", "dagny", "--workers", str((os.cpu_count() or 1) + 998)],
     "local processes"),
    (["simulate", "crossroads", "--ai", "7:naive"], "there is no player 7"),
    (["simulate", "crossroads", "--ai", "2"], "--ai takes a player number and a profile"),
    (["simulate", "crossroads", "--ai", "2:reckless"], "no AI profile 'reckless'"),
    (["odds", "crossroads", "aldric", "goblin-1", "--vary",
      "aldric.skills.melee=0..10000000000000"], "at most 1000"),
])
def test_an_absurd_lab_parameter_is_refused_with_its_bound(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.fixture(scope="module")
def markup_content(tmp_path_factory):
    """The shipped content with names that read as Rich markup: `[/]` closes nothing."""
    import shutil

    from game.content.loader import DEFAULT_CONTENT

    target = tmp_path_factory.mktemp("markup") / "content"
    shutil.copytree(DEFAULT_CONTENT, target)
    duel = target / "scenarios" / "duel.yaml"
    text = duel.read_text(encoding="utf-8")
    for old, new in [("{name: Alice,", "{name: \"[/]Alice\","),
                     ("{name: Bruno,", "{name: \"[b]Bruno[/x]\","),
                     ('en: "The Duel at Dawn"', 'en: "The [/]Duel"')]:
        assert old in text
        text = text.replace(old, new)
    duel.write_text(text, encoding="utf-8")
    weapons = target / "weapons.yaml"
    text = weapons.read_text(encoding="utf-8")
    assert 'en: "dagger"' in text or "en: dagger" in text
    weapons.write_text(text.replace('en: "dagger"', 'en: "[/]dagger"')
                       .replace("en: dagger", 'en: "[/]dagger"'), encoding="utf-8")
    return target


@pytest.mark.parametrize("argv,shown", [
    (["simulate", "duel", "--games", "2"], ["[/]Alice", "[b]Bruno[/x]"]),
    (["balance", "duel", "--games", "2"], ["[/]Alice", "[b]Bruno[/x]"]),
    (["compare", "duel", "--against", "{content}", "--games", "2"], ["[/]Alice"]),
    (["tune", "duel", "--field", "gautier.skills.melee=40..42", "--to", "50%", "--games", "2"],
     ["[/]Alice wins"]),
    (["odds", "duel", "ysolde", "gautier", "--weapon", "dagger", "--vary", "ysolde.ap=1..2"],
     ["[/]dagger"]),
])
def test_names_that_read_as_markup_are_printed_as_written(capsys, markup_content, argv,
                                                          shown):
    """A content name is text in the lab's tables, as on the game's screens: `[/]` in a
    player's name neither ends the command with a traceback nor vanishes from the table."""
    argv = [a.replace("{content}", str(markup_content)) for a in argv]
    if argv[0] == "odds":  # the blow at arm's length: Ysolde placed beside Gautier
        scenario = markup_content / "scenarios" / "duel.yaml"
        text = scenario.read_text(encoding="utf-8")
        scenario.write_text(text.replace("at: [13, 5]", "at: [3, 4]"), encoding="utf-8")
    try:
        assert main([*argv, "--content", str(markup_content)]) == 0
    finally:
        if argv[0] == "odds":
            scenario.write_text(text, encoding="utf-8")
    out = capsys.readouterr().out
    for name in shown:
        assert name in out, (name, out)
