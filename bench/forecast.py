"""Time of the Barbarian-phase forecast (analysis/forecast.py) per position (not a test).

Positions are the Roman phases of seeded games (random play, seeded dice) at several levels;
for each, one exact forecast by the fast model (analysis/revolts.py and analysis/advance.py)
and one by the engine-following forecast (the fallback, and the forecast before the fast model),
timed on the process's CPU clock.  Printed: median, 90th percentile and worst time of each, the
situations enumerated, and the largest difference between their figures (they must agree).

Usage::

    python bench/forecast.py                     # 12 positions, both methods
    python bench/forecast.py --positions 40
    python bench/forecast.py --fast-only         # skip the (slow) engine-following forecast
    python bench/forecast.py --options vicarius  # games with optional rules
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from tetrarchia.analysis.forecast import (
    Forecast,
    NotForecastable,
    engine_forecast,
    fast_forecast,
    fast_model_gap,
    position_before,
)
from tetrarchia.core.engine import legal_actions
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.game import Game
from tetrarchia.players.random_player import RandomPlayer

LEVELS = ("4211", "5300", "3322", "4222")
GOAL_MS = 20.0  # issue 8
PER_GAME = 3  # positions taken from one game at most, so that many games count


def positions(count: int, options: tuple[str, ...] = ()) -> list[State]:
    """Roman phases of seeded random games, a few per game, where the forecast can be asked."""
    found: list[State] = []
    seed = 0
    while len(found) < count:
        settings = Settings(level=Level.parse(LEVELS[seed % len(LEVELS)]), options=options)
        game = Game.new(settings, seed=seed)
        player = RandomPlayer(seed)
        taken = 0
        while not game.state.is_over and len(found) < count and taken < PER_GAME:
            state = game.state
            if state.awaiting is Awaiting.ROLL:
                game.roll()
                continue
            if state.awaiting is Awaiting.ROMAN_ACTION and state.ip in (6, 2) and state.passer < 0:
                found.append(state.copy())
                taken += 1
            game.play(player.choose(state, legal_actions(state)))
        seed += 1
    return found


def timed(method: Callable[[State], Forecast | None], state: State) -> tuple[float, Forecast | None]:
    start = time.process_time()
    result = method(state)
    return (time.process_time() - start) * 1000, result


def difference(a: Forecast, b: Forecast) -> float:
    """The largest difference between two forecasts' figures."""
    pairs = list(zip(a.revolt + a.unrest + a.emperor_in_revolt + a.emperor_removed,
                     b.revolt + b.unrest + b.emperor_in_revolt + b.emperor_removed, strict=True))
    pairs += [(a.army_in_roma, b.army_in_roma), (a.reserve_empty, b.reserve_empty)]
    for x, y in zip(a.armies, b.armies, strict=True):
        pairs += [(x.advances, y.advances), (x.stays, y.stays), (x.destroyed, y.destroyed)]
    return max(abs(x - y) for x, y in pairs)


def summary(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (f"  {name:<8} median {statistics.median(times):8.1f} ms   p90 {p90:8.1f} ms   "
            f"worst {max(times):8.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--options", default="", help="optional rules, comma-separated")
    parser.add_argument("--fast-only", action="store_true", help="time the fast model alone")
    args = parser.parse_args()
    options = tuple(o for o in args.options.split(",") if o)
    fast_times: list[float] = []
    engine_times: list[float] = []
    fast_branches: list[int] = []
    engine_branches: list[int] = []
    uncovered = 0
    worst_gap = worst_unresolved = 0.0
    for state in positions(args.positions, options):
        fast: Forecast | None = None
        try:
            before = position_before(state)
        except NotForecastable:
            continue
        if fast_model_gap(before) is not None:
            uncovered += 1
        else:
            ms, fast = timed(fast_forecast, state)
            if fast is not None:
                fast_times.append(ms)
                fast_branches.append(fast.branches)
        if args.fast_only:
            continue
        ms, engine = timed(engine_forecast, state)
        assert engine is not None
        engine_times.append(ms)
        engine_branches.append(engine.branches)
        if fast is not None:
            worst_gap = max(worst_gap, difference(fast, engine))
            worst_unresolved = max(worst_unresolved, engine.unresolved)
    count = max(len(fast_times), len(engine_times))
    print(f"forecast of the Barbarian phase, {count} positions, levels {', '.join(LEVELS)}"
          f"{', options ' + ', '.join(options) if options else ''} (CPU time, one core):")
    if fast_times:
        print(summary("fast", fast_times) + f"   situations: median "
              f"{statistics.median(fast_branches):.0f}, most {max(fast_branches)}")
    if uncovered:
        print(f"  {uncovered} positions not covered by the fast model (the engine answers)")
    if engine_times:
        print(summary("engine", engine_times) + f"   situations: median "
              f"{statistics.median(engine_branches):.0f}, most {max(engine_branches)}")
    if fast_times and engine_times:
        print(f"  largest difference between them: {worst_gap:.1e} (the engine's dropped "
              f"branches: at most {worst_unresolved:.1e})")
    print(f"  goal: under {GOAL_MS:.0f} ms per position")


if __name__ == "__main__":
    main()
