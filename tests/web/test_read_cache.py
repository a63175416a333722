"""What the server keeps of its SQLite file (issue 26, the load goals; web/read_cache.py and
web/outside.py): kept only while it alone writes the file, dropped by any write to a table it
read — its own, a host's command's, a second server's — before that write's request is answered."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from sqlalchemy import text

from tetrarchia.core.settings import Level, Settings
from tetrarchia.web.read_cache import ReadCache, written
from tetrarchia.web.seats import SeatBook
from tetrarchia.web.storage import Store

pytestmark = pytest.mark.timeout(60)


@pytest.mark.parametrize(("statement", "tables"), [
    ("SELECT seats.game_id FROM seats WHERE seats.token_hash = ?", frozenset()),
    ("  select 1", frozenset()),
    ("PRAGMA quick_check", frozenset()),
    ("INSERT INTO seats (game_id, seat) VALUES (?, ?)", frozenset({"seats"})),
    ("INSERT OR REPLACE INTO lobby_seats VALUES (?)", frozenset({"lobby_seats"})),
    ('UPDATE "seats" SET kind=? WHERE seats.game_id = ?', frozenset({"seats"})),
    ("DELETE FROM stand_ins WHERE stand_ins.game_id = ?", frozenset({"stand_ins"})),
    ("DROP TABLE seats", None),
    ("VACUUM", None),
])
def test_the_tables_a_statement_writes(statement: str, tables: frozenset[str] | None) -> None:
    assert written(statement) == tables


def first_token(given: dict[str, object]) -> str:
    seats = given["seats"]
    assert isinstance(seats, list)
    return str(seats[0]["token"])


def book(path: Path, serving: bool = True) -> tuple[Store, SeatBook]:
    store = Store(path, serving=serving)
    return store, SeatBook(store)


def test_a_seat_written_is_read_again_at_once(tmp_path: Path) -> None:
    """The seat kept for a token is forgotten by the write that replaces it: the old link stops
    working at the very next request, the new one works."""
    store, seats = book(tmp_path / "games.sqlite3")
    try:
        assert store.alone
        given = seats.create("g1", Settings(level=Level.parse("4211"), players=2), False, {})
        old = first_token(given)
        reads = 0
        read = seats.cache.get

        def counting(key: object, reader: object) -> object:
            nonlocal reads
            reads += key not in seats.cache.values
            return read(key, reader)  # type: ignore[arg-type]

        seats.cache.get = counting  # type: ignore[method-assign,assignment]
        assert seats.find(old) is not None and seats.find(old) is not None
        assert reads == 0  # kept as written by the game's creation
        seats.cache.drop()
        assert seats.find(old) is not None and seats.find(old) is not None
        assert reads == 1  # read once, then kept
        new = seats.mint("g1", "1")  # the host replaces the seat's link
        assert seats.find(old) is None
        assert seats.find(new) is not None
    finally:
        store.dispose()


def test_a_read_racing_a_write_keeps_nothing_stale(tmp_path: Path) -> None:
    """A read that began before a write of its table was committed may see the old row; it is
    not kept past the write's transaction: the next read after the writer is done sees the new."""
    store, _ = book(tmp_path / "games.sqlite3")
    try:
        with store.session() as session:
            session.execute(text("CREATE TABLE probe (k INTEGER PRIMARY KEY, v TEXT)"))
            session.execute(text("INSERT INTO probe VALUES (1, 'old')"))
        cache = ReadCache(store, frozenset({"probe"}))
        written_not_committed = threading.Event()
        read_done = threading.Event()

        def value() -> str:
            with store.engine.connect() as connection:
                return str(connection.execute(text("SELECT v FROM probe WHERE k = 1")).scalar())

        def writer() -> None:
            with store.engine.begin() as connection:
                connection.execute(text("UPDATE probe SET v = 'new' WHERE k = 1"))
                written_not_committed.set()
                read_done.wait(10)  # the reader reads (the old row) and keeps it, meanwhile

        thread = threading.Thread(target=writer)
        thread.start()
        assert written_not_committed.wait(10)
        assert cache.get("v", value) == "old"  # the write is not committed: the old row
        read_done.set()
        thread.join(10)
        assert cache.get("v", value) == "new"  # the writer's transaction over: read again
    finally:
        store.dispose()


def test_a_host_command_and_a_second_server_are_seen(tmp_path: Path) -> None:
    """A host's command (a store not serving) marks its writes; a second server finds the file
    claimed, keeps nothing and marks its writes too; the first then reads again."""
    path = tmp_path / "games.sqlite3"
    store, seats = book(path)
    second, second_seats = book(path)
    try:
        assert store.alone and not second.alone and not second_seats.cache.enabled
        given = seats.create("g1", Settings(level=Level.parse("4211"), players=1), False, {})
        token = first_token(given)
        assert seats.find(token) is not None
        for writer in (Store(path), second):  # a command, then the second server
            before = store.outside_generation()
            with writer.session() as session:
                session.execute(text("UPDATE seats SET token_hash = :h WHERE game_id = 'g1' AND seat = '1'"),
                                {"h": f"gone-{before}"})
            assert store.outside_generation() == before + 1
            assert seats.find(token) is None
            with writer.session() as session:  # the link back, for the next writer
                session.execute(text("UPDATE seats SET token_hash = :h WHERE game_id = 'g1' AND seat = '1'"),
                                {"h": __import__("hashlib").sha256(token.encode()).hexdigest()})
            assert seats.find(token) is not None
            if writer is not second:
                writer.dispose()
    finally:
        second.dispose()
        store.dispose()
    again = Store(path, serving=True)  # the claim is given up with the server's end
    try:
        assert again.alone
    finally:
        again.dispose()


def test_nothing_is_kept_without_the_claim(tmp_path: Path) -> None:
    """A store that is not the server's never keeps a read (a host's command, the tests' own)."""
    store, seats = book(tmp_path / "games.sqlite3", serving=False)
    try:
        assert not store.alone and not seats.cache.enabled
        given = seats.create("g1", Settings(level=Level.parse("4211"), players=1), False, {})
        assert seats.find(first_token(given)) is not None
        assert seats.cache.values == {}
    finally:
        store.dispose()
