"""R12.2 Mare Nostrvm: Roman fleets in adjacent zones form one zone; an Emperor moves between any
coastal provinces of the joined zones for 1 IP per zone crossed: the zones in the shortest chain
of fleet zones joining a zone of the start to a zone of the destination (D21, 2nd edition cost).
"""

from __future__ import annotations

from collections import deque

from tetrarchia.core.rulebook import Hooks, RuleModule, register
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import State


def fleet_routes(state: State, origin: int) -> dict[int, int]:
    board = state.board
    fleets = state.fleets
    chain: dict[int, int] = {}
    queue: deque[int] = deque()
    for zone in board.provinces[origin].coastal:
        if fleets[zone]:
            chain[zone] = 1
            queue.append(zone)
    while queue:
        zone = queue.popleft()
        for other in board.zones[zone].adjacent:
            if fleets[other] and other not in chain:
                chain[other] = chain[zone] + 1
                queue.append(other)
    routes: dict[int, int] = {}
    for zone, cost in chain.items():
        for q in board.coast[zone]:
            if q != origin and cost < routes.get(q, 99):
                routes[q] = cost
    return routes


def _hooks(settings: Settings) -> Hooks:
    return Hooks(fleet_routes=fleet_routes)


MODULE = register(RuleModule(
    key="mare-nostrvm", title="Mare Nostrvm", family="variant", rule="R12.2",
    aliases=("mare-nostrum",),
    summary="Fleets in adjacent zones join: sail between any of their coasts for 1 IP per zone "
            "crossed.",
    hooks=_hooks,
))
