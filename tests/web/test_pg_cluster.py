"""The tests' throwaway PostgreSQL (tests/pg_cluster.py): a server left running by a run killed
before its end is stopped and removed by the next run, and a live run's server is left alone."""

from __future__ import annotations

import socket
import subprocess
import sys

from pg_cluster import OWNER, TempPostgres, reap_orphans


def dead_pid() -> int:
    """The id of a process that has ended."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_a_killed_runs_server_is_stopped_and_removed_and_a_live_ones_kept() -> None:
    orphan, kept = TempPostgres(), TempPostgres()
    orphan.start()
    kept.start()
    try:
        assert listening(orphan.port) and listening(kept.port)
        (orphan.root / OWNER).write_text(str(dead_pid()))  # as if its run had been killed
        reaped = reap_orphans(str(orphan.root.parent))
        assert orphan.root in reaped and not orphan.root.exists()
        assert not listening(orphan.port)  # stopped, not only forgotten
        assert kept.root.exists() and listening(kept.port)  # its owner (this run) is alive
    finally:
        kept.stop()
        if orphan.root.exists():
            orphan.stop()
