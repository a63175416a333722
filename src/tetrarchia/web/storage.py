"""Where the server keeps its games: an SQLite file, or a PostgreSQL database when a URL is given
(issue 11), reached through SQLAlchemy 2 (psycopg 3 for PostgreSQL), with one versioned schema
upgraded on both by the Alembic migrations shipped in ``tetrarchia/web/migrations``.

A game is stored as what decides it and nothing more: its settings, the board file's text when it
is not the shipped one, the seed of its dice, the position it started from (for an imported
position) and its log, one row per action, dice included.  Replaying the log rebuilds the game
exactly, and the seed with the count of dice drawn lets it go on with the dice it would have had
(the save format's own rule, docs/save-format.md).  Each accepted action is committed before the
server answers anyone, in one transaction that also checks the game's version: of two
processes acting on the same state of a game, exactly one commits (``Conflict`` for the other).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar, cast

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import (
    BigInteger,
    Connection,
    Engine,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DatabaseError, DBAPIError, OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from tetrarchia.web.commits import GroupCommit, Refused
from tetrarchia.web.integrity import damage
from tetrarchia.web.outside import Outside

T = TypeVar("T")

APP_MARK = "tetrarchia"  # the row of table tetrarchia_meta that says the database is ours


class DatabaseRefused(Exception):
    """The database file cannot be used: not one of ours, of a newer schema, or unreadable."""


class Conflict(Exception):
    """The game's stored version is not the one the change was computed on: another request (in
    this process or another one) committed first.  Nothing was written."""


NOTIFY_CHANNEL = "tetrarchia"  # PostgreSQL's LISTEN/NOTIFY channel of the server's news (bus.py)
MIGRATION_LOCK = 0x7E7_2A2C  # the advisory lock that lets one process at a time migrate


class Base(DeclarativeBase):
    pass


class MetaRow(Base):
    __tablename__ = "tetrarchia_meta"
    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


class GameRow(Base):
    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created: Mapped[float] = mapped_column()
    updated: Mapped[float] = mapped_column()
    settings: Mapped[str] = mapped_column(Text)  # Settings.to_json(), as JSON text
    board_text: Mapped[str | None] = mapped_column(Text, nullable=True)  # None: the shipped board
    board_source: Mapped[str] = mapped_column(String(300))
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # 53 bits: web/secrecy.py
    start: Mapped[str | None] = mapped_column(Text, nullable=True)  # a position, as JSON text
    dice_drawn: Mapped[int] = mapped_column(Integer, default=0)
    version: Mapped[int] = mapped_column(Integer, default=0)  # grows with every accepted change
    log_length: Mapped[int] = mapped_column(Integer, default=0)
    result: Mapped[str] = mapped_column(String(40), default="ongoing")
    summary: Mapped[str] = mapped_column(String(300), default="")


class ActionRow(Base):
    __tablename__ = "actions"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)  # from 0, in the order played
    text: Mapped[str] = mapped_column(String(400))  # the long notation (docs/notation.md)


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game as stored: enough to rebuild it with ``Game.from_json`` (``save_json``)."""

    id: str
    created: float
    updated: float
    settings: dict[str, Any]
    board_text: str | None
    board_source: str
    seed: int | None
    start: dict[str, Any] | None
    dice_drawn: int
    version: int
    log: tuple[str, ...]
    result: str
    summary: str

    def save_json(self) -> dict[str, Any]:
        """The saved-game format (docs/save-format.md) without ``final`` and the board's digest:
        the board is given to ``Game.from_json`` by the caller."""
        return {"format": "tetrarchia-game", "version": 1, "settings": self.settings,
                "seed": self.seed, "dice_drawn": self.dice_drawn, "start": self.start,
                "log": list(self.log)}


@dataclass(frozen=True, slots=True)
class GameListing:
    id: str
    created: float
    updated: float
    log_length: int
    result: str
    summary: str


def default_database() -> Path:
    """The database file in the user's data directory (XDG on Linux, the usual places elsewhere)."""
    import os
    import sys

    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "tetrarchia" / "games.sqlite3"


def database_url(database: Path | str) -> str:
    """The SQLAlchemy URL of ``--database``: a ``postgresql://`` (or ``postgres://``) URL is a
    PostgreSQL database reached with psycopg 3; ``sqlite:///FILE`` or a plain path is an SQLite
    file."""
    given = str(database)
    for prefix in ("postgresql+psycopg://", "postgresql://", "postgres://"):
        if given.startswith(prefix):
            return "postgresql+psycopg://" + given[len(prefix):]
    if given.startswith("sqlite:///"):
        return given
    if "://" in given:
        raise DatabaseRefused(f"{given!r}: a database is an SQLite file (a path or sqlite:///FILE) "
                              "or a postgresql:// URL")
    return f"sqlite:///{Path(given)}"


def libpq_url(url: str) -> str:
    """The URL as libpq reads it (psycopg's own connections: the bus's listener)."""
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


# The statements of every change and of every request's version check, built once
_GAMES, _ACTIONS = cast(Table, GameRow.__table__), cast(Table, ActionRow.__table__)
_VERSION = select(_GAMES.c.version).where(_GAMES.c.id == bindparam("game"))
_MOVE = update(_GAMES).where(_GAMES.c.id == bindparam("game"), _GAMES.c.version == bindparam("before")) \
    .values(updated=bindparam("new_updated"), dice_drawn=bindparam("new_dice_drawn"),
            version=bindparam("new_version"), log_length=bindparam("new_log_length"),
            result=bindparam("new_result"))
_CUT = delete(_ACTIONS).where(_ACTIONS.c.game_id == bindparam("game"), _ACTIONS.c.seq >= bindparam("keep"))
_APPEND = insert(_ACTIONS)
_CREATE = insert(_GAMES)


def _alembic_config(engine: Engine) -> Config:
    config = Config()
    location = resources.files("tetrarchia.web").joinpath("migrations")
    config.set_main_option("script_location", str(location))
    config.attributes["engine"] = engine
    return config


def _sqlite_connection(dbapi_connection: Any, _record: Any) -> None:
    """Each SQLite connection: foreign keys on; the write-ahead log, where a commit costs one
    sync of the log instead of the rollback journal's several (27 ms down to 8 ms a commit on
    the development machine, bench/load.py), still synced at every commit (``synchronous=FULL``:
    an answered action survives a power cut too, not only a killed process)."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


def _sqlite_unsynced_connection(dbapi_connection: Any, record: Any) -> None:
    """A connection of ``Store.unsynced``: as every other, but its commits wait for no sync."""
    _sqlite_connection(dbapi_connection, record)
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


class Store:
    """The games of one database: create, append actions, take back, fetch, list, delete.

    ``database`` is a path or ``sqlite:///FILE`` (SQLite) or a ``postgresql://`` URL.  Either is
    *shared*: other processes may change its games at any time (other server processes on
    PostgreSQL; the host's ``tetrarchia games delete`` on both).  ``serving``: the server's own
    store; on SQLite this process alone then writes the file (``alone``), the host's commands
    aside, whose writes it sees by their mark (web/outside.py), so it may keep what it read."""

    def __init__(self, database: Path | str, serving: bool = False) -> None:
        self.url = database_url(database)
        parsed = make_url(self.url)
        self.postgresql = parsed.get_backend_name() == "postgresql"
        self.shared = True  # the authority checks the version row before serving a game
        if self.postgresql:
            try:
                import psycopg  # noqa: F401  (the driver SQLAlchemy loads: say which extra)
            except ImportError:
                raise DatabaseRefused("a PostgreSQL database needs psycopg 3: pip install -e "
                                      "'.[postgresql]'") from None
            self.path: Path | None = None
            self.name = parsed.render_as_string(hide_password=True).replace("+psycopg", "")
            self.engine = create_engine(self.url, pool_pre_ping=True, pool_size=8, max_overflow=8)
            # the requests' reads (``read``): each statement its own transaction, no liveness
            # ping — one round trip a read instead of three (ping, the query, the rollback that
            # ended its transaction on the connection's return; issue 26, bench/load.py)
            self.reader = create_engine(self.url, isolation_level="AUTOCOMMIT", pool_size=8, max_overflow=8)
        else:
            self.path = Path(parsed.database or "")
            self.name = str(self.path)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            damaged = damage(self.path)  # D5: before anything opens it, or writes to it
            if damaged:
                raise DatabaseRefused(damaged)
            self.engine = create_engine(self.url)
            event.listen(self.engine, "connect", _sqlite_connection)
            self.reader = self.engine
        self.outside = None if self.path is None else Outside(self.path, self.engine, serving)
        self.alone = self.outside is not None and self.outside.alone
        # SQLite takes one writer at a time and makes the others sleep and retry (a busy wait of
        # up to 100 ms a try: the load's long tail); this process's writers queue here instead.
        # PostgreSQL locks only the game's row: no queue.
        self.writing: AbstractContextManager[Any] = nullcontext() if self.postgresql else threading.Lock()
        # SQLite's changes of games: one writer thread, one commit for those waiting meanwhile
        self.commits = None if self.postgresql else GroupCommit(self.engine, self.writing)
        self._unsynced: Engine | None = None  # SQLite's connections of ``unsynced``, made on first use
        self._making = threading.Lock()
        self.check_and_upgrade()

    def check_and_upgrade(self) -> None:
        """Refuse a database that is not ours or of a newer schema; bring an older one up to date
        (the migrations shipped in the package run at start)."""
        config = _alembic_config(self.engine)
        script = ScriptDirectory.from_config(config)
        known = {rev.revision for rev in script.walk_revisions()}
        what = "database" if self.postgresql else "file"
        try:
            with self.engine.connect() as connection:
                if self.postgresql:  # several processes start at once: one migrates at a time
                    connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
                try:
                    tables = set(inspect(connection).get_table_names())
                    current = MigrationContext.configure(connection).get_current_revision()
                    mark = None
                    if "tetrarchia_meta" in tables:
                        mark = connection.execute(
                            select(MetaRow.value).where(MetaRow.key == "app")).scalar_one_or_none()
                    connection.commit()
                    if tables and mark != APP_MARK:
                        raise DatabaseRefused(
                            f"{self.name} is a database of something else (tables: "
                            f"{', '.join(sorted(tables))}), not of tetrarchia games; choose another "
                            f"{what} with --database")
                    if current is not None and current not in known:
                        raise DatabaseRefused(
                            f"{self.name} was written by a newer tetrarchia (schema {current!r}, this "
                            f"one knows up to {script.get_current_head()!r}); upgrade tetrarchia, or "
                            f"choose another {what} with --database")
                    command.upgrade(config, "head")
                finally:
                    if self.postgresql:
                        connection.execute(text("SELECT pg_advisory_unlock(:key)"),
                                           {"key": MIGRATION_LOCK})
                        connection.commit()
        except OperationalError as exc:
            if not self.postgresql:
                raise DatabaseRefused(f"{self.name} is not an SQLite database of tetrarchia games "
                                      f"({exc.orig}); choose another file with --database") from None
            raise DatabaseRefused(f"cannot reach the PostgreSQL database {self.name}: "
                                  f"{str(exc.orig).strip()}") from None
        except DatabaseError as exc:
            raise DatabaseRefused(f"{self.name} is not an SQLite database of tetrarchia games "
                                  f"({exc.orig}); choose another {what} with --database") from None

    @contextmanager
    def session(self) -> Iterator[Session]:
        with Session(self.engine) as session, session.begin():
            yield session

    def read(self, work: Callable[[Connection], T]) -> T:
        """``work``'s reads outside any transaction (``reader``: on PostgreSQL autocommitted
        connections without a ping, where a connection the database dropped is opened again
        once; on SQLite the store's engine, whose statements ``web/read_cache.py`` watches)."""
        for attempt in (1, 2):
            try:
                with self.reader.connect() as connection:
                    return work(connection)
            except DBAPIError as exc:
                if not exc.connection_invalidated or attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def outside_generation(self) -> int:
        """Moves on when another process (a host's command) wrote this SQLite file (always 0 on
        PostgreSQL, where nothing is kept: ``alone`` is False)."""
        return 0 if self.outside is None else self.outside.generation()

    @contextmanager
    def unsynced(self) -> Iterator[Connection]:
        """A transaction whose commit does not wait for the disc, for rows a power cut may lose
        (a killed process loses nothing): the turns' "since" (web/notify.py).  On SQLite its own
        connections with ``synchronous=NORMAL`` (the write-ahead log synced by the next synced
        commit or checkpoint; ``serve``'s games stay ``FULL``), taken under this process's
        writing lock, as the group commit's (a writer of the file waits there, not in SQLite's
        busy sleeps); on PostgreSQL ``synchronous_commit`` off for the transaction.  Never for a
        table whose reads are kept (web/read_cache.py watches ``engine``'s statements only)."""
        if self.postgresql:
            with self.engine.begin() as connection:
                connection.execute(text("SET LOCAL synchronous_commit TO OFF"))
                yield connection
            return
        if self._unsynced is None:
            with self._making:
                if self._unsynced is None:
                    engine = create_engine(self.url, pool_size=2)
                    event.listen(engine, "connect", _sqlite_unsynced_connection)
                    self._unsynced = engine
        with self.writing, self._unsynced.begin() as connection:
            yield connection

    def create(self, game_id: str, settings: dict[str, Any], board_text: str | None,
               board_source: str, seed: int | None, start: dict[str, Any] | None,
               log: Sequence[str], dice_drawn: int, result: str, summary: str) -> None:
        now = time.time()
        row = {"id": game_id, "created": now, "updated": now, "settings": json.dumps(settings),
               "board_text": board_text, "board_source": board_source, "seed": seed,
               "start": None if start is None else json.dumps(start), "dice_drawn": dice_drawn,
               "version": 1, "log_length": len(log), "result": result, "summary": summary}

        def write(connection: Connection) -> None:
            connection.execute(_CREATE, [row])  # the parameters' keys name the columns
            if log:
                connection.execute(_APPEND, [{"game_id": game_id, "seq": i, "text": t}
                                             for i, t in enumerate(log)])

        self.committed(write)  # SQLite: a burst of new games shares its syncs

    def committed(self, work: Callable[[Connection], None]) -> None:
        """``work``'s statements in one transaction: on SQLite in the group commit, with the other
        writes waiting meanwhile (one sync for all, web/commits.py), else on a connection of its
        own.  A ``Refused`` from ``work`` raises its cause, nothing of it written."""
        if self.commits is not None:
            self.commits.run(work)
            return
        try:
            with self.engine.begin() as connection:
                work(connection)
        except Refused as exc:  # leaving the block rolled the transaction back
            raise exc.cause from None

    def record(self, game_id: str, keep: int, added: Sequence[str], dice_drawn: int, version: int,
               result: str, news: str | None = None) -> None:
        """One accepted change, in one transaction (on SQLite with the other games' changes that
        wait meanwhile, one sync for all: web/commits.py): the game's row moved from ``version - 1`` to
        ``version`` — and only if it is still at ``version - 1`` (else ``Conflict``, nothing
        written) —, its dice drawn and result; the log cut to its first ``keep`` actions (an
        undo), then ``added`` appended.  On PostgreSQL ``news`` (the bus's JSON) is sent with
        ``pg_notify`` in the same transaction: it is delivered when, and only if, it commits.

        The version's UPDATE comes first: on PostgreSQL it locks the game's row, so a second
        process's UPDATE waits for the first to commit and then finds the version moved on."""
        def write(connection: Connection) -> None:
            # SQLAlchemy Core on one connection, not the ORM's session: the same statements
            # without the unit of work's bookkeeping (a third of the request's time, bench/load.py),
            # built once (building them cost as much as running them, bench/per_action.py)
            moved = connection.execute(_MOVE, {"game": game_id, "before": version - 1,
                                               "new_updated": time.time(), "new_dice_drawn": dice_drawn,
                                               "new_version": version, "new_log_length": keep + len(added),
                                               "new_result": result})
            if moved.rowcount != 1:
                raise Refused(Conflict(game_id))  # nothing written: the first statement matched no row
            connection.execute(_CUT, {"game": game_id, "keep": keep})
            if added:
                connection.execute(_APPEND, [{"game_id": game_id, "seq": keep + i, "text": t}
                                             for i, t in enumerate(added)])
            if news is not None and self.postgresql:
                connection.execute(text("SELECT pg_notify(:channel, :news)"),
                                   {"channel": NOTIFY_CHANNEL, "news": news})

        self.committed(write)  # SQLite: with the other games' changes, one sync

    def version(self, game_id: str) -> int | None:
        """The stored version of a game (None: no such game): the cheap check that tells a
        process whether the game it holds in memory is still the current one."""
        found = self.read(lambda connection: connection.execute(_VERSION, {"game": game_id}).scalar())
        return None if found is None else int(found)

    def versions(self, game_ids: Sequence[str]) -> dict[str, int]:
        """The stored versions of several games (those that exist)."""
        if not game_ids:
            return {}
        with self.engine.connect() as connection:
            rows = connection.execute(select(GameRow.id, GameRow.version)
                                      .where(GameRow.id.in_(list(game_ids)))).all()
            return {row[0]: int(row[1]) for row in rows}

    def notify(self, news: str) -> None:
        """Send ``news`` on the bus's channel at once (PostgreSQL only): the news that no commit
        carries."""
        with self.engine.begin() as connection:
            connection.execute(text("SELECT pg_notify(:channel, :news)"),
                               {"channel": NOTIFY_CHANNEL, "news": news})

    def delete(self, game_id: str) -> bool:
        """Remove a game and everything stored of it for good (its log, and the rows of every
        other table keyed by its id: seats, presence, the AI's notes: the tables of the modules
        loaded, so a host command loads them first, ``cli/games.py``); False when there was no
        such game."""
        with self.session() as session:
            for table in Base.metadata.sorted_tables:
                if table.name != GameRow.__tablename__ and "game_id" in table.c:
                    session.execute(delete(table).where(table.c.game_id == game_id))
            gone = session.execute(delete(GameRow).where(GameRow.id == game_id))
            return bool(gone.rowcount == 1)  # type: ignore[attr-defined]

    def dispose(self) -> None:
        """Close the pooled connections (a host command's end, a test's teardown)."""
        if self.commits is not None:
            self.commits.close()
        if self._unsynced is not None:
            self._unsynced.dispose()
        if self.reader is not self.engine:
            self.reader.dispose()
        self.engine.dispose()
        if self.outside is not None:
            self.outside.close()

    def fetch(self, game_id: str) -> StoredGame | None:
        with self.session() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                return None
            log = session.execute(select(ActionRow.text).where(ActionRow.game_id == game_id)
                                  .order_by(ActionRow.seq)).scalars().all()
            return StoredGame(row.id, row.created, row.updated, json.loads(row.settings),
                              row.board_text, row.board_source, row.seed,
                              None if row.start is None else json.loads(row.start), row.dice_drawn,
                              row.version, tuple(log), row.result, row.summary)

    def listing(self) -> list[GameListing]:
        with self.session() as session:
            rows = session.execute(select(GameRow).order_by(GameRow.updated.desc())).scalars().all()
            return [GameListing(r.id, r.created, r.updated, r.log_length, r.result, r.summary)
                    for r in rows]

    def ids(self) -> list[str]:
        with self.session() as session:
            return list(session.execute(select(GameRow.id)).scalars().all())
