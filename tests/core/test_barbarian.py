"""R7 Barbarian phase on hand-made positions and scripted dice: R7.1 revolts (spreading, Emperors
removed), R7.2 activity and uprisings, R7.3 the advance, R7.4 broken links (D2, D3, D9, D10, D11).

Every position starts in the Roman phase of Diocletian, who stands in Roma (no activity roll can
reach it) and ends his phase; the Barbarian phase follows.  Each die is scripted with a helper
that checks what the game asks the die for, so the tests also fix which dice are rolled, in
which order, and that no other die is wanted (``assert_turn_of``: Galerius's turn has begun).
"""

from __future__ import annotations

from itertools import product

import pytest

from barbarian_helpers import (
    BOARD,
    C,
    G,
    M,
    activity,
    armies,
    army_region,
    assert_turn_of,
    at,
    awaiting,
    awaits_roll,
    battle,
    discs,
    emperors,
    end_phase,
    garrison_reserves,
    key,
    link_roll,
    new_activity,
    phase_position,
    quiet_activity,
    reserves,
)
from tetrarchia.core.actions import EndPhase, Enter, Roll
from tetrarchia.core.barbarian import advance_order
from tetrarchia.core.board import ITALIA
from tetrarchia.core.engine import apply_action, legal_actions
from tetrarchia.core.events import Purpose
from tetrarchia.core.pieces import NO_FIGURE
from tetrarchia.core.state import Awaiting, State


def galerius_enters_and_ends(state: State, where: str = "III:4") -> None:
    """Galerius's turn: he enters (by default in his capital PANNONIA INFERIOR III:4) and ends
    his Roman phase at once."""
    assert_turn_of(state, G)
    apply_action(state, Enter(G, at(where)))
    apply_action(state, EndPhase(G))


# === R7.1.1 spreading ============================================================================


@pytest.mark.parametrize(
    "revolt_at",
    ["I:2", "II:4"],  # the head of the chain in board order, then its tail (several waves)
)
def test_r7_1_a_chain_of_unrest_next_to_one_revolt_all_turns(revolt_at: str) -> None:
    """R7.1: BAETICA I:2 - LVSITANIA I:3 - GALLAECIA I:4 - TARRACONENSIS I:6 - NARBONENSIS II:6 -
    LVGDVNENSIS II:4, all normal links; NORICVM III:3 is linked to no revolt and stays."""
    chain = ["I:2", "I:3", "I:4", "I:6", "II:6", "II:4"]
    placed = {p: ("revolt" if p == revolt_at else "unrest") for p in chain}
    state = phase_position(discs={**placed, "III:3": "unrest"})
    end_phase(state)
    assert awaits_roll(state) is Purpose.ACTIVITY  # no die before the activity: all normal links
    assert discs(state) == {**dict.fromkeys(chain, "revolt"), "III:3": "unrest"}
    assert reserves(state)["unrest"] == 20
    assert reserves(state)["revolt"] == 15
    quiet_activity(state)
    assert_turn_of(state, G)
    assert discs(state) == {**dict.fromkeys(chain, "revolt"), "III:3": "unrest"}


def test_r7_1_a_garrison_or_an_empty_province_stops_the_chain() -> None:
    """BAETICA I:2 in revolt, a garrison in LVSITANIA I:3, unrest in GALLAECIA I:4 (linked to
    I:3, I:5 and I:6 only): nothing turns."""
    placed = {"I:2": "revolt", "I:3": "garrison Maximian", "I:4": "unrest", "I:6": "unrest"}
    state = phase_position(discs=placed)
    end_phase(state)
    assert awaits_roll(state) is Purpose.ACTIVITY
    assert discs(state) == placed


@pytest.mark.parametrize("die", range(1, 7))
def test_r7_4_broken_link_in_the_spreading_is_rolled_once(die: int) -> None:
    """R7.1, R7.4: TINGITANA I:1 - BAETICA I:2 is broken: 1-3 not linked, 4-6 linked; one roll,
    then the activity."""
    state = phase_position(discs={"I:1": "unrest", "I:2": "revolt"})
    end_phase(state)
    link_roll(state, die)
    assert awaits_roll(state) is Purpose.ACTIVITY
    assert discs(state) == {"I:1": "revolt" if die >= 4 else "unrest", "I:2": "revolt"}
    quiet_activity(state)
    assert_turn_of(state, G)


@pytest.mark.parametrize(("die", "turned"), [(3, False), (4, True)])
def test_r7_1_unrest_across_a_broken_link_that_holds_spreads_on(die: int, turned: bool) -> None:
    """R7.1, R7.4: the revolt in TINGITANA reaches BAETICA only if the link holds; then LVSITANIA
    (normal link to BAETICA) turns in the next wave."""
    state = phase_position(discs={"I:1": "revolt", "I:2": "unrest", "I:3": "unrest"})
    end_phase(state)
    link_roll(state, die)
    assert awaits_roll(state) is Purpose.ACTIVITY
    after = "revolt" if turned else "unrest"
    assert discs(state) == {"I:1": "revolt", "I:2": after, "I:3": after}


def d3_position(broken_link_once: bool) -> State:
    """Two broken-link candidates: TINGITANA I:1 (unrest) - BAETICA I:2 (revolt), first in board
    order, and AQVITANIA II:5 (unrest) - TARRACONENSIS I:6 (revolt)."""
    return phase_position(
        discs={"I:1": "unrest", "I:2": "revolt", "I:6": "revolt", "II:5": "unrest"},
        settings={"broken_link_once": broken_link_once},
    )


def test_d3_a_failed_broken_link_is_not_rolled_again_in_the_same_spreading() -> None:
    """D3 (default): TINGITANA's link fails (2), AQVITANIA's holds (5) and AQVITANIA turns; the
    failed link is not rolled again after that wave."""
    state = d3_position(broken_link_once=True)
    end_phase(state)
    link_roll(state, 2)  # board order: TINGITANA's link first
    link_roll(state, 5)
    assert awaits_roll(state) is Purpose.ACTIVITY
    assert discs(state) == {"I:1": "unrest", "I:2": "revolt", "I:6": "revolt", "II:5": "revolt"}


@pytest.mark.parametrize(("die", "turned"), [(6, True), (1, False)])
def test_d3_off_a_failed_broken_link_is_rolled_again_after_a_later_wave(die: int, turned: bool) -> None:
    """D3 switched off: after AQVITANIA turns, TINGITANA's failed link is rolled once more."""
    state = d3_position(broken_link_once=False)
    end_phase(state)
    link_roll(state, 2)
    link_roll(state, 5)
    link_roll(state, die)
    assert awaits_roll(state) is Purpose.ACTIVITY
    assert discs(state) == {
        "I:1": "revolt" if turned else "unrest", "I:2": "revolt", "I:6": "revolt", "II:5": "revolt",
    }


@pytest.mark.parametrize(
    ("before", "after"),
    [
        # BAETICA I:2 is linked to the revolt in TINGITANA (broken) and in LVSITANIA (normal)
        ({"I:1": "revolt", "I:2": "unrest", "I:3": "revolt"},
         {"I:1": "revolt", "I:2": "revolt", "I:3": "revolt"}),
        # AQVITANIA II:5: broken link to TARRACONENSIS, normal link to NARBONENSIS, which turns
        # in the first wave (a later wave turns AQVITANIA through the normal link)
        ({"I:6": "revolt", "II:5": "unrest", "II:6": "unrest"},
         {"I:6": "revolt", "II:5": "revolt", "II:6": "revolt"}),
        # two revolts across a broken link: nothing to turn, nothing to roll
        ({"I:1": "revolt", "I:2": "revolt"}, {"I:1": "revolt", "I:2": "revolt"}),
    ],
)
def test_d11_no_broken_link_roll_when_the_unrest_turns_through_a_normal_link(
    before: dict[str, str], after: dict[str, str]
) -> None:
    state = phase_position(discs=before)
    end_phase(state)
    assert awaits_roll(state) is Purpose.ACTIVITY
    assert discs(state) == after


def test_r7_4_a_broken_link_holds_only_for_that_check_and_is_rolled_next_phase() -> None:
    state = phase_position(discs={"I:1": "unrest", "I:2": "revolt"})
    end_phase(state)
    link_roll(state, 1)
    quiet_activity(state)
    galerius_enters_and_ends(state)
    link_roll(state, 6)  # a new spreading: the link is rolled again
    assert discs(state) == {"I:1": "revolt", "I:2": "revolt"}
    assert awaits_roll(state) is Purpose.ACTIVITY


# === R7.1.2 Emperors on a revolt ===================================================================


def test_r7_1_emperors_on_a_revolt_leave_the_board_and_reenter_at_their_next_turn() -> None:
    """Constantius ends his phase on the revolt in BAETICA; Maximian stands on the unrest in
    LVSITANIA, which turns.  Both leave the board; Maximian re-enters at his turn (R4)."""
    state = phase_position(
        discs={"I:2": "revolt", "I:3": "unrest"},
        emperors={"Diocletian": "roma", "Constantius": "I:2", "Maximian": "I:3"},
        turn="Constantius",
    )
    end_phase(state)
    assert discs(state) == {"I:2": "revolt", "I:3": "revolt"}
    assert emperors(state) == {
        "Diocletian": "roma", "Galerius": None, "Constantius": None, "Maximian": None,
    }
    assert state.figure[at("I:2")] == state.figure[at("I:3")] == NO_FIGURE
    quiet_activity(state)
    assert_turn_of(state, M)
    assert awaiting(state) is Awaiting.ENTRY
    assert legal_actions(state) == [Enter(M, BOARD.roma), Enter(M, at("cisalpina"))]
    apply_action(state, Enter(M, at("cisalpina")))
    assert awaiting(state) is Awaiting.ROMAN_ACTION
    assert emperors(state)["Maximian"] == "cisalpina"
    assert state.ip == 6


# === R7.2 activity =================================================================================


@pytest.mark.parametrize(
    ("placed", "where", "dice"),
    [
        ({"II:4": "garrison Maximian"}, {}, (2, 4)),  # a real garrison
        ({"II:2": "garrison Diocletian"}, {}, (2, 2)),  # another Emperor's garrison on a capital
        ({}, {}, (2, 2)),  # GERMANIA INFERIOR: Constantius's printed capital, uncovered
        ({}, {}, (3, 4)),  # PANNONIA INFERIOR: Galerius's
        ({}, {}, (5, 6)),  # BITHYNIA: Diocletian's
        ({}, {"Diocletian": "roma", "Maximian": "V:6"}, (5, 6)),  # a figure does not cover it
    ],
)
def test_r7_2_a_garrison_or_an_uncovered_printed_capital_protects(
    placed: dict[str, str], where: dict[str, str], dice: tuple[int, int]
) -> None:
    state = phase_position(discs=placed, emperors=where or None)
    end_phase(state)
    before = reserves(state)
    activity(state, *dice)
    assert_turn_of(state, G)
    assert discs(state) == placed
    assert reserves(state) == before


def test_r7_2_the_activity_roll_never_reaches_italia_or_roma() -> None:
    """R7.2: the Roman die is a region I-VI; the 36 rolls hit the 36 outer provinces once each."""
    state = phase_position()
    end_phase(state)
    assert legal_actions(state) == [Roll(pair) for pair in product(range(1, 7), repeat=2)]
    hit = [BOARD.at_coords[(r, n)] for r, n in product(range(1, 7), repeat=2)]
    assert len(set(hit)) == 36
    assert all(BOARD.region_of[p] != ITALIA and not BOARD.is_border[p] for p in hit)
    assert BOARD.roma not in hit


@pytest.mark.parametrize(
    ("placed", "dice", "after", "unrest_reserve", "revolt_reserve"),
    [
        ({}, (1, 3), {"I:3": "unrest"}, 20, 21),  # nothing -> unrest
        ({"I:3": "unrest"}, (1, 3), {"I:3": "revolt"}, 21, 20),  # unrest -> revolt
        ({"V:6": "unrest"}, (5, 6), {"V:6": "revolt"}, 21, 20),  # a covered capital is exposed
    ],
)
def test_r7_2_no_disc_becomes_unrest_and_unrest_becomes_revolt(
    placed: dict[str, str], dice: tuple[int, int], after: dict[str, str],
    unrest_reserve: int, revolt_reserve: int,
) -> None:
    state = phase_position(discs=placed)
    end_phase(state)
    activity(state, *dice)
    assert_turn_of(state, G)
    assert discs(state) == after
    assert (state.unrest_reserve, state.revolt_reserve) == (unrest_reserve, revolt_reserve)


def test_r7_2_a_new_revolt_spreads_only_at_the_next_r7_1() -> None:
    """R7 order: the spreading (R7.1) comes before the activity (R7.2)."""
    state = phase_position(discs={"I:3": "unrest", "I:4": "unrest"})
    end_phase(state)
    activity(state, 1, 3)
    assert_turn_of(state, G)
    assert discs(state) == {"I:3": "revolt", "I:4": "unrest"}
    galerius_enters_and_ends(state)
    assert awaits_roll(state) is Purpose.ACTIVITY
    assert discs(state) == {"I:3": "revolt", "I:4": "revolt"}


# === R7.2 uprising ================================================================================


@pytest.mark.parametrize(("die", "aqvitania"), [(3, "unrest"), (5, "revolt")])
def test_r7_2_uprising_revolts_replace_unrest_and_garrisons_and_spare_emperors(
    die: int, aqvitania: str
) -> None:
    """Uprising in TARRACONENSIS I:6.  Its links: GALLAECIA I:4 (Maximian's garrison) and
    CARTHAGINENSIS I:5 (Galerius's garrison), NARBONENSIS II:6 (Constantius stands there), all
    normal, and AQVITANIA II:5 (unrest) across a broken link, which the spreading rolled (2, not
    linked) and the uprising rolls again.  Garrisons go back to their Emperors' reserves;
    Constantius is reached but stays until the next R7.1."""
    state = phase_position(
        discs={"I:6": "revolt", "I:4": "garrison Maximian", "I:5": "garrison Galerius",
               "II:5": "unrest"},
        emperors={"Diocletian": "roma", "Constantius": "II:6"},
    )
    assert garrison_reserves(state) == [4, 3, 4, 3]
    end_phase(state)
    link_roll(state, 2)  # R7.1: AQVITANIA - TARRACONENSIS, not linked
    activity(state, 1, 6)  # R7.2: the revolt in TARRACONENSIS rises
    link_roll(state, die)  # the uprising's own check of the same broken link
    assert awaits_roll(state) is Purpose.UPRISING_REGION
    assert discs(state) == {
        "I:4": "revolt", "I:5": "revolt", "I:6": "revolt", "II:5": aqvitania, "II:6": "revolt",
    }
    assert garrison_reserves(state) == [4, 4, 4, 4]
    assert emperors(state)["Constantius"] == "II:6"  # not removed now
    army_region(state, 6)  # LIBYA is empty: an army appears
    link_roll(state, 3)  # D2: it advances; LIBYA - AEGYPTVS is broken: not linked
    assert_turn_of(state, G)
    assert armies(state) == ["libya"]
    assert emperors(state)["Constantius"] == "II:6"
    revolts = 5 if aqvitania == "revolt" else 4
    assert (state.unrest_reserve, state.revolt_reserve) == (21 - (5 - revolts), 21 - revolts)
    # the next R7.1 removes him
    galerius_enters_and_ends(state)
    assert emperors(state)["Constantius"] is None
    assert state.figure[at("II:6")] == NO_FIGURE


def test_r7_2_uprising_never_touches_a_border_nor_rolls_for_it() -> None:
    """Uprising in TINGITANA I:1: BAETICA (broken link) is rolled for; GAETVLIA (a border, also
    broken) is neither rolled for nor affected."""
    state = phase_position(discs={"I:1": "revolt"})
    end_phase(state)
    activity(state, 1, 1)
    link_roll(state, 4)  # BAETICA: linked
    assert awaits_roll(state) is Purpose.UPRISING_REGION
    assert discs(state) == {"I:1": "revolt", "I:2": "revolt"}
    army_region(state, 1)  # GAETVLIA is still empty: the army appears there
    link_roll(state, 2)  # D2: GAETVLIA - TINGITANA broken, not linked
    assert_turn_of(state, G)
    assert armies(state) == ["gaetvlia"]
    assert discs(state) == {"I:1": "revolt", "I:2": "revolt"}


def test_r7_2_uprising_next_to_a_secured_border_leaves_it_secured() -> None:
    """Uprising in BELGICA II:1: GERMANIA INFERIOR (covering the printed capital), GERMANIA
    SVPERIOR and LVGDVNENSIS revolt; the garrison in BRITANNIA stays, no die for it."""
    state = phase_position(discs={"II:1": "revolt", "britannia": "garrison Constantius"})
    end_phase(state)
    activity(state, 2, 1)
    assert awaits_roll(state) is Purpose.UPRISING_REGION
    assert discs(state) == {
        "II:1": "revolt", "II:2": "revolt", "II:3": "revolt", "II:4": "revolt",
        "britannia": "garrison Constantius",
    }


def test_d11_uprising_does_not_roll_towards_a_province_already_in_revolt() -> None:
    """Uprising in TARRACONENSIS with AQVITANIA (broken link) already in revolt: no link die."""
    state = phase_position(discs={"I:6": "revolt", "II:5": "revolt"})
    end_phase(state)
    activity(state, 1, 6)
    assert awaits_roll(state) is Purpose.UPRISING_REGION
    assert discs(state) == dict.fromkeys(["I:4", "I:5", "I:6", "II:5", "II:6"], "revolt")


NORICVM_UPRISING = {"III:3": "revolt"}  # linked to III:2 and III:4 only, both normal links
AFTER_NORICVM = dict.fromkeys(["III:2", "III:3", "III:4"], "revolt")


@pytest.mark.parametrize(
    ("border", "emperors_at", "army_there"),
    [
        ({"britannia": "garrison Constantius"}, None, False),  # a secured border
        ({}, {"Diocletian": "roma", "Constantius": "britannia"}, False),  # an Emperor there
        ({}, None, True),  # an army there
    ],
)
def test_r7_2_uprising_army_only_on_an_empty_border_else_a_new_activity(
    border: dict[str, str], emperors_at: dict[str, str] | None, army_there: bool
) -> None:
    """Roman die 2: BRITANNIA is not empty, so the Barbarian die (4) makes a new activity in
    LVGDVNENSIS II:4: unrest."""
    state = phase_position(discs={**NORICVM_UPRISING, **border}, emperors=emperors_at,
                           armies=["britannia"] if army_there else [])
    end_phase(state)
    activity(state, 3, 3)
    army_region(state, 2)
    new_activity(state, 4)
    if army_there:
        link_roll(state, 1)  # R7.3: the army in BRITANNIA tries to cross to BELGICA
    assert_turn_of(state, G)
    assert discs(state) == {**AFTER_NORICVM, **border, "II:4": "unrest"}
    assert armies(state) == (["britannia"] if army_there else [])


def test_r7_2_uprising_army_appears_on_an_empty_border() -> None:
    state = phase_position(discs=NORICVM_UPRISING)
    end_phase(state)
    activity(state, 3, 3)
    army_region(state, 2)
    assert armies(state) == ["britannia"]
    assert state.armies_placed == [at("britannia")]
    link_roll(state, 1)  # D2: BRITANNIA - BELGICA broken, not linked
    assert_turn_of(state, G)
    assert discs(state) == AFTER_NORICVM
    assert armies(state) == ["britannia"]


@pytest.mark.parametrize(
    ("placed", "number", "result"),
    [
        ({"III:1": "garrison Maximian"}, 1, {"III:1": "garrison Maximian"}),  # nothing
        ({}, 5, {"III:5": "unrest"}),  # MOESIA SVPERIOR: unrest
        ({"III:6": "unrest"}, 6, {"III:6": "revolt"}),  # DALMATIA: unrest -> revolt
    ],
)
def test_r7_2_the_new_activity_of_an_uprising_is_a_full_activity(
    placed: dict[str, str], number: int, result: dict[str, str]
) -> None:
    """GERMANIA MAGNA is secured, so the Roman die 3 leads to a new activity in region III."""
    secured = {"germania_magna": "garrison Galerius"}
    state = phase_position(discs={**NORICVM_UPRISING, **secured, **placed})
    end_phase(state)
    activity(state, 3, 3)
    army_region(state, 3)
    new_activity(state, number)
    assert_turn_of(state, G)
    assert discs(state) == {**AFTER_NORICVM, **secured, **result}


def test_r7_2_uprisings_chain_through_a_border_that_is_not_empty() -> None:
    """Uprising in BELGICA II:1; Roman die 2: BRITANNIA is secured, Barbarian die 5: AQVITANIA
    II:5 is in revolt, a second uprising (TARRACONENSIS across the broken link: 6, linked);
    Roman die 1: GAETVLIA is empty, the army appears and tries to advance (3: not linked)."""
    state = phase_position(discs={"II:1": "revolt", "II:5": "revolt",
                                  "britannia": "garrison Constantius"})
    end_phase(state)
    activity(state, 2, 1)
    army_region(state, 2)
    new_activity(state, 5)
    link_roll(state, 6)
    army_region(state, 1)
    link_roll(state, 3)
    assert_turn_of(state, G)
    assert discs(state) == {
        **dict.fromkeys(["I:6", "II:1", "II:2", "II:3", "II:4", "II:5", "II:6"], "revolt"),
        "britannia": "garrison Constantius",
    }
    assert armies(state) == ["gaetvlia"]
    assert state.revolt_reserve == 14
    assert garrison_reserves(state) == [4, 4, 3, 4]


def test_r7_2_no_army_roll_when_three_armies_are_on_the_board() -> None:
    """R7.2, R9: no army in the reserve, no Roman die; the three armies then advance (R7.3)
    through normal links, each devastating its new province."""
    state = phase_position(discs=NORICVM_UPRISING, armies=["I:3", "IV:2", "VI:2"])
    end_phase(state)
    activity(state, 3, 3)
    assert_turn_of(state, G)
    assert discs(state) == {**AFTER_NORICVM, **dict.fromkeys(["I:4", "IV:3", "VI:3"], "revolt")}
    assert armies(state) == ["I:4", "IV:3", "VI:3"]


def test_r7_2_with_two_armies_on_the_board_the_army_die_is_rolled() -> None:
    state = phase_position(discs=NORICVM_UPRISING, armies=["I:3", "IV:2"])
    end_phase(state)
    activity(state, 3, 3)
    assert awaits_roll(state) is Purpose.UPRISING_REGION


# === R7.3 advance ==================================================================================


@pytest.mark.parametrize(
    ("placed", "order"),
    [
        # D10: steps still to go along each army's own path: II:3 has 6 (3 links from Roma)
        (["II:3", "V:6", "I:6"], ["I:6", "V:6", "II:3"]),
        # ties (4 steps each): lowest region first
        (["III:4", "II:5", "I:6"], ["I:6", "II:5", "III:4"]),
        # one path: the front army first
        (["I:3", "I:4", "I:2"], ["I:4", "I:3", "I:2"]),
    ],
)
def test_d10_advance_order_closest_to_roma_along_its_own_path(
    placed: list[str], order: list[str]
) -> None:
    state = phase_position(armies=placed)
    assert [key(p) for p in advance_order(state)] == order
    assert BOARD.steps_to_roma[at("II:3")] == 6
    assert BOARD.distance_to_roma[at("II:3")] == 3


def test_d10_the_advance_runs_in_that_order() -> None:
    """The army in BITHYNIA V:6 (5 steps) goes before the one in GERMANIA SVPERIOR II:3 (6 steps,
    but 3 links from Roma): its broken-link die comes first, then the battle with Galerius."""
    state = phase_position(armies=["II:3", "V:6"],
                           emperors={"Diocletian": "roma", "Galerius": "II:4"})
    end_phase(state)
    quiet_activity(state)
    link_roll(state, 1)  # BITHYNIA - THRACIA: not linked
    battle(state, 6, 1)  # (6 + 0) x 1 against (1 + 0) x 1: the army is destroyed
    assert_turn_of(state, G)
    assert armies(state) == ["V:6"]
    assert emperors(state)["Galerius"] == "II:4"
    assert discs(state) == {}


def test_r7_3_the_front_army_frees_the_way_for_the_one_behind() -> None:
    state = phase_position(armies=["I:3", "I:4"])
    end_phase(state)
    quiet_activity(state)
    assert_turn_of(state, G)
    assert armies(state) == ["I:4", "I:6"]
    assert discs(state) == {"I:4": "revolt", "I:6": "revolt"}
    assert state.revolt_reserve == 19


def test_r7_3_an_army_that_does_not_move_blocks_the_one_behind_without_a_roll() -> None:
    """NARBONENSIS - CISALPINA is broken and fails; TARRACONENSIS is then blocked (no die)."""
    state = phase_position(armies=["I:6", "II:6"])
    end_phase(state)
    quiet_activity(state)
    link_roll(state, 1)
    assert_turn_of(state, G)
    assert armies(state) == ["I:6", "II:6"]
    assert discs(state) == {}


def test_r7_3_ties_go_to_the_lowest_region_and_block_the_other() -> None:
    """TARRACONENSIS I:6 and AQVITANIA II:5 both step into NARBONENSIS: region I first."""
    state = phase_position(armies=["I:6", "II:5"])
    end_phase(state)
    quiet_activity(state)
    assert_turn_of(state, G)
    assert armies(state) == ["II:5", "II:6"]
    assert discs(state) == {"II:6": "revolt"}


@pytest.mark.parametrize(
    ("new_armies_advance", "dice", "expected_armies", "belgica"),
    [(True, [4], ["I:4", "II:1"], {"II:1": "revolt"}), (False, [], ["I:4", "britannia"], {})],
)
def test_d2_armies_placed_in_this_phase_advance_unless_switched_off(
    new_armies_advance: bool, dice: list[int], expected_armies: list[str], belgica: dict[str, str]
) -> None:
    """D2: the army placed in BRITANNIA advances (broken link to BELGICA rolled: 4) in the same
    phase; with the option off it stays.  The army already in LVSITANIA advances either way."""
    state = phase_position(discs=NORICVM_UPRISING, armies=["I:3"],
                           settings={"new_armies_advance": new_armies_advance})
    end_phase(state)
    activity(state, 3, 3)
    army_region(state, 2)
    for die in dice:
        link_roll(state, die)
    assert_turn_of(state, G)
    assert armies(state) == expected_armies
    assert discs(state) == {**AFTER_NORICVM, "I:4": "revolt", **belgica}


def test_d2_off_the_new_army_advances_from_the_next_phase_on() -> None:
    state = phase_position(discs=NORICVM_UPRISING, emperors={"Diocletian": "V:6"},
                           settings={"new_armies_advance": False})
    end_phase(state)
    activity(state, 3, 3)
    army_region(state, 2)
    assert_turn_of(state, G)
    assert armies(state) == ["britannia"]
    galerius_enters_and_ends(state, "roma")  # his capital is in revolt now
    quiet_activity(state)
    link_roll(state, 5)  # BRITANNIA - BELGICA: linked
    assert_turn_of(state, C)
    assert armies(state) == ["II:1"]
    assert discs(state) == {**AFTER_NORICVM, "II:1": "revolt"}


@pytest.mark.parametrize(("die", "fights"), [(3, False), (4, True)])
def test_r7_4_a_broken_link_on_the_way_fails_no_move_no_attack(die: int, fights: bool) -> None:
    """AFRICA VI:6 - SICILIA is broken; Galerius stands in SICILIA."""
    state = phase_position(armies=["VI:6"], emperors={"Diocletian": "roma", "Galerius": "sicilia"})
    end_phase(state)
    quiet_activity(state)
    link_roll(state, die)
    if fights:
        assert awaits_roll(state) is Purpose.BATTLE
        return
    assert_turn_of(state, G)
    assert armies(state) == ["VI:6"]
    assert emperors(state)["Galerius"] == "sicilia"
    assert discs(state) == {}


@pytest.mark.parametrize("disc", [None, "unrest", "revolt", "garrison Maximian"])
def test_r7_3_devastation_replaces_any_disc_by_a_revolt(disc: str | None) -> None:
    """The army in LVSITANIA I:3 enters GALLAECIA I:4: whatever was there goes back to its
    reserve and a revolt takes its place."""
    state = phase_position(armies=["I:3"], discs={"I:4": disc} if disc else {})
    end_phase(state)
    quiet_activity(state)
    assert_turn_of(state, G)
    assert armies(state) == ["I:4"]
    assert discs(state) == {"I:4": "revolt"}
    assert (state.unrest_reserve, state.revolt_reserve) == (21, 20)
    assert garrison_reserves(state) == [4, 4, 4, 4]


def test_r7_3_devastating_a_capital_covers_it_and_closes_it_for_entry() -> None:
    """The army in BELGICA enters GERMANIA INFERIOR, Constantius's capital: he can then enter
    only in Roma (R4)."""
    state = phase_position(armies=["II:1"], emperors={"Galerius": "III:4"}, turn="Galerius")
    end_phase(state)
    quiet_activity(state)  # GERMANIA INFERIOR is still uncovered when the activity is rolled
    assert_turn_of(state, C)
    assert discs(state) == {"II:2": "revolt"}
    assert legal_actions(state) == [Enter(C, BOARD.roma)]


ARMY_VS_MAXIMIAN = {"I:3": "revolt", "I:4": "garrison Maximian"}


@pytest.mark.parametrize(
    ("dice", "after_discs", "after_armies", "maximian"),
    [
        # (1 + 1) x 1 against (3 + 1) x 1: the army wins, Maximian leaves, the army devastates
        ((1, 3), {"I:3": "revolt", "I:4": "revolt"}, ["I:4"], None),
        # (5 + 1) against (2 + 1): the army and the revolt of its province are removed
        ((5, 2), {"I:4": "garrison Maximian"}, [], "I:4"),
        # (3 + 1) against (3 + 1): a draw, nothing happens
        ((3, 3), ARMY_VS_MAXIMIAN, ["I:3"], "I:4"),
    ],
)
def test_r7_3_an_army_attacks_the_emperor_in_its_way(
    dice: tuple[int, int], after_discs: dict[str, str], after_armies: list[str], maximian: str | None
) -> None:
    """The army in LVSITANIA I:3 (on a revolt: support 1) attacks Maximian in GALLAECIA I:4 (on
    his garrison: support 1)."""
    state = phase_position(discs=ARMY_VS_MAXIMIAN, armies=["I:3"],
                           emperors={"Diocletian": "roma", "Maximian": "I:4"})
    end_phase(state)
    quiet_activity(state)
    battle(state, *dice)
    assert_turn_of(state, G)
    assert discs(state) == after_discs
    assert armies(state) == after_armies
    assert emperors(state)["Maximian"] == maximian
    revolts = sum(1 for d in after_discs.values() if d == "revolt")
    assert state.revolt_reserve == 21 - revolts
    assert garrison_reserves(state)[M] == 4 - ("garrison Maximian" in after_discs.values())


@pytest.mark.parametrize(
    ("origin", "step"),
    [("I:5", "I:6"), ("III:5", "III:6"), ("IV:5", "IV:6"), ("VI:4", "VI:6"), ("VI:5", "VI:4")],
)
def test_d9_provinces_without_an_arrow_step_towards_roma(origin: str, step: str) -> None:
    """D9: CARTHAGINENSIS, MOESIA SVPERIOR, ACHAIA, NVMIDIA and MAVRETANIA have no arrow out."""
    assert BOARD.arrow[at(origin)] == -1
    assert BOARD.next_step[at(origin)] == at(step)
    state = phase_position(armies=[origin])
    end_phase(state)
    quiet_activity(state)
    assert_turn_of(state, G)
    assert armies(state) == [step]
    assert discs(state) == {step: "revolt"}
