"""The layers point one way (issue 25, item 2): the table of CONTRIBUTING.md ("Where things
live") orders the package's folders and modules; a module imports only its own layer and those
before it in the table (an import under ``if TYPE_CHECKING:`` aside: types only), and no modules
import each other in a loop, even through others.  Every module's imports are read with ``ast``,
those inside functions included (a lazy import is still an arrow)."""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from pathlib import Path

import pytest

from conftest import ROOT

PACKAGE = ROOT / "src" / "tetrarchia"
CONTRIBUTING = ROOT / "CONTRIBUTING.md"
# the order of /work/shared/ARCHITECTURE.md, which CONTRIBUTING.md's table follows
ARCHITECTURE_ORDER = ("core", "options", "analysis", "game", "players", "render", "research",
                      "calibrate", "web", "cli")

Graph = Mapping[str, set[str]]


def layer_table() -> list[tuple[str, list[str]]]:
    """(layer, its folders and modules) from CONTRIBUTING.md's table, in order."""
    text = CONTRIBUTING.read_text("utf-8")
    start = text.index("| layer | folders and modules |")
    rows = []
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows.append((cells[0], re.findall(r"`([^`]+)`", cells[1])))
    return rows


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(module: str, table: list[tuple[str, list[str]]]) -> int | None:
    """The index of ``module``'s layer: a folder ``x/`` holds ``tetrarchia.x`` and everything
    under it; ``x.py`` is ``tetrarchia.x``; ``__init__.py`` the package itself."""
    for index, (_, entries) in enumerate(table):
        for entry in entries:
            if entry.endswith("/"):
                folder = "tetrarchia." + entry.rstrip("/")
                if module == folder or module.startswith(folder + "."):
                    return index
            elif entry == "__init__.py":
                if module == "tetrarchia":
                    return index
            elif module == "tetrarchia." + entry.removesuffix(".py"):
                return index
    return None


def _types_only(tree: ast.Module) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:`` (not its ``else``)."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for statement in node.body:
                inside.update(id(sub) for sub in ast.walk(statement))
    return inside


def import_graph() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports at run time (``from
    package import name`` is an import of the submodule when ``name`` is one)."""
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        tree = ast.parse(path.read_text("utf-8"))
        skip = _types_only(tree)
        found: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
                    and node.module.split(".")[0] == "tetrarchia":
                for alias in node.names:
                    sub = f"{node.module}.{alias.name}"
                    found.add(sub if sub in modules else node.module)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.split(".")[0] == "tetrarchia")
        graph[module] = {m for m in found if m in modules and m != module}
    return graph


def backward_arrows(graph: Graph, table: list[tuple[str, list[str]]]) -> list[str]:
    arrows = []
    for module, imported in sorted(graph.items()):
        here = layer_of(module, table)
        for other in sorted(imported):
            there = layer_of(other, table)
            if here is not None and there is not None and there > here:
                arrows.append(f"{module} ({table[here][0]}) imports {other} ({table[there][0]}), "
                              "a layer after its own")
    return arrows


def import_loops(graph: Graph) -> list[list[str]]:
    """The modules that import each other, through others or not (the strongly connected
    components of more than one module, Tarjan's algorithm without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    loops: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    loops.append(sorted(component))
    return loops


def test_the_table_follows_the_architecture_order() -> None:
    assert tuple(name for name, _ in layer_table()) == ARCHITECTURE_ORDER


def test_every_module_has_a_layer() -> None:
    table = layer_table()
    lost = [m for m in sorted(import_graph()) if layer_of(m, table) is None]
    assert not lost, f"modules in no layer of CONTRIBUTING.md's table: {', '.join(lost)}"


def test_no_import_points_to_a_later_layer() -> None:
    arrows = backward_arrows(import_graph(), layer_table())
    assert not arrows, "imports against the layers (move the shared code down to the layer " \
        "both use):\n" + "\n".join(arrows)


def test_no_import_loop() -> None:
    loops = import_loops(import_graph())
    assert not loops, "modules importing each other:\n" + "\n".join(" <-> ".join(c) for c in loops)


@pytest.mark.parametrize(("graph", "arrows", "loops"), [
    pytest.param({"tetrarchia.core.a": {"tetrarchia.options.b"}, "tetrarchia.options.b": set()},
                 ["tetrarchia.core.a (core) imports tetrarchia.options.b (options), a layer after "
                  "its own"], [], id="core-imports-an-option"),
    pytest.param({"tetrarchia.web.a": {"tetrarchia.web.b"}, "tetrarchia.web.b": {"tetrarchia.web.c"},
                  "tetrarchia.web.c": {"tetrarchia.web.a"}}, [],
                 [["tetrarchia.web.a", "tetrarchia.web.b", "tetrarchia.web.c"]], id="loop-of-three"),
    pytest.param({"tetrarchia.cli.a": {"tetrarchia.core.b", "tetrarchia"}, "tetrarchia.core.b": set(),
                  "tetrarchia": {"tetrarchia.core.b"}}, [], [], id="downward-only"),
])
def test_the_checks_find_what_they_look_for(graph: dict[str, set[str]], arrows: list[str],
                                             loops: list[list[str]]) -> None:
    assert backward_arrows(graph, layer_table()) == arrows
    assert import_loops(graph) == loops
