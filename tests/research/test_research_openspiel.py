"""python_tetrarchia in OpenSpiel (issue 12 item 4): OpenSpiel's own checks, the chance nodes,
the seats, the replay through the public API, serialization, and the MCTS bot."""

from __future__ import annotations

import json
import pickle
import random
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import tetrarchia as t
from tetrarchia.core.errors import OptionError
from tetrarchia.research.encoding import roll_of
from tetrarchia.research.observation import observe
from tetrarchia.research.openspiel import TetrarchiaState

GAME = "python_tetrarchia"


def load(**params: object) -> pyspiel.Game:
    return pyspiel.load_game(GAME, params)


@pytest.mark.parametrize("params", [
    {},
    {"players": 2, "level": 4200},
    {"players": 3, "options": "dux+goths", "shared_caesar": "Constantius"},
    {"players": 4, "options": "barbaria"},
    {"team": True, "players": 2, "options": "barbaria+vicarius", "support_group": "players-choose"},
    {"level": 4221, "options": "carausian-revolt"},
], ids=["solo", "two", "three-dux-goths", "four-barbaria", "team-barbaria", "scenario"])
def test_openspiels_random_simulation_test_passes(params: dict[str, object]) -> None:
    pyspiel.random_sim_test(load(**params), num_sims=3, serialize=True, verbose=False)


def test_the_game_declares_what_openspiel_asks() -> None:
    game = load(players=2)
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert game.num_players() == 2 and game.max_chance_outcomes() == 36
    assert game.num_distinct_actions() == 3777
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)


def test_bad_parameters_are_refused_clearly() -> None:
    with pytest.raises(OptionError, match="difficulty level '9999'"):
        load(level=9999)
    with pytest.raises(OptionError, match="unknown option 'dragons'"):
        load(options="dragons")
    with pytest.raises(OptionError, match="1 to 4 players, not 7"):
        load(players=7)
    with pytest.raises(pyspiel.SpielError, match="level"):
        load(level="4211")  # OpenSpiel's type check: the level is a number
    with pytest.raises(pyspiel.SpielError, match="colour"):
        load(colour=1)


def test_chance_nodes_are_the_engines_dice() -> None:
    state = load().new_initial_state()
    assert state.is_chance_node()  # the first die of the setup (R3)
    engine = state.engine_state
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert [(roll_of(a, engine.roll_count), p) for a, p in outcomes] == t.chance_outcomes(engine)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 2) == "roll 3"


@pytest.mark.parametrize("params", [{"players": 2}, {"players": 4, "options": "barbaria+dux"}])
def test_a_random_game_is_the_engines_game_for_the_same_actions_and_dice(params: dict[str, object]
                                                                          ) -> None:
    """Replayed through the public API: the dice as ScriptedDice, each decision by its notation
    (action_to_string), each seat's player as R10 says."""
    game = load(**params)
    for seed in (1, 2, 3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        dice: list[int] = []
        notations: list[tuple[int, int | None, str]] = []
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, probabilities)[0]
                dice.extend(roll_of(action, state.engine_state.roll_count).dice)
            else:
                action = rng.choice(state.legal_actions())
                seat = t.deciding_seat(state.engine_state)
                notations.append((state.current_player(), seat,
                                  state.action_to_string(state.current_player(), action)))
            state.apply_action(action)
        replay = t.Game.new(game.settings, dice=t.ScriptedDice(dice))
        table = game.table
        for player, seat, text in notations:
            replay.advance()
            assert t.deciding_seat(replay.state) == seat and table.player_of(seat) == player
            replay.play(t.parse_action(text, replay.board))
        replay.advance()
        assert replay.state == state.engine_state and replay.state.is_over
        assert state.returns() == table.returns(replay.state)
        emperors = t.returns(replay.state)[0]
        assert state.returns()[0] == emperors and emperors in (1.0, -1.0)


def test_seats_are_players_as_r10_says() -> None:
    seen: dict[int, set[int]] = {}
    game = load(players=3, options="barbaria")
    state = game.new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        seat = t.deciding_seat(state.engine_state)
        assert seat is not None
        seen.setdefault(seat, set()).add(state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))
    expected = {0: 0, 1: 0, 2: 1, 3: 2, 4: 3}  # Galerius shared, decided by Diocletian's player
    assert all(players == {expected[seat]} for seat, players in seen.items())


def test_clone_serialize_and_pickle_keep_the_game() -> None:
    game = load(players=2, options="dux")
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(60):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    clone = state.clone()
    assert clone.engine_state == state.engine_state and clone.history() == state.history()
    before = str(state)
    if not clone.is_terminal():
        clone.apply_action(clone.legal_actions()[0])
        assert str(state) == before  # the clone is independent
    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert str(again_game) == str(game) and again.history() == state.history()
    assert again.engine_state == state.engine_state
    unpickled = pickle.loads(pickle.dumps(state))
    assert unpickled.engine_state == state.engine_state


def test_observations_are_the_whole_table() -> None:
    game = load(players=2)
    state = game.new_initial_state()
    rng = random.Random(6)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    tensor = np.asarray(state.observation_tensor(0), np.float32)
    assert (tensor == observe(state.engine_state)).all()
    assert state.observation_string(0) == state.observation_string(1) == str(state)
    assert t.position_from_json(json.loads(str(state)), t.default_board()) == state.engine_state


def test_openspiels_python_mcts_bot_plays_a_whole_game() -> None:
    game = load(level=4200)
    draws = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, 2.0, 4, mcts.RandomRolloutEvaluator(1, draws), random_state=draws)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(draws.choice(outcomes, p=probabilities))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert state.returns()[0] in (1.0, -1.0)


def test_the_mcts_player_is_legal_reproducible_and_leaves_the_state_alone() -> None:
    game = t.Game.new(t.Settings(level=t.Level.parse("4211"), players=2), seed=3)
    game.advance()
    while t.deciding_seat(game.state) is None or game.state.awaiting.name != "ROMAN_ACTION":
        game.play(t.legal_actions(game.state)[0])
        game.advance()
    before = game.state.copy()
    legal = t.legal_actions(game.state)
    budget = t.Budget(simulations=6)
    first = t.make_player("openspiel-mcts", 1).decide(game.state, legal, random.Random(7), budget)
    again = t.make_player("openspiel-mcts", 1).decide(game.state, legal, random.Random(7), budget)
    assert first in legal and first == again and game.state == before
    with pytest.raises(ValueError, match="settings"):
        TetrarchiaState.at(load(players=3), game.state)


def test_the_package_imports_no_toolkit_until_asked() -> None:
    code = ("import sys, tetrarchia, tetrarchia.research, tetrarchia.players.registry;"
            "print(sorted(m for m in ('pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(("params", "utility", "total"), [
    ({}, pyspiel.GameType.Utility.IDENTICAL, None),
    ({"players": 3, "options": "dux"}, pyspiel.GameType.Utility.IDENTICAL, None),
    ({"team": True, "options": "barbaria"}, pyspiel.GameType.Utility.ZERO_SUM, 0.0),
    ({"players": 2, "options": "barbaria"}, pyspiel.GameType.Utility.GENERAL_SUM, None),
], ids=["solo", "three", "team-barbaria", "two-barbaria"])
def test_the_utility_is_declared_as_the_rules_make_it(params: dict[str, object], utility: object,
                                                      total: float | None) -> None:
    """Issue 29: cooperative without the Barbarian player (R8), as OpenSpiel's Hanabi declares."""
    game = load(**params)
    assert game.get_type().utility == utility
    if total is not None:
        assert game.utility_sum() == total
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)  # checks the sums


def test_a_game_stops_undecided_at_its_declared_length(monkeypatch: pytest.MonkeyPatch) -> None:
    import tetrarchia.research.openspiel as adapter

    assert load().max_game_length() == adapter.MAX_GAME_LENGTH == 5_000
    monkeypatch.setattr(adapter, "MAX_GAME_LENGTH", 40)
    state = load(players=2).new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.history()) == 40 and not state.engine_state.is_over
    assert state.returns() == [0.0, 0.0] and state.legal_actions() == []
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    clone = state.clone()
    assert clone.is_terminal() and pickle.loads(pickle.dumps(state)).is_terminal()


def test_the_information_state_tensor_is_refused_not_empty() -> None:
    state = load().new_initial_state()
    state.apply_action(2)
    assert state.information_state_string(0) == "2"  # the history: perfect information
    with pytest.raises(ValueError, match="no information-state tensor: use observation_tensor"):
        state.information_state_tensor(0)
    assert len(state.observation_tensor(0)) == 48 * 21 + 80
