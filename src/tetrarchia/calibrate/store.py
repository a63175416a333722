"""The results store of ``tetrarchia calibrate``: one SQLite file, one row per game.

Why SQLite (through the standard library's :mod:`sqlite3`): no extra dependency for the core
install; one file that can be committed, copied and opened by any tool; a row is appended and
committed as soon as its game ends, so an interrupted run loses nothing finished (Parquet writes
whole row groups and would need a rewrite or many small files to append game by game); and the
primary key ``(level, options, player, seed)`` makes resuming and extending a matter of asking
which seeds are stored.  Only the process that runs ``calibrate`` writes: workers return rows.

Tables:

- ``meta``: ``format = tetrarchia-calibrate`` and ``schema = 1``, so a file that is not ours is
  refused instead of being written into;
- ``runs``: one row per ``calibrate`` run: the package version and source commit that played its
  games, when it started and ended (UTC), its wall time, how many games it stored, its workers
  and its command line;
- ``games``: level, options (canonical text, :mod:`~tetrarchia.calibrate.setups`), player, seed,
  result (``win``, ``loss``, ``unfinished``), cause of a loss (``army-in-roma``, ``reserve-empty``,
  R8), rounds, turns, score (R9), seconds of the game, and the run that stored it (its version
  and commit are the run's).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Self

from tetrarchia.core.errors import TetrarchiaError

FORMAT = "tetrarchia-calibrate"
SCHEMA = "1"

WIN, LOSS, UNFINISHED = "win", "loss", "unfinished"
ARMY_IN_ROMA, RESERVE_EMPTY = "army-in-roma", "reserve-empty"

_TABLES = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE runs (
    id INTEGER PRIMARY KEY,
    version TEXT NOT NULL,
    commit_hash TEXT NOT NULL,
    started TEXT NOT NULL,
    finished TEXT,
    seconds REAL,
    games INTEGER NOT NULL DEFAULT 0,
    workers TEXT NOT NULL,
    command TEXT NOT NULL
);
CREATE TABLE games (
    level TEXT NOT NULL,
    options TEXT NOT NULL,
    player TEXT NOT NULL,
    seed INTEGER NOT NULL,
    result TEXT NOT NULL CHECK (result IN ('win', 'loss', 'unfinished')),
    cause TEXT NOT NULL CHECK (cause IN ('', 'army-in-roma', 'reserve-empty')),
    rounds INTEGER NOT NULL,
    turns INTEGER NOT NULL,
    score INTEGER NOT NULL,
    seconds REAL NOT NULL,
    run INTEGER NOT NULL REFERENCES runs (id),
    PRIMARY KEY (level, options, player, seed)
) WITHOUT ROWID;
"""


class StoreError(TetrarchiaError):
    """A results store that cannot be used: not ours, unreadable, or of another schema."""


@dataclass(frozen=True, slots=True)
class GameRow:
    """One stored game (``seconds``: its own time, in the process that played it)."""

    level: str
    options: str
    player: str
    seed: int
    result: str
    cause: str
    rounds: int
    turns: int
    score: int
    seconds: float

    @property
    def key(self) -> tuple[str, str, str, int]:
        return (self.level, self.options, self.player, self.seed)

    def outcome(self) -> tuple[str, str, str, int, str, str, int, int, int]:
        """Everything the game decided (not its time): equal for the same seed on any worker."""
        return (self.level, self.options, self.player, self.seed, self.result, self.cause,
                self.rounds, self.turns, self.score)


@dataclass(frozen=True, slots=True)
class Run:
    id: int
    version: str
    commit_hash: str
    started: str
    finished: str | None
    seconds: float | None
    games: int
    workers: str
    command: str


class Store:
    """A results store opened for reading (:meth:`read`) or for a run (:meth:`open`)."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self._db = connection

    @classmethod
    def open(cls, path: Path) -> Self:
        """Open ``path`` for writing, creating a new store when the file does not exist (or is
        empty).  An existing file must be a store of ours: anything else is refused untouched."""
        if path.exists() and path.stat().st_size > 0:
            cls.read(path).close()  # refuses a file that is not ours, without writing to it
            db = cls._connect(path)
        else:
            if path.parent and not path.parent.is_dir():
                raise StoreError(f"cannot create the results store {str(path)!r}: "
                                 f"no directory {str(path.parent)!r}")
            db = cls._connect(path)
            with db:
                db.executescript(_TABLES)
                db.executemany("INSERT INTO meta VALUES (?, ?)",
                               [("format", FORMAT), ("schema", SCHEMA)])
        db.execute("PRAGMA journal_mode = WAL")  # readers (a report) while a run writes
        db.execute("PRAGMA synchronous = NORMAL")  # a commit per game stays cheap
        return cls(path, db)

    @classmethod
    def read(cls, path: Path) -> Self:
        """Open an existing store read-only; a missing file or one that is not ours is refused."""
        if not path.is_file():
            raise StoreError(f"no results store {str(path)!r}: run 'tetrarchia calibrate "
                             f"--store {path}' first")
        try:
            db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
            rows = dict(db.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{str(path)!r} is not a results store of tetrarchia calibrate "
                             f"({exc})") from exc
        if rows.get("format") != FORMAT:
            db.close()
            raise StoreError(f"{str(path)!r} is not a results store of tetrarchia calibrate "
                             f"(its meta table names no format {FORMAT!r})")
        if rows.get("schema") != SCHEMA:
            db.close()
            raise StoreError(f"{str(path)!r} is a results store of schema {rows.get('schema')!r}; "
                             f"this tetrarchia reads schema {SCHEMA!r}")
        return cls(path, db)

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        try:
            return sqlite3.connect(path)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the results store {str(path)!r}: {exc}") from exc

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- a run ------------------------------------------------------------------------------

    def start_run(self, version: str, commit_hash: str, started: str, workers: str,
                  command: str) -> int:
        with self._db:
            cursor = self._db.execute(
                "INSERT INTO runs (version, commit_hash, started, workers, command) "
                "VALUES (?, ?, ?, ?, ?)", (version, commit_hash, started, workers, command))
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def finish_run(self, run: int, finished: str, seconds: float, games: int,
                   workers: str | None = None) -> None:
        """Close a run; ``workers``, when given, replaces what it started with (the workers
        that served it, runner.served_text)."""
        with self._db:
            self._db.execute("UPDATE runs SET finished = ?, seconds = ?, games = ?, "
                             "workers = COALESCE(?, workers) WHERE id = ?",
                             (finished, seconds, games, workers, run))

    def add(self, row: GameRow, run: int) -> None:
        """Store one game and commit it: what is stored survives an interruption."""
        with self._db:
            self._db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             (row.level, row.options, row.player, row.seed, row.result, row.cause,
                              row.rounds, row.turns, row.score, row.seconds, run))

    def merge(self, other: Store) -> tuple[int, int]:
        """Add the games of ``other`` (a store filled on another machine, or by a run over other
        seeds) with their runs; returns (games added, games already here).  A game stored in both
        must have the same outcome, since a seed decides a game whatever plays it: a difference
        means the two stores were played by different rules or players, and nothing is written.
        """
        mine = {row.key: row.outcome() for row in self.rows()}
        theirs = list(other._db.execute(
            "SELECT level, options, player, seed, result, cause, rounds, turns, score, seconds, run "
            "FROM games ORDER BY level, options, player, seed"))
        fresh = []
        for values in theirs:
            row = GameRow(*values[:10])
            known = mine.get(row.key)
            if known is None:
                fresh.append((row, int(values[10])))
            elif known != row.outcome():
                level, options, player, seed = row.key
                raise StoreError(
                    f"{str(other.path)!r} and {str(self.path)!r} disagree on the game of seed {seed} "
                    f"at level {level}{' with ' + options if options else ''} ({player}): "
                    f"{row.result} in {row.turns} turns there, {known[4]} in {known[7]} turns here; "
                    "they were not played by the same rules and players, so they are not merged")
        runs = {run.id: run for run in other.runs()}
        with self._db:
            new_id: dict[int, int] = {}
            for old in sorted({run for _row, run in fresh}):
                run = runs.get(old)
                if run is None:
                    raise StoreError(f"{str(other.path)!r} has games of a run {old} it does not "
                                     "describe; it is not merged")
                cursor = self._db.execute(
                    "INSERT INTO runs (version, commit_hash, started, finished, seconds, games, "
                    "workers, command) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (run.version, run.commit_hash, run.started, run.finished, run.seconds,
                     sum(1 for _row, r in fresh if r == old), run.workers,
                     f"{run.command}  [merged from {other.path.name}]"))
                assert cursor.lastrowid is not None
                new_id[old] = cursor.lastrowid
            self._db.executemany(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(r.level, r.options, r.player, r.seed, r.result, r.cause, r.rounds, r.turns,
                  r.score, r.seconds, new_id[run]) for r, run in fresh])
        return len(fresh), len(theirs) - len(fresh)

    # --- reading ----------------------------------------------------------------------------

    def seeds(self, level: str, options: str, player: str) -> set[int]:
        """The seeds already stored for one setup (a run skips them)."""
        return {seed for (seed,) in self._db.execute(
            "SELECT seed FROM games WHERE level = ? AND options = ? AND player = ?",
            (level, options, player))}

    def rows(self, where: str = "", parameters: Iterable[object] = ()) -> Iterator[GameRow]:
        """The stored games in key order (optionally filtered by an SQL condition)."""
        query = ("SELECT level, options, player, seed, result, cause, rounds, turns, score, seconds "
                 "FROM games" + (f" WHERE {where}" if where else "")
                 + " ORDER BY level, options, player, seed")
        for values in self._db.execute(query, tuple(parameters)):
            yield GameRow(*values)

    def count(self) -> int:
        (n,) = self._db.execute("SELECT count(*) FROM games").fetchone()
        return int(n)

    def runs(self) -> list[Run]:
        return [Run(*values) for values in self._db.execute(
            "SELECT id, version, commit_hash, started, finished, seconds, games, workers, command "
            "FROM runs ORDER BY id")]
