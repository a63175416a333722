"""The public face of the rules: who decides now, what is legal, and what an action does.

- :func:`new_game` builds the state before the first setup die.
- :func:`legal_actions` is the one source of truth for what may be done now (at a chance step:
  every possible roll).
- :func:`apply_action` checks an action against it, raising the precise :mod:`errors` class with
  the reason in the game's words, and leaves the state untouched when it refuses.  A record with a
  field of the wrong type or off the board (built by a program) is refused first, as
  ``InvalidAction`` (``action_fields.py``).
- :func:`apply_trusted` skips the check, for callers that took the action from ``legal_actions``.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product

from tetrarchia.core import barbarian, combat, setup, turns
from tetrarchia.core import tasks as t
from tetrarchia.core.action_fields import check_fields
from tetrarchia.core.actions import Action, Enter, PlaceFleet, Roll
from tetrarchia.core.board import Board, default_board
from tetrarchia.core.diagnose import explain_illegal
from tetrarchia.core.events import PURPOSE_TEXT, Events, Purpose
from tetrarchia.core.pieces import Emperor
from tetrarchia.core.roman import apply_roman, entry_choices, roman_actions
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import Awaiting, State

Handler = Callable[[State, tuple[int, ...], Events], bool]

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


BARBARIAN_SEAT = 4  # R12.6: the fifth player


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
        return state.tasks[-1][1]
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
    return PURPOSE_TEXT[Purpose(state.roll_purpose)]


def apply_action(state: State, action: Action, events: Events = None) -> None:
    """Check ``action`` and carry it out.  An illegal action raises and changes nothing."""
    check_fields(action, state.board)  # a malformed record is refused before any comparison
    if action not in legal_actions(state):
        raise explain_illegal(state, action)
    apply_trusted(state, action, events)


def apply_trusted(state: State, action: Action, events: Events = None) -> None:
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
    run(state, events)
