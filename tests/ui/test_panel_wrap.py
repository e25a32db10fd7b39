"""The short terminal's character card wraps its characteristics between them, never
between a name and its value (playtest of 2026-12-02: `INT` ended a line at 80×24, its
`10` began the next)."""

from __future__ import annotations

import re

from rich.console import Console

from game.commands.common import new_game
from game.content.loader import DEFAULT_CONTENT
from game.ui.widgets.panels import compact_card


def test_a_characteristic_keeps_its_value_on_its_line():
    game = new_game(DEFAULT_CONTENT, "crossroads", 0)
    corvin = game.units["corvin"]  # STR 8, DEX 12, SIZ 9, INT 17, DEF 10, LCK 11
    (values,) = [line for line in compact_card(game, corvin) if "STR" in line.plain]
    console = Console(width=80)
    for width in range(14, 44):  # the panel's inner widths, down to one pair a line
        lines = [line.plain for line in values.wrap(console, width)]
        assert len(lines) > 1 or width >= len(values.plain)
        for line in lines:
            assert re.fullmatch(r"(?:[A-Z]{3}[ \u00a0]\d+ *)+", line), (width, lines)
        pairs = re.findall(r"([A-Z]{3})[ \u00a0](\d+)", " ".join(lines))
        assert pairs == [("STR", "8"), ("DEX", "12"), ("SIZ", "9"), ("INT", "17"),
                         ("DEF", "10"), ("LCK", "11")]
