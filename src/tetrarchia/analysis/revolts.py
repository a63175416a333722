"""R7.1-R7.2 as an exact model on bit sets: the dominoes of the revolts and the Barbarian activity
with its uprisings, every die enumerated with its probability, without copying States.

A situation of the phase is a :class:`Situation`: the provinces in revolt and in unrest (bit
sets over the board's indices), the borders where an army arrived, where the Vicarius stands,
the pieces that left the board at R7.1.2, and the end of the game if a reserve ran dry (R8).
Everything else that R7.1-R7.2 reads or changes follows from these and the :class:`Table` of
the phase's start: a garrison (real disc or uncovered printed capital) protects until a revolt
covers it, and the reserves hold what the board does not.

- R7.1.1 (:func:`spread`): with D3 each broken link is rolled at most once in the spreading,
  so an unrest turns exactly when a chain of unrest joins it to a revolt through normal links
  and broken links that hold: the revolts after the spreading are that closure, whatever order
  the engine visits the provinces in.  The links are decided lazily, one coin (1/2, R7.4) for
  each broken link that the closure reaches, and the outcomes merged.  The order matters only
  when the revolt reserve runs dry in the middle of it (R8): :func:`spread` then says so and
  the caller follows the engine instead.
- R7.1.2: every piece on a revolt leaves the board (the Dux and the Vicarius die).
- R7.2 (:func:`activity`): the 36 rolls; an uprising spreads to every Roman province linked to
  it, each broken link a coin (D3: once per uprising; D11: none for a province already in
  revolt), in the board's order, so that a reserve running dry ends the game exactly where the
  engine does; then the Roman die places an army on an empty border or starts a new activity
  in that region.  Chained uprisings can come back to the situation they left (an uprising
  that changes nothing, then a border that is not empty): that loop is summed exactly as a
  geometric series, so the model drops no branch.

The base rules are modelled here, and the Goths waiting in the reserve (R11.4, D5, D19:
:func:`goths_arrive`); :func:`tetrarchia.analysis.forecast.fast_model_gap` says when a game's
options or position need the engine-following forecast instead (it probes the options' arrival
hook against this model).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import NamedTuple

from tetrarchia.core.board import Board
from tetrarchia.core.pieces import (
    ARMIES,
    ARMY,
    GOTHS,
    NO_DISC,
    NO_FIGURE,
    REBEL,
    REVOLT,
    UNREST,
    VICARIUS,
    Piece,
)
from tetrarchia.core.state import Result, State
from tetrarchia.core.tasks import piece_at

ONGOING = 0
RESERVE_EMPTY = int(Result.RESERVE_EMPTY)


class Situation(NamedTuple):
    """A situation of R7.1-R7.2 (see the module's docstring).  Hashable: equal situations merge."""

    revolt: int  # bit set of provinces in revolt
    unrest: int  # bit set of provinces in unrest
    armies: int  # bit set of the borders where an army arrived in this phase (R7.2)
    vicarius: int  # province of the Vicarius's figure, -1 when he is not on the board
    gone: int  # bits 0-3 the Emperors, 4 the Dux, 5 the Vicarius removed at R7.1.2 (or swept
    #            off their border by the Goths arriving, R11.4, D19)
    end: int  # Result: ONGOING, or RESERVE_EMPTY when a reserve ran dry (R8)
    goths: int = -1  # the border where the Goths arrived in this phase (R11.4), -1 for none: its
    #                  bit in ``armies`` too (they are one of the three armies)
    pushed: int = 0  # bit set of the borders whose army the Goths sent back to the reserve (D19)


def bits(mask: int) -> list[int]:
    """The indices set in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass(frozen=True, slots=True)
class Table:
    """The start of a Barbarian phase in compact form, read once from its State."""

    board: Board
    revolt0: int  # Roman provinces in revolt at the start
    border_revolt: int  # borders in revolt (under a rebel army, R13): they spread in R7.1 as
    #                     any revolt (D40) and never change in R7.1-R7.2
    unrest0: int  # ... in unrest
    protected0: int  # ... protected from the activity (R7.2): a garrison or a printed capital
    unrest_reserve0: int
    revolt_reserve0: int
    armies0: int  # armies on the board at the start (Goths and rebels count, D12)
    open_border: tuple[bool, ...]  # per region 0-6: its border holds no figure and no disc
    normal: tuple[int, ...]  # per province: its neighbours through normal links (bit set)
    broken: tuple[tuple[tuple[int, int], ...], ...]  # per province: (neighbour, link) broken
    spreads_to: tuple[tuple[tuple[int, bool], ...], ...]  # per province: its Roman neighbours
    #   (neighbour, broken) in board order, where an uprising spreads (R7.2 step 1)
    pieces: tuple[int, ...]  # province of each piece 0-5 (Emperors, Dux, Vicarius), -1 off board
    vicarius: int  # province of the Vicarius's figure at the start, -1 when none
    goths_waiting: bool = False  # R11.4: the Goths module in play, the Goths in the reserve
    army_borders: int = 0  # the borders holding an army at the start (bit set)

    @classmethod
    def of(cls, state: State) -> Table:
        board = state.board
        revolt = unrest = protected = 0
        for p in board.roman:
            disc = state.disc[p]
            if disc == REVOLT:
                revolt |= 1 << p
            elif disc == UNREST:
                unrest |= 1 << p
            if state.is_protected(p):
                protected |= 1 << p
        border_revolt = sum(1 << b for b in board.borders if state.disc[b] == REVOLT)
        normal = []
        broken = []
        spreads_to = []
        for p in range(board.size):
            mask = 0
            rough = []
            for q, is_broken in board.neighbours[p]:
                if is_broken:
                    rough.append((q, board.link_between[(p, q)].index))
                else:
                    mask |= 1 << q
            normal.append(mask)
            broken.append(tuple(rough))
            spreads_to.append(tuple((q, b) for q, b in board.neighbours[p] if not board.is_border[q]))
        open_border = [False] * 7
        for region, border in board.border_of.items():
            open_border[region] = state.figure[border] == NO_FIGURE and state.disc[border] == NO_DISC
        pieces = tuple(piece_at(state, piece) for piece in range(6))  # Emperors, Dux, Vicarius
        return cls(
            board=board, revolt0=revolt, border_revolt=border_revolt, unrest0=unrest, protected0=protected,
            unrest_reserve0=state.unrest_reserve, revolt_reserve0=state.revolt_reserve,
            armies0=state.armies_on_board(), open_border=tuple(open_border),
            normal=tuple(normal), broken=tuple(broken), spreads_to=tuple(spreads_to),
            pieces=tuple(p if p >= 0 else -1 for p in pieces),
            vicarius=pieces[Piece.VICARIUS] if pieces[Piece.VICARIUS] >= 0
            and state.figure[pieces[Piece.VICARIUS]] == VICARIUS else -1,
            goths_waiting=goths_waiting(state),
            army_borders=sum(1 << b for b in board.borders if ARMY <= state.figure[b] <= REBEL),
        )

    # --- what a situation holds -------------------------------------------------------------
    def unrest_reserve(self, s: Situation) -> int:
        """R1: the unrest discs not on the board (a revolt replacing an unrest returns it)."""
        return self.unrest_reserve0 + self.unrest0.bit_count() - s.unrest.bit_count()

    def revolt_reserve(self, s: Situation) -> int:
        """R1: revolts never leave the board in R7.1-R7.2: each new one comes from the reserve."""
        return self.revolt_reserve0 + self.revolt0.bit_count() - s.revolt.bit_count()

    def armies_in_reserve(self, s: Situation) -> int:
        """R9, D12: three armies, less those on the board (the Goths one of them, R11.4)."""
        return ARMIES - self.armies0 - s.armies.bit_count() + s.pushed.bit_count()


def goths_waiting(state: State) -> bool:
    """R11.4: the Goths module is in play and the Goths wait in the reserve: an uprising's army
    on border III or IV is the Goths, whatever stands there; elsewhere, the Goths once no
    ordinary army is left (D5)."""
    return state.settings.has("goths") and GOTHS not in state.figure


# --- R7.1 --------------------------------------------------------------------------------------
def spread(t: Table) -> tuple[list[tuple[int, float]], bool]:
    """R7.1.1: the revolts after the spreading, each with its probability; and whether the revolt
    reserve may run dry during it (then the order of the engine matters, R8, and the figures
    here do not tell where the game ended)."""
    out: dict[int, float] = {}
    unrest = t.unrest0
    normal = t.normal
    broken = t.broken
    border = t.border_revolt  # a rebel's revolt spreads too (D40), and stays out of the result
    dry = False

    def close(revolt: int) -> int:
        """The revolts grown over unrest through normal links alone."""
        while True:
            grow = 0
            for p in bits(unrest & ~revolt):
                if normal[p] & (revolt | border):
                    grow |= 1 << p
            if not grow:
                return revolt
            revolt |= grow

    stack: list[tuple[int, int, float]] = [(close(t.revolt0), 0, 1.0)]  # revolts, failed links, p
    while stack:
        revolt, failed, p = stack.pop()
        undecided = None
        for s in bits(unrest & ~revolt):
            for q, link in broken[s]:
                if (revolt | border) >> q & 1 and not failed >> link & 1:
                    undecided = (s, link)
                    break
            if undecided is not None:
                break
        if undecided is None:
            if (revolt & ~t.revolt0).bit_count() > t.revolt_reserve0:
                dry = True
            out[revolt] = out.get(revolt, 0.0) + p
            continue
        s, link = undecided
        stack.append((close(revolt | 1 << s), failed, p / 2))  # R7.4: 4-6 linked
        stack.append((revolt, failed | 1 << link, p / 2))  # 1-3 not linked, for this spreading
    return list(out.items()), dry


def after_spread(t: Table, revolt: int) -> Situation:
    """The situation after R7.1: the spreading's revolts, then R7.1.2 takes every piece standing
    on a revolt off the board (the Dux and the Vicarius die)."""
    gone = 0
    for piece, at in enumerate(t.pieces):
        if at >= 0 and revolt >> at & 1:
            gone |= 1 << piece
    vicarius = t.vicarius if t.vicarius < 0 or not revolt >> t.vicarius & 1 else -1
    return Situation(revolt, t.unrest0 & ~revolt, 0, vicarius, gone, ONGOING)


# --- R7.2 --------------------------------------------------------------------------------------
# situation, probability, an uprising's army next, the province of the uprising it began (-1: none)
Outcomes = list[tuple[Situation, float, bool, int]]


def activity_at(t: Table, s: Situation, p: int, weight: float, out: Outcomes) -> None:
    """R7.2 on province ``p``: nothing on a garrison or the Vicarius, unrest on nothing, revolt
    on unrest, an uprising on a revolt (its step 2 pending: the flag of the outcome)."""
    bit = 1 << p
    revolt, unrest = s.revolt, s.unrest
    if t.protected0 & ~revolt & bit or s.vicarius == p:
        out.append((s, weight, False, -1))
    elif revolt & bit:
        uprising(t, s, p, weight, out)
    elif unrest & bit:
        if t.revolt_reserve(s) == 0:
            out.append((Situation(revolt, unrest, s.armies, s.vicarius, s.gone, RESERVE_EMPTY,
                                  s.goths, s.pushed), weight, False, -1))
        else:
            out.append((Situation(revolt | bit, unrest & ~bit, s.armies, s.vicarius, s.gone,
                                  ONGOING, s.goths, s.pushed), weight, False, -1))
    elif t.unrest_reserve(s) == 0:
        out.append((Situation(revolt, unrest, s.armies, s.vicarius, s.gone, RESERVE_EMPTY,
                              s.goths, s.pushed), weight, False, -1))
    else:
        out.append((Situation(revolt, unrest | bit, s.armies, s.vicarius, s.gone, ONGOING,
                              s.goths, s.pushed), weight, False, -1))


def uprising(t: Table, s: Situation, origin: int, weight: float, out: Outcomes) -> None:
    """R7.2 uprising step 1: a revolt on every Roman province linked to ``origin`` and not in
    revolt, in board order; each broken link is a coin (R7.4, D3, D11).  The Vicarius reached
    dies (R11.2); Emperors reached stay until the next R7.1."""
    revolt0 = s.revolt
    targets = [(q, b) for q, b in t.spreads_to[origin] if not revolt0 >> q & 1]
    if not targets:  # nothing to spread to: the situation is unchanged
        out.append((s, weight, True, origin))
        return
    rough = sum(1 for _, b in targets if b)
    share = weight / (1 << rough)
    left = t.revolt_reserve(s)
    for coins in range(1 << rough):
        revolt, unrest, vicarius = revolt0, s.unrest, s.vicarius
        reserve = left
        end = ONGOING
        coin = 0
        for q, is_broken in targets:
            if is_broken:
                holds = coins >> coin & 1
                coin += 1
                if not holds:
                    continue
            if vicarius == q:
                vicarius = -1
            if reserve == 0:
                end = RESERVE_EMPTY
                break
            reserve -= 1
            revolt |= 1 << q
            unrest &= ~(1 << q)
        after = Situation(revolt, unrest, s.armies, vicarius, s.gone, end, s.goths, s.pushed)
        out.append((after, share, end == ONGOING, origin))


def uprising_army(t: Table, s: Situation, weight: float, out: Outcomes) -> None:
    """R7.2 uprising step 2: only if an army is left, the Roman die; an army on that region's
    border if it is empty, otherwise the Barbarian die: a new activity in the region."""
    if t.armies_in_reserve(s) <= 0:
        out.append((s, weight, False, -1))
        return
    board = t.board
    sixth = weight / 6
    goths = t.goths_waiting and s.goths < 0
    for region in range(1, 7):
        border = board.border_of[region]
        if goths and region in NORTHEASTERN:  # R11.4: the Goths take border III or IV
            out.append((goths_arrive(t, s, border), sixth, False, -1))
            continue
        if t.open_border[region] and not s.armies >> border & 1:
            if goths and t.armies_in_reserve(s) == 1:  # D5: no ordinary army is left
                out.append((goths_arrive(t, s, border), sixth, False, -1))
            else:
                out.append((Situation(s.revolt, s.unrest, s.armies | 1 << border, s.vicarius,
                                      s.gone, ONGOING, s.goths, s.pushed), sixth, False, -1))
            continue
        at = board.at_coords
        for number in range(1, 7):
            activity_at(t, s, at[(region, number)], sixth / 6, out)


NORTHEASTERN = (3, 4)  # R11.4: the regions whose border the Goths take


def goths_arrive(t: Table, s: Situation, border: int) -> Situation:
    """R11.4, D19: the Goths on ``border``: the piece standing there leaves the board (an
    Emperor until his next turn, the Dux and the Vicarius die), the army there goes back to the
    reserve (one that arrived in this phase too: the Goths take its place in ``armies``), the
    garrison goes home (written by the State of the situation, analysis/advance.py)."""
    gone, vicarius = s.gone, s.vicarius
    for piece, at in enumerate(t.pieces):
        if at == border and not gone >> piece & 1:
            gone |= 1 << piece
            if piece == Piece.VICARIUS:
                vicarius = -1
    pushed = s.pushed | (t.army_borders & 1 << border)
    return Situation(s.revolt, s.unrest, s.armies | 1 << border, vicarius, gone, ONGOING, border,
                     pushed)


def _progress(s: Situation) -> int:
    """Grows at every change R7.2 makes (an unrest +1, an unrest turning +1, a new revolt +2 or
    +1, an army +1, the Goths +1 more): situations are settled in this order, each once."""
    return 2 * s.revolt.bit_count() + s.unrest.bit_count() + s.armies.bit_count() + (s.goths >= 0)


class Looping(Exception):
    """Chained uprisings that come back to their situation with certainty: no end to follow."""


class Activity(NamedTuple):
    """R7.2's ends: every situation where it ends (or the game, R8) with its exact probability,
    and per province the chance that at least one uprising breaks out there (R7.2: the activity
    falls on a revolt, a chained one included)."""

    ends: dict[Situation, float]
    uprising: list[float]


def activity(t: Table, starts: list[tuple[Situation, float]]) -> Activity:
    """R7.2 from the situations after R7.1 (with their probabilities): :class:`Activity`.

    An uprising's step 2 is pending in the situations of the heap, settled in order of
    progress: every way into a situation comes from one with less progress, so each is settled
    once with all its probability.  An uprising that changes nothing leads back to its own
    situation; its probability ``loop`` is summed as 1 + loop + loop^2 + ... = 1/(1 - loop).

    Beside its probability each situation carries, per province, the part of it reached after
    at least one uprising there (sparse: a dict).  An uprising in ``q`` moves the whole
    probability into ``q``'s part; any other step carries each part along as it carries the
    probability.  The parts at the ends are the chances of an uprising: each path counted once
    however many uprisings it had in ``q``, with no branch per set of provinces risen."""
    leaves: dict[Situation, float] = {}
    uprising = [0.0] * t.board.size  # the ends' parts, summed as they arrive (only their sum counts)
    pending: dict[Situation, float] = {}
    pending_risen: dict[Situation, dict[int, float]] = {}
    heap: list[tuple[int, Situation]] = []

    def take(outcomes: Outcomes, total: float, parts: dict[int, float]) -> None:
        """The outcomes of a situation of probability ``total`` whose parts are ``parts``,
        each outcome's p a fraction of it.  The ends' parts go straight into ``uprising``:
        per province, the ends' share of the situation, less the share an uprising there took
        whole."""
        ended = 0.0
        ended_by: dict[int, float] = {}  # the ends' share whose last step rose in a province
        for after, p, army_next, origin in outcomes:
            w = p * total
            if army_next:
                if after not in pending:
                    pending[after] = 0.0
                    pending_risen[after] = {}
                    heapq.heappush(heap, (_progress(after), after))
                pending[after] += w
                into = pending_risen[after]
                for q, part in parts.items():
                    if q != origin:
                        into[q] = into.get(q, 0.0) + p * part
                if origin >= 0:
                    into[origin] = into.get(origin, 0.0) + w
            else:
                leaves[after] = leaves.get(after, 0.0) + w
                ended += p
                if origin >= 0:
                    ended_by[origin] = ended_by.get(origin, 0.0) + p
        for q, part in parts.items():
            uprising[q] += part * (ended - ended_by.get(q, 0.0))
        for q, share in ended_by.items():
            uprising[q] += share * total

    at = t.board.at_coords
    for s, p in starts:
        first: Outcomes = []
        for region in range(1, 7):
            for number in range(1, 7):
                activity_at(t, s, at[(region, number)], p / 36, first)
        take(first, 1.0, {})
    while heap:
        _, s = heapq.heappop(heap)
        weight = pending.pop(s)
        parts = pending_risen.pop(s)
        out: Outcomes = []
        uprising_army(t, s, 1.0, out)
        loops: dict[int, float] = {}  # the uprisings that lead back here, by province
        for after, p, army_next, origin in out:
            if army_next and after == s:
                loops[origin] = loops.get(origin, 0.0) + p
        loop = sum(loops.values())
        if loop > 1 - 1e-12:
            raise Looping("chained uprisings that never end")
        total = weight / (1 - loop)
        # a part grows by the loops through its own province too: d = in + (loop - l_q) d + l_q total
        settled = {q: (parts.get(q, 0.0) + loops.get(q, 0.0) * total) / (1 - loop + loops.get(q, 0.0))
                   for q in {*parts, *loops}}
        take([o for o in out if not (o[2] and o[0] == s)], total, settled)
    return Activity(leaves, uprising)
