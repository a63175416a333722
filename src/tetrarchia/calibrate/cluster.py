"""``tetrarchia calibrate --cluster ADDRESS``: the same run on a Dask distributed scheduler.

Why Dask rather than Ray: ``dask[distributed]`` is pure-Python wheels (Ray ships a large native
runtime per platform and Python version); a scheduler and its workers are ordinary processes
started with ``dask scheduler`` / ``dask worker ADDRESS`` on any machine where tetrarchia is
installed, with no daemon to keep running; and ``distributed.LocalCluster(processes=True)``
starts a real cluster of worker processes for the tests.  The install is ``pip install
'tetrarchia[cluster]'``.

The games are sent in small batches (:data:`BATCH` games per task, one message each way); a
row depends only on its setup and seed, so the stored outcomes are the same whatever the number
of workers (tests/calibrate/test_calibrate_cluster.py checks it on a real local cluster, and that a worker
killed in the middle of a run loses nothing: Dask plays its batches again on another).  Each
batch says which worker played it, and the run records them (``served by``).  Before the
first game every worker is asked which tetrarchia it runs: a worker with another version or
commit would measure other rules, and is refused.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from importlib import import_module
from types import ModuleType
from typing import Any

from tetrarchia.calibrate.runner import Engine, Served, play_batch, source_identity
from tetrarchia.calibrate.setups import Task
from tetrarchia.core.errors import TetrarchiaError

BATCH = 8  # games per Dask task: a few tenths of a second of the heuristic player's play
INSTALL = "pip install 'tetrarchia[cluster]'"


class ClusterError(TetrarchiaError):
    """The cluster cannot be used: Dask missing, no scheduler at the address, other workers."""


def distributed() -> ModuleType:
    """The ``distributed`` package, or a ClusterError saying which extra to install."""
    try:
        return import_module("distributed")
    except ImportError as exc:
        raise ClusterError(f"--cluster needs Dask distributed, which is not installed: {INSTALL}") from exc


def connect(address: str, timeout: float = 10.0) -> Any:
    """A Dask client of the scheduler at ``address`` (e.g. tcp://10.0.0.5:8786)."""
    dask = distributed()
    try:
        return dask.Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"no Dask scheduler answers at {address!r} ({exc}); start one with "
                           "'dask scheduler' and workers with 'dask worker ADDRESS'") from exc


def check_workers(client: Any) -> int:
    """The number of workers; refuses workers running another tetrarchia than this one."""
    mine = source_identity()
    theirs: dict[str, tuple[str, str]] = client.run(source_identity)
    if not theirs:
        raise ClusterError("the Dask scheduler has no worker: start some with 'dask worker ADDRESS'")
    for worker, identity in sorted(theirs.items()):
        if tuple(identity) != mine:
            raise ClusterError(f"the worker {worker} runs tetrarchia {identity[0]} "
                               f"({identity[1] or 'no commit'}), this machine {mine[0]} "
                               f"({mine[1] or 'no commit'}): the results would not measure the "
                               "same rules")
    return len(theirs)


def dask_engine(client: Any, batch: int = BATCH) -> Engine:
    """Play the tasks on the cluster of ``client``; results come back as each batch ends."""
    dask = distributed()

    def engine(tasks: Sequence[Task]) -> Iterator[Served]:
        chunks = [list(tasks[i:i + batch]) for i in range(0, len(tasks), batch)]
        futures = client.map(play_batch, chunks, pure=False)
        try:
            for future in dask.as_completed(futures):
                worker, rows = future.result()  # a batch of a lost worker is played again by
                yield worker, rows               # another (Dask reschedules it)
        finally:
            client.cancel(futures)  # Ctrl-C: the batches not yet played are dropped

    return engine
