"""The character panel (the selected unit) and the target panel (what the cursor is on)."""

from __future__ import annotations

import msgspec
from rich.text import Text
from textual import events
from textual.containers import VerticalScroll
from textual.message import Message
from textual.content import Content
from textual.widgets import Static

from game.i18n import N_, _, content_text, format_percent, ngettext, square_text
from game.journal.text import chance_line, namer
from game.rules import legal
from game.rules.engine import Game
from game.rules.geometry import Pos
from game.rules.magic import spell_range
from game.rules.progress import next_level_xp
from game.rules.units import Unit
from game.ui.words import (characteristic_name, check_name, option_label, owner_name,
                           refusal_text, skill_name)

#: What the target panel says of a door, by its state.
DOOR_LINES = {"closed": N_("Door (closed), HP {hp}/{hp_max}"),
              "open": N_("Door (open), HP {hp}/{hp_max}"),
              "broken": N_("Door (broken), HP {hp}/{hp_max}")}


#: The gauge's width in a full card's bar, and in a compact card's (HP and AP on a line).
FULL_GAUGE, COMPACT_GAUGE = 14, 4


def bar(label: str, value: int, maximum: int, width: int = FULL_GAUGE,
        colour: str = "green") -> Text:
    """`HP ███████░░░░░░░ 9/18`: a labelled bar that reads without colour (width 0: the
    numbers alone, `HP 9/18`)."""
    if width <= 0:
        return Text.assemble(f"{label} ", Text(f"{value}/{maximum}", style=colour))
    filled = round(width * value / maximum) if maximum else 0
    gauge = Text("█" * filled, style=colour)  # the numbers in the bar's colour too
    gauge.append("░" * (width - filled), style="grey42")
    gauge.append(f" {value}/{maximum}")
    return Text.assemble(f"{label} ", gauge)


def gauges(room: int | None) -> tuple[int, int]:
    """The widths of a full card's gauge and of a compact card's two that keep each bar
    line on one line of a panel `room` cells wide (None: not known yet, the usual ones):
    a narrow side bar shortens them, then shows the numbers alone (playtest at 80×24:
    `AP ████ 10/10` wrapped, `10/10` on a line of its own)."""
    if room is None:
        return FULL_GAUGE, COMPACT_GAUGE
    numbers = len("HP ") + len(" 18/18")  # a label and two-digit HP
    full = min(FULL_GAUGE, room - numbers)
    compact = COMPACT_GAUGE if 2 * (numbers + COMPACT_GAUGE) + 2 <= room else 0
    return (full if full >= 2 else 0), compact


def odds_line(data: dict) -> Text:
    """An option's odds on one line (`game.oddsreport.panel_line`)."""
    from game.oddsreport import panel_line  # the first frame shows no odds (start-up)

    return panel_line(data)


def hp_bar(value: int, maximum: int, width: int = FULL_GAUGE) -> Text:
    return bar(_("HP"), value, maximum, width, colour="red")


class Panel:
    """A bordered, scrolling panel whose text is replaced as the game moves on: what the
    two panels share, each a `VerticalScroll` (a plain class, not a widget of its own:
    declaring a widget class costs some 2 M instructions of start-up)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.body = Static()
        self._parts: list[Content] = []  # the lines shown, as the body draws them
        self._shown: Content | None = None  # the body's text: the lines joined
        self._shaped: tuple[int, tuple[int, ...]] = (0, ())  # a width, each line's height
        #: The lines shown, unwrapped.
        self.lines: list[Text] = []

    def compose(self):
        yield self.body

    def set_lines(self, lines: list[Text]) -> None:
        """Show these lines; lay the screen out again only if their wrapped height changed.

        A layout redraws every widget, the map included: skipping it keeps a cursor move
        cheap on big maps.
        """
        # The lines' height as the body wraps them (by words, at its own width): an
        # estimate from their length is wrong both ways, and a line that grew a row while
        # the estimate stayed put was drawn cut (the foes' names after "Could attack …
        # next turn:" lost below it). Before the first layout the width is not known and
        # the layout wraps them anyway (wrapped at one cell they had cost a tenth of the
        # first frame's own work).
        width = self.body.size.width or self.scrollable_content_region.width
        # Textual's own Content renders faster than a Rich Group of Texts.
        parts = [Content.from_rich_text(line) for line in lines]
        shown = Content("\n").join(parts)
        layout = True
        if width and self._shown is not None:
            # Textual keeps a text's height at the width it was last laid out at: the old
            # one's is known, the new one's is kept for the layout if there is one.
            styles = self.body.styles
            layout = shown.get_height(styles, width) != self._shown.get_height(styles, width)
        self.body.update(shown, layout=layout)
        self._parts, self._shown, self.lines = parts, shown, lines
        self._shaped = (0, ())

    @property
    def _shape(self) -> tuple[int, ...]:
        """Each line's height as the body wraps it now (where a click falls)."""
        width = max(1, self.body.size.width)
        if self._shaped[0] != width:
            self._shaped = (width, tuple(max(1, part.get_height(self.body.styles, width))
                                         for part in self._parts))
        return self._shaped[1]


class UnitPanel(Panel, VerticalScroll):
    """The selected character: bars, level, characteristics, skills, gear, effects, stats."""

    DEFAULT_CSS = """
    UnitPanel { height: auto; max-height: 50%; border: round $primary; padding: 0 1; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = _("Character")

    def show(self, game: Game, unit: Unit | None, compact: bool = False,
             room: int | None = None) -> None:
        """`compact`: a short terminal's card, what a turn needs first (`compact_card`).
        `room`: the cells a line has (`gauges`)."""
        if unit is None:
            self.set_lines([Text(_("No character selected.")),
                            Text(_("Tab cycles your characters."), style="dim")])
            return
        full, short = gauges(room)
        self.set_lines(compact_card(game, unit, short) if compact
                       else unit_card(game, unit, full))


class Card(msgspec.Struct, frozen=True):
    """The parts of a unit's card, each a line (or lines), for its two layouts."""

    head: Text
    owed: list[Text]
    level: Text
    names: list[str]
    skills: Text
    weapons: Text
    armour: Text
    spells: list[Text]
    effects: list[Text]
    down: list[Text]
    stats: Text


def next_level_text(game: Game, unit: Unit) -> Text:
    """What the next level gives a caster, on a line of its own: a level lengthens spells'
    reach and nothing else (R8.4, R7.1). Empty for a unit whose reach would not change,
    so a fighter's card spends no line on it (the help says what a level does)."""
    spells = game.content.spells
    longer = [_("{spell} reaches {reach}").format(spell=content_text(spells[s].name),
                                                   reach=spell_range(spells[s], unit.level + 1))
              for s in unit.spells
              if spell_range(spells[s], unit.level + 1) != spell_range(spells[s], unit.level)]
    if not longer:
        return Text()
    return Text(_("at level {level}: {spells}").format(
        level=unit.level + 1, spells=_(", ").join(longer)), style="dim")


def card(game: Game, unit: Unit) -> Card:
    content = game.content
    head = Text.assemble((content_text(unit.name), "bold"),
                         f"  {unit.id} · {owner_name(game, unit)}")
    nxt = next_level_xp(game.rules.level_thresholds, unit.xp)
    # Creatures do not learn: no level line for them.
    if not unit.is_character:
        level = Text(_("Creature: gains no XP"), style="dim")
    elif nxt:
        level = Text(_("Level {level} · XP {xp} (next {next})").format(
            level=unit.level, xp=unit.xp, next=nxt))
        reach = next_level_text(game, unit)
        if reach:
            level.append("\n")
            level.append_text(reach)
    else:
        level = Text(_("Level {level} · XP {xp}").format(level=unit.level, xp=unit.xp))
    skills = "  ".join(f"{skill_name(k)} {v}" for k, v in unit.skills.items())
    weapons = ", ".join(content_text(content.weapons[w].name) for w in unit.weapons) \
        or _("bare hands")
    armour = ", ".join(content_text(content.armours[a].name)
                       for a in (unit.armour, unit.legendary_armour) if a) or _("none")
    spells = []
    if unit.spells:
        spells = [Text(_("Spells: {spells}").format(
            spells=", ".join(content_text(content.spells[s].name) for s in unit.spells)))]
    name = namer(game)
    effects = [Text(ngettext("Effect: {source} {amount} {stat} ({n} turn left)",
                             "Effect: {source} {amount} {stat} ({n} turns left)",
                             effect.turns).format(
        source=name(effect.source), amount=f"{effect.amount:+d}", stat=name(effect.stat),
        n=effect.turns), style="magenta") for effect in unit.live_effects]
    s = unit.stats
    stats = Text(_("Attacks {attacks} · hits {hits} · perfect {perfects} · missed "
                   "{misses} · dodges {dodges} · dealt {dealt} · taken {taken} · kills "
                   "{kills} · spells {cast}/{failed} failed/{countered} countered · "
                   "counters {counters}").format(
        attacks=s.attacks, hits=s.hits, perfects=s.perfects, misses=s.misses,
        dodges=s.dodges, dealt=s.damage_dealt, taken=s.damage_taken, kills=s.kills,
        cast=s.spells_cast, failed=s.spells_failed, countered=s.spells_countered,
        counters=s.counters), style="dim")
    return Card(head, owed_line(game, unit), level, list(unit.characteristics),
                Text(_("Skills: {skills}").format(skills=skills)),
                Text(_("Weapons: {weapons}").format(weapons=weapons)),
                Text(_("Armour: {armour}").format(armour=armour)), spells, effects,
                [Text(_("DOWN"), style="bold red")] if unit.down else [], stats)


def unit_card(game: Game, unit: Unit, gauge: int = FULL_GAUGE) -> list[Text]:
    """The card: bars, level, characteristics in columns, skills, gear, effects, stats."""
    c = card(game, unit)
    # A name and its value in aligned columns (the page's abbreviations have three letters).
    stats_names = Text("  ".join(f"{characteristic_name(n):<3}" for n in c.names), style="dim")
    stats_values = Text("  ".join(f"{unit.stat(n):<3}" for n in c.names))
    return [c.head, hp_bar(unit.hp, unit.hp_max, gauge),
            bar(_("AP"), unit.ap, unit.ap_max, gauge, colour="cyan"), *c.owed, c.level, stats_names,
            stats_values, c.skills, c.weapons, c.armour, *c.spells, *c.effects, *c.down,
            c.stats]


def compact_card(game: Game, unit: Unit, gauge: int = COMPACT_GAUGE) -> list[Text]:
    """The card on a short terminal, where the panel shows five lines or so before it
    scrolls: what a turn needs first (HP and AP on one line, effects, weapons, spells),
    then the characteristics on one line, skills, armour, level, statistics."""
    c = card(game, unit)
    both = Text.assemble(bar(_("HP"), unit.hp, unit.hp_max, gauge, colour="red"), "  ",
                         bar(_("AP"), unit.ap, unit.ap_max, gauge, colour="cyan"))
    # A no-break space holds each name to its value: the line wraps between them, not
    # inside one (playtest: `INT` at the end of a line, `10` on the next, at 80×24).
    values = Text("  ".join(f"{characteristic_name(n)}\u00a0{unit.stat(n)}" for n in c.names))
    return [c.head, both, *c.down, *c.owed, *c.effects, c.weapons, *c.spells, values,
            c.skills, c.armour, c.level, c.stats]


def owed_line(game: Game, unit: Unit) -> list[Text]:
    """AP a counter-magic drained, owed to the next refill: shown so nobody is surprised."""
    if not unit.ap_owed:
        return []
    return [Text(_("AP owed {owed}: next turn starts with {ap} AP").format(
        owed=unit.ap_owed, ap=game.refill(unit)), style="yellow")]


def has_odds(option: legal.Option) -> bool:
    """An attack or a spell checked possible: its plan gives exact odds."""
    return option.possible and option.kind in ("attack", "spell") and option.plan is not None


class TargetPanel(Panel, VerticalScroll):
    """What lies under the cursor and, for the selected character, every action against
    it with its chance and named terms, or why it is impossible (numbered: press 1-9).

    The screen hands it the choices: the panel only draws them."""

    DEFAULT_CSS = """
    TargetPanel { height: 1fr; border: round $secondary; padding: 0 1; }
    """

    class OddsAsked(Message):
        """A click on an option: show its full odds."""

        def __init__(self, option: legal.Option) -> None:
            super().__init__()  # (a plain class: see MapView.CursorMoved)
            self.option = option

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = _("Target")
        #: Line index -> the option it belongs to, for clicks.
        self._option_at_line: dict[int, legal.Option] = {}
        self._odds: dict[int, tuple] = {}

    def odds(self, option: legal.Option) -> dict:
        """The exact odds of an option (from its plan), computed once per plan."""
        key = id(option.plan)
        if key not in self._odds:
            if len(self._odds) > 256:
                self._odds.clear()
            from game.oddsreport import plan_odds  # the first frame goes without (start-up)

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

    def show(self, game: Game, pos: Pos, labels, choices: list[legal.Option],
             from_here: legal.FromHere | None = None, preview: list[Text] = (),
             compact: bool = False, aimed: str | None = None,
             room: int | None = None) -> None:
        """`preview`: lines shown first (who an aimed spell touches here). `compact`: a
        short terminal's panel, the square's coordinates on its first line. `aimed`: the
        spell being aimed, whose chance and odds are the only ones listed (under their
        number), not the other actions' there. `room`: the cells a line has (`gauges`)."""
        square = Text(_("Square {x},{y}").format(x=pos[0], y=pos[1]), style="dim")
        unit = game.unit_at(pos)
        thing = game.thing_at(pos)
        door = game.doors.get(pos)
        if unit:
            here = [Text.assemble((f"{content_text(unit.name)} [{labels(unit.id)}]", "bold"),
                                  f" · {owner_name(game, unit)}"),
                    hp_bar(unit.hp, unit.hp_max, gauges(room)[0]), *owed_line(game, unit)]
        elif thing:
            here = [Text(_("{name} (object)").format(name=content_text(thing.name)),
                         style="bold"),
                    hp_bar(thing.hp, thing.hp_max, gauges(room)[0])]
        elif door:
            here = [Text(_(DOOR_LINES[door.state]).format(hp=door.hp, hp_max=door.hp_max),
                         style="bold")]
        elif pos in game.walls:
            here = [Text(_("Wall"))]
        else:
            here = [Text(_("Floor"))]
        if compact:
            here[0] = Text.assemble((f"{square_text(pos)} ", "dim"), here[0])
        lines: list[Text] = [*preview, *([] if compact else [square]), *here]
        if from_here is not None:
            lines += from_here_lines(game, labels, from_here, compact)
        for fallen in game.units.values():
            if fallen.down and fallen.pos == pos:
                lines.append(Text(_("{name} lies here, down ({owner})").format(
                    name=content_text(fallen.name), owner=owner_name(game, fallen)),
                    style="dim"))
        name = namer(game)
        self._option_at_line = {}
        # What can be done first, each under the number that plays it; what cannot, after:
        # on a short terminal the castable spell is not pushed below the fold by a dagger
        # that needs an adjacent target.
        numbered = sorted(enumerate(choices, 1), key=lambda pair: not pair[1].possible)
        if aimed is not None:
            numbered = [(number, option) for number, option in numbered
                        if option.kind == "spell" and option.action.spell == aimed]
        for number, option in numbered:
            head = f"{number} " if number <= 9 else "  "
            label = option_label(game, option)
            priced = _("{action} ({ap} AP)").format(action=label, ap=option.ap_cost)
            # The number to press before each action (a marker, not part of the sentence).
            if option.possible and option.chance is None:  # an item: no roll
                lines.append(Text(f"{head}{priced}"))
            elif option.possible and compact:
                # The chances without their terms (d and the roll card give them), the
                # defence's on the same line.
                self._option_at_line[len(lines)] = option
                chance = format_percent(option.chance.value / 100, 0)
                line = Text.assemble(head, (f"{priced} {chance}", "bold"))
                if option.defence:
                    line.append(f" · {check_name(option.defence.check)} "
                                f"{format_percent(option.defence.value / 100, 0)}")
                lines.append(line)
                if has_odds(option):
                    self._option_at_line[len(lines)] = option
                    lines.append(Text("    ") + odds_line(self.odds(option)))
            elif option.possible:
                self._option_at_line[len(lines)] = option
                line = Text(head) + chance_line(priced, option.chance, name)
                lines.append(line)
                if option.defence:
                    lines.append(Text("    ") + chance_line(check_name(option.defence.check),
                                                            option.defence, name))
                if has_odds(option):
                    self._option_at_line[len(lines)] = option
                    lines.append(Text("    ") + odds_line(self.odds(option)))
            else:
                refused = _("{action}: {reason}").format(action=label,
                                                         reason=refusal_text(option))
                lines.append(Text(f"{head}{refused}", style="dim"))
        self.set_lines(lines)


def from_here_lines(game: Game, labels, here: legal.FromHere,
                    compact: bool = False) -> list[Text]:
    """What the selected character could do after walking to the square (the engine's
    `legal.options_from`): each foe with the attacks and spells it could then use, their
    chance, and the foes that could attack it there next turn.

    `compact` (a short terminal): the danger first, right under the walk's cost, and
    without the character's name, which the panel above shows."""
    unit = here.move.action.unit
    name = content_text(game.units[unit].name)
    if here.square == game.units[unit].pos:
        head = Text((_("Here: {left} AP") if compact else
                     _("Where {unit} stands ({left} AP):")).format(
            unit=name, left=here.ap_left), style="bold")
    else:
        head = Text((_("Walk here: {cost} AP, {left} left") if compact else
                     _("From here {unit} ({cost} AP to walk, {left} AP left):")).format(
            unit=name, cost=here.move.ap_cost, left=here.ap_left), style="bold")
    lines = []
    for foe, found in here.targets:
        actions = _(" · ").join(_("{action} {chance} ({ap} AP)").format(
            action=option_label(game, o), chance=format_percent(o.chance.value / 100, 0),
            ap=o.ap_cost)
            if o.chance is not None else
            _("{action} ({ap} AP)").format(action=option_label(game, o), ap=o.ap_cost)
            for o in found)
        # Compact, the danger line sits between the walk and these: an arrow says that they
        # are the character's own actions, not more of the foes' threat.
        line = _("{foe}: {actions}").format(
            foe=f"{content_text(foe.name)} [{labels(foe.id)}]", actions=actions)
        lines.append(Text(f"  {'→ ' if compact else ''}{line}"))
    if not here.targets:
        if here.nearest is not None:
            # Why not: the engine's refusal of its first attack on the nearest foe (its
            # reach, its AP or its sight), not a guess of the panel's.
            refused = here.nearest[1]  # its reason names the foe
            lines.append(Text.assemble("  ", (_("no foe within reach from here: {action}: "
                                                 "{reason}").format(
                action=option_label(game, refused), reason=refusal_text(refused)), "dim")))
        else:
            lines.append(Text.assemble("  ", (_("no foe within reach from here"), "dim")))
    foes = ", ".join(f"{content_text(foe.name)} [{labels(foe.id)}]" for foe in here.threats)
    if here.threats:
        threat = Text((_("Could attack here next turn: {foes}") if compact else
                       _("Could attack {unit} here next turn: {foes}")).format(
            unit=name, foes=foes), style="yellow")
    else:
        threat = Text((_("No foe could attack here next turn") if compact else
                       _("No foe could attack {unit} here next turn")).format(unit=name),
                      style="dim")
    return [head, threat, *lines] if compact else [head, *lines, threat]
