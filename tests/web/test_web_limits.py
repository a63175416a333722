"""The rate limits' buckets in the database (issue 26, D6; web/limits.py), on SQLite and on a real
PostgreSQL server: a bucket's burst, its refill, clients apart, the statement atomic under
concurrent takers (the processes of ``--workers N``), and the buckets full again forgotten."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, text

from tetrarchia.web import limits
from tetrarchia.web.limits import SharedLimiter, autocommitted
from tetrarchia.web.live import RateLimited
from tetrarchia.web.storage import Store

pytestmark = pytest.mark.timeout(60)


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        where = str(tmp_path / "games.sqlite3")
    else:
        postgres: Any = request.getfixturevalue("postgres")
        where = postgres.database("l_" + request.node.name.lower()[:40].replace("[", "_").replace("]", ""))
    opened = Store(where)
    try:
        yield opened
    finally:
        for engine in ENGINES.pop(id(opened), []):
            engine.dispose()
        opened.dispose()


ENGINES: dict[int, list[Engine]] = {}


def shared(store: Store, kind: str, burst: float, rate: float) -> SharedLimiter:
    """The limiter as the server makes it: on PostgreSQL through its own autocommitted
    connections, on SQLite in a transaction of the store's."""
    if not store.postgresql:
        return SharedLimiter(store, kind, burst, rate)
    engine = autocommitted(store)
    ENGINES.setdefault(id(store), []).append(engine)
    return SharedLimiter(store, kind, burst, rate, engine=engine)


def granted(limiter: SharedLimiter, client: str, count: int) -> list[bool]:
    taken = []
    for _ in range(count):
        try:
            limiter.take(client)
            taken.append(True)
        except RateLimited:
            taken.append(False)
    return taken


def level(store: Store, client: str) -> float:
    with store.engine.connect() as connection:
        return float(connection.execute(text("SELECT level FROM rate_limits WHERE client = :c"),
                                        {"c": client}).scalar_one())


@pytest.mark.parametrize(("burst", "takes", "expected"), [
    pytest.param(3, 5, [True, True, True, False, False], id="a-burst-of-3"),
    pytest.param(1, 2, [True, False], id="a-burst-of-1"),
])
def test_a_bucket_gives_its_burst_then_refuses(store: Store, burst: int, takes: int,
                                               expected: list[bool]) -> None:
    limiter = shared(store, "new", burst, 1e-6)
    assert granted(limiter, "203.0.113.1", takes) == expected
    assert granted(limiter, "203.0.113.2", 1) == [True]  # another address: its own bucket
    assert granted(shared(store, "request", burst, 1e-6), "203.0.113.1", 1) == [True]  # another kind
    assert level(store, "new:203.0.113.1") == pytest.approx(0, abs=1e-3)  # refusals take nothing


def test_a_bucket_refills_at_its_rate(store: Store) -> None:
    limiter = shared(store, "new", 2, 0.5)  # a token every 2 s
    assert granted(limiter, "a", 3) == [True, True, False]
    with store.engine.begin() as connection:  # 2.2 s pass
        connection.execute(text("UPDATE rate_limits SET stamp = stamp - 2.2"))
    assert granted(limiter, "a", 2) == [True, False]
    with store.engine.begin() as connection:  # an hour passes: full, never more than the burst
        connection.execute(text("UPDATE rate_limits SET stamp = stamp - 3600"))
    assert granted(limiter, "a", 3) == [True, True, False]


def test_concurrent_takers_share_one_bucket_exactly(store: Store) -> None:
    """The processes of ``--workers`` take from one row: the upsert is atomic."""
    limiter = shared(store, "new", 20, 1e-6)
    results: list[bool] = []
    lock = threading.Lock()

    def taker() -> None:
        mine = granted(limiter, "203.0.113.9", 10)
        with lock:
            results.extend(mine)

    threads = [threading.Thread(target=taker) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=50)
    assert len(results) == 60 and results.count(True) == 20


def test_buckets_full_again_are_forgotten(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    limiter = shared(store, "new", 2, 1.0)
    granted(limiter, "old", 1)
    with store.engine.begin() as connection:
        connection.execute(text("UPDATE rate_limits SET stamp = stamp - 10"))  # full again
    monkeypatch.setattr(limits, "FORGET_EVERY", 0.0)
    limiter.swept = 0.0
    time.sleep(0.01)
    granted(limiter, "new", 1)
    with store.engine.connect() as connection:
        kept = connection.execute(text("SELECT client FROM rate_limits ORDER BY client")).scalars().all()
    assert kept == ["new:new"]
