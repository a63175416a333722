"""R12.8 Patres Patriae (1st edition): every round Diocletian may take 1 IP from Galerius, and
Constantius may give 1 IP to Maximian.  The IP moves at once to the one who takes it and from the
next turn of the other, in the same round (D30): Diocletian 7 now, Galerius 5 next; Constantius 5
now, Maximian 7 next.  Once per round each, in his own Roman phase.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

import pytest

from barbarian_helpers import QUIET, awaiting
from conftest import POSITION_FORMAT, assert_refused, flag_set, ip_next_of, play, prov, roll
from tetrarchia.core.actions import EndPhase, Enter, Move
from tetrarchia.core.board import default_board
from tetrarchia.core.engine import apply_action, legal_actions
from tetrarchia.core.errors import IllegalAction, NotEnoughIP, WrongMoment
from tetrarchia.core.notation import format_action, parse_action
from tetrarchia.core.pieces import Emperor
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.state import Awaiting, State
from tetrarchia.options.patres_patriae import TransferIP

D, G, C, M = Emperor.DIOCLETIAN, Emperor.GALERIUS, Emperor.CONSTANTIUS, Emperor.MAXIMIAN
BOARD = default_board()


def variant(
    options: Sequence[str] = ("patres-patriae",),
    *,
    turn: str,
    ip: int = 6,
    emperors: Mapping[str, str | None] | None = None,
    records: Mapping[str, Any] | None = None,
    flags: Sequence[str] = (),
) -> State:
    """The Roman phase of ``turn``, who stands in his capital (the others off the board)."""
    who = Emperor[turn.upper()]
    data: dict[str, Any] = {
        **POSITION_FORMAT,
        "settings": {"level": "4211", "options": list(options)},
        "emperors": dict(emperors or {turn: BOARD.provinces[BOARD.capital[who]].id}),
        "turn": {"emperor": turn, "ip": ip},
    }
    if records is not None:
        data["records"] = dict(records)
    if flags:
        data["flags"] = list(flags)
    return position_from_json(data, BOARD)


def transfers(state: State) -> list[TransferIP]:
    return [a for a in legal_actions(state) if isinstance(a, TransferIP)]


def next_turn(state: State) -> None:
    """End the Roman phase; a quiet activity; the next Emperor enters in his capital (if off)."""
    apply_action(state, EndPhase(state.turn))
    roll(state, *QUIET)
    if awaiting(state) is Awaiting.ENTRY:
        apply_action(state, Enter(state.turn, BOARD.capital[state.turn]))


def assert_round_trip(state: State) -> None:
    data = position_to_json(state)
    back = position_from_json(data, BOARD)
    assert back == state
    assert position_to_json(back) == data


def test_r12_8_diocletian_takes_one_ip_from_galerius() -> None:
    state = variant(turn="Diocletian")
    assert transfers(state) == [TransferIP(D)]
    play(state, "Diocletian takes 1 IP from Galerius")
    assert state.ip == 7
    assert ip_next_of(state) == [0, -1, 0, 0]
    assert flag_set(state, "transfer-used-diocletian")
    assert_round_trip(state)
    next_turn(state)
    assert (state.turn, state.ip, ip_next_of(state)) == (G, 5, [0, 0, 0, 0])


def test_r12_8_constantius_gives_one_ip_to_maximian() -> None:
    state = variant(turn="Constantius")
    assert transfers(state) == [TransferIP(C)]
    play(state, "Constantius gives 1 IP to Maximian")
    assert state.ip == 5
    assert ip_next_of(state) == [0, 0, 0, 1]
    assert_round_trip(state)
    next_turn(state)
    assert (state.turn, state.ip, ip_next_of(state)) == (M, 7, [0, 0, 0, 0])


@pytest.mark.parametrize(("ip", "after"), [(6, 7), (2, 3), (0, 1)])
def test_d30_diocletian_takes_it_at_any_moment_of_his_phase(ip: int, after: int) -> None:
    state = variant(turn="Diocletian", ip=ip)
    play(state, "D patres")
    assert state.ip == after


def test_r12_8_diocletian_spends_the_seventh_ip() -> None:
    """Seven moves of 1 IP from BITHYNIA: V:6-V:5-V:4-V:6-V:5-V:4-V:6-V:5."""
    state = variant(turn="Diocletian")
    play(state, "D patres")
    path = ["V:6", "V:5", "V:4", "V:6", "V:5", "V:4", "V:6", "V:5"]
    for a, b in pairwise(path):
        apply_action(state, Move(D, prov(a), prov(b)))
    assert state.ip == 0


@pytest.mark.parametrize("who", ["Diocletian", "Constantius"])
def test_r12_8_once_per_round(who: str) -> None:
    emperor = Emperor[who.upper()]
    state = variant(turn=who)
    apply_action(state, TransferIP(emperor))
    assert transfers(state) == []
    assert_refused(state, TransferIP(emperor), WrongMoment)


def test_r12_8_again_in_the_next_round() -> None:
    """Round 1: both transfers; round 2: both are offered again, and the IP follow again."""
    state = variant(turn="Diocletian")
    play(state, "D patres")
    next_turn(state)  # Galerius: 5
    assert state.ip == 5
    next_turn(state)  # Constantius
    play(state, "C patres")
    next_turn(state)  # Maximian: 7
    assert (state.turn, state.ip) == (M, 7)
    next_turn(state)  # round 2, Diocletian
    assert (state.round, state.turn, state.ip) == (2, D, 6)
    assert transfers(state) == [TransferIP(D)]
    play(state, "D patres")
    next_turn(state)
    next_turn(state)
    assert (state.turn, state.ip) == (C, 6)
    assert transfers(state) == [TransferIP(C)]


@pytest.mark.parametrize("who", ["Galerius", "Maximian"])
def test_r12_8_the_other_two_do_not_transfer(who: str) -> None:
    emperor = Emperor[who.upper()]
    state = variant(turn=who)
    assert transfers(state) == []
    assert_refused(state, TransferIP(emperor), IllegalAction)


@pytest.mark.parametrize(("turn", "action"), [("Constantius", TransferIP(D)), ("Diocletian", TransferIP(C)),
                                              ("Maximian", TransferIP(C)), ("Galerius", TransferIP(D))])
def test_r12_8_only_in_his_own_roman_phase(turn: str, action: TransferIP) -> None:
    state = variant(turn=turn)
    assert_refused(state, action, WrongMoment)


def test_r12_8_not_during_the_barbarian_phase() -> None:
    state = variant(turn="Diocletian")
    play(state, "D end")
    assert_refused(state, TransferIP(D), WrongMoment)


def test_r12_8_constantius_needs_an_ip_to_give() -> None:
    state = variant(turn="Constantius", ip=0)
    assert transfers(state) == []


def test_r12_8_constantius_without_ip_is_refused_for_his_ip() -> None:
    state = variant(turn="Constantius", ip=0)
    assert_refused(state, TransferIP(C), NotEnoughIP)


def test_d30_galerius_off_the_board_still_has_one_ip_less_when_he_enters() -> None:
    """Galerius enters at the start of his turn with the 5 IP left to him."""
    state = variant(turn="Diocletian")
    play(state, "D patres", "D end")
    roll(state, *QUIET)
    assert (state.turn, awaiting(state), state.ip) == (G, Awaiting.ENTRY, 5)


def test_r12_8_with_imperivm_maximian_has_eight_ip_and_the_position_round_trips() -> None:
    state = variant(("patres-patriae", "imperivm"), turn="Maximian", ip=7)
    play(state, "M power reserve")
    assert state.ip == 8
    assert_round_trip(state)


def test_r12_8_with_imperivm_maximian_has_eight_ip() -> None:
    state = variant(("patres-patriae", "imperivm"), turn="Constantius")
    play(state, "C patres")
    next_turn(state)
    assert (state.turn, state.ip) == (M, 7)
    play(state, "M power reserve")
    assert state.ip == 8


@pytest.mark.parametrize("action", [TransferIP(D), TransferIP(C)])
def test_r12_8_notation_round_trip(action: TransferIP) -> None:
    for compact in (False, True):
        assert parse_action(format_action(action, BOARD, compact), BOARD) == action


def test_r12_8_a_position_between_the_turns_round_trips() -> None:
    state = variant(turn="Constantius", records={"ip-next": {"Galerius": -1}},
                    flags=["transfer-used-diocletian"])
    play(state, "C patres")
    data = position_to_json(state)
    assert data["records"]["ip-next"] == {"Diocletian": 0, "Galerius": -1, "Constantius": 0,
                                            "Maximian": 1}
    assert position_from_json(data, BOARD) == state
