"""`validate`: every content file and scenario checked; the counts, and the departures
from the page a variant makes (notices, not errors)."""

from __future__ import annotations

import sys

from game.commands.common import options
from game.i18n import _, ngettext


def declare(sub) -> None:
    validate = sub.add_parser("validate", help=_("check every content file and scenario"))
    options(validate)
    validate.set_defaults(func=run)


def run(args) -> int:
    from game.content.loader import READ_FILES, stray_files, validate_all
    from game.content.yamlmarks import ContentErrors

    content, names, errors = validate_all(args.content)
    # Said whatever else is wrong: entries moved into such a file and named elsewhere
    # are errors whose cause is that file.
    for name in stray_files(args.content):
        print(_("notice: {file} is not a content file the game reads (it reads {files}): "
                "its entries are ignored").format(file=name, files=", ".join(READ_FILES)),
              file=sys.stderr if errors else sys.stdout)
    if errors:
        raise ContentErrors(errors)
    # One message per count, whatever the language's plural forms; the list is a list.
    counts = [
        ngettext("{n} weapon", "{n} weapons", len(content.weapons)),
        ngettext("{n} armour", "{n} armours", len(content.armours)),
        ngettext("{n} spell", "{n} spells", len(content.spells)),
        ngettext("{n} item", "{n} items", len(content.items)),
        ngettext("{n} character", "{n} characters", len(content.characters)),
        ngettext("{n} creature", "{n} creatures", len(content.creatures)),
        ngettext("{n} faction", "{n} factions", len(content.factions)),
        ngettext("{n} scenario", "{n} scenarios", len(names)),
    ]
    sizes = (len(content.weapons), len(content.armours), len(content.spells),
             len(content.items), len(content.characters), len(content.creatures),
             len(content.factions), len(names))
    print(_("content OK: {counts}").format(
        counts=_(", ").join(text.format(n=n) for text, n in zip(counts, sizes))))
    # Not errors: a variant is allowed to depart from the page, but should know it does.
    for notice in content.departures:
        print(_("notice: {notice}").format(notice=notice))
    return 0
