"""TETRARCHIA as a PettingZoo AEC environment: one agent per seat (R10, R12.6).

The agents are the engine's seats: ``diocletian``, ``galerius``, ``constantius``, ``maximian``
(each Emperor's seat, as in a 4-player game of R10) and, with Barbaria (R12.6), ``barbarian``.
Fleet placement at setup is Diocletian's seat's (R3.6).  The dice are rolled inside the
environment (R1) from a ``SeededDice`` seeded by ``reset(seed=...)``: the same seed and the same
actions give the same game.

- **Actions**: ``Discrete(N)`` with the numbering of :mod:`tetrarchia.research.encoding`;
- **Observations**: ``{"observation": Box(0, 1, (n × 21 + 80,)), "action_mask": Box(0, 1, (N,),
  int8)}``: the tensor of :mod:`tetrarchia.research.observation` (the whole table, perfect
  information) and the legal actions of the agent (all zero when it is not his decision);
- **Rewards**: at the end only (R8): +1 to every Emperor's seat when Roma wins, -1 when the
  Empire falls; the Barbarian player the opposite.  An action the mask forbids raises the
  engine's ``IllegalAction`` (nothing changes).

``env(level="4211", options="dux+goths")`` wraps it in PettingZoo's order enforcing wrappers;
``raw_env`` is the bare environment.
"""

from __future__ import annotations

import sys
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from tetrarchia.core.actions import Roll
from tetrarchia.core.board import default_board
from tetrarchia.core.dice import SeededDice
from tetrarchia.core.engine import apply_trusted, deciding_seat, new_game, returns
from tetrarchia.core.pieces import EMPERORS
from tetrarchia.core.state import Awaiting, State
from tetrarchia.research.encoding import action_space, decode, legal_ids
from tetrarchia.research.observation import observation_size, observe
from tetrarchia.research.table import settings_from
from tetrarchia.research.text import board_text

SEAT_AGENTS = (*(e.name.lower() for e in EMPERORS), "barbarian")  # by engine seat: 4 the Barbarians
Observation = dict[str, np.ndarray[Any, Any]]


def roll_to_decision(state: State, dice: SeededDice) -> None:
    """Roll the dice the engine asks for (R1) until a seat must decide or the game ends."""
    while state.awaiting is Awaiting.ROLL and not state.is_over:
        apply_trusted(state, Roll(dice.roll(state.roll_count)))


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801  (PettingZoo's name; it has no types)
    """The bare AEC environment (see the module's docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"], "name": "tetrarchia_v0",
                                          "is_parallelizable": False, "render_fps": 1}

    def __init__(self, level: str = "4211", options: str = "", render_mode: str | None = None,
                 new_armies_advance: bool = True, broken_link_once: bool = True,
                 support_group: str = "largest") -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render mode {render_mode!r}: this environment renders 'ansi' (the "
                             "board as text) or 'human' (printed)")
        self.render_mode = render_mode
        self.settings = settings_from(level=level, options=options, players=4,
                                      new_armies_advance=new_armies_advance,
                                      broken_link_once=broken_link_once, support_group=support_group)
        self.board = default_board()
        self.space = action_space(self.board)
        seats = 5 if self.settings.has("barbaria") else 4
        self.possible_agents = list(SEAT_AGENTS[:seats])
        self.agents = self.possible_agents[:]
        mask = spaces.Box(0, 1, (self.space.size,), np.int8)
        board_box = spaces.Box(0.0, 1.0, (observation_size(self.board),), np.float32)
        self.observation_spaces = {a: spaces.Dict({"observation": board_box, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self.state = new_game(self.settings, self.board)
        self.dice = SeededDice(None)
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` seeds its dice (None: fresh dice).  ``options`` are not used:
        the game's options are chosen when the environment is made."""
        self.state = new_game(self.settings, self.board)
        self.dice = SeededDice(seed)
        roll_to_decision(self.state, self.dice)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        seat = deciding_seat(self.state)
        if seat is not None:
            self.agent_selection = SEAT_AGENTS[seat]

    def observe(self, agent: str) -> Observation:
        mask = np.zeros(self.space.size, np.int8)
        if agent == self.agent_selection and not self.state.is_over:
            mask[list(legal_ids(self.state))] = 1
        return {"observation": observe(self.state), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is an action only for an agent whose game is over")
        state = self.state
        apply_trusted(state, decode(state, int(action)))
        roll_to_decision(state, self.dice)
        self._cumulative_rewards[agent] = 0.0
        if state.is_over:
            by_seat = returns(state)
            for a in self.agents:
                self.rewards[a] = by_seat[SEAT_AGENTS.index(a)]
                self.terminations[a] = True
            self._accumulate_rewards()
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._select()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return board_text(self.state)
        if self.render_mode == "human":  # the terminal game's drawing, printed (PettingZoo's
            sys.stdout.write(board_text(self.state))  # render_test asks for it)
        return None

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> Any:
    """The environment wrapped as PettingZoo recommends: an action out of range or a step of the
    wrong agent is reported clearly."""
    wrapped: Any = raw_env(**kwargs)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)

