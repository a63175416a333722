"""The hint's time and how stable its first action is (issue 24; figures, not a test).

Two sets of positions at ``--level``:

- **fresh**: the first decision of ``--fresh`` new games (seeds ``--seed`` + i), where the hint
  is slowest (a continuation from the fleets' placement plays the whole first round);
- **Roman phases**: ``--positions`` positions awaiting a Roman action, taken from seeded heuristic
  games (one in every 6 such decisions).

For each position a hint with ``--seconds`` (the default budget), and one ten times longer
(``--factor``), both with the same seed.  Printed: the hint's wall time (median, max), the
continuations per listed action and the interval's half-width (median, max), and the share of
positions whose first action the longer hint also ranks first (its 95% Wilson interval).

Usage::

    python bench/hints.py                                  # 2 s against 20 s, 4 fresh + 10 positions
    python bench/hints.py --fresh 2 --positions 4 --seconds 0.5 --factor 10
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tetrarchia.calibrate.wilson import wilson
from tetrarchia.core.actions import Roll
from tetrarchia.core.engine import apply_trusted, legal_actions, resume
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.game import Game
from tetrarchia.players.advice import advise
from tetrarchia.players.heuristic import choose


def fresh(level: str, seed: int, count: int) -> list[State]:
    found = []
    for i in range(count):
        game = Game.new(Settings(level=Level.parse(level)), seed=seed + i)
        game.roll_until_decision()
        found.append(game.state.copy())
    return found


def roman_phases(level: str, seed: int, count: int) -> list[State]:
    """Positions awaiting a Roman action from heuristic games (one in every 6)."""
    found: list[State] = []
    game_seed = seed
    while len(found) < count:
        state = Game.new(Settings(level=Level.parse(level)), seed=game_seed).state
        dice, rng = random.Random(game_seed), random.Random(game_seed + 1)
        seen = 0
        while not state.is_over and len(found) < count:
            if state.awaiting is Awaiting.ROLL:
                apply_trusted(state, Roll(tuple(dice.randint(1, 6) for _ in range(state.roll_count))))
                continue
            if state.awaiting is Awaiting.RUN:
                resume(state)
                continue
            if state.awaiting is Awaiting.ROMAN_ACTION:
                seen += 1
                if seen % 6 == 0:
                    found.append(state.copy())
            apply_trusted(state, choose(state, legal_actions(state), rng))
        game_seed += 1
    return found


def measure(name: str, states: list[State], seconds: float, factor: float) -> None:
    times, games, margins = [], [], []
    same = 0
    for state in states:
        started = time.perf_counter()
        short = advise(state, seconds=seconds)
        times.append(time.perf_counter() - started)
        long = advise(state, seconds=seconds * factor)
        games += [a.estimate.games for a in short.advice]
        margins += [a.estimate.margin for a in short.advice]
        same += short.advice[0].action == long.advice[0].action
    low, high = wilson(same, len(states))
    print(f"{name}: {len(states)} positions; hint {statistics.median(times):.2f} s median, "
          f"{max(times):.2f} s max; continuations per listed action {statistics.median(games):.0f} "
          f"median, {min(games)} min; interval ±{statistics.median(margins) * 100:.1f} points median, "
          f"±{max(margins) * 100:.1f} max; first action also first at {seconds * factor:g} s: "
          f"{same} of {len(states)} ({low:.0%}-{high:.0%})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", default="4211")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--fresh", type=int, default=4)
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--factor", type=float, default=10.0)
    args = parser.parse_args()
    if args.fresh:
        measure("fresh games", fresh(args.level, args.seed, args.fresh), args.seconds, args.factor)
    if args.positions:
        states = roman_phases(args.level, args.seed, args.positions)
        measure("Roman phases", states, args.seconds, args.factor)


if __name__ == "__main__":
    main()
