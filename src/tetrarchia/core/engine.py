"""The public face of the rules: who decides now, what is legal, and what an action does.

- :func:`new_game` builds the state before the first setup die.
- :func:`legal_actions` is the one source of truth for what may be done now (at a chance step:
  every possible roll).
- :func:`apply_action` checks an action against it, raising the precise :mod:`errors` class with
  the reason in the game's words, and leaves the state untouched when it refuses.  A record with a
  field of the wrong type or off the board (built by a program) is refused first, as
  ``InvalidAction`` (``action_fields.py``).
- :func:`apply_trusted` skips the check, for callers that took the action from ``legal_actions``.
- :func:`resume` runs a machine paused at a boundary (``Awaiting.RUN``); ``until`` (a
  :class:`Boundary`) makes the machine pause again at the next boundary of that kind, so that a
  program can step a game phase by phase, turn by turn or round by round.  Nothing runs unless
  the program asks: loading a position never runs a step.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from itertools import product
from typing import Any, Final

from tetrarchia.core import barbarian, combat, setup, turns
from tetrarchia.core import tasks as t
from tetrarchia.core.action_fields import check_fields
from tetrarchia.core.actions import Action, Enter, Move, PlaceFleet, Roll
from tetrarchia.core.board import Board, default_board
from tetrarchia.core.diagnose import explain_illegal
from tetrarchia.core.errors import WrongMoment
from tetrarchia.core.events import PURPOSE_TEXT, Event, Events
from tetrarchia.core.pieces import Emperor
from tetrarchia.core.roman import apply_roman, entry_choices, roman_actions
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import Awaiting, State


class Boundary(Enum):
    """Where stepping a game may stop (``until`` of :func:`resume` and ``Game.advance``).

    Every kind also stops at the next decision of a seat (decisions are never taken for the
    caller) and at the end of the game.
    """

    DECISION = "decision"  # a seat must act (or the game ended)
    PHASE_END = "phase-end"  # the setup, a Roman phase or a Barbarian phase has ended (R4, R7)
    TURN_END = "turn-end"  # the Barbarian phase of the turn has ended: the next turn begins (R4)
    ROUND_END = "round-end"  # Maximian's turn has ended: Diocletian's turn begins (R4)
    GAME_END = "game-end"  # only the decisions and the end stop it (R8)
    DIE = "die"  # before the next die: the game waits for it (Awaiting.ROLL), nothing rolls it


# The steps a paused machine stands before at each boundary: a turn begins (BEGIN_TURN), a
# Barbarian phase begins (PHASE_START).
_STOP_BEFORE: dict[Boundary, frozenset[int]] = {
    Boundary.DECISION: frozenset(),
    Boundary.PHASE_END: frozenset((t.BEGIN_TURN, t.PHASE_START)),
    Boundary.TURN_END: frozenset((t.BEGIN_TURN,)),
    Boundary.ROUND_END: frozenset((t.BEGIN_TURN,)),
    Boundary.GAME_END: frozenset(),
    Boundary.DIE: frozenset(),  # the machine itself always stops for dice: Game.advance does not roll
}

# A step's handler takes the state, the step's record (tasks.py) and the events; it answers True
# when the machine may go on (it popped or replaced its step, or pushed others), False when the
# machine stops for dice or a decision.
Handler = Callable[[State, Any, Events], bool]

HANDLERS: dict[int, Handler] = {
    t.INITIAL_REVOLT: setup.run_initial_revolt,
    t.ADDITIONAL_REVOLT: setup.run_additional_revolt,
    t.INITIAL_ARMY: setup.run_initial_army,
    t.PLACE_FLEETS: setup.run_place_fleets,
    t.BEGIN_TURN: turns.run_begin_turn,
    t.ENTRY: turns.run_entry,
    t.ROMAN_PHASE: turns.run_roman_phase,
    t.SPREAD: barbarian.run_spread,
    t.REMOVE_ON_REVOLT: barbarian.run_remove_on_revolt,
    t.ACTIVITY: barbarian.run_activity,
    t.ACTIVITY_PROVINCE: barbarian.run_activity_province,
    t.UPRISING: barbarian.run_uprising,
    t.UPRISING_ARMY: barbarian.run_uprising_army,
    t.ADVANCE: barbarian.run_advance,
    t.ARMY_STEP: barbarian.run_army_step,
    t.LINK_CHECK: barbarian.run_link_check,
    t.BATTLE: combat.run_battle,
    t.END_TURN: turns.run_end_turn,
    t.PHASE_START: barbarian.run_phase_start,
    t.DECISION: turns.run_decision,
}

ALL_ROLLS = {1: [Roll((d,)) for d in range(1, 7)],
             2: [Roll(pair) for pair in product(range(1, 7), repeat=2)]}


def new_game(settings: Settings | None = None, board: Board | None = None) -> State:
    """A new game, waiting for the first die of the setup (R3)."""
    state = setup.initial_state(board or default_board(), settings or Settings())
    run(state, None)
    return state


def run(state: State, events: Events) -> None:
    """Advance the machine until it needs a decision or dice (or the game is over)."""
    tasks = state.tasks
    extra = state.hooks.handlers
    while tasks and not state.result:
        if state.pending:  # steps a rule triggered (R12.4) run before anything else
            t.push_triggered(state)
        task = tasks[-1]
        handler = HANDLERS.get(task[0]) or extra[task[0]]
        if not handler(state, task, events) and not state.pending:
            return
    if state.result or not tasks:
        state.awaiting = Awaiting.NOTHING


def run_until(state: State, events: Events, until: Boundary) -> None:
    """:func:`run`, pausing (``Awaiting.RUN``) before the first step that begins what follows the
    boundary ``until``.  A machine paused there runs its first step before looking again, so
    stepping from one boundary goes on to the next."""
    stops = _STOP_BEFORE[until]
    if not stops:
        if state.awaiting is Awaiting.RUN:
            state.awaiting = Awaiting.NOTHING  # running: what it waits for is set when it stops
        run(state, events)
        return
    tasks = state.tasks
    extra = state.hooks.handlers
    skip = state.awaiting is Awaiting.RUN  # already at a boundary: go past it
    state.awaiting = Awaiting.NOTHING
    while tasks and not state.result:
        if state.pending:
            t.push_triggered(state)
        task = tasks[-1]
        if not skip and task[0] in stops and (
                until is not Boundary.ROUND_END or state.turn is Emperor.DIOCLETIAN):
            state.awaiting = Awaiting.RUN
            return
        skip = False
        handler = HANDLERS.get(task[0]) or extra[task[0]]
        if not handler(state, task, events) and not state.pending:
            return
    if state.result or not tasks:
        state.awaiting = Awaiting.NOTHING


def resume(state: State, events: Events = None, until: Boundary = Boundary.DECISION) -> None:
    """Run a machine paused at a boundary (``Awaiting.RUN``) until the next decision or roll, or
    until it reaches the boundary ``until``.  Any other state is left as it is."""
    if state.awaiting is Awaiting.RUN:
        run_until(state, events, until)


def start_barbarian_phase(state: State) -> State:
    """The position at the start of the Barbarian phase of this turn (R7), as if the Emperor of
    the turn had ended his Roman phase now: paused (``Awaiting.RUN``) before its first step,
    with nothing run.  ``state`` must wait for his entry or his Roman action; it is not changed.
    """
    if state.awaiting not in (Awaiting.ROMAN_ACTION, Awaiting.ENTRY) or \
            not state.tasks or state.tasks[-1][0] not in (t.ROMAN_PHASE, t.ENTRY):
        raise WrongMoment("a Barbarian phase starts from a Roman phase (or an entry) waiting for "
                          f"the Emperor of the turn; this game waits for {state.awaiting.name.lower()}")
    new = state.copy()
    while new.tasks and new.tasks[-1][0] in (t.ROMAN_PHASE, t.ENTRY):
        new.tasks.pop()
    t.push_barbarian_phase(new)
    new.awaiting = Awaiting.RUN
    return new


BARBARIAN_SEAT: Final = 4  # R12.6: the fifth player


def end_records(state: State) -> list[Event]:
    """What the optional rules tell at the end of the game, as event records (R12.5: the
    individual scores, the Great, the Emperors of the East and West, the players' objectives;
    R12.6: whether the Barbarian player won); rendered as every event is."""
    return [record for hook in state.hooks.end_report for record in hook(state)]


def deciding_seat(state: State) -> int | None:
    """Who must decide now: an Emperor (0-3, his seat acts), the Barbarian player (4), or None
    at a roll and after the end.

    Fleet placement at setup belongs to "the players" (R3.6): Diocletian's seat, the first.
    """
    awaiting = state.awaiting
    if awaiting in (Awaiting.ROMAN_ACTION, Awaiting.ENTRY):
        return int(state.turn)
    if awaiting is Awaiting.FLEET_PLACEMENT:
        return int(Emperor.DIOCLETIAN)
    if awaiting is Awaiting.DECISION:
        top = state.tasks[-1]
        return top.seat if isinstance(top, t.DecisionStep) else None
    return None


def decider(state: State) -> Emperor | None:
    """The Emperor who must decide now, or None (a roll, the Barbarian player, the end)."""
    seat = deciding_seat(state)
    return Emperor(seat) if seat is not None and seat < 4 else None


def returns(state: State) -> tuple[float, float, float, float, float]:
    """Each seat's result, as game-theory tools want it: the four Emperors' seats (0-3), then the
    Barbarian player's (4, R12.6).  The Emperors win or lose together (R8): +1 for Roma Victrix,
    -1 for the fall of the Empire; the Barbarian player wins when they lose.  0 while the game
    goes on.  (A bitter victory of R12.5 is still a victory.)"""
    result = state.result
    if result.is_victory:
        return (1.0, 1.0, 1.0, 1.0, -1.0)
    if result.is_defeat:
        return (-1.0, -1.0, -1.0, -1.0, 1.0)
    return (0.0, 0.0, 0.0, 0.0, 0.0)


def legal_actions(state: State) -> list[Action]:
    """Everything the deciding seat may do now (at a roll: every possible roll).  The one source
    of truth of legality: :func:`apply_action` accepts exactly these."""
    awaiting = state.awaiting
    if awaiting is Awaiting.ROMAN_ACTION:
        return roman_actions(state)
    if awaiting is Awaiting.ROLL:
        return list(ALL_ROLLS[state.roll_count])
    if awaiting is Awaiting.ENTRY:
        return [Enter(state.turn, p) for p in entry_choices(state, state.turn)]
    if awaiting is Awaiting.FLEET_PLACEMENT:
        return [PlaceFleet(z) for z in setup.fleet_zones_open(state)]
    if awaiting is Awaiting.DECISION:
        for hook in state.hooks.decisions:
            options = hook(state)
            if options is not None:
                return options
    return []


def chance_outcomes(state: State) -> list[tuple[Roll, float]]:
    """At a roll: every outcome with its probability (all dice are fair six-sided dice)."""
    if state.awaiting is not Awaiting.ROLL:
        return []
    rolls = ALL_ROLLS[state.roll_count]
    p = 1.0 / len(rolls)
    return [(roll, p) for roll in rolls]


def roll_description(state: State) -> str:
    """What the pending roll is for, in words."""
    return PURPOSE_TEXT[state.roll_purpose]


def apply_action(state: State, action: Action, events: Events = None,
                 until: Boundary | None = None) -> None:
    """Check ``action`` and carry it out.  An illegal action raises and changes nothing.

    With ``until`` the machine pauses at that boundary (:func:`run_until`) instead of running to
    the next decision or roll.
    """
    check_fields(action, state.board)  # a malformed record is refused before any comparison
    legal = legal_actions(state)
    if action not in legal:
        raise explain_illegal(state, action)
    if isinstance(action, Move) and action.zones and \
            _zones_of(legal[legal.index(action)]) != action.zones:  # it names another route
        raise explain_illegal(state, action)
    apply_trusted(state, action, events, until)


def complete_action(action: Action, legal: list[Action]) -> Action:
    """The legal action meant by ``action`` with what the notation of format 1 did not write (the
    sea zones of a move by fleet) filled in; otherwise ``action`` itself.  ``Game.play`` logs
    this complete form."""
    if isinstance(action, Move) and action.by_fleet and not action.zones and action in legal:
        return legal[legal.index(action)]
    return action


def _zones_of(action: Action) -> tuple[int, ...]:
    return action.zones if isinstance(action, Move) else ()


def apply_trusted(state: State, action: Action, events: Events = None,
                  until: Boundary | None = None) -> None:
    """Carry out ``action``, which the caller took from :func:`legal_actions` (not checked)."""
    if isinstance(action, Roll):
        state.dice = action.dice
        if state.hooks.after_roll and t.in_barbarian_phase(state):
            for hook in state.hooks.after_roll:
                if hook(state):
                    break
    elif isinstance(action, PlaceFleet):
        setup.place_fleet(state, action.zone, events)
    elif isinstance(action, Enter):
        state.tasks.pop()  # the ENTRY step
        apply_roman(state, action, events)
    else:
        apply_roman(state, action, events)
    if until is None:
        run(state, events)
    else:
        run_until(state, events, until)
