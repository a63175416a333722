"""Saves of format 1 load through the migration (core/migrate.py, docs/save-format.md).

The files under tests/saves/format1 were written by the program before the optional rules'
records existed (format 1: one "expansion" object, the raw flag bits): a base game in its
Barbarian phase, the Dux expansion's four modules together, Barbaria, Imperivm, Imperivm 1st
edition, Roma Aeterna, Patres Patriae and the Carausian Revolt.  Each loads, its migration is
exactly what the current program writes for the same state, and its saved game replays.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from conftest import TESTS, flag_set
from tetrarchia.core.board import default_board
from tetrarchia.core.errors import SaveFileError
from tetrarchia.core.extensions import FLAGS, V1_PER_EMPEROR
from tetrarchia.core.migrate import (
    V1_FLAG_BITS,
    game_v1_to_v2,
    position_v1_to_v2,
    position_v2_to_v3,
    reserve_armies,
    v1_fields,
)
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.game import Game
from tetrarchia.options.dux import dux_at
from tetrarchia.options.imperivm_first import IP_BOUGHT, recoverable
from tetrarchia.options.patres_patriae import ip_next
from tetrarchia.options.pirates import pirates_zone
from tetrarchia.options.scenarios import rebels
from tetrarchia.options.vicarius import vicarius_at

SAVES = TESTS / "saves" / "format1"
BOARD = default_board()
NAMES = sorted(p.name.removesuffix(".position.json") for p in SAVES.glob("*.position.json"))


def load(name: str) -> Any:
    return json.loads((SAVES / name).read_text("utf-8"))


def to_current(data: Any) -> Any:
    """A format-1 position through both migrations (1 to 2, 2 to 3)."""
    return position_v2_to_v3(position_v1_to_v2(data), BOARD)


@pytest.mark.parametrize("name", NAMES)
def test_a_format_1_position_loads_and_writes_as_the_current_format(name: str) -> None:
    data = load(f"{name}.position.json")
    assert data["version"] == 1
    state = position_from_json(data, BOARD)
    written = position_to_json(state)
    assert written["version"] == 3 and "expansion" not in written
    assert to_current(data) == written  # the migrations are what format 3 writes
    assert position_from_json(written, BOARD) == state


@pytest.mark.parametrize("name", NAMES)
def test_a_format_1_saved_game_replays(name: str) -> None:
    data = load(f"{name}.game.json")
    assert data["version"] == 1 and data["final"]["version"] == 1
    game = Game.from_json(data)  # the log replays to the migrated final position
    assert position_to_json(game.state) == to_current(data["final"])
    again = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert game.to_json()["version"] == 3 and again.state == game.state


def test_the_dux_expansion_pieces_keep_their_places() -> None:
    data = load("dux-vicarius-pirates-goths.position.json")
    state = position_from_json(data, default_board())
    board = state.board
    old = data["expansion"]
    assert dux_at(state) == board.province(old["dux"]).index
    assert vicarius_at(state) == board.province(old["vicarius"]).index
    assert pirates_zone(state) == old["pirates"]


def test_format_1_flag_bits_become_names() -> None:
    """Bit 1 was Maximian's 7th IP (R12.1), bit 8 Diocletian's transfer of the round (R12.8)."""
    imperivm = position_from_json(load("imperivm.position.json"), default_board())
    assert flag_set(imperivm, "maximian-used")
    patres = position_from_json(load("patres-patriae.position.json"), default_board())
    assert flag_set(patres, "transfer-used-diocletian") and ip_next(patres, 1) == -1
    assert set(V1_FLAG_BITS.values()) <= set(FLAGS)  # every format-1 flag still exists


def test_format_1_counters_in_the_flag_bits_become_records() -> None:
    """Bits 4-7 counted the discs burned for IP this turn (R12.1b)."""
    state = position_from_json(load("imperivm-1st.position.json"), default_board())
    assert IP_BOUGHT.get(state).n == 1 and recoverable(state, 0) == 1


def test_a_scenario_keeps_its_rebels() -> None:
    data = load("carausian-revolt.position.json")
    state = position_from_json(data, default_board())
    assert [[state.board.province(key).index, zone] for key, zone in data["expansion"]["rebels"]] \
        == [list(r) for r in rebels(state)]


def test_a_passing_emperor_of_format_1_is_named_in_the_turn() -> None:
    data = {"format": "tetrarchia-position", "version": 1,
            "turn": {"emperor": "Maximian", "passing": True}}
    assert position_v1_to_v2(data)["turn"]["passer"] == "Maximian"


@pytest.mark.parametrize(("expansion", "words"), [
    pytest.param({"flags": 1 << 30}, "unknown flag 'unknown-bits-1073741824'", id="unknown-bit"),
    pytest.param({"flags": "3"}, "unknown flag", id="flags-as-text"),
    pytest.param({"pirates": 7}, "records.pirates: 7 is not a count", id="pirates-zone"),
    pytest.param({"wonders": 1}, "unknown record 'expansion.wonders'", id="unknown-field"),
    pytest.param({"dux": "II:3"}, "the Dux on the table, but no optional rule", id="dux-not-in-play"),
])
def test_a_damaged_format_1_position_is_refused_in_the_game_s_words(
        expansion: dict[str, Any], words: str) -> None:
    data = {"format": "tetrarchia-position", "version": 1, "settings": {"options": ["pirates"]},
            "expansion": expansion}
    with pytest.raises(SaveFileError, match=words):
        position_from_json(data, default_board())


def test_a_format_2_position_with_a_format_1_section_is_refused() -> None:
    data = {"format": "tetrarchia-position", "version": 2, "expansion": {}}
    with pytest.raises(SaveFileError, match="format 1's"):
        position_from_json(data, default_board())


def test_game_migration_leaves_other_versions_alone() -> None:
    data = {"format": "tetrarchia-game", "version": 1, "start": None, "final": {"version": 2}}
    assert game_v1_to_v2(data) == {**data, "version": 2}


# Format 1's "expansion" layout is frozen: each optional rule declares its own key and neutral
# value with its record (RecordKind.v1), and together they must stay this table (a declaration
# changed or lost would misread the old files).
FORMAT_1_FIELDS: dict[str, tuple[str, Any]] = {
    "dux": ("dux", None), "vicarius": ("vicarius", None), "goths": ("goths", []),
    "rebels": ("rebels", []), "pirates": ("pirates", 0), "glory": ("glory", V1_PER_EMPEROR),
    "burned": ("burned", V1_PER_EMPEROR), "recoverable": ("recoverable", V1_PER_EMPEROR),
    "ip_next": ("ip-next", V1_PER_EMPEROR), "usurpers": ("usurpers", []), "skip": ("skip", 0),
    "barbarian_reserve": ("barbarian-discs", {"gray": 0, "black": 0}),
}


def test_the_declared_format_1_layout_is_the_frozen_one() -> None:
    assert v1_fields() == FORMAT_1_FIELDS


@pytest.mark.parametrize(("expansion", "records"), [
    pytest.param({"glory": {"Diocletian": 0, "Galerius": 0, "Constantius": 0, "Maximian": 0}}, None,
                 id="per-emperor-all-zero"),
    pytest.param({"glory": {"Diocletian": 2, "Galerius": 0, "Constantius": 0, "Maximian": 0}},
                 {"glory": {"Diocletian": 2, "Galerius": 0, "Constantius": 0, "Maximian": 0}},
                 id="per-emperor-used"),
    pytest.param({"barbarian_reserve": {"gray": 0, "black": 0}}, None, id="barbarian-neutral"),
    pytest.param({"barbarian_reserve": {"gray": 2, "black": 1}},
                 {"barbarian-discs": {"gray": 2, "black": 1}}, id="barbarian-discs"),
    pytest.param({"goths": [], "pirates": 0, "dux": None}, None, id="neutral-values-dropped"),
    pytest.param({"ip_next": "lots"}, {"ip-next": "lots"}, id="damaged-left-for-the-reader"),
])
def test_each_declared_format_1_field_migrates(expansion: dict[str, Any],
                                               records: dict[str, Any] | None) -> None:
    migrated = position_v1_to_v2({"format": "tetrarchia-position", "version": 1,
                                  "expansion": expansion})
    assert migrated.get("records") == records


@pytest.mark.parametrize(("records", "armies"), [
    pytest.param({}, 2, id="one-army"),
    pytest.param({"goths": ["IV:1"]}, 1, id="the-goths-count"),
    pytest.param({"goths": ["IV:1"], "rebels": [["britannia", 1]]}, 0, id="and-a-rebel"),
])
def test_the_declared_army_lists_count_in_format_3s_reserve(records: dict[str, Any],
                                                           armies: int) -> None:
    assert reserve_armies({"armies": ["II:6"], "records": records}) == armies  # R9, D12
