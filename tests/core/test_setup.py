"""R3 Setup on scripted dice: initial revolts, the difficulty level, additional revolts, initial
armies, the fleets (a decision), then Diocletian's entry.

Every die is a ``Roll`` the game asks for; the helpers check what each one is for, and the
``Game`` tests check that exactly the scripted dice were used, no more, no fewer.
"""

from __future__ import annotations

import itertools

import pytest

from barbarian_helpers import BOARD, D, armies, awaiting, discs, roll
from tetrarchia.core.actions import Enter, PlaceFleet, Roll
from tetrarchia.core.dice import ScriptedDice
from tetrarchia.core.engine import apply_action, decider, legal_actions, new_game
from tetrarchia.core.errors import NothingThere, Occupied, OptionError, WrongMoment
from tetrarchia.core.events import Purpose
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.game import Game

ROMA = BOARD.roma
BITHYNIA = BOARD.province("V:6").index


def new(level: str) -> State:
    return new_game(Settings(level=Level.parse(level)), BOARD)


def initial_revolts(state: State, *dice: int) -> None:
    for die in dice:
        roll(state, Purpose.INITIAL_REVOLT, die)


def additional_revolt(state: State, region: int, number: int) -> None:
    roll(state, Purpose.ADDITIONAL_REVOLT, region, number)


def initial_army(state: State, region: int) -> None:
    roll(state, Purpose.INITIAL_ARMY, region)


# --- R3.2 initial revolts -------------------------------------------------------------------------


def test_r3_2_new_game_waits_for_the_first_initial_revolt_die() -> None:
    state = new("4211")
    assert awaiting(state) is Awaiting.ROLL
    assert state.roll_purpose == Purpose.INITIAL_REVOLT
    assert state.roll_count == 1
    assert legal_actions(state) == [Roll((d,)) for d in range(1, 7)]
    assert decider(state) is None
    assert discs(state) == {}
    assert state.emperor_at == [-1, -1, -1, -1]


def test_r3_2_one_revolt_per_region_and_a_1_is_rerolled() -> None:
    """Region I rolls 1 then 4: the 1 is rerolled; II rolls 1, 1, 3; the rest at once."""
    state = new("4200")
    initial_revolts(state, 1, 4)  # region I
    assert discs(state) == {"I:4": "revolt"}
    initial_revolts(state, 1, 1, 3)  # region II
    initial_revolts(state, 5, 2, 6, 4)  # regions III-VI
    assert discs(state) == {
        "I:4": "revolt", "II:3": "revolt", "III:5": "revolt",
        "IV:2": "revolt", "V:6": "revolt", "VI:4": "revolt",
    }
    assert state.revolt_reserve == 15
    assert state.unrest_reserve == 21
    assert armies(state) == []
    # level 4200: no additional revolt, no army: the fleets come next
    assert awaiting(state) is Awaiting.FLEET_PLACEMENT


@pytest.mark.parametrize("region", range(1, 7))
def test_r3_2_province_1_never_starts_in_revolt(region: int) -> None:
    """A 1 is always rerolled: three 1s in a row in one region place nothing."""
    state = new("4200")
    initial_revolts(state, *([2] * (region - 1)))
    initial_revolts(state, 1, 1, 1)
    assert len(discs(state)) == region - 1
    assert state.roll_purpose == Purpose.INITIAL_REVOLT
    initial_revolts(state, 6)
    assert discs(state)[str(BOARD.provinces[BOARD.at_coords[(region, 6)]].coords)] == "revolt"


def test_r3_2_a_capital_can_start_in_revolt_and_then_is_no_entry() -> None:
    """BITHYNIA V:6 (Diocletian's capital) rolled: revolt on it; Diocletian can enter only in
    Roma (R4)."""
    state = new("4200")
    initial_revolts(state, 2, 2, 4, 2, 6, 2)  # II:2 (Constantius) and III:4 (Galerius) too
    assert discs(state) == {
        "I:2": "revolt", "II:2": "revolt", "III:4": "revolt",
        "IV:2": "revolt", "V:6": "revolt", "VI:2": "revolt",
    }
    apply_action(state, PlaceFleet(1))
    apply_action(state, PlaceFleet(2))
    assert awaiting(state) is Awaiting.ENTRY
    assert legal_actions(state) == [Enter(D, ROMA)]


# --- R3.4 additional revolts -------------------------------------------------------------------


def test_r3_4_additional_revolts_use_both_dice_accept_a_1_and_reroll_a_revolt() -> None:
    state = new("4220")
    initial_revolts(state, 2, 2, 2, 2, 2, 2)
    assert awaiting(state) is Awaiting.ROLL and state.roll_purpose == Purpose.ADDITIONAL_REVOLT
    assert state.roll_count == 2
    additional_revolt(state, 1, 2)  # BAETICA I:2 already in revolt: roll again
    assert len(discs(state)) == 6
    assert state.roll_purpose == Purpose.ADDITIONAL_REVOLT
    additional_revolt(state, 1, 1)  # TINGITANA I:1: a 1 is fine now
    assert discs(state)["I:1"] == "revolt"
    additional_revolt(state, 1, 1)  # now TINGITANA is in revolt: roll again
    additional_revolt(state, 5, 6)  # BITHYNIA V:6: a capital, fine
    assert discs(state) == {
        "I:1": "revolt", "I:2": "revolt", "II:2": "revolt", "III:2": "revolt",
        "IV:2": "revolt", "V:2": "revolt", "V:6": "revolt", "VI:2": "revolt",
    }
    assert state.revolt_reserve == 13
    assert awaiting(state) is Awaiting.FLEET_PLACEMENT


# --- R3.5 initial armies -------------------------------------------------------------------------


def test_r3_5_initial_armies_on_the_rolled_border_and_an_occupied_border_is_rerolled() -> None:
    state = new("4202")
    initial_revolts(state, 3, 3, 3, 3, 3, 3)
    assert state.roll_purpose == Purpose.INITIAL_ARMY and state.roll_count == 1
    initial_army(state, 3)
    assert armies(state) == ["germania_magna"]
    initial_army(state, 3)  # GERMANIA MAGNA holds an army: roll again
    assert armies(state) == ["germania_magna"]
    assert state.roll_purpose == Purpose.INITIAL_ARMY
    initial_army(state, 5)
    assert armies(state) == ["germania_magna", "persia"]
    assert state.armies_in_reserve() == 1
    assert awaiting(state) is Awaiting.FLEET_PLACEMENT
    # armies never bring discs: only the six initial revolts
    assert len(discs(state)) == 6


# --- the dice used, counted by a scripted source -------------------------------------------------


@pytest.mark.parametrize(
    ("level", "script", "expected_discs", "expected_armies"),
    [
        ("4200", [2, 3, 4, 5, 6, 2], {"I:2", "II:3", "III:4", "IV:5", "V:6", "VI:2"}, []),
        # rerolls: I rolls 1 then 2; the additional revolt rolls I:2 (taken) then I:1
        ("4211", [1, 2, 3, 4, 5, 6, 2, 1, 2, 1, 1, 6],
         {"I:1", "I:2", "II:3", "III:4", "IV:5", "V:6", "VI:2"}, ["libya"]),
        # 2 additional revolts, 2 armies with a taken border rerolled
        ("3122", [6, 6, 6, 6, 6, 6, 6, 6, 3, 3, 4, 4, 1, 1, 1, 2],
         {"I:6", "II:6", "III:6", "IV:6", "V:6", "VI:6", "III:3", "IV:4"},
         ["gaetvlia", "britannia"]),
    ],
)
def test_r3_setup_uses_exactly_the_scripted_dice(
    level: str, script: list[int], expected_discs: set[str], expected_armies: list[str]
) -> None:
    dice = ScriptedDice(script)
    game = Game.new(Settings(level=Level.parse(level)), BOARD, dice=dice)
    rolls = game.roll_until_decision()
    assert dice.remaining == 0
    assert game.dice_drawn == len(script)
    assert sum(len(r.dice) for r in rolls) == len(script)
    assert awaiting(game.state) is Awaiting.FLEET_PLACEMENT
    assert discs(game.state) == dict.fromkeys(expected_discs, "revolt")
    assert armies(game.state) == expected_armies


# --- R3.3 levels ---------------------------------------------------------------------------------


def test_r3_3_there_are_81_levels_and_each_parses_back() -> None:
    levels = Level.all()
    assert len(levels) == 81
    assert {str(level) for level in levels} == {
        f"{g}{f}{r}{a}" for g, f, r, a in itertools.product("543", "321", "012", "012")
    }
    for level in levels:
        assert Level.parse(str(level)) == level
    assert Level.parse("4211") == Level(garrisons=4, fleets=2, revolts=1, armies=1)
    assert Level.parse(" 5300 ") == Level(5, 3, 0, 0)


@pytest.mark.parametrize("level", [str(level) for level in Level.all()])
def test_r3_3_every_level_sets_garrisons_revolts_armies_and_fleets(level: str) -> None:
    g, f, r, a = (int(ch) for ch in level)
    state = new(level)
    assert state.garrisons == [g, g, g, g]
    initial_revolts(state, 3, 3, 3, 3, 3, 3)
    for region in range(1, r + 1):
        additional_revolt(state, region, 1)
    for region in range(1, a + 1):
        initial_army(state, region)
    assert len(discs(state)) == 6 + r
    assert armies(state) == [BOARD.provinces[BOARD.border_of[i]].id for i in range(1, a + 1)]
    # R3.6: the fleets are placed one by one, each on a free zone
    for placed in range(f):
        assert awaiting(state) is Awaiting.FLEET_PLACEMENT
        assert legal_actions(state) == [PlaceFleet(z) for z in range(placed + 1, 4)]
        apply_action(state, PlaceFleet(placed + 1))
    assert state.fleet_zones() == list(range(1, f + 1))
    assert awaiting(state) is Awaiting.ENTRY
    assert state.garrisons == [g, g, g, g]


@pytest.mark.parametrize(
    "text",
    ["", "421", "42110", "6211", "2211", "4411", "4011", "4231", "4213", "4x11", "4 11", "-211",
     "four", "4211a"],
)
def test_r3_3_bad_levels_raise_option_error(text: str) -> None:
    with pytest.raises(OptionError):
        Level.parse(text)


@pytest.mark.parametrize(
    "digits", [(6, 2, 1, 1), (4, 0, 1, 1), (4, 4, 1, 1), (4, 2, 3, 1), (4, 2, 1, 3), (4, 2, -1, 1)]
)
def test_r3_3_a_level_out_of_its_rows_raises_option_error(digits: tuple[int, int, int, int]) -> None:
    with pytest.raises(OptionError):
        Level(*digits)


def test_r3_3_settings_from_json_refuses_a_bad_level() -> None:
    with pytest.raises(OptionError):
        Settings.from_json({"level": "4911"})


# --- R3.6 fleets and R3.7 the start ----------------------------------------------------------------


def setup_until_fleets(level: str = "4200") -> State:
    state = new(level)
    initial_revolts(state, 2, 3, 3, 3, 3, 3)
    return state


def test_r3_6_fleet_placement_is_a_decision_one_fleet_per_zone() -> None:
    state = setup_until_fleets("4200")
    assert awaiting(state) is Awaiting.FLEET_PLACEMENT
    assert decider(state) is D  # "the players": the first seat
    assert legal_actions(state) == [PlaceFleet(1), PlaceFleet(2), PlaceFleet(3)]
    with pytest.raises(WrongMoment):
        apply_action(state, Roll((3,)))
    apply_action(state, PlaceFleet(2))
    assert state.fleets[1:] == [0, 1, 0]
    assert legal_actions(state) == [PlaceFleet(1), PlaceFleet(3)]
    with pytest.raises(Occupied):
        apply_action(state, PlaceFleet(2))
    with pytest.raises(NothingThere):
        apply_action(state, PlaceFleet(4))
    assert state.fleets[1:] == [0, 1, 0]
    apply_action(state, PlaceFleet(3))  # level 4200: 2 fleets, done
    assert state.fleets[1:] == [0, 1, 1]


def test_r3_7_the_game_starts_with_diocletians_entry() -> None:
    state = setup_until_fleets("4200")
    apply_action(state, PlaceFleet(1))
    apply_action(state, PlaceFleet(3))
    assert awaiting(state) is Awaiting.ENTRY
    assert state.turn is D
    assert state.round == 1
    assert state.turns_played == 0
    assert decider(state) is D
    assert state.emperor_at == [-1, -1, -1, -1]  # R3.7: every Emperor starts off the board
    assert legal_actions(state) == [Enter(D, ROMA), Enter(D, BITHYNIA)]
    apply_action(state, Enter(D, BITHYNIA))
    assert awaiting(state) is Awaiting.ROMAN_ACTION
    assert state.emperor_at[D] == BITHYNIA
    assert state.ip == 6
