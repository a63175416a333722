"""One validation of a whole state: is this a situation the rules can reach?

Every loader (positions, saved games) runs it, and so do the invariant tests, so that a file can
never bring in a table the game could not have produced: discs and figures conserved (R1: 21
unrest, 21 revolts, the level's garrisons per Emperor, 3 armies, counting the discs the optional
rules take out of the reserves), one figure and one disc per province (R2), the pieces of the
optional rules absent unless their rule is in play, counts within their bounds, and a machine (the
task stack, what the game awaits, the pending decision) that the rules can reach and that can go
on.  :func:`problems` lists what is wrong in the game's words; :func:`validate_state` raises a
:class:`SaveFileError` with them.

The machine's own checks are in ``core/reachable.py``.  The core knows no optional rule by name:
each rule module declares the pieces it owns (``RuleModule.pieces``) and registers its own machine
steps and decisions with ``core/reachable.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tetrarchia.core import tasks as t
from tetrarchia.core.errors import SaveFileError
from tetrarchia.core.extensions import FLAGS, RECORDS, RecordKind, missing_records
from tetrarchia.core.pieces import (
    ARMIES,
    ARMY,
    DISCS_PER_RESERVE,
    DUX,
    EMPEROR_FIGURE,
    EMPERORS,
    GARRISON,
    GOTHS,
    NO_DISC,
    NO_FIGURE,
    REBEL,
    REVOLT,
    UNREST,
    VICARIUS,
    Piece,
)
from tetrarchia.core.reachable import MAX_TASKS, check_machine, is_count
from tetrarchia.core.rulebook import REGISTRY, extra_ip
from tetrarchia.core.state import ROUND_FLAGS, TURN_FLAGS, Result, State

MAX_ROUND = 100_000  # far beyond the length of any game
MAX_FLAGS = (1 << 32) - 1  # state.flags: the turn's, the round's and the options' own bits



def validate_state(state: State) -> None:
    """Raise :class:`SaveFileError` naming what is wrong when the rules cannot reach ``state``."""
    found = problems(state)
    if found:
        raise SaveFileError("impossible position: " + "; ".join(found))


def problems(state: State, machine: bool = True) -> list[str]:
    """Everything that makes ``state`` a situation the rules cannot reach (empty: none);
    without ``machine``, the table alone (pieces, discs, counters and turn)."""
    found: list[str] = []
    _check_counts(state, found)
    if found:  # the rest indexes by these counts: stop at the first broken layer
        return found
    _check_discs(state, found)
    _check_figures(state, found)
    _check_options(state, found)
    _check_turn(state, found)
    if machine and not found:
        check_machine(state, found)
    return found


def _check_counts(state: State, found: list[str]) -> None:
    """The shape of every field: lists of the board's length, codes and counts in range."""
    n = state.board.size
    if len(state.disc) != n or len(state.figure) != n:
        found.append(f"the board has {n} provinces")
        return
    if not all(is_count(d, NO_DISC, GARRISON + 3) for d in state.disc):
        found.append("a province holds something that is not a disc")
    if not all(is_count(f, NO_FIGURE, VICARIUS) for f in state.figure):
        found.append("a province holds something that is not a figure")
    for name in ("emperor_at", "garrisons", "fleets"):
        if len(getattr(state, name)) != 4:
            found.append(f"{name} must have 4 entries")
            return
    level = state.settings.level.garrisons
    for e in EMPERORS:
        if not is_count(state.emperor_at[e], -1, n - 1):
            found.append(f"{e.title} stands on no province of the board")
        if not is_count(state.garrisons[e], 0, level):
            found.append(f"{e.title} cannot have {state.garrisons[e]} garrisons in his reserve "
                         f"(the level gives {level})")
    for name, value in (("unrest", state.unrest_reserve), ("revolt", state.revolt_reserve)):
        if not is_count(value, 0, DISCS_PER_RESERVE):
            found.append(f"the {name} reserve cannot hold {value} discs (0-{DISCS_PER_RESERVE}, R1)")
    if state.fleets[0] != 0 or not all(is_count(f, 0, 1) for f in state.fleets):
        found.append("a sea zone holds one Roman fleet at most (zones 1-3)")
    if not is_count(state.passer, -1, int(Piece.VICARIUS)):
        found.append(f"there is no figure {state.passer} to pass through a province")
    if not is_count(state.flags, 0, MAX_FLAGS) or state.flags & ~_known_flags():
        found.append(f"unknown flags {state.flags}")
    if len(state.tasks) > MAX_TASKS:
        found.append(f"{len(state.tasks)} steps to do: the rules never stack more than {MAX_TASKS}")
    if len(state.armies_placed) > 3 * ARMIES:
        found.append("more armies placed in one Barbarian phase than the rules allow")
    if not all(is_count(p, 0, n - 1) for p in state.armies_placed):
        found.append("an army was placed on no province of the board")
    short = missing_records(state)
    if short is not None:
        found.append(short)
        return
    for kind in RECORDS:  # each record's own shape and bounds, in the words of its rule
        if kind.check is not None:
            kind.check(state, state.ext[kind.slot], found)


def _known_flags() -> int:
    known = TURN_FLAGS | ROUND_FLAGS  # the turn's and the round's bits are cleared anyway
    for bit in FLAGS.values():
        known |= bit
    return known


def held_unrest(state: State) -> int:
    """Unrest discs held out of their reserve by the optional rules (R12.5 glory, R12.6 gray)."""
    return _held(state, lambda kind: kind.reserve_unrest)


def held_revolt(state: State) -> int:
    """Revolt discs held out of their reserve by the optional rules (R12.6 black)."""
    return _held(state, lambda kind: kind.reserve_revolt)


def _held(state: State, count: Callable[[RecordKind], Callable[[Any], int] | None]) -> int:
    """Discs the records of the optional rules hold out of a reserve (glory, gray, black ...)."""
    total = 0
    for kind in RECORDS:
        counter = count(kind)
        if counter is not None:
            total += counter(state.ext[kind.slot])
    return total


def burned_discs(state: State, emperor: int) -> int:
    """Garrison discs of ``emperor`` out of the game (R12.1: burned)."""
    return sum(kind.burned(state.ext[kind.slot], emperor) for kind in RECORDS
               if kind.burned is not None)


def _check_discs(state: State, found: list[str]) -> None:
    """R1 conservation and R2 placement of the discs."""
    board = state.board
    disc = state.disc
    held = held_unrest(state)  # glory, gray discs (R12.5, R12.6)
    if disc.count(UNREST) + held + state.unrest_reserve != DISCS_PER_RESERVE:
        found.append(f"{disc.count(UNREST)} unrest on the board, {held} held by the optional "
                     f"rules (glory, gray) and {state.unrest_reserve} in the reserve do not make "
                     f"the {DISCS_PER_RESERVE} unrest discs of R1")
    held = held_revolt(state)  # the black disc (R12.6)
    if disc.count(REVOLT) + held + state.revolt_reserve != DISCS_PER_RESERVE:
        found.append(f"{disc.count(REVOLT)} revolts on the board, {held} held by the optional "
                     f"rules (black) and {state.revolt_reserve} in the reserve do not make the "
                     f"{DISCS_PER_RESERVE} revolt discs of R1")
    level = state.settings.level.garrisons
    for e in EMPERORS:
        on_board = disc.count(GARRISON + e)
        burned = burned_discs(state, e)
        if on_board + state.garrisons[e] + burned != level:
            found.append(f"{e.title}: {on_board} garrisons on the board, {state.garrisons[e]} in "
                         f"reserve and {burned} burned do not make the {level} of the level")
    for b in board.borders:
        if disc[b] == UNREST or (disc[b] == REVOLT and state.figure[b] != REBEL):
            found.append(f"a border never holds unrest or revolt ({board.name(b)}), only a "
                         "rebel's revolt (R13)")


def _check_figures(state: State, found: list[str]) -> None:
    """R2: one figure per province, where the pieces say they stand; R9: 3 armies."""
    board = state.board
    figure = state.figure
    armies = sum(1 for f in figure if ARMY <= f <= REBEL)
    if armies > ARMIES:
        found.append(f"{armies} armies on the board: there are only {ARMIES} (R9)")
    if figure.count(GOTHS) > 1:
        found.append("there is only one Goths army (R11.4)")
    if ARMY <= figure[board.roma] <= REBEL and state.result is not Result.ARMY_IN_ROMA:
        found.append("an army in Roma has already ended the game (R8)")
    for b in board.borders:
        if ARMY <= figure[b] < REBEL and state.disc[b] != NO_DISC:
            found.append(f"an army stands on the secured border {board.name(b)}: armies arrive "
                         "only on an empty border (R7.2), and the Goths take the garrison (R11.4)")
    for p, f in enumerate(figure):
        if f == REBEL and (not board.is_border[p] or state.disc[p] != REVOLT):
            found.append(f"a rebel stands on a revolt on its border (R13), not in {board.name(p)}")
    where = [t.piece_at(state, piece) for piece in range(6)]
    for piece in Piece:
        p = where[piece]
        own = piece.figure
        if p < 0:
            if own in figure:
                found.append(f"{piece.title} is off the board but his figure is on it")
        elif piece == state.passer:
            holder = figure[p]
            if holder in (own, NO_FIGURE) or ARMY <= holder <= REBEL:
                found.append(f"{piece.title} is passing through {board.name(p)}, where no other "
                             "Roman figure stands (R5.1)")
            if figure.count(own):
                found.append(f"{piece.title} stands in two places")
        elif figure[p] != own:
            found.append(f"{piece.title} is said to stand in {board.name(p)}, where another "
                         "figure is (R2)")
        elif figure.count(own) != 1:
            found.append(f"{piece.title} stands in two places")
    for p, f in enumerate(figure):
        if f >= EMPEROR_FIGURE and where[t.figure_piece(f)] != p:
            found.append(f"a figure in {board.name(p)} belongs to no piece standing there")
        elif EMPEROR_FIGURE + 4 <= f < DUX:
            found.append(f"unknown figure in {board.name(p)}")
    if state.passing != (state.passer >= 0):
        found.append("a figure passes through a province exactly when one is named to (R5.1)")


def _owned(state: State) -> set[str]:
    """The pieces the optional rules in play own (``RuleModule.pieces``)."""
    return {piece for key in state.settings.options for piece in REGISTRY[key].pieces}


def _check_options(state: State, found: list[str]) -> None:
    """The records of an optional rule differ from their defaults only when that rule is in play
    (``RuleModule.pieces`` names the records each module owns)."""
    owned = _owned(state)
    for kind in RECORDS:
        if kind.name not in owned and not kind.is_default(state):
            found.append(f"{kind.title} on the table, but no optional rule in play has them")
    if state.fleets.count(1) > state.settings.level.fleets:
        found.append(f"{state.fleets.count(1)} fleets: the level {state.settings.level} has "
                     f"{state.settings.level.fleets}")


def _check_turn(state: State, found: list[str]) -> None:
    if not 1 <= state.round <= MAX_ROUND:
        found.append(f"round {state.round} is not possible")
    elif state.turns_played != 4 * (state.round - 1) + int(state.turn):
        found.append(f"round {state.round}, {state.turn.title}'s turn: "
                     f"{4 * (state.round - 1) + int(state.turn)} turns played before, not "
                     f"{state.turns_played}")
    # 7 at most in the base game (a hand-written position may say 7); Maximian's 7th IP (R12.1)
    # or one IP per disc burned (R12.1b); one more from Patres Patriae (R12.8)
    most = 7 + extra_ip(state.settings)
    if not 0 <= state.ip <= most:
        found.append(f"{state.ip} IP is not possible")
