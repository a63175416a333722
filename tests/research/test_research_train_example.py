"""bench/train_masked.py, docs/research.md's worked example (issue 29 item 3): the masked policy
never picks an illegal action, REINFORCE moves it toward a rewarded action, and a short run
prints its table."""

from __future__ import annotations

import subprocess
import sys
from types import ModuleType

import numpy as np
import pytest

from conftest import ROOT, load_script
from tetrarchia.core.board import default_board
from tetrarchia.research.encoding import action_space
from tetrarchia.research.gymnasium_env import SoloEnv

pytestmark = pytest.mark.timeout(180)


def _example() -> ModuleType:
    return load_script(ROOT / "bench" / "train_masked.py", "train_masked")


EXAMPLE = _example()


def test_the_policy_keeps_to_the_mask_and_learns_toward_a_rewarded_action() -> None:
    space = action_space(default_board())
    policy = EXAMPLE.MaskedLinearPolicy(4, space, np.random.default_rng(1))
    obs = np.array([1.0, 0.0, 0.5, 0.0], np.float32)
    legal = np.array([3, 700, 990])
    before = policy.probabilities(obs, legal)
    assert before == pytest.approx([1 / 3] * 3)
    policy.learn([(obs, legal, 1)], [1.0], rate=0.5)  # action 700 was rewarded
    after = policy.probabilities(obs, legal)
    assert after[1] > before[1] and after.sum() == pytest.approx(1.0)
    solo = SoloEnv(level="4300")
    policy = EXAMPLE.MaskedLinearPolicy(solo.observation_space.shape[0], space,  # type: ignore[index]
                                        np.random.default_rng(1))
    policy.bias[space.end_phase] = 5.0  # it would end every phase: only where that is legal
    observation, info = solo.reset(seed=2)
    for _ in range(30):
        choice = policy.greedy(solo, observation, info)
        assert info["action_mask"][choice] == 1
        observation, _reward, done, _truncated, info = solo.step(choice)
        if done:
            break
    assert EXAMPLE.discounted([0.0, 0.0, 1.0], 0.5) == [0.25, 0.5, 1.0]


def test_a_short_run_prints_its_table() -> None:
    run = subprocess.run([sys.executable, str(ROOT / "bench" / "train_masked.py"), "--seconds", "2",
                          "--games", "2", "--level", "4300"],
                         capture_output=True, text=True, timeout=170, check=True)
    lines = run.stdout.splitlines()
    assert lines[0].startswith("trained ") and lines[0].endswith(" at 4300")
    names = [line.split(" | ")[0].removeprefix("| ") for line in lines[3:]]
    assert names == ["trained policy, greedy", "trained policy, sampled", "random (masked)",
                     "heuristic"]
    assert all("/2 | " in line for line in lines[3:])
