"""Which build of the engine runs: pure Python, or the rules compiled with mypyc.

``TETRARCHIA_COMPILE=1 pip install .`` compiles ``tetrarchia.core`` and ``tetrarchia.options``,
and the modules of ``tetrarchia.players`` on the search's playouts (``setup.py``); the ``.py``
files stay beside the compiled ones, and Python imports a compiled module in preference to its
source.  This module answers, without importing the rules:

- which of those modules are compiled (:func:`compiled_modules`), for ``tetrarchia doctor``;
- which compiled modules no longer match their source (:func:`stale_modules`): the build records
  the SHA-256 of every source it compiled in ``tetrarchia/_compiled.json``, and an edited source
  in an editable install would otherwise be silently shadowed by the old compiled module;
- and, with ``TETRARCHIA_PURE=1`` in the environment, makes a compiled install import the pure
  sources instead (:func:`prefer_sources`), so that both builds can be measured or tested from
  one installation.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

RULES_PACKAGES = ("tetrarchia.core", "tetrarchia.options")  # the rules engine
# The packages a compiled build compiles modules of: the rules, and the players' hot path
# (setup.py's COMPILED_MODULES; the other modules of tetrarchia.players stay pure)
PLAYERS_PACKAGES = ("tetrarchia.players",)
COMPILED_PACKAGES = (*RULES_PACKAGES, *PLAYERS_PACKAGES)
PACKAGE_DIR = Path(__file__).resolve().parent
MANIFEST = PACKAGE_DIR / "_compiled.json"
PURE_VARIABLE = "TETRARCHIA_PURE"


@dataclass(frozen=True, slots=True)
class ModuleBuild:
    """One module of the compilable packages: where Python finds it, and from what."""

    name: str
    origin: Path  # the file Python imports: the compiled extension, or the source
    source: Path  # the .py file beside it

    @property
    def compiled(self) -> bool:
        return self.origin.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def _in_packages(name: str, packages: Sequence[str]) -> bool:
    """Whether the module ``name`` is one of ``packages`` or of their modules."""
    return name in packages or name.startswith(tuple(p + "." for p in packages))


def _package_modules(package: str, root: Path) -> list[ModuleBuild]:
    """Every module of ``package`` (the package itself first), found the way ``import`` finds
    it, without importing it; none when the package is not there."""
    folder = root / package.split(".", 1)[1]
    if not folder.is_dir():
        return []
    names = [package, *sorted(f"{package}.{p.stem}" for p in folder.glob("*.py") if p.stem != "__init__")]
    modules: list[ModuleBuild] = []
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    for name in names:
        stem = "__init__" if name == package else name.rsplit(".", 1)[1]
        source = folder / f"{stem}.py"
        compiled = [p for p in folder.glob(f"{stem}.*") if p.name.endswith(suffixes)]
        modules.append(ModuleBuild(name, compiled[0] if compiled else source, source))
    return modules


def module_builds(root: Path = PACKAGE_DIR) -> list[ModuleBuild]:
    """The modules of ``tetrarchia.core``, ``tetrarchia.options`` and ``tetrarchia.players`` and
    how each is built (``root``: the installed ``tetrarchia`` folder)."""
    return [m for package in COMPILED_PACKAGES for m in _package_modules(package, root)]


def compiled_modules(root: Path = PACKAGE_DIR) -> list[str]:
    """The names of the modules that Python will import compiled (unless ``TETRARCHIA_PURE``)."""
    return [m.name for m in module_builds(root) if m.compiled]


def pure_forced() -> bool:
    return os.environ.get(PURE_VARIABLE, "").strip().lower() in ("1", "true", "yes", "on")


def compiled_in_use() -> list[str]:
    """The compiled modules this process runs: those already imported from a compiled file."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    in_use: list[str] = []
    for build in module_builds():
        module: ModuleType | None = sys.modules.get(build.name)
        origin = getattr(module, "__file__", None) or ""
        if origin.endswith(suffixes):
            in_use.append(build.name)
    return in_use


def recorded_sources(root: Path = PACKAGE_DIR) -> dict[str, str]:
    """The SHA-256 of each source when it was compiled (empty without a compiled build)."""
    try:
        data = json.loads((root / MANIFEST.name).read_text())
    except (OSError, ValueError):
        return {}
    modules = data.get("modules") if isinstance(data, dict) else None
    return {str(k): str(v) for k, v in modules.items()} if isinstance(modules, dict) else {}


def stale_modules(root: Path = PACKAGE_DIR) -> list[str]:
    """Compiled modules whose source changed since they were compiled (or whose build left no
    record): each would run old code in place of the edited source."""
    recorded = recorded_sources(root)
    stale: list[str] = []
    for build in module_builds(root):
        if not build.compiled:
            continue
        digest = hashlib.sha256(build.source.read_bytes()).hexdigest() if build.source.exists() else ""
        if recorded.get(build.name) != digest:
            stale.append(build.name)
    return stale


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Finds the ``.py`` file of a module of the compilable packages before the compiled one."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not _in_packages(fullname, COMPILED_PACKAGES):
            return None
        stem = fullname.rsplit(".", 1)[1]
        for entry in path or ():
            package = Path(entry) / stem / "__init__.py"
            if package.is_file():
                return importlib.util.spec_from_file_location(
                    fullname, package, submodule_search_locations=[str(package.parent)])
            module = Path(entry) / f"{stem}.py"
            if module.is_file():
                return importlib.util.spec_from_file_location(fullname, module)
        return None


def prefer_sources() -> None:
    """Import the rules from their ``.py`` files even where compiled modules are installed."""
    if not any(isinstance(finder, _SourceFirst) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourceFirst())


def describe() -> list[str]:
    """Lines for ``tetrarchia doctor``: the build in use and anything wrong with it."""
    builds = module_builds()
    in_use = compiled_in_use()
    lines = [f"tetrarchia {_version()}, Python {sys.version.split()[0]} ({sys.executable})"]
    lines += _build_lines("rules engine", RULES_PACKAGES, builds, in_use)
    lines += _build_lines("players", PLAYERS_PACKAGES, builds, in_use)
    stale = stale_modules()
    if stale:
        lines.append(f"STALE: {len(stale)} compiled modules do not match their source and run old "
                     f"code ({', '.join(stale)}): rebuild with TETRARCHIA_COMPILE=1 pip install -e ., "
                     "or reinstall without it to run the sources")
    lines.append(f"installed at {PACKAGE_DIR}")
    return lines


def _build_lines(label: str, packages: Sequence[str], every: list[ModuleBuild],
                 in_use: list[str]) -> list[str]:
    """The doctor's lines on the modules of ``packages`` (``label``): which of them run compiled,
    and which stay pure Python."""
    builds = [m for m in every if _in_packages(m.name, packages)]
    compiled = [m.name for m in builds if m.compiled]
    running = [m.name for m in builds if m.name in in_use]
    if running:
        pure = [m.name.split(".", 1)[1] for m in builds if m.name not in in_use]
        return [f"{label}: compiled with mypyc ({len(running)} of {len(builds)} modules of "
                f"{' and '.join(packages)})",
                "  compiled: " + ", ".join(name.split(".", 1)[1] for name in running),
                *(["  pure Python: " + ", ".join(pure)] if pure else [])]
    if compiled:
        return [f"{label}: pure Python ({PURE_VARIABLE}=1 set: the {len(compiled)} compiled "
                "modules installed are not used)"]
    return [f"{label}: pure Python (no compiled modules installed; "
            "TETRARCHIA_COMPILE=1 pip install ... builds them)"]


def _version() -> str:
    from tetrarchia.version import __version__

    return __version__
