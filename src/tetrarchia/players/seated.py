"""One player for the Emperors' seats and another for the Barbarian seat of Barbaria (R12.6).

The registry's ``barbarian-*`` players are of this kind: the Barbarian seat plays as named, the
Emperors with the heuristic, so that ``tetrarchia simulate --player barbarian-search`` measures
the Barbarian player against a fixed opponent.
"""

from __future__ import annotations

import random

from tetrarchia.core.actions import Action
from tetrarchia.core.engine import BARBARIAN_SEAT, deciding_seat
from tetrarchia.core.state import State
from tetrarchia.players.protocol import UNLIMITED, Budget, Player


class SeatedPlayer:
    """``emperors`` decides at the seats 0-3, ``barbarian`` at seat 4."""

    def __init__(self, name: str, emperors: Player, barbarian: Player) -> None:
        self.name = name
        self.emperors = emperors
        self.barbarian = barbarian

    def decide(self, state: State, legal_actions: list[Action], rng: random.Random,
               budget: Budget = UNLIMITED) -> Action:
        player = self.barbarian if deciding_seat(state) == BARBARIAN_SEAT else self.emperors
        return player.decide(state, legal_actions, rng, budget)
