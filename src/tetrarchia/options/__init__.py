"""The optional rules of every edition (R11-R13), one module each, registered on import.

Each module declares a :class:`~tetrarchia.core.rulebook.RuleModule` (name, rule, parameters,
what it cannot be combined with) and the hooks it adds to the engine.  Choose them with
``Settings(options=("goths", "imperivm"))`` or ``tetrarchia play --with goths --variant imperivm``.
"""

from tetrarchia.core.rulebook import REGISTRY, RuleModule, find_module
from tetrarchia.options import (  # noqa: F401  (importing registers each module)
    barbaria,
    diarchia,
    dux,
    goths,
    imperivm,
    imperivm_first,
    mare_nostrvm,
    patres_patriae,
    pirates,
    roma_aeterna,
    scenarios,
    via_romana,
    vicarius,
    vsvrpator,
)

__all__ = ["REGISTRY", "RuleModule", "find_module"]
