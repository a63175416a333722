"""The optional rules of every edition (R11-R13), one module each, registered on import.

Each module declares a :class:`~tetrarchia.core.rulebook.RuleModule` (name, rule, parameters,
what it cannot be combined with, its sentences) and the hooks it adds to the engine.  Choose them
with ``Settings(options=("goths", "imperivm"))`` or ``tetrarchia play --with goths --variant
imperivm``.

Every module of this package is imported here, found by listing the package, so that a new
optional rule is one new file (docs/extending.md): nothing else names it.
"""

import importlib
import pkgutil

from tetrarchia.core.rulebook import REGISTRY, RuleModule, find_module

for _found in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    importlib.import_module(f"{__name__}.{_found.name}")

__all__ = ["REGISTRY", "RuleModule", "find_module"]
