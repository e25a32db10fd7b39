"""The play screen's input modes: what Enter, y and Esc do and what the map and the
target panel show at the cursor, in the mode the player is in.

As the tcod tutorial's event handlers do, each mode is an object of its own that the
screen hands its keys to: `Pointing` (the usual one: Enter selects your character under
the cursor or walks the selected one there, the map tints its reach and targets, a
square's move is previewed) and `Aiming` (a spell picked: its footprint and who it
touches are shown at the cursor until Enter or y casts it, Esc goes back to pointing).
What a mode shows is the engine's (the choices, plans and zones of `Answers`); it only
chooses what to ask and how to word it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec
from rich.text import Text

from game.i18n import NP_, _, agreed, content_text, ngettext
from game.journal.text import chance_line, namer
from game.ui import options
from game.ui.words import owner_name, refusal_text, spell_kind

if TYPE_CHECKING:
    # The play screen (screen.py), typed as any screen: it imports this module.
    from textual.screen import Screen

    from game.rules.units import Unit
    from game.ui.screens.dialogs import SpellRow


class Look(msgspec.Struct):
    """What a mode shows for the cursor's square: the map's tints (`Overlay`), the status
    line's preview, the target panel's first lines and what the unit could do from there."""

    reach: frozenset = frozenset()
    targets: frozenset = frozenset()
    path: frozenset = frozenset()
    end: tuple[int, int] | None = None
    cost: int = 0
    area: frozenset = frozenset()
    out: frozenset = frozenset()
    range: frozenset = frozenset()
    hint: str = ""
    preview: list[Text] = msgspec.field(default_factory=list)
    from_here: object = None


class Mode:
    """An input mode; `spell` is the spell aimed (None but while aiming)."""

    spell: str | None = None

    def __init__(self, screen: Screen) -> None:
        self.screen = screen

    def look(self, unit, choices: options.Choices) -> Look:
        """What to show at the cursor for `unit`, the selected unit that may act now."""
        return Look()

    def activate(self) -> None:
        """Enter (or m) at the cursor."""

    def key(self, key: str) -> bool:
        """A key the bindings left alone (Esc, y); True when this mode took it."""
        return False


class Pointing(Mode):
    """The usual mode: the keys act on the square under the cursor."""

    def look(self, unit, choices: options.Choices) -> Look:
        screen = self.screen
        game, cursor = screen.game, screen.cursor
        look = Look(reach=frozenset(choices.reach),
                    targets=frozenset(choices.attack_squares()))
        # Its own square too: what it could do without walking, and who could strike it
        # where it stands (the question a player asks before ending the turn).
        if cursor == unit.pos or (cursor in choices.reach and game.unit_at(cursor) is None):
            look.from_here = screen.answers.from_here(unit.id, cursor)
        if cursor in look.reach:
            move = options.move(game, unit.id, cursor)
            if move.possible:
                look.path = frozenset(move.plan.path)
                look.end, look.cost = cursor, move.ap_cost
                look.hint = _("Move {unit} to {x},{y}: {ap} AP (Enter)").format(
                    unit=content_text(unit.name), x=cursor[0], y=cursor[1], ap=move.ap_cost)
        return look

    def activate(self) -> None:
        """Select your character under the cursor, or walk the selected one there."""
        screen = self.screen
        unit = screen.game.unit_at(screen.cursor)
        if unit and unit.id in screen.my_units():
            screen.select(unit.id, move_cursor=False)
        elif screen.need_actor():
            screen.apply(options.move(screen.game, screen.selected, screen.cursor).action)


class Aiming(Mode):
    """A spell picked, waiting for its target: shown at the cursor before it is cast."""

    def __init__(self, screen: Screen, spell: str) -> None:
        super().__init__(screen)
        self.spell = spell
        self._within: tuple[frozenset | None, frozenset] = (None, frozenset())

    def look(self, unit, choices: options.Choices) -> Look:
        screen = self.screen
        game = screen.game
        out = screen.answers.zone("out", unit.id, self.spell)
        if self._within[0] is not out:  # the zone asked anew: the game moved on
            # Within its range and sight: the squares the engine's zone leaves (a wall is
            # nowhere to aim at).
            self._within = (out, frozenset(
                (x, y) for y in range(game.height) for x in range(game.width)
                if (x, y) not in out and (x, y) not in game.walls))
        look = Look(targets=frozenset(choices.spell_squares(self.spell)), out=out,
                    range=self._within[1])
        look.hint, look.preview = self.preview(unit.id)
        look.preview.insert(0, self.range_line(unit, out))
        footprint = options.footprint(screen.game, self.spell, self.aimed_at())
        if footprint is not None:
            look.area = footprint[0]
        return look

    def activate(self) -> None:
        if self.screen.selected:
            self.cast()
        else:
            self.screen.pointing.activate()

    def key(self, key: str) -> bool:
        screen = self.screen
        if key == "escape":
            screen.aiming = None
            screen.status(_("Spell cancelled"))
            return True
        if key == "y" and screen.selected and screen.is_active \
                and not screen.typing():
            self.cast()  # the confirming key of a spell shown before it is cast
            return True
        return False

    def aimed_at(self) -> list[options.Option]:
        """The selected unit's options at the cursor, its own square included (where a
        spell on oneself is aimed; the target panel lists no action there)."""
        screen = self.screen
        return screen.choices_for(screen.selected).at(screen.cursor)

    def range_line(self, unit, out: frozenset) -> Text:
        """Whether what the cursor is on is within the aimed spell's range, and if not by
        how much: the engine's plan (its distance) or refusal (its reach and the distance
        it found), else its zone out of range and sight for a square with no unit."""
        screen = self.screen
        game, cursor = screen.game, screen.cursor
        spell = game.content.spells[self.spell]
        name = content_text(spell.name)
        reach = options.spell_reach(game, unit.id, self.spell)
        option = options.spell_option(self.spell, self.aimed_at())
        if option is not None and option.possible:
            d = option.plan.distance
            return Text(ngettext("✓ in range: {d} square away, {spell} reaches {reach}",
                                 "✓ in range: {d} squares away, {spell} reaches {reach}",
                                 d).format(d=d, spell=name, reach=reach), style="green")
        if cursor == unit.pos:  # where the cursor starts: what the tint is
            return Text(ngettext("{spell} reaches {reach} square from here: the tinted squares",
                                 "{spell} reaches {reach} squares from here: the tinted "
                                 "squares", reach).format(spell=name, reach=reach),
                        style="bold")
        over = options.out_of_range_by(option)
        if over is not None:
            return Text(ngettext("✗ out of range by {n} square: {reason}",
                                 "✗ out of range by {n} squares: {reason}", over).format(
                n=over, reason=refusal_text(option)), style="bold red")
        if options.out_of_sight(option):
            return Text(_("✗ in range but out of sight: {reason}").format(
                reason=refusal_text(option)), style="bold red")
        if cursor in out:
            return Text(_("✗ out of {spell}'s range or sight from here (it reaches "
                          "{reach})").format(spell=name, reach=reach), style="bold red")
        return Text(_("✓ within {spell}'s range and sight (it reaches {reach})").format(
            spell=name, reach=reach), style="green")

    def preview(self, actor: str) -> tuple[str, list[Text]]:
        """The status hint and the target panel's list of who the spell touches at the
        cursor, each with its side (the plan's targets: the engine's)."""
        screen = self.screen
        game = screen.game
        spell = game.content.spells[self.spell]
        found = self.aimed_at()
        touched = options.touched(game, self.spell, found)
        option = options.spell_option(self.spell, found)
        if option is not None and not option.possible and \
                screen.cursor != game.units[actor].pos:
            # On a unit it cannot be cast on: why, before Enter is pressed (not on the
            # caster itself, where the cursor starts: there it waits for a target).
            return _("✗ {spell} cannot be cast here: {reason} (Esc cancels)").format(
                spell=content_text(spell.name), reason=refusal_text(option)), []
        if not touched:
            return _("Casting {spell}: put the cursor on a target and press Enter "
                     "(Esc cancels)").format(spell=content_text(spell.name)), []
        sides = [side_text(game, actor, unit) for unit in touched]
        preview = [Text(_("{spell} here touches:").format(spell=content_text(spell.name)),
                        style="bold")]
        preview += [Text(f"  • {side}", style="red" if options.is_foe(game, actor, unit)
                         else "green") for side, unit in zip(sides, touched)]
        preview.append(Text(_("Enter or y casts · Esc cancels"), style="dim"))
        return _("{spell} here touches {units} · Enter or y casts, Esc cancels").format(
            spell=content_text(spell.name), units=_(", ").join(sides)), preview

    def cast(self) -> None:
        """Cast the spell at the cursor; helping a foe (a heal or buff that touches one)
        is asked first."""
        screen = self.screen
        game, actor, spell_id = screen.game, screen.selected, self.spell
        found = self.aimed_at()
        action = options.cast(actor, spell_id, screen.cursor, found)
        spell = game.content.spells[spell_id]
        touched = [u for u in options.touched(game, spell_id, found)
                   if options.is_foe(game, actor, u)]
        foes = [content_text(u.name) for u in touched]
        # French agrees with the foes: `une ennemie`, `des ennemies` (all of them women).
        gender = "f" if touched and all(u.gender == "f" for u in touched) else "m"

        def cast() -> None:
            screen.aiming = None
            screen.apply(action)

        if not foes or spell.kind not in ("heal", "buff"):
            cast()
            return
        names = _(", ").join(foes)
        if spell.kind == "heal":
            question = agreed(gender, "Heal {names}, an enemy?", "Heal {names}, enemies?",
                              len(foes))
        else:
            question = agreed(gender, "Buff {names}, an enemy?", "Buff {names}, enemies?",
                              len(foes))
        screen.app.confirm(question.format(names=names),
                           _("cast {spell}").format(spell=content_text(spell.name)), cast)


#: The feminine forms of the texts above that agree with the units they name (`agreed`
#: looks them up by their English; read by the catalog extractor, not at run time).
FEMININE = (
    NP_("feminine", "Heal {names}, an enemy?"),
    NP_("feminine", "Heal {names}, enemies?"),
    NP_("feminine", "Buff {names}, an enemy?"),
    NP_("feminine", "Buff {names}, enemies?"),
    NP_("feminine", "{unit} ({side}, foe)"),
)

def side_text(game, actor: str, unit) -> str:
    """`Dagny (Bruno, foe)`, `Corvin (Alice, yours)`: a unit with its side."""
    side = owner_name(game, unit)
    if options.is_foe(game, actor, unit):
        return agreed(unit.gender, "{unit} ({side}, foe)").format(
            unit=content_text(unit.name), side=side)
    return _("{unit} ({side}, yours)").format(unit=content_text(unit.name), side=side)


def spell_rows(game, unit: Unit, here: list[options.Option],
               choices: options.Choices) -> list[SpellRow]:
    """The spell picker's rows: each spell with its cost, range and kind, and its chance
    on the target under the cursor, or why it cannot be cast (on it, or at all)."""
    from game.ui.screens.dialogs import SpellRow

    on_target = {o.action.spell: o for o in here if o.kind == "spell"}
    rows = []
    for spell_id in unit.spells:
        spell = game.content.spells[spell_id]
        reach = options.spell_reach(game, unit.id, spell_id)
        text = Text((_("{spell} · {ap} AP · range {range} · {kind}, area {area}")
                     if spell.area else _("{spell} · {ap} AP · range {range} · {kind}"))
                    .format(spell=content_text(spell.name), ap=spell.ap_cost, range=reach,
                            kind=spell_kind(spell.kind), area=spell.area))
        choice = on_target.get(spell_id)
        if reach == 0:  # cast on oneself (Focus): its chance there, whatever is aimed at
            choice = options.spell_option(spell_id, choices.at(unit.pos))
        why_not = "" if choices.spell_squares(spell_id) else options.why_not(choices, spell_id)
        if choice and choice.possible:
            text.append("  ")
            text.append(chance_line(_("now"), choice.chance, namer(game)))
        elif choice:
            text.append(f"  — {refusal_text(choice)}", style="dim")
        elif why_not:
            text.append(f"  — {why_not}", style="dim")
        rows.append(SpellRow(spell_id, text, why_not,
                             bool(why_not) and options.beyond_reach(choices, spell_id)))
    return rows
