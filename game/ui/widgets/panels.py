"""The character panel (the selected unit) and the target panel (what the cursor is on)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.containers import VerticalScroll
from textual.message import Message
from textual.content import Content
from textual.widgets import Static

from game.journal.text import chance_line, namer
from game.oddsreport import panel_line, plan_odds
from game.rules import legal
from game.rules.engine import Game
from game.rules.geometry import Pos
from game.rules.progress import next_level_xp
from game.rules.units import Unit



def bar(value: int, maximum: int, width: int = 14, colour: str = "green") -> Text:
    """`███████░░░░░░░ 9/18`: a bar that reads without colour."""
    filled = round(width * value / maximum) if maximum else 0
    text = Text("█" * filled, style=colour)
    text.append("░" * (width - filled), style="grey42")
    text.append(f" {value}/{maximum}")
    return text


class Panel(VerticalScroll):
    """A bordered, scrolling panel whose text is replaced as the game moves on."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.body = Static()
        self._shape: tuple[int, ...] = ()
        #: The lines shown, unwrapped.
        self.lines: list[Text] = []

    def compose(self):
        yield self.body

    def set_lines(self, lines: list[Text]) -> None:
        """Show these lines; lay the screen out again only if their wrapped height changed.

        A layout redraws every widget, the map included: skipping it keeps a cursor move
        cheap on big maps.
        """
        width = max(1, self.size.width - 2)
        shape = tuple(max(1, -(-line.cell_len // width)) for line in lines)
        # Textual's own Content renders faster than a Rich Group of Texts.
        content = Content("\n").join(Content.from_rich_text(line) for line in lines)
        self.body.update(content, layout=shape != self._shape)
        self._shape = shape
        self.lines = lines


class UnitPanel(Panel):
    """The selected character: bars, level, characteristics, skills, gear, effects, stats."""

    DEFAULT_CSS = """
    UnitPanel { height: 1fr; border: round $primary; padding: 0 1; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = "Character"

    def show(self, game: Game, unit: Unit | None) -> None:
        if unit is None:
            self.set_lines([Text("No character selected."),
                            Text("Tab cycles your characters.", style="dim")])
            return
        self.set_lines(unit_card(game, unit))


def unit_card(game: Game, unit: Unit) -> list:
    content = game.content
    owner = game.player(unit.owner).name if unit.owner else "creature"
    head = Text.assemble((unit.name, "bold"), f"  {unit.id} · {owner}")
    nxt = next_level_xp(game.rules.level_thresholds, unit.xp)
    # Creatures do not learn: no level line for them.
    level = Text(f"Level {unit.level} · XP {unit.xp}" + (f" (next {nxt})" if nxt else "")) \
        if unit.is_character else Text("Creature: gains no XP", style="dim")
    names = list(unit.characteristics)
    stats_names = Text("  ".join(f"{n:<3}" for n in names), style="dim")
    stats_values = Text("  ".join(f"{unit.stat(n):<3}" for n in names))
    skills = "  ".join(f"{k} {v}" for k, v in unit.skills.items())
    weapons = ", ".join(content.weapons[w].name for w in unit.weapons) or "bare hands"
    armour = ", ".join(content.armours[a].name for a in (unit.armour, unit.legendary_armour)
                       if a) or "none"
    lines = [head, Text("HP ") + bar(unit.hp, unit.hp_max, colour="red"),
             Text("AP ") + bar(unit.ap, unit.ap_max, colour="cyan"), *owed_line(game, unit),
             level, stats_names,
             stats_values,
             Text(f"Skills: {skills}"), Text(f"Weapons: {weapons}"), Text(f"Armour: {armour}")]
    if unit.spells:
        lines.append(Text("Spells: " + ", ".join(content.spells[s].name for s in unit.spells)))
    name = namer(game)
    for effect in unit.effects:
        turns = f"{effect.turns} turn" + ("s" if effect.turns != 1 else "")
        lines.append(Text(f"Effect: {name(effect.source)} {effect.amount:+d} "
                          f"{effect.stat.replace('_', ' ')} ({turns} left)", style="magenta"))
    if unit.down:
        lines.append(Text("DOWN", style="bold red"))
    s = unit.stats
    lines.append(Text(f"Attacks {s.attacks} · hits {s.hits} · perfect {s.perfects} · "
                      f"missed {s.misses} · dodges {s.dodges} · dealt {s.damage_dealt} · "
                      f"taken {s.damage_taken} · kills {s.kills} · spells {s.spells_cast}/"
                      f"{s.spells_failed} failed/{s.spells_countered} countered · "
                      f"counters {s.counters}", style="dim"))
    return lines


def owed_line(game: Game, unit: Unit) -> list[Text]:
    """AP a counter-magic drained, owed to the next refill: shown so nobody is surprised."""
    if not unit.ap_owed:
        return []
    return [Text(f"AP owed {unit.ap_owed}: next turn starts with {game.refill(unit)} AP",
                 style="yellow")]


def has_odds(option: legal.Option) -> bool:
    """An attack or a spell checked possible: its plan gives exact odds."""
    return option.possible and option.kind in ("attack", "spell") and option.plan is not None


class TargetPanel(Panel):
    """What lies under the cursor and, for the selected character, every action against
    it with its chance and named terms, or why it is impossible (numbered: press 1-9).

    The screen hands it the choices: the panel only draws them."""

    DEFAULT_CSS = """
    TargetPanel { height: 1fr; border: round $secondary; padding: 0 1; }
    """

    @dataclass
    class OddsAsked(Message):
        """A click on an option: show its full odds."""

        option: legal.Option

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = "Target"
        #: Line index -> the option it belongs to, for clicks.
        self._option_at_line: dict[int, legal.Option] = {}
        self._odds: dict[int, tuple] = {}

    def odds(self, option: legal.Option) -> dict:
        """The exact odds of an option (from its plan), computed once per plan."""
        key = id(option.plan)
        if key not in self._odds:
            if len(self._odds) > 256:
                self._odds.clear()
            # The plan is kept with its odds, so its id is not reused while cached.
            self._odds[key] = (option.plan, plan_odds(option.plan, option.command))
        return self._odds[key][1]

    def on_click(self, event: events.Click) -> None:
        # The panel's lines wrap: find the clicked line from their wrapped heights.
        row = event.y + round(self.scroll_y)
        top = 0
        for index, height in enumerate(self._shape):
            if top <= row < top + height:
                option = self._option_at_line.get(index)
                if option is not None:
                    self.post_message(self.OddsAsked(option))
                return
            top += height

    def show(self, game: Game, pos: Pos, labels, choices: list[legal.Option]) -> None:
        lines: list[Text] = [Text(f"Square {pos[0]},{pos[1]}", style="dim")]
        unit = game.unit_at(pos)
        thing = game.thing_at(pos)
        door = game.doors.get(pos)
        if unit:
            owner = game.player(unit.owner).name if unit.owner else "creature"
            lines.append(Text.assemble((f"{unit.name} [{labels(unit.id)}]", "bold"),
                                       f" · {owner}"))
            lines.append(Text("HP ") + bar(unit.hp, unit.hp_max, colour="red"))
            lines += owed_line(game, unit)
        elif thing:
            lines.append(Text(f"{thing.name} (object)", style="bold"))
            lines.append(Text("HP ") + bar(thing.hp, thing.hp_max, colour="red"))
        elif door:
            lines.append(Text(f"Door ({door.state}), HP {door.hp}/{door.hp_max}", style="bold"))
        elif pos in game.walls:
            lines.append(Text("Wall"))
        else:
            lines.append(Text("Floor"))
        for fallen in game.units.values():
            if fallen.down and fallen.pos == pos:
                owner = game.player(fallen.owner).name if fallen.owner else "creature"
                lines.append(Text(f"{fallen.name} lies here, down ({owner})", style="dim"))
        self._option_at_line = {}
        for number, option in enumerate(choices, 1):
            head = f"{number} " if number <= 9 else "  "
            if option.possible and option.chance is None:  # an item: no roll
                lines.append(Text(f"{head}{option.label} ({option.ap_cost} AP)"))
            elif option.possible:
                self._option_at_line[len(lines)] = option
                line = Text(head) + chance_line(f"{option.label} ({option.ap_cost} AP)",
                                                option.chance)
                lines.append(line)
                if option.defence:
                    lines.append(Text("    ") + chance_line(option.defence.check,
                                                            option.defence))
                if has_odds(option):
                    self._option_at_line[len(lines)] = option
                    lines.append(Text("    ") + panel_line(self.odds(option)))
            else:
                lines.append(Text(f"{head}{option.label}: {option.reason}", style="dim"))
        self.set_lines(lines)
