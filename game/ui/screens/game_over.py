"""The end of a game: the winner and every character's statistics."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Label

from game.rules.engine import Game
from game.ui.widgets.bars import KeyBar

COLUMNS = ("Character", "Player", "HP", "Level", "XP", "Attacks", "Hits", "Perfect",
           "Missed", "Dodges", "Dealt", "Taken", "Kills", "Spells", "Failed", "Countered",
           "Counters")


class GameOverScreen(Screen[str]):
    """Dismissed with "new" (start again) or "quit"."""

    BINDINGS = [Binding("n", "choose('new')", "New game"), Binding("q", "choose('quit')", "Quit")]
    DEFAULT_CSS = """
    GameOverScreen > Vertical { padding: 1 2; }
    GameOverScreen #winner { text-style: bold; padding-bottom: 1; }
    GameOverScreen DataTable { height: auto; max-height: 1fr; }
    """

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        game = self.game
        winner = f"{game.player(game.winner).name} wins!" if game.winner else "Nobody wins."
        with Vertical():
            rounds = f"{game.round} round" + ("s" if game.round != 1 else "")
            yield Label(f"Game over after {rounds} — {winner}", id="winner")
            yield DataTable(zebra_stripes=True, cursor_type="row")
            yield Label("[b]n[/b] new game · [b]q[/b] quit")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(*COLUMNS)
        for unit in self.game.units.values():
            if not unit.is_character:
                continue
            s = unit.stats
            hp = f"{unit.hp}/{unit.hp_max}" + (" down" if unit.down else "")
            table.add_row(unit.name, self.game.player(unit.owner).name, hp, unit.level,
                          unit.xp, s.attacks, s.hits, s.perfects, s.misses, s.dodges,
                          s.damage_dealt, s.damage_taken, s.kills, s.spells_cast,
                          s.spells_failed, s.spells_countered, s.counters)

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
