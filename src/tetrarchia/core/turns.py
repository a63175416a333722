"""R4 Turn sequence: Diocletian, Galerius, Constantius, Maximian; each turn a Roman phase, then a
Barbarian phase.  An Emperor off the board enters at the start of his turn (R4), or stays off
when he cannot (D1)."""

from __future__ import annotations

from tetrarchia.core.events import Events
from tetrarchia.core.pieces import IP_PER_TURN, Emperor
from tetrarchia.core.roman import entry_choices
from tetrarchia.core.state import Awaiting, State
from tetrarchia.core.tasks import BEGIN_TURN, ENTRY, ROMAN_PHASE, emit, push_barbarian_phase


def run_begin_turn(state: State, task: tuple[int, ...], events: Events) -> bool:
    state.tasks.pop()
    emperor = state.turn
    state.ip = IP_PER_TURN
    state.passing = False
    emit(events, "turn", f"Round {state.round}: {emperor.title}'s turn.")
    if state.emperor_at[emperor] >= 0:
        state.tasks.append((ROMAN_PHASE,))
    elif entry_choices(state, emperor):
        state.tasks.append((ROMAN_PHASE,))
        state.tasks.append((ENTRY,))
    else:  # D1
        emit(events, "turn", f"{emperor.title} cannot enter the board (Roma and his capital are "
             "unusable): his Roman phase is empty.")
        push_barbarian_phase(state)
    return True


def run_entry(state: State, task: tuple[int, ...], events: Events) -> bool:
    state.awaiting = Awaiting.ENTRY
    return False


def run_roman_phase(state: State, task: tuple[int, ...], events: Events) -> bool:
    state.awaiting = Awaiting.ROMAN_ACTION
    return False


def run_end_turn(state: State, task: tuple[int, ...], events: Events) -> bool:
    state.tasks.pop()
    state.armies_placed.clear()
    state.turns_played += 1
    if state.turn is Emperor.MAXIMIAN:
        state.turn = Emperor.DIOCLETIAN
        state.round += 1
    else:
        state.turn = Emperor(state.turn + 1)
    state.tasks.append((BEGIN_TURN,))
    return True
