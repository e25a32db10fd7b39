"""The arrows point one way: no import cycle between the modules of game/ (annotations
included), and the rules import nothing above them (no loader, UI, journal, rich, textual
or yaml)."""

from __future__ import annotations

import ast
from pathlib import Path

import game

ROOT = Path(game.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in ROOT.rglob("*.py")}


def _imports(tree: ast.AST, in_function: bool = False):
    """(imported name, inside a function?) for every import, TYPE_CHECKING blocks included:
    an annotation's import is still an arrow between modules."""
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


def _target(name: str) -> str | None:
    """The game module an imported name lives in (a submodule, else its package)."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def _graph(with_functions: bool) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges = {_target(name) for name, in_fn in _imports(tree) if with_functions or not in_fn}
        graph[module] = {t for t in edges if t and t != module}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        stack.append(module)
        for nxt in sorted(graph.get(module, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state and (found := visit(module)):
            return found
    return None


def test_the_walker_sees_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_no_module_level_import_cycle_in_game():
    assert _cycle(_graph(with_functions=False)) is None


def test_no_import_inside_a_function_hides_a_cycle():
    assert _cycle(_graph(with_functions=True)) is None


def test_rules_import_nothing_above_them():
    for module, path in MODULES.items():
        if not module.startswith("game.rules"):
            continue
        names = [name for name, _ in _imports(ast.parse(path.read_text(encoding="utf-8")))]
        above = [n for n in names if n.split(".")[0] in ("rich", "textual", "yaml")
                 or (n.startswith("game.") and not n.startswith("game.rules"))]
        assert above == [], f"{module} imports {above}"


def test_rules_hide_no_import_inside_a_function():
    for module, path in MODULES.items():
        if module.startswith("game.rules"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            assert [n for n, in_fn in _imports(tree) if in_fn] == [], module


def test_no_test_module_imports_another():
    tests = Path(__file__).resolve().parents[1]
    for path in tests.rglob("*.py"):
        names = [name for name, _ in _imports(ast.parse(path.read_text(encoding="utf-8")))]
        others = [n for n in names if n.startswith("tests.") and not n.startswith("tests.helpers")]
        assert others == [], f"{path.relative_to(tests)} imports {others}"
