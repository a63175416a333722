"""The observation tensor: the whole table as numbers in [0, 1] (perfect information, R1-R2).

One flat ``float32`` vector: ``n`` rows of :data:`PROVINCE_FEATURES` (one per province, in board
order), then :data:`GLOBAL_FEATURES` numbers.  docs/research.md shows the table.  The optional
rules' state is read through ``players.readings`` (the Dux and the Vicarius are figures on the
board; the Pirates' zone and the Barbarian player's discs are globals); everything else an
option keeps (e.g. the glory of Roma Aeterna) is in the observation string, the position JSON
(docs/save-format.md), and not in the tensor.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tetrarchia.core.board import Board
from tetrarchia.core.engine import BARBARIAN_SEAT, deciding_seat
from tetrarchia.core.extensions import SCOPE_BITS
from tetrarchia.core.pieces import ARMIES, DISCS_PER_RESERVE, GARRISONS_IN_BOX, VICARIUS
from tetrarchia.core.state import Awaiting, Result, State
from tetrarchia.core.tasks import DecisionStep
from tetrarchia.options.barbaria import GRAY_DISCS
from tetrarchia.options.common import (
    BARBARIAN_ADVANCE,
    BARBARIAN_BLACK,
    BARBARIAN_REROLL,
    CONSTANTIUS_BLOCK,
    GALERIUS_BONUS,
)
from tetrarchia.players.readings import barbarian_black, barbarian_gray, pirates_zone

# Per province: the disc (R2: none, unrest, revolt, a garrison of each Emperor), the figure
# (none, an army, the Goths R11.4, a rebel army R13, each Emperor, the Dux R11.1, the Vicarius
# R11.2), three facts of the board (a border province, Roma, a printed capital disc), and
# whether the pending decision names it (the army about to advance, R12.6: issue 29, without it
# the Barbarian player's tensor did not say which army he may cancel or redirect).
DISC_FEATURES = 7
FIGURE_FEATURES = VICARIUS + 1  # figure codes 0-9 (core/pieces.py), one-hot
BOARD_FEATURES = 3
NAMED_FEATURES = 1
PROVINCE_FEATURES = DISC_FEATURES + FIGURE_FEATURES + BOARD_FEATURES + NAMED_FEATURES
FLAG_BITS = max(max(bits) for bits in SCOPE_BITS.values()) + 1  # 32: bits 0-7 this turn,
#                                                                  8-15 this round, 16-31 the game
MAX_ROUND = 100  # the round is given as round / 100, at most 1

# The globals, in order, with their size.
GLOBALS: tuple[tuple[str, int], ...] = (
    ("garrisons in each Emperor's reserve / 5 (R1)", 4),
    ("unrest discs in the reserve / 21 (R1, R8)", 1),
    ("revolt discs in the reserve / 21 (R1, R8)", 1),
    ("armies in the reserve / 3 (R9)", 1),
    ("a Roman fleet in sea zone 1, 2, 3 (R3.6)", 3),
    ("the Emperor of the turn, one-hot (R4)", 4),
    ("IP left in the Roman phase / 7 (R5)", 1),
    ("round / 100, at most 1", 1),
    ("what the game waits for, one-hot: dice, fleet, entry, Roman action, decision, nothing", 6),
    ("who decides, one-hot: the four Emperors' seats, the Barbarian player (R10, R12.6)", 5),
    ("the Emperor of the turn must move on (R5.1)", 1),
    ("each Emperor off the board (R4)", 4),
    ("the Pirates in sea zone 1, 2, 3 (R11.3)", 3),
    ("the Barbarian player's gray discs / 4, black disc unused (R12.6)", 2),
    ("the result, one-hot: Roma Victrix, an army in Roma, a reserve run dry (R8)", 3),
    ("the pending decision, one-hot: Galerius's bonus, Constantius's block (R12.1), the "
     "Barbarians' reroll, their army's advance, their black disc (R12.6)", 5),
    ("the pending decision's number: he may still reroll; the black disc's moment / 3 (R12.6)", 1),
    ("the dice on the table: the Roman die / 6, the Barbarian die / 6 (R6)", 2),
    ("what was used this turn, this round, this game: the 32 bits of the rules' flags (R12)",
     FLAG_BITS),
)
GLOBAL_FEATURES = sum(size for _, size in GLOBALS)
_AWAITING = (Awaiting.ROLL, Awaiting.FLEET_PLACEMENT, Awaiting.ENTRY, Awaiting.ROMAN_ACTION,
             Awaiting.DECISION, Awaiting.NOTHING)
_RESULTS = (Result.ROMA_VICTRIX, Result.ARMY_IN_ROMA, Result.RESERVE_EMPTY)
_DECISIONS = (GALERIUS_BONUS, CONSTANTIUS_BLOCK, BARBARIAN_REROLL, BARBARIAN_ADVANCE,
              BARBARIAN_BLACK)


def observation_size(board: Board) -> int:
    return board.size * PROVINCE_FEATURES + GLOBAL_FEATURES


def observe(state: State, out: np.ndarray[Any, np.dtype[np.float32]] | None = None
            ) -> np.ndarray[Any, np.dtype[np.float32]]:
    """The tensor of ``state`` (written into ``out`` when given, e.g. OpenSpiel's buffer)."""
    board = state.board
    n = board.size
    tensor = np.zeros(observation_size(board), np.float32) if out is None else out
    tensor.fill(0.0)
    rows = tensor[:n * PROVINCE_FEATURES].reshape(n, PROVINCE_FEATURES)
    provinces = np.arange(n)
    rows[provinces, state.disc] = 1.0
    rows[provinces, DISC_FEATURES + np.asarray(state.figure)] = 1.0
    base = DISC_FEATURES + FIGURE_FEATURES
    rows[:, base] = board.is_border
    rows[board.roma, base + 1] = 1.0
    rows[:, base + 2] = [1.0 if printed else 0.0 for printed in board.printed]
    decision = pending_decision(state)
    if decision is not None and decision.kind == BARBARIAN_ADVANCE and decision.args:
        rows[decision.args[0], base + BOARD_FEATURES] = 1.0
    g = tensor[n * PROVINCE_FEATURES:]
    i = 0
    g[i:i + 4] = [count / GARRISONS_IN_BOX for count in state.garrisons]
    i += 4
    g[i] = state.unrest_reserve / DISCS_PER_RESERVE
    g[i + 1] = state.revolt_reserve / DISCS_PER_RESERVE
    g[i + 2] = max(0, state.armies_in_reserve()) / ARMIES
    i += 3
    g[i:i + 3] = [1.0 if state.fleets[zone] else 0.0 for zone in (1, 2, 3)]
    i += 3
    g[i + int(state.turn)] = 1.0
    i += 4
    g[i] = min(state.ip, 7) / 7
    g[i + 1] = min(state.round, MAX_ROUND) / MAX_ROUND
    i += 2
    if state.awaiting in _AWAITING:
        g[i + _AWAITING.index(state.awaiting)] = 1.0
    i += 6
    seat = deciding_seat(state)
    if seat is not None and 0 <= seat <= BARBARIAN_SEAT:
        g[i + seat] = 1.0
    i += 5
    g[i] = 1.0 if state.passing else 0.0
    i += 1
    g[i:i + 4] = [1.0 if at < 0 else 0.0 for at in state.emperor_at]
    i += 4
    zone = pirates_zone(state)
    if 1 <= zone <= 3:
        g[i + zone - 1] = 1.0
    i += 3
    g[i] = barbarian_gray(state) / GRAY_DISCS
    g[i + 1] = float(barbarian_black(state))
    i += 2
    if state.result in _RESULTS:
        g[i + _RESULTS.index(state.result)] = 1.0
    i += 3
    if decision is not None and decision.kind in _DECISIONS:
        g[i + _DECISIONS.index(decision.kind)] = 1.0
        if decision.kind == BARBARIAN_REROLL and decision.args:
            g[i + 5] = float(decision.args[0])
        elif decision.kind == BARBARIAN_BLACK and decision.args:
            g[i + 5] = decision.args[0] / 3
    i += 6
    if state.dice:
        g[i:i + len(state.dice[:2])] = [d / 6 for d in state.dice[:2]]
    i += 2
    g[i:i + FLAG_BITS] = [(state.flags >> bit) & 1 for bit in range(FLAG_BITS)]
    return tensor


def pending_decision(state: State) -> DecisionStep | None:
    """The decision the game waits for inside a phase (R12), if any."""
    if state.awaiting is Awaiting.DECISION and state.tasks:
        top = state.tasks[-1]
        if isinstance(top, DecisionStep):
            return top
    return None
