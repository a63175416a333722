"""Compiled core, on request: ``TETRARCHIA_COMPILE=1 pip install .`` compiles the rules core, the
optional rules and the automatic players' hot path with mypyc; without it the package installs as
pure Python.

Opt-in (as mypy's own ``mypycify`` build and black's hatch-mypyc hook are) because a compiled
module shadows its ``.py`` file: in an editable install an edited source would not run until the
next build, and a plain install must work with no compiler and no mypy.  The compiled modules are
the same code, so every test passes on both builds (``.ci/run`` runs the suite on each).  A
compiled build records the SHA-256 of every source it compiled in ``tetrarchia/_compiled.json``:
``tetrarchia doctor`` reports it, and the test run refuses compiled modules whose source changed
since (``tests/conftest.py``).  A pure build removes the compiled modules an earlier compiled
build left in the source tree, so they cannot shadow the sources.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "src" / "tetrarchia"
COMPILED_DIRS = ("core", "options")
# Modules of other packages compiled too (paths under src/tetrarchia/): the hot path of the
# search player's playouts (players/search.py's play_on and sample: a heuristic decision per
# step, a position judged per legal action).  cProfile of 11 searched decisions at 10 samples on
# the pure build: 95% of their time in the playouts, 88% under heuristic.look_ahead, 57% in the
# readings and their weights (docs/compiled.md, "The players' hot path"); analysis/ not at all.
COMPILED_MODULES: tuple[str, ...] = (
    # read_threats, terms, TermsMemo: the readings of every position judged (57% of the time)
    "players/evaluation.py",
    # choose, look_ahead, position_terms: every decision of a playout, one action ahead
    "players/heuristic.py",
    # the options' readings that read_threats and terms ask for each position (small, called
    # from compiled code: a native call instead of a Python one)
    "players/readings.py",
    # learned_value at every sample's end (the search's default, DEFAULT_LEARNED = 1)
    "players/value.py",
    # Not compiled: players/value_coefficients.py (a tuple, read once per sample; rewritten by
    # bench/fit_value.py --write, which would leave a compiled copy stale), players/search.py
    # (1% of the time of its own: planning, pickled jobs for its process pool) and the rest of
    # players/ and analysis/ (hints and explanations, not in the playouts).
)
MANIFEST = PACKAGE / "_compiled.json"
GROUP = "tetrarchia"  # mypyc's shared library: tetrarchia__mypyc
# Modules a compiled build leaves as pure Python (paths under src/tetrarchia/), e.g. one whose
# dataclasses give a ClassVar a value: mypyc turns that into a field with a default, and the
# subclasses' own fields then fail to build (docs/compiled.md).
PURE_MODULES: tuple[str, ...] = (
    # The errors read their refusal code from a class attribute that subclasses override
    # (``code = Refusal.NO_LINK``); compiled, the instances have no ``code`` at all.  Raised only
    # when an action is refused: nothing of the hot paths.
    "core/errors.py",
    # Actions built by a program are checked against their classes' type hints (action_fields),
    # which mypyc coarsens for a compiled dataclass (``Piece | None`` reads as ``type``).  Most
    # actions the rules list are built once and shared (roman.py), so this costs little.
    "core/actions.py",
    # The event records (issue 6) give ClassVars a value (``kind``, ``purpose``) and read
    # ``__module__`` through a class: the records' module and every option module that defines
    # records of its own.  Records are built only when a caller asks for events.
    "core/events.py",
    "options/barbaria.py",
    "options/dux.py",
    "options/goths.py",
    "options/imperivm.py",
    "options/imperivm_first.py",
    "options/patres_patriae.py",
    "options/pirates.py",
    "options/roma_aeterna.py",
    "options/vicarius.py",
    "options/via_romana.py",
    "options/vsvrpator.py",
)


def compile_requested() -> bool:
    return os.environ.get("TETRARCHIA_COMPILE", "").strip().lower() in ("1", "true", "yes", "on")


def compiled_sources() -> list[Path]:
    folders = [p for folder in COMPILED_DIRS for p in (PACKAGE / folder).glob("*.py")]
    return sorted(p for p in [*folders, *(PACKAGE / m for m in COMPILED_MODULES)]
                  if p.relative_to(PACKAGE).as_posix() not in PURE_MODULES)


def module_name(path: Path) -> str:
    """``src/tetrarchia/core/state.py`` -> ``tetrarchia.core.state``; a package by its own name."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def write_manifest(sources: list[Path]) -> None:
    """What was compiled, from which source (SHA-256), for doctor and the stale-module check."""
    modules = {module_name(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in sources}
    MANIFEST.write_text(json.dumps({"modules": modules}, indent=1, sort_keys=True) + "\n")


def remove_build_products() -> None:
    """A pure build: delete compiled modules and the manifest left in the tree by a compiled one."""
    folders = {PACKAGE.parent, PACKAGE, *(PACKAGE / f for f in COMPILED_DIRS),
               *((PACKAGE / m).parent for m in COMPILED_MODULES)}
    for folder in sorted(folders):
        for product in folder.glob("*.so"):
            product.unlink()
        for product in folder.glob("*.pyd"):
            product.unlink()
    MANIFEST.unlink(missing_ok=True)


def remove_staged_package() -> None:
    """Empty setuptools' staging folders (build/lib.*): a wheel takes everything staged there, so a
    module compiled by an earlier build and pure in this one (or any compiled module, in a pure
    build) would be installed again, stale."""
    for staged in (ROOT / "build").glob("lib*"):
        shutil.rmtree(staged, ignore_errors=True)


def ext_modules() -> list[object]:
    remove_staged_package()
    if not compile_requested():
        remove_build_products()
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as exc:  # asked for, so never a silent pure build
        raise SystemExit("TETRARCHIA_COMPILE=1 asks for the compiled core, which needs mypyc "
                         f"(part of mypy) in the build environment: {exc}") from exc

    sources = compiled_sources()
    write_manifest(sources)
    os.chdir(ROOT)  # mypyc names modules from paths relative to the working directory
    return list(mypycify([str(p.relative_to(ROOT)) for p in sources], opt_level="3", group_name=GROUP))


setup(ext_modules=ext_modules())
