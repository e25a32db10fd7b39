"""The demo: a command script played step by step in front of a room, read-only.

`python -m game demo SCENARIO SCRIPT`: → or space plays the next command, ← goes back one
(the game rebuilt from its start: `game.scripts.Demo`), `g` plays to the end, Home goes
back to the start. A caption bar shows the step's script comments large, the step number
and the command; the map, the acting character's panel and the journal are the play
screen's widgets, with no playing key; each roll the step made is shown beside the map.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from game.i18n import N_, _
from game.journal.text import clamp_text, describe, namer, roll_text, term_label
from game.rules import events as ev
from game.rules.engine import Game
from game.scripts import Demo
from game.ui.widgets.bars import KeyBar, TitleBar
from game.ui.widgets.journal_log import JournalLog
from game.ui.widgets.map_view import MapView, Overlay
from game.ui.widgets.panels import Panel, UnitPanel


class DemoBoard(MapView, inherit_bindings=False):
    """The map without a key of its own: the demo's keys step through the script."""

    BINDINGS = []
    can_focus = False


def roll_lines(roll: ev.Roll, name) -> list[Text]:
    """A roll as a card: who rolls what, each term on its line, the sum and its clamp, the
    d100 (forced or not) against the chance, and the outcome."""
    lines = [Text(_("{unit}: {check} roll").format(unit=name(roll.unit), check=roll.check),
                  style="bold")]
    for term in roll.terms:
        # A row of a table: the signed value, then the term's own (translated) label.
        lines.append(Text.assemble((f"{term.value:>+4}", "bold"), "  ",
                                   term_label(term, name)))
    raw = sum(term.value for term in roll.terms)
    lines.append(Text(_("{clamp} (cap {cap})").format(
        clamp=clamp_text(raw, roll.chance, roll.cap), cap=roll.cap), style="dim"))
    colour = "green" if roll.success else "red"
    lines.append(Text(_("d100 {outcome}").format(outcome=roll_text(roll)),
                      style=f"bold {colour}"))
    return lines


class RollsPanel(Panel):
    """The rolls the step made, one card after the other (scrolls when they do not fit),
    each followed by the damage or healing it led to."""

    DEFAULT_CSS = """
    RollsPanel { height: 2fr; border: round $warning; padding: 0 1; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = _("Rolls")

    def show(self, game: Game, events: list) -> None:
        name = namer(game)
        lines: list[Text] = []
        rolls = 0
        for event in events:
            if isinstance(event, ev.Roll):
                if lines:
                    lines.append(Text(""))
                lines += roll_lines(event, name)
                rolls += 1
            elif isinstance(event, (ev.Damage, ev.Healed)) and rolls:
                lines.append(Text(describe(event, name).strip()))
        if not rolls:
            lines = [Text(_("No roll in this step."), style="dim")]
        self.set_lines(lines)
        self.scroll_home(animate=False)


class DemoScreen(Screen[None]):
    """Steps through a `Demo`; nothing here plays but the script."""

    BINDINGS = [
        # Priority: the keys step the demo whatever has the focus (the journal scrolls
        # with the mouse).
        Binding("right,space", "step(1)", N_("Next"), priority=True),
        Binding("left", "step(-1)", N_("Back"), priority=True),
        Binding("g", "to_end", N_("To the end"), priority=True),
        Binding("end", "to_end", N_("To the end"), show=False, priority=True),
        Binding("home", "to_start", N_("Start"), priority=True),
        Binding("q", "app.quit", N_("Quit"), priority=True),
    ]
    DEFAULT_CSS = """
    DemoScreen #caption-bar { height: auto; max-height: 12; border: tall $accent;
        background: $boost; padding: 0 1; }
    DemoScreen #demo-head { color: $text-muted; }
    DemoScreen #demo-caption { text-style: bold; color: $text; }
    DemoScreen #demo-note { display: none; text-style: bold; }
    DemoScreen #demo-note.shown { display: block; }
    DemoScreen #demo-note.refused { color: $error; }
    DemoScreen #demo-note.over { color: $warning; }
    DemoScreen #demo-note.forced { color: $warning; text-style: none; }
    DemoScreen.-short #caption-bar { max-height: 5; border: none; }
    DemoScreen.-short JournalLog { height: 5; }
    DemoScreen.-short #unit { display: none; }
    """

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
        with Horizontal(id="main"):
            yield DemoBoard(self.game, id="map")
            with Vertical(id="side"):
                yield RollsPanel(id="rolls")
                yield UnitPanel(id="unit")
        yield JournalLog(id="journal")
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = _("Demo · {scenario} · {script}").format(
            scenario=self.game.scenario.name, script=self.script)
        self.query_one(JournalLog).can_focus = False
        self.show(rebuild=True)

    # --- keys -----------------------------------------------------------------------

    def action_step(self, delta: int) -> None:
        self.goto(self.demo.step + delta)

    def action_to_end(self) -> None:
        self.goto(len(self.demo))

    def action_to_start(self) -> None:
        self.goto(0)

    def goto(self, step: int) -> None:
        demo = self.demo
        if not 0 <= step <= len(demo) or step == demo.step:
            self.app.bell()  # already at the start or the end
            return
        forward = step > demo.step
        demo.goto(step)
        self.show(rebuild=not forward)

    # --- drawing --------------------------------------------------------------------

    def show(self, rebuild: bool) -> None:
        """Draw the demo's current step: captions, map, panels, rolls, journal."""
        demo, game = self.demo, self.game
        self.show_captions()
        player = game.player(game.current)
        self.sub_title = _("Round {round} · {name}'s turn").format(round=game.round,
                                                                  name=player.name)
        board = self.query_one(DemoBoard)
        journal = self.query_one(JournalLog)
        if rebuild:
            board.set_game(game)
            journal.clear()
            journal.write_briefing(game)
            self._shown = 0
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
        self.query_one(RollsPanel).show(game, demo.events)

    def overlay(self) -> Overlay:
        """The step on the map: the path walked, the target aimed at."""
        game = self.game
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
        demo = self.demo
        step = demo.current
        head = self.query_one("#demo-head", Static)
        caption = self.query_one("#demo-caption", Static)
        if step is None:
            head.update(Content(_("Start · {total} steps · → or space plays the first, "
                                  "g plays them all").format(total=len(demo))))
            caption.update(Content(demo.caption or self.game.scenario.name))
        else:
            head.update(Content(_("Step {step}/{total} · line {line} · {command}").format(
                step=demo.step, total=len(demo), line=step.line, command=step.command)))
            caption.update(Content(demo.caption or _("(no comment in the script)")))
        note = self.query_one("#demo-note", Static)
        text, kind = "", ""
        name = namer(self.game)
        if demo.refusal is not None:
            text, kind = describe(demo.refusal, name), "refused"
        elif demo.game_over is not None:
            text, kind = describe(demo.game_over, name), "over"
        elif self.game.over and demo.at_end:
            text, kind = _("The game is over."), "over"
        left = demo.unused_forced()
        pending = self.game.roller.forced
        if left and not text:
            text, kind = _("⚑ forced d100 results never used: {rolls}").format(
                rolls=", ".join(map(str, left))), "refused"
        elif pending and not text:
            text, kind = _("⚑ next d100 forced: {rolls}").format(
                rolls=", ".join(map(str, pending))), "forced"
        note.update(Content(text))
        note.set_class(bool(text), "shown")
        note.set_class(kind == "refused", "refused")
        note.set_class(kind == "over", "over")
        note.set_class(kind == "forced", "forced")


class DemoApp(App[None]):
    """The app of `python -m game demo`: one demo screen, no game to save."""

    CSS_PATH = Path(__file__).resolve().parent.parent / "app.tcss"
    TITLE = "Escarmouche"
    # The play app's size classes, so that the shared CSS lays the widgets out alike.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide"), (180, "-very-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall"), (50, "-very-tall")]

    def __init__(self, demo: Demo, script: str = "") -> None:
        super().__init__()
        self.demo = demo
        self.script = script

    def get_default_screen(self) -> Screen:
        return DemoScreen(self.demo, self.script)


def run_demo(app: DemoApp, **run_options) -> int:
    """Run the demo to its end; the process's exit code."""
    app.run(**run_options)
    return app.return_code or 0
