"""R12.2 Mare Nostrvm: Roman fleets in adjacent sea zones (1-2, 2-3) form one zone; an Emperor
moves between any coastal provinces of the joined zones for 1 IP per zone in the shortest chain
of fleet zones from a zone of his province to a zone of the destination (D21, 2nd edition cost),
+1 into a revolt (R5.1).  Without adjacent fleets nothing is joined.  With the parameter
``mare-nostrvm.cost=flat`` (1st edition) a move between coasts of the joined zones costs 1 IP,
whatever the zones crossed.

Zones: 1 Mare Atlanticvm, 2 Mare Internvm, 3 Mare Aegaevm.  Coasts used: BELGICA II:1 (1),
TINGITANA I:1 (1, 2), ACHAIA IV:5 (2, 3), ETRVRIA (2), SYRIA V:2 (3), GERMANIA SVPERIOR II:3 (none).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from conftest import POSITION_FORMAT, assert_refused, option_position, pirates_at, play, prov
from tetrarchia.core.actions import Move
from tetrarchia.core.board import default_board
from tetrarchia.core.costs import fleet_routes
from tetrarchia.core.engine import apply_action, legal_actions
from tetrarchia.core.errors import MustMoveOn, NotEnoughIP, NotLinked
from tetrarchia.core.pieces import EMPEROR_FIGURE, NO_FIGURE, Emperor, Piece
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import State

D, G, C, M = Emperor.DIOCLETIAN, Emperor.GALERIUS, Emperor.CONSTANTIUS, Emperor.MAXIMIAN
BOARD = default_board()
Row = Any  # a pytest.param


def variant(
    options: Sequence[str] = ("mare-nostrvm",),
    *,
    fleets: Sequence[int],
    emperors: Mapping[str, str | None],
    discs: Mapping[str, str] | None = None,
    turn: str = "Maximian",
    ip: int = 6,
    records: Mapping[str, Any] | None = None,
    level: str = "4311",
) -> State:
    """A hand-written position (by default level 4311: three fleets) with ``options``."""
    return option_position(options, fleets=fleets, emperors=emperors, discs=discs, turn=turn, ip=ip,
                           records=records, level=level)


COSTS: list[Row] = [
    # (fleets, origin, destination, revolt there, IP or None when no fleet joins them)
    pytest.param([1, 2], "II:1", "II:4", False, 1, id="same-zone-1"),
    pytest.param([1, 2], "II:1", "etrvria", False, 2, id="zones-1-2-joined"),
    pytest.param([1, 2], "II:1", "etrvria", True, 3, id="zones-1-2-into-revolt"),
    pytest.param([1, 2, 3], "II:1", "V:2", False, 3, id="zones-1-2-3"),
    pytest.param([1, 2, 3], "II:1", "V:2", True, 4, id="zones-1-2-3-into-revolt"),
    pytest.param([1, 2, 3], "II:1", "etrvria", False, 2, id="three-fleets-shortest-chain-2"),
    pytest.param([1, 2], "II:1", "I:1", False, 1, id="destination-on-the-start-zone"),
    pytest.param([2, 3], "I:1", "V:2", False, 2, id="start-on-two-zones-uses-zone-2"),
    pytest.param([1, 2, 3], "IV:5", "II:1", False, 2, id="start-on-2-and-3-to-zone-1"),
    pytest.param([2], "etrvria", "VI:6", False, 1, id="a-single-fleet"),
    pytest.param([1, 3], "II:1", "V:2", False, None, id="zones-1-3-not-adjacent"),
    pytest.param([1, 3], "II:1", "etrvria", False, None, id="no-fleet-in-zone-2"),
    pytest.param([2, 3], "II:1", "etrvria", False, None, id="no-fleet-on-the-start-coast"),
]


@pytest.mark.parametrize(("fleets", "origin", "dest", "revolt", "cost"), COSTS)
def test_r12_2_cost_is_the_zones_of_the_shortest_chain(
    fleets: list[int], origin: str, dest: str, revolt: bool, cost: int | None
) -> None:
    state = variant(fleets=fleets, emperors={"Maximian": origin},
                    discs={dest: "revolt"} if revolt else None)
    move = Move(M, prov(origin), prov(dest), True)
    if cost is None:
        assert move not in legal_actions(state)
        assert_refused(state, move, NotLinked)
        return
    assert move in legal_actions(state)
    apply_action(state, move)
    assert state.ip == 6 - cost
    assert state.emperor_at[M] == prov(dest)
    assert state.figure[prov(dest)] == EMPEROR_FIGURE + M
    assert state.figure[prov(origin)] == NO_FIGURE


# The coastal provinces of the board (BOARD.md), by sea zone, written out by hand.
ATLANTIC_COAST = ("tingitana", "baetica", "lvsitania", "gallaecia", "belgica", "germania_inferior",
                  "lvgdvnensis", "aqvitania")
MEDITERRANEAN_COAST = ("tingitana", "baetica", "carthaginensis", "tarraconensis", "narbonensis",
                       "dalmatia", "achaia", "epirvs", "tripolitania", "nvmidia", "mavretania",
                       "africa", "cisalpina", "venetia", "etrvria", "roma", "lvcania", "sicilia")
AEGEAN_COAST = ("moesia_inferior", "thracia", "macedonia", "achaia", "syria", "cilicia", "asia",
                "bithynia", "aegyptvs", "cyrenaica")


def test_r12_2_routes_from_belgica_with_three_fleets() -> None:
    """R12.2: "1 IP per zone crossed".  From Belgica, on the Atlantic: 1 IP to the rest of the
    Atlantic coast (Tingitana and Baetica too, also on the Mediterranean), 2 IP to the
    Mediterranean coast (Achaia too, also on the Aegean), 3 IP to the Aegean coast."""
    state = variant(fleets=[1, 2, 3], emperors={"Maximian": "II:1"})
    expected = {
        **{prov(p): 3 for p in AEGEAN_COAST},
        **{prov(p): 2 for p in MEDITERRANEAN_COAST},
        **{prov(p): 1 for p in ATLANTIC_COAST if p != "belgica"},
    }
    assert fleet_routes(state, prov("belgica")) == expected


@pytest.mark.parametrize(("options", "legal"), [(("mare-nostrvm",), True), ((), False)])
def test_r12_2_only_with_the_variant(options: tuple[str, ...], legal: bool) -> None:
    """R5.1 alone: both provinces must be on the coast of one zone holding a fleet."""
    state = variant(options, fleets=[1, 2], emperors={"Maximian": "II:1"})
    move = Move(M, prov("II:1"), prov("etrvria"), True)
    assert (move in legal_actions(state)) is legal
    if not legal:
        assert_refused(state, move, NotLinked)


def test_r12_2_an_inland_province_has_no_fleet_move() -> None:
    state = variant(fleets=[1, 2, 3], emperors={"Maximian": "II:3"})
    assert not [a for a in legal_actions(state) if isinstance(a, Move) and a.by_fleet]
    assert_refused(state, Move(M, prov("II:3"), prov("etrvria"), True), NotLinked)


def test_r12_2_sailing_a_fleet_joins_the_zones() -> None:
    """Fleets in 1 and 3 join nothing; Maximian sails the Aegean fleet into Mare Internvm (1 IP):
    now BELGICA - ETRVRIA costs 2 IP."""
    state = variant(fleets=[1, 3], emperors={"Maximian": "II:1"})
    move = Move(M, prov("II:1"), prov("etrvria"), True)
    assert move not in legal_actions(state)
    play(state, "Maximian sails a fleet from Mare Aegaevm to Mare Internvm")
    assert state.fleet_zones() == [1, 2]
    assert move in legal_actions(state)
    apply_action(state, move)
    assert state.ip == 6 - 1 - 2


def test_r12_2_the_pirates_zone_breaks_the_chain() -> None:
    """R11.3: no fleet in the Pirates' zone 2, so zones 1 and 3 stay apart."""
    state = variant(("mare-nostrvm", "pirates"), fleets=[1, 3], emperors={"Maximian": "II:1"},
                    level="4211", records={"pirates": 2})
    assert pirates_at(state) == 2
    assert set(fleet_routes(state, prov("II:1"))) == set(BOARD.coast[1]) - {prov("II:1")}


def test_d21_passing_through_by_a_joined_fleet() -> None:
    """Into ETRVRIA held by Constantius for 2 IP: he must move on, and can (1 IP left at least)."""
    state = variant(fleets=[1, 2], emperors={"Maximian": "II:1", "Constantius": "etrvria"}, ip=3)
    play(state, "Maximian moves from Belgica to Etrvria by fleet")
    assert (state.ip, state.passer, state.passing) == (1, Piece.MAXIMIAN, True)
    assert state.figure[prov("etrvria")] == EMPEROR_FIGURE + C
    moves = legal_actions(state)
    assert moves and all(isinstance(a, Move) and a.origin == prov("etrvria") for a in moves)
    assert Move(M, prov("etrvria"), prov("venetia")) in moves
    assert Move(M, prov("etrvria"), prov("II:1"), True) not in moves  # 2 IP: too dear now


def test_d21_no_pass_through_without_ip_to_move_on() -> None:
    """2 IP into ETRVRIA leaves none to move on: not legal (the refusal's class: see the xfail
    below)."""
    state = variant(fleets=[1, 2], emperors={"Maximian": "II:1", "Constantius": "etrvria"}, ip=2)
    assert Move(M, prov("II:1"), prov("etrvria"), True) not in legal_actions(state)
    assert Move(M, prov("II:1"), prov("II:4"), True) in legal_actions(state)


@pytest.mark.parametrize(
    ("ip", "constantius", "error"),
    [pytest.param(1, None, NotEnoughIP, id="too-dear"),
     pytest.param(2, "etrvria", MustMoveOn, id="D21-no-ip-to-move-on")],
)
def test_r12_2_refusals_of_joined_moves_name_the_real_reason(ip: int, constantius: str | None,
                                                             error: type[Exception]) -> None:
    state = variant(fleets=[1, 2], emperors={"Maximian": "II:1", "Constantius": constantius}, ip=ip)
    assert_refused(state, Move(M, prov("II:1"), prov("etrvria"), True), error)


def test_r12_2_diocletian_moves_another_emperor_by_joined_fleets() -> None:
    """With Imperivm (R12.1), the joined zones serve the Emperors Diocletian moves too."""
    state = variant(("mare-nostrvm", "imperivm"), fleets=[1, 2, 3],
                    emperors={"Diocletian": "V:6", "Maximian": "II:1"}, turn="Diocletian")
    play(state, "D power reserve", "Diocletian moves Maximian from Belgica to Syria by fleet")
    assert state.emperor_at[M] == prov("V:2")
    assert state.ip == 3


def test_r12_2_position_round_trip() -> None:
    state = variant(fleets=[1, 2, 3], emperors={"Maximian": "II:1"})
    play(state, "Maximian moves from Belgica to Syria by fleet")
    data = position_to_json(state)
    assert data["settings"]["options"] == ["mare-nostrvm"]
    back = position_from_json(data, BOARD)
    assert back == state
    assert fleet_routes(back, prov("V:2")) == fleet_routes(state, prov("V:2"))


# --- the 1st-edition cost (parameter cost=flat) -----------------------------------------------


def flat(*, fleets: Sequence[int], emperors: Mapping[str, str | None],
         discs: Mapping[str, str] | None = None) -> State:
    """Maximian's Roman phase at level 4311 with ``mare-nostrvm.cost=flat``."""
    data: dict[str, Any] = {
        **POSITION_FORMAT,
        "settings": {"level": "4311", "options": ["mare-nostrvm"],
                     "params": {"mare-nostrvm.cost": "flat"}},
        "discs": dict(discs or {}), "emperors": dict(emperors), "fleets": list(fleets),
        "turn": {"emperor": "Maximian", "ip": 6},
    }
    return position_from_json(data, BOARD)


FLAT_COSTS: list[Row] = [
    # (fleets, origin, destination, revolt there, IP or None when no fleet joins them)
    pytest.param([1, 2], "II:1", "II:4", False, 1, id="same-zone-1"),
    pytest.param([1, 2], "II:1", "etrvria", False, 1, id="zones-1-2-joined"),
    pytest.param([1, 2], "II:1", "etrvria", True, 2, id="zones-1-2-into-revolt"),
    pytest.param([1, 2, 3], "II:1", "V:2", False, 1, id="zones-1-2-3"),
    pytest.param([1, 2, 3], "II:1", "V:2", True, 2, id="zones-1-2-3-into-revolt"),
    pytest.param([1, 3], "II:1", "V:2", False, None, id="zones-1-3-not-adjacent"),
    pytest.param([2, 3], "II:1", "etrvria", False, None, id="no-fleet-on-the-start-coast"),
]


@pytest.mark.parametrize(("fleets", "origin", "dest", "revolt", "cost"), FLAT_COSTS)
def test_r12_2_first_edition_one_ip_between_any_two_coasts_of_the_joined_zones(
    fleets: list[int], origin: str, dest: str, revolt: bool, cost: int | None
) -> None:
    """003 (1st edition): "If you have fleets in two adjacent sea zones, you can consider them as
    one zone. Direct movement between any two coastal provinces of this new extended sea zone is
    allowed."  One zone, so one fleet move: 1 IP (+1 into a revolt, R5.1); the same provinces
    are reached as with the 2nd-edition cost."""
    state = flat(fleets=fleets, emperors={"Maximian": origin},
                 discs={dest: "revolt"} if revolt else None)
    move = Move(M, prov(origin), prov(dest), True)
    if cost is None:
        assert move not in legal_actions(state)
        assert_refused(state, move, NotLinked)
        return
    apply_action(state, move)
    assert state.ip == 6 - cost
    assert state.emperor_at[M] == prov(dest)


def test_r12_2_first_edition_reaches_the_same_provinces_for_1_ip() -> None:
    per_zone = variant(fleets=[1, 2, 3], emperors={"Maximian": "II:1"})
    one_ip = flat(fleets=[1, 2, 3], emperors={"Maximian": "II:1"})
    routes = fleet_routes(per_zone, prov("II:1"))
    assert max(routes.values()) == 3
    assert fleet_routes(one_ip, prov("II:1")) == dict.fromkeys(routes, 1)


def test_r12_2_cost_parameter_default_and_choices() -> None:
    assert Settings(options=("mare-nostrvm",)).param("mare-nostrvm", "cost") == "per-zone"
    assert Settings(options=("mare-nostrvm",), params=(("mare-nostrvm.cost", "flat"),)).param(
        "mare-nostrvm", "cost") == "flat"
