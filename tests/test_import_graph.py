"""The package's import graph has no cycles, no module grows past 500 lines and few functions past 80
(issue 28).

The graph is read from the source: every module-level `import` / `from ... import` of an agentworld
module (imports under `if TYPE_CHECKING:` and inside functions are not edges: they do not run when the
module loads). A cycle means two modules that cannot be understood, or loaded, one without the other."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "agentworld"
# modules still over the limit, with their size when this test was written: they may only shrink.
OVER_LIMIT: dict[str, int] = {}  # none today
MAX_LINES = 500
# a function past 80 lines is split along its sections into named steps (STYLE.md); at most this many may wait
MAX_FUNCTION_LINES = 80
MAX_LONG_FUNCTIONS = 3
# data tables, not rules: one motif call per task, each with its members spelled out as data
DATA_TABLES = ("taskgen/suite/",)


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _top_level_imports(tree: ast.Module, name: str, is_package: bool, modules: set[str]) -> set[str]:
    """Modules this one imports when it loads. `from pkg import sub` (a submodule) is an edge to the
    submodule only: the package's own __init__ is loaded first anyway, for every submodule."""
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from .x import y
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            subs = {f"{module}.{alias.name}" for alias in node.names} & modules
            found.update(subs)
            if len(subs) < len(node.names):  # some names are the module's own attributes
                found.add(module)
    return {m for m in found if m == "agentworld" or m.startswith("agentworld.")}


def import_graph() -> dict[str, set[str]]:
    files = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text())
        imports = _top_level_imports(tree, name, path.name == "__init__.py", set(files))
        graph[name] = {m for m in imports if m in files and m != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle per strongly connected component of two or more modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_package_has_no_import_cycles():
    assert cycles(import_graph()) == []


def test_no_module_grows_past_the_limit():
    sizes = {str(p.relative_to(PACKAGE)): p.read_text().count("\n") for p in PACKAGE.rglob("*.py")}
    grown = {name: n for name, n in sizes.items() if n > max(MAX_LINES, OVER_LIMIT.get(name, MAX_LINES))}
    assert not grown, f"over {MAX_LINES} lines (split by job, see docs/ARCHITECTURE.md): {grown}"


def long_functions() -> list[str]:
    """Every function (methods and nested ones too) of more than MAX_FUNCTION_LINES lines outside the data
    tables, as "module:function (N lines)"."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if str(path.relative_to(PACKAGE)).startswith(DATA_TABLES):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    found.append(f"{_module_name(path)}:{node.name} ({lines} lines)")
    return found


def test_few_functions_grow_past_the_limit():
    found = long_functions()
    assert len(found) <= MAX_LONG_FUNCTIONS, (
        f"{len(found)} functions over {MAX_FUNCTION_LINES} lines (at most {MAX_LONG_FUNCTIONS}; split each "
        f"along its sections into named steps): {found}"
    )
