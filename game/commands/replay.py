"""`replay SAVE`: a save's log replayed under the current content (`game.saves.check_replay`),
said identical, or the first command whose outcome changed (`--all`: every one) with its old
and new lines; a game whose content was reloaded while it ran, stretch by stretch."""

from __future__ import annotations

from pathlib import Path

from game.commands.common import UsageError, options
from game.i18n import _


def declare(sub) -> None:
    rep = sub.add_parser("replay", help=_("replay a save under the current content"))
    rep.add_argument("save", metavar=_("save"))
    rep.add_argument("--all", action="store_true",
                     help=_("list every command whose outcome changed, not only the first"))
    rep.add_argument("--with", dest="also", action="append", type=Path, metavar=_("DIR"),
                     help=_("another content folder a stretch of the game may have been played "
                          "under before a hot reload (repeatable)"))
    options(rep)
    rep.set_defaults(func=run)


def run(args) -> int:
    from game.saves import SaveError, check_replay, save_path

    path = save_path(args.save, args.saves_dir)
    try:
        check = check_replay(path, Path(args.content), tuple(args.also or ()))
    except SaveError as exc:
        raise UsageError(str(exc)) from None
    for line in report(check, every=args.all):
        print(line)
    return 0 if check.identical else 1


def report(check, every: bool = False) -> list[str]:
    """The lines `replay` prints for a `ReplayCheck`: the stretches (when the content was
    reloaded), then the first command whose outcome changed (`every`: each one) with its
    old and new events, or what is identical."""
    from game.journal.text import describe, namer

    lines = _stretch_lines(check) if check.stretches is not None else []
    if not check.compared:
        return lines
    name = namer(check.game)
    changes = check.changes
    for change in changes if every else changes[:1]:
        lines.append(_("differs at command {number}: {command}").format(
            number=change.number, command=change.command))
        for label, events in ((_("old:"), change.old), (_("new:"), change.new)):
            lines.append(label)
            lines.extend(f"  {describe(event, name)}" for event in events)
    if changes:
        if check.played != check.replayed:
            lines.append(_("differs: {played} commands were played, {replayed} replayed")
                         .format(played=check.played, replayed=check.replayed))
        if every:
            lines.append(_("{changed} of {total} commands changed outcome").format(
                changed=len(changes), total=max(check.played, check.replayed)))
    elif check.upto is not None:
        lines.append(_("identical: the first {n} commands replay to the same journal")
                     .format(n=check.upto))
    elif check.state_differs:
        lines.append(_("differs: the {n} commands replay to the same journal, but the saved "
                       "state is not the one they give (the file was edited?): {which}")
                     .format(n=check.replayed, which=", ".join(check.state_differs)))
    else:
        lines.append(_("identical: {n} commands replay to the same journal and state")
                     .format(n=check.replayed))
    return lines


def _stretch_lines(check) -> list[str]:
    """Each stretch of a game whose content was reloaded: where it was replayed, or why not."""
    done = check.stretches
    lines = []
    for part in done.stretches:
        if part.reload is not None:
            changes = "; ".join(part.reload.changes) or _("nothing changed")
            lines.append(_("content reloaded at command {n}: {changes}").format(
                n=part.reload.at, changes=changes))
        if part.last < part.first:
            continue
        span = (_("command {n}").format(n=part.first) if part.first == part.last
                else _("commands {first}–{last}").format(first=part.first, last=part.last))
        if part.folder is not None:
            lines.append(_("{span}: replayed under {folder} (content {hash})").format(
                span=span, folder=part.folder, hash=part.content))
        elif part is done.missing:
            if part.content:
                lines.append(_("{span}: cannot be reproduced: they were played under content "
                               "{hash}, which is in none of {folders} (give its folder with "
                               "--with DIR)").format(
                    span=span, hash=part.content,
                    folders=", ".join(str(f) for f in check.folders)))
            else:
                lines.append(_("{span}: cannot be reproduced: the save (from an older "
                               "version) does not say which content they were played under")
                             .format(span=span))
        else:
            lines.append(_("{span}: not replayed (an earlier stretch could not be)")
                         .format(span=span))
    return lines
