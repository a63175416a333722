"""The PettingZoo and Gymnasium environments (issue 12 item 4): the toolkits' own checkers,
the masks against the engine's legal actions, the seeds, the rewards."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

import tetrarchia as t
from tetrarchia.core.errors import IllegalAction, OptionError
from tetrarchia.research.encoding import legal_ids
from tetrarchia.research.gymnasium_env import ENV_ID, MAX_STEPS, SoloEnv, potential
from tetrarchia.research.observation import observe
from tetrarchia.research.pettingzoo_env import SEAT_AGENTS, env, raw_env


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # PettingZoo's checker recommends names like "player_0"; the agents are the seats' names
    warnings.filterwarnings("ignore", message=".*agents to be named.*")
    warnings.filterwarnings("ignore", message=".*Observation space for each agent.*")
    warnings.filterwarnings("ignore", message=".*Observation is not a NumPy array.*")


@pytest.mark.parametrize("options", ["", "barbaria+dux"])
def test_pettingzoos_api_and_seed_tests_pass(options: str) -> None:
    api_test(env(level="4211", options=options), num_cycles=300)
    seed_test(lambda: env(level="4211", options=options), num_cycles=300)


@pytest.mark.parametrize("options", ["", "barbaria"])
def test_pettingzoos_render_test_passes(options: str, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode=None: env(level="4211", options=options,
                                             render_mode=render_mode))
    assert "TETRARCHIA 4211" in capsys.readouterr().out  # 'human' prints the board


def test_pettingzoo_agents_are_seats_and_masks_are_the_legal_actions() -> None:
    aec = raw_env(level="4211", options="barbaria")
    assert aec.possible_agents == list(SEAT_AGENTS)
    aec.reset(seed=11)
    rng = np.random.default_rng(11)
    steps = 0
    for agent in aec.agent_iter():
        observation, reward, done, _truncated, _ = aec.last()
        if done:
            assert reward == t.returns(aec.state)[SEAT_AGENTS.index(agent)] != 0
            aec.step(None)
            continue
        state = aec.state
        assert SEAT_AGENTS[t.deciding_seat(state)] == agent  # type: ignore[index]
        mask = observation["action_mask"]
        assert set(np.flatnonzero(mask)) == set(legal_ids(state))
        assert len(legal_ids(state)) == len(t.legal_actions(state))
        assert (observation["observation"] == observe(state)).all()
        for other in aec.agents:
            if other != agent:
                assert not aec.observe(other)["action_mask"].any()
        aec.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert steps > 10 and not aec.agents


def test_pettingzoo_refuses_an_action_the_mask_forbids() -> None:
    aec = raw_env()
    aec.reset(seed=1)
    before = aec.state.copy()
    with pytest.raises(IllegalAction, match="action number 3776"):
        aec.step(3776)
    assert aec.state == before


def test_gymnasiums_checker_passes_and_the_id_is_registered() -> None:
    check_env(gymnasium.make(ENV_ID, level="4211", render_mode="ansi").unwrapped)
    made = gymnasium.make(ENV_ID, level="4200", options="dux")
    assert isinstance(made.unwrapped, SoloEnv) and made.unwrapped.settings.has("dux")


def test_gymnasium_solo_masks_seeds_and_rewards() -> None:
    solo = SoloEnv(level="4211")
    first, info = solo.reset(seed=21)
    steps, total = 0, 0.0
    actions = []
    while True:
        assert set(np.flatnonzero(info["action_mask"])) == set(legal_ids(solo.state))
        action = solo.action_space.sample(info["action_mask"])
        actions.append(action)
        obs, reward, done, truncated, info = solo.step(action)
        total += float(reward)
        steps += 1
        if done:
            break
    assert total == t.returns(solo.state)[0] in (1.0, -1.0) and not truncated
    again, _ = solo.reset(seed=21)
    assert (again == first).all()
    for action in actions:  # the same seed and actions: the same game
        obs2, *_ = solo.step(action)
    assert (obs2 == obs).all()


def test_gymnasium_refuses_a_forbidden_action_without_changing_the_game() -> None:
    solo = SoloEnv()
    _obs, _ = solo.reset(seed=2)
    before = solo.state.copy()
    _after, reward, done, _, info = solo.step(3776)
    assert solo.state == before and reward == 0.0 and not done
    assert "action number 3776 is not one of the legal actions" in info["refused"]
    strict = SoloEnv(strict=True)
    strict.reset(seed=2)
    with pytest.raises(IllegalAction):
        strict.step(3776)


def test_solo_play_refuses_barbaria_and_renders_the_board() -> None:
    with pytest.raises(OptionError, match="Barbaria"):
        SoloEnv(options="barbaria")
    solo = SoloEnv(render_mode="ansi")
    solo.reset(seed=3)
    text = solo.render()
    assert text is not None and "TETRARCHIA 4211" in text


def test_gymnasium_truncates_at_its_step_limit_when_the_mask_is_ignored() -> None:
    solo = SoloEnv(level="4211", max_steps=50)
    solo.reset(seed=8)
    rng = np.random.default_rng(8)
    for step in range(1, 51):
        _obs, _reward, done, truncated, _info = solo.step(int(rng.integers(solo.size)))
        assert not done and truncated == (step == 50)
    assert solo.steps == 50 and not solo.state.is_over
    with pytest.raises(IllegalAction, match="reset the environment"):
        solo.step(0)
    solo.reset(seed=8)
    assert solo.steps == 0 and SoloEnv().max_steps == MAX_STEPS == 2_000
    with pytest.raises(ValueError, match="max_steps must be at least 1"):
        SoloEnv(max_steps=0)


def test_the_shaped_reward_is_off_by_default_and_telescopes_to_the_start() -> None:
    """Potential-based (gymnasium_env's docstring): the shaped rewards of an episode add up to
    the result minus w × Φ(start), whatever the agent did."""
    for weight in (0.0, 0.5):
        solo = SoloEnv(level="4200", shaping=weight)
        _obs, info = solo.reset(seed=13)
        start = potential(solo.state)
        assert 0.0 < start <= 1.0
        total, rewards = 0.0, []
        done = False
        while not done:
            _obs, reward, done, _truncated, info = solo.step(solo.action_space.sample(info["action_mask"]))
            rewards.append(float(reward))
            total += float(reward)
        result = t.returns(solo.state)[0]
        assert total == pytest.approx(result - weight * start)
        if weight == 0.0:
            assert set(rewards[:-1]) == {0.0}  # the ±1 at the end only
        else:
            assert any(r != 0.0 for r in rewards[:-1])
    with pytest.raises(ValueError, match="shaping is a weight"):
        SoloEnv(shaping=-1.0)
