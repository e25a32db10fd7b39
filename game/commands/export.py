"""`export SAVE`: a save as a design document (Markdown or self-contained HTML,
`game.journal.export`) or its journal as JSON lines. The maps need the scenario and the
game's end: the save is replayed under the content when it can be (`game.saves.export_basis`);
otherwise the document is made from the saved journal alone and says so."""

from __future__ import annotations

import sys
from pathlib import Path

from game.commands.common import UsageError, options
from game.files import write_atomically
from game.i18n import _


def declare(sub) -> None:
    export = sub.add_parser("export", help=_("a save as a design document (Markdown or "
                            "self-contained HTML) or its journal as JSON lines"))
    export.add_argument("save", metavar=_("save"))
    export.add_argument("--format", choices=("md", "html", "json"), default="md")
    export.add_argument("--out", metavar=_("OUT"),
                        help=_("file to write (default: standard output)"))
    options(export)
    export.set_defaults(func=run)


def out_file(text: str | None) -> Path | None:
    """`--out FILE`: a file that can be written in a folder that exists (None: stdout)."""
    if text is None:
        return None
    out = Path(text)
    if not text:
        raise UsageError(_("--out needs a file name"))
    if out.is_dir():
        raise UsageError(_("--out {out} is a folder; give a file name").format(out=out))
    if not out.parent.is_dir():
        raise UsageError(_("--out {out}: the folder {folder} does not exist").format(
            out=out, folder=out.parent))
    return out


def check_not_a_save(out: Path | None, save: Path) -> None:
    """`--out` must not name a save (the one exported, as a slip of `--out saves/x.json`,
    or another): the document would replace the game."""
    from game.saves import SaveError, read_save

    if out is None or not out.is_file():
        return
    try:
        same = out.samefile(save)
        if not same:
            read_save(out)
    except SaveError:
        return  # not a save: a file the export may write
    except OSError:
        return  # what cannot be looked at is said when it is written
    raise UsageError(_("--out {out} is a save: the export would write over it; give another "
                       "file").format(out=out))


def run(args) -> int:
    from game.journal.export import Boards, export_html, export_json, export_markdown
    from game.saves import export_basis, read_save, save_path

    path = save_path(args.save, args.saves_dir)
    record = read_save(path)
    out = out_file(args.out)
    check_not_a_save(out, path)
    if args.format == "json":
        text = export_json(record)
    else:
        basis = export_basis(path, args.content)
        render = export_markdown if args.format == "md" else export_html
        text = render(basis.record, basis.content, Boards(basis.start, basis.end, basis.note))
    if out is None:
        sys.stdout.write(text)
        return 0
    try:
        if out.exists() and not out.is_file():
            out.write_text(text, encoding="utf-8")  # a device or a pipe: no rename there
        else:
            # Whole or not at all: a full disk leaves the file as it was, not half a document.
            write_atomically(out, text.encode("utf-8"))
    except OSError as exc:
        raise UsageError(_("cannot write {path}: {problem}").format(
            path=out, problem=exc.strerror or exc)) from None
    return 0
