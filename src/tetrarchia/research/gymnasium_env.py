"""TETRARCHIA solo (R10: one player, all four Emperors) as a Gymnasium environment.

``gymnasium.make("tetrarchia/Solo-v0", level="4211", options="dux")`` once this module is
imported (it registers the id).  The agent decides for every Emperor; the dice are rolled inside
the environment (R1) from a ``SeededDice`` drawn from ``reset(seed=...)``'s generator, so the
same seed and actions give the same game.

- **Actions**: ``Discrete(N)``, the numbering of :mod:`tetrarchia.research.encoding`; the legal
  ones are ``info["action_mask"]`` (``int8``, 1 = legal), as Gymnasium's masked sampling wants
  (``env.action_space.sample(info["action_mask"])``).
- **Observations**: ``Box(0, 1, (n × 21 + 80,), float32)``, :mod:`tetrarchia.research.observation`.
- **Reward**: +1 when Roma wins, -1 when the Empire falls (R8), at the end; 0 otherwise.
  ``shaping=w`` (off by default, ``w = 0``) adds a potential-based shaped reward for learning
  agents (Ng, Harada and Russell 1999: it leaves the best policies unchanged):
  ``w × (Φ(after) - Φ(before))`` with ``Φ`` = (the borders secured / 6 (R8's victory) + the
  discs left in the emptier of the unrest and revolt reserves / 21 (R8's defeat)) / 2, and
  ``Φ = 0`` once the game is over, so an episode's shaped rewards add up to ``-w × Φ(start)``.
- **Truncation**: after ``max_steps`` steps (:data:`MAX_STEPS`, 2,000 by default; refused
  steps count) the episode is truncated (``truncated=True``, the game undecided): an agent that
  ignores the mask no longer plays 12,000-17,000 steps.  A game decided by the mask's actions
  takes far fewer (the heuristic's longest: 210 decisions; docs/research.md).
- **An action the mask forbids** changes nothing: reward 0, the episode goes on, and
  ``info["refused"]`` holds the engine's sentence; ``strict=True`` raises ``IllegalAction``
  instead.  (Gymnasium's checker steps with an unmasked sample.)

Barbaria (R12.6) is refused: its Barbarian player is a second player (the PettingZoo
environment seats him).
"""

from __future__ import annotations

import sys
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from tetrarchia.core.board import default_board
from tetrarchia.core.dice import SeededDice
from tetrarchia.core.engine import apply_trusted, new_game
from tetrarchia.core.errors import IllegalAction, OptionError
from tetrarchia.core.pieces import DISCS_PER_RESERVE
from tetrarchia.core.state import State
from tetrarchia.research.encoding import action_space, decode, legal_ids
from tetrarchia.research.observation import observation_size, observe
from tetrarchia.research.pettingzoo_env import roll_to_decision
from tetrarchia.research.table import Table, settings_from
from tetrarchia.research.text import board_text

ENV_ID = "tetrarchia/Solo-v0"
MAX_STEPS = 2_000  # about ten times the longest heuristic game's decisions (210)
Observation = np.ndarray[Any, np.dtype[np.float32]]


class SoloEnv(gymnasium.Env[Observation, np.int64]):
    """One agent plays all four Emperors (see the module's docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012  (Env's)

    def __init__(self, level: str = "4211", options: str = "", render_mode: str | None = None,
                 strict: bool = False, new_armies_advance: bool = True,
                 broken_link_once: bool = True, support_group: str = "largest",
                 max_steps: int = MAX_STEPS, shaping: float = 0.0) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render mode {render_mode!r}: this environment renders 'ansi' (the "
                             "board as text) or 'human' (printed)")
        self.render_mode = render_mode
        self.settings = settings_from(level=level, options=options, players=1,
                                      new_armies_advance=new_armies_advance,
                                      broken_link_once=broken_link_once, support_group=support_group)
        if self.settings.has("barbaria"):
            raise OptionError("solo play has no Barbarian player: Barbaria (R12.6) needs a second "
                              "player; use the PettingZoo environment")
        if max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, not {max_steps!r}")
        if not shaping >= 0.0:
            raise ValueError(f"shaping is a weight of at least 0, not {shaping!r}")
        self.table = Table(self.settings, team=True)
        self.strict = strict
        self.max_steps = max_steps
        self.shaping = shaping
        self.steps = 0
        self.board = default_board()
        self.size = action_space(self.board).size
        self.action_space = spaces.Discrete(self.size)
        self.observation_space = spaces.Box(0.0, 1.0, (observation_size(self.board),), np.float32)
        self.state: State = new_game(self.settings, self.board)
        self.dice = SeededDice(0)

    def _info(self) -> dict[str, Any]:
        mask = np.zeros(self.size, np.int8)
        if not self.state.is_over:
            mask[list(legal_ids(self.state))] = 1
        return {"action_mask": mask, "round": self.state.round}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Observation, dict[str, Any]]:
        """A new game; the dice's seed is drawn from the environment's generator (seeded by
        ``seed``).  ``options`` are not used: the game's options are chosen at ``make``."""
        super().reset(seed=seed)
        self.dice = SeededDice(int(self.np_random.integers(2**63)))
        self.state = new_game(self.settings, self.board)
        roll_to_decision(self.state, self.dice)
        self.steps = 0
        return observe(self.state), self._info()

    def step(self, action: np.int64 | int) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        state = self.state
        if state.is_over or self.steps >= self.max_steps:
            raise IllegalAction("the episode is over: reset the environment")
        self.steps += 1
        truncated = self.steps >= self.max_steps
        try:
            chosen = decode(state, int(action))
        except IllegalAction as refusal:
            if self.strict:
                raise
            info = self._info()
            info["refused"] = str(refusal)
            return observe(state), 0.0, False, truncated, info
        before = potential(state) if self.shaping else 0.0
        apply_trusted(state, chosen)
        roll_to_decision(state, self.dice)
        reward = self.table.returns(state)[0]
        if self.shaping:
            reward += self.shaping * (potential(state) - before)
        return observe(state), reward, state.is_over, truncated and not state.is_over, self._info()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return board_text(self.state)
        if self.render_mode == "human":  # the terminal game's drawing, printed (PettingZoo's
            sys.stdout.write(board_text(self.state))  # render_test asks for it)
        return None


def potential(state: State) -> float:
    """The shaping potential Φ (the module's docstring): 0 at the end, else in [0, 1]."""
    if state.is_over:
        return 0.0
    borders = state.secured_borders() / len(state.board.borders)
    reserve = min(state.unrest_reserve, state.revolt_reserve) / DISCS_PER_RESERVE
    return (borders + reserve) / 2


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="tetrarchia.research.gymnasium_env:SoloEnv")
