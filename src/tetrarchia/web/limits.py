"""Rate limits that hold (issue 26, D6): counted per client address, shared by every server
process, whatever connection a request comes on.

Before, the new-game limit was a token bucket in each process's memory (``--workers 4`` gave an
address four buckets) and the request limit was keyed by the TCP connection (a client opening a
new connection per request was never limited: 200 of 200 went through).  Now:

- **The client address** is the peer of the TCP connection.  A reverse proxy's
  ``X-Forwarded-For`` is believed only from the proxies the host names (``tetrarchia serve
  --forwarded-allow-ips``; by default none: uvicorn believed any client on 127.0.0.1, so 20 of 20
  forged addresses got games once the limit was reached).
- **A new game** (or an import) takes a token of its address's bucket; **a request about a game**
  of the bucket of its address and seat (several players behind one address each have their
  own); **a live connection's message** of the bucket of its address, game and seat, whichever
  process each of its connections is on (they were counted in each process's memory).
- **On PostgreSQL** the buckets are rows of the table ``rate_limits`` (migration 0008), each taken
  by one atomic upsert, so the processes of ``--workers N`` and the servers of several hosts on
  one database share them: one round trip a request, on connections of their own where each
  statement commits by itself without waiting for the disc (a limit's state is not worth a
  sync).  **On SQLite**, served by one process only
  (``serve`` refuses ``--workers`` there), that process's memory is the one place every request
  passes, and it spares each request and each new game a synced commit (8 ms, bench/load.py).
"""

from __future__ import annotations

import asyncio
import threading
import time

from sqlalchemy import Connection, Engine, Float, Integer, String, create_engine, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Mapped, mapped_column

from tetrarchia.web.live import RateLimited, RateLimiter
from tetrarchia.web.storage import Base, Store

FORGET_EVERY = 60.0  # seconds between two sweeps of the buckets full again


class LimitRow(Base):
    """One bucket: its tokens (``level``) when last taken from (``stamp``, seconds since the
    epoch); ``granted``: whether that last request got a token."""

    __tablename__ = "rate_limits"
    client: Mapped[str] = mapped_column(String(200), primary_key=True)  # kind:address[:seat]
    level: Mapped[float] = mapped_column(Float)
    stamp: Mapped[float] = mapped_column(Float)
    granted: Mapped[int] = mapped_column(Integer)


# The bucket refilled since its last request, as an SQL expression (SQLite and PostgreSQL alike)
_REFILLED = "(rate_limits.level + (:now - rate_limits.stamp) * :rate)"
TAKE = text(f"""
    INSERT INTO rate_limits (client, level, stamp, granted) VALUES (:client, :burst - 1, :now, 1)
    ON CONFLICT (client) DO UPDATE SET
        level = CASE WHEN {_REFILLED} >= :burst THEN :burst - 1
                     WHEN {_REFILLED} >= 1 THEN {_REFILLED} - 1
                     ELSE {_REFILLED} END,
        granted = CASE WHEN {_REFILLED} >= 1 THEN 1 ELSE 0 END,
        stamp = :now
    RETURNING granted""")
FORGET = text("DELETE FROM rate_limits WHERE client LIKE :kind AND stamp < :full")


def autocommitted(store: Store) -> Engine:
    """PostgreSQL: connections of the buckets' own on which each statement is its own transaction
    (one round trip a take, no liveness ping: a dropped connection is tried again once) and a
    commit does not wait for the disc."""
    return create_engine(store.url, isolation_level="AUTOCOMMIT", pool_size=4, max_overflow=16,
                         connect_args={"options": "-c synchronous_commit=off"})


class SharedLimiter:
    """The token buckets of one ``kind`` of limit (``burst`` at once, ``rate`` a second after) in
    the table ``rate_limits`` of ``store``'s database; through ``engine`` when given (an
    ``autocommitted`` one), else in a transaction of the store's own."""

    def __init__(self, store: Store, kind: str, burst: float, rate: float,
                 engine: Engine | None = None) -> None:
        self.store = store
        self.engine = engine
        self.kind = kind
        self.burst = burst
        self.rate = rate
        self.swept = 0.0
        self.sweeping = threading.Lock()

    def take(self, client: str) -> None:
        """A token of ``client``'s bucket, or ``RateLimited`` (HTTP 429).  Blocking: a thread's."""
        now = time.time()
        values = {"client": f"{self.kind}:{client}"[:200], "burst": self.burst,
                  "rate": self.rate, "now": now}
        if self.engine is None:
            with self.store.writing, self.store.engine.begin() as connection:
                granted = connection.execute(TAKE, values).scalar_one()
                self.sweep(connection, now)
        else:
            for attempt in (1, 2):
                try:
                    with self.engine.connect() as connection:
                        granted = connection.execute(TAKE, values).scalar_one()
                        self.sweep(connection, now)
                    break
                except DBAPIError as exc:  # a pooled connection the database dropped
                    if not exc.connection_invalidated or attempt == 2:
                        raise
        if not granted:
            raise RateLimited()

    def sweep(self, connection: Connection, now: float) -> None:
        """Now and then, forget the buckets full again (untouched for burst / rate seconds: as
        good as no row)."""
        if now - self.swept > FORGET_EVERY and self.sweeping.acquire(blocking=False):
            try:
                self.swept = now
                connection.execute(FORGET, {"kind": f"{self.kind}:%", "full": now - self.burst / self.rate})
            finally:
                self.sweeping.release()


class Limits:
    """The server's two limits: new games per address, requests per address and seat."""

    def __init__(self, store: Store, rate: tuple[float, float], new_games: float) -> None:
        per_hour = (new_games, new_games / 3600)
        self.creations: SharedLimiter | RateLimiter
        self.requests: SharedLimiter | RateLimiter
        self.engine = autocommitted(store) if store.postgresql else None
        if self.engine is not None:
            self.creations = SharedLimiter(store, "new", *per_hour, engine=self.engine)
            self.requests = SharedLimiter(store, "request", *rate, engine=self.engine)
        else:
            self.creations, self.requests = RateLimiter(*per_hour), RateLimiter(*rate)

    def dispose(self) -> None:
        """Close the buckets' connections (the server's end)."""
        if self.engine is not None:
            self.engine.dispose()

    def new_game(self, address: str) -> None:
        """A new game's (or an import's) token, or ``RateLimited``.  May block (a thread's)."""
        self.creations.take(address)

    async def request(self, address: str, seat: str | None) -> None:
        """A request's token for ``seat`` (a token's hash; None: no credential) at ``address``."""
        await self.take(f"{address}:{seat or '-'}")

    async def take(self, client: str) -> None:
        """A token of the request bucket ``client`` (an HTTP request's, or a live connection's
        message's: web/live.py, keyed by address, game and seat), or ``RateLimited``."""
        if isinstance(self.requests, RateLimiter):
            self.requests.take(client)
        else:
            await asyncio.to_thread(self.requests.take, client)
