"""Roll cards in the app: `w` opens the latest roll's card, a click on a journal line of a
roll (or its damage) opens that roll's, ←/→ step through the rolls, Esc closes."""

from game.journal.cards import card_for, roll_indices
from game.ui.app import EscarmoucheApp
from game.ui.screens.roll_card import RollCardScreen
from game.ui.widgets.journal_log import JournalLog
from game.ui.widgets.roll_card import RollCard
from game.rules import events as ev
from tests.helpers import APP_SIZE as SIZE, app_duel as duel, status


def card_text(app) -> str:
    """What the card on screen shows, as plain text."""
    import io

    from rich.console import Console

    card = app.screen.query_one(RollCard)
    console = Console(width=card.size.width or 120, record=True, file=io.StringIO())
    console.print(card.render())
    return console.export_text()


async def test_w_says_there_is_no_roll_then_opens_the_latest_actions_card_with_its_terms():
    app = EscarmoucheApp(duel(forced=[10, 99, 95]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w")  # no roll yet: said, no card
        assert not isinstance(app.screen, RollCardScreen)
        assert "No roll yet" in status(app)
        await pilot.press("right", "a")   # Aldric hits Dagny (10), who fails to dodge (99)
        await pilot.press("a")            # and misses (95)
        await pilot.press("w")
        assert isinstance(app.screen, RollCardScreen)
        assert "attack roll: Aldric" in card_text(app) and "95 (forced) > 65 miss" in \
            card_text(app)
        await pilot.press("left")          # the first attack: the dodge is on its card
        text = card_text(app)
        assert "attack roll: Aldric" in text and "dodge roll: Dagny" in text
        for line in ("dodge", "+25", "R5.2 dodge chance", "characters.yaml: dagny.skills.dodge",
                     "R3.3 floor and cap", "rules.yaml: page.caps.dodge",
                     "99 (forced) > 29 not dodged", "forced (a designer's force)",
                     "R6.2 action dice", "weapons.yaml: sword.dice"):
            assert line in text, line
        assert text.index("dodge roll: Dagny") < text.index("R6.2 action dice")
        for line in ("melee", "+50", "R4.9 melee chance", "characters.yaml: aldric.skills.melee",
                     "mastery sword", "characters.yaml: aldric.masteries.sword",
                     "rules.yaml: page.caps.melee", "perfect below", "R4.11 perfect attack",
                     "rules.yaml: page.perfect_attack_below", "10 (forced) ≤ 65 hit",
                     "R8.1 the XP table",
                     "rules.yaml: xp.hit"):
            assert line in text, line
        await pilot.press("left")          # no roll before the first: it stays
        assert "10 (forced) ≤ 65 hit" in card_text(app)
        await pilot.press("right")
        assert "95 (forced) > 65 miss" in card_text(app)
        await pilot.press("escape")
        assert not isinstance(app.screen, RollCardScreen)


async def test_a_click_on_a_journal_line_of_a_roll_or_its_damage_opens_that_rolls_card():
    app = EscarmoucheApp(duel(forced=[10, 99]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "a")
        log = app.play.query_one(JournalLog)
        journal = app.game.journal
        attack = next(e for e in journal if isinstance(e, ev.Roll) and e.check == "attack")
        damage = next(e for e in journal if isinstance(e, ev.Damage))
        lines = {id(e): y for y, e in reversed(list(enumerate(log._line_events))) if e}
        dodge = next(e for e in journal if isinstance(e, ev.Roll) and e.check == "dodge")
        # A dodge's line and the damage's open the card of the attack they belong to.
        for event in (attack, dodge, damage):
            title = "attack roll: Aldric"
            y = lines[id(event)] - log.scroll_offset.y
            await pilot.click(JournalLog, offset=(3, y + 1))   # +1: the log's border
            assert isinstance(app.screen, RollCardScreen), title
            assert title in card_text(app)
            await pilot.press("escape")
        # The attack's own line comes before any roll: no card.
        declared = next(y for y, e in enumerate(log._line_events)
                        if isinstance(e, ev.AttackDeclared))
        assert declared >= log.scroll_offset.y
        await pilot.click(JournalLog, offset=(3, declared - log.scroll_offset.y + 1))
        assert not isinstance(app.screen, RollCardScreen)


def test_a_card_names_the_clamp_when_the_terms_pass_the_cap():
    game = duel(forced=[50], designer=True)
    game.apply("set aldric.skills.melee 99")
    game.apply("attack aldric dagny")
    [index] = roll_indices(game.journal)[:1]
    text = card_for(game.journal, index).text()
    assert "chance  114 → 95 (cap)  R4.9 melee chance" in text
    assert "melee  +99  R4.9 melee chance  characters.yaml: aldric.skills.melee, set by the " \
           "designer" in text
