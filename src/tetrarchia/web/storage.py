"""Where the server keeps its games: an SQLite database reached through SQLAlchemy 2, with a
versioned schema upgraded by the Alembic migrations shipped in ``tetrarchia/web/migrations``.

A game is stored as what decides it and nothing more: its settings, the board file's text when it
is not the shipped one, the seed of its dice, the position it started from (for an imported
position) and its log, one row per action, dice included.  Replaying the log rebuilds the game
exactly, and the seed with the count of dice drawn lets it go on with the dice it would have had
(the save format's own rule, docs/save-format.md).  Each accepted action is committed before the
server answers anyone.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import (
    Engine,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    event,
    inspect,
    select,
    update,
)
from sqlalchemy.exc import DatabaseError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

APP_MARK = "tetrarchia"  # the row of table tetrarchia_meta that says the database is ours


class DatabaseRefused(Exception):
    """The database file cannot be used: not one of ours, of a newer schema, or unreadable."""


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
    seed: Mapped[int | None] = mapped_column(Integer, nullable=True)
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


def _alembic_config(engine: Engine) -> Config:
    config = Config()
    location = resources.files("tetrarchia.web").joinpath("migrations")
    config.set_main_option("script_location", str(location))
    config.attributes["engine"] = engine
    return config


def _enable_foreign_keys(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Store:
    """The games of one database: create, append actions, take back, fetch, list."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.engine = create_engine(f"sqlite:///{self.path}")
        event.listen(self.engine, "connect", _enable_foreign_keys)
        self.check_and_upgrade()

    def check_and_upgrade(self) -> None:
        """Refuse a database that is not ours or of a newer schema; bring an older one up to date
        (the migrations shipped in the package run at start)."""
        config = _alembic_config(self.engine)
        script = ScriptDirectory.from_config(config)
        known = {rev.revision for rev in script.walk_revisions()}
        try:
            with self.engine.connect() as connection:
                tables = set(inspect(connection).get_table_names())
                current = MigrationContext.configure(connection).get_current_revision()
                mark = None
                if "tetrarchia_meta" in tables:
                    mark = connection.execute(
                        select(MetaRow.value).where(MetaRow.key == "app")).scalar_one_or_none()
        except DatabaseError as exc:
            raise DatabaseRefused(f"{self.path} is not an SQLite database of tetrarchia games "
                                  f"({exc.orig}); choose another file with --database") from None
        if tables and mark != APP_MARK:
            raise DatabaseRefused(f"{self.path} is a database of something else (tables: "
                                  f"{', '.join(sorted(tables))}), not of tetrarchia games; choose "
                                  "another file with --database")
        if current is not None and current not in known:
            raise DatabaseRefused(f"{self.path} was written by a newer tetrarchia (schema "
                                  f"{current!r}, this one knows up to {script.get_current_head()!r}); "
                                  "upgrade tetrarchia, or choose another file with --database")
        command.upgrade(config, "head")

    @contextmanager
    def session(self) -> Iterator[Session]:
        with Session(self.engine) as session, session.begin():
            yield session

    def create(self, game_id: str, settings: dict[str, Any], board_text: str | None,
               board_source: str, seed: int | None, start: dict[str, Any] | None,
               log: Sequence[str], dice_drawn: int, result: str, summary: str) -> None:
        now = time.time()
        with self.session() as session:
            session.add(GameRow(id=game_id, created=now, updated=now, settings=json.dumps(settings),
                                board_text=board_text, board_source=board_source, seed=seed,
                                start=None if start is None else json.dumps(start),
                                dice_drawn=dice_drawn, version=1, log_length=len(log),
                                result=result, summary=summary))
            session.flush()
            session.add_all(ActionRow(game_id=game_id, seq=i, text=t) for i, t in enumerate(log))

    def record(self, game_id: str, keep: int, added: Sequence[str], dice_drawn: int, version: int,
               result: str) -> None:
        """One accepted change, in one transaction: the log cut to its first ``keep`` actions
        (an undo), then ``added`` appended; the game's version, dice drawn and result."""
        with self.session() as session:
            session.execute(delete(ActionRow).where(ActionRow.game_id == game_id,
                                                    ActionRow.seq >= keep))
            session.add_all(ActionRow(game_id=game_id, seq=keep + i, text=t) for i, t in enumerate(added))
            session.execute(update(GameRow).where(GameRow.id == game_id).values(
                updated=time.time(), dice_drawn=dice_drawn, version=version,
                log_length=keep + len(added), result=result))

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
