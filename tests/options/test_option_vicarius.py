"""R11.2 Vicarius (and D16): placement, moves that never enter a revolt, free removal of unrest,
the blocked Barbarian roll, and his death.

One row per rule case; positions are hand-written with a ``"records": {"vicarius": ...}``
section, every die is scripted and checked against what the game waits for.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from conftest import (
    as_purpose,
    assert_refused,
    option_position,
    play,
    prov,
    roll_for,
    say,
    snapshot,
    vicarius_place,
)
from tetrarchia.core.actions import Action, Attack, EndPhase, Move, Subdue, SubdueKind
from tetrarchia.core.combat import BattleValues, battle_values
from tetrarchia.core.engine import apply_action, legal_actions
from tetrarchia.core.errors import IllegalAction, MustMoveOn, NotEnoughIP, Occupied, WrongMoment
from tetrarchia.core.events import Event, Purpose
from tetrarchia.core.notation import format_action, parse_action, province_key
from tetrarchia.core.pieces import (
    ARMY,
    DUX,
    EMPEROR_FIGURE,
    GARRISON,
    NO_DISC,
    NO_FIGURE,
    REVOLT,
    UNREST,
    VICARIUS,
    Emperor,
    Piece,
)
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.state import DEAD, IN_BOX, Awaiting, State
from tetrarchia.options.dux import Deploy

D, G, C, M = Emperor.DIOCLETIAN, Emperor.GALERIUS, Emperor.CONSTANTIUS, Emperor.MAXIMIAN
VIC = Piece.VICARIUS
QUIET = (2, 2)  # activity on Germania Inferior II:2: Constantius's uncovered capital, nothing happens
Row = Any  # a pytest.param


def xposition(options: Iterable[str] = ("vicarius",), **given: Any) -> State:
    """conftest.option_position with these options by default."""
    return option_position(options, **given)


def vicarius_at(where: str | None, **kw: Any) -> State:
    """Maximian's Roman phase (unless ``turn``) with the Vicarius in ``where`` (None: in the box)."""
    options = kw.pop("options", ("vicarius",))
    kw.setdefault("emperors", {"Maximian": "roma"})
    return xposition(options, records={"vicarius": where, **kw.pop("records", {})}, **kw)



def end_phase(state: State, events: list[Event] | None = None) -> None:
    apply_action(state, EndPhase(state.turn), events)


def discs(state: State) -> dict[str, int]:
    return {province_key(state.board, p): d for p, d in enumerate(state.disc) if d != NO_DISC}


def assert_dead(state: State) -> None:
    """R11.2: "he dies (he leaves the game)": off the board for good, never placed again."""
    assert vicarius_place(state) == DEAD and VICARIUS not in state.figure
    assert position_to_json(state)["records"]["vicarius"] == "dead"
    assert not any(isinstance(a, Deploy) for a in legal_actions(state))


def refused_unchanged(state: State, action: Action) -> IllegalAction:
    """``action`` is not legal, is refused by the rules (whatever the subclass) and changes nothing."""
    assert action not in legal_actions(state)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as caught:
        apply_action(state, action)
    assert snapshot(state) == before
    return caught.value


# --- R11.2 placement: 2 IP, any Roman province free of figures and revolts (D16) -----------------

def test_placement_anywhere_without_figure_or_revolt() -> None:
    state = vicarius_at(None, emperors={"Maximian": "etrvria", "Galerius": "III:3"}, armies=["III:6"],
                        discs={"cisalpina": "revolt", "venetia": "unrest", "II:3": "garrison Galerius"})
    places = {a.at for a in legal_actions(state) if isinstance(a, Deploy)}
    assert all(a.piece == VIC for a in legal_actions(state) if isinstance(a, Deploy))
    board = state.board
    assert places == set(board.roman) - {prov(k) for k in ("etrvria", "III:3", "III:6", "cisalpina")}
    assert len(places) == 38 and not any(board.is_border[p] for p in places)


PLACE_OK: list[Row] = [
    pytest.param("VI:4", {}, NO_DISC, id="far-from-his-emperor"),
    pytest.param("roma", {}, NO_DISC, id="roma"),
    pytest.param("II:3", {"II:3": "garrison Galerius"}, GARRISON + G, id="on-a-garrison"),
    pytest.param("venetia", {"venetia": "unrest"}, NO_DISC, id="D16-unrest-removed-at-once"),
]


@pytest.mark.parametrize(("at", "disc_before", "disc_after"), PLACE_OK)
def test_placement_costs_2_ip(at: str, disc_before: dict[str, str], disc_after: int) -> None:
    state = vicarius_at(None, emperors={"Maximian": "etrvria"}, discs=disc_before)
    unrest = state.unrest_reserve
    events: list[Event] = []
    play(state, f"Maximian places the Vicarius in {state.board.name(prov(at))}", events=events)
    assert state.ip == 4
    assert vicarius_place(state) == prov(at) and state.figure[prov(at)] == VICARIUS
    assert state.disc[prov(at)] == disc_after
    removed = disc_before.get(at) == "unrest"
    assert state.unrest_reserve == unrest + removed
    assert say(events[0]) == f"Maximian places the Vicarius in {state.board.name(prov(at))}."
    if removed:
        assert say(events[1]) == f"The Vicarius removes the unrest in {state.board.name(prov(at))}."
    assert not any(isinstance(a, Deploy) for a in legal_actions(state))


def test_placement_compact_notation() -> None:
    state = vicarius_at(None)
    play(state, "M +vic VI:4")
    assert vicarius_place(state) == prov("VI:4") and state.ip == 4


PLACE_REFUSED: list[Row] = [
    pytest.param(None, {"discs": {"cisalpina": "revolt"}}, "cisalpina", Occupied, id="never-on-a-revolt"),
    pytest.param(None, {"emperors": {"Maximian": "roma", "Galerius": "cisalpina"}}, "cisalpina", Occupied,
                 id="not-on-an-emperor"),
    pytest.param(None, {"armies": ["cisalpina"]}, "cisalpina", Occupied, id="not-on-an-army"),
    pytest.param(None, {"options": ("dux", "vicarius"), "records": {"dux": "cisalpina"}}, "cisalpina",
                 Occupied, id="not-on-the-dux"),
    pytest.param(None, {}, "sarmatia", IllegalAction, id="never-on-a-border"),
    pytest.param(None, {"ip": 1}, "cisalpina", NotEnoughIP, id="needs-2-ip"),
    pytest.param("VI:4", {}, "cisalpina", WrongMoment, id="already-placed"),
    pytest.param("dead", {}, "cisalpina", WrongMoment, id="dead-for-good"),
]


@pytest.mark.parametrize(("vicarius", "kw", "at", "error"), PLACE_REFUSED)
def test_placement_refused(vicarius: str | None, kw: dict[str, Any], at: str, error: type[Exception]) -> None:
    assert_refused(vicarius_at(vicarius, **kw), Deploy(M, VIC, prov(at)), error)


def test_placement_refused_during_the_barbarian_phase() -> None:
    state = vicarius_at(None)
    end_phase(state)
    assert_refused(state, Deploy(M, VIC, prov("cisalpina")), WrongMoment)


def test_placing_the_vicarius_when_the_vicarius_is_not_in_play() -> None:
    state = xposition(("dux",), emperors={"Maximian": "etrvria"})
    error = assert_refused(state, Deploy(M, VIC, prov("roma")), WrongMoment)
    assert "Vicarius" in str(error)


# --- R11.2 moves: as an Emperor, never into a revolt, unrest removed on entering (D16) ------------

MOVES: list[Row] = [
    pytest.param("venetia", "cisalpina", False, {}, [], 1, NO_DISC, id="normal-link-1"),
    pytest.param("venetia", "III:6", False, {}, [], 2, NO_DISC, id="broken-link-2"),
    pytest.param("venetia", "VI:4", True, {}, [2], 1, NO_DISC, id="fleet-1"),
    pytest.param("venetia", "etrvria", False, {"etrvria": "unrest"}, [], 1, NO_DISC,
                 id="D16-unrest-removed-free"),
    pytest.param("venetia", "VI:4", True, {"VI:4": "unrest"}, [2], 1, NO_DISC,
                 id="D16-unrest-removed-by-fleet-too"),
    pytest.param("venetia", "etrvria", False, {"etrvria": "garrison Galerius"}, [], 1, GARRISON + G,
                 id="a-garrison-stays"),
    pytest.param("III:1", "germania_magna", False, {}, [], 2, NO_DISC, id="into-a-border-like-an-emperor"),
]


@pytest.mark.parametrize(("origin", "dest", "by_fleet", "discs_before", "fleets", "cost", "disc_after"),
                         MOVES)
def test_vicarius_moves_as_an_emperor(origin: str, dest: str, by_fleet: bool,
                                      discs_before: dict[str, str], fleets: list[int], cost: int,
                                      disc_after: int) -> None:
    state = vicarius_at(origin, discs=discs_before, fleets=fleets)
    unrest = state.unrest_reserve
    move = Move(M, prov(origin), prov(dest), by_fleet, VIC)
    assert move in legal_actions(state)
    events: list[Event] = []
    apply_action(state, move, events)
    assert state.ip == 6 - cost  # the unrest costs nothing
    assert vicarius_place(state) == prov(dest) and state.figure[prov(dest)] == VICARIUS
    assert state.figure[prov(origin)] == NO_FIGURE
    assert state.disc[prov(dest)] == disc_after
    had_unrest = discs_before.get(dest) == "unrest"
    assert state.unrest_reserve == unrest + had_unrest
    assert any(say(e).startswith("The Vicarius removes the unrest") for e in events) == had_unrest


@pytest.mark.parametrize("emperor", list(Emperor))
def test_every_emperor_moves_the_vicarius(emperor: Emperor) -> None:
    where = {D: "V:6", G: "III:4", C: "II:2", M: "cisalpina"}[emperor]
    state = vicarius_at("venetia", emperors={emperor.title: where}, turn=emperor.title)
    play(state, f"{emperor.title} moves the Vicarius from Venetia to Etrvria")
    assert state.ip == 5 and vicarius_place(state) == prov("etrvria")
    assert state.emperor_at[emperor] == prov(where)


NEVER_INTO_REVOLT: list[Row] = [
    pytest.param(Move(M, prov("venetia"), prov("cisalpina"), False, VIC), id="by-link"),
    pytest.param(Move(M, prov("venetia"), prov("VI:4"), True, VIC), id="by-fleet"),
]


@pytest.mark.parametrize("move", NEVER_INTO_REVOLT)
def test_the_vicarius_never_enters_a_revolt(move: Move) -> None:
    # R11.2: "he may never enter a revolt" (an Emperor could)
    state = vicarius_at("venetia", discs={"cisalpina": "revolt", "VI:4": "revolt"}, fleets=[2],
                        emperors={"Maximian": "roma"})
    refused_unchanged(state, move)
    emperor_move = Move(M, prov("roma"), prov("VI:4"), True)
    assert emperor_move in legal_actions(state)  # the same revolt is open to Maximian
    assert all(state.disc[a.dest] != REVOLT for a in legal_actions(state)
               if isinstance(a, Move) and a.piece == VIC)


def test_a_vicarius_move_into_a_revolt_is_refused_as_occupied() -> None:
    state = vicarius_at("venetia", discs={"cisalpina": "revolt"})
    assert_refused(state, Move(M, prov("venetia"), prov("cisalpina"), False, VIC), Occupied)


def test_the_vicarius_only_moves() -> None:
    # R11.2 "he never fights": no attack, no subdue, no secure for him
    state = vicarius_at("III:2", armies=["III:1"], discs={"III:3": "revolt"}, emperors={"Maximian": "roma"})
    his = [a for a in legal_actions(state) if getattr(a, "piece", None) == VIC]
    assert his and all(isinstance(a, Move) for a in his)
    assert {a.dest for a in his if isinstance(a, Move)} == {prov("III:4"), prov("III:6"), prov("cisalpina")}
    refused_unchanged(state, Attack(M, prov("III:2"), prov("III:1"), VIC))
    refused_unchanged(state, Subdue(M, prov("III:2"), SubdueKind.REMOVE_UNREST, VIC))


# --- R11.2 and R7.2: he blocks the Barbarian roll on his province ---------------------------------

@pytest.mark.parametrize(("vicarius", "after"), [
    pytest.param("III:3", NO_DISC, id="blocked"),
    pytest.param(None, UNREST, id="without-him-unrest"),
])
def test_the_vicarius_blocks_the_activity_roll(vicarius: str | None, after: int) -> None:
    state = vicarius_at(vicarius)
    unrest = state.unrest_reserve
    events: list[Event] = []
    end_phase(state, events)
    roll_for(state, Purpose.ACTIVITY, 3, 3, events=events)
    assert state.disc[prov("III:3")] == after
    assert state.unrest_reserve == unrest - (after == UNREST)
    blocked = "The Vicarius in Noricvm blocks the roll: nothing happens."
    assert (blocked in [say(e) for e in events]) == (vicarius is not None)
    assert state.turn is D  # the Barbarian phase is over


def test_the_vicarius_blocks_a_new_activity_of_an_uprising() -> None:
    # R7.2 uprising step 2: the border is not empty, the new activity lands on him
    state = vicarius_at("III:3", discs={"IV:2": "revolt"}, armies=["germania_magna"])
    end_phase(state)
    roll_for(state, Purpose.ACTIVITY, 4, 2)  # uprising in Moesia Inferior
    roll_for(state, Purpose.UPRISING_REGION, 3)  # Germania Magna holds an army
    roll_for(state, Purpose.UPRISING_PROVINCE, 3)  # Noricvm: the Vicarius blocks it
    assert state.disc[prov("III:3")] == NO_DISC and vicarius_place(state) == prov("III:3")
    assert discs(state) == {"IV:1": REVOLT, "IV:2": REVOLT, "IV:3": REVOLT}


# --- R11.2 "an uprising or army reaching him kills him"; he never fights ------------------------

def test_an_army_reaching_the_vicarius_kills_him_without_a_battle() -> None:
    state = vicarius_at("III:2", armies=["III:1"])
    events: list[Event] = []
    end_phase(state, events)
    roll_for(state, Purpose.ACTIVITY, *QUIET, events=events)  # no battle die is asked for
    assert_dead(state)
    assert state.figure[prov("III:2")] == ARMY and state.disc[prov("III:2")] == REVOLT
    assert not any(e.kind == "battle" for e in events)
    assert state.turn is D


def test_an_uprising_reaching_the_vicarius_kills_him_at_once() -> None:
    # unlike an Emperor or the Dux, who stay until the next R7.1
    state = vicarius_at("III:2", discs={"III:3": "revolt"})
    end_phase(state)
    roll_for(state, Purpose.ACTIVITY, 3, 3)
    assert_dead(state)
    assert state.disc[prov("III:2")] == REVOLT
    assert as_purpose(state.roll_purpose) is Purpose.UPRISING_REGION  # still inside the uprising


def test_an_uprising_stopped_by_a_broken_link_spares_him() -> None:
    state = vicarius_at("venetia", discs={"III:6": "revolt"})
    end_phase(state)
    roll_for(state, Purpose.ACTIVITY, 3, 6)  # uprising in Dalmatia
    roll_for(state, Purpose.BROKEN_LINK, 1)  # Dalmatia - Macedonia: not linked
    roll_for(state, Purpose.BROKEN_LINK, 3)  # Dalmatia - Venetia: not linked
    assert vicarius_place(state) == prov("venetia") and state.disc[prov("venetia")] == NO_DISC


def _revolt_under_him(state: State, where: str) -> State:
    """A revolt put under the Vicarius in memory: no game reaches it and no file loads it (D41),
    but R7.1.2 still says what would become of him."""
    state.disc[prov(where)] = REVOLT
    state.revolt_reserve -= 1
    return state


def test_the_vicarius_on_a_revolt_dies_at_r7_1() -> None:
    # R7.1.2 "The Dux standing on a revolt dies; the Vicarius too."
    state = _revolt_under_him(vicarius_at("III:2"), "III:2")
    end_phase(state)
    assert_dead(state)
    assert as_purpose(state.roll_purpose) is Purpose.ACTIVITY


def test_the_vicarius_never_doubles_an_attack() -> None:
    # R6: "Other Emperors includes the Dux, never the Vicarius"
    vicarius = vicarius_at("II:3", emperors={"Maximian": "III:2"}, armies=["III:1"])
    dux = xposition(("dux", "vicarius"), records={"dux": "II:3"}, emperors={"Maximian": "III:2"},
                    armies=["III:1"])
    assert battle_values(vicarius, M, prov("III:2"), prov("III:1"), 3, 4) == BattleValues(3, 1, 1, 4, 0, 1)
    assert battle_values(dux, M, prov("III:2"), prov("III:1"), 3, 4) == BattleValues(3, 1, 2, 4, 0, 1)
    assert dux.figure[prov("II:3")] == DUX


def test_the_dead_vicarius_never_comes_back() -> None:
    state = _revolt_under_him(vicarius_at("III:2", emperors={"Maximian": "roma",
                                                             "Diocletian": "V:6"}), "III:2")
    end_phase(state)
    roll_for(state, Purpose.ACTIVITY, *QUIET)
    assert state.turn is D and state.awaiting is Awaiting.ROMAN_ACTION
    assert_dead(state)
    assert_refused(state, Deploy(D, VIC, prov("V:5")), WrongMoment)


def test_an_emperor_passes_through_the_vicarius() -> None:
    # R2 occupancy: an Emperor may cross the Vicarius's province, not stop there
    state = vicarius_at("etrvria", emperors={"Maximian": "roma"})
    play(state, "Maximian moves from Roma to Etrvria")
    assert state.passing and state.figure[prov("etrvria")] == VICARIUS
    assert_refused(state, EndPhase(M), MustMoveOn)
    play(state, "Maximian moves from Etrvria to Cisalpina")
    assert not state.passing and state.figure[prov("etrvria")] == VICARIUS
    assert state.figure[prov("cisalpina")] == EMPEROR_FIGURE + M


# --- notation and positions ---------------------------------------------------------------------

def test_every_vicarius_action_round_trips_through_the_notation() -> None:
    for state in (vicarius_at(None, emperors={"Maximian": "etrvria"}),
                  vicarius_at("venetia", fleets=[2], discs={"III:6": "unrest", "cisalpina": "revolt"})):
        for action in legal_actions(state):
            for compact in (False, True):
                text = format_action(action, state.board, compact)
                assert parse_action(text, state.board) == action, text


@pytest.mark.parametrize("where", [None, "dead", "VI:4", "germania_magna"])
def test_positions_with_the_vicarius_round_trip(where: str | None) -> None:
    state = vicarius_at(where, discs={"II:3": "revolt"}, options=("dux", "vicarius"),
                        records={"dux": "II:4"})
    data = position_to_json(state)
    again = position_from_json(data, state.board)
    assert again == state and position_to_json(again) == data
    assert data["records"].get("vicarius") == where and data["records"]["dux"] == "II:4"
    if where is None:
        assert vicarius_place(state) == IN_BOX
    else:
        assert vicarius_place(state) == (DEAD if where == "dead" else prov(where))
    assert (VICARIUS in state.figure) == (where not in (None, "dead"))


def test_a_passing_vicarius_round_trips() -> None:
    state = vicarius_at("venetia", emperors={"Maximian": "etrvria"})
    play(state, "M/vic venetia-etrvria")
    assert state.passer == VIC and state.passing
    data = position_to_json(state)
    assert data["turn"]["passer"] == "Vicarius"
    assert position_from_json(data, state.board) == state
