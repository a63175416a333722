"""R12.4 Vsvrpator: when a region whose border is already secured becomes full of revolts (all 6
provinces; not one that was already full), and an army is in the reserve, the Barbarian die
places an army (the usurper) on that province of the region, rolled again while it holds a
figure.  The usurper does not advance in the Barbarian phase in which it appears (D18); later it
follows its arrow, or D9 where its province has none.  D36: the Goths when no ordinary army is
left; no usurper when every province of the region holds a figure.

Region I (HISPANIA): TINGITANA I:1 - BAETICA I:2 is broken; LVSITANIA I:3 is linked to I:2, I:4 and
CARTHAGINENSIS I:5 (no arrow: D9 goes to TARRACONENSIS I:6); its border GAETVLIA is secured with a
garrison in every test that expects a usurper.  Maximian stands in Roma and ends his phase.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from barbarian_helpers import QUIET, awaiting
from conftest import as_purpose, option_position, play, prov, roll, usurpers_of
from tetrarchia.core.actions import EndPhase, Enter
from tetrarchia.core.board import default_board
from tetrarchia.core.engine import apply_action
from tetrarchia.core.events import Event, Purpose
from tetrarchia.core.pieces import ARMY, GOTHS, REVOLT, Emperor
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.state import Awaiting, State
from tetrarchia.options.goths import goths_in_reserve
from tetrarchia.options.vsvrpator import USURPER_ROLL

D, G, C, M = Emperor.DIOCLETIAN, Emperor.GALERIUS, Emperor.CONSTANTIUS, Emperor.MAXIMIAN
BOARD = default_board()
Row = Any  # a pytest.param
HISPANIA = [f"I:{n}" for n in range(1, 7)]
SECURED = {"gaetvlia": "garrison Maximian"}


def variant(
    options: Sequence[str] = ("vsvrpator",),
    *,
    discs: Mapping[str, str],
    emperors: Mapping[str, str | None] | None = None,
    armies: Sequence[str] = (),
    records: Mapping[str, Any] | None = None,
) -> State:
    """Maximian's Roman phase, Maximian in Roma unless ``emperors`` says otherwise."""
    return option_position(options, discs=discs, emperors=emperors or {"Maximian": "roma"}, armies=armies,
                           records=records)


def full_but(province: str, disc: str | None = "unrest") -> dict[str, str]:
    """Region I in revolt except ``province`` (``disc`` there, or nothing)."""
    discs = {p: "revolt" for p in HISPANIA if p != province}
    if disc is not None:
        discs[province] = disc
    return discs


def purpose(state: State) -> int | None:
    return as_purpose(state.roll_purpose) if awaiting(state) is Awaiting.ROLL else None


def end_phase(state: State) -> None:
    apply_action(state, EndPhase(state.turn))


def assert_round_trip(state: State) -> None:
    data = position_to_json(state)
    back = position_from_json(data, BOARD)
    assert back == state
    assert position_to_json(back) == data


# === the trigger ================================================================================


@pytest.mark.parametrize("die", range(1, 7))
def test_r12_4_a_region_filled_by_the_spreading_raises_a_usurper(die: int) -> None:
    """R7.1: the unrest of CARTHAGINENSIS I:5 turns (normal links): region I is full behind its
    secured border; the Barbarian die places the usurper on I:<die>; it does not advance (D18)."""
    state = variant(discs={**full_but("I:5"), **SECURED})
    events: list[Event] = []
    apply_action(state, EndPhase(M), events)
    assert purpose(state) is USURPER_ROLL
    assert any(e.kind == "usurper" for e in events)
    assert_round_trip(state)
    roll(state, die)
    usurper = prov(f"I:{die}")
    assert usurpers_of(state) == [usurper]
    assert state.armies() == [usurper]
    assert state.figure[usurper] == ARMY
    assert purpose(state) is Purpose.ACTIVITY
    roll(state, *QUIET)
    assert (state.turn, awaiting(state)) == (D, Awaiting.ENTRY)
    assert state.armies() == [usurper]  # D18: it waits for the next Barbarian phase
    assert all(state.disc[prov(p)] == REVOLT for p in HISPANIA)
    assert state.revolt_reserve == 21 - 6
    assert_round_trip(state)


def test_r12_4_a_region_filled_by_the_activity_roll() -> None:
    """TINGITANA's unrest stays in R7.1 (its broken link to BAETICA fails: 2); the activity roll
    I:1 turns it into a revolt: the usurper die comes right after."""
    state = variant(discs={**full_but("I:1"), **SECURED})
    end_phase(state)
    assert purpose(state) is Purpose.BROKEN_LINK
    roll(state, 2)
    assert purpose(state) is Purpose.ACTIVITY
    roll(state, 1, 1)
    assert purpose(state) is USURPER_ROLL
    roll(state, 4)
    assert state.armies() == [prov("I:4")]
    assert (state.turn, awaiting(state)) == (D, Awaiting.ENTRY)


def test_r12_4_a_region_filled_by_an_uprising() -> None:
    """The uprising in LVSITANIA I:3 spreads a revolt to CARTHAGINENSIS I:5, the last one: the
    usurper die (5: CARTHAGINENSIS) comes before the uprising's army (region III: GERMANIA MAGNA);
    the new border army advances (broken link fails), the usurper does not (D18)."""
    state = variant(discs={**full_but("I:5", None), **SECURED})
    end_phase(state)
    roll(state, 1, 3)
    assert purpose(state) is USURPER_ROLL
    roll(state, 5)
    assert usurpers_of(state) == [prov("I:5")]
    assert purpose(state) is Purpose.UPRISING_REGION
    roll(state, 3)
    assert purpose(state) is Purpose.BROKEN_LINK  # GERMANIA MAGNA - RHAETIA
    roll(state, 1)
    assert state.armies() == [prov("I:5"), prov("germania_magna")]
    assert (state.turn, awaiting(state)) == (D, Awaiting.ENTRY)


def test_r12_4_the_die_is_rolled_again_on_a_figure() -> None:
    """Constantius stands in GALLAECIA I:4 (he leaves the board only in R7.1.2, after)."""
    state = variant(discs={**full_but("I:5"), **SECURED},
                    emperors={"Maximian": "roma", "Constantius": "I:4"})
    end_phase(state)
    roll(state, 4)
    assert purpose(state) is USURPER_ROLL
    assert usurpers_of(state) == []
    roll(state, 4)
    assert purpose(state) is USURPER_ROLL
    roll(state, 2)
    assert state.armies() == [prov("I:2")]
    roll(state, *QUIET)
    assert state.emperor_at[C] == -1  # R7.1.2: he stood on a revolt


NO_USURPER: list[Row] = [
    pytest.param(full_but("I:5"), [], id="border-not-secured"),
    pytest.param({**full_but("I:5"), "libya": "garrison Maximian"}, [], id="another-border-secured"),
    pytest.param({**full_but("I:5"), **SECURED}, ["II:1", "III:1", "IV:1"], id="no-army-in-reserve"),
]


@pytest.mark.parametrize(("discs", "armies"), NO_USURPER)
def test_r12_4_no_usurper(discs: dict[str, str], armies: list[str]) -> None:
    """The region fills in R7.1 but the next die is the activity's."""
    state = variant(discs=discs, armies=armies)
    end_phase(state)
    assert all(state.disc[prov(p)] == REVOLT for p in HISPANIA)
    assert purpose(state) is Purpose.ACTIVITY
    assert usurpers_of(state) == []
    assert sorted(state.armies()) == sorted(prov(a) for a in armies)


def test_r12_4_not_a_region_that_was_already_full() -> None:
    """Region I full from the start: an uprising in LVSITANIA adds no revolt there, no usurper;
    the uprising's army goes to LIBYA (region VI) and fails its broken link."""
    state = variant(discs={**dict.fromkeys(HISPANIA, "revolt"), **SECURED})
    end_phase(state)
    roll(state, 1, 3)
    assert purpose(state) is Purpose.UPRISING_REGION
    roll(state, 6)
    assert purpose(state) is Purpose.BROKEN_LINK
    roll(state, 1)
    assert usurpers_of(state) == []
    assert state.armies() == [prov("libya")]
    assert (state.turn, awaiting(state)) == (D, Awaiting.ENTRY)


def test_d36_no_usurper_when_every_province_of_the_region_holds_a_figure() -> None:
    """Four Emperors on I:1-I:4, armies on I:5 and I:6 (one left in the reserve): BAETICA's
    unrest turns, the region is full, but no die is rolled for a usurper."""
    discs = {**full_but("I:2"), **SECURED}
    emperors = {"Diocletian": "I:1", "Galerius": "I:2", "Constantius": "I:3", "Maximian": "I:4"}
    state = variant(discs=discs, emperors=emperors, armies=["I:5", "I:6"])
    end_phase(state)
    assert state.disc[prov("I:2")] == REVOLT
    assert purpose(state) is Purpose.ACTIVITY
    assert usurpers_of(state) == []


def test_d36_the_goths_are_the_usurper_when_no_ordinary_army_is_left() -> None:
    """Goths module (its flag set, as its setup does): two ordinary armies on the board
    (BRITANNIA, LIBYA), the Goths in the reserve: they rise as the usurper."""
    state = variant(("vsvrpator", "goths"), discs={**full_but("I:5"), **SECURED},
                    armies=["britannia", "libya"], records={})
    assert goths_in_reserve(state)
    end_phase(state)
    roll(state, 3)
    assert state.figure[prov("I:3")] == GOTHS
    assert usurpers_of(state) == [prov("I:3")]
    assert state.armies_in_reserve() == 0


def test_d36_an_ordinary_army_is_the_usurper_while_one_is_left() -> None:
    state = variant(("vsvrpator", "goths"), discs={**full_but("I:5"), **SECURED},
                    armies=["britannia"], records={})
    end_phase(state)
    roll(state, 3)
    assert state.figure[prov("I:3")] == ARMY
    assert goths_in_reserve(state)


def test_d36_a_hand_written_goths_position_has_the_goths_in_reserve() -> None:
    """Without the flags in the position, the Goths module is in play all the same."""
    state = variant(("vsvrpator", "goths"), discs={**full_but("I:5"), **SECURED},
                    armies=["britannia", "libya"])
    assert goths_in_reserve(state)
    end_phase(state)
    roll(state, 3)
    assert state.figure[prov("I:3")] == GOTHS


# === the usurper afterwards =====================================================================


@pytest.mark.parametrize(("die", "next_step"), [(3, "I:4"), (5, "I:6"), (2, "I:3")])
def test_r12_4_the_usurper_advances_in_the_next_phase_along_its_arrow_or_d9(die: int,
                                                                           next_step: str) -> None:
    """LVSITANIA I:3 -> GALLAECIA I:4 (arrow); CARTHAGINENSIS I:5 has no arrow: D9 steps to
    TARRACONENSIS I:6; BAETICA I:2 -> LVSITANIA I:3 (arrow)."""
    state = variant(discs={**full_but("I:5"), **SECURED})
    end_phase(state)
    roll(state, die)
    roll(state, *QUIET)
    assert state.armies() == [prov(f"I:{die}")]
    apply_action(state, Enter(D, prov("V:6")))
    play(state, "D end")
    assert usurpers_of(state) == []  # a new phase: it is an ordinary army now
    roll(state, *QUIET)
    assert state.armies() == [prov(next_step)]
    assert (state.turn, awaiting(state)) == (G, Awaiting.ENTRY)


def test_r12_4_two_regions_filled_in_one_spreading_raise_two_usurpers() -> None:
    """Regions I (behind GAETVLIA) and VI (behind LIBYA) both fill in R7.1: one usurper die each,
    region I first (board order of the spreading), both placed, neither advances (D18)."""
    africa = {f"VI:{n}": "revolt" for n in (1, 2, 3, 4, 5)}
    state = variant(discs={**full_but("I:5"), **SECURED, **africa, "VI:6": "unrest",
                           "libya": "garrison Diocletian"})
    end_phase(state)
    assert purpose(state) is USURPER_ROLL
    roll(state, 3)
    assert usurpers_of(state) == [prov("I:3")]
    assert purpose(state) is USURPER_ROLL
    roll(state, 3)
    assert usurpers_of(state) == [prov("I:3"), prov("VI:3")]
    assert state.armies_in_reserve() == 1
    roll(state, *QUIET)
    assert state.armies() == [prov("I:3"), prov("VI:3")]
    assert (state.turn, awaiting(state)) == (D, Awaiting.ENTRY)
