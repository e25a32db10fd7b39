"""The arrows point one way. The contracts are import-linter's, in pyproject.toml
(`[tool.importlinter]`): the layers cli > commands > serve > ui > lab > oddsreport >
journal | saves | scripts > content > rules | i18n | files | nobreak, the rules importing
no UI, YAML or I/O module and no AI policy, no import cycle (imports inside functions and
under TYPE_CHECKING included).
What import-linter cannot see stays here: the rules hide no import inside a function, and no
test module imports another."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path


import game

ROOT = Path(game.__file__).parent
PROJECT = ROOT.parent


def _imports(tree: ast.AST, in_function: bool = False):
    """(imported name, inside a function?) for every import."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import):
            yield from ((alias.name, in_function) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                yield f"{node.module}.{alias.name}", in_function
        else:
            inner = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                     ast.Lambda))
            yield from _imports(node, inner)


def lint_imports(project: Path) -> subprocess.CompletedProcess:
    """`lint-imports` on `project` (its pyproject.toml, its `game`), without a cache, in a
    process of its own: this one has imported the real `game`."""
    return subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command;"
         " sys.argv = ['lint-imports', '--no-cache', '--no-logo']; lint_imports_command()"],
        cwd=project, env={"PYTHONPATH": str(project), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=120,
    )


def test_the_import_contracts_are_kept(capsys):
    from importlinter.cli import lint_imports as lint

    code = lint(str(PROJECT / "pyproject.toml"), no_cache=True, no_logo=True)
    out = capsys.readouterr().out
    assert code == 0 and "Contracts: 4 kept, 0 broken." in out, out


def test_each_contract_names_the_import_that_breaks_it(tmp_path):
    """A copy of game/ with one wrong arrow for each contract: all four are broken, each
    naming the import."""
    shutil.copy(PROJECT / "pyproject.toml", tmp_path)
    shutil.copytree(ROOT, tmp_path / "game", ignore=shutil.ignore_patterns("__pycache__", "locale"))

    def add(module: str, line: str) -> None:
        path = tmp_path / "game" / module
        path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")

    add("rules/dice.py", "def _lazy():\n    import os")  # I/O, hidden in a function
    add("rules/engine.py", "from game.rules import tactician")  # the engine picks an AI
    add("content/yamlmarks.py", "from game import saves")  # content above saves
    add("rules/geometry.py", "from game.rules import state")  # state imports geometry
    result = lint_imports(tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    report = " ".join(result.stdout.split())  # long lines are wrapped
    assert "Contracts: 0 kept, 4 broken." in report
    for wrong in ("game.content is not allowed to import game.saves: "
                  "- game.content.yamlmarks -> game.saves",
                  "game.rules is not allowed to import os: - game.rules.dice -> os",
                  "game.rules.engine is not allowed to import game.rules.tactician: "
                  "- game.rules.engine -> game.rules.tactician",
                  "No cycles are allowed in game.rules. It could be made acyclic by removing "
                  "1 dependency: - .geometry -> .state"):
        assert wrong in report, report


def test_rules_hide_no_import_inside_a_function():
    for path in (ROOT / "rules").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert [n for n, in_fn in _imports(tree) if in_fn] == [], path.name


def test_no_test_module_imports_another():
    tests = Path(__file__).resolve().parents[1]
    for path in tests.rglob("*.py"):
        names = [name for name, _ in _imports(ast.parse(path.read_text(encoding="utf-8")))]
        others = [n for n in names if n.startswith("tests.") and not n.startswith("tests.helpers")]
        assert others == [], f"{path.relative_to(tests)} imports {others}"
