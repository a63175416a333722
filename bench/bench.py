"""Speed of the rules engine, for simulators and AI search (not a test).

Measures, on one core:

- actions applied per second in random playouts, legal-action generation and dice included
  (``legal_actions`` + ``apply_trusted``, choices and dice from a local ``random.Random``);
  the same playouts with events on (a list passed and filled with the typed records), and with
  the records also rendered into English (``tetrarchia.render``), so that their cost is visible;
- full random games per second;
- ``State.copy()`` per second and ``position_to_json`` per second, on mid-game states;
- peak memory: Python allocations during playouts (``tracemalloc``) and the process's maximum
  resident size (``resource.getrusage``);
- the heuristic player's whole games per second (``tetrarchia calibrate``'s unit of work): on one
  core, and on all cores with a pool of processes (wall clock, the pool started beforehand);
- the forecast of the Barbarian phase (``tetrarchia.analysis.forecast``): its time per position
  (median, 90th percentile, worst) by the fast model and by the engine-following fallback, on
  the Roman phases of random games of the level mix (bench/forecast.py: more positions, options).

Each figure is the median of ``--repeat`` runs (the machine is noisy).  When the compiled core
is installed (``TETRARCHIA_COMPILE=1 pip install .``, see ``tetrarchia doctor``), the pure Python
and the compiled figures are printed side by side: each build runs in its own process, the pure
one with ``TETRARCHIA_PURE=1`` (the sources of the same install).

Usage::

    python bench/bench.py                    # median of 5 runs of 1 s per figure, every build
    python bench/bench.py --build pure       # one build only (pure, compiled or both)
    python bench/bench.py --seconds 3 --repeat 9   # steadier figures
    python bench/bench.py --quick            # CI smoke run, under 10 s in all
    python bench/bench.py --profile          # also cProfile the pure playouts: the hot spots
    python bench/bench.py --forecast 12      # the forecast's time on 12 positions (default 6)
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import multiprocessing
import os
import pstats
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tetrarchia.analysis.forecast import engine_forecast, fast_forecast
from tetrarchia.buildinfo import PURE_VARIABLE, compiled_in_use, compiled_modules
from tetrarchia.calibrate.runner import default_jobs, play_batch
from tetrarchia.calibrate.setups import Setup, Task
from tetrarchia.core.actions import Action, Roll
from tetrarchia.core.engine import apply_trusted, legal_actions, new_game
from tetrarchia.core.events import Event
from tetrarchia.core.serialize import position_to_json
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.render import render

# A realistic mix: the medium level most often, the easy and hard ones of R3 beside it.
LEVEL_MIX = ("4211", "4211", "4211", "5300", "4200", "3122", "5311", "3322")
# The clock of every figure: the process's CPU time by default, so that other programs sharing
# the cores slow a figure down less than wall-clock time would show (--clock wall: the latter).
CLOCK: list[Callable[[], float]] = [time.process_time]

# Issue 14's goals, for the compiled core on one core: three times the pure engine of before.
GOAL_ACTIONS = 150_000
GOAL_OPTIONS = 75_000
GOAL_COPIES = 1_000_000


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
    start = CLOCK[0]()
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
        now = CLOCK[0]()
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
    start = CLOCK[0]()
    deadline = start + seconds
    batch = len(states)
    while True:
        for state in states:
            function(state)
        done += batch
        now = CLOCK[0]()
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


GOAL_FORECAST_MS = 20.0  # issue 8: the forecast of a Barbarian phase, per position


def forecast_positions(count: int, seed: int) -> list[State]:
    """Roman phases (at their first action) of random games of the level mix, one per game,
    after a few turns, so that armies and revolts are on the board."""
    rng = random.Random(seed)
    mix = settings_mix()
    found: list[State] = []
    game = 0
    while len(found) < count:
        state = new_game(mix[game % len(mix)])
        wanted = 1 + game % 3  # the 1st, 2nd or 3rd Roman phase of the game
        game += 1
        seen = 0
        while not state.is_over:
            if state.awaiting is Awaiting.ROLL:
                apply_trusted(state, Roll(tuple(rng.randint(1, 6) for _ in range(state.roll_count))))
                continue
            if state.awaiting is Awaiting.ROMAN_ACTION and state.ip == 6 and state.passer < 0:
                seen += 1
                if seen == wanted:
                    found.append(state.copy())
                    break
            actions = legal_actions(state)
            apply_trusted(state, actions[rng.randrange(len(actions))])
    return found


def forecast_times(count: int, seed: int, fallback: bool) -> dict[str, list[float]]:
    """Milliseconds per position of the fast model and (``fallback``) of the engine-following
    forecast, on the same positions."""
    times: dict[str, list[float]] = {"fast model": [], "fallback": []}
    for state in forecast_positions(count, seed):
        start = CLOCK[0]()
        fast = fast_forecast(state)
        if fast is not None:
            times["fast model"].append((CLOCK[0]() - start) * 1000)
        if fallback:
            start = CLOCK[0]()
            engine_forecast(state)
            times["fallback"].append((CLOCK[0]() - start) * 1000)
    return times


def report_forecast(times: dict[str, list[float]]) -> None:
    for name, values in times.items():
        if not values:
            continue
        ordered = sorted(values)
        p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
        print(f"  {'forecast, ' + name:<26} median {statistics.median(values):9.1f} ms   "
              f"p90 {p90:9.1f} ms   worst {max(values):9.1f} ms   ({len(values)} positions; "
              f"goal {GOAL_FORECAST_MS:.0f} ms)")


# (key, label, unit, goal of the compiled core or None): the figures, in the order printed
FIGURES = (
    ("actions", "random playouts", "actions/s", GOAL_ACTIONS),
    ("games", "full random games", "games/s", None),
    ("events", "with events on", "actions/s", None),
    ("english", "events in English", "actions/s", None),
    ("options", "with all options", "actions/s", GOAL_OPTIONS),
    ("copies", "State.copy()", "copies/s", GOAL_COPIES),
    ("dumps", "position_to_json", "positions/s", None),
)


def measure(seconds: float, seed: int, sampled: int) -> dict[str, float]:
    """One run of every figure."""
    playouts = run_playouts(seconds, seed)
    recorded = run_playouts(seconds, seed, events=True)  # typed records built and kept
    told = run_playouts(seconds, seed, events=True, english=True)  # ... and rendered to sentences
    optioned = run_playouts(seconds, seed, options_mix())
    states = sample_states(sampled, seed)
    return {
        "actions": playouts.actions / playouts.seconds,
        "games": playouts.games / playouts.seconds,
        "actions_per_game": playouts.actions / playouts.games,
        "events": recorded.actions / recorded.seconds,
        "english": told.actions / told.seconds,
        "options": optioned.actions / optioned.seconds,
        "copies": rate(State.copy, states, seconds),
        "dumps": rate(position_to_json, states, seconds),
    }


def worker(args: argparse.Namespace) -> int:
    """Measure this process's build once; write the figures to ``args.worker``."""
    run = measure(args.seconds, args.seed, args.sampled)
    traced, rss = peak_memory(min(args.seconds, 1.0), args.seed) if args.memory else (0.0, 0.0)
    result = {"compiled": compiled_in_use(), "runs": [run], "traced_kib": traced, "rss_mib": rss}
    Path(args.worker).write_text(json.dumps(result))
    if args.profile:
        print(profile_playouts(args.seconds, args.seed, args.top))
    return 0


def run_build(build: str, args: argparse.Namespace) -> dict[str, object]:
    """Measure ``build`` ("pure" or "compiled") once, in a process of its own."""
    env = {k: v for k, v in os.environ.items() if k != PURE_VARIABLE}
    if build == "pure":
        env[PURE_VARIABLE] = "1"
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "runs.json"
        command = [sys.executable, __file__, "--worker", str(out), "--seconds", str(args.seconds),
                   "--seed", str(args.seed), "--sampled", str(args.sampled), "--clock", args.clock]
        if args.memory:
            command.append("--memory")
        if args.profile and build == "pure":  # cProfile sees no compiled function: profile the sources
            command += ["--profile", "--top", str(args.top)]
        subprocess.run(command, env=env, check=True)
        result: dict[str, object] = json.loads(out.read_text())
    if (build == "compiled") != bool(result["compiled"]):
        raise SystemExit(f"the {build} build did not run as asked (compiled modules: {result['compiled']})")
    return result


def median(result: dict[str, object], key: str) -> float:
    runs = result["runs"]
    assert isinstance(runs, list)
    return statistics.median(float(run[key]) for run in runs)


def verdict(value: float, goal: float) -> str:
    return f"meets the goal {goal:,.0f}" if value >= goal else f"MISSES the goal {goal:,.0f}"


def report(results: dict[str, dict[str, object]]) -> None:
    """The figures of each build side by side, the compiled/pure ratio, and the goals."""
    builds = list(results)
    names = {"pure": "pure Python", "compiled": "compiled (mypyc)"}
    header = f"  {'':<20}" + "".join(f"{names[b]:>26}" for b in builds)
    print(header + ("     ratio" if len(builds) == 2 else "") + "   goal (compiled core)")
    for key, label, unit, goal in FIGURES:
        values = [median(results[b], key) for b in builds]
        digits = 1 if key == "games" else 0
        line = f"  {label:<20}" + "".join(f"{v:>14,.{digits}f} {unit:<11}" for v in values)
        if len(builds) == 2:
            line += f"   x{values[1] / values[0]:.2f}"
        if goal is not None:
            line += f"   {verdict(values[-1], goal)}" if builds[-1] == "compiled" else f"   {goal:,.0f}"
        print(line)
    per_game = median(results[builds[0]], "actions_per_game")
    memory = "".join(f"{float(str(results[b]['traced_kib'])):>11,.0f} KiB "
                     f"{float(str(results[b]['rss_mib'])):>5.1f} MiB   " for b in builds)
    print(f"  {'peak memory':<20}{memory}  (traced during playouts, max resident)")
    print(f"  ({per_game:.0f} actions a game; a goal is for the compiled core, issue 14)")


def heuristic_tasks(games: int, seed: int) -> list[Task]:
    """Heuristic games over the level mix, seeds ``seed + i``."""
    mix = settings_mix()
    return [Task(Setup.of(mix[i % len(mix)], "heuristic"), seed + i) for i in range(games)]


def heuristic_speed(games: int, seed: int) -> tuple[float, float, int]:
    """Games per second of the heuristic player on one core (this process) and on all cores
    (a pool of processes, one game per task), both by the wall clock; and the number of cores."""
    tasks = heuristic_tasks(games, seed)
    start = time.perf_counter()
    play_batch(tasks)
    one = games / (time.perf_counter() - start)
    jobs = default_jobs()
    many = heuristic_tasks(games * jobs, seed)
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        pool.map(play_batch, [[task] for task in many[:jobs]])  # started and warmed up
        start = time.perf_counter()
        for _ in pool.imap_unordered(play_batch, [[task] for task in many]):
            pass
        all_cores = len(many) / (time.perf_counter() - start)
    return one, all_cores, jobs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.0, help="time per figure and run (default 1)")
    parser.add_argument("--repeat", type=int, default=5,
                        help="runs per figure; the median is shown (default 5)")
    parser.add_argument("--build", choices=("both", "pure", "compiled"), default="both",
                        help="which build to measure (default: both when the compiled core is installed)")
    parser.add_argument("--quick", action="store_true", help="smoke run for CI: under 10 s in all")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the choices and dice")
    parser.add_argument("--profile", action="store_true",
                        help="cProfile the pure playouts and list hot spots")
    parser.add_argument("--top", type=int, default=25, help="functions listed by --profile")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                        help="time figures by this process's CPU time (default) or by the wall clock")
    parser.add_argument("--forecast", type=int, default=6,
                        help="positions for the forecast's time (default 6; 0: none)")
    parser.add_argument("--games", type=int, default=60,
                        help="heuristic games on one core, and per core on all cores (default 60)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)  # internal: measure this process's build
    parser.add_argument("--sampled", type=int, default=200, help=argparse.SUPPRESS)
    parser.add_argument("--memory", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.quick:
        args.seconds, args.repeat, args.sampled = 0.3, 1, 50
        args.forecast = min(args.forecast, 3)
        args.games = min(args.games, 6)
    if args.seconds <= 0 or args.repeat < 1:
        parser.error("--seconds must be positive and --repeat at least 1")
    if args.clock == "wall":
        CLOCK[0] = time.perf_counter
    if args.worker:
        return worker(args)
    args.memory = True  # measured in the first run of each build
    installed = bool(compiled_modules())
    if args.build == "compiled" and not installed:
        parser.error("the compiled core is not installed (TETRARCHIA_COMPILE=1 pip install .)")
    builds = ["pure", "compiled"] if args.build == "both" and installed else \
        ["pure"] if args.build == "both" else [args.build]
    print(f"tetrarchia engine benchmark: Python {sys.version.split()[0]}, median of {args.repeat} "
          f"run(s) of {args.seconds:g} s ({args.clock} time) per figure, seed {args.seed}, "
          f"levels {' '.join(sorted(set(LEVEL_MIX)))}"
          + ("" if installed else "; the compiled core is not installed"), flush=True)
    # The builds take turns, run after run, so that a busy spell of the machine falls on both.
    results: dict[str, dict[str, object]] = {}
    for turn in range(args.repeat):
        for build in builds:
            result = run_build(build, args)
            if turn == 0:
                results[build] = result
            else:
                runs, more = results[build]["runs"], result["runs"]
                assert isinstance(runs, list) and isinstance(more, list)
                runs.extend(more)
        args.profile = args.memory = False  # once is enough
    report(results)
    if args.games > 0:  # in this process's build, like the forecast
        one, all_cores, jobs = heuristic_speed(args.games, args.seed)
        print(f"  heuristic player     {one:>14,.1f} games/s on one core, {all_cores:,.1f} games/s "
              f"on {jobs} cores ({args.games} games per core, wall clock; tetrarchia calibrate)")
    if args.forecast > 0:  # in this process (its build); the fallback is left out of --quick
        report_forecast(forecast_times(args.forecast, args.seed, fallback=not args.quick))
    return 0


if __name__ == "__main__":
    sys.exit(main())
