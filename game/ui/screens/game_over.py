"""The end of a game: the winner and the statistics of every character and of the
creatures fighting for a player."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from rich.text import Text
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Label

from game.i18n import N_, _, content_text, ngettext
from game.rules.engine import Game
from game.ui.widgets.bars import KeyBar

COLUMNS = (N_("Character"), N_("Player"), N_("HP"), N_("Level"), N_("XP"), N_("Attacks"),
           N_("Hits"), N_("Perfect"), N_("Missed"), N_("Dodges"), N_("Dealt"), N_("Taken"),
           N_("Kills"), N_("Spells*"), N_("Counters"))
#: A terminal too narrow for every column at once shows them in two tables, one above the
#: other, each whole (playtest at 80 columns: the scrolled table cut the counts in two).
STANDING = (N_("Character"), N_("Player"), N_("HP"), N_("Dealt"), N_("Taken"), N_("Kills"),
            N_("Dodges"), N_("Counters"))
BLOWS = (N_("Character"), N_("Level"), N_("XP"), N_("Attacks"), N_("Hits"), N_("Perfect"),
         N_("Missed"), N_("Spells*"))
#: The screen's padding left and right (`GameOverScreen > Vertical`).
PADDING = 2
#: Rows that are neither a table nor a label: the screen's padding, the key bar, the
#: second table's margin.
OTHER_ROWS = 2


class GameOverScreen(Screen[str]):
    """Dismissed with "new" (start again, once confirmed); q quits the app (confirmed)."""

    BINDINGS = [Binding("n", "new_game", N_("New game")),
                Binding("q", "app.quit_game", N_("Quit"))]
    DEFAULT_CSS = """
    GameOverScreen > Vertical { padding: 1 1; }
    GameOverScreen #winner { text-style: bold; padding-bottom: 1; }
    GameOverScreen DataTable { height: auto; max-height: 1fr; }
    GameOverScreen #split { height: auto; max-height: 1fr; display: none; }
    GameOverScreen #blows { margin-top: 1; }
    GameOverScreen Label { width: 100%; }
    """

    def __init__(self, game: Game, can_restart: bool = True, saved: Path | None = None) -> None:
        super().__init__()
        self.game = game
        self.can_restart = can_restart
        self.saved = saved

    def compose(self) -> ComposeResult:
        game = self.game
        if game.winner:
            heading = ngettext("Game over after {n} round — {winner} wins!",
                               "Game over after {n} rounds — {winner} wins!", game.round)
        else:
            heading = ngettext("Game over after {n} round — Nobody wins.",
                               "Game over after {n} rounds — Nobody wins.", game.round)
        winner = content_text(game.player(game.winner).name) if game.winner else ""
        with Vertical():
            yield Label(Content(heading.format(n=game.round, winner=winner)), id="winner")
            yield DataTable(zebra_stripes=True, cursor_type="row", id="all")
            with Vertical(id="split"):
                yield DataTable(zebra_stripes=True, cursor_type="row", id="standing")
                yield DataTable(zebra_stripes=True, cursor_type="row", id="blows")
            yield Label(_("[dim]More columns to the right: ← → scroll them[/dim]"), id="more")
            # What each count is: a spell countered had passed its magic roll first.
            yield Label(_("[dim]* spells: magic roll passed / magic roll failed / passed "
                          "but countered[/dim]"))
            if self.saved is not None:
                yield Label(Content(_("The final state is saved as {name} (Ctrl+O in a new "
                                      "game, or `escarmouche load`).").format(
                                          name=self.saved.stem)),
                            id="final-save")
            yield Label(_("[b]n[/b] new game · [b]q[/b] quit") if self.can_restart
                        else _("[b]q[/b] quit"))
        yield KeyBar()

    def on_mount(self) -> None:
        rows = list(self.rows())
        for table_id, columns in (("all", COLUMNS), ("standing", STANDING), ("blows", BLOWS)):
            table = self.query_one(f"#{table_id}", DataTable)
            # Scrolled sideways (a terminal narrower still): whose row it is stays in sight.
            table.fixed_columns = 2 if table_id == "all" else 1
            table.add_columns(*map(_, columns))
            for row in rows:
                table.add_row(*(row[column] for column in columns))
        self.call_after_refresh(self.say_more)

    def rows(self):
        """Each counted unit's cells by column: the players' characters, then the creatures
        fighting for them (a wolf's bites count in its player's game); a creature earns no
        XP: its level is not shown."""
        units = self.game.units.values()
        for unit in [u for u in units if u.is_character] + [
                u for u in units if not u.is_character and u.owner is not None]:
            s = unit.stats
            hp = (_("{hp}/{hp_max} down") if unit.down else "{hp}/{hp_max}").format(
                hp=unit.hp, hp_max=unit.hp_max)
            level, xp = (unit.level, unit.xp) if unit.is_character else ("—", "—")
            # Names as Text: a DataTable reads a plain str as markup.
            yield dict(zip(COLUMNS, (
                Text(content_text(unit.name)),
                Text(content_text(self.game.player(unit.owner).name)), hp, level, xp,
                s.attacks, s.hits, s.perfects, s.misses, s.dodges, s.damage_dealt,
                s.damage_taken, s.kills,
                f"{s.spells_cast}/{s.spells_failed}/{s.spells_countered}", s.counters)))

    def on_resize(self, event) -> None:
        self.call_after_refresh(self.say_more)

    def say_more(self) -> None:
        """Every column in one table when they fit, else in two; and, narrower still, that
        the counts go on past the right edge."""
        whole = self.query_one("#all", DataTable)
        split = whole.virtual_size.width > self.size.width - PADDING
        whole.display = not split
        self.query_one("#split").display = split
        shown = [self.query_one(f"#{t}", DataTable) for t in ("standing", "blows")] \
            if split else [whole]
        if split:
            # Each table scrolls within half of what the other lines leave (a tavern's nine
            # units at 80x24: the second table ran off the screen, its footnotes with it).
            others = sum(w.outer_size.height for w in self.query("Label")) + OTHER_ROWS
            for table in shown:
                table.styles.max_height = max(3, (self.size.height - others) // 2)
        if self.focused is None or not self.focused.display:
            shown[0].focus()  # the keys scroll a table in sight, not the hidden one
        self.query_one("#more").display = any(
            t.virtual_size.width > self.size.width - PADDING for t in shown)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return self.can_restart if action == "new_game" else True

    def action_new_game(self) -> None:
        self.app.confirm(_("Start a new game on the same scenario?"), _("new game"),
                         lambda: self.dismiss("new"))
