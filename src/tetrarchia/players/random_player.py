"""The random-legal-action player: the first simulator and the harness of the invariant tests."""

from __future__ import annotations

import random

from tetrarchia.core.actions import Action
from tetrarchia.core.engine import legal_actions
from tetrarchia.core.state import State
from tetrarchia.players.protocol import UNLIMITED, Budget


class RandomPlayer:
    """Picks uniformly among the legal actions with the generator it is given.

    ``RandomPlayer(seed).choose(state)`` is the short form for scripts and tests: it draws from
    the player's own generator seeded with ``seed``.
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def decide(self, state: State, legal_actions: list[Action], rng: random.Random,
               budget: Budget = UNLIMITED) -> Action:
        if not legal_actions:
            raise ValueError("there is no legal action to choose from")
        return legal_actions[rng.randrange(len(legal_actions))]

    def choose(self, state: State, actions: list[Action] | None = None) -> Action:
        options = actions if actions is not None else legal_actions(state)
        return self.decide(state, options, self._rng, UNLIMITED)
