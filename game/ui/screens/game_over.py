"""The end of a game: the winner and every character's statistics."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from rich.text import Text
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Label

from game.rules.engine import Game
from game.ui.widgets.bars import KeyBar

COLUMNS = ("Character", "Player", "HP", "Level", "XP", "Attacks", "Hits", "Perfect",
           "Missed", "Dodges", "Dealt", "Taken", "Kills", "Spells*", "Counters")


class GameOverScreen(Screen[str]):
    """Dismissed with "new" (start again, once confirmed); q quits the app (confirmed)."""

    BINDINGS = [Binding("n", "new_game", "New game"), Binding("q", "app.quit_game", "Quit")]
    DEFAULT_CSS = """
    GameOverScreen > Vertical { padding: 1 2; }
    GameOverScreen #winner { text-style: bold; padding-bottom: 1; }
    GameOverScreen DataTable { height: auto; max-height: 1fr; }
    """

    def __init__(self, game: Game, can_restart: bool = True, saved: Path | None = None) -> None:
        super().__init__()
        self.game = game
        self.can_restart = can_restart
        self.saved = saved

    def compose(self) -> ComposeResult:
        game = self.game
        winner = f"{game.player(game.winner).name} wins!" if game.winner else "Nobody wins."
        with Vertical():
            rounds = f"{game.round} round" + ("s" if game.round != 1 else "")
            yield Label(Content(f"Game over after {rounds} — {winner}"), id="winner")
            yield DataTable(zebra_stripes=True, cursor_type="row")
            yield Label("[dim]* spells cast / failed / countered[/dim]")
            if self.saved is not None:
                yield Label(Content(f"The final state is saved as {self.saved.stem} "
                                    f"(Ctrl+O in a new game, or `escarmouche load`)."),
                            id="final-save")
            yield Label("[b]n[/b] new game · [b]q[/b] quit" if self.can_restart
                        else "[b]q[/b] quit")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(*COLUMNS)
        for unit in self.game.units.values():
            if not unit.is_character:
                continue
            s = unit.stats
            hp = f"{unit.hp}/{unit.hp_max}" + (" down" if unit.down else "")
            # Names as Text: a DataTable reads a plain str as markup.
            table.add_row(Text(unit.name), Text(self.game.player(unit.owner).name), hp, unit.level,
                          unit.xp, s.attacks, s.hits, s.perfects, s.misses, s.dodges,
                          s.damage_dealt, s.damage_taken, s.kills,
                          f"{s.spells_cast}/{s.spells_failed}/{s.spells_countered}", s.counters)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return self.can_restart if action == "new_game" else True

    def action_new_game(self) -> None:
        self.app.confirm("Start a new game on the same scenario?", "new game",
                         lambda: self.dismiss("new"))
