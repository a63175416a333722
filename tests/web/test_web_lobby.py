"""Open tables and their chat (issue 27, item 1), on the real server's routes, on SQLite and on
PostgreSQL: the host lists free seats, a player takes one under a name and gets its link, the
host frees a seat again (its old link stops), two browsers racing for one seat (exactly one
wins, in real server processes), and the chat: plain text, limited in length and rate, kept
with the game, sent live, read-only for spectators unless the host opens it.  Every bad input
is refused in the page's language and changes nothing."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from conftest import ROOT
from test_web_browser import SHOTS, browser, serving, wait_idle  # noqa: F401 (fixtures)
from web_helpers import bearer, client, empty_tables, free_port, start_server

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(params=["sqlite", "postgresql"])
def http(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    if request.param == "sqlite":
        with client(tmp_path / "games.sqlite3") as http:
            yield http
        return
    with client(request.getfixturevalue("postgres_database")) as http:
        empty_tables(http)
        yield http


def online(http: TestClient | httpx.Client, players: int = 3, **more: Any) -> dict[str, Any]:
    """A new game played online: each seat its own link (the host holds seat 1's)."""
    answer = http.post("/api/games", json={"level": "4211", "players": players, "seed": 5,
                                           "hotseat": False, **more})
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def token(game: dict[str, Any], player: int) -> str:
    found: str = next(s["token"] for s in game["credentials"]["seats"] if s["player"] == player)
    return found


def host_opens(http: TestClient | httpx.Client, game: dict[str, Any], **body: Any) -> dict[str, Any]:
    body.setdefault("listed", True)
    body.setdefault("offer", [2, 3])
    body.setdefault("name", "Aurelia")
    answer = http.post(f"/api/games/{game['id']}/table", json=body, headers=bearer(token(game, 1)))
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def lobby_entry(http: TestClient | httpx.Client, game_id: str, lang: str = "en") -> dict[str, Any] | None:
    tables = http.get(f"/api/lobby?lang={lang}").json()["tables"]
    return next((t for t in tables if t["id"] == game_id), None)


def snapshot(http: TestClient, game_id: str) -> Any:
    """What the database holds of a table: compared before and after a refused request."""
    from sqlalchemy import text
    with http.app.state.store.engine.connect() as connection:  # type: ignore[attr-defined]
        return [connection.execute(text(f"SELECT * FROM {table} WHERE game_id = :g ORDER BY 1, 2"),
                                   {"g": game_id}).all()
                for table in ("seats", "game_tables", "lobby_seats", "chat")]


# --- the lobby -------------------------------------------------------------------------------

def test_lobby_lists_a_hosts_free_seats_with_the_level_in_words(http: TestClient) -> None:
    game = online(http)
    assert lobby_entry(http, game["id"]) is None  # not listed until the host says so
    view = host_opens(http, game)
    assert view["host"] == "1" and view["listed"] and view["free"] == ["2", "3"]
    entry = lobby_entry(http, game["id"], "fr")
    assert entry is not None
    assert entry["level"] == "4211" and entry["level_words"].startswith("4 garnisons")
    assert [(s["player"], s["name"], s["free"], s["here"]) for s in entry["seats"]] == [
        (1, "Aurelia", False, False), (2, None, True, False), (3, None, True, False)]
    http.app.state.seats.arrive("host-connection", game["id"], "1")  # type: ignore[attr-defined]
    entry = lobby_entry(http, game["id"], "fr")
    assert entry is not None and [s["here"] for s in entry["seats"]] == [True, False, False]
    assert entry["seats"][1]["title"].startswith("Joueur 2")  # in the page's language (R10)
    host_opens(http, game, listed=False, offer=[])  # unlisted: gone from the lobby, seats kept
    assert lobby_entry(http, game["id"]) is None
    host_opens(http, game, offer=[])


def test_lobby_a_player_takes_a_free_seat_and_gets_its_link(http: TestClient) -> None:
    game = online(http)
    old = token(game, 2)
    assert http.get(f"/api/games/{game['id']}", headers=bearer(old)).status_code == 200
    host_opens(http, game)
    # the seat offered got a new link: the one given at creation no longer opens it
    assert http.get(f"/api/games/{game['id']}", headers=bearer(old)).status_code == 403
    taken = http.post(f"/api/lobby/{game['id']}/seats/2", json={"name": "  Marcus   Aurelius "})
    assert taken.status_code == 201, taken.text
    given = taken.json()
    assert given["name"] == "Marcus Aurelius" and given["player"] == 2
    assert http.get(f"/api/games/{game['id']}", headers=bearer(given["token"])).json()["you"] == "2"
    entry = lobby_entry(http, game["id"])
    assert entry is not None and [s["free"] for s in entry["seats"]] == [False, False, True]
    again = http.post(f"/api/lobby/{game['id']}/seats/2", json={"name": "Faustina"})
    assert again.status_code == 409 and "already taken" in again.json()["error"]["reason"]
    http.post(f"/api/lobby/{game['id']}/seats/3", json={"name": "Faustina"})
    assert lobby_entry(http, game["id"]) is None  # no free seat left: no longer listed


def test_lobby_the_host_frees_a_seat_and_its_link_stops_working(http: TestClient) -> None:
    game = online(http)
    host_opens(http, game, offer=[3])
    given = http.post(f"/api/lobby/{game['id']}/seats/3", json={"name": "Livia"}).json()
    freed = http.post(f"/api/games/{game['id']}/table/seats/3", json={"do": "free"},
                      headers=bearer(token(game, 1)))
    assert freed.status_code == 200, freed.text
    assert freed.json()["free"] == ["3"] and "3" not in freed.json()["names"]
    assert http.get(f"/api/games/{game['id']}", headers=bearer(given["token"])).status_code == 403
    # only the host frees a seat, and never his own
    other = http.post(f"/api/games/{game['id']}/table/seats/3", json={"do": "free"},
                      headers=bearer(token(game, 2)))
    assert other.status_code == 403 and other.json()["error"]["code"] == "not_host"
    own = http.post(f"/api/games/{game['id']}/table/seats/1", json={"do": "free"},
                    headers=bearer(token(game, 1)))
    assert own.status_code == 400 and own.json()["error"]["code"] == "host_seat"


@pytest.mark.parametrize(("name", "code", "words"), [
    pytest.param("", "bad_name", "cannot be empty", id="empty"),
    pytest.param("   ", "bad_name", "cannot be empty", id="blank"),
    pytest.param("x" * 25, "bad_name", "at most 24 characters, not 25", id="too-long"),
    pytest.param(42, "bad_name", "is text", id="not-text"),
    pytest.param(None, "bad_name", "is text", id="missing"),
    pytest.param("bell\x07", "bad_name", "plain text", id="control-character"),
])
def test_lobby_a_bad_name_is_refused_and_changes_nothing(http: TestClient, name: object, code: str,
                                                         words: str) -> None:
    game = online(http)
    host_opens(http, game)
    before = snapshot(http, game["id"])
    answer = http.post(f"/api/lobby/{game['id']}/seats/2", json={"name": name})
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["code"] == code and words in answer.json()["error"]["reason"]
    assert snapshot(http, game["id"]) == before


def test_lobby_refusals_speak_the_pages_language(http: TestClient) -> None:
    game = online(http)
    host_opens(http, game)
    answer = http.post(f"/api/lobby/{game['id']}/seats/2?lang=es", json={"name": ""})
    assert answer.json()["error"]["reason"] == "Elige un nombre: no puede estar vacío."
    answer = http.post(f"/api/lobby/{game['id']}/seats/9?lang=fr", json={"name": "Nerva"})
    assert answer.status_code == 404 and "n'est pas proposé" in answer.json()["error"]["reason"]


@pytest.mark.parametrize(("body", "status", "code"), [
    pytest.param({"listed": "yes"}, 422, "malformed", id="listed-not-a-flag"),
    pytest.param({"away_minutes": 0}, 422, "away_range", id="away-too-short"),
    pytest.param({"away_minutes": "5"}, 422, "malformed", id="away-not-a-number"),
    pytest.param({"offer": [1]}, 400, "host_seat", id="offer-own-seat"),
    pytest.param({"offer": [7]}, 404, "no_such_seat", id="offer-no-seat"),
    pytest.param({"colour": "red"}, 422, "malformed", id="unknown-field"),
])
def test_lobby_bad_table_settings_are_refused(http: TestClient, body: dict[str, Any], status: int,
                                              code: str) -> None:
    game = online(http)
    host_opens(http, game, offer=[2])
    before = snapshot(http, game["id"])
    answer = http.post(f"/api/games/{game['id']}/table", json=body, headers=bearer(token(game, 1)))
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["code"] == code
    assert snapshot(http, game["id"]) == before


def test_lobby_a_hot_seat_game_has_no_table(http: TestClient) -> None:
    answer = http.post("/api/games", json={"level": "4211", "players": 2, "hotseat": True}).json()
    refused = http.post(f"/api/games/{answer['id']}/table", json={"listed": True},
                        headers=bearer(answer["credentials"]["hotseat"]))
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "no_table"


# --- a seat taken twice at once: exactly one wins --------------------------------------------

@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_lobby_two_browsers_taking_one_seat_at_once_exactly_one_wins(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """Eight browsers (threads, each its own connection) ask for seat 2 of a real server at the
    same moment: one gets the seat's link, the seven others are told it is taken; on
    PostgreSQL two server processes serve them."""
    if backend == "sqlite":
        database: str = str(tmp_path / "games.sqlite3")
        more: tuple[str, ...] = ()
    else:
        database = request.getfixturevalue("postgres_database")
        with client(database) as emptied:
            empty_tables(emptied)
        more = ("--workers", "2")
    port = free_port()
    server = start_server(database, port, *more)
    try:
        base = f"http://127.0.0.1:{port}"
        with httpx.Client(base_url=base, timeout=30) as real:
            game = online(real)
            host_opens(real, game)
        barrier = threading.Barrier(8)
        answers: list[int] = []

        def take(i: int) -> None:
            with httpx.Client(base_url=base, timeout=30) as mine:
                barrier.wait()
                answers.append(mine.post(f"/api/lobby/{game['id']}/seats/2",
                                         json={"name": f"Player {i}"}).status_code)

        threads = [threading.Thread(target=take, args=(i,)) for i in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(answers) == [201] + [409] * 7
        with httpx.Client(base_url=base, timeout=30) as real:
            table = real.get(f"/api/games/{game['id']}/table", headers=bearer(token(game, 1))).json()
        assert table["free"] == ["3"] and table["names"]["2"].startswith("Player ")
    finally:
        server.terminate()
        server.wait(timeout=30)


# --- the chat --------------------------------------------------------------------------------

def test_lobby_chat_is_kept_with_the_game_and_named(http: TestClient) -> None:
    game = online(http)
    host_opens(http, game, offer=[2])
    joined = http.post(f"/api/lobby/{game['id']}/seats/2", json={"name": "Marcus"}).json()
    said = http.post(f"/api/games/{game['id']}/chat", json={"text": "<b>Ave</b> &amp; salve"},
                     headers=bearer(joined["token"]))
    assert said.status_code == 201, said.text
    assert said.json()["name"] == "Marcus" and said.json()["text"] == "<b>Ave</b> &amp; salve"
    http.post(f"/api/games/{game['id']}/chat", json={"text": "Ave, Marcus"}, headers=bearer(token(game, 1)))
    read = http.get(f"/api/games/{game['id']}/chat", headers=bearer(game["credentials"]["spectator"]))
    assert [(m["name"], m["text"]) for m in read.json()["chat"]] == [
        ("Marcus", "<b>Ave</b> &amp; salve"), ("Aurelia", "Ave, Marcus")]
    table = http.get(f"/api/games/{game['id']}/table", headers=bearer(token(game, 3))).json()
    assert len(table["chat"]) == 2 and table["you"] == "3"


def test_lobby_chat_is_sent_live_to_every_page(http: TestClient) -> None:
    game = online(http)
    with http.websocket_connect(f"/api/games/{game['id']}/live") as socket:
        socket.send_json({"type": "hello", "token": game["credentials"]["spectator"]})
        assert socket.receive_json()["kind"] == "welcome"
        http.post(f"/api/games/{game['id']}/chat", json={"text": "Roma aeterna"},
                  headers=bearer(token(game, 2)))
        for _ in range(5):
            message = socket.receive_json()
            if message["kind"] == "chat":
                break
        assert message["kind"] == "chat" and message["message"]["text"] == "Roma aeterna"


@pytest.mark.parametrize(("text", "code", "words"), [
    pytest.param("", "bad_message", "empty", id="empty"),
    pytest.param(" \n ", "bad_message", "empty", id="blank"),
    pytest.param("v" * 301, "bad_message", "at most 300 characters, not 301", id="too-long"),
    pytest.param(["Ave"], "bad_message", "is text", id="not-text"),
])
def test_lobby_chat_bad_messages_are_refused(http: TestClient, text: object, code: str, words: str) -> None:
    game = online(http)
    before = snapshot(http, game["id"])
    answer = http.post(f"/api/games/{game['id']}/chat", json={"text": text}, headers=bearer(token(game, 1)))
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["code"] == code and words in answer.json()["error"]["reason"]
    assert snapshot(http, game["id"]) == before


def test_lobby_chat_flood_is_rate_limited_per_seat(http: TestClient) -> None:
    game = online(http)
    codes = [http.post(f"/api/games/{game['id']}/chat", json={"text": f"{i}"},
                       headers=bearer(token(game, 1))).status_code for i in range(7)]
    assert codes[:5] == [201] * 5 and codes[5:] == [429, 429]
    flood = http.post(f"/api/games/{game['id']}/chat?lang=fr", json={"text": "encore"},
                      headers=bearer(token(game, 1))).json()
    assert flood["error"]["code"] == "chat_flood" and "Trop de messages" in flood["error"]["reason"]
    # another seat has its own allowance
    assert http.post(f"/api/games/{game['id']}/chat", json={"text": "Ave"},
                     headers=bearer(token(game, 2))).status_code == 201
    assert len(http.get(f"/api/games/{game['id']}/chat", headers=bearer(token(game, 2))).json()["chat"]) == 6


def test_lobby_spectators_read_the_chat_and_write_once_the_host_allows(http: TestClient) -> None:
    game = online(http)
    spectator = bearer(game["credentials"]["spectator"])
    closed = http.post(f"/api/games/{game['id']}/chat", json={"text": "Io!"}, headers=spectator)
    assert closed.status_code == 403 and closed.json()["error"]["code"] == "chat_closed"
    host_opens(http, game, listed=False, offer=[], chat_open=True)
    written = http.post(f"/api/games/{game['id']}/chat", json={"text": "Io!"}, headers=spectator)
    assert written.status_code == 201
    # a spectator never changes the table's settings
    refused = http.post(f"/api/games/{game['id']}/table", json={"chat_open": False}, headers=spectator)
    assert refused.status_code == 403


# --- in the browser: several players, each his own browser ------------------------------------

@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serving(tmp_path_factory.mktemp("lobby") / "games.sqlite3")


class Player:
    """One person's browser: its own context (its own localStorage: its own seats and name)."""

    def __init__(self, browser: Any, width: int = 1440, height: int = 900,  # noqa: F811
                 locale: str = "en-US") -> None:
        self.context = browser.new_context(viewport={"width": width, "height": height}, locale=locale)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.outside: list[str] = []
        self.page.on("request", lambda request: self.outside.append(request.url)
                     if not request.url.startswith("http://127.0.0.1") else None)

    def open(self, url: str) -> Any:
        self.page.goto(url)
        self.page.wait_for_selector("body[data-ready]")
        self.idle()
        return self.page

    def idle(self) -> None:
        wait_idle(self.page)

    def close(self) -> None:
        self.context.close()
        assert not self.errors, f"errors on the page: {self.errors}"
        assert not self.outside, f"requests that left the machine: {self.outside}"


def shot(page: Any, name: str, docs: bool = False) -> None:
    """A screenshot in test-artifacts/browser/, and in docs/screens/ for docs/web.md."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    if docs:
        page.screenshot(path=str(ROOT / "docs" / "screens" / f"{name}.png"))


@pytest.mark.browser
@pytest.mark.timeout(180)
def test_lobby_in_the_browser_host_opens_players_join_and_chat(server: str, browser: Any) -> None:  # noqa: F811
    """The host opens his table from the game's panel; Marcus finds it in the lobby under his
    name and takes seat 2; Livia, a moment late for seat 2, is told it is taken and takes seat
    3; the chat goes live to every page, shown as the text typed (markup stays text); a
    spectator reads it and cannot write."""
    game = online(httpx.Client(base_url=server, timeout=30), players=3)
    host, marcus, livia, watcher = (Player(browser), Player(browser), Player(browser, 390, 844),
                                    Player(browser))
    try:
        page = host.open(f"{server}/game/{game['id']}#{token(game, 1)}")
        page.fill("#host-name", "Aurelia")
        page.check("#offer-2")
        page.check("#offer-3")
        page.click("#table-open")
        page.wait_for_selector("#table-listed:checked")
        host.idle()

        lobby = livia.open(f"{server}/lobby")
        lobby.fill("#lobby-name", "Livia")
        seat2 = f"#take-{game['id']}-2"
        lobby.wait_for_selector(seat2)
        page = marcus.open(f"{server}/lobby")
        page.fill("#lobby-name", "Marcus")
        shot(page, "lobby-1440", docs=True)
        page.click(seat2)
        page.wait_for_url(f"**/game/{game['id']}")
        page.wait_for_selector("body[data-ready]")
        marcus.idle()
        assert "Marcus" in page.locator(".seats").inner_text()

        lobby.click(seat2)  # Livia's list still shows seat 2 free: the server says no
        lobby.wait_for_selector("#lobby-verdict:has-text('already taken')")
        lobby.wait_for_selector(seat2, state="detached")  # her list read again
        livia.idle()
        shot(lobby, "lobby-390", docs=True)
        lobby.click(f"#take-{game['id']}-3")
        lobby.wait_for_url(f"**/game/{game['id']}")
        lobby.wait_for_selector("body[data-ready]")
        livia.idle()

        typed = "<b>Ave</b> & salve, Caesar"
        page.fill("#chat-text", typed)
        page.click("#chat-send")
        for reader in (host.page, lobby):
            reader.wait_for_selector(".chat-line:has-text('Ave')")
            line = reader.locator(".chat-line").last
            assert line.locator(".chat-text").inner_text() == typed
            assert line.locator(".chat-text b").count() == 0  # text, never markup
            assert line.locator(".chat-name").inner_text().startswith("Marcus")
        host.page.fill("#chat-text", "Salve, Marcus. Galerius moves first.")
        host.page.click("#chat-send")
        page.wait_for_selector(".chat-line:has-text('Galerius moves first')")
        assert "Aurelia" in host.page.locator(".seats").inner_text()
        shot(host.page, "table-chat-1440", docs=True)
        lobby.locator("#table-box").scroll_into_view_if_needed()
        shot(lobby, "table-chat-390", docs=True)

        spectator = watcher.open(f"{server}/game/{game['id']}#{game['credentials']['spectator']}")
        spectator.wait_for_selector(".chat-line:has-text('Galerius moves first')")
        assert spectator.locator("#chat-text").is_hidden()
        assert spectator.locator(".chat-closed").is_visible()
        assert spectator.locator("#host-settings").count() == 0
    finally:
        for player in (host, marcus, livia, watcher):
            player.close()


def test_lobby_a_deleted_game_takes_its_table_and_chat_along(http: TestClient) -> None:
    """The host's deletion (tetrarchia games delete: Store.delete) clears every table keyed by
    the game: its table, names, chat."""
    game = online(http)
    host_opens(http, game)
    http.post(f"/api/games/{game['id']}/chat", json={"text": "Vale"}, headers=bearer(token(game, 1)))
    assert any(snapshot(http, game["id"]))
    assert http.app.state.store.delete(game["id"])  # type: ignore[attr-defined]
    assert not any(snapshot(http, game["id"]))
