"""The exact forecast as a stratum of a plan's samples (issue 28: "take the exact forecast as the
chance node"; the search's ``exact`` option, off by default: docs/ai.md).

A plan that ends its Emperor's Roman phase is judged by samples played on through the Barbarian
phase (R7) and the next turn.  In some of them the Empire falls in that first Barbarian phase
(R8: an army enters Roma, or an unrest or revolt reserve runs dry), and with a few dozen samples
their share is a coarse estimate of a chance the forecast (:mod:`tetrarchia.analysis.forecast`)
knows exactly.  Stratified on that event, a plan's value is

    fall × (a lost game) + (1 − fall) × (the mean of the samples that did not fall there),

the sampling noise of the fall itself gone: the plans compared no longer win or lose by a few
lucky samples where an army stands at Roma's gate.

The forecast costs tens of milliseconds, so it is only asked where the fall is possible
(:func:`may_fall`): an army one step from Roma (R7.3: an army advances one step a phase; new
armies come at the borders, R7.2.2), or a reserve nearly empty.
"""

from __future__ import annotations

from collections.abc import Sequence

from tetrarchia.analysis.forecast import fast_forecast
from tetrarchia.core.actions import Action, EndPhase
from tetrarchia.core.engine import apply_trusted
from tetrarchia.core.errors import TetrarchiaError
from tetrarchia.core.state import State
from tetrarchia.players.evaluation import WIN, BoardFacts, read_threats

# A reserve with more discs than this did not run dry within the phase in any of the 550 plans'
# ends probed at 4222 (heuristic games, seeds 1-3: the largest such fall, 1.4%, with 7 left).
RESERVE_WATCH = 8


def may_fall(before: State, facts: BoardFacts) -> bool:
    """Whether the Barbarian phase after ``before`` (a Roman phase about to end) can end the
    game (R8): an army one step from Roma and free to advance (R13: rebels do not), or an unrest
    or revolt reserve within ``RESERVE_WATCH`` discs of empty."""
    readings = read_threats(before, facts)
    if min(readings.unrest_left, readings.revolts_left) <= RESERVE_WATCH:
        return True
    return any(a.steps == 1 and not a.rebel for a in readings.armies)


def phase_fall(state: State, actions: Sequence[Action], facts: BoardFacts) -> float | None:
    """The exact chance that the Empire falls in the Barbarian phase that ``actions`` (a plan
    from ``state``, ending with EndPhase) lead into (R8); None where it is not asked (no fall
    possible, :func:`may_fall`) or not answered (a plan not ending the phase, an option the fast
    forecast does not model: its samples are then taken as they fell)."""
    if not actions or not isinstance(actions[-1], EndPhase):
        return None
    before = state.copy()
    for action in actions[:-1]:
        apply_trusted(before, action)
    if before.is_over or not may_fall(before, facts):
        return None
    try:
        found = fast_forecast(before)
    except TetrarchiaError:  # the Emperor passing through a figure's province cannot end now
        return None
    return None if found is None else found.fall


def fell_first(start: State, end: State) -> bool:
    """Whether a sample from ``start`` (a plan's end: its Barbarian phase begun) was lost in that
    very phase: the turn (ended by R7's last step) never passed."""
    return end.result.is_defeat and end.turns_played == start.turns_played


def stratified_mean(samples: Sequence[float], fell: Sequence[bool], fall: float | None) -> float:
    """A plan's value from its samples, with the exact ``fall`` of its first Barbarian phase in
    place of the samples' share of it (module docstring); the plain mean where ``fall`` is None
    or every sample fell."""
    if fall is None or len(fell) != len(samples):
        return sum(samples) / len(samples)
    kept = [v for v, f in zip(samples, fell, strict=True) if not f]
    if not kept:
        return sum(samples) / len(samples)
    return fall * -WIN + (1.0 - fall) * sum(kept) / len(kept)
