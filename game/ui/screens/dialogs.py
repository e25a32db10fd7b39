"""Small screens: hand-over, help, quit confirmation, spell list, full journal."""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from game.i18n import N_, _, ngettext, pgettext
from game.ui.keys import COMMAND_OVER_VIEW
from game.ui.words import usage_text
from game.ui.widgets.bars import KeyBar, TitleBar


class HelpScreen(ModalScreen[None]):
    """Keys (from the bindings), the command notation and the rules (from the loaded
    rules) at a glance."""

    BINDINGS = [Binding("escape,q,question_mark", "dismiss", N_("Close")), COMMAND_OVER_VIEW]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 106; max-width: 100%; height: auto;
        max-height: 100%; border: thick $primary; background: $panel; padding: 0 1; }
    """

    def __init__(self, keys: list[tuple[str, str]], rules_lines: list[str],
                 scenario: list[str] = (), legend: Text | None = None,
                 designer: bool = False) -> None:
        super().__init__()
        self.designer = designer  # a designer's game: the designer's verbs are listed too
        self.keys = keys
        self.rules_lines = rules_lines
        self.scenario = list(scenario)
        self.legend = legend  # the map's (screens/legend.py), after the keys

    def compose(self) -> ComposeResult:
        from game.rules.notation import verbs

        width = max((len(keys) for keys, _said in self.keys), default=0) + 2
        heading = _("Keys")
        text = Text(f"{heading}\n", style="bold")
        for keys, what in self.keys:
            text.append(f"  {keys:<{width}}", style="bold")
            text.append(f"{what}\n")
        heading = _("Command line (:)")
        text.append(f"\n{heading}\n", style="bold")
        # Every verb of the notation, as the rules declare it: the designer's last, and
        # only in a designer's game (a player's game refuses them: one line says where).
        declared = verbs()
        usages = {v.name: usage_text(v.usage) for v in declared}
        own_usage = usage_text("save NAME · load NAME · undo")
        column = max(len(u) for u in (*usages.values(), own_usage)) + 2
        designer = False
        for verb in declared:
            if verb.designer_only and not self.designer:
                continue
            if verb.designer_only and not designer:
                designer = True
                note = _("Designer mode only (play --designer):")
                text.append(f"  {note}\n", style="italic")
            summary = _(verb.summary)
            text.append(f"  {usages[verb.name]:<{column}}", style="bold")
            text.append(f"{summary}\n")
        own = _("Save, load, undo (the app's own)")
        text.append(f"  {own_usage:<{column}}", style="bold")
        text.append(f"{own}\n")
        if not self.designer:
            note = _("The designer's commands (set, place, give, spawn…): play --designer")
            text.append(f"  {note}\n", style="italic")
        with VerticalScroll():
            if self.scenario:
                heading = _("This scenario")
                about = Text(f"{heading}\n", style="bold")
                about.append("\n".join(self.scenario) + "\n")
                yield Static(about, id="scenario")
            yield Static(text)
            if self.legend is not None:
                yield Static(self.legend, id="legend")
            heading = _("Rules in one screen")
            rules = Text(f"{heading}\n", style="bold")
            rules.append("\n".join(self.rules_lines), style="")
            yield Static(rules)
            yield Label(_("[dim]Esc to close[/dim]"))


def yes_key() -> str:
    """The key that says yes, as the player's language writes it (`y`; French `o`, oui):
    the dialogs bind both, and show this one."""
    # Translators: the key that answers yes in a dialog (bound too: y or o)
    return pgettext("key", "y")


def no_key() -> str:
    # Translators: the key that answers no in a dialog (bound: n, and Esc)
    return pgettext("key", "n")


#: The keys that say yes: English y, French o (oui).
YES_KEYS = "y,o"


class Confirm(ModalScreen[bool]):
    """A question that throws something away: y (o in French) does it, n or Esc keeps
    things as they are."""

    BINDINGS = [Binding(YES_KEYS, "answer(True)", N_("Yes")),
                Binding("n,escape", "answer(False)", N_("No"))]
    DEFAULT_CSS = """
    Confirm { align: center middle; }
    Confirm > Vertical { width: 60; max-width: 100%; height: auto; border: thick $error;
        background: $panel; padding: 1 2; }
    Confirm Label { width: 100%; }
    """

    def __init__(self, question: str, yes: str, no: str | None = None) -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, _("stay") if no is None else no

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Content(self.question))
            yield Label(Content.assemble((yes_key(), "bold"), f" {self.yes} · ",
                                         (no_key(), "bold"), f" {self.no}"))

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class ConfirmEndTurn(ModalScreen[str]):
    """Ending a turn with AP left: y ends it, a ends it and stops asking this game, n stays."""

    BINDINGS = [Binding(YES_KEYS, "answer('end')", N_("End turn")),
                Binding("a", "answer('always')", N_("End, don't ask again")),
                Binding("n,escape", "answer('stay')", N_("Stay"))]
    DEFAULT_CSS = """
    ConfirmEndTurn { align: center middle; }
    ConfirmEndTurn > Vertical { width: 64; max-width: 100%; height: auto;
        border: thick $warning; background: $panel; padding: 1 2; }
    ConfirmEndTurn Label { width: 100%; }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Content(self.question), id="question")
            # Each key beside what it does, as on the key bar.
            end, always, stay = (_("end turn"), _("end, and don't ask again this game"),
                                 _("stay"))
            yield Label(Content.assemble((yes_key(), "bold"), f" {end} · ", ("a", "bold"),
                                         f" {always} · ", (no_key(), "bold"), f" {stay}"))

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)


class ConfirmQuit(Confirm):
    """Quit? y / n: the one way out, whichever key or command asked. It warns of lost play
    only when there is some: commands played since the last save (`unsaved`); otherwise it
    says where the game is kept (`saved_as`, a save's name), if anywhere."""

    def __init__(self, unsaved: bool = True, saved_as: str | None = None) -> None:
        if unsaved:
            question = _("Quit the game? Play since the last save is lost.")
        elif saved_as:
            question = _("Quit the game? Nothing is lost: it is saved as {name}.").format(
                name=saved_as)
        else:
            question = _("Quit the game? Nothing has been played yet.")
        super().__init__(question, _("quit"))


class HandoverScreen(ModalScreen[None]):
    """Between turns: who plays next and a summary of what the other sides did since
    their last turn, in a box no taller than it needs (the map stays in view around it);
    `d` opens the details, every journal line since, from the top (playtest: the box
    filled the screen with the raw journal, the map hidden behind it)."""

    BINDINGS = [Binding("enter,space,escape", "dismiss", N_("Start turn")),
                Binding("d", "details", N_("Details")),
                # The one way out works here too, asked first like everywhere.
                Binding("q,ctrl+c", "app.quit_game", N_("Quit"))]
    DEFAULT_CSS = """
    HandoverScreen { align: center middle; }
    HandoverScreen > Vertical { width: 100; max-width: 100%; height: auto; max-height: 90%;
        border: thick $primary; background: $panel; padding: 0 1; }
    HandoverScreen > Vertical.-details { height: 90%; }
    HandoverScreen #handover-title { text-style: bold; padding: 1 0 0 0; }
    HandoverScreen #summary { padding: 1 0; width: 100%; height: auto; }
    HandoverScreen #handover-keys { dock: bottom; }
    HandoverScreen RichLog { height: 1fr; display: none; }
    HandoverScreen .-details RichLog { display: block; }
    """

    def __init__(self, title: str, digest: list[Text], summary: str = "",
                 first: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.digest = digest
        self.summary = summary
        #: The digest runs from the game's start (the player's first turn).
        self.first = first

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Content(self.title_text), id="handover-title")
            heading = _("Since the game began:") if self.first else _("Since your last turn:")
            yield Label(Content.assemble((f"{heading} ", "bold"), self.summary), id="summary")
            # From the top: the first thing that happened is read first.
            yield RichLog(wrap=True, markup=False, min_width=1, auto_scroll=False, id="digest")
            yield Label(self._keys(), id="handover-keys")

    def _keys(self) -> str:
        details = self.query_one(Vertical).has_class("-details") if self.is_mounted else False
        return (_("[b]Enter[/b] to start your turn · [b]d[/b] hides the details") if details
                else _("[b]Enter[/b] to start your turn · [b]d[/b] shows the details"))

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        for line in self.digest or [Text(_("Nothing happened."), style="dim")]:
            log.write(line)
        log.scroll_home(animate=False)

    def action_details(self) -> None:
        """Show or hide every journal line since the player's last turn."""
        self.query_one(Vertical).toggle_class("-details")
        self.query_one("#handover-keys", Label).update(self._keys())
        self.query_one(RichLog).scroll_home(animate=False)


class SpellRow(NamedTuple):
    """One spell of the list: its id, its line, and why it cannot be cast now ("": it can);
    `aimable`: it can be aimed all the same, nobody being within its reach or sight only
    (aimed, the map shows how far it reaches)."""

    spell: str
    text: Text
    why_not: str = ""
    aimable: bool = False


class SpellPicker(ModalScreen[str | None]):
    """The selected character's spells: cost, range, kind, and the odds on the target.

    Every row drawn can be reached by the cursor (none is skipped); a row that cannot be
    cast is marked so, with why, and Enter on it says why and changes nothing, unless only
    its reach or sight is why (then it is aimed, so that the map shows its reach). `i`
    describes the highlighted spell."""

    BINDINGS = [Binding("escape", "dismiss(None)", N_("Cancel")),
                Binding("i,question_mark", "describe", N_("Describe"))]
    DEFAULT_CSS = """
    SpellPicker { align: center middle; }
    SpellPicker > Vertical { width: 90; max-width: 100%; height: auto; max-height: 90%;
        border: thick $primary; background: $panel; padding: 0 1; }
    SpellPicker OptionList { height: auto; max-height: 20; }
    SpellPicker #why { width: 100%; }
    SpellPicker #why.refused { color: $error; }
    """

    def __init__(self, title: str, rows: list[SpellRow], describe=None,
                 refused=None) -> None:
        """`describe(spell)`: its `Description`; `refused(reason)`: told when Enter is
        pressed on a spell that cannot be cast (the play screen's status line)."""
        super().__init__()
        self.title_text = title
        self.rows = rows
        self.describe = describe
        self.refused = refused
        self.pointed: int | None = None  # the row drawn with the pointer

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Content(self.title_text))
            yield OptionList(*[Option(self.marked(row, i == self.first()), id=row.spell)
                               for i, row in enumerate(self.rows)])
            yield Label(_("[dim]Enter to aim · i describes · Esc to cancel[/dim]"), id="why")

    @staticmethod
    def marked(row: SpellRow, current: bool = False) -> Text:
        """A row that cannot be cast says so in words and a mark, and the highlighted row
        has a pointer: neither is told by colour alone."""
        pointer = ("▶", "bold") if current else " "
        if not row.why_not:
            return Text.assemble(pointer, "  ", row.text)
        text = row.text.copy()
        text.stylize("dim")
        return Text.assemble(pointer, ("✗ ", "bold red"), text)

    def first(self) -> int:
        """The row highlighted at first: the first spell that can be cast (the list's
        first otherwise)."""
        castable = [i for i, row in enumerate(self.rows) if not row.why_not]
        return castable[0] if castable else 0

    def on_mount(self) -> None:
        self.pointed = self.first()
        self.query_one(OptionList).highlighted = self.pointed

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        options = self.query_one(OptionList)
        before, self.pointed = self.pointed, event.option_index
        if before is not None and before != self.pointed:
            options.replace_option_prompt_at_index(before, self.marked(self.rows[before]))
        options.replace_option_prompt_at_index(
            self.pointed, self.marked(self.rows[self.pointed], current=True))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        row = self.rows[event.option_index]
        if not row.why_not or row.aimable:
            self.dismiss(row.spell)
            return
        why = self.query_one("#why", Label)
        why.update(Content(_("✗ {reason}").format(reason=row.why_not)))
        why.add_class("refused")
        if self.refused is not None:
            self.refused(row.why_not)

    def action_describe(self) -> None:
        index = self.query_one(OptionList).highlighted
        if self.describe is None or index is None:
            return
        from game.ui.screens.describe import DescribeScreen

        self.app.push_screen(DescribeScreen(self.describe(self.rows[index].spell)))


class JournalScreen(Screen[None]):
    """The whole journal, full screen, with a search box that filters lines."""

    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back")), COMMAND_OVER_VIEW]
    DEFAULT_CSS = """
    JournalScreen RichLog { height: 1fr; }
    """

    def __init__(self, lines: list[Text]) -> None:
        super().__init__()
        self.lines = lines

    @property
    def commands(self) -> bool:
        """A `:` here opens the game's command line (a demo or a followed table has
        none)."""
        return hasattr(self.app, "action_command_line")

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Input(placeholder=_("search the journal (Esc to go back, : for a command)")
                    if self.commands else _("search the journal (Esc to go back)"),
                    id="search")
        yield RichLog(wrap=True, markup=False, min_width=1, id="full-journal")
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = _("Journal")
        self.show("")
        self.query_one(Input).focus()

    def show(self, query: str) -> None:
        """The lines holding `query`, the latest at the bottom, in view."""
        log = self.query_one(RichLog)
        log.clear()
        query = query.lower()
        found = [line for line in self.lines if query in line.plain.lower()]
        # One write of them all: a write per line took a second on a long game's journal
        # (the screen drawn blank meanwhile).
        if found:
            log.write(Text("\n").join(found), scroll_end=True)
        self.sub_title = ngettext("{n} line", "{n} lines", len(found)).format(n=len(found))
        if query and not found:
            log.write(Text(_("No line contains {query}.").format(query=repr(query)),
                           style="dim"))
        # Opened at the latest lines, however late the log learns its size.
        self.call_after_refresh(log.scroll_end, animate=False)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.value == ":" and self.commands:
            # A `:` that begins the search is the command line asked for, as everywhere
            # else (`keys.COMMAND_OVER_VIEW`: Esc then `:` typed quickly reach the screen
            # as `:` alone, into this box).
            self.app.action_command_line()
            return
        self.show(event.value)
