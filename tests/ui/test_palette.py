"""The command palette and the wait key: the palette lists the play screen's keys and the
notation's verbs as they are declared, and plays what is chosen."""

from textual.command import CommandPalette
from textual.widgets import Input

from game.i18n import _
from game.rules.notation import verbs
from game.ui.app import EscarmoucheApp
from game.ui.keys import bindings_of
from game.ui.palette import play_commands
from game.ui.screens.dialogs import ConfirmEndTurn, HandoverScreen
from game.ui.screens.play import PlayScreen
from tests.helpers import APP_SIZE as SIZE, app_duel as duel, journal_text, searched, status, type_text


async def pick(pilot, app, query: str) -> None:
    await pilot.press("ctrl+p")
    await type_text(pilot, query)
    await searched(pilot)
    assert CommandPalette.is_open(app)
    await pilot.press("enter")
    await pilot.pause()


async def test_the_palette_and_help_list_every_key_and_verb_the_palette_and_the_wait_key_play():
    # One hot-seat duel through what were six tests with the same start: the palette's list
    # and the help's, the palette's verb without a key and its wait, the wait key, and
    # nothing of the palette behind the hand-over.
    app = EscarmoucheApp(duel())
    async with app.run_test(size=SIZE) as pilot:
        titles = [c.title for c in play_commands(app.play)]
        keys = [b.description for b in bindings_of(PlayScreen)
                if b.description and b.action not in ("quit_game",)]
        assert [t for t in titles if t in keys][:4] == ["Select/Move", "Next", "Prev", "Attack"]
        assert set(keys) <= set(titles)
        # Every verb of hot-seat play, once (on its key when it has one: End turn, Wait).
        play = [v for v in verbs() if not v.designer_only]
        assert {v.title for v in play} <= set(titles)
        assert len(titles) == len(set(titles))
        assert not {v.title for v in verbs() if v.designer_only} & set(titles)
        [wait] = [c for c in play_commands(app.play) if c.title == "Wait"]
        assert wait.help == "The unit is done for this turn: its AP left go unused (.)"
        [use] = [c for c in play_commands(app.play) if c.title == "Use an item"]
        assert use.help == "An item on its user, or on a unit in its range · use ID ITEM [TARGET]"
        # What the palette opens on is what it shows.
        await pilot.press("ctrl+p")
        await searched(pilot)
        assert [c.title for c in app.palette_commands] == titles
        await pilot.press("escape")
        # A player's help lists the verbs it can play and says where the others are.
        lines = [line.strip() for line in (await help_shown(app, pilot)).splitlines()]
        for declared in verbs():
            listed = [t for t in lines if t.startswith(declared.usage + "  ")]
            assert len(listed) == (0 if declared.designer_only else 1), declared.usage
        assert "Designer mode only (play --designer):" not in lines
        assert "The designer's commands (set, place, give, spawn…): play --designer" in lines
        await pilot.press("escape")
        # The palette's verb without a key opens the command line with its words.
        await pick(pilot, app, "use an item")
        box = app.play.query_one("#command", Input)
        assert box.has_focus and box.value == "use aldric "
        await pilot.press("escape")
        assert app.game.log == []
        # The palette's wait plays it on the selected character.
        await pick(pilot, app, "wait")
        assert app.game.log == ["wait aldric"] and app.game.units["aldric"].ap == 0
        assert "Aldric waits: done for this turn (10 AP unused)" in journal_text(app)
        assert app.play.selected == "corvin"  # the next one with AP left
        # The wait key ends a character's turn, and the end is not asked for it.
        await pilot.press("full_stop")
        assert app.game.units["corvin"].ap == 0 and app.play.selected == "aldric"
        await pilot.press("full_stop")  # Aldric again: already done, said and refused
        assert status(app) == "✗ Aldric has no AP left: it is already done for this turn"
        assert app.game.log == ["wait aldric", "wait corvin"]
        await pilot.press("e")  # nobody has AP left: no question
        assert not isinstance(app.screen, ConfirmEndTurn)
        assert isinstance(app.screen, HandoverScreen) and app.game.current == 2
        # Nothing of the palette plays behind the hand-over.
        await pilot.press("ctrl+p")
        await searched(pilot)
        assert app.palette_commands == []
        await pilot.press("escape")
        await pilot.press("full_stop")
        assert app.game.log == ["wait aldric", "wait corvin", "end"]
        assert isinstance(app.screen, HandoverScreen)


async def test_the_palette_is_worded_in_french():
    app = EscarmoucheApp(duel(), lang="fr")
    try:
        async with app.run_test(size=SIZE):
            titles = {c.title for c in play_commands(app.play)}
            assert {"Attendre", "Fin du tour", "Utiliser un objet", "Se déplacer"} <= titles
    finally:
        from game.i18n import set_language

        set_language("en")
    assert _("Wait") == "Wait"


async def help_shown(app, pilot) -> str:
    """The help screen's text, opened with `?`."""
    from game.ui.screens.dialogs import HelpScreen

    await pilot.press("question_mark")
    assert isinstance(app.screen, HelpScreen)
    return "\n".join(str(w.render()) for w in app.screen.query("Static"))


async def test_a_designers_palette_and_help_list_every_verb_with_its_summary_the_designers_last():
    app = EscarmoucheApp(duel(designer=True))
    async with app.run_test(size=SIZE) as pilot:
        titles = {c.title for c in play_commands(app.play)}
        assert {v.title for v in verbs()} <= titles  # a designer's palette: every verb
        shown = await help_shown(app, pilot)
        lines = [line.strip() for line in shown.splitlines()]
        for declared in verbs():
            [line] = [t for t in lines if t.startswith(declared.usage + "  ")]
            assert line.endswith(declared.summary), line
        assert "  .                  The unit is done for this turn: its AP left go unused" \
            in shown
        at = lines.index("Designer mode only (play --designer):")
        assert all(lines.index(next(t for t in lines if t.startswith(v.usage + "  "))) > at
                   for v in verbs() if v.designer_only)
