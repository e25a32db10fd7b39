"""Command scripts: the files of the notation that `script` plays headless and `demo` plays
step by step, read in one place.

A script is one command a line; `#` starts a comment. Each command becomes a `Step` with
its line number and its caption: the comment lines written since the previous command
(a section like `# --- Round 1, Alice ---`) and then the comment at the end of its own line
(`move gautier 6,4   # 4 squares…`); the comments that open the file, a blank line before
the first command, are its preamble. The demo shows the preamble at the start and each
caption as its command is played; `script` ignores both. A comment that begins `fr:` is
the French of the caption it belongs to (`# fr: --- Manche 1, Alice ---` among the lines
before a command, or on the line right after a command for its end-of-line comment): the
demo shows a caption in the player's language, English where a script gives no French.

`Demo` plays a script one step at a time, forward and back, for the demo screen. A `force`
line is folded into the command after it (`fold_forces`): the forced results are that
command's, so the demo shows them as one step rather than an empty step of its own.
`load_demo` reads and checks a script for `demo` before anything is played; `play_script`
plays one headless for `script`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.files import UnreadableFile, read_bounded
from game.i18n import _, add_content_texts, agreeing, content_text, field_text, format_decimal
from game.rules import events as ev
from game.rules.actions import ForceRolls, parse_pos
from game.rules.edits import Spawn
from game.rules.engine import Game
from game.rules.history import replay
from game.rules.notation import NotationError, parse
from game.rules.policies import ProfileBook

#: A commands file is typed by hand: a megabyte is already far more than any script.
MAX_SCRIPT_BYTES = 1_000_000
#: The most commands a demo shows: each step back replays the steps before it, and the
#: journal on screen holds every line, so a demo stays quick and small up to here (the
#: shipped scripts have under 70); `script` plays longer ones.
MAX_DEMO_STEPS = 1000


class ScriptError(Exception):
    """A script that cannot be read: the message names the file and the problem."""


@dataclass(frozen=True)
class Step:
    """One command of a script: its line (from 1), the command, its caption (lines joined
    by `\\n`, empty when the script says nothing about it); `forces`: the `force` lines
    folded into it (`fold_forces`), played just before it."""

    line: int
    command: str
    caption: str
    forces: tuple[Step, ...] = ()

    @property
    def commands(self) -> list[str]:
        """What the step plays, in order: its forces, then its command."""
        return [*(force.command for force in self.forces), self.command]


@dataclass(frozen=True)
class Script:
    """A script's steps, and its preamble: the comments before the first command that a
    blank line separates from it (what the script is about, how to run it), shown by the
    demo before the first step rather than as the first step's caption."""

    steps: list[Step]
    preamble: str = ""


def parse_script(text: str) -> Script:
    """The steps of a script's text, in order (comments and blank lines are no steps).

    Lines end at `\\n` (and `\\r\\n`) only: `str.splitlines` would also break at U+2028 and
    other separators, turning the rest of a comment into a command.
    """
    steps: list[Step] = []
    before: list[str] = []  # the comment lines since the previous command
    preamble: list[str] = []
    # The French lines of the same, and of each step's caption (`fr:` comments).
    before_fr: list[str] = []
    preamble_fr: list[str] = []
    steps_fr: list[list[str]] = []
    after_command = False  # the line above is a command: a `fr:` line is its comment's
    for number, line in enumerate(text.split("\n"), 1):
        command, hash_, comment = line.partition("#")
        command = command.strip()
        # One space after `#` is the writer's habit; more is an indent (an example
        # command), kept so that `flow` leaves it on its own line.
        comment = comment.rstrip() if hash_ else ""
        comment = comment[1:] if comment.startswith(" ") else comment
        if not command and comment.startswith("fr:"):
            french = comment[3:].removeprefix(" ")
            (steps_fr[-1] if after_command else before_fr).append(french)
            continue
        after_command = bool(command)
        if not command:
            if comment:
                before.append(comment)
            elif not steps and before:  # a blank line ends the preamble's paragraphs
                preamble += ["", *before] if preamble else before
                preamble_fr += ["", *before_fr] if preamble_fr and before_fr else before_fr
                before, before_fr = [], []
            continue
        caption = [*before, comment] if comment else before
        steps.append(Step(number, command, "\n".join(caption)))
        steps_fr.append(before_fr)
        before, before_fr = [], []
    forms = {step.caption: {"fr": "\n".join(french)}
             for step, french in zip(steps, steps_fr) if french and step.caption}
    if preamble and preamble_fr:
        forms["\n".join(preamble)] = {"fr": "\n".join(preamble_fr)}
    add_content_texts(forms)
    return Script(steps, "\n".join(preamble))


def _is_force(command: str) -> bool:
    try:
        return isinstance(parse(command), ForceRolls)
    except NotationError:
        return False


def fold_forces(steps: list[Step]) -> list[Step]:
    """The steps a demo shows: each `force` folded into the next command that is not one.
    A `force` with no command after it stays a step of its own: what it leaves unused is
    said at the end."""
    folded: list[Step] = []
    pending: list[Step] = []
    for step in steps:
        if _is_force(step.command):
            pending.append(step)
            continue
        if pending:
            step = Step(step.line, step.command, step.caption, tuple(pending))
            pending = []
        folded.append(step)
    return folded + pending


def _section(line: str) -> bool:
    return line.startswith(("---", "==="))


def flow(caption: str) -> str:
    """A caption as prose to be wrapped at any width: lines a writer wrapped by hand are
    joined, while a section line (`--- Round 1, Alice ---`), an indented line (an example
    command) and an empty one (a paragraph's end) keep their own lines."""
    out: list[str] = []
    joinable = False  # the last line out is prose that the next one may continue
    for line in caption.split("\n"):
        alone = not line.strip() or line[:1].isspace() or _section(line)
        if joinable and not alone:
            out[-1] = f"{out[-1]} {line.strip()}"
        else:
            out.append(line.strip())
        joinable = not alone
    return "\n".join(out)


def read_script(path: Path) -> Script:
    """The steps of a script file; raises `ScriptError` naming the file and the problem."""
    try:
        text = read_bounded(path, MAX_SCRIPT_BYTES).decode("utf-8")
    except UnreadableFile as exc:
        raise ScriptError(_("cannot read commands file {path}: {reason}")
                          .format(path=path, reason=exc.worded(
                              _, lambda number: format_decimal(number, 0)))) from None
    except UnicodeDecodeError as exc:
        raise ScriptError(_("commands file {path} is not UTF-8 text ({reason} at byte "
                            "{byte})").format(path=path, reason=exc.reason, byte=exc.start)
                          ) from None
    return parse_script(text)


def check_demo_length(steps: list[Step], path: Path | str) -> None:
    """Raise `ScriptError` when a script is too long to be shown as a demo."""
    if len(steps) > MAX_DEMO_STEPS:
        raise ScriptError(_("{path}: {count} commands; a demo shows at most {most} (split the "
                            "script, or play it with `script`)").format(
            path=path, count=len(steps), most=MAX_DEMO_STEPS))


def check_steps(steps: list[Step], path: Path | str) -> None:
    """Raise `ScriptError` at the first command that is not notation (`file:line: why`),
    before anything is played. Whether a command is allowed is the game's to say, when it
    comes: a refusal is part of what a demo shows."""
    for step in steps:
        try:
            parse(step.command)
        except NotationError as exc:
            raise ScriptError(_("{path}:{line}: {reason}")
                              .format(path=path, line=step.line,
                                      reason=exc.translated(agreeing(exc.fields),
                                                            field_text))) from None


def check_units(steps: list[Step], game: Game, path: Path | str) -> None:
    """Raise `ScriptError` when the script names units that the scenario does not have
    (a script written for another scenario), naming every one and its first line: each
    step would otherwise be refused one by one. A unit the script spawns counts from its
    `spawn` on; a target may also be an object, a door or a square."""
    known = set(game.units)
    targets = known | set(game.things) | {door.id for door in game.doors.values()}
    unknown: dict[str, int] = {}
    for step in steps:
        try:
            action = parse(step.command)
        except NotationError:
            continue
        if isinstance(action, Spawn):
            known.add(action.id)
            targets.add(action.id)
            continue
        unit = getattr(action, "unit", None)
        if isinstance(unit, str) and unit not in known:
            unknown.setdefault(unit, step.line)
        target = getattr(action, "target", None)
        if isinstance(target, str) and target not in targets and parse_pos(target) is None:
            unknown.setdefault(target, step.line)
    if unknown:
        names = ", ".join(f"{unit} (line {line})" for unit, line in unknown.items())
        raise ScriptError(_("{path}: this script is not for the scenario {scenario}: it names "
                            "units that it does not have: {units}; its units are {known}")
                          .format(path=path, scenario=game.scenario_id, units=names,
                                  known=", ".join(sorted(game.units))))


def checked_script(game: Game, path: Path | str) -> Script:
    """A script read and checked before anything plays (`script` and `demo`): each line
    notation, no unit the scenario lacks. Whether a command is allowed stays the game's to
    say, when it comes. Raises `ScriptError`."""
    script = read_script(Path(path))
    check_steps(script.steps, path)
    check_units(script.steps, game, path)
    return script


def load_demo(game: Game, path: Path | str) -> tuple[Demo, Script]:
    """The demo of `demo` (and of `serve --demo`) on a new game: the script read and
    checked before anything starts (`checked_script`, and not too long). Raises
    `ScriptError`."""
    script = checked_script(game, path)
    check_demo_length(script.steps, path)
    return Demo(game, script.steps, script.preamble), script


@dataclass(frozen=True)
class Played:
    """How `play_script` ended: the first refusal when stopped at it (its line and event),
    and the forced d100 results no roll used."""

    refused: tuple[int, ev.Refused] | None
    unused_forced: tuple[int, ...]


def play_script(game: Game, commands: list[tuple[int, str]],
                emit: Callable[[list[ev.Event]], None], strict: bool = False) -> Played:
    """`script`: each (line, command) applied in turn, `emit` given the game's journal so
    far and then each command's events as they come; `strict` stops at the first refusal."""
    emit(game.journal)
    refused = None
    for line, command in commands:
        events = game.apply(command)
        emit(events)
        if isinstance(events[0], ev.Refused) and strict:
            refused = (line, events[0])
            break
    return Played(refused, tuple(game.roller.forced))


#: How long autoplay shows a step with roll cards, against one without: cards take reading.
CARD_PAUSE = 2.0


def autoplay_pause(seconds: float, cards: int) -> float:
    """How long autoplay shows a step before the next: `seconds`, or `CARD_PAUSE` times as
    long when the step made roll cards."""
    return seconds * (CARD_PAUSE if cards else 1.0)


class Demo:
    """A script played one step at a time, forward and back.

    Forward applies the next command to the game; back rebuilds the game from its start
    by replaying the commands before (the same seed and commands give the same game, dice
    included), so every step shows what the script gives when played straight through.
    `game` is the game after `step` commands, `events` what the last of them made.
    """

    def __init__(self, game: Game, steps: list[Step], preamble: str = "") -> None:
        """`steps` as read (`parse_script`): each `force` is folded into the command after it."""
        if game.log:
            raise ValueError("a demo starts from a game where nothing was played")
        #: What the game is rebuilt from (never the game itself, which the steps change).
        self._record = (game.content, game.scenario, game.seed, game.scenario_id,
                        game.designer, game.dice)
        self.steps = fold_forces(steps)
        self.preamble = preamble
        self.game = game
        self.step = 0
        self.events: list[ev.Event] = []

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def current(self) -> Step | None:
        """The step played last (None at the start)."""
        return self.steps[self.step - 1] if self.step else None

    @property
    def caption(self) -> str:
        """What the script says about this step, flowed (`flow`); at the start, the preamble.

        A step with a `force` folded in shows the force's comment, then its own, each on its
        own lines: a writer often begins the sentence on the `force` line and ends it on the
        command's (`force 40,25   # a hit that Gautier` / `attack …   # dodges`), and two
        comments may also be two thoughts, neither ending in a full stop.
        """
        step = self.current
        if step is None:
            return flow(content_text(self.preamble))
        return "\n".join(flow(content_text(part.caption)) for part in (*step.forces, step)
                         if part.caption)

    @property
    def at_end(self) -> bool:
        return self.step == len(self.steps)

    def goto(self, step: int) -> None:
        """Show the game after `step` commands (clamped to the script)."""
        step = max(0, min(len(self.steps), step))
        if step < self.step:
            self.game = self._replay([command for s in self.steps[:max(0, step - 1)]
                                      for command in s.commands])
            self.step = max(0, step - 1)
            self.events = []
        while self.step < step:
            self.events = [event for command in self.steps[self.step].commands
                           for event in self.game.apply(command)]
            self.step += 1

    def _replay(self, commands: list[str]) -> Game:
        content, scenario, seed, scenario_id, designer, dice = self._record
        return replay(content, scenario, seed, commands, scenario_id, designer, dice,
                      ProfileBook(content))

    def forward(self) -> None:
        self.goto(self.step + 1)

    def back(self) -> None:
        self.goto(self.step - 1)

    @property
    def refusal(self) -> ev.Refused | None:
        """The step's refusal, when the game refused its command (or a force before it)."""
        return next((e for e in self.events if isinstance(e, ev.Refused)), None)

    @property
    def rolls(self) -> list[ev.Roll]:
        """The d100 rolls the step made, in order (an attack's, then the dodge…)."""
        return [event for event in self.events if isinstance(event, ev.Roll)]

    @property
    def game_over(self) -> ev.GameOver | None:
        return next((e for e in self.events if isinstance(e, ev.GameOver)), None)

    def actor(self) -> str | None:
        """The unit the script last made act, up to this step (an `end`, or a `force` left
        on its own, keeps the previous one), if the game has it."""
        for step in reversed(self.steps[:self.step]):
            try:
                unit = getattr(parse(step.command), "unit", None)
            except NotationError:
                continue
            if unit in self.game.units:
                return unit
        return None

    def target(self) -> tuple[int, int] | None:
        """Where the step's attack or spell was aimed, when it was at a unit or object."""
        game = self.game
        for event in self.events:
            if isinstance(event, (ev.AttackDeclared, ev.SpellCast)):
                aimed = game.units.get(event.target) or game.things.get(event.target)
                return aimed.pos if aimed is not None else None
        return None

    def unused_forced(self) -> tuple[int, ...]:
        """Forced d100 results still waiting at the end of the script: the script does not
        show what its author thinks (said at its last step)."""
        return tuple(self.game.roller.forced) if self.at_end else ()
