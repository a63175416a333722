"""The research API's numbering of actions and dice, its tensor and its settings (issue 12)."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np
import pytest

from research_helpers import every_option, random_decisions
from tetrarchia.core.actions import EndPhase, Move, OptionAction, Roll
from tetrarchia.core.board import default_board
from tetrarchia.core.engine import chance_outcomes, legal_actions, new_game
from tetrarchia.core.errors import IllegalAction, OptionError
from tetrarchia.core.pieces import NO_DISC, NO_FIGURE, REVOLT, Emperor, Piece
from tetrarchia.core.serialize import position_from_json
from tetrarchia.core.settings import Level, Settings
from tetrarchia.options.barbaria import BarbarianPass, Redirect
from tetrarchia.options.dux import Deploy
from tetrarchia.options.imperivm import UsePower
from tetrarchia.options.imperivm_first import BuyIP
from tetrarchia.research.encoding import (
    action_space,
    chances,
    decode,
    describe,
    legal_ids,
    option_id,
    roll_id,
    roll_of,
)
from tetrarchia.research.observation import (
    DISC_FEATURES,
    GLOBAL_FEATURES,
    GLOBALS,
    PROVINCE_FEATURES,
    observation_size,
    observe,
)
from tetrarchia.research.option_numbers import EXTENSION_SLOTS
from tetrarchia.research.table import Table, settings_from


def test_the_blocks_follow_each_other_and_fill_the_space() -> None:
    space = action_space(default_board())
    blocks = space.blocks()
    assert blocks[0][1] == 0
    for (_, start, size), (_, following, _) in itertools.pairwise(blocks):
        assert start + size == following
    assert blocks[-1][1] + blocks[-1][2] == space.size == 3777  # 48 provinces on the default board


def test_base_actions_have_the_same_number_in_every_state() -> None:
    board = default_board()
    space = action_space(board)
    puzzle = {"format": "tetrarchia-position", "version": 2, "emperors": {"Maximian": "II:3"},
              "turn": {"emperor": "Maximian", "ip": 6}}
    state = position_from_json(puzzle, board)
    ids = legal_ids(state)
    assert ids[space.end_phase] == EndPhase(Emperor.MAXIMIAN)
    moves = {number: a for number, a in ids.items() if isinstance(a, Move) and not a.by_fleet}
    for number, move in moves.items():  # R5.1: the figure (Maximian, 3) × the destination
        assert number == space.move + int(Emperor.MAXIMIAN) * board.size + move.dest


@pytest.mark.parametrize("settings", every_option(), ids=lambda s: "+".join(s.options))
def test_every_legal_action_has_its_own_number_and_comes_back(settings: Settings) -> None:
    space = action_space(default_board())
    meaning: dict[int, object] = {}
    for seed in (1, 2):
        for state, legal in random_decisions(settings, seed):
            ids = legal_ids(state, legal)
            assert len(ids) == len(legal)  # no two legal actions share a number
            assert all(0 <= number < space.extension for number in ids)  # every rule's: fixed
            for number, action in ids.items():
                assert decode(state, number, ids) == action
                if isinstance(action, OptionAction):  # issue 29: one number, one move, always
                    assert meaning.setdefault(number, action) == action


@dataclass(frozen=True, slots=True)
class Summon(OptionAction):
    """An extension's action the numbering does not know (docs/extending.md)."""

    emperor: Emperor
    at: int


def test_an_unknown_options_actions_take_the_extension_block_in_the_engines_order() -> None:
    state = position_from_json({"format": "tetrarchia-position", "version": 2,
                                "emperors": {"Maximian": "II:3"},
                                "turn": {"emperor": "Maximian", "ip": 6}}, default_board())
    space = action_space(state.board)
    legal = [*legal_actions(state), Summon(Emperor.MAXIMIAN, 4), Summon(Emperor.MAXIMIAN, 2)]
    ids = legal_ids(state, legal)
    assert ids[space.extension] == Summon(Emperor.MAXIMIAN, 4)
    assert ids[space.extension + 1] == Summon(Emperor.MAXIMIAN, 2)
    assert describe(state, space.extension + 2, ids) == "extension #2 (not legal here)"
    with pytest.raises(AssertionError, match="raise EXTENSION_SLOTS"):
        legal_ids(state, [Summon(Emperor.MAXIMIAN, p) for p in range(EXTENSION_SLOTS + 1)])


def test_the_option_blocks_number_each_field_of_the_action() -> None:
    board = default_board()
    space = action_space(board)
    starts = {name: start for name, start, _ in space.blocks()}
    roma = board.roma
    first = board.neighbours[roma][0][0]
    cases = [
        (Deploy(Emperor.GALERIUS, Piece.VICARIUS, 5), starts["deploy"] + (1 * 2 + 1) * 48 + 5),
        (UsePower(Emperor.MAXIMIAN, -1), starts["use-power"] + 3 * 49),
        (BuyIP(Emperor.DIOCLETIAN, 7), starts["buy-ip"] + 8),
        (Redirect(roma, first), starts["barbarian-redirect"] + roma * space.links),
        (BarbarianPass(), starts["barbarian-pass"]),
    ]
    for action, number in cases:
        assert option_id(action, space, board) == number, action
    with pytest.raises(AssertionError, match="no neighbour"):
        option_id(Redirect(roma, roma), space, board)


def test_a_number_of_no_legal_action_is_refused_quoting_it() -> None:
    state, _ = next(random_decisions(Settings(), 1))  # the first decision: a fleet (R3.6)
    space = action_space(state.board)
    with pytest.raises(IllegalAction, match=f"action number {space.end_phase} is not one"):
        decode(state, space.end_phase)  # the fleets are placed first (R3.6)
    assert "not legal here" in describe(state, space.end_phase)


def test_chance_outcomes_are_the_engines_and_sum_to_one() -> None:
    state = new_game()  # the first die of the setup: one die (R3)
    for count in (1, 2):
        state.roll_count = count
        outcomes = chances(state)
        engine = chance_outcomes(state)
        assert len(outcomes) == 6 ** count
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
        assert [(roll_of(n, count), p) for n, p in outcomes] == engine
        assert sorted(n for n, _ in outcomes) == list(range(6 ** count))
    assert roll_id(Roll((3, 5))) == 6 * 2 + 4 and roll_of(16, 2) == Roll((3, 5))
    with pytest.raises(IllegalAction, match="chance outcome 36"):
        roll_of(36, 2)


def test_the_tensor_reads_the_table() -> None:
    board = default_board()
    state = position_from_json({"format": "tetrarchia-position", "version": 2,
                                "discs": {"I:6": "revolt"}, "emperors": {"Maximian": "II:3"},
                                "turn": {"emperor": "Maximian", "ip": 6}}, board)
    tensor = observe(state)
    assert tensor.shape == (observation_size(board),) == (board.size * PROVINCE_FEATURES
                                                         + GLOBAL_FEATURES,)
    assert GLOBAL_FEATURES == sum(size for _, size in GLOBALS) == 80
    assert tensor.dtype == np.float32 and tensor.min() >= 0 and tensor.max() <= 1
    rows = tensor[:board.size * PROVINCE_FEATURES].reshape(board.size, PROVINCE_FEATURES)
    assert (rows[:, :DISC_FEATURES].sum(axis=1) == 1).all()  # one disc state per province (R2)
    assert rows[board.province("I:6").index, REVOLT] == 1
    maximian = board.province("II:3").index
    assert rows[maximian, DISC_FEATURES + 4 + int(Emperor.MAXIMIAN)] == 1
    empty = board.province("I:1").index
    assert rows[empty, NO_DISC] == 1 and rows[empty, DISC_FEATURES + NO_FIGURE] == 1


def test_bad_settings_are_refused_in_the_games_words() -> None:
    with pytest.raises(OptionError, match="difficulty level '9999'"):
        settings_from(level="9999")
    with pytest.raises(OptionError, match="unknown option 'dragons'"):
        settings_from(options="dux+dragons")
    with pytest.raises(OptionError, match="'nobody'"):
        settings_from(shared_caesar="nobody")
    assert settings_from(options="dux, goths").options == ("dux", "goths")


def test_the_table_seats_players_as_r10_says() -> None:
    two = Table(Settings(level=Level.parse("4211"), players=2))
    assert [two.player_of(e) for e in range(4)] == [0, 0, 1, 1]  # East, West
    three = Table(Settings(players=3))  # Galerius shared: Diocletian's player decides (R10)
    assert [three.player_of(e) for e in range(4)] == [0, 0, 1, 2]
    barbaria = Table(Settings(players=4, options=("barbaria",)))
    assert barbaria.num_players == 5 and barbaria.player_of(4) == 4
    team = Table(Settings(players=3, options=("barbaria",)), team=True)
    assert team.num_players == 2 and {team.player_of(e) for e in range(4)} == {0}
    assert team.player_of(4) == 1 and team.seats_of(1) == [4]
    assert legal_actions(new_game()) and team.returns(new_game()) == [0.0, 0.0]
