"""D4 on a system without Linux's parent-death signal (issue 26, web/workers.py): the thread
that watches ``os.getppid()`` stops the worker (SIGTERM) once its supervisor is gone.  Run here
on Linux with the real processes: a supervisor killed with SIGKILL, its worker reparented."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.timeout(60)

# The worker: the watch of web/workers.py on its parent, its SIGTERM noted in a file
WORKER = """
import os, signal, sys, threading
from tetrarchia.web.workers import watch_parent
marker = sys.argv[1]
def stopped(*_):
    with open(marker, "w") as f:
        f.write("SIGTERM")
    os._exit(0)
signal.signal(signal.SIGTERM, stopped)
threading.Thread(target=watch_parent, args=(os.getppid(), 0.05), daemon=True).start()
print("ready", flush=True)
signal.pause()
"""

# The supervisor: starts the worker, tells its pid, then waits to be killed
SUPERVISOR = """
import subprocess, sys
worker = subprocess.Popen([sys.executable, "-c", sys.argv[1], sys.argv[2]], stdout=subprocess.PIPE, text=True)
assert worker.stdout is not None and worker.stdout.readline().strip() == "ready"
print(worker.pid, flush=True)
import signal
signal.pause()
"""


def running(pid: int) -> bool:
    """Whether the process runs: it exists and is no zombie waiting for its new parent."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    try:
        return stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def test_a_worker_whose_supervisor_was_killed_stops_by_the_watch(tmp_path: Path) -> None:
    marker = tmp_path / "stopped"
    supervisor = subprocess.Popen([sys.executable, "-c", SUPERVISOR, WORKER, str(marker)],
                                  stdout=subprocess.PIPE, text=True)
    try:
        assert supervisor.stdout is not None
        worker = int(supervisor.stdout.readline())
        assert not marker.exists()  # the supervisor alive: the worker serves on
        supervisor.send_signal(signal.SIGKILL)
        supervisor.wait(10)
        deadline = time.monotonic() + 20
        while not marker.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert marker.read_text() == "SIGTERM"  # the watch saw its parent change and stopped it
        while time.monotonic() < deadline:  # and the worker is gone (a zombie nobody reaped yet too)
            if not running(worker):
                break
            time.sleep(0.02)
        else:
            pytest.fail("the worker outlived its supervisor")
    finally:
        if supervisor.poll() is None:
            supervisor.kill()
