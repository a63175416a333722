"""The evaluation's readings of the optional rules' pieces and powers (R11, R12.1), on hand-built
positions with the numbers worked out (issue 10): the Dux, the Pirates, the Goths and the
Imperivm powers.  Each term is there only when its option is in play: the base game's
evaluation is unchanged (tests/players/test_heuristic_choices.py replays the recorded base games)."""

from __future__ import annotations

import pytest

from conftest import option_position, position, prov
from tetrarchia.core.board import default_board
from tetrarchia.core.pieces import GARRISON, Emperor, Piece
from tetrarchia.players.evaluation import WEIGHTS, read_threats, terms


def test_the_base_game_has_no_option_terms() -> None:
    found = terms(position(discs={"III:3": "revolt"}, armies=["IV:1"]))
    assert not {"dux", "pirates"} & set(found)


def test_the_dux_attacks_and_blocks_an_army_as_an_emperor() -> None:
    # R11.1, R6: the Dux in Cisalpina, linked to the army in Etrvria; he has no discs (support
    # 0), no other Emperor is linked to the army, no revolt around it: he wins when his die
    # beats the army's, 15 rolls of 36 (1+2+3+4+5).  The army is his work, one step away: the
    # term is the Dux's whole weight.
    state = option_position(("dux",), records={"dux": "cisalpina"}, armies=["etrvria"])
    (army,) = read_threats(state).armies
    assert army.ready == pytest.approx(15 / 36)
    assert army.blocked_by == -1
    assert terms(state)["dux"] == WEIGHTS.dux
    # R7.3: the Dux in Roma, the army's next step: it attacks him there, and he holds 15 times
    # of 36 (Roma's printed disc supports Diocletian, not the Dux, R11.1)
    state = option_position(("dux",), records={"dux": "roma"}, armies=["etrvria"])
    (army,) = read_threats(state).armies
    assert army.blocked_by == Piece.DUX
    assert army.held == pytest.approx(15 / 36)


def test_the_dux_is_worth_less_far_from_his_work() -> None:
    # R11.1, R5.4: the Dux in Cisalpina, a revolt in Narbonensis II:6 (region II's border open),
    # linked to Cisalpina by a broken link: 2 IP to his work (R5.1), 6 - 1.2 x 2 = 3.6.  In the
    # box (not deployed) he counts 0: deploying him (2 IP, R11.1) is worth it.
    board = default_board()
    assert board.link_between[(prov("cisalpina"), prov("II:6"))].broken
    state = option_position(("dux",), records={"dux": "cisalpina"}, discs={"II:6": "revolt"})
    assert terms(state)["dux"] == pytest.approx(WEIGHTS.dux - WEIGHTS.proximity * 2)
    boxed = option_position(("dux",), discs={"II:6": "revolt"})
    assert terms(boxed)["dux"] == 0.0


def test_the_pirates_close_a_sea_zone() -> None:
    # R11.3: the Pirates in zone 2 cost their weight; off the board (zone 0), nothing
    at_sea = option_position(("pirates",), records={"pirates": 2}, fleets=[1])
    assert terms(at_sea)["pirates"] == -WEIGHTS.pirates
    gone = option_position(("pirates",), records={"pirates": 0}, fleets=[1])
    assert terms(gone)["pirates"] == 0.0


def test_the_goths_cross_broken_links_more_often() -> None:
    # R7.4, R11.4: from Dacia IV:1 the road to Roma is 6 steps with 1 broken link.  An army
    # crosses it on 4-6 (2 phases on average: 7 phases); the Goths add 1 to the die and cross
    # on 3-6, 4 times in 6: 1.5 phases on average, 6.5 phases in all.
    goths = option_position(("goths",), records={"goths": ["IV:1"]})
    (reading,) = read_threats(goths).armies
    assert (reading.steps, reading.broken, reading.phases) == (6, 1, 6.5)
    army = option_position(("goths",), armies=["IV:1"])
    (reading,) = read_threats(army).armies
    assert reading.phases == 7.0


def test_the_imperivm_powers_in_the_odds_around_an_army() -> None:
    # R12.1, R6: Galerius in Cisalpina, linked to the army in Etrvria, no support on either
    # side: he wins when his die beats the army's, 15 rolls of 36; with his +1 after the roll
    # (a disc burnt) when his die + 1 beats it: 1+2+3+4+5+6 = 21 of 36
    plain = position(emperors={"Galerius": "cisalpina"}, armies=["etrvria"], turn="Galerius")
    (army,) = read_threats(plain).armies
    assert army.ready == pytest.approx(15 / 36)
    powers = option_position(("imperivm",), emperors={"Galerius": "cisalpina"}, armies=["etrvria"],
                             turn="Galerius")
    (army,) = read_threats(powers).armies
    assert army.ready == pytest.approx(21 / 36)
    # Constantius in Roma, the army's next step: he blocks its advance (a disc burnt), it does
    # not reach him: he holds for sure, and the army's nearness counts nothing
    block = option_position(("imperivm",), emperors={"Constantius": "roma"}, armies=["etrvria"],
                            turn="Constantius")
    (army,) = read_threats(block).armies
    assert (army.blocked_by, army.held) == (Emperor.CONSTANTIUS, 1.0)
    assert terms(block)["army_near"] == 0.0
    # without a disc to burn (none in his reserve, none on the board) there is no power
    dry = option_position(("imperivm",), emperors={"Constantius": "roma"}, armies=["etrvria"],
                          turn="Constantius")
    dry.garrisons[Emperor.CONSTANTIUS] = 0
    assert not any(d == GARRISON + Emperor.CONSTANTIUS for d in dry.disc)
    (army,) = read_threats(dry).armies
    assert army.held < 1.0
