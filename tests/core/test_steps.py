"""The machine's steps as typed records (core/tasks.py): one NamedTuple per kind, the argument
shapes derived from its fields (core/reachable.py), and the JSON form saves write (unchanged
since save format 1, docs/save-format.md)."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import position, prov
from tetrarchia.core.barbarian import advance_order, advances
from tetrarchia.core.board import default_board
from tetrarchia.core.combat import BattlePause, battle_dice
from tetrarchia.core.events import Purpose
from tetrarchia.core.pieces import ARMY, GOTHS, REBEL
from tetrarchia.core.reachable import read_step, step_shapes
from tetrarchia.core.serialize import position_to_json
from tetrarchia.core.state import Awaiting, State
from tetrarchia.core.tasks import (
    ARMY_STEP,
    BATTLE,
    BEGIN_TURN_STEP,
    DECISION,
    END_TURN_STEP,
    INITIAL_REVOLT,
    LINK_CHECK,
    NOT_ROLLED,
    PLACE_FLEETS,
    ROMAN_PHASE,
    SPREAD,
    SPREAD_STEP,
    STEPS,
    UPRISING,
    ArmyStep,
    BattleStep,
    DecisionStep,
    InitialRevoltStep,
    LinkCheckStep,
    PlaceFleetsStep,
    SpreadStep,
    UprisingStep,
    step_args,
)
from tetrarchia.core.validate import problems
from tetrarchia.options.barbaria import BLACK_MOMENT, BlackMomentStep
from tetrarchia.options.pirates import PIRATE_BATTLE, PirateBattleStep
from tetrarchia.options.vsvrpator import USURPER, UsurperStep

BOARD = default_board()
GAETVLIA = prov("gaetvlia")  # a border (42); its arrow leads to I:1 (0) over broken link 0
I1 = prov("I:1")

# Each record with the arguments a save writes for it, worked out by hand from
# docs/save-format.md: a step's name, then its arguments; an army step's flags as the bits
# 1 (step offered), 2 (attack offered), 4 (arrow fallback), 8 (link passed); a spreading's
# revolts as the bit mask of their board indices.
WRITTEN: list[tuple[tuple[Any, ...], list[int]]] = [
    (InitialRevoltStep(INITIAL_REVOLT, 4), [4]),
    (PlaceFleetsStep(PLACE_FLEETS, 2), [2]),
    (SPREAD_STEP, []),  # a wave not begun
    (SpreadStep(SPREAD, frozenset({2, 5}), 3, True), [4 + 32, 3, 1]),
    (UprisingStep(UPRISING, I1), [I1]),
    (ArmyStep(ARMY_STEP, GAETVLIA), [GAETVLIA]),  # not begun: the short form of save format 1
    (ArmyStep(ARMY_STEP, GAETVLIA, I1, step_offered=True, link_passed=True), [GAETVLIA, I1, 9]),
    (ArmyStep(ARMY_STEP, GAETVLIA, -1, True, True, True, False), [GAETVLIA, -1, 7]),
    (LinkCheckStep(LINK_CHECK, 0, 1), [0, 1]),
    (BattleStep(BATTLE, 3, GAETVLIA, False), [3, GAETVLIA, 0]),  # the dice not rolled yet
    (BattleStep(BATTLE, 3, GAETVLIA, True, 5, 2), [3, GAETVLIA, 1, 5, 2]),
    (DecisionStep(DECISION, 1, 1), [1, 1]),
    (DecisionStep(DECISION, 4, 3, (1,)), [4, 3, 1]),
    (BlackMomentStep(BLACK_MOMENT, 3), [3]),
    (PirateBattleStep(PIRATE_BATTLE, 4, 2), [4, 2]),
    (PirateBattleStep(PIRATE_BATTLE, 4, 2, 6, 1), [4, 2, 6, 1]),
    (UsurperStep(USURPER, 5), [5]),
]


@pytest.mark.parametrize(("record", "args"), WRITTEN, ids=lambda v: type(v).__name__)
def test_each_step_writes_the_arguments_of_save_format_1(record: tuple[Any, ...],
                                                          args: list[int]) -> None:
    assert list(step_args(record)) == args
    back = read_step([STEPS[record[0]].name, *args], BOARD)
    assert back == record and type(back) is type(record)


def test_a_step_read_from_a_save_has_its_fields_typed() -> None:
    battle = read_step(["battle", 0, GAETVLIA, 1], BOARD)
    assert isinstance(battle, BattleStep)
    assert battle.fighter_attacks is True and battle.roman_die == NOT_ROLLED
    step = read_step(["army-step", GAETVLIA, I1, 9], BOARD)
    assert isinstance(step, ArmyStep)
    assert (step.step_offered, step.attack_offered, step.arrow_fallback, step.link_passed) == \
        (True, False, False, True)


def test_steps_of_different_kinds_never_compare_equal() -> None:
    # Their code is their first field: records of two argument-less kinds differ.
    begin: tuple[Any, ...] = BEGIN_TURN_STEP
    assert begin != END_TURN_STEP and begin == (BEGIN_TURN_STEP.op,)
    bare = [read_step([kind.name], BOARD) for kind in STEPS.values() if not kind.fields]
    assert len(bare) >= 12 and len(set(bare)) == len(bare)


def test_argument_shapes_come_from_the_records_fields() -> None:
    assert step_shapes(ARMY_STEP) == (("province",), ("province", "dest", "flags"))
    assert step_shapes(BATTLE) == (("fighter", "army", (0, 1)),
                                   ("fighter", "army", (0, 1), "roman_die", "barbarian_die"))
    assert step_shapes(UPRISING) == (("roman",),)  # an uprising starts in a Roman province
    assert step_shapes(ROMAN_PHASE) == ((),)
    assert step_shapes(SPREAD) == ((), ("mask", "wave", (0, 1)))


@pytest.mark.parametrize(("item", "message"), [
    (["army-step", GAETVLIA, I1], "wrong arguments"),  # the flags are missing
    (["army-step", GAETVLIA, I1, 16], "wrong arguments"),  # four flags: 0 to 15
    (["uprising", GAETVLIA], "wrong arguments"),  # a border (R7.2: Roman provinces only)
    (["link-check", 3, 0], "wrong arguments"),  # link 3 is not a broken link (R7.4)
    (["battle", 0, GAETVLIA, True], "wrong arguments"),  # JSON's true is no count
    (["battle", 0, GAETVLIA, 1, 0, 0], "wrong arguments"),  # rolled dice are 1 or more
    (["activity-province", 0], "regions are numbered 1 to 6"),
    (["usurper", 0], "regions are numbered 1 to 6"),
    (["decision", 4], "wrong arguments"),  # a decision names its seat and its kind
    (["march"], "not a step of the game"),
])
def test_a_save_with_a_malformed_step_is_refused(item: list[Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        read_step(item, BOARD)


def test_a_plain_tuple_is_no_step_of_the_rules() -> None:
    state = position()
    assert problems(state) == []
    state.tasks[-1] = (ROMAN_PHASE,)  # the code alone, not the record
    assert any("is not a step of this game's rules" in problem for problem in problems(state))


def test_a_record_with_a_field_of_the_wrong_type_is_refused() -> None:
    state = position()
    province: Any = 3.0  # a program's record: a float where a province is wanted
    state.tasks.append(UprisingStep(UPRISING, province))
    assert any("has the wrong arguments" in problem for problem in problems(state))


def test_rebels_never_advance() -> None:
    # R13: a rebel army stays where it rose; the ordinary armies and the Goths advance (R7.3,
    # R11.4).
    assert advances(ARMY) and advances(GOTHS) and not advances(REBEL)
    state = position(armies=["gaetvlia", "II:6"])
    assert sorted(advance_order(state)) == sorted([GAETVLIA, prov("II:6")])
    state.figure[GAETVLIA] = REBEL
    assert advance_order(state) == [prov("II:6")]


def _battle_position() -> State:
    """Maximian in I:1 attacks the army in Gaetvlia (R5.5); the game waits for the dice."""
    return position(emperors={"Maximian": "I:1"}, armies=["gaetvlia"], machine={
        "awaiting": "roll", "roll": {"count": 2, "purpose": "battle"},
        "tasks": [["roman-phase"], ["battle", 3, GAETVLIA, 1]]})


def _with_dice(task: BattleStep, roman_die: int, barbarian_die: int) -> BattleStep:
    return task._replace(roman_die=roman_die, barbarian_die=barbarian_die)


def test_battle_dice_says_why_a_battle_waits() -> None:
    state = _battle_position()
    state.awaiting = Awaiting.NOTHING  # as the machine runs the step
    step = state.tasks[-1]
    assert isinstance(step, BattleStep)
    assert battle_dice(state, step, _with_dice) is BattlePause.FOR_DICE
    assert state.awaiting is Awaiting.ROLL and state.roll_purpose == Purpose.BATTLE
    state.dice = (5, 2)
    rolled = battle_dice(state, step, _with_dice)
    assert rolled == BattleStep(BATTLE, 3, GAETVLIA, True, 5, 2)
    assert state.tasks[-1] == rolled and state.dice is None
    assert position_to_json(state)["machine"]["tasks"][-1] == ["battle", 3, GAETVLIA, 1, 5, 2]
