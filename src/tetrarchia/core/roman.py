"""R5 Roman phase: the five actions and their costs, and the entry of R4.

- Move (R5.1): through a link or by fleet; never into an army; into another figure only to pass
  through (D8, D21).
- Sail (R5.2); Secure (R5.3), a border with its region free of revolt; Subdue (R5.4);
  Attack (R5.5).

Every cost is read from ``core/costs.py`` (the one source): an action is legal only when the IP
of the turn cover it, and carrying it out charges it.

The Emperor of the turn spends his IP on himself and, with the optional rules, on the Dux and the
Vicarius (R11.1, R11.2) or on the other Emperors (Diocletian's Imperivm power, R12.1): the
``piece`` of an action.  Options add actions of their own through ``hooks.roman_actions``.
"""

from __future__ import annotations

import heapq

from tetrarchia.core.actions import (
    Action,
    Attack,
    EndPhase,
    Enter,
    Move,
    OptionAction,
    Sail,
    Secure,
    Subdue,
    SubdueKind,
    mover,
)
from tetrarchia.core.costs import (
    CHEAPEST_STEP,
    INTO_REVOLT,
    SAIL,
    SUBDUE,
    action_cost,
    attack_cost,
    fleet_routes,
    link_cost,
    move_cost,
    secure_cost,
)
from tetrarchia.core.errors import Said
from tetrarchia.core.events import (
    AttackDeclared,
    BorderSecured,
    Entered,
    Events,
    GarrisonPlaced,
    Moved,
    PhaseEnded,
    Sailed,
    Subdued,
)
from tetrarchia.core.extensions import (
    AVOIDS_REVOLT,
    FIGURE_SLOTS,
    ONLY_MOVES,
    extra_figures_on_board,
)
from tetrarchia.core.pieces import (
    ARMY,
    EMPERORS,
    GARRISON,
    NO_DISC,
    NO_FIGURE,
    PIECES,
    REBEL,
    REVOLT,
    UNREST,
    Emperor,
    Piece,
)
from tetrarchia.core.state import Result, State
from tetrarchia.core.tasks import (
    BATTLE,
    ROMAN_PHASE,
    BattleStep,
    finish,
    piece_at,
    place_piece,
    push_barbarian_phase,
    return_disc,
    zone_closed,
)


def fleet_destinations(state: State, origin: int) -> list[int]:
    return list(fleet_routes(state, origin))


def fleet_zones_between(state: State, origin: int, dest: int) -> tuple[int, ...]:
    """The sea zones a move by fleet from ``origin`` to ``dest`` crosses, in order (R5.1,
    R12.2): the shortest chain of adjacent zones holding Roman fleets from a zone of the
    start's coast to a zone of the destination's coast; among equals the lowest-numbered zones.
    Without Mare Nostrvm the move has a fleet zone on both coasts, so the chain is that zone.
    Empty when no chain joins them."""
    board = state.board
    fleets = state.fleets
    parent: dict[int, int] = {}
    frontier = [z for z in sorted(board.provinces[origin].coastal) if fleets[z]]
    for z in frontier:
        parent[z] = 0
    while frontier:
        for zone in frontier:
            if dest in board.coast[zone]:
                chain = [zone]
                while parent[chain[-1]]:
                    chain.append(parent[chain[-1]])
                return tuple(reversed(chain))
        following = []
        for zone in frontier:
            for other in sorted(board.zones[zone].adjacent):
                if fleets[other] and other not in parent:
                    parent[other] = zone
                    following.append(other)
        frontier = following
    return ()


def may_stand(state: State, piece: int, province: int) -> bool:
    """Whether ``piece`` may enter ``province`` at all (figures aside): some figures never enter
    a revolt (R11.2 the Vicarius: core/extensions.py); nobody enters an army's province."""
    if ARMY <= state.figure[province] <= REBEL:
        return False
    return state.disc[province] != REVOLT or piece not in AVOIDS_REVOLT  # the disc first: cheap


def can_pass_on(state: State, start: int, budget: int, vacated: int, piece: int = 0) -> bool:
    """D21: from ``start`` (held by another figure), can moves costing at most ``budget`` end in
    a province with no other figure?  ``vacated`` is the province the mover left (now free)."""
    board = state.board
    figure = state.figure
    disc = state.disc
    for q, broken in board.neighbours[start]:  # the common case: a free neighbour at hand
        if (figure[q] == NO_FIGURE or q == vacated) and \
                link_cost(broken, disc[q] == REVOLT) <= budget and may_stand(state, piece, q):
            return True
    if budget < 2 * CHEAPEST_STEP:  # one step at most, so no search is needed
        return any(
            (figure[q] == NO_FIGURE or q == vacated)
            and c + (INTO_REVOLT if disc[q] == REVOLT else 0) <= budget
            and may_stand(state, piece, q) for q, c in fleet_routes(state, start).items())
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        spent, p = heapq.heappop(heap)
        if spent > best.get(p, budget + 1):
            continue
        steps = [(q, link_cost(broken, disc[q] == REVOLT)) for q, broken in board.neighbours[p]]
        steps += [(q, c + (INTO_REVOLT if disc[q] == REVOLT else 0))
                  for q, c in fleet_routes(state, p).items()]
        for q, cost in steps:
            total = spent + cost
            if total > budget or total >= best.get(q, budget + 1) or not may_stand(state, piece, q):
                continue
            if q == vacated or figure[q] == NO_FIGURE:
                return True
            best[q] = total
            heapq.heappush(heap, (total, q))
    return False


def entry_choices(state: State, emperor: int) -> list[int]:
    """R4: Roma, or his capital if no disc covers it and no army is on it; a province held by
    another figure only if he can move out with his IP (D21).  Empty: he stays off (D1)."""
    board = state.board
    choices: list[int] = []
    for province in (board.roma, board.capital[EMPERORS[emperor]]):
        if province in choices:
            continue
        if province != board.roma and state.disc[province] != NO_DISC:
            continue
        holder = state.figure[province]
        if ARMY <= holder <= REBEL:
            continue
        if holder != NO_FIGURE and not can_pass_on(state, province, state.ip, -1, emperor):
            continue
        choices.append(province)
    return choices


def commanded_pieces(state: State) -> list[int]:
    """The figures on which the Emperor of the turn may spend his IP now."""
    if state.passer >= 0:  # a figure passing through must move on first (R5.1)
        return [state.passer]
    emperor = int(state.turn)
    pieces = [emperor] if state.emperor_at[emperor] >= 0 else []
    for more in state.hooks.commanded:  # R12.1: Diocletian moves the other Emperors
        pieces += more(state, pieces)
    ext = state.ext
    for piece, slot in FIGURE_SLOTS.items():  # R11.1, R11.2: the Dux and the Vicarius
        at: int = ext[slot][0]  # FigureAt.at, read as the tuple it is (hot path)
        if at >= 0:
            pieces.append(piece)
    return pieces


def roman_actions(state: State) -> list[Action]:
    """Every legal action of the Emperor whose Roman phase it is."""
    emperor = state.turn
    here = state.emperor_at[emperor]
    ip = state.ip
    board = state.board
    figure = state.figure
    disc = state.disc
    actions: list[Action] = []
    if here < 0 and state.passer < 0 and not extra_figures_on_board(state):
        return [END_PHASE[emperor]]
    for piece in commanded_pieces(state):
        origin = piece_at(state, piece)
        tag = None if piece == emperor else PIECES[piece]  # a tuple look-up, not an enum call
        _moves(state, piece, origin, tag, actions)
        if state.passer >= 0 or piece in ONLY_MOVES or (piece < 4 and piece != emperor):
            continue  # the Vicarius (R11.2) and the Emperors moved by Diocletian only move
        _subdues(state, emperor, origin, tag, actions)  # R5.4 (the Emperor or the Dux)
        # R5.5 Attack: through links only, never by fleet
        for q, broken in board.neighbours[origin]:
            if ARMY <= figure[q] <= REBEL and link_cost(broken, disc[q] == REVOLT) <= ip \
                    and not _attack_barred(state, q):
                actions.append(_attack(emperor, origin, q, tag))
    if state.passer >= 0:
        return actions
    if here >= 0:
        # R5.2 Sail (the Emperor must be on the board; where he is does not matter)
        if ip >= SAIL:
            fleets = state.fleets
            closed = state.hooks.zone_closed  # R11.3: the Pirates' sea zone
            for zone in (1, 2, 3):
                if fleets[zone]:
                    for other in board.zones[zone].adjacent:
                        if not fleets[other] and (not closed or zone_closed(state, other) is None):
                            actions.append(_sail(emperor, zone, other))
        _secures(state, emperor, here, actions)  # R5.3 (the Emperor alone: the Dux has no discs)
    for hook in state.hooks.roman_actions:
        hook(state, actions)
    actions.append(END_PHASE[emperor])
    return actions


def _subdues(state: State, emperor: Emperor, origin: int, tag: Piece | None,
             actions: list[Action]) -> None:
    """R5.4 Subdue where the piece stands, with D15 (reduce a revolt to unrest)."""
    ip = state.ip
    here_disc = state.disc[origin]
    if here_disc == REVOLT:
        if ip >= SUBDUE[SubdueKind.REMOVE_REVOLT]:
            actions.append(_subdue(emperor, origin, SubdueKind.REMOVE_REVOLT, tag))
        if ip >= SUBDUE[SubdueKind.REDUCE_REVOLT] and state.unrest_reserve > 0:  # D15
            actions.append(_subdue(emperor, origin, SubdueKind.REDUCE_REVOLT, tag))
    elif here_disc == UNREST and ip >= SUBDUE[SubdueKind.REMOVE_UNREST]:
        actions.append(_subdue(emperor, origin, SubdueKind.REMOVE_UNREST, tag))


def _secures(state: State, emperor: Emperor, here: int, actions: list[Action]) -> None:
    """R5.3 Secure where the Emperor stands (a border: 2 IP and a region free of revolt)."""
    board = state.board
    ip = state.ip
    if state.disc[here] == NO_DISC and state.garrisons[emperor] > 0 and \
            ip >= secure_cost(board, here) and \
            not (board.is_border[here] and state.region_has_revolt(board.region_of[here])):
        actions.append(_secure_action(emperor, here))


def work_actions(state: State) -> list[Action] | None:
    """The Subdue (R5.4) and Secure (R5.3) actions among :func:`roman_actions`, in its order,
    without listing every move (an AI's look after a move, ``players/heuristic.py``); None when
    more than the Emperor himself takes part (a figure passing through, the options' pieces or
    actions): then ask :func:`roman_actions`."""
    hooks = state.hooks
    if state.passer >= 0 or hooks.commanded or hooks.roman_actions:
        return None
    emperor = state.turn
    here = state.emperor_at[emperor]
    if here < 0 or commanded_pieces(state) != [emperor]:
        return None
    actions: list[Action] = []
    _subdues(state, emperor, here, None, actions)
    _secures(state, emperor, here, actions)
    return actions


def _attack_barred(state: State, target: int) -> bool:
    return any(hook(state, target) is not None for hook in state.hooks.attack_barred)


def attack_barred_reason(state: State, target: int) -> Said | None:
    for hook in state.hooks.attack_barred:
        reason = hook(state, target)
        if reason is not None:
            return reason
    return None


# Actions are immutable records, so each is built once and shared: building a frozen dataclass
# (250-730 ns) cost more than looking it up.  The keys hold small ints only (a tag is -1 or a
# Piece): these memos stay small and are the same for every board.
END_PHASE: tuple[EndPhase, ...] = tuple(EndPhase(e) for e in EMPERORS)
_SUBDUES: dict[tuple[int, int, int, int], Subdue] = {}
_ATTACKS: dict[tuple[int, int, int, int], Attack] = {}
_SAILS: dict[tuple[int, int, int], Sail] = {}
_SECURES: dict[tuple[int, int], Secure] = {}


def _subdue(emperor: Emperor, at: int, kind: SubdueKind, tag: Piece | None) -> Subdue:
    key = (emperor, at, kind, -1 if tag is None else tag)
    action = _SUBDUES.get(key)
    if action is None:
        action = _SUBDUES[key] = Subdue(emperor, at, kind, tag)
    return action


def _attack(emperor: Emperor, origin: int, target: int, tag: Piece | None) -> Attack:
    key = (emperor, origin, target, -1 if tag is None else tag)
    action = _ATTACKS.get(key)
    if action is None:
        action = _ATTACKS[key] = Attack(emperor, origin, target, tag)
    return action


def _sail(emperor: Emperor, src: int, dst: int) -> Sail:
    key = (emperor, src, dst)
    action = _SAILS.get(key)
    if action is None:
        action = _SAILS[key] = Sail(emperor, src, dst)
    return action


def _secure_action(emperor: Emperor, at: int) -> Secure:
    key = (emperor, at)
    action = _SECURES.get(key)
    if action is None:
        action = _SECURES[key] = Secure(emperor, at)
    return action


def _link_moves(state: State, emperor: Emperor, origin: int, tag: Piece | None
                ) -> list[tuple[int, int, Move]]:
    """(destination, IP before a revolt, action) of every link out of ``origin``.  Actions are
    immutable, so they are built once per board (building them dominated random playouts)."""
    cache = state.board.move_cache
    key = (emperor, origin, tag)
    found = cache.get(key)
    if found is None:
        found = cache[key] = [
            (q, link_cost(broken, False), Move(emperor, origin, q, False, tag))
            for q, broken in state.board.neighbours[origin]
        ]
    return found


def _fleet_moves(state: State, emperor: Emperor, origin: int, tag: Piece | None
                 ) -> list[tuple[int, int, Move]]:
    """(destination, IP of the crossing before a revolt, action) of every fleet route out of
    ``origin``, each naming its sea zones.  Built once per board and placement of the fleets,
    like the link moves: one look-up per decision instead of a fresh key per destination."""
    custom = state.hooks.fleet_routes
    cache = state.board.fleet_move_cache.get(custom)
    if cache is None:
        cache = state.board.fleet_move_cache[custom] = {}
    fleets = state.fleets
    key = (emperor, origin, -1 if tag is None else tag, fleets[1], fleets[2], fleets[3])
    found = cache.get(key)
    if found is None:
        found = cache[key] = [
            (q, crossing, Move(emperor, origin, q, True, tag, fleet_zones_between(state, origin, q)))
            for q, crossing in fleet_routes(state, origin).items()
        ]
    return found


def _moves(state: State, piece: int, origin: int, tag: Piece | None, actions: list[Action]) -> None:
    """R5.1 for one figure.  The link and fleet loops share their checks but stay apart, inline:
    this is the hottest code of a playout, and a helper call per candidate cost a fifth of it."""
    disc = state.disc
    figure = state.figure
    ip = state.ip
    emperor = state.turn
    vacated = -1 if state.passer == piece else origin
    avoids_revolt = piece in AVOIDS_REVOLT  # R11.2: the Vicarius
    for q, base, move in _link_moves(state, emperor, origin, tag):
        into_revolt = disc[q] == REVOLT
        cost = base + INTO_REVOLT if into_revolt else base
        if cost > ip or (avoids_revolt and into_revolt):
            continue
        holder = figure[q]
        if holder == NO_FIGURE or q == vacated or (
            holder > REBEL and can_pass_on(state, q, ip - cost, vacated, piece)
        ):
            actions.append(move)
    fleets = state.fleets
    for zone in state.board.provinces[origin].coastal:
        if fleets[zone]:
            break
    else:
        return
    for q, crossing, move in _fleet_moves(state, emperor, origin, tag):
        into_revolt = disc[q] == REVOLT
        cost = crossing + INTO_REVOLT if into_revolt else crossing
        if cost > ip or (avoids_revolt and into_revolt):
            continue
        holder = figure[q]
        if holder == NO_FIGURE or q == vacated or (
            holder > REBEL and can_pass_on(state, q, ip - cost, vacated, piece)
        ):
            actions.append(move)


def apply_roman(state: State, action: Action, events: Events) -> None:
    """Carry out a Roman-phase action the caller has checked to be legal."""
    emperor = state.turn
    if isinstance(action, Move):
        cost = move_cost(state, action)
        state.ip -= cost
        piece = mover(action)
        origin = action.origin
        if state.passer != piece and state.figure[origin] == piece.figure:
            state.figure[origin] = NO_FIGURE
        place_piece(state, piece, action.dest)
        if events is not None:
            events.append(Moved(int(emperor), int(piece), origin, action.dest, action.by_fleet,
                                state.passer == piece, cost))
        if piece in FIGURE_SLOTS:  # an extra figure (R11.2, D16: the Vicarius clears unrest)
            for moved in state.hooks.figure_moved:
                moved(state, int(piece), action.dest, events)
    elif isinstance(action, Sail):
        state.ip -= SAIL
        state.fleets[action.src] = 0
        state.fleets[action.dst] = 1
        if events is not None:
            events.append(Sailed(int(emperor), action.src, action.dst))
    elif isinstance(action, Secure):
        _secure(state, action, events)
    elif isinstance(action, Subdue):
        state.ip -= SUBDUE[action.kind]
        return_disc(state, action.at)
        if action.kind is SubdueKind.REDUCE_REVOLT:
            state.unrest_reserve -= 1
            state.disc[action.at] = UNREST
        if events is not None:
            by = -1 if action.piece is None else int(action.piece)
            events.append(Subdued(int(emperor), by, action.at, int(action.kind),
                                  state.unrest_reserve, state.revolt_reserve))
    elif isinstance(action, Attack):
        cost = attack_cost(state, action)
        state.ip -= cost
        piece = mover(action)
        if events is not None:
            events.append(AttackDeclared(int(emperor), int(piece), action.origin, action.target,
                                         cost))
        state.tasks.append(BattleStep(BATTLE, int(piece), action.target, True))
    elif isinstance(action, EndPhase):
        if events is not None:
            events.append(PhaseEnded(int(emperor), False))
        if state.tasks and state.tasks[-1][0] == ROMAN_PHASE:
            state.tasks.pop()
        push_barbarian_phase(state)
    elif isinstance(action, Enter):
        place_piece(state, emperor, action.province)
        if events is not None:
            events.append(Entered(int(emperor), action.province))
    elif isinstance(action, OptionAction):  # its rule's declared cost first, then its effect
        state.ip -= action_cost(state, action)
        state.hooks.appliers[type(action)](state, action, events)


def _secure(state: State, action: Secure, events: Events) -> None:
    board = state.board
    emperor = state.turn
    border = board.is_border[action.at]
    state.ip -= secure_cost(board, action.at)
    state.garrisons[emperor] -= 1
    state.disc[action.at] = GARRISON + emperor
    if not border:
        if events is not None:
            events.append(GarrisonPlaced(int(emperor), action.at, state.garrisons[emperor]))
        return
    if events is not None:
        events.append(BorderSecured(int(emperor), action.at, state.secured_borders(),
                                    state.garrisons[emperor]))
    for hook in state.hooks.border_secured:
        hook(state, action.at, events)
    if state.secured_borders() == 6:
        finish(state, Result.ROMA_VICTRIX, events)

