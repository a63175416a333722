"""How much of the core names an optional rule (issue 25): the code lines of ``core/`` (comments
and docstrings not counted) that name one of the registered optional rules (R11-R13) by its key,
an alias or its title (``dux``, ``DUX``, ``Pirates``, ``mare_nostrvm`` ...), per module.

The core should name none: an option joins it through the hooks and registries of
``core/rulebook.py`` and ``core/extensions.py``.  What is left is the figure for the next pass.

    python tools/option_names.py            # the total and the modules, most first
    python tools/option_names.py --lines    # every line counted
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import tokenize
from pathlib import Path

from tetrarchia.core.rulebook import REGISTRY

CORE = Path(__file__).resolve().parent.parent / "src" / "tetrarchia" / "core"


def option_words() -> re.Pattern[str]:
    """Every key, alias and title of a registered option, spaces, dashes and underscores alike,
    as whole words (case ignored)."""
    names: set[str] = set()
    for module in REGISTRY.values():
        names.update((module.key, *module.aliases, module.title))
    parts = sorted({re.sub(r"[-_ ]+", "[-_ ]?", re.escape(n.lower()).replace(r"\ ", " "))
                    for n in names if len(n) > 2}, key=len, reverse=True)
    return re.compile(r"(?<![a-z0-9])(?:" + "|".join(parts) + r")(?![a-z0-9])", re.IGNORECASE)


def code_lines(path: Path) -> list[tuple[int, str]]:
    """The lines of ``path`` without comments and docstrings."""
    text = path.read_text("utf-8")
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) \
                and node.body and isinstance(node.body[0], ast.Expr) \
                and isinstance(node.body[0].value, ast.Constant) \
                and isinstance(node.body[0].value.value, str):
            first = node.body[0]
            docstrings.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    lines = text.splitlines()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            row, col = token.start
            lines[row - 1] = lines[row - 1][:col]
    return [(n, line) for n, line in enumerate(lines, 1) if n not in docstrings and line.strip()]


def naming_lines(folder: Path = CORE) -> dict[str, list[tuple[int, str]]]:
    """Per module of ``folder``: its code lines that name an optional rule."""
    words = option_words()
    found: dict[str, list[tuple[int, str]]] = {}
    for path in sorted(folder.glob("*.py")):
        hits = [(n, line) for n, line in code_lines(path) if words.search(line)]
        if hits:
            found[path.name] = hits
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--lines", action="store_true", help="print every line counted")
    args = parser.parse_args()
    found = naming_lines()
    print(f"core/: {sum(len(h) for h in found.values())} code lines name an optional rule, "
          f"in {len(found)} modules")
    for name, hits in sorted(found.items(), key=lambda item: -len(item[1])):
        print(f"  {len(hits):4d}  core/{name}")
        if args.lines:
            for number, line in hits:
                print(f"        {number:4d}: {line.strip()}")


if __name__ == "__main__":
    main()
