"""Playing a calibration's games: in this process, or a pool of local processes, every result
stored as it comes.

A game's row depends only on its task (setup and seed): :func:`play_task` plays it with the
simulator's loop (:func:`tetrarchia.simulate.play_game`, with no time budget: a player that samples
dice plays its default number of samples, or the setup's (``search:10``), so even the search
decides the same way on any machine and under any load).  The engines below only decide
where the tasks run; whatever the number of workers, the stored outcomes are the same.

Interruption (Ctrl-C): the pool's workers ignore SIGINT, so only this process sees it; the
games already returned are stored (each in its own commit), the workers are terminated and the
games they were playing are simply not stored: a rerun plays them.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from tetrarchia.buildinfo import compiled_in_use
from tetrarchia.calibrate.setups import Setup, Task, interleaved
from tetrarchia.calibrate.store import (
    ARMY_IN_ROMA,
    LOSS,
    RESERVE_EMPTY,
    UNFINISHED,
    WIN,
    GameRow,
    Store,
)
from tetrarchia.core.board import default_board
from tetrarchia.core.scoring import score
from tetrarchia.core.state import Result
from tetrarchia.simulate import play_game
from tetrarchia.version import __version__

RESULT_TEXT = {Result.ROMA_VICTRIX: (WIN, ""), Result.ARMY_IN_ROMA: (LOSS, ARMY_IN_ROMA),
               Result.RESERVE_EMPTY: (LOSS, RESERVE_EMPTY), Result.ONGOING: (UNFINISHED, "")}

Served = tuple[str, list[GameRow]]  # the worker that played a batch, and its rows
Engine = Callable[[Sequence[Task]], Iterator[Served]]


def play_task(task: Task) -> GameRow:
    """Play one seeded game of ``task`` and return its row (R8: the result and its cause)."""
    setup = task.setup
    start = time.perf_counter()
    state = play_game(setup.settings(), task.seed, default_board(), setup.player_name, setup.budget)
    seconds = time.perf_counter() - start
    result, cause = RESULT_TEXT[state.result]
    return GameRow(setup.level, setup.text, setup.player, task.seed, result, cause, state.round,
                   state.turns_played, score(state).total, round(seconds, 4))


def play_batch(tasks: Sequence[Task]) -> Served:
    """Play a few tasks in a row (one message to and from a worker for several games), saying
    which worker played them."""
    return worker_name(), [play_task(task) for task in tasks]


def worker_name() -> str:
    """The worker this runs on: a Dask worker's address, else this process (issue 29: a run
    records the workers that served it, not only how many it saw at its start)."""
    with suppress(ImportError, ValueError):
        from distributed import get_worker

        return str(get_worker().address)
    return f"process {os.getpid()} on {socket.gethostname()}"


def served_text(workers: str, served: set[str]) -> str:
    """The run's workers as recorded: what it started on, then who actually played its games."""
    if not served:
        return f"{workers}; no game played"
    return f"{workers}; served by {len(served)}: {', '.join(sorted(served))}"


def source_identity() -> tuple[str, str]:
    """The package version and the git commit of its sources (``-dirty`` when the sources
    differ from it; empty when the package is not run from a git checkout)."""
    folder = Path(__file__).resolve().parent.parent  # the package's folder
    try:
        head = subprocess.run(["git", "-C", str(folder), "rev-parse", "--short=12", "HEAD"],
                              capture_output=True, text=True, timeout=10, check=True).stdout.strip()
        changed = subprocess.run(["git", "-C", str(folder), "status", "--porcelain", "--", "."],
                                 capture_output=True, text=True, timeout=10, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return __version__, ""
    return __version__, head + ("-dirty" if changed.strip() else "")


def pending_tasks(store: Store, setups: Sequence[Setup], base_seed: int, games: int) -> list[Task]:
    """The tasks of ``games`` paired seeds (``base_seed + i``) per setup that are not stored yet
    (resume, extend), game ``i`` of every setup before game ``i + 1``."""
    stored = {setup: store.seeds(setup.level, setup.text, setup.player) for setup in setups}
    return [task for task in interleaved(setups, range(base_seed, base_seed + games))
            if task.seed not in stored[task.setup]]


def batches(tasks: Sequence[Task], size: int) -> list[list[Task]]:
    return [list(tasks[i:i + size]) for i in range(0, len(tasks), size)]


def in_process(tasks: Sequence[Task]) -> Iterator[Served]:
    """``--jobs 1``: every game in this process, one after the other."""
    for task in tasks:
        yield play_batch([task])


def _ignore_interrupt() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


def process_pool(jobs: int, batch: int = 1) -> Engine:
    """``--jobs N``: a pool of N processes; results come back as each batch ends."""

    def engine(tasks: Sequence[Task]) -> Iterator[Served]:
        pool = multiprocessing.get_context("spawn").Pool(jobs, initializer=_ignore_interrupt)
        try:
            yield from pool.imap_unordered(play_batch, batches(tasks, batch))
            pool.close()
        finally:
            pool.terminate()  # a no-op after close(); on Ctrl-C it stops the games under way
            pool.join()

    return engine


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


@dataclass(slots=True)
class Outcome:
    """What a run did: games stored, in how long, and whether it was interrupted."""

    stored: int
    planned: int
    seconds: float
    interrupted: bool

    @property
    def games_per_second(self) -> float:
        return self.stored / self.seconds if self.seconds > 0 else 0.0


def run(store: Store, tasks: Sequence[Task], engine: Engine, workers: str, command: str,
        on_row: Callable[[GameRow], None] = lambda row: None,
        identity: tuple[str, str] | None = None) -> Outcome:
    """Play ``tasks`` with ``engine`` and store each row as it comes; Ctrl-C stops cleanly.

    The run is recorded in the store's ``runs`` table (version, commit, times, workers: those
    it started on, then those that played its games).  The commit says when the rules ran
    compiled: the same rows, at another speed (the games' ``seconds``)."""
    version, commit_hash = identity or source_identity()
    if compiled_in_use():  # the rules imported from mypyc's modules (tetrarchia doctor)
        commit_hash += " (mypyc-compiled core)"
    run_id = store.start_run(version, commit_hash, now(), workers, command)
    start = time.perf_counter()
    stored = 0
    interrupted = False
    served: set[str] = set()
    results = engine(tasks)
    try:
        for worker, rows in results:
            served.add(worker)
            for row in rows:
                store.add(row, run_id)
                stored += 1
                on_row(row)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        with suppress(KeyboardInterrupt):
            close = getattr(results, "close", None)
            if close is not None:
                close()
    seconds = time.perf_counter() - start
    store.finish_run(run_id, now(), round(seconds, 3), stored, served_text(workers, served))
    return Outcome(stored, len(tasks), seconds, interrupted)
