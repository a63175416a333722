"""The steps of the game machine and the small moves of pieces that many rules share.

A task is a tuple ``(opcode, args...)`` on ``State.tasks``.  Handlers (in setup, turns, barbarian,
combat) either finish their step and pop it, push further steps, or stop the machine to wait for
dice (:func:`take_dice`) or for a decision.
"""

from __future__ import annotations

from typing import Final

from tetrarchia.core.events import (
    DICE_NEEDED,
    ArmyAdvances,
    Events,
    FigureRemoved,
    GameEnds,
    Removal,
)
from tetrarchia.core.extensions import FIGURE_SLOTS, FigureAt
from tetrarchia.core.pieces import (
    DUX,
    EMPEROR_FIGURE,
    GARRISON,
    NO_DISC,
    NO_FIGURE,
    PIECE_FIGURES,
    REVOLT,
    UNREST,
    VICARIUS,
    Piece,
)
from tetrarchia.core.state import DEAD, Awaiting, Result, State

# --- opcodes ------------------------------------------------------------------------------------
INITIAL_REVOLT: Final = 1  # (op, region)
ADDITIONAL_REVOLT: Final = 2  # (op,)
INITIAL_ARMY: Final = 3  # (op,)
PLACE_FLEETS: Final = 4  # (op, fleets still to place)          decision
BEGIN_TURN: Final = 5  # (op,)
ENTRY: Final = 6  # (op,)                                         decision
ROMAN_PHASE: Final = 7  # (op,)                                   decision
SPREAD: Final = 8  # (op,)                                        R7.1.1
REMOVE_ON_REVOLT: Final = 9  # (op,)                              R7.1.2
ACTIVITY: Final = 10  # (op,)                                     R7.2
ACTIVITY_PROVINCE: Final = 11  # (op, region)                     R7.2 uprising step 2
UPRISING: Final = 12  # (op, province)                            R7.2 uprising step 1
UPRISING_ARMY: Final = 13  # (op,)                                R7.2 uprising step 2
ADVANCE: Final = 14  # (op,)                                      R7.3
ARMY_STEP: Final = 15  # (op, province)                           R7.3, one army
LINK_CHECK: Final = 16  # (op, link, bonus)                       R7.4
BATTLE: Final = 17  # (op, emperor, army province, emperor attacks)  R6
END_TURN: Final = 18  # (op,)
PHASE_START: Final = 19  # (op,)                                  R7: the options' start of the phase
DECISION: Final = 20  # (op, seat, kind, args...)                 a decision inside a phase (R12)
FIRST_OPTION_TASK: Final = 100  # option modules get their step codes from here on (register_step)

TASK_NAMES = {
    INITIAL_REVOLT: "initial-revolt",
    ADDITIONAL_REVOLT: "additional-revolt",
    INITIAL_ARMY: "initial-army",
    PLACE_FLEETS: "place-fleets",
    BEGIN_TURN: "begin-turn",
    ENTRY: "entry",
    ROMAN_PHASE: "roman-phase",
    SPREAD: "spread",
    REMOVE_ON_REVOLT: "remove-on-revolt",
    ACTIVITY: "activity",
    ACTIVITY_PROVINCE: "activity-province",
    UPRISING: "uprising",
    UPRISING_ARMY: "uprising-army",
    ADVANCE: "advance",
    ARMY_STEP: "army-step",
    LINK_CHECK: "link-check",
    BATTLE: "battle",
    END_TURN: "end-turn",
    PHASE_START: "phase-start",
    DECISION: "decision",
}


def register_step(name: str) -> int:
    """A new step code for an option module's own step, under a unique name (the name is what
    positions and saves write).  Two modules asking for one name is an error at import, never a
    silent overwrite."""
    if name in TASK_NAMES.values():
        raise ValueError(f"a machine step named {name!r} is already registered")
    code = max(FIRST_OPTION_TASK - 1, *TASK_NAMES) + 1
    TASK_NAMES[code] = name
    return code


def in_barbarian_phase(state: State) -> bool:
    """R7: the steps of a Barbarian phase are running (not setup, not a Roman phase)."""
    codes = [t[0] for t in state.tasks]
    return END_TURN in codes and ROMAN_PHASE not in codes


def take_dice(state: State, purpose: int) -> tuple[int, ...] | None:
    """The dice rolled for this step, or None after asking for them (the machine then stops)."""
    dice = state.dice
    if dice is not None:
        state.dice = None
        return dice
    state.awaiting = Awaiting.ROLL
    state.roll_count = DICE_NEEDED[purpose]
    state.roll_purpose = purpose
    return None


def finish(state: State, result: Result, events: Events, province: int = -1,
           disc: int = NO_DISC) -> None:
    """R8: the game ends at once (``province``, ``disc``: see :class:`GameEnds`)."""
    state.result = result
    state.tasks.clear()
    state.dice = None
    state.awaiting = Awaiting.NOTHING
    state.passing = False
    if events is not None:
        events.append(GameEnds(int(result), province, disc))


def push_barbarian_phase(state: State) -> None:
    """R7: after every Roman phase, in this order (the stack runs last-pushed first)."""
    state.passing = False
    state.passer = -1
    state.ip = 0
    state.armies_placed.clear()
    for ahead in state.hooks.barbarian_phase_ahead:
        ahead(state)
    state.memo.clear()  # the spreading (R7.1), first step of the phase, starts with no checks
    state.tasks.extend(((END_TURN,), (ADVANCE,), (ACTIVITY,), (REMOVE_ON_REVOLT,), (SPREAD,)))
    state.tasks.append((PHASE_START,))


# --- discs --------------------------------------------------------------------------------------
def return_disc(state: State, province: int) -> int:
    """Take the disc off ``province`` back to its reserve (R1); returns what it was."""
    disc = state.disc[province]
    if disc == UNREST:
        state.unrest_reserve += 1
    elif disc == REVOLT:
        state.revolt_reserve += 1
    elif disc >= GARRISON:
        state.garrisons[disc - GARRISON] += 1
    state.disc[province] = NO_DISC
    return disc


def place_revolt(state: State, province: int, events: Events) -> bool:
    """Put a revolt on ``province``, replacing any other disc.  False when the game is lost
    because the revolt reserve is empty (R8)."""
    if state.disc[province] == REVOLT:
        return True
    if state.revolt_reserve == 0:
        finish(state, Result.RESERVE_EMPTY, events, province, REVOLT)
        return False
    return_disc(state, province)
    state.revolt_reserve -= 1
    state.disc[province] = REVOLT
    for hook in state.hooks.revolt_placed:
        hook(state, province, events)
    return True


def reserves_after_revolt(state: State, province: int) -> tuple[int, int]:
    """(unrest, revolt) reserves once a revolt is placed on ``province`` (a revolt reserve of -1:
    none was left, R8), for the records announcing it."""
    disc = state.disc[province]
    if disc == REVOLT:
        return state.unrest_reserve, state.revolt_reserve
    return state.unrest_reserve + (disc == UNREST), state.revolt_reserve - 1


def place_unrest(state: State, province: int, events: Events) -> bool:
    """Put an unrest on an empty ``province``; False when the game is lost (R8)."""
    if state.unrest_reserve == 0:
        finish(state, Result.RESERVE_EMPTY, events, province, UNREST)
        return False
    state.unrest_reserve -= 1
    state.disc[province] = UNREST
    return True


def zone_closed(state: State, zone: int) -> str | None:
    """Why no Roman fleet may be placed in or sail to ``zone`` (R11.3: the Pirates hold it), in
    the game's words, or None."""
    for closed in state.hooks.zone_closed:
        why = closed(state, zone)
        if why is not None:
            return why
    return None


# --- figures ------------------------------------------------------------------------------------
def piece_at(state: State, piece: int) -> int:
    """Where a Roman figure stands (negative: off the board, in the box or dead)."""
    if piece < 4:
        return state.emperor_at[piece]
    at: int = state.ext[FIGURE_SLOTS[piece]][0]  # an option's figure's FigureAt.at
    return at


def _set_piece_at(state: State, piece: int, province: int) -> None:
    if piece < 4:
        state.emperor_at[piece] = province
    else:
        state.ext[FIGURE_SLOTS[piece]] = FigureAt(province)


def remove_piece(state: State, piece: int, events: Events, why: int = -1) -> None:
    """Take a Roman figure off the board: an Emperor until the start of his next turn (R4), the
    Dux or the Vicarius for good: they die and leave the game (R11.1, R11.2).  ``why`` (a
    :class:`~tetrarchia.core.events.Removal`) is reported; -1: the caller reports it."""
    province = piece_at(state, piece)
    figure = PIECE_FIGURES[piece]
    if province >= 0 and state.figure[province] == figure:
        state.figure[province] = NO_FIGURE
    if state.passer == piece:
        state.passer = -1
        state.passing = False
    if events is not None and why >= 0:
        events.append(FigureRemoved(piece, province, why, False))
    if piece < 4:
        state.emperor_at[piece] = -1
    else:
        _set_piece_at(state, piece, DEAD)


def place_piece(state: State, piece: int, province: int) -> None:
    """Put a Roman figure on ``province``; on another figure he is only passing through
    (R5.1): he must move on with his next action."""
    _set_piece_at(state, piece, province)
    if state.figure[province] == NO_FIGURE:
        state.figure[province] = PIECE_FIGURES[piece]  # no enum call on every move
        if state.passer == piece:
            state.passer = -1
            state.passing = False
    else:
        state.passer = piece
        state.passing = True


def figure_piece(figure: int) -> int:
    """The Piece standing as a figure code, or -1 for no Roman figure."""
    if EMPEROR_FIGURE <= figure < EMPEROR_FIGURE + 4:
        return figure - EMPEROR_FIGURE
    if figure == DUX:
        return Piece.DUX
    if figure == VICARIUS:
        return Piece.VICARIUS
    return -1


def remove_army(state: State, province: int) -> None:
    """The army in ``province`` goes back to the reserve; a rebel's figure leaves the game and
    its place counts as an ordinary army again (D12)."""
    for removed in state.hooks.army_removed:
        removed(state, province)
    state.figure[province] = NO_FIGURE


def push_triggered(state: State) -> None:
    """Steps that a rule triggered inside another step run right after it (R12.4 ...)."""
    if state.pending:
        state.tasks.extend(reversed(state.pending))
        state.pending.clear()


def army_enters(state: State, src: int, dest: int, events: Events) -> None:
    """R7.3: the army moves on; in a Roman province it devastates; in Roma the Empire falls."""
    board = state.board
    army = state.figure[src]
    state.figure[src] = NO_FIGURE
    if state.figure[dest] != NO_FIGURE:  # R11.2: an army reaching the Vicarius kills him
        for reached in state.hooks.reached:
            reached(state, dest, Removal.REACHED_BY_ARMY, events)
    state.figure[dest] = army
    if dest == board.roma:
        finish(state, Result.ARMY_IN_ROMA, events, src)
        return
    if events is not None:
        events.append(ArmyAdvances(src, dest, state.disc[dest],
                                   *reserves_after_revolt(state, dest)))
    place_revolt(state, dest, events)
