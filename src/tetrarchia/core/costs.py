"""The one source of every action's cost in IP (R5, and the optional rules' actions).

The engine's own checks (``core/roman.py``: an action is legal when the IP cover its cost), its
charge when an action is carried out, its refusals (``core/diagnose.py``), the terminal and the
page all read :func:`action_cost`, so a rule change here is charged and shown alike.

- R5.1 Move: a link 1 IP, a broken link 2, by fleet 1 (Mare Nostrvm: its own routes, R12.2);
  +1 into a revolt.  R5.5 Attack: the cost of the move through the link.
- R5.2 Sail 1 IP.  R5.3 Secure 1 IP, a border 2 IP.
- R5.4 Subdue: remove a revolt 2 IP, reduce it to unrest 1 IP (D15), remove unrest 1 IP.

An optional rule's action declares its cost through the ``costs`` table of its hooks
(``core/rulebook.py``): ``Hooks(costs={Deploy: fixed(2)})``.  A cost is what the action takes
from the IP of the turn: a negative cost is an IP gained (Maximian's power, R12.1).  An action
whose rule declares no cost (a die, a decision, the Barbarian player's choices) costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from tetrarchia.core.actions import Attack, Move, OptionAction, Sail, Secure, Subdue, SubdueKind
from tetrarchia.core.pieces import REVOLT

if TYPE_CHECKING:
    from tetrarchia.core.actions import Action
    from tetrarchia.core.board import Board
    from tetrarchia.core.state import State

LINK: Final = 1  # R5.1
BROKEN_LINK: Final = 2  # R5.1
INTO_REVOLT: Final = 1  # R5.1: entering a revolt costs one more
FLEET: Final = 1  # R5.1: a crossing by a Roman fleet (Mare Nostrvm replaces it: R12.2)
SAIL: Final = 1  # R5.2
SECURE: Final = 1  # R5.3
SECURE_BORDER: Final = 2  # R5.3
CHEAPEST_STEP: Final = min(LINK, FLEET)  # every step of a move costs at least this
SUBDUE: Final = {SubdueKind.REMOVE_REVOLT: 2, SubdueKind.REDUCE_REVOLT: 1,  # R5.4, D15
                 SubdueKind.REMOVE_UNREST: 1}

CostRule = Callable[["State", Any], int]  # (state, action) -> IP; an option's declaration


def fixed(ip: int) -> CostRule:
    """A cost that does not depend on the position (an option's declaration: ``fixed(2)``)."""
    def cost(state: State, action: Any) -> int:
        return ip
    return cost


def link_cost(broken: bool, into_revolt: bool) -> int:
    """R5.1/R5.5: 1 or 2 IP through the link, +1 when the destination holds a revolt."""
    return (BROKEN_LINK if broken else LINK) + (INTO_REVOLT if into_revolt else 0)


def secure_cost(board: Board, at: int) -> int:
    """R5.3: a border costs 2 IP, any other province 1."""
    return SECURE_BORDER if board.is_border[at] else SECURE


def fleet_routes(state: State, origin: int) -> dict[int, int]:
    """Provinces reachable by fleet from ``origin``, with the IP of the crossing before any
    revolt: both on the coast of a zone holding a Roman fleet (R5.1), or the Mare Nostrvm
    routes (R12.2) when that variant replaces this."""
    custom = state.hooks.fleet_routes
    board = state.board
    fleets = state.fleets
    cache = board.fleet_cache.get(custom)
    if cache is None:
        cache = board.fleet_cache[custom] = {}
    key = (origin, fleets[1], fleets[2], fleets[3])
    found = cache.get(key)
    if found is None:
        if custom is not None:  # a variant's routes: a function of the board, origin and fleets
            found = custom(state, origin)
        else:
            found = {}
            for zone in board.provinces[origin].coastal:
                if fleets[zone]:
                    for q in board.coast[zone]:
                        if q != origin:
                            found[q] = FLEET
        cache[key] = found
    return found  # shared: callers only read it


def move_cost(state: State, action: Move) -> int:
    """R5.1: the IP of a move through its link or by fleet, +1 into a revolt."""
    into_revolt = state.disc[action.dest] == REVOLT
    if action.by_fleet:
        return fleet_routes(state, action.origin)[action.dest] + (INTO_REVOLT if into_revolt else 0)
    return link_cost(state.board.link_between[(action.origin, action.dest)].broken, into_revolt)


def attack_cost(state: State, action: Attack) -> int:
    """R5.5: an attack costs the move through the link into the army's province."""
    link = state.board.link_between[(action.origin, action.target)]
    return link_cost(link.broken, state.disc[action.target] == REVOLT)


def action_cost(state: State, action: Action) -> int:
    """The IP ``action`` takes from the Emperor of the turn when it is carried out now (negative:
    IP gained).  Asked of a legal action; the others' cost is what the rule would charge."""
    kind = type(action)
    if kind is Move:
        assert isinstance(action, Move)
        return move_cost(state, action)
    if kind is Attack:
        assert isinstance(action, Attack)
        return attack_cost(state, action)
    if kind is Subdue:
        assert isinstance(action, Subdue)
        return SUBDUE[action.kind]
    if kind is Secure:
        assert isinstance(action, Secure)
        return secure_cost(state.board, action.at)
    if kind is Sail:
        return SAIL
    if isinstance(action, OptionAction):
        rule = state.hooks.costs.get(kind)
        return 0 if rule is None else rule(state, action)
    return 0  # a die, a fleet placed at setup, an entry, the end of a phase


def affordable(state: State, action: Action) -> bool:
    """Whether the IP of the turn cover the cost of ``action``."""
    return action_cost(state, action) <= state.ip
