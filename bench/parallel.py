"""The search on both cores (issue 28): how many more samples per plan it gets within the same
wall-clock second when its plans are shared out to worker processes (``SearchPlayer(workers=2)``,
``players/search.py``: each worker samples its share of the plans with the same seeds, so the
samples stay paired across plans), against one process.  Not a test.

The positions are the Roman actions of heuristic games (seeds ``--seed`` on, one position in
``--every``), each thought on by both searches with the same generator and budget; the pool of
the two-process search is started before the first position (a player keeps it for its game).
Printed: the samples per plan of each search (median, p10, p90), the ratio of the two for each
position (median), and the wall time per decision (median, p99)::

    python bench/parallel.py --positions 30 --seconds 1
    python bench/parallel.py --positions 30 --seconds 0.3 --level 4222
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from search_speed import positions  # run as a script: bench/ is on the path
from tetrarchia.core.engine import legal_actions
from tetrarchia.core.state import State
from tetrarchia.players.protocol import Budget
from tetrarchia.players.search import SearchPlayer

MOST_SAMPLES = 100_000  # never reached: the time decides


def collected(level: str, count: int, seed: int, every: int) -> list[State]:
    """``count`` positions awaiting a Roman action, from heuristic games at ``level`` from
    ``seed`` on (bench/search_speed.py's positions, a game after another)."""
    found: list[State] = []
    while len(found) < count:
        found += positions(level, seed, count - len(found), every)
        seed += 1
    return found


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=1.0, help="wall-clock budget per decision")
    parser.add_argument("--level", default="4211")
    parser.add_argument("--seed", type=int, default=1, help="the first heuristic game's seed")
    parser.add_argument("--every", type=int, default=7, help="one Roman action in N is a position")
    args = parser.parse_args()
    if args.positions < 1 or args.seconds <= 0 or args.every < 1:
        parser.error("--positions >= 1, --seconds > 0, --every >= 1")
    states = collected(args.level, args.positions, args.seed, args.every)
    one, two = SearchPlayer(1, workers=1), SearchPlayer(1, workers=2)
    warm = states[0].copy()
    two.think(warm, legal_actions(warm), random.Random(0), Budget(seconds=0.2, simulations=MOST_SAMPLES))
    samples: dict[int, list[float]] = {1: [], 2: []}
    walls: dict[int, list[float]] = {1: [], 2: []}
    for n, state in enumerate(states):
        for workers, player in ((1, one), (2, two)):
            began = time.perf_counter()
            thought = player.think(state.copy(), legal_actions(state), random.Random(n),
                                   Budget(seconds=args.seconds, simulations=MOST_SAMPLES))
            walls[workers].append(time.perf_counter() - began)
            samples[workers].append(float(thought.simulations))
        print(f"\rposition {n + 1}/{len(states)}", end="", flush=True)
    two.close()
    print(f"\rthe search at {args.seconds:g} s of wall clock per decision, {len(states)} Roman actions of "
          f"heuristic games at {args.level} (seeds from {args.seed})")
    for workers in (1, 2):
        got, wall = samples[workers], [t * 1000 for t in walls[workers]]
        print(f"  {workers} process{'es' if workers > 1 else '  '}: samples per plan median "
              f"{statistics.median(got):6.0f}  p10 {percentile(got, 0.1):5.0f}  "
              f"p90 {percentile(got, 0.9):5.0f}   wall per decision median {statistics.median(wall):6.0f} ms"
              f"  p99 {percentile(wall, 0.99):6.0f} ms")
    ratios = [b / a for a, b in zip(samples[1], samples[2], strict=True) if a]
    print(f"  2 processes / 1, position by position: median {statistics.median(ratios):.2f}x "
          f"(p10 {percentile(ratios, 0.1):.2f}x, p90 {percentile(ratios, 0.9):.2f}x)")


if __name__ == "__main__":
    main()
