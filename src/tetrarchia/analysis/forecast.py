"""The forecast of the Barbarian phase (R7): exact probabilities, never sampled.

Two methods give the same figures (tests/analysis/test_forecast.py checks them against each other and
against Monte Carlo plays of the engine):

- **the fast model** (``method == "fast"``): R7.1-R7.2 on bit sets (analysis/revolts.py: the
  dominoes as a closure over normal links and broken links at 1/2, the 36 activity rolls, the
  uprisings and their chains, loops summed exactly), then R7.3 with the rules' own steps on one
  State per group of situations it cannot tell apart (analysis/advance.py).  Typically a few
  milliseconds per position.  It follows the Goths (R11.4: waiting in the reserve or on the
  board) and the options whose phase hooks their module declares neutral for it
  (``RuleModule.forecast_neutral``: the Pirates, Barbaria's moments passed).
- **the engine-following forecast** (``method == "engine"``): the engine lists every roll with
  its probability (``chance_outcomes``); every branch of the dice is followed from the start of
  the phase to its end, merging the branches that reach the same situation.  Because it runs
  the rules themselves, every optional rule counts; it answers wherever the fast model does not
  (:func:`fast_model_gap`: an option that changes the phase, a phase already begun ...).

Both cover the dominoes of R7.1 over normal links, each broken link at 1/2 (R7.4, D3), the 36
activity rolls of R7.2 and the uprisings they chain (the chance of at least one uprising in each
province too), the armies' steps and battles of R7.3, and
the reserves that may run dry (R8), up to the end of the phase (its END_TURN step: the next turn
is not forecast).  The Emperors and armies are read as they stand before the phase.

Decisions inside the phase (Galerius's +1 and Constantius's block, R12.1; the Barbarian player's
choices, R12.6) are taken as "let it pass": the forecast says what the dice alone will do.

Used by the terminal (``forecast``), and by the AI and the browser board.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from tetrarchia.analysis.advance import Reads, advance, base_of, battle_counts, situation_state
from tetrarchia.analysis.revolts import (
    NORTHEASTERN,
    Looping,
    Situation,
    Table,
    activity,
    after_spread,
    bits,
    goths_waiting,
    spread,
)
from tetrarchia.core.actions import Action, OptionAction
from tetrarchia.core.barbarian import advance_order
from tetrarchia.core.engine import (
    apply_trusted,
    chance_outcomes,
    legal_actions,
    resume,
    run,
    start_barbarian_phase,
)
from tetrarchia.core.errors import Refusal, TetrarchiaError
from tetrarchia.core.events import Event, Removal, UprisingStarts
from tetrarchia.core.pieces import (
    ARMIES,
    ARMY,
    GARRISON,
    GOTHS,
    NO_DISC,
    NO_FIGURE,
    PIECE_FIGURES,
    REBEL,
    REVOLT,
    UNREST,
    VICARIUS,
    Piece,
)
from tetrarchia.core.rulebook import REGISTRY
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import FIELDS, Awaiting, Result, State, Task
from tetrarchia.core.tasks import (
    ACTIVITY_STEP,
    ADVANCE,
    ADVANCE_STEP,
    END_TURN,
    END_TURN_STEP,
    PHASE_START_STEP,
    REMOVE_ON_REVOLT_STEP,
    SPREAD_STEP,
    figure_piece,
    in_barbarian_phase,
    piece_at,
    remove_army,
    remove_piece,
    return_disc,
)

Policy = Callable[[State, list[Action]], Action]
NEGLIGIBLE = 1e-12  # a branch less likely than this is dropped (chained uprisings loop, R7.2)
# state.FIELDS, not State.__slots__: a compiled State (mypyc, docs/compiled.md) has no __slots__
_KEYED = tuple(name for name in FIELDS if name not in ("board", "settings", "hooks"))


class NotForecastable(TetrarchiaError):
    """The position is not before or inside a Barbarian phase."""

    code = Refusal.NOT_FORECASTABLE


def let_it_pass(state: State, actions: list[Action]) -> Action:
    """The default policy for a decision inside the phase: the choice that lets it pass."""
    for action in actions:
        if isinstance(action, OptionAction) and action.passes:
            return action
    return actions[0]


@dataclass(frozen=True, slots=True)
class BattleOdds:
    """R6 over the 36 rolls, as the board stands now: the army attacking ``emperor`` (a Piece:
    an Emperor 0-3 or the Dux 4) in the army's next province."""

    emperor: int
    roman_wins: float
    draw: float
    barbarian_wins: float


@dataclass(frozen=True, slots=True)
class ArmyOutlook:
    """What R7.3 will do to the army standing in ``province`` (after R7.1-R7.2 ran).

    Armies carry no identity on the board: an army is followed by where it stands, so where two
    armies' paths meet in one province the figures are told apart by place only."""

    province: int
    next_step: int  # the province its arrow (or D9) points to, -1 for none
    advances: float  # P(it stands in ``next_step`` at the end of the phase)
    stays: float  # P(it is still in ``province``: blocked, a broken link, a draw ...)
    destroyed: float  # P(it is gone: beaten by an Emperor it attacked, or by the Romans before)
    battle: BattleOdds | None  # the battle of its next step as the board stands now, if any


@dataclass(frozen=True, slots=True)
class Forecast:
    """Exact probabilities of the next Barbarian phase (R7.1-R7.3)."""

    revolt: tuple[float, ...]  # per province: in revolt after R7.1-R7.2
    unrest: tuple[float, ...]  # per province: unrest after R7.1-R7.2
    uprising: tuple[float, ...]  # per province: at least one uprising breaks out there in R7.2
    # (the activity falls on its revolt, a chained activity included)
    emperor_in_revolt: tuple[float, ...]  # per Emperor on the board: his province in revolt
    # after R7.1-R7.2 (he leaves the board at the next R7.1, or at this one's R7.1.2)
    emperor_removed: tuple[float, ...]  # per Emperor on the board now: off it at the end
    armies: tuple[ArmyOutlook, ...]  # the armies on the board now, in board order
    army_in_roma: float  # R8: the Empire falls in this phase because an army enters Roma
    reserve_empty: float  # R8: ... because an unrest or revolt reserve runs dry
    branches: int  # distinct situations where the dice stopped, after R7.2 and at the end (the
    # fast model counts R7.3's ends once per group of situations it follows together)
    unresolved: float  # probability of the branches too unlikely to follow (< 1e-12 each):
    # every figure above is exact to within it
    method: str = "engine"  # "fast": the bit-set model (revolts, advance); "engine": the
    # engine followed through every branch (an option or a position the model does not cover)

    @property
    def fall(self) -> float:
        """The chance that the Empire falls in this phase."""
        return self.army_in_roma + self.reserve_empty


def forecast(state: State, policy: Policy = let_it_pass) -> Forecast:
    """The forecast of the Barbarian phase that follows ``state``.

    ``state`` is in a Roman phase (the forecast is of ending it now), at a roll or decision
    inside a Barbarian phase (the rest of that phase), or at its start.  ``state`` is not
    changed.  The fast model answers when it covers the game and the position
    (:func:`fast_model_gap`); the engine-following forecast answers otherwise: both exact."""
    before = position_before(state)
    if fast_model_gap(before, passing=policy is let_it_pass) is None:
        fast = _fast_forecast(before)
        if fast is not None:
            return fast
    return _engine_forecast(before, policy)


def fast_forecast(state: State) -> Forecast | None:
    """The fast model's forecast (:mod:`tetrarchia.analysis.revolts` for R7.1-R7.2,
    :mod:`tetrarchia.analysis.advance` for R7.3), or None where it does not cover the game."""
    before = position_before(state)
    if fast_model_gap(before) is not None:
        return None
    return _fast_forecast(before)


def engine_forecast(state: State, policy: Policy = let_it_pass) -> Forecast:
    """The forecast by following every branch of the dice through the engine itself: every
    optional rule counts.  The reference the fast model is tested against."""
    return _engine_forecast(position_before(state), policy)


def position_before(state: State) -> State:
    """A copy of the position the forecast is of: at the start of the Barbarian phase that
    ending the Roman phase now begins (paused, nothing run), or inside that phase as it is."""
    if state.is_over:
        raise NotForecastable("the game is over: no Barbarian phase follows")
    if in_barbarian_phase(state):
        return state.copy()
    if state.awaiting is Awaiting.ROMAN_ACTION:
        if state.passer >= 0:
            raise NotForecastable(f"{state.turn.title} cannot end his Roman phase now: he is "
                                  "passing through another figure's province (R5.1)")
        return start_barbarian_phase(state)
    raise NotForecastable("the forecast is of a Barbarian phase: the game must be in a Roman "
                          "phase or in a Barbarian phase")


def phase_start(state: State) -> State:
    """A copy of ``state`` at the start of (or inside) the Barbarian phase it leads to, run on
    to its first roll or decision."""
    start = position_before(state)
    resume(start)  # a position paused at the start of the phase runs on to its first roll
    return start


# --- the fast model -----------------------------------------------------------------------------
# Hook points of the options that change R7 in ways the fast model does not follow: with any of
# them in play the engine-following forecast answers (the Usurpers rise on revolts, Imperivm's
# Emperors decide before an attack ...), unless the module declares the point changes nothing the
# forecast reads once the phase's decisions are let pass (``RuleModule.forecast_neutral``: the
# Pirates coming back with an uprising, the Barbarian player's moments passed).  Those not listed
# act outside the Barbarian phase, or (supports, die_bonus, battle_won, link_bonus) through the
# rules' own R6 functions and hooks that the model calls; ``army_arrives`` is probed on the
# position (:func:`_arrivals_gap`).  A Goths figure without its module (a scenario's army) is an
# army like another.
PHASE_HOOKS = ("phase_start", "after_roll", "uprising", "revolt_placed", "before_step",
               "before_attack", "battle_decisions", "battle_over", "decisions")
_CHANGING: dict[tuple[object, ...], tuple[str, ...]] = {}  # per game's options: the points


def _changing(settings: Settings, passing: bool) -> tuple[str, ...]:
    """The hook points of ``settings``' modules that change the phase as the model reads it."""
    key = (settings.options, settings.params, passing)
    known = _CHANGING.get(key)
    if known is None:
        points = []
        for option in settings.options:
            module = REGISTRY[option]
            if module.hooks is None:
                continue
            hooks = module.hooks(settings)
            neutral = module.forecast_neutral if passing else ()
            points += [name for name in PHASE_HOOKS if getattr(hooks, name) and name not in neutral]
        known = _CHANGING[key] = tuple(dict.fromkeys(points))
    return known


def fast_model_gap(state: State, passing: bool = True) -> str | None:
    """Why the fast model does not cover the phase that follows ``state`` (a position from
    :func:`position_before`), or None when it does.  ``passing``: the phase's decisions are let
    pass (:func:`let_it_pass`), so the points the modules declare neutral then are left out."""
    changing = _changing(state.settings, passing)
    if changing:
        return f"an option in play changes the Barbarian phase ({changing[0]})"
    arrivals = _arrivals_gap(state)
    if arrivals is not None:
        return arrivals
    if not state.settings.broken_link_once:
        return "D3 is off: a broken link is rolled again at every wave of the spreading"
    if state.pending:
        return "an option's step is pending"
    if not _fresh(state):
        return "the phase has begun: its rest is followed through the engine"
    for piece in range(6):  # every piece on the board stands as its figure (none passing)
        at = piece_at(state, piece)
        if at >= 0 and state.figure[at] != PIECE_FIGURES[piece]:
            return "a figure stands on another"
    return _figure_hooks_gap(state)


def _figure_hooks_gap(state: State) -> str | None:
    """The fast model follows R11.2 itself: the Vicarius's figure blocks the activity on his
    province and an uprising reaching him kills him.  The options tell the engine so through the
    ``activity_blocked`` and ``reached`` hooks: their answers on this position are checked
    against the model's (on a copy: nothing else may change), so an option that blocks or
    reaches otherwise gets the engine."""
    hooks = state.hooks
    blocking, reaching = getattr(hooks, "activity_blocked", ()), getattr(hooks, "reached", ())
    if not blocking and not reaching:
        return None
    probe = state.copy()
    figure = state.figure
    for p in state.board.at_coords.values():
        if any(blocks(probe, p, None) for blocks in blocking) != (figure[p] == VICARIUS):
            return "an option blocks the Barbarian activity otherwise than the Vicarius (R11.2)"
    if probe != state:
        return "an option changes the board when asked whether it blocks the activity"
    board = state.board
    empty = next((p for p in board.roman if figure[p] == NO_FIGURE), -1)
    for p in {*(p for p in board.roman if figure[p] != NO_FIGURE), empty} - {-1}:
        probe = state.copy()
        for reached in reaching:
            reached(probe, p, Removal.REACHED_BY_UPRISING, None)
        expected = state.copy()
        if figure[p] == VICARIUS:
            remove_piece(expected, Piece.VICARIUS, None)
        if probe != expected:
            return "an option acts when an uprising reaches a province otherwise than R11.2"
    return None


def _arrivals_gap(state: State) -> str | None:
    """The model places an uprising's army as R7.2 does (an ordinary army on an empty border,
    while one is in the reserve), and as R11.4 does while the Goths wait in the reserve (they
    take border III or IV whatever stands there; elsewhere they come once no ordinary army is
    left, D5: analysis/revolts.py).  The options tell the engine through the ``army_arrives``
    hook: its answer on this position for every region is checked against the model's (on
    copies), so an option placing armies otherwise gets the engine."""
    arriving = state.hooks.army_arrives
    if not arriving:
        return None
    waiting = goths_waiting(state)
    for region in range(1, 7):
        probe, expected = state.copy(), state.copy()
        placed = None
        for hook in arriving:
            placed = hook(probe, region, False, None)
            if placed is not None:
                break
        border = state.board.border_of[region]
        empty = state.figure[border] == NO_FIGURE and state.disc[border] == NO_DISC
        ordinary = state.ordinary_armies_in_reserve() > 0
        if waiting and (region in NORTHEASTERN or (empty and not ordinary)):
            _goths_on(expected, border)
            rule = True
        else:
            rule = empty and ordinary
            if rule:
                expected.figure[border] = ARMY
                expected.armies_placed.append(border)
        if placed is not None and (placed != rule or probe != expected):
            return "an option places the uprising's armies otherwise than R7.2 (army_arrives)"
    return None


def _goths_on(state: State, border: int) -> None:
    """What the model reads of the Goths arriving on ``border`` (R11.4, D19), on a State."""
    piece = figure_piece(state.figure[border])
    if piece >= 0:
        remove_piece(state, piece, None)
    elif ARMY <= state.figure[border] <= REBEL:
        remove_army(state, border)
    if state.disc[border] >= GARRISON:
        return_disc(state, border)
    state.figure[border] = GOTHS
    state.armies_placed.append(border)


# R7: the phase's steps as push_barbarian_phase pushes them, bottom first
PHASE_STEPS = [END_TURN_STEP, ADVANCE_STEP, ACTIVITY_STEP, REMOVE_ON_REVOLT_STEP, SPREAD_STEP]


def _fresh(state: State) -> bool:
    """The phase's steps are on the stack as pushed (R7), nothing of them run yet (the options'
    start of the phase, PHASE_START, may have run: it does nothing without their hooks)."""
    tasks = state.tasks
    top = tasks[-6:] if tasks and tasks[-1] == PHASE_START_STEP else tasks[-5:]
    return (state.awaiting is Awaiting.RUN and top[:5] == PHASE_STEPS and state.dice is None
            and not state.memo)


def _fast_forecast(before: State) -> Forecast | None:
    table = Table.of(before)
    spreads, dry = spread(table)
    if dry:  # the revolt reserve may run dry amid the dominoes: where it stops is the engine's
        return None
    try:
        middle, uprising = activity(table, [(after_spread(table, r), p) for r, p in spreads])
    except Looping:
        return None
    board = before.board
    n = board.size
    revolt = [0.0] * n
    unrest = [0.0] * n
    in_revolt = [0.0] * 4
    base = base_of(before)
    reads = Reads(table, before)
    groups: dict[tuple[int, ...], tuple[Situation, float]] = {}
    by_revolt: dict[int, float] = {}  # situations share their discs: each set counted once
    by_unrest: dict[int, float] = {}
    emperors = [(e, at) for e, at in enumerate(before.emperor_at[:4]) if at >= 0]
    for s, p in middle.items():
        by_revolt[s.revolt] = by_revolt.get(s.revolt, 0.0) + p
        by_unrest[s.unrest] = by_unrest.get(s.unrest, 0.0) + p
        key = (reads.revolts(s), min(table.revolt_reserve(s), ARMIES + 1),
               s.armies, s.vicarius, s.gone, s.end, s.goths, s.pushed)
        known = groups.get(key)
        groups[key] = (s, p) if known is None else (known[0], known[1] + p)
    total = sum(middle.values())
    for masks, figure in ((by_revolt, revolt), (by_unrest, unrest)):
        always = (1 << n) - 1  # the provinces in every set: added once
        for mask in masks:
            always &= mask
        for q in bits(always):
            figure[q] = total
        for mask, p in masks.items():
            for q in bits(mask & ~always):
                figure[q] += p
    for q in bits(table.border_revolt):  # a border in revolt under a rebel (R13) stays so
        revolt[q] = total
    for mask, p in by_revolt.items():
        for e, at in emperors:
            if mask >> at & 1:
                in_revolt[e] += p
    ends: list[tuple[State, float]] = []
    orders: dict[int, list[int]] = {}  # D10's order depends only on where the armies stand
    for s, p in groups.values():  # R7.3 once for the situations it cannot tell apart
        state = situation_state(base, table, s)
        order = orders.get(s.armies)
        if order is None:
            order = orders[s.armies] = advance_order(state)
        ends.extend((end, p * q) for end, q in advance(state, order))
    return _figures(before, revolt, unrest, uprising, in_revolt, ends, len(middle) + len(ends),
                    0.0, "fast")


def _figures(before: State, revolt: list[float], unrest: list[float], uprising: list[float],
             in_revolt: list[float], ends: list[tuple[State, float]], branches: int,
             unresolved: float, method: str) -> Forecast:
    """The Forecast from the figures after R7.2 and the ends of the phase."""
    board = before.board
    removed = [0.0] * 4
    in_roma = dry = 0.0
    armies = before.armies()
    fates = {a: [0.0, 0.0, 0.0] for a in armies}  # advances, stays, destroyed
    for leaf, p in ends:
        if leaf.result is Result.ARMY_IN_ROMA:
            in_roma += p
        elif leaf.result is Result.RESERVE_EMPTY:
            dry += p
        for e in range(4):
            if before.emperor_at[e] >= 0 and leaf.emperor_at[e] < 0:
                removed[e] += p
        for a in armies:
            step, army = board.next_step[a], before.figure[a]
            if step >= 0 and leaf.figure[step] == army and before.figure[step] != army:
                fates[a][0] += p
            elif leaf.figure[a] == army:
                fates[a][1] += p
            else:
                fates[a][2] += p
    return Forecast(
        revolt=tuple(revolt),
        unrest=tuple(unrest),
        uprising=tuple(uprising),
        emperor_in_revolt=tuple(in_revolt),
        emperor_removed=tuple(removed),
        armies=tuple(ArmyOutlook(a, board.next_step[a], fates[a][0], fates[a][1], fates[a][2],
                                 _battle_now(before, a)) for a in armies),
        army_in_roma=in_roma,
        reserve_empty=dry,
        branches=branches,
        unresolved=unresolved,
        method=method,
    )


# --- the engine-following forecast --------------------------------------------------------------
def _engine_forecast(before: State, policy: Policy) -> Forecast:
    start = before.copy()
    resume(start)
    cut, rest = stop_before_advance(start)
    tracked, dropped_middle = _leaves([(cut, 1.0)], policy, uprisings=True)
    n = before.board.size
    revolt = [0.0] * n
    unrest = [0.0] * n
    uprising = [0.0] * n
    in_revolt = [0.0] * 4
    for _, _, parts in tracked:
        for q, part in parts.items():
            uprising[q] += part
    middle = [(leaf, p) for leaf, p, _ in tracked]
    for leaf, p in middle:
        disc = leaf.disc
        for q in range(n):
            if disc[q] == REVOLT:
                revolt[q] += p
            elif disc[q] == UNREST:
                unrest[q] += p
        for e in range(4):
            at = before.emperor_at[e]
            if at >= 0 and disc[at] == REVOLT:
                in_revolt[e] += p
    ends, dropped_end = _leaves([(_resume(leaf, rest), p) for leaf, p in middle], policy)
    return _figures(before, revolt, unrest, uprising, in_revolt, [(e, p) for e, p, _ in ends],
                    len(middle) + len(ends), dropped_middle + dropped_end, "engine")


def stop_before_advance(start: State) -> tuple[State, list[Task]]:
    """A copy of a position in a Barbarian phase that stops after R7.2, and the steps taken off
    it: R7.3 and the rest of the phase come off the stack, so the machine runs out of steps
    (and waits for nothing) where R7.3 begins.  The phase ends at its END_TURN step: what
    follows (the next turn, or with D1 the next Barbarian phase) is not forecast."""
    cut = start.copy()
    codes = [t[0] for t in cut.tasks]
    bottom = len(codes) - 1 - codes[::-1].index(END_TURN) + 1 if END_TURN in codes else 0
    # the stack's bottom up to R7.3's step; already in R7.3, the whole stack (R7.2 is over)
    at = codes.index(ADVANCE, bottom) + 1 if ADVANCE in codes[bottom:] else len(codes)
    rest = cut.tasks[bottom:at]
    del cut.tasks[:at]
    if not cut.tasks:  # nothing of R7.1-R7.2 is left to run: the machine waits for nothing
        cut.awaiting = Awaiting.NOTHING
    return cut, rest


def stop_at_phase_end(start: State) -> State:
    """A copy of a position in a Barbarian phase whose machine stops at the end of the phase
    (its END_TURN step and what lies below come off the stack)."""
    cut = start.copy()
    codes = [t[0] for t in cut.tasks]
    if END_TURN in codes:
        del cut.tasks[:len(codes) - codes[::-1].index(END_TURN)]
    if not cut.tasks and not cut.is_over:
        cut.awaiting = Awaiting.NOTHING
    return cut


def _resume(leaf: State, rest: list[Task]) -> State:
    """A situation after R7.2 with the phase's remaining steps put back, run on to the next
    stop."""
    if leaf.is_over:
        return leaf
    resumed = leaf.copy()
    resumed.tasks[:0] = rest
    run(resumed, None)
    return resumed


def _settle(state: State, policy: Policy, events: list[Event] | None = None) -> None:
    """Take the phase's decisions with ``policy`` until the game waits for dice or stops."""
    while state.awaiting is Awaiting.DECISION and not state.is_over:
        apply_trusted(state, policy(state, legal_actions(state)), events)


def _uprisings(events: list[Event]) -> set[int]:
    """The provinces where ``events`` tell an uprising breaking out (R7.2)."""
    return {event.province for event in events if type(event) is UprisingStarts}


def _key(state: State) -> Hashable:
    """Everything that can differ between two branches (lists as tuples, dicts sorted).  Every
    field of the state counts, the optional rules' too, so no two different situations merge."""
    return tuple(
        tuple(v) if type(v) is list else tuple(sorted(v.items())) if type(v) is dict else v
        for v in map(state.__getattribute__, _KEYED)
    )


Branch = tuple[State, float, dict[int, float]]  # a situation, its probability, its risen parts


def _leaves(starts: list[tuple[State, float]], policy: Policy, uprisings: bool = False
            ) -> tuple[list[Branch], float]:
    """Every situation where the dice stop (a seat decides, the phase ran out of steps, the game
    ended), with its probability, from ``starts`` (situations with their probabilities).

    Situations waiting for dice are kept in one table and merged whenever the dice lead to the
    same one again, so each is expanded once per arrival of new probability.  Chained uprisings
    can come back to the same situation (R7.2: an occupied border sends the dice to a new
    activity), a loop whose probability shrinks at every turn: a branch is dropped once its
    probability is below ``NEGLIGIBLE``, which bounds the error of every figure by the
    dropped total, returned beside the leaves.

    With ``uprisings`` each situation also carries, per province, the part of its probability
    reached after at least one uprising there (R7.2; as analysis/revolts.py's ``activity``
    does): an uprising in ``q`` moves the whole probability into ``q``'s part, any other roll
    carries the parts along."""
    waiting: dict[Hashable, Branch] = {}
    leaves: dict[Hashable, Branch] = {}
    events: list[Event] | None = [] if uprisings else None
    for state, p in starts:
        first = state.copy()
        _settle(first, policy, events)
        parts = dict.fromkeys(_uprisings(events), p) if events else {}
        _gather(leaves if _stopped(first) else waiting, first, p, parts)
    dropped = 0.0
    while waiting:
        state, p, parts = waiting.pop(next(iter(waiting)))  # the oldest first: it has gathered
        if p < NEGLIGIBLE:
            dropped += p
            continue
        for roll, q in chance_outcomes(state):
            child = state.copy()
            if events is not None:
                events.clear()
            apply_trusted(child, roll, events)
            _settle(child, policy, events)
            risen = _uprisings(events) if events else set()
            shares = {r: part * q for r, part in parts.items() if r not in risen}
            shares.update(dict.fromkeys(risen, p * q))
            _gather(leaves if _stopped(child) else waiting, child, p * q, shares)
    return list(leaves.values()), dropped


def _gather(table: dict[Hashable, Branch], state: State, p: float, parts: dict[int, float]) -> None:
    key = _key(state)
    known = table.get(key)
    if known is None:
        table[key] = (state, p, parts)
        return
    merged = known[2]
    for r, part in parts.items():
        merged[r] = merged.get(r, 0.0) + part
    table[key] = (known[0], known[1] + p, merged)


def _stopped(state: State) -> bool:
    return state.awaiting is not Awaiting.ROLL or state.is_over




def _battle_now(state: State, army: int) -> BattleOdds | None:
    """R6 over the 36 rolls for the army's next step, if an Emperor or the Dux stands there."""
    step = state.board.next_step[army]
    if step < 0:
        return None
    piece = figure_piece(state.figure[step])
    if not 0 <= piece <= 4:  # Emperors 0-3 and the Dux fight; the Vicarius dies (R11.2)
        return None
    wins, draws, losses = battle_counts(state, piece, step, army)
    return BattleOdds(piece, wins / 36, draws / 36, losses / 36)
