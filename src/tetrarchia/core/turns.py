"""R4 Turn sequence: Diocletian, Galerius, Constantius, Maximian; each turn a Roman phase, then a
Barbarian phase.  An Emperor off the board enters at the start of his turn (R4), or stays off
when he cannot (D1)."""

from __future__ import annotations

from tetrarchia.core.events import CannotEnter, Events, TurnBegins, TurnSkipped
from tetrarchia.core.pieces import EMPERORS, IP_PER_TURN, Emperor
from tetrarchia.core.roman import entry_choices
from tetrarchia.core.state import ROUND_FLAGS, TURN_FLAGS, Awaiting, State
from tetrarchia.core.tasks import (
    BEGIN_TURN_STEP,
    END_TURN_STEP,
    ENTRY_STEP,
    ROMAN_PHASE_STEP,
    BeginTurnStep,
    DecisionStep,
    EndTurnStep,
    EntryStep,
    RomanPhaseStep,
    push_barbarian_phase,
)


def run_begin_turn(state: State, task: BeginTurnStep, events: Events) -> bool:
    state.tasks.pop()
    for skip in state.hooks.skip_turn:  # R13: the scenario starts with a later Emperor
        if skip(state):
            state.tasks.append(END_TURN_STEP)
            if events is not None:
                events.append(TurnSkipped(int(state.turn)))
            return True
    emperor = state.turn
    state.ip = IP_PER_TURN
    for gained in state.hooks.turn_ip:  # R12.8: IP given to or taken from this turn
        state.ip += gained(state, int(emperor))
    state.passing = False
    state.passer = -1
    state.flags &= ~TURN_FLAGS
    if events is not None:
        events.append(TurnBegins(state.round, int(emperor), state.ip))
    if emperor is Emperor.DIOCLETIAN:
        state.flags &= ~ROUND_FLAGS
        for hook in state.hooks.round_start:
            hook(state, events)
    for hook in state.hooks.turn_start:
        hook(state, events)
    if state.emperor_at[emperor] >= 0:
        state.tasks.append(ROMAN_PHASE_STEP)
    elif entry_choices(state, emperor):
        state.tasks.append(ROMAN_PHASE_STEP)
        state.tasks.append(ENTRY_STEP)
    else:  # D1
        if events is not None:
            events.append(CannotEnter(int(emperor)))
        push_barbarian_phase(state)
    return True


def run_entry(state: State, task: EntryStep, events: Events) -> bool:
    state.awaiting = Awaiting.ENTRY
    return False


def run_roman_phase(state: State, task: RomanPhaseStep, events: Events) -> bool:
    state.awaiting = Awaiting.ROMAN_ACTION
    return False


def run_decision(state: State, task: DecisionStep, events: Events) -> bool:
    """A decision inside a phase (:class:`DecisionStep`): the option that pushed it lists the
    choices (hooks.decisions) and carries out the one taken."""
    state.awaiting = Awaiting.DECISION
    return False


def run_end_turn(state: State, task: EndTurnStep, events: Events) -> bool:
    state.tasks.pop()
    state.armies_placed.clear()
    state.turns_played += 1
    if state.turn is Emperor.MAXIMIAN:
        state.turn = Emperor.DIOCLETIAN
        state.round += 1
    else:
        state.turn = EMPERORS[state.turn + 1]
    state.tasks.append(BEGIN_TURN_STEP)
    return True
