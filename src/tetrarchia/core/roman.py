"""R5 Roman phase: the five actions and their costs, and the entry of R4.

- Move (R5.1): normal link 1 IP, broken link 2, by fleet 1; +1 into a revolt; never into an army;
  into another figure only to pass through (D8, D21).
- Sail (R5.2) 1 IP; Secure (R5.3) 1 IP, a border 2 IP with its region free of revolt;
  Subdue (R5.4) revolt 2 / revolt to unrest 1 / unrest 1; Attack (R5.5) the cost of the move.
"""

from __future__ import annotations

import heapq

from tetrarchia.core.actions import (
    Action,
    Attack,
    EndPhase,
    Enter,
    Move,
    Sail,
    Secure,
    Subdue,
    SubdueKind,
)
from tetrarchia.core.events import Events
from tetrarchia.core.pieces import (
    ARMY,
    EMPEROR_FIGURE,
    GARRISON,
    NO_DISC,
    NO_FIGURE,
    REVOLT,
    UNREST,
    Emperor,
)
from tetrarchia.core.state import Result, State
from tetrarchia.core.tasks import (
    BATTLE,
    ROMAN_PHASE,
    emit,
    finish,
    place_emperor,
    push_barbarian_phase,
    return_disc,
)

SECURE_COST = 1
SECURE_BORDER_COST = 2
SAIL_COST = 1
FLEET_COST = 1
SUBDUE_COST = {SubdueKind.REMOVE_REVOLT: 2, SubdueKind.REDUCE_REVOLT: 1, SubdueKind.REMOVE_UNREST: 1}


def link_cost(broken: bool, into_revolt: bool) -> int:
    """R5.1/R5.5: 1 or 2 IP through the link, +1 when the destination holds a revolt."""
    return (2 if broken else 1) + (1 if into_revolt else 0)


def fleet_destinations(state: State, origin: int) -> list[int]:
    """Provinces reachable by a Roman fleet from ``origin`` (both coastal on its zone)."""
    board = state.board
    fleets = state.fleets
    found: list[int] = []
    for zone in board.provinces[origin].coastal:
        if fleets[zone]:
            found.extend(q for q in board.coast[zone] if q != origin and q not in found)
    return found


def can_pass_on(state: State, start: int, budget: int, vacated: int) -> bool:
    """D21: from ``start`` (held by another figure), can moves costing at most ``budget`` end in
    a province with no other figure?  ``vacated`` is the province the mover left (now free)."""
    board = state.board
    figure = state.figure
    disc = state.disc
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        spent, p = heapq.heappop(heap)
        if spent > best.get(p, budget + 1):
            continue
        steps = [(q, link_cost(broken, disc[q] == REVOLT)) for q, broken in board.neighbours[p]]
        steps += [(q, FLEET_COST + (disc[q] == REVOLT)) for q in fleet_destinations(state, p)]
        for q, cost in steps:
            total = spent + cost
            if total > budget or figure[q] == ARMY or total >= best.get(q, budget + 1):
                continue
            if q == vacated or figure[q] == NO_FIGURE:
                return True
            best[q] = total
            heapq.heappush(heap, (total, q))
    return False


def entry_choices(state: State, emperor: int) -> list[int]:
    """R4: Roma, or his capital if no disc covers it and no army is on it; a province held by
    another figure only if he can move out with his 6 IP (D21).  Empty: he stays off (D1)."""
    board = state.board
    choices: list[int] = []
    for province in (board.roma, board.capital[Emperor(emperor)]):
        if province in choices:
            continue
        if province != board.roma and state.disc[province] != NO_DISC:
            continue
        holder = state.figure[province]
        if holder == ARMY:
            continue
        if holder != NO_FIGURE and not can_pass_on(state, province, state.ip, -1):
            continue
        choices.append(province)
    return choices


def roman_actions(state: State) -> list[Action]:
    """Every legal action of the Emperor whose Roman phase it is."""
    emperor = state.turn
    origin = state.emperor_at[emperor]
    ip = state.ip
    board = state.board
    figure = state.figure
    disc = state.disc
    actions: list[Action] = []
    if origin < 0:  # defeated in this phase: nothing but the end
        return [EndPhase(emperor)]
    # R5.1 Move (the only thing a passing Emperor may do)
    vacated = -1 if state.passing else origin
    for q, broken in board.neighbours[origin]:
        cost = link_cost(broken, disc[q] == REVOLT)
        if cost <= ip and _may_enter(state, q, ip - cost, vacated):
            actions.append(Move(emperor, origin, q, False))
    if any(state.fleets[z] for z in board.provinces[origin].coastal):
        for q in fleet_destinations(state, origin):
            cost = FLEET_COST + (disc[q] == REVOLT)
            if cost <= ip and _may_enter(state, q, ip - cost, vacated):
                actions.append(Move(emperor, origin, q, True))
    if state.passing:
        return actions
    # R5.2 Sail
    if ip >= SAIL_COST:
        fleets = state.fleets
        for zone in (1, 2, 3):
            if fleets[zone]:
                for other in board.zones[zone].adjacent:
                    if not fleets[other]:
                        actions.append(Sail(emperor, zone, other))
    # R5.3 Secure
    here = disc[origin]
    if here == NO_DISC and state.garrisons[emperor] > 0:
        if board.is_border[origin]:
            if ip >= SECURE_BORDER_COST and not state.region_has_revolt(board.region_of[origin]):
                actions.append(Secure(emperor, origin))
        elif ip >= SECURE_COST:
            actions.append(Secure(emperor, origin))
    # R5.4 Subdue
    if here == REVOLT:
        if ip >= 2:
            actions.append(Subdue(emperor, origin, SubdueKind.REMOVE_REVOLT))
        if ip >= 1 and state.unrest_reserve > 0:  # D15
            actions.append(Subdue(emperor, origin, SubdueKind.REDUCE_REVOLT))
    elif here == UNREST and ip >= 1:
        actions.append(Subdue(emperor, origin, SubdueKind.REMOVE_UNREST))
    # R5.5 Attack: through links only, never by fleet
    for q, broken in board.neighbours[origin]:
        if figure[q] == ARMY and link_cost(broken, disc[q] == REVOLT) <= ip:
            actions.append(Attack(emperor, origin, q))
    actions.append(EndPhase(emperor))
    return actions


def _may_enter(state: State, q: int, budget_after: int, vacated: int) -> bool:
    holder = state.figure[q]
    if holder == NO_FIGURE or q == vacated:
        return True
    if holder == ARMY:
        return False
    return can_pass_on(state, q, budget_after, vacated)


def move_cost(state: State, action: Move) -> int:
    into_revolt = state.disc[action.dest] == REVOLT
    if action.by_fleet:
        return FLEET_COST + into_revolt
    link = state.board.link_between[(action.origin, action.dest)]
    return link_cost(link.broken, into_revolt)


def attack_cost(state: State, action: Attack) -> int:
    link = state.board.link_between[(action.origin, action.target)]
    return link_cost(link.broken, state.disc[action.target] == REVOLT)


def apply_roman(state: State, action: Action, events: Events) -> None:
    """Carry out a Roman-phase action the caller has checked to be legal."""
    board = state.board
    emperor = state.turn
    name = emperor.title
    if isinstance(action, Move):
        cost = move_cost(state, action)
        state.ip -= cost
        origin = action.origin
        if not state.passing and state.figure[origin] == EMPEROR_FIGURE + emperor:
            state.figure[origin] = NO_FIGURE
        place_emperor(state, emperor, action.dest)
        how = " by fleet" if action.by_fleet else ""
        passing = " (passing through)" if state.passing else ""
        emit(events, "move", f"{name} moves{how} from {board.name(origin)} to "
             f"{board.name(action.dest)}{passing} for {cost} IP.")
    elif isinstance(action, Sail):
        state.ip -= SAIL_COST
        state.fleets[action.src] = 0
        state.fleets[action.dst] = 1
        emit(events, "sail", f"{name} sails a fleet from {board.zones[action.src].title} to "
             f"{board.zones[action.dst].title}.")
    elif isinstance(action, Secure):
        border = board.is_border[action.at]
        state.ip -= SECURE_BORDER_COST if border else SECURE_COST
        state.garrisons[emperor] -= 1
        state.disc[action.at] = GARRISON + emperor
        if border:
            emit(events, "secure", f"{name} secures the border in {board.name(action.at)} "
                 f"({state.secured_borders()} of 6).")
            if state.secured_borders() == 6:
                finish(state, Result.ROMA_VICTRIX, events, "All six borders are secured: Roma Victrix!")
        else:
            emit(events, "secure", f"{name} places a garrison in {board.name(action.at)}.")
    elif isinstance(action, Subdue):
        state.ip -= SUBDUE_COST[action.kind]
        return_disc(state, action.at)
        if action.kind is SubdueKind.REDUCE_REVOLT:
            state.unrest_reserve -= 1
            state.disc[action.at] = UNREST
            emit(events, "subdue", f"{name} reduces the revolt in {board.name(action.at)} to unrest.")
        else:
            what = "revolt" if action.kind is SubdueKind.REMOVE_REVOLT else "unrest"
            emit(events, "subdue", f"{name} removes the {what} in {board.name(action.at)}.")
    elif isinstance(action, Attack):
        state.ip -= attack_cost(state, action)
        emit(events, "attack", f"{name} attacks the army in {board.name(action.target)} from "
             f"{board.name(action.origin)}.")
        state.tasks.append((BATTLE, emperor, action.target, 1))
    elif isinstance(action, EndPhase):
        emit(events, "phase", f"{name} ends his Roman phase.")
        if state.tasks and state.tasks[-1][0] == ROMAN_PHASE:
            state.tasks.pop()
        push_barbarian_phase(state)
    elif isinstance(action, Enter):
        place_emperor(state, emperor, action.province)
        emit(events, "enter", f"{name} enters the board in {board.name(action.province)}.")
