"""The demo: a command script played step by step in front of a room, read-only.

`python -m game demo SCENARIO SCRIPT`: → or space plays the next command, ← goes back one
(the game rebuilt from its start: `game.scripts.Demo`), `g` plays to the end, Home goes
back to the start, `a` starts or stops autoplay (`--autoplay SECONDS`). A caption bar
shows the step's script comments large, the step number and the command; the map, the
acting character's panel and the journal are the play screen's widgets, with no playing
key; each roll the step made is shown beside the map. `c` opens the step's roll card (as
a click on a journal line of a roll does), `j` the whole journal.

`TableScreen` is what the demo and a shared table's viewer (`screens/follow.py`) share:
everything but the keys that step. With `--table FILE`, the demo is a shared table's
presenter: every step is written to FILE for the viewers (`game.table`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from game.i18n import N_, _, content_text, format_number
from game.journal.cards import Card, card_for, card_rolls
from game.journal.text import describe, namer
from game.rules import events as ev
from game.rules.engine import Game
from game.scripts import Demo, autoplay_pause
from game.files import DEFAULT_SAVES
from game.ui.keys import WordedApp
from game.ui.screenshots import SCREENSHOT_BINDING, Screenshots
from game.ui.widgets.bars import KeyBar, TitleBar
from game.ui.widgets.journal_log import JournalLog, event_lines
from game.ui.widgets.map_view import CELL, MapView, Overlay
from game.ui.widgets.panels import UnitPanel
from game.ui.widgets.roll_card import RollCard


class DemoBoard(MapView, inherit_bindings=False):
    """The map without a key of its own: the demo's keys step through the script."""

    BINDINGS = []
    can_focus = False


class RollsPanel(VerticalScroll):
    """The cards of the rolls the step made, one under the other (scrolling when they do
    not fit): an attack's with the damage and XP it gave, then the dodge's…"""

    DEFAULT_CSS = """
    RollsPanel { width: 1fr; height: 1fr; border: round $warning; padding: 0 1; }
    RollsPanel .card { margin-bottom: 1; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = _("Rolls")
        self.cards: list[Card] = []

    async def show(self, game: Game, events: list) -> None:
        """The cards of `events`, the journal's last events (those of the step)."""
        journal = game.journal
        start = len(journal) - len(events)
        name = namer(game)
        # One card an action: a dodge or a counter is a section of its attack's or spell's.
        self.cards = [card_for(journal, index, name) for index in card_rolls(journal, start)]
        await self.redraw()

    async def redraw(self) -> None:
        """Draw the cards (each lays itself out for the panel's width)."""
        await self.remove_children()
        if self.cards:
            await self.mount_all(RollCard(card, classes="card") for card in self.cards)
        else:
            await self.mount(Static(Text(_("No roll in this step."), style="dim")))
        self.scroll_home(animate=False)


#: The keys that only look: a shared table's viewer has these and no other.
LOOK_BINDINGS = [
    Binding("c", "roll_card", N_("Roll card"), priority=True,
            tooltip=N_("The step's roll card, every term traced to its rule (←/→: the others)")),
    Binding("j", "journal", N_("Journal"), priority=True),
    Binding("down", "scroll_rolls(1)", N_("Scroll the rolls"), show=False, priority=True),
    Binding("up", "scroll_rolls(-1)", N_("Scroll the rolls"), show=False, priority=True),
    Binding("q", "app.quit", N_("Quit"), priority=True),
]


#: Below this height (and from 30 rows, the short layout's) the map goes before the
#: character panel: see `TableScreen.fit`.
CRAMPED = 36


class TableScreen(Screen[None]):
    """A demo's step on show, with the keys that only look (the journal, the roll cards,
    scrolling): the demo's screen and a shared table viewer's."""

    BINDINGS = LOOK_BINDINGS

    def __init__(self, demo: Demo, script: str = "") -> None:
        super().__init__()
        self.demo = demo
        self.script = script
        self._shown = 0  # journal events already written

    @property
    def game(self) -> Game:
        return self.demo.game

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with VerticalScroll(id="caption-bar"):
            yield Static(id="demo-head")
            yield Static(id="demo-caption")
            yield Static(id="demo-note")
            yield Static(id="demo-forced")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield DemoBoard(self.game, id="map")
                yield UnitPanel(id="unit")
            yield RollsPanel(id="rolls")
        yield JournalLog(id="journal")
        yield KeyBar()

    async def on_mount(self) -> None:
        self.title = self.heading()
        self.query_one(JournalLog).can_focus = False
        self.fit()
        await self.show(rebuild=True)

    def heading(self) -> str:
        """The title bar's text."""
        return _("Demo · {scenario} · {script}").format(
            scenario=content_text(self.game.scenario.name), script=self.script)

    def fit(self) -> None:
        """The map and the character under it as narrow as they can be, so that the roll
        cards beside them get the width their terms, rules and sources need."""
        left = self.query("#left")
        if not left:  # a resize while the screen is torn down (or not yet composed)
            return
        board = self.query_one(DemoBoard)
        columns, lines = board.extent((CELL, 1))  # the squares and their rulers
        columns += 2  # and its border
        # The character panel needs about 46 columns; a small terminal hides it.
        width = columns if self.size.width < 110 else max(columns, 46)
        left.first().styles.width = min(width, max(1, self.size.width // 2))
        # On a short terminal the map has the column to itself (and scrolls if it must);
        # otherwise it takes the rows it needs, leaving the character panel a quarter.
        short = self.size.height < 30
        board.styles.height = "1fr" if short else lines + 2
        board.styles.max_height = None if short else "75%"
        # Up to CRAMPED rows the caption, the map and the journal take them all: the
        # caption and the journal give up a few lines (they scroll) and the character panel
        # its place, so that the whole map shows (a 100x30 terminal saw 4 of its 10 rows).
        cramped = not short and self.size.height < CRAMPED
        self.query_one("#caption-bar").styles.max_height = 7 if cramped else None
        self.query_one(JournalLog).styles.height = 7 if cramped else None
        self.query_one(UnitPanel).display = not cramped
        if cramped:
            board.styles.height = "1fr"
            board.styles.max_height = None

    def on_resize(self, event) -> None:
        self.fit()

    # --- keys that look ----------------------------------------------------------

    def action_scroll_rolls(self, direction: int) -> None:
        """The roll cards scroll with ↑/↓ when the step's do not fit."""
        rolls = self.query_one(RollsPanel)
        rolls.scroll_relative(y=direction * 3, animate=False)

    def action_roll_card(self, index: int | None = None) -> None:
        """The card of a roll of the journal (the step's first, else the last made), with
        ←/→ through every roll."""
        from game.journal.cards import card_rolls
        from game.ui.screens.roll_card import RollCardScreen

        journal = list(self.game.journal)
        if index is None:
            rolls = card_rolls(journal)
            if not rolls:
                self.app.bell()
                return
            step = card_rolls(journal, len(journal) - len(self.demo.events))
            index = step[0] if step else rolls[-1]
        self.app.push_screen(RollCardScreen(journal, index, namer(self.game)))

    def on_journal_log_event_clicked(self, message: JournalLog.EventClicked) -> None:
        from game.journal.cards import roll_of_event

        roll = roll_of_event(self.game.journal, message.event)
        if roll is not None:
            self.action_roll_card(roll)

    def action_journal(self) -> None:
        from game.ui.screens.dialogs import JournalScreen

        self.app.push_screen(JournalScreen(event_lines(self.game, self.game.journal)))

    # --- drawing --------------------------------------------------------------------

    async def show(self, rebuild: bool) -> None:
        """Draw the demo's current step: captions, map, panels, rolls, journal."""
        demo, game = self.demo, self.game
        self.show_captions()
        player = game.player(game.current)
        self.sub_title = _("Round {round} · {name}'s turn").format(round=game.round,
                                                                  name=content_text(player.name))
        board = self.query_one(DemoBoard)
        journal = self.query_one(JournalLog)
        if rebuild:
            journal.clear()
            journal.write_briefing(game)
            self._shown = 0
        if rebuild or board.game is not game:  # a viewer's every step is a game rebuilt
            board.set_game(game)
        else:
            board.update_board()
        journal.write_events(game, game.journal[self._shown:])
        self._shown = len(game.journal)
        actor = demo.actor()
        if actor is not None:
            board.select(actor)
            board.move_cursor(game.units[actor].pos, announce=False)
        else:
            board.select(None)
        board.set_overlay(self.overlay())
        panel = self.query_one(UnitPanel)
        if actor is None:
            panel.set_lines([Text(_("No character has acted yet."), style="dim")])
        else:
            panel.show(game, game.units[actor])
        await self.query_one(RollsPanel).show(game, demo.events)

    def overlay(self) -> Overlay:
        """The step on the map: the path walked, the target aimed at."""
        path: frozenset = frozenset()
        targets: frozenset = frozenset()
        for event in self.demo.events:
            if isinstance(event, ev.Moved):
                path = path | frozenset(event.path)
        target = self.demo.target()
        if target is not None:
            targets = frozenset({target})
        return Overlay(targets=targets, path=path)

    def show_captions(self) -> None:
        self.show_head()
        self.show_notes()

    def show_head(self) -> None:
        """The step, its command and what the script says about it."""
        demo = self.demo
        step = demo.current
        head = self.query_one("#demo-head", Static)
        caption = self.query_one("#demo-caption", Static)
        if step is None:
            head.update(Content(self.start_hint().format(total=len(demo))))
            caption.update(Content(demo.caption or content_text(self.game.scenario.name)))
        else:
            command = step.command
            if step.forces:  # folded into the command they are for
                command = _("{command} · ⚑ {forces}").format(
                    command=command, forces=" · ".join(f.command for f in step.forces))
            head.update(Content(_("Step {step}/{total} · line {line} · {command}").format(
                step=demo.step, total=len(demo), line=step.line, command=command)))
            caption.update(Content(demo.caption or _("(no comment in the script)")))

    def start_hint(self) -> str:
        """The head at the start, with `{total}` for the steps."""
        return _("Start · {total} steps · → or space plays the first, g plays them all")

    def show_notes(self) -> None:
        """What happened beyond the script's words: a refusal, the game's end, the forced
        results waiting (and at the end those never used)."""
        demo = self.demo
        note = self.query_one("#demo-note", Static)
        text, kind = "", ""
        name = namer(self.game)
        if demo.refusal is not None:
            text, kind = describe(demo.refusal, name), "refused"
        elif demo.game_over is not None:
            text, kind = describe(demo.game_over, name), "over"
        elif self.game.over and demo.at_end:
            text, kind = _("The game is over."), "over"
        note.update(Content(text))
        note.set_class(bool(text), "shown")
        note.set_class(kind == "refused", "refused")
        note.set_class(kind == "over", "over")
        # The forced d100s waiting, and at the end those the script never used.
        forced = self.query_one("#demo-forced", Static)
        left, pending = demo.unused_forced(), self.game.roller.forced
        if left:
            text = _("⚑ forced d100 results never used: {rolls}").format(
                rolls=", ".join(map(str, left)))
        elif pending:
            text = _("⚑ next d100 forced: {rolls}").format(rolls=", ".join(map(str, pending)))
        else:
            text = ""
        forced.update(Content(text))
        forced.set_class(bool(text), "shown")
        forced.set_class(bool(left), "unused")


class DemoScreen(TableScreen, inherit_bindings=False):
    """Steps through a `Demo`; nothing here plays but the script. `autoplay`: seconds a
    step is shown before the next is played (`autoplay_pause`), None to wait for a key;
    `publish`, called with the demo after each step is shown: a shared table's writer."""

    BINDINGS = [
        # Priority: the keys step the demo whatever has the focus (the journal scrolls
        # with the mouse).
        Binding("right,space", "step(1)", N_("Next"), priority=True),
        Binding("left", "step(-1)", N_("Back"), priority=True),
        Binding("g", "to_end", N_("To the end"), priority=True),
        Binding("end", "to_end", N_("To the end"), show=False, priority=True),
        Binding("home", "to_start", N_("Start"), priority=True),
        Binding("a", "autoplay", N_("Autoplay"), priority=True,
                tooltip=N_("Start or stop playing the steps on their own")),
        *LOOK_BINDINGS,
    ]
    #: Autoplay's pause when none was given on the command line (`a` starts it).
    AUTOPLAY_SECONDS = 4.0

    def __init__(self, demo: Demo, script: str = "", autoplay: float | None = None,
                 publish: Callable[[Demo], None] | None = None) -> None:
        super().__init__(demo, script)
        self.autoplay_seconds = autoplay or self.AUTOPLAY_SECONDS
        self.autoplaying = autoplay is not None
        self.publish = publish
        self._next = None  # autoplay's timer for the next step

    async def action_step(self, delta: int) -> None:
        await self.goto(self.demo.step + delta)

    async def action_to_end(self) -> None:
        await self.goto(len(self.demo))

    async def action_to_start(self) -> None:
        await self.goto(0)

    async def goto(self, step: int) -> None:
        demo = self.demo
        if not 0 <= step <= len(demo) or step == demo.step:
            self.app.bell()  # already at the start or the end
            return
        forward = step > demo.step
        demo.goto(step)
        await self.show(rebuild=not forward)

    async def show(self, rebuild: bool) -> None:
        await super().show(rebuild)
        if self.publish is not None:
            self.publish(self.demo)
        self.plan_next()

    # --- autoplay -------------------------------------------------------------------

    def action_autoplay(self) -> None:
        """Start autoplay (from the next step; from the start when at the end), or stop it."""
        self.autoplaying = not self.autoplaying
        if self.autoplaying and self.demo.at_end:
            self.run_worker(self.goto(0))
            return
        self.plan_next()
        self.show_head()

    def plan_next(self) -> None:
        """Autoplay's next step, after the pause this step asks for (a step shown by a key
        gets its whole pause too); autoplay stops at the end."""
        if self._next is not None:
            self._next.stop()
            self._next = None
        if self.autoplaying and self.demo.at_end:
            self.autoplaying = False
            self.show_head()
        if self.autoplaying:
            pause = autoplay_pause(self.autoplay_seconds, len(self.query_one(RollsPanel).cards))
            self._next = self.set_timer(pause, self._autoplay_step)

    async def _autoplay_step(self) -> None:
        self._next = None
        if self.autoplaying and not self.demo.at_end:
            await self.goto(self.demo.step + 1)

    def show_head(self) -> None:
        super().show_head()
        if self.autoplaying:
            head = self.query_one("#demo-head", Static)
            head.update(Content(_("{head} · ▶ autoplay, {seconds} s a step (a stops)").format(
                head=str(head.render()), seconds=format_number(self.autoplay_seconds))))


class DemoApp(WordedApp, Screenshots, App[None]):
    """The app of `python -m game demo`: one demo screen, no game to save; screenshots go
    to the saves folder as the game's do."""

    CSS_PATH = [Path(__file__).resolve().parent.parent / name
                for name in ("app.tcss", "table.tcss")]
    TITLE = "Escarmouche"
    BINDINGS = [SCREENSHOT_BINDING]
    # The play app's size classes, so that the shared CSS lays the widgets out alike.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide"), (180, "-very-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall"), (50, "-very-tall")]

    def __init__(self, demo: Demo, script: str = "", saves_dir: Path | None = None,
                 autoplay: float | None = None,
                 publish: Callable[[Demo], None] | None = None) -> None:
        """`saves_dir`: where screenshots go (default: saves/); `autoplay`, `publish`: the
        demo screen's (`DemoScreen`)."""
        super().__init__()
        self.demo = demo
        self.script = script
        self.saves_dir = Path(saves_dir) if saves_dir is not None else DEFAULT_SAVES
        self.autoplay = autoplay
        self.publish = publish

    def get_default_screen(self) -> Screen:
        return DemoScreen(self.demo, self.script, self.autoplay, self.publish)

    def get_system_commands(self, screen: Screen):
        yield from self.worded(self.screenshot_commands(super().get_system_commands(screen)))

    # --- screenshots (F12, Ctrl+T, the palette) ---------------------------------------

    def screenshot_folder(self) -> Path:
        return self.saves_dir

    def screenshot_base(self) -> str:
        return f"shot-{self.demo.game.scenario_id or 'demo'}-step{self.demo.step}"

    def say_screenshot(self, text: str, refused: bool = False) -> None:
        self.notify(text, severity="error" if refused else "information")


def run_demo(app: DemoApp, **run_options) -> int:
    """Run the demo to its end; the process's exit code."""
    app.run(**run_options)
    return app.return_code or 0
