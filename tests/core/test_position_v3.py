"""Format 3 of positions and saved games (issue 25, item 6): the armies in the reserve and the
province id of every coordinate, with the migration of format 2 (docs/save-format.md).

The files under tests/saves/format2 were written by the version-2 program (a base game, the
Goths with Vsvrpator, the Dux with the Vicarius and the Pirates, three scenarios, Barbaria, Roma
Aeterna, a game started from a position): each loads, its migration is exactly what the current
program writes, its saved game replays and saves as format 3.  The format-1 files go through both
migrations (tests/core/test_migrate.py).  Format 3's additions are checked on read: a reserve that does
not make the 3 armies of R9, or an id that is not the board's, is refused in the game's words.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import tetrarchia as t
from conftest import TESTS, option_position, position
from test_position_messages import assert_told
from tetrarchia.core.errors import SaveFileError
from tetrarchia.core.migrate import coordinate_ids, game_v2_to_v3, position_v2_to_v3
from tetrarchia.game import Game

BOARD = t.default_board()
SAVES = TESTS / "saves"
FORMAT2 = sorted(p.name.removesuffix(".game.json") for p in (SAVES / "format2").glob("*.game.json"))


def load(path: Path) -> Any:
    return json.loads(path.read_text("utf-8"))


@pytest.mark.parametrize("name", [n for n in FORMAT2
                                  if (SAVES / "format2" / f"{n}.position.json").exists()])
def test_a_format_2_position_loads_as_format_3(name: str) -> None:
    data = load(SAVES / "format2" / f"{name}.position.json")
    assert data["version"] == 2 and "ids" not in data and "armies" not in data["reserves"]
    state = t.position_from_json(data, BOARD)
    written = t.position_to_json(state)
    assert written["version"] == 3
    assert position_v2_to_v3(data, BOARD) == written  # the migration is what format 3 writes
    assert written["reserves"]["armies"] == state.armies_in_reserve()
    assert t.position_from_json(written, BOARD) == state


@pytest.mark.parametrize("name", FORMAT2)
def test_a_format_2_saved_game_replays_and_saves_as_format_3(name: str) -> None:
    data = load(SAVES / "format2" / f"{name}.game.json")
    assert data["version"] == 2 and data["final"]["version"] == 2
    game = Game.from_json(data)  # the log replays to the migrated final position
    assert t.position_to_json(game.state) == position_v2_to_v3(data["final"], BOARD)
    saved = game.to_json()
    assert saved["version"] == 3 and saved["final"]["version"] == 3
    assert game_v2_to_v3(data, BOARD)["final"] == saved["final"]
    again = Game.from_json(json.loads(json.dumps(saved)))
    assert again.state == game.state and again.log == game.log


@pytest.mark.parametrize("folder", ["format1", "format2"])
def test_every_stored_save_loads(folder: str) -> None:
    """Every file kept under tests/saves loads, whatever its format."""
    files = sorted((SAVES / folder).glob("*.json"))
    assert files
    for path in files:
        data = load(path)
        if path.name.endswith(".game.json"):
            Game.from_json(data)
        else:
            t.position_from_json(data, BOARD)


# --- what format 3 adds ---------------------------------------------------------------------------
@pytest.mark.parametrize(("make", "reserve"), [
    pytest.param(lambda: position(emperors={"Maximian": "II:3"}), 3, id="no-army"),
    pytest.param(lambda: position(emperors={"Maximian": "II:3"}, armies=["II:6", "III:1"]), 1,
                 id="two-armies"),
    pytest.param(lambda: option_position(["goths"], emperors={"Maximian": "II:3"},
                                         armies=["II:6"], records={"goths": ["III:1"]}), 1,
                 id="an-army-and-the-goths"),
    pytest.param(lambda: t.new_game(t.Settings(level=t.Level.parse("4222"),
                                               options=("great-persian-war",))), 1,
                 id="two-rebels"),  # R13, D12: Narses and Domitianus count
])
def test_the_reserve_armies_are_written(make: Any, reserve: int) -> None:
    data = t.position_to_json(make())
    assert data["reserves"]["armies"] == reserve


def test_every_coordinate_has_its_id_beside_it() -> None:
    state = option_position(["dux"], discs={"I:6": "revolt", "etrvria": "garrison Maximian"},
                            emperors={"Maximian": "II:3"}, armies=["II:6"],
                            records={"dux": "III:2"})
    data = t.position_to_json(state)
    assert data["ids"] == {"I:6": "tarraconensis", "II:3": "germania_superior",
                           "II:6": "narbonensis", "III:2": "pannonia_superior"}
    for key, pid in data["ids"].items():
        assert BOARD.province(key).id == pid == BOARD.province(pid).id
    assert "etrvria" not in data["ids"]  # an id needs no id
    assert coordinate_ids(data, BOARD) == data["ids"]


def _written() -> dict[str, Any]:
    return t.position_to_json(position(emperors={"Maximian": "II:3"}, armies=["II:6"]))


@pytest.mark.parametrize(("change", "template", "quoted"), [
    pytest.param(lambda d: d["reserves"].update(armies=3),
                 "{count} armies in the reserve and {on_board} on the board do not make the "
                 "{total} armies of R9", "3", id="reserve-armies-too-many"),
    pytest.param(lambda d: d["ids"].update({"II:6": "lvgdvnensis"}),
                 "{key} is {wanted} on this board, not {value}", "'lvgdvnensis'",
                 id="id-of-another-province"),
    pytest.param(lambda d: d["ids"].update({"VII:9": "atlantis"}), "unknown province {province}",
                 "'VII:9'", id="id-of-no-province"),
])
def test_format_3_additions_are_checked(change: Any, template: str, quoted: str) -> None:
    data = copy.deepcopy(_written())
    change(data)
    with pytest.raises(SaveFileError) as caught:
        t.position_from_json(data, BOARD)
    assert_told(caught.value, template, quoted)


def test_a_later_version_is_refused_with_the_versions_read() -> None:
    data = {**_written(), "version": 4}
    with pytest.raises(SaveFileError, match="reads versions 1 to 3, not 4"):
        t.position_from_json(data, BOARD)
    game = {"format": "tetrarchia-game", "version": 4, "log": []}
    with pytest.raises(SaveFileError, match="this program reads versions 1 to 3"):
        Game.from_json(game)
