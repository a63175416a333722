"""Dice nobody can foresee (issue 26, item 2; D2 of the review): on a real server on loopback,
nothing a seat or a spectator can fetch of a running game (its state, export, positions,
replay, board, summary, forecast, hint, analysis, live messages, a rematch) holds the seed that
deals its dice to come; once the game is over the seed is given and deals exactly the dice of
the log.  On SQLite and PostgreSQL."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from starlette.applications import Starlette
from websockets.sync.client import connect

from test_web_ending import FALL
from tetrarchia.core.actions import Roll
from tetrarchia.core.board import default_board
from tetrarchia.core.dice import SeededDice
from tetrarchia.core.notation import parse_action
from tetrarchia.game import Game
from tetrarchia.web.app import create_app
from tetrarchia.web.secrecy import SEED_SPACE, ai_seed, told_save
from web_helpers import UNLIMITED_RATE, client, free_port

LIMIT = 120  # seconds for each test of this module (the analysis starts a worker process)
pytestmark = pytest.mark.timeout(LIMIT)


class Served:
    """A server thread on loopback, with its application (the test reads the stored seed)."""

    def __init__(self, database: Path | str) -> None:
        self.port = free_port()
        self.app: Starlette = create_app(database, rate=UNLIMITED_RATE, new_games=1e9,
                                         analysis=(0.02, 2))
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port,
                                                    log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stored_seed(self, game_id: str) -> int:
        stored = self.app.state.store.fetch(game_id)
        assert stored is not None and stored.seed is not None
        return int(stored.seed)


def serve(database: Path | str) -> Iterator[Served]:
    served = Served(database)
    served.thread.start()
    deadline = time.monotonic() + 20
    while not served.server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield served
    served.server.should_exit = True
    served.thread.join(timeout=10)


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Served]:
    database = tmp_path / "games.sqlite3" if request.param == "sqlite" \
        else request.getfixturevalue("postgres_database")
    yield from serve(database)


def holder(server: Served, token: str) -> httpx.Client:
    return httpx.Client(base_url=server.url, timeout=30, headers={"Authorization": f"Bearer {token}"})


def played(http: httpx.Client, state: dict[str, Any], decisions: int) -> dict[str, Any]:
    """``decisions`` decisions (the first legal action each time), the dice rolled between."""
    for _ in range(decisions):
        if state["awaiting"] in ("roll", "run"):
            answer = http.post(f"/api/games/{state['id']}/advance",
                               json={"version": state["version"], "until": "decision"})
        else:
            answer = http.post(f"/api/games/{state['id']}/actions",
                               json={"version": state["version"], "action": state["legal"][0]["notation"]})
        assert answer.status_code == 200, answer.text
        state = answer.json()
    return state


def live_messages(server: Served, game_id: str, token: str) -> list[str]:
    """What the live connection sends a newcomer: the welcome and the state."""
    with connect(f"ws://127.0.0.1:{server.port}/api/games/{game_id}/live", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        told = [str(ws.recv(timeout=10)) for _ in range(2)]
    assert '"kind": "state"' in told[1] or '"kind":"state"' in told[1]
    return told


def analysed(http: httpx.Client, game_id: str) -> str:
    """The analysis of the running game, waited for until the worker has written it."""
    started = http.post(f"/api/games/{game_id}/analysis", json={})
    assert started.status_code == 200, started.text
    deadline = time.monotonic() + LIMIT / 2
    while time.monotonic() < deadline:
        answer = http.get(f"/api/games/{game_id}/analysis")
        if answer.json()["status"] != "running":
            assert answer.json()["status"] == "done", answer.text
            return answer.text
        time.sleep(0.2)  # a worker process's progress, written as it goes: polled as the page does
    pytest.fail("the analysis did not finish")


def dice_of(log: list[str]) -> list[tuple[int, ...]]:
    board = default_board()
    return [action.dice for action in (parse_action(text, board) for text in log) if isinstance(action, Roll)]


def test_nothing_fetched_of_a_running_game_foretells_a_die(server: Served) -> None:
    """Two seats and a spectator; the game runs on past dice.  The stored seed does foretell the
    next die (so it is the secret that matters), and not one answer a seat or the spectator can
    fetch holds it, nor the rematch's game: it is dealt a seed of its own."""
    created = httpx.post(f"{server.url}/api/games", json={"level": "4211", "players": 2}, timeout=30)
    assert created.status_code == 201, created.text
    game = created.json()
    game_id = game["id"]
    tokens = {s["player"]: s["token"] for s in game["credentials"]["seats"]}
    spectator = game["credentials"]["spectator"]
    seats = {n: holder(server, token) for n, token in tokens.items()}
    watcher = holder(server, spectator)
    state = game
    for _ in range(12):  # the seat deciding plays: on to the first Barbarian phase's dice
        who = seats[state["player"]] if state["player"] else seats[1]
        state = played(who, state, 1)
    while state["awaiting"] in ("roll", "run"):  # then on to a seat's decision
        state = played(seats[1], state, 1)
    assert dice_of(watcher.get(f"/api/games/{game_id}/export").json()["log"])

    seed = server.stored_seed(game_id)
    assert 0 <= seed < SEED_SPACE
    told: list[str] = [json.dumps(game)]
    for http in (*seats.values(), watcher):
        for path in ("", "/export", "/board", "/summary", "/forecast", "/at/0",
                     f"/at/{state['log_length']}", "/at/1"):
            answer = http.get(f"/api/games/{game_id}{path}")
            assert answer.status_code == 200, (path, answer.text)
            told.append(answer.text)
    deciding = seats[state["player"]]  # the dice were rolled to a decision: a seat's hint
    hint = deciding.get(f"/api/games/{game_id}/hint?seconds=0.5")
    assert hint.status_code == 200 and hint.json()["hints"], hint.text
    told.append(hint.text)
    told += live_messages(server, game_id, spectator)
    told.append(analysed(watcher, game_id))
    rematch = seats[1].post(f"/api/games/{game_id}/rematch", json={})
    assert rematch.status_code == 201, rematch.text
    told.append(rematch.text)

    export = watcher.get(f"/api/games/{game_id}/export").json()
    assert export["seed"] is None and export["dice_drawn"] == 0
    for text in told:
        assert str(seed) not in text and str(ai_seed(seed)) not in text
    assert server.stored_seed(rematch.json()["id"]) != seed  # its dice are not the game's to come

    # the stored seed is what deals the dice to come: moved on by the dice drawn, it says the
    # next die the server rolls
    stored = server.app.state.store.fetch(game_id)
    foretold = SeededDice(seed)
    foretold.roll(stored.dice_drawn)
    while state["awaiting"] not in ("roll", "run"):
        state = played(seats[state["player"]], state, 1)
    rolled = seats[1].post(f"/api/games/{game_id}/advance",
                           json={"version": state["version"], "until": "roll"})
    assert rolled.status_code == 200, rolled.text
    last = dice_of(watcher.get(f"/api/games/{game_id}/export").json()["log"])[-1]
    assert foretold.roll(len(last)) == last

    # the export of a running game imports as a new game with a fresh secret seed
    imported = httpx.post(f"{server.url}/api/games/import", json={"save": export}, timeout=30)
    assert imported.status_code == 201, imported.text
    assert imported.json()["position"] == export["final"]
    assert server.stored_seed(imported.json()["id"]) not in (None, seed)


def test_after_the_end_the_seed_is_given_and_deals_the_logged_dice(server: Served) -> None:
    """An army enters Roma in the Barbarian phase (R7.3, R8): the game is over, the export and
    the summary give the seed, and that seed deals every die of the log, in order; the
    rematch then keeps it (the same dice, which are no secret any more)."""
    created = httpx.post(f"{server.url}/api/games", json={"position": FALL, "hotseat": True}, timeout=30)
    game = created.json()
    http = holder(server, game["credentials"]["hotseat"])
    state = http.post(f"/api/games/{game['id']}/actions",
                      json={"version": game["version"], "action": "Diocletian ends his Roman phase"}).json()
    while not state["over"]:
        state = played(http, state, 1)
    export = http.get(f"/api/games/{game['id']}/export").json()
    summary = http.get(f"/api/games/{game['id']}/summary").json()
    assert export["seed"] == summary["seed"] == server.stored_seed(game["id"])
    logged = dice_of(export["log"])
    assert logged
    dealt = SeededDice(export["seed"])
    assert [dealt.roll(len(dice)) for dice in logged] == logged
    assert Game.from_json(export).state.is_over
    again = http.post(f"/api/games/{game['id']}/rematch", json={})
    assert server.stored_seed(again.json()["id"]) == export["seed"]


@pytest.mark.parametrize("seed", [-1, SEED_SPACE, 2**64, 10**30])
def test_a_chosen_seed_out_of_range_is_refused_and_nothing_stored(tmp_path: Path, seed: int) -> None:
    """A seed chosen at creation is a whole number below 2**53 (the stored seeds' range): any
    other is refused (422) in the page's language, with nothing stored; an imported save's seed
    out of that range gives way to a fresh secret one (its dice to come are the server's)."""
    with client(tmp_path / "games.sqlite3") as http:
        refused = http.post("/api/games?lang=fr", json={"players": 1, "seed": seed})
        assert refused.status_code == 422 and refused.json()["error"]["code"] == "malformed"
        assert "nombre entier" in refused.json()["error"]["reason"]
        assert http.get("/api/games").json()["games"] == []
        save = Game.new(seed=seed).to_json()
        imported = http.post("/api/games/import", json={"save": save})
        assert imported.status_code == 201, imported.text
        stored = http.app.state.store.fetch(imported.json()["id"])  # type: ignore[attr-defined]
        assert stored is not None and stored.seed is not None and 0 <= stored.seed < SEED_SPACE


def test_a_local_game_keeps_its_seed() -> None:
    """The terminal's and the library's games are untouched: their save gives the seed; the
    server's told save hides it only while asked to."""
    game = Game.new(seed=7)
    assert game.to_json()["seed"] == 7
    assert told_save(game, revealed=True)["seed"] == 7
    assert told_save(game, revealed=False)["seed"] is None
