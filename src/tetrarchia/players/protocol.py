"""The one interface of every player, person or program: ``decide(state, legal_actions, rng, budget)``.

A player is asked only when a seat must decide (never for dice: the driver rolls them).  It gets
the state, the legal actions (the engine's list, the only source of truth), its own seeded
generator for any draw it makes, and a budget of thinking.  It returns one of the legal actions
and never changes the state it is given: a player that searches works on ``state.copy()``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from tetrarchia.core.actions import Action
from tetrarchia.core.state import State


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a player may think for one decision: wall-clock seconds and/or simulations.

    ``None`` means no limit of that kind; a player that does not search ignores the budget.
    """

    seconds: float | None = None
    simulations: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"a thinking time must be positive, not {self.seconds!r}")
        if self.simulations is not None and self.simulations < 1:
            raise ValueError(f"a number of simulations must be at least 1, not {self.simulations!r}")


UNLIMITED = Budget()


@runtime_checkable
class Player(Protocol):
    """Chooses an action for the seat that decides now."""

    name: str

    def decide(self, state: State, legal_actions: list[Action], rng: random.Random,
               budget: Budget) -> Action:
        """One of ``legal_actions`` (never empty); ``state`` is left as it was."""
        ...
