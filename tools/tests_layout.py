"""Where each test file goes: ``tests/`` is laid out like the package (issue 25, item 5), one
folder per layer of CONTRIBUTING.md's table (``core``, ``options``, ``players``, ``analysis``,
``render``, ``cli``, ``web``, ``research``, ``calibrate``).

    python tools/tests_layout.py            # folder, file and why, then the count per folder
    python tools/tests_layout.py --check    # every test file in its folder? (exit 1 if not)
    python tools/tests_layout.py --moves    # the ``git mv`` lines of the files out of place

A new test file put in ``tests/`` itself (or in a wrong folder) is out of place: ``--check``
names the folder it belongs in (tests/core/test_tests_layout.py runs it), ``--moves`` moves it.

A file goes where its name says when it says one (``test_option_*`` to options, ``test_web*``
to web, ``test_cli_*`` to cli, ``test_research_*`` to research, ``test_calibrat*`` to calibrate);
a file of the ``rules`` marker (``RULE_FILES`` of ``tests/conftest.py``) to core; else to the
folder of the last layer in the table's order whose modules it imports (a test builds its
positions with the core and tests what sits on it), the public API (``import tetrarchia``) and
the registration of the options (``import tetrarchia.options``) aside, since nearly every test
imports them; a file importing neither goes to core.  ``game.py``
and ``seats.py`` (the table's "game" layer) are tested with the core; ``simulate.py`` with the
players.  ``CHOSEN`` names the files whose imports mislead.  Helpers (``conftest.py``,
``web_helpers.py`` ...) and data folders stay in ``tests/``.
"""

from __future__ import annotations

import argparse
import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
CONTRIBUTING = ROOT / "CONTRIBUTING.md"
FOLDERS = ("core", "options", "players", "analysis", "render", "cli", "web", "research", "calibrate")
LAYER_FOLDER = {"game": "core"}  # a layer of the table without a test folder of its own
BY_NAME = (("test_option_", "options"), ("test_web", "web"), ("test_cli_", "cli"),
           ("test_research_", "research"), ("test_calibrat", "calibrate"))
SET_ASIDE = {"tetrarchia", "tetrarchia.options"}  # imported by nearly every test
# where the imports mislead: the file tests a lower layer and uses a higher one to look at it
CHOSEN = {
    "test_forecast": "analysis",  # the forecast (analysis/), checked against played games
    "test_analysis": "players",  # why a game was lost (players/), told by the terminal
    "test_reasons": "players",  # the hints' reasons (players/reasons.py)
    "test_position_messages": "core",  # the core's refusals of a position, in each language
    "test_action_labels": "render",  # render/labels.py, compared with what the page showed
    "test_last_english_words": "render",  # the catalogues, the page's among them
    "test_faces": "options",  # what each option declares of its face
    "test_summary": "analysis",  # analysis/summary.py, on games played through the game layer
    "test_decision_explanations": "analysis",  # analysis/decisions.py, the terminal's words beside
    "test_players": "players",  # the automatic players, their advice read through the terminal
    "test_invariants": "core",  # the rules' invariants, on games a random player plays
    "test_notation_roundtrip": "core",  # core/notation.py, over every option's actions
    "test_pg_cluster": "web",  # the throwaway PostgreSQL of the web storage's tests
    "test_api_doc": "cli",  # docs/api.md: the public API (``__init__.py``, the cli layer)
    "test_public_api": "cli",  # the public API (``import tetrarchia``)
    "test_api_round_two": "cli",  # the public API, round two (issue 25, item 6)
    "test_hosting": "web",  # docs/hosting.md's proxies and unit, in front of the server
    "test_sounds": "web",  # the page's sounds (web/static/sounds, made by tools/sounds.py)
    "test_workers_parent_watch": "web",  # web/workers.py's watch, imported by its worker process
}


def layer_table() -> list[tuple[str, list[str]]]:
    """(layer, its folders and modules) from CONTRIBUTING.md's table "Where things live"."""
    text = CONTRIBUTING.read_text("utf-8")
    start = text.index("| layer | folders and modules |")
    rows = []
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows.append((cells[0], re.findall(r"`([^`]+)`", cells[1])))
    return rows


def layer_of(module: str, table: list[tuple[str, list[str]]]) -> int | None:
    """The index in ``table`` of the layer holding the package module ``module``."""
    for index, (_, entries) in enumerate(table):
        for entry in entries:
            folder = "tetrarchia." + entry.rstrip("/")
            if entry.endswith("/") and (module == folder or module.startswith(folder + ".")):
                return index
            if entry == "__init__.py" and module == "tetrarchia":
                return index
            if entry.endswith(".py") and module == "tetrarchia." + entry.removesuffix(".py"):
                return index
    return None


def imported(path: Path) -> dict[str, int]:
    """The package modules ``path`` imports, each with the number of names it takes from it
    (``from tetrarchia.x import y`` names ``x``: a submodule ``y`` is in the same layer)."""
    found: dict[str, int] = {}
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                and node.module.split(".")[0] == "tetrarchia":
            found[node.module] = found.get(node.module, 0) + len(node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "tetrarchia":
                    found[alias.name] = found.get(alias.name, 0) + 1
    return found


def rule_files(tests: Path = TESTS) -> set[str]:
    """The stems of the files of the ``rules`` marker (the keys of ``RULE_FILES`` in
    ``tests/conftest.py``, read without importing it)."""
    tree = ast.parse((tests / "conftest.py").read_text("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "RULE_FILES"
                                                for t in node.targets):
            return {c.value for c in ast.walk(node.value)
                    if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    raise SystemExit("tests/conftest.py has no RULE_FILES")


def folder_of(path: Path, table: list[tuple[str, list[str]]], rules: set[str]) -> tuple[str, str]:
    """The folder ``path`` belongs in, and why."""
    for prefix, folder in BY_NAME:
        if path.name.startswith(prefix):
            return folder, f"named {prefix}*"
    if path.stem in rules:
        return "core", "a rules file (RULE_FILES)"
    if path.stem in CHOSEN:
        return CHOSEN[path.stem], "chosen (CHOSEN): its imports mislead"
    weight: dict[int, int] = {}
    for module, names in imported(path).items():
        index = layer_of(module, table)
        if module not in SET_ASIDE and index is not None:
            weight[index] = weight.get(index, 0) + names
    if not weight:
        return "core", "imports only the public API"
    most = max(weight)
    name = table[most][0]
    folder = LAYER_FOLDER.get(name, name)
    if folder not in FOLDERS:
        raise SystemExit(f"{path.name}: the layer {name!r} has no test folder; add it to FOLDERS")
    return folder, f"imports the {name} layer ({weight[most]} names)"


def every_test_file(tests: Path = TESTS) -> list[Path]:
    """Every test file: in a folder of ``tests/`` or, not yet placed, in ``tests/`` itself (the
    data folders hold none), by name (the names are unique: pytest imports them by name)."""
    return sorted([*tests.glob("test_*.py"), *tests.glob("*/test_*.py")], key=lambda p: p.name)


def plan(tests: Path = TESTS) -> list[tuple[str, Path, str]]:
    """(folder, the file where it is now, why) for every test file of ``tests``."""
    table, rules = layer_table(), rule_files(tests)
    rows = []
    for path in every_test_file(tests):
        folder, why = folder_of(path, table, rules)
        rows.append((folder, path, why))
    return rows


def misplaced(tests: Path = TESTS) -> list[tuple[Path, Path, str]]:
    """(where a file is, where it belongs, why) for each test file out of its folder."""
    return [(path, tests / folder / path.name, why) for folder, path, why in plan(tests)
            if path.parent != tests / folder]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--moves", action="store_true", help="print the git mv lines of the files out of place")
    what.add_argument("--check", action="store_true", help="exit 1 when a test file is out of its folder")
    args = parser.parse_args()
    if args.moves:
        for path, target, _ in misplaced():
            print(f"git mv {path.relative_to(ROOT)} {target.relative_to(ROOT)}")
        return
    if args.check:
        wrong = misplaced()
        for path, target, why in wrong:
            print(f"{path.relative_to(ROOT)} belongs in {target.parent.relative_to(ROOT)}/ ({why}): "
                  f"git mv {path.relative_to(ROOT)} {target.relative_to(ROOT)}")
        if wrong:
            raise SystemExit(1)
        print(f"every test file sits in its folder ({len(every_test_file())} files)")
        return
    rows = plan()
    for folder, path, why in rows:
        print(f"{folder:10s} {path.name:45s} {why}")
    counts = {folder: sum(1 for f, _, _ in rows if f == folder) for folder in FOLDERS}
    print(", ".join(f"{folder} {count}" for folder, count in counts.items() if count),
          f"({len(rows)} files)")


if __name__ == "__main__":
    main()
