"""R6 Combat: die + support group, times 2 for each ally linked to the enemy.

- Roman value = (Roman die + Roman support) x 2^(other Emperors linked to the army).
- Barbarian value = (Barbarian die + Barbarian support) x 2^(other armies linked to the Emperor).

Support is one connected group of the side's discs (R6, D6): for an Emperor the provinces that
count as his garrisons (his discs, his uncovered printed capital, uncovered Roma); for an army its
revolts.  Only groups holding the fighter's province or a province linked to it count, and only
one of them.  "Linked" in combat means a direct link, broken or not, never rolled for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tetrarchia.core.board import Board
from tetrarchia.core.events import Events, Purpose
from tetrarchia.core.pieces import ARMY, EMPEROR_FIGURE, NO_DISC, REVOLT
from tetrarchia.core.settings import SupportGroup
from tetrarchia.core.state import State
from tetrarchia.core.tasks import (
    ROMAN_PHASE,
    army_enters,
    emit,
    emperor_name,
    push_barbarian_phase,
    remove_emperor,
    return_disc,
    take_dice,
)


def touching_groups(board: Board, members: Callable[[int], bool], centre: int) -> list[int]:
    """Sizes of the connected groups of ``members`` that hold ``centre`` or a province linked
    to it (R6)."""
    neighbours = board.neighbours
    seen: set[int] = set()
    sizes: list[int] = []
    for start in (centre, *(q for q, _ in neighbours[centre])):
        if start in seen or not members(start):
            continue
        seen.add(start)
        stack = [start]
        size = 0
        while stack:
            p = stack.pop()
            size += 1
            for q, _ in neighbours[p]:
                if q not in seen and members(q):
                    seen.add(q)
                    stack.append(q)
        sizes.append(size)
    return sizes


def roman_support(state: State, emperor: int, province: int) -> int:
    """The largest group of this Emperor's garrisons touching ``province`` (R6, D6)."""
    disc = state.disc
    printed = state.board.printed
    own = 3 + emperor  # GARRISON + emperor

    def is_his(p: int) -> bool:
        d = disc[p]
        return d == own or (d == NO_DISC and bool(printed[p] >> emperor & 1))

    sizes = touching_groups(state.board, is_his, province)
    return max(sizes, default=0)


def barbarian_support(state: State, province: int) -> int:
    """The revolt group counted for the army in ``province`` (R6, D6)."""
    disc = state.disc
    sizes = touching_groups(state.board, lambda p: disc[p] == REVOLT, province)
    if not sizes:
        return 0
    if state.settings.support_group is SupportGroup.PLAYERS_CHOOSE:
        return min(sizes)
    return max(sizes)


def other_emperors_linked(state: State, province: int, fighter: int) -> int:
    """Emperors other than ``fighter`` standing on a province linked to ``province``."""
    figure = state.figure
    count = 0
    for q, _ in state.board.neighbours[province]:
        e = figure[q] - EMPEROR_FIGURE
        if 0 <= e < 4 and e != fighter:
            count += 1
    return count


def other_armies_linked(state: State, province: int, fighter: int) -> int:
    """Armies other than the one in ``fighter`` standing on a province linked to ``province``."""
    figure = state.figure
    return sum(1 for q, _ in state.board.neighbours[province] if q != fighter and figure[q] == ARMY)


@dataclass(frozen=True, slots=True)
class BattleValues:
    roman_die: int
    roman_support: int
    roman_multiplier: int
    barbarian_die: int
    barbarian_support: int
    barbarian_multiplier: int

    @property
    def roman(self) -> int:
        return (self.roman_die + self.roman_support) * self.roman_multiplier

    @property
    def barbarian(self) -> int:
        return (self.barbarian_die + self.barbarian_support) * self.barbarian_multiplier

    def describe(self) -> str:
        return (
            f"Roman ({self.roman_die}+{self.roman_support})x{self.roman_multiplier} = {self.roman} "
            f"against Barbarian ({self.barbarian_die}+{self.barbarian_support})"
            f"x{self.barbarian_multiplier} = {self.barbarian}"
        )


def battle_values(
    state: State, emperor: int, emperor_province: int, army_province: int,
    roman_die: int, barbarian_die: int,
) -> BattleValues:
    """R6 for an Emperor standing in ``emperor_province`` and the army in ``army_province``."""
    return BattleValues(
        roman_die=roman_die,
        roman_support=roman_support(state, emperor, emperor_province),
        roman_multiplier=1 << other_emperors_linked(state, army_province, emperor),
        barbarian_die=barbarian_die,
        barbarian_support=barbarian_support(state, army_province),
        barbarian_multiplier=1 << other_armies_linked(state, emperor_province, army_province),
    )


def run_battle(state: State, task: tuple[int, ...], events: Events) -> bool:
    """The BATTLE step: roll both dice (Roman first, D11), then R5.5 or R7.3 outcomes."""
    dice = take_dice(state, Purpose.BATTLE)
    if dice is None:
        return False
    state.tasks.pop()
    _, emperor, army_province, emperor_attacks = task
    emperor_province = state.emperor_at[emperor]
    values = battle_values(state, emperor, emperor_province, army_province, dice[0], dice[1])
    board = state.board
    name = emperor_name(emperor)
    emit(events, "battle", f"Battle of {name} in {board.name(emperor_province)} and the army in "
         f"{board.name(army_province)}: {values.describe()}.")
    roman, barbarian = values.roman, values.barbarian
    if emperor_attacks:
        if roman > barbarian:  # R5.5 victory: the army and any disc go, the Emperor moves in
            state.figure[army_province] = 0
            return_disc(state, army_province)
            remove_emperor(state, emperor)
            state.emperor_at[emperor] = army_province
            state.figure[army_province] = EMPEROR_FIGURE + emperor
            emit(events, "battle", f"{name} wins: the army is destroyed and he enters "
                 f"{board.name(army_province)}.")
        elif roman < barbarian:  # R5.5 defeat: off the board, garrison lost, phase over
            remove_emperor(state, emperor)
            if state.disc[emperor_province] >= 3:
                return_disc(state, emperor_province)
            emit(events, "battle", f"{name} is defeated and leaves the board; his Roman phase ends.")
            if state.tasks and state.tasks[-1][0] == ROMAN_PHASE:
                state.tasks.pop()
                push_barbarian_phase(state)
        else:
            emit(events, "battle", "A draw: nothing happens.")
        return True
    # R7.3: the army attacks the Emperor standing in its way
    if barbarian > roman:
        remove_emperor(state, emperor)
        emit(events, "battle", f"The army wins: {name} leaves the board.")
        army_enters(state, army_province, emperor_province, events)
    elif barbarian < roman:
        state.figure[army_province] = 0
        return_disc(state, army_province)
        emit(events, "battle", f"{name} wins: the army is destroyed.")
    else:
        emit(events, "battle", "A draw: nothing happens.")
    return True
