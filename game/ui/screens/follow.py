"""A shared table's viewer (`python -m game follow FILE`, every tab of `serve --demo` and
`serve --watch` but the presenter's): the presenter's demo or live game, step by step as
it is played, read-only.

The screen is the demo's (`TableScreen`) without a key that steps or plays: the viewer
reads the presenter's frames (`game.table.TableFollower`) a few times a second and shows
the last. What a viewer may do is look: the step's roll card (`c`, or a click on a
journal line of a roll), the whole journal (`j`), the rolls scrolled (↑/↓).
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from game.files import DEFAULT_SAVES
from game.i18n import N_, _, content_text
from game.table import Followed, TableFollower
from game.ui.keys import WordedApp
from game.ui.screens.demo import TableScreen
from game.ui.screenshots import SCREENSHOT_BINDING, Screenshots
from game.ui.widgets.bars import KeyBar, TitleBar

#: How often the viewer looks for the presenter's next step (seconds).
POLL = 0.15


class FollowScreen(TableScreen):
    """The presenter's step as the table's file says it; no key here steps or plays."""

    def __init__(self, follower: TableFollower, view: Followed) -> None:
        super().__init__(view, view.title)
        self.follower = follower

    @property
    def view(self) -> Followed:
        return self.demo  # type: ignore[return-value]

    def on_mount(self) -> None:  # the table screen's own on_mount follows (Textual calls both)
        self.set_interval(POLL, self.follow)

    def heading(self) -> str:
        kind = _("Live game") if self.view.live else _("Shared demo")
        return _("{kind} · {scenario} · {title} · read-only").format(
            kind=kind, scenario=content_text(self.game.scenario.name), title=self.view.title)

    async def follow(self) -> None:
        """Show the presenter's last step, if there is a new one."""
        follower = self.follower
        if not follower.read():
            return
        try:
            found = follower.view()
        except Exception as exc:  # a frame that does not fit: said, the last one stays
            follower.problem = str(exc)
            self.show_notes()
            return
        if found is None:
            self.show_notes()
            return
        view, rewound = found
        self.demo = view
        await self.show(rebuild=rewound)

    def start_hint(self) -> str:
        return _("Start · {total} steps · the presenter plays them, this table follows")

    def show_head(self) -> None:
        if not self.view.live:
            super().show_head()
            return
        # A live game has no script: the head says what was played last.
        view, game = self.view, self.game
        head = self.query_one("#demo-head", Static)
        caption = self.query_one("#demo-caption", Static)
        head.update(Content(_("Live · round {round} · {command}").format(
            round=game.round, command=view.last_command or _("nothing played yet"))))
        caption.update(Content(_("{name}'s turn").format(
            name=content_text(game.player(game.current).name))))

    def show_notes(self) -> None:
        super().show_notes()
        # The presenter's absence, or a frame that could not be shown, before the rest.
        follower, note = self.follower, self.query_one("#demo-note", Static)
        if follower.problem is not None:
            text = _("✗ the table: {problem}").format(problem=follower.problem)
        elif self.view.left:
            text = _("The presenter is not at the table: this is where they left it.")
        else:
            return
        note.update(Content(text))
        note.set_class(True, "shown")
        note.set_class(follower.problem is not None, "refused")
        note.set_class(follower.problem is None, "away")


class WaitScreen(Screen[None]):
    """Before the table has a first step: what is awaited."""

    BINDINGS = [Binding("q", "app.quit", N_("Quit"))]

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static(Text(_("Waiting for the presenter's first step…"), style="bold"),
                     id="wait")
        yield KeyBar()

    def on_mount(self) -> None:
        self._timer = self.set_interval(POLL, self.follow)

    async def follow(self) -> None:
        app: FollowApp = self.app  # type: ignore[assignment]
        follower = app.follower
        if not follower.read():
            return
        try:
            found = follower.view()
        except Exception as exc:
            self.query_one("#wait", Static).update(Content(
                _("✗ the table: {problem}").format(problem=exc)))
            return
        if found is not None:
            self._timer.stop()
            await app.push_screen(FollowScreen(follower, found[0]))


class FollowApp(WordedApp, Screenshots, App[None]):
    """The app of `python -m game follow FILE`: one viewer of a shared table."""

    CSS_PATH = [Path(__file__).resolve().parent.parent / name
                for name in ("app.tcss", "table.tcss")]
    TITLE = "Escarmouche"
    BINDINGS = [SCREENSHOT_BINDING]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide"), (180, "-very-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall"), (50, "-very-tall")]

    def __init__(self, follower: TableFollower, saves_dir: Path | None = None) -> None:
        super().__init__()
        self.follower = follower
        self.saves_dir = Path(saves_dir) if saves_dir is not None else DEFAULT_SAVES

    def get_default_screen(self) -> Screen:
        self.follower.read()
        try:
            found = self.follower.view()
        except Exception:  # said by the waiting screen, which tries again
            found = None
        if found is None:
            return WaitScreen()
        return FollowScreen(self.follower, found[0])

    def get_system_commands(self, screen: Screen):
        yield from self.worded(self.screenshot_commands(super().get_system_commands(screen)))

    def screenshot_folder(self) -> Path:
        return self.saves_dir

    def screenshot_base(self) -> str:
        screen = self.screen_stack[0] if self.screen_stack else None
        if isinstance(screen, FollowScreen):
            return f"shot-{screen.game.scenario_id or 'table'}-step{screen.view.step}"
        return "shot-table"

    def say_screenshot(self, text: str, refused: bool = False) -> None:
        self.notify(text, severity="error" if refused else "information")


def run_follow(app: FollowApp, **run_options) -> int:
    """Run the viewer to its end; the process's exit code."""
    app.run(**run_options)
    return app.return_code or 0
