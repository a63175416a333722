"""``tetrarchia games list|export|delete`` (issue 11): the host's commands over the stored games,
on SQLite and on PostgreSQL.  A finished game stays readable (state, replay, export); the export
is the save format ``tetrarchia play --load`` reads; delete asks first."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from starlette.testclient import TestClient
from typer.testing import CliRunner

from tetrarchia.cli.main import app
from tetrarchia.game import Game
from web_helpers import change, client, empty_tables, new_game, step


@pytest.fixture(params=["sqlite", "postgresql"])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[TestClient, str]]:
    """A server and its ``--database``."""
    if request.param == "sqlite":
        database = str(tmp_path / "games.sqlite3")
        yield client(Path(database)), database
        return
    database = request.getfixturevalue("postgres_database")
    with client(database) as http:
        empty_tables(http)
        yield http, database


def games(*args: str, given: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["games", *args], input=given)
    return result.exit_code, result.output


def test_a_finished_game_is_listed_read_and_exported(served: tuple[TestClient, str], tmp_path: Path) -> None:
    http, database = served
    seed = 11
    chooser, decisions = random.Random(seed), list[str]()
    state = new_game(http, seed=seed)
    for _ in range(3000):
        if state["over"]:
            break
        state = step(http, state, chooser, decisions)
    assert state["over"]
    seat = http.headers["Authorization"]  # the finished game's hot seat
    waiting = new_game(http, seed=4)  # an abandoned game: never played on
    http.headers["Authorization"] = seat
    code, listing = games("list", "--database", database)
    assert code == 0
    assert state["id"] in listing and waiting["id"] in listing and "2 games in" in listing
    row = next(line for line in listing.splitlines() if line.startswith(state["id"]))
    assert f" {state['log_length']} " in row and state["position"]["result"].replace("-", " ") in row
    # still readable after the end: its state, every step of its replay, its export
    assert http.get(f"/api/games/{state['id']}").json()["over"]
    last = http.get(f"/api/games/{state['id']}/at/{state['log_length']}").json()
    assert last["position"] == state["position"] and last["n"] == last["total"] == state["log_length"]
    target = tmp_path / "finished.json"
    code, said = games("export", state["id"], str(target), "--database", database)
    assert code == 0 and f"written to {target}" in said
    saved = json.loads(target.read_text(encoding="utf-8"))
    assert saved == http.get(f"/api/games/{state['id']}/export").json()
    assert Game.from_json(saved).state.is_over  # what `tetrarchia play --load` reads
    code, printed = games("export", waiting["id"], "--database", database)
    assert code == 0 and json.loads(printed)["format"] == "tetrarchia-game"


def test_delete_asks_first_and_removes_the_game_and_its_log(served: tuple[TestClient, str]) -> None:
    http, database = served
    state = new_game(http, seed=5)
    assert change(http, state["id"], "actions",
                  {"version": 1, "action": state["legal"][0]["notation"]}).status_code == 200
    with http.app.state.store.engine.connect() as connection:  # type: ignore[attr-defined]
        assert connection.execute(text("SELECT count(*) FROM seats WHERE game_id = :g"),
                                  {"g": state["id"]}).scalar() > 0  # what the deletion must remove
    code, said = games("delete", state["id"], "--database", database, given="n\n")
    assert code == 1 and "for good?" in said and "Nothing deleted." in said
    assert http.app.state.store.fetch(state["id"]) is not None  # type: ignore[attr-defined]
    code, said = games("delete", state["id"], "--database", database, given="y\n")
    assert code == 0 and f"Game {state['id']} deleted." in said
    assert http.app.state.store.fetch(state["id"]) is None  # type: ignore[attr-defined]
    with http.app.state.store.engine.connect() as connection:  # type: ignore[attr-defined]
        assert connection.execute(text("SELECT count(*) FROM actions")).scalar() == 0  # its log too
        for table in ("seats", "presence", "ai_notes"):  # and its seats, presence and AI notes
            assert connection.execute(text(f"SELECT count(*) FROM {table} WHERE game_id = :g"),
                                      {"g": state["id"]}).scalar() == 0
    code, said = games("list", "--database", database)
    assert code == 0 and "No games in" in said
    other = new_game(http, seed=6)
    assert games("delete", other["id"], "--yes", "--database", database)[0] == 0
    gone = http.get(f"/api/games/{other['id']}")  # the server forgets it too, and its links
    assert gone.status_code == 403 and gone.json()["error"]["code"] == "bad_credential"


def test_an_unknown_game_or_a_foreign_database_is_refused(tmp_path: Path) -> None:
    database = str(tmp_path / "games.sqlite3")
    code, said = games("list", "--database", database)
    assert code == 2 and f"there is no database {database}" in said
    assert not (tmp_path / "games.sqlite3").exists()  # a host command creates no database
    client(Path(database))  # the server creates it
    code, said = games("export", "0123456789abcdef", "--database", database)
    assert code == 1 and "there is no game '0123456789abcdef'" in said
    code, said = games("delete", "nope", "--yes", "--database", database)
    assert code == 1 and "there is no game 'nope'" in said
    foreign = tmp_path / "notes.txt"
    foreign.write_text("not a database at all, just some words " * 100)
    code, said = games("list", "--database", str(foreign))
    assert code == 2 and "is not an SQLite database of tetrarchia games" in said


def test_games_without_the_web_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tetrarchia.web.storage", None)  # as on a core install
    code, said = games("list")
    assert code == 2 and "the stored games need the web extra" in said and "pip install -e '.[web]'" in said
