"""Small screens: hand-over, help, quit confirmation, spell list, full journal."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from game.ui.widgets.bars import KeyBar, TitleBar

HELP = """\
[b]Keys[/b]
  arrows / h j k l   move the cursor (or click a square)
  Tab / Shift+Tab    select your next / previous character (or click it)
  Enter / m          select the character under the cursor, or move the selected one
                     along the shown path (its AP cost is shown first)
  a / b              attack the target under the cursor with the weapon / bare hands
  1 … 9              take the numbered action of the target panel
  c                  cast: pick a spell, aimed at the unit under the cursor
  o                  open or close the door under the cursor
  e                  end the turn (hand-over to the next player)
  :                  command line: move ID X,Y · attack ID TARGET [with W|brawl] ·
                     open/close ID X,Y · cast ID SPELL TARGET · end
  J                  the whole journal, with search
  ?                  this help · Ctrl+P the command palette · q quit

"""


class HelpScreen(ModalScreen[None]):
    """Keys and the rules at a glance."""

    BINDINGS = [Binding("escape,q,question_mark", "dismiss", "Close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 92; max-width: 100%; height: auto;
        max-height: 100%; border: thick $primary; background: $panel; padding: 0 1; }
    """

    def __init__(self, rules_lines: list[str]) -> None:
        super().__init__()
        self.rules_lines = rules_lines

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(HELP)
            rules = Text("Rules in one screen\n", style="bold")
            rules.append("\n".join(self.rules_lines), style="")
            yield Static(rules)
            yield Label("[dim]Esc to close[/dim]")


class ConfirmQuit(ModalScreen[bool]):
    """Quit? y / n."""

    BINDINGS = [Binding("y", "answer(True)", "Quit"), Binding("n,escape", "answer(False)", "Stay")]
    DEFAULT_CSS = """
    ConfirmQuit { align: center middle; }
    ConfirmQuit > Vertical { width: 44; height: auto; border: thick $error;
        background: $panel; padding: 1 2; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Quit the game? Unsaved play is lost.")
            yield Label("[b]y[/b] quit · [b]n[/b] stay")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class HandoverScreen(ModalScreen[None]):
    """Between turns: who plays next, and what happened since their last turn."""

    BINDINGS = [Binding("enter,space,escape", "dismiss", "Start turn")]
    DEFAULT_CSS = """
    HandoverScreen { align: center middle; }
    HandoverScreen > Vertical { width: 90; max-width: 100%; height: 90%;
        border: thick $primary; background: $panel; padding: 0 1; }
    HandoverScreen #handover-title { text-style: bold; padding: 1 0; }
    HandoverScreen RichLog { height: 1fr; }
    """

    def __init__(self, title: str, digest: list[Text]) -> None:
        super().__init__()
        self.title_text = title
        self.digest = digest

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, id="handover-title")
            yield Label("Since your last turn:")
            log = RichLog(wrap=True, markup=False, id="digest")
            yield log
            yield Label("[b]Enter[/b] to start your turn")

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        for line in self.digest or [Text("Nothing happened.", style="dim")]:
            log.write(line)


class SpellPicker(ModalScreen[str | None]):
    """The selected character's spells: cost, range, kind, and the odds on the target."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]
    DEFAULT_CSS = """
    SpellPicker { align: center middle; }
    SpellPicker > Vertical { width: 90; max-width: 100%; height: auto; max-height: 90%;
        border: thick $primary; background: $panel; padding: 0 1; }
    SpellPicker OptionList { height: auto; max-height: 20; }
    """

    def __init__(self, title: str, rows: list[tuple[str, Text, bool]]) -> None:
        super().__init__()
        self.title_text = title
        self.rows = rows

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text)
            yield OptionList(*[Option(text, id=command, disabled=not ok)
                               for command, text, ok in self.rows])
            yield Label("[dim]Enter to cast · Esc to cancel[/dim]")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)


class JournalScreen(Screen[None]):
    """The whole journal, full screen, with a search box that filters lines."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]
    DEFAULT_CSS = """
    JournalScreen RichLog { height: 1fr; }
    """

    def __init__(self, lines: list[Text]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Input(placeholder="search the journal (Esc to go back)", id="search")
        yield RichLog(wrap=True, markup=False, id="full-journal")
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = "Journal"
        self.show("")
        self.query_one(Input).focus()

    def show(self, query: str) -> None:
        log = self.query_one(RichLog)
        log.clear()
        query = query.lower()
        found = [line for line in self.lines if query in line.plain.lower()]
        for line in found:
            log.write(line)
        self.sub_title = f"{len(found)} lines"
        if query and not found:
            log.write(Text(f"No line contains {query!r}.", style="dim"))

    def on_input_changed(self, event: Input.Changed) -> None:
        self.show(event.value)
