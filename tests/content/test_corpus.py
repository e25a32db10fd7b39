"""The mutated-content corpus: each case breaks the shipped content in one way a designer
might (missing keys, wrong types, unknown references, ragged maps, bad tags, fields a kind
ignores) and lists every error `validate` must give, each with its place, and nothing else:
no error reported twice, no follow-on error from one already reported.

Hostile YAML (aliases, nesting, sizes, non-files) is tests/hostile's corpus, not this one.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.content.loader import DEFAULT_CONTENT, validate_all


class Mutation:
    """Edits of content files, then `at(file, needle)` for the place of the needle's first
    character in the mutated file (`content/FILE:LINE:COL`)."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def edit(self, file: str, old: str, new: str) -> None:
        path = self.root / file
        text = path.read_text()
        assert text.count(old) >= 1, f"{old!r} not in {file}"
        path.write_text(text.replace(old, new, 1))

    def at(self, file: str, needle: str, after: str = "") -> str:
        text = (self.root / file).read_text()
        start = text.index(after) if after else 0
        index = text.index(needle, start)
        line = text.count("\n", 0, index) + 1
        col = index - (text.rfind("\n", 0, index) + 1) + 1
        return f"content/{file}:{line}:{col}"


@pytest.fixture
def mutation(tmp_path) -> Mutation:
    target = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, target)
    return Mutation(target)


def errors(m: Mutation) -> list[str]:
    return [str(e) for e in validate_all(m.root)[2]]


def test_the_shipped_content_has_no_error(mutation):
    assert errors(mutation) == []


# --- missing keys ----------------------------------------------------------------------

def test_missing_keys_of_one_entry_are_all_reported_at_the_entry(mutation):
    m = mutation
    m.edit("characters.yaml", "  glyph: A\n", "")
    m.edit("characters.yaml", "  hp_max: 18\n", "")
    m.edit("weapons.yaml", "  dice: 1d8\n  ap_cost: 4\n", "")
    entry = m.at("characters.yaml", "name: Aldric")
    sword = m.at("weapons.yaml", 'name: {en: "sword"')
    assert errors(m) == [
        f"{entry}: aldric: missing required field 'glyph'",
        f"{entry}: aldric: missing required field 'hp_max'",
        f"{sword}: sword: missing required field 'ap_cost'",
        f"{sword}: sword: missing required field 'dice'",
    ]


def test_a_missing_nested_key_is_reported_at_its_mapping(mutation):
    m = mutation
    m.edit("characters.yaml", "stats: {STR: 15, DEX: 11, ", "stats: {STR: 15, ")
    assert errors(m) == [f"{m.at('characters.yaml', '{STR: 15, SIZ')}: aldric.stats: missing "
                         "required field 'DEX'"]


def test_a_missing_setting_is_reported_once_and_a_misspelt_one_only_as_unknown(mutation):
    m = mutation
    m.edit("rules.yaml", "door_cost: 1 ", "# door_cost: 1 ")
    m.edit("rules.yaml", "move_cost: 1 ", "mov_cost: 1 ")
    m.edit("rules.yaml", "  step: 5\n", "")
    assert errors(m) == [
        f"{m.at('rules.yaml', 'ap_max')}: missing setting 'door_cost'",
        f"{m.at('rules.yaml', 'mov_cost')}: unknown field 'mov_cost' "
        "(did you mean 'move_cost'?)",
        f"{m.at('rules.yaml', 'per_step: 1')}: luck: missing required field 'step'",
    ]


# --- wrong types -----------------------------------------------------------------------

def test_every_mistake_of_one_character_in_one_run(mutation):
    m = mutation
    m.edit("characters.yaml", "hp_max: 18", "hp_max: lots")
    m.edit("characters.yaml", "stats: {STR: 15,", "stats: {STR: 99,")
    m.edit("characters.yaml", "melee: 50, ranged: 20", "melee: fifty, ranged: 20")
    m.edit("characters.yaml", "masteries: {sword: 10, mace: 5}",
           "masteries: {sword: 10, Mace: 5}")
    m.edit("characters.yaml", "  legendary_armour: lily-mantle\n",
           "  legendary_armour: lily-mantle\n  shield: yes\n")
    assert errors(m) == [
        f"{m.at('characters.yaml', '99')}: aldric.stats.STR: expected `int` <= 40",
        f"{m.at('characters.yaml', 'lots')}: aldric.hp_max: expected `int`, got `str`",
        f"{m.at('characters.yaml', 'fifty')}: aldric.skills.melee: expected `int`, got `str`",
        f"{m.at('characters.yaml', 'Mace')}: a key of aldric.masteries: expected `str` "
        "matching regex '^[a-z][a-z0-9_-]*$'",
        f"{m.at('characters.yaml', 'shield')}: aldric: unknown field 'shield'; known fields: "
        "name, glyph, stats, hp_max, ap_max, skills, masteries, weapons, armour, faction, items, gender, "
        "legendary_armour, spells, quips",
    ]


def test_a_bad_item_of_a_list_is_reported_and_its_neighbours_checked(mutation):
    m = mutation
    m.edit("scenarios/duel.yaml", "at: [2, 4]", "at: [2, four]")
    m.edit("scenarios/duel.yaml", "{name: Bruno, colour: red}", "{name: Bruno, colour: 3}")
    assert errors(m) == [
        f"{m.at('scenarios/duel.yaml', '3}')}: players[1].colour: expected `str`, got `int`",
        f"{m.at('scenarios/duel.yaml', 'four')}: characters[0].at[1]: expected `int`, got `str`",
    ]


def test_a_weapon_with_a_bad_cost_gives_one_error_and_no_follow_on(mutation):
    # Its family is still known: masteries of the axe are not "unknown families".
    m = mutation
    m.edit("weapons.yaml", "  dice: 1d10\n  ap_cost: 5\n", "  dice: 1d10\n  ap_cost: five\n")
    assert errors(m) == [f"{m.at('weapons.yaml', 'five')}: axe.ap_cost: expected `int`, "
                         "got `str`"]


def test_a_weapon_whose_family_is_unreadable_gives_one_error(mutation):
    m = mutation
    m.edit("weapons.yaml", "  family: axe\n", "  family: [axe]\n")
    assert errors(m) == [f"{m.at('weapons.yaml', '[axe]')}: axe.family: expected `str`, "
                         "got `array`"]


def test_a_rules_setting_of_the_wrong_type_in_a_nested_table(mutation):
    m = mutation
    m.edit("rules.yaml", "  ratio: 0.6\n", "  ratio: 1.5\n")
    m.edit("rules.yaml", "  - {up_to: 16, dice: \"-1d4\"}", "  - {up_to: sixteen, dice: \"-1d4\"}")
    m.edit("rules.yaml", "    melee: 95\n", "    melee: high\n")
    assert errors(m) == [
        f"{m.at('rules.yaml', '1.5')}: faction.ratio: expected `float` < 1.0",
        f"{m.at('rules.yaml', 'sixteen')}: damage_bonus[1].up_to: expected `int | null`, got `str`",
        f"{m.at('rules.yaml', 'high')}: page.caps.melee: expected `int`, got `str`",
    ]


# --- unknown references ----------------------------------------------------------------

def test_each_unknown_reference_is_reported_once_with_a_suggestion(mutation):
    m = mutation
    m.edit("characters.yaml", "weapons: [sword]", "weapons: [swrod]")
    m.edit("characters.yaml", "  armour: leather\n  legendary_armour: lily-mantle\n",
           "  armour: lether\n  legendary_armour: lily-mantel\n")
    m.edit("characters.yaml", "faction: order", "faction: ordre")
    m.edit("characters.yaml", "spells: [firebolt,", "spells: [firebolt2,")
    m.edit("scenarios/duel.yaml", "template: ysolde", "template: ysold")
    assert errors(m) == [
        f"{m.at('characters.yaml', 'swrod')}: unknown weapon 'swrod' (did you mean 'sword'?)",
        f"{m.at('characters.yaml', 'lether')}: unknown armour 'lether' "
        "(did you mean 'leather'?)",
        f"{m.at('characters.yaml', 'lily-mantel')}: unknown armour 'lily-mantel' "
        "(did you mean 'lily-mantle'?)",
        f"{m.at('characters.yaml', 'ordre')}: unknown faction 'ordre' "
        "(did you mean 'order'?)",
        f"{m.at('characters.yaml', 'firebolt2')}: unknown spell 'firebolt2' "
        "(did you mean 'firebolt'?)",
        f"{m.at('scenarios/duel.yaml', 'ysold,')}: unknown character template 'ysold' "
        "(did you mean 'ysolde'?)",
    ]


def test_references_to_an_invalid_entry_are_not_reported(mutation):
    m = mutation
    m.edit("armours.yaml", "  reduction: 1\nchainmail", "  reduction: one\nchainmail")
    m.edit("characters.yaml", "  glyph: G\n", "  glyph: GG\n")
    assert errors(m) == [
        f"{m.at('armours.yaml', 'one', after='leather:')}: leather.reduction: expected `int`, got `str`",
        f"{m.at('characters.yaml', 'GG')}: gautier.glyph: expected `str` of length <= 1",
    ]


def test_a_yaml_syntax_error_gives_one_error_not_one_per_reference(mutation):
    m = mutation
    m.edit("armours.yaml", '  name: {en: "chainmail", fr: "cotte de mailles"}\n',
           "  name: [chainmail\n")
    found = errors(m)
    assert len(found) == 1 and found[0].startswith("content/armours.yaml:") \
        and "invalid YAML" in found[0]


def test_a_missing_file_gives_one_error(mutation):
    m = mutation
    (m.root / "characters.yaml").unlink()
    assert errors(m) == ["content/characters.yaml:1:1: file not found"]


# --- maps, players ---------------------------------------------------------------------

def test_a_short_map_row_is_reported_at_its_end(mutation):
    m = mutation
    m.edit("scenarios/duel.yaml", "  #.....#........#\n", "  #.....#.......\n")
    m.edit("scenarios/duel.yaml", "  #........#.....#\n", "  #........#.....#..\n")
    row = m.at("scenarios/duel.yaml", "#.....#.......\n").rsplit(":", 1)[0]
    long = m.at("scenarios/duel.yaml", "#........#.....#..").rsplit(":", 1)[0]
    assert errors(m) == [
        f"{row}:17: map row 3 is 14 squares wide, the others 16 (the missing squares would "
        "be holes in the wall)",
        f"{long}:19: map row 6 is 18 squares wide, the others 16",
    ]


def test_a_player_who_owns_no_character(mutation):
    m = mutation
    m.edit("scenarios/duel.yaml", "template: ysolde, owner: 2", "template: ysolde, owner: 1")
    m.edit("scenarios/duel.yaml", "  - {name: Bruno, colour: red}\n",
           "  - {name: Bruno, colour: red}\n  - {name: Carla, colour: green}\n")
    assert errors(m) == [
        f"{m.at('scenarios/duel.yaml', '{name: Bruno')}: player 2 (Bruno) owns no character",
        f"{m.at('scenarios/duel.yaml', '{name: Carla')}: player 3 (Carla) owns no character",
    ]


# --- bad tags --------------------------------------------------------------------------

def test_a_bad_tag_is_one_error_and_its_entry_is_not_checked_further(mutation):
    m = mutation
    m.edit("characters.yaml", "hp_max: 18", "hp_max: !!python/object:os.system 18")
    m.edit("scenarios/duel.yaml", 'name: {en: "The Duel at Dawn", fr: "Le Duel à l\'aube"}',
           "name: !secret The Duel at Dawn")
    assert errors(m) == [
        f"{m.at('characters.yaml', '!!python')}: unsafe or unknown YAML tag "
        "'!!python/object:os.system'",
        f"{m.at('scenarios/duel.yaml', '!secret')}: unsafe or unknown YAML tag '!secret'",
    ]


# --- fields a kind ignores -------------------------------------------------------------

def test_a_field_the_spell_kind_ignores(mutation):
    m = mutation
    m.edit("spells.yaml", "  effect: {stat: melee, amount: 10, turns: 2}\n",
           "  effect: {stat: melee, amount: 10, turns: 2}\n  dice: 1d6\n")
    m.edit("spells.yaml", "  dice: 2d6\n", "  dice: 2d6\n  effect: {stat: DEX, amount: -2, "
           "turns: 1}\n")
    assert errors(m) == [
        f"{m.at('spells.yaml', 'effect: {stat: DEX')}: a damage spell ignores effect "
        "(it uses dice)",
        f"{m.at('spells.yaml', 'dice: 1d6', after='Bless')}: a buff spell ignores dice "
        "(it uses an effect)",
    ]


# --- items, on-hit effects, doors' own numbers -----------------------------------------

def test_items_and_on_hit_effects_are_checked(mutation):
    m = mutation
    m.edit("characters.yaml", "items: [pepper-bag]", "items: [peper-bag]")
    m.edit("weapons.yaml", "on_hit: {stat: STR, amount: -2", "on_hit: {stat: strength, amount: -2")
    m.edit("items.yaml", "effect: {stat: STR, amount: 4", "effect: {stat: STR, amount: 0")
    m.edit("items.yaml", "  charges: 2\n", "  charges: 0\n")
    assert errors(m) == [
        f"{m.at('characters.yaml', 'peper-bag')}: unknown item 'peper-bag' "
        "(did you mean 'pepper-bag'?)",
        f"{m.at('items.yaml', '0, turns')}: an effect of 0 changes nothing",
        f"{m.at('items.yaml', '0', after='charges: 0')}: smelling-salts.charges: expected "
        "`int` >= 1",
        f"{m.at('weapons.yaml', 'strength')}: unknown stat 'strength'; stats: STR, DEX, "
        "SIZ, INT, DEF, LCK, brawl, melee, ranged, dodge, magic, damage, reduction, "
        "magic_bonus",
    ]


def test_a_door_of_the_scenario_must_be_a_door_of_the_map(mutation):
    m = mutation
    m.edit("scenarios/dungeon.yaml", "  - {at: [19, 10], hp: 20, defence: 30}\n",
           "  - {at: [19, 10], hp: 20, defence: 30}\n  - {at: [18, 10], hp: 5}\n"
           "  - {at: [19, 10], hp: 9}\n")
    assert errors(m) == [
        f"{m.at('scenarios/dungeon.yaml', '[18, 10]')}: there is no door at 18,10 on the map "
        "('+' or '/')",
        f"{m.at('scenarios/dungeon.yaml', '[19, 10], hp: 9')}: the door at 19,10 is already "
        "listed",
    ]


def test_a_door_with_no_hp_is_refused(mutation):
    m = mutation
    m.edit("scenarios/dungeon.yaml", "{at: [19, 10], hp: 20,", "{at: [19, 10], hp: 0,")
    assert errors(m) == [f"{m.at('scenarios/dungeon.yaml', '0,', after='[19, 10]')}: "
                         "doors[0].hp: expected `int` >= 1"]


def test_a_scenario_with_a_bad_entry_still_has_the_rest_checked_in_the_same_run(mutation):
    m = mutation
    m.edit("scenarios/crossroads.yaml", "{id: brenna, template: brenna, owner: 1, at: [2, 9]}",
           "{id: brenna, template: brenna, owner: 1, at: [2, nine]}")
    m.edit("scenarios/crossroads.yaml", "template: wolf,", "template: wolff,")
    m.edit("scenarios/crossroads.yaml", "{id: corvin, template: corvin, owner: 1, at: [3, 10]}",
           "{id: corvin, template: corvin, owner: 1, at: [3, 7]}")
    assert errors(m) == [
        f"{m.at('scenarios/crossroads.yaml', 'nine')}: characters[1].at[1]: expected `int`, "
        "got `str`",
        f"{m.at('scenarios/crossroads.yaml', '[3, 7]', after='id: corvin')}: corvin overlaps "
        "aldric at 3,7",
        f"{m.at('scenarios/crossroads.yaml', 'wolff')}: unknown creature template 'wolff' "
        "(did you mean 'wolf'?)",
    ]


@pytest.mark.parametrize("glyph,symbol", [(".", "floor"), ("#", "wall")])
def test_an_object_drawn_as_the_maps_floor_or_wall_is_refused_at_its_glyph(mutation, glyph,
                                                                           symbol):
    # Before, a barrel drawn '.' or '#' was accepted: on the map, an empty square or a wall.
    m = mutation
    m.edit("scenarios/crossroads.yaml", "at: [5, 2], hp: 6, glyph: o}",
           f'at: [5, 2], hp: 6, glyph: "{glyph}"}}')
    where = m.at("scenarios/crossroads.yaml", f'"{glyph}"', after="id: barrel")
    assert errors(m) == [
        f"{where}: glyph '{glyph}' is the map's {symbol}: an object drawn so would be taken "
        "for one; use another character",
    ]
