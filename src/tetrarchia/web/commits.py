"""Group commit for an SQLite file (issue 26, the load goals): the accepted changes of several
games, waiting while the file's one writer syncs, go in one transaction and one sync of the log.

SQLite takes one writer at a time, and each commit waits for one ``fsync`` of its write-ahead
log (``synchronous=FULL``: 6-8 ms on the development machine's disk).  One commit per action
bounds a process to about 150 actions a second whatever its CPU, and 1,000 games at players' pace
ask 200: the queue grows without end.  Here the requests' threads hand their change to one writer
thread and wait; the writer takes every change waiting, runs each one's statements in one
transaction, commits once, and only then answers each of them — still nothing is answered before
it is on the disc, and a change refused by its own version check (``Conflict``) writes nothing
and leaves the others of its batch alone.  Under a light load a batch is one change: nothing
waits longer than it did.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from sqlalchemy import Connection, Engine

Work = Callable[[Connection], None]


class Refused(Exception):
    """A change's own refusal (its version check): nothing of it was written.  Carries it."""

    def __init__(self, cause: Exception) -> None:
        super().__init__(str(cause))
        self.cause = cause


class GroupCommit:
    """The one writer of ``engine``'s changes; ``lock``: taken around each batch, the lock the
    store's other writers take (SQLite makes a second writer sleep and retry)."""

    def __init__(self, engine: Engine, lock: Any, most: int = 64) -> None:
        self.engine = engine
        self.lock = lock
        self.most = most  # a batch's changes at most: a bounded wait for the first of them
        self.waiting: list[tuple[Work, Future[None]]] = []
        self.ready = threading.Condition()
        self.thread: threading.Thread | None = None
        self.closed = False

    def run(self, work: Work) -> None:
        """Run ``work`` (statements that may raise ``Refused`` before writing anything) in the
        next batch; return once it is committed, or raise its refusal or the batch's error."""
        done: Future[None] = Future()
        with self.ready:
            self.waiting.append((work, done))
            self.ready.notify()
            if self.thread is None:
                self.closed = False
                self.thread = threading.Thread(target=self.write, name="group-commit", daemon=True)
                self.thread.start()
        done.result()

    def close(self) -> None:
        """Let the writer thread end once the changes waiting are committed."""
        with self.ready:
            self.closed = True
            self.ready.notify()
            thread, self.thread = self.thread, None
        if thread is not None:
            thread.join(timeout=30)

    def write(self) -> None:
        while True:
            with self.ready:
                while not self.waiting and not self.closed:
                    self.ready.wait()
                if not self.waiting:  # closed
                    return
                batch, self.waiting = self.waiting[:self.most], self.waiting[self.most:]
            self.commit(batch)

    def commit(self, batch: list[tuple[Work, Future[None]]]) -> None:
        refused: dict[int, BaseException] = {}
        try:
            with self.lock, self.engine.begin() as connection:
                for i, (work, _) in enumerate(batch):
                    try:
                        work(connection)
                    except Refused as exc:
                        refused[i] = exc.cause
        except BaseException as exc:  # the transaction failed: nothing of the batch is stored
            for _, done in batch:
                done.set_exception(exc)
            return
        for i, (_, done) in enumerate(batch):
            if i in refused:
                done.set_exception(refused[i])
            else:
                done.set_result(None)
