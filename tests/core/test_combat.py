"""R6 Combat: support groups, multipliers and outcomes, with exact values.

- Roman value = (Roman die + Roman support) x 2^(other Emperors linked to the army);
- Barbarian value = (Barbarian die + Barbarian support) x 2^(other armies linked to the Emperor);
- support: the largest connected group of the side's discs touching the fighter (D6); printed
  capitals and Roma count for their Emperors only while no disc covers them;
- "linked" includes broken links, never rolled for in combat; equal values are a draw.

The base position is the attack example of R6 (000 p.9): the army in NARBONENSIS II:6 on a chain
of 7 revolts (HISPANIA I:1-I:6 and NARBONENSIS), Maximian's garrison in ETRVRIA next to his
uncovered capital CISALPINA and uncovered ROMA.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from barbarian_helpers import (
    BOARD,
    C,
    G,
    M,
    armies,
    assert_turn_of,
    at,
    awaiting,
    awaits_roll,
    battle,
    discs,
    emperors,
    end_phase,
    garrison_reserves,
    link_roll,
    phase_position,
    quiet_activity,
)
from tetrarchia.core.actions import Attack
from tetrarchia.core.combat import (
    barbarian_support,
    battle_odds,
    battle_values,
    roman_support,
    touching_groups,
)
from tetrarchia.core.engine import apply_action, legal_actions
from tetrarchia.core.events import Purpose
from tetrarchia.core.pieces import REVOLT, Emperor
from tetrarchia.core.state import Awaiting, State

HISPANIA_CHAIN = dict.fromkeys(["I:1", "I:2", "I:3", "I:4", "I:5", "I:6", "II:6"], "revolt")
EXAMPLE_DISCS = {**HISPANIA_CHAIN, "etrvria": "garrison Maximian"}


def example(
    *,
    discs_: Mapping[str, str] | None = None,
    emperors_: Mapping[str, str] | None = None,
    armies_: tuple[str, ...] = ("II:6",),
    turn: str = "Maximian",
    settings: Mapping[str, str | bool] | None = None,
) -> State:
    return phase_position(
        discs=EXAMPLE_DISCS if discs_ is None else discs_,
        emperors={"Maximian": "II:3", "Constantius": "II:5"} if emperors_ is None else emperors_,
        armies=armies_,
        turn=turn,
        settings=settings,
    )


def values(state: State, emperor: Emperor, at_key: str, army_key: str) -> tuple[int, int, int, int]:
    """(Roman support, Roman multiplier, Barbarian support, Barbarian multiplier)."""
    v = battle_values(state, emperor, at(at_key), at(army_key), 1, 1)
    return v.roman_support, v.roman_multiplier, v.barbarian_support, v.barbarian_multiplier


# --- the worked checks of R6 -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("emperors_", "armies_", "fighter", "origin", "expected"),
    [
        # Maximian in GERMANIA SVPERIOR: CISALPINA-ETRVRIA-ROMA = 3, Constantius in AQVITANIA x2
        ({"Maximian": "II:3", "Constantius": "II:5"}, ("II:6",), M, "II:3", (3, 2, 7, 1)),
        # from CISALPINA (standing on his own printed capital): the same values
        ({"Maximian": "cisalpina", "Constantius": "II:5"}, ("II:6",), M, "cisalpina", (3, 2, 7, 1)),
        # Diocletian in LVGDVNENSIS: x4; Galerius in CISALPINA as well: x8
        ({"Maximian": "II:3", "Constantius": "II:5", "Diocletian": "II:4"}, ("II:6",), M, "II:3",
         (3, 4, 7, 1)),
        ({"Maximian": "II:3", "Constantius": "II:5", "Diocletian": "II:4", "Galerius": "cisalpina"},
         ("II:6",), M, "II:3", (3, 8, 7, 1)),
        # another army in RHAETIA, linked to GERMANIA SVPERIOR: the Barbarian x2
        ({"Maximian": "II:3", "Constantius": "II:5"}, ("II:6", "III:1"), M, "II:3", (3, 2, 7, 2)),
    ],
)
def test_r6_attack_example_values(
    emperors_: dict[str, str], armies_: tuple[str, ...], fighter: Emperor, origin: str,
    expected: tuple[int, int, int, int],
) -> None:
    state = example(emperors_=emperors_, armies_=armies_)
    assert values(state, fighter, origin, "II:6") == expected


def test_r6_constantius_attacking_gets_his_garrison_in_lvgdvnensis() -> None:
    """(die + 1) x 2: his garrison in LVGDVNENSIS touches AQVITANIA; Maximian is linked to the
    army.  His printed capital GERMANIA INFERIOR is not linked to AQVITANIA nor LVGDVNENSIS."""
    state = example(discs_={**EXAMPLE_DISCS, "II:4": "garrison Constantius"})
    assert values(state, C, "II:5", "II:6") == (1, 2, 7, 1)


def test_r6_subduing_tarraconensis_cuts_the_revolt_group_to_one() -> None:
    chain = {k: v for k, v in EXAMPLE_DISCS.items() if k != "I:6"}
    state = example(discs_=chain)
    assert values(state, M, "II:3", "II:6") == (3, 2, 1, 1)
    assert barbarian_support(state, at("II:6")) == 1


def test_r6_only_the_largest_touching_roman_group_counts() -> None:
    """Maximian in PANNONIA SVPERIOR attacks RHAETIA: his group CISALPINA-ETRVRIA-ROMA (3,
    through the broken link to CISALPINA) and his garrison in DALMATIA (1) both touch him:
    support 3, not 4."""
    state = phase_position(
        discs={"etrvria": "garrison Maximian", "III:6": "garrison Maximian"},
        emperors={"Maximian": "III:2"}, armies=["III:1"], turn="Maximian",
    )
    is_blue = state.counts_as_garrison
    sizes = touching_groups(BOARD, lambda p: is_blue(p, M), at("III:2"))
    assert sorted(sizes) == [1, 3]
    assert roman_support(state, M, at("III:2")) == 3
    assert values(state, M, "III:2", "III:1") == (3, 1, 0, 1)


# --- R6 Roman support ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "support"),
    [
        ({}, 3),  # CISALPINA (printed) - ETRVRIA (garrison) - ROMA (printed)
        ({"cisalpina": "unrest"}, 0),  # capital covered: ETRVRIA-ROMA does not touch II:3
        ({"cisalpina": "garrison Galerius"}, 0),  # covered by another Emperor's garrison
        ({"cisalpina": "garrison Maximian"}, 3),  # his own disc on it counts anyway
        ({"roma": "unrest"}, 2),  # ROMA covered
        ({"roma": "garrison Galerius"}, 2),
        ({"roma": "garrison Maximian"}, 3),
        ({"etrvria": "garrison Galerius"}, 1),  # another Emperor's disc breaks the chain
        ({"etrvria": None}, 1),  # an empty province breaks it too
        ({"etrvria": "garrison Galerius", "venetia": "garrison Maximian"}, 2),  # CISALPINA-VENETIA
        ({"II:5": "garrison Maximian", "cisalpina": "unrest"}, 0),  # AQVITANIA is not linked to II:3
        ({"II:3": "garrison Maximian"}, 4),  # his own province joins the group
    ],
)
def test_r6_roman_support_counts_his_discs_and_his_uncovered_printed_discs(
    changes: dict[str, str | None], support: int
) -> None:
    placed = {**EXAMPLE_DISCS, **changes}
    state = example(discs_={k: v for k, v in placed.items() if v is not None})
    assert roman_support(state, M, at("II:3")) == support


def test_r6_a_figure_does_not_cover_a_printed_disc() -> None:
    """Galerius standing in CISALPINA (a figure, not a disc): Maximian's support stays 3."""
    state = example(emperors_={"Maximian": "II:3", "Galerius": "cisalpina"})
    assert roman_support(state, M, at("II:3")) == 3


@pytest.mark.parametrize(("roma", "support"), [(None, 1), ("garrison Diocletian", 0),
                                               ("garrison Galerius", 1)])
def test_r6_uncovered_roma_counts_for_every_emperor(roma: str | None, support: int) -> None:
    """Galerius in LVCANIA, linked to ROMA."""
    state = phase_position(discs={"roma": roma} if roma else {}, emperors={"Galerius": "lvcania"},
                           turn="Galerius")
    assert roman_support(state, G, at("lvcania")) == support


# --- R6 Barbarian support and D6 -------------------------------------------------------------------


TWO_GROUPS = dict.fromkeys(["II:1", "II:2", "III:1", "III:2", "III:3"], "revolt")


@pytest.mark.parametrize(("support_group", "support"), [("largest", 3), ("players-choose", 2)])
def test_d6_barbarian_support_largest_or_smallest_touching_group(
    support_group: str, support: int
) -> None:
    """The army in GERMANIA SVPERIOR touches BELGICA-GERMANIA INFERIOR (2) and RHAETIA-PANNONIA
    SVPERIOR-NORICVM (3).  D6 default: the largest; players choose: the Barbarian gets the
    smallest."""
    state = phase_position(discs=TWO_GROUPS, armies=["II:3"],
                           settings={"support_group": support_group})
    assert sorted(touching_groups(BOARD, lambda p: state.disc[p] == REVOLT, at("II:3"))) == [2, 3]
    assert barbarian_support(state, at("II:3")) == support


@pytest.mark.parametrize("support_group", ["largest", "players-choose"])
def test_d6_roman_support_is_the_largest_group_in_both_settings(support_group: str) -> None:
    state = phase_position(
        discs={"etrvria": "garrison Maximian", "III:6": "garrison Maximian"},
        emperors={"Maximian": "III:2"}, armies=["III:1"], turn="Maximian",
        settings={"support_group": support_group},
    )
    assert roman_support(state, M, at("III:2")) == 3


def test_r6_barbarian_support_counts_the_armys_own_revolt_and_nothing_far() -> None:
    """Army in LVSITANIA on a revolt; a revolt in TARRACONENSIS is two links away."""
    state = phase_position(discs={"I:3": "revolt", "I:6": "revolt"}, armies=["I:3"])
    assert barbarian_support(state, at("I:3")) == 1
    state = phase_position(discs={"I:6": "revolt"}, armies=["I:3"])
    assert barbarian_support(state, at("I:3")) == 0


# --- R6 multipliers ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("emperors_", "armies_", "origin", "roman_multiplier", "barbarian_multiplier"),
    [
        ({"Maximian": "II:3"}, ("II:6",), "II:3", 1, 1),  # the fighter himself is not counted
        ({"Maximian": "II:3", "Diocletian": "II:1"}, ("II:6",), "II:3", 1, 1),  # BELGICA: not linked
        ({"Maximian": "II:3", "Galerius": "cisalpina"}, ("II:6",), "II:3", 2, 1),  # broken link
        ({"Maximian": "II:3"}, ("II:6", "III:1", "II:1"), "II:3", 1, 4),  # two other armies
        ({"Maximian": "II:3"}, ("II:6", "I:3"), "II:3", 1, 1),  # LVSITANIA: not linked
        ({"Maximian": "cisalpina"}, ("II:6", "III:1"), "cisalpina", 1, 2),  # broken link
    ],
)
def test_r6_multipliers_count_direct_links_broken_or_not(
    emperors_: dict[str, str], armies_: tuple[str, ...], origin: str,
    roman_multiplier: int, barbarian_multiplier: int,
) -> None:
    state = example(emperors_=emperors_, armies_=armies_)
    v = battle_values(state, M, at(origin), at("II:6"), 1, 1)
    assert (v.roman_multiplier, v.barbarian_multiplier) == (roman_multiplier, barbarian_multiplier)


def test_r6_broken_links_are_never_rolled_in_combat() -> None:
    """Maximian attacks from CISALPINA across the broken link to NARBONENSIS, with an army in
    RHAETIA across the broken link to CISALPINA: the only dice wanted are the battle's."""
    state = example(emperors_={"Maximian": "cisalpina", "Galerius": "II:5"}, armies_=("II:6", "III:1"))
    apply_action(state, Attack(M, at("cisalpina"), at("II:6")))
    assert state.ip == 3  # broken link 2 + revolt 1
    assert awaits_roll(state) is Purpose.BATTLE
    assert state.roll_count == 2


# --- R5.5 and R6 through the game: outcomes and draws ---------------------------------------------


@pytest.mark.parametrize(
    ("dice", "outcome"),
    [((6, 1), "victory"), ((1, 1), "draw"), ((1, 2), "defeat")],
)
def test_r6_emperor_attacks_with_exact_values(dice: tuple[int, int], outcome: str) -> None:
    """(die + 3) x 2 against (die + 7) x 1: 6-1 gives 18-8, 1-1 gives 8-8 (a draw), 1-2 gives
    8-9."""
    state = example()
    v = battle_values(state, M, at("II:3"), at("II:6"), *dice)
    apply_action(state, Attack(M, at("II:3"), at("II:6")))
    assert state.ip == 4
    battle(state, *dice)
    if outcome == "victory":
        assert v.roman > v.barbarian
        assert armies(state) == []
        assert emperors(state)["Maximian"] == "II:6"
        assert "II:6" not in discs(state)  # the revolt goes with the army (R5.5)
        assert state.revolt_reserve == 15
        assert awaiting(state) is Awaiting.ROMAN_ACTION and state.ip == 4
    elif outcome == "draw":
        assert (v.roman, v.barbarian) == (8, 8)
        assert armies(state) == ["II:6"]
        assert emperors(state)["Maximian"] == "II:3"
        assert discs(state) == EXAMPLE_DISCS
        assert awaiting(state) is Awaiting.ROMAN_ACTION and state.ip == 4
    else:
        assert (v.roman, v.barbarian) == (8, 9)
        assert emperors(state)["Maximian"] is None
        assert armies(state) == ["II:6"]
        # his Roman phase ends at once: the Barbarian phase follows (R5.5)
        assert awaits_roll(state) is Purpose.ACTIVITY


@pytest.mark.parametrize("owner", ["Maximian", "Constantius"])
def test_r5_5_a_defeated_emperor_loses_the_garrison_he_attacked_from(owner: str) -> None:
    """Any garrison disc in the province he attacked from goes back to its Emperor."""
    state = example(discs_={**EXAMPLE_DISCS, "II:3": f"garrison {owner}"})
    support = 4 if owner == "Maximian" else 3  # his own disc joins CISALPINA-ETRVRIA-ROMA
    v = battle_values(state, M, at("II:3"), at("II:6"), 1, 6)
    assert (v.roman, v.barbarian) == ((1 + support) * 2, 13)
    before = garrison_reserves(state)
    apply_action(state, Attack(M, at("II:3"), at("II:6")))
    battle(state, 1, 6)
    assert emperors(state)["Maximian"] is None
    assert "II:3" not in discs(state)
    owner_index = Emperor[owner.upper()]
    assert garrison_reserves(state)[owner_index] == before[owner_index] + 1
    assert awaits_roll(state) is Purpose.ACTIVITY


@pytest.mark.parametrize(
    ("dice", "maximian", "armies_after", "disc_i4"),
    [
        ((3, 3), "I:4", ["I:3", "I:6", "II:6"], None),  # 3x2 = 3x2: a draw
        ((2, 3), None, ["I:4", "I:6", "II:6"], "revolt"),  # 2x2 < 3x2: the army moves in
        ((4, 3), "I:4", ["I:6", "II:6"], None),  # 4x2 > 3x2: the army is destroyed
    ],
)
def test_r6_an_army_attacking_is_multiplied_like_an_emperor(
    dice: tuple[int, int], maximian: str | None, armies_after: list[str], disc_i4: str | None
) -> None:
    """R7.3 with R6: the army in LVSITANIA attacks Maximian in GALLAECIA.  Constantius in
    CARTHAGINENSIS is linked to the army (Roman x2); the army in TARRACONENSIS, blocked behind
    the one in NARBONENSIS (its broken link fails), is linked to Maximian (Barbarian x2)."""
    state = phase_position(
        emperors={"Diocletian": "roma", "Maximian": "I:4", "Constantius": "I:5"},
        armies=["I:3", "I:6", "II:6"],
    )
    end_phase(state)
    quiet_activity(state)
    link_roll(state, 1)  # NARBONENSIS - CISALPINA: not linked; TARRACONENSIS blocked, no die
    v = battle_values(state, M, at("I:4"), at("I:3"), *dice)
    assert (v.roman_multiplier, v.barbarian_multiplier) == (2, 2)
    assert (v.roman_support, v.barbarian_support) == (0, 0)
    battle(state, *dice)
    assert_turn_of(state, G)
    assert emperors(state)["Maximian"] == maximian
    assert emperors(state)["Constantius"] == "I:5"
    assert armies(state) == armies_after
    assert discs(state) == ({"I:4": disc_i4} if disc_i4 else {})


def test_r5_5_attack_is_legal_through_links_only_at_the_cost_of_the_move() -> None:
    """From GERMANIA SVPERIOR 1 + 1 (revolt) = 2 IP; from CISALPINA 2 (broken) + 1 = 3 IP."""
    state = example(emperors_={"Maximian": "II:3"}, turn="Maximian")
    state.ip = 2
    assert Attack(M, at("II:3"), at("II:6")) in legal_actions(state)
    state = example(emperors_={"Maximian": "cisalpina"})
    state.ip = 2
    assert Attack(M, at("cisalpina"), at("II:6")) not in legal_actions(state)
    state.ip = 3
    assert Attack(M, at("cisalpina"), at("II:6")) in legal_actions(state)


def test_r6_battle_odds_count_the_36_rolls() -> None:
    """R6 over the 36 rolls, worked by hand.  Equal sides: 6 draws (equal dice), 15 wins each
    way.  Support 3 against 2: the Romans win when the Barbarian die is at most theirs
    (1+2+...+6 = 21), draw when it is one more (5), lose otherwise (10).  Romans doubled, (d)x2
    against (e)x1: they win for e < 2d (d=1: 1, d=2: 3, d=3: 5, d>=4: 6 each, 27 in all), draw for
    e = 2d (d = 1, 2, 3: 3), lose the other 6."""
    assert battle_odds(0, 1, 0, 1) == (15, 6, 15)
    assert battle_odds(3, 1, 2, 1) == (21, 5, 10)
    assert battle_odds(0, 2, 0, 1) == (27, 3, 6)
