"""Issue 30, the terminal polished: each defect the issue lists, driven through the play loop
with scripted input (the tmux runs of the real program at 80x24 and 120x40 are in
tests/test_screens.py)."""

from __future__ import annotations

import pytest

from conftest import position, prov
from test_cli import Script, run_session
from tetrarchia.cli.names import exact_place, nearest_names
from tetrarchia.core.actions import Move
from tetrarchia.core.board import default_board
from tetrarchia.core.pieces import Emperor
from tetrarchia.core.serialize import position_to_json
from tetrarchia.game import Game

pytestmark = pytest.mark.timeout(60)


# --- 1. names understood ----------------------------------------------------------------------
@pytest.mark.parametrize("emperor, at, typed, dest", [
    # M1: the exact name wins over the names it shares words with
    pytest.param("Galerius", "III:4", "pannonia svperior", "III:2", id="pannonia-exact"),
    pytest.param("Galerius", "III:4", "moesia svperior", "III:5", id="moesia-exact"),
    pytest.param("Constantius", "II:2", "germania svperior", "II:3", id="germania-exact"),
    pytest.param("Constantius", "II:2", "to Germania Superior", "II:3", id="germania-english"),
    # the Spanish and French rulebooks' spellings, with or without accents, halves mixed
    pytest.param("Galerius", "III:4", "Pannonia Supérieure", "III:2", id="latin-french"),
    pytest.param("Galerius", "III:4", "Pannonie superieure", "III:2", id="french-no-accent"),
    pytest.param("Galerius", "III:4", "Mesia Superior", "III:5", id="spanish"),
    pytest.param("Galerius", "III:4", "Dalmacia", "III:6", id="spanish-one-word"),
    pytest.param("Galerius", "III:4", "Galère moves from Pannonie inférieure to Dalmatie", "III:6",
                 id="french-notation"),
])
def test_an_exact_name_in_any_language_is_understood(emperor: str, at: str, typed: str,
                                                     dest: str) -> None:
    game = Game.from_position(position(emperors={emperor: at}, turn=emperor))
    _code, out = run_session(game, Script([typed]))
    assert "Refused" not in out
    assert game.log == [Move(Emperor[emperor.upper()], prov(at), prov(dest))]


@pytest.mark.parametrize("typed, offered", [
    pytest.param("pannonnia svperior", "did you mean Pannonia Svperior", id="typo"),
    pytest.param("thrakia", "did you mean Thracia", id="thracia"),
    pytest.param("to dalmatja", "did you mean Dalmatia", id="to-typo"),
    pytest.param("Galere moves from Pannonia Inferior to Dalmatie", "", id="accentless-emperor"),
])
def test_a_near_miss_gets_the_nearest_names(typed: str, offered: str) -> None:
    game = Game.from_position(position(emperors={"Galerius": "III:4"}, turn="Galerius"))
    before = position_to_json(game.state)
    _code, out = run_session(game, Script([typed]))
    if offered:
        assert "Refused" in out and offered in out
        assert position_to_json(game.state) == before and game.log == []
    else:
        assert game.log == [Move(Emperor.GALERIUS, prov("III:4"), prov("III:6"))]


def test_names_in_every_language_name_one_province_each() -> None:
    board = default_board()
    for province in board.provinces:
        assert exact_place(board, province.title) == province.index
        assert exact_place(board, province.id) == province.index
    assert exact_place(board, "Pannonia") is None  # a prefix is not exact
    assert nearest_names(board, "xyzzy") == []


@pytest.mark.parametrize("typed, seen", [
    pytest.param("info pannonia svperior", "Pannonia Svperior III:2", id="exact"),
    pytest.param("info Mésie inférieure", "Moesia Inferior IV:2", id="french"),
    pytest.param("info tracia", "Thracia IV:3", id="spanish"),
    pytest.param("info thrakia", "did you mean Thracia", id="typo"),
])
def test_info_reads_names_as_the_actions_do(typed: str, seen: str) -> None:
    game = Game.from_position(position(emperors={"Galerius": "III:4"}, turn="Galerius"))
    _code, out = run_session(game, Script([typed]))
    assert seen in out
