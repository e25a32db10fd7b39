"""One key press asks the engine each option's check once: the panel, the overlay and the
spell list all read the same `legal.choices`, kept until the game changes."""

from collections import Counter
from contextlib import contextmanager

from game.rules import legal
from game.rules.actions import Attack
from game.rules.magic import Cast
from game.ui.app import EscarmoucheApp
from game.ui.widgets.journal_log import JournalLog
from game.ui.widgets.panels import TargetPanel
from tests.helpers import APP_SIZE, app_duel


def count_checks(monkeypatch) -> Counter:
    """Checks of the present state, counted per action. The "from here" preview of a
    hovered square asks its own, with the unit supposed there (`legal.supposing_at`): those
    are counted apart, under `("from", square)`."""
    counts: Counter = Counter()
    supposed: list = []
    original_suppose = legal.supposing_at

    @contextmanager
    def supposing(game, unit, square):
        with original_suppose(game, unit, square) as plan:
            supposed.append(square)
            try:
                yield plan
            finally:
                supposed.pop()

    monkeypatch.setattr(legal, "supposing_at", supposing)
    for cls in (Attack, Cast):
        original = cls.check

        def counting(self, game, player, original=original):
            counts[("from", supposed[-1]) if supposed else self] += 1
            return original(self, game, player)

        monkeypatch.setattr(cls, "check", counting)
    return counts


async def test_a_key_press_checks_each_option_once_and_a_cursor_move_none(monkeypatch):
    counts = count_checks(monkeypatch)
    app = EscarmoucheApp(app_duel())
    async with app.run_test(size=APP_SIZE) as pilot:
        await pilot.press("left", "left")  # aldric at 2,2: a free square two to the west
        counts.clear()
        await pilot.press("enter")  # walk there: the game changes, every option is asked anew
        assert app.game.units["aldric"].pos == (0, 2)
        choices = app.play.choices_for("aldric")
        asked = [o.action for options in choices.against.values() for o in options]
        present = Counter({k: n for k, n in counts.items() if not isinstance(k, tuple)})
        assert present and set(present) == set(asked)
        assert set(present.values()) == {1}
        before = sum(present.values())
        await pilot.press("right", "right", "right", "c", "escape", "left")
        # Cursor moves and the spell list reuse them; only the previews of the hovered
        # floor squares and of its own square ask, with Aldric supposed on them, once a
        # square.
        present = Counter({k: n for k, n in counts.items() if not isinstance(k, tuple)})
        assert sum(present.values()) == before
        previews = {k for k in counts if isinstance(k, tuple)}
        assert previews
        assert previews <= {("from", (x, 2)) for x in range(0, 4)}
        await pilot.press("right", "left")  # back on squares already previewed: none asked
        assert {k: n for k, n in counts.items() if isinstance(k, tuple)} == \
            {k: counts[k] for k in previews}
        assert app.play.here == choices.at(app.play.cursor)


def flat(text: str) -> str:
    """Text as read, whatever the wrapping of the widget."""
    return " ".join(text.split())


def shown(panel) -> str:
    return flat(panel.body.content.plain)


async def test_the_panel_words_a_chance_as_the_journal_words_its_roll():
    app = EscarmoucheApp(app_duel(forced=[10, 99]))
    async with app.run_test(size=APP_SIZE) as pilot:
        await pilot.press("right")  # onto Dagny, next to Aldric
        terms = "melee 50 + mastery sword 10 + sb(STR 15) 5"
        assert f"sword (4 AP) 65% [{terms}]" in shown(app.play.query_one(TargetPanel))
        await pilot.press("1")
        journal = flat(" ".join(strip.text for strip in app.play.query_one(JournalLog).lines))
        assert f"hit [{terms} = 65]" in journal
