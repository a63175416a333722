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

from tetrarchia.core import tasks as t
from tetrarchia.core.errors import SaveFileError
from tetrarchia.core.pieces import (
    ARMIES,
    ARMY,
    DISCS_PER_RESERVE,
    DUX,
    EMPEROR_FIGURE,
    EMPERORS,
    GARRISON,
    GARRISONS_IN_BOX,
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
from tetrarchia.core.rulebook import REGISTRY
from tetrarchia.core.state import DEAD, GOTHS_IN_PLAY, IN_BOX, Result, State

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
    for name in ("emperor_at", "garrisons", "glory", "burned", "recoverable", "ip_next", "fleets"):
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
        if not is_count(state.glory[e], 0, DISCS_PER_RESERVE):
            found.append(f"{e.title}'s glory {state.glory[e]} is not a count of discs")
        if not is_count(state.burned[e], 0, GARRISONS_IN_BOX):
            found.append(f"{e.title} cannot have burned {state.burned[e]} discs")
        if not is_count(state.recoverable[e], 0, max(0, state.burned[e])):
            found.append(f"{e.title} cannot take back {state.recoverable[e]} discs: he burned "
                         f"{state.burned[e]}")
        if not is_count(state.ip_next[e], -1, 1):
            found.append(f"{e.title}'s next turn cannot gain or lose {state.ip_next[e]} IP")
    for name, value in (("unrest", state.unrest_reserve), ("revolt", state.revolt_reserve)):
        if not is_count(value, 0, DISCS_PER_RESERVE):
            found.append(f"the {name} reserve cannot hold {value} discs (0-{DISCS_PER_RESERVE}, R1)")
    if not is_count(state.gray, 0, 4) or not is_count(state.black, 0, 1):
        found.append(f"the Barbarian player holds 0-4 gray discs and 0-1 black disc, not "
                     f"{state.gray} and {state.black}")
    if state.fleets[0] != 0 or not all(is_count(f, 0, 1) for f in state.fleets):
        found.append("a sea zone holds one Roman fleet at most (zones 1-3)")
    if not is_count(state.pirates, 0, 3):
        found.append(f"there is no sea zone {state.pirates} for the Pirates")
    for name, at in (("Dux", state.dux_at), ("Vicarius", state.vicarius_at)):
        if not is_count(at, DEAD, n - 1):
            found.append(f"the {name} stands on no province of the board")
    if not is_count(state.passer, -1, int(Piece.VICARIUS)):
        found.append(f"there is no figure {state.passer} to pass through a province")
    if not is_count(state.skip, 0, 3):
        found.append(f"{state.skip} turns to skip: a scenario skips at most 3 (R13)")
    if not is_count(state.flags, 0, MAX_FLAGS):
        found.append(f"unknown flags {state.flags}")
    if len(state.tasks) > MAX_TASKS:
        found.append(f"{len(state.tasks)} steps to do: the rules never stack more than {MAX_TASKS}")
    if len(state.armies_placed) > 3 * ARMIES or len(state.usurpers) > ARMIES:
        found.append("more armies placed in one Barbarian phase than the rules allow")
    if not all(is_count(p, 0, n - 1) for p in (*state.armies_placed, *state.usurpers)):
        found.append("an army was placed on no province of the board")
    if len(state.rebels) > ARMIES or not all(
            is_count(p, 0, n - 1) and is_count(z, 1, 3) for p, z in state.rebels):
        found.append("a rebel is on no border of the board, or needs no sea zone")


def _check_discs(state: State, found: list[str]) -> None:
    """R1 conservation and R2 placement of the discs."""
    board = state.board
    disc = state.disc
    unrest_out = disc.count(UNREST) + sum(state.glory) + state.gray
    if unrest_out + state.unrest_reserve != DISCS_PER_RESERVE:
        found.append(f"{disc.count(UNREST)} unrest on the board, {sum(state.glory)} glory, "
                     f"{state.gray} gray and {state.unrest_reserve} in the reserve do not make the "
                     f"{DISCS_PER_RESERVE} unrest discs of R1")
    revolts = disc.count(REVOLT) + state.black
    if revolts + state.revolt_reserve != DISCS_PER_RESERVE:
        found.append(f"{disc.count(REVOLT)} revolts on the board, {state.black} black and "
                     f"{state.revolt_reserve} in the reserve do not make the {DISCS_PER_RESERVE} "
                     "revolt discs of R1")
    level = state.settings.level.garrisons
    for e in EMPERORS:
        on_board = disc.count(GARRISON + e)
        if on_board + state.garrisons[e] + state.burned[e] != level:
            found.append(f"{e.title}: {on_board} garrisons on the board, {state.garrisons[e]} in "
                         f"reserve and {state.burned[e]} burned do not make the {level} of the level")
    rebels = {p for p, _ in state.rebels}
    for b in board.borders:
        if disc[b] == UNREST or (disc[b] == REVOLT and b not in rebels):
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
    rebels = [p for p, _ in state.rebels]
    if sorted(rebels) != [p for p, f in enumerate(figure) if f == REBEL]:
        found.append("the rebels listed and the rebel figures on the board differ (R13)")
    for b in board.borders:
        if ARMY <= figure[b] < REBEL and state.disc[b] != NO_DISC:
            found.append(f"an army stands on the secured border {board.name(b)}: armies arrive "
                         "only on an empty border (R7.2), and the Goths take the garrison (R11.4)")
    for p in rebels:
        if not board.is_border[p] or state.disc[p] != REVOLT:
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
    """The pieces of an optional rule are on the table only when that rule is in play."""
    owned = _owned(state)
    neutral = {
        "dux": state.dux_at == IN_BOX,
        "vicarius": state.vicarius_at == IN_BOX,
        "pirates": state.pirates == 0,
        "goths": GOTHS not in state.figure and not state.flags & GOTHS_IN_PLAY,
        "burned": state.burned == [0, 0, 0, 0],
        "recoverable": state.recoverable == [0, 0, 0, 0],
        "glory": state.glory == [0, 0, 0, 0],
        "barbarian-discs": state.gray == 0 and state.black == 0,
        "ip-next": state.ip_next == [0, 0, 0, 0],
        "rebels": not state.rebels,
        "skip": state.skip == 0,
        "usurpers": not state.usurpers,
    }
    words = {
        "dux": "the Dux", "vicarius": "the Vicarius", "pirates": "the Pirates", "goths": "the Goths",
        "burned": "burned discs", "recoverable": "discs to take back", "glory": "glory discs",
        "barbarian-discs": "the Barbarian player's discs", "ip-next": "IP moved to a next turn",
        "rebels": "rebels", "skip": "skipped turns", "usurpers": "usurpers",
    }
    for piece, is_neutral in neutral.items():
        if not is_neutral and piece not in owned:
            found.append(f"{words[piece]} on the table, but no optional rule in play has them")
    if "goths" in owned and not state.flags & GOTHS_IN_PLAY:
        found.append("the Goths are in play but not marked so")
    if state.pirates and state.fleets[state.pirates]:
        found.append("a Roman fleet in the Pirates' sea zone (R11.3)")
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
    owned = _owned(state)
    # 7 at most in the base game (a hand-written position may say 7); Maximian's 7th IP (R12.1)
    # or one IP per disc burned (R12.1b); one more from Patres Patriae (R12.8)
    most = 7 + (GARRISONS_IN_BOX if "recoverable" in owned else 1 if "burned" in owned else 0)
    most += 1 if "ip-next" in owned else 0
    if not 0 <= state.ip <= most:
        found.append(f"{state.ip} IP is not possible")
    if state.skip and state.turns_played > 3:
        found.append("turns are skipped only at the start of a scenario (R13)")
