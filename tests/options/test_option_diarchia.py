"""R12.7 Diarchia (1st edition): Augustus and Caesar share their discs' combat support - blue and
red support Maximian and Constantius, green and yellow Diocletian and Galerius - and the
partner's uncovered printed capital supports too (D23).  Each still places only his own discs
(FAQ of 003: the partner's discs support, they are not placed).

Support (R6, D6): the largest connected group of supporting provinces that holds the Emperor's
province or a province linked to it.  Provinces used: GERMANIA SVPERIOR II:3 is linked to BELGICA
II:1, GERMANIA INFERIOR II:2 (Constantius's capital), LVGDVNENSIS II:4, NARBONENSIS II:6, RHAETIA
III:1, CISALPINA (Maximian's capital, broken link); LVGDVNENSIS II:4 - AQVITANIA II:5.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from barbarian_helpers import QUIET
from conftest import assert_refused, option_position, play, prov, roll
from tetrarchia.core.actions import Secure
from tetrarchia.core.board import default_board
from tetrarchia.core.combat import battle_values, roman_support
from tetrarchia.core.engine import legal_actions
from tetrarchia.core.errors import ReserveEmpty
from tetrarchia.core.pieces import GARRISON, Emperor
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.state import State
from tetrarchia.options.pirates import coast_values

D, G, C, M = Emperor.DIOCLETIAN, Emperor.GALERIUS, Emperor.CONSTANTIUS, Emperor.MAXIMIAN
BOARD = default_board()
Row = Any  # a pytest.param


def variant(
    options: Sequence[str] = ("diarchia",),
    *,
    discs: Mapping[str, str] | None = None,
    emperors: Mapping[str, str | None],
    armies: Sequence[str] = (),
    fleets: Sequence[int] = (),
    turn: str = "Maximian",
    records: Mapping[str, Any] | None = None,
) -> State:
    """A hand-written position with the options and an "records" section."""
    return option_position(options, discs=discs, emperors=emperors, armies=armies, fleets=fleets,
                           turn=turn, records=records)


def both(discs: Mapping[str, str], emperor: Emperor, where: str) -> tuple[int, int]:
    """(support without Diarchia, support with it) of ``emperor`` standing in ``where``."""
    values = []
    for options in ((), ("diarchia",)):
        state = variant(options, discs=discs, emperors={emperor.title: where}, turn=emperor.title)
        values.append(roman_support(state, emperor, prov(where)))
    return values[0], values[1]


SUPPORTS: list[Row] = [
    # (discs, Emperor, where he stands, support alone, support with Diarchia)
    pytest.param({"II:4": "garrison Constantius", "II:5": "garrison Constantius"}, M, "II:3", 1, 2,
                 id="red-discs-support-maximian"),
    pytest.param({"II:4": "garrison Maximian", "II:5": "garrison Maximian"}, C, "II:3", 1, 2,
                 id="blue-discs-support-constantius"),
    pytest.param({"II:4": "garrison Maximian", "II:5": "garrison Constantius"}, M, "II:3", 1, 2,
                 id="blue-and-red-join-one-group"),
    pytest.param({"II:4": "garrison Diocletian", "II:5": "garrison Diocletian"}, M, "II:3", 1, 1,
                 id="green-discs-do-not-support-maximian"),
    pytest.param({"II:4": "garrison Diocletian", "II:5": "garrison Galerius"}, G, "II:3", 0, 2,
                 id="green-and-yellow-support-galerius"),
    pytest.param({"II:4": "garrison Galerius"}, D, "II:3", 0, 1, id="yellow-supports-diocletian"),
    pytest.param({"II:4": "garrison Constantius"}, G, "II:3", 0, 0, id="red-does-not-support-galerius"),
    pytest.param({}, M, "II:1", 0, 1, id="D23-partner-capital-uncovered"),
    pytest.param({"II:2": "unrest"}, M, "II:1", 0, 0, id="D23-partner-capital-covered-by-unrest"),
    pytest.param({"II:2": "garrison Constantius"}, M, "II:1", 0, 1, id="D23-covered-by-partner-disc"),
    pytest.param({"II:2": "garrison Diocletian"}, M, "II:1", 0, 0, id="D23-covered-by-another-colour"),
    pytest.param({}, D, "III:5", 0, 1, id="D23-galerius-capital-supports-diocletian"),
    pytest.param({}, C, "II:1", 1, 1, id="his-own-capital-as-before"),
]


@pytest.mark.parametrize(("discs", "emperor", "where", "alone", "shared"), SUPPORTS)
def test_r12_7_shared_support(discs: dict[str, str], emperor: Emperor, where: str, alone: int,
                              shared: int) -> None:
    assert both(discs, emperor, where) == (alone, shared)


ATTACKS: list[Row] = [
    # (dice, outcome without Diarchia, with it): (die + 1 or 2) against (die + 1 for the revolt)
    pytest.param((3, 4), "defeat", "draw", id="4-5-becomes-5-5"),
    pytest.param((4, 4), "draw", "victory", id="5-5-becomes-6-5"),
    pytest.param((6, 1), "victory", "victory", id="victory-either-way"),
]


@pytest.mark.parametrize(("dice", "alone", "shared"), ATTACKS)
def test_r12_7_the_shared_support_changes_the_battle(dice: tuple[int, int], alone: str,
                                                     shared: str) -> None:
    """Maximian in GERMANIA SVPERIOR attacks NARBONENSIS II:6; Constantius's garrisons in
    LVGDVNENSIS and AQVITANIA (a group of 2 touching his province) support him only with
    Diarchia; without it, CISALPINA alone (1)."""
    discs = {"II:6": "revolt", "II:4": "garrison Constantius", "II:5": "garrison Constantius"}
    for options, outcome in (((), alone), (("diarchia",), shared)):
        state = variant(options, discs=discs, emperors={"Maximian": "II:3"}, armies=["II:6"])
        values = battle_values(state, M, prov("II:3"), prov("II:6"), *dice)
        assert values.roman_support == (2 if options else 1)
        play(state, "Maximian attacks Narbonensis from Germania Svperior")
        roll(state, *dice)
        where = {"victory": prov("II:6"), "draw": prov("II:3"), "defeat": -1}[outcome]
        assert state.emperor_at[M] == where, options
        assert state.disc[prov("II:4")] == GARRISON + C  # the partner's discs stay his


def test_r12_7_the_partners_discs_support_the_emperor_attacked() -> None:
    """The army of NORICVM attacks Galerius in PANNONIA INFERIOR: Diocletian's garrisons in
    MOESIA SVPERIOR and DACIA join his capital's group: (2+3) against (3+1): Galerius wins;
    without Diarchia (2+1) against 4: the army wins."""
    discs = {"III:3": "revolt", "III:5": "garrison Diocletian", "IV:1": "garrison Diocletian"}
    for options, galerius_wins in (((), False), (("diarchia",), True)):
        state = variant(options, discs=discs, emperors={"Maximian": "roma", "Galerius": "III:4"},
                        armies=["III:3"])
        play(state, "M end")
        roll(state, *QUIET)
        roll(state, 2, 3)
        assert (state.emperor_at[G] == prov("III:4")) is galerius_wins, options
        assert state.armies() == ([] if galerius_wins else [prov("III:4")])


def test_r12_7_pirates_count_the_partners_discs_on_the_coast() -> None:
    """R11.3 with Diarchia: Maximian in ETRVRIA against the Pirates of Mare Internvm counts his
    printed CISALPINA and ROMA, and Constantius's garrisons in NARBONENSIS and TARRACONENSIS."""
    discs = {"II:6": "garrison Constantius", "I:6": "garrison Constantius", "VI:6": "garrison Diocletian"}
    for options, support in ((("pirates",), 2), (("pirates", "diarchia"), 4)):
        state = variant(options, discs=discs, emperors={"Maximian": "etrvria"}, fleets=[1],
                        records={"pirates": 2})
        assert coast_values(state, M, 2) == (support, 1, 0, 1), options


def test_r12_7_each_still_places_only_his_own() -> None:
    """Maximian's reserve is empty (4 discs on the board); Constantius's discs are not his to
    place."""
    discs = {f"I:{n}": "garrison Maximian" for n in range(1, 5)}
    state = variant(discs=discs, emperors={"Maximian": "etrvria", "Constantius": "II:2"})
    assert (state.garrisons[M], state.garrisons[C]) == (0, 4)
    assert Secure(M, prov("etrvria")) not in legal_actions(state)
    assert_refused(state, Secure(M, prov("etrvria")), ReserveEmpty)
    state = variant(emperors={"Maximian": "etrvria"})
    play(state, "Maximian secures Etrvria")
    assert state.disc[prov("etrvria")] == GARRISON + M
    assert (state.garrisons[M], state.garrisons[C]) == (3, 4)


def test_r12_7_the_activity_roll_is_unchanged() -> None:
    """R7.2: a garrison protects its province whatever the colour; Diarchia changes combat only:
    the empty BELGICA II:1 next to Constantius's capital still gets an unrest."""
    state = variant(emperors={"Maximian": "roma"})
    play(state, "M end")
    roll(state, 2, 1)
    assert position_to_json(state)["discs"] == {"II:1": "unrest"}


def test_r12_7_position_round_trip() -> None:
    state = variant(discs={"II:4": "garrison Constantius"}, emperors={"Maximian": "II:3"})
    data = position_to_json(state)
    assert data["settings"]["options"] == ["diarchia"]
    back = position_from_json(data, BOARD)
    assert back == state
    assert roman_support(back, M, prov("II:3")) == roman_support(state, M, prov("II:3")) == 1
