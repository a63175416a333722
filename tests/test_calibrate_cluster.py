"""The same calibration gives the same rows whatever runs it (issue 12): this process, a pool of
two local processes, and a real Dask cluster of two worker processes (distributed.LocalCluster
with processes=True: a scheduler and two worker processes, no mock)."""

from __future__ import annotations

import re
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
        assert results.runs()[0].workers.endswith("(2 workers)")


def test_no_scheduler_at_the_address() -> None:
    with pytest.raises(ClusterError, match=re.escape("no Dask scheduler answers at 'tcp://127.0.0.1:9'")):
        connect("tcp://127.0.0.1:9", timeout=2)
