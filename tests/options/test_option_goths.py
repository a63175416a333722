"""R11.4 Goths (and D5, D19, D22): where they arrive, what they sweep away, their +1 in battle and on
broken links, and their place among the 3 armies.

Hand-written positions place the Goths in the ``goths`` part of the position (their module in
play sets them apart in the reserve, ``armies_set_apart``); every die is scripted and checked
against what the game waits for.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from conftest import as_purpose, assert_refused, dux_place, option_position, play, prov, roll_for, say
from tetrarchia.core.actions import Action, Attack, EndPhase, Move
from tetrarchia.core.combat import BattleValues, battle_values
from tetrarchia.core.engine import apply_action, new_game
from tetrarchia.core.errors import IllegalAction, NotEnoughIP, Occupied
from tetrarchia.core.events import Event, Purpose
from tetrarchia.core.notation import province_key
from tetrarchia.core.pieces import (
    ARMY,
    DUX,
    EMPEROR_FIGURE,
    GARRISON,
    GOTHS,
    NO_DISC,
    NO_FIGURE,
    VICARIUS,
    Emperor,
)
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import DEAD, Awaiting, State
from tetrarchia.options.goths import goths_in_reserve

D, G, C, M = Emperor.DIOCLETIAN, Emperor.GALERIUS, Emperor.CONSTANTIUS, Emperor.MAXIMIAN
QUIET = (2, 2)  # activity on Germania Inferior II:2: Constantius's uncovered capital, nothing happens
NORICVM = (3, 3)  # the activity roll of an uprising in Noricvm (III:3), in a test's revolt
Row = Any  # a pytest.param


def xposition(options: Iterable[str] = ("goths",), **given: Any) -> State:
    """conftest.option_position with these options by default."""
    return option_position(options, **given)


def goths_game(goths: Iterable[str] = (), **kw: Any) -> State:
    """Maximian's Roman phase in Roma (unless ``emperors``), the Goths module in play, the Goths
    on ``goths`` (empty: in the reserve)."""
    options = kw.pop("options", ("goths",))
    kw.setdefault("emperors", {"Maximian": "roma"})
    records = {"goths": list(goths), **kw.pop("records", {})}
    return xposition(options, records=records, **kw)



def awaits(state: State) -> int | None:
    return as_purpose(state.roll_purpose) if state.awaiting is Awaiting.ROLL else None


def end_phase(state: State, events: list[Event] | None = None) -> None:
    apply_action(state, EndPhase(state.turn), events)


def figures(state: State) -> dict[str, str]:
    """Every figure on the board, {province key: "army" | "goths" | "dux" | Emperor}."""
    names = {ARMY: "army", GOTHS: "goths", DUX: "dux", VICARIUS: "vicarius"}
    names.update({EMPEROR_FIGURE + e: e.title for e in Emperor})
    return {province_key(state.board, p): names[f] for p, f in enumerate(state.figure) if f != NO_FIGURE}


def uprising_army(state: State, region: int, events: list[Event] | None = None) -> None:
    """End the phase; an uprising in Noricvm (its revolt is in the position) rolls ``region``
    for its army."""
    end_phase(state, events)
    roll_for(state, Purpose.ACTIVITY, *NORICVM, events=events)
    roll_for(state, Purpose.UPRISING_REGION, region, events=events)


# --- R11.4 the Goths take borders III and IV whenever they are in the reserve ---------------------

ARRIVALS: list[Row] = [
    pytest.param(3, {}, {}, {}, [], {"germania_magna": "goths"}, id="III-empty"),
    pytest.param(4, {}, {}, {}, [], {"sarmatia": "goths"}, id="IV-empty"),
    pytest.param(3, {"germania_magna": "garrison Galerius"}, {}, {}, [], {"germania_magna": "goths"},
                 id="III-secured-garrison-back-to-galerius"),
    pytest.param(4, {"sarmatia": "garrison Constantius"}, {"Constantius": "sarmatia"}, {}, [],
                 {"sarmatia": "goths"}, id="IV-secured-and-occupied-both-go"),
    pytest.param(3, {}, {}, {}, ["germania_magna"], {"germania_magna": "goths"},
                 id="D19-an-army-goes-back-to-the-reserve"),
    pytest.param(3, {}, {"Galerius": "germania_magna"}, {}, [], {"germania_magna": "goths"},
                 id="D19-an-emperor-leaves-the-board"),
    pytest.param(4, {}, {}, {"dux": "sarmatia"}, [], {"sarmatia": "goths"}, id="D19-the-dux-dies"),
    pytest.param(3, {}, {}, {}, ["persia", "libya"], {"germania_magna": "goths", "persia": "army",
                                                     "libya": "army"}, id="the-third-army"),
]


@pytest.mark.parametrize(("region", "border_discs", "emperors", "records", "armies", "after"), ARRIVALS)
def test_the_goths_arrive_on_border_iii_or_iv(region: int, border_discs: dict[str, str],
                                              emperors: dict[str, str], records: dict[str, Any],
                                              armies: list[str], after: dict[str, str]) -> None:
    state = goths_game(options=("goths", "dux"), discs={"III:3": "revolt", **border_discs},
                       emperors={"Maximian": "roma", **emperors}, records=records, armies=armies)
    reserve = state.garrisons[:]
    uprising_army(state, region)
    assert figures(state) == {"roma": "Maximian", **after}
    assert state.armies_in_reserve() == 3 - len(after)  # a swept army went back to the reserve
    border = state.board.border_of[region]
    assert state.disc[border] == NO_DISC and not state.is_secured(border)
    back = [GARRISON + e for e in Emperor if border_discs.get(province_key(state.board, border)) ==
            f"garrison {e.title}"]
    assert state.garrisons == [reserve[e] + (GARRISON + e in back) for e in Emperor]
    for name in emperors:
        assert state.emperor_at[Emperor[name.upper()]] == -1  # until his next turn (R4)
    if records:
        assert dux_place(state) == DEAD
    assert awaits(state) is Purpose.BROKEN_LINK  # they advance at once (D2): the broken link


def test_a_secured_border_taken_by_the_goths_no_longer_counts() -> None:
    state = goths_game(discs={"III:3": "revolt", "germania_magna": "garrison Galerius",
                              "sarmatia": "garrison Diocletian"})
    assert state.secured_borders() == 2
    events: list[Event] = []
    uprising_army(state, 3, events)
    assert state.secured_borders() == 1
    assert "The Goths take the border of Germania Magna: it is no longer secured." in [say(e) for e in events]


def test_once_on_the_board_the_goths_leave_borders_iii_iv_to_the_usual_rule() -> None:
    # the Goths are not in the reserve: a secured border III is not empty (R7.2)
    state = goths_game(["libya"], discs={"III:3": "revolt", "germania_magna": "garrison Galerius"})
    uprising_army(state, 3)
    assert awaits(state) is Purpose.UPRISING_PROVINCE  # a new activity in region III
    assert state.is_secured(prov("germania_magna"))


@pytest.mark.parametrize(("goths", "armies", "after"), [
    pytest.param(["libya"], [], {"germania_magna": "army", "libya": "goths"}, id="ordinary-army-on-III"),
    pytest.param(["libya"], ["persia"], {"germania_magna": "army", "libya": "goths", "persia": "army"},
                 id="the-last-ordinary-army-on-III"),
])
def test_goths_on_the_board_an_ordinary_army_takes_iii(goths: list[str], armies: list[str],
                                                       after: dict[str, str]) -> None:
    state = goths_game(goths, discs={"III:3": "revolt"}, armies=armies)
    uprising_army(state, 3)
    assert figures(state) == {"roma": "Maximian", **after}


# --- D5 elsewhere the Goths come only when no ordinary army is left -------------------------------

ELSEWHERE: list[Row] = [
    pytest.param([], {"gaetvlia": "army"}, id="no-army-on-the-board-ordinary"),
    pytest.param(["persia"], {"gaetvlia": "army", "persia": "army"}, id="one-army-on-the-board-ordinary"),
    pytest.param(["persia", "libya"], {"gaetvlia": "goths", "persia": "army", "libya": "army"},
                 id="two-armies-on-the-board-the-goths"),
]


@pytest.mark.parametrize(("armies", "after"), ELSEWHERE)
def test_d5_the_goths_elsewhere_only_as_the_last_army(armies: list[str], after: dict[str, str]) -> None:
    state = goths_game(discs={"III:3": "revolt"}, armies=armies)
    uprising_army(state, 1)
    assert figures(state) == {"roma": "Maximian", **after}


def test_d5_elsewhere_the_goths_do_not_sweep_an_occupied_border() -> None:
    state = goths_game(discs={"III:3": "revolt", "gaetvlia": "garrison Maximian"}, armies=["persia", "libya"])
    uprising_army(state, 1)
    assert awaits(state) is Purpose.UPRISING_PROVINCE  # not empty: a new activity in region I
    assert figures(state) == {"roma": "Maximian", "persia": "army", "libya": "army"}
    assert state.is_secured(prov("gaetvlia"))


def test_the_goths_count_among_the_3_armies() -> None:
    # R9, R11.4: two armies and the Goths on the board: the uprising brings no army (no die)
    state = goths_game(["gaetvlia"], discs={"III:3": "revolt"}, armies=["persia", "libya"])
    events: list[Event] = []
    end_phase(state, events)
    roll_for(state, Purpose.ACTIVITY, *NORICVM, events=events)
    assert "No army is left in the reserve: the uprising brings no army." in [say(e) for e in events]
    assert state.armies_in_reserve() == 0 and state.ordinary_armies_in_reserve() == 0
    assert awaits(state) is Purpose.BROKEN_LINK  # straight on to the advance


@pytest.mark.parametrize(("goths", "armies", "reserve", "ordinary", "goths_waiting"), [
    pytest.param([], [], 3, 2, True, id="all-in-the-reserve"),
    pytest.param([], ["persia", "libya"], 1, 0, True, id="only-the-goths-left"),
    pytest.param(["sarmatia"], ["persia"], 1, 1, False, id="goths-on-the-board"),
])
def test_army_reserves(goths: list[str], armies: list[str], reserve: int, ordinary: int,
                       goths_waiting: bool) -> None:
    state = goths_game(goths, armies=armies)
    assert state.armies_in_reserve() == reserve
    assert state.ordinary_armies_in_reserve() == ordinary
    assert goths_in_reserve(state) is goths_waiting


# --- R11.4 +1 to their combat die, attacking or attacked -------------------------------------------

@pytest.mark.parametrize(("figure", "values"), [
    pytest.param("goths", BattleValues(3, 1, 1, 4, 0, 1), id="goths-plus-1"),
    pytest.param("army", BattleValues(3, 1, 1, 3, 0, 1), id="ordinary-army"),
])
def test_battle_values_of_the_goths(figure: str, values: BattleValues) -> None:
    state = goths_game(["III:1"] if figure == "goths" else [], armies=[] if figure == "goths" else ["III:1"],
                       emperors={"Maximian": "III:2"})
    assert battle_values(state, M, prov("III:2"), prov("III:1"), 3, 3) == values


EMPEROR_ATTACKS: list[Row] = [
    # Maximian in Pannonia Svperior (support 1: Cisalpina) attacks Rhaetia
    pytest.param("army", (3, 3), "victory", id="army-4-against-3"),
    pytest.param("goths", (3, 3), "draw", id="goths-4-against-3-plus-1"),
    pytest.param("army", (2, 3), "draw", id="army-3-against-3"),
    pytest.param("goths", (2, 3), "defeat", id="goths-3-against-3-plus-1"),
]


@pytest.mark.parametrize(("figure", "dice", "outcome"), EMPEROR_ATTACKS)
def test_an_emperor_attacks_the_goths(figure: str, dice: tuple[int, int], outcome: str) -> None:
    state = goths_game(["III:1"] if figure == "goths" else [], armies=[] if figure == "goths" else ["III:1"],
                       emperors={"Maximian": "III:2"})
    events: list[Event] = []
    play(state, "Maximian attacks Rhaetia from Pannonia Svperior", events=events)
    roll_for(state, Purpose.BATTLE, *dice, events=events)
    roman, barbarian = dice
    plus = 1 if figure == "goths" else 0
    # the Goths' +1 apart from the die as rolled (issue 8: the roll must be found again)
    shown = f"{barbarian}+1" if plus else str(barbarian)
    assert (f"Roman ({roman}+1)x1 = {roman + 1} against Barbarian ({shown}+0)x1 = "
            f"{barbarian + plus}") in say(events[1])
    where = {"victory": prov("III:1"), "draw": prov("III:2"), "defeat": -1}[outcome]
    assert state.emperor_at[M] == where
    assert bool(state.armies()) is (outcome != "victory")


GOTHS_ATTACK: list[Row] = [
    # the army in Rhaetia attacks Maximian in Pannonia Svperior (support 1)
    pytest.param("army", (2, 2), "emperor-wins", id="army-3-against-2"),
    pytest.param("goths", (2, 2), "draw", id="goths-3-against-2-plus-1"),
    pytest.param("army", (2, 3), "draw", id="army-3-against-3"),
    pytest.param("goths", (2, 3), "army-wins", id="goths-3-against-3-plus-1"),
]


@pytest.mark.parametrize(("figure", "dice", "outcome"), GOTHS_ATTACK)
def test_the_goths_attack_an_emperor(figure: str, dice: tuple[int, int], outcome: str) -> None:
    state = goths_game(["III:1"] if figure == "goths" else [], armies=[] if figure == "goths" else ["III:1"],
                       emperors={"Maximian": "III:2"})
    end_phase(state)
    roll_for(state, Purpose.ACTIVITY, *QUIET)
    roll_for(state, Purpose.BATTLE, *dice)
    expected = {
        "emperor-wins": {"III:2": "Maximian"},
        "draw": {"III:2": "Maximian", "III:1": figure},
        "army-wins": {"III:2": figure},
    }[outcome]
    assert figures(state) == expected


GOTHS_DIAGNOSTICS: list[Row] = [
    pytest.param(Attack(M, prov("III:2"), prov("III:1")), 0, NotEnoughIP, id="attack-without-the-ip"),
    pytest.param(Move(M, prov("III:2"), prov("III:1")), 6, Occupied, id="move-onto-the-goths"),
]


@pytest.mark.parametrize(("action", "ip", "error"), GOTHS_DIAGNOSTICS)
def test_refused_actions_against_the_goths_say_why(action: Action, ip: int, error: type[Exception]) -> None:
    # the Goths are an army (R11.4): refused for the same reason as against an ordinary army
    assert_refused(goths_game(armies=["III:1"], emperors={"Maximian": "III:2"}, ip=ip), action, error)
    assert_refused(goths_game(["III:1"], emperors={"Maximian": "III:2"}, ip=ip), action, error)


def test_refused_actions_against_the_goths_change_nothing() -> None:
    for action, ip, _ in (p.values for p in GOTHS_DIAGNOSTICS):
        state = goths_game(["III:1"], emperors={"Maximian": "III:2"}, ip=ip)
        before = position_to_json(state)
        with pytest.raises(IllegalAction):
            apply_action(state, action)
        assert position_to_json(state) == before


# --- R11.4, R7.4 +1 to their broken-link rolls: a 3 passes for the Goths ---------------------------

@pytest.mark.parametrize(("figure", "die", "crossed"), [
    pytest.param("goths", 2, False, id="goths-2-fails"),
    pytest.param("goths", 3, True, id="goths-3-passes"),
    pytest.param("army", 3, False, id="army-3-fails"),
    pytest.param("army", 4, True, id="army-4-passes"),
])
def test_broken_link_rolls_of_the_goths(figure: str, die: int, crossed: bool) -> None:
    state = goths_game(["germania_magna"] if figure == "goths" else [],
                       armies=[] if figure == "goths" else ["germania_magna"])
    events: list[Event] = []
    end_phase(state, events)
    roll_for(state, Purpose.ACTIVITY, *QUIET)
    roll_for(state, Purpose.BROKEN_LINK, die, events=events)  # Germania Magna - Rhaetia is broken
    where = "III:1" if crossed else "germania_magna"
    assert figures(state) == {"roma": "Maximian", where: figure}
    rolled = f"{die}+1 (the Goths) = {die + 1}" if figure == "goths" else str(die)  # R7.4, R11.4
    text = f"Broken link Germania Magna - Rhaetia: rolled {rolled}, {'linked' if crossed else 'not linked'}."
    assert text in [say(e) for e in events]


def test_the_goths_bonus_is_only_for_their_own_step() -> None:
    # the ordinary army behind them rolls without it, in the same phase
    state = goths_game(["germania_magna"], armies=["britannia"])
    end_phase(state)
    roll_for(state, Purpose.ACTIVITY, *QUIET)
    roll_for(state, Purpose.BROKEN_LINK, 3)  # the Goths cross into Rhaetia
    roll_for(state, Purpose.BROKEN_LINK, 3)  # Britannia - Belgica does not hold for the army
    assert figures(state) == {"roma": "Maximian", "III:1": "goths", "britannia": "army"}


# --- R3.5, D22 the Goths at setup --------------------------------------------------------------------

def setup_game(level: str) -> State:
    """A new game with the Goths, after the initial and additional revolts (all on province 2)."""
    state = new_game(Settings(level=Level.parse(level), options=("goths",)))
    assert state.ordinary_armies_in_reserve() == state.armies_in_reserve() - 1  # R11.4
    for _ in range(6):
        roll_for(state, Purpose.INITIAL_REVOLT, 2)
    for _ in range(state.settings.level.revolts):
        roll_for(state, Purpose.ADDITIONAL_REVOLT, 3, 3)
    return state


@pytest.mark.parametrize(("dice", "after"), [
    pytest.param([3, 3, 4], {"germania_magna": "goths", "sarmatia": "army"}, id="goths-then-III-rerolled"),
    pytest.param([4, 3], {"sarmatia": "goths", "germania_magna": "army"}, id="goths-on-IV-then-army-on-III"),
    pytest.param([1, 1, 6], {"gaetvlia": "army", "libya": "army"}, id="elsewhere-ordinary-armies"),
])
def test_initial_armies_with_the_goths(dice: list[int], after: dict[str, str]) -> None:
    state = setup_game("4212")
    for die in dice:
        roll_for(state, Purpose.INITIAL_ARMY, die)
    assert figures(state) == after
    assert state.awaiting is Awaiting.FLEET_PLACEMENT


def test_d22_a_rolled_border_iii_holding_an_army_is_rolled_again() -> None:
    # D22: at setup the Goths do not sweep an army away: the border is rolled again
    state = goths_game(armies=["germania_magna"], emperors={}, turn="Diocletian", machine={
        "awaiting": "roll", "roll": {"count": 1, "purpose": "initial-army"},
        "tasks": [["begin-turn"], ["place-fleets", 2], ["initial-army"]]})
    events: list[Event] = []
    roll_for(state, Purpose.INITIAL_ARMY, 3, events=events)
    assert figures(state) == {"germania_magna": "army"}
    roll_for(state, Purpose.INITIAL_ARMY, 4, events=events)
    assert figures(state) == {"germania_magna": "army", "sarmatia": "goths"}
    assert [say(e) for e in events][:2] == ["Germania Magna already holds an army: roll again.",
                                            "Region IV: the Goths appear in Sarmatia."]


# --- positions ------------------------------------------------------------------------------------

@pytest.mark.parametrize("goths", [[], ["sarmatia"], ["III:1"]])
def test_positions_with_the_goths_round_trip(goths: list[str]) -> None:
    state = goths_game(goths, armies=["persia"], discs={"III:3": "revolt"})
    data = position_to_json(state)
    again = position_from_json(data, state.board)
    assert again == state and position_to_json(again) == data
    assert data.get("records", {}).get("goths", []) == goths and data["armies"] == ["persia"]
    assert "flags" not in data  # R11.4: the Goths are in play with their module, no flag


def test_a_position_after_the_goths_arrived_round_trips() -> None:
    state = goths_game(discs={"III:3": "revolt"})
    uprising_army(state, 3)
    again = position_from_json(position_to_json(state), state.board)
    assert again == state
    roll_for(again, Purpose.BROKEN_LINK, 3)
    roll_for(state, Purpose.BROKEN_LINK, 3)
    assert again == state and figures(state)["III:1"] == "goths"


def test_a_hand_written_position_with_the_goths_module_has_the_goths_in_the_reserve() -> None:
    state = xposition(discs={"III:3": "revolt"}, emperors={"Maximian": "roma"})
    assert goths_in_reserve(state)
    uprising_army(state, 3)
    assert figures(state)["germania_magna"] == "goths"
