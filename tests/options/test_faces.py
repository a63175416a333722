"""Each optional rule declares its face with its rule (issue 25, item 2; ``core/faces.py``): the
interfaces (``cli/``, ``render/``, ``web/``, ``analysis/``) read the declarations and import no
option module by name, and the core names the options in fewer and fewer lines
(``tools/option_names.py``).

The imports are read with ``ast`` (a lazy import inside a function counts).  ``tetrarchia.options``
itself (the package import that registers every rule) and ``options.common`` (the vocabulary
several rules share) are allowed; an import of any other option module by name fails and is
listed.
"""

from __future__ import annotations

import ast
import io
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import tetrarchia.options  # noqa: F401  (every rule declares its face on import)
from conftest import ROOT
from tetrarchia.cli.optioninfo import Chosen, describe_option, module_level
from tetrarchia.core.actions import OptionAction
from tetrarchia.core.board import default_board
from tetrarchia.core.errors import OptionError
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
from tetrarchia.core.rulebook import REGISTRY
from tetrarchia.options.common import (
    BARBARIAN_ADVANCE,
    BARBARIAN_BLACK,
    BARBARIAN_REROLL,
    CONSTANTIUS_BLOCK,
    GALERIUS_BONUS,
)
from tetrarchia.options.scenarios import scenario_level
from tetrarchia.web.app import settings_from

PACKAGE = ROOT / "src" / "tetrarchia"
FACES = ("cli", "render", "web", "analysis")
ALLOWED = {"tetrarchia.options", "tetrarchia.options.common"}
# tools/option_names.py's count of the code lines of core/ that name an optional rule, at most
CORE_NAMING_LINES = 11


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
            extra = option_imports(path)
            if extra:
                named[key] = sorted(extra)
    assert not named, f"these modules import option modules by name (declare a face instead, " \
                      f"core/faces.py): {named}"


@pytest.mark.timeout(60)
def test_the_core_names_the_options_in_few_lines() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "option_names.py")],
                         capture_output=True, text=True, check=True, timeout=60).stdout
    count = int(out.split("core/: ", 1)[1].split()[0])
    assert count <= CORE_NAMING_LINES, out


@pytest.mark.timeout(30)
@pytest.mark.parametrize("kind", sorted({c.__name__ for c in OptionAction.__subclasses__()
                                                   if c.__module__.startswith("tetrarchia.")}))
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


# R13: a scenario declares the level it is played at and what it puts on the board with its rule
# (RuleModule.level, RuleModule.setup_text); the terminal and the server read the declarations.
LEVELLED = sorted(key for key, module in REGISTRY.items() if module.level is not None)


@pytest.mark.timeout(30)
@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_only_the_scenarios_declare_a_level_and_a_setup(key: str) -> None:
    module = REGISTRY[key]
    assert (module.level is not None) == (module.family == "scenario") \
        == (module.setup_text is not None)


@pytest.mark.timeout(30)
@pytest.mark.parametrize("key", LEVELLED)
@pytest.mark.parametrize("garrisons", [4, 3])
def test_the_declared_level_is_read_by_the_terminal_and_the_server(key: str, garrisons: int) -> None:
    level = scenario_level(key, garrisons)
    assert level.garrisons == garrisons
    assert module_level(key, garrisons) == level
    assert Chosen(scenario=key, params=((f"{key}.garrisons", str(garrisons)),)).scenario_level() \
        == level
    assert settings_from({"options": [key], "params": {f"{key}.garrisons": garrisons}}).level \
        == level


@pytest.mark.timeout(30)
def test_a_module_without_a_level_is_refused_its_level() -> None:
    with pytest.raises(OptionError, match="the level the players choose"):
        module_level("dux")


@pytest.mark.timeout(30)
@pytest.mark.parametrize(("key", "says"), [
    ("carausian-revolt", "Rebel: Carausius (the Dux figure) on a revolt in Britannia"),
    ("great-persian-war", "The Pirates start in Mare Aegaevm."),
    ("mauretanian-war", "The game starts with Maximian's turn"),
])
def test_the_declared_setup_is_told_by_the_terminal(key: str, says: str) -> None:
    text = REGISTRY[key].setup_text
    assert text is not None
    lines = text(default_board())
    assert lines[0].startswith("General revolt: ") and any(says in line for line in lines), lines
    out = io.StringIO()
    describe_option(key, Console(file=out, width=200))
    assert says in out.getvalue()
