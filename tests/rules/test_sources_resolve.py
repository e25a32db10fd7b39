"""Every source a shipped demo names is a path of the shipped content: a designer who opens
`characters.yaml` at `ysolde.masteries.dagger` finds the number the card shows."""

import json
import re
from pathlib import Path

import pytest
import yaml

from game.cli import main

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


def paths(source: str):
    """(file, path) of each content value a source names (`file: a, b; file: c`)."""
    for part in source.split("; "):
        if ": " not in part:
            continue  # a roll's `rolled` / `forced …`, an old save's bare id
        where, fields = part.split(": ", 1)
        fields = fields.removesuffix(", set by the designer")
        fields = re.sub(r" \(no [^)]*: 0\)$", "", fields)
        for field in fields.split(", "):
            yield where, field


def sources_of(value):
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("source", "cap_source", "perfect_source") and isinstance(item, str):
                yield item
            else:
                yield from sources_of(item)
    elif isinstance(value, list):
        for item in value:
            yield from sources_of(item)


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
            if not resolve(documents[where], field):
                missing.append(f"{where}: {field} (from {source!r})")
    assert not missing


def test_a_mastery_the_template_does_not_list_says_it_is_0_by_default(capsys, tmp_path):
    main(["script", "duel", str(CONTENT / "scripts" / "duel-demo.txt"), "--json",
          "--saves-dir", str(tmp_path)])
    found = {s for line in capsys.readouterr().out.splitlines()
             for s in sources_of(json.loads(line))}
    # Ysolde swings her battle axe once; her template lists only the dagger.
    assert "characters.yaml: ysolde (no masteries.axe: 0)" in found
    assert "characters.yaml: ysolde.masteries.dagger" in found
