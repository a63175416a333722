"""The same calibration gives the same rows whatever runs it (issue 12): this process, a pool of
two local processes, and a real Dask cluster of two worker processes (distributed.LocalCluster
with processes=True: a scheduler and two worker processes, no mock)."""

from __future__ import annotations

import os
import re
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import distributed  # the dev extra brings dask[distributed]: never skipped
import pytest
from typer.testing import CliRunner

from tetrarchia.calibrate.cluster import ClusterError, check_workers, connect, dask_engine
from tetrarchia.calibrate.runner import Engine, in_process, pending_tasks, process_pool, run
from tetrarchia.calibrate.setups import make_setups
from tetrarchia.calibrate.store import Store
from tetrarchia.cli.main import app


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A local Dask cluster: a scheduler and two worker processes of one thread each."""
    with distributed.LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=2, threads_per_worker=1, processes=True,
            dashboard_address=None, silence_logs=40) as local:
        yield local


def outcomes(tmp_path: Path, name: str, engine: Engine) -> list[tuple[object, ...]]:
    setups = make_setups(["5300", "4211"], [], ["random", "heuristic"])
    with Store.open(tmp_path / f"{name}.sqlite") as store:
        tasks = pending_tasks(store, setups, 11, 4)
        outcome = run(store, tasks, engine, name, "test", identity=("0.1.0", "test"))
        assert outcome.stored == 16 and not outcome.interrupted
        return [row.outcome() for row in store.rows()]


def test_same_rows_on_one_process_a_pool_and_a_cluster(tmp_path: Path, cluster: Any) -> None:
    alone = outcomes(tmp_path, "alone", in_process)
    assert outcomes(tmp_path, "pool", process_pool(2)) == alone
    with distributed.Client(cluster.scheduler_address) as client:  # type: ignore[no-untyped-call]
        assert check_workers(client) == 2
        assert outcomes(tmp_path, "dask", dask_engine(client, batch=3)) == alone


def test_cli_cluster(tmp_path: Path, cluster: Any) -> None:
    store = tmp_path / "c.sqlite"
    result = CliRunner().invoke(app, ["calibrate", "--store", str(store), "--level", "5300",
                                      "--player", "random", "--games", "4",
                                      "--cluster", cluster.scheduler_address])
    assert result.exit_code == 0, result.output
    assert "dask" in result.output and "(2 workers)" in result.output
    with Store.read(store) as results:
        assert results.count() == 4
        workers = results.runs()[0].workers
        assert workers.startswith(f"dask {cluster.scheduler_address} (2 workers); served by ")
        assert set(workers.split(": ", 1)[1].split(", ")) <= set(cluster.scheduler_info["workers"])


SETUPS: tuple[list[str], list[str], list[str]] = (["5300", "4211"], [], ["random", "heuristic"])


def test_a_run_records_the_workers_that_served_it(tmp_path: Path, cluster: Any) -> None:
    with Store.open(tmp_path / "s.sqlite") as store:
        tasks = pending_tasks(store, make_setups(*SETUPS), 11, 2)
        with distributed.Client(cluster.scheduler_address) as client:  # type: ignore[no-untyped-call]
            run(store, tasks, dask_engine(client, batch=1), "dask here (2 workers)", "test",
                identity=("0.1.0", "test"))
        run(store, [], in_process, "1 local process", "test", identity=("0.1.0", "test"))
        first, idle = store.runs()
    served = first.workers.removeprefix("dask here (2 workers); served by ")
    count, names = served.split(": ", 1)
    assert 1 <= int(count) <= 2 and set(names.split(", ")) <= set(cluster.scheduler_info["workers"])
    assert idle.workers == "1 local process; no game played"


@pytest.mark.slow  # some 20 s: a cluster of its own, started and torn down
@pytest.mark.timeout(240)
def test_a_killed_worker_loses_no_game_and_changes_no_row(tmp_path: Path) -> None:
    """Issue 29: a real cluster (a scheduler, two worker processes under their nannies); one
    worker is killed (SIGKILL) once the first batch is back: its batches are played again by
    the other, and the rows are those of one process."""
    alone = outcomes(tmp_path, "alone", in_process)
    with distributed.LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=2, threads_per_worker=1, processes=True,
            dashboard_address=":0", silence_logs=50) as local, \
            distributed.Client(local.scheduler_address) as client:  # type: ignore[no-untyped-call]
        victims = [nanny.process.process.pid for nanny in local.workers.values()]
        killed: list[int] = []

        def kill_one(row: object) -> None:
            if not killed:
                os.kill(victims[0], signal.SIGKILL)
                killed.append(victims[0])

        with Store.open(tmp_path / "killed.sqlite") as store:
            tasks = pending_tasks(store, make_setups(*SETUPS), 11, 4)
            outcome = run(store, tasks, dask_engine(client, batch=1), "dask", "test",
                          on_row=kill_one, identity=("0.1.0", "test"))
            assert killed and outcome.stored == 16 and not outcome.interrupted
            assert [row.outcome() for row in store.rows()] == alone


def test_an_interrupted_run_resumes_on_the_cluster_with_the_same_rows(tmp_path: Path,
                                                                      cluster: Any) -> None:
    """Ctrl-C after five games: they are stored, the rest is not; the same command again plays
    only the rest (pending_tasks), and the store ends as one uninterrupted run's."""
    alone = outcomes(tmp_path, "alone", in_process)
    setups = make_setups(*SETUPS)

    def interrupt(row: object) -> None:
        played.append(row)
        if len(played) == 5:
            raise KeyboardInterrupt

    played: list[object] = []
    client = distributed.Client(cluster.scheduler_address)  # type: ignore[no-untyped-call]
    with client, Store.open(tmp_path / "resumed.sqlite") as store:
        first = run(store, pending_tasks(store, setups, 11, 4), dask_engine(client, batch=1),
                    "dask", "test", on_row=interrupt, identity=("0.1.0", "test"))
        assert first.interrupted and first.stored == 5 and store.count() == 5
        rest = pending_tasks(store, setups, 11, 4)
        assert len(rest) == 11
        second = run(store, rest, dask_engine(client, batch=3), "dask", "test",
                     identity=("0.1.0", "test"))
        assert second.stored == 11 and not second.interrupted
        assert sorted(row.outcome() for row in store.rows()) == sorted(alone)
        assert [r.games for r in store.runs()] == [5, 11]


def test_no_scheduler_at_the_address() -> None:
    with pytest.raises(ClusterError, match=re.escape("no Dask scheduler answers at 'tcp://127.0.0.1:9'")):
        connect("tcp://127.0.0.1:9", timeout=2)
