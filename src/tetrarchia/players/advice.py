"""Hints: the best few actions for the seat deciding, each with the plan it begins, the estimated
chance of winning after it and why (issue 10, item 3).  The terminal's ``hint`` and
``tetrarchia advise`` (``cli.advice``) and the browser's hint button (``web``) all ask here.

The actions come from the search player's plans; the chance is measured by playing the game on
from the position after the action, ``playouts`` times, the heuristic player taking every
decision and seeded dice rolling (the same dice for every action: the comparison is paired).
It works on copies: a hint never changes the game.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from tetrarchia.core.actions import Action, Roll
from tetrarchia.core.engine import BARBARIAN_SEAT, apply_trusted, deciding_seat, legal_actions, resume
from tetrarchia.core.state import Awaiting, State
from tetrarchia.players.evaluation import main_reason, terms
from tetrarchia.players.heuristic import choose, look_ahead
from tetrarchia.players.protocol import Budget
from tetrarchia.players.search import SearchPlayer

DEFAULT_PLAYOUTS = 16
MAX_PLAYOUT_DECISIONS = 20_000


@dataclass(frozen=True, slots=True)
class Advice:
    """One suggested action: the plan it begins, the playouts won after it, and why (the
    English phrase of ``evaluation.REASONS``, which ``render.advice`` tells in each language)."""

    action: Action
    plan: tuple[Action, ...]
    wins: int
    playouts: int
    reason: str

    @property
    def chance(self) -> float:
        return self.wins / self.playouts if self.playouts else 0.0


def playout(state: State, seed: int) -> bool:
    """Whether the Emperors win when the heuristic plays on from ``state`` with seeded dice (a
    copy is played; ``state`` is not changed)."""
    game = state.copy()
    dice = random.Random(seed)
    rng = random.Random(seed + 1)
    for _ in range(MAX_PLAYOUT_DECISIONS):
        if game.is_over:
            break
        if game.awaiting is Awaiting.ROLL:
            apply_trusted(game, Roll(tuple(dice.randint(1, 6) for _ in range(game.roll_count))))
        elif game.awaiting is Awaiting.RUN:
            resume(game)
        else:
            apply_trusted(game, choose(game, legal_actions(game), rng))
    return game.result.is_victory


def advise(state: State, count: int = 3, playouts: int = DEFAULT_PLAYOUTS, seed: int = 1,
           budget: Budget | None = None, seconds: float | None = None) -> list[Advice]:
    """The best ``count`` actions for the seat deciding now (module docstring).

    ``seconds`` bounds the whole hint (the browser's button): the search thinks at most 40% of
    it, then the playouts go round by round, each round one more playout after every action with
    the same dice, until ``playouts`` rounds or the time is up (a round the time cuts short is
    dropped; at least one round is played: the comparison stays paired).  Without it, exactly
    ``playouts`` playouts after each action (the terminal)."""
    legal = legal_actions(state)
    if not legal:
        return []
    start = time.perf_counter()
    if budget is None:
        budget = Budget(seconds=seconds * 0.4, simulations=16) if seconds else Budget(simulations=16)
    thinker = SearchPlayer(seed)
    thought = thinker.think(state, legal, random.Random(seed), budget)
    firsts: list[tuple[Action, tuple[Action, ...]]] = []
    for plan in thought.plans:
        if all(plan.actions[0] != a for a, _ in firsts):
            firsts.append((plan.actions[0], tuple(plan.actions)))
        if len(firsts) == count:
            break
    for action in legal:  # fewer plans than asked: the heuristic's next best
        if len(firsts) == count:
            break
        if all(action != a for a, _ in firsts):
            firsts.append((action, (action,)))
    before = terms(state)
    barbarian = deciding_seat(state) == BARBARIAN_SEAT
    afters = []
    for action, _steps in firsts:
        after = state.copy()
        apply_trusted(after, action)
        afters.append(after)
    won = [0] * len(firsts)
    rounds = 0
    while rounds < playouts:
        results = []
        for after in afters:
            if seconds is not None and rounds and time.perf_counter() - start >= seconds:
                break  # time is up inside a round: the round is dropped, the rest stays paired
            results.append(playout(after, seed * 1000 + rounds))
        if len(results) < len(afters):
            break
        won = [w + r for w, r in zip(won, results, strict=True)]
        rounds += 1
        if seconds is not None and time.perf_counter() - start >= seconds:
            break
    advice: list[Advice] = []
    for (action, steps), wins in zip(firsts, won, strict=True):
        if barbarian:
            wins = rounds - wins
        reason = main_reason(before, look_ahead(state, action).terms)
        advice.append(Advice(action, steps, wins, rounds, reason))
    advice.sort(key=lambda a: -a.wins)
    return advice
