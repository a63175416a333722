"""A seeded parameter search for the heuristic's weights (``players/evaluation.py``; not a test).

A (1+1) search, paired: the current weights and a candidate play the same ``--games`` seeded
games (same setups, same dice streams) with the heuristic player at ``--level``; the candidate
changes one weight, chosen with the search's own seeded generator, by a factor of 0.5, 0.7, 1.4
or 2, and replaces the current weights when it wins more of those games (ties: more secured
borders on average).  Every step is printed; the last line is the weights found, to be copied
into ``Weights`` with the command that found them (docs/ai.md).

Usage::

    python bench/tune.py --level 4211 --games 60 --steps 20 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import fields

from tetrarchia.core.actions import Roll
from tetrarchia.core.dice import SeededDice
from tetrarchia.core.engine import apply_trusted, legal_actions, new_game
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting
from tetrarchia.players.evaluation import WEIGHTS, Weights
from tetrarchia.players.heuristic import choose

FACTORS = (0.5, 0.7, 1.4, 2.0)


def score(weights: Weights, level: str, seeds: range) -> tuple[int, float]:
    """Wins and average secured borders of the heuristic with ``weights`` on ``seeds``."""
    wins = 0
    borders = 0
    for seed in seeds:
        state = new_game(Settings(level=Level.parse(level)))
        dice = SeededDice(seed)
        rng = random.Random(seed)
        while not state.is_over and state.turns_played < 2_000:
            if state.awaiting is Awaiting.ROLL:
                apply_trusted(state, Roll(dice.roll(state.roll_count)))
            else:
                apply_trusted(state, choose(state, legal_actions(state), rng, weights))
        wins += state.result.is_victory
        borders += state.secured_borders()
    return wins, borders / len(seeds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", default="4211")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1, help="seed of the search (games: 1000 + i)")
    args = parser.parse_args(argv)
    search = random.Random(args.seed)
    seeds = range(1000, 1000 + args.games)
    names = [f.name for f in fields(Weights)]
    current = WEIGHTS
    best = score(current, args.level, seeds)
    print(f"start: {best[0]}/{args.games} wins, {best[1]:.2f} borders", flush=True)
    for step in range(1, args.steps + 1):
        name = search.choice(names)
        factor = search.choice(FACTORS)
        candidate = current.with_values(**{name: round(getattr(current, name) * factor, 3)})
        found = score(candidate, args.level, seeds)
        kept = found > best
        print(f"step {step}: {name} x{factor} -> {found[0]}/{args.games} wins, {found[1]:.2f} borders"
              f"{'  kept' if kept else ''}", flush=True)
        if kept:
            current, best = candidate, found
    print(f"weights: {current.as_dict()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
