"""R8 The 10-point score (optional, 1st edition), computed at the end of a game.

+1 per secured border, +4 if Italia holds no revolt; -1 per unsecured border, per army on the
board and per region in revolt: a region whose discs would cost more than 6 IP to subdue (2 per
revolt, 1 per unrest).  All seven regions count, Italia included (D14).
"""

from __future__ import annotations

from dataclasses import dataclass

from tetrarchia.core.board import ITALIA, OUTER_REGIONS
from tetrarchia.core.pieces import REVOLT, UNREST
from tetrarchia.core.state import State

REGION_IN_REVOLT_IP = 6


@dataclass(frozen=True, slots=True)
class Score:
    secured_borders: int
    italia_free: bool
    armies: int
    regions_in_revolt: int

    @property
    def total(self) -> int:
        return (self.secured_borders + (4 if self.italia_free else 0)
                - (6 - self.secured_borders) - self.armies - self.regions_in_revolt)

    def describe(self) -> str:
        return (f"{self.total} points: +{self.secured_borders} secured borders, "
                f"+{4 if self.italia_free else 0} Italia free of revolt, "
                f"-{6 - self.secured_borders} unsecured borders, -{self.armies} armies, "
                f"-{self.regions_in_revolt} regions in revolt")


def subdue_cost(state: State, region: int) -> int:
    disc = state.disc
    return sum(2 if disc[p] == REVOLT else 1 if disc[p] == UNREST else 0
               for p in state.board.region_provinces[region])


def score(state: State) -> Score:
    return Score(
        secured_borders=state.secured_borders(),
        italia_free=not state.region_has_revolt(ITALIA),
        armies=state.armies_on_board(),
        regions_in_revolt=sum(1 for r in (*OUTER_REGIONS, ITALIA)
                              if subdue_cost(state, r) > REGION_IN_REVOLT_IP),
    )
