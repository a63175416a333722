"""Game analysis, as chess players know it (issue 24, items 3 and 4): every Roman decision of a
game judged by the search, the chance of winning over the game with the Barbarian phases' dice
marked, the decisions that cost the most with the better action, and why the game ended.

**How a decision is judged.**  At the position before the action played, the search player
(``players.search.SearchPlayer.think``: its plans of the whole Roman phase, R5) judges its best
plans over ``samples`` continuations with seeded dice, each played on by the heuristic through
the Barbarian phase (R7) and one more turn and valued by the **learned chance of winning**
(``players.value``).  The action played is judged the same way, on the same dice (paired): the
best plan that begins with it (the search's own continuation of the phase), or, when the search
kept none, the heuristic's.  So every figure is the search's estimate of the chance of winning
with the search playing the rest of the phase:

- ``before``: the chance of the better of the action played and the best alternative;
- ``after``: the chance after the action played; ``best``: the best alternative's;
- ``loss``: ``best - after`` when positive, with ``error`` its standard error over the paired
  samples (the uncertainty of the estimate; the learned chance has its own, measured in
  docs/ai.md).  A **mistake** costs at least ``MISTAKE`` (5 points) and more than
  ``SIGMAS`` times its error (one: with the server's 8 samples a loss of 10 points often has an
  error of 6-9; bench/analysis.py measures how often a search ten times longer agrees).

A Barbarian phase's dice (R7) move the chance between the last Roman decision before it and the
first after it: that swing is the dice's, marked on the chart with the dice rolled.

Deterministic: with a seed and no time limit the same game gets the same analysis; a time limit
(``seconds``, per decision) that cuts the sampling may give other figures on a busier machine.
``workers`` > 1 judges the decisions in a process pool (each decision from its JSON position,
as the search's own pool does), with the same figures.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tetrarchia.core.actions import Action, Roll
from tetrarchia.core.board import default_board
from tetrarchia.core.engine import (
    BARBARIAN_SEAT,
    apply_action,
    apply_trusted,
    deciding_seat,
    legal_actions,
    resume,
)
from tetrarchia.core.events import Event, GameEnds, PhaseEnded, TurnBegins, event_to_json
from tetrarchia.core.notation import format_action, parse_action
from tetrarchia.core.serialize import portable_position, position_from_json
from tetrarchia.core.state import Awaiting, State
from tetrarchia.players.ending import Ending, EndingReader
from tetrarchia.players.evaluation import WEIGHTS, WIN, board_facts
from tetrarchia.players.protocol import Budget
from tetrarchia.players.search import Plan, SearchPlayer, sample

MISTAKE = 0.05  # the smallest loss of chance called a mistake (5 points)
SIGMAS = 1.0  # and the loss must exceed its standard error this many times
DEFAULT_SAMPLES = 16  # continuations per plan judged
DEFAULT_SECONDS = 1.0  # per decision
SAMPLE_TURNS = 2  # the search's own: the plan's Barbarian phase and one more whole turn
WORST = 3  # the mistakes told first


def chance_of(value: float) -> float:
    """A sample's value on the learned scale (``WIN × (2c − 1)``) back to a chance."""
    return min(1.0, max(0.0, (value / WIN + 1.0) / 2.0))


@dataclass(slots=True)
class Judged:
    """One Roman decision judged (module docstring)."""

    number: int  # 0-based, among the decisions judged
    log: int  # its log entry (0-based)
    round: int
    emperor: int  # the seat deciding (0-3)
    played: str  # the action, in the notation
    before: float
    after: float
    best: str | None  # the best alternative, in the notation (None: no other action)
    best_plan: list[str]
    best_chance: float
    loss: float
    error: float
    samples: int
    mistake: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "log": self.log, "round": self.round, "emperor": self.emperor,
                "played": self.played, "before": round(self.before, 4), "after": round(self.after, 4),
                "best": self.best, "best_plan": self.best_plan, "best_chance": round(self.best_chance, 4),
                "loss": round(self.loss, 4), "error": round(self.error, 4), "samples": self.samples,
                "mistake": self.mistake}


@dataclass(slots=True)
class BarbarianMark:
    """A Barbarian phase (R7) on the chart: after decision ``after_decision`` (-1: before the
    first), its dice and what they did, and the chance on either side of it."""

    round: int
    emperor: int
    log: int  # the log entry of its first die
    after_decision: int
    dice: list[list[int]]
    happened: dict[str, int]  # event kinds counted: revolt, army, battle, ...
    chance_before: float | None = None
    chance_after: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "emperor": self.emperor, "log": self.log,
                "after_decision": self.after_decision, "dice": self.dice, "happened": self.happened,
                "chance_before": None if self.chance_before is None else round(self.chance_before, 4),
                "chance_after": None if self.chance_after is None else round(self.chance_after, 4)}


@dataclass(slots=True)
class Analysis:
    """A whole game analysed."""

    result: str
    decisions: list[Judged]
    barbarian: list[BarbarianMark]
    ending: Ending
    log_length: int
    seconds: float
    samples: int
    seed: int
    states: list[State] = field(default_factory=list)  # before each decision judged (not saved)

    @property
    def mistakes(self) -> list[Judged]:
        """The decisions called mistakes, the costliest first."""
        return sorted((d for d in self.decisions if d.mistake), key=lambda d: (-d.loss, d.number))

    @property
    def chart(self) -> list[dict[str, Any]]:
        """The chance of winning over the game: before and after each decision."""
        return [{"number": d.number, "log": d.log, "round": d.round, "emperor": d.emperor,
                 "before": round(d.before, 4), "after": round(d.after, 4)} for d in self.decisions]

    def to_json(self) -> dict[str, Any]:
        return {"format": "tetrarchia-analysis", "version": 1, "result": self.result,
                "method": "search plans judged over paired seeded continuations (heuristic, "
                          f"{SAMPLE_TURNS} turns), valued by the learned chance of winning",
                "samples": self.samples, "seed": self.seed, "seconds": round(self.seconds, 2),
                "log_length": self.log_length, "mistake_threshold": MISTAKE,
                "chart": self.chart, "decisions": [d.to_json() for d in self.decisions],
                "mistakes": [d.number for d in self.mistakes],
                "barbarian": [b.to_json() for b in self.barbarian],
                "ending": self.ending.to_json()}


@dataclass(slots=True)
class Job:
    """What judging one decision needs (picklable: the position as JSON)."""

    number: int
    log: int
    position: dict[str, Any]
    played: str
    seed: int
    samples: int
    seconds: float | None


def judge(state: State, played: Action, seed: int, samples: int,
          seconds: float | None) -> tuple[float, float, Plan | None, float, int]:
    """The search's chance after ``played`` and after the best alternative at ``state`` (module
    docstring): (after, best's chance, the best alternative's plan, the loss's standard error,
    the samples)."""
    legal = legal_actions(state)
    thinker = SearchPlayer(seed, candidates=4)
    budget = Budget(seconds=seconds, simulations=samples)
    thought = thinker.think(state, legal, random.Random(seed), budget)
    seeds_rng = random.Random(seed)
    seeds = [seeds_rng.getrandbits(32) for _ in range(samples)]  # think's own draw
    done = thought.simulations
    judged = [p for p in thought.plans if p.samples]
    if not done or not judged:
        return 0.0, 0.0, None, 0.0, 0
    mine = [p for p in judged if p.actions[0] == played]
    if mine:
        own = max(mine, key=lambda p: p.mean)
    else:
        unjudged = [p for p in thought.plans if p.actions[0] == played]
        if unjudged:
            own = unjudged[0]
        else:
            child = state.copy()
            apply_trusted(child, played)
            own = Plan([played], child, 0.0)
        facts = board_facts(state.board)
        own.samples = [sample(own.end, s, SAMPLE_TURNS, WEIGHTS, facts, learned=1.0)
                       for s in seeds[:done]]
    others = [p for p in judged if p.actions[0] != played]
    if not others:
        return chance_of(own.mean), chance_of(own.mean), None, 0.0, done
    best = max(others, key=lambda p: p.mean)
    n = min(len(best.samples), len(own.samples))
    diffs = [(chance_of(b) - chance_of(o)) for b, o in zip(best.samples[:n], own.samples[:n], strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return chance_of(own.mean), chance_of(best.mean), best, math.sqrt(var / n), n


def judge_job(job: Job) -> tuple[int, float, float, list[str], float, int]:
    """A worker's decision: from its JSON position (the default board)."""
    board = default_board()
    state = position_from_json(job.position, board)
    played = parse_action(job.played, board)
    after, best, plan, error, n = judge(state, played, job.seed, job.samples, job.seconds)
    return (job.number, after, best, [] if plan is None else [format_action(a, board) for a in plan.actions],
            error, n)


def is_roman_decision(state: State, action: Action) -> bool:
    """A decision of an Emperor's seat (R4, R5, R3.6, R12.1), not a die nor the Barbarian
    player's (R12.6)."""
    if isinstance(action, Roll) or state.awaiting is Awaiting.ROLL:
        return False
    seat = deciding_seat(state)
    return seat is not None and seat != BARBARIAN_SEAT


Progress = Callable[[int, int], None]


def analyse(start: State, log: Sequence[Action], *, seconds: float | None = DEFAULT_SECONDS,
            samples: int = DEFAULT_SAMPLES, seed: int = 1, workers: int = 1, progress: Progress | None = None,
            executor: Executor | None = None) -> Analysis:
    """Analyse the game played from ``start`` by the actions of ``log`` (a ``Game``'s, dice
    included), up to its last entry: every Roman decision with more than one legal
    action judged (module docstring), ``progress(done, total)`` told after each."""
    began = time.perf_counter()
    board = start.board
    state = start.copy()
    reader = EndingReader(state)
    pending: list[tuple[int, State, Action]] = []  # (log entry, position before, action)
    marks: list[BarbarianMark] = []
    open_mark: BarbarianMark | None = None
    for number, action in enumerate(log):
        events: list[Event] = []
        resume(state, events)
        if is_roman_decision(state, action):
            legal = legal_actions(state)
            reader.decision(state, legal, number)
            if len(legal) > 1:
                pending.append((number, state.copy(), action))
        apply_action(state, action, events)
        if isinstance(action, Roll) and open_mark is not None:
            open_mark.dice.append(list(action.dice))
        for e in events:
            if isinstance(e, PhaseEnded):
                open_mark = BarbarianMark(state.round, e.emperor, number + 1, len(pending) - 1, [], {})
                marks.append(open_mark)
            elif isinstance(e, (TurnBegins, GameEnds)):
                open_mark = None
            elif open_mark is not None and not isinstance(e, PhaseEnded):
                kind = str(event_to_json(e)["kind"])
                open_mark.happened[kind] = open_mark.happened.get(kind, 0) + 1
        reader.events(events, state, number)
    marks = [m for m in marks if m.dice or m.happened]
    total = len(pending)
    if progress is not None:
        progress(0, total)
    results: dict[int, tuple[float, float, list[str], float, int]] = {}
    jobs = [Job(i, entry, {}, format_action(action, board), seed * 1_000_003 + entry, samples, seconds)
            for i, (entry, _, action) in enumerate(pending)]
    pool_ok = (workers > 1 or executor is not None) and board.digest == default_board().digest
    own_pool: ProcessPoolExecutor | None = None
    try:
        if pool_ok:
            ready = []
            for job, (_, before, _) in zip(jobs, pending, strict=True):
                position = portable_position(before)
                if position is not None:
                    job.position = position
                    ready.append(job)
            local = [j for j in jobs if j not in ready]
            if executor is None:
                own_pool = ProcessPoolExecutor(workers)
                executor = own_pool
            for number, after, best, plan, error, n in executor.map(judge_job, ready):
                results[number] = (after, best, plan, error, n)
                if progress is not None:
                    progress(len(results), total)
        else:
            local = jobs
        for job in local:
            before = pending[job.number][1]
            played = pending[job.number][2]
            after, best, found, error, n = judge(before, played, job.seed, samples, seconds)
            results[job.number] = (after, best, [] if found is None else
                                   [format_action(a, board) for a in found.actions], error, n)
            if progress is not None:
                progress(len(results), total)
    finally:
        if own_pool is not None:
            own_pool.shutdown()
    decisions: list[Judged] = []
    for i, (entry, before_state, _) in enumerate(pending):
        after, best, plan, error, n = results[i]
        loss = max(0.0, best - after) if plan else 0.0
        decisions.append(Judged(
            i, entry, before_state.round, deciding_seat(before_state) or 0, jobs[i].played,
            max(after, best) if plan else after, after, plan[0] if plan else None, plan, best, loss,
            error, n, mistake=loss >= MISTAKE and loss > SIGMAS * error))
    for mark in marks:
        if 0 <= mark.after_decision < len(decisions):
            mark.chance_before = decisions[mark.after_decision].after
        following = mark.after_decision + 1
        if following < len(decisions):
            mark.chance_after = decisions[following].before
        elif state.is_over:
            mark.chance_after = 1.0 if state.result.is_victory else 0.0
    ending = reader.ending(state)
    return Analysis(ending.result, decisions, marks, ending, len(log),
                    time.perf_counter() - began, samples, seed, [p[1] for p in pending])

