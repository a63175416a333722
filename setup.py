"""Compiled core, on request: ``TETRARCHIA_COMPILE=1 pip install .`` compiles the rules core and
the optional rules with mypyc; without it the package installs as pure Python.

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
    return sorted(p for folder in COMPILED_DIRS for p in (PACKAGE / folder).glob("*.py")
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
    for folder in (PACKAGE.parent, PACKAGE, *(PACKAGE / f for f in COMPILED_DIRS)):
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
