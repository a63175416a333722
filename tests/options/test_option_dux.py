"""R11.1 Dvx: deployment, the Dux spending any Emperor's IP, his battles and his death.

One row per rule case.  Positions are hand-written (``"records": {"dux": ...}``), every die is
scripted with a Roll action and checked against what the game waits for, and every refusal is
asserted by its exact error class with the state unchanged.
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
    play,
    prov,
    roll_for,
    say,
    snapshot,
)
from tetrarchia.core.actions import Action, Attack, EndPhase, Move, Sail, Secure, Subdue, SubdueKind
from tetrarchia.core.combat import BattleValues, battle_values
from tetrarchia.core.engine import apply_action, legal_actions
from tetrarchia.core.errors import (
    IllegalAction,
    MustMoveOn,
    NotEnoughIP,
    NothingThere,
    NotLinked,
    NotYourTurn,
    Occupied,
    WrongMoment,
)
from tetrarchia.core.events import Event, Purpose
from tetrarchia.core.notation import format_action, parse_action, province_key
from tetrarchia.core.pieces import (
    ARMY,
    DUX,
    EMPEROR_FIGURE,
    GARRISON,
    GOTHS,
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
DUX_PIECE = Piece.DUX
QUIET = (2, 2)  # activity on Germania Inferior II:2: Constantius's uncovered capital, nothing happens
Row = Any  # a pytest.param


def xposition(options: Iterable[str] = ("dux",), **given: Any) -> State:
    """conftest.option_position with these options by default."""
    return option_position(options, **given)


def dux_at(where: str | None, **kw: Any) -> State:
    """Maximian's Roman phase (unless ``turn``) with the Dux in ``where`` (None: in the box)."""
    options = kw.pop("options", ("dux",))
    kw.setdefault("emperors", {"Maximian": "roma"})
    return xposition(options, records={"dux": where, **kw.pop("records", {})}, **kw)



def end_phase(state: State, events: list[Event] | None = None) -> None:
    apply_action(state, EndPhase(state.turn), events)


def figures(state: State) -> dict[str, str]:
    """Every figure on the board, {province key: "army" | "goths" | "dux" | "vicarius" | Emperor}."""
    names = {ARMY: "army", GOTHS: "goths", DUX: "dux", VICARIUS: "vicarius"}
    names.update({EMPEROR_FIGURE + e: e.title for e in Emperor})
    return {province_key(state.board, p): names[f] for p, f in enumerate(state.figure) if f != NO_FIGURE}


def discs(state: State) -> dict[str, str]:
    """Every disc on the board, {province key: "unrest" | "revolt" | "garrison <Emperor>"}."""
    names = {UNREST: "unrest", REVOLT: "revolt"}
    names.update({GARRISON + e: f"garrison {e.title}" for e in Emperor})
    return {province_key(state.board, p): names[d] for p, d in enumerate(state.disc) if d != NO_DISC}


def deploy_places(state: State) -> set[int]:
    return {a.at for a in legal_actions(state) if isinstance(a, Deploy) and a.piece == Piece.DUX}


def assert_dead(state: State, where: str) -> None:
    """R11.1: the Dux left the game for good: nowhere on the board, never deployed again."""
    assert dux_place(state) == DEAD
    assert DUX not in state.figure
    assert state.figure[prov(where)] != DUX
    assert position_to_json(state)["records"]["dux"] == "dead"
    assert not any(isinstance(a, Deploy) for a in legal_actions(state))


# --- R11.1 deployment: 2 IP, a Roman province linked to his Emperor, free of figures --------------

DEPLOY_PLACES: list[Row] = [
    pytest.param("etrvria", {"emperors": {"Maximian": "etrvria", "Galerius": "venetia"}},
                 {"cisalpina", "roma"}, id="linked-provinces-without-figure"),
    pytest.param("III:1", {"emperors": {"Maximian": "III:1"}}, {"II:3", "III:2", "cisalpina"},
                 id="broken-links-count-the-border-never"),
    pytest.param("germania_magna", {"emperors": {"Maximian": "germania_magna"}}, {"III:1"},
                 id="from-a-border-into-the-empire"),
    pytest.param("III:1", {"emperors": {"Maximian": "III:1", "Constantius": "II:3"}, "armies": ["III:2"]},
                 {"cisalpina"}, id="not-on-an-emperor-or-an-army"),
    pytest.param("etrvria", {"emperors": {"Maximian": "etrvria"}, "discs": {
        "venetia": "revolt", "cisalpina": "garrison Galerius", "roma": "unrest"}},
                 {"cisalpina", "venetia", "roma"}, id="discs-do-not-matter"),
]


@pytest.mark.parametrize(("where", "kw", "places"), DEPLOY_PLACES)
def test_deploy_places(where: str, kw: dict[str, Any], places: set[str]) -> None:
    # R11.1: "a Roman province linked to his Emperor and free of figures"
    state = dux_at(None, **kw)
    assert deploy_places(state) == {prov(p) for p in places}


@pytest.mark.parametrize("at", ["cisalpina", "venetia", "roma"])
def test_deploy_costs_2_ip(at: str) -> None:
    state = dux_at(None, emperors={"Maximian": "etrvria"}, discs={"venetia": "revolt"})
    before = state.disc[:]
    events: list[Event] = []
    play(state, f"Maximian deploys the Dux in {state.board.name(prov(at))}", events=events)
    assert state.ip == 4
    assert dux_place(state) == prov(at) and state.figure[prov(at)] == DUX
    assert state.emperor_at[M] == prov("etrvria") and state.figure[prov("etrvria")] == EMPEROR_FIGURE + M
    assert state.disc == before  # deploying touches no disc
    assert not state.passing
    assert say(events[-1]) == f"Maximian deploys the Dux in {state.board.name(prov(at))}."
    assert deploy_places(state) == set()  # one Dux


def test_deploy_compact_notation() -> None:
    state = dux_at(None, emperors={"Maximian": "III:1"})
    play(state, "M +dux III:2")
    assert dux_place(state) == prov("III:2") and state.ip == 4


DEPLOY_REFUSED: list[Row] = [
    pytest.param(None, {"emperors": {"Maximian": "III:1"}}, "germania_magna", IllegalAction,
                 id="never-on-a-border"),
    pytest.param(None, {"emperors": {"Maximian": "etrvria", "Galerius": "venetia"}}, "venetia", Occupied,
                 id="not-on-an-emperor"),
    pytest.param(None, {"emperors": {"Maximian": "etrvria"}, "armies": ["venetia"]}, "venetia", Occupied,
                 id="not-on-an-army"),
    pytest.param(None, {"emperors": {"Maximian": "etrvria"}, "options": ("dux", "vicarius"),
                        "records": {"vicarius": "venetia"}}, "venetia", Occupied,
                 id="not-on-the-vicarius"),
    pytest.param(None, {"emperors": {"Maximian": "etrvria"}}, "lvcania", NotLinked,
                 id="only-next-to-his-emperor"),
    pytest.param(None, {"emperors": {"Maximian": "etrvria"}, "ip": 1}, "roma", NotEnoughIP, id="needs-2-ip"),
    pytest.param("II:3", {"emperors": {"Maximian": "etrvria"}}, "roma", WrongMoment, id="already-deployed"),
    pytest.param("dead", {"emperors": {"Maximian": "etrvria"}}, "roma", WrongMoment, id="dead-for-good"),
]


@pytest.mark.parametrize(("dux", "kw", "at", "error"), DEPLOY_REFUSED)
def test_deploy_refused(dux: str | None, kw: dict[str, Any], at: str, error: type[Exception]) -> None:
    assert_refused(dux_at(dux, **kw), Deploy(M, Piece.DUX, prov(at)), error)


def test_deploy_refused_during_the_barbarian_phase() -> None:
    state = dux_at(None, emperors={"Maximian": "etrvria"})
    end_phase(state)
    assert_refused(state, Deploy(M, Piece.DUX, prov("roma")), WrongMoment)


def test_deploy_by_another_emperor_is_not_his_turn() -> None:
    state = dux_at(None, emperors={"Maximian": "etrvria", "Galerius": "III:3"})
    assert_refused(state, Deploy(G, Piece.DUX, prov("roma")), NotYourTurn)


def test_deploy_while_passing_through_must_move_on() -> None:
    state = dux_at(None, emperors={"Maximian": "etrvria", "Galerius": "venetia"})
    play(state, "Maximian moves from Etrvria to Venetia")
    assert state.passing and deploy_places(state) == set()
    assert_refused(state, Deploy(M, Piece.DUX, prov("cisalpina")), MustMoveOn)


def test_deploy_the_dux_when_the_dux_is_not_in_play() -> None:
    state = xposition(("vicarius",), emperors={"Maximian": "etrvria"})
    error = assert_refused(state, Deploy(M, Piece.DUX, prov("roma")), WrongMoment)
    assert "Dux" in str(error)


# --- R11.1 any Emperor spends his IP on the Dux: move, subdue, attack; never Secure ----------------

CAPITALS = {D: "V:6", G: "III:4", C: "II:2", M: "cisalpina"}


@pytest.mark.parametrize("emperor", list(Emperor))
def test_every_emperor_spends_his_ip_on_the_dux(emperor: Emperor) -> None:
    # "From then on any player may spend his IP on his Emperor and/or the Dux."
    state = dux_at("venetia", emperors={emperor.title: CAPITALS[emperor]}, turn=emperor.title)
    move = Move(emperor, prov("venetia"), prov("etrvria"), False, DUX_PIECE)
    assert move in legal_actions(state)
    apply_action(state, move)
    assert state.ip == 5 and dux_place(state) == prov("etrvria")
    assert state.emperor_at[emperor] == prov(CAPITALS[emperor])
    assert state.figure[prov("venetia")] == NO_FIGURE and state.figure[prov("etrvria")] == DUX


def test_only_the_emperor_of_the_turn_commands_the_dux() -> None:
    state = dux_at("venetia", emperors={"Galerius": "III:4", "Maximian": "cisalpina"}, turn="Galerius")
    assert_refused(state, Move(M, prov("venetia"), prov("etrvria"), False, DUX_PIECE), NotYourTurn)


DUX_ACTIONS: list[Row] = [
    pytest.param({}, [], "Galerius moves the Dux from Venetia to Cisalpina", 1, "cisalpina", {},
                 id="move-normal-link-1"),
    pytest.param({}, [], "G/dux venetia-III:6", 2, "III:6", {}, id="move-broken-link-2"),
    pytest.param({"cisalpina": "revolt"}, [], "Galerius moves the Dux from Venetia to Cisalpina", 2,
                 "cisalpina", {"cisalpina": REVOLT}, id="move-into-revolt-plus-1"),
    pytest.param({}, [2], "Galerius moves the Dux from Venetia to Sicilia by fleet", 1, "sicilia", {},
                 id="move-by-fleet-1"),
    pytest.param({"sicilia": "revolt"}, [2], "G/dux venetia~sicilia", 2, "sicilia",
                 {"sicilia": REVOLT}, id="fleet-into-revolt-2"),
    pytest.param({"etrvria": "unrest"}, [], "Galerius moves the Dux from Venetia to Etrvria", 1, "etrvria",
                 {"etrvria": UNREST}, id="unrest-stays-the-dux-is-no-vicarius"),
    pytest.param({"venetia": "revolt"}, [], "Galerius's Dux removes the revolt in Venetia", 2, "venetia",
                 {"venetia": NO_DISC}, id="subdue-revolt-2"),
    pytest.param({"venetia": "revolt"}, [], "G/dux R>U venetia", 1, "venetia", {"venetia": UNREST},
                 id="reduce-revolt-1"),
    pytest.param({"venetia": "unrest"}, [], "Galerius's Dux removes the unrest in Venetia", 1, "venetia",
                 {"venetia": NO_DISC}, id="subdue-unrest-1"),
]


@pytest.mark.parametrize(("discs", "fleets", "text", "cost", "dest", "after"), DUX_ACTIONS)
def test_dux_actions_cost_what_an_emperors_cost(discs: dict[str, str], fleets: list[int], text: str,
                                                cost: int, dest: str, after: dict[str, int]) -> None:
    # R11.1 "the Dux acts as an Emperor": R5.1 and R5.4 costs, paid by Galerius
    state = dux_at("venetia", emperors={"Galerius": "III:3"}, turn="Galerius", discs=discs, fleets=fleets)
    play(state, text)
    assert state.ip == 6 - cost
    assert dux_place(state) == prov(dest) and state.figure[prov(dest)] == DUX
    assert state.emperor_at[G] == prov("III:3")
    for key, disc in after.items():
        assert state.disc[prov(key)] == disc


def test_the_dux_never_secures_and_sailing_stays_the_emperors() -> None:
    # R11.1: he cannot Secure (no discs); R5.2 sailing is an Emperor's action, not a figure's
    with_dux = dux_at("germania_magna", emperors={"Galerius": "III:3"}, turn="Galerius", fleets=[2])
    without = xposition(emperors={"Galerius": "III:3"}, turn="Galerius", fleets=[2])
    for state in (with_dux, without):
        legal = legal_actions(state)
        assert [a for a in legal if isinstance(a, Secure)] == [Secure(G, prov("III:3"))]
        assert [a for a in legal if isinstance(a, Sail)] == [Sail(G, 2, 1), Sail(G, 2, 3)]
    assert_refused(with_dux, Secure(G, prov("germania_magna")), WrongMoment)


def test_the_dux_passing_through_must_move_on_first() -> None:
    # R5.1 for the Dux: he may cross an Emperor's province only to leave it at once
    state = dux_at("venetia", emperors={"Maximian": "etrvria"})
    play(state, "Maximian moves the Dux from Venetia to Etrvria")
    assert state.passing and state.passer == Piece.DUX and dux_place(state) == prov("etrvria")
    assert state.figure[prov("etrvria")] == EMPEROR_FIGURE + M
    assert set(legal_actions(state)) == {
        Move(M, prov("etrvria"), prov(q), False, DUX_PIECE) for q in ("cisalpina", "venetia", "roma")}
    assert_refused(state, EndPhase(M), MustMoveOn)
    assert position_from_json(position_to_json(state), state.board) == state
    play(state, "M/dux etrvria-roma")
    assert not state.passing and dux_place(state) == prov("roma") and state.figure[prov("roma")] == DUX
    assert state.figure[prov("etrvria")] == EMPEROR_FIGURE + M and state.ip == 4


DUX_DIAGNOSTICS: list[Row] = [
    pytest.param(Move(M, prov("venetia"), prov("III:6"), False, DUX_PIECE), {"armies": ["III:6"]},
                 Occupied, id="move-into-an-army"),
    pytest.param(Attack(M, prov("venetia"), prov("III:6"), DUX_PIECE), {"armies": ["III:6"], "ip": 1},
                 NotEnoughIP, id="attack-without-the-ip"),
    pytest.param(Attack(M, prov("venetia"), prov("III:1"), DUX_PIECE), {"armies": ["III:1"]},
                 NotLinked, id="attack-not-linked"),
    pytest.param(Subdue(M, prov("venetia"), SubdueKind.REMOVE_REVOLT, DUX_PIECE), {}, NothingThere,
                 id="subdue-nothing"),
]


@pytest.mark.parametrize(("action", "kw", "error"), DUX_DIAGNOSTICS)
def test_refused_dux_actions_say_why(action: Action, kw: dict[str, Any], error: type[Exception]) -> None:
    state = dux_at("venetia", **kw)
    assert action not in legal_actions(state)
    assert_refused(state, action, error)


def test_refused_dux_actions_leave_the_state_unchanged() -> None:
    # whatever the reason given, an illegal Dux action changes nothing
    for action, kw, _ in (p.values for p in DUX_DIAGNOSTICS):
        state = dux_at("venetia", **kw)
        before = snapshot(state)
        with pytest.raises(IllegalAction):
            apply_action(state, action)
        assert snapshot(state) == before


# --- R6 with the Dux: x2 for the others, support 0 for himself ----------------------------------

BATTLE_VALUES: list[Row] = [
    pytest.param("II:3", {"Maximian": "III:2"}, {}, [], M, "III:2", BattleValues(3, 1, 2, 4, 0, 1),
                 id="dux-linked-to-the-army-doubles-the-emperor"),
    pytest.param("II:3", {"Maximian": "III:2", "Galerius": "cisalpina"}, {}, [], M, "III:2",
                 BattleValues(3, 1, 4, 4, 0, 1), id="dux-and-another-emperor-x4"),
    pytest.param("III:2", {"Maximian": "II:3"}, {"III:2": "garrison Maximian", "II:1": "garrison Maximian"},
                 [], 4, "III:2", BattleValues(3, 0, 2, 4, 0, 1), id="dux-support-0-emperor-doubles-him"),
    pytest.param("III:2", {"Maximian": "roma"}, {}, [], 4, "III:2", BattleValues(3, 0, 1, 4, 0, 1),
                 id="dux-alone"),
    pytest.param("III:2", {"Maximian": "roma"}, {"III:1": "revolt"}, ["III:3"], 4, "III:2",
                 BattleValues(3, 0, 1, 4, 1, 2), id="other-army-linked-to-the-dux-doubles-the-army"),
    pytest.param("venetia", {"Maximian": "II:3"}, {}, [], M, "II:3", BattleValues(3, 1, 1, 4, 0, 1),
                 id="dux-not-linked-to-the-army-no-x2"),
]


@pytest.mark.parametrize(("dux", "emperors", "discs", "armies", "piece", "fighter", "values"),
                         BATTLE_VALUES)
def test_battle_values_with_the_dux(dux: str, emperors: dict[str, str], discs: dict[str, str],
                                    armies: list[str], piece: int, fighter: str,
                                    values: BattleValues) -> None:
    # R6, R11.1: "supports other attacks x2; can be attacked", his own support is 0
    state = dux_at(dux, emperors=emperors, discs=discs, armies=["III:1", *armies])
    assert battle_values(state, piece, prov(fighter), prov("III:1"), 3, 4) == values


def test_the_dux_doubles_the_emperor_in_a_real_attack() -> None:
    state = dux_at("II:3", emperors={"Maximian": "III:2"}, armies=["III:1"])
    events: list[Event] = []
    play(state, "Maximian attacks Rhaetia from Pannonia Svperior", events=events)
    roll_for(state, Purpose.BATTLE, 2, 5, events=events)  # (2+1)x2 = 6 > 5
    assert "Roman (2+1)x2 = 6 against Barbarian (5+0)x1 = 5" in say(events[-2])
    assert state.emperor_at[M] == prov("III:1") and dux_place(state) == prov("II:3")
    assert state.ip == 5 and state.armies() == []


DUX_ATTACKS: list[Row] = [
    pytest.param((6, 1), "III:1", {"III:2": "garrison Galerius"}, 4, id="victory-moves-in"),
    pytest.param((4, 3), "III:2", {"III:2": "garrison Galerius", "III:1": "revolt"}, 4, id="draw-nothing"),
]


@pytest.mark.parametrize(("dice", "dux_after", "discs_after", "ip"), DUX_ATTACKS)
def test_the_dux_attacks(dice: tuple[int, int], dux_after: str, discs_after: dict[str, str], ip: int) -> None:
    # R5.5 for the Dux: 1 IP + 1 for the revolt; the Emperor's phase goes on
    state = dux_at("III:2", discs={"III:2": "garrison Galerius", "III:1": "revolt"}, armies=["III:1"])
    play(state, "Maximian's Dux attacks Rhaetia from Pannonia Svperior")
    roll_for(state, Purpose.BATTLE, *dice)
    assert dux_place(state) == prov(dux_after) and state.figure[prov(dux_after)] == DUX
    assert state.ip == ip and state.awaiting is Awaiting.ROMAN_ACTION
    assert discs(state) == discs_after
    assert state.armies() == ([] if dux_after == "III:1" else [prov("III:1")])


def test_any_emperor_attacks_with_the_dux() -> None:
    # R11.1: Galerius spends his IP on the Dux that Maximian deployed
    state = dux_at("III:2", emperors={"Galerius": "V:1"}, turn="Galerius", armies=["III:1"])
    assert Attack(G, prov("III:2"), prov("III:1"), DUX_PIECE) in legal_actions(state)
    play(state, "Galerius's Dux attacks Rhaetia from Pannonia Svperior")
    roll_for(state, Purpose.BATTLE, 5, 4)
    assert dux_place(state) == prov("III:1") and state.ip == 5 and state.armies() == []
    assert state.emperor_at[G] == prov("V:1") and state.turn is G


def test_d26_the_dux_defeated_attacking_dies_and_his_garrison_goes() -> None:
    # D26: he dies, the garrison of his province is removed; the Emperor's Roman phase goes on
    state = dux_at("III:2", emperors={"Maximian": "roma"}, discs={"III:2": "garrison Galerius"},
                   armies=["III:1"])
    reserve = state.garrisons[:]
    play(state, "M/dux III:2xIII:1")
    roll_for(state, Purpose.BATTLE, 1, 6)
    assert_dead(state, "III:2")
    assert state.disc[prov("III:2")] == NO_DISC and state.garrisons[G] == reserve[G] + 1
    assert state.awaiting is Awaiting.ROMAN_ACTION and state.turn is M and state.ip == 5
    assert state.emperor_at[M] == prov("roma")
    assert state.armies() == [prov("III:1")]


@pytest.mark.parametrize(
    ("dice", "alive"),
    [pytest.param((6, 1), True, id="dux-wins-army-destroyed"),
     pytest.param((1, 6), False, id="army-wins-dux-dies-army-moves-in"),
     pytest.param((1, 1), True, id="draw-nothing")],
)
def test_an_army_attacks_the_dux_in_its_way(dice: tuple[int, int], alive: bool) -> None:
    # R7.3 + R11.1: the army attacks the Dux; Maximian linked to the army doubles the Dux
    state = dux_at("III:2", emperors={"Maximian": "II:3"}, armies=["III:1"], discs={"III:1": "revolt"})
    events: list[Event] = []
    end_phase(state, events)
    roll_for(state, Purpose.ACTIVITY, *QUIET)
    roll_for(state, Purpose.BATTLE, *dice, events=events)
    battle = next(say(e) for e in events if say(e).startswith("Battle of The Dux"))
    roman, barbarian = dice
    assert f"Roman ({roman}+0)x2 = {roman * 2} against Barbarian ({barbarian}+1)x1" in battle
    if not alive:
        assert_dead(state, "III:2")
        assert figures(state) == {"III:2": "army", "II:3": "Maximian"}
        assert state.disc[prov("III:2")] == REVOLT  # devastated
    elif roman * 2 > barbarian + 1:
        assert figures(state) == {"III:2": "dux", "II:3": "Maximian"}
        assert state.disc[prov("III:1")] == NO_DISC  # the army and its revolt are gone
    else:
        assert figures(state) == {"III:1": "army", "III:2": "dux", "II:3": "Maximian"}
    assert state.turn is D  # the phase went on to the next turn


# --- R11.1 "whenever he would be removed from the board he dies" -------------------------------------

def test_the_dux_on_a_revolt_dies_at_r7_1() -> None:
    state = dux_at("III:2", discs={"III:2": "revolt"})
    events: list[Event] = []
    end_phase(state, events)
    assert_dead(state, "III:2")
    assert state.disc[prov("III:2")] == REVOLT
    assert as_purpose(state.roll_purpose) is Purpose.ACTIVITY  # he died before the activity roll
    assert any("The Dux stands on a revolt in Pannonia Svperior and dies" in say(e) for e in events)


def _uprising_reaches_the_dux() -> State:
    """Constantius ends his phase; an uprising in Noricvm puts a revolt under the Dux; then it is
    Maximian's turn."""
    state = dux_at("III:2", emperors={"Constantius": "roma", "Maximian": "II:4"},
                   discs={"III:3": "revolt"}, turn="Constantius")
    end_phase(state)
    roll_for(state, Purpose.ACTIVITY, 3, 3)  # uprising in Noricvm: revolts in III:2 and III:4
    roll_for(state, Purpose.UPRISING_REGION, 5)  # an army in Persia
    roll_for(state, Purpose.BROKEN_LINK, 1)  # Persia - Mesopotamia does not hold
    assert state.turn is M and state.awaiting is Awaiting.ROMAN_ACTION
    return state


def test_an_uprising_reaching_the_dux_kills_him_only_at_the_next_r7_1() -> None:
    # R7.2: figures reached are not removed now, only at the next R7.1 (unlike the Vicarius)
    state = _uprising_reaches_the_dux()
    assert dux_place(state) == prov("III:2") and state.disc[prov("III:2")] == REVOLT
    end_phase(state)
    assert_dead(state, "III:2")


def test_an_uprising_reaching_the_dux_can_be_subdued_in_time() -> None:
    state = _uprising_reaches_the_dux()
    play(state, "Maximian's Dux removes the revolt in Pannonia Svperior")
    end_phase(state)
    assert dux_place(state) == prov("III:2") and state.figure[prov("III:2")] == DUX
    assert as_purpose(state.roll_purpose) is Purpose.ACTIVITY


def test_d19_the_dux_swept_away_by_the_goths_dies() -> None:
    state = dux_at("sarmatia", options=("dux", "goths"), records={},
                   discs={"IV:2": "revolt"})
    end_phase(state)
    roll_for(state, Purpose.ACTIVITY, 4, 2)  # uprising in Moesia Inferior
    roll_for(state, Purpose.UPRISING_REGION, 4)  # the Goths arrive in Sarmatia
    assert_dead(state, "sarmatia")
    assert figures(state)["sarmatia"] == "goths"


def test_the_dead_dux_never_comes_back() -> None:
    state = dux_at("III:2", discs={"III:2": "revolt"}, emperors={"Maximian": "roma", "Diocletian": "V:6"})
    end_phase(state)
    roll_for(state, Purpose.ACTIVITY, *QUIET)
    assert state.turn is D and state.awaiting is Awaiting.ROMAN_ACTION  # a new turn, a new round
    assert_dead(state, "III:2")
    assert_refused(state, Deploy(D, Piece.DUX, prov("V:5")), WrongMoment)


# --- notation and positions ---------------------------------------------------------------------

def test_every_dux_action_round_trips_through_the_notation() -> None:
    states = [
        dux_at(None, emperors={"Maximian": "etrvria"}),
        dux_at("venetia", emperors={"Galerius": "III:3"}, turn="Galerius", fleets=[2],
               discs={"venetia": "revolt"}, armies=["III:6"]),
        dux_at("II:3", emperors={"Maximian": "III:2"}, armies=["III:1"], discs={"II:3": "unrest"}),
    ]
    for state in states:
        for action in legal_actions(state):
            for compact in (False, True):
                text = format_action(action, state.board, compact)
                assert parse_action(text, state.board) == action, text


@pytest.mark.parametrize(
    "records",
    [{}, {"dux": None}, {"dux": "dead"}, {"dux": "II:3"}, {"dux": "germania_magna"}],
)
def test_positions_with_the_dux_round_trip(records: dict[str, Any]) -> None:
    state = xposition(records=records, emperors={"Maximian": "etrvria"}, discs={"II:3": "revolt"})
    data = position_to_json(state)
    again = position_from_json(data, state.board)
    assert again == state and position_to_json(again) == data
    assert data["settings"]["options"] == ["dux"]
    where = records.get("dux")
    if where is None:
        assert dux_place(state) == IN_BOX
    else:
        assert dux_place(state) == (DEAD if where == "dead" else prov(where))


def test_a_position_during_a_dux_battle_round_trips() -> None:
    state = dux_at("III:2", armies=["III:1"])
    play(state, "Maximian's Dux attacks Rhaetia from Pannonia Svperior")
    assert as_purpose(state.roll_purpose) is Purpose.BATTLE
    again = position_from_json(position_to_json(state), state.board)
    assert again == state
    roll_for(again, Purpose.BATTLE, 6, 1)
    roll_for(state, Purpose.BATTLE, 6, 1)
    assert again == state and dux_place(state) == prov("III:1")
