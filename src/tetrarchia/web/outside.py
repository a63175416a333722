"""The host's commands' writes to an SQLite file that a server is serving (issue 26, the load goals).

On SQLite the server is one process (``serve`` refuses ``--workers`` there), so what it read from
its file it may keep in memory — the seats, the tables, the turns (web/read_cache.py), whether a
game it holds is still the one stored (web/game_cache.py) — instead of reading it again on every
request.  Only the host's commands write the file besides it, while it runs: ``tetrarchia
seat-link`` (the old link must stop working at once), ``tetrarchia games delete``.  So a store
opened by a command marks each transaction that wrote by replacing the file ``FILE-changes``
(beside ``FILE-wal``: a new file each time, so a new inode and time) once the transaction is over,
before the command goes on; the serving store compares the mark's ``stat`` (microseconds, no query)
before trusting what it keeps, and a change moves its :meth:`Outside.generation` on: whatever was
kept before it is read again.

A second ``tetrarchia serve`` on the same file (the host's mistake: one process serves an SQLite
file) finds the file claimed (an exclusive lock of ``FILE-serving``, held by the first while it
runs): it keeps nothing, reads every time, and marks its writes as a command does.

A command that wrote without marking (an older tetrarchia, a hand-made ``sqlite3`` session) is
not seen until the server restarts: the host's documentation says to stop the server first
(docs/hosting.md).
"""

from __future__ import annotations

import os
import secrets
import threading
from pathlib import Path
from typing import IO

from sqlalchemy import Engine

from tetrarchia.web.read_cache import on_writes

_WROTE = "tetrarchia_outside_wrote"  # the tables a pooled connection's transaction wrote


def mark_path(database: Path) -> Path:
    return database.with_name(database.name + "-changes")


def claimed(database: Path) -> IO[bytes] | None:
    """The serving process's claim of ``database``: an exclusive lock of ``FILE-serving`` held
    while it runs, or None when another server holds it (or the system has no such lock)."""
    try:
        import fcntl
    except ImportError:  # not a POSIX system: nothing kept, every read reads
        return None
    handle = database.with_name(database.name + "-serving").open("ab")
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    return handle


class Outside:
    """The writes of other processes to the file ``database`` (module docstring).  A ``serving``
    store (the server's) claims the file: holding the claim, it is ``alone`` and watches the
    mark; any other store — a host's command, or a second server on the same file, which gets
    no claim — leaves the mark after each transaction that wrote."""

    def __init__(self, database: Path, engine: Engine, serving: bool) -> None:
        self.mark = mark_path(database)
        self.lock = threading.Lock()
        self.claim: IO[bytes] | None = claimed(database) if serving else None
        self.alone = self.claim is not None
        if self.alone and self.stamp() is None:
            self.leave_mark()  # a mark to look at from the start: a failed stat costs an exception
        self.seen = self.stamp()
        self.count = 0
        if not self.alone:  # a mark once each transaction that wrote is over
            on_writes(engine, _WROTE, lambda _tables: None, lambda _tables: self.leave_mark())

    def close(self) -> None:
        """Give the claim up (the server's end; a killed process's is given up by the kernel)."""
        if self.claim is not None:
            self.claim.close()
            self.claim = None

    # --- the serving process ------------------------------------------------------------------
    def stamp(self) -> tuple[int, int, int] | None:
        try:
            found = os.stat(self.mark)
        except OSError:
            return None
        return found.st_ino, found.st_mtime_ns, found.st_size

    def generation(self) -> int:
        """A number that moves on whenever another process marked a write since the last call."""
        stamp = self.stamp()
        if stamp != self.seen:
            with self.lock:
                if stamp != self.seen:
                    self.seen = stamp
                    self.count += 1
        return self.count

    # --- a host command's store ---------------------------------------------------------------
    def leave_mark(self) -> None:
        """Replace the mark: a new file, whose inode and time the server sees change."""
        fresh = self.mark.with_name(f"{self.mark.name}.{secrets.token_hex(4)}")
        try:
            fresh.write_text(secrets.token_hex(8) + "\n", encoding="ascii")
            os.replace(fresh, self.mark)
        except OSError:  # a read-only directory: nothing is served from it either
            fresh.unlink(missing_ok=True)
