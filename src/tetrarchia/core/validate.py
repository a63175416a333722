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
from tetrarchia.core.errors import Said, SaveFileError, said
from tetrarchia.core.extensions import FLAGS, RECORDS, RecordKind, missing_records
from tetrarchia.core.pieces import (
    ARMIES,
    ARMY,
    DISCS_PER_RESERVE,
    EMPEROR_FIGURE,
    EMPERORS,
    FIGURE_PIECES,
    GARRISON,
    NO_DISC,
    NO_FIGURE,
    PIECE_FIGURES,
    PIECES,
    REBEL,
    REVOLT,
    UNREST,
    Piece,
)
from tetrarchia.core.reachable import MAX_TASKS, check_machine, is_count
from tetrarchia.core.rulebook import REGISTRY, extra_ip
from tetrarchia.core.state import ROUND_FLAGS, TURN_FLAGS, Result, State

MAX_ROUND = 100_000  # far beyond the length of any game
MAX_FLAGS = (1 << 32) - 1  # state.flags: the turn's, the round's and the options' own bits



def validate_state(state: State) -> None:
    """Raise :class:`SaveFileError` naming what is wrong when the rules cannot reach ``state``.

    The message is ``"impossible position: "`` and the problems joined by ``"; "``; as a said()
    whose parts are the problems' own, so that each is told in the player's language."""
    found = problem_sentences(state)
    if not found:
        return
    if all(isinstance(problem, Said) for problem in found):
        names = [f"p{i}" for i in range(len(found))]
        joined = Said("; ".join("{" + name + "}" for name in names),
                      tuple(zip(names, found, strict=True)))
        raise SaveFileError(said("impossible position: {problems}", problems=joined))
    raise SaveFileError("impossible position: " + "; ".join(map(str, found)))


def problems(state: State, machine: bool = True) -> list[str]:
    """Everything that makes ``state`` a situation the rules cannot reach (empty: none);
    without ``machine``, the table alone (pieces, discs, counters and turn)."""
    return [str(problem) for problem in problem_sentences(state, machine)]


def problem_sentences(state: State, machine: bool = True) -> list[str | Said]:
    """:func:`problems` as sentences an interface can tell in another language (a said() each;
    a plain text for a program's own mistake, such as a record declared too late)."""
    found: list[str | Said] = []
    _check_counts(state, found)
    if found:  # the rest indexes by these counts: stop at the first broken layer
        return found
    _check_discs(state, found)
    _check_figures(state, found)
    _check_options(state, found)
    _check_turn(state, found)
    if machine and not found:
        check_machine(state, found)
    if not found:  # the setup is read from the machine: once it is sound
        _check_setup(state, found)
    return found


def _check_setup(state: State, found: list[str | Said]) -> None:
    """R3.5: the setup places armies on borders only; they advance in play (R7.3)."""
    if not t.in_setup(state):
        return
    board = state.board
    for p, f in enumerate(state.figure):
        if ARMY <= f <= REBEL and not board.is_border[p]:
            found.append(said("before the first turn every army stands on a border (R3), "
                              "not in {place}", place=board.name(p)))


def _check_counts(state: State, found: list[str | Said]) -> None:
    """The shape of every field: lists of the board's length, codes and counts in range."""
    n = state.board.size
    if len(state.disc) != n or len(state.figure) != n:
        found.append(said("the board has {count} provinces", count=n))
        return
    if not all(is_count(d, NO_DISC, GARRISON + 3) for d in state.disc):
        found.append(said("a province holds something that is not a disc"))
    if not all(is_count(f, NO_FIGURE, PIECE_FIGURES[-1]) for f in state.figure):
        found.append(said("a province holds something that is not a figure"))
    for name in ("emperor_at", "garrisons", "fleets"):
        if len(getattr(state, name)) != 4:
            found.append(said("{name} must have 4 entries", name=name))
            return
    level = state.settings.level.garrisons
    for e in EMPERORS:
        if not is_count(state.emperor_at[e], -1, n - 1):
            found.append(said("{emperor} stands on no province of the board", emperor=e.title))
        if not is_count(state.garrisons[e], 0, level):
            found.append(said("{emperor} cannot have {count} garrisons in his reserve (the level "
                              "gives {level})", emperor=e.title, count=state.garrisons[e],
                              level=level))
    for name, value in (("unrest", state.unrest_reserve), ("revolt", state.revolt_reserve)):
        if not is_count(value, 0, DISCS_PER_RESERVE):
            if name == "unrest":
                found.append(said("the unrest reserve cannot hold {count} discs (0-{total}, R1)",
                                  count=value, total=DISCS_PER_RESERVE))
            else:
                found.append(said("the revolt reserve cannot hold {count} discs (0-{total}, R1)",
                                  count=value, total=DISCS_PER_RESERVE))
    if state.fleets[0] != 0 or not all(is_count(f, 0, 1) for f in state.fleets):
        found.append(said("a sea zone holds one Roman fleet at most (zones 1-3)"))
    if not is_count(state.passer, -1, len(PIECES) - 1):
        found.append(said("there is no figure {figure} to pass through a province",
                          figure=str(state.passer)))
    if not is_count(state.flags, 0, MAX_FLAGS) or state.flags & ~_known_flags():
        found.append(said("unknown flags {flags}", flags=str(state.flags)))
    if len(state.tasks) > MAX_TASKS:
        found.append(said("{count} steps to do: the rules never stack more than {most}",
                          count=len(state.tasks), most=MAX_TASKS))
    if len(state.armies_placed) > 3 * ARMIES:
        found.append(said("more armies placed in one Barbarian phase than the rules allow"))
    if not all(is_count(p, 0, n - 1) for p in state.armies_placed):
        found.append(said("an army was placed on no province of the board"))
    short = missing_records(state)
    if short is not None:
        found.append(short)
        return
    owned = _owned(state)
    for kind in RECORDS:  # each record's own shape and bounds, in the words of its rule
        # a record of a rule not in play is only its default (_check_options): nothing to check
        if kind.check is not None and (kind.name in owned or not kind.is_default(state)):
            kind.check(state, state.ext[kind.slot] if kind.slot >= 0 else None, found)


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


def _check_discs(state: State, found: list[str | Said]) -> None:
    """R1 conservation and R2 placement of the discs."""
    board = state.board
    disc = state.disc
    held = held_unrest(state)  # glory, gray discs (R12.5, R12.6)
    if disc.count(UNREST) + held + state.unrest_reserve != DISCS_PER_RESERVE:
        found.append(said("{on_board} unrest on the board, {held} held by the optional rules "
                          "(glory, gray) and {count} in the reserve do not make the {total} "
                          "unrest discs of R1", on_board=disc.count(UNREST), held=held,
                          count=state.unrest_reserve, total=DISCS_PER_RESERVE))
    held = held_revolt(state)  # the black disc (R12.6)
    if disc.count(REVOLT) + held + state.revolt_reserve != DISCS_PER_RESERVE:
        found.append(said("{on_board} revolts on the board, {held} held by the optional rules "
                          "(black) and {count} in the reserve do not make the {total} revolt "
                          "discs of R1", on_board=disc.count(REVOLT), held=held,
                          count=state.revolt_reserve, total=DISCS_PER_RESERVE))
    level = state.settings.level.garrisons
    for e in EMPERORS:
        on_board = disc.count(GARRISON + e)
        burned = burned_discs(state, e)
        if on_board + state.garrisons[e] + burned != level:
            found.append(said("{emperor}: {on_board} garrisons on the board, {count} in reserve "
                              "and {burned} burned do not make the {level} of the level",
                              emperor=e.title, on_board=on_board, count=state.garrisons[e],
                              burned=burned, level=level))
    for b in board.borders:
        if disc[b] == UNREST or (disc[b] == REVOLT and state.figure[b] != REBEL):
            found.append(said("a border never holds unrest or revolt ({place}), only a rebel's "
                              "revolt (R13)", place=board.name(b)))


def _check_figures(state: State, found: list[str | Said]) -> None:
    """R2: one figure per province, where the pieces say they stand; R9: 3 armies."""
    board = state.board
    figure = state.figure
    armies = sum(1 for f in figure if ARMY <= f <= REBEL)
    if armies > ARMIES:
        found.append(said("{count} armies on the board: there are only {most} (R9)",
                          count=armies, most=ARMIES))
    if ARMY <= figure[board.roma] <= REBEL and state.result is not Result.ARMY_IN_ROMA:
        found.append(said("an army in Roma has already ended the game (R8)"))
    for b in board.borders:
        if ARMY <= figure[b] < REBEL and state.disc[b] != NO_DISC:
            found.append(said("an army stands on the secured border {place}: armies arrive only "
                              "on an empty border (R7.2), or take its garrison (R11.4)",
                              place=board.name(b)))
    for p, f in enumerate(figure):
        if f == REBEL and (not board.is_border[p] or state.disc[p] != REVOLT):
            found.append(said("a rebel stands on a revolt on its border (R13), not in {place}",
                              place=board.name(p)))
    where = [t.piece_at(state, piece) for piece in range(6)]
    for piece in Piece:
        p = where[piece]
        own = piece.figure
        if p < 0:
            if own in figure:
                found.append(said("{figure} is off the board but his figure is on it",
                                  figure=piece.title))
        elif piece == state.passer:
            holder = figure[p]
            if holder in (own, NO_FIGURE) or ARMY <= holder <= REBEL:
                found.append(said("{figure} is passing through {place}, where no other Roman "
                                  "figure stands (R5.1)", figure=piece.title, place=board.name(p)))
            if figure.count(own):
                found.append(said("{figure} stands in two places", figure=piece.title))
        elif figure[p] != own:
            found.append(said("{figure} is said to stand in {place}, where another figure is "
                              "(R2)", figure=piece.title, place=board.name(p)))
        elif figure.count(own) != 1:
            found.append(said("{figure} stands in two places", figure=piece.title))
    for p, f in enumerate(figure):
        if f > REBEL and f not in FIGURE_PIECES:  # neither an army nor a Roman figure
            found.append(said("unknown figure in {place}", place=board.name(p)))
        elif f >= EMPEROR_FIGURE and where[t.figure_piece(f)] != p:
            found.append(said("a figure in {place} belongs to no piece standing there",
                              place=board.name(p)))
    if state.passing != (state.passer >= 0):
        found.append(said("a figure passes through a province exactly when one is named to "
                          "(R5.1)"))


def _owned(state: State) -> set[str]:
    """The pieces the optional rules in play own (``RuleModule.pieces``)."""
    return {piece for key in state.settings.options for piece in REGISTRY[key].pieces}


def _check_options(state: State, found: list[str | Said]) -> None:
    """The records of an optional rule differ from their defaults only when that rule is in play
    (``RuleModule.pieces`` names the records each module owns)."""
    owned = _owned(state)
    for kind in RECORDS:
        if kind.name not in owned and not kind.is_default(state):
            found.append(said("{title} on the table, but no optional rule in play has them",
                              title=said(kind.title)))  # the title: a phrase of the catalogue
    if state.fleets.count(1) > state.settings.level.fleets:
        found.append(said("{count} fleets: the level {level} has {fleets}",
                          count=state.fleets.count(1), level=str(state.settings.level),
                          fleets=state.settings.level.fleets))


def _check_turn(state: State, found: list[str | Said]) -> None:
    if not 1 <= state.round <= MAX_ROUND:
        found.append(said("round {round} is not possible", round=state.round))
    elif state.turns_played != 4 * (state.round - 1) + int(state.turn):
        found.append(said("round {round}, {emperor}'s turn: {wanted} turns played before, not "
                          "{count}", round=state.round, emperor=state.turn.title,
                          wanted=4 * (state.round - 1) + int(state.turn),
                          count=state.turns_played))
    # 7 at most in the base game (a hand-written position may say 7); Maximian's 7th IP (R12.1)
    # or one IP per disc burned (R12.1b); one more from Patres Patriae (R12.8)
    most = 7 + extra_ip(state.settings)
    if not 0 <= state.ip <= most:
        found.append(said("{ip} IP is not possible", ip=state.ip))
