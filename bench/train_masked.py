"""A worked example of the Gymnasium environment (issue 29 item 3; docs/research.md): train a
masked policy for a few minutes, then measure its win rate beside random play and the heuristic.

The policy is linear in the observation (``logits = obs · W + b`` over the 3,777 action numbers,
plus a bias per block of the numbering),
with the action mask applied before the softmax (illegal actions get probability 0), trained by
REINFORCE (Williams 1992) with a running-mean baseline and discounted returns on
``tetrarchia/Solo-v0`` with the shaped reward on (``shaping``, gymnasium_env's docstring).
numpy only: no learning toolkit is needed.

Then the same seeded games (game ``i``: ``reset(seed=seed + 10_000 + i)``, the same setup and
dice for every player, so the comparison is paired) are played by the trained policy (greedy:
its most likely legal action; and sampled from it), by random play (``action_space.sample(mask)``) and by the
heuristic player; printed: wins with a 95% Wilson interval.

Usage::

    python bench/train_masked.py --level 4300 --seconds 120 --games 100 --seed 1
    python bench/train_masked.py --seconds 5 --games 5            # a smoke run
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import tetrarchia.research.gymnasium_env  # noqa: F401  (registers tetrarchia/Solo-v0)
from tetrarchia.calibrate.wilson import wilson
from tetrarchia.core.engine import legal_actions
from tetrarchia.players.protocol import Budget
from tetrarchia.players.registry import make_player
from tetrarchia.research.encoding import ActionSpace, action_space, legal_ids
from tetrarchia.research.gymnasium_env import SoloEnv
from tetrarchia.research.observation import observation_size

Vector = np.ndarray[Any, np.dtype[np.float32]]
Chooser = Callable[[SoloEnv, Vector, dict[str, Any]], int]
EVAL_OFFSET = 10_000  # evaluation seeds are never training seeds


class MaskedLinearPolicy:
    """``softmax(obs · W + b)`` restricted to the legal actions (the mask)."""

    def __init__(self, observations: int, space: ActionSpace, rng: np.random.Generator) -> None:
        self.weights = np.zeros((observations, space.size), np.float32)
        self.bias = np.zeros(space.size, np.float32)
        # a bias per block of the numbering too (a secure, an attack, ending the phase...):
        # what one number learns, its block's others share, so learning is faster
        self.block = np.zeros(space.size, np.int64)
        for index, (_name, start, size) in enumerate(space.blocks()):
            self.block[start:start + size] = index
        self.block_bias = np.zeros(len(space.blocks()), np.float32)
        self.rng = rng

    def probabilities(self, obs: Vector, legal: np.ndarray[Any, Any]) -> Vector:
        logits = (obs @ self.weights[:, legal] + self.bias[legal]
                  + self.block_bias[self.block[legal]])
        logits -= logits.max()
        exp = np.exp(logits)
        found: Vector = (exp / exp.sum()).astype(np.float32)
        return found

    def sample(self, obs: Vector, legal: np.ndarray[Any, Any]) -> int:
        return int(self.rng.choice(len(legal), p=self.probabilities(obs, legal)))

    def sampled(self, env: SoloEnv, obs: Vector, info: dict[str, Any]) -> int:
        legal = np.flatnonzero(info["action_mask"])
        return int(legal[self.sample(obs, legal)])

    def greedy(self, env: SoloEnv, obs: Vector, info: dict[str, Any]) -> int:
        legal = np.flatnonzero(info["action_mask"])
        return int(legal[int(np.argmax(self.probabilities(obs, legal)))])

    def learn(self, steps: list[tuple[Vector, np.ndarray[Any, Any], int]], advantages: list[float],
              rate: float) -> None:
        """One REINFORCE step: ∇ log π(a) = onehot(a) - π on the legal actions."""
        for (obs, legal, chosen), advantage in zip(steps, advantages, strict=True):
            gradient = -self.probabilities(obs, legal)
            gradient[chosen] += 1.0
            scale = rate * advantage
            self.weights[:, legal] += scale * np.outer(obs, gradient)
            self.bias[legal] += scale * gradient
            np.add.at(self.block_bias, self.block[legal], scale * gradient)


def discounted(rewards: list[float], gamma: float) -> list[float]:
    """The return from each step on.  With ``gamma`` = 1 a potential-based shaping would add
    the same ``-w Φ(s_t)`` to every action's return at ``s_t`` (it telescopes): the discount
    lets it credit the steps that raised the potential."""
    found, total = [], 0.0
    for reward in reversed(rewards):
        total = reward + gamma * total
        found.append(total)
    return found[::-1]


def train(policy: MaskedLinearPolicy, level: str, seconds: float, seed: int, shaping: float,
          rate: float, gamma: float) -> int:
    """Episodes of REINFORCE until ``seconds`` have passed; returns how many were played."""
    env = SoloEnv(level=level, shaping=shaping)
    baseline, episodes = 0.0, 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        obs, info = env.reset(seed=seed + episodes)
        steps: list[tuple[Vector, np.ndarray[Any, Any], int]] = []
        rewards: list[float] = []
        done = truncated = False
        while not (done or truncated):
            legal = np.flatnonzero(info["action_mask"])
            chosen = policy.sample(obs, legal)
            steps.append((obs, legal, chosen))
            obs, reward, done, truncated, info = env.step(int(legal[chosen]))
            rewards.append(float(reward))
        returns = discounted(rewards, gamma)
        policy.learn(steps, [g - baseline for g in returns], rate)
        baseline += 0.05 * (returns[0] - baseline)
        episodes += 1
    return episodes


def random_choice(env: SoloEnv, obs: Vector, info: dict[str, Any]) -> int:
    return int(env.action_space.sample(info["action_mask"]))


def heuristic_choice(seed: int) -> Chooser:
    player = make_player("heuristic", seed)
    rng = random.Random(seed)

    def choose(env: SoloEnv, obs: Vector, info: dict[str, Any]) -> int:
        state = env.state
        action = player.decide(state, legal_actions(state), rng, Budget())
        return next(n for n, a in legal_ids(state).items() if a == action)

    return choose


def win_rate(choose: Chooser, level: str, games: int, seed: int) -> tuple[int, float, float, float]:
    """Wins out of ``games`` seeded games; per game, the average decisions, rounds, and borders
    secured at the end (R8: six win)."""
    env = SoloEnv(level=level)
    wins = decisions = rounds = borders = 0
    for i in range(games):
        obs, info = env.reset(seed=seed + EVAL_OFFSET + i)
        env.action_space.seed(seed + i)
        done = truncated = False
        reward: Any = 0.0
        while not (done or truncated):
            obs, reward, done, truncated, info = env.step(choose(env, obs, info))
            decisions += 1
        wins += float(reward) > 0
        rounds += env.state.round
        borders += env.state.secured_borders()
    played = max(games, 1)
    return wins, decisions / played, rounds / played, borders / played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="4300", help="the level, GFRA (R3)")
    parser.add_argument("--seconds", type=float, default=120.0, help="training time")
    parser.add_argument("--games", type=int, default=100, help="evaluation games per player")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shaping", type=float, default=1.0, help="the shaped reward's weight")
    parser.add_argument("--rate", type=float, default=0.001, help="the learning rate")
    parser.add_argument("--gamma", type=float, default=0.95, help="the discount")
    args = parser.parse_args()
    probe = SoloEnv(level=args.level)
    policy = MaskedLinearPolicy(observation_size(probe.board), action_space(probe.board),
                                np.random.default_rng(args.seed))
    started = time.monotonic()
    episodes = train(policy, args.level, args.seconds, args.seed, args.shaping, args.rate,
                     args.gamma)
    print(f"trained {episodes} episodes in {time.monotonic() - started:.0f} s at {args.level}")
    print("| player | wins | 95% Wilson | decisions per game | rounds per game | borders secured "
          "at the end |")
    print("|---|---|---|---|---|---|")
    players: list[tuple[str, Chooser]] = [("trained policy, greedy", policy.greedy),
                                          ("trained policy, sampled", policy.sampled),
                                          ("random (masked)", random_choice),
                                          ("heuristic", heuristic_choice(args.seed))]
    for name, choose in players:
        wins, length, rounds, borders = win_rate(choose, args.level, args.games, args.seed)
        low, high = wilson(wins, args.games)
        print(f"| {name} | {wins}/{args.games} | {low:.0%}-{high:.0%} | {length:.0f} | "
              f"{rounds:.2f} | {borders:.2f} |")


if __name__ == "__main__":
    main()
