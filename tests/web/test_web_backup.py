"""Issue 26, D5: the SQLite file checked at start (a damaged one refused, untouched, with the way
back), ``tetrarchia games backup`` while the server runs and ``tetrarchia games restore``.  The
servers are real ``tetrarchia serve`` processes on loopback.  The refusal test failed before
web/integrity.py: the server started on the damaged file (and wrote new games into it)."""

from __future__ import annotations

import hashlib
import json
import random
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from tetrarchia.cli.main import app
from web_helpers import client, free_port, new_game, start_server, step

pytestmark = pytest.mark.timeout(120)

PAGE = 4096  # SQLite's page size here (the default)


def stored_games(database: Path, games: int = 6, steps: int = 15) -> list[str]:
    """``games`` games of ``steps`` decisions each stored in ``database``; their ids."""
    ids = []
    with client(database) as http:
        for seed in range(games):
            state = new_game(http, seed=seed)
            chooser, decisions = random.Random(seed), list[str]()
            for _ in range(steps):
                state = step(http, state, chooser, decisions)
            ids.append(state["id"])
        http.app.state.store.dispose()  # type: ignore[attr-defined]
    return ids


def garble(database: Path, page: int, length: int = PAGE, seed: int = 1) -> None:
    """Overwrite ``length`` bytes from the start of page ``page`` (from 0) with seeded noise."""
    data = bytearray(database.read_bytes())
    noise = random.Random(seed)
    for i in range(page * PAGE, min(len(data), page * PAGE + length)):
        data[i] = noise.randrange(256)
    database.write_bytes(bytes(data))


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def games(*arguments: str) -> Any:
    return CliRunner().invoke(app, ["games", *arguments])


def pages(database: Path) -> int:
    return database.stat().st_size // PAGE


@pytest.mark.parametrize("where", [
    pytest.param(lambda n: (n // 2, PAGE), id="a-page-in-the-middle"),
    pytest.param(lambda n: (n // 2, 16), id="16-bytes-of-a-page-header"),
    pytest.param(lambda n: (n - 1, PAGE), id="the-last-page"),
])
def test_a_damaged_file_is_refused_at_start_and_left_untouched(tmp_path: Path, where: Any) -> None:
    database = tmp_path / "games.sqlite3"
    stored_games(database)
    page, length = where(pages(database))
    garble(database, page, length)
    before = digest(database)
    server = subprocess.run(
        [sys.executable, "-m", "tetrarchia.cli", "serve", "--port", str(free_port()), "--database",
         str(database)], capture_output=True, text=True, timeout=60)
    assert server.returncode == 2, server.stdout + server.stderr
    said = server.stderr
    assert f"{database} is damaged" in said and "tetrarchia games restore" in said, said
    assert ".recover" in said and "Traceback" not in said
    listed = games("list", "--database", str(database))  # the host's commands refuse it too
    assert listed.exit_code == 2 and "is damaged" in listed.output
    assert digest(database) == before
    assert not database.with_name("games.sqlite3-wal").exists()


def test_a_backup_taken_while_the_server_plays_restores_a_damaged_file(tmp_path: Path) -> None:
    database, backup = tmp_path / "games.sqlite3", tmp_path / "backup.sqlite3"
    port = free_port()
    server = start_server(database, port)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
            state = new_game(http, seed=5)
            chooser, decisions = random.Random(5), list[str]()
            for _ in range(12):
                state = step(http, state, chooser, decisions)
            game = state["id"]
            saved = http.get(f"/api/games/{game}/export").json()  # the game when backed up
            made = games("backup", str(backup), "--database", str(database))  # the server runs
            assert made.exit_code == 0, made.output
            assert f"1 game of {database} copied to {backup}" in made.output
            for _ in range(5):  # the game goes on after the backup
                state = step(http, state, chooser, decisions)
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert not backup.with_name("backup.sqlite3-wal").exists()  # one self-contained file
    garble(database, pages(database) - 1)
    assert games("list", "--database", str(database)).exit_code == 2
    damaged = digest(database)

    restored = games("restore", str(backup), "--yes", "--database", str(database))
    assert restored.exit_code == 0, restored.output
    kept = next(tmp_path.glob("games.sqlite3.replaced-*"))
    assert f"1 game restored from {backup} into {database}" in restored.output
    assert f"kept as {kept}" in restored.output and digest(kept) == damaged
    exported = games("export", game, "--database", str(database))
    assert exported.exit_code == 0, exported.output
    back = json.loads(exported.stdout)
    # the host's export holds the seed; a seat's holds none while the game runs (D2)
    assert back["log"] == saved["log"] and back["seed"] == 5 and saved["seed"] is None


@pytest.mark.parametrize(("command", "made", "said"), [
    pytest.param("backup", "existing", "exists already", id="backup-over-an-existing-file"),
    pytest.param("restore", "missing", "there is no file", id="restore-a-missing-backup"),
    pytest.param("restore", "text", "is not an SQLite database", id="restore-a-text-file"),
    pytest.param("restore", "damaged", "is damaged too", id="restore-a-damaged-backup"),
    pytest.param("restore", "foreign", "not a database of tetrarchia games", id="restore-a-foreign-database"),
])
def test_a_backup_or_restore_that_cannot_be_made_changes_nothing(
        tmp_path: Path, command: str, made: str, said: str) -> None:
    database, other = tmp_path / "games.sqlite3", tmp_path / "other.sqlite3"
    stored_games(database, games=2, steps=3)
    if made == "existing" or made == "damaged":
        assert games("backup", str(other), "--database", str(database)).exit_code == 0
    if made == "damaged":
        garble(other, pages(other) // 2)
    if made == "text":
        other.write_text("not a database\n")
    if made == "foreign":

        with sqlite3.connect(other) as foreign:
            foreign.execute("CREATE TABLE games (id TEXT)")
    before = {p.name: digest(p) for p in tmp_path.iterdir()}
    refused = games(command, str(other), "--yes", "--database", str(database)) if command == "restore" \
        else games(command, str(other), "--database", str(database))
    assert refused.exit_code == 2 and said in refused.output, refused.output
    assert {p.name: digest(p) for p in tmp_path.iterdir()} == before


@pytest.mark.parametrize("command", ["backup", "restore"])
def test_a_postgresql_database_is_told_its_own_tools(tmp_path: Path, command: str) -> None:
    told = games(command, str(tmp_path / "dump"), "--database", "postgresql://host.invalid/games")
    tool = "pg_dump" if command == "backup" else "pg_restore"
    assert told.exit_code == 2 and tool in told.output
    assert not list(tmp_path.iterdir())
