"""The numbers of the terminal's action list (issue 8), kept stable through a Roman phase so that a
number typed from a list one action old never plays something else (``cli/play.py`` reads them)."""

from __future__ import annotations

from tetrarchia.cli.render import numbered
from tetrarchia.core.actions import Action
from tetrarchia.core.state import Awaiting, State

__all__ = ["Numbering"]


class Numbering:
    """Stable numbers (issue 8).  Within a decision the numbers never change; through one
    Emperor's Roman phase an action keeps its number as long as it stays in the list, and the
    number of an action that left the list is not given to another one in the next list, so a
    number typed from the list one action old never plays something else: it says why that
    action is gone.  New actions take the lowest free numbers.  Every other decision (an entry,
    a fleet, an option's decision) is numbered afresh, 1 to N."""

    def __init__(self) -> None:
        self.scope: tuple[object, ...] = ()
        self.log_length = -1
        self.numbers: dict[Action, int] = {}
        self.gone: dict[int, Action] = {}  # numbers of the actions that left at the last update

    def of(self, state: State, legal: list[Action], log_length: int) -> dict[Action, int]:
        """The number of each action of the list, in this scope."""
        if state.awaiting is Awaiting.ROMAN_ACTION:
            scope: tuple[object, ...] = (state.round, state.turn, state.awaiting)
        else:
            scope = (state.round, state.turn, state.awaiting, log_length)
        if scope != self.scope:
            self.scope, self.numbers, self.gone = scope, {}, {}
        elif log_length == self.log_length:
            return self.numbers  # the same decision: the same numbers
        self.log_length = log_length
        shown = numbered(state, legal)
        kept = {a: n for a, n in self.numbers.items() if a in shown}
        self.gone = {n: a for a, n in self.numbers.items() if a not in kept}
        taken = set(kept.values()) | set(self.gone)
        free = (n for n in range(1, len(shown) + len(taken) + 2) if n not in taken)
        self.numbers = {a: kept[a] if a in kept else next(free) for a in shown}
        return self.numbers

    def action(self, number: int) -> tuple[Action | None, bool]:
        """The action of ``number`` and whether it is in the list now (False: it just left)."""
        for action, n in self.numbers.items():
            if n == number:
                return action, True
        return self.gone.get(number), False
