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

from typing import Final

from tetrarchia.core.board import Board
from tetrarchia.core.events import (
    ActivityProtected,
    ActivityRolled,
    ArmyAttacks,
    ArmyBlocked,
    ArmyPlaced,
    ArmyStopped,
    BorderNotEmpty,
    Event,
    Events,
    LinkRolled,
    NoArmyLeft,
    Purpose,
    Removal,
    UnrestPlaced,
    UnrestRevolts,
    UnrestSpreads,
    UprisingSpreads,
    UprisingStarts,
)
from tetrarchia.core.extensions import ONLY_MOVES
from tetrarchia.core.pieces import (
    ARMY,
    NO_DISC,
    NO_FIGURE,
    REBEL,
    REVOLT,
    UNREST,
)
from tetrarchia.core.state import State
from tetrarchia.core.tasks import (
    ACTIVITY_PROVINCE,
    ARMY_STEP,
    BATTLE,
    FOLLOW_ARROW,
    LINK_CHECK,
    SPREAD,
    SPREAD_STEP,
    UPRISING,
    UPRISING_ARMY_STEP,
    ActivityProvinceStep,
    ActivityStep,
    AdvanceStep,
    ArmyStep,
    BattleStep,
    LinkCheckStep,
    PhaseStartStep,
    RemoveOnRevoltStep,
    SpreadStep,
    UprisingArmyStep,
    UprisingStep,
    army_enters,
    figure_piece,
    piece_at,
    place_revolt,
    place_unrest,
    remove_piece,
    reserves_after_revolt,
    take_dice,
)

BROKEN_LINK_HOLDS: Final = 4  # R7.4: 1-3 not linked, 4-6 linked


# --- R7.4 ----------------------------------------------------------------------------------------
def run_link_check(state: State, task: LinkCheckStep, events: Events) -> bool:
    dice = take_dice(state, Purpose.BROKEN_LINK)
    if dice is None:
        return False
    state.tasks.pop()
    holds = dice[0] + task.bonus >= BROKEN_LINK_HOLDS
    state.memo[task.link] = holds
    if events is not None:
        caller = state.tasks[-1] if state.tasks else None
        army = caller.province if isinstance(caller, ArmyStep) else -1
        uprising = caller.province if isinstance(caller, UprisingStep) else -1
        events.append(LinkRolled(task.link, dice[0], task.bonus, holds, army, uprising))
    return True


def _link_die(events: list[Event], link: int) -> int:
    """The die of the roll for broken ``link`` just reported, 0 when it was rolled earlier in
    this spreading (D3) and reported with an earlier action."""
    for event in reversed(events):
        if isinstance(event, LinkRolled) and event.link == link:
            return event.die
    return 0


def _check_link(state: State, a: int, b: int, bonus: int = 0) -> bool | None:
    """True/False when the link from ``a`` to ``b`` is (known to be) linked now; None after
    pushing a roll for it."""
    link = state.board.link_between[(a, b)]
    if not link.broken:
        return True
    known = state.memo.get(link.index)
    if known is None:
        state.tasks.append(LinkCheckStep(LINK_CHECK, link.index, bonus))
    return known


# --- R7.1 ----------------------------------------------------------------------------------------
def run_spread(state: State, task: SpreadStep, events: Events) -> bool:
    """R7.1.1: unrest linked to a revolt turns, wave by wave, until a wave turns nothing.

    A wave looks at the revolts as they stand when it starts (the step carries them as a bit
    mask) and visits the unrest in board order (D11): an unrest linked to one of them by a normal
    link turns without any roll; an unrest that a chain of normal links will turn in a later wave
    anyway is left for it, with no roll (D11: a broken link is rolled only when crossing it would
    change something); otherwise its broken links to them are rolled in board order until one
    holds (R7.4).  What turns in a wave spreads in the next.  Each broken link is rolled at most
    once per spreading (D3); without D3 a link that failed is rolled again in a later wave.  The
    step's ``revolts`` are None at the start of a wave (:class:`SpreadStep`).
    """
    board = state.board
    disc = state.disc
    memo = state.memo
    revolts = task.revolts
    if revolts is None:  # a wave begins
        if UNREST not in disc:  # nothing can turn: the spreading is over
            state.tasks.pop()
            memo.clear()
            return True
        # R7.1: every revolt spreads, a rebel's on its border too (R13, D40); only Roman
        # provinces hold the unrest that turns (the loop below)
        revolts = frozenset([p for p in range(len(disc)) if disc[p] == REVOLT])
    start = task.next
    changed = task.changed
    roman = board.roman
    neighbours = board.neighbours
    at_start = disc[:]  # the discs as this step (re)starts: what the set below is read from
    doomed: set[int] | None = None  # built at the first broken link to roll, if any: most never
    for i in range(start, len(roman)):
        p = roman[i]
        if disc[p] != UNREST:
            continue
        source = -1
        through_broken = False
        for q, broken in neighbours[p]:
            if not broken and q in revolts:
                source = q
                break
        else:
            for q, broken in neighbours[p]:
                if broken and q in revolts:
                    if doomed is None:
                        doomed = _turning_through_normal_links(board, at_start)
                    if p in doomed:
                        break  # a later wave turns it through normal links: no roll needed
                    link = board.link_between[(p, q)].index
                    holds = memo.get(link)
                    if holds is None:  # roll it, then come back to this unrest
                        state.tasks[-1] = SpreadStep(SPREAD, revolts, i, changed)
                        state.tasks.append(LinkCheckStep(LINK_CHECK, link))
                        return True
                    if holds:
                        source = q
                        through_broken = True
                        break
        if source >= 0:
            if events is not None:
                link = board.link_between[(p, source)].index
                die = _link_die(events, link) if through_broken else 0
                events.append(UnrestSpreads(p, source, link, through_broken, die,
                                            *reserves_after_revolt(state, p)))
            if not place_revolt(state, p, events):
                return True
            changed = True
    if changed:
        if not state.settings.broken_link_once:
            memo.clear()
        state.tasks[-1] = SPREAD_STEP  # the next wave
        return True
    state.tasks.pop()
    memo.clear()
    return True


def _turning_through_normal_links(board: Board, disc: list[int]) -> set[int]:
    """The unrest that revolts will reach through normal links alone, whatever the dice."""
    neighbours = board.neighbours
    frontier = [p for p in range(len(disc)) if disc[p] == REVOLT]  # a rebel's too (D40)
    reached: set[int] = set()
    while frontier:
        p = frontier.pop()
        for q, broken in neighbours[p]:
            if not broken and disc[q] == UNREST and q not in reached:
                reached.add(q)
                frontier.append(q)
    return reached


def run_remove_on_revolt(state: State, task: RemoveOnRevoltStep, events: Events) -> bool:
    """R7.1.2: Emperors standing on a revolt leave the board until their next turn; the Dux and
    the Vicarius die (R11.1, R11.2)."""
    state.tasks.pop()
    for piece in range(6):
        province = piece_at(state, piece)
        if province >= 0 and state.disc[province] == REVOLT:
            remove_piece(state, piece, events, Removal.ON_REVOLT)
    return True


def run_phase_start(state: State, task: PhaseStartStep, events: Events) -> bool:
    """Before R7.1: the options' own steps (the Barbarian player's black disc, R12.6)."""
    state.tasks.pop()
    for hook in state.hooks.phase_start:
        hook(state, events)
    return True


# --- R7.2 ----------------------------------------------------------------------------------------
def run_activity(state: State, task: ActivityStep, events: Events) -> bool:
    dice = take_dice(state, Purpose.ACTIVITY)
    if dice is None:
        return False
    state.tasks.pop()
    resolve_activity(state, dice[0], dice[1], events, True)
    return True


def run_activity_province(state: State, task: ActivityProvinceStep, events: Events) -> bool:
    dice = take_dice(state, Purpose.UPRISING_PROVINCE)
    if dice is None:
        return False
    state.tasks.pop()
    resolve_activity(state, task.region, dice[0], events, False)
    return True


def resolve_activity(state: State, region: int, number: int, events: Events,
                     purpose_is_activity: bool = True) -> None:
    """R7.2 on province ``region:number`` (rolled for the activity, or for an uprising's new
    activity: ``purpose_is_activity`` False)."""
    board = state.board
    province = board.at_coords[(region, number)]
    disc = state.disc[province]
    if events is not None:
        purpose = Purpose.ACTIVITY if purpose_is_activity else Purpose.UPRISING_PROVINCE
        events.append(ActivityRolled(int(purpose), region, number, province))
    if state.is_protected(province):
        if events is not None:
            events.append(ActivityProtected(province, disc == NO_DISC))
    elif state.figure[province] != NO_FIGURE and _blocked(state, province, events):
        return  # R11.2: nothing happens (the blocking rule reported it)
    elif disc == NO_DISC:
        if events is not None:
            events.append(UnrestPlaced(province, state.unrest_reserve - 1))
        place_unrest(state, province, events)
    elif disc == UNREST:
        if events is not None:
            events.append(UnrestRevolts(province, *reserves_after_revolt(state, province)))
        place_revolt(state, province, events)
    else:
        if events is not None:
            events.append(UprisingStarts(province))
        state.memo.clear()
        state.tasks.append(UprisingStep(UPRISING, province))
        for hook in state.hooks.uprising:
            hook(state, province, events)


def _blocked(state: State, province: int, events: Events) -> bool:
    """Whether the figure on ``province`` blocks the activity roll there (an optional rule's
    figure, R11.2); the rule that blocks it reports it."""
    return any(blocks(state, province, events) for blocks in state.hooks.activity_blocked)


def run_uprising(state: State, task: UprisingStep, events: Events) -> bool:
    """R7.2 uprising step 1: a revolt on every Roman province linked to it (broken links rolled,
    D3, D11).  Emperors reached stay until the next R7.1."""
    board = state.board
    origin = task.province
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
        if events is not None:
            link = board.link_between[(origin, q)].index
            die = _link_die(events, link) if broken else 0
            events.append(UprisingSpreads(origin, q, link, broken, die, disc[q],
                                          *reserves_after_revolt(state, q)))
        if state.figure[q] != NO_FIGURE:  # a figure the revolt reaches (R11.2: the Vicarius dies)
            for reached in state.hooks.reached:
                reached(state, q, Removal.REACHED_BY_UPRISING, events)
        if not place_revolt(state, q, events):
            return True
    state.tasks.pop()
    state.memo.clear()
    state.tasks.append(UPRISING_ARMY_STEP)
    return True


def run_uprising_army(state: State, task: UprisingArmyStep, events: Events) -> bool:
    """R7.2 uprising step 2: only if an army is left, roll the Roman die; an empty border gets
    the army, otherwise the Barbarian die makes a new activity there."""
    if state.armies_in_reserve() <= 0:
        state.tasks.pop()
        if events is not None:
            events.append(NoArmyLeft())
        return True
    dice = take_dice(state, Purpose.UPRISING_REGION)
    if dice is None:
        return False
    state.tasks.pop()
    region = dice[0]
    border = state.board.border_of[region]
    if not place_army(state, region, False, events):
        if events is not None:
            events.append(BorderNotEmpty(region, border))
        state.tasks.append(ActivityProvinceStep(ACTIVITY_PROVINCE, region))
    return True


# --- R7.3 ----------------------------------------------------------------------------------------
def place_army(state: State, region: int, setup: bool, events: Events) -> bool:
    """An army arrives on the border of ``region`` if it is empty (R7.2, R3.5); options may
    place another figure or refuse (the Goths, R11.4).  False when nothing was placed."""
    for hook in state.hooks.army_arrives:
        placed = hook(state, region, setup, events)
        if placed is not None:
            return placed
    border = state.board.border_of[region]
    if state.figure[border] != NO_FIGURE or state.disc[border] != NO_DISC \
            or state.ordinary_armies_in_reserve() <= 0:
        return False
    state.figure[border] = ARMY
    state.armies_placed.append(border)
    if events is not None:
        events.append(ArmyPlaced(region, border, ARMY, state.armies_in_reserve()))
    return True


def advance_order(state: State) -> list[int]:
    """The armies that advance, closest to Roma first along their own path (D10); ties: lowest
    region number, Italia last, then board order.  Rebels never advance (R13: ``advances``);
    the optional rules hold others back (``armies_held``: usurpers wait for the next phase, D18)."""
    board = state.board
    figure = state.figure
    placed: set[int] = set()
    for held in state.hooks.armies_held:
        placed.update(held(state))
    if not state.settings.new_armies_advance:
        placed.update(state.armies_placed)
    armies = [p for p in state.armies() if p not in placed and advances(figure[p])]
    return sorted(armies, key=lambda p: (board.steps_to_roma[p], board.region_of[p] or 7, p))


def run_advance(state: State, task: AdvanceStep, events: Events) -> bool:
    state.tasks.pop()
    state.memo.clear()
    order = advance_order(state)
    state.tasks.extend(ArmyStep(ARMY_STEP, p) for p in reversed(order))
    return True


def advances(figure: int) -> bool:
    """The figure is an army that advances in R7.3: an ordinary army or the Goths, never a rebel
    (R13: a rebel army stays where it rose)."""
    return ARMY <= figure < REBEL  # the army figures are ARMY, GOTHS, REBEL, in that order


def run_army_step(state: State, task: ArmyStep, events: Events) -> bool:
    """One army's step (:class:`ArmyStep`): blocked by an army ahead or a failed broken link;
    attacks an Emperor (or the Dux) in its way (R6); otherwise enters and devastates (or takes
    Roma).  Options may intervene before the step and before the attack."""
    board = state.board
    src = task.province
    figure = state.figure
    if not advances(figure[src]):  # it fell to a battle or left since the order was made
        state.tasks.pop()
        return True
    if not task.step_offered:
        state.tasks[-1] = task = ArmyStep(ARMY_STEP, src, task.dest, True, task.attack_offered,
                                          task.arrow_fallback, task.link_passed)
        for hook in state.hooks.before_step:
            if hook(state, task):
                return True
    dest = task.dest
    if dest == FOLLOW_ARROW:
        dest = board.next_step[src]
    if dest < 0:
        state.tasks.pop()
        return True
    if ARMY <= figure[dest] <= REBEL:
        state.tasks.pop()
        if events is not None:
            events.append(ArmyBlocked(src, dest))
        return True
    if not task.link_passed:
        bonus = sum(hook(state, src) for hook in state.hooks.link_bonus)
        linked = _check_link(state, src, dest, bonus)
        if linked is None:
            return True
        state.memo.clear()
        if not linked:
            if task.arrow_fallback:  # R12.6: the change is cancelled, the arrow as it would have
                state.tasks[-1] = ArmyStep(ARMY_STEP, src, FOLLOW_ARROW, step_offered=True)
                if events is not None:
                    events.append(ArmyStopped(src, dest, board.link_between[(src, dest)].index,
                                              follows_arrow=True))
                return True
            state.tasks.pop()
            if events is not None:
                events.append(ArmyStopped(src, dest, board.link_between[(src, dest)].index))
            return True
        state.tasks[-1] = task = ArmyStep(ARMY_STEP, src, task.dest, True, task.attack_offered,
                                          task.arrow_fallback, True)
    fighter = figure_piece(figure[dest])
    if fighter >= 0 and fighter not in ONLY_MOVES:  # an Emperor or a figure that fights (R11)
        if not task.attack_offered:
            state.tasks[-1] = task = ArmyStep(ARMY_STEP, src, task.dest, True, True,
                                              task.arrow_fallback, task.link_passed)
            for hook in state.hooks.before_attack:
                if hook(state, task):
                    return True
        state.tasks.pop()
        if events is not None:
            events.append(ArmyAttacks(src, dest, fighter))
        state.tasks.append(BattleStep(BATTLE, fighter, src, False))
        return True
    state.tasks.pop()
    army_enters(state, src, dest, events)
    return True
