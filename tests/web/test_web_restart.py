"""A server killed mid-game (SIGKILL: no chance to save anything) and started again loses no
accepted action and goes on with the same dice (issue 9): each action is committed before the
server answers, and a game is rebuilt from its seed and log."""

from __future__ import annotations

import os
import random
import signal
from pathlib import Path

import httpx
import pytest

from tetrarchia.core.serialize import position_to_json
from web_helpers import free_port, new_game, reference_game, start_server, step


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_a_killed_server_resumes_every_game_with_the_same_dice(tmp_path: Path) -> None:
    database, seed = tmp_path / "games.sqlite3", 12
    chooser, decisions = random.Random(seed), list[str]()
    port = free_port()
    server = start_server(database, port)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
            state = new_game(http, seed=seed)
            for _ in range(40):  # Roman phases and Barbarian phases
                state = step(http, state, chooser, decisions)
            assert not state["over"], f"seed {seed}: the game ended before the kill"
            answered = state  # the last state the server told of
            credential = http.headers["Authorization"]  # the game's hot seat
    finally:
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=30)

    port = free_port()
    server = start_server(database, port)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30,
                          headers={"Authorization": credential}) as http:
            resumed = http.get(f"/api/games/{answered['id']}").json()
            assert resumed["position"] == answered["position"], f"seed {seed}: the game changed"
            assert resumed["version"] == answered["version"]
            assert resumed["events_total"] == answered["events_total"]
            state = resumed
            for _ in range(60):  # go on: the dice must be those the unbroken game would roll
                if state["over"]:
                    break
                state = step(http, state, chooser, decisions)
    finally:
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=30)
    assert state["position"] == position_to_json(reference_game(seed, decisions).state)
