"""docs/rules.md is the project's own statement of the rules: it names every field of
content/rules.yaml with its shipped value, every code reference in it exists, its rule ids
are unique, its worked examples are the runner's real output, and the project refers to
nothing outside itself."""

import importlib
import os
import re
from pathlib import Path

import msgspec

from game.cli import main
from game.rules import rule_ids
from tests.helpers import CONTENT

ROOT = Path(__file__).resolve().parent.parent
DOC_PATH = ROOT / "docs" / "rules.md"
DOC = DOC_PATH.read_text(encoding="utf-8")


def field_paths(info=None, prefix: str = "") -> list[str]:
    """Every field path of the rules' Struct type (RulesConfig), recursively: `faction`,
    `faction.counts`, `page.caps.dodge`; the fields of a list of Structs as
    `damage_bonus[].dice`."""
    if info is None:
        info = msgspec.inspect.type_info(type(CONTENT.rules))
    paths = []
    for field in info.fields:
        path = f"{prefix}{field.name}"
        paths.append(path)
        kind = field.type
        while isinstance(kind, msgspec.inspect.Metadata):  # a field's description
            kind = kind.type
        if isinstance(kind, msgspec.inspect.StructType):
            paths += field_paths(kind, path + ".")
        elif isinstance(kind, msgspec.inspect.ListType) \
                and isinstance(kind.item_type, msgspec.inspect.StructType):
            paths += field_paths(kind.item_type, path + "[].")
    return paths


PATHS = field_paths()


def named(path: str, text: str) -> bool:
    """`path` appears in backticks on its own (`page.caps` is not named by `page.caps.dodge`)."""
    return re.search(r"`" + re.escape(path) + r"(?![\w.\[])", text) is not None


def missing_fields(text: str) -> list[str]:
    return [path for path in PATHS if not named(path, text)]


def shipped(path: str):
    value = CONTENT.rules
    for part in path.split("."):
        value = getattr(value, part)
    return value


def rendered(value) -> str | None:
    """A shipped value as the docs write it, or None for one not written inline."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float, str)):
        return str(value)
    if isinstance(value, list) and all(isinstance(v, int) for v in value):
        return "[" + ", ".join(map(str, value)) + "]"
    return None


def stated_values(text: str) -> list[tuple[str, str]]:
    """(path, what the docs say its value is): `` `path` (value) `` in prose and
    `` | `path` | value | `` rows of the index."""
    found = re.findall(r"`([a-z_.\[\]]+)` \(([^)]*)\)", text)
    found += re.findall(r"^\| `([a-z_.\[\]]+)` \| ([^|]*?) *\|", text, flags=re.M)
    return [(path, said) for path, said in found if path in PATHS]


def wrong_values(text: str) -> list[str]:
    wrong = []
    for path, said in stated_values(text):
        expected = rendered(shipped(path)) if "[]" not in path else None
        if expected is None:
            continue
        if not re.match(re.escape(expected) + r"(?![\w.])", said):
            wrong.append(f"{path}: docs say {said!r}, content/rules.yaml has {expected}")
    return wrong


def test_field_paths_walk_nested_structs_and_lists_of_structs():
    for path in ("ap_max", "faction", "faction.counts", "page.caps", "page.caps.dodge",
                 "counter_drain.rounding", "xp.against_objects",
                 "page.defence_reduction.maximum", "damage_bonus[].up_to",
                 "default_quips.spell_fail"):
        assert path in PATHS
    assert len(PATHS) == len(set(PATHS)) > 60


def test_every_rules_field_is_named_in_the_docs():
    assert missing_fields(DOC) == []


def test_a_field_left_out_of_the_docs_is_reported():
    text = DOC.replace("`page.caps.dodge`", "the dodge cap")
    assert missing_fields(text) == ["page.caps.dodge"]


def test_every_value_the_docs_state_is_the_shipped_one():
    stated = {path for path, _ in stated_values(DOC)}
    # Each number is stated at least once: in the index, if nowhere else.
    assert {p for p in PATHS if "[]" not in p and rendered(shipped(p)) is not None} <= stated
    assert wrong_values(DOC) == []


def test_a_value_that_drifts_from_rules_yaml_is_reported():
    text = DOC.replace("| `page.caps.dodge` | 90 |", "| `page.caps.dodge` | 85 |")
    assert wrong_values(text) == [
        "page.caps.dodge: docs say '85', content/rules.yaml has 90"]


CODE_REF = re.compile(r"`(game/[\w/]+\.py): ([\w.]+)`")


def test_every_code_reference_exists():
    refs = CODE_REF.findall(DOC)
    assert len(refs) > 60
    missing = []
    for file, name in refs:
        target = importlib.import_module(file[:-3].replace("/", ".")) \
            if (ROOT / file).is_file() else None
        for part in name.split("."):
            target = getattr(target, part, None)
        if target is None:
            missing.append(f"{file}: {name}")
    assert missing == []


def test_rule_ids_are_unique_and_every_reference_names_one():
    ids = re.findall(r"^### (R\d+\.\d+) ", DOC, flags=re.M)
    assert len(ids) == len(set(ids)) > 60
    referenced = set(re.findall(r"\bR\d+\.\d+\b", DOC))
    assert referenced - set(ids) == set()
    # Within a section the ids run 1, 2, 3… in order.
    for section in {i.split(".")[0] for i in ids}:
        numbers = [int(i.split(".")[1]) for i in ids if i.split(".")[0] == section]
        assert numbers == list(range(1, len(numbers) + 1)), section


def test_worked_examples_are_the_runners_own_output(capsys):
    out = ""
    for script in ("skirmish-demo.txt", "spells-demo.txt"):
        assert main(["script", "crossroads", str(ROOT / "content" / "scripts" / script)]) == 0
        out += capsys.readouterr().out
    shown = [line for block in re.findall(r"```journal\n(.*?)```", DOC, flags=re.S)
             for line in block.splitlines()]
    assert len(shown) >= 10
    assert [line for line in shown if line not in out.splitlines()] == []


# Built in pieces, so that this file does not name them itself.
OUTSIDE = ("../" + "shared", "RULES" + ".md", "seed" + "-fr")
SKIPPED_DIRS = {".git", ".venv", "venv", "__pycache__", ".pytest_cache", ".hypothesis",
                "build", "dist", "node_modules"}


def outside_references(root: Path) -> list[str]:
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS and not d.endswith(".egg-info")]
        for name in files:
            path = Path(folder, name)
            data = path.read_bytes()
            for needle in OUTSIDE:
                if needle.encode() in data:
                    found.append(f"{path.relative_to(root)}: {needle}")
    return sorted(found)


def test_the_project_refers_to_nothing_outside_itself():
    assert outside_references(ROOT) == []


def test_an_outside_reference_is_found(tmp_path):
    (tmp_path / "notes.txt").write_text("see " + OUTSIDE[1] + " beside it\n")
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / "x.txt").write_text(OUTSIDE[0])
    assert outside_references(tmp_path) == ["notes.txt: " + OUTSIDE[1]]



def test_every_rule_id_the_engine_names_is_a_rule_of_the_docs_with_that_title():
    # A term's rule id is what a roll card and `--json` show: it must be a heading of
    # docs/rules.md, with the title the code gives it (French gloss in brackets left out).
    headings = {rid: re.sub(r"\s*\(.*\)$", "", title).lower()
                for rid, title in re.findall(r"^### (R\d+\.\d+) (.+)$", DOC, flags=re.M)}
    refs = [v for v in vars(rule_ids).values() if isinstance(v, rule_ids.RuleRef)]
    assert refs and set(rule_ids.BY_ID.values()) == set(refs)
    wrong = [f"{ref.id} {ref.title!r}: docs say {headings.get(ref.id)!r}" for ref in refs
             if headings.get(ref.id) != ref.title.lower()]
    assert wrong == []
    # And no module of the rules writes a rule id by hand, outside rule_ids.
    for path in (ROOT / "game" / "rules").glob("*.py"):
        if path.name != "rule_ids.py":
            assert re.findall(r"[\"']R\d+\.\d+", path.read_text(encoding="utf-8")) == [], path
