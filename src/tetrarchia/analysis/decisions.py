"""The decisions taken inside a phase (``Awaiting.DECISION``, R12) explained: what is being
decided, and for each choice what it does (with the battle's numbers where the choice changes
them).  The terminal (``cli.decisions``) prints the context in English; the browser shows the
context and each choice's effect in the page's language (``render.advice``: the templates are in
the ``advice`` gettext domain).

Each optional rule explains its own decisions (``core.faces.declare_decision``: Imperivm's
Galerius and Constantius in ``options/imperivm.py``, R12.1; the Barbarian player's gray and black
discs in ``options/barbaria.py``, R12.6); this module finds the one awaited and says who decides
a decision that no rule explains.

Every sentence is an English template and its arguments (a ``Said``); ``str()`` is the English.
"""

from __future__ import annotations

import tetrarchia.options  # noqa: F401  (every optional rule declares its decisions on import)
from tetrarchia.core.actions import Action
from tetrarchia.core.engine import BARBARIAN_SEAT, deciding_seat
from tetrarchia.core.errors import Said
from tetrarchia.core.faces import DECISIONS, explained
from tetrarchia.core.state import Awaiting, State
from tetrarchia.core.tasks import DecisionStep

__all__ = ["choice_effect", "decision_context", "decision_kind", "explained"]


def decision_kind(state: State) -> int | None:
    """The kind of decision awaited (``options.common``), or None when no decision is awaited."""
    if state.awaiting is not Awaiting.DECISION or not state.tasks:
        return None
    task = state.tasks[-1]
    return task.kind if isinstance(task, DecisionStep) else None


def decision_context(state: State) -> Said | None:
    """What is being decided now and what the choices are for (None when nothing is)."""
    kind = decision_kind(state)
    face = DECISIONS.get(kind) if kind is not None else None
    if face is None:
        if deciding_seat(state) == BARBARIAN_SEAT:
            return explained("The Barbarian player decides (R12.6).")
        return explained("A decision of an optional rule (R12).") if kind is not None else None
    return face.context(state)


def choice_effect(state: State, action: Action) -> Said | None:
    """What ``action``, one of the choices of the decision awaited, does; None for an action
    that is not such a choice."""
    kind = decision_kind(state)
    face = DECISIONS.get(kind) if kind is not None else None
    return face.effect(state, action) if face is not None else None
