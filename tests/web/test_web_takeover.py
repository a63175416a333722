"""A seat left empty (issue 27, item 3), on the real server's routes, on SQLite and PostgreSQL:
the host hands a seat to the AI (the search player) and back; a table's setting hands a seat
to the AI after N minutes of its player's absence and back when he returns; the log says who
played each action (the player, or the AI for him), kept per action."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from test_web_browser import browser  # noqa: F401 (fixture)
from test_web_lobby import host_opens, online, token
from web_helpers import bearer, change, client, empty_tables

pytestmark = pytest.mark.timeout(180)


@pytest.fixture(params=["sqlite", "postgresql"])
def http(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    # a short thought per AI decision: the test watches who plays, not how well
    if request.param == "sqlite":
        with client(tmp_path / "games.sqlite3", ai_seconds=0.02, away_interval=3600) as http:
            yield http
        return
    with client(request.getfixturevalue("postgres_database"), ai_seconds=0.02, away_interval=3600) as http:
        empty_tables(http)
        yield http


def seat_do(http: TestClient, game: dict[str, Any], seat: int, do: str, player: int = 1) -> Any:
    return http.post(f"/api/games/{game['id']}/table/seats/{seat}", json={"do": do},
                     headers=bearer(token(game, player)))


def table_of(http: TestClient, game: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = http.get(f"/api/games/{game['id']}/table", headers=bearer(token(game, 1))).json()
    return data


def state_of(http: TestClient, game: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = http.get(f"/api/games/{game['id']}", headers=bearer(token(game, 2))).json()
    return data


def test_takeover_the_host_hands_a_seat_to_the_ai_and_back(http: TestClient) -> None:
    """Player 1 decides first; his host's hand gives his seat to the AI, which plays it (the log
    says "the AI for Aurelia"); his own action is refused meanwhile; back, he plays again."""
    game = online(http, players=2)
    host_opens(http, game, listed=False, offer=[])
    state = state_of(http, game)
    assert state["player"] == 1
    answer = seat_do(http, game, 1, "ai")
    assert answer.status_code == 200, answer.text
    assert answer.json()["stand_ins"]["1"]["reason"] == "host"
    assert http.app.state.ai.wait(60)  # type: ignore[attr-defined]
    after = state_of(http, game)
    assert after["log_length"] > state["log_length"]  # the AI played for player 1
    played = table_of(http, game)["played_by"]
    assert played and all(p == {"name": "Aurelia", "ai": True, "seat": "1"} for p in played.values())
    assert state_of(http, game)["seats"]["players"][0]["kind"] == "ai"
    # the player's own request while the AI plays his seat: refused, nothing changed
    refused = change(http, game["id"], "actions", {"version": after["version"], "action": "end"})
    assert refused.status_code == 403  # no credential on the client: refused before anything
    refused = http.post(f"/api/games/{game['id']}/actions", headers=bearer(token(game, 1)),
                        json={"version": after["version"], "action": "end"})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "stand_in"
    assert "host" in refused.json()["error"]["reason"]
    for lang, words in (("es", "La IA juega ahora tu asiento"), ("fr", "L'IA joue votre siège")):
        told = http.post(f"/api/games/{game['id']}/actions?lang={lang}", headers=bearer(token(game, 1)),
                         json={"version": after["version"], "action": "end"})
        assert told.json()["error"]["reason"].startswith(words)
    back = seat_do(http, game, 1, "back")
    assert back.status_code == 200 and back.json()["stand_ins"] == {}
    assert state_of(http, game)["seats"]["players"][0]["kind"] == "human"


@pytest.mark.parametrize(("seat", "do", "player", "status", "code"), [
    pytest.param(2, "ai", 2, 403, "not_host", id="not-the-host"),
    pytest.param(2, "back", 1, 400, "not_standing", id="back-when-not-standing"),
    pytest.param(2, "dance", 1, 422, "malformed", id="unknown-do"),
])
def test_takeover_refusals_change_nothing(http: TestClient, seat: int, do: str, player: int, status: int,
                                          code: str) -> None:
    game = online(http, players=2)
    before = table_of(http, game)
    answer = seat_do(http, game, seat, do, player)
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["code"] == code
    assert table_of(http, game)["stand_ins"] == before["stand_ins"] == {}


@pytest.mark.parametrize(("seat", "player"), [
    pytest.param(2, "search", id="an-emperor-seat"),
    pytest.param(5, "barbarian-search", id="the-barbarian-seat"),
])
def test_takeover_the_ai_of_its_kind_plays_a_seat(http: TestClient, seat: int, player: str) -> None:
    """The search player for an Emperor player's seat, the Barbarian search player for the
    Barbarian player's (R12.6: five players with Barbaria)."""
    game = online(http, players=5)
    assert seat_do(http, game, seat, "ai").status_code == 200
    assert http.app.state.seats.ai_seats(game["id"]) == {seat: player}  # type: ignore[attr-defined]


def test_takeover_an_action_over_the_websocket_is_refused_too(http: TestClient) -> None:
    """A page connected before the host's hand: its seat was presented at the hello, and its
    action afterwards is refused all the same."""
    game = online(http, players=2)
    with http.websocket_connect(f"/api/games/{game['id']}/live") as socket:
        socket.send_json({"type": "hello", "token": token(game, 2)})
        assert socket.receive_json()["kind"] == "welcome"
        assert seat_do(http, game, 2, "ai").status_code == 200
        socket.send_json({"type": "action", "id": 7, "version": 1, "action": "end"})
        for _ in range(6):
            answer = socket.receive_json()
            if answer.get("id") == 7:
                break
        assert answer["kind"] == "error" and answer["error"]["code"] == "stand_in"


def test_takeover_who_played_is_kept_per_action_for_a_table_only(http: TestClient) -> None:
    """Each decision at a table notes its player (his name, or none given yet); a game with no
    table notes nothing; an undo takes the notes back with the entries."""
    bare = online(http, players=2)
    first = state_of(http, bare)
    http.post(f"/api/games/{bare['id']}/actions", headers=bearer(token(bare, 1)),
              json={"version": first["version"], "action": first["legal"][0]["notation"]})
    assert table_of(http, bare)["played_by"] == {}
    game = online(http, players=2)
    host_opens(http, game, listed=False, offer=[])
    state = state_of(http, game)
    played = http.post(f"/api/games/{game['id']}/actions", headers=bearer(token(game, 1)),
                       json={"version": state["version"], "action": state["legal"][0]["notation"]})
    assert played.status_code == 200, played.text
    entry = str(state["log_length"])
    assert table_of(http, game)["played_by"] == {entry: {"name": "Aurelia", "ai": False, "seat": "1"}}
    undone = http.post(f"/api/games/{game['id']}/undo", headers=bearer(token(game, 1)),
                       json={"version": played.json()["version"]})
    assert undone.status_code == 200, undone.text
    assert table_of(http, game)["played_by"] == {}


def test_takeover_twice_is_refused(http: TestClient) -> None:
    game = online(http, players=2)
    assert seat_do(http, game, 2, "ai").status_code == 200
    again = seat_do(http, game, 2, "ai")
    assert again.status_code == 400 and again.json()["error"]["code"] == "standing"


def test_takeover_after_minutes_of_absence_and_back_on_return(http: TestClient) -> None:
    """The table's setting (off by default): seat 2's player is away past 0.1 minute, the AI
    plays his seat; he connects again, and it is his."""
    game = online(http, players=2)
    app = http.app
    away = app.state.away  # type: ignore[attr-defined]
    book = app.state.seats  # type: ignore[attr-defined]
    assert table_of(http, game)["away_minutes"] is None
    host_opens(http, game, listed=False, offer=[], away_minutes=0.1)
    book.arrive("host-connection", game["id"], "1")
    assert away.look(now=1000.0) == []  # seat 2 seen absent from now on
    assert away.look(now=1005.0) == []  # 5 s: not yet
    assert away.look(now=1007.0) == [game["id"]]
    assert table_of(http, game)["stand_ins"]["2"]["reason"] == "away"
    assert "1" not in table_of(http, game)["stand_ins"]  # the host is here
    book.arrive("player-2", game["id"], "2")
    assert away.look(now=1010.0) == [game["id"]]
    assert table_of(http, game)["stand_ins"] == {}


def test_takeover_a_free_seat_is_played_by_the_ai_until_someone_takes_it(http: TestClient) -> None:
    """A seat offered in the lobby and not taken is empty too: with the setting on, the AI plays
    it; the player who takes it from the lobby plays it himself at once."""
    game = online(http, players=2)
    host_opens(http, game, offer=[2], away_minutes=0.1)
    http.app.state.seats.arrive("host-connection", game["id"], "1")  # type: ignore[attr-defined]
    away = http.app.state.away  # type: ignore[attr-defined]
    away.look(now=1000.0)
    assert away.look(now=1010.0) == [game["id"]]
    assert table_of(http, game)["stand_ins"]["2"]["reason"] == "away"
    taken = http.post(f"/api/lobby/{game['id']}/seats/2", json={"name": "Marcus"})
    assert taken.status_code == 201, taken.text
    assert table_of(http, game)["stand_ins"] == {}
    assert http.app.state.seats.ai_seats(game["id"]) == {}  # type: ignore[attr-defined]


def test_takeover_a_table_everyone_left_is_not_played_by_the_ai_alone(http: TestClient) -> None:
    """Nobody is connected, nobody waits: the absent seats stay their players' however long."""
    game = online(http, players=2)
    host_opens(http, game, listed=False, offer=[], away_minutes=0.1)
    away = http.app.state.away  # type: ignore[attr-defined]
    assert away.look(now=1000.0) == []
    assert away.look(now=100000.0) == []
    assert table_of(http, game)["stand_ins"] == {}


def test_takeover_a_returning_player_who_acts_gets_his_seat_back(http: TestClient) -> None:
    game = online(http, players=2)
    host_opens(http, game, listed=False, offer=[], away_minutes=0.1)
    away = http.app.state.away  # type: ignore[attr-defined]
    http.app.state.seats.arrive("host-connection", game["id"], "1")  # type: ignore[attr-defined]
    away.look(now=1000.0)
    assert away.look(now=1010.0) == [game["id"]]
    assert set(table_of(http, game)["stand_ins"]) == {"2"}
    # player 2 is back and acts (out of turn: refused as ever), and his seat is his again
    state = state_of(http, game)
    answer = http.post(f"/api/games/{game['id']}/actions", headers=bearer(token(game, 2)),
                       json={"version": state["version"], "action": "end"})
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "not_your_decision"
    assert table_of(http, game)["stand_ins"] == {}


def test_takeover_the_setting_is_bounded(http: TestClient) -> None:
    game = online(http, players=2)
    for minutes in (0, 0.01, 5000, True):
        answer = http.post(f"/api/games/{game['id']}/table", json={"away_minutes": minutes},
                           headers=bearer(token(game, 1)))
        assert answer.status_code == 422, (minutes, answer.text)
    assert table_of(http, game)["away_minutes"] is None


# --- in the browser ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server whose AI thinks 0.05 s a decision (the test watches who plays)."""
    import threading
    import time

    import uvicorn

    from tetrarchia.web.app import create_app
    from web_helpers import UNLIMITED_RATE, free_port

    port = free_port()
    served = create_app(tmp_path_factory.mktemp("takeover") / "games.sqlite3", rate=UNLIMITED_RATE,
                        new_games=1e9, ai_seconds=0.05)
    live = uvicorn.Server(uvicorn.Config(served, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=live.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not live.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    live.should_exit = True
    thread.join(timeout=10)


@pytest.mark.browser
@pytest.mark.timeout(180)
def test_takeover_in_the_browser_the_host_hands_his_seat_to_the_ai_and_back(
        quick_server: str, browser: Any) -> None:  # noqa: F811
    """Aurelia hosts and steps away: her seat to the AI, which plays it; both pages' logs say
    "The AI for Aurelia played"; Marcus's seat list says the AI plays for her; back, her page
    offers her actions again."""
    import httpx

    from test_web_lobby import Player, shot
    game = online(httpx.Client(base_url=quick_server, timeout=30), players=2)
    host, marcus = Player(browser), Player(browser)
    try:
        page = host.open(f"{quick_server}/game/{game['id']}#{token(game, 1)}")
        page.fill("#host-name", "Aurelia")
        page.click("#table-open")
        page.wait_for_selector("#ai-1")
        other = marcus.open(f"{quick_server}/game/{game['id']}#{token(game, 2)}")
        page.click("#ai-1")
        for seen in (page, other):
            seen.wait_for_selector(".log .played-by:has-text('The AI for Aurelia played:')")
        other.wait_for_selector(".seats .stand-in:has-text('the AI plays for Aurelia')")
        page.wait_for_selector("#back-1")
        shot(other, "takeover-1440", docs=True)
        page.click("#back-1")
        page.wait_for_selector("#ai-1")
        other.wait_for_function("() => !document.querySelector('.seats .stand-in')")
        host.idle()
        assert page.locator(".seats").inner_text().count("Aurelia") == 1
    finally:
        host.close()
        marcus.close()
