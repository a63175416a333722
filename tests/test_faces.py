"""Each optional rule declares its face with its rule (issue 25, item 2; ``core/faces.py``): the
interfaces (``cli/``, ``render/``, ``web/``, ``analysis/``) read the declarations and import no
option module by name, and the core names the options in fewer and fewer lines
(``tools/option_names.py``).

The imports are read with ``ast`` (a lazy import inside a function counts).  ``tetrarchia.options``
itself (the package import that registers every rule) and ``options.common`` (the vocabulary
several rules share) are allowed.  ``LEFT`` lists, module by module, what no declaration covers
yet: the events' sentences (``render/told.py``), the scenarios' start-page data, and the web
server's routes (``web/app.py``, changed by another branch at the time); a new import by name
anywhere else fails and is listed.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tetrarchia.options  # noqa: F401  (every rule declares its face on import)
from tetrarchia.core.actions import OptionAction
from tetrarchia.core.faces import (
    CELLS,
    DECISIONS,
    LABELS,
    LEGENDS,
    LINES,
    ODDS,
    Mark,
    Odds,
    declare_cell,
    declare_decision,
    declare_label,
    declare_odds,
    explained,
    labelled,
)
from tetrarchia.core.pieces import DUX, GOTHS, REBEL, VICARIUS
from tetrarchia.options.common import (
    BARBARIAN_ADVANCE,
    BARBARIAN_BLACK,
    BARBARIAN_REROLL,
    CONSTANTIUS_BLOCK,
    GALERIUS_BONUS,
)

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "src" / "tetrarchia"
FACES = ("cli", "render", "web", "analysis")
ALLOWED = {"tetrarchia.options", "tetrarchia.options.common"}
# what is left for a next pass: module -> the option modules it still names
LEFT = {
    "cli/optioninfo.py": {"scenarios"},
    "web/app.py": {"scenarios"},
}
# tools/option_names.py's count of the code lines of core/ that name an optional rule, at most
CORE_NAMING_LINES = 18


def option_imports(path: Path) -> set[str]:
    """The option modules ``path`` imports by name (``tetrarchia.options.x`` or ``from
    tetrarchia.options import x``), the allowed ones aside."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "tetrarchia.options":
                found.update(a.name for a in node.names if a.name not in ("REGISTRY", "RuleModule",
                                                                          "find_module"))
            elif node.module.startswith("tetrarchia.options.") and node.module not in ALLOWED:
                found.add(node.module.removeprefix("tetrarchia.options."))
        elif isinstance(node, ast.Import):
            found.update(a.name.removeprefix("tetrarchia.options.") for a in node.names
                         if a.name.startswith("tetrarchia.options.") and a.name not in ALLOWED)
    return found


@pytest.mark.timeout(30)
def test_no_face_imports_an_option_module_by_name() -> None:
    named: dict[str, list[str]] = {}
    for folder in FACES:
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            key = path.relative_to(PACKAGE).as_posix()
            extra = option_imports(path) - LEFT.get(key, set())
            if extra:
                named[key] = sorted(extra)
    assert not named, f"these modules import option modules by name (declare a face instead, " \
                      f"core/faces.py): {named}"


@pytest.mark.timeout(30)
def test_what_is_left_is_still_there() -> None:
    """``LEFT`` shrinks with the work: a module that no longer names an option leaves it."""
    stale = {key: sorted(names - option_imports(PACKAGE / key)) for key, names in LEFT.items()}
    assert not {k: v for k, v in stale.items() if v}, f"remove from LEFT: {stale}"


@pytest.mark.timeout(60)
def test_the_core_names_the_options_in_few_lines() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "option_names.py")],
                         capture_output=True, text=True, check=True, timeout=60).stdout
    count = int(out.split("core/: ", 1)[1].split()[0])
    assert count <= CORE_NAMING_LINES, out


@pytest.mark.timeout(30)
@pytest.mark.parametrize("kind", sorted({c.__name__ for c in OptionAction.__subclasses__()}))
def test_every_labelled_option_action_declares_its_label(kind: str) -> None:
    """The actions that had a label of their own before (render/labels.py) declare it now; an
    action of a later rule without one keeps its module's English label."""
    labelled_before = {"Deploy", "UsePower", "Decline", "BuyIP", "AttackPirates", "SendGarrison",
                       "TransferIP", "Reroll", "CancelAdvance", "Redirect", "BlackRevolt",
                       "BlackArmy", "BarbarianPass"}
    declared = {k.__name__ for k in LABELS}
    assert (kind in declared) == (kind in labelled_before)


@pytest.mark.timeout(30)
@pytest.mark.parametrize(("registry", "key", "rule"), [
    (CELLS, DUX, "R11.1 the Dux"),
    (CELLS, VICARIUS, "R11.2 the Vicarius"),
    (CELLS, GOTHS, "R11.4 the Goths"),
    (CELLS, REBEL, "R13 the rebels"),
    (DECISIONS, GALERIUS_BONUS, "R12.1 Galerius's +1"),
    (DECISIONS, CONSTANTIUS_BLOCK, "R12.1 Constantius's block"),
    (DECISIONS, BARBARIAN_REROLL, "R12.6 reroll"),
    (DECISIONS, BARBARIAN_ADVANCE, "R12.6 cancel or redirect"),
    (DECISIONS, BARBARIAN_BLACK, "R12.6 the black disc"),
])
def test_the_options_declare_their_figures_and_decisions(registry: dict[int, object], key: int,
                                                         rule: str) -> None:
    assert key in registry, rule


@pytest.mark.timeout(30)
def test_the_board_lines_and_legend_keep_their_order() -> None:
    """The lines under the Emperors and the legend entries come in the order the board has
    always shown them (the figures, then the counters), whatever the order of import."""
    assert [order for order, _ in LINES] == sorted(order for order, _ in LINES)
    assert [order for order, _ in LEGENDS] == sorted(order for order, _ in LEGENDS)
    assert len(LINES) == 10 and len(LEGENDS) == 5
    assert {k.__name__ for k in ODDS} == {"AttackPirates"}  # R11.3: the only battle of an option


@pytest.mark.timeout(30)
@pytest.mark.parametrize(("declare", "registry"), [
    (lambda k: declare_label(k, lambda s, a, n: labelled("x")), LABELS),
    (lambda k: declare_odds(k, lambda s, a: Odds(0, 1, 0, 1)), ODDS),
    (lambda k: declare_cell(k, lambda s, p: Mark("X")), CELLS),
    (lambda k: declare_decision(k, lambda s: explained("x"), lambda s, a: None), DECISIONS),
])
def test_a_face_declared_twice_is_refused(declare: Callable[[Any], None],
                                          registry: dict[Any, object]) -> None:
    """Two modules cannot both draw one figure or label one action: the second is an error at
    import, and the first stays."""
    taken = next(iter(registry))
    before = registry[taken]
    with pytest.raises(ValueError, match="twice"):
        declare(taken)
    assert registry[taken] is before
