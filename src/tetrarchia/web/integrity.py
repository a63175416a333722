"""The SQLite file checked at start, backed up and restored (issue 26, D5).

Before, a damaged file was not noticed: with bytes garbled in the middle the server started and
wrote new games into it, and a garbled last page gave HTTP 500 and a game that could no longer
be exported.  Now every start (``serve``, and the host's ``games`` commands) runs SQLite's
``PRAGMA quick_check`` first (every page of every table and index read and its structure
checked: a few milliseconds a megabyte) and refuses a damaged file, untouched, with the way back:
the host's latest backup (``tetrarchia games restore``), or SQLite's ``.recover`` for what can
still be read.

``backup`` is SQLite's online backup: a consistent copy taken while the server runs (commits
still in the write-ahead log included), checked, written beside its name and renamed into place,
as one file in the rollback-journal mode (no ``-wal`` companion to forget).  ``restore`` checks a
backup first, keeps the file it replaces (and its companions) under another name, and copies the
backup in the same way.  PostgreSQL has its own tools (``pg_dump``, ``pg_restore``).

Nothing here imports the storage: ``storage.Store`` calls ``damage`` before it opens a file.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
import time
from pathlib import Path

from tetrarchia.game import remove_stale_temporaries

SQLITE_MAGIC = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite file
COMPANIONS = ("-wal", "-shm", "-journal")  # the files SQLite keeps beside a database
SHOWN_PROBLEMS = 3  # the first lines of quick_check's report a refusal quotes


class BackupError(Exception):
    """A backup or a restore that cannot be made; nothing was changed."""


def is_sqlite(path: Path) -> bool:
    """Whether ``path`` begins as an SQLite file does (an empty or missing file does not)."""
    try:
        with path.open("rb") as file:
            return file.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except OSError:
        return False


def problems(path: Path) -> list[str]:
    """What ``PRAGMA quick_check`` finds wrong in the SQLite file ``path`` (empty: sound)."""
    try:
        connection = sqlite3.connect(path)
    except sqlite3.DatabaseError as exc:
        return [str(exc)]
    try:
        rows = connection.execute("PRAGMA quick_check").fetchall()
    except sqlite3.DatabaseError as exc:  # "database disk image is malformed"
        return [str(exc)]
    finally:
        connection.close()
    found = [str(row[0]) for row in rows]
    if found == ["ok"]:
        return []
    # each row may hold several lines, the first naming the schema ("*** in database main ***")
    return [line for row in found for line in row.splitlines() if not line.startswith("***")]


def damage(path: Path) -> str | None:
    """The refusal of a damaged SQLite file, in the host's words (None: sound, empty or no
    SQLite file at all, which the storage's own checks refuse or create)."""
    if not is_sqlite(path):
        return None
    found = problems(path)
    if not found:
        return None
    shown = "; ".join(found[:SHOWN_PROBLEMS]) + (f" (and {len(found) - SHOWN_PROBLEMS} more)"
                                                 if len(found) > SHOWN_PROBLEMS else "")
    return (f"{path} is damaged (SQLite's check: {shown}); it was left as it is and nothing was "
            f"written to it. Restore your latest backup: tetrarchia games restore BACKUP "
            f"--database {path} (docs/hosting.md, Backups); or save what can still be read: "
            f"sqlite3 {path} .recover | sqlite3 recovered.sqlite3, then serve --database "
            f"recovered.sqlite3")


def copy_database(source: Path, target: Path) -> int:
    """SQLite's online backup of ``source`` into the new file ``target`` (refused when it
    exists), checked, in the rollback-journal mode; the count of games it holds."""
    if target.exists():
        raise BackupError(f"{target} exists already; name a new file (or remove it first)")
    folder = target.resolve().parent
    if not folder.is_dir():
        raise BackupError(f"there is no folder {folder}")
    remove_stale_temporaries(folder, target.name)  # a killed backup's leftovers
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    os.close(fd)
    temporary = Path(name)
    try:
        with contextlib.closing(sqlite3.connect(source)) as reading, \
                contextlib.closing(sqlite3.connect(temporary)) as writing:
            reading.backup(writing)  # one step: a consistent copy, the server's commits go on
            writing.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
            games = int(writing.execute("SELECT count(*) FROM games").fetchone()[0])
        found = problems(temporary)
        if found:
            raise BackupError(f"the copy of {source} does not pass SQLite's check ({found[0]}); "
                              "nothing was written")
        with temporary.open("rb") as file:
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{source} cannot be copied ({exc}); nothing was written") from None
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink()
    return games


def check_backup(backup: Path) -> int:
    """Refuse (``BackupError``) a file that is not a sound SQLite database of tetrarchia games;
    the count of games it holds."""
    if not backup.is_file():
        raise BackupError(f"there is no file {backup}")
    if not is_sqlite(backup):
        raise BackupError(f"{backup} is not an SQLite database (a backup of tetrarchia games is "
                          "made by tetrarchia games backup)")
    found = problems(backup)
    if found:
        raise BackupError(f"{backup} is damaged too (SQLite's check: {found[0]}); choose an "
                          "older backup")
    try:
        with contextlib.closing(sqlite3.connect(backup)) as connection:
            mark = connection.execute("SELECT value FROM tetrarchia_meta WHERE key = 'app'").fetchone()
            games = int(connection.execute("SELECT count(*) FROM games").fetchone()[0])
    except sqlite3.DatabaseError:
        mark = None
    if mark is None or mark[0] != "tetrarchia":
        raise BackupError(f"{backup} is not a database of tetrarchia games")
    return games


def set_aside(database: Path) -> Path | None:
    """Rename ``database`` and its companions to ``NAME.replaced-TIME`` (kept, never deleted);
    the new name of the database (None: there was none)."""
    if not database.exists():
        return None
    kept = database.with_name(f"{database.name}.replaced-{time.strftime('%Y%m%d-%H%M%S')}")
    for suffix in ("", *COMPANIONS):
        companion = database.with_name(database.name + suffix)
        if companion.exists():
            os.replace(companion, kept.with_name(kept.name + suffix))
    return kept


def restore(backup: Path, database: Path) -> tuple[int, Path | None]:
    """Replace ``database`` by a copy of the checked ``backup``: the games restored, and where
    the replaced file was kept (None: there was no file)."""
    check_backup(backup)
    if backup.resolve() == database.resolve():
        raise BackupError(f"{backup} is the database itself; name a backup")
    kept = set_aside(database)
    try:
        games = copy_database(backup, database)
    except BaseException:
        if kept is not None:  # put the replaced file back: nothing changed
            for suffix in ("", *COMPANIONS):
                companion = kept.with_name(kept.name + suffix)
                if companion.exists():
                    os.replace(companion, database.with_name(database.name + suffix))
        raise
    return games, kept
