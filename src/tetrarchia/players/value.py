"""A learned chance of winning: the threat readings weighed by a logistic model fitted to games.

:func:`tetrarchia.players.evaluation.evaluate` weighs the readings for the heuristic's one-action
comparisons: it only has to rank the moves of one position, and it weighs an army one phase from
Roma as 2% of a lost game.  The search compares positions a whole turn or two apart, at the end
of its sampled continuations, and there the weights must say what each reading costs in games
won.  :func:`win_chance` says it: a logistic model over :func:`features` (the same readings,
unweighted, with the armies split by their expected phases to Roma and the reserves by how near
they are to running dry, R8), fitted by ``bench/fit_value.py`` to the positions at the start of
every Roman phase (R4) of seeded heuristic games and whether each game was won.  The fitted
coefficients live in :mod:`tetrarchia.players.value_coefficients`, written by that script.

The chance is the heuristic's: how often the heuristic player goes on to win from such a
position.  The search plays better than the heuristic, so the chance is low for the search's
own games; what the search needs is the order and the spacing of the positions it compares.
"""

from __future__ import annotations

import math

from tetrarchia.core.board import Board
from tetrarchia.core.state import Result, State
from tetrarchia.players.evaluation import RESERVE_ALARM, WIN, BoardFacts, board_facts, read_threats
from tetrarchia.players.readings import dux_province
from tetrarchia.players.value_coefficients import COEFFICIENTS

# The features, in the order of the model's coefficients (bench/fit_value.py reads this list).
FEATURES: tuple[str, ...] = (
    "bias",
    "borders",  # secured borders (R5.3); six win (R8)
    "securable",  # unsecured borders whose region holds no revolt (R5.3)
    "revolts",  # revolts on the board
    "blocking",  # revolts in a region whose border is unsecured (R5.3)
    "unrest",  # unrest on the board
    "dominoes",  # unrest expected to turn at the next R7.1
    "new_revolts",  # expected new revolts of the next R7.2's first roll
    "new_armies",  # expected armies placed by it (R7.2.2)
    "armies",  # Barbarian armies on the board (R7.3)
    "rebels",  # rebel armies (R13): they never advance
    "army_1",  # armies expected to reach Roma in 1 phase, each times P(nobody in its way beats it)
    "army_2",  # ... in 2 phases (R7.3; a broken link counts 2 on average, R7.4)
    "army_3",  # ... in 3
    "army_4",  # ... in 4
    "army_6",  # ... in 5 or 6
    "ready",  # per army, the best chance of an Emperor linked to it to beat it now (R6)
    "unrest_short",  # unrest discs below RESERVE_ALARM left in the reserve (R8)
    "unrest_short2",  # its square / RESERVE_ALARM: the last discs weigh more
    "revolt_short",  # the same for the revolt reserve (R8)
    "revolt_short2",
    "doomed",  # Emperors (and the Dux) expected on a revolt after the next R7.1
    "off",  # Emperors off the board (R4)
    "work_distance",  # IP between each Emperor and his nearest work
    "garrison_short",  # garrisons missing to secure every unsecured border (R8)
    "garrisons_left",  # garrison discs still in the reserves
    "protected",  # outer provinces a garrison protects from R7.2
    "dux",  # the Dux on the board (R11.1)
    "guard_near",  # per army within 2 phases: IP from the nearest Emperor to its road (R5.1, R7.3)
    "guard_far",  # ... within 3 or 4 phases
    "no_army_left",  # the armies' reserve is empty: no uprising brings a new army (R7.2, R9)
)

# Coefficients set by the rules, not fitted: the heuristic's games never run short of garrisons
# (its evaluation forbids it), so they cannot say what it costs, and there garrisons left go with
# early positions, which the fit read as a loss of chance (-0.10 per garrison kept: the search
# then spent garrisons on inner provinces, ran short and waited hundreds of turns for an uprising
# to free one, R5.3, R7.2).  A garrison short blocks the last border until the game removes a
# garrison: weighed as an army unstopped one phase from Roma (about -2.5 in the fit); garrisons
# left count nothing of themselves (what they protect is ``protected``).
RULED: dict[str, float] = {"garrison_short": -3.0, "garrisons_left": 0.0}
ARMY_BANDS = (1.0, 2.0, 3.0, 4.0, 6.0)  # the upper bound of expected phases of each army_* band
ARMY_FEATURES = tuple(f"army_{int(bound)}" for bound in ARMY_BANDS)  # their names in FEATURES
GUARD_CAP = 8  # IP: an Emperor farther than this from an army's road counts as this far
_ROADS: dict[int, tuple[Board, tuple[tuple[int, ...], ...]]] = {}  # by id(board), the board kept


def roads(facts: BoardFacts) -> tuple[tuple[int, ...], ...]:
    """Per province, the road an army there takes to Roma (R7.3: its next step, the steps after,
    Roma; D9 in Italia), empty where no arrow leads on; computed once per board."""
    board = facts.board
    entry = _ROADS.get(id(board))
    if entry is not None and entry[0] is board:
        return entry[1]
    built: list[tuple[int, ...]] = []
    for p in range(board.size):
        road: list[int] = []
        at = p
        while at != board.roma and len(road) <= board.size:
            at = board.next_step[at]
            if at < 0:
                road = []
                break
            road.append(at)
        built.append(tuple(road))
    found = tuple(built)
    if len(_ROADS) >= 16:  # boards of tests and saved games: a few at most
        _ROADS.clear()
    _ROADS[id(board)] = (board, found)
    return found


def guard_distance(state: State, facts: BoardFacts, army: int) -> int:
    """IP from the Emperor nearest to the road of the army in ``army`` (R5.1 distances; R7.3: an
    Emperor on its way is attacked and may stop it), at most :data:`GUARD_CAP`."""
    road = roads(facts)[army]
    distance = facts.distance
    best = GUARD_CAP
    for at in state.emperor_at:
        if at >= 0:
            row = distance[at]
            for p in road:
                if row[p] < best:
                    best = row[p]
    return best


def features(state: State, facts: BoardFacts) -> list[float]:
    """The readings of ``state`` (an ongoing game) as the model's inputs, in :data:`FEATURES`'
    order."""
    r = read_threats(state, facts)
    bands = [0.0] * len(ARMY_BANDS)
    guard_near = guard_far = 0.0
    armies = 0.0
    rebels = 0.0
    ready = 0.0
    for a in r.armies:
        if a.rebel:
            rebels += 1.0
            continue
        armies += 1.0
        ready += a.ready
        for i, bound in enumerate(ARMY_BANDS):
            if a.phases <= bound:
                bands[i] += 1.0 - a.held  # an Emperor in its way may beat it (R7.3)
                break
        if a.phases <= 4.0:
            guard = guard_distance(state, facts, a.province) * (1.0 - a.held)
            if a.phases <= 2.0:
                guard_near += guard
            else:
                guard_far += guard
    doomed = 0.0
    off = 0.0
    for at in state.emperor_at:
        if at < 0:
            off += 1.0
        else:
            doomed += r.turns_to_revolt[at]
    dux = dux_province(state) if state.settings.options else -1
    if dux >= 0:
        doomed += r.turns_to_revolt[dux]
    unrest_short = float(max(0, RESERVE_ALARM - r.unrest_left))
    revolt_short = float(max(0, RESERVE_ALARM - r.revolts_left))
    return [
        1.0,
        float(state.secured_borders()),
        float(len(r.securable)),
        float(len(r.revolts)),
        float(r.blocking),
        float(len(r.unrests)),
        float(r.dominoes),
        r.expected_new_revolts,
        r.expected_new_armies,
        armies,
        rebels,
        *bands,
        ready,
        unrest_short,
        unrest_short * unrest_short / RESERVE_ALARM,
        revolt_short,
        revolt_short * revolt_short / RESERVE_ALARM,
        doomed,
        off,
        float(sum(r.work_distance)),
        float(r.garrisons_short),
        float(r.garrisons_left),
        float(r.protected),
        1.0 if dux >= 0 else 0.0,
        guard_near,
        guard_far,
        1.0 if state.armies_in_reserve() <= 0 else 0.0,
    ]


def log_odds(state: State, facts: BoardFacts) -> float:
    """The model's log-odds of winning from ``state``, a game still going on."""
    return sum(c * x for c, x in zip(COEFFICIENTS, features(state, facts), strict=True))


def win_chance(state: State, facts: BoardFacts | None = None) -> float:
    """The model's chance that the Emperors win from ``state`` (1 or 0 once the game is over)."""
    if state.result is not Result.ONGOING:
        return 1.0 if state.result.is_victory else 0.0
    z = log_odds(state, facts or board_facts(state.board))
    if z < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


# The log-odds that count as a game decided, for :func:`odds_value`: a chance of 1 in 160,000.
ODDS_CAP = 12.0


def odds_value(state: State, facts: BoardFacts | None = None) -> float:
    """The model's log-odds on the evaluation's scale: ``WIN`` for a won game (and log-odds of
    ``ODDS_CAP`` or more), ``-WIN`` for a lost one.  Unlike :func:`learned_value` it does not
    flatten near a sure win or loss: a mean over samples whose chances are all near 1 still
    orders them (the search's ``odds`` option, docs/ai.md)."""
    if state.result is not Result.ONGOING:
        return WIN if state.result.is_victory else -WIN
    z = log_odds(state, facts or board_facts(state.board))
    return WIN * max(-ODDS_CAP, min(ODDS_CAP, z)) / ODDS_CAP


def learned_value(state: State, facts: BoardFacts | None = None) -> float:
    """:func:`win_chance` on the evaluation's scale: ``WIN`` for a won game, ``-WIN`` for a lost
    one, and in between the chance's place between them (a sample's mean is then the expected
    chance on that scale)."""
    return WIN * (2.0 * win_chance(state, facts) - 1.0)
