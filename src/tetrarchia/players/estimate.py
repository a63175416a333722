"""The chance of winning after an action or a plan, with its 95% interval (issue 24, item 1).

A **continuation** plays the position after the plan on with seeded dice, every decision taken
by the heuristic player, through the Barbarian phase and the next Emperor's turn (the search's
own samples, ``search.play_on``), and reads the position reached by the **learned chance of
winning** (``value.win_chance``: 1 or 0 when the game ended).  The estimate is the mean of those
chances: the heuristic's chance of winning from after the plan.  Reading a chance two turns on
instead of playing every game to its end costs a few milliseconds a continuation instead of a
few hundred, and each continuation says more than a win or a loss (its chance varies less than a
0/1 outcome), so a second buys a hundred continuations and an interval of a few points.

The interval: the mean plus or minus Student's t (95%) times the standard error of the
continuations' chances (each lies in [0, 1]; independent dice).  It is the interval of the
estimator, the heuristic's chance as the model reads it: it says how far the dice drawn could
have moved the figure, not how far the model may be from the truth (docs/ai.md, "Hints").

:func:`race` gives a time or a count of continuations to several plans at once, the same dice
for each (paired), and halves the field as it goes (sequential halving): the best few get the
most continuations.  :func:`estimate` is one plan's figure (``players.analysis`` may call it).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tetrarchia.core.actions import Action
from tetrarchia.core.engine import apply_trusted
from tetrarchia.core.state import Result, State
from tetrarchia.players.evaluation import BoardFacts, board_facts
from tetrarchia.players.search import play_on
from tetrarchia.players.value import win_chance

TURNS = 2  # turns played in a continuation: the plan's Barbarian phase and the next Emperor's turn
ROUND = 4  # continuations a plan gets in each round of a race (the same dice for each plan)
FIRST_CUT = 16  # continuations every plan gets before the race halves the field
MAX_GAMES = 10_000  # the most continuations a plan gets in one race, whatever the time
PRECISION = 0.10  # a listed chance's interval at most ± this ...
PRECISION_GAMES = 100  # ... or this many continuations: else the race goes on past its time ...
OVERTIME = 2.5  # ... up to this many times the time asked (a machine busy with other work)
SEED_STRIDE = 1_000_003  # a seed's continuations: seed * stride + i (distinct for seeds < 1,000)


@dataclass(frozen=True, slots=True)
class Estimate:
    """The chance of winning after a plan: ``wins`` (the sum of the continuations' chances,
    the expected wins) over ``games`` continuations, and the 95% interval [``low``, ``high``]."""

    wins: float
    games: int
    low: float
    high: float

    @property
    def chance(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def margin(self) -> float:
        """Half the interval's width (the "±" of the figure)."""
        return (self.high - self.low) / 2


def t95(df: int) -> float:
    """Student's t quantile for a two-sided 95% interval with ``df`` degrees of freedom
    (a close bound: exact at 1-2, within 0.01 from 3 on; 1.96 in the limit)."""
    exact = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57}
    return exact.get(df, 1.96 + 2.5 / df + 2.0 / df ** 2) if df >= 1 else math.inf


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` (each in [0, 1]) and its 95% interval, clipped to [0, 1]; one
    value or none: the whole [0, 1]."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 1.0
    mean = sum(values) / n
    if n == 1:
        return mean, 0.0, 1.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = t95(n - 1) * math.sqrt(var / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def paired_gap(best: Sequence[float], other: Sequence[float]) -> tuple[float, float, float]:
    """The mean gap between two plans' continuations on the same dice and its 95% interval
    (not clipped: a gap may be negative)."""
    gaps = [a - b for a, b in zip(best, other, strict=False)]
    n = len(gaps)
    if n < 2:
        return 0.0, -1.0, 1.0
    mean = sum(gaps) / n
    var = sum((g - mean) ** 2 for g in gaps) / (n - 1)
    half = t95(n - 1) * math.sqrt(var / n)
    return mean, mean - half, mean + half


def continuation(end: State, seed: int, facts: BoardFacts) -> tuple[float, Result]:
    """One continuation of ``end`` (module docstring): the chance read at its end and how the
    game stands then."""
    reached = play_on(end, seed, TURNS)
    return win_chance(reached, facts), reached.result


@dataclass(slots=True)
class Runner:
    """A plan in a race: where it leads, its continuations' chances and the results reached."""

    plan: tuple[Action, ...]
    end: State
    chances: list[float] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)

    @property
    def mean(self) -> float:
        return sum(self.chances) / len(self.chances) if self.chances else 0.0

    def estimate(self) -> Estimate:
        _, low, high = mean_interval(self.chances)
        return Estimate(sum(self.chances), len(self.chances), low, high)


def imprecise(r: Runner) -> bool:
    """Whether a plan's interval is too wide to rank on (``PRECISION``, ``PRECISION_GAMES``)."""
    return r.estimate().margin > PRECISION and len(r.chances) < PRECISION_GAMES


def runner(state: State, plan: Sequence[Action]) -> Runner:
    """``plan`` played on a copy of ``state``, ready to race."""
    end = state.copy()
    for action in plan:
        apply_trusted(end, action)
    return Runner(tuple(plan), end)


def race(state: State, plans: Sequence[Sequence[Action]], keep: int = 3, *, games: int | None = None,
         seconds: float | None = None, seed: int = 1, barbarian: bool = False,
         clock: Callable[[], float] = time.perf_counter,
         progress: Callable[[float], None] | None = None) -> list[Runner]:
    """The plans raced (module docstring), the best first: rounds of ``ROUND`` continuations,
    the same seeds for every plan still running; when every one of them has ``FIRST_CUT``
    continuations, then twice that, and so on, the worse half stops (never fewer than
    ``keep``).  It ends when the ``keep`` best have ``games`` continuations each (rounded up to
    whole rounds; the others stop there too), or before a
    round that would end past ``seconds`` (one round is always played; then the best ``keep`` go
    on while one of them is :func:`imprecise`, up to ``OVERTIME`` times ``seconds``); with neither, at
    ``FIRST_CUT`` each.  ``barbarian``: the Barbarian player decides, the lowest chance first.
    With a time and no count, the time is shared equally among the halvings instead (the
    first after ``2 * ROUND`` continuations at the earliest): slow continuations still leave the
    best few most of the time.
    ``progress`` is told the share of the time (or of the continuations) used after each round."""
    facts = board_facts(state.board)
    runners = [runner(state, p) for p in plans]
    alive = list(runners)
    sign = -1.0 if barbarian else 1.0
    target = games if games is not None else (None if seconds is not None else FIRST_CUT)
    start = clock()
    longest = 0.0
    cut = FIRST_CUT
    done = 0
    # with a time and no count: sequential halving proper, the time shared equally among the
    # phases (each halves the field; the last gives the ``keep`` best the rest)
    timed = seconds is not None and target is None
    phases = math.ceil(math.log2(len(runners) / keep)) + 1 if len(runners) > keep else 1
    phase = 0
    while alive and done < MAX_GAMES:
        if target is not None and done >= target and len(alive) <= keep:
            break
        began = clock()
        if seconds is not None and done and began - start + longest > seconds:
            if len(alive) > keep:  # the time is up: only the best ``keep`` may go on
                alive.sort(key=lambda r: -sign * r.mean)
                alive = alive[:keep]
            if not any(imprecise(r) for r in alive) or began - start + longest > seconds * OVERTIME:
                break
        for i in range(done, done + ROUND):
            for r in alive:
                chance, result = continuation(r.end, seed * SEED_STRIDE + i, facts)
                r.chances.append(chance)
                r.results.append(result)
        done += ROUND
        longest = max(longest, clock() - began)
        if timed:
            due = done >= 2 * ROUND and clock() - start >= (seconds or 0.0) * (phase + 1) / phases
        else:
            due = done >= cut or (target is not None and done >= target)
        if len(alive) > keep and due:
            alive.sort(key=lambda r: -sign * r.mean)
            # the count asked reached: the best ``keep`` are known, the rest stop at once
            half = keep if target is not None and done >= target else (len(alive) + 1) // 2
            alive = alive[:max(keep, half)]
            cut *= 2
            phase += 1
        if progress is not None:
            share = (clock() - start) / seconds if seconds else done / max(target or 1, 1)
            progress(min(share, 1.0))
    # the most continuations first (the ones raced longest), then the best chance
    return sorted(runners, key=lambda r: (-len(r.chances), -sign * r.mean))


def estimate(state: State, plan: Action | Sequence[Action], *, games: int | None = None,
             seconds: float | None = None, seed: int = 1) -> Estimate:
    """The chance of winning after ``plan`` (one action or several) from ``state``, and its
    95% interval: ``games`` continuations, or as many as ``seconds`` allow (module
    docstring).  ``state`` is not changed."""
    actions = [plan] if not isinstance(plan, Sequence) else list(plan)
    return race(state, [actions], keep=1, games=games, seconds=seconds, seed=seed)[0].estimate()
