"""R12.5 Roma Aeterna (2nd edition) and The Great (1st edition).

Glory: the Emperor who leads a won battle against an army (D7: he attacks, or an army attacks him
and loses) takes one gray disc from the unrest reserve (none when it is empty, D28); leading a lost
battle gives one back if he has any; a draw changes nothing; the Dux's battles give none (D27); a
battle against the Pirates gives and costs none (R12.5).  At a Roman victory each Emperor scores
his secured borders (discs of his colour) + his glory; one with at least 2 more than every other
is the Great (a bitter victory).  The Great adds the Emperors of the East/West (2 more than his
Augustus/Caesar partner) and the objectives: 1 player, at most 1 point between any two Emperors;
2 or 4 players, their rivalry; 3 players, and any number with ``the-great.objective=cooperative``,
the fully cooperative one (no Great, no Emperor of the East/West).  The lines of
``state.hooks.end_report`` are checked word for word.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from barbarian_helpers import QUIET
from conftest import POSITION_FORMAT, burned_of, dux_place, glory_of, pirates_at, play, prov, roll
from tetrarchia.core.board import default_board
from tetrarchia.core.engine import end_records
from tetrarchia.core.errors import OptionError
from tetrarchia.core.pieces import NO_DISC, Emperor
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import DEAD, Result, State
from tetrarchia.options.roma_aeterna import half_rulers, individual_scores, the_great
from tetrarchia.render import render

D, G, C, M = Emperor.DIOCLETIAN, Emperor.GALERIUS, Emperor.CONSTANTIUS, Emperor.MAXIMIAN
BOARD = default_board()
Row = Any  # a pytest.param


def variant(
    options: Sequence[str] = ("roma-aeterna",),
    *,
    discs: Mapping[str, str] | None = None,
    emperors: Mapping[str, str | None],
    armies: Sequence[str] = (),
    fleets: Sequence[int] = (),
    glory: Mapping[str, int] | None = None,
    records: Mapping[str, Any] | None = None,
    turn: str = "Maximian",
    players: int = 1,
    params: Mapping[str, str] | None = None,
) -> State:
    data: dict[str, Any] = {
        **POSITION_FORMAT,
        "settings": {"level": "4211", "options": list(options), "players": players,
                     "params": dict(params or {})},
        "discs": dict(discs or {}),
        "emperors": dict(emperors),
        "armies": list(armies),
        "fleets": list(fleets),
        "turn": {"emperor": turn, "ip": 6},
        "records": {**({"glory": dict(glory)} if glory else {}), **(records or {})},
    }
    return position_from_json(data, BOARD)


def report(state: State) -> list[str]:
    """The end's records (R12.5), rendered as the terminal shows them."""
    return [render(record, BOARD) for record in end_records(state)]


# === Settings ===================================================================================


@pytest.mark.parametrize(
    ("options", "players", "ok"),
    [
        (("roma-aeterna",), 3, True),
        (("the-great",), 1, True),
        (("the-great",), 2, True),
        (("the-great",), 4, True),
        (("the-great",), 3, True),
        (("great",), 3, True),
        (("roma-aeterna", "the-great"), 1, False),
    ],
)
def test_r12_5_settings(options: tuple[str, ...], players: int, ok: bool) -> None:
    """003: "1-4 players: you can also use this variant in full cooperation and preserve the
    Tetrarchy": The Great is played by 1-4 players, 3 included (R12.5); the two editions exclude
    each other."""
    if ok:
        Settings(level=Level.parse("4211"), options=options, players=players)
    else:
        with pytest.raises(OptionError):
            Settings(level=Level.parse("4211"), options=options, players=players)


# === glory ======================================================================================


ATTACKS: list[Row] = [
    # (dice, glory before, glory after): (die + 1 for Cisalpina) against (die + 1 for the revolt)
    pytest.param((6, 1), 0, 1, id="victory-takes-one"),
    pytest.param((6, 1), 2, 3, id="victory-takes-another"),
    pytest.param((1, 6), 0, 0, id="defeat-nothing-to-give"),
    pytest.param((1, 6), 2, 1, id="defeat-gives-one-back"),
    pytest.param((3, 3), 2, 2, id="draw"),
]


@pytest.mark.parametrize(("dice", "before", "after"), ATTACKS)
@pytest.mark.parametrize("option", ["roma-aeterna", "the-great"])
def test_r12_5_glory_of_the_attacker(option: str, dice: tuple[int, int], before: int,
                                     after: int) -> None:
    """Maximian in GERMANIA SVPERIOR attacks NARBONENSIS II:6."""
    state = variant((option,), discs={"II:6": "revolt"}, emperors={"Maximian": "II:3"},
                    armies=["II:6"], glory={"Maximian": before})
    assert state.unrest_reserve == 21 - before
    play(state, "Maximian attacks Narbonensis from Germania Svperior")
    roll(state, *dice)
    assert glory_of(state) == [0, 0, 0, after]
    assert state.unrest_reserve == 21 - after  # glory comes out of the unrest reserve


DEFENCES: list[Row] = [
    # (dice, glory before, glory after): the army of NORICVM attacks Galerius in his capital
    pytest.param((6, 1), 0, 1, id="army-loses-glory"),
    pytest.param((1, 6), 1, 0, id="army-wins-glory-back"),
    pytest.param((3, 3), 1, 1, id="draw"),
]


@pytest.mark.parametrize(("dice", "before", "after"), DEFENCES)
def test_d7_glory_of_the_emperor_attacked_by_an_army(dice: tuple[int, int], before: int,
                                                     after: int) -> None:
    state = variant(discs={"III:3": "revolt"}, emperors={"Maximian": "roma", "Galerius": "III:4"},
                    armies=["III:3"], glory={"Galerius": before})
    play(state, "M end")
    roll(state, *QUIET)
    roll(state, *dice)
    assert glory_of(state) == [0, after, 0, 0]
    assert state.unrest_reserve == 21 - after
    assert state.emperor_at[G] == (-1 if dice == (1, 6) else prov("III:4"))


def test_d28_no_glory_when_the_unrest_reserve_is_empty() -> None:
    """Diocletian holds all 21 gray discs as glory: Maximian's victory takes none."""
    state = variant(discs={"II:6": "revolt"}, emperors={"Maximian": "II:3"}, armies=["II:6"],
                    glory={"Diocletian": 21})
    assert state.unrest_reserve == 0
    play(state, "Maximian attacks Narbonensis from Germania Svperior")
    roll(state, 6, 1)
    assert state.armies() == []
    assert glory_of(state) == [21, 0, 0, 0]
    assert state.unrest_reserve == 0


def test_d27_the_dux_wins_no_glory() -> None:
    state = variant(("roma-aeterna", "dux"), discs={"II:6": "revolt"}, emperors={"Maximian": "roma"},
                    armies=["II:6"], records={"dux": "II:5"})
    play(state, "Maximian's Dux attacks Narbonensis from Aqvitania")
    roll(state, 6, 1)
    assert dux_place(state) == prov("II:6")
    assert glory_of(state) == [0, 0, 0, 0]


def test_d26_d27_the_dux_defeated_gives_no_glory_back() -> None:
    """The Dux (support 0) attacks from AQVITANIA, on a garrison of Maximian, and loses 1 to 7:
    he dies, the garrison goes back to Maximian's reserve, Maximian's phase goes on (D26), and
    Maximian keeps his glory (D27)."""
    state = variant(("roma-aeterna", "dux"), discs={"II:6": "revolt", "II:5": "garrison Maximian"},
                    emperors={"Maximian": "roma"}, armies=["II:6"], glory={"Maximian": 2},
                    records={"dux": "II:5"})
    play(state, "Maximian's Dux attacks Narbonensis from Aqvitania")
    roll(state, 1, 6)
    assert dux_place(state) == DEAD
    assert state.disc[prov("II:5")] == NO_DISC
    assert state.garrisons[M] == 4
    assert glory_of(state) == [0, 0, 0, 2]
    assert (state.ip, state.turn, state.emperor_at[M]) == (4, M, prov("roma"))
    assert state.armies() == [prov("II:6")]


@pytest.mark.parametrize("option", ["roma-aeterna", "the-great"])
@pytest.mark.parametrize(("dice", "pirates"), [((6, 1), 0), ((1, 6), 2)], ids=["won", "lost"])
def test_r12_5_a_battle_against_the_pirates_gives_and_costs_no_glory(
        option: str, dice: tuple[int, int], pirates: int) -> None:
    """002: "Un Empereur qui remporte une victoire contre une armée prend 1 disque gris": the
    Pirates are not an army.  R11.3 from ETRVRIA (coast 2: support Cisalpina + Roma = 2) against
    the Pirates (no revolt on that coast): (6+2) > 1 wins, (1+2) < 6 loses; Maximian keeps his
    1 glory disc either way."""
    state = variant((option, "pirates"), emperors={"Maximian": "etrvria"}, fleets=[1],
                    glory={"Maximian": 1}, records={"pirates": 2})
    play(state, "Maximian attacks the Pirates from Etrvria")
    roll(state, *dice)
    assert pirates_at(state) == pirates
    assert glory_of(state) == [0, 0, 0, 1]
    assert state.unrest_reserve == 20


def test_r12_1b_a_victory_over_the_pirates_still_takes_a_burned_disc_back() -> None:
    """For contrast: the 1st-edition Imperivm's "every time your Emperor leads a victory" is not
    limited to armies; the Pirates beaten, Maximian takes back the disc burned earlier."""
    state = variant(("imperivm-1st", "pirates"), emperors={"Maximian": "etrvria"}, fleets=[1],
                    records={"pirates": 2, "burned": {"Maximian": 1},
                               "recoverable": {"Maximian": 1}})
    reserve = state.garrisons[M]
    play(state, "Maximian attacks the Pirates from Etrvria")
    roll(state, 6, 1)
    assert pirates_at(state) == 0
    assert (burned_of(state)[M], state.garrisons[M]) == (0, reserve + 1)


def test_r12_5_glory_discs_can_empty_the_unrest_reserve() -> None:
    """R8 with glory: 20 discs held as glory and 1 unrest on the board; the activity roll needs
    an unrest for an empty province and none is left: the Empire falls."""
    state = variant(discs={"I:3": "unrest"}, emperors={"Maximian": "roma"},
                    glory={"Galerius": 12, "Maximian": 8})
    assert state.unrest_reserve == 0
    play(state, "M end")
    roll(state, 1, 4)
    assert state.result is Result.RESERVE_EMPTY
    assert report(state) == []


# === individual scores, the Great, East and West =================================================


SCORES: list[Row] = [
    # (owners of the secured borders I-VI, glory D G C M, scores, the Great, East/West)
    pytest.param("DGCM", (0, 0, 0, 0), [1, 1, 1, 1], None, [], id="all-equal"),
    pytest.param("DGCM", (0, 0, 0, 2), [1, 1, 1, 3], M, [M], id="glory-makes-the-great"),
    pytest.param("MMDG", (0, 0, 0, 0), [1, 1, 0, 2], None, [M], id="one-ahead-of-diocletian"),
    pytest.param("MMM", (0, 0, 0, 0), [0, 0, 0, 3], M, [M], id="borders-make-the-great"),
    pytest.param("DDGC", (1, 0, 0, 0), [3, 1, 1, 0], D, [D], id="diocletian-great"),
    pytest.param("DCCM", (0, 2, 0, 0), [1, 2, 2, 1], None, [], id="two-leaders-none-great"),
    pytest.param("GG", (0, 0, 2, 0), [0, 2, 2, 0], None, [G, C], id="east-and-west"),
    pytest.param("", (0, 3, 0, 0), [0, 3, 0, 0], G, [G], id="glory-alone"),
]
BORDERS = ["gaetvlia", "britannia", "germania_magna", "sarmatia", "persia", "libya"]


def scored(owners: str, glory: tuple[int, int, int, int]) -> State:
    names = {e.name[0]: e.title for e in Emperor}
    discs = {BORDERS[i]: f"garrison {names[o]}" for i, o in enumerate(owners)}
    return variant(("the-great",), discs=discs, emperors={"Maximian": "roma"},
                   glory={e.title: g for e, g in zip(Emperor, glory, strict=True)})


@pytest.mark.parametrize(("owners", "glory", "scores", "great", "halves"), SCORES)
def test_r12_5_individual_scores_the_great_and_the_half_rulers(
    owners: str, glory: tuple[int, int, int, int], scores: list[int], great: Emperor | None,
    halves: list[Emperor],
) -> None:
    state = scored(owners, glory)
    assert individual_scores(state) == scores
    assert the_great(state) is great
    assert half_rulers(state) == halves


# === end reports ================================================================================


def victory(option: str, owners: str, glory: Mapping[str, int], players: int = 1) -> State:
    """Five borders secured (owners of I-V); Maximian secures LIBYA (VI): Roma Victrix."""
    names = {e.name[0]: e.title for e in Emperor}
    discs = {BORDERS[i]: f"garrison {names[o]}" for i, o in enumerate(owners)}
    state = variant((option,), discs=discs, emperors={"Maximian": "libya"}, glory=glory,
                    players=players)
    play(state, "Maximian secures Libya")
    assert state.result is Result.ROMA_VICTRIX
    return state


SCORE_LINE = "Individual scores (secured borders + glory): "
REPORTS: list[Row] = [
    pytest.param("roma-aeterna", {}, 1, [
        SCORE_LINE + "Diocletian 1, Galerius 2, Constantius 1, Maximian 2",
        "No Emperor is the Great: the Tetrarchy holds. Roma Aeterna!",
    ], id="roma-aeterna-tetrarchy-holds"),
    pytest.param("roma-aeterna", {"Maximian": 2}, 1, [
        SCORE_LINE + "Diocletian 1, Galerius 2, Constantius 1, Maximian 4",
        "Maximian is the Great: he breaks the Tetrarchy; a bitter victory.",
    ], id="roma-aeterna-maximian-the-great"),
    pytest.param("the-great", {}, 1, [
        SCORE_LINE + "Diocletian 1, Galerius 2, Constantius 1, Maximian 2",
        "Objective (1 player): preserve the Tetrarchy, at most 1 point between any two Emperors "
        "- achieved.",
    ], id="great-1-player-achieved"),
    pytest.param("the-great", {"Maximian": 1}, 1, [
        SCORE_LINE + "Diocletian 1, Galerius 2, Constantius 1, Maximian 3",
        "Maximian becomes Emperor of the West.",
        "Objective (1 player): preserve the Tetrarchy, at most 1 point between any two Emperors "
        "- failed.",
    ], id="great-1-player-west-fails"),
    # 003 FAQ: "The 1-player case gives you the additional challenge of sharing glory among all
    # Emperors by allowing at most a 1-point difference": 3 against 1, with no Great and no
    # Emperor of the East or West, still fails
    pytest.param("the-great", {"Maximian": 1, "Constantius": 1}, 1, [
        SCORE_LINE + "Diocletian 1, Galerius 2, Constantius 2, Maximian 3",
        "Objective (1 player): preserve the Tetrarchy, at most 1 point between any two Emperors "
        "- failed.",
    ], id="great-1-player-2-points-apart-fails"),
    pytest.param("the-great", {"Diocletian": 1, "Constantius": 1}, 1, [
        SCORE_LINE + "Diocletian 2, Galerius 2, Constantius 2, Maximian 2",
        "Objective (1 player): preserve the Tetrarchy, at most 1 point between any two Emperors "
        "- achieved.",
    ], id="great-1-player-all-equal"),
    pytest.param("the-great", {"Maximian": 3}, 2, [
        SCORE_LINE + "Diocletian 1, Galerius 2, Constantius 1, Maximian 5",
        "Maximian is the Great: he breaks the Tetrarchy; a bitter victory.",
        "Objective (2 players): the West player wins with Maximian the Great.",
    ], id="great-2-players-west-wins"),
    pytest.param("the-great", {"Galerius": 2}, 2, [
        SCORE_LINE + "Diocletian 1, Galerius 4, Constantius 1, Maximian 2",
        "Galerius is the Great: he breaks the Tetrarchy; a bitter victory.",
        "Objective (2 players): the East player wins with Galerius the Great.",
    ], id="great-2-players-east-wins"),
    pytest.param("the-great", {"Galerius": 1}, 2, [
        SCORE_LINE + "Diocletian 1, Galerius 3, Constantius 1, Maximian 2",
        "Galerius becomes Emperor of the East.",
        "Objective (2 players): no player made one of his Emperors the Great.",
    ], id="great-2-players-nobody"),
    pytest.param("the-great", {"Maximian": 1}, 4, [
        SCORE_LINE + "Diocletian 1, Galerius 2, Constantius 1, Maximian 3",
        "Maximian becomes Emperor of the West.",
        "Objective (4 players): Maximian's player wins.",
    ], id="great-4-players-west"),
    pytest.param("the-great", {"Maximian": 1, "Galerius": 1}, 4, [
        SCORE_LINE + "Diocletian 1, Galerius 3, Constantius 1, Maximian 3",
        "Galerius becomes Emperor of the East.",
        "Maximian becomes Emperor of the West.",
        "Objective (4 players): Galerius's player wins.",
        "Objective (4 players): Maximian's player wins.",
    ], id="great-4-players-east-and-west"),
    pytest.param("the-great", {}, 4, [
        SCORE_LINE + "Diocletian 1, Galerius 2, Constantius 1, Maximian 2",
        "Objective (4 players): no Emperor became the Great or Emperor of the East/West.",
    ], id="great-4-players-nobody"),
]


@pytest.mark.parametrize(("option", "glory", "players", "lines"), REPORTS)
def test_r12_5_end_report_at_a_roman_victory(option: str, glory: dict[str, int], players: int,
                                             lines: list[str]) -> None:
    """Borders: GAETVLIA Maximian's, BRITANNIA Constantius's, GERMANIA MAGNA and SARMATIA
    Galerius's, PERSIA Diocletian's; Maximian secures LIBYA last."""
    state = victory(option, "MCGGD", glory, players)
    assert report(state) == lines


COOPERATIVE: list[Row] = [
    # (players, the-great.objective, glory, the objective line)
    pytest.param(3, "players", {}, "Objective (3 players, cooperative): preserve the Tetrarchy, no "
                 "Great and no Emperor of the East or West - achieved.", id="3-players-kept"),
    pytest.param(3, "players", {"Maximian": 1}, "Objective (3 players, cooperative): preserve the "
                 "Tetrarchy, no Great and no Emperor of the East or West - failed.",
                 id="3-players-west-fails"),
    pytest.param(1, "cooperative", {"Maximian": 1, "Constantius": 1}, "Objective (cooperative): "
                 "preserve the Tetrarchy, no Great and no Emperor of the East or West - achieved.",
                 id="1-player-cooperative-2-points-apart-kept"),
    pytest.param(2, "cooperative", {"Galerius": 2}, "Objective (cooperative): preserve the "
                 "Tetrarchy, no Great and no Emperor of the East or West - failed.",
                 id="2-players-cooperative-the-great-fails"),
    pytest.param(4, "cooperative", {}, "Objective (cooperative): preserve the Tetrarchy, no Great "
                 "and no Emperor of the East or West - achieved.", id="4-players-cooperative"),
]


@pytest.mark.parametrize(("players", "objective", "glory", "line"), COOPERATIVE)
def test_r12_5_the_fully_cooperative_objective_for_1_to_4_players(
        players: int, objective: str, glory: dict[str, int], line: str) -> None:
    """003: "1-4 players: you can also use this variant in full cooperation and preserve the
    Tetrarchy by avoiding that an Emperor rules over all or half of the Empire!"  3 players, who
    have no rivalry objective, play this one (D39); ``the-great.objective=cooperative`` chooses
    it for any number.  Borders as above (scores D 1, G 2, C 1, M 2 before glory)."""
    names = {e.name[0]: e.title for e in Emperor}
    discs = {BORDERS[i]: f"garrison {names[o]}" for i, o in enumerate("MCGGD")}
    params = {"the-great.objective": objective} if objective != "players" else {}
    state = variant(("the-great",), discs=discs, emperors={"Maximian": "libya"}, glory=glory,
                    players=players, params=params)
    play(state, "Maximian secures Libya")
    assert state.result is Result.ROMA_VICTRIX
    assert report(state)[-1] == line


@pytest.mark.parametrize("option", ["roma-aeterna", "the-great"])
def test_r12_5_no_individual_scores_at_a_defeat_or_during_the_game(option: str) -> None:
    state = variant((option,), discs={"etrvria": "revolt"}, emperors={"Maximian": "roma"},
                    armies=["etrvria"], glory={"Maximian": 5})
    assert report(state) == []
    play(state, "M end")
    roll(state, *QUIET)  # the army of ETRVRIA enters Roma (Maximian stands there: battle)
    roll(state, 1, 6)
    assert state.result is Result.ARMY_IN_ROMA
    assert report(state) == []


def test_r12_5_position_round_trip_with_glory() -> None:
    state = variant(emperors={"Maximian": "II:3"}, discs={"II:6": "revolt"}, armies=["II:6"],
                    glory={"Diocletian": 2, "Constantius": 1})
    play(state, "Maximian attacks Narbonensis from Germania Svperior")
    roll(state, 6, 1)
    data = position_to_json(state)
    assert data["records"]["glory"] == {"Diocletian": 2, "Galerius": 0, "Constantius": 1,
                                          "Maximian": 1}
    assert data["reserves"]["unrest"] == 17
    back = position_from_json(data, BOARD)
    assert back == state
    assert position_to_json(back) == data
