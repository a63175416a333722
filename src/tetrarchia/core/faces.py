"""The faces of the optional rules (issue 25, item 2): what an interface shows of a rule, declared
by the rule's own module, so that no interface (``render/``, ``cli/``, ``web/``, ``analysis/``)
names an option module.

- **Action labels** (:func:`declare_label`): for each kind of an option's action, a function that
  gives its label as an English template and its arguments (a :class:`Said` made with
  :func:`labelled`, whose literal templates ``render.catalogues`` gathers from ``options/``), the
  Emperors named through the ``name`` the interface passes in its language.  ``render.labels``
  reads them.

The registries live in ``core/`` because an option may import the core only (the layers,
CONTRIBUTING.md); they are filled when ``tetrarchia.options`` is imported, once, like the other
registries of ``core/extensions.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tetrarchia.core.errors import Said
from tetrarchia.core.pieces import Emperor
from tetrarchia.core.state import State

Arg = str | int | Said
Namer = Callable[[Emperor], str]  # an Emperor's name in the interface's language
Labeller = Callable[[State, Any, Namer], Said | None]  # Any: each declares its own kind

LABELS: dict[type, Labeller] = {}


def labelled(template: str, /, **args: Arg) -> Said:
    """A phrase of the ``labels`` catalogue (write the template as a literal string:
    ``render.catalogues`` gathers them for the translators)."""
    return Said(template, tuple(args.items()))


def declare_label(kind: type, labeller: Labeller) -> None:
    """``kind``'s actions are labelled by ``labeller(state, action, name)``; a kind declared
    twice is an error at import."""
    if kind in LABELS:
        raise ValueError(f"the label of {kind.__name__} is declared twice")
    LABELS[kind] = labeller


def ip(cost: int) -> Said:
    """A cost in Imperial Points, as the buttons show it."""
    return labelled("({cost} IP)", cost=cost)


def by(state: State, emperor: Emperor, alone: Said, named: Said) -> Said:
    """An option's label names the Emperor acting unless he is the Emperor of the turn (the
    prompt names him: ``OptionAction.label``)."""
    return alone if emperor is state.turn else named
