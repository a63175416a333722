"""The threat readings of analysis/threats.py on hand-built positions, each figure worked out
by hand in the test's docstring from the board's links (R7.1, R7.2, R7.4, D3, D9, D10)."""

from __future__ import annotations

import pytest

from conftest import position
from tetrarchia.analysis.threats import army_path, army_paths, domino_chance, uprising_chance
from tetrarchia.core.state import State


def index(state: State, key: str) -> int:
    return state.board.province(key).index


def test_dominoes_through_normal_and_broken_links() -> None:
    """Revolt in Tarraconensis I:6.  Gallaecia I:4 (unrest) has a normal link to it: 1.
    Aqvitania II:5 (unrest) has only a broken link to it: 1/2 (R7.4).  Lvgdvnensis II:4
    (unrest) touches no revolt but Aqvitania by a normal link: it turns with it, 1/2.
    Cappadocia V:4 (unrest) has broken links to the revolts in Mesopotamia V:1 and Cilicia V:3:
    each rolled once (D3), it stays only when both fail: 1 - 1/2 x 1/2 = 3/4.  Asia V:5 has no
    disc: 0 (R7.1 turns unrest only)."""
    state = position(discs={"I:6": "revolt", "I:4": "unrest", "II:5": "unrest", "II:4": "unrest",
                            "V:1": "revolt", "V:3": "revolt", "V:4": "unrest"},
                     emperors={"Maximian": "roma"})
    chance = domino_chance(state)
    assert chance[index(state, "I:6")] == 1.0
    assert chance[index(state, "I:4")] == 1.0
    assert chance[index(state, "II:5")] == pytest.approx(1 / 2, abs=1e-15)
    assert chance[index(state, "II:4")] == pytest.approx(1 / 2, abs=1e-15)
    assert chance[index(state, "V:4")] == pytest.approx(3 / 4, abs=1e-15)
    assert chance[index(state, "V:5")] == 0.0
    assert sum(chance) == pytest.approx(1 + 1 + 1 / 2 + 1 / 2 + 1 + 1 + 3 / 4)


def test_uprising_chance_is_the_revolt_after_the_dominoes_times_one_roll_in_36() -> None:
    """The same board: Tarraconensis is in revolt (1/36); Aqvitania revolts after R7.1 half the
    time (1/2 x 1/36 = 1/72); Cappadocia 3/4 of the time (1/48).  A revolt in Italia
    (Venetia) is never named by the dice (R7.2: region and province 1-6 of the outer regions)."""
    state = position(discs={"I:6": "revolt", "II:5": "unrest", "V:1": "revolt", "V:3": "revolt",
                            "V:4": "unrest", "venetia": "revolt"},
                     emperors={"Maximian": "roma"})
    chance = uprising_chance(state)
    assert chance[index(state, "I:6")] == pytest.approx(1 / 36, abs=1e-15)
    assert chance[index(state, "II:5")] == pytest.approx(1 / 72, abs=1e-15)
    assert chance[index(state, "V:4")] == pytest.approx(1 / 48, abs=1e-15)
    assert chance[index(state, "venetia")] == 0.0
    assert chance[index(state, "I:4")] == 0.0


def test_the_way_of_an_army_from_persia() -> None:
    """From Persia the arrows (and D9 in Italia) lead through Mesopotamia, Syria, Cilicia,
    Cappadocia, Asia, Bithynia, Thracia, Macedonia, Epirvs and Lvcania to Roma: 11 steps (D10).
    Broken links on the way: Persia-Mesopotamia, Cilicia-Cappadocia, Bithynia-Thracia and
    Epirvs-Lvcania: 4, so every one holds 1 time in 2^4 = 16."""
    state = position(armies=["persia"], emperors={"Maximian": "roma"})
    (way,) = army_paths(state)
    names = [state.board.province(k).index for k in
             ("V:1", "V:2", "V:3", "V:4", "V:5", "V:6", "IV:3", "IV:4", "IV:6", "lvcania", "roma")]
    assert way.province == index(state, "persia")
    assert way.path == tuple(names)
    assert way.steps == 11 and way.next_step == names[0]
    assert way.broken == ((index(state, "persia"), names[0]), (names[2], names[3]),
                          (names[5], names[6]), (names[8], names[9]))
    assert way.hold_chance == 1 / 16
    assert not way.rebel


def test_the_way_from_libya_and_from_roma() -> None:
    """From Libya: Aegyptvs, Cyrenaica, Tripolitania, Africa, Sicilia, Lvcania, Roma: 7 steps,
    broken links Libya-Aegyptvs, Africa-Sicilia and Sicilia-Lvcania (1/8).  In Roma the way is
    over: no step."""
    state = position(emperors={"Maximian": "roma"})
    libya = army_path(state, index(state, "libya"))
    assert libya.steps == 7
    assert [state.board.name(p) for p in libya.path] == [
        "Aegyptvs", "Cyrenaica", "Tripolitania", "Africa", "Sicilia", "Lvcania", "Roma"]
    assert len(libya.broken) == 3 and libya.hold_chance == 1 / 8
    roma = army_path(state, index(state, "roma"))
    assert roma.path == () and roma.next_step == -1 and roma.steps == 0
