"""The house's layers, read from the source: a game's engine knows no web, and no two modules
import each other, also not inside a function or only for type checking.

The import graph is built with `ast` from every `import` and `from ... import` anywhere in a
module (functions and `if TYPE_CHECKING:` blocks included), an edge to each toolkit module named.
"""

from __future__ import annotations

import ast
from pathlib import Path

import toolkit

ROOT = Path(toolkit.__file__).parent


def modules(root: Path) -> dict[str, Path]:
    """Every module of the package at `root` by its dotted name."""
    found = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(root: Path) -> dict[str, set[str]]:
    """Each module's imports of the package's modules (a `from a import b` names a.b when b is a
    module, else a)."""
    known = modules(root)
    graph: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                graph[name] |= {alias.name for alias in node.names if alias.name in known}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                for alias in node.names:
                    target = f"{base}.{alias.name}"
                    if target in known:
                        graph[name].add(target)
                    elif base in known:
                        graph[name].add(base)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (or a module importing
    itself): each holds an import cycle (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        while work:
            node, edges = work[-1]
            for target in edges:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in graph[node]:
                        found.append(sorted(component))
    return found


def is_engine(name: str) -> bool:
    """A module of the game layer other than a game's tracker.py and views.py (the only two that
    speak to the tracker)."""
    parts = name.split(".")
    return parts[:2] == ["toolkit", "games"] and not (
        len(parts) == 4 and parts[3] in ("tracker", "views")
    )


def web_imports(graph: dict[str, set[str]]) -> dict[str, list[str]]:
    """The engine modules that import the tracker, and what of it."""
    found = {
        name: sorted(target for target in targets if target.startswith("toolkit.tracker"))
        for name, targets in graph.items()
        if is_engine(name)
    }
    return {name: targets for name, targets in found.items() if targets}


def test_no_engine_module_imports_the_tracker():
    graph = imports(ROOT)
    assert {"toolkit.games.deathdome.match", "toolkit.games.door"} <= set(graph)  # it looked
    assert web_imports(graph) == {}


def test_the_package_has_no_import_cycle():
    graph = imports(ROOT)
    assert sum(map(len, graph.values())) > 500  # every module's imports were read
    assert cycles(graph) == []


def test_a_cycle_inside_a_function_or_for_type_checking_is_found(tmp_path):
    """The checks above can fail: modules that import each other only inside a function, only
    for type checking or by a relative import have their cycle found, and an engine module that
    imports the tracker is named (its tracker.py may)."""
    files = {
        "__init__.py": "",
        "games/__init__.py": "from toolkit.games import base\n",
        "games/base.py": "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from toolkit.pdf import kits\n",
        "pdf/__init__.py": "",
        "pdf/kits.py": "def run():\n    from toolkit.games import NAMES\n",
        "games/duel/__init__.py": "",
        "games/duel/match.py": "from .rules import roll\nfrom toolkit.tracker.fields import x\n",
        "games/duel/rules.py": "def roll():\n    from . import match\n",
        "games/duel/tracker.py": "import toolkit.tracker.contract\n",
        "tracker/__init__.py": "",
        "tracker/fields.py": "",
        "tracker/contract.py": "",
    }
    for name, text in files.items():
        path = tmp_path / "toolkit" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    graph = imports(tmp_path / "toolkit")
    assert sorted(cycles(graph)) == [
        ["toolkit.games", "toolkit.games.base", "toolkit.pdf.kits"],
        ["toolkit.games.duel.match", "toolkit.games.duel.rules"],
    ]
    assert web_imports(graph) == {"toolkit.games.duel.match": ["toolkit.tracker.fields"]}
