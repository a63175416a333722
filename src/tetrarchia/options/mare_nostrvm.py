"""R12.2 Mare Nostrvm: Roman fleets in adjacent zones form one zone; an Emperor moves between any
coastal provinces of the joined zones for 1 IP per zone crossed: the zones in the shortest chain
of fleet zones joining a zone of the start to a zone of the destination (D21, 2nd edition cost,
``cost=per-zone``, the default).  With ``cost=flat`` the move costs 1 IP whatever the zones
crossed, as in the 1st edition (003: "Direct movement between any two coastal provinces of this
new extended sea zone is allowed").
"""

from __future__ import annotations

from collections import deque

from tetrarchia.core.costs import FLEET
from tetrarchia.core.rulebook import Hooks, Param, RuleModule, register
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import State


def fleet_routes(state: State, origin: int) -> dict[int, int]:
    """The provinces a fleet move from ``origin`` reaches, with its cost: a crossing's
    (``core.costs.FLEET``, R5.1) per zone crossed."""
    board = state.board
    fleets = state.fleets
    chain: dict[int, int] = {}
    queue: deque[int] = deque()
    for zone in board.provinces[origin].coastal:
        if fleets[zone]:
            chain[zone] = FLEET
            queue.append(zone)
    while queue:
        zone = queue.popleft()
        for other in board.zones[zone].adjacent:
            if fleets[other] and other not in chain:
                chain[other] = chain[zone] + FLEET
                queue.append(other)
    routes: dict[int, int] = {}
    for zone, cost in chain.items():
        for q in board.coast[zone]:
            if q != origin and cost < routes.get(q, 99):
                routes[q] = cost
    return routes


def flat_fleet_routes(state: State, origin: int) -> dict[int, int]:
    """The same provinces, each for one crossing's IP (the 1st edition)."""
    return dict.fromkeys(fleet_routes(state, origin), FLEET)


def _hooks(settings: Settings) -> Hooks:
    flat = settings.param("mare-nostrvm", "cost") == "flat"
    return Hooks(fleet_routes=flat_fleet_routes if flat else fleet_routes)


MODULE = register(RuleModule(
    key="mare-nostrvm", title="Mare Nostrvm", family="variant", rule="R12.2",
    aliases=("mare-nostrum",),
    summary="Fleets in adjacent zones join: sail between any of their coasts for 1 IP per zone "
            "crossed (1 IP in all with cost=flat, 1st edition).",
    params=(Param("cost", "per-zone", ("per-zone", "flat"),
                  "a move between coasts of the joined zones costs 1 IP per zone crossed (2nd "
                  "edition) or 1 IP whatever the zones crossed (1st edition)"),),
    hooks=_hooks,
))
