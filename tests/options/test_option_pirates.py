"""R11.3 Pirates (and D4, D13, D35): the fewer-than-3-fleets rule, the setup roll, the closed sea
zone, the battle on the coast with its exact values, its outcomes, and the Pirates' return.

One row per rule case; positions are hand-written with a ``"records": {"pirates": zone}``
section, every die is scripted and checked against what the game waits for.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from conftest import (
    as_purpose,
    assert_refused,
    dux_place,
    option_position,
    pirates_at,
    play,
    prov,
    roll_for,
    say,
    snapshot,
)
from tetrarchia.core.actions import EndPhase, Move, PlaceFleet, Sail
from tetrarchia.core.board import default_board
from tetrarchia.core.engine import apply_action, legal_actions, new_game
from tetrarchia.core.errors import (
    IllegalAction,
    NotEnoughIP,
    NothingThere,
    NotYourTurn,
    Occupied,
    OptionError,
    SaveFileError,
)
from tetrarchia.core.events import Event, Purpose
from tetrarchia.core.notation import format_action, parse_action, province_key
from tetrarchia.core.pieces import GARRISON, NO_DISC, REVOLT, Emperor, Piece
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import DEAD, Awaiting, State
from tetrarchia.options.pirates import PIRATES_ROLL, AttackPirates, coast_values

D, G, C, M = Emperor.DIOCLETIAN, Emperor.GALERIUS, Emperor.CONSTANTIUS, Emperor.MAXIMIAN
Row = Any  # a pytest.param


def xposition(options: Iterable[str] = ("pirates",), **given: Any) -> State:
    """conftest.option_position with these options by default."""
    return option_position(options, **given)


def pirates_in(zone: int, **kw: Any) -> State:
    """Maximian's Roman phase (unless ``turn``), the Pirates in ``zone`` (0: off the board)."""
    options = kw.pop("options", ("pirates",))
    kw.setdefault("emperors", {"Maximian": "roma"})
    kw.setdefault("fleets", [1] if zone != 1 else [2])
    return xposition(options, records={"pirates": zone, **kw.pop("records", {})}, **kw)



def awaiting(state: State) -> Awaiting:
    """What the game waits for (a function, so that the type checker does not narrow it)."""
    return state.awaiting


def discs(state: State) -> dict[str, str]:
    names = {1: "unrest", 2: "revolt"}
    names.update({GARRISON + e: f"garrison {e.title}" for e in Emperor})
    return {province_key(state.board, p): names[d] for p, d in enumerate(state.disc) if d != NO_DISC}


# --- R11.3 "only with fewer than 3 fleets" --------------------------------------------------------

@pytest.mark.parametrize("level", ["4311", "5300", "3322"])
def test_pirates_refused_with_3_fleets(level: str) -> None:
    with pytest.raises(OptionError) as caught:
        Settings(level=Level.parse(level), options=("pirates",))
    assert type(caught.value) is OptionError
    assert "Pirates" in str(caught.value) and level in str(caught.value)


@pytest.mark.parametrize("level", ["4211", "4111", "3222", "5100"])
def test_pirates_accepted_with_fewer_fleets(level: str) -> None:
    assert Settings(level=Level.parse(level), options=("pirates",)).has("pirates")


def test_a_position_with_pirates_and_3_fleets_is_refused() -> None:
    with pytest.raises(SaveFileError, match="Pirates"):
        xposition(level="4311", records={"pirates": 2})


def test_a_position_with_a_fleet_in_the_pirates_zone_is_refused() -> None:
    with pytest.raises(SaveFileError, match="sea zone with no Roman fleet"):
        xposition(records={"pirates": 2}, fleets=[2])


# --- R3.6, R11.3 setup: roll the Barbarian die until 2 or 3, before the fleets ---------------------

SETUP_ROLLS: list[Row] = [
    pytest.param([2], 2, id="2-mare-internvm"),
    pytest.param([3], 3, id="3-mare-aegaevm"),
    pytest.param([1, 4, 3], 3, id="1-and-4-rolled-again"),
    pytest.param([6, 5, 1, 2], 2, id="6-5-1-rolled-again"),
]


@pytest.mark.parametrize(("dice", "zone"), SETUP_ROLLS)
def test_setup_roll_until_2_or_3(dice: list[int], zone: int) -> None:
    state = new_game(Settings(level=Level.parse("4211"), options=("pirates",)))
    events: list[Event] = []
    for _ in range(6):
        roll_for(state, Purpose.INITIAL_REVOLT, 2)
    roll_for(state, Purpose.ADDITIONAL_REVOLT, 3, 3)
    roll_for(state, Purpose.INITIAL_ARMY, 1)  # the armies come first, then the Pirates
    for die in dice:
        assert pirates_at(state) == 0
        roll_for(state, PIRATES_ROLL, die, events=events)
    assert pirates_at(state) == zone
    assert [say(e) for e in events] == [
        *(f"Pirates: rolled {d}, roll again (2 or 3)." for d in dice[:-1]),
        f"The Pirates sail into {state.board.zones[zone].title}.",
    ]
    # R3.6: the fleets are placed after the Pirates, never in their zone
    assert state.awaiting is Awaiting.FLEET_PLACEMENT
    assert legal_actions(state) == [PlaceFleet(z) for z in (1, 2, 3) if z != zone]
    assert_refused(state, PlaceFleet(zone), Occupied)
    other, last = (1, 3) if zone == 2 else (2, 1)
    apply_action(state, PlaceFleet(other))
    assert legal_actions(state) == [PlaceFleet(last)]
    apply_action(state, PlaceFleet(last))
    assert state.fleet_zones() == sorted((other, last)) and pirates_at(state) == zone
    assert awaiting(state) is Awaiting.ENTRY and state.turn is D


def test_setup_with_one_fleet() -> None:
    state = new_game(Settings(level=Level.parse("4100"), options=("pirates",)))
    for _ in range(6):
        roll_for(state, Purpose.INITIAL_REVOLT, 4)
    roll_for(state, PIRATES_ROLL, 2)
    assert legal_actions(state) == [PlaceFleet(1), PlaceFleet(3)]
    apply_action(state, PlaceFleet(3))
    assert state.fleet_zones() == [3] and pirates_at(state) == 2
    assert state.awaiting is Awaiting.ENTRY and state.turn is D


def test_placing_a_fleet_with_the_pirates_says_why() -> None:
    state = new_game(Settings(level=Level.parse("4100"), options=("pirates",)))
    for _ in range(6):
        roll_for(state, Purpose.INITIAL_REVOLT, 4)
    roll_for(state, PIRATES_ROLL, 2)
    error = assert_refused(state, PlaceFleet(2), Occupied)
    assert "Pirates" in str(error)


# --- R11.3 "No fleet may be in or enter their zone" -----------------------------------------------

def test_no_fleet_sails_into_the_pirates_zone() -> None:
    state = pirates_in(3, fleets=[2])
    sails = [a for a in legal_actions(state) if isinstance(a, Sail)]
    assert sails == [Sail(M, 2, 1)]
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        apply_action(state, Sail(M, 2, 3))
    assert snapshot(state) == before


def test_sailing_into_the_pirates_zone_is_refused_as_occupied() -> None:
    assert_refused(pirates_in(3, fleets=[2]), Sail(M, 2, 3), Occupied)


def test_the_pirates_zone_carries_no_fleet_move() -> None:
    # Tingitana touches zones 1 and 2: with the Pirates in 2 only the Atlantic fleet carries him
    state = pirates_in(2, emperors={"Maximian": "I:1"}, fleets=[1])
    by_fleet = {a.dest for a in legal_actions(state) if isinstance(a, Move) and a.by_fleet}
    board = state.board
    assert by_fleet == set(board.coast[1]) - {prov("I:1")}
    assert prov("I:5") not in by_fleet  # Carthaginensis is on Mare Internvm only


# --- R11.3 the attack: 2 IP, from a province on their coast (D35: the Dux too) ---------------------

def test_attack_offered_on_their_coast_only() -> None:
    state = pirates_in(2, options=("pirates", "dux"), records={"dux": "I:5"},
                       emperors={"Maximian": "roma"})
    attacks = [a for a in legal_actions(state) if isinstance(a, AttackPirates)]
    assert attacks == [AttackPirates(M, prov("roma")), AttackPirates(M, prov("I:5"), Piece.DUX)]
    inland = pirates_in(2, options=("pirates", "dux"), records={"dux": "II:3"},
                        emperors={"Maximian": "III:3"})
    assert not any(isinstance(a, AttackPirates) for a in legal_actions(inland))


ATTACK_REFUSED: list[Row] = [
    pytest.param(0, "roma", {}, AttackPirates(M, prov("roma")), NothingThere, id="pirates-off-the-board"),
    pytest.param(2, "roma", {"ip": 1}, AttackPirates(M, prov("roma")), NotEnoughIP, id="needs-2-ip"),
    pytest.param(2, "III:3", {}, AttackPirates(M, prov("III:3")), IllegalAction, id="inland"),
    pytest.param(3, "I:1", {}, AttackPirates(M, prov("I:1")), IllegalAction, id="coast-of-another-zone"),
    pytest.param(2, "roma", {}, AttackPirates(M, prov("etrvria")), IllegalAction, id="not-where-he-stands"),
    pytest.param(2, "roma", {}, AttackPirates(M, prov("roma"), Piece.DUX), IllegalAction,
                 id="no-dux-there"),
]


@pytest.mark.parametrize(("zone", "where", "kw", "action", "error"), ATTACK_REFUSED)
def test_attack_refused(zone: int, where: str, kw: dict[str, Any], action: AttackPirates,
                        error: type[Exception]) -> None:
    state = pirates_in(zone, emperors={"Maximian": where}, **kw)
    assert action not in legal_actions(state)
    assert_refused(state, action, error)


def test_attack_by_another_emperor_is_not_his_turn() -> None:
    state = pirates_in(2, emperors={"Maximian": "roma", "Galerius": "III:6"})
    assert_refused(state, AttackPirates(G, prov("III:6")), NotYourTurn)


# --- R11.3 the battle: every province on that coast is "linked" (D13) ----------------------------

COAST_VALUES: list[Row] = [
    pytest.param(M, "roma", 2, {}, {}, [], {}, (2, 1, 0, 1), id="D13-roma-and-cisalpina-printed"),
    pytest.param(M, "roma", 2, {"cisalpina": "unrest"}, {}, [], {}, (1, 1, 0, 1),
                 id="a-covered-capital-does-not-count"),
    pytest.param(D, "V:6", 3, {}, {}, [], {}, (1, 1, 0, 1), id="D13-bithynia-on-mare-aegaevm"),
    pytest.param(D, "V:6", 3, {"V:6": "garrison Diocletian", "IV:2": "garrison Diocletian",
                               "VI:1": "garrison Diocletian"}, {}, [], {}, (3, 1, 0, 1),
                 id="every-garrison-on-the-coast-no-group-needed"),
    pytest.param(M, "roma", 2, {"I:1": "garrison Maximian", "sicilia": "garrison Maximian",
                                "IV:5": "garrison Maximian", "III:5": "garrison Maximian",
                                "venetia": "garrison Galerius"},
                 {}, [], {}, (5, 1, 0, 1), id="his-colour-on-that-coast-only"),
    pytest.param(M, "roma", 2, {}, {"Galerius": "III:6", "Constantius": "II:2", "Diocletian": "IV:3"},
                 [], {"dux": "I:5"}, (2, 4, 0, 1), id="other-emperors-and-the-dux-x2-each"),
    pytest.param(M, "roma", 2, {}, {}, [], {"vicarius": "etrvria"}, (2, 1, 0, 1),
                 id="the-vicarius-never-doubles"),
    pytest.param(M, "roma", 2, {"VI:3": "revolt", "I:1": "revolt", "I:3": "revolt", "III:3": "revolt"},
                 {}, [], {}, (2, 1, 2, 1), id="revolts-on-that-coast"),
    pytest.param(M, "roma", 2, {"VI:6": "revolt"}, {}, ["VI:6", "sicilia", "II:1"], {}, (2, 1, 1, 4),
                 id="armies-on-that-coast-x2-each"),
    pytest.param(M, "roma", 2, {}, {}, ["sicilia"], {"goths": ["IV:6"]},
                 (2, 1, 0, 4), id="the-goths-count-as-an-army"),
    pytest.param(4, "I:5", 2, {"I:5": "garrison Maximian"}, {"Maximian": "roma"}, [], {"dux": "I:5"},
                 (0, 2, 0, 1), id="D35-the-dux-support-0-maximian-doubles-him"),
]


@pytest.mark.parametrize(("piece", "where", "zone", "discs_", "others", "armies", "records", "values"),
                         COAST_VALUES)
def test_coast_values(piece: int, where: str, zone: int, discs_: dict[str, str], others: dict[str, str],
                      armies: list[str], records: dict[str, Any],
                      values: tuple[int, int, int, int]) -> None:
    emperors = {**({Emperor(piece).title: where} if piece < 4 else {}), **others}
    state = pirates_in(zone, options=("pirates", "dux", "vicarius", "goths"), records=records,
                       discs=discs_, emperors=emperors, armies=armies, turn="Maximian",
                       fleets=[1] if zone != 1 else [2])
    assert coast_values(state, piece, zone) == values


def test_a_full_battle_on_the_coast() -> None:
    state = pirates_in(2, options=("pirates", "dux"), records={"dux": "I:5"},
                       emperors={"Maximian": "roma", "Galerius": "III:6"},
                       discs={"etrvria": "garrison Maximian", "VI:3": "revolt", "I:1": "revolt"},
                       armies=["VI:6", "sicilia"])
    events: list[Event] = []
    play(state, "Maximian attacks the Pirates from Roma", events=events)
    assert state.ip == 4
    roll_for(state, Purpose.BATTLE, 1, 6, events=events)
    # (1 + Roma, Cisalpina, Etrvria) x (Galerius, Dux) = 16 against (6 + 2 revolts) x (2 armies) = 32
    assert say(events[1]) == ("Battle against the Pirates in Mare Internvm: Roman (1+3)x4 = 16 against "
                              "Pirates (6+2)x4 = 32.")


# --- R11.3 outcomes ---------------------------------------------------------------------------------

def test_victory_the_pirates_leave_and_the_zone_opens() -> None:
    state = pirates_in(3, emperors={"Diocletian": "V:6"}, turn="Diocletian", fleets=[2])
    play(state, "Diocletian attacks the Pirates from Bithynia")
    roll_for(state, Purpose.BATTLE, 2, 2)  # (2+1) against 2
    assert pirates_at(state) == 0
    assert state.emperor_at[D] == prov("V:6") and state.ip == 4
    assert state.awaiting is Awaiting.ROMAN_ACTION
    play(state, "Diocletian sails a fleet from Mare Internvm to Mare Aegaevm")
    assert state.fleet_zones() == [3]


def test_draw_nothing_happens() -> None:
    state = pirates_in(3, emperors={"Diocletian": "V:6"}, turn="Diocletian", fleets=[2],
                       discs={"IV:2": "garrison Galerius"})
    before = snapshot(state)
    play(state, "Diocletian attacks the Pirates from Bithynia")
    roll_for(state, Purpose.BATTLE, 2, 3)  # (2+1) against 3
    after = snapshot(state)
    assert state.ip == 4 and pirates_at(state) == 3 and state.awaiting is Awaiting.ROMAN_ACTION
    for key in ("discs", "emperors", "armies", "fleets", "reserves", "records"):
        assert after[key] == before[key], key  # the 2 IP are all it cost


def test_defeat_removes_the_emperor_and_every_garrison_on_that_coast() -> None:
    # R11.3, D13: all garrisons of every colour on that coast; his Roman phase ends (R5.5)
    state = pirates_in(2, fleets=[1], discs={
        "etrvria": "garrison Maximian", "venetia": "garrison Galerius", "I:1": "garrison Constantius",
        "cisalpina": "garrison Diocletian", "III:5": "garrison Maximian", "II:2": "garrison Galerius",
        "VI:3": "revolt"})
    events: list[Event] = []
    play(state, "Maximian attacks the Pirates from Roma", events=events)
    roll_for(state, Purpose.BATTLE, 1, 6, events=events)  # (1+2) against (6+1)
    assert pirates_at(state) == 2 and state.emperor_at[M] == -1
    assert discs(state) == {"III:5": "garrison Maximian", "II:2": "garrison Galerius", "VI:3": "revolt"}
    assert state.garrisons == [4, 3, 4, 3]
    assert state.ip == 0 and as_purpose(state.roll_purpose) is Purpose.ACTIVITY  # the Barbarian phase
    assert [say(e) for e in events][-3:] == [
        "Maximian is defeated by the Pirates and leaves the board.",
        "Every garrison on the coast of Mare Internvm is lost.",
        "Maximian's Roman phase ends."]  # R5.5: his phase ends, as after a lost attack on an army


@pytest.mark.parametrize(("dice", "won"), [pytest.param((6, 1), True, id="victory"),
                                           pytest.param((1, 6), False, id="defeat")])
def test_d35_the_dux_attacks_the_pirates(dice: tuple[int, int], won: bool) -> None:
    # D35; a defeated Dux dies, the garrisons on the coast go, the Emperor's phase goes on (D26)
    state = pirates_in(2, options=("pirates", "dux"), records={"dux": "sicilia"},
                       emperors={"Maximian": "III:3"},
                       discs={"sicilia": "garrison Maximian", "roma": "garrison Galerius"})
    play(state, "Maximian's Dux attacks the Pirates from Sicilia")
    roll_for(state, Purpose.BATTLE, *dice)
    assert state.awaiting is Awaiting.ROMAN_ACTION and state.ip == 4
    assert state.emperor_at[M] == prov("III:3")
    if won:
        assert pirates_at(state) == 0 and dux_place(state) == prov("sicilia")
        assert discs(state) == {"sicilia": "garrison Maximian", "roma": "garrison Galerius"}
    else:
        assert pirates_at(state) == 2 and dux_place(state) == DEAD
        assert discs(state) == {} and state.garrisons == [4, 4, 4, 4]


# --- R11.3, D4: defeated Pirates come back with an uprising on a coast without fleet ---------------

RETURNS: list[Row] = [
    pytest.param("I:1", (1, 1), [1], 0, 2, id="tingitana-atlantic-fleet-internvm"),
    pytest.param("I:1", (1, 1), [], 0, 1, id="D4-lowest-zone-even-the-atlantic"),
    pytest.param("IV:5", (4, 5), [2], 0, 3, id="achaia-aegaevm"),
    pytest.param("IV:5", (4, 5), [], 0, 2, id="D4-achaia-lowest"),
    pytest.param("IV:5", (4, 5), [2, 3], 0, 0, id="every-zone-of-that-coast-has-a-fleet"),
    pytest.param("VI:4", (6, 4), [1], 0, 2, id="nvmidia"),
    pytest.param("III:3", (3, 3), [], 0, 0, id="inland-no-return"),
    pytest.param("I:1", (1, 1), [1], 3, 3, id="not-while-on-the-board"),
]


@pytest.mark.parametrize(("where", "dice", "fleets", "before", "after"), RETURNS)
def test_pirates_return_on_an_uprising(where: str, dice: tuple[int, int], fleets: list[int],
                                       before: int, after: int) -> None:
    state = pirates_in(before, fleets=fleets, discs={where: "revolt"})
    events: list[Event] = []
    apply_action(state, EndPhase(M))
    roll_for(state, Purpose.ACTIVITY, *dice, events=events)
    assert pirates_at(state) == after
    came_back = [say(e) for e in events if e.kind == "pirates"]
    if after and not before:
        assert came_back == [f"The uprising brings the Pirates back to {state.board.zones[after].title}."]
    else:
        assert came_back == []


def test_unrest_turning_to_revolt_brings_no_pirates() -> None:
    state = pirates_in(0, fleets=[1], discs={"I:5": "unrest"})
    apply_action(state, EndPhase(M))
    roll_for(state, Purpose.ACTIVITY, 1, 5)
    assert state.disc[prov("I:5")] == REVOLT and pirates_at(state) == 0


def test_an_uprising_of_a_new_activity_brings_them_back_too() -> None:
    state = pirates_in(0, fleets=[1], discs={"III:3": "revolt", "I:5": "revolt"}, armies=["gaetvlia"])
    apply_action(state, EndPhase(M))
    roll_for(state, Purpose.ACTIVITY, 3, 3)  # an inland uprising: no return yet
    assert pirates_at(state) == 0
    roll_for(state, Purpose.UPRISING_REGION, 1)  # Gaetvlia holds an army: a new activity
    roll_for(state, Purpose.UPRISING_PROVINCE, 5)  # Carthaginensis: a second uprising
    assert pirates_at(state) == 2


# --- notation and positions ---------------------------------------------------------------------

@pytest.mark.parametrize("action", [AttackPirates(M, prov("roma")), AttackPirates(M, prov("I:5"), Piece.DUX)])
def test_attack_notation_round_trips(action: AttackPirates) -> None:
    board = default_board()
    for compact in (False, True):
        assert parse_action(format_action(action, board, compact), board) == action
    assert format_action(action, board) in ("Maximian attacks the Pirates from Roma",
                                            "Maximian's Dux attacks the Pirates from Carthaginensis")


@pytest.mark.parametrize("zone", [0, 1, 2, 3])
def test_positions_with_pirates_round_trip(zone: int) -> None:
    state = pirates_in(zone, discs={"I:1": "revolt"})
    data = position_to_json(state)
    again = position_from_json(data, state.board)
    assert again == state and position_to_json(again) == data
    assert data.get("records", {}).get("pirates", 0) == zone  # 0, the default, is not written
    assert data["settings"]["options"] == ["pirates"]


def test_a_position_during_a_pirate_battle_round_trips() -> None:
    state = pirates_in(2)
    play(state, "Maximian attacks the Pirates from Roma")
    data = position_to_json(state)
    assert data["machine"]["tasks"][-1][0] == "pirate-battle"
    again = position_from_json(data, state.board)
    assert again == state
    roll_for(again, Purpose.BATTLE, 6, 1)
    roll_for(state, Purpose.BATTLE, 6, 1)
    assert again == state and pirates_at(state) == 0
