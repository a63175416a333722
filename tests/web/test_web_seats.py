"""Seats with secret links, the authority's order of checks, live updates and AI seats (issue 11
items 1-3, issue 10's AI seats in the browser).

Every refused request is checked twice: its answer, and that nothing stored changed (the rows of
the games, their logs, their seats and the AI's notes, read from the database before and after).
"""

from __future__ import annotations

import hashlib
import logging
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tetrarchia.web.live import MAX_MESSAGE
from tetrarchia.web.thinkers import GAMES_KEPT, SeatedPlayers
from web_helpers import bearer, client, free_port, step


@pytest.fixture
def http(tmp_path: Path) -> Iterator[TestClient]:
    # one event loop for every request and socket, as in a real server (the lifespan runs too)
    with client(tmp_path / "games.sqlite3", ai_seconds=0.2) as running:
        yield running


def rows(http: TestClient) -> dict[str, list[tuple[Any, ...]]]:
    """Everything stored about games (presence aside: it is who is connected, not the game)."""
    store = http.app.state.store  # type: ignore[attr-defined]
    with store.session() as session:
        return {table: [tuple(r) for r in session.execute(text(f"SELECT * FROM {table} ORDER BY 1, 2"))]
                for table in ("games", "actions", "seats", "ai_notes")}


def created(http: TestClient, **body: Any) -> dict[str, Any]:
    response = http.post("/api/games", json={"seed": 7, **body})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def token_of(data: dict[str, Any], player: int) -> str:
    token: str = next(s["token"] for s in data["credentials"]["seats"] if s["player"] == player)
    return token


def post(http: TestClient, game: str, route: str, token: str | None, body: Any) -> httpx.Response:
    headers = bearer(token) if token else {}
    answer: httpx.Response
    if isinstance(body, (bytes, str)):
        answer = http.post(f"/api/games/{game}/{route}", content=body,
                           headers={**headers, "Content-Type": "application/json"})
    else:
        answer = http.post(f"/api/games/{game}/{route}", json=body, headers=headers)
    return answer


# --- seats -----------------------------------------------------------------------------------
@pytest.mark.parametrize("players,titles", [
    (1, ["Player 1: Diocletian, Galerius, Constantius, Maximian"]),
    (2, ["Player 1: Diocletian, Galerius", "Player 2: Constantius, Maximian"]),  # R10: East, West
    (3, ["Player 1: Diocletian (and decides for the shared Galerius)", "Player 2: Constantius",
         "Player 3: Maximian"]),  # R10: the shared Caesar is decided by his Augustus's player
    (4, ["Player 1: Diocletian", "Player 2: Galerius", "Player 3: Constantius", "Player 4: Maximian"]),
    (5, ["Player 1: Diocletian", "Player 2: Galerius", "Player 3: Constantius", "Player 4: Maximian",
         "Player 5: the Barbarian player"]),  # R12.6: Barbaria's fifth seat
])
def test_each_seat_gets_its_own_secret_link(http: TestClient, players: int, titles: list[str]) -> None:
    data = created(http, players=players)
    seats = data["credentials"]["seats"]
    assert [s["title"] for s in seats] == titles
    tokens = [s["token"] for s in seats] + [data["credentials"]["spectator"]]
    assert len(set(tokens)) == len(tokens)
    assert all(len(t) >= 43 for t in tokens)  # token_urlsafe(32): 256 bits (at least 128 asked)
    stored = repr(rows(http))
    assert all(t not in stored for t in tokens)  # only hashes are kept
    assert all(hashlib.sha256(t.encode()).hexdigest() in stored for t in tokens)


def test_the_shared_caesar_is_decided_by_his_augustuss_player(http: TestClient) -> None:
    """R10, 3 players sharing Constantius: Maximian's player (Player 3) decides for him."""
    data = created(http, players=3, shared_caesar="Constantius")
    titles = [s["title"] for s in data["credentials"]["seats"]]
    assert titles == ["Player 1: Diocletian", "Player 2: Galerius",
                      "Player 3: Maximian (and decides for the shared Constantius)"]


def test_a_hot_seat_holds_every_seat_in_one_credential(http: TestClient) -> None:
    data = created(http, players=4, hotseat=True)
    given = data["credentials"]
    assert given["hotseat"] and all(s["token"] == given["hotseat"] for s in given["seats"])
    state = data
    chooser, decisions = random.Random(3), list[str]()
    http.headers.update(bearer(given["hotseat"]))
    seats_seen = set()
    for _ in range(120):  # the four Emperors' turns, all played with the one credential
        if state["over"]:
            break
        seats_seen.add(state["seat"])
        state = step(http, state, chooser, decisions)
    assert {0, 1, 2, 3} <= seats_seen


def test_reading_needs_a_seat_or_the_spectators_link(http: TestClient) -> None:
    data = created(http, players=2)
    game = data["id"]
    assert http.get(f"/api/games/{game}").status_code == 403
    assert http.get(f"/api/games/{game}", headers=bearer("forged")).status_code == 403
    spectator = http.get(f"/api/games/{game}", headers=bearer(data["credentials"]["spectator"]))
    assert spectator.status_code == 200 and spectator.json()["you"] == "spectator"
    seated = http.get(f"/api/games/{game}", headers=bearer(token_of(data, 2)))
    assert seated.json()["you"] == "2"
    assert [p["title"] for p in seated.json()["seats"]["players"]] == [
        "Player 1: Diocletian, Galerius", "Player 2: Constantius, Maximian"]
    for route in ("board", "export", "at/0"):
        assert http.get(f"/api/games/{game}/{route}").status_code == 403
        assert http.get(f"/api/games/{game}/{route}", headers=bearer(token_of(data, 1))).status_code == 200


def test_a_link_of_another_game_is_refused(http: TestClient) -> None:
    one, other = created(http, players=2), created(http, players=2)
    before = rows(http)
    response = post(http, one["id"], "actions", token_of(other, 1),
                    {"version": 1, "action": one["legal"][0]["notation"]})
    assert response.status_code == 403 and response.json()["error"]["code"] == "bad_credential"
    assert rows(http) == before


# --- the security list ---------------------------------------------------------------------------
def test_a_forged_token_is_refused_and_changes_nothing(http: TestClient) -> None:
    data = created(http, players=2)
    before = rows(http)
    real = token_of(data, 1)
    altered = real[:-1] + ("A" if real[-1] != "A" else "B")
    for forged in ("", "x" * 43, altered, real.upper() if real.upper() != real else real.lower(), "a" * 5000):
        response = post(http, data["id"], "actions", forged,
                        {"version": 1, "action": data["legal"][0]["notation"]})
        assert response.status_code == 403, forged
    assert rows(http) == before


def test_another_seats_token_cannot_act_for_the_seat_deciding(http: TestClient) -> None:
    """The fleets are placed by Diocletian's seat (R3.6): Player 2 is refused, in his language."""
    data = created(http, players=2)
    before = rows(http)
    response = post(http, data["id"], "actions", token_of(data, 2),
                    {"version": 1, "action": data["legal"][0]["notation"]})
    assert response.status_code == 403
    error = response.json()["error"]
    assert error["code"] == "not_your_decision" and "Player 1 (Diocletian)" in error["reason"]
    spanish = http.post(f"/api/games/{data['id']}/actions?lang=es", headers=bearer(token_of(data, 2)),
                        json={"version": 1, "action": data["legal"][0]["notation"]}).json()["error"]
    assert spanish["reason"] == "No es tu decisión: ahora decide Jugador 1 (Diocleciano)."
    assert post(http, data["id"], "undo", token_of(data, 2), {"version": 1}).status_code == 403
    assert rows(http) == before


def test_an_action_for_an_emperor_of_another_seat_is_refused(http: TestClient) -> None:
    """2 players: in Diocletian's Roman phase, Player 1 cannot move Maximian (R10: Player 2's)
    and Player 2 cannot move anyone."""
    data = created(http, players=2)
    one = token_of(data, 1)
    state = data
    while state["awaiting"] != "roman_action":
        state = post(http, data["id"], "actions", one,
                     {"version": state["version"], "action": state["legal"][0]["notation"]}).json()
    before = rows(http)
    move = next(i for i in state["legal"] if i["kind"] == "move")["notation"]
    refused = post(http, data["id"], "actions", token_of(data, 2),
                   {"version": state["version"], "action": move})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_your_decision"
    foreign = post(http, data["id"], "actions", one,
                   {"version": state["version"], "action": "Maximian moves from Roma to Etrvria"})
    assert foreign.status_code == 400  # his seat decides: the engine refuses another's Emperor
    assert rows(http) == before


def test_a_spectator_can_do_nothing(http: TestClient) -> None:
    data = created(http, players=1)
    spectator = data["credentials"]["spectator"]
    before = rows(http)
    for route, body in (("actions", {"version": 1, "action": data["legal"][0]["notation"]}),
                        ("advance", {"version": 1, "until": "roll"}), ("undo", {"version": 1})):
        response = post(http, data["id"], route, spectator, body)
        assert response.status_code == 403 and response.json()["error"]["code"] == "spectator"
    assert rows(http) == before


def test_a_replayed_old_message_is_409_with_the_current_state(http: TestClient) -> None:
    data = created(http, players=1)
    token = token_of(data, 1)
    message = {"version": 1, "action": data["legal"][0]["notation"]}
    assert post(http, data["id"], "actions", token, message).status_code == 200
    before = rows(http)
    replayed = post(http, data["id"], "actions", token, message)
    assert replayed.status_code == 409 and replayed.json()["state"]["version"] == 2
    assert rows(http) == before


@pytest.mark.parametrize("body,status", [
    (b"{" * 10, 422), (b"[]", 422), (b'{"version": "one", "action": "end"}', 422),
    (b"\xff\xfe", 422), (b'{"version": 1, "action": "' + b"x" * MAX_MESSAGE + b'"}', 413),
    (b'{"version": 1, "action": "' + b"x" * 500 + b'"}', 422),
])
def test_an_oversized_or_malformed_message_is_refused(http: TestClient, body: bytes, status: int) -> None:
    data = created(http, players=1)
    before = rows(http)
    response = post(http, data["id"], "actions", token_of(data, 1), body)
    assert response.status_code == status, response.text
    assert rows(http) == before


def test_too_many_requests_on_one_connection_are_429(tmp_path: Path) -> None:
    http = client(tmp_path / "games.sqlite3", rate=(3, 0.01))
    data = created(http, players=1)
    token = token_of(data, 1)
    answers = [http.get(f"/api/games/{data['id']}", headers=bearer(token)).status_code for _ in range(5)]
    assert answers == [200, 200, 200, 429, 429]
    before = rows(http)
    refused = post(http, data["id"], "actions", token, {"version": 1, "action": data["legal"][0]["notation"]})
    assert refused.status_code == 429 and rows(http) == before


def test_one_address_creates_a_bounded_number_of_games(tmp_path: Path) -> None:
    """Every game is kept for good: past its bucket of new games (at once, then per hour) an
    address is answered 429 before its body is read, in the player's language, and nothing is
    stored; the games already made go on."""
    http = client(tmp_path / "games.sqlite3", new_games=3)
    made = [http.post("/api/games", json={"players": 1}) for _ in range(3)]
    assert [r.status_code for r in made] == [201, 201, 201]
    before = rows(http)
    refused = http.post("/api/games?lang=es", json={"players": 1})
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
    english = http.post("/api/games", json={"players": 1}).json()["error"]["reason"]
    assert refused.json()["error"]["reason"] != english
    save = http.get(f"/api/games/{made[0].json()['id']}/export",
                    headers=bearer(token_of(made[0].json(), 1))).json()
    assert http.post("/api/games/import", json={"save": save}).status_code == 429  # imports too
    assert http.post("/api/games", content=b"not json",  # before the body is read
                     headers={"Content-Type": "application/json"}).status_code == 429
    assert rows(http) == before
    game = made[0].json()
    assert post(http, game["id"], "actions", token_of(game, 1),
                {"version": 1, "action": game["legal"][0]["notation"]}).status_code == 200


# --- the order of the checks ---------------------------------------------------------------------
def test_a_request_wrong_in_several_ways_gets_the_first_checks_answer(http: TestClient) -> None:
    data = created(http, players=2)
    game, one, two = data["id"], token_of(data, 1), token_of(data, 2)
    spectator = data["credentials"]["spectator"]
    first = data["legal"][0]["notation"]
    assert post(http, game, "actions", one, {"version": 1, "action": first}).status_code == 200
    # stale (version 1), not his decision (Player 2) and illegal: the version answers first
    stale = post(http, game, "actions", two, {"version": 1, "action": "fly to the moon"})
    assert stale.status_code == 409
    # current, not his decision and illegal: the seat answers
    assert post(http, game, "actions", two, {"version": 2, "action": "fly to the moon"}).status_code == 403
    # a spectator sending a stale, malformed request: the credential answers
    assert post(http, game, "actions", spectator, b"{not json").status_code == 403
    # a credential of this game, an unknown game: 403 before 404
    assert post(http, "0123456789abcdef", "actions", one, {"version": 2, "action": first}).status_code == 403
    # malformed and stale: the body answers before the version
    assert post(http, game, "actions", one, {"version": "1", "action": first}).status_code == 422
    # the game is over: 410 before the version, the body and the seat
    live = http.app.state.authority.get(game)  # type: ignore[attr-defined]
    from tetrarchia.core.state import Result
    saved, live.game.state.result = live.game.state.result, Result.ARMY_IN_ROMA
    try:
        over = post(http, game, "actions", two, b"{not json")
        assert over.status_code == 410 and over.json()["error"]["code"] == "game_over"
    finally:
        live.game.state.result = saved
    # all right but illegal: the engine's refusal
    illegal = post(http, game, "actions", one, {"version": 2, "action": "fly to the moon"})
    assert illegal.status_code == 400 and illegal.json()["error"]["code"] == "invalid_notation"


# --- live updates --------------------------------------------------------------------------------
def hello(socket: Any, token: str, version: int | None = None, events: int | None = None) -> dict[str, Any]:
    socket.send_json({"type": "hello", "token": token, "version": version, "events": events})
    welcome: dict[str, Any] = socket.receive_json()
    return welcome


def next_of(socket: Any, kind: str) -> dict[str, Any]:
    for _ in range(20):
        message: dict[str, Any] = socket.receive_json()
        if message["kind"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def presence_until(socket: Any, players: list[int]) -> dict[str, Any]:
    """The presence messages of a connection until the seats connected are ``players``."""
    for _ in range(10):
        shown: dict[str, Any] = next_of(socket, "presence")["presence"]
        if shown["players"] == players:
            return shown
    raise AssertionError(f"never {players}")


def test_a_reconnect_gets_what_it_missed(http: TestClient) -> None:
    data = created(http, players=1)
    game, token = data["id"], token_of(data, 1)
    with http.websocket_connect(f"/api/games/{game}/live") as socket:
        assert hello(socket, token, 1, data["events_total"])["version"] == 1
    state = data
    chooser, decisions = random.Random(1), list[str]()
    http.headers.update(bearer(token))
    for _ in range(6):  # the page was away: the fleets, the entry, a Barbarian phase ...
        state = step(http, state, chooser, decisions)
    with http.websocket_connect(f"/api/games/{game}/live") as socket:
        welcome = hello(socket, token, 1, data["events_total"])
        assert welcome["version"] == state["version"]
        resync = next_of(socket, "state")["state"]
        assert resync["version"] == state["version"] and resync["position"] == state["position"]
        assert len(resync["events"]) == state["events_total"] - data["events_total"]  # only the missed
    with http.websocket_connect(f"/api/games/{game}/live") as socket:  # up to date: no state sent
        hello(socket, token, state["version"], state["events_total"])
        socket.send_json({"type": "ping"})
        assert next_of(socket, "pong")["kind"] == "pong"


def test_actions_over_the_websocket_pass_the_same_checks(http: TestClient) -> None:
    data = created(http, players=2)
    game = data["id"]
    first = data["legal"][0]["notation"]
    with http.websocket_connect(f"/api/games/{game}/live") as watcher:
        hello(watcher, data["credentials"]["spectator"])
        watcher.send_json({"type": "action", "id": 1, "version": 1, "action": first})
        refused = next_of(watcher, "error")
        assert refused["status"] == 403 and refused["error"]["code"] == "spectator"
        with http.websocket_connect(f"/api/games/{game}/live") as two:
            hello(two, token_of(data, 2))
            two.send_json({"type": "action", "id": 2, "version": 1, "action": first})
            assert next_of(two, "error")["status"] == 403
            with http.websocket_connect(f"/api/games/{game}/live") as one:
                hello(one, token_of(data, 1))
                one.send_json({"type": "action", "id": 3, "version": 1, "action": first})
                played = next_of(one, "result")
                assert played["id"] == 3 and played["state"]["version"] == 2
                one.send_json({"type": "action", "id": 4, "version": 1, "action": first})
                stale = next_of(one, "error")
                assert stale["status"] == 409 and stale["state"]["version"] == 2
                one.send_text("{oops")
                assert next_of(one, "error")["status"] == 422
            assert next_of(watcher, "state")["state"]["version"] == 2  # the spectator saw it live
    before = rows(http)
    with pytest.raises(WebSocketDisconnect) as closed, \
            http.websocket_connect(f"/api/games/{game}/live") as one:
        hello(one, token_of(data, 1))
        one.send_text('{"type": "action", "version": 2, "action": "' + "x" * MAX_MESSAGE + '"}')
        for _ in range(10):
            one.receive_json()
    assert closed.value.code == 1009 and rows(http) == before


def test_no_action_is_accepted_before_a_seat_is_presented(http: TestClient) -> None:
    data = created(http, players=1)
    before = rows(http)
    with pytest.raises(WebSocketDisconnect) as closed, \
            http.websocket_connect(f"/api/games/{data['id']}/live") as socket:
        socket.send_json({"type": "action", "version": 1, "action": data["legal"][0]["notation"]})
        assert socket.receive_json()["status"] == 403
        socket.receive_json()
    assert closed.value.code == 4403 and rows(http) == before


def test_presence_shows_who_is_connected(http: TestClient) -> None:
    data = created(http, players=2)
    game = data["id"]
    with http.websocket_connect(f"/api/games/{game}/live") as one:
        assert hello(one, token_of(data, 1))["presence"]["players"] == [1]
        with http.websocket_connect(f"/api/games/{game}/live") as watcher:
            seen = hello(watcher, data["credentials"]["spectator"])["presence"]
            assert seen["players"] == [1] and seen["spectators"] == 1
            with http.websocket_connect(f"/api/games/{game}/live") as two:
                hello(two, token_of(data, 2))
                presence_until(one, [1, 2])
                # each connection is told the presence as it stands when its turn comes to read
                # it: a seat that came and went before then is never shown to it (CI once hung
                # here when the watcher was asked for [1, 2] after Player 2 had left)
                presence_until(watcher, [1, 2])
            assert presence_until(watcher, [1])["spectators"] == 1  # Player 2 left
    book = http.app.state.seats  # type: ignore[attr-defined]
    deadline = time.monotonic() + 10
    while book.present(game)["players"] and time.monotonic() < deadline:
        time.sleep(0.05)  # the server ends the closed connections in its own time
    assert book.present(game) == {"players": [], "hotseat": False, "spectators": 0}
    book.arrive("killed-process", game, "2", seconds=-1)  # a process killed without a word
    assert book.present(game)["players"] == []  # its row has expired: not shown


def test_polling_waits_for_the_next_change(http: TestClient) -> None:
    data = created(http, players=1)
    game, token = data["id"], token_of(data, 1)
    start = time.monotonic()
    idle = http.get(f"/api/games/{game}/poll?since=1&wait=0.3", headers=bearer(token)).json()
    assert not idle["changed"] and idle["state"] is None and time.monotonic() - start >= 0.25
    assert idle["presence"]["players"] == [1]  # a polling client is present
    behind = http.get(f"/api/games/{game}/poll?since=0", headers=bearer(token)).json()
    assert behind["changed"] and behind["state"]["version"] == 1  # at once when behind
    answers: list[dict[str, Any]] = []
    waiting = threading.Thread(target=lambda: answers.append(http.get(
        f"/api/games/{game}/poll?since=1&wait=10&events_from={data['events_total']}",
        headers=bearer(token)).json()))
    waiting.start()
    time.sleep(0.3)
    post(http, game, "actions", token, {"version": 1, "action": data["legal"][0]["notation"]})
    waiting.join(timeout=10)
    assert answers and answers[0]["changed"] and answers[0]["state"]["version"] == 2
    assert http.get(f"/api/games/{game}/poll?since=1").status_code == 403
    assert http.get(f"/api/games/{game}/poll?since=x", headers=bearer(token)).status_code == 422


# --- AI seats -----------------------------------------------------------------------------------
def test_an_ai_seat_plays_when_its_decision_is_due_and_explains_each_move(http: TestClient) -> None:
    """2 players, Player 2 (Constantius, Maximian; R10) the heuristic AI: Player 1 plays his
    Emperors; the AI plays the West's Roman phases by itself, each move with its line."""
    data = created(http, players=2, ai={"2": "heuristic"}, seed=4)
    assert [s["kind"] for s in data["credentials"]["seats"]] == ["human", "ai"]
    assert data["credentials"]["seats"][1]["token"] is None  # nobody holds an AI seat
    token = token_of(data, 1)
    http.headers.update(bearer(token))
    state, chooser, decisions = data, random.Random(4), list[str]()
    driver = http.app.state.ai  # type: ignore[attr-defined]
    for _ in range(400):
        assert driver.wait(60)
        state = http.get(f"/api/games/{data['id']}").json()
        if state["over"] or state["position"]["turn"]["round"] >= 2:
            break
        assert state["seat"] not in (2, 3) or state["awaiting"] in ("roll", "run"), state["seat_title"]
        state = step(http, state, chooser, decisions)
    notes = http.get(f"/api/games/{data['id']}").json()["notes"]
    assert notes and all(n.startswith("AI (heuristic, ") for n in notes.values())
    assert any("Constantius" in n for n in notes.values())
    assert any("Maximian" in n for n in notes.values())
    stored = rows(http)["ai_notes"]
    assert len(stored) == len(notes)  # kept in the database: a restarted server shows them


def test_an_all_ai_game_plays_itself(tmp_path: Path) -> None:
    http = client(tmp_path / "games.sqlite3", ai_seconds=0.05)
    ai = {str(n): "heuristic" for n in range(1, 5)} | {"5": "barbarian-heuristic"}
    data = created(http, players=5, ai=ai, seed=2)
    assert http.app.state.ai.wait(120)  # type: ignore[attr-defined]
    spectator = data["credentials"]["spectator"]
    state = http.get(f"/api/games/{data['id']}", headers=bearer(spectator)).json()
    for _ in range(20):  # each poke plays a bounded number of steps; the next commit pokes again
        if state["over"]:
            break
        http.app.state.ai.wait(120)  # type: ignore[attr-defined]
        state = http.get(f"/api/games/{data['id']}", headers=bearer(spectator)).json()
    assert state["over"], "an all-AI game must play to its end"
    assert len(state["notes"]) > 20 or state["events_total"] > 20
    thinkers = http.app.state.ai.thinkers  # type: ignore[attr-defined]
    # its players were kept in the AI seats' process, never in the server's, and let go when over
    assert thinkers.here.games == {} and data["id"] not in thinkers.kept()


def test_the_ai_keeps_the_players_of_its_most_recent_games_only() -> None:
    """A long-running server's AI memory is bounded: the least recently played game's players go
    first, a deleted game's at once; a game played again gets fresh players."""
    seated = SeatedPlayers()
    first = seated.player("game-0", 2, "heuristic", 7)
    assert seated.player("game-0", 2, "heuristic", 7) is first  # kept while in use
    for n in range(1, GAMES_KEPT + 1):
        seated.player(f"game-{n}", 2, "heuristic", 7)
    assert len(seated.games) == GAMES_KEPT and "game-0" not in seated.games
    assert seated.player("game-0", 2, "heuristic", 7) is not first
    seated.forget("game-0")
    assert "game-0" not in seated.games


def test_the_ai_of_an_unknown_game_keeps_nothing(http: TestClient) -> None:
    driver = http.app.state.ai  # type: ignore[attr-defined]
    assert driver.step("no-such-game", {2: "heuristic"}, False) is False
    assert "no-such-game" not in driver.thinkers.kept()


def test_unknown_ai_players_and_seats_are_refused(http: TestClient) -> None:
    assert http.post("/api/games", json={"players": 2, "ai": {"2": "deep-blue"}}).status_code == 400
    assert http.post("/api/games", json={"players": 2, "ai": {"3": "heuristic"}}).status_code == 400
    assert http.post("/api/games", json={"players": 2, "ai": ["heuristic"]}).status_code == 422
    assert http.get("/api/games").json()["games"] == []


# --- games stored before seats, the list, the logs -----------------------------------------------
def test_a_game_stored_before_seats_is_played_with_the_hosts_link(tmp_path: Path) -> None:
    """Migration 0002 gives older games no seat: no link opens them until the host makes their
    hot-seat link with ``tetrarchia seat-link GAME`` (printed once, on his terminal)."""
    from typer.testing import CliRunner

    from tetrarchia.cli.main import app

    database = tmp_path / "games.sqlite3"
    http = client(database)
    data = created(http, players=2)
    with http.app.state.store.session() as session:  # type: ignore[attr-defined]
        session.execute(text("DELETE FROM seats"))  # as a game of schema 0001 has none
    game = data["id"]
    assert http.get(f"/api/games/{game}", headers=bearer(token_of(data, 1))).status_code == 403
    result = CliRunner().invoke(app, ["seat-link", game, "--database", str(database),
                                      "--address", "http://games.example:8000"])
    assert result.exit_code == 0, result.output
    link = result.output.strip()
    assert link.startswith(f"http://games.example:8000/game/{game}#")
    token = link.split("#", 1)[1]
    played = post(http, game, "actions", token, {"version": 1, "action": data["legal"][0]["notation"]})
    assert played.status_code == 200  # the hot seat holds every seat
    again = CliRunner().invoke(app, ["seat-link", game, "--database", str(database)])
    assert http.get(f"/api/games/{game}", headers=bearer(token)).status_code == 403  # replaced
    renewed = again.output.strip().split("#")[1]
    assert http.get(f"/api/games/{game}", headers=bearer(renewed)).status_code == 200
    bad = CliRunner().invoke(app, ["seat-link", game, "--database", str(database), "--seat", "7"])
    assert bad.exit_code == 2 and "1-2" in bad.output


def test_a_host_may_hide_the_list_of_games(tmp_path: Path) -> None:
    http = client(tmp_path / "games.sqlite3", list_games=False)
    created(http, players=1)
    assert http.get("/api/games").json() == {"games": [], "hidden": True}


def test_no_token_appears_in_a_log_line_or_an_error_page(tmp_path: Path) -> None:
    """A real server (uvicorn, its access log on, every logger at DEBUG) through a whole game
    played over HTTP, polling and the WebSocket, with refusals of every kind: no token is ever
    written to a log or repeated by an error."""
    import asyncio

    import uvicorn
    import websockets

    from tetrarchia.web.app import create_app

    lines: list[str] = []

    class Keep(logging.Handler):
        """The server's log lines (this test's own clients log what they send: not kept)."""

        def emit(self, record: logging.LogRecord) -> None:
            if not record.name.startswith(("websockets.client", "httpx", "httpcore")):
                lines.append(self.format(record))

    keep = Keep(level=logging.DEBUG)
    root = logging.getLogger()
    old_level = root.level
    root.addHandler(keep)
    root.setLevel(logging.DEBUG)
    port = free_port()
    served = create_app(tmp_path / "games.sqlite3", ai_seconds=0.05, rate=(1e9, 1e9))
    server = uvicorn.Server(uvicorn.Config(served,
                                           host="127.0.0.1", port=port, log_level="debug",
                                           access_log=True, log_config=None))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    bodies: list[str] = []
    try:
        deadline = time.monotonic() + 20
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.05)
        base = f"http://127.0.0.1:{port}"
        with httpx.Client(base_url=base, timeout=30) as web:
            data = web.post("/api/games", json={"players": 2, "seed": 9, "ai": {"2": "heuristic"}}).json()
            tokens = [s["token"] for s in data["credentials"]["seats"] if s["token"]]
            tokens.append(data["credentials"]["spectator"])
            game, one = data["id"], tokens[0]
            web.headers.update(bearer(one))
            state, chooser, decisions = data, random.Random(9), list[str]()
            for _ in range(80):
                if state["over"]:
                    break
                state = web.get(f"/api/games/{game}").json()
                if state["seat"] in (2, 3) and state["awaiting"] not in ("roll", "run"):
                    time.sleep(0.05)  # the AI's turn
                    continue
                try:
                    state = step(web, state, chooser, decisions)
                except AssertionError:  # the AI moved meanwhile (409): read the game again
                    continue
            bodies.append(web.get(f"/api/games/{game}/poll?since=0&wait=0").text)
            for token in [*tokens, tokens[0][:-2]]:  # refusals: another seat, the spectator, forged
                for route in ("actions", "undo", "advance"):
                    bodies.append(web.post(f"/api/games/{game}/{route}", headers=bearer(token),
                                           json={"version": 1, "action": token}).text)
                bodies.append(web.post(f"/api/games/{token[:16]}/actions", headers=bearer(token),
                                       content=b"{" + token.encode()).text)

            async def talk() -> None:
                async with websockets.connect(f"ws://127.0.0.1:{port}/api/games/{game}/live") as ws:
                    await ws.send(f'{{"type": "hello", "token": "{one}"}}')
                    bodies.append(str(await ws.recv()))
                    await ws.send(f'{{"type": "action", "version": 1, "action": "{one}"}}')
                    for _ in range(5):  # the resync, the refusal (409), presence news
                        try:
                            bodies.append(str(await asyncio.wait_for(ws.recv(), 2)))
                        except TimeoutError:
                            break
                async with websockets.connect(f"ws://127.0.0.1:{port}/api/games/{game}/live") as ws:
                    await ws.send(f'{{"type": "hello", "token": "{one[::-1]}"}}')
                    bodies.append(str(await ws.recv()))

            asyncio.run(talk())
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        root.removeHandler(keep)
        root.setLevel(old_level)
    written = "\n".join(lines)
    assert "GET /api/games/" in written  # the access log was captured
    assert len(lines) > 100
    said = "\n".join(bodies)
    for token in tokens:
        assert token not in written, "a token was written to a log"
        assert token not in said, "a token was repeated in an answer"
        assert token[:20] not in written and token[:20] not in said
