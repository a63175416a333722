"""R12.3 Via Romana: an Emperor standing on one of his garrisons may send that disc to a linked
empty Roman province (D17: no disc; a figure may stand there; never a border) for the IP he would
pay to move there himself: 1 through a normal link, 2 through a broken one.  He stays where he is.

Links used: ETRVRIA - VENETIA, CISALPINA, ROMA (normal); CISALPINA - GERMANIA SVPERIOR II:3,
NARBONENSIS II:6, RHAETIA III:1, PANNONIA SVPERIOR III:2 (broken), VENETIA (normal); RHAETIA III:1 -
GERMANIA MAGNA (border, broken); BRITANNIA (border) - BELGICA II:1 (broken).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from conftest import assert_refused, option_position, play, prov, roll
from tetrarchia.core.actions import Secure
from tetrarchia.core.board import default_board
from tetrarchia.core.engine import apply_action, legal_actions
from tetrarchia.core.errors import IllegalAction, MustMoveOn, NotEnoughIP, NotLinked, NotYourTurn, Occupied
from tetrarchia.core.notation import format_action, parse_action
from tetrarchia.core.pieces import EMPEROR_FIGURE, GARRISON, NO_DISC, Emperor
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.state import State
from tetrarchia.options.via_romana import SendGarrison

D, G, C, M = Emperor.DIOCLETIAN, Emperor.GALERIUS, Emperor.CONSTANTIUS, Emperor.MAXIMIAN
BOARD = default_board()
Row = Any  # a pytest.param


def variant(
    options: Sequence[str] = ("via-romana",),
    *,
    discs: Mapping[str, str],
    emperors: Mapping[str, str | None],
    armies: Sequence[str] = (),
    turn: str = "Maximian",
    ip: int = 6,
) -> State:
    """A hand-written position with the options and their records by name."""
    return option_position(options, discs=discs, emperors=emperors, armies=armies, turn=turn, ip=ip)


def sends(state: State) -> list[SendGarrison]:
    return [a for a in legal_actions(state) if isinstance(a, SendGarrison)]


SENDS: list[Row] = [
    # (Maximian and his garrison in, destination, other discs, other Emperors, IP)
    pytest.param("etrvria", "venetia", {}, {}, 1, id="normal-link-1"),
    pytest.param("etrvria", "roma", {}, {}, 1, id="to-roma-printed-disc-is-no-disc"),
    pytest.param("cisalpina", "II:3", {}, {}, 2, id="broken-link-2"),
    pytest.param("cisalpina", "III:2", {}, {}, 2, id="broken-link-to-another-region"),
    pytest.param("etrvria", "venetia", {}, {"Constantius": "venetia"}, 1, id="D17-onto-another-emperor"),
    pytest.param("III:1", "cisalpina", {}, {}, 2, id="onto-his-uncovered-printed-capital"),
]


@pytest.mark.parametrize(("here", "dest", "discs", "others", "cost"), SENDS)
def test_r12_3_the_garrison_moves_for_the_ip_of_the_move_and_the_emperor_stays(
    here: str, dest: str, discs: dict[str, str], others: dict[str, str], cost: int
) -> None:
    state = variant(discs={here: "garrison Maximian", **discs}, emperors={"Maximian": here, **others})
    action = SendGarrison(M, prov(here), prov(dest))
    assert action in sends(state)
    apply_action(state, action)
    assert state.ip == 6 - cost
    assert state.disc[prov(dest)] == GARRISON + M
    assert state.disc[prov(here)] == NO_DISC
    assert state.emperor_at[M] == prov(here)
    assert state.figure[prov(here)] == EMPEROR_FIGURE + M
    assert state.garrisons[M] == 3  # the disc moved: his reserve is untouched
    for name, where in others.items():
        assert state.figure[prov(where)] == EMPEROR_FIGURE + Emperor[name.upper()]


def test_r12_3_choices_are_the_linked_roman_provinces_without_a_disc() -> None:
    """From CISALPINA: VENETIA and the four broken links; ETRVRIA holds a revolt."""
    state = variant(discs={"cisalpina": "garrison Maximian", "etrvria": "revolt"},
                    emperors={"Maximian": "cisalpina"})
    assert {a.dest for a in sends(state)} == {prov(k) for k in ("II:3", "II:6", "III:1", "III:2", "venetia")}


REFUSED: list[Row] = [
    # (Maximian in, his discs and others, the action's origin, destination, IP, error)
    pytest.param("III:1", {"III:1": "garrison Maximian"}, "III:1", "germania_magna", 6, NotLinked,
                 id="never-to-a-border"),
    pytest.param("etrvria", {"etrvria": "garrison Maximian"}, "etrvria", "II:6", 6, NotLinked,
                 id="not-linked"),
    pytest.param("etrvria", {"etrvria": "garrison Maximian", "venetia": "unrest"}, "etrvria", "venetia",
                 6, Occupied, id="onto-unrest"),
    pytest.param("etrvria", {"etrvria": "garrison Maximian", "venetia": "revolt"}, "etrvria", "venetia",
                 6, Occupied, id="onto-revolt"),
    pytest.param("etrvria", {"etrvria": "garrison Maximian", "venetia": "garrison Constantius"},
                 "etrvria", "venetia", 6, Occupied, id="onto-a-garrison"),
    pytest.param("cisalpina", {"cisalpina": "garrison Maximian"}, "cisalpina", "II:3", 1, NotEnoughIP,
                 id="broken-link-with-1-ip"),
    pytest.param("etrvria", {"etrvria": "garrison Maximian"}, "etrvria", "venetia", 0, NotEnoughIP,
                 id="no-ip"),
    pytest.param("etrvria", {}, "etrvria", "venetia", 6, IllegalAction, id="not-on-a-disc"),
    pytest.param("etrvria", {"etrvria": "garrison Constantius"}, "etrvria", "venetia", 6,
                 IllegalAction, id="on-another-emperors-garrison"),
    pytest.param("etrvria", {"etrvria": "unrest"}, "etrvria", "venetia", 6, IllegalAction,
                 id="on-unrest"),
    pytest.param("cisalpina", {}, "cisalpina", "venetia", 6, IllegalAction,
                 id="printed-capital-is-no-disc-to-send"),
    pytest.param("etrvria", {"etrvria": "garrison Maximian", "roma": "garrison Maximian"}, "roma",
                 "lvcania", 6, IllegalAction, id="a-garrison-he-does-not-stand-on"),
]


@pytest.mark.parametrize(("here", "discs", "origin", "dest", "ip", "error"), REFUSED)
def test_r12_3_refusals(here: str, discs: dict[str, str], origin: str, dest: str, ip: int,
                        error: type[Exception]) -> None:
    state = variant(discs=discs, emperors={"Maximian": here}, ip=ip)
    action = SendGarrison(M, prov(origin), prov(dest))
    assert action not in sends(state)
    assert_refused(state, action, error)


def test_r12_3_after_sending_he_may_secure_again_where_he_stands() -> None:
    state = variant(discs={"etrvria": "garrison Maximian"}, emperors={"Maximian": "etrvria"})
    play(state, "Maximian sends his garrison from Etrvria to Venetia")
    assert not sends(state)  # no disc under him any more
    assert Secure(M, prov("etrvria")) in legal_actions(state)
    play(state, "Maximian secures Etrvria")
    assert (state.disc[prov("etrvria")], state.disc[prov("venetia")]) == (GARRISON + M, GARRISON + M)
    assert (state.garrisons[M], state.ip) == (2, 4)


def test_r12_3_the_sent_garrison_protects_its_new_province() -> None:
    """R7.2: the activity roll III:2 finds the garrison sent to PANNONIA SVPERIOR: nothing."""
    state = variant(discs={"III:1": "garrison Maximian"}, emperors={"Maximian": "III:1"})
    play(state, "M gIII:1>III:2", "M end")
    roll(state, 3, 2)
    assert position_to_json(state)["discs"] == {"III:2": "garrison Maximian"}
    assert (state.unrest_reserve, state.turn) == (21, D)


def test_r12_3_not_while_passing_through() -> None:
    """R5.1: passing through Constantius's VENETIA (on his own garrison), his next action must be
    a move: no garrison sent."""
    state = variant(discs={"venetia": "garrison Maximian"},
                    emperors={"Maximian": "etrvria", "Constantius": "venetia"})
    play(state, "Maximian moves from Etrvria to Venetia")
    assert state.passing
    assert not sends(state)


def test_r12_3_refused_while_passing_through_as_must_move_on() -> None:
    state = variant(discs={"venetia": "garrison Maximian"},
                    emperors={"Maximian": "etrvria", "Constantius": "venetia"})
    play(state, "Maximian moves from Etrvria to Venetia")
    assert_refused(state, SendGarrison(M, prov("venetia"), prov("cisalpina")), MustMoveOn)


def test_r12_3_another_emperor_cannot_send_in_maximians_turn() -> None:
    state = variant(discs={"venetia": "garrison Constantius"},
                    emperors={"Maximian": "etrvria", "Constantius": "venetia"})
    assert_refused(state, SendGarrison(C, prov("venetia"), prov("cisalpina")), NotYourTurn)


def test_d38_the_garrison_of_a_secured_border_stays() -> None:
    """R5.3, D38: a secured border stays secured (only the Goths remove it), so Via Romana never
    sends its garrison away, although BELGICA is a linked empty Roman province."""
    state = variant(discs={"britannia": "garrison Maximian"}, emperors={"Maximian": "britannia"})
    assert sends(state) == []
    assert_refused(state, SendGarrison(M, prov("britannia"), prov("II:1")), IllegalAction)
    assert state.secured_borders() == 1


@pytest.mark.parametrize("compact", [False, True])
def test_r12_3_notation_round_trip(compact: bool) -> None:
    action = SendGarrison(M, prov("cisalpina"), prov("III:2"))
    assert parse_action(format_action(action, BOARD, compact), BOARD) == action


def test_r12_3_position_round_trip() -> None:
    state = variant(discs={"cisalpina": "garrison Maximian"}, emperors={"Maximian": "cisalpina"})
    play(state, "Maximian sends his garrison from Cisalpina to Germania Svperior")
    data = position_to_json(state)
    assert data["discs"] == {"II:3": "garrison Maximian"}
    assert (data["turn"]["ip"], data["reserves"]["garrisons"]["Maximian"]) == (4, 3)
    assert position_from_json(data, BOARD) == state
