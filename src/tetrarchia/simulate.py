"""Batches of whole games played by automatic players: how often Rome stands at a level, and how
fast the engine runs.

Game ``i`` of a batch with seed ``S`` uses the chosen player (``make_player(name, S + i)``, by
default the random player) with the generator ``random.Random(S + i)`` and ``SeededDice(S + i)``,
so one game of a batch can be replayed on its own.

Optional rules (R11-R13) play as chosen in the settings: the random player also takes the
decisions inside a phase (Galerius's +1, Constantius's block, and every choice of the Barbarian
player of Barbaria, R12.6), picking among the legal actions like any other.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tetrarchia.core.actions import Roll
from tetrarchia.core.board import Board, default_board
from tetrarchia.core.dice import SeededDice
from tetrarchia.core.engine import apply_trusted, legal_actions, new_game
from tetrarchia.core.scoring import score
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import Awaiting, Result, State
from tetrarchia.players.protocol import UNLIMITED, Budget
from tetrarchia.players.registry import make_player

MAX_TURNS = 10_000  # a safety net: a random game ends long before (R8 losses come fast)


@dataclass(slots=True)
class GameRecord:
    """How one game of a batch ended."""

    seed: int
    result: Result
    rounds: int
    turns: int
    score: int


@dataclass(slots=True)
class SimulationReport:
    settings: Settings
    seed: int
    player: str = "random"
    records: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def games(self) -> int:
        return len(self.records)

    def count(self, result: Result) -> int:
        return sum(1 for r in self.records if r.result is result)

    @property
    def wins(self) -> int:
        return self.count(Result.ROMA_VICTRIX)

    @property
    def army_in_roma(self) -> int:
        return self.count(Result.ARMY_IN_ROMA)

    @property
    def reserve_empty(self) -> int:
        return self.count(Result.RESERVE_EMPTY)

    @property
    def losses(self) -> int:
        return self.army_in_roma + self.reserve_empty

    @property
    def barbarian_wins(self) -> int | None:
        """Barbaria (R12.6): the Barbarian player wins when the Emperors lose; None without him."""
        return self.losses if self.settings.has("barbaria") else None

    @property
    def unfinished(self) -> int:
        return self.count(Result.ONGOING)

    def _mean(self, values: list[int]) -> float:
        return sum(values) / len(values) if values else 0.0

    @property
    def average_rounds(self) -> float:
        return self._mean([r.rounds for r in self.records])

    @property
    def average_turns(self) -> float:
        return self._mean([r.turns for r in self.records])

    @property
    def average_score(self) -> float:
        return self._mean([r.score for r in self.records])

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "settings": self.settings.to_json(),
            "seed": self.seed,
            "player": self.player,
            "games": self.games,
            "wins": self.wins,
            "losses": {"total": self.losses, "army_in_roma": self.army_in_roma,
                       "reserve_empty": self.reserve_empty},
            "barbarian_wins": self.barbarian_wins,
            "unfinished": self.unfinished,
            "average_rounds": round(self.average_rounds, 3),
            "average_turns": round(self.average_turns, 3),
            "average_score": round(self.average_score, 3),
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
        }


def play_game(settings: Settings, seed: int, board: Board | None = None, player: str = "random",
              budget: Budget = UNLIMITED,
              at_phase: Callable[[State], None] | None = None) -> State:
    """One whole game: the named player takes every decision of every seat, seeded dice roll.
    ``at_phase`` is shown the game at the start of every Roman phase (R4: before the Emperor's
    first action, or his entry), to read, not to change: the benchmarks that study positions
    (``bench/fit_value.py``, ``bench/army_risk.py``) read the games this way."""
    state = new_game(settings, board)
    dice = SeededDice(seed)
    chooser = make_player(player, seed)
    rng = random.Random(seed)
    read_at = -1
    while not state.is_over and state.turns_played < MAX_TURNS:
        if state.awaiting is Awaiting.ROLL:
            apply_trusted(state, Roll(dice.roll(state.roll_count)))
            continue
        if (at_phase is not None and state.turns_played != read_at
                and state.awaiting in (Awaiting.ROMAN_ACTION, Awaiting.ENTRY)):
            read_at = state.turns_played
            at_phase(state)
        apply_trusted(state, chooser.decide(state, legal_actions(state), rng, budget))
    return state


def play_random_game(settings: Settings, seed: int, board: Board | None = None) -> State:
    """One whole game: a random player for every decision, seeded dice for every roll."""
    return play_game(settings, seed, board)


def simulate(settings: Settings, games: int, seed: int, board: Board | None = None,
             player: str = "random") -> SimulationReport:
    """Play ``games`` games (game ``i`` seeded with ``seed + i``) and sum them up."""
    if games < 0:
        raise ValueError(f"the number of games cannot be negative ({games})")
    board = board or default_board()
    make_player(player)  # an unknown name is refused before the first game
    report = SimulationReport(settings, seed, player)
    start = time.perf_counter()
    for i in range(games):
        state = play_game(settings, seed + i, board, player)
        report.records.append(GameRecord(seed + i, state.result, state.round, state.turns_played,
                                         score(state).total))
    report.seconds = time.perf_counter() - start
    return report
