"""R7.3 (with R6 and R8) from the situations the revolt model leaves after R7.2: every army's step,
each broken link a coin (R7.4), each battle grouped into its three outcomes over the 36 rolls,
on one State per group of situations that R7.3 cannot tell apart (:class:`Reads`), copied only
where the dice branch, the branches that reach the same board merged after each army's step.

The steps are the rules' own (``army_enters``, ``remove_piece``, ``remove_army``, the R6 values
of ``battle_values``), so the figures are the engine's; only the order of the dice is
collapsed: a battle is read as (Roman wins, draw, Barbarian wins) counts out of 36 rather than
36 branches.
"""

from __future__ import annotations

from tetrarchia.analysis.revolts import Situation, Table, bits
from tetrarchia.core.barbarian import BROKEN_LINK_HOLDS, advance_order
from tetrarchia.core.combat import battle_odds, battle_values
from tetrarchia.core.pieces import ARMY, GARRISON, GOTHS, REBEL, REVOLT, UNREST, Piece
from tetrarchia.core.state import Awaiting, Result, State
from tetrarchia.core.tasks import army_enters, figure_piece, remove_army, remove_piece, return_disc

Branches = list[tuple[State, float]]


def base_of(fresh: State) -> State:
    """The State the situations are written on: the phase's start with no steps left."""
    base = fresh.copy()
    base.tasks = []
    base.memo = {}
    base.awaiting = Awaiting.NOTHING
    return base


class Reads:
    """Which revolts R7.3 can read in a situation after R7.2, so that situations differing
    elsewhere are followed through R7.3 once (the reserve apart, which the caller reads).

    Where each army present (on the board, or arrived on a border) steps: whether it
    devastates a province in revolt.  When one of them may attack an Emperor or the Dux, also
    R6's supports: the revolt groups touching the armies (grown through the provinces that
    armies devastate, which can join groups) and the provinces that support an Emperor."""

    def __init__(self, t: Table, before: State) -> None:
        board = t.board
        self.adjacent = tuple(sum(1 << q for q, _ in board.neighbours[p]) for p in range(board.size))
        self.start_armies = sum(1 << a for a in before.armies())
        # per province where an army may stand: its step, the group seeds, the piece it attacks
        self.paths: dict[int, tuple[int, int, int]] = {}
        for src in set(before.armies()) | set(board.borders):
            dest = board.next_step[src]
            if dest >= 0:
                seeds = self.adjacent[src] | self.adjacent[dest] | 1 << src | 1 << dest
                self.paths[src] = (dest, seeds, figure_piece(before.figure[dest]))
        self.supporting = 0  # a garrison or a printed capital: R6's Roman support
        for p in range(board.size):
            if before.disc[p] >= GARRISON or board.printed[p]:
                self.supporting |= 1 << p
        self.known: dict[tuple[int, int], tuple[int, int]] = {}

    def _masks(self, armies: int, gone: int) -> tuple[int, int]:
        """(provinces read as they are, seeds of the groups read whole: 0 without a battle)."""
        direct = seeds = 0
        battle = False
        for src in bits(self.start_armies | armies):
            path = self.paths.get(src)
            if path is None:
                continue
            dest, around, piece = path
            direct |= 1 << dest
            seeds |= around
            battle = battle or (0 <= piece <= Piece.DUX and not gone >> piece & 1)
        return (direct | self.supporting, seeds) if battle else (direct, 0)

    def revolts(self, s: Situation) -> int:
        """The part of the revolts of ``s`` that R7.3 can read."""
        masks = self.known.get((s.armies, s.gone))
        if masks is None:
            masks = self.known[(s.armies, s.gone)] = self._masks(s.armies, s.gone)
        direct, seeds = masks
        revolt = s.revolt
        if not seeds:
            return revolt & direct
        adjacent = self.adjacent
        group = frontier = revolt & seeds
        while frontier:
            grow = 0
            for q in bits(frontier):
                grow |= adjacent[q]
            frontier = grow & revolt & ~group
            group |= frontier
        return group | (revolt & direct)


def situation_state(base: State, t: Table, s: Situation) -> State:
    """The State that ``s`` stands for: discs, reserves, the pieces R7.1.2 took off the board,
    the Vicarius an uprising killed, the armies that arrived (R7.2)."""
    state = base.copy()
    disc = state.disc
    for p in bits(s.revolt & ~t.revolt0):
        if disc[p] >= GARRISON:  # a revolt replaces a garrison: the disc goes home (R1)
            state.garrisons[disc[p] - GARRISON] += 1
        disc[p] = REVOLT
    for p in bits(s.unrest & ~t.unrest0):
        disc[p] = UNREST
    state.unrest_reserve = t.unrest_reserve(s)
    state.revolt_reserve = t.revolt_reserve(s)
    for border in bits(s.pushed):  # sent back to the reserve by the Goths (R11.4, D19)
        remove_army(state, border)
    for piece in bits(s.gone):
        remove_piece(state, piece, None)
    if t.vicarius >= 0 and s.vicarius < 0 and not s.gone >> Piece.VICARIUS & 1:
        remove_piece(state, Piece.VICARIUS, None)  # reached by an uprising (R11.2)
    for border in bits(s.armies):
        if border == s.goths:  # R11.4: the Goths take the border, its garrison goes home
            if disc[border] >= GARRISON:
                return_disc(state, border)
            state.figure[border] = GOTHS
        else:
            state.figure[border] = ARMY
        state.armies_placed.append(border)
    if s.end:
        state.result = Result(s.end)
    return state


def battle_counts(state: State, piece: int, piece_province: int, army_province: int) -> tuple[int, int, int]:
    """R6 over the 36 rolls, the army attacking: (Roman wins, draws, Barbarian wins).  The
    supports, multipliers and the options' die modifiers do not depend on the dice: read once."""
    v = battle_values(state, piece, piece_province, army_province, 0, 0)
    # roman_die, barbarian_die: the modifiers alone (dice of 0)
    return battle_odds(v.roman_die + v.roman_support, v.roman_multiplier,
                       v.barbarian_die + v.barbarian_support, v.barbarian_multiplier)


def advance(state: State, order: list[int] | None = None) -> Branches:
    """R7.3 on ``state`` (changed: it becomes one of the branches): every end of the phase
    with its probability.  ``order``: the armies' order (D10) if known already.

    The armies step one after the other; after each step the branches that reached the same
    board are merged (a failed broken link and a drawn battle leave it as it was), so each
    army steps once per distinct board."""
    if state.is_over:
        return [(state, 1.0)]
    layer: dict[tuple[object, ...], tuple[State, float]] = {(): (state, 1.0)}
    for src in advance_order(state) if order is None else order:
        after: dict[tuple[object, ...], tuple[State, float]] = {}
        for board, p in layer.values():
            for branch, q in _step(board, src):
                key = _key(branch)
                known = after.get(key)
                after[key] = (branch, p * q) if known is None else (known[0], known[1] + p * q)
        layer = after
    return list(layer.values())


def _key(state: State) -> tuple[object, ...]:
    """What R7.3 changes and reads: the figures (the Emperors removed with them), the discs,
    the revolt reserve, the end.  (What the options keep after a battle, like glory, R12.5,
    changes none of the forecast's figures: branches differing only there merge.)"""
    return (tuple(state.figure), tuple(state.disc), state.result, state.revolt_reserve)


def _step(state: State, src: int) -> Branches:
    """The step of the army in ``src`` (if still there): its branches, ``state`` reused for
    one of them."""
    figure = state.figure
    if state.is_over or not ARMY <= figure[src] < REBEL:  # beaten earlier, or a rebel (R13)
        return [(state, 1.0)]
    board = state.board
    dest = board.next_step[src]
    if dest < 0 or ARMY <= figure[dest] <= REBEL:  # no way on, or an army ahead: it waits
        return [(state, 1.0)]
    passes = 1.0
    if board.link_between[(src, dest)].broken:  # R7.4: 4-6 linked, the options' bonus added
        bonus = sum(hook(state, src) for hook in state.hooks.link_bonus)  # (the Goths: +1)
        passes = max(0, min(6, 7 - BROKEN_LINK_HOLDS + bonus)) / 6
    piece = figure_piece(figure[dest])
    if not 0 <= piece <= Piece.DUX:
        moved = state if passes == 1.0 else state.copy()
        army_enters(moved, src, dest, None)  # devastates; the Vicarius there dies (R11.2)
        return [(moved, passes)] if passes == 1.0 else [(state, 1 - passes), (moved, passes)]
    # R7.3: it attacks the Emperor (or the Dux) in its way (R6, the 36 rolls)
    wins, draws, losses = battle_counts(state, piece, dest, src)
    branches: Branches = []
    stays = 1 - passes + passes * draws / 36
    if wins:  # the army and any disc in its province go
        won = state.copy() if stays or losses else state
        remove_army(won, src)
        return_disc(won, src)
        _battle_won(won, piece, True)
        branches.append((won, passes * wins / 36))
    if losses:  # the Emperor leaves the board, the army moves in and devastates
        lost = state.copy() if stays else state
        remove_piece(lost, piece, None)
        army_enters(lost, src, dest, None)
        _battle_won(lost, piece, False)
        branches.append((lost, passes * losses / 36))
    if stays:
        branches.append((state, stays))
    return branches


def _battle_won(state: State, piece: int, roman_won: bool) -> None:
    """The options' steps after a battle of an Emperor against an army (glory, R12.5 ...)."""
    if piece < 4:
        for hook in state.hooks.battle_won:
            hook(state, piece, roman_won, None)
