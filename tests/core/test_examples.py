"""Every worked example of the rulebooks, with the rulebooks' numbers.

- 000 p.7 (R5.1): Diocletian's move Bithynia -> Macedonia -> Dalmatia.
- 000 p.9 and 003 "Attack example" (R5.5, R6): the army in Narbonensis and all its variations,
  checked with ``battle_values`` and with whole battles played through ``apply_action`` on
  scripted dice; 000 p.11 / 003: letting the army attack across the broken link instead (R7.3, R7.4).
- 003's support-chain example (4-5, then 8-5 with a second Emperor) rebuilt on this board.
- 003 FAQ answers that are rules (R2 occupancy, capitals, R4 re-entry, fleets, straits).
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import assert_refused, play, position, prov, roll, say, snapshot
from tetrarchia.core.actions import Attack, EndPhase, Enter, Move, Sail, Secure, Subdue, SubdueKind
from tetrarchia.core.board import Board
from tetrarchia.core.combat import barbarian_support, battle_values, roman_support, touching_groups
from tetrarchia.core.engine import apply_action, legal_actions
from tetrarchia.core.errors import (
    MustMoveOn,
    NotEnoughIP,
    NothingThere,
    NotLinked,
    Occupied,
    WrongMoment,
)
from tetrarchia.core.events import Event, Purpose
from tetrarchia.core.pieces import ARMY, EMPEROR_FIGURE, GARRISON, NO_DISC, NO_FIGURE, REVOLT, Emperor
from tetrarchia.core.state import Awaiting, State

D, G, C, M = Emperor.DIOCLETIAN, Emperor.GALERIUS, Emperor.CONSTANTIUS, Emperor.MAXIMIAN

# --- 000 p.7: the move example (R5.1) -------------------------------------------------------------


def move_example() -> State:
    """Diocletian in Bithynia, Galerius in Macedonia, a revolt in Dalmatia, a fleet in Mare Aegaevm."""
    return position(
        discs={"III:6": "revolt"},
        emperors={"Diocletian": "V:6", "Galerius": "IV:4"},
        fleets=[3],
        turn="Diocletian",
    )


def test_move_example_costs_1_then_3_and_leaves_2_for_the_revolt() -> None:
    state = move_example()
    bithynia, macedonia, dalmatia = prov("V:6"), prov("IV:4"), prov("III:6")
    assert not state.board.linked(bithynia, macedonia)  # only the Aegean fleet joins them

    play(state, "Diocletian moves from Bithynia to Macedonia by fleet")  # R5.1 fleet: 1 IP
    assert state.ip == 5
    assert state.emperor_at[D] == macedonia and state.passing  # he crosses Galerius
    assert state.figure[macedonia] == EMPEROR_FIGURE + G
    assert state.figure[bithynia] == NO_FIGURE

    play(state, "Diocletian moves from Macedonia to Dalmatia")  # broken 2 + revolt 1 = 3 IP
    assert state.ip == 2
    assert not state.passing
    assert state.figure[macedonia] == EMPEROR_FIGURE + G  # Galerius was never disturbed
    assert state.figure[dalmatia] == EMPEROR_FIGURE + D

    play(state, "Diocletian removes the revolt in Dalmatia")  # the 2 IP left: R5.4
    assert state.ip == 0
    assert state.disc[dalmatia] == NO_DISC


def test_move_example_he_could_not_stop_in_galerius_province() -> None:
    # "He was able to cross paths with Galerius because he did not stop in his province" (D8).
    state = move_example()
    play(state, "Diocletian moves from Bithynia to Macedonia by fleet")
    macedonia = prov("IV:4")
    assert_refused(state, EndPhase(D), MustMoveOn)
    assert_refused(state, Secure(D, macedonia), MustMoveOn)
    assert all(isinstance(a, Move) for a in legal_actions(state))


# --- 000 p.9 / 003: the attack example (R5.5, R6) ---------------------------------------------------

HISPANIA = ("I:1", "I:2", "I:3", "I:4", "I:5", "I:6")


def attack_example(
    *,
    turn: str = "Maximian",
    emperors: dict[str, str] | None = None,
    discs: dict[str, str] | None = None,
    armies: tuple[str, ...] = (),
    ip: int = 6,
) -> State:
    """The army in Narbonensis after devastating Hispania: a group of 7 revolts (Narbonensis and
    the six of Hispania).  Maximian in Germania Svperior, Constantius in Aqvitania; Maximian's
    garrison in Etrvria (with his printed Cisalpina and Roma: 3), Constantius's in Lvgdvnensis."""
    return position(
        discs={
            "II:6": "revolt",
            **dict.fromkeys(HISPANIA, "revolt"),
            "etrvria": "garrison Maximian",
            "II:4": "garrison Constantius",
            **(discs or {}),
        },
        emperors={"Maximian": "II:3", "Constantius": "II:5", **(emperors or {})},
        armies=["II:6", *armies],
        turn=turn,
        ip=ip,
    )


# (Roman support, Roman multiplier, Barbarian support, Barbarian multiplier) for each sentence.
ATTACK_VALUES: list[Any] = [
    pytest.param("Maximian", "II:3", "II:6", {}, (3, 2, 7, 1),
                 id="maximian-germania-svperior-(d+3)x2-vs-d+7"),
    pytest.param("Maximian", "cisalpina", "II:6", {"emperors": {"Maximian": "cisalpina"}}, (3, 2, 7, 1),
                 id="maximian-cisalpina-same-values"),
    pytest.param("Maximian", "II:3", "II:6", {"emperors": {"Diocletian": "II:4"}}, (3, 4, 7, 1),
                 id="diocletian-in-lvgdvnensis-x4"),
    pytest.param("Maximian", "II:3", "II:6",
                 {"emperors": {"Diocletian": "II:4", "Galerius": "cisalpina"}}, (3, 8, 7, 1),
                 id="galerius-in-cisalpina-x8"),
    pytest.param("Maximian", "II:3", "II:6", {"armies": ("III:1",)}, (3, 2, 7, 2),
                 id="army-in-rhaetia-barbarian-x2"),
    pytest.param("Constantius", "II:5", "II:6", {"turn": "Constantius"}, (1, 2, 7, 1),
                 id="constantius-(d+1)x2-from-lvgdvnensis"),
    pytest.param("Maximian", "II:3", "II:6", {"discs": {"I:6": "unrest"}}, (3, 2, 1, 1),
                 id="tarraconensis-subdued-barbarian-d+1"),
    pytest.param("Maximian", "III:2", "III:1",
                 {"emperors": {"Maximian": "III:2"}, "armies": ("III:1",),
                  "discs": {"III:1": "revolt", "III:6": "garrison Maximian"}},
                 (3, 1, 1, 1),
                 id="maximian-pannonia-svperior-vs-rhaetia-counts-3-not-4"),
]


@pytest.mark.parametrize(("emperor", "at", "target", "changes", "expected"), ATTACK_VALUES)
@pytest.mark.parametrize(("roman_die", "barbarian_die"), [(1, 1), (4, 6), (6, 2)])
def test_attack_example_battle_values(
    emperor: str, at: str, target: str, changes: dict[str, Any], expected: tuple[int, int, int, int],
    roman_die: int, barbarian_die: int,
) -> None:
    state = attack_example(**changes)
    fighter = Emperor[emperor.upper()]
    values = battle_values(state, fighter, prov(at), prov(target), roman_die, barbarian_die)
    support, multiplier, barbarian, barbarian_multiplier = expected
    assert (values.roman_support, values.roman_multiplier) == (support, multiplier)
    assert (values.barbarian_support, values.barbarian_multiplier) == (barbarian, barbarian_multiplier)
    assert values.roman == (roman_die + support) * multiplier
    assert values.barbarian == (barbarian_die + barbarian) * barbarian_multiplier


def test_attack_example_rhaetia_touches_a_group_of_3_and_a_group_of_1() -> None:
    # 003: "connected to the chain of 3 blue tokens on one side, but also to a chain of 1 token
    # (DALMATIA) on the other ... his support would still be +3, not +4! Only one chain counts."
    state = attack_example(emperors={"Maximian": "III:2"}, armies=("III:1",),
                           discs={"III:6": "garrison Maximian"})
    pannonia = prov("III:2")
    groups = touching_groups(state.board, lambda p: state.counts_as_garrison(p, M), pannonia)
    assert sorted(groups) == [1, 3]
    assert roman_support(state, M, pannonia) == 3


def test_attack_example_the_seven_revolts_and_the_blue_group(board: Board) -> None:
    state = attack_example()
    assert barbarian_support(state, prov("II:6")) == 7
    # Cisalpina (printed, uncovered) - Etrvria (his disc) - Roma (everyone's printed disc)
    assert [p for p in board.provinces if state.counts_as_garrison(p.index, M)] == [
        board.province(k) for k in ("cisalpina", "etrvria", "roma")
    ]


@pytest.mark.parametrize(
    ("emperor", "origin", "changes", "cost"),
    [
        pytest.param("Maximian", "II:3", {}, 2, id="germania-svperior-2-ip-normal+revolt"),
        pytest.param("Maximian", "cisalpina", {"emperors": {"Maximian": "cisalpina"}}, 3,
                     id="cisalpina-3-ip-broken+revolt"),
        pytest.param("Constantius", "II:5", {"turn": "Constantius"}, 2, id="constantius-aqvitania-2-ip"),
    ],
)
def test_attack_example_costs(emperor: str, origin: str, changes: dict[str, Any], cost: int) -> None:
    state = attack_example(**changes)
    attack = Attack(Emperor[emperor.upper()], prov(origin), prov("II:6"))
    assert attack in legal_actions(state)
    apply_action(state, attack)
    assert state.ip == 6 - cost
    assert state.awaiting is Awaiting.ROLL and state.roll_purpose == Purpose.BATTLE
    assert state.roll_count == 2


def test_attack_example_constantius_subdues_tarraconensis_then_die_plus_1() -> None:
    # 003: "Constantius would better Subdue TARRACONENSIS, cutting the Barbarian army from its
    # support base and reducing its combat value to (die+1)" -- played, not just stated.
    state = attack_example(turn="Constantius")
    play(state, "Constantius moves from Aqvitania to Tarraconensis",  # broken 2 + revolt 1
         "Constantius removes the revolt in Tarraconensis")  # 2
    assert state.ip == 1
    values = battle_values(state, M, prov("II:3"), prov("II:6"), 3, 3)
    assert values.barbarian_support == 1
    assert values.roman_multiplier == 2  # Constantius in Tarraconensis is still linked to the army


# --- the attack example played with scripted dice (R5.5 outcomes) -------------------------------


def test_attack_example_victory_removes_army_and_revolt_and_moves_maximian_in() -> None:
    state = attack_example()
    narbonensis, germania = prov("II:6"), prov("II:3")
    revolts = state.revolt_reserve
    events: list[Event] = []
    play(state, "Maximian attacks Narbonensis from Germania Svperior")
    roll(state, 6, 6, events=events)  # (6+3)x2 = 18 against 6+7 = 13
    assert any("(6+3)x2 = 18" in say(e) and "(6+7)x1 = 13" in say(e) for e in events)
    assert state.figure[narbonensis] == EMPEROR_FIGURE + M
    assert state.emperor_at[M] == narbonensis
    assert state.figure[germania] == NO_FIGURE
    assert state.disc[narbonensis] == NO_DISC and state.revolt_reserve == revolts + 1
    assert state.armies() == []
    assert state.awaiting is Awaiting.ROMAN_ACTION and state.ip == 4  # his phase goes on


def test_attack_example_draw_changes_nothing_but_the_ip() -> None:
    state = attack_example()
    before = snapshot(state)
    play(state, "Maximian attacks Narbonensis from Germania Svperior")
    roll(state, 2, 3)  # (2+3)x2 = 10 against 3+7 = 10
    after = snapshot(state)
    assert after["turn"]["ip"] == 4
    for part in ("discs", "emperors", "armies", "reserves"):
        assert after[part] == before[part]
    assert state.awaiting is Awaiting.ROMAN_ACTION


def test_attack_example_defeat_ends_the_roman_phase() -> None:
    state = attack_example(discs={"II:3": "unrest"})
    narbonensis, germania = prov("II:6"), prov("II:3")
    play(state, "Maximian attacks Narbonensis from Germania Svperior")
    roll(state, 1, 6)  # (1+3)x2 = 8 against 6+7 = 13
    assert state.emperor_at[M] == -1 and state.figure[germania] == NO_FIGURE
    assert state.figure[narbonensis] == ARMY and state.disc[narbonensis] == REVOLT
    assert state.disc[germania] != NO_DISC  # only a garrison is lost, not the unrest
    # R5.5: his Roman phase ends at once; the Barbarian phase follows (R7.2 activity dice)
    assert state.turn is M and state.ip == 0
    assert state.awaiting is Awaiting.ROLL and state.roll_purpose == Purpose.ACTIVITY
    # 003 FAQ: "does his turn end or can he still Sail? Turn ends, he must be on a province"
    assert_refused(state, Sail(M, 2, 3), WrongMoment)
    assert_refused(state, EndPhase(M), WrongMoment)


def test_attack_example_defeat_removes_the_garrison_he_attacked_from() -> None:
    # Maximian covers his capital with his own disc (same group of 3) and attacks across the Alps.
    state = attack_example(emperors={"Maximian": "cisalpina"}, discs={"cisalpina": "garrison Maximian"})
    cisalpina = prov("cisalpina")
    assert battle_values(state, M, cisalpina, prov("II:6"), 1, 6).roman_support == 3
    garrisons = state.garrisons[M]
    play(state, "Maximian attacks Narbonensis from Cisalpina")
    assert state.ip == 3
    roll(state, 1, 6)
    assert state.emperor_at[M] == -1
    assert state.disc[cisalpina] == NO_DISC and state.garrisons[M] == garrisons + 1
    assert state.counts_as_garrison(cisalpina, M)  # the printed capital shows again
    assert state.awaiting is Awaiting.ROLL and state.roll_purpose == Purpose.ACTIVITY


def test_defeated_emperor_re_enters_at_his_next_turn() -> None:
    # R4/R5.5: removed until the start of his next turn, then Roma or his uncovered capital.
    state = attack_example()
    play(state, "Maximian attacks Narbonensis from Germania Svperior")
    roll(state, 1, 6)  # defeat
    for emperor in (M, D, G, C):
        if emperor is not M:
            assert state.turn is emperor
            if state.awaiting is Awaiting.ENTRY:  # Constantius is already in Aqvitania
                play(state, f"{emperor.title} enters {state.board.name(state.board.capital[emperor])}")
            play(state, f"{emperor.title} ends his Roman phase")
        roll(state, 5, 6)  # activity on Bithynia, protected by a printed capital
        assert state.roll_purpose == Purpose.BROKEN_LINK  # Narbonensis => Cisalpina
        roll(state, 1)  # the army stays
    assert state.turn is M and state.round == 2 and state.awaiting is Awaiting.ENTRY
    assert set(legal_actions(state)) == {Enter(M, prov("roma")), Enter(M, prov("cisalpina"))}


# --- 000 p.11 / 003: let the army attack him in Cisalpina instead (R7.3, R7.4) -------------------


def wait_in_cisalpina() -> tuple[State, int, int]:
    """Maximian ends his phase in Cisalpina; the activity falls on protected Bithynia; the army in
    Narbonensis then has to cross the broken link to Cisalpina.  Returns the state at that roll
    and the provinces Cisalpina and Narbonensis."""
    state = attack_example(emperors={"Maximian": "cisalpina"})
    play(state, "Maximian ends his Roman phase")
    roll(state, 5, 6)  # V:6 Bithynia, Diocletian's uncovered capital: nothing happens
    assert state.awaiting is Awaiting.ROLL and state.roll_purpose == Purpose.BROKEN_LINK
    return state, prov("cisalpina"), prov("II:6")


@pytest.mark.parametrize("die", [1, 2, 3])
def test_waiting_army_blocked_by_the_broken_link_on_1_to_3(die: int) -> None:
    state, cisalpina, narbonensis = wait_in_cisalpina()
    roll(state, die)
    assert state.figure[narbonensis] == ARMY and state.emperor_at[M] == cisalpina
    assert state.turn is D and state.awaiting is Awaiting.ENTRY  # the next turn began


@pytest.mark.parametrize("die", [4, 5, 6])
def test_waiting_army_crosses_on_4_to_6_and_attacks_him(die: int) -> None:
    state, _, _ = wait_in_cisalpina()
    roll(state, die)
    assert state.awaiting is Awaiting.ROLL and state.roll_purpose == Purpose.BATTLE


@pytest.mark.parametrize(
    ("dice", "outcome"),
    [((6, 1), "army destroyed"), ((2, 3), "draw"), ((1, 6), "Maximian removed")],
)
def test_waiting_army_battle_has_the_same_numbers(dice: tuple[int, int], outcome: str) -> None:
    # "The numbers are exactly the same!": (die+3)x2 against die+7 with the army attacking.
    state, cisalpina, narbonensis = wait_in_cisalpina()
    same = battle_values(attack_example(), M, prov("II:3"), narbonensis, *dice)
    assert battle_values(state, M, cisalpina, narbonensis, *dice) == same
    events: list[Event] = []
    roll(state, 4)
    roll(state, *dice, events=events)
    assert any(same.describe() in say(e) for e in events)
    if outcome == "army destroyed":
        assert state.armies() == [] and state.disc[narbonensis] == NO_DISC
        assert state.emperor_at[M] == cisalpina
    elif outcome == "draw":
        assert state.figure[narbonensis] == ARMY and state.emperor_at[M] == cisalpina
    else:  # R7.3 Barbarian victory: the army moves in and devastates the capital
        assert state.emperor_at[M] == -1
        assert state.figure[cisalpina] == ARMY and state.disc[cisalpina] == REVOLT
        assert state.figure[narbonensis] == NO_FIGURE
    assert state.turn is D  # the Barbarian phase ended; Diocletian's turn began


# --- 003: the support chain example (a row of four provinces) ----------------------------------


def test_chain_example_defeat_4_to_5_then_8_to_5_with_maximian_linked() -> None:
    # 003: Diocletian attacks with +1 against an army with a chain of 3 revolts and loses 4-5;
    # "if Maximian would have been linked to the targeted Barbarian army, he would have tilted
    # the result to 8-5".  Rebuilt here: Diocletian in Thracia, his garrison in Moesia Inferior
    # (his capital Bithynia covered by unrest), the army in Dacia with Moesia Svperior and
    # Pannonia Inferior in revolt.
    discs = {"IV:1": "revolt", "III:5": "revolt", "III:4": "revolt",
             "IV:2": "garrison Diocletian", "V:6": "unrest"}
    state = position(discs=discs, emperors={"Diocletian": "IV:3"}, armies=["IV:1"], turn="Diocletian")
    values = battle_values(state, D, prov("IV:3"), prov("IV:1"), 3, 2)
    assert (values.roman, values.barbarian) == (4, 5)
    play(state, "Diocletian attacks Dacia from Thracia")
    assert state.ip == 4
    roll(state, 3, 2)
    assert state.emperor_at[D] == -1  # defeat

    state = position(discs=discs, emperors={"Diocletian": "IV:3", "Maximian": "IV:2"}, armies=["IV:1"],
                     turn="Diocletian")
    values = battle_values(state, D, prov("IV:3"), prov("IV:1"), 3, 2)
    assert (values.roman, values.barbarian) == (8, 5)
    play(state, "Diocletian attacks Dacia from Thracia")
    roll(state, 3, 2)
    assert state.emperor_at[D] == prov("IV:1")  # victory: he moves in


# --- 003 FAQ ------------------------------------------------------------------------------------


@pytest.mark.parametrize("disc", ["unrest", "revolt", "garrison Maximian", "garrison Galerius"])
def test_faq_several_tokens_in_a_province_are_impossible(disc: str) -> None:
    # "No, it is impossible to have several tokens. Emperors only place tokens on empty provinces."
    state = position(discs={"etrvria": disc}, emperors={"Maximian": "etrvria"})
    assert_refused(state, Secure(M, prov("etrvria")), Occupied)


def test_faq_garrisons_are_never_taken_back() -> None:
    # "There is no Remove action": nothing removes one's own garrison.
    state = position(discs={"etrvria": "garrison Maximian"}, emperors={"Maximian": "etrvria"})
    for kind in SubdueKind:
        assert_refused(state, Subdue(M, prov("etrvria"), kind), NothingThere)
    assert not any(isinstance(a, Subdue) for a in legal_actions(state))


@pytest.mark.parametrize("who", ["Maximian", "Galerius"])
def test_faq_a_capital_can_be_covered_and_then_is_no_entry(who: str) -> None:
    # "Emperors can place their tokens on any empty province ... only when a capital is not
    # covered by a token ... the corresponding Emperor can re-enter the board there."
    cisalpina = prov("cisalpina")
    state = position(emperors={who: "cisalpina"}, turn=who)
    play(state, f"{who} secures Cisalpina")
    assert state.disc[cisalpina] == GARRISON + Emperor[who.upper()]
    assert state.is_protected(cisalpina)
    assert state.counts_as_garrison(cisalpina, M) == (who == "Maximian")
    # later Maximian, off the board, may enter only in Roma
    state = position(discs={"cisalpina": f"garrison {who}"}, turn="Maximian")
    assert legal_actions(state) == [Enter(M, prov("roma"))]
    assert_refused(state, Enter(M, cisalpina), Occupied)


def test_faq_re_entry_on_the_uncovered_capital() -> None:
    state = position(turn="Maximian")
    assert set(legal_actions(state)) == {Enter(M, prov("roma")), Enter(M, prov("cisalpina"))}
    play(state, "Maximian enters Cisalpina")
    assert state.emperor_at[M] == prov("cisalpina") and state.ip == 6


def test_faq_entering_an_occupied_capital_means_passing_through() -> None:
    # "The same applies when re-entering the board on Rome or his capital if it is occupied."
    state = position(emperors={"Galerius": "roma"}, turn="Maximian")
    play(state, "Maximian enters Roma")
    assert state.passing
    assert_refused(state, EndPhase(M), MustMoveOn)
    play(state, "Maximian moves from Roma to Etrvria")
    assert not state.passing and state.figure[prov("roma")] == EMPEROR_FIGURE + G


def test_faq_fleet_crosses_a_strait_for_1_ip(board: Board) -> None:
    # Bithynia - Thracia is a broken link (the Bosporus) on Mare Aegaevm.
    assert board.link_between[(prov("V:6"), prov("IV:3"))].broken
    state = position(emperors={"Diocletian": "V:6"}, fleets=[3], turn="Diocletian")
    play(state, "Diocletian moves from Bithynia to Thracia by fleet")
    assert state.ip == 5
    state = position(emperors={"Diocletian": "V:6"}, fleets=[3], turn="Diocletian")
    play(state, "Diocletian moves from Bithynia to Thracia")
    assert state.ip == 4


def test_faq_attack_through_a_strait_costs_2_plus_1_even_with_a_fleet() -> None:
    # "if you attack through a strait you must spend the 3 IP ... fleets cannot be used to attack"
    kw: dict[str, Any] = {"discs": {"IV:3": "revolt"}, "emperors": {"Diocletian": "V:6"},
                          "armies": ["IV:3"], "fleets": [3], "turn": "Diocletian"}
    state = position(**kw, ip=2)
    assert_refused(state, Attack(D, prov("V:6"), prov("IV:3")), NotEnoughIP)
    state = position(**kw, ip=3)
    play(state, "Diocletian attacks Thracia from Bithynia")
    assert state.ip == 0


def test_faq_no_attack_by_fleet_across_the_sea() -> None:
    # Macedonia and Moesia Inferior share Mare Aegaevm but no link: no landing.
    state = position(discs={"IV:4": "revolt"}, emperors={"Diocletian": "IV:2"}, armies=["IV:4"],
                     fleets=[3], turn="Diocletian")
    assert_refused(state, Attack(D, prov("IV:2"), prov("IV:4")), NotLinked)


@pytest.mark.parametrize(("disc", "cost"), [(None, 1), ("unrest", 1), ("revolt", 2)])
def test_faq_disembark_on_unrest_or_revolt(disc: str | None, cost: int) -> None:
    # "Tokens do not block movement, only Revolt tokens make it more costly (+1 IP)"; a sea zone
    # is not a province (no extra IP).
    state = position(discs={"VI:6": disc} if disc else {}, emperors={"Maximian": "etrvria"}, fleets=[2])
    play(state, "Maximian moves from Etrvria to Africa by fleet")
    assert state.ip == 6 - cost and state.emperor_at[M] == prov("VI:6")


def test_faq_two_adjacent_fleets_do_not_join_their_zones() -> None:
    # "No, fleets allow movement within their zone only" (without Mare Nostrvm, R12.2).
    state = position(emperors={"Maximian": "etrvria"}, fleets=[2, 3])
    assert_refused(state, Move(M, prov("etrvria"), prov("V:6"), True), NotLinked)


def test_faq_the_black_sea_is_mare_aegaevm_and_britannia_is_not_coastal(board: Board) -> None:
    assert 3 in board.province("IV:2").coastal  # Moesia Inferior, on the Black Sea
    assert board.province("britannia").coastal == ()
    state = position(emperors={"Diocletian": "IV:2"}, fleets=[3], turn="Diocletian")
    play(state, "Diocletian moves from Moesia Inferior to Bithynia by fleet")
    assert state.ip == 5


def test_faq_uprising_spares_borders_and_leaves_emperors_until_next_status() -> None:
    # "Are borders secured permanently? Yes, uprisings only spread to Roman provinces."
    # "If after an Uprising an Emperor finds himself on a Revolt token ... No! ... removed on the
    # next turn's Empire Status".
    state = position(discs={"II:1": "revolt", "britannia": "garrison Constantius"},
                     emperors={"Maximian": "etrvria", "Constantius": "II:3"})
    play(state, "Maximian ends his Roman phase")
    roll(state, 2, 1)  # II:1 Belgica: revolt -> uprising
    assert state.disc[prov("britannia")] == GARRISON + C
    for key in ("II:2", "II:3", "II:4"):
        assert state.disc[prov(key)] == REVOLT
    assert state.disc[prov("II:6")] == NO_DISC  # only direct neighbours ("linked means directly")
    assert state.emperor_at[C] == prov("II:3")  # still standing on the new revolt
    assert state.roll_purpose == Purpose.UPRISING_REGION

