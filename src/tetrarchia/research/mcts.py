"""OpenSpiel's general MCTS bot as a player of TETRARCHIA: the reference baseline of issue 10.

:class:`OpenSpielMCTSPlayer` asks ``open_spiel.python.algorithms.mcts.MCTSBot`` (UCT, chance
nodes sampled with the engine's dice probabilities, random rollouts to the end of the game with
``RandomRolloutEvaluator``) for each decision, on the ``python_tetrarchia`` game of the same
settings.  It knows nothing of the game but its rules: no heuristic, no macro-actions.  (The C++
MCTS bot is known to crash on games written in Python: this is the Python one.)

Budget: ``simulations`` per decision (default :data:`DEFAULT_SIMULATIONS`); OpenSpiel's bot has
no clock, so a time budget alone is not honoured.  Its random draws come from the generator the
player is given: the same seed gives the same moves.  Registered as ``openspiel-mcts``
(players/registry.py imports this module only when the player is made).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts

from tetrarchia.core.actions import Action
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import State
from tetrarchia.players.protocol import UNLIMITED, Budget
from tetrarchia.research.encoding import legal_ids
from tetrarchia.research.openspiel import TetrarchiaGame, TetrarchiaState

DEFAULT_SIMULATIONS = 40
UCT_C = 2.0  # OpenSpiel's examples' exploration constant (returns in [-1, 1])
ROLLOUTS = 1  # random playouts per leaf


def game_for(settings: Settings) -> TetrarchiaGame:
    """The OpenSpiel game of these settings, one player per seat of R10."""
    params: dict[str, Any] = {
        "level": int(str(settings.level)),
        "options": "+".join(settings.options),
        "players": settings.players,
        "shared_caesar": settings.shared_caesar.title,
        "new_armies_advance": settings.new_armies_advance,
        "broken_link_once": settings.broken_link_once,
        "support_group": settings.support_group.value,
    }
    if settings.params:
        raise ValueError(f"the OpenSpiel game takes no option parameters, not {dict(settings.params)!r}")
    return TetrarchiaGame(params)


@dataclass
class _Cached:
    settings: Settings
    game: TetrarchiaGame


class OpenSpielMCTSPlayer:
    """Decides with OpenSpiel's Python MCTS bot (see the module's docstring)."""

    name = "openspiel-mcts"

    def __init__(self, seed: int | None = None, simulations: int = DEFAULT_SIMULATIONS) -> None:
        self.seed = seed
        self.simulations = simulations
        self._cached: _Cached | None = None

    def _game(self, settings: Settings) -> TetrarchiaGame:
        if self._cached is None or self._cached.settings != settings:
            self._cached = _Cached(settings, game_for(settings))
        return self._cached.game

    def decide(self, state: State, legal_actions: list[Action], rng: random.Random,
               budget: Budget = UNLIMITED) -> Action:
        if not legal_actions:
            raise ValueError("there is no legal action to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        game = self._game(state.settings)
        here = TetrarchiaState.at(game, state)  # a copy: the state given is never changed
        draws = np.random.RandomState(rng.getrandbits(32))
        bot = mcts.MCTSBot(game, UCT_C, budget.simulations or self.simulations,
                           mcts.RandomRolloutEvaluator(ROLLOUTS, draws), random_state=draws,
                           solve=False)
        return legal_ids(state, legal_actions)[bot.step(here)]
