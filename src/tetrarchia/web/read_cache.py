"""Reads kept in memory on a database this process alone writes (issue 26, the load goals).

Every request about a game reads its seat (the credential's hash), the AI driver reads the game's
AI seats after each commit, and the tables' note of who played reads the game's table after each
decision: three reads of rows that change a few times in a game's life, each a fifth of a
request's CPU on the server (``bench/per_action.py``).  On SQLite the server is one process
(``serve`` refuses ``--workers`` there) and every write to its file passes through this process's
engine, the host's commands aside, so a read's answer may be kept until a statement writes one of
the tables it read.

A host's command that writes the file while the server runs leaves a mark the server sees
(web/outside.py): then everything kept is read again. A :class:`ReadCache` names its tables; the
engine's events drop its answers when a statement writes one of them (INSERT, UPDATE, DELETE; any
other statement that is not a read drops every cache: a migration, a ``VACUUM``), and again when
the writing connection goes back to the pool, its transaction over: a read made while the write was
not yet committed may have kept the old row, and the second drop forgets it before the writer's
request is answered. A read that began before a drop keeps nothing (the cache's generation moved
meanwhile). On PostgreSQL the other server processes write too: nothing is kept, every read reads.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import Engine, event

if TYPE_CHECKING:
    from tetrarchia.web.storage import Store

T = TypeVar("T")
MOST = 50_000  # answers kept at most (forgotten all at once beyond: a bound, not an eviction policy)

# The table a writing statement names (SQLAlchemy's SQLite dialect quotes only reserved names)
_WRITE = re.compile(r'\s*(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|'
                    r'DELETE\s+FROM)\s+"?(\w+)"?', re.IGNORECASE)
_READ = ("SELECT", "PRAGMA", "WITH", "BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")
_DIRTY = "tetrarchia_read_cache_dirty"  # the tables a pooled connection wrote in its transaction
_WATCHERS = "tetrarchia_read_caches"  # an engine's caches (its ``info``-like attribute)


class ReadCache:
    """Answers of reads of ``tables`` of ``store`` kept by key (module docstring): only when this
    process alone writes its file (``store.alone``), and until a host's command marks a write
    (web/outside.py)."""

    def __init__(self, store: Store, tables: frozenset[str]) -> None:
        self.store = store
        self.tables = tables
        self.enabled = store.alone
        self.values: dict[Hashable, Any] = {}
        self.generation = 0
        self.outside = store.outside_generation()
        self.lock = threading.Lock()
        if self.enabled:
            _watch(store.engine).append(self)

    def get(self, key: Hashable, read: Callable[[], T]) -> T:
        """The answer kept for ``key``, else ``read()`` (kept unless a write came meanwhile; None,
        a row not found, is never kept: a flood of unknown keys costs reads, not memory)."""
        if not self.enabled:
            return read()
        outside = self.store.outside_generation()
        with self.lock:
            if outside != self.outside:  # a host's command wrote the file: read everything again
                self.outside = outside
                self.generation += 1
                self.values.clear()
            if key in self.values:
                return self.values[key]  # type: ignore[no-any-return]
            generation = self.generation
        value = read()
        with self.lock:
            if generation == self.generation and value is not None:
                if len(self.values) >= MOST:
                    self.values.clear()
                self.values[key] = value
        return value

    def peek(self, key: Hashable) -> Any:
        """The answer kept for ``key``, or None (nothing read)."""
        with self.lock:
            return self.values.get(key)

    def forget(self, key: Hashable) -> None:
        with self.lock:
            self.values.pop(key, None)

    def put(self, key: Hashable, value: Any) -> None:
        """Keep what this process has just written and committed (a new game's seats: nobody
        else can have written rows of a game id it has just drawn)."""
        if self.enabled and value is not None:
            with self.lock:
                if len(self.values) >= MOST:
                    self.values.clear()
                self.values[key] = value

    def drop(self) -> None:
        with self.lock:
            self.generation += 1
            self.values.clear()


def written(statement: str) -> frozenset[str] | None:
    """The tables a statement writes: none for a read, None when it cannot say (every cache is
    dropped)."""
    head = statement.lstrip()[:10].upper()
    if head.startswith(_READ):
        return frozenset()
    match = _WRITE.match(statement)
    return frozenset({match.group(1).lower()}) if match else None


def on_writes(engine: Engine, key: str, now: Callable[[frozenset[str] | None], None],
              ended: Callable[[frozenset[str] | None], None]) -> None:
    """Call ``now(tables)`` after each statement of ``engine`` that writes, and ``ended(tables)``
    when the connection that wrote goes back to the pool, its transaction over (committed or
    rolled back), with every table it wrote; None: a statement whose tables cannot be told (a
    migration, a ``VACUUM``).  ``key``: where the connection notes its tables meanwhile."""
    def after(connection: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        tables = written(statement)
        if tables == frozenset():
            return
        noted: frozenset[str] | None = connection.info.get(key, frozenset())
        connection.info[key] = None if tables is None or noted is None else noted | tables
        now(tables)

    def checkin(_dbapi_connection: Any, record: Any) -> None:
        if key in record.info:
            ended(record.info.pop(key))

    event.listen(engine, "after_cursor_execute", after)
    event.listen(engine, "checkin", checkin)


def _watch(engine: Engine) -> list[ReadCache]:
    """The engine's caches, its listeners installed at the first."""
    caches: list[ReadCache] | None = getattr(engine, _WATCHERS, None)
    if caches is not None:
        return caches
    found: list[ReadCache] = []
    setattr(engine, _WATCHERS, found)

    def drop(tables: frozenset[str] | None) -> None:
        for cache in found:
            if tables is None or cache.tables & tables:
                cache.drop()

    # dropped at the statement, and again once its transaction is over: a read made meanwhile
    # may have kept the row as it was before the commit
    on_writes(engine, _DIRTY, drop, drop)
    return found
