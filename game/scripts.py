"""Command scripts: the files of the notation that `script` plays headless and `demo` plays
step by step, read in one place.

A script is one command a line; `#` starts a comment. Each command becomes a `Step` with
its line number and its caption: the comment lines written since the previous command
(a section like `# --- Round 1, Alice ---`) and then the comment at the end of its own line
(`move gautier 6,4   # 4 squares…`); the comments that open the file, a blank line before
the first command, are its preamble. The demo shows the preamble at the start and each
caption as its command is played; `script` ignores both.

`Demo` plays a script one step at a time, forward and back, for the demo screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.files import UnreadableFile, read_bounded
from game.i18n import _
from game.rules import events as ev
from game.rules.actions import ForceRolls
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
    by `\\n`, empty when the script says nothing about it)."""

    line: int
    command: str
    caption: str


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
    for number, line in enumerate(text.split("\n"), 1):
        command, hash_, comment = line.partition("#")
        command = command.strip()
        # One space after `#` is the writer's habit; more is an indent (an example
        # command), kept so that `flow` leaves it on its own line.
        comment = comment.rstrip() if hash_ else ""
        comment = comment[1:] if comment.startswith(" ") else comment
        if not command:
            if comment:
                before.append(comment)
            elif not steps and before:  # a blank line ends the preamble's paragraphs
                preamble += ["", *before] if preamble else before
                before = []
            continue
        caption = [*before, comment] if comment else before
        steps.append(Step(number, command, "\n".join(caption)))
        before = []
    return Script(steps, "\n".join(preamble))


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
                          .format(path=path, reason=exc)) from None
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
                              .format(path=path, line=step.line, reason=exc.translated(_))) from None


class Demo:
    """A script played one step at a time, forward and back.

    Forward applies the next command to the game; back rebuilds the game from its start
    by replaying the commands before (the same seed and commands give the same game, dice
    included), so every step shows what the script gives when played straight through.
    `game` is the game after `step` commands, `events` what the last of them made.
    """

    def __init__(self, game: Game, steps: list[Step], preamble: str = "") -> None:
        if game.log:
            raise ValueError("a demo starts from a game where nothing was played")
        #: What the game is rebuilt from (never the game itself, which the steps change).
        self._record = (game.content, game.scenario, game.seed, game.scenario_id,
                        game.designer, game.dice)
        self.steps = steps
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

    def _is_force(self, index: int) -> bool:
        try:
            return isinstance(parse(self.steps[index].command), ForceRolls)
        except NotationError:
            return False

    @property
    def caption(self) -> str:
        """What the script says about this step, flowed (`flow`); at the start, the preamble.

        A `force` and the command after it go together: the forced results are that
        command's (`force 80   # a miss` then `attack …`), and a writer often goes on with
        the sentence on the command's line. Both steps show the two comments, each on its
        own lines (two comments may also be two thoughts, neither ending in a full stop).
        """
        step = self.current
        if step is None:
            return flow(self.preamble)
        index = self.step - 1
        if self._is_force(index) and index + 1 < len(self.steps):
            pair = (step, self.steps[index + 1])
        elif index >= 1 and self._is_force(index - 1):
            pair = (self.steps[index - 1], step)
        else:
            return flow(step.caption)
        return "\n".join(flow(part.caption) for part in pair if part.caption)

    @property
    def at_end(self) -> bool:
        return self.step == len(self.steps)

    def goto(self, step: int) -> None:
        """Show the game after `step` commands (clamped to the script)."""
        step = max(0, min(len(self.steps), step))
        if step < self.step:
            self.game = self._replay([s.command for s in self.steps[:max(0, step - 1)]])
            self.step = max(0, step - 1)
            self.events = []
        while self.step < step:
            self.events = self.game.apply(self.steps[self.step].command)
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
        """The step's refusal, when the game refused its command."""
        first = self.events[0] if self.events else None
        return first if isinstance(first, ev.Refused) else None

    @property
    def rolls(self) -> list[ev.Roll]:
        """The d100 rolls the step made, in order (an attack's, then the dodge…)."""
        return [event for event in self.events if isinstance(event, ev.Roll)]

    @property
    def game_over(self) -> ev.GameOver | None:
        return next((e for e in self.events if isinstance(e, ev.GameOver)), None)

    def actor(self) -> str | None:
        """The unit the script last made act, up to this step (an `end` or a `force`
        keeps the previous one), if the game has it."""
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
