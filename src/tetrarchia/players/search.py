"""The search player: plans an Emperor's whole Roman phase, judged after the Barbarian phase's dice.

A Roman phase is a sequence of actions worth 6 IP (7 with Maximian's Imperivm power, R12.1),
ended by EndPhase, or cut by an attack, whose battle dice decide what follows (R5.5).  The player:

1. **Enumerates plans** by a beam search over the phase (the entry too, R4): from each position
   kept, every legal action; positions reached twice are merged; the ``beam`` best by the
   heuristic (``heuristic.position_terms``: the threat readings, the IP left, the Secure or
   Subdue within reach) go on.  A plan ends with EndPhase, or with an attack (or any action that
   waits for dice).
2. **Judges the best ``candidates`` plans by sampling the dice**: from the plan's end it plays
   on with seeded dice (the same dice for every plan: the comparison is paired), the decisions
   inside the phase taken by the heuristic (the Barbarian player's too, R12.6), through the
   Barbarian phase (R7) and ``turns - 1`` more whole turns played by the heuristic, and values
   the position reached by its **learned chance of winning** (:mod:`tetrarchia.players.value`:
   the threat readings weighed by a logistic model fitted to 20,000 heuristic games; ``learned``
   is its share, the rest the heuristic's evaluation, which weighs an army one phase from Roma
   as 2% of a lost game where the games lose most such positions).  With ``risk`` (off by
   default: not measured to help) less the risk that the armies then near Roma still take it
   (:func:`army_risk`).  A battle's dice are part of the sample.
3. **Plays the best plan's first action**, and thinks anew before the next (``replan``, the
   default: once the first action is played, the beam from the new position sees deeper into
   the rest of the phase and new dice judge the new candidates).  With ``replan=0`` it plays
   the plan's next actions while the game goes as planned, and plans again after any die.

``playout`` (measured, kept off: docs/ai.md) plays the samples' Roman phases by the best plan of
a small beam (:class:`PlanPlayer`'s way) instead of the heuristic's one action at a time.

Decisions outside a Roman phase (fleets, Galerius's +1, Constantius's block, and every choice
of the Barbarian seat, R12.6) are judged the same way, one action and sampled dice.

Both cores: ``SearchPlayer(workers=2)`` judges the plans in a process pool.  A worker gets the
position in the JSON position format (``serialize.position_to_json``: a state holds the options'
hooks, which do not pickle) and the plan's actions, and samples with the same seeds, so the
answer is the same as with one process; a position that does not survive the JSON round trip
(or a board other than the default) is judged in this process.

Budget: ``Budget.simulations`` counts the sampled continuations of one plan (default
:data:`DEFAULT_SIMULATIONS`); ``Budget.seconds`` stops sampling at that time.  With the
same seed and ``simulations`` the answer is always the same; a time limit that cuts the
sampling short may give another answer on a busier machine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tetrarchia.core.actions import Action, Attack, EndPhase, Roll
from tetrarchia.core.board import default_board
from tetrarchia.core.engine import BARBARIAN_SEAT, apply_trusted, deciding_seat, legal_actions
from tetrarchia.core.serialize import portable_position, position_from_json
from tetrarchia.core.state import Awaiting, State
from tetrarchia.players.evaluation import (
    WEIGHTS,
    WIN,
    BoardFacts,
    Weights,
    board_facts,
    evaluate,
    read_threats,
)
from tetrarchia.players.heuristic import choose, look_ahead, position_terms
from tetrarchia.players.protocol import UNLIMITED, Budget
from tetrarchia.players.stratified import fell_first, phase_fall, stratified_mean
from tetrarchia.players.value import learned_value, odds_value

DEFAULT_SIMULATIONS = 32
# The positions the beam keeps per action of the phase (enumerate_plans): the search's, the plan
# player's and the hints' (players/advice.py).  At 10 the beam's ranking by the threats as they
# stand pruned the lines worth less halfway through the phase and more at its end.  Measured
# (docs/ai.md, "Issue 28's fifth round"): the plan player alone wins 104, 118, 125, 133 and 135
# of 200 at 4211 with 10, 20, 40, 80 and 160; the search at 10 samples on fresh seeds 5001-5200
# with 40 against 10: 125 of 200 at 4222 against 92 (paired 59 / 26) and 166 against 149 at 4211
# (36 / 19), for about 10% more time per searched decision.
DEFAULT_BEAM = 40
MAX_TURNS_AHEAD = 8
PLANNING_SHARE = 0.5  # of a time budget, for enumerating plans (the rest: sampling)
ATTACKS_JUDGED = 3  # armies whose best attack plan is judged whatever its rank
REFINED = 2  # plans that get the ``refine`` further samples (the best two after the first round)
# The leaf's risk of an army in Roma (R7.3, R8), beyond the turns sampled: measured over 1,200
# games of the heuristic at 4200 (`python bench/army_risk.py`), an army at the start of a Roman
# phase, nobody on its next step, lost the game within the next 4 turns in 90% of the positions
# at 1 step from Roma, 78% at 2 (59% with a broken link on the way), 50% and 38% at 3 (1 and 2
# broken links), 38% and 23% at 4, and 11-14% at 5 or more: the same as any army far away (the
# games lost by some other army).  The excess over those 12%: about 0.78 × 0.8 ** (expected
# phases - 1) up to 4 steps (0.78, 0.62, 0.50, 0.40, 0.32 for 1-5 phases), none beyond.
RISK_NEAR = 0.78  # the excess risk of an army one phase from Roma
RISK_DECAY = 0.8  # per further expected phase (a broken link counts as two, R7.4)
RISK_STEPS = 4  # armies farther than this add no risk beyond any army's
# The weight of that risk, in lost games (WIN), at a sample's end: off by default.  Measured
# with 0.5 (docs/ai.md, "The lost games studied, and two ideas measured"): 52 of 58 against
# 49 at 4200 on the seeds of the lost games studied (101-158), but 80 of 100 against 84 on
# fresh seeds (301-400), and no better at 4211, 4222 or 3322: not shown to help.
DEFAULT_RISK = 0.0
# The share of the learned chance of winning (players/value.py) in a sample's value, the rest
# the evaluation's (0: the evaluation alone, as before).  Measured on fresh seeds, 1 s of CPU
# per decision (docs/ai.md, "The strength table before thinking anew"): 178 of 200 at 4200
# with it, against 171 with the evaluation alone (paired: 19 setups won that the evaluation
# lost, 12 lost that it won), and more at 4211, 4222 and 3322 (48 / 34 over all 340 games);
# then 185 of 200 at 4200 on seeds no version of it had played (501-700).
DEFAULT_LEARNED = 1.0
# Judge the defensive plans too (1) or not (0): off.  Measured at 4200 on fresh seeds 301-700:
# 365 of 400 with them against 363 without (paired: 3 setups won, 1 lost), the result of 4 games
# changed: no gain shown.
DEFAULT_DEFEND = 0
# Plans judged beyond the candidates: the best ends of the phase by the learned chance of winning
# (players/value.py, read at the plan's end, no dice), which reads the Emperors' distance to the
# armies' roads and the armies by their phases to Roma where the beam's ranking weighs the
# threats as they stand.  Measured with 2 (docs/ai.md, "Issue 28's ideas measured at 10 samples"):
# 129 of 200 at 4211 against 131 without (paired: 25 setups won, 27 lost), fresh seeds 3001-3200,
# and 17% more time per searched decision: off.
DEFAULT_WIDEN = 0
# Value a sample's end by the learned model's log-odds (1, value.odds_value) rather than its chance
# (0, value.learned_value): the chance flattens near a sure win, where the means of plans whose
# samples are all near 1 no longer differ.  Measured with 1 (the same section of docs/ai.md): 179
# of 200 at 4200 against 182 (paired 7 / 10), 133 against 131 at 4211 (31 / 29): off.
DEFAULT_ODDS = 0
# The samples' Roman phases played by the best plan of a beam of this width (play_on), not by the
# heuristic one action at a time (0).  Measured (the same section of docs/ai.md): 133 of 200 at
# 4211 with 3 against 131 (29 / 27), 141 with 2 and a third turn sampled (34 / 24) but 125 with a
# fourth (26 / 32): no gain shown, two to five times the time.  Off.
DEFAULT_PLAYOUT = 0
# Think anew before every action of a phase (1), not only after dice or a surprise (0).  Measured
# at 10 samples on fresh seeds 3001-3200 (docs/ai.md, "Issue 28's second round"): 120 of 200 at
# 4222 against 74 (paired: 73 setups won that following the plan lost, 27 lost that it won), 149
# against 131 at 4211 (44 / 26), 185 against 182 at 4200 (13 / 10); about three times the
# thinking per phase.
DEFAULT_REPLAN = 1
# Stratify a plan's samples on the exact chance of the Empire's fall in its own Barbarian phase
# (1, players/stratified.py) or take them as they fell (0).  Measured at 10 samples on fresh seeds
# 3001-3200 (docs/ai.md, "Issue 28's third round"): 120 of 200 at 4222 with it and without
# (paired: 3 setups won, 3 lost), for 16% more CPU: off.
DEFAULT_EXACT = 0
# Plan on from each of the beam's first steps by a beam of this width (first_action_plans) and
# judge the best plan of each first action before a second plan of any (candidate_plans), or judge
# the heuristic's best plans of the whole phase's beam whatever they begin with (0).
DEFAULT_DIVERSE = 0
# Judge, beyond the candidates, the best plan of this many first actions none of them begins with
# (candidate_plans; their continuations are diverse's): the candidates kept, more first actions.
DEFAULT_FIRSTS = 0


def army_roads(state: State, facts: BoardFacts) -> list[tuple[int, ...]]:
    """The roads to Roma (R7.3: its next step, the steps after, Roma) of the armies within
    ``RISK_STEPS`` steps of it, nearest first; rebel armies never advance (R13)."""
    board = facts.board
    roads: list[tuple[int, tuple[int, ...]]] = []
    for a in read_threats(state, facts).armies:
        if a.rebel or a.steps > RISK_STEPS:
            continue
        road: list[int] = []
        at = a.province
        while at >= 0 and at != board.roma and len(road) <= RISK_STEPS:
            at = board.next_step[at]
            road.append(at)
        roads.append((a.steps, tuple(p for p in road if p >= 0)))
    roads.sort(key=lambda r: r[0])
    return [road for _, road in roads]


def defensive_plans(plans: list[Plan], state: State, facts: BoardFacts) -> list[Plan]:
    """For each army near Roma (:func:`army_roads`), the plan that ends with the Emperor of the
    phase nearest its road (R5.1's IP distances; ties: the better plan by the heuristic, the
    order of ``plans``): the beam's ranking by today's readings may leave out every plan that
    walks towards an army still a few phases away, and the samples cannot judge a plan that is
    not among the candidates."""
    emperor = state.turn
    distance = facts.distance
    found: list[Plan] = []
    for road in army_roads(state, facts):
        best: Plan | None = None
        nearest = 0
        for plan in plans:
            at = plan.end.emperor_at[emperor]
            if at < 0:
                continue
            near = min(distance[at][p] for p in road)
            if best is None or near < nearest:
                best, nearest = plan, near
        if best is not None and all(best is not f for f in found):
            found.append(best)
    return found


def board_of(plan: Plan) -> Hashable:
    """What the samples of a plan depend on: plans that differ only by the fleets' zones lead to
    the same board and are judged once."""
    end = plan.end
    return (tuple(end.disc), tuple(end.figure), end.awaiting)


def valued_plans(plans: list[Plan], facts: BoardFacts, count: int,
                 boards: set[Hashable] | None = None) -> list[Plan]:
    """The ``count`` plans whose end the learned chance of winning values most (ties: the order
    of ``plans``, the heuristic's), one per board and none on ``boards`` (those judged already):
    the plans a ranking by the threats as they stand leaves out, such as an Emperor walking
    towards an army's road (R7.3) or away from a revolt's chain."""
    taken = set(boards or ())
    found: list[Plan] = []
    if count <= 0:
        return found
    for i in sorted(range(len(plans)), key=lambda i: (-learned_value(plans[i].end, facts), i)):
        key = board_of(plans[i])
        if key not in taken:
            taken.add(key)
            found.append(plans[i])
            if len(found) == count:
                break
    return found


def candidate_plans(plans: list[Plan], count: int, diverse: int = 0,
                    firsts: int = 0) -> tuple[list[Plan], set[Hashable]]:
    """The ``count`` plans judged by the samples, in the order of ``plans`` (the heuristic's),
    one per board (plans that differ only by the fleets' zones are judged once), and the boards
    taken.  With ``diverse``, first the best plan of each first action, then the rest: the
    search plays a plan's first action alone and thinks anew before the next (``replan``), so
    six plans that all begin the same way leave the choice to the beam's ranking (39% of the
    searched decisions of three games at 4222 judged one or two first actions).  With
    ``firsts``, the ``count`` plans as without ``diverse``, then the best plan of up to
    ``firsts`` first actions none of them begins with."""
    # the passes over the plans: whether each takes only first actions not yet begun, and how
    # many plans are judged once it ends
    passes: tuple[tuple[bool, int], ...]
    if firsts:
        passes = ((False, count), (True, count + firsts))
    elif diverse:
        passes = ((True, count), (False, count))
    else:
        passes = ((False, count),)
    judged: list[Plan] = []
    boards: set[Hashable] = set()
    begun: set[Action] = set()
    for new_first, limit in passes:
        for plan in plans:
            if len(judged) >= limit:
                break
            key = board_of(plan)
            if key in boards or (new_first and plan.actions[0] in begun):
                continue
            boards.add(key)
            begun.add(plan.actions[0])
            judged.append(plan)
    return judged, boards


def state_key(state: State) -> Hashable:
    """What tells two positions of one Roman phase apart (the shared board and settings aside)."""
    return (tuple(state.disc), tuple(state.figure), tuple(state.fleets), tuple(state.garrisons),
            tuple(state.emperor_at), state.ip, state.passing, state.passer, state.flags,
            state.awaiting, state.turns_played, tuple(state.tasks), tuple(state.ext))


@dataclass(slots=True)
class Plan:
    """A sequence of actions from the position planned, and where it leads."""

    actions: list[Action]
    end: State  # the position after the last action (dice may be pending)
    static: float  # the heuristic's value of ``end``
    samples: list[float] = field(default_factory=list)
    fell: list[bool] = field(default_factory=list)  # per sample: lost in the plan's own
    # Barbarian phase (stratified.fell_first)
    fall: float | None = None  # the exact chance of that fall (the ``exact`` option), or None

    @property
    def mean(self) -> float:
        """The plan's value: its samples' mean (stratified on the exact fall when known)."""
        return stratified_mean(self.samples, self.fell, self.fall) if self.samples else self.static


@dataclass(slots=True)
class Thought:
    """The plan a decision was taken from: for hints and explanations."""

    plans: list[Plan]
    simulations: int
    seconds: float


def in_phase_of(state: State, start: State) -> bool:
    """Whether ``state`` still waits for the Emperor of ``start`` in the same turn's Roman phase
    or entry (R4, R5)."""
    return (state.awaiting in (Awaiting.ROMAN_ACTION, Awaiting.ENTRY) and not state.is_over
            and state.turn == start.turn and state.turns_played == start.turns_played)


def enumerate_plans(state: State, weights: Weights, facts: BoardFacts, beam: int,
                    limit: int = 12, deadline: float | None = None,
                    clock: Callable[[], float] = time.perf_counter) -> list[Plan]:
    """Step 1 of the module's docstring: the plans of this phase, best first by the heuristic.
    Past ``deadline`` (by ``clock``) no longer plans are explored."""
    ends: list[Plan] = []
    frontier: list[tuple[State, list[Action]]] = [(state, [])]
    seen: set[Hashable] = {state_key(state)}
    for depth in range(limit):
        if depth and deadline is not None and clock() > deadline:
            break
        children: list[tuple[float, State, list[Action]]] = []
        for position, actions in frontier:
            for action in legal_actions(position):
                child = position.copy()
                apply_trusted(child, action)
                plan = [*actions, action]
                if isinstance(action, EndPhase) or not in_phase_of(child, state):
                    scored = look_ahead(position, action, weights, facts)
                    ends.append(Plan(plan, child, scored.value))
                    continue
                key = state_key(child)
                if key in seen:
                    continue
                seen.add(key)
                value = sum(position_terms(child, state, weights, facts).values())
                children.append((value, child, plan))
        if not children:
            break
        children.sort(key=lambda c: -c[0])
        frontier = [(child, plan) for _, child, plan in children[:beam]]
    ends.sort(key=lambda p: -p.static)
    return ends


def first_action_plans(state: State, weights: Weights, facts: BoardFacts, count: int, beam: int,
                       deadline: float | None = None,
                       clock: Callable[[], float] = time.perf_counter) -> list[Plan]:
    """For each of the ``count`` first actions of the phase that the beam ranks best at its first
    step (the heuristic's value of the position after it), the plans of a beam of width ``beam``
    that continue it: past its first step the whole phase's beam keeps the best positions
    whatever their first action, and often keeps one or two (the ``diverse`` option)."""
    firsts: list[tuple[float, Action, State]] = []
    for action in legal_actions(state):
        child = state.copy()
        apply_trusted(child, action)
        if isinstance(action, EndPhase) or not in_phase_of(child, state):
            continue  # a plan of one action: enumerate_plans has it
        firsts.append((sum(position_terms(child, state, weights, facts).values()), action, child))
    firsts.sort(key=lambda f: -f[0])
    found: list[Plan] = []
    for _, action, child in firsts[:count]:
        if deadline is not None and clock() > deadline:
            break
        for plan in enumerate_plans(child, weights, facts, beam, deadline=deadline, clock=clock):
            found.append(Plan([action, *plan.actions], plan.end, plan.static))
    return found


def army_risk(state: State, facts: BoardFacts) -> float:
    """The expected excess of games lost by an army in Roma (R7.3, R8) that the armies near
    Roma bring, beyond what the turns sampled show (``RISK_NEAR`` and the constants after it):
    the evaluation's ``army_near`` weighs an army one phase from Roma as 2% of a lost game,
    which lets a sample's end hide a game about to be lost.  An Emperor on the army's next step
    cuts its risk by his odds of beating it (R6, R7.3)."""
    if state.is_over:
        return 0.0
    risk = 0.0
    for a in read_threats(state, facts).armies:
        if not a.rebel and a.steps <= RISK_STEPS:
            risk += RISK_NEAR * RISK_DECAY ** max(a.phases - 1.0, 0.0) * (1.0 - a.held)
    return min(risk, 1.0)


def play_on(start: State, seed: int, turns: int, weights: Weights = WEIGHTS, playout: int = 0,
            facts: BoardFacts | None = None, dice: random.Random | None = None) -> State:
    """The continuation of a sample (:func:`sample`), hints' too (``players.estimate``): a copy
    of ``start`` played on with dice seeded by ``seed`` until ``turns`` turns have ended (or the
    game).  Every decision by the heuristic, one action at a time; with ``playout`` > 0 the
    Emperors' Roman phases (R4, R5) by the best plan of a beam search of that width
    (:func:`enumerate_plans`, its best by the heuristic's value at the plan's end, no dice).
    ``dice``: a generator whose copy rolls the dice instead (a benchmark's bound: the game's own
    dice source, read ahead)."""
    state = start.copy()
    if dice is None:
        dice = random.Random(seed)
    else:  # read ahead, never drawn from
        ahead = random.Random()
        ahead.setstate(dice.getstate())
        dice = ahead
    rng = random.Random(seed ^ 0x5EED)
    last_turn = start.turns_played + turns
    planned: list[Action] = []
    guard = 0
    while not state.is_over and guard < 5_000:
        guard += 1
        awaiting = state.awaiting
        if awaiting is Awaiting.ROLL:
            count = state.roll_count
            apply_trusted(state, Roll(tuple(dice.randint(1, 6) for _ in range(count))))
            continue
        roman = awaiting in (Awaiting.ROMAN_ACTION, Awaiting.ENTRY)
        if roman and state.turns_played >= last_turn:
            break
        if awaiting is Awaiting.NOTHING or awaiting is Awaiting.RUN:
            break
        if playout and roman:
            if not planned:  # a plan's actions keep the phase until its last (enumerate_plans)
                if facts is None:
                    facts = board_facts(state.board)
                plans = enumerate_plans(state, weights, facts, playout)
                planned = list(plans[0].actions) if plans else []
            if planned:
                apply_trusted(state, planned.pop(0))
                continue
        planned.clear()
        options = legal_actions(state)
        apply_trusted(state, choose(state, options, rng, weights))
    return state


def sample(start: State, seed: int, turns: int, weights: Weights, facts: BoardFacts,
           risk: float = 0.0, learned: float = 0.0, odds: int = 0, playout: int = 0,
           dice: random.Random | None = None) -> float:
    """Step 2: one continuation of ``start`` with dice seeded by ``seed``, played by the
    heuristic until ``turns`` turns have ended (or the game), then evaluated; ``risk`` weighs
    :func:`army_risk` at that end (in lost games: ``risk`` 1 counts it as its share of a
    lost game); ``dice``: as :func:`play_on`'s."""
    return sample_and_fall(start, seed, turns, weights, facts, risk, learned, odds, playout, dice)[0]


def sample_and_fall(start: State, seed: int, turns: int, weights: Weights, facts: BoardFacts,
                    risk: float = 0.0, learned: float = 0.0, odds: int = 0, playout: int = 0,
                    dice: random.Random | None = None) -> tuple[float, bool]:
    """:func:`sample`'s value, and whether the game was lost in the Barbarian phase the sample
    began in (``stratified.fell_first``)."""
    state = play_on(start, seed, turns, weights, playout, facts, dice)
    value = evaluate(state, weights, facts) if learned < 1.0 else 0.0
    if learned:
        read = odds_value if odds else learned_value
        value = (1.0 - learned) * value + learned * read(state, facts)
    if risk:
        value -= risk * WIN * army_risk(state, facts)
    return value, fell_first(start, state)


def _judge(job: tuple[dict[str, Any], list[list[Action]], list[int], int, Weights, float | None,
                  float, float, int, int]) -> list[list[tuple[float, bool]]]:
    """A worker's share of step 2: the plans' samples from a position given as JSON."""
    data, plans, seeds, turns, weights, seconds, risk, learned, odds, playout = job
    start = time.perf_counter()
    root = position_from_json(data, default_board())
    facts = board_facts(root.board)
    ends = []
    for actions in plans:
        end = root.copy()
        for action in actions:
            apply_trusted(end, action)
        ends.append(end)
    samples: list[list[tuple[float, bool]]] = [[] for _ in plans]
    longest = 0.0  # as SearchPlayer._sample: a round that would end past the limit is not begun
    for i, seed in enumerate(seeds):
        began = time.perf_counter()
        if seconds is not None and i and began - start + longest > seconds:
            break
        for end, found in zip(ends, samples, strict=True):
            found.append(sample_and_fall(end, seed, turns, weights, facts, risk, learned, odds, playout))
        longest = max(longest, time.perf_counter() - began)
    return samples


HANDOFF = 0.02  # seconds: a pooled search's job to its workers and their samples back (bench/parallel.py)


class SearchPlayer:
    """Plans each Roman phase (module docstring).  ``beam``: positions kept per action of the
    phase; ``candidates``: plans judged by sampling; ``turns``: whole turns sampled after a plan
    (1: its own Barbarian phase); ``learned``: the share of the learned chance of winning in a
    sample's value (the rest: the evaluation's); ``risk``: the weight of :func:`army_risk` at a
    sample's end (0: off); ``defend``: judge the :func:`defensive_plans` too (0: not); ``widen``:
    judge that many more plans, the best by the learned chance at their end (:func:`valued_plans`);
    ``odds``: value a sample's end by the learned log-odds (1) instead of the chance (0);
    ``playout``: the beam of the plans that play the samples' Roman phases (0: the heuristic);
    ``replan``: think anew before every action (1) or follow the plan while it holds (0);
    ``exact``: value a plan that ends the phase with the exact chance of the Empire's fall in its
    Barbarian phase in place of its samples' share (1, :mod:`tetrarchia.players.stratified`) or
    not (0); ``diverse``: the beam of the plans continuing each of the beam's first steps, the
    best plan of each first action judged first (:func:`first_action_plans`,
    :func:`candidate_plans`; 0: not); ``firsts``: judge the best plan of that many more first
    actions beyond the candidates (0: none).
    ``clock`` measures the time budget: the wall clock by default; ``time.process_time`` counts
    this process's CPU time alone (a benchmark on a machine shared with other work measures what
    one free core would do)."""

    name = "search"

    def __init__(self, seed: int | None = None, weights: Weights = WEIGHTS, beam: int = DEFAULT_BEAM,
                 candidates: int = 6, turns: int = 2, workers: int = 1,
                 clock: Callable[[], float] = time.perf_counter, refine: int = 0,
                 risk: float = DEFAULT_RISK, defend: int = DEFAULT_DEFEND,
                 learned: float = DEFAULT_LEARNED, widen: int = DEFAULT_WIDEN,
                 odds: int = DEFAULT_ODDS, playout: int = DEFAULT_PLAYOUT,
                 replan: int = DEFAULT_REPLAN, exact: int = DEFAULT_EXACT,
                 diverse: int = DEFAULT_DIVERSE, firsts: int = DEFAULT_FIRSTS) -> None:
        if not 1 <= turns <= MAX_TURNS_AHEAD:
            raise ValueError(f"the turns sampled ahead must be 1 to {MAX_TURNS_AHEAD}, not {turns!r}")
        if workers < 1:
            raise ValueError(f"a search needs at least 1 worker, not {workers!r}")
        if refine < 0:
            raise ValueError(f"the further samples must be 0 or more, not {refine!r}")
        if not 0.0 <= risk <= 1.0:
            raise ValueError(f"the weight of an army's risk must be 0 to 1, not {risk!r}")
        if not 0.0 <= learned <= 1.0:
            raise ValueError(f"the share of the learned value must be 0 to 1, not {learned!r}")
        if widen < 0:
            raise ValueError(f"the plans judged beyond the candidates must be 0 or more, not {widen!r}")
        if playout < 0:
            raise ValueError(f"the beam of the samples' plans must be 0 or more, not {playout!r}")
        if diverse < 0 or firsts < 0:
            wrong = min(diverse, firsts)
            raise ValueError(f"the first actions' beam and count must be 0 or more, not {wrong!r}")
        self.playout = playout
        self.replan = replan
        self.exact = exact
        self.diverse = diverse
        self.firsts = firsts
        self.risk = risk
        self.learned = learned
        self.widen = widen
        self.odds = odds
        self.defend = defend
        self.refine = refine
        self.workers = workers
        self.clock = clock
        self._pool: ProcessPoolExecutor | None = None
        self.seed = seed
        self.weights = weights
        self.beam = beam
        self.candidates = candidates
        self.turns = turns
        self._plan: list[Action] = []
        self._expect: Hashable = None
        self.last: Thought | None = None

    def decide(self, state: State, legal_actions: list[Action], rng: random.Random,
               budget: Budget = UNLIMITED) -> Action:
        if not legal_actions:
            raise ValueError("there is no legal action to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        if self._plan and not self.replan and self._expect == state_key(state) \
                and self._plan[0] in legal_actions:
            action = self._plan.pop(0)
            self._after(state, action)
            return action
        thought = self.think(state, legal_actions, rng, budget)
        best = thought.plans[0]
        self._plan = best.actions[1:]
        self._after(state, best.actions[0])
        return best.actions[0]

    @property
    def planned(self) -> tuple[Action, ...]:
        """The rest of the plan being followed after the action last decided (empty: none);
        the AI seats explain a move by the whole plan (``cli.advice.explain``)."""
        return tuple(self._plan)

    def _after(self, state: State, action: Action) -> None:
        """Remember where ``action`` leads, to follow the plan while the game goes as planned."""
        if not self._plan:
            self._expect = None
            return
        child = state.copy()
        apply_trusted(child, action)
        self._expect = state_key(child) if child.awaiting is not Awaiting.ROLL else None

    def think(self, state: State, legal: list[Action], rng: random.Random, budget: Budget) -> Thought:
        """Every plan considered, best first (for the seat deciding), with their samples."""
        clock = self.clock
        start = clock()
        facts = board_facts(state.board)
        plans = self.plans(state, legal, budget, start)
        sign = -1.0 if deciding_seat(state) == BARBARIAN_SEAT else 1.0
        judged, boards = candidate_plans(plans, self.candidates, self.diverse, self.firsts)
        # the best plan ending with each attack is judged too: the heuristic's one battle roll
        # does not see what an army left standing does in the phases after (R5.5, R7.3)
        targets = {p.actions[-1].target for p in judged if isinstance(p.actions[-1], Attack)}
        for plan in plans:
            last = plan.actions[-1]
            if isinstance(last, Attack) and last.target not in targets and len(targets) < ATTACKS_JUDGED:
                targets.add(last.target)
                judged.append(plan)
        if self.defend and state.awaiting in (Awaiting.ROMAN_ACTION, Awaiting.ENTRY):
            judged += [p for p in defensive_plans(plans, state, facts) if all(p is not j for j in judged)]
        if self.widen and state.awaiting in (Awaiting.ROMAN_ACTION, Awaiting.ENTRY):
            judged += valued_plans(plans, facts, self.widen, boards | {board_of(p) for p in judged})
        if self.exact and sign > 0 and state.awaiting in (Awaiting.ROMAN_ACTION, Awaiting.ENTRY):
            for plan in judged:  # the exact forecast as a stratum of the samples (stratified.py)
                plan.fall = phase_fall(state, plan.actions, facts)
        rest = [p for p in plans if all(p is not j for j in judged)]
        simulations = budget.simulations or DEFAULT_SIMULATIONS
        seeds = [rng.getrandbits(32) for _ in range(simulations)]
        further = [rng.getrandbits(32) for _ in range(self.refine)]  # drawn whatever the time
        self._sample(state, judged, seeds, budget, start)
        done = min((len(p.samples) for p in judged), default=0)
        ranked = sorted(judged, key=lambda p: -sign * p.mean)
        if further and done == len(seeds) and len(ranked) > 1:
            # more dice where it matters: the best plans, close by construction, get the further
            # samples (the same seeds for each: paired) while the time lasts, and are ranked
            # among themselves on all their samples
            top = ranked[:REFINED]
            self._sample(state, top, further, budget, start)
            ranked = sorted(top, key=lambda p: -sign * p.mean) + ranked[REFINED:]
        ranked += rest
        thought = Thought(ranked, done, clock() - start)
        self.last = thought
        return thought

    def plans(self, state: State, legal: list[Action], budget: Budget, start: float) -> list[Plan]:
        """Step 1: the plans of a Roman phase (one action each at any other decision), best
        first for the seat deciding by the heuristic's value at their end."""
        facts = board_facts(state.board)
        weights = self.weights
        if state.awaiting in (Awaiting.ROMAN_ACTION, Awaiting.ENTRY):
            deadline = None if budget.seconds is None else start + budget.seconds * PLANNING_SHARE
            plans = enumerate_plans(state, weights, facts, self.beam, deadline=deadline, clock=self.clock)
            if self.diverse:
                plans += first_action_plans(state, weights, facts, self.beam, self.diverse,
                                            deadline=deadline, clock=self.clock)
        else:
            plans = []
            for action in legal:
                child = state.copy()
                apply_trusted(child, action)
                plans.append(Plan([action], child, look_ahead(state, action, weights, facts).value))
        sign = -1.0 if deciding_seat(state) == BARBARIAN_SEAT else 1.0
        plans.sort(key=lambda p: -sign * p.static)
        return plans

    def _sample(self, state: State, judged: list[Plan], seeds: list[int], budget: Budget,
                start: float) -> None:
        """Step 2 for ``judged``: one sample per seed for each plan, round robin, in the pool
        or here, until the time budget (from ``start``) runs out."""
        if self._judge_in_pool(state, judged, seeds, budget, start):
            return
        clock = self.clock
        facts = board_facts(state.board)
        longest = 0.0  # the longest round so far: rounds vary with their dice (a game lost early
        # ends its samples early), and the last one alone let the next overrun the limit
        for done, seed in enumerate(seeds):  # round robin: a time limit cuts every plan at
            began = clock()  # the same sample; a round that would end past the
            if budget.seconds is not None and (done or judged[0].samples) and \
                    began - start + longest > budget.seconds:  # limit is not begun
                break
            for plan in judged:
                value, fell = sample_and_fall(plan.end, seed, self.turns, self.weights, facts,
                                              self.risk, self.learned, self.odds, self.playout)
                plan.samples.append(value)
                plan.fell.append(fell)
            longest = max(longest, clock() - began)

    def _judge_in_pool(self, state: State, judged: list[Plan], seeds: list[int], budget: Budget,
                       start: float) -> bool:
        """Step 2 in ``workers`` processes, plans shared out; False when it must run here."""
        if self.workers < 2 or len(judged) < 2 or state.board.digest != default_board().digest:
            return False
        data = portable_position(state)
        if data is None:
            return False
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers)
        # the time left, less the position's way to the workers and the samples' way back
        left = None if budget.seconds is None else \
            max(budget.seconds - (self.clock() - start) - HANDOFF, 0.01)
        shares = [judged[i::self.workers] for i in range(self.workers)]
        jobs = [(data, [p.actions for p in share], seeds, self.turns, self.weights, left, self.risk,
                 self.learned, self.odds, self.playout)
                for share in shares if share]
        for share, samples in zip([s for s in shares if s], self._pool.map(_judge, jobs), strict=True):
            for plan, found in zip(share, samples, strict=True):
                plan.samples.extend(value for value, _ in found)
                plan.fell.extend(fell for _, fell in found)
        cut = min(len(p.samples) for p in judged)  # the same samples for every plan: paired
        for plan in judged:
            del plan.samples[cut:]
            del plan.fell[cut:]
        return True

    def close(self) -> None:
        """Stop the worker processes, if any."""
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None


class BarbarianSearchPlayer(SearchPlayer):
    """The search player named for the Barbarian seat of Barbaria (R12.6): there each choice is
    judged by sampled dice to the end of the phase, keeping what hurts Roma most."""

    name = "barbarian-search"


class PlanPlayer(SearchPlayer):
    """Step 1 alone: the beam's best plan of each Roman phase by the heuristic's value at its
    end, no dice sampled (any other decision: the heuristic's best action).  A fast player, and
    the measure of the plans a sample's Roman phases may be played by (``playout``, docs/ai.md:
    at 4211 the best plan of a beam of 10 wins 99 games of 200, the heuristic 36; thinking anew
    at each action, 104 with a beam of 10 and 125 with the default 40)."""

    name = "plan"

    def think(self, state: State, legal: list[Action], rng: random.Random, budget: Budget) -> Thought:
        start = self.clock()
        plans = self.plans(state, legal, budget, start)
        thought = Thought(plans, 0, self.clock() - start)
        self.last = thought
        return thought
