"""The toolkits' own tests on every optional rule (issue 29 item 2): OpenSpiel's
random_sim_test, PettingZoo's api_test and seed_test, Gymnasium's check_env (solo play: not
with Barbaria, whose Barbarian player is a second player), each option alone at a level it
accepts.  The base game and a few tables of seats have their own in test_research_openspiel.py
and test_research_envs.py."""

from __future__ import annotations

import warnings

import gymnasium
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import tetrarchia.research.openspiel  # noqa: F401  (registers python_tetrarchia)
from research_helpers import every_option
from tetrarchia.core.settings import Settings
from tetrarchia.research.gymnasium_env import ENV_ID, SoloEnv
from tetrarchia.research.pettingzoo_env import env

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # PettingZoo's naming advice and Gymnasium's notes on spaces: advice, not failures
    warnings.filterwarnings("ignore", message=".*agents to be named.*")
    warnings.filterwarnings("ignore", message=".*Observation space for each agent.*")
    warnings.filterwarnings("ignore", message=".*Observation is not a NumPy array.*")


@pytest.mark.parametrize("settings", every_option(), ids=lambda s: "+".join(s.options))
def test_the_toolkits_own_tests_pass_with_each_option(settings: Settings) -> None:
    options, level = "+".join(settings.options), str(settings.level)
    game = pyspiel.load_game("python_tetrarchia", {"level": int(level), "options": options,
                                                   "players": 4})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    api_test(env(level=level, options=options), num_cycles=100)
    seed_test(lambda: env(level=level, options=options), num_cycles=100)
    if not settings.has("barbaria"):
        made = gymnasium.make(ENV_ID, level=level, options=options)  # a spec: render modes checked
        assert isinstance(made.unwrapped, SoloEnv)
        check_env(made.unwrapped)
