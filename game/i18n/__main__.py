"""`python -m game.i18n update|check`: keep the translation catalogs in step with the code."""

from __future__ import annotations

import argparse
import sys

try:
    from game.i18n import catalog
except ImportError as missing:  # Babel: a development tool, in the `test` extra
    catalog = None
    MISSING = missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.i18n",
        description="Extract the messages of game/ into the catalogs, merge, compile, check.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    update = commands.add_parser(
        "update", help="extract to the .pot, merge into each .po (translations kept), compile the .mo"
    )
    update.add_argument(
        "--no-obsolete", action="store_true",
        help="drop the translations of messages no longer in the code instead of keeping them as #~",
    )
    commands.add_parser(
        "check", help="exit 1 listing missing, obsolete, untranslated and fuzzy messages"
    )
    args = parser.parse_args(argv)
    if catalog is None:
        print(f"error: the catalog tools need Babel ({MISSING}): "
              "pip install -e '.[test]'", file=sys.stderr)
        return 2
    try:
        if args.command == "update":
            changed = catalog.update(keep_obsolete=not args.no_obsolete)
            for path in changed:
                print(f"wrote {path.relative_to(catalog.SOURCE_ROOT).as_posix()}")
            if not changed:
                print("catalogs up to date")
            # what still needs a translator, so one run says what to do next
            left = catalog.problems()
            for line in left:
                print(line)
            return 0
        found = catalog.problems()
    except catalog.CatalogError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} problem(s)", file=sys.stderr)
        return 1
    print("catalogs complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
