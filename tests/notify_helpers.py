"""Helpers of the your-turn notice tests (issue 27, item 2): real servers on loopback that receive
the notices (a webhook receiver, one that never answers, one that fails), and a two-player game
played by its seats' own links up to a given player's decision."""

from __future__ import annotations

import json
import socket
import threading
import time
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
from starlette.testclient import TestClient

from web_helpers import change, patiently

MOST_REQUESTS = 400  # a two-player game reaches its next player's decision in some twenty


class Receiver:
    """A webhook receiver on loopback: each POST's JSON body and arrival time; it answers
    ``status`` (204: taken)."""

    def __init__(self, status: int = 204) -> None:
        self.bodies: list[dict[str, Any]] = []
        self.times: list[float] = []
        received = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", "0"))
                received.bodies.append(json.loads(self.rfile.read(length)))
                received.times.append(time.monotonic())
                self.send_response(status)
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> Receiver:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


class Silent:
    """A webhook address that accepts connections and never answers: counts the attempts."""

    def __init__(self) -> None:
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(16)
        self.url = f"http://127.0.0.1:{self.socket.getsockname()[1]}/hook"
        self.accepted: list[socket.socket] = []
        self.thread = threading.Thread(target=self.accept, daemon=True)

    def accept(self) -> None:
        while True:
            try:
                connection, _ = self.socket.accept()
            except OSError:
                return
            self.accepted.append(connection)  # held open, never answered

    def __enter__(self) -> Silent:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.socket.close()
        for connection in self.accepted:
            connection.close()


def two_players(http: TestClient | httpx.Client, seed: int = 3) -> tuple[dict[str, Any], dict[int, str]]:
    """A new two-player game (no hot seat): its state and each player's token."""
    response = http.post("/api/games", json={"level": "4211", "players": 2, "seed": seed})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    tokens = {int(s["player"]): str(s["token"]) for s in created["credentials"]["seats"]}
    return created, tokens


def play_until(http: TestClient | httpx.Client, state: dict[str, Any], tokens: dict[int, str],
               player: int, durations: list[float] | None = None) -> dict[str, Any]:
    """Play with the deciding seat's own link (ending each phase as soon as it may: the
    shortest way round the table) until ``player`` decides; each request timed in
    ``durations``."""
    game_id = state["id"]
    for _ in range(MOST_REQUESTS):
        if state["player"] == player:
            return state
        token = tokens[state["player"] or 1]
        if state["awaiting"] in ("roll", "run"):
            kind, body = "advance", {"version": state["version"], "until": "decision"}
        else:
            notations = [a["notation"] for a in state["legal"]]
            ending = [n for n in notations if n.startswith("end")] or notations
            kind, body = "actions", {"version": state["version"], "action": ending[0]}
        response = patiently(partial(change, http, game_id, kind, body, token), durations)
        assert response.status_code == 200, response.text
        state = response.json()
    raise AssertionError(f"player {player} never decided in {MOST_REQUESTS} requests")
