"""R8 End of the game: Roma Victrix at the 6th secured border, the fall of the Empire (an army in
Roma, a disc that must be placed from an empty reserve), nothing legal afterwards, and the
10-point score (D14: Italia counts as a region).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from barbarian_helpers import (
    BOARD,
    D,
    M,
    activity,
    armies,
    at,
    awaiting,
    awaits_roll,
    battle,
    discs,
    emperors,
    end_phase,
    phase_position,
    quiet_activity,
)
from tetrarchia.core.actions import Action, EndPhase, Enter, PlaceFleet, Roll, Secure
from tetrarchia.core.engine import apply_action, chance_outcomes, decider, legal_actions
from tetrarchia.core.errors import GameOver
from tetrarchia.core.events import Event, Purpose
from tetrarchia.core.scoring import score
from tetrarchia.core.serialize import position_to_json
from tetrarchia.core.state import Awaiting, Result, State

FIVE_BORDERS = {
    "gaetvlia": "garrison Diocletian",
    "britannia": "garrison Constantius",
    "germania_magna": "garrison Galerius",
    "sarmatia": "garrison Galerius",
    "persia": "garrison Diocletian",
}


def assert_over(state: State, result: Result) -> None:
    """R8: the game has ended with ``result``; nothing is legal and every action raises
    GameOver, leaving the state as it is."""
    assert state.result is result
    assert state.is_over
    assert awaiting(state) is Awaiting.NOTHING
    assert legal_actions(state) == []
    assert chance_outcomes(state) == []
    assert decider(state) is None
    before = position_to_json(state)
    attempts: list[Action] = [
        Roll((1,)), Roll((3, 4)), EndPhase(state.turn), PlaceFleet(1), Enter(D, BOARD.roma),
        Secure(M, at("libya")),
    ]
    for action in attempts:
        with pytest.raises(GameOver):
            apply_action(state, action)
    assert position_to_json(state) == before


# --- Roma Victrix ---------------------------------------------------------------------------------


def test_r8_roma_victrix_at_once_when_the_sixth_border_is_secured() -> None:
    """Maximian secures LIBYA, the 6th border, with 4 IP left: the game ends in his Roman phase,
    no Barbarian phase follows."""
    state = phase_position(
        discs={**FIVE_BORDERS, "venetia": "revolt"}, emperors={"Maximian": "libya"},
        armies=["I:3"], turn="Maximian",
    )
    events: list[Event] = []
    apply_action(state, Secure(M, at("libya")), events)
    assert state.secured_borders() == 6
    assert state.ip == 4
    assert_over(state, Result.ROMA_VICTRIX)
    assert state.result.is_victory and not state.result.is_defeat
    assert events[-1].kind == "end"
    # the army did not advance: no Barbarian phase
    assert armies(state) == ["I:3"]
    # score: +6 secured, Italia in revolt (VENETIA), -1 army
    result = score(state)
    assert (result.secured_borders, result.italia_free, result.armies, result.regions_in_revolt) == (
        6, False, 1, 0)
    assert result.total == 5


def test_r8_five_secured_borders_do_not_end_the_game() -> None:
    four = {k: v for k, v in FIVE_BORDERS.items() if k != "persia"}
    state = phase_position(discs=four, emperors={"Maximian": "libya"}, turn="Maximian")
    apply_action(state, Secure(M, at("libya")))
    assert state.secured_borders() == 5
    assert state.result is Result.ONGOING
    assert awaiting(state) is Awaiting.ROMAN_ACTION


# --- the fall of the Empire: an army in Roma ---------------------------------------------------------


def test_r8_an_army_entering_roma_ends_the_game_at_once() -> None:
    """The army in ETRVRIA (1 step) enters ROMA first; the army in LVSITANIA never moves."""
    state = phase_position(armies=["I:3", "etrvria"], emperors={"Diocletian": "V:6"})
    end_phase(state)
    quiet_activity(state)
    assert_over(state, Result.ARMY_IN_ROMA)
    assert state.result.is_defeat
    assert armies(state) == ["I:3", "roma"]
    assert "I:4" not in discs(state)


def test_r8_an_army_beating_the_emperor_in_roma_enters_it() -> None:
    """The army in LVCANIA attacks Diocletian in ROMA: (1 + 1, uncovered Roma) x 1 against
    (6 + 0) x 1; he leaves the board and the army enters ROMA."""
    state = phase_position(armies=["lvcania"])
    end_phase(state)
    quiet_activity(state)
    battle(state, 1, 6)
    assert_over(state, Result.ARMY_IN_ROMA)
    assert emperors(state)["Diocletian"] is None
    assert armies(state) == ["roma"]


# --- the fall of the Empire: an empty reserve ----------------------------------------------------------

# 21 revolts: regions I, III and IV, and AEGYPTVS, CYRENAICA, TRIPOLITANIA; no unrest anywhere
ALL_REVOLTS = dict.fromkeys(
    [f"{r}:{n}" for r in ("I", "III", "IV") for n in range(1, 7)] + ["VI:1", "VI:2", "VI:3"],
    "revolt",
)
ALL_UNREST = dict.fromkeys(ALL_REVOLTS, "unrest")


def fall_by_activity(state: State) -> None:
    end_phase(state)
    activity(state, 2, 4)  # LVGDVNENSIS II:4


def fall_by_spreading(state: State) -> None:
    end_phase(state)  # R7.1 at once: no die at all


def fall_by_uprising(state: State) -> None:
    end_phase(state)
    activity(state, 3, 1)  # RHAETIA III:1 rises; GERMANIA SVPERIOR II:3 comes first


def fall_by_devastation(state: State) -> None:
    end_phase(state)
    quiet_activity(state)  # then the army in LVGDVNENSIS enters AQVITANIA


@pytest.mark.parametrize(
    ("placed", "army", "play", "reserve"),
    [
        ({**ALL_UNREST}, [], fall_by_activity, "unrest"),  # an unrest on an empty province
        ({**ALL_REVOLTS, "II:4": "unrest"}, [], fall_by_activity, "revolt"),  # unrest -> revolt
        ({**ALL_REVOLTS, "II:3": "unrest"}, [], fall_by_spreading, "revolt"),
        (ALL_REVOLTS, [], fall_by_uprising, "revolt"),
        (ALL_REVOLTS, ["II:4"], fall_by_devastation, "revolt"),
    ],
    ids=["activity-unrest", "activity-revolt", "spreading", "uprising", "devastation"],
)
def test_r8_a_disc_that_must_be_placed_from_an_empty_reserve_ends_the_game(
    placed: dict[str, str], army: list[str], play: Callable[[State], None], reserve: str
) -> None:
    state = phase_position(discs=placed, armies=army)
    assert getattr(state, f"{reserve}_reserve") == 0
    before = discs(state)
    play(state)
    assert_over(state, Result.RESERVE_EMPTY)
    assert state.result.is_defeat
    assert discs(state) == before  # the disc that could not be placed is missing; nothing moved
    assert getattr(state, f"{reserve}_reserve") == 0


def test_r8_an_empty_reserve_loses_only_when_a_disc_must_be_placed() -> None:
    """Uprising in LVSITANIA I:3, all of whose links are in revolt already: nothing to place, the
    game goes on to the army die."""
    state = phase_position(discs=ALL_REVOLTS)
    end_phase(state)
    activity(state, 1, 3)
    assert state.result is Result.ONGOING
    assert awaits_roll(state) is Purpose.UPRISING_REGION


# --- R8 the 10-point score ----------------------------------------------------------------------


def totals(state: State) -> tuple[int, bool, int, int, int]:
    s = score(state)
    return s.secured_borders, s.italia_free, s.armies, s.regions_in_revolt, s.total


def test_r8_score_of_an_empty_board() -> None:
    """+0 borders, +4 Italia free, -6 unsecured borders."""
    assert totals(phase_position()) == (0, True, 0, 0, -2)


def test_r8_score_of_a_perfect_victory_is_ten() -> None:
    placed = {**FIVE_BORDERS, "libya": "garrison Maximian", "II:4": "garrison Maximian"}
    assert totals(phase_position(discs=placed)) == (6, True, 0, 0, 10)


def test_r8_score_of_a_mixed_position() -> None:
    """3 secured borders, 2 armies, a revolt in ETRVRIA (Italia not free, cost 2), region I
    costs 7 (in revolt), region II 6 (not), region III 2 + 4 = 6 (not), region IV 8 (in revolt):
    3 + 0 - 3 - 2 - 2 = -4."""
    placed = {
        "gaetvlia": "garrison Diocletian", "britannia": "garrison Constantius",
        "germania_magna": "garrison Galerius",
        "I:1": "revolt", "I:2": "revolt", "I:4": "revolt", "I:5": "unrest",
        "II:1": "revolt", "II:2": "revolt", "II:3": "revolt",
        "III:1": "revolt", "III:2": "unrest", "III:3": "unrest", "III:4": "unrest", "III:5": "unrest",
        "IV:1": "revolt", "IV:2": "revolt", "IV:3": "revolt", "IV:4": "revolt",
        "etrvria": "revolt",
    }
    state = phase_position(discs=placed, armies=["persia", "I:3"])
    assert totals(state) == (3, False, 2, 2, -4)


@pytest.mark.parametrize(
    ("italia", "in_revolt", "total"),
    [
        ({"venetia": "revolt", "etrvria": "revolt", "sicilia": "revolt"}, 0, -6),  # 6 IP
        ({"venetia": "revolt", "etrvria": "revolt", "sicilia": "revolt", "lvcania": "unrest"}, 1, -7),
        ({"venetia": "revolt", "etrvria": "revolt", "sicilia": "revolt", "lvcania": "revolt"}, 1, -7),
        ({"venetia": "unrest", "etrvria": "unrest", "sicilia": "unrest", "lvcania": "unrest",
          "cisalpina": "unrest", "roma": "unrest"}, 0, -2),  # 6 IP, and no revolt: Italia free
        ({"venetia": "unrest", "etrvria": "unrest", "sicilia": "unrest", "lvcania": "unrest",
          "cisalpina": "unrest", "roma": "revolt"}, 1, -7),  # 7 IP
    ],
)
def test_d14_italia_counts_as_a_region_in_revolt(italia: dict[str, str], in_revolt: int,
                                                 total: int) -> None:
    state = phase_position(discs=italia, emperors={})
    s = score(state)
    assert s.regions_in_revolt == in_revolt
    assert s.italia_free is all(d != "revolt" for d in italia.values())
    assert s.total == total


@pytest.mark.parametrize(
    ("region_ii", "in_revolt"),
    [
        ({"II:1": "revolt", "II:2": "revolt", "II:3": "revolt"}, 0),  # 6 IP
        ({"II:1": "revolt", "II:2": "revolt", "II:3": "revolt", "II:4": "unrest"}, 1),  # 7 IP
        ({f"II:{n}": "unrest" for n in range(1, 7)}, 0),  # 6 IP
        ({"II:1": "revolt", "II:2": "revolt", "II:3": "unrest", "II:4": "unrest", "II:5": "unrest"},
         1),  # 7 IP
        ({"II:1": "revolt", "II:2": "revolt", "II:3": "revolt", "II:4": "garrison Maximian",
          "II:5": "garrison Constantius", "II:6": "garrison Galerius"}, 0),  # garrisons cost 0
    ],
)
def test_r8_a_region_is_in_revolt_when_subduing_it_costs_more_than_6_ip(
    region_ii: dict[str, str], in_revolt: int
) -> None:
    state = phase_position(discs=region_ii)
    assert totals(state) == (0, True, 0, in_revolt, -2 - in_revolt)


def test_r8_score_after_the_fall() -> None:
    """The army in ETRVRIA enters ROMA; the army in LVSITANIA stays: 0 + 4 - 6 - 2 = -4."""
    state = phase_position(armies=["I:3", "etrvria"], emperors={"Diocletian": "V:6"})
    end_phase(state)
    quiet_activity(state)
    assert state.result is Result.ARMY_IN_ROMA
    assert totals(state) == (0, True, 2, 0, -4)
