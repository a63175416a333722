"""Speed of the rules engine, for simulators and AI search (not a test).

Measures, on one core:

- actions applied per second in random playouts, legal-action generation and dice included
  (``legal_actions`` + ``apply_trusted``, choices and dice from a local ``random.Random``);
  the same playouts with events on (a list passed and filled with the typed records), and with
  the records also rendered into English (``tetrarchia.render``), so that their cost is visible;
- full random games per second;
- ``State.copy()`` per second and ``position_to_json`` per second, on mid-game states;
- peak memory: Python allocations during playouts (``tracemalloc``) and the process's maximum
  resident size (``resource.getrusage``).

Usage::

    python bench/bench.py                 # about 3 s per figure
    python bench/bench.py --seconds 10    # steadier figures
    python bench/bench.py --quick         # CI smoke run, under 10 s in all
    python bench/bench.py --profile       # also cProfile the playouts and list the hot spots
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import resource
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass

from tetrarchia.core.actions import Action, Roll
from tetrarchia.core.engine import apply_trusted, legal_actions, new_game
from tetrarchia.core.events import Event
from tetrarchia.core.serialize import position_to_json
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.render import render

# A realistic mix: the medium level most often, the easy and hard ones of R3 beside it.
LEVEL_MIX = ("4211", "4211", "4211", "5300", "4200", "3122", "5311", "3322")
GOAL_ACTIONS = 20_000
STRETCH_ACTIONS = 50_000
GOAL_COPIES = 100_000


@dataclass(frozen=True, slots=True)
class Playouts:
    actions: int
    games: int
    seconds: float


# Every optional rule that combines with the others (R11-R12), for the options' own figure.
ALL_OPTIONS = ("dux", "vicarius", "pirates", "goths", "imperivm", "mare-nostrvm", "via-romana",
               "vsvrpator", "roma-aeterna", "barbaria", "diarchia", "patres-patriae")


def settings_mix() -> list[Settings]:
    return [Settings(level=Level.parse(level)) for level in LEVEL_MIX]


def options_mix() -> list[Settings]:
    return [Settings(level=Level.parse("4211"), options=ALL_OPTIONS)]


def playout(state: State, rng: random.Random, events: list[Event] | None = None) -> int:
    """Play ``state`` to its end with uniformly random legal actions and fair dice; return the
    number of actions applied (rolls included).  With ``events``, the records of the game are
    appended to it."""
    count = 0
    rand = rng.random
    action: Action
    while state.awaiting is not Awaiting.NOTHING:
        if state.awaiting is Awaiting.ROLL:
            if state.roll_count == 1:
                action = Roll((1 + int(rand() * 6),))
            else:
                action = Roll((1 + int(rand() * 6), 1 + int(rand() * 6)))
        else:
            actions = legal_actions(state)
            action = actions[int(rand() * len(actions))]
        apply_trusted(state, action, events)
        count += 1
    return count


def run_playouts(seconds: float, seed: int, mix: list[Settings] | None = None,
                 events: bool = False, english: bool = False) -> Playouts:
    """Random games, one after the other, for about ``seconds``; with ``events``, each game
    fills a list of records (and with ``english`` renders every record to its sentence)."""
    rng = random.Random(seed)
    mix = mix or settings_mix()
    actions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = new_game(mix[games % len(mix)])
        if events:
            log: list[Event] = []
            actions += playout(state, rng, log)
            if english:
                board = state.board
                for event in log:
                    render(event, board)
        else:
            actions += playout(state, rng)
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            return Playouts(actions, games, now - start)


def sample_states(count: int, seed: int) -> list[State]:
    """Mid-game states (Roman phases and Barbarian rolls) from random games."""
    rng = random.Random(seed)
    mix = settings_mix()
    states: list[State] = []
    game = 0
    action: Action
    while len(states) < count:
        state = new_game(mix[game % len(mix)])
        game += 1
        steps = 0
        while not state.is_over and len(states) < count:
            if state.awaiting is Awaiting.ROLL:
                action = Roll(tuple(rng.randint(1, 6) for _ in range(state.roll_count)))
            else:
                options = legal_actions(state)
                action = options[rng.randrange(len(options))]
            apply_trusted(state, action)
            steps += 1
            if steps % 7 == 0 and not state.is_over:
                states.append(state.copy())
    return states


def rate(function: Callable[[State], object], states: list[State], seconds: float) -> float:
    """Calls of ``function`` per second, cycling over ``states``."""
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    batch = len(states)
    while True:
        for state in states:
            function(state)
        done += batch
        now = time.perf_counter()
        if now >= deadline:
            return done / (now - start)


def peak_memory(seconds: float, seed: int) -> tuple[float, float]:
    """(peak traced Python allocations during playouts in KiB, max resident size in MiB)."""
    tracemalloc.start()
    run_playouts(seconds, seed)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    usage = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    rss = usage / 1024 / 1024 if sys.platform == "darwin" else usage / 1024  # bytes on macOS, KiB on Linux
    return peak / 1024, rss


def profile_playouts(seconds: float, seed: int, top: int) -> str:
    """cProfile of random playouts: the functions with the most time of their own."""
    profiler = cProfile.Profile()
    profiler.enable()
    run_playouts(seconds, seed)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


def verdict(value: float, goal: float, stretch: float | None = None) -> str:
    if stretch is not None and value >= stretch:
        return f"meets the stretch goal {stretch:,.0f}"
    if value >= goal:
        extra = f" (stretch {stretch:,.0f})" if stretch is not None else ""
        return f"meets the goal {goal:,.0f}{extra}"
    return f"MISSES the goal {goal:,.0f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="time budget per figure (default 3)")
    parser.add_argument("--quick", action="store_true", help="smoke run for CI: under 10 s in all")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the choices and dice")
    parser.add_argument("--profile", action="store_true", help="cProfile the playouts and list hot spots")
    parser.add_argument("--top", type=int, default=25, help="functions listed by --profile")
    args = parser.parse_args(argv)
    seconds = 0.6 if args.quick else args.seconds
    if seconds <= 0:
        parser.error("--seconds must be positive")

    print(f"tetrarchia engine benchmark: Python {sys.version.split()[0]}, {seconds:g} s per figure, "
          f"seed {args.seed}, levels {' '.join(sorted(set(LEVEL_MIX)))}")
    playouts = run_playouts(seconds, args.seed)
    actions_per_s = playouts.actions / playouts.seconds
    games_per_s = playouts.games / playouts.seconds
    print(f"  random playouts     {actions_per_s:>12,.0f} actions/s   "
          f"{verdict(actions_per_s, GOAL_ACTIONS, STRETCH_ACTIONS)}")
    print(f"  full random games   {games_per_s:>12,.1f} games/s     "
          f"({playouts.games} games, {playouts.actions / playouts.games:.0f} actions each)")
    recorded = run_playouts(seconds, args.seed, events=True)
    recorded_per_s = recorded.actions / recorded.seconds
    print(f"  with events on      {recorded_per_s:>12,.0f} actions/s   "
          f"({recorded_per_s / actions_per_s:.0%} of events off: typed records built and kept)")
    told = run_playouts(seconds, args.seed, events=True, english=True)
    told_per_s = told.actions / told.seconds
    print(f"  events in English   {told_per_s:>12,.0f} actions/s   "
          f"({told_per_s / actions_per_s:.0%} of events off: records rendered to sentences too)")
    optioned = run_playouts(seconds, args.seed, options_mix())
    print(f"  with all options    {optioned.actions / optioned.seconds:>12,.0f} actions/s   "
          f"(level 4211 with {len(ALL_OPTIONS)} compatible optional rules)")
    states = sample_states(50 if args.quick else 200, args.seed)
    copies = rate(State.copy, states, seconds)
    print(f"  State.copy()        {copies:>12,.0f} copies/s    {verdict(copies, GOAL_COPIES)}")
    dumps = rate(position_to_json, states, seconds)
    print(f"  position_to_json    {dumps:>12,.0f} positions/s")
    traced, rss = peak_memory(min(seconds, 1.0), args.seed)
    print(f"  peak memory         {traced:>12,.0f} KiB traced during playouts, "
          f"{rss:.1f} MiB max resident (whole process)")
    if args.profile:
        print()
        print(profile_playouts(seconds, args.seed, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
