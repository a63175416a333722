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
from enum import Enum
from typing import Any, TypeVar

from tetrarchia.core.board import Board
from tetrarchia.core.events import (
    ArmyDestroyed,
    Battle,
    BattleDrawn,
    Events,
    FigureRemoved,
    Outcome,
    PhaseEnded,
    Purpose,
    Removal,
)
from tetrarchia.core.extensions import SUPPORTING_FIGURES
from tetrarchia.core.pieces import (
    ARMY,
    EMPEROR_FIGURE,
    GARRISON,
    NO_DISC,
    NO_FIGURE,
    PIECE_FIGURES,
    REBEL,
    REVOLT,
)
from tetrarchia.core.settings import SupportGroup
from tetrarchia.core.state import State
from tetrarchia.core.tasks import (
    NOT_ROLLED,
    ROMAN_PHASE,
    BattleStep,
    army_enters,
    piece_at,
    place_piece,
    push_barbarian_phase,
    remove_army,
    remove_piece,
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


def supports_emperor(state: State, emperor: int) -> Callable[[int], bool]:
    """Which provinces support ``emperor`` (R6): his discs, his uncovered printed capital and
    uncovered Roma; Diarchia (R12.7) widens this through its hook."""
    custom = state.hooks.supports
    if custom is not None:
        return custom(state, emperor)
    disc = state.disc
    printed = state.board.printed
    own = GARRISON + emperor

    def is_his(p: int) -> bool:
        d = disc[p]
        return d == own or (d == NO_DISC and bool(printed[p] >> emperor & 1))

    return is_his


def roman_support(state: State, emperor: int, province: int) -> int:
    """The largest group of this Emperor's garrisons touching ``province`` (R6, D6).  The Dux
    has no discs: his support is 0 (R11.1)."""
    if emperor >= 4:
        return 0
    sizes = touching_groups(state.board, supports_emperor(state, emperor), province)
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
    """Emperors (and the extra figures declared ``supports``: the Dux, R11.1; never the
    Vicarius) other than the ``fighter`` piece standing on a province linked to ``province``."""
    figure = state.figure
    own = PIECE_FIGURES[fighter]
    count = 0
    for q, _ in state.board.neighbours[province]:
        f = figure[q]
        if (EMPEROR_FIGURE <= f < EMPEROR_FIGURE + 4 or f in SUPPORTING_FIGURES) and f != own:
            count += 1
    return count


def other_armies_linked(state: State, province: int, fighter: int) -> int:
    """Armies (rebels and Goths included) other than the one in ``fighter`` standing on a
    province linked to ``province``."""
    figure = state.figure
    return sum(1 for q, _ in state.board.neighbours[province]
               if q != fighter and ARMY <= figure[q] <= REBEL)


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


def die_modifiers(state: State, army_province: int, piece: int) -> tuple[int, int]:
    """(Roman, Barbarian) additions to the dice from the options: the Goths' +1 (R11.4),
    Galerius's +1 (R12.1).  ``army_province`` -1: the battle is against the Pirates."""
    roman = barbarian = 0
    for hook in state.hooks.die_bonus:
        roman_plus, barbarian_plus = hook(state, army_province, piece)
        roman += roman_plus
        barbarian += barbarian_plus
    return roman, barbarian


def battle_values(
    state: State, emperor: int, emperor_province: int, army_province: int,
    roman_die: int, barbarian_die: int,
) -> BattleValues:
    """R6 for the Emperor (or the Dux: piece 4) standing in ``emperor_province`` and the army
    in ``army_province``.  Options add to the dice (the Goths' +1, R11.4)."""
    if state.hooks.die_bonus:
        roman_plus, barbarian_plus = die_modifiers(state, army_province, emperor)
        roman_die += roman_plus
        barbarian_die += barbarian_plus
    return BattleValues(
        roman_die=roman_die,
        roman_support=roman_support(state, emperor, emperor_province),
        roman_multiplier=1 << other_emperors_linked(state, army_province, emperor),
        barbarian_die=barbarian_die,
        barbarian_support=barbarian_support(state, army_province),
        barbarian_multiplier=1 << other_armies_linked(state, emperor_province, army_province),
    )


def battle_odds(roman_base: int, roman_multiplier: int, barbarian_base: int,
                barbarian_multiplier: int) -> tuple[int, int, int]:
    """R6 before the dice, over the 36 rolls: (Roman wins, draws, Barbarian wins), each side's
    value being (its die + its base) x its multiplier; a base holds the die modifiers and the
    support (:class:`BattleValues` read with dice of 0)."""
    wins = losses = 0
    for roman in range(1, 7):
        r = (roman + roman_base) * roman_multiplier
        for barbarian in range(1, 7):
            b = (barbarian + barbarian_base) * barbarian_multiplier
            wins += r > b
            losses += r < b
    return wins, 36 - wins - losses, losses


class BattlePause(Enum):
    """Why a battle step (R6) stops before it is resolved; ``value`` is what its handler answers
    the machine (:func:`engine.run`): False, it waits for the dice; True, a decision on the dice
    was pushed above it and runs next."""

    FOR_DICE = False
    FOR_DECISION = True


B = TypeVar("B", bound=tuple[Any, ...])


def battle_dice(state: State, task: B, with_dice: Callable[[B, int, int], B]) -> B | BattlePause:
    """The battle step ``task`` (a record whose last two fields are the Roman and the Barbarian
    die, ``NOT_ROLLED`` until they are) with its dice rolled (``with_dice`` writes them into the
    record), once the options' decisions on them are taken (Galerius's +1, R12.1); or why the
    step stops meanwhile."""
    if task[-1] != NOT_ROLLED:
        return task
    dice = take_dice(state, Purpose.BATTLE)
    if dice is None:
        return BattlePause.FOR_DICE
    task = with_dice(task, dice[0], dice[1])
    state.tasks[-1] = task
    for hook in state.hooks.battle_decisions:
        decision = hook(state, task)
        if decision is not None:
            state.tasks.append(decision)
            return BattlePause.FOR_DECISION
    return task


def _with_dice(task: BattleStep, roman_die: int, barbarian_die: int) -> BattleStep:
    return BattleStep(task.op, task.fighter, task.army, task.fighter_attacks, roman_die,
                      barbarian_die)


def run_battle(state: State, task: BattleStep, events: Events) -> bool:
    """The battle step (:class:`BattleStep`): roll both dice (Roman first, D11); options may open
    decisions on the dice (Galerius's +1, R12.1); then the outcomes of R5.5 or R7.3."""
    rolled = battle_dice(state, task, _with_dice)
    if isinstance(rolled, BattlePause):
        return rolled.value is True
    state.tasks.pop()
    resolve_battle(state, rolled.fighter, rolled.army, rolled.fighter_attacks, rolled.roman_die,
                   rolled.barbarian_die, events)
    for hook in state.hooks.battle_over:
        hook(state)
    return True


def battle_record(state: State, piece: int, piece_province: int, army_province: int,
                  roman_attacks: bool, roman_die: int, barbarian_die: int,
                  values: BattleValues) -> Battle:
    """The record of a battle about to be resolved (R6): the dice as rolled, the options'
    modifiers apart, every support group touching each fighter and the one that counted."""
    roman_plus, barbarian_plus = die_modifiers(state, army_province, piece)
    board = state.board
    roman_groups = (touching_groups(board, supports_emperor(state, piece), piece_province)
                    if piece < 4 else [])  # the Dux has no discs (R11.1)
    disc = state.disc
    barbarian_groups = touching_groups(board, lambda p: disc[p] == REVOLT, army_province)
    if values.roman > values.barbarian:
        outcome = Outcome.ROMAN
    elif values.roman < values.barbarian:
        outcome = Outcome.BARBARIAN
    else:
        outcome = Outcome.DRAW
    return Battle(
        piece=piece, piece_province=piece_province, army_province=army_province,
        roman_attacks=roman_attacks,
        roman_die=roman_die, roman_modifier=roman_plus, roman_groups=tuple(roman_groups),
        roman_support=values.roman_support,
        roman_linked=values.roman_multiplier.bit_length() - 1, roman_value=values.roman,
        barbarian_die=barbarian_die, barbarian_modifier=barbarian_plus,
        barbarian_groups=tuple(barbarian_groups), barbarian_support=values.barbarian_support,
        barbarian_linked=values.barbarian_multiplier.bit_length() - 1,
        barbarian_value=values.barbarian, outcome=int(outcome),
    )


def resolve_battle(state: State, piece: int, army_province: int, piece_attacks: bool,
                   roman_die: int, barbarian_die: int, events: Events) -> None:
    fighter_province = piece_at(state, piece)
    values = battle_values(state, piece, fighter_province, army_province, roman_die, barbarian_die)
    roman, barbarian = values.roman, values.barbarian
    if events is not None:
        events.append(battle_record(state, piece, fighter_province, army_province, piece_attacks,
                                    roman_die, barbarian_die, values))
    if roman == barbarian:
        if events is not None:
            events.append(BattleDrawn(piece))
        return
    roman_won = roman > barbarian
    if piece_attacks:
        if roman_won:  # R5.5 victory: the army and any disc go, the Emperor moves in
            under = state.disc[army_province]
            remove_army(state, army_province)
            return_disc(state, army_province)
            state.figure[fighter_province] = NO_FIGURE
            place_piece(state, piece, army_province)
            if events is not None:
                events.append(ArmyDestroyed(piece, army_province, True, state.unrest_reserve,
                                            state.revolt_reserve, under))
        else:  # R5.5 defeat: off the board, garrison lost; an Emperor's phase is over
            lost = state.disc[fighter_province] >= GARRISON
            if events is not None:
                events.append(FigureRemoved(piece, fighter_province, Removal.DEFEATED, lost))
            remove_piece(state, piece, events)
            if lost:
                return_disc(state, fighter_province)
            if piece < 4 and state.tasks and state.tasks[-1][0] == ROMAN_PHASE:
                if events is not None:
                    events.append(PhaseEnded(piece, True))
                state.tasks.pop()
                push_barbarian_phase(state)
    elif not roman_won:  # R7.3: the army beats the Emperor standing in its way
        remove_piece(state, piece, events, Removal.LOST_BATTLE)
        army_enters(state, army_province, fighter_province, events)
    else:
        under = state.disc[army_province]
        remove_army(state, army_province)
        return_disc(state, army_province)
        if events is not None:
            events.append(ArmyDestroyed(piece, army_province, False, state.unrest_reserve,
                                        state.revolt_reserve, under))
    if piece < 4:
        for hook in state.hooks.battle_won:
            hook(state, piece, roman_won, events)
