"""The play screen: map, panels, journal, status and command lines, and the keys that play.

It keeps what the player points at (`selected`, `aiming`, the cursor) and applies the
action objects the engine offers (`game.ui.options`) through the controller. Its keys
live on the screen, so none of them acts while a hand-over, dialog or game-over screen
is on top of it.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Input, Static

from game.i18n import N_, _, content_text, ngettext
from game.journal.text import chance_line, headline, namer
from game.rules.errors import Impossible
from game.ui import options
from game.ui.controller import Controller, Outcome, Problem
from game.ui.widgets.bars import KeyBar, TitleBar
from game.ui.widgets.journal_log import JournalLog, event_lines
from game.ui.widgets.map_view import SCALES, MapView, Overlay
from game.ui.widgets.panels import TargetPanel, UnitPanel, has_odds
from game.ui.words import impossible_text, owner_name, refusal_text, spell_kind

Pos = tuple[int, int]


class PlayScreen(Screen[None]):
    """One hot-seat game being played."""

    BINDINGS = [
        Binding("enter,m", "activate", N_("Select/Move"),
                tooltip=N_("Select your character under the cursor, or walk the selected one "
                           "there")),
        Binding("tab", "cycle(1)", N_("Next"), show=False,
                tooltip=N_("Select your next character with AP left")),
        Binding("shift+tab", "cycle(-1)", N_("Prev"), show=False,
                tooltip=N_("Select your previous character with AP left")),
        Binding("a", "attack", N_("Attack"),
                tooltip=N_("Attack what is under the cursor with the first weapon")),
        Binding("b", "brawl", N_("Brawl"),
                tooltip=N_("Attack what is under the cursor bare-handed")),
        Binding("c", "spells", N_("Cast"),
                tooltip=N_("Pick a spell (cost, range, odds on the target under the cursor; i "
                           "describes one); it is shown on the map before Enter or y casts it")),
        Binding("o", "door", N_("Door"), tooltip=N_("Open or close the door under the cursor")),
        Binding("e", "end_turn", N_("End turn"),
                tooltip=N_("End the turn: hand over to the next player")),
        Binding("colon", "command_line", N_("Command"),
                tooltip=N_("Command line: the notation below, or save NAME, load NAME, undo")),
        Binding("question_mark", "help", N_("Help"), tooltip=N_("This help")),
        Binding("J", "journal", N_("Journal"), tooltip=N_("The whole journal, with search")),
        Binding("L", "legend", N_("Legend"), show=False,
                tooltip=N_("The map's legend: what each glyph, tint and unit tag means")),
        Binding("d", "odds", N_("Odds"), show=False,
                tooltip=N_("The full exact odds of the target panel's first action (or click "
                           "an action)")),
        Binding("i", "inspect", N_("Inspect"), show=False,
                tooltip=N_("Look closely at the unit under the cursor, enemies included, and "
                           "describe its weapons, armour, spells and items")),
        Binding("r", "roster", N_("Units"), show=False,
                tooltip=N_("Every unit: side, HP, AP, effects, down")),
        Binding("q", "quit_game", N_("Quit"), tooltip=N_("Quit the game (asked first)")),
        Binding("u,ctrl+z", "undo", N_("Undo"),
                tooltip=N_("Undo the last command, back to the last die rolled this turn")),
        Binding("ctrl+s", "save", N_("Save"), tooltip=N_("Save the game under a name")),
        Binding("ctrl+o", "load", N_("Load"), tooltip=N_("Load a save (asked first)")),
        Binding("f9", "quick_load", N_("Quick-load"), show=False,
                tooltip=N_("Go back to the latest autosave (asked first)")),
        Binding("v", "threats", N_("Threats"), show=False,
                tooltip=N_("Show or hide the enemies' threat zone: where they could attack "
                           "next turn")),
        Binding("R", "replay", N_("Replay"), show=False,
                tooltip=N_("Replay: step through this game's commands")),
        Binding("w", "roll_card", N_("Roll card"), show=False,
                tooltip=N_("The latest roll's card: each term with its rule and source (or "
                           "click a roll in the journal)")),
        *[Binding(str(n), f"option({n})", show=False,
                  tooltip=N_("Take the numbered action of the target panel"))
          for n in range(1, 10)],
    ]

    selected: reactive[str | None] = reactive(None, init=False)
    aiming: reactive[str | None] = reactive(None, init=False)  # a spell waiting for a target
    threats: reactive[bool] = reactive(False, init=False)  # the enemies' threat zone shown

    def __init__(self, controller: Controller, loaded=None) -> None:
        super().__init__()
        self.controller = controller
        self.loaded = loaded  # a save to show first (with its content-change question)
        self.cursor: Pos = (0, 0)
        self.here: list[options.Option] = []  # the selected unit's options at the cursor
        self._hinting = False  # the status line shows a preview of the cursor's square
        self._choices_key: tuple | None = None
        self._choices: options.Choices | None = None
        self._ai_timer = None  # the computer's next action, when its turn is on
        self._zones: dict[tuple, frozenset] = {}  # asked of the engine once per game state
        self._compact = False  # the panels as last drawn: for a short terminal or not

    @property
    def game(self):
        return self.controller.game

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="main"):
            yield MapView(self.game, id="map")
            with Vertical(id="side"):
                yield UnitPanel(id="unit")
                yield TargetPanel(id="target")
        yield JournalLog(id="journal")
        yield Static(id="status")
        yield KeyBar()

    @property
    def map(self) -> MapView:
        return self.query_one(MapView)

    def on_mount(self) -> None:
        self.set_interval(1.0, self.poll_content)  # hot reload of the content folder
        self.size_classes()
        self._compact = self.compact
        self.start()
        if self.loaded is not None:
            loaded, self.loaded = self.loaded, None
            self.after_load(loaded)

    #: Keys that play: none of them is the human's while the computer plays its turn.
    PLAYING = frozenset({"activate", "attack", "brawl", "spells", "door", "end_turn",
                         "option", "undo", "command_line"})
    #: Keys that would save, load or rewind a game: not while a round's creatures are
    #: acting one by one (the game stands mid-command).
    KEEPING = frozenset({"save", "load", "quick_load", "replay"})

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        # Under a hand-over, a dialog or the game-over screen, no key of the game plays
        # (and the key bar, which asks this, lists none).
        busy = self.controller.busy()
        if action in self.PLAYING and (busy or self.controller.ai_to_play()):
            return False
        if action in self.KEEPING and busy:
            return False
        return self.is_active

    def start(self) -> None:
        """Draw the controller's game from its first event (new, loaded, undone)."""
        game = self.game
        self.title = (_("Escarmouche — {scenario} · DESIGNER") if game.designer else
                      _("Escarmouche — {scenario}")).format(
                          scenario=content_text(game.scenario.name))
        self.map.set_game(game)
        self.fit_map()
        journal = self.query_one(JournalLog)
        journal.clear()
        journal.write_briefing(game)
        journal.write_events(game, game.journal)
        self._choices_key = None
        self.aiming = None
        self.select_first()  # which draws the panels
        self.map.focus()
        if self.controller.ai_to_play():  # a game that starts (or loads) on the computer's turn
            self.schedule_ai()

    def fit_map(self) -> None:
        """A tall terminal gives the journal room, but not the rows the map needs (map
        and border), as long as six journal lines and the three bars still fit; the map
        draws its squares as big as the room lets it (map first)."""
        room = self.size.height - 3 - 6 - 2
        self.widen_map(room - 2)
        self.map.fit(max(1, room - 2), self.map_width())
        need = self.game.height * self.map.cell[1] + 2
        self.query_one("#main").styles.min_height = max(0, min(need, room))

    def size_classes(self) -> None:
        """The app's size classes (`HORIZONTAL_BREAKPOINTS`…) for the terminal's size, as
        Textual sets them on a resize: set on mount too, so that the first layout is
        already the right one and the first frame is not drawn twice."""
        width, height = self.app.size
        named = []
        for dimension, breakpoints in ((width, self.app.HORIZONTAL_BREAKPOINTS),
                                       (height, self.app.VERTICAL_BREAKPOINTS)):
            reached = [(at, name) for at, name in breakpoints if dimension >= at]
            named += [max(reached)[1]] if reached else []
        self.update_classes({name: name in named for _, name in
                             (*self.app.HORIZONTAL_BREAKPOINTS,
                              *self.app.VERTICAL_BREAKPOINTS)}, animate=False)

    def map_width(self) -> int:
        """The map's width inside its border: its own once laid out; before the first
        layout, the one the layout will give it (the screen less the side bar's width and
        the map's border), so that the first frame already draws the squares at their size."""
        view = self.map
        if view.size.width:
            return view.size.width
        side = self.query_one("#side").styles.width
        if side is None or not side.is_cells:
            return 0
        return max(0, self.size.width - int(side.value) - view.styles.gutter.width)

    #: The side bar's width on a medium terminal, and on a very wide one (`app.tcss`).
    SIDE_MIN, SIDE_WIDE = 46, 72

    def widen_map(self, rows: int) -> None:
        """On a very wide terminal, the side bar gives up the columns the biggest squares
        need (map first), keeping at least `SIDE_MIN`; otherwise it is as the CSS says."""
        side = self.query_one("#side")
        columns = self.game.width * SCALES[-1][0] + 2  # and the map's border
        spare = self.size.width - columns
        if self.has_class("-very-wide") and self.game.height * SCALES[-1][1] <= rows \
                and self.SIDE_MIN <= spare < self.SIDE_WIDE:
            side.styles.width = spare
        elif "width" in side.styles.inline.get_rules():
            side.styles.inline.clear_rule("width")
            side.refresh(layout=True)

    def on_resize(self, event) -> None:
        self.fit_map()
        if self.compact != self._compact:  # the terminal grew or shrank past the line
            self._compact = self.compact
            self.refresh_all(hint=False)

    def on_map_view_scaled(self, message: MapView.Scaled) -> None:
        self.fit_map()

    # --- what the player points at --------------------------------------------------

    def my_characters(self) -> list[str]:
        game = self.game
        return [u.id for u in game.standing() if u.is_character and u.owner == game.current]

    def select(self, unit_id: str | None, move_cursor: bool = True) -> None:
        self.aiming = None
        self.selected = unit_id
        self.map.select(unit_id)
        if unit_id and move_cursor:
            self.map.move_cursor(self.game.units[unit_id].pos, announce=False)
            self.cursor = self.map.cursor
        self.refresh_all()

    def select_first(self) -> None:
        mine = self.my_characters()
        self.select(mine[0] if mine else None)

    def watch_aiming(self, _old: str | None, _new: str | None) -> None:
        if self.is_mounted:
            self.refresh_target()

    def action_cycle(self, step: int) -> None:
        """The next (or previous) of your characters with AP left; the next one whatever
        its AP when none has any."""
        mine = self.my_characters()
        if not mine:
            return
        here = mine.index(self.selected) if self.selected in mine else -step
        order = [mine[(here + step * i) % len(mine)] for i in range(1, len(mine) + 1)]
        ready = [u for u in order if self.game.units[u].ap > 0]
        self.select((ready or order)[0])

    def refresh_all(self, hint: bool = True) -> None:
        game = self.game
        player = game.player(game.current)
        self.sub_title = _("Round {round} · {player}'s turn (player {number})").format(
            round=game.round, player=content_text(player.name), number=player.number)
        unit = game.units.get(self.selected) if self.selected else None
        self.query_one(UnitPanel).show(game, unit, compact=self.compact)
        self.refresh_target(hint)

    @property
    def compact(self) -> bool:
        """A short terminal (the `-short` size class): the panels put what a turn needs
        first, in fewer lines."""
        return self.has_class("-short")

    def actor(self):
        """The selected unit if it may act now."""
        game = self.game
        unit = game.units.get(self.selected) if self.selected else None
        if unit and not unit.down and unit.owner == game.current and not game.over:
            return unit
        return None

    def refresh_target(self, show_hint: bool = True) -> None:
        game, cursor = self.game, self.cursor
        unit = self.actor()
        choices = self.choices_for(self.selected) if self.selected else None
        self.here = choices.at(cursor) if choices and choices.unit.pos != cursor else []
        here = self.from_here(unit.id, cursor) if unit and choices and not self.aiming \
            and cursor in choices.reach and game.unit_at(cursor) is None else None
        reach: frozenset = frozenset()
        preview: list[Text] = []
        targets: frozenset = frozenset()
        path: frozenset = frozenset()
        end, cost = None, 0
        area: frozenset = frozenset()
        out: frozenset = frozenset()
        hint = ""
        if unit and choices:
            if self.aiming:
                targets = frozenset(choices.spell_squares(self.aiming))
                out = self.zone("out", unit.id, self.aiming)
                hint, preview = self.cast_preview(unit.id, self.aiming)
                footprint = options.footprint(game, self.aiming, self.aimed_at())
                if footprint is not None:
                    area = footprint[0]
            else:
                reach = frozenset(choices.reach)
                targets = frozenset(choices.attack_squares())
                if cursor in reach:
                    move = options.move(game, unit.id, cursor)
                    if move.possible:
                        path = frozenset(move.plan.path)
                        end, cost = cursor, move.ap_cost
                        hint = _("Move {unit} to {x},{y}: {ap} AP (Enter)").format(
                            unit=content_text(unit.name), x=cursor[0], y=cursor[1],
                            ap=move.ap_cost)
        self.query_one(TargetPanel).show(game, cursor, self.map.label, self.here, here,
                                         preview=preview, compact=self.compact)
        threat = self.zone("threat") if self.threats else frozenset()
        self.map.set_overlay(Overlay(reach, targets, path, end, cost, area, out, threat))
        if hint and show_hint:
            self.status(hint)
            self._hinting = True
        elif self._hinting and show_hint:
            self.status("")  # a preview never outlives the square it was for

    def cast_preview(self, actor: str, spell_id: str) -> tuple[str, list[Text]]:
        """While a spell is aimed: the status hint and the target panel's list of who it
        touches at the cursor, each with its side (the plan's targets: the engine's)."""
        game = self.game
        spell = game.content.spells[spell_id]
        found = self.aimed_at()
        touched = options.touched(game, spell_id, found)
        option = options.spell_option(spell_id, found)
        if option is not None and not option.possible and \
                self.cursor != game.units[actor].pos:
            # On a unit it cannot be cast on: why, before Enter is pressed (not on the
            # caster itself, where the cursor starts: there it waits for a target).
            return _("✗ {spell} cannot be cast here: {reason} (Esc cancels)").format(
                spell=content_text(spell.name), reason=refusal_text(option)), []
        if not touched:
            return _("Casting {spell}: put the cursor on a target and press Enter "
                     "(Esc cancels)").format(spell=content_text(spell.name)), []
        sides = [self.side_text(actor, unit) for unit in touched]
        preview = [Text(_("{spell} here touches:").format(spell=content_text(spell.name)),
                        style="bold")]
        preview += [Text(f"  • {side}", style="red" if options.is_foe(game, actor, unit)
                         else "green") for side, unit in zip(sides, touched)]
        preview.append(Text(_("Enter or y casts · Esc cancels"), style="dim"))
        return _("{spell} here touches {units} · Enter or y casts, Esc cancels").format(
            spell=content_text(spell.name), units=_(", ").join(sides)), preview

    def aimed_at(self) -> list[options.Option]:
        """The selected unit's options at the cursor, its own square included (where a
        spell on oneself is aimed; the target panel lists no action there)."""
        return self.choices_for(self.selected).at(self.cursor)

    def side_text(self, actor: str, unit) -> str:
        """`Dagny (Bruno, foe)`, `Corvin (Alice, yours)`: a unit with its side."""
        side = owner_name(self.game, unit)
        if options.is_foe(self.game, actor, unit):
            return _("{unit} ({side}, foe)").format(unit=content_text(unit.name), side=side)
        return _("{unit} ({side}, yours)").format(unit=content_text(unit.name), side=side)

    def cast_aimed(self) -> None:
        """Cast the aimed spell at the cursor; helping a foe (a heal or buff that touches
        one) is asked first."""
        game, actor, spell_id = self.game, self.selected, self.aiming
        found = self.aimed_at()
        action = options.cast(actor, spell_id, self.cursor, found)
        spell = game.content.spells[spell_id]
        foes = [content_text(u.name) for u in options.touched(game, spell_id, found)
                if options.is_foe(game, actor, u)]

        def cast() -> None:
            self.aiming = None
            self.apply(action)

        if not foes or spell.kind not in ("heal", "buff"):
            cast()
            return
        names = _(", ").join(foes)
        question = (ngettext("Heal {names}, an enemy?", "Heal {names}, enemies?", len(foes))
                    if spell.kind == "heal" else
                    ngettext("Buff {names}, an enemy?", "Buff {names}, enemies?", len(foes)))
        self.app.confirm(question.format(names=names),
                         _("cast {spell}").format(spell=content_text(spell.name)), cast)

    def aim(self, spell_id: str) -> None:
        """Aim a spell: its footprint and who it touches are shown at the cursor until
        Enter or y casts it (a spell that reaches only its caster is aimed at it)."""
        me = self.game.units[self.selected].pos
        targets = self.choices_for(self.selected).spell_squares(spell_id)
        if targets == {me} and options.spell_reach(self.game, self.selected, spell_id) == 0:
            self.map.move_cursor(me, announce=False)
            self.cursor = self.map.cursor
        self.aiming = spell_id
        self.refresh_target()

    def zone(self, kind: str, *args) -> frozenset:
        """The squares out of reach of a spell (`out`, unit, spell) or the enemies' threat
        zone (`threat`), asked of the engine once until the game moves on."""
        key = (id(self.game), len(self.game.journal), kind, *args)
        if key not in self._zones:
            self._zones = {k: v for k, v in self._zones.items() if k[:2] == key[:2]}
            self._zones[key] = options.threat_zone(self.game) if kind == "threat" else \
                options.out_of_reach(self.game, *args[:1], spell=args[1])
        return self._zones[key]

    def from_here(self, unit_id: str, square: Pos):
        """What the unit could do after walking to `square` (`legal.options_from`), asked
        of the engine once per square until the game moves on."""
        key = (id(self.game), len(self.game.journal), "from", unit_id, square)
        if key not in self._zones:
            self._zones = {k: v for k, v in self._zones.items() if k[:2] == key[:2]}
            self._zones[key] = options.from_here(self.game, unit_id, square)
        return self._zones[key]

    def action_threats(self) -> None:
        """Show or hide where the enemies could attack in their next turn."""
        self.threats = not self.threats
        self.refresh_target(show_hint=False)
        self.status(_("Threat zone shown: squares an enemy could attack next turn (v hides it)")
                    if self.threats else _("Threat zone hidden"))

    def choices_for(self, unit_id: str) -> options.Choices:
        """What the unit can do, asked of the engine once until the game moves on (a
        cursor move changes nothing): the panel, the overlay and the spell list read it."""
        key = (id(self.game), len(self.game.journal), unit_id)
        if self._choices_key != key or self._choices is None:
            self._choices = options.choices(self.game, unit_id)
            self._choices_key = key
        return self._choices

    def on_map_view_cursor_moved(self, message: MapView.CursorMoved) -> None:
        self.catch_up()

    def catch_up(self) -> None:
        """Take the map's cursor as it is now. A burst of keys (→ → Enter) is handled before
        the map's CursorMoved messages reach this screen: an action must act where the
        cursor is, not where it was (and a late message changes nothing)."""
        if self.map.cursor != self.cursor:
            self.cursor = self.map.cursor
            self.refresh_target()

    def on_map_view_clicked(self, message: MapView.Clicked) -> None:
        self.cursor = message.pos
        unit = self.game.unit_at(message.pos)
        if unit and unit.id in self.my_characters():
            self.select(unit.id, move_cursor=False)

    def status(self, text: str | Text, refused: bool = False) -> None:
        self._hinting = False
        bar = self.query_one("#status", Static)
        pending = self.game.roller.forced
        if pending:
            # Forced results waiting for the next d100s: nobody should be surprised by one.
            shown = ", ".join(map(str, list(pending)[:5]))
            forced = (_("⚑ next d100 forced: {rolls} … (+{more})").format(
                rolls=shown, more=len(pending) - 5) if len(pending) > 5 else
                _("⚑ next d100 forced: {rolls}").format(rolls=shown))
            text = Text.assemble(text if isinstance(text, Text) else Text(text),
                                 (f"  {forced}", "bold yellow"))
        # Plain text: a command or a name may hold brackets that markup would read.
        content = Content.from_rich_text(text) if isinstance(text, Text) else Content(text)
        bar.update(content, layout=False)  # one fixed line: no need to lay out again
        bar.set_class(refused, "refused")

    # --- commands -------------------------------------------------------------------

    def apply(self, action) -> Outcome:
        """Send one action (or typed notation) and show what it did, or why it was refused."""
        if not self.is_active:  # a stray call from under another screen: nothing plays
            self.app.bell()
            return None
        if self.controller.busy():
            self.status(_("The creatures are acting"), refused=True)
            return None
        if self.controller.ai_to_play():
            self.status(_("The computer is playing its turn"), refused=True)
            return None
        # A round's end comes in parts: its creatures act one by one (`ai_next`).
        outcome = self.controller.apply(action, stepped=True)
        self.show_outcome(outcome)
        return outcome

    def show_outcome(self, outcome: Outcome) -> None:
        """Draw what one command (or part of one) did: journal, map, panels, status; then
        the next part, or the next turn."""
        game = self.game
        self.query_one(JournalLog).write_events(game, outcome.events)
        if outcome.refused is not None:
            self.status(f"✗ {outcome.refused}", refused=True)
            return
        if self.controller.busy():  # a creature's action: drawn, then the next one
            self.map.update_board()
            self.select(None)
            self.refresh_bindings()  # none of the person's keys plays meanwhile
            summary = outcome.summary
            self.status(Text(_("The creatures act: {action}").format(
                action=headline(summary, namer(game)))) if summary is not None else "")
            self.schedule_ai()
            return
        if outcome.autosave_error:
            # Said where it stays (the journal), not only in a notice that fades.
            failed = _("autosave failed: {problem}").format(problem=outcome.autosave_error)
            self.query_one(JournalLog).write_line(Text(f"✗ {failed}", style="red"))
            self.app.notify(failed, severity="error", markup=False)
        self.map.update_board()
        if self.selected and (game.units[self.selected].down
                              or game.units[self.selected].owner != game.current):
            self.selected = None
        if outcome.game_over:
            self.refresh_all()
            self.app.game_over()
            return
        if outcome.turn_started:
            self.next_turn()
        else:
            self.refresh_all(hint=False)
        if outcome.summary is not None:
            self.status(headline(outcome.summary, namer(game)))

    # --- hot reload ------------------------------------------------------------------

    def poll_content(self) -> None:
        """A saved change of the content: the game goes on under it (the journal says what
        changed, the panels' odds are the new ones), or its errors are shown and the game
        goes on unchanged."""
        reloaded, errors = self.controller.poll_content()
        journal = self.query_one(JournalLog)
        if errors:
            journal.write_line(Text(ngettext(
                "✗ content not reloaded ({n} error); the game goes on as it was:",
                "✗ content not reloaded ({n} errors); the game goes on as it was:",
                len(errors)).format(n=len(errors)), style="red"))
            for error in errors:
                journal.write_line(Text(f"  {error}", style="red"))
            self.status(_("✗ content not reloaded: {error}").format(error=errors[0]),
                        refused=True)
            return
        if not reloaded:
            return
        game = self.game
        self.map.set_game(game)
        self.map.select(self.selected)
        journal.write_events(game, game.journal[-1:])
        self.refresh_all(hint=False)
        self.status(headline(game.journal[-1], namer(game)))

    # --- the computer's turns (play --ai N) -----------------------------------------

    #: Seconds between two of the computer's actions, so each can be seen.
    AI_PAUSE = 0.6

    def next_turn(self) -> None:
        """A new turn: the computer's plays by itself, a person's starts with a hand-over."""
        self.refresh_bindings()  # the key bar: a person's keys, or none on the computer's turn
        if self.controller.ai_to_play():
            self.select(None)
            self.schedule_ai()
        else:
            self.hand_over()

    def schedule_ai(self) -> None:
        if self._ai_timer is None:
            self._ai_timer = self.set_timer(self.AI_PAUSE, self.ai_next)

    def ai_next(self) -> None:
        """One action of the computer's turn, drawn before the next one is chosen."""
        self._ai_timer = None
        if not self.is_active:  # help, a dialog or a save on top: wait for it to close
            if self.controller.ai_to_play() or self.controller.busy():
                self.schedule_ai()
            return
        outcome = self.controller.ai_step()
        if outcome is None:
            return
        self.show_outcome(outcome)
        if self.controller.busy():
            return  # a creature's action: show_outcome said it and waits for the next
        if self.controller.ai_to_play() and not (outcome.turn_started or outcome.game_over):
            self.status(Text(_("The computer plays {player}: {action}").format(
                player=content_text(self.game.player(self.game.current).name),
                action=headline(outcome.summary, namer(self.game)))))
            self.schedule_ai()

    def hand_over(self) -> None:
        digest = self.controller.hand_over()
        self.select_first()
        from game.ui.screens.dialogs import HandoverScreen

        summary = digest.summary(namer(self.game))
        self.app.push_screen(HandoverScreen(
            _("Round {round}: {player}'s turn (player {number}). Pass the keyboard to "
              "{player}.").format(round=digest.round, player=content_text(digest.name),
                                  number=digest.player),
            event_lines(self.game, digest.events),
            " · ".join(summary) or _("No hit, no spell countered, nobody down.")))

    def need_actor(self) -> str | None:
        if self.selected is None:
            self.status(_("Select one of your characters first (Tab, or Enter on it)"),
                        refused=True)
        return self.selected

    def action_activate(self) -> None:
        self.catch_up()
        cursor = self.cursor
        if self.aiming and self.selected:
            self.cast_aimed()
            return
        unit = self.game.unit_at(cursor)
        if unit and unit.id in self.my_characters():
            self.select(unit.id, move_cursor=False)
        elif self.need_actor():
            self.apply(options.move(self.game, self.selected, cursor).action)

    def action_attack(self) -> None:
        self.catch_up()
        if self.need_actor():
            self.apply(options.attack(self.selected, self.cursor, self.here))

    def action_brawl(self) -> None:
        self.catch_up()
        if self.need_actor():
            self.apply(options.attack(self.selected, self.cursor, self.here, brawl=True))

    def action_door(self) -> None:
        self.catch_up()
        if self.need_actor():
            self.apply(options.door(self.game, self.selected, self.cursor).action)

    def action_odds(self) -> None:
        self.catch_up()
        choice = next((c for c in self.here if has_odds(c)), None)
        if choice is None:
            self.status(_("✗ no attack or spell on what is under the cursor"), refused=True)
            return
        self.show_odds(choice)

    def on_target_panel_odds_asked(self, message: TargetPanel.OddsAsked) -> None:
        self.show_odds(message.option)

    def show_odds(self, choice) -> None:
        from game.ui.screens.odds import OddsScreen

        panel = self.query_one(TargetPanel)
        # Every action on this target, the one asked about first: on a small terminal the
        # panel shows one or two, the view scrolls through all.
        rest = [c for c in self.here if has_odds(c) and c is not choice]
        self.app.push_screen(OddsScreen([panel.odds(c) for c in (choice, *rest)],
                                        namer(self.game)))

    def action_option(self, number: int) -> None:
        self.catch_up()
        if 1 <= number <= len(self.here):
            choice = self.here[number - 1]
            if choice.possible and choice.kind == "spell":
                self.aim(choice.action.spell)  # shown first, cast by Enter or y
            elif choice.possible:
                self.apply(choice.action)
            else:
                self.status(f"✗ {refusal_text(choice)}", refused=True)

    def action_spells(self) -> None:
        self.catch_up()
        if not self.need_actor():
            return
        game, unit = self.game, self.game.units[self.selected]
        if not unit.spells:
            self.status(_("{unit} knows no spell").format(unit=content_text(unit.name)),
                        refused=True)
            return
        from game.ui.screens.dialogs import SpellRow

        on_target = {o.action.spell: o for o in self.here if o.kind == "spell"}
        choices = self.choices_for(unit.id)
        rows = []
        for spell_id in unit.spells:
            spell = game.content.spells[spell_id]
            reach = options.spell_reach(game, unit.id, spell_id)
            text = Text((_("{spell} · {ap} AP · range {range} · {kind}, area {area}")
                         if spell.area else _("{spell} · {ap} AP · range {range} · {kind}"))
                        .format(spell=content_text(spell.name), ap=spell.ap_cost, range=reach,
                                kind=spell_kind(spell.kind), area=spell.area))
            choice = on_target.get(spell_id)
            why_not = "" if choices.spell_squares(spell_id) else \
                options.why_not(choices, spell_id)
            if choice and choice.possible:
                text.append("  ")
                text.append(chance_line(_("now"), choice.chance, namer(game)))
            elif choice:
                text.append(f"  — {refusal_text(choice)}", style="dim")
            elif why_not:
                text.append(f"  — {why_not}", style="dim")
            rows.append(SpellRow(spell_id, text, why_not))
        from game.journal.describe import spell_description
        from game.ui.screens.dialogs import SpellPicker

        self.app.push_screen(SpellPicker(
            _("{unit}'s spells ({ap} AP)").format(unit=content_text(unit.name), ap=unit.ap), rows,
            describe=lambda spell_id: spell_description(game, spell_id, unit),
            refused=lambda reason: self.status(f"✗ {reason}", refused=True)),
            self.after_spell_pick)

    def after_spell_pick(self, spell_id: str | None) -> None:
        if spell_id and self.selected:
            self.aim(spell_id)  # never cast at once: shown first, cast by Enter or y

    def action_end_turn(self) -> None:
        """End the turn; asked first while characters still have AP (unless told not to)."""
        game = self.game
        waiting = [content_text(game.units[u].name) for u in self.my_characters()
                   if game.units[u].ap > 0]
        if not waiting or not self.controller.ask_before_ending or game.over:
            self.apply(options.end_turn())
            return
        from game.ui.screens.dialogs import ConfirmEndTurn

        names = waiting[0] if len(waiting) == 1 else \
            _("{names} and {last}").format(names=", ".join(waiting[:-1]), last=waiting[-1])

        def answered(answer: str | None) -> None:
            if answer == "always":
                self.controller.ask_before_ending = False
            if answer in ("end", "always"):
                self.apply(options.end_turn())

        self.app.push_screen(ConfirmEndTurn(ngettext(
            "{names} still has AP. End the turn?", "{names} still have AP. End the turn?",
            len(waiting)).format(names=names)),
                             answered)

    # --- the command line -----------------------------------------------------------

    def action_command_line(self) -> None:
        box = self.command_box()
        if box is None:
            # Built the first time it is asked for: one widget fewer to lay out at start.
            box = Input(placeholder=_("command, e.g. move aldric 4,7 — Enter to send, "
                                      "Esc to close"), id="command")
            self.mount(box, before=self.query_one(KeyBar))
        box.add_class("open")
        box.value = ""
        box.focus()

    def command_box(self) -> Input | None:
        """The command line, once it has been opened."""
        found = self.query("#command")
        return found.first(Input) if found else None

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "command":
            return
        text = event.value.strip()
        self.close_command_line()
        verb, _, rest = text.partition(" ")
        if verb == "save":
            self.save_as(rest.strip())
        elif verb == "load":
            self.load_named(rest.strip())
        elif verb == "undo":
            self.action_undo()
        elif text:
            self.apply(text)  # the notation, as typed: the engine reads it

    def close_command_line(self) -> None:
        box = self.command_box()
        if box is not None:
            box.remove_class("open")
        self.map.focus()

    def on_key(self, event) -> None:
        if event.key == "escape":
            box = self.command_box()
            if box is not None and box.has_focus:
                self.close_command_line()
                event.stop()
            elif self.aiming:
                self.aiming = None
                self.status(_("Spell cancelled"))
                event.stop()
        elif event.key == "y" and self.aiming and self.selected and self.is_active \
                and not (self.command_box() and self.command_box().has_focus):
            self.cast_aimed()  # the confirming key of a spell shown before it is cast
            event.stop()

    # --- saves, loads, undo ---------------------------------------------------------

    def show_game(self, keep_view: bool = False) -> None:
        """Draw the controller's (new) game, keeping the cursor and selection if asked."""
        cursor, selected = self.cursor, self.selected
        self.start()
        if keep_view:
            if selected in self.game.units and selected in self.my_characters():
                self.select(selected, move_cursor=False)
            self.map.move_cursor(cursor, announce=False)
            self.cursor = self.map.cursor
            self.refresh_target(show_hint=False)

    def save_as(self, name: str, overwrite: bool = False) -> None:
        if name and not overwrite and self.controller.save_exists(name):
            self.app.confirm(_("A save named {name} exists. Overwrite it?").format(name=name),
                             _("overwrite"),
                             lambda: self.save_as(name, overwrite=True))
            return
        try:
            path = self.controller.save(name)
        except Problem as problem:
            self.status(f"✗ {problem}", refused=True)
            return
        self.status(_("Saved to {path}").format(path=path))

    def action_save(self) -> None:
        from game.ui.screens.saves import SaveNameScreen

        self.app.push_screen(SaveNameScreen(self.controller.suggested_name()),
                             lambda name: self.save_as(name) if name else None)

    def load_path(self, path, mode: str = "auto") -> None:
        if path is None:
            return
        try:
            loaded = self.controller.read(path, mode)
        except Problem as problem:
            self.status(f"✗ {problem}", refused=True)  # the running game goes on
            return
        self.after_load(loaded, path, ask=mode == "auto")

    def after_load(self, loaded, path=None, ask: bool = True) -> None:
        self.controller.adopt(loaded)
        self.show_game()
        self.status((_("Loaded {name}: round {round} ({notice})") if loaded.notice else
                     _("Loaded {name}: round {round}")).format(
            name=repr(loaded.record.name), round=loaded.game.round, notice=loaded.notice))
        if loaded.changes:
            # Replayed under new rules: every command whose outcome changed, old and new.
            journal = self.query_one(JournalLog)
            for change in loaded.changes:
                journal.write_line(Text(_("≠ command {number}: {command}").format(
                    number=change.number, command=change.command)))
                for label, events in ((_("old"), change.old), (_("new"), change.new)):
                    journal.write_line(Text(f"  {label}:"))
                    for line in event_lines(self.game, events):
                        journal.write_line(Text("    ") + line)
        if loaded.content_changed and ask:
            from game.ui.screens.saves import ContentChangedScreen

            source = path or self.controller.path_of(loaded.record.name)
            self.app.push_screen(ContentChangedScreen(loaded.record.name),
                                 lambda choice: self.load_path(source, "replay")
                                 if choice == "replay" else None)

    def load_named(self, name: str) -> None:
        try:
            path = self.controller.path_of(name)
        except Problem as problem:
            self.status(f"✗ {problem}", refused=True)
            return
        self.load_path(path)

    def action_load(self) -> None:
        from game.ui.screens.saves import LoadScreen

        def picked(path) -> None:
            if path is not None:
                self.app.confirm(_("Load {name}? Play since the last save is lost.").format(
                    name=path.stem), _("load"), lambda: self.load_path(path))

        self.app.push_screen(LoadScreen(self.controller.saves_dir), picked)

    def action_quick_load(self) -> None:
        try:
            path = self.controller.latest_autosave()
        except Problem as problem:
            self.status(f"✗ {problem}", refused=True)
            return
        self.app.confirm(_("Go back to the latest autosave ({name})? Play since then is lost.")
                         .format(name=path.stem), _("quick-load"),
                         lambda: self.load_path(path))

    def action_undo(self) -> None:
        try:
            undone = self.controller.undo()
        except Impossible as refusal:
            self.status(f"✗ {impossible_text(refusal)}", refused=True)
            event = self.controller.refusal(refusal, "undo")
            self.query_one(JournalLog).write_events(self.game, [event])
            return
        self.show_game(keep_view=True)
        self.status(_("Undone: {command}").format(command=undone))

    # --- other views ----------------------------------------------------------------

    def unit_here(self):
        """The unit under the cursor, standing or fallen."""
        game, cursor = self.game, self.cursor
        return game.unit_at(cursor) or next(
            (u for u in game.units.values() if u.down and u.pos == cursor), None)

    def action_inspect(self, unit_id: str | None = None) -> None:
        from game.ui.screens.roster import InspectScreen

        unit = self.game.units.get(unit_id) if unit_id else self.unit_here()
        if unit is None:
            self.status(_("No unit under the cursor to inspect (r lists every unit)"),
                        refused=True)
            return
        self.app.push_screen(InspectScreen(self.game, unit))

    def action_roster(self) -> None:
        from game.ui.screens.roster import RosterScreen

        self.app.push_screen(RosterScreen(self.game, self.map.label),
                             lambda unit_id: self.action_inspect(unit_id) if unit_id else None)

    def action_help(self) -> None:
        self.app.action_help()

    def action_quit_game(self) -> None:
        self.app.action_quit_game()

    def action_replay(self) -> None:
        from game.ui.screens.replay import ReplayScreen

        self.app.push_screen(ReplayScreen(self.controller))

    def action_roll_card(self, index: int | None = None) -> None:
        from game.journal.cards import card_rolls
        from game.ui.screens.roll_card import RollCardScreen

        journal = list(self.game.journal)
        if index is None:
            rolls = card_rolls(journal)
            if not rolls:
                self.status(_("No roll yet: a roll card shows a roll's terms and sources"),
                            refused=True)
                return
            index = rolls[-1]
        self.app.push_screen(RollCardScreen(journal, index, namer(self.game)))

    def on_journal_log_event_clicked(self, message: JournalLog.EventClicked) -> None:
        from game.journal.cards import roll_of_event

        roll = roll_of_event(self.game.journal, message.event)
        if roll is not None:
            self.action_roll_card(roll)

    def action_legend(self) -> None:
        from game.ui.screens.legend import LegendScreen, legend_text

        self.app.push_screen(LegendScreen(legend_text(self.game, self.map.label)))

    def action_journal(self) -> None:
        from game.ui.screens.dialogs import JournalScreen

        self.app.push_screen(JournalScreen(event_lines(self.game, self.game.journal)))
