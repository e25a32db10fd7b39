"""One check of what a unit, a template or an object names in the content
(`content_references`), the one the loader, saves and hot reload use."""

from game.commands.common import new_game
from game.rules.references import Reference, content_references
from tests.helpers import FIXTURE_CONTENT


def test_a_units_references_the_content_lacks_are_listed_in_order():
    game = new_game(FIXTURE_CONTENT, "crossroads", 1)
    aldric = game.units["aldric"]
    assert content_references(aldric, game.content) == []
    aldric.weapons = ("sword", "halberd")
    aldric.items = {"phoenix-down": 1}
    aldric.template = "aldrik"
    assert content_references(aldric, game.content) == [
        Reference(("template",), "characters", "aldrik"),
        Reference(("weapons", 1), "weapons", "halberd"),
        Reference(("items", 0), "items", "phoenix-down"),
    ]


def test_a_template_is_checked_against_tables_by_name():
    game = new_game(FIXTURE_CONTENT, "crossroads", 1)
    template = game.content.characters["aldric"]
    tables = {"weapons": {}, "armours": game.content.armours, "factions": {},
              "items": game.content.items, "spells": game.content.spells}
    missing = content_references(template, tables)
    assert {ref.table for ref in missing} == {"weapons", "factions"}
    assert all(ref.field[0] in ("weapons", "faction") for ref in missing)
