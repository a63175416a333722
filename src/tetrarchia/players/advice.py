"""Hints: the best few actions for the seat deciding, each with the plan it begins, the chance of
winning after it with its 95% interval, and why (issues 10 and 24).  The terminal's ``hint``,
``tetrarchia advise`` (``cli.advice``) and the browser's hint button (``web``) all ask here.

1. **Candidates** come from the search player's plans (``search.enumerate_plans``: the beam over
   the Emperor's phase; outside a Roman phase each legal action): a plan that brings a piece back
   to a position it already stood in with nothing else changed on the way has the loop cut out
   (:func:`without_loops`), plans reaching the same board count once, and each first action
   keeps its best plan.  The best ``CANDIDATES`` by the heuristic, and the best attack on each of
   ``ATTACKS`` armies, are raced.
2. **The race** (``players.estimate``): continuations with the same dice for every plan, the
   field halved as it goes, within a time budget or a count of continuations per plan.
3. **The verdict**: when every plan raced ends the same (every continuation lost, or won), or the
   listed plans' gaps are all within the dice's noise (each one's paired 95% interval of its gap
   with the best holds 0), or their chances would read the same percentage, the hint says so in
   words (:class:`Verdict`) instead of listing equal figures.
4. **The reasons**: what each plan changes on the board, true of the positions before and after
   it (``players.reasons``).

It works on copies: a hint never changes the game.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from enum import Enum

from tetrarchia.core.actions import Action, Attack
from tetrarchia.core.engine import BARBARIAN_SEAT, apply_trusted, deciding_seat, legal_actions
from tetrarchia.core.errors import Said
from tetrarchia.core.pieces import REBEL, is_army
from tetrarchia.core.state import Awaiting, Result, State
from tetrarchia.players.estimate import Estimate, Runner, paired_gap, race
from tetrarchia.players.evaluation import WEIGHTS, board_facts
from tetrarchia.players.heuristic import look_ahead
from tetrarchia.players.reasons import Reason, reasoned, reasons
from tetrarchia.players.search import DEFAULT_BEAM, enumerate_plans

DEFAULT_SECONDS = 2.0  # a hint's time budget (the terminal's, advise's and the page's default)
CANDIDATES = 6  # plans raced, best first by the heuristic (the search judges 6 too)
ATTACKS = 3  # armies whose best attack plan is raced whatever its rank (the search's ATTACKS_JUDGED)
SURE = 1e-9  # a chance this close to 0 or 1 is a game decided


@dataclass(frozen=True, slots=True)
class Advice:
    """One suggested action: the plan it begins, the chance of winning after the plan for the
    seat deciding (the Barbarian player's own in Barbaria), and why."""

    action: Action
    plan: tuple[Action, ...]
    estimate: Estimate
    reasons: tuple[Reason, ...]

    @property
    def chance(self) -> float:
        return self.estimate.chance


class Same(Enum):
    """Why a hint does not rank its actions (:class:`Verdict`)."""

    LOST = "lost"  # every continuation of every plan lost the game
    WON = "won"  # every continuation of every plan won it
    NOISE = "noise"  # the listed plans' gaps are within the dice's noise
    EQUAL = "equal"  # the listed plans' chances differ by less than a point (shown equal)


@dataclass(frozen=True, slots=True)
class Verdict:
    """Every action leads to the same chance: ``same`` says how; ``chance`` and its interval
    are the best plan's; ``result`` how every continuation ended (LOST, WON); ``army``: when
    every continuation ended with an army in Roma, the army nearest Roma now (-1: none)."""

    same: Same
    chance: float
    low: float
    high: float
    result: Result = Result.ONGOING
    army: int = -1

    def said(self, state: State) -> Said:
        """The verdict as a sentence of the ``advice`` catalogue."""
        if self.same is Same.LOST and self.army >= 0:
            return reasoned("Every action here leads to the same chance (about 0%): the army in "
                            "{place} reaches Roma whatever is done (R8)",
                            place=state.board.names[self.army])
        if self.same is Same.LOST and self.result is Result.RESERVE_EMPTY:
            return reasoned("Every action here leads to the same chance (about 0%): a reserve of "
                            "discs runs out whatever is done (R8)")
        if self.same is Same.LOST:
            return reasoned("Every action here leads to the same chance (about 0%): the game is "
                            "lost whatever is done (R8)")
        if self.same is Same.WON:
            return reasoned("Every action here leads to the same chance (about 100%): the game is "
                            "won whatever is done (R8)")
        if self.same is Same.EQUAL:
            return reasoned("Every action listed leads to about the same chance: {percent}% (95% "
                            "interval {low}-{high}%)", percent=round(self.chance * 100),
                            low=round(self.low * 100), high=round(self.high * 100))
        return reasoned("These actions are equally good within the dice's noise: about {percent}% "
                        "(95% interval {low}-{high}%)", percent=round(self.chance * 100),
                        low=round(self.low * 100), high=round(self.high * 100))


@dataclass(frozen=True, slots=True)
class Hint:
    """A hint: the actions listed (best first), the verdict when they are all the same, and the
    seconds it took."""

    advice: list[Advice]
    verdict: Verdict | None
    seconds: float


def board_key(state: State) -> Hashable:
    """A position's board and what the game waits for, the IP and the passing aside: two
    positions of one phase with the same key differ only by the IP spent."""
    return (tuple(state.disc), tuple(state.figure), tuple(state.fleets), tuple(state.garrisons),
            tuple(state.emperor_at), state.flags, state.awaiting, state.turns_played,
            tuple(state.ext))


def without_loops(state: State, plan: Sequence[Action]) -> tuple[Action, ...]:
    """``plan`` with every loop cut out: the actions between two positions with the same board
    (:func:`board_key`: a piece walked back to where it stood and nothing else changed) are
    dropped, when the plan left is still legal at every step (fewer IP spent never makes an
    action illegal in the base game; an option's may: then the plan is kept as it is)."""
    keys: list[Hashable] = [board_key(state)]
    kept: list[Action] = []
    position = state.copy()
    for action in plan:
        apply_trusted(position, action)
        key = board_key(position)
        kept.append(action)
        keys.append(key)
        if key in keys[:-1] and position.awaiting in (Awaiting.ROMAN_ACTION, Awaiting.ENTRY):
            back = keys.index(key)
            del kept[back:]
            del keys[back + 1:]
    replay = state.copy()
    for action in kept:
        if action not in legal_actions(replay):
            return tuple(plan)
        apply_trusted(replay, action)
    return tuple(kept)


def has_loop(state: State, plan: Sequence[Action]) -> bool:
    """Whether ``plan`` passes twice through one board (:func:`board_key`) inside the phase."""
    seen = {board_key(state)}
    position = state.copy()
    for action in plan:
        apply_trusted(position, action)
        if position.awaiting not in (Awaiting.ROMAN_ACTION, Awaiting.ENTRY):
            continue
        key = board_key(position)
        if key in seen:
            return True
        seen.add(key)
    return False


def candidates(state: State) -> list[tuple[Action, ...]]:
    """Step 1 of the module's docstring: the plans to race, best first by the heuristic."""
    facts = board_facts(state.board)
    barbarian = deciding_seat(state) == BARBARIAN_SEAT
    sign = -1.0 if barbarian else 1.0
    if state.awaiting in (Awaiting.ROMAN_ACTION, Awaiting.ENTRY):
        scored = [(p.static, tuple(p.actions)) for p in enumerate_plans(state, WEIGHTS, facts, DEFAULT_BEAM)]
    else:
        scored = [(look_ahead(state, a, WEIGHTS, facts).value, (a,)) for a in legal_actions(state)]
    scored.sort(key=lambda s: -sign * s[0])
    chosen: list[tuple[Action, ...]] = []
    firsts: set[Action] = set()
    boards: set[Hashable] = set()
    attacks: set[int] = set()
    extra: list[tuple[Action, ...]] = []
    for _, raw in scored:
        plan = without_loops(state, raw)
        end = state.copy()
        for action in plan:
            apply_trusted(end, action)
        key = board_key(end)
        if plan[0] in firsts or key in boards:
            continue
        last = plan[-1]
        if len(chosen) < CANDIDATES:
            chosen.append(plan)
        elif isinstance(last, Attack) and last.target not in attacks and len(attacks) < ATTACKS:
            extra.append(plan)
        else:
            continue
        firsts.add(plan[0])
        boards.add(key)
        if isinstance(last, Attack):
            attacks.add(last.target)
    return chosen + extra


def nearest_army(state: State) -> int:
    """The marching army nearest Roma along its arrows (R7.3), -1 when there is none."""
    steps = state.board.steps_to_roma
    armies = [p for p, f in enumerate(state.figure) if is_army(f) and f != REBEL]
    return min(armies, key=lambda p: steps[p]) if armies else -1


def verdict(state: State, listed: list[Runner], raced: list[Runner]) -> Verdict | None:
    """Step 3 of the module's docstring, for the Emperors' chance; None when the hint ranks."""
    best = listed[0].estimate()
    every = [c for r in raced for c in r.chances]
    results = {x for r in raced for x in r.results}
    if every and all(c <= SURE for c in every):
        result = results.pop() if len(results) == 1 else Result.ONGOING
        army = nearest_army(state) if result is Result.ARMY_IN_ROMA else -1
        return Verdict(Same.LOST, 0.0, best.low, best.high, result, army)
    if every and all(c >= 1 - SURE for c in every):
        return Verdict(Same.WON, 1.0, best.low, best.high, Result.ROMA_VICTRIX)
    if len(listed) > 1 and all(paired_gap(listed[0].chances, r.chances)[1] <= 0.0 <= paired_gap(
            listed[0].chances, r.chances)[2] for r in listed[1:]):
        return Verdict(Same.NOISE, best.chance, best.low, best.high)
    if len(listed) > 1 and len({round(r.mean * 100) for r in listed}) == 1:
        return Verdict(Same.EQUAL, best.chance, best.low, best.high)  # figures that would read equal
    return None


def for_seat(estimate: Estimate, barbarian: bool) -> Estimate:
    """The Emperors' chance as the seat's own: the Barbarian player wins when they lose."""
    if not barbarian:
        return estimate
    return Estimate(estimate.games - estimate.wins, estimate.games, 1.0 - estimate.high,
                    1.0 - estimate.low)


def advise(state: State, count: int = 3, *, seconds: float | None = DEFAULT_SECONDS,
           games: int | None = None, seed: int = 1,
           progress: Callable[[float], None] | None = None) -> Hint:
    """The best ``count`` actions for the seat deciding now (module docstring), within
    ``seconds`` (the race's budget; the plans are found first, in a few milliseconds), or
    with ``games`` continuations for each action listed (then ``seconds`` is not used: the
    same answer on any machine)."""
    started = time.perf_counter()
    if state.is_over or state.awaiting in (Awaiting.ROLL, Awaiting.RUN) or not legal_actions(state):
        return Hint([], None, 0.0)
    barbarian = deciding_seat(state) == BARBARIAN_SEAT
    plans = candidates(state)
    budget = None if games is not None or seconds is None else \
        max(seconds - (time.perf_counter() - started), 0.0)
    raced = race(state, plans, count, games=games, seconds=budget, seed=seed, barbarian=barbarian,
                 progress=progress)
    listed = raced[:count]
    advice = [Advice(r.plan[0], r.plan, for_seat(r.estimate(), barbarian),
                     tuple(reasons(state, r.plan, r.end))) for r in listed]
    found = verdict(state, listed, raced)
    if found is not None and barbarian:  # the Emperors' loss is the Barbarian player's win
        same = {Same.LOST: Same.WON, Same.WON: Same.LOST}.get(found.same, found.same)
        found = Verdict(same, 1.0 - found.chance, 1.0 - found.high, 1.0 - found.low)
    return Hint(advice, found, time.perf_counter() - started)
