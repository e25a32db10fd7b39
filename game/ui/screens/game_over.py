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


class GameOverScreen(Screen[str]):
    """Dismissed with "new" (start again, once confirmed); q quits the app (confirmed)."""

    BINDINGS = [Binding("n", "new_game", N_("New game")),
                Binding("q", "app.quit_game", N_("Quit"))]
    DEFAULT_CSS = """
    GameOverScreen > Vertical { padding: 1 2; }
    GameOverScreen #winner { text-style: bold; padding-bottom: 1; }
    GameOverScreen DataTable { height: auto; max-height: 1fr; }
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
            yield DataTable(zebra_stripes=True, cursor_type="row")
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
        table = self.query_one(DataTable)
        # A narrow terminal scrolls the counts sideways: whose row it is stays in sight.
        table.fixed_columns = 2
        table.add_columns(*map(_, COLUMNS))
        # The players' characters, then the creatures fighting for them (a wolf's bites
        # count in its player's game); a creature earns no XP: its level is not shown.
        units = self.game.units.values()
        for unit in [u for u in units if u.is_character] + [
                u for u in units if not u.is_character and u.owner is not None]:
            s = unit.stats
            hp = (_("{hp}/{hp_max} down") if unit.down else "{hp}/{hp_max}").format(
                hp=unit.hp, hp_max=unit.hp_max)
            level, xp = (unit.level, unit.xp) if unit.is_character else ("—", "—")
            # Names as Text: a DataTable reads a plain str as markup.
            table.add_row(Text(content_text(unit.name)),
                          Text(content_text(self.game.player(unit.owner).name)), hp, level,
                          xp, s.attacks, s.hits, s.perfects, s.misses, s.dodges,
                          s.damage_dealt, s.damage_taken, s.kills,
                          f"{s.spells_cast}/{s.spells_failed}/{s.spells_countered}", s.counters)

        self.call_after_refresh(self.say_more)

    def on_resize(self, event) -> None:
        self.call_after_refresh(self.say_more)

    def say_more(self) -> None:
        """On a narrow terminal, that the counts go on past the right edge."""
        table = self.query_one(DataTable)
        self.query_one("#more").display = table.virtual_size.width > table.size.width

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return self.can_restart if action == "new_game" else True

    def action_new_game(self) -> None:
        self.app.confirm(_("Start a new game on the same scenario?"), _("new game"),
                         lambda: self.dismiss("new"))
