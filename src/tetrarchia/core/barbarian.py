"""R7 Barbarian phase, after every Roman phase:

1. Revolts (R7.1): every unrest linked to a revolt becomes a revolt, repeatedly; then every Emperor
   standing on a revolt leaves the board.
2. Barbarian activity (R7.2): roll region:province; garrison -> nothing, nothing -> unrest,
   unrest -> revolt, revolt -> uprising (revolts on the linked Roman provinces, then, if an army
   is left, the Roman die places an army on an empty border or a new activity is resolved).
3. Barbarian advance (R7.3): every army steps along its path, closest to Roma first (D10).

Broken links are rolled for in this phase only (R7.4), once per spreading or uprising (D3), and
only when crossing would change something (D11).
"""

from __future__ import annotations

from tetrarchia.core.events import Events, Purpose
from tetrarchia.core.pieces import ARMY, NO_DISC, NO_FIGURE, REVOLT, ROMAN_NUMERALS, UNREST
from tetrarchia.core.state import State
from tetrarchia.core.tasks import (
    ACTIVITY_PROVINCE,
    ARMY_STEP,
    BATTLE,
    LINK_CHECK,
    UPRISING,
    UPRISING_ARMY,
    army_enters,
    emit,
    emperor_name,
    place_revolt,
    place_unrest,
    remove_emperor,
    take_dice,
)

BROKEN_LINK_HOLDS = 4  # R7.4: 1-3 not linked, 4-6 linked


# --- R7.4 ----------------------------------------------------------------------------------------
def run_link_check(state: State, task: tuple[int, ...], events: Events) -> bool:
    dice = take_dice(state, Purpose.BROKEN_LINK)
    if dice is None:
        return False
    state.tasks.pop()
    _, link_index, bonus = task
    holds = dice[0] + bonus >= BROKEN_LINK_HOLDS
    state.memo[link_index] = holds
    link = state.board.links[link_index]
    emit(events, "link", f"Broken link {state.board.name(link.a)} - {state.board.name(link.b)}: "
         f"rolled {dice[0]}, {'linked' if holds else 'not linked'}.")
    return True


def _check_link(state: State, a: int, b: int, bonus: int = 0) -> bool | None:
    """True/False when the link from ``a`` to ``b`` is (known to be) linked now; None after
    pushing a roll for it."""
    link = state.board.link_between[(a, b)]
    if not link.broken:
        return True
    known = state.memo.get(link.index)
    if known is None:
        state.tasks.append((LINK_CHECK, link.index, bonus))
    return known


# --- R7.1 ----------------------------------------------------------------------------------------
def run_spread(state: State, task: tuple[int, ...], events: Events) -> bool:
    """R7.1.1: unrest linked to a revolt turns, in waves, until nothing changes.

    Conversions through normal links (and broken links already found linked) happen first; only
    when none is left is the next broken link rolled for: the first unrest in board order, its
    links in board order (D11).  Each broken link is rolled at most once per spreading (D3);
    without D3 a failed link is rolled again after a later wave.
    """
    board = state.board
    disc = state.disc
    memo = state.memo
    changed = True
    while changed:
        changed = False
        for p in board.roman:
            if disc[p] != UNREST:
                continue
            for q, broken in board.neighbours[p]:
                if disc[q] == REVOLT and (not broken or memo.get(board.link_between[(p, q)].index)):
                    emit(events, "revolt", f"The unrest in {board.name(p)} turns to revolt "
                         f"(linked to {board.name(q)}).")
                    if not place_revolt(state, p, events):
                        return True
                    changed = True
                    if not state.settings.broken_link_once:
                        memo.clear()
                    break
    for p in board.roman:
        if disc[p] != UNREST:
            continue
        for q, broken in board.neighbours[p]:
            if broken and disc[q] == REVOLT:
                link = board.link_between[(p, q)]
                if link.index not in memo:
                    state.tasks.append((LINK_CHECK, link.index, 0))
                    return True
    state.tasks.pop()
    memo.clear()
    return True


def run_remove_on_revolt(state: State, task: tuple[int, ...], events: Events) -> bool:
    """R7.1.2: Emperors standing on a revolt leave the board until their next turn."""
    state.tasks.pop()
    for emperor, province in enumerate(state.emperor_at):
        if province >= 0 and state.disc[province] == REVOLT:
            remove_emperor(state, emperor)
            emit(events, "removed", f"{emperor_name(emperor)} stands on a revolt in "
                 f"{state.board.name(province)} and leaves the board.")
    return True


# --- R7.2 ----------------------------------------------------------------------------------------
def run_activity(state: State, task: tuple[int, ...], events: Events) -> bool:
    dice = take_dice(state, Purpose.ACTIVITY)
    if dice is None:
        return False
    state.tasks.pop()
    resolve_activity(state, dice[0], dice[1], events)
    return True


def run_activity_province(state: State, task: tuple[int, ...], events: Events) -> bool:
    dice = take_dice(state, Purpose.UPRISING_PROVINCE)
    if dice is None:
        return False
    state.tasks.pop()
    resolve_activity(state, task[1], dice[0], events)
    return True


def resolve_activity(state: State, region: int, number: int, events: Events) -> None:
    """R7.2 on province ``region:number``."""
    board = state.board
    province = board.at_coords[(region, number)]
    label = board.label(province)
    disc = state.disc[province]
    emit(events, "roll", f"Barbarian activity: {ROMAN_NUMERALS[region]}:{number}, {label}.")
    if state.is_protected(province):
        emit(events, "activity", f"{board.name(province)} is protected by a garrison: nothing happens.")
    elif disc == NO_DISC:
        emit(events, "unrest", f"Unrest in {board.name(province)}.")
        place_unrest(state, province, events)
    elif disc == UNREST:
        emit(events, "revolt", f"The unrest in {board.name(province)} becomes a revolt.")
        place_revolt(state, province, events)
    else:
        emit(events, "uprising", f"Uprising in {board.name(province)}!")
        state.memo.clear()
        state.tasks.append((UPRISING, province))


def run_uprising(state: State, task: tuple[int, ...], events: Events) -> bool:
    """R7.2 uprising step 1: a revolt on every Roman province linked to it (broken links rolled,
    D3, D11).  Emperors reached stay until the next R7.1."""
    board = state.board
    origin = task[1]
    disc = state.disc
    for q, broken in board.neighbours[origin]:
        if board.is_border[q] or disc[q] == REVOLT:
            continue
        if broken:
            linked = _check_link(state, origin, q)
            if linked is None:
                return True
            if not linked:
                continue
        emit(events, "revolt", f"The uprising spreads a revolt to {board.name(q)}.")
        if not place_revolt(state, q, events):
            return True
    state.tasks.pop()
    state.memo.clear()
    state.tasks.append((UPRISING_ARMY,))
    return True


def run_uprising_army(state: State, task: tuple[int, ...], events: Events) -> bool:
    """R7.2 uprising step 2: only if an army is left, roll the Roman die; an empty border gets
    the army, otherwise the Barbarian die makes a new activity there."""
    if state.armies_in_reserve() <= 0:
        state.tasks.pop()
        emit(events, "army", "No army is left in the reserve: the uprising brings no army.")
        return True
    dice = take_dice(state, Purpose.UPRISING_REGION)
    if dice is None:
        return False
    state.tasks.pop()
    region = dice[0]
    border = state.board.border_of[region]
    if state.figure[border] == NO_FIGURE and state.disc[border] == NO_DISC:
        state.figure[border] = ARMY
        state.armies_placed.append(border)
        emit(events, "army", f"Region {ROMAN_NUMERALS[region]}: a Barbarian army appears in "
             f"{state.board.name(border)}.")
    else:
        emit(events, "army", f"Region {ROMAN_NUMERALS[region]}: the border "
             f"{state.board.name(border)} is not empty; a new activity in that region.")
        state.tasks.append((ACTIVITY_PROVINCE, region))
    return True


# --- R7.3 ----------------------------------------------------------------------------------------
def advance_order(state: State) -> list[int]:
    """The armies that advance, closest to Roma first along their own path (D10); ties: lowest
    region number, Italia last, then board order."""
    board = state.board
    placed = set() if state.settings.new_armies_advance else set(state.armies_placed)
    armies = [p for p in state.armies() if p not in placed]
    return sorted(armies, key=lambda p: (board.steps_to_roma[p], board.region_of[p] or 7, p))


def run_advance(state: State, task: tuple[int, ...], events: Events) -> bool:
    state.tasks.pop()
    state.memo.clear()
    order = advance_order(state)
    state.tasks.extend((ARMY_STEP, p) for p in reversed(order))
    return True


def run_army_step(state: State, task: tuple[int, ...], events: Events) -> bool:
    """One army's step: blocked by an army ahead or a failed broken link; attacks an Emperor in
    its way (R6); otherwise enters and devastates (or takes Roma)."""
    board = state.board
    src = task[1]
    if state.figure[src] != ARMY:
        state.tasks.pop()
        return True
    dest = board.next_step[src]
    if dest < 0:
        state.tasks.pop()
        return True
    if state.figure[dest] == ARMY:
        state.tasks.pop()
        emit(events, "army", f"The army in {board.name(src)} is blocked by the army in "
             f"{board.name(dest)}.")
        return True
    linked = _check_link(state, src, dest)
    if linked is None:
        return True
    state.memo.clear()
    state.tasks.pop()
    if not linked:
        emit(events, "army", f"The army in {board.name(src)} cannot cross the broken link to "
             f"{board.name(dest)} this turn.")
        return True
    emperor = state.emperor_on(dest)
    if emperor >= 0:
        emit(events, "army", f"The army in {board.name(src)} attacks {emperor_name(emperor)} in "
             f"{board.name(dest)}.")
        state.tasks.append((BATTLE, emperor, src, 0))
        return True
    army_enters(state, src, dest, events)
    return True
