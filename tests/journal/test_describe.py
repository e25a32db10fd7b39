"""The describe screens' facts (game/journal/describe.py): every shipped spell, weapon,
armour, item and unit can be described, and every content source a fact names is a value
that exists in the YAML (so a designer can find it), with a rule of docs/rules.md."""

import functools
import re

import yaml

from game.content.loader import DEFAULT_CONTENT
from game.journal.describe import (
    armour_description,
    brawl_description,
    describe_gear,
    gear,
    item_description,
    spell_description,
    weapon_description,
)
from game.rules.rule_ids import BY_ID
from game.rules.templates import AreaRules
from tests.helpers import content_with, crossroads, make_game

FILES = ("rules.yaml", "spells.yaml", "weapons.yaml", "armours.yaml", "items.yaml",
         "characters.yaml", "creatures.yaml")


@functools.cache
def parsed(file: str):
    """A shipped content file as YAML reads it (once per worker, when a test asks)."""
    assert file in FILES, file
    return yaml.safe_load((DEFAULT_CONTENT / file).read_text(encoding="utf-8"))


def resolves(file: str, path: str) -> bool:
    """`ice-storm.range[0]` or `page.caps.melee` names a value of that file."""
    node = parsed(file)
    for part in path.split("."):
        match = re.fullmatch(r"([\w-]+)(?:\[(\d+)\])?", part)
        if not match or not isinstance(node, dict) or match[1] not in node:
            return False
        node = node[match[1]]
        if match[2] is not None:
            if not isinstance(node, list) or int(match[2]) >= len(node):
                return False
            node = node[int(match[2])]
    return True


def unresolved(description) -> list[str]:
    """The sources and rules of a description that name nothing."""
    wrong = []
    for section in description.sections:
        for row in section.rows:
            if row.rule and row.rule.split()[0] not in BY_ID:
                wrong.append(row.rule)
            for piece in filter(None, row.source.split("; ")):
                file, _, fields = piece.partition(": ")
                if "(no " in fields:  # `characters.yaml: corvin (no masteries.bow: 0)`
                    fields = fields.split(" (no ")[0]
                for field in fields.split(", "):
                    if not resolves(file, field):
                        wrong.append(f"{file}: {field}")
    return wrong


def test_every_shipped_thing_is_described_with_sources_that_exist():
    game = crossroads()
    content = game.content
    descriptions = [spell_description(game, s) for s in content.spells]
    descriptions += [weapon_description(game, w) for w in content.weapons]
    descriptions += [armour_description(game, a) for a in content.armours]
    descriptions += [item_description(game, i) for i in content.items]
    descriptions.append(brawl_description(game))
    for unit in game.units.values():
        descriptions += [describe_gear(game, unit, thing) for thing in gear(game, unit)]
    assert len(descriptions) > 40
    assert [(d.title, w) for d in descriptions for w in unresolved(d)] == []


def test_a_source_that_names_nothing_is_caught():
    assert resolves("spells.yaml", "bless.effect.amount")
    assert resolves("spells.yaml", "ice-storm.range[1]")
    assert not resolves("spells.yaml", "ice-storm.range[2]")
    assert not resolves("spells.yaml", "bless.effect.colour")


def test_a_debuff_and_a_heal_area_say_whom_they_touch_as_the_rules_yaml_says():
    game = make_game([("elise", "elise", 1, (2, 2))])
    text = spell_description(game, "circle-of-healing").text()
    assert "The area touches  the caster's friends in the radius, characters only, the " \
           "caster included  R7.10 area spells  rules.yaml: area.touches" in text
    assert "May target  a character; never its caster nor one of the caster's own " \
           "characters" in spell_description(game, "weaken").text()
    everyone = content_with(rules={"area": AreaRules(touches="everyone")})
    game = make_game([("elise", "elise", 1, (2, 2))], content=everyone)
    assert "every character in the radius, whatever its side" in \
        spell_description(game, "circle-of-healing").text()


def test_a_weapons_on_hit_effect_and_an_items_charges_are_described():
    game = make_game([("aldric", "aldric", 1, (2, 2))])
    poisoned = next(w for w, t in game.content.weapons.items() if t.on_hit)
    text = weapon_description(game, poisoned).text()
    effect = game.content.weapons[poisoned].on_hit
    assert f"By  {effect.amount:+d}  R14.1 on-hit effects  weapons.yaml: " \
           f"{poisoned}.on_hit.amount" in text
    text = item_description(game, "smelling-salts").text()
    assert "Charges  2  R14.2 items  items.yaml: smelling-salts.charges" in text
    assert "its user, or a unit within 1 square in line of sight" in text
