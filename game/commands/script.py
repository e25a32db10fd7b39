"""`script SCENARIO COMMANDS`: a command file played headless (`game.scripts.play_script`),
its journal printed as text or JSON lines, then the state."""

from __future__ import annotations

import sys
from pathlib import Path

from game.commands.common import UsageError, new_game, options, parse_rolls
from game.i18n import _


def declare(sub) -> None:
    script = sub.add_parser("script", help=_("play a command file headless, print the journal"))
    script.add_argument("scenario", metavar=_("scenario"))
    script.add_argument("commands", metavar=_("commands"))
    script.add_argument("--rolls", metavar=_("ROLLS"),
                        help=_("forced d100 results, e.g. 12,80,3"))
    script.add_argument("--json", action="store_true", help=_("one JSON object per line"))
    script.add_argument("--strict", action="store_true", help=_("exit 1 on the first refusal"))
    script.add_argument("--save", metavar=_("NAME"),
                        help=_("save the game where the script ends"))
    options(script, seed=True)
    script.set_defaults(func=run, seed_default=0)


def read_script(path: Path) -> list[tuple[int, str]]:
    """The commands of a script file, each with its line number (comments and blanks out);
    `game.scripts` reads it, captions included, for `script` and `demo` alike."""
    from game.scripts import ScriptError, read_script as read_steps

    try:
        return [(step.line, step.command) for step in read_steps(path).steps]
    except ScriptError as exc:
        raise UsageError(str(exc)) from None


def checked_script(path: Path, game) -> list[tuple[int, str]]:
    """`read_script`, checked before anything plays as `demo` checks its script
    (`game.scripts.checked_script`): a line that is no command (`mvoe`) or a unit the
    scenario lacks (a script of another scenario) is the script's mistake, said with its
    line (exit 2), not a page of refusals."""
    from game.scripts import ScriptError, checked_script as checked

    try:
        return [(step.line, step.command) for step in checked(game, path).steps]
    except ScriptError as exc:
        raise UsageError(str(exc)) from None


def run(args) -> int:
    from game.journal.jsonl import event_line, state_line
    from game.journal.text import describe, namer, refusal_text
    from game.scripts import play_script

    if args.save is not None:
        from game.saves import check_name

        check_name(args.save)  # before playing, so a bad name costs nothing
    # A script is a designer's tool: forced rolls and edits are part of its notation.
    game = new_game(args.content, args.scenario, args.seed, designer=True)
    rolls = parse_rolls(args.rolls)
    commands = checked_script(Path(args.commands), game)
    if rolls:
        # A command like any other, so the log (and a save) keeps the forced rolls.
        commands.insert(0, (0, "force " + ",".join(map(str, rolls))))
    name = namer(game)
    out = sys.stdout

    def emit(events) -> None:
        for event in events:
            out.write((event_line(event) if args.json else describe(event, name)) + "\n")

    played = play_script(game, commands, emit, strict=args.strict)
    status = 0
    if played.refused is not None:
        line_no, refused = played.refused
        print(_("{file}:{line}: refused: {reason}").format(
            file=args.commands, line=line_no,
            reason=refusal_text(refused.message, refused.fields, refused.reason)),
            file=sys.stderr)
        if played.unused_forced:  # what the refused command was meant to roll, and after
            print(_("{file}: forced d100 results still waiting when it stopped: {rolls}")
                  .format(file=args.commands, rolls=", ".join(map(str, played.unused_forced))),
                  file=sys.stderr)
        status = 1
    elif played.unused_forced:
        # A forced roll never used means the script does not show what its author thinks.
        left = ", ".join(map(str, played.unused_forced))
        print(_("{file}: warning: forced d100 results never used: {rolls}").format(
            file=args.commands, rolls=left), file=sys.stderr)
        if args.strict:
            status = 1
    if args.save is not None:
        from game.saves import save_game

        path = save_game(game, args.save, args.saves_dir)
        print(_("saved to {path}").format(path=path), file=sys.stderr)
    if args.json:
        out.write(state_line(game) + "\n")
    else:
        heading = _("— state after round {round} —").format(round=game.round)
        out.write(f"{heading}\n")
        for unit in game.state_summary():
            if unit["down"]:
                line = _("{id}: HP {hp}/{hp_max}, AP {ap}, XP {xp}, level {level} (down)")
            else:
                line = _("{id}: HP {hp}/{hp_max}, AP {ap}, XP {xp}, level {level}")
            fields = {key: unit[key] for key in ("id", "hp", "hp_max", "ap", "xp", "level")}
            out.write(f"  {line.format(**fields)}\n")
    return status
