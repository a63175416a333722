"""R12.1 Imperivm (2nd edition) and R12.1b Imperivm (1st edition), on hand-made positions with
scripted dice.

2nd edition: every use of a power first burns one of the Emperor's discs (his reserve or one of
his garrisons on the board, refused when he has none).  Diocletian then moves the other Emperors
with his own IP (moves only: pass-through rules apply; no attack, subdue or secure); Maximian gets
a 7th IP at any moment of his Roman phase (D20), once per turn; Galerius adds +1 to his combat
die after the dice of each of his battles (attacker, attacked, against the Pirates: D34), several
times, each +1 burning a disc; Constantius blocks an army just before it attacks him (not the Dux:
D33) and that army does not move this turn.  Galerius's and Constantius's powers are decisions of
their seat (``deciding_seat``), declined with ``Decline``.

1st edition: each extra IP burns a disc; a disc burned in an earlier turn is taken back at the
Emperor's next victory (attacking or attacked, D7; not the Dux's, D27) or secured border (D29).

Every count is exact: IP, discs on the board, reserves, burned and recoverable discs, and
reserve + board + burned == the level's garrisons after every step.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import pairwise
from typing import Any

import pytest

from barbarian_helpers import QUIET, awaiting
from conftest import (
    as_purpose,
    assert_refused,
    burned_of,
    dux_place,
    flag_set,
    option_position,
    pirates_at,
    play,
    prov,
    recoverable_of,
    roll,
)
from tetrarchia.core.actions import (
    Action,
    Attack,
    EndPhase,
    Enter,
    Move,
    Roll,
    Secure,
    Subdue,
    SubdueKind,
)
from tetrarchia.core.board import default_board
from tetrarchia.core.engine import apply_action, decider, deciding_seat, legal_actions
from tetrarchia.core.errors import (
    IllegalAction,
    MustMoveOn,
    NotYourTurn,
    Occupied,
    OptionError,
    ReserveEmpty,
    WrongMoment,
)
from tetrarchia.core.events import Purpose
from tetrarchia.core.notation import format_action, parse_action
from tetrarchia.core.pieces import EMPEROR_FIGURE, GARRISON, NO_DISC, NO_FIGURE, REVOLT, Emperor, Piece
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.options.common import RESERVE
from tetrarchia.options.imperivm import Decline, UsePower
from tetrarchia.options.imperivm_first import BuyIP

D, G, C, M = Emperor.DIOCLETIAN, Emperor.GALERIUS, Emperor.CONSTANTIUS, Emperor.MAXIMIAN
BOARD = default_board()
Row = Any  # a pytest.param


# --- helpers ------------------------------------------------------------------------------------


def variant(options: Iterable[str] = ("imperivm",), **given: Any) -> State:
    """conftest.option_position with these options by default."""
    return option_position(options, **given)


def assert_discs_conserved(state: State) -> None:
    """R12.1: reserve + board + burned == the garrisons of the level, for every Emperor."""
    level = state.settings.level.garrisons
    for e in Emperor:
        on_board = state.disc.count(GARRISON + e)
        assert state.garrisons[e] + on_board + burned_of(state)[e] == level, e.title


def assert_round_trip(state: State) -> None:
    """The position is written and read back exactly (options' state included)."""
    data = position_to_json(state)
    back = position_from_json(data, state.board)
    assert back == state
    assert position_to_json(back) == data


def pass_turn(state: State) -> None:
    """The Emperor of the turn enters in his capital if he is off the board and ends his Roman
    phase; the activity roll hits GERMANIA INFERIOR II:2, protected by its printed disc (R7.2)."""
    emperor = state.turn
    if awaiting(state) is Awaiting.ENTRY:
        apply_action(state, Enter(emperor, state.board.capital[emperor]))
    apply_action(state, EndPhase(emperor))
    roll(state, *QUIET)


def purpose(state: State) -> int | None:
    return as_purpose(state.roll_purpose) if awaiting(state) is Awaiting.ROLL else None


# === Settings ===================================================================================


@pytest.mark.parametrize("names", [("imperivm", "imperivm-1st"), ("imperium", "imperium-1st")])
def test_the_two_editions_cannot_be_combined(names: tuple[str, str]) -> None:
    with pytest.raises(OptionError):
        Settings(level=Level.parse("4211"), options=names)


@pytest.mark.parametrize(("alias", "key"), [("imperium", "imperivm"), ("imperivm-1", "imperivm-1st")])
def test_aliases(alias: str, key: str) -> None:
    assert Settings(options=(alias,)).options == (key,)


# === R12.1 each use burns a disc ================================================================

BURNS: list[Row] = [
    # (emperor of the turn, his garrisons on the board, source, reserve after, burned disc's province)
    pytest.param("Maximian", {}, "reserve", 3, None, id="maximian-from-reserve"),
    pytest.param("Maximian", {"I:1": "garrison Maximian"}, "I:1", 3, "I:1", id="maximian-from-board"),
    pytest.param("Maximian", {"I:1": "garrison Maximian"}, "reserve", 2, None,
                 id="maximian-reserve-keeps-board"),
    pytest.param("Diocletian", {}, "reserve", 3, None, id="diocletian-from-reserve"),
    pytest.param("Diocletian", {"V:5": "garrison Diocletian"}, "V:5", 3, "V:5", id="diocletian-from-board"),
]


@pytest.mark.parametrize(("who", "garrisons", "source", "reserve_after", "emptied"), BURNS)
def test_r12_1_each_use_burns_a_disc_from_the_reserve_or_the_board(
    who: str, garrisons: dict[str, str], source: str, reserve_after: int, emptied: str | None
) -> None:
    emperor = Emperor[who.upper()]
    state = variant(discs=garrisons, turn=who,
                    emperors={who: "etrvria" if emperor is M else "V:6", "Galerius": "III:4"})
    burn = RESERVE if source == "reserve" else prov(source)
    assert UsePower(emperor, burn) in legal_actions(state)
    apply_action(state, UsePower(emperor, burn))
    assert burned_of(state)[emperor] == 1
    assert state.garrisons[emperor] == reserve_after
    if emptied is not None:
        assert state.disc[prov(emptied)] == NO_DISC
    for key in garrisons:
        if key != emptied:
            assert state.disc[prov(key)] == GARRISON + emperor
    assert_discs_conserved(state)
    assert_round_trip(state)


def test_r12_1_burn_choices_are_his_reserve_and_each_of_his_garrisons() -> None:
    state = variant(discs={"I:1": "garrison Maximian", "I:2": "garrison Maximian",
                           "I:3": "garrison Constantius"}, emperors={"Maximian": "etrvria"})
    powers = [a for a in legal_actions(state) if isinstance(a, UsePower)]
    assert powers == [UsePower(M, RESERVE), UsePower(M, prov("I:1")), UsePower(M, prov("I:2"))]


def test_r12_1_no_power_without_a_disc_to_burn() -> None:
    """All four discs burned already: the power is not offered and is refused."""
    state = variant(emperors={"Maximian": "etrvria"}, records={"burned": {"Maximian": 4}})
    assert state.garrisons[M] == 0
    assert not [a for a in legal_actions(state) if isinstance(a, UsePower)]
    assert_refused(state, UsePower(M, RESERVE), ReserveEmpty)


def test_r12_1_burning_another_emperors_disc_is_refused() -> None:
    state = variant(discs={"I:3": "garrison Constantius"}, emperors={"Maximian": "etrvria"})
    assert_refused(state, UsePower(M, prov("I:3")), IllegalAction)
    assert_refused(state, UsePower(M, prov("I:4")), IllegalAction)  # no disc at all


def test_r12_1_burning_from_an_empty_reserve_says_the_reserve_is_empty() -> None:
    """His four discs are on the board: he may burn one of them, not one from his reserve."""
    state = variant(discs={f"I:{i}": "garrison Maximian" for i in range(1, 5)},
                    emperors={"Maximian": "etrvria"})
    assert UsePower(M, prov("I:1")) in legal_actions(state)
    assert_refused(state, UsePower(M, RESERVE), ReserveEmpty)


def test_r12_1_galerius_burning_from_an_empty_reserve_says_the_reserve_is_empty() -> None:
    state = galerius_attacks(discs={f"I:{i}": "garrison Galerius" for i in range(1, 5)})
    roll(state, 3, 5)
    assert legal_actions(state)[0] == UsePower(G, prov("I:1"))
    assert_refused(state, UsePower(G, RESERVE), ReserveEmpty)


def test_d38_the_disc_of_a_secured_border_is_never_burned() -> None:
    """R5.3, D38: a secured border stays secured (only the Goths remove it), so its garrison is
    not among the discs a power may burn; the reserve still is."""
    state = variant(discs={"britannia": "garrison Maximian"}, emperors={"Maximian": "etrvria"})
    assert UsePower(M, prov("britannia")) not in legal_actions(state)
    assert UsePower(M, -1) in legal_actions(state)
    assert_refused(state, UsePower(M, prov("britannia")), IllegalAction)
    assert state.secured_borders() == 1


# === Maximian: a 7th IP (D20: at any moment, once per turn) =====================================


@pytest.mark.parametrize(("spent", "after"), [(0, 7), (3, 4), (6, 1)])
def test_d20_maximian_adds_one_ip_at_any_moment_of_his_phase(spent: int, after: int) -> None:
    state = variant(emperors={"Maximian": "etrvria"}, ip=6 - spent)
    play(state, "Maximian uses his power, burning a disc from his reserve")
    assert state.ip == after
    assert flag_set(state, "maximian-used")
    assert (state.garrisons[M], burned_of(state)[M]) == (3, 1)
    assert_round_trip(state)


def test_r12_1_maximian_spends_his_seven_ip() -> None:
    """Seven moves of 1 IP: Etrvria-Venetia-Cisalpina-Etrvria-Roma-Lvcania-Roma-Etrvria."""
    state = variant(emperors={"Maximian": "etrvria"})
    play(state, "M power reserve")
    path = ["etrvria", "venetia", "cisalpina", "etrvria", "roma", "lvcania", "roma", "etrvria"]
    for a, b in pairwise(path):
        apply_action(state, Move(M, prov(a), prov(b)))
    assert state.ip == 0
    assert state.emperor_at[M] == prov("etrvria")
    assert legal_actions(state) == [EndPhase(M)]


def test_r12_1_maximian_once_per_turn_and_again_next_turn() -> None:
    state = variant(emperors={"Maximian": "etrvria"})
    play(state, "M power reserve")
    assert not [a for a in legal_actions(state) if isinstance(a, UsePower)]
    assert_refused(state, UsePower(M, RESERVE), WrongMoment)
    for _ in range(4):  # Maximian, then Diocletian, Galerius and Constantius of round 2
        pass_turn(state)
    assert (state.turn, state.round, state.ip) == (M, 2, 6)
    assert not flag_set(state, "maximian-used")
    play(state, "M power reserve")
    assert state.ip == 7
    assert (state.garrisons[M], burned_of(state)[M]) == (2, 2)
    assert_discs_conserved(state)


@pytest.mark.parametrize("who", ["Galerius", "Constantius"])
def test_r12_1_caesars_powers_are_not_roman_phase_actions(who: str) -> None:
    """Galerius's +1 waits for the dice of his battle, Constantius's block for an army."""
    emperor = Emperor[who.upper()]
    state = variant(emperors={who: "etrvria"}, turn=who)
    assert not [a for a in legal_actions(state) if isinstance(a, (UsePower, Decline))]
    assert_refused(state, UsePower(emperor, RESERVE), WrongMoment)
    assert_refused(state, Decline(emperor), WrongMoment)


def test_r12_1_powers_of_other_emperors_are_refused_in_maximians_phase() -> None:
    state = variant(emperors={"Maximian": "etrvria", "Diocletian": "V:6"})
    for emperor in (D, G, C):
        assert_refused(state, UsePower(emperor, RESERVE), WrongMoment)


# === Diocletian moves the other Emperors ========================================================


def diocletian_position(**kw: Any) -> State:
    """Diocletian in BITHYNIA V:6; Galerius in PANNONIA INFERIOR III:4, Maximian in VENETIA,
    Constantius in GERMANIA INFERIOR II:2."""
    emperors = {"Diocletian": "V:6", "Galerius": "III:4", "Maximian": "venetia",
                "Constantius": "II:2", **kw.pop("emperors", {})}
    return variant(emperors=emperors, turn="Diocletian", **kw)


def test_r12_1_diocletian_moves_others_only_after_burning() -> None:
    state = diocletian_position()
    move = Move(D, prov("III:4"), prov("III:5"), False, Piece.GALERIUS)
    assert move not in legal_actions(state)
    assert_refused(state, move, WrongMoment)
    play(state, "Diocletian uses his power, burning a disc from his reserve")
    assert flag_set(state, "diocletian-moves-others")
    assert (state.ip, state.garrisons[D], burned_of(state)[D]) == (6, 3, 1)
    assert move in legal_actions(state)


DIOCLETIAN_MOVES: list[Row] = [
    # (piece, origin, destination, by fleet, discs, fleets, IP paid by Diocletian)
    pytest.param(Piece.GALERIUS, "III:4", "III:5", False, {}, [], 1, id="galerius-normal-link"),
    pytest.param(Piece.MAXIMIAN, "venetia", "III:6", False, {}, [], 2, id="maximian-broken-link"),
    pytest.param(Piece.MAXIMIAN, "venetia", "etrvria", False, {"etrvria": "revolt"}, [], 2,
                 id="maximian-into-revolt"),
    pytest.param(Piece.MAXIMIAN, "venetia", "VI:6", True, {}, [2], 1, id="maximian-by-fleet"),
    pytest.param(Piece.CONSTANTIUS, "II:2", "II:1", False, {}, [], 1, id="constantius-normal-link"),
]


@pytest.mark.parametrize(("piece", "origin", "dest", "by_fleet", "discs", "fleets", "cost"),
                         DIOCLETIAN_MOVES)
def test_r12_1_diocletian_pays_the_moves_of_the_others(
    piece: Piece, origin: str, dest: str, by_fleet: bool, discs: dict[str, str], fleets: list[int],
    cost: int,
) -> None:
    state = diocletian_position(discs=discs, fleets=fleets)
    play(state, "D power reserve")
    move = Move(D, prov(origin), prov(dest), by_fleet, piece)
    assert move in legal_actions(state)
    apply_action(state, move)
    assert state.ip == 6 - cost
    assert state.emperor_at[piece] == prov(dest)
    assert state.figure[prov(dest)] == EMPEROR_FIGURE + piece
    assert state.figure[prov(origin)] == NO_FIGURE
    assert state.emperor_at[D] == prov("V:6")  # Diocletian himself stays
    assert state.passer == -1


def test_r12_1_the_moved_emperors_cannot_attack_or_subdue() -> None:
    """Diocletian spends IP *moving* them: no attack, no subdue (and Secure has no piece)."""
    state = diocletian_position(discs={"III:6": "revolt", "III:4": "unrest"}, armies=["III:6"])
    play(state, "D power reserve")
    others = [a for a in legal_actions(state)
              if isinstance(a, (Move, Attack, Subdue)) and a.piece is not None]
    assert others and all(isinstance(a, Move) for a in others)
    assert_refused(state, Attack(D, prov("III:4"), prov("III:6"), Piece.GALERIUS), WrongMoment)
    assert_refused(state, Subdue(D, prov("III:4"), SubdueKind.REMOVE_UNREST, Piece.GALERIUS),
                   WrongMoment)


def test_r12_1_diocletian_pass_through_rules_apply_to_the_moved_emperor() -> None:
    """R5.1, D8: Maximian moved into Constantius's ETRVRIA must be moved on at once."""
    state = diocletian_position(emperors={"Maximian": "venetia", "Constantius": "etrvria"})
    play(state, "D power reserve", "Diocletian moves Maximian from Venetia to Etrvria")
    assert (state.passer, state.passing, state.ip) == (Piece.MAXIMIAN, True, 5)
    assert state.figure[prov("etrvria")] == EMPEROR_FIGURE + C
    assert set(legal_actions(state)) == {
        Move(D, prov("etrvria"), prov(q), False, Piece.MAXIMIAN) for q in ("cisalpina", "venetia", "roma")
    }
    assert_refused(state, EndPhase(D), MustMoveOn)
    assert_round_trip(state)
    play(state, "Diocletian moves Maximian from Etrvria to Roma")
    assert (state.passer, state.passing, state.ip) == (-1, False, 4)
    assert state.emperor_at[M] == prov("roma")
    assert state.figure[prov("etrvria")] == EMPEROR_FIGURE + C
    assert EndPhase(D) in legal_actions(state)


def test_d21_diocletian_cannot_move_another_emperor_into_a_figure_without_ip_to_move_on() -> None:
    state = diocletian_position(emperors={"Maximian": "venetia", "Constantius": "etrvria"}, ip=1)
    play(state, "D power reserve")
    move = Move(D, prov("venetia"), prov("etrvria"), False, Piece.MAXIMIAN)
    assert move not in legal_actions(state)
    assert Move(D, prov("venetia"), prov("cisalpina"), False, Piece.MAXIMIAN) in legal_actions(state)
    assert_refused(state, move, MustMoveOn)


def test_r12_1_diocletian_power_needs_another_emperor_on_the_board() -> None:
    state = variant(emperors={"Diocletian": "V:6"}, turn="Diocletian")
    assert not [a for a in legal_actions(state) if isinstance(a, UsePower)]
    assert_refused(state, UsePower(D, RESERVE), WrongMoment)


def test_r12_1_diocletian_power_once_per_turn() -> None:
    state = diocletian_position()
    play(state, "D power reserve")
    assert not [a for a in legal_actions(state) if isinstance(a, UsePower)]
    assert_refused(state, UsePower(D, RESERVE), WrongMoment)
    pass_turn(state)  # Galerius's turn: Diocletian's power is over
    assert not flag_set(state, "diocletian-moves-others")


def test_r12_1_moving_another_emperor_into_an_army_is_occupied() -> None:
    state = diocletian_position(discs={"III:6": "revolt"}, armies=["III:6"])
    play(state, "D power reserve")
    assert_refused(state, Move(D, prov("III:4"), prov("III:6"), False, Piece.GALERIUS), Occupied)


def test_r12_1_diocletians_own_move_while_another_passes_through_is_must_move_on() -> None:
    state = diocletian_position(emperors={"Maximian": "venetia", "Constantius": "etrvria"})
    play(state, "D power reserve", "Diocletian moves Maximian from Venetia to Etrvria")
    assert_refused(state, Move(D, prov("V:6"), prov("V:5")), MustMoveOn)


# === Galerius: +1 after the dice of his battle (D34) ============================================


def galerius_attacks(discs: Mapping[str, str] | None = None,
                     records: Mapping[str, Any] | None = None) -> State:
    """Galerius in his capital PANNONIA INFERIOR III:4 (support 1) attacks the army in DALMATIA
    III:6 (one revolt: support 1) for 2 IP: Roman die + 1 + his bonus against Barbarian die + 1."""
    state = variant(discs={"III:6": "revolt", **(discs or {})}, emperors={"Galerius": "III:4"},
                    armies=["III:6"], turn="Galerius", records=records)
    play(state, "Galerius attacks Dalmatia from Pannonia Inferior")
    return state


GALERIUS_ATTACKS: list[Row] = [
    # (dice, his +1s, outcome)
    pytest.param((3, 5), 0, "defeat", id="4-6-defeat"),
    pytest.param((3, 5), 1, "defeat", id="5-6-defeat"),
    pytest.param((3, 5), 2, "draw", id="6-6-draw"),
    pytest.param((3, 5), 3, "victory", id="7-6-victory"),
    pytest.param((5, 5), 0, "draw", id="6-6-draw-without"),
    pytest.param((5, 5), 1, "victory", id="7-6-victory-with-one"),
    pytest.param((1, 6), 3, "defeat", id="5-7-not-enough"),
]


@pytest.mark.parametrize(("dice", "bonus", "outcome"), GALERIUS_ATTACKS)
def test_r12_1_galerius_adds_one_per_burned_disc_and_changes_the_outcome(
    dice: tuple[int, int], bonus: int, outcome: str
) -> None:
    state = galerius_attacks()
    roll(state, *dice)
    for _ in range(bonus):
        assert awaiting(state) is Awaiting.DECISION
        assert (deciding_seat(state), decider(state)) == (int(G), G)
        assert legal_actions(state) == [UsePower(G, RESERVE), Decline(G)]
        play(state, "Galerius uses his power, burning a disc from his reserve")
    play(state, "Galerius does not use his power")
    assert (burned_of(state)[G], state.garrisons[G]) == (bonus, 4 - bonus)
    army, here = prov("III:6"), prov("III:4")
    if outcome == "victory":  # R5.5: the army and its revolt go, Galerius moves in
        assert state.emperor_at[G] == army and state.armies() == []
        assert state.disc[army] == NO_DISC
        assert (awaiting(state), state.ip) == (Awaiting.ROMAN_ACTION, 4)
    elif outcome == "draw":
        assert state.emperor_at[G] == here and state.armies() == [army]
        assert state.disc[army] == REVOLT
        assert (awaiting(state), state.ip) == (Awaiting.ROMAN_ACTION, 4)
    else:  # defeat: off the board, his Roman phase is over
        assert state.emperor_at[G] == -1 and state.armies() == [army]
        assert purpose(state) is Purpose.ACTIVITY
    assert_discs_conserved(state)


@pytest.mark.parametrize(("source", "outcome"), [("reserve", "draw"), ("III:5", "defeat")])
def test_r12_1_galerius_burning_a_supporting_disc_loses_its_support(source: str, outcome: str) -> None:
    """His garrison in MOESIA SVPERIOR III:5 makes his support 2: (3+2) against (5+1).  +1 with a
    disc of his reserve: 6-6, a draw; +1 burning the MOESIA disc: (3+1+1) against 6, a defeat."""
    state = galerius_attacks(discs={"III:5": "garrison Galerius"})
    roll(state, 3, 5)
    burn = RESERVE if source == "reserve" else prov("III:5")
    assert legal_actions(state) == [UsePower(G, RESERVE), UsePower(G, prov("III:5")), Decline(G)]
    apply_action(state, UsePower(G, burn))
    play(state, "G decline")
    assert burned_of(state)[G] == 1
    if outcome == "draw":
        assert state.emperor_at[G] == prov("III:4")
        assert state.disc[prov("III:5")] == GARRISON + G
    else:
        assert state.emperor_at[G] == -1
        assert state.disc[prov("III:5")] == NO_DISC
    assert_discs_conserved(state)


def test_r12_1_galerius_is_offered_the_bonus_again_only_while_he_has_discs() -> None:
    """One disc left (three burned earlier): one +1, then the battle is resolved at once."""
    state = galerius_attacks(records={"burned": {"Galerius": 3}})
    roll(state, 5, 5)
    assert legal_actions(state) == [UsePower(G, RESERVE), Decline(G)]
    play(state, "G power reserve")
    assert awaiting(state) is Awaiting.ROMAN_ACTION  # (5+1+1) > (5+1): victory, no more choice
    assert state.emperor_at[G] == prov("III:6")
    assert (state.garrisons[G], burned_of(state)[G]) == (0, 4)


def test_r12_1_galerius_without_discs_is_not_asked() -> None:
    state = galerius_attacks(records={"burned": {"Galerius": 4}})
    roll(state, 3, 5)
    assert awaiting(state) is not Awaiting.DECISION
    assert state.emperor_at[G] == -1  # 4 against 6: defeat at once
    assert purpose(state) is Purpose.ACTIVITY


ATTACKED: list[Row] = [
    # (his +1s, outcome) for the army of NORICVM III:3 attacking him with dice 3-4: (3+1) vs (4+1)
    pytest.param(0, "army-wins", id="4-5-army-wins"),
    pytest.param(1, "draw", id="5-5-draw"),
    pytest.param(2, "galerius-wins", id="6-5-galerius-wins"),
]


@pytest.mark.parametrize(("bonus", "outcome"), ATTACKED)
def test_d34_galerius_attacked_by_an_army_uses_his_power(bonus: int, outcome: str) -> None:
    state = variant(discs={"III:3": "revolt"}, emperors={"Galerius": "III:4", "Maximian": "roma"},
                    armies=["III:3"])
    play(state, "M end")
    roll(state, *QUIET)
    assert purpose(state) is Purpose.BATTLE
    roll(state, 3, 4)
    assert (awaiting(state), deciding_seat(state), decider(state)) == (Awaiting.DECISION, 1, G)
    assert_round_trip(state)
    for _ in range(bonus):
        play(state, "G power reserve")
    play(state, "G decline")
    noricvm, pannonia = prov("III:3"), prov("III:4")
    if outcome == "army-wins":  # R7.3: Galerius leaves the board, the army devastates his capital
        assert state.emperor_at[G] == -1 and state.armies() == [pannonia]
        assert (state.disc[pannonia], state.disc[noricvm]) == (REVOLT, REVOLT)
    elif outcome == "draw":
        assert state.emperor_at[G] == pannonia and state.armies() == [noricvm]
    else:  # the army and the disc of its province go
        assert state.emperor_at[G] == pannonia and state.armies() == []
        assert state.disc[noricvm] == NO_DISC
    assert (burned_of(state)[G], state.garrisons[G]) == (bonus, 4 - bonus)
    assert (state.turn, state.round, awaiting(state)) == (D, 2, Awaiting.ENTRY)


@pytest.mark.parametrize(("bonus", "pirates_after", "galerius_at"),
                         [(0, 3, None), (1, 3, "IV:3"), (2, 0, "IV:3")])
def test_d34_galerius_uses_his_power_against_the_pirates(bonus: int, pirates_after: int,
                                                         galerius_at: str | None) -> None:
    """R11.3: from THRACIA IV:3 on the Aegean coast, no support on either side: (2+bonus) vs 3;
    a defeat, a draw, a victory (the Pirates leave the board)."""
    state = variant(["imperivm", "pirates"], emperors={"Galerius": "IV:3"}, fleets=[1],
                    turn="Galerius", records={"pirates": 3})
    play(state, "Galerius attacks the Pirates from Thracia")
    roll(state, 2, 3)
    assert (deciding_seat(state), legal_actions(state)) == (1, [UsePower(G, RESERVE), Decline(G)])
    for _ in range(bonus):
        play(state, "G power reserve")
    play(state, "G decline")
    assert pirates_at(state) == pirates_after
    assert state.emperor_at[G] == (-1 if galerius_at is None else prov(galerius_at))
    assert burned_of(state)[G] == bonus


def test_d34_no_bonus_in_another_emperors_battle() -> None:
    state = variant(discs={"III:6": "revolt"}, emperors={"Maximian": "III:4"}, armies=["III:6"])
    play(state, "Maximian attacks Dalmatia from Pannonia Inferior")
    roll(state, 3, 5)
    assert awaiting(state) is not Awaiting.DECISION
    assert burned_of(state) == [0, 0, 0, 0]


def test_d34_no_bonus_in_the_battle_of_the_dux_galerius_commands() -> None:
    state = variant(["imperivm", "dux"], discs={"III:6": "revolt"}, emperors={"Galerius": "III:4"},
                    armies=["III:6"], turn="Galerius", records={"dux": "III:5"})
    play(state, "Galerius's Dux attacks Dalmatia from Moesia Svperior")
    roll(state, 6, 1)
    assert awaiting(state) is Awaiting.ROMAN_ACTION
    assert dux_place(state) == prov("III:6")
    assert burned_of(state) == [0, 0, 0, 0]


# === Constantius blocks the army about to attack him (D33) ======================================


def constantius_threatened(**kw: Any) -> State:
    """Maximian (in Roma) ends his phase; the army in GERMANIA SVPERIOR II:3 steps towards
    LVGDVNENSIS II:4 where Constantius stands.  Returns the state after the quiet activity."""
    options = kw.pop("options", ("imperivm",))
    emperors = {"Maximian": "roma", "Constantius": "II:4", **kw.pop("emperors", {})}
    state = variant(options, discs={"II:3": "revolt", **kw.pop("discs", {})}, emperors=emperors,
                    armies=["II:3", *kw.pop("armies", [])], **kw)
    play(state, "M end")
    roll(state, *QUIET)
    return state


def test_r12_1_constantius_blocks_the_army_and_it_does_not_move() -> None:
    state = constantius_threatened(discs={"I:1": "garrison Constantius"})
    assert (awaiting(state), deciding_seat(state), decider(state)) == (Awaiting.DECISION, 2, C)
    assert legal_actions(state) == [UsePower(C, RESERVE), UsePower(C, prov("I:1")), Decline(C)]
    assert_round_trip(state)
    play(state, "Constantius uses his power, burning his disc in Tingitana")
    assert state.armies() == [prov("II:3")]
    assert state.emperor_at[C] == prov("II:4")
    assert state.disc[prov("II:4")] == NO_DISC and state.disc[prov("I:1")] == NO_DISC
    assert (state.garrisons[C], burned_of(state)[C]) == (3, 1)
    assert (state.turn, state.round, awaiting(state)) == (D, 2, Awaiting.ENTRY)  # no battle die
    assert_discs_conserved(state)


def test_r12_1_constantius_declines_and_the_battle_is_fought() -> None:
    """(6+0) against (1+1): the army is destroyed with its revolt."""
    state = constantius_threatened()
    play(state, "C decline")
    assert purpose(state) is Purpose.BATTLE
    roll(state, 6, 1)
    assert state.armies() == []
    assert state.disc[prov("II:3")] == NO_DISC
    assert burned_of(state) == [0, 0, 0, 0]
    assert (state.turn, awaiting(state)) == (D, Awaiting.ENTRY)


def test_r12_1_constantius_blocks_one_army_the_others_move_on() -> None:
    """The army of NORICVM III:3 (closer to Roma, D10) steps into PANNONIA INFERIOR first."""
    state = constantius_threatened(discs={"III:3": "revolt"}, armies=["III:3"])
    assert state.armies() == [prov("II:3"), prov("III:4")]
    play(state, "C power reserve")
    assert state.armies() == [prov("II:3"), prov("III:4")]
    assert state.disc[prov("III:4")] == REVOLT


@pytest.mark.parametrize(
    ("case", "burned"),
    [
        pytest.param({"emperors": {"Constantius": "I:1", "Maximian": "II:4"}}, 0,
                     id="army-attacks-maximian"),
        pytest.param({"options": ("imperivm", "dux"), "emperors": {"Constantius": "I:1"},
                      "records": {"dux": "II:4"}}, 0, id="army-attacks-the-dux"),
        pytest.param({"records": {"burned": {"Constantius": 4}}}, 4, id="no-disc-to-burn"),
    ],
)
def test_d33_no_block_offered(case: dict[str, Any], burned: int) -> None:
    """Only before an attack on Constantius himself, and only when he has a disc to burn: here
    the battle dice are asked for at once."""
    state = constantius_threatened(**case)
    assert purpose(state) is Purpose.BATTLE
    assert burned_of(state) == [0, 0, burned, 0]


def test_r12_1_no_block_when_the_army_enters_an_empty_province() -> None:
    state = constantius_threatened(emperors={"Constantius": "II:5"})
    assert state.armies() == [prov("II:4")]
    assert (state.turn, awaiting(state)) == (D, Awaiting.ENTRY)


# === Refusals at a decision =====================================================================


def test_refusals_while_galerius_decides() -> None:
    state = galerius_attacks()
    roll(state, 3, 5)
    refusals: list[tuple[Action, type[Exception]]] = [
        (Roll((3, 3)), WrongMoment),
        (EndPhase(G), WrongMoment),
        (Move(G, prov("III:4"), prov("III:5")), WrongMoment),
        (UsePower(C, RESERVE), WrongMoment),
        (Decline(C), WrongMoment),
        (UsePower(M, RESERVE), WrongMoment),
        (UsePower(G, prov("III:5")), IllegalAction),
    ]
    for action, error in refusals:
        assert_refused(state, action, error)


def test_refusals_while_constantius_decides() -> None:
    state = constantius_threatened()
    refusals: list[tuple[Action, type[Exception]]] = [
        (UsePower(G, RESERVE), WrongMoment),
        (Decline(G), WrongMoment),
        (UsePower(C, prov("I:1")), IllegalAction),
        (Roll((3, 3)), WrongMoment),
        (Secure(C, prov("II:4")), WrongMoment),
    ]
    for action, error in refusals:
        assert_refused(state, action, error)


@pytest.mark.parametrize(
    "action",
    [UsePower(M, RESERVE), UsePower(D, prov("I:1")), Decline(G), UsePower(C, RESERVE)],
)
def test_notation_round_trip(action: UsePower | Decline) -> None:
    for compact in (False, True):
        assert parse_action(format_action(action, BOARD, compact), BOARD) == action


def test_a_decision_position_continues_the_same_after_a_round_trip() -> None:
    state = galerius_attacks()
    roll(state, 3, 5)
    play(state, "G power reserve")
    copy = position_from_json(position_to_json(state), BOARD)
    for s in (state, copy):
        play(s, "G power reserve", "G power reserve", "G decline")
    assert copy == state
    assert state.emperor_at[G] == prov("III:6")


# === R12.1b Imperivm, 1st edition ===============================================================


def first(**kw: Any) -> State:
    return variant(("imperivm-1st",), **kw)


BUYS: list[Row] = [
    # (emperor of the turn, his discs on the board, sources burned in order, reserve after)
    pytest.param("Maximian", {}, ["reserve"], 3, id="one-from-reserve"),
    pytest.param("Maximian", {"etrvria": "garrison Maximian"}, ["etrvria"], 3, id="one-from-board"),
    pytest.param("Galerius", {}, ["reserve", "reserve", "reserve"], 1, id="three-from-reserve"),
    pytest.param("Constantius", {"I:1": "garrison Constantius"}, ["reserve", "I:1"], 2,
                 id="reserve-and-board"),
]


@pytest.mark.parametrize(("who", "garrisons", "sources", "reserve_after"), BUYS)
def test_r12_1b_each_extra_ip_burns_one_disc(
    who: str, garrisons: dict[str, str], sources: list[str], reserve_after: int
) -> None:
    emperor = Emperor[who.upper()]
    state = first(discs=garrisons, emperors={who: "roma"}, turn=who)
    for source in sources:
        apply_action(state, BuyIP(emperor, RESERVE if source == "reserve" else prov(source)))
    n = len(sources)
    assert state.ip == 6 + n
    assert (burned_of(state)[emperor], recoverable_of(state)[emperor]) == (n, n)
    assert state.garrisons[emperor] == reserve_after
    for key in garrisons:
        assert state.disc[prov(key)] == (NO_DISC if key in sources else GARRISON + emperor)
    assert_discs_conserved(state)


def test_r12_1b_buy_choices_and_refusals() -> None:
    state = first(discs={"I:1": "garrison Maximian", "I:2": "garrison Galerius"},
                  emperors={"Maximian": "roma"})
    buys = [a for a in legal_actions(state) if isinstance(a, BuyIP)]
    assert buys == [BuyIP(M, RESERVE), BuyIP(M, prov("I:1"))]
    assert_refused(state, BuyIP(M, prov("I:2")), IllegalAction)
    none_left = first(emperors={"Maximian": "roma"}, records={"burned": {"Maximian": 4}})
    assert not [a for a in legal_actions(none_left) if isinstance(a, BuyIP)]
    assert_refused(none_left, BuyIP(M, RESERVE), ReserveEmpty)


def test_r12_1b_no_buying_during_the_barbarian_phase() -> None:
    state = first(emperors={"Maximian": "roma"})
    play(state, "M end")
    assert_refused(state, BuyIP(M, RESERVE), WrongMoment)


def test_r12_1b_another_emperor_cannot_buy_in_maximians_turn() -> None:
    state = first(emperors={"Maximian": "roma"})
    error = assert_refused(state, BuyIP(G, RESERVE), NotYourTurn)
    assert "Libya" not in str(error)


def test_r12_1b_a_position_with_bought_ip_round_trips() -> None:
    state = first(emperors={"Maximian": "roma"})
    play(state, "M +ip reserve", "M +ip reserve")
    assert state.ip == 8
    assert_round_trip(state)


def maximian_attacks_narbonensis(**kw: Any) -> State:
    """Maximian in GERMANIA SVPERIOR II:3 attacks NARBONENSIS II:6 (R6 example without the
    others): (die + 1 for Cisalpina) against (die + 1 for its revolt)."""
    return first(discs={"II:6": "revolt", **kw.pop("discs", {})},
                 emperors={"Maximian": "II:3", **kw.pop("emperors", {})}, armies=["II:6"], **kw)


RECOVERY: list[Row] = [
    # (discs burned in earlier turns, bought now, battle dice, recovered)
    pytest.param(1, 0, (6, 1), 1, id="later-turn-victory"),
    pytest.param(2, 0, (6, 1), 1, id="one-disc-per-victory"),
    pytest.param(0, 1, (6, 1), 0, id="same-turn-victory-D29"),
    pytest.param(1, 1, (6, 1), 1, id="only-the-earlier-disc"),
    pytest.param(1, 0, (3, 3), 0, id="draw"),
    pytest.param(1, 0, (1, 6), 0, id="defeat"),
]


@pytest.mark.parametrize(("earlier", "now", "dice", "recovered"), RECOVERY)
def test_d29_a_victory_in_a_later_turn_takes_a_burned_disc_back(
    earlier: int, now: int, dice: tuple[int, int], recovered: int
) -> None:
    state = maximian_attacks_narbonensis(
        records={"burned": {"Maximian": earlier}, "recoverable": {"Maximian": earlier}})
    for _ in range(now):
        play(state, "M +ip reserve")
    reserve = state.garrisons[M]
    play(state, "Maximian attacks Narbonensis from Germania Svperior")
    roll(state, *dice)
    assert burned_of(state)[M] == earlier + now - recovered
    assert recoverable_of(state)[M] == earlier + now - recovered
    assert state.garrisons[M] == reserve + recovered
    assert_discs_conserved(state)


@pytest.mark.parametrize(("earlier", "now", "recovered"), [(1, 0, 1), (0, 1, 0), (1, 1, 1)])
def test_d29_a_border_secured_in_a_later_turn_takes_a_burned_disc_back(
    earlier: int, now: int, recovered: int
) -> None:
    state = first(emperors={"Maximian": "britannia"},
                  records={"burned": {"Maximian": earlier}, "recoverable": {"Maximian": earlier}})
    for _ in range(now):
        play(state, "M +ip reserve")
    reserve = state.garrisons[M]
    play(state, "Maximian secures Britannia")
    assert state.disc[prov("britannia")] == GARRISON + M
    assert state.garrisons[M] == reserve - 1 + recovered
    assert burned_of(state)[M] == earlier + now - recovered
    assert_discs_conserved(state)


def test_r12_1b_an_ordinary_garrison_takes_nothing_back() -> None:
    state = first(emperors={"Maximian": "etrvria"},
                  records={"burned": {"Maximian": 1}, "recoverable": {"Maximian": 1}})
    play(state, "Maximian secures Etrvria")
    assert (burned_of(state)[M], recoverable_of(state)[M], state.garrisons[M]) == (1, 1, 2)


def test_d7_a_victory_when_attacked_takes_a_disc_back_in_another_emperors_phase() -> None:
    """Constantius burned a disc in his own (earlier) turn; in Maximian's Barbarian phase the army
    of GERMANIA SVPERIOR attacks him and loses: (6+0) against (1+1)."""
    state = first(discs={"II:3": "revolt"}, emperors={"Maximian": "roma", "Constantius": "II:4"},
                  armies=["II:3"],
                  records={"burned": {"Constantius": 1}, "recoverable": {"Constantius": 1}})
    play(state, "M end")
    roll(state, *QUIET)
    roll(state, 6, 1)
    assert state.armies() == []
    assert (burned_of(state)[C], recoverable_of(state)[C], state.garrisons[C]) == (0, 0, 4)


def test_d29_bought_in_his_turn_not_taken_back_when_attacked_in_the_same_turn() -> None:
    state = first(discs={"III:3": "revolt"}, emperors={"Maximian": "III:4"}, armies=["III:3"])
    play(state, "M +ip reserve", "M end")
    roll(state, *QUIET)
    roll(state, 6, 1)  # the army of NORICVM attacks Maximian and loses
    assert state.armies() == []
    assert (burned_of(state)[M], recoverable_of(state)[M], state.garrisons[M]) == (1, 1, 3)


def test_d27_the_dux_victory_takes_nothing_back() -> None:
    state = variant(("imperivm-1st", "dux"), discs={"II:6": "revolt"}, emperors={"Maximian": "roma"},
                    armies=["II:6"], records={"dux": "II:5", "burned": {"Maximian": 1},
                                                 "recoverable": {"Maximian": 1}})
    play(state, "Maximian's Dux attacks Narbonensis from Aqvitania")
    roll(state, 6, 1)
    assert dux_place(state) == prov("II:6")
    assert (burned_of(state)[M], recoverable_of(state)[M]) == (1, 1)


def test_d29_bought_in_round_one_taken_back_at_a_border_secured_in_round_two() -> None:
    state = first(emperors={"Maximian": "britannia"})
    play(state, "M +ip reserve")
    assert (state.ip, recoverable_of(state)[M], state.garrisons[M]) == (7, 1, 3)
    for _ in range(4):
        pass_turn(state)
    assert (state.turn, state.round, state.ip) == (M, 2, 6)
    play(state, "Maximian secures Britannia")
    assert state.disc[prov("britannia")] == GARRISON + M
    assert (burned_of(state)[M], recoverable_of(state)[M], state.garrisons[M]) == (0, 0, 3)
    assert_discs_conserved(state)
