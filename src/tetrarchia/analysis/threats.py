"""Cheap threat readings of a board for the AI and the interfaces: exact, and far cheaper than a
whole forecast (analysis/forecast.py), so a search can ask them at every node.

- :func:`domino_chance`: per province, the probability that it is in revolt once R7.1's
  dominoes have fallen (normal links always carry, each broken link 1/2, D3).
- :func:`uprising_chance`: per province, the probability that the activity roll of R7.2 (its
  two dice) starts an uprising there: in revolt after R7.1, and rolled (1/36).
- :func:`army_paths`: each army's way to Roma along its arrow (D9), its steps (D10) and the
  broken links on the way, where R7.4 stops it one time in two.

All read the board as it stands, as if the Barbarian phase began now; none changes ``state``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tetrarchia.analysis.revolts import Table, bits, spread
from tetrarchia.core.pieces import REBEL
from tetrarchia.core.state import State


def domino_chance(state: State) -> tuple[float, ...]:
    """Per province (board order): the probability that it is in revolt after R7.1.1.

    A revolt stays a revolt (1.0); an unrest turns when a chain of unrest joins it to a revolt
    through normal links and broken links that hold (R7.1, R7.4, D3: each broken link rolled
    at most once); any other province, 0.0.  Should the revolt reserve run dry amid the
    dominoes (R8), the figure is still that of being reached."""
    table = Table.of(state)
    chance = [0.0] * state.board.size
    outcomes, _ = spread(table)
    for revolt, p in outcomes:
        for q in bits(revolt):
            chance[q] += p
    for q in bits(table.border_revolt):  # a border in revolt under a rebel (R13) stays so
        chance[q] = 1.0
    return tuple(chance)


def uprising_chance(state: State) -> tuple[float, ...]:
    """Per province (board order): the probability that the activity roll of the coming R7.2
    (Roman die: region, Barbarian die: province) starts an uprising there: the province is in
    revolt after R7.1 and the dice name it, 1 in 36.  Italia and the borders are never rolled
    (0.0).  The new activities of chained uprisings are not counted: the full phase is the
    forecast's."""
    domino = domino_chance(state)
    chance = [0.0] * state.board.size
    for p in state.board.at_coords.values():
        chance[p] = domino[p] / 36
    return tuple(chance)


@dataclass(frozen=True, slots=True)
class ArmyPath:
    """An army's way to Roma (R7.3): the provinces it will step into, one per Barbarian phase."""

    province: int  # where the army stands
    steps: int  # steps along its own path to Roma (D10: the order of the advance)
    path: tuple[int, ...]  # the provinces ahead, its next step first, Roma last ((): it never moves)
    broken: tuple[tuple[int, int], ...]  # (from, to) of each broken link on the way (R7.4)
    rebel: bool  # a rebel army (R13): it never advances

    @property
    def next_step(self) -> int:
        """The province it steps into at the next R7.3, -1 for none."""
        return self.path[0] if self.path else -1

    @property
    def hold_chance(self) -> float:
        """The chance that every broken link on the way holds when crossed (1/2 each, R7.4)."""
        return 0.5 ** len(self.broken)


def army_path(state: State, province: int) -> ArmyPath:
    """The way to Roma of an army standing in ``province`` (whether one stands there or not)."""
    board = state.board
    path: list[int] = []
    broken: list[tuple[int, int]] = []
    here = province
    while here != board.roma:
        ahead = board.next_step[here]
        if ahead < 0 or ahead in path:  # no way on (D9)
            break
        if board.link_between[(here, ahead)].broken:
            broken.append((here, ahead))
        path.append(ahead)
        here = ahead
    return ArmyPath(province, board.steps_to_roma[province], tuple(path), tuple(broken),
                    state.figure[province] == REBEL)


def army_paths(state: State) -> tuple[ArmyPath, ...]:
    """The way to Roma of every army on the board (rebels included), in board order."""
    return tuple(army_path(state, p) for p in state.armies())
