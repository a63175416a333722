"""The random-legal-action player: the first simulator and the harness of the invariant tests."""

from __future__ import annotations

import random

from tetrarchia.core.actions import Action
from tetrarchia.core.engine import legal_actions
from tetrarchia.core.state import State


class RandomPlayer:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: State, actions: list[Action] | None = None) -> Action:
        options = actions if actions is not None else legal_actions(state)
        return options[self._rng.randrange(len(options))]
