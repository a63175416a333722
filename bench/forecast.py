"""Time of the Barbarian-phase forecast (analysis/forecast.py) per position (not a test).

Positions are the Roman phases of seeded games (random play, seeded dice) at several levels;
the figure is the median and the worst time of one exact forecast, with the number of
situations enumerated.

Usage::

    python bench/forecast.py                # 12 positions
    python bench/forecast.py --positions 40
"""

from __future__ import annotations

import argparse
import statistics
import time

from tetrarchia.analysis.forecast import NotForecastable, forecast
from tetrarchia.core.engine import legal_actions
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.game import Game
from tetrarchia.players.random_player import RandomPlayer

LEVELS = ("4211", "5300", "3322", "4222")
GOAL_MS = 20.0  # issue 8


def positions(count: int) -> list[State]:
    """Roman phases of seeded random games, a few per game."""
    found: list[State] = []
    seed = 0
    while len(found) < count:
        game = Game.new(Settings(level=Level.parse(LEVELS[seed % len(LEVELS)])), seed=seed)
        player = RandomPlayer(seed)
        while not game.state.is_over and len(found) < count:
            state = game.state
            if state.awaiting is Awaiting.ROLL:
                game.roll()
                continue
            if state.awaiting is Awaiting.ROMAN_ACTION and state.ip in (6, 2):
                found.append(state.copy())
            game.play(player.choose(state, legal_actions(state)))
        seed += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=12)
    args = parser.parse_args()
    times: list[float] = []
    branches: list[int] = []
    for state in positions(args.positions):
        start = time.perf_counter()
        try:
            result = forecast(state)
        except NotForecastable:
            continue
        times.append((time.perf_counter() - start) * 1000)
        branches.append(result.branches)
    print(f"forecast of the Barbarian phase, {len(times)} positions (one core):")
    print(f"  median {statistics.median(times):8.1f} ms   worst {max(times):8.1f} ms   "
          f"(goal {GOAL_MS:.0f} ms)")
    print(f"  situations enumerated: median {statistics.median(branches):.0f}, most {max(branches)}")


if __name__ == "__main__":
    main()
