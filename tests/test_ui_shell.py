"""The UI shell's shape (issue 15): no imports inside functions, no import
cycle among the ``companion.ui`` modules, everything compiles, and each shell
module imports on its own in a fresh interpreter (no hidden order
dependency)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "companion" / "ui"
VIEWS = UI / "views"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _ui_files() -> list[Path]:
    return sorted(UI.rglob("*.py"))


def _is_game_view(path: Path) -> bool:
    return path.parent == VIEWS and path.name not in ("__init__.py", "generic.py")


#: the shell: all of companion/ui but the games' own screens (views/<game>.py)
SHELL = [p for p in _ui_files() if not _is_game_view(p)]


def _function_imports(path: Path) -> list[str]:
    """``file:line import ...`` for every import inside a function (or a class
    body); ``if TYPE_CHECKING:`` blocks at module level are allowed."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: list[str] = []

    def visit(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            nested = inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef))
            if isinstance(child, (ast.Import, ast.ImportFrom)) and inside:
                found.append(f"{path.relative_to(ROOT)}:{child.lineno}: {ast.unparse(child)}")
            visit(child, nested)

    visit(tree, False)
    return found


def _module_imports(path: Path) -> set[str]:
    """The modules a file imports: every import statement in it, at module
    level or inside a function (a cycle hidden in a function is still a
    cycle), except those in ``if TYPE_CHECKING:`` blocks (never run)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out: set[str] = set()

    def resolve(node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        base = package.split(".")
        base = base[:len(base) - (node.level - 1)]
        return ".".join(base + ([node.module] if node.module else []))

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for stmt in child.orelse:
                    visit(stmt)
                continue
            if isinstance(child, ast.Import):
                out.update(a.name for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                module = resolve(child)
                out.add(module)
                out.update(f"{module}.{a.name}" for a in child.names)  # ``from . import screens``
            visit(child)

    visit(tree)
    return out


def import_graph() -> dict[str, set[str]]:
    """companion.ui module -> the companion.ui modules it imports (importing
    ``a.b.c`` runs the package ``a.b`` too: it counts as imported)."""
    files = {_module_name(p): p for p in _ui_files()}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        edges: set[str] = set()
        for target in _module_imports(path):
            parts = target.split(".")
            for i in range(1, len(parts) + 1):
                prefix = ".".join(parts[:i])
                if prefix in files and prefix != name:
                    edges.add(prefix)
        graph[name] = edges
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle as [a, b, ..., a], or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = walk(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = walk(node)
            if found:
                return found
    return None


# ----- the checks themselves are checked ------------------------------------------------
def test_the_checks_see_a_function_import_and_a_cycle(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import os\n"
                      "def f():\n    import json\n    return json\nclass C:\n    import re\n", encoding="utf-8")
    original = ROOT
    try:
        globals()["ROOT"] = tmp_path
        assert [line.split(": ", 1)[1] for line in _function_imports(sample)] == ["import json", "import re"]
    finally:
        globals()["ROOT"] = original
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_graph_reads_relative_imports_and_skips_type_checking() -> None:
    graph = import_graph()
    assert "companion.ui.screens" in graph["companion.ui.app"]  # ``from . import join, screens``
    assert "companion.ui.labels" in graph["companion.ui.rules_screen"]
    assert "companion.ui.app" not in graph["companion.ui.screens"]  # only under TYPE_CHECKING
    assert "companion.ui.views" in graph["companion.ui.screens"]  # ``from .views import view_for``
    assert "companion.ui.fields" in graph["companion.ui.views.generic"]  # ``from ..fields import ...``


# ----- the shell's shape ---------------------------------------------------------------------
def test_no_imports_inside_functions_in_the_shell() -> None:
    held = [p.relative_to(ROOT).as_posix() for p in SHELL]
    assert "companion/ui/app.py" in held and "companion/ui/views/__init__.py" in held
    assert "companion/ui/views/generic.py" in held and "companion/ui/corrections.py" in held
    found = [line for path in SHELL for line in _function_imports(path) if not _browser_only(line)]
    assert not found, "imports inside functions (move them to the top of the module):\n" + "\n".join(found)


#: modules only the browser has (Pyodide's): the browser's host imports them where it runs there
BROWSER_ONLY = ("pyodide", "pyodide_js", "js")


def _browser_only(line: str) -> bool:
    statement = line.split(": ", 1)[1].split()
    return line.startswith("companion/ui/hosts/browser.py:") and statement[1].split(".")[0] in BROWSER_ONLY


def test_no_imports_inside_functions_in_the_game_screens() -> None:
    views = [p for p in _ui_files() if _is_game_view(p)]
    assert len(views) >= 13
    found = [line for path in views for line in _function_imports(path)]
    assert not found, "imports inside functions (move them to the top of the module):\n" + "\n".join(found)


def test_the_ui_import_graph_has_no_cycle() -> None:
    graph = import_graph()
    assert len(graph) >= len(SHELL)
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_package_compiles() -> None:
    done = subprocess.run([sys.executable, "-m", "compileall", "-q", "companion"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


@pytest.mark.parametrize("module", [_module_name(p) for p in SHELL])
def test_each_shell_module_imports_on_its_own(module: str) -> None:
    done = subprocess.run([sys.executable, "-c", f"import {module}"], cwd=ROOT, env=_env(),
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
