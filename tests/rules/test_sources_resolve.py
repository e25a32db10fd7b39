"""Every source a shipped demo names is a path of the shipped content: a designer who opens
`characters.yaml` at `ysolde.masteries.dagger` finds the number the card shows."""

import json
import re
from pathlib import Path

import msgspec
import pytest
import yaml

from game.cli import main
from game.journal.text import source_part, source_file
from game.rules.sources import Source, Sources

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
SCRIPTS = sorted((CONTENT / "scripts").glob("*-demo.txt"))
#: A script's scenario: its file name before `-demo` (skirmish and spells play crossroads).
SCENARIO = {"skirmish": "crossroads", "spells": "crossroads"}


def resolve(document, path: str) -> bool:
    node = document
    for name, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", path):
        if index:
            if not isinstance(node, list) or int(index) >= len(node):
                return False
            node = node[int(index)]
        elif isinstance(node, dict) and name in node:
            node = node[name]
        else:
            return False
    return True


def sources_of(value):
    """Every `Source` a `--json` journal line holds (the typed source fields)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("source", "cap_source", "perfect_source", "origin") and \
                    isinstance(item, list):
                yield from msgspec.convert(item, Sources)
            else:
                yield from sources_of(item)
    elif isinstance(value, list):
        for item in value:
            yield from sources_of(item)


def paths(source: Source):
    """(file, path from the file's top) of each content value a source names."""
    entry = "" if source.file in ("rules", "scenarios") else source.entry
    for path in source.paths:
        yield source_file(source), f"{entry}.{path}" if entry else path


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_every_source_of_a_demo_is_a_path_of_the_content(script, capsys, tmp_path):
    name = script.stem.removesuffix("-demo")
    scenario = SCENARIO.get(name, name)
    main(["script", scenario, str(script), "--json", "--saves-dir", str(tmp_path)])
    lines = capsys.readouterr().out.splitlines()
    found = {s for line in lines for s in sources_of(json.loads(line))}
    assert found, "the script rolled nothing"
    documents = {}
    missing = []
    for source in found:
        for where, field in paths(source):
            if where not in documents:
                documents[where] = yaml.safe_load((CONTENT / where).read_text(encoding="utf-8"))
            # A path the template does not list is there only as its entry (it counts 0).
            if source.note == "absent":
                field = source.entry
            if not resolve(documents[where], field):
                missing.append(f"{where}: {field} (from {source_part(source)!r})")
    assert not missing


def test_a_mastery_the_template_does_not_list_says_it_is_0_by_default(capsys, tmp_path):
    main(["script", "duel", str(CONTENT / "scripts" / "duel-demo.txt"), "--json",
          "--saves-dir", str(tmp_path)])
    found = {source_part(s) for line in capsys.readouterr().out.splitlines()
             for s in sources_of(json.loads(line))}
    # Ysolde swings her battle axe once; her template lists only the dagger.
    assert "characters.yaml: ysolde (no masteries.axe: 0)" in found
    assert "characters.yaml: ysolde.masteries.dagger" in found
