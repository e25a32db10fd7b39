"""`schema`: the content files' JSON Schemas (and docs/content.md with `--docs`)."""

from __future__ import annotations

from pathlib import Path

from game.commands.common import UsageError
from game.content import DEFAULT_CONTENT
from game.i18n import _

DEFAULT_SCHEMAS = DEFAULT_CONTENT.parent / "schemas"
CONTENT_DOCS = DEFAULT_CONTENT.parent / "docs" / "content.md"


def declare(sub) -> None:
    schema = sub.add_parser("schema", help=_("write a JSON Schema per content file (and the "
                            "field reference with --docs)"))
    schema.add_argument("--out", metavar=_("OUT"), default=str(DEFAULT_SCHEMAS),
                        help=_("folder for NAME.schema.json (default: schemas/ "
                               "beside content/)"))
    schema.add_argument("--docs", nargs="?", const=str(CONTENT_DOCS), default=None,
                        metavar=_("FILE"), help=_("also write the field reference (default: "
                        "docs/content.md)"))
    schema.set_defaults(func=run)


def run(args) -> int:
    from game.content.schema import content_reference, field_meanings, write_schemas

    if not field_meanings():
        # Schemas without a field's meaning would be written without a word said.
        raise UsageError(_("the fields' meanings are the comments of game/rules/templates.py, "
                           "whose source is not at hand: nothing written"))
    try:
        for path in write_schemas(Path(args.out)):
            print(path)
        if args.docs:
            Path(args.docs).write_text(content_reference(), encoding="utf-8")
            print(args.docs)
    except OSError as exc:
        raise UsageError(_("cannot write: {problem}").format(problem=exc)) from None
    return 0
