"""`python -m game schema`: JSON Schemas from the loader's own Structs, which the shipped
content passes and a broken file fails; docs/content.md and schemas/ kept up to date."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from game.cli import main
from game.commands.schema import CONTENT_DOCS, DEFAULT_SCHEMAS
from game.content.loader import DEFAULT_CONTENT
from game.content.schema import CONTENT_FILES, content_reference, schema_of

ROOT = DEFAULT_CONTENT.parent


def shipped(name: str) -> list[Path]:
    file, _ = CONTENT_FILES[name]
    return sorted(DEFAULT_CONTENT.glob(file))


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("schemas")
    assert main(["schema", "--out", str(out)]) == 0
    return out


def test_one_schema_per_content_file(written):
    assert sorted(p.name for p in written.iterdir()) == sorted(
        f"{name}.schema.json" for name in CONTENT_FILES)
    assert {"rules", "characters", "scenario"} <= set(CONTENT_FILES)


@pytest.mark.parametrize("name", list(CONTENT_FILES))
def test_the_shipped_files_pass_their_schema(written, name):
    schema = json.loads((written / f"{name}.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    files = shipped(name)
    assert files, name
    for path in files:
        jsonschema.validate(yaml.safe_load(path.read_text()), schema,
                            cls=jsonschema.Draft202012Validator)


@pytest.mark.parametrize("name,path,value,words", [
    ("weapons", ("sword", "ap_cost"), "four", "is not of type 'integer'"),
    ("weapons", ("sword", "dise"), 3, "Additional properties are not allowed"),
    ("characters", ("aldric", "stats", "STR"), 99, "is greater than the maximum of 40"),
    ("spells", ("bless", "kind"), "blessing", "is not one of"),
    ("rules", ("faction", "counts"), "everyone", "is not one of"),
    ("spells", ("bless", "effect", "stat"), "mele", "'mele' is not one of"),
])
def test_a_broken_file_fails_its_schema(written, name, path, value, words):
    schema = json.loads((written / f"{name}.schema.json").read_text())
    data = yaml.safe_load(shipped(name)[0].read_text())
    node = data
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    with pytest.raises(jsonschema.ValidationError, match=words):
        jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)


def test_a_scenario_missing_its_map_fails_its_schema(written):
    schema = json.loads((written / "scenario.schema.json").read_text())
    data = yaml.safe_load((DEFAULT_CONTENT / "scenarios" / "duel.yaml").read_text())
    del data["map"]
    with pytest.raises(jsonschema.ValidationError, match="'map' is a required property"):
        jsonschema.validate(data, schema)


def test_every_field_has_a_meaning():
    for name in CONTENT_FILES:
        for struct, spec in schema_of(name).get("$defs", {}).items():
            for field, prop in spec["properties"].items():
                assert prop.get("description"), f"{struct}.{field} has no description"


def test_the_committed_schemas_are_up_to_date(written):
    for path in written.iterdir():
        committed = DEFAULT_SCHEMAS / path.name
        assert committed.exists() and committed.read_text() == path.read_text(), \
            f"{committed} is out of date: run python -m game schema"


def test_the_content_reference_is_up_to_date():
    assert CONTENT_DOCS.read_text() == content_reference(), \
        "docs/content.md is out of date: run python -m game schema --docs"


def test_the_content_reference_names_every_field_with_its_default():
    text = content_reference()
    assert "| `charges` | integer from 1 to 100 | `1` | Uses before it is used up. |" in text
    assert "| `on_hit` | [EffectSpec](#effectspec) or null | `null` |" in text
    assert "| `map` | string (1 to 100000 characters) | required |" in text


def test_schema_docs_writes_the_reference(tmp_path, capsys):
    target = tmp_path / "content.md"
    assert main(["schema", "--out", str(tmp_path / "s"), "--docs", str(target)]) == 0
    assert target.read_text() == content_reference()


def test_the_readme_shows_the_editor_line():
    assert "# yaml-language-server: $schema=../schemas/weapons.schema.json" in \
        (ROOT / "README.md").read_text()


def test_the_schema_command_refuses_to_write_schemas_without_the_fields_meanings(
        tmp_path, capsys, monkeypatch):
    from game.cli import main
    from game.content import schema

    monkeypatch.setattr(schema, "field_meanings", lambda: {})  # as without templates.py
    assert main(["schema", "--out", str(tmp_path / "out")]) == 2
    assert "source is not at hand: nothing written" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
