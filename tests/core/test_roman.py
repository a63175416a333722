"""R4 turn sequence and entry, R5 Roman phase: the cost and legality of every action, one row
per rule case.  Every refusal is asserted by its exact error class, with the state unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import assert_refused, play, position, prov, roll, say, snapshot, waiting_for
from tetrarchia.core.actions import (
    Action,
    Attack,
    EndPhase,
    Enter,
    Move,
    PlaceFleet,
    Roll,
    Sail,
    Secure,
    Subdue,
    SubdueKind,
)
from tetrarchia.core.engine import apply_action, legal_actions, resume, run
from tetrarchia.core.errors import (
    BadRoll,
    GameOver,
    IllegalAction,
    MustMoveOn,
    NotEnoughIP,
    NothingThere,
    NotLinked,
    NotYourTurn,
    Occupied,
    RegionInRevolt,
    ReserveEmpty,
    WrongMoment,
)
from tetrarchia.core.events import Event, Purpose
from tetrarchia.core.pieces import EMPEROR_FIGURE, GARRISON, NO_DISC, NO_FIGURE, UNREST, Emperor
from tetrarchia.core.state import Awaiting, Result, State
from tetrarchia.core.tasks import BEGIN_TURN_STEP, PHASE_START_STEP

D, G, C, M = Emperor.DIOCLETIAN, Emperor.GALERIUS, Emperor.CONSTANTIUS, Emperor.MAXIMIAN
Row = Any  # a pytest.param


def maximian_at(where: str, **kw: Any) -> State:
    """Maximian's Roman phase with him in ``where``; other keywords go to ``position``."""
    emperors = {"Maximian": where, **kw.pop("emperors", {})}
    return position(emperors=emperors, **kw)


# --- R5.1 Move ----------------------------------------------------------------------------------

MOVE_COSTS: list[Row] = [
    pytest.param("etrvria", "venetia", False, {}, [], 1, id="normal-link-1"),
    pytest.param("cisalpina", "II:3", False, {}, [], 2, id="broken-link-2"),
    pytest.param("etrvria", "VI:6", True, {}, [2], 1, id="fleet-1"),
    pytest.param("etrvria", "venetia", False, {"venetia": "revolt"}, [], 2, id="normal-into-revolt-2"),
    pytest.param("cisalpina", "II:3", False, {"II:3": "revolt"}, [], 3, id="broken-into-revolt-3"),
    pytest.param("etrvria", "VI:6", True, {"VI:6": "revolt"}, [2], 2, id="fleet-into-revolt-2"),
    pytest.param("etrvria", "venetia", False, {"venetia": "unrest"}, [], 1, id="unrest-costs-nothing"),
    pytest.param("etrvria", "venetia", False, {"venetia": "garrison Galerius"}, [], 1,
                 id="onto-a-garrison"),
    pytest.param("III:1", "germania_magna", False, {}, [], 2, id="into-a-border-allowed"),
    pytest.param("germania_magna", "III:1", False, {"III:1": "revolt"}, [], 3, id="out-of-a-border"),
    pytest.param("V:6", "IV:3", True, {}, [3], 1, id="fleet-across-a-strait-1"),
    pytest.param("V:6", "IV:3", False, {}, [3], 2, id="same-strait-by-link-2"),
    pytest.param("etrvria", "roma", False, {"roma": "revolt"}, [], 2, id="into-roma-in-revolt"),
]


@pytest.mark.parametrize(("origin", "dest", "by_fleet", "discs", "fleets", "cost"), MOVE_COSTS)
def test_move_cost(origin: str, dest: str, by_fleet: bool, discs: dict[str, str], fleets: list[int],
                   cost: int) -> None:
    # R5.1
    state = maximian_at(origin, discs=discs, fleets=fleets)
    move = Move(M, prov(origin), prov(dest), by_fleet)
    disc_before = state.disc[:]
    apply_action(state, move)
    assert state.ip == 6 - cost
    assert state.emperor_at[M] == prov(dest)
    assert state.figure[prov(dest)] == EMPEROR_FIGURE + M
    assert state.figure[prov(origin)] == NO_FIGURE
    assert state.disc == disc_before  # moving never changes a disc
    assert not state.passing


MOVE_REFUSED: list[Row] = [
    pytest.param("etrvria", Move(M, prov("etrvria"), prov("venetia")), {"armies": ["venetia"]}, Occupied,
                 id="never-into-an-army"),
    pytest.param("etrvria", Move(M, prov("etrvria"), prov("VI:6"), True),
                 {"armies": ["VI:6"], "discs": {"VI:6": "revolt"}, "fleets": [2]}, Occupied,
                 id="never-into-an-army-by-fleet"),
    pytest.param("etrvria", Move(M, prov("etrvria"), prov("lvcania")), {}, NotLinked, id="not-linked"),
    pytest.param("etrvria", Move(M, prov("etrvria"), prov("VI:6"), True), {}, NotLinked,
                 id="no-fleet-on-the-zone"),
    pytest.param("etrvria", Move(M, prov("etrvria"), prov("V:6"), True), {"fleets": [2]}, NotLinked,
                 id="destination-not-on-the-fleet-zone"),
    pytest.param("II:3", Move(M, prov("II:3"), prov("II:4"), True), {"fleets": [1, 2]}, NotLinked,
                 id="origin-not-coastal"),
    pytest.param("etrvria", Move(M, prov("etrvria"), prov("venetia")), {"ip": 0}, NotEnoughIP,
                 id="no-ip"),
    pytest.param("cisalpina", Move(M, prov("cisalpina"), prov("II:3")), {"ip": 1}, NotEnoughIP,
                 id="broken-needs-2"),
    pytest.param("etrvria", Move(M, prov("etrvria"), prov("venetia")),
                 {"ip": 1, "discs": {"venetia": "revolt"}}, NotEnoughIP, id="revolt-needs-1-more"),
    pytest.param("etrvria", Move(M, prov("etrvria"), prov("VI:6"), True),
                 {"ip": 1, "discs": {"VI:6": "revolt"}, "fleets": [2]}, NotEnoughIP,
                 id="fleet-into-revolt-needs-2"),
    pytest.param("etrvria", Move(M, prov("etrvria"), prov("venetia")),
                 {"ip": 1, "emperors": {"Galerius": "venetia"}}, MustMoveOn,
                 id="D8-D21-pass-through-without-ip-to-move-on"),
    pytest.param("etrvria", Move(M, prov("etrvria"), prov("venetia")),
                 {"ip": 2, "emperors": {"Galerius": "venetia"}, "armies": ["cisalpina"],
                  "discs": {"etrvria": "revolt", "cisalpina": "revolt"}},
                 MustMoveOn, id="D21-the-way-back-costs-1-more-into-his-revolt"),
    pytest.param("etrvria", Move(M, prov("venetia"), prov("cisalpina")), {}, WrongMoment,
                 id="not-from-where-he-stands"),
    pytest.param("etrvria", Move(M, prov("etrvria"), prov("etrvria")), {}, IllegalAction,
                 id="to-where-he-stands"),
]

@pytest.mark.parametrize(("origin", "action", "kw", "error"), MOVE_REFUSED)
def test_move_refused(origin: str, action: Action, kw: dict[str, Any], error: type[Exception]) -> None:
    assert_refused(maximian_at(origin, **kw), action, error)


def test_pass_through_then_must_move_on() -> None:
    # R5.1, D8: he may enter Galerius's province only to leave it with his next action.
    state = maximian_at("etrvria", emperors={"Galerius": "venetia"}, discs={"venetia": "unrest"})
    venetia = prov("venetia")
    play(state, "Maximian moves from Etrvria to Venetia")
    assert state.passing and state.ip == 5
    assert state.emperor_at[M] == venetia and state.figure[venetia] == EMPEROR_FIGURE + G
    assert state.figure[prov("etrvria")] == NO_FIGURE
    for action in (EndPhase(M), Secure(M, venetia), Subdue(M, venetia, SubdueKind.REMOVE_UNREST),
                   Sail(M, 2, 1)):
        assert_refused(state, action, MustMoveOn)
    assert legal_actions(state) and all(isinstance(a, Move) for a in legal_actions(state))
    play(state, "Maximian moves from Venetia to Cisalpina")
    assert not state.passing and state.ip == 4
    assert state.figure[venetia] == EMPEROR_FIGURE + G
    assert state.figure[prov("cisalpina")] == EMPEROR_FIGURE + M


def test_pass_through_may_come_back_to_the_province_he_left() -> None:
    # D21: the way out may be the province he came from (he no longer stands there).
    state = maximian_at("etrvria", ip=2, emperors={"Galerius": "venetia"}, armies=["cisalpina"],
                        discs={"cisalpina": "revolt"})
    play(state, "Maximian moves from Etrvria to Venetia")
    assert legal_actions(state) == [Move(M, prov("venetia"), prov("etrvria"))]
    play(state, "Maximian moves from Venetia to Etrvria")
    assert not state.passing and state.ip == 0


def test_pass_through_two_emperors_in_a_row() -> None:
    # D21: a chain of pass-throughs is fine if it ends in a free province with the IP left.
    state = maximian_at("etrvria", ip=3, emperors={"Galerius": "venetia", "Constantius": "III:6"},
                        discs={"III:6": "unrest"})
    play(state, "Maximian moves from Etrvria to Venetia")
    assert Move(M, prov("venetia"), prov("III:6")) not in legal_actions(state)  # 2 IP, 0 left
    assert_refused(state, Move(M, prov("venetia"), prov("III:6")), MustMoveOn)  # no IP to move on
    state = maximian_at("etrvria", ip=4, emperors={"Galerius": "venetia", "Constantius": "III:6"})
    play(state, "Maximian moves from Etrvria to Venetia", "Maximian moves from Venetia to Dalmatia")
    assert state.passing and state.ip == 1
    play(state, "Maximian moves from Dalmatia to Pannonia Svperior")
    assert not state.passing and state.ip == 0


# --- R5.2 Sail ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fleets", "src", "dst", "after"),
    [
        pytest.param([2], 2, 1, [1], id="internvm-to-atlanticvm"),
        pytest.param([2], 2, 3, [3], id="internvm-to-aegaevm"),
        pytest.param([1, 3], 3, 2, [1, 2], id="aegaevm-to-internvm-beside-another-fleet"),
    ],
)
def test_sail_costs_1_from_anywhere(fleets: list[int], src: int, dst: int, after: list[int]) -> None:
    # R5.2: his position does not matter (Noricvm touches no sea).
    state = maximian_at("III:3", fleets=fleets)
    apply_action(state, Sail(M, src, dst))
    assert state.ip == 5 and state.fleet_zones() == after


@pytest.mark.parametrize(
    ("fleets", "action", "ip", "error"),
    [
        pytest.param([1], Sail(M, 1, 3), 6, NotLinked, id="zones-not-adjacent"),
        pytest.param([1, 2], Sail(M, 1, 2), 6, Occupied, id="target-zone-holds-a-fleet"),
        pytest.param([2], Sail(M, 3, 2), 6, NothingThere, id="no-fleet-to-sail"),
        pytest.param([2], Sail(M, 2, 1), 0, NotEnoughIP, id="no-ip"),
    ],
)
def test_sail_refused(fleets: list[int], action: Action, ip: int, error: type[Exception]) -> None:
    assert_refused(maximian_at("III:3", fleets=fleets, ip=ip), action, error)


# --- R5.3 Secure ----------------------------------------------------------------------------------

SECURE_OK: list[Row] = [
    pytest.param("etrvria", {}, 1, id="province-1"),
    pytest.param("cisalpina", {}, 1, id="his-own-capital-covers-it"),
    pytest.param("roma", {}, 1, id="roma-can-be-covered"),
    pytest.param("germania_magna", {}, 2, id="border-2"),
    pytest.param("germania_magna", {"III:3": "unrest"}, 2, id="border-with-unrest-in-region"),
    pytest.param("germania_magna", {"IV:1": "revolt", "cisalpina": "revolt"}, 2,
                 id="border-with-revolts-elsewhere"),
    pytest.param("sarmatia", {"III:5": "revolt"}, 2,
                 id="border-IV-ignores-linked-province-of-region-III"),
]


@pytest.mark.parametrize(("at", "discs", "cost"), SECURE_OK)
def test_secure(at: str, discs: dict[str, str], cost: int) -> None:
    state = maximian_at(at, discs=discs)
    reserve = state.garrisons[M]
    play(state, f"Maximian secures {state.board.name(prov(at))}")
    assert state.ip == 6 - cost
    assert state.disc[prov(at)] == GARRISON + M and state.garrisons[M] == reserve - 1


SECURE_REFUSED: list[Row] = [
    pytest.param("germania_magna", {"discs": {"III:3": "revolt"}}, RegionInRevolt,
                 id="border-region-in-revolt"),
    pytest.param("sarmatia", {"discs": {"IV:1": "revolt"}}, RegionInRevolt, id="sarmatia-dacia-in-revolt"),
    pytest.param("etrvria", {"discs": {"etrvria": "unrest"}}, Occupied, id="unrest-there"),
    pytest.param("etrvria", {"discs": {"etrvria": "revolt"}}, Occupied, id="revolt-there"),
    pytest.param("etrvria", {"discs": {"etrvria": "garrison Maximian"}}, Occupied, id="own-garrison"),
    pytest.param("germania_magna", {"discs": {"germania_magna": "garrison Galerius"}}, Occupied,
                 id="border-already-secured"),
    pytest.param("etrvria",
                 {"level": "3211", "discs": dict.fromkeys(("roma", "I:1", "I:2"), "garrison Maximian")},
                 ReserveEmpty, id="reserve-empty"),
    pytest.param("etrvria", {"ip": 0}, NotEnoughIP, id="no-ip"),
    pytest.param("germania_magna", {"ip": 1}, NotEnoughIP, id="border-needs-2"),
]


@pytest.mark.parametrize(("at", "kw", "error"), SECURE_REFUSED)
def test_secure_refused(at: str, kw: dict[str, Any], error: type[Exception]) -> None:
    assert_refused(maximian_at(at, **kw), Secure(M, prov(at)), error)


def test_securing_on_anothers_capital_covers_it() -> None:
    # R2: a garrison may be placed on a capital, covering it; the printed disc no longer counts.
    cisalpina = prov("cisalpina")
    state = position(emperors={"Galerius": "cisalpina"}, turn="Galerius")
    assert state.counts_as_garrison(cisalpina, M)
    play(state, "Galerius secures Cisalpina")
    assert not state.counts_as_garrison(cisalpina, M)
    assert state.counts_as_garrison(cisalpina, G) and state.is_protected(cisalpina)


# --- R5.4 Subdue ----------------------------------------------------------------------------------

SUBDUE_OK: list[Row] = [
    pytest.param("revolt", SubdueKind.REMOVE_REVOLT, 2, NO_DISC, (0, 1), id="remove-revolt-2"),
    pytest.param("revolt", SubdueKind.REDUCE_REVOLT, 1, UNREST, (-1, 1), id="reduce-revolt-1"),
    pytest.param("unrest", SubdueKind.REMOVE_UNREST, 1, NO_DISC, (1, 0), id="remove-unrest-1"),
]


@pytest.mark.parametrize(("disc", "kind", "cost", "after", "reserves"), SUBDUE_OK)
def test_subdue(disc: str, kind: SubdueKind, cost: int, after: int, reserves: tuple[int, int]) -> None:
    state = maximian_at("etrvria", discs={"etrvria": disc})
    unrest, revolt = state.unrest_reserve, state.revolt_reserve
    apply_action(state, Subdue(M, prov("etrvria"), kind))
    assert state.ip == 6 - cost and state.disc[prov("etrvria")] == after
    assert (state.unrest_reserve - unrest, state.revolt_reserve - revolt) == reserves


ALL_UNREST = dict.fromkeys([f"{r}:{n}" for r in ("I", "II", "III") for n in range(1, 7)]
                           + ["IV:1", "IV:2", "IV:3"], "unrest")  # all 21 unrest discs

SUBDUE_REFUSED: list[Row] = [
    pytest.param({"etrvria": "revolt", **ALL_UNREST}, SubdueKind.REDUCE_REVOLT, 6, ReserveEmpty,
                 id="D15-reduce-with-no-unrest-left"),
    pytest.param({"etrvria": "unrest"}, SubdueKind.REMOVE_REVOLT, 6, NothingThere, id="no-revolt"),
    pytest.param({"etrvria": "unrest"}, SubdueKind.REDUCE_REVOLT, 6, NothingThere, id="reduce-unrest"),
    pytest.param({"etrvria": "revolt"}, SubdueKind.REMOVE_UNREST, 6, NothingThere, id="no-unrest"),
    pytest.param({}, SubdueKind.REMOVE_UNREST, 6, NothingThere, id="nothing-there"),
    pytest.param({}, SubdueKind.REMOVE_REVOLT, 6, NothingThere, id="nothing-there-revolt"),
    pytest.param({"etrvria": "revolt"}, SubdueKind.REMOVE_REVOLT, 1, NotEnoughIP, id="revolt-needs-2"),
    pytest.param({"etrvria": "revolt"}, SubdueKind.REDUCE_REVOLT, 0, NotEnoughIP, id="reduce-needs-1"),
    pytest.param({"etrvria": "unrest"}, SubdueKind.REMOVE_UNREST, 0, NotEnoughIP, id="unrest-needs-1"),
]


@pytest.mark.parametrize(("discs", "kind", "ip", "error"), SUBDUE_REFUSED)
def test_subdue_refused(discs: dict[str, str], kind: SubdueKind, ip: int, error: type[Exception]) -> None:
    state = maximian_at("etrvria", discs=discs, ip=ip)
    assert_refused(state, Subdue(M, prov("etrvria"), kind), error)


def test_subdue_only_in_his_province() -> None:
    state = maximian_at("etrvria", discs={"venetia": "revolt"})
    assert_refused(state, Subdue(M, prov("venetia"), SubdueKind.REMOVE_REVOLT), WrongMoment)


# --- R5.5 Attack ----------------------------------------------------------------------------------

ATTACK_COSTS: list[Row] = [
    pytest.param("etrvria", "venetia", {}, 1, id="normal-link-1"),
    pytest.param("etrvria", "venetia", {"venetia": "revolt"}, 2, id="normal-into-revolt-2"),
    pytest.param("III:1", "germania_magna", {}, 2, id="broken-to-a-border-2"),
    pytest.param("cisalpina", "II:6", {"II:6": "revolt"}, 3, id="broken-into-revolt-3"),
]


@pytest.mark.parametrize(("origin", "target", "discs", "cost"), ATTACK_COSTS)
def test_attack_costs_the_move_through_the_link(origin: str, target: str, discs: dict[str, str],
                                                cost: int) -> None:
    state = maximian_at(origin, discs=discs, armies=[target])
    apply_action(state, Attack(M, prov(origin), prov(target)))
    assert state.ip == 6 - cost
    assert state.emperor_at[M] == prov(origin)  # he does not move yet
    assert state.awaiting is Awaiting.ROLL and state.roll_purpose == Purpose.BATTLE


ATTACK_REFUSED: list[Row] = [
    pytest.param("etrvria", "lvcania", {"armies": ["lvcania"]}, NotLinked, id="not-linked"),
    pytest.param("etrvria", "VI:6", {"armies": ["VI:6"], "discs": {"VI:6": "revolt"}, "fleets": [2]},
                 NotLinked, id="never-by-fleet"),
    pytest.param("etrvria", "venetia", {}, NothingThere, id="no-army"),
    pytest.param("etrvria", "venetia", {"emperors": {"Galerius": "venetia"}}, NothingThere,
                 id="an-emperor-is-no-army"),
    pytest.param("cisalpina", "II:6", {"armies": ["II:6"], "discs": {"II:6": "revolt"}, "ip": 2},
                 NotEnoughIP, id="broken-plus-revolt-needs-3"),
    pytest.param("etrvria", "venetia", {"armies": ["venetia"], "ip": 0}, NotEnoughIP, id="no-ip"),
    pytest.param("II:3", "II:6", {"armies": ["II:6"], "emperors": {"Maximian": "cisalpina"}}, WrongMoment,
                 id="not-from-where-he-stands"),
]


@pytest.mark.parametrize(("origin", "target", "kw", "error"), ATTACK_REFUSED)
def test_attack_refused(origin: str, target: str, kw: dict[str, Any], error: type[Exception]) -> None:
    state = maximian_at(kw.get("emperors", {}).get("Maximian", origin), **kw)
    assert_refused(state, Attack(M, prov(origin), prov(target)), error)


# --- R4 entry -------------------------------------------------------------------------------------

ENTRY: list[Row] = [
    pytest.param({}, ["roma", "cisalpina"], id="roma-or-uncovered-capital"),
    pytest.param({"discs": {"cisalpina": "unrest"}}, ["roma"], id="capital-covered-by-unrest"),
    pytest.param({"discs": {"cisalpina": "revolt"}}, ["roma"], id="capital-covered-by-revolt"),
    pytest.param({"discs": {"cisalpina": "garrison Maximian"}}, ["roma"], id="covered-by-his-own-garrison"),
    pytest.param({"armies": ["cisalpina"], "discs": {"cisalpina": "revolt"}}, ["roma"],
                 id="army-on-capital"),
    pytest.param({"discs": {"roma": "garrison Galerius"}}, ["roma", "cisalpina"], id="roma-even-covered"),
    pytest.param({"emperors": {"Galerius": "roma"}}, ["roma", "cisalpina"], id="roma-held-pass-through"),
    pytest.param({"emperors": {"Galerius": "cisalpina"}}, ["roma", "cisalpina"],
                 id="capital-held-pass-through"),
]


@pytest.mark.parametrize(("kw", "choices"), ENTRY)
def test_entry_choices(kw: dict[str, Any], choices: list[str]) -> None:
    # R4: an Emperor off the board enters in Roma or in his uncovered capital.
    state = position(turn="Maximian", **kw)
    assert state.awaiting is Awaiting.ENTRY
    assert legal_actions(state) == [Enter(M, prov(p)) for p in choices]


@pytest.mark.parametrize(
    ("kw", "where", "error"),
    [
        pytest.param({"discs": {"cisalpina": "unrest"}}, "cisalpina", Occupied, id="covered-capital"),
        pytest.param({"armies": ["cisalpina"], "discs": {"cisalpina": "revolt"}}, "cisalpina", Occupied,
                     id="army-on-capital"),
        pytest.param({}, "etrvria", IllegalAction, id="elsewhere"),
        pytest.param({}, "V:6", IllegalAction, id="anothers-capital"),
    ],
)
def test_entry_refused(kw: dict[str, Any], where: str, error: type[Exception]) -> None:
    assert_refused(position(turn="Maximian", **kw), Enter(M, prov(where)), error)


def test_entry_into_an_occupied_province_must_move_on() -> None:
    state = position(turn="Maximian", emperors={"Galerius": "cisalpina"})
    play(state, "Maximian enters Cisalpina")
    assert state.passing and state.ip == 6
    assert_refused(state, EndPhase(M), MustMoveOn)
    assert_refused(state, Secure(M, prov("cisalpina")), MustMoveOn)
    play(state, "Maximian moves from Cisalpina to Etrvria")
    assert not state.passing and state.figure[prov("cisalpina")] == EMPEROR_FIGURE + G


def test_entry_refused_when_roma_is_held_and_every_way_out_is_blocked() -> None:
    # D21 at entry: Galerius in Roma, armies in Etrvria and Lvcania, no fleet: Roma is no entry.
    state = position(turn="Diocletian", emperors={"Galerius": "roma"}, armies=["etrvria", "lvcania"],
                     discs={"etrvria": "revolt", "lvcania": "revolt"})
    assert legal_actions(state) == [Enter(D, prov("V:6"))]
    assert_refused(state, Enter(D, prov("roma")), MustMoveOn)


def test_no_entry_anywhere_makes_an_empty_roman_phase() -> None:
    # D1: Bithynia covered, Roma held by Galerius with no way out: Diocletian stays off and the
    # Barbarian phase of his turn follows at once.  (Built at the start of his turn: a
    # hand-written position always stops at an entry or an action, never at BEGIN_TURN.)
    state = position(turn="Diocletian", emperors={"Galerius": "roma"}, armies=["etrvria", "lvcania"],
                     discs={"etrvria": "revolt", "lvcania": "revolt", "V:6": "unrest"})
    state.tasks = [BEGIN_TURN_STEP]
    events: list[Event] = []
    run(state, events)
    assert state.turn is D and state.emperor_at[D] == -1 and state.ip == 0
    assert state.awaiting is Awaiting.ROLL and state.roll_purpose == Purpose.ACTIVITY
    assert any("cannot enter" in say(e) for e in events)


def test_hand_written_position_without_entry_applies_d1() -> None:
    # D1: the same situation written as a position must not be stuck (awaiting an entry that has
    # no legal action while the game is not over); his Roman phase is empty, so the position
    # stands at the start of his Barbarian phase.  Loading runs nothing (issue 6): the machine is
    # paused there until the program resumes it, and only then R7.1 and R7.2 run.
    state = position(turn="Diocletian", emperors={"Galerius": "roma"}, armies=["etrvria", "lvcania"],
                     discs={"etrvria": "revolt", "lvcania": "revolt", "V:6": "unrest"})
    assert state.awaiting is Awaiting.RUN and legal_actions(state) == []
    assert state.tasks[-1] == PHASE_START_STEP and state.ip == 0
    assert state.disc[prov("V:6")] == UNREST  # nothing ran
    resume(state)
    assert waiting_for(state) is Awaiting.ROLL and state.roll_purpose == Purpose.ACTIVITY


# --- R4 turn order, unspent IP --------------------------------------------------------------------


def all_on_board(turn: str, ip: int = 6) -> State:
    """Every Emperor on his capital (Maximian in Etrvria); no threat that needs a roll."""
    return position(emperors={"Diocletian": "V:6", "Galerius": "III:4", "Constantius": "II:2",
                              "Maximian": "etrvria"}, turn=turn, ip=ip)


def test_turn_order_and_rounds() -> None:
    # R4: Diocletian, Galerius, Constantius, Maximian; then a new round.
    state = all_on_board("Diocletian")
    seen = []
    for _ in range(5):
        seen.append((state.turn, state.round, state.ip))
        play(state, f"{state.turn.title} ends his Roman phase")
        assert state.awaiting is Awaiting.ROLL and state.roll_purpose == Purpose.ACTIVITY
        roll(state, 5, 6)  # Bithynia: protected, nothing happens
    assert seen == [(D, 1, 6), (G, 1, 6), (C, 1, 6), (M, 1, 6), (D, 2, 6)]


def test_unspent_ip_are_lost() -> None:
    # R5: unspent IP are lost; every Roman phase starts with 6.
    state = all_on_board("Maximian", ip=6)
    play(state, "Maximian moves from Etrvria to Roma")
    play(state, "Maximian ends his Roman phase")
    assert state.ip == 0
    roll(state, 5, 6)
    assert state.turn is D and state.ip == 6
    for _ in range(3):
        play(state, f"{state.turn.title} ends his Roman phase")
        roll(state, 5, 6)
    assert state.turn is M and state.ip == 6


def test_only_the_emperor_of_the_turn_acts() -> None:
    state = all_on_board("Maximian")
    for action in (EndPhase(G), Move(G, prov("III:4"), prov("III:2")), Secure(D, prov("V:6"))):
        assert_refused(state, action, NotYourTurn)
    state = position(turn="Maximian")  # Maximian's entry
    assert_refused(state, Enter(G, prov("roma")), NotYourTurn)


@pytest.mark.parametrize(
    ("setup", "action"),
    [
        pytest.param("roman", Roll((3, 5)), id="roll-while-he-acts"),
        pytest.param("roman", PlaceFleet(1), id="fleet-placement-after-setup"),
        pytest.param("roman", Enter(M, prov("roma")), id="enter-while-on-board"),
        pytest.param("entry", EndPhase(M), id="end-before-entering"),
        pytest.param("entry", Sail(M, 2, 1), id="sail-before-entering"),
        pytest.param("roll", Move(M, prov("etrvria"), prov("roma")), id="move-while-dice-wait"),
        pytest.param("roll", EndPhase(M), id="end-while-dice-wait"),
    ],
)
def test_wrong_moment(setup: str, action: Action) -> None:
    if setup == "entry":
        state = position(turn="Maximian", fleets=[2])
    else:
        state = maximian_at("etrvria", fleets=[2])
        if setup == "roll":
            play(state, "Maximian ends his Roman phase")
    assert_refused(state, action, WrongMoment)


@pytest.mark.parametrize("dice", [(3,), (7, 1), (0, 4), (3, 5, 1)])
def test_bad_roll(dice: tuple[int, ...]) -> None:
    state = maximian_at("etrvria")
    play(state, "Maximian ends his Roman phase")  # waits for the two activity dice
    assert_refused(state, Roll(dice), BadRoll)


# --- R8 Roma Victrix --------------------------------------------------------------------------------

FIVE_BORDERS = {"gaetvlia": "garrison Diocletian", "britannia": "garrison Constantius",
                "germania_magna": "garrison Galerius", "sarmatia": "garrison Galerius",
                "persia": "garrison Diocletian"}


def test_sixth_border_wins_at_once() -> None:
    state = maximian_at("libya", discs=FIVE_BORDERS, ip=2)
    events: list[Event] = []
    play(state, "Maximian secures Libya", events=events)
    assert state.result is Result.ROMA_VICTRIX and state.secured_borders() == 6
    assert state.awaiting is Awaiting.NOTHING and legal_actions(state) == []
    assert any("Roma Victrix" in say(e) for e in events)
    for action in (EndPhase(M), Roll((3, 5)), Move(M, prov("libya"), prov("VI:1"))):
        assert_refused(state, action, GameOver)


def test_fifth_border_does_not_win() -> None:
    discs = {k: v for k, v in FIVE_BORDERS.items() if k != "persia"}
    state = maximian_at("libya", discs=discs, ip=2)
    play(state, "Maximian secures Libya")
    assert state.result is Result.ONGOING and state.secured_borders() == 5
    assert state.awaiting is Awaiting.ROMAN_ACTION


# --- every refusal leaves the state as it was ---------------------------------------------------


def test_refusals_leave_the_state_unchanged_in_many_positions() -> None:
    # Every action of the kinds above, legal or not, tried on a few positions: the illegal ones
    # raise an IllegalAction and change nothing (R5; engine.apply_action).
    positions = [
        maximian_at("etrvria", fleets=[2], discs={"venetia": "revolt"}, armies=["venetia"]),
        maximian_at("III:1", ip=1, discs={"III:3": "revolt"}, emperors={"Galerius": "III:2"}),
        position(turn="Maximian", discs={"cisalpina": "unrest"}),
    ]
    board = positions[0].board
    for state in positions:
        legal = legal_actions(state)
        before = snapshot(state)
        here = max(state.emperor_at[M], 0)
        candidates: list[Action] = [Secure(M, here), EndPhase(M), Enter(M, board.roma), Roll((1, 1))]
        candidates += [Subdue(M, here, kind) for kind in SubdueKind]
        candidates += [Sail(M, a, b) for a in (1, 2, 3) for b in (1, 2, 3) if a != b]
        for q in range(board.size):
            candidates += [Move(M, here, q), Move(M, here, q, True), Attack(M, here, q)]
        for action in candidates:
            if action in legal:
                continue
            with pytest.raises(IllegalAction):
                apply_action(state, action)
            assert snapshot(state) == before, action

