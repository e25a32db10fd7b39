"""`demo` on scripts too long to show: refused before the app starts, with the count and the
bound; a script at the bound plays to its end and back."""

from __future__ import annotations

import pytest

from game.cli import main
from game.commands.common import new_game
from game.content.loader import DEFAULT_CONTENT
from game.rules.history import replay
from game.scripts import MAX_DEMO_STEPS, Demo, parse_script
from game.ui.screens.demo import DemoApp

ROUND = ["move gautier 3,4", "# a comment between", "force 30,90,5", "attack gautier ysolde",
         "move gautier 2,4", "end", "move ysolde 12,5", "end"]


def script_of(commands: int) -> str:
    lines, n = [], 0
    while n < commands:
        for line in ROUND:
            if n == commands:
                break
            lines.append(line)
            n += not line.startswith("#")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("commands", [MAX_DEMO_STEPS + 1, 5 * MAX_DEMO_STEPS, 200_000])
def test_a_script_too_long_for_a_demo_is_refused_before_the_app_starts(
        capsys, monkeypatch, tmp_path, commands):
    script = tmp_path / "long.txt"
    script.write_text(script_of(commands) if commands < 100_000 else "end\n" * commands)
    monkeypatch.setattr("game.ui.screens.demo.run_demo", lambda app: pytest.fail("app started"))
    assert main(["demo", "duel", str(script)]) == 2
    err = capsys.readouterr().err
    assert err == (f"escarmouche: {script}: {commands} commands; a demo shows at most "
                   f"{MAX_DEMO_STEPS} (split the script, or play it with `script`)\n")
    assert main(["script", "duel", str(script)]) == 0  # `script` plays it
    capsys.readouterr()


def test_comments_do_not_count_toward_the_bound(monkeypatch, tmp_path):
    script = tmp_path / "commented.txt"
    script.write_text("# say it\n" * 5000 + script_of(MAX_DEMO_STEPS))
    started = []
    monkeypatch.setattr("game.ui.screens.demo.run_demo", lambda app: started.append(app) or 0)
    assert main(["demo", "duel", str(script)]) == 0
    # The bound counts commands; the demo shows each force with its command.
    assert len(started[0].demo) == MAX_DEMO_STEPS - script_of(MAX_DEMO_STEPS).count("force ")


async def test_a_script_at_the_bound_goes_to_its_end_and_back():
    steps = parse_script(script_of(MAX_DEMO_STEPS)).steps
    demo = Demo(new_game(DEFAULT_CONTENT, "duel", 0, designer=True), steps)
    app = DemoApp(demo, "long.txt")
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("g")
        assert demo.step == len(demo) or demo.game.over
        end = demo.step
        await pilot.press("left")
        assert demo.step == end - 1
        straight = replay(demo.game.content, demo.game.scenario, 0,
                          [c for s in demo.steps[:end - 1] for c in s.commands], "duel", True,
                          demo.game.dice)
        assert demo.game.state_summary() == straight.state_summary()
        await pilot.press("home")
        assert demo.step == 0 and not demo.game.log
