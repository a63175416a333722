"""Helpers of the web tests: a server on a temporary database, in process (Starlette's
TestClient) or as a real ``tetrarchia serve`` process, and a seeded player that picks from the
legal actions the server sends."""

from __future__ import annotations

import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import httpx
from starlette.testclient import TestClient

from tetrarchia.core.notation import parse_action
from tetrarchia.core.settings import Level, Settings
from tetrarchia.game import Game
from tetrarchia.web.app import create_app

UNLIMITED_RATE = (1e9, 1e9)  # the tests' clients send requests as fast as they can


def client(database: Path | str, **options: Any) -> TestClient:
    options.setdefault("rate", UNLIMITED_RATE)
    options.setdefault("new_games", 1e9)
    return TestClient(create_app(database, **options))


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def sit(http: TestClient | httpx.Client, created: dict[str, Any]) -> str:
    """Hold the new game's hot seat (or its first person's seat): the client's later requests
    carry that credential.  Returns the token."""
    given = created["credentials"]
    token: str = given["hotseat"] or next(s["token"] for s in given["seats"] if s["token"])
    http.headers["Authorization"] = f"Bearer {token}"
    return token


def change(http: TestClient | httpx.Client, game_id: str, kind: str, body: dict[str, Any],
           token: str | None = None) -> Any:
    """Every changing request of the tests goes through here (``kind``: ``actions``, ``advance``
    or ``undo``), so that what a seat must present is added in one place; ``token``: the seat's
    own link's, where the client holds no credential of its own."""
    return http.post(f"/api/games/{game_id}/{kind}", json=body,
                     headers=bearer(token) if token is not None else None)


def patiently(send: Callable[[], httpx.Response], durations: list[float] | None = None) -> httpx.Response:
    """Send a request as a patient client does: told to wait a moment (429: a real server's
    request limit, 30 a second after a burst of 60, which a seeded player sending as fast as the
    machine allows may pass), wait 50 ms, then 100, 200 ... and send the same again.  The time
    of the answered attempt goes to ``durations``: the server's speed, not the client's waits."""
    pause = 0.05
    while True:
        start = time.monotonic()
        response = send()
        if response.status_code != 429 or pause >= 5:
            if durations is not None:
                durations.append(time.monotonic() - start)
            return response
        time.sleep(pause)  # the bucket refills a token every 33 ms: a few pauses at most
        pause *= 2


def empty_tables(http: TestClient) -> None:
    """Remove every game from the server's database (the PostgreSQL database a test module
    shares starts each test empty, as a new SQLite file does)."""
    from sqlalchemy import text

    with http.app.state.store.engine.begin() as connection:  # type: ignore[attr-defined]
        for table in ("actions", "games", "seats", "presence", "ai_notes", "analyses", "rate_limits",
                      # 0004: the tables (issue 27, web/tables.py)
                      "game_tables", "lobby_seats", "chat", "stand_ins", "played_by", "carried_links"):
            connection.execute(text(f"DELETE FROM {table}"))


def new_game(http: TestClient | httpx.Client, seed: int = 7, **settings: Any) -> dict[str, Any]:
    """A new hot-seat game (every seat in this client), the client holding its credential."""
    settings.setdefault("hotseat", True)
    response = http.post("/api/games", json={"level": "4211", "players": 1, "seed": seed, **settings})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    sit(http, data)
    return data


def step(http: TestClient | httpx.Client, state: dict[str, Any], chooser: random.Random,
         decisions: list[str]) -> dict[str, Any]:
    """One request of a seeded player: roll to the next decision when dice are due, else play
    one of the legal actions (chosen by ``chooser``) and note it in ``decisions``; sent
    ``patiently``."""
    game_id, version = state["id"], state["version"]
    if state["awaiting"] in ("roll", "run"):
        kind, body = "advance", {"version": version, "until": "decision"}
    else:
        notation = chooser.choice(state["legal"])["notation"]
        decisions.append(notation)
        kind, body = "actions", {"version": version, "action": notation}
    response = patiently(partial(change, http, game_id, kind, body))
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def reference_game(seed: int, decisions: list[str], level: str = "4211") -> Game:
    """The same game played on the engine alone: same seed, same decisions, the game's own dice."""
    game = Game.new(Settings(level=Level.parse(level)), seed=seed)
    game.advance()
    for notation in decisions:
        game.play(parse_action(notation, game.board))
        game.advance()
    return game


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(database: Path | str, port: int, *more: str) -> subprocess.Popen[bytes]:
    """``tetrarchia serve`` as its own process, waiting until it answers."""
    # its log (a line per request) in an unlinked file that lives as long as the server: a pipe
    # nobody reads would stop it once full
    log = tempfile.TemporaryFile()  # noqa: SIM115
    process = subprocess.Popen(
        [sys.executable, "-m", "tetrarchia.cli", "serve", "--port", str(port), "--database", str(database),
         *more], stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True)  # its own process group: a test can kill it with its workers
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return process
        except httpx.TransportError:
            if process.poll() is not None:
                log.seek(0)
                said = log.read()
                raise RuntimeError(f"the server stopped: {said!r}") from None
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not answer within 30 s")
