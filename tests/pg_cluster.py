"""A throwaway PostgreSQL server for the tests and bench/load.py (issue 11): Debian's server
binaries (``/usr/lib/postgresql/*/bin``, the ``postgresql`` package that ``.ci/run`` installs),
``initdb`` in a temporary directory, started on a free loopback port with trust authentication,
one database per test module, stopped and removed at the end.  A real server, not a mock.

``initdb`` refuses to run as root: as root the server runs as the unprivileged user ``postgres``
(Debian's package creates it) or else ``nobody``, in a directory that user owns.

A run killed before its end (SIGKILL, a timeout) cannot stop its server: each server's directory
names the process that owns it (``owner``), and the next server started stops and removes those
whose owner is gone (``reap_orphans``).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType


def server_binaries() -> Path:
    """The newest installed PostgreSQL's bin directory, or RuntimeError saying what to install."""
    def major(initdb: str) -> int:
        name = Path(initdb).parent.parent.name
        return int(name) if name.isdigit() else 0

    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=major)
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).parent
    raise RuntimeError("no PostgreSQL server found (/usr/lib/postgresql/*/bin/initdb): install "
                       "Debian's postgresql package (apt-get install postgresql), as .ci/run does")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


PREFIX = "tetrarchia-pg-"
OWNER = "owner"  # the file in a server's directory holding its owner's process id


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive
        return True
    return True


def reap_orphans(where: str | None = None) -> list[Path]:
    """Stop and remove the servers whose owning process is gone (a run killed before its end);
    the directories removed.  A server of a run still going (its owner alive) is left alone."""
    reaped = []
    for root in Path(where or tempfile.gettempdir()).glob(PREFIX + "*"):
        try:
            owner = int((root / OWNER).read_text())
        except (OSError, ValueError):
            continue  # not one of ours, or being created
        if alive(owner):
            continue
        if (root / "data" / "postmaster.pid").exists():
            user = root.stat().st_uid
            prefix = (["runuser", "-u", pwd.getpwuid(user).pw_name, "--"]
                      if os.geteuid() == 0 and user != 0 else [])
            subprocess.run([*prefix, str(server_binaries() / "pg_ctl"), "-D", str(root / "data"),
                            "-m", "immediate", "-w", "stop"], capture_output=True, timeout=60)
        shutil.rmtree(root, ignore_errors=True)
        reaped.append(root)
    return reaped


class TempPostgres:
    """``with TempPostgres() as server: url = server.database("name")``."""

    def __init__(self, durable: bool = False) -> None:
        self.durable = durable  # fsync on, as a real host's server (bench/load.py); off for tests
        self.bin = server_binaries()
        reap_orphans()
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix=PREFIX))
        (self.root / OWNER).write_text(str(os.getpid()))
        self.data = self.root / "data"
        self.user: str | None = None
        if os.geteuid() == 0:
            for name in ("postgres", "nobody"):
                try:
                    entry = pwd.getpwnam(name)
                except KeyError:
                    continue
                self.user = name
                os.chown(self.root, entry.pw_uid, entry.pw_gid)
                break
            else:
                raise RuntimeError("initdb refuses to run as root and no unprivileged user "
                                   "(postgres, nobody) exists")
        os.chmod(self.root, 0o755)

    def run(self, *command: str) -> None:
        prefix = ["runuser", "-u", self.user, "--"] if self.user else []
        done = subprocess.run([*prefix, *command], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed: {done.stdout}{done.stderr}")

    def start(self) -> None:
        self.run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres",
                 "--auth=trust", "-E", "UTF8", "--no-sync")
        options = (f"-p {self.port} -h 127.0.0.1 -k '' -c fsync={'on' if self.durable else 'off'} "
                   "-c max_connections=300 -c shared_buffers=32MB")
        self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "log"),
                 "-o", options, "-w", "-t", "60", "start")

    def stop(self) -> None:
        try:
            self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, name: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def database(self, name: str) -> str:
        """A new empty database ``name`` (dropped first if it exists); its URL."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def __enter__(self) -> TempPostgres:
        try:
            self.start()
        except BaseException:
            shutil.rmtree(self.root, ignore_errors=True)
            raise
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()


def wait_until(check: Callable[[], bool], seconds: float = 10) -> None:
    """Poll ``check()`` until true (a helper of the multi-process tests)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"not true within {seconds} s")
