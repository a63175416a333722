"""What a pending roll is for, as data: purpose, dice, and the step, link, region, army or battle
it decides (R1, R3, R6, R7).

The machine asks for dice from the step on top of its stack; that step's arguments say what the
dice decide.  :func:`pending_roll` reads them into a :class:`RollRequest`, so that an interface
can show "the broken link Gallia - Hispania, for the army in Narbonensis" without reading the
task stack or an English sentence.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tetrarchia.core.events import DICE_NEEDED, Purpose
from tetrarchia.core.pieces import Piece
from tetrarchia.core.state import Awaiting, State
from tetrarchia.core.tasks import (
    TASK_NAMES,
    ActivityProvinceStep,
    ArmyStep,
    BattleStep,
    InitialRevoltStep,
    LinkCheckStep,
    SpreadStep,
    UprisingStep,
    step_args,
)


@dataclass(frozen=True, slots=True)
class LinkRoll:
    """The broken link a Barbarian die decides (R7.4): 4-6 (after ``bonus``) holds."""

    index: int  # the link's place in the board file's ``links`` (from 0)
    provinces: tuple[int, int]  # its two provinces, board indices
    bonus: int  # added to the die (the Goths' +1, R11.4)


@dataclass(frozen=True, slots=True)
class BattleRoll:
    """The battle the Roman and Barbarian dice decide (R6)."""

    fighter: Piece  # the Emperor or the Dux who fights
    army: int  # the province of the army
    roman_attacks: bool  # R5.5 (the Roman attacks) or R7.3 (the army attacks him)


@dataclass(frozen=True, slots=True)
class RollRequest:
    """A pending roll: what it is for and what it decides.

    ``step`` is the name of the step asking (``"link-check"``, ``"battle"``, an option's own step
    such as ``"usurper"``), ``args`` its raw arguments (docs/save-format.md).  For a broken link,
    ``for_step`` is the step the link is rolled for (``"spread"``, ``"uprising"``,
    ``"army-step"``) and ``province`` the unrest, uprising or army concerned.  Fields that do not
    apply are None.
    """

    # a Purpose, or an optional rule's own code (core/extensions.py declare_purpose); the union
    # keeps the enum in a compiled build (mypyc would store an ``int`` field as a plain int)
    purpose: Purpose | int
    dice: int  # how many dice: 1, or 2 (the Roman die, then the Barbarian die)
    step: str
    args: tuple[int, ...]
    for_step: str | None = None
    region: int | None = None  # the region it concerns (1-6): an initial revolt, a new activity
    province: int | None = None  # the province it concerns (see above)
    army: int | None = None  # the province of the army concerned
    link: LinkRoll | None = None
    battle: BattleRoll | None = None


def pending_roll(state: State) -> RollRequest | None:
    """The roll the game waits for, with its context; None when it waits for no dice."""
    if state.awaiting is not Awaiting.ROLL or not state.tasks:
        return None
    purpose: Purpose | int = state.roll_purpose
    if purpose in Purpose._value2member_map_:
        purpose = Purpose(purpose)  # the core's, as its enum
    task = state.tasks[-1]
    op = task[0]
    request = RollRequest(purpose, state.roll_count or DICE_NEEDED[purpose],
                          TASK_NAMES.get(op, str(op)), step_args(task))
    board = state.board
    if isinstance(task, (InitialRevoltStep, ActivityProvinceStep)):
        return replace(request, region=task.region)
    if isinstance(task, BattleStep):
        return replace(request, army=task.army,
                       battle=BattleRoll(Piece(task.fighter), task.army, task.fighter_attacks))
    if isinstance(task, LinkCheckStep):
        link = board.links[task.link]
        found = replace(request, link=LinkRoll(task.link, (link.a, link.b), task.bonus))
        below = state.tasks[-2] if len(state.tasks) > 1 else None
        if below is None:
            return found
        found = replace(found, for_step=TASK_NAMES.get(below[0], str(below[0])))
        if isinstance(below, ArmyStep):
            return replace(found, army=below.province, province=below.province)
        if isinstance(below, UprisingStep):
            return replace(found, province=below.province)
        if isinstance(below, SpreadStep) and below.revolts is not None:  # a wave under way
            return replace(found, province=board.roman[below.next])
        return found
    return request
