"""Your turn by webhook (issue 27, item 2): a seat's webhook gets a JSON POST that Discord
("content"), Slack ("text") and Matrix bridges ("body") accept when its decision comes, received
here by a real HTTP server on loopback; an address that is not http(s), points at the server
itself or at this machine is refused in the page's language and nothing stored changes; one that
never answers is tried a bounded number of times while the game's requests stay fast.  On SQLite
and PostgreSQL (the turns and the settings are stored)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from notify_helpers import Receiver, Silent, play_until, two_players
from tetrarchia.web.deliver import Delivery
from web_helpers import bearer, client, free_port, start_server

pytestmark = pytest.mark.timeout(180)

QUICK = Delivery(timeout=0.3, retries=2, backoff=0.1, allow_loopback=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite3")
    name = "t_hook_" + request.node.name.lower()[:40].replace("[", "_").replace("]", "").replace("-", "_")
    url: str = request.getfixturevalue("postgres").database(name)
    return url


@pytest.fixture
def http(database: str) -> Iterator[TestClient]:
    with client(database, delivery=QUICK) as test_client:
        yield test_client


def notify(http: TestClient, game_id: str, token: str, page: str = "en", **body: Any) -> httpx.Response:
    """A seat's settings sent from a page in the language ``page``."""
    answer: httpx.Response = http.post(f"/api/games/{game_id}/notify?lang={page}", json=body,
                                       headers=bearer(token))
    return answer


def test_webhook_receives_the_turn_without_the_secret_link(http: TestClient) -> None:
    state, tokens = two_players(http)
    game = state["id"]
    with Receiver() as hook:
        answer = notify(http, game, tokens[2], webhook=hook.url, page="es")
        assert answer.status_code == 200, answer.text
        assert answer.json()["settings"] == {"webhook": hook.url, "include_link": False, "email": ""}
        before = time.time()
        state = play_until(http, state, tokens, 2)
        http.app.state.notify.wait()  # type: ignore[attr-defined]
        assert len(hook.bodies) == 1  # told once, when the decision passed to the seat
        body = hook.bodies[0]
        assert body["game"] == game and body["seat"] == 2
        assert body["text"] == body["content"] == body["body"]  # Slack, Discord, Matrix
        assert body["text"].startswith("Es tu turno en Tetrarchia: Jugador 2")  # the seat's language
        assert f"/game/{game}" in body["text"] and tokens[2] not in str(body)  # no secret link
        # the page's "waiting since": kept by the server from when the decision began
        turn = http.get(f"/api/games/{game}/notify", headers=bearer(tokens[1])).json()["turn"]
        assert turn["player"] == 2 and before <= turn["since"] <= turn["now"]
        # the seat plays; player 1 is not told (no webhook), then player 2 is told again
        state = play_until(http, state, tokens, 1)
        play_until(http, state, tokens, 2)
        http.app.state.notify.wait()  # type: ignore[attr-defined]
        assert len(hook.bodies) == 2


def test_webhook_carries_the_link_only_when_asked_and_while_it_works(http: TestClient) -> None:
    state, tokens = two_players(http, seed=5)
    game = state["id"]
    with Receiver() as hook:
        assert notify(http, game, tokens[2], webhook=hook.url, include_link=True).status_code == 200
        state = play_until(http, state, tokens, 2)
        http.app.state.notify.wait()  # type: ignore[attr-defined]
        assert f"/game/{game}#{tokens[2]}" in hook.bodies[0]["text"]
        # the host gives the seat a new link: the old one, stored, is never sent again
        old = tokens[2]
        tokens[2] = http.app.state.seats.mint(game, "2")  # type: ignore[attr-defined]
        state = play_until(http, state, tokens, 1)
        play_until(http, state, tokens, 2)
        http.app.state.notify.wait()  # type: ignore[attr-defined]
        assert len(hook.bodies) == 2 and old not in str(hook.bodies[1])
        assert f"/game/{game} " in hook.bodies[1]["text"]  # the game's address, without a link


@pytest.mark.parametrize(("body", "status", "reason"), [
    pytest.param({"webhook": "ftp://example.org/hook"}, 400, "begins with http://", id="not-http"),
    pytest.param({"webhook": "javascript:alert(1)"}, 400, "begins with http://", id="javascript"),
    pytest.param({"webhook": "http://testserver/api/games"}, 400, "this server itself", id="the-server"),
    pytest.param({"webhook": "http://127.0.0.1:9/hook"}, 400, "this machine", id="loopback"),
    pytest.param({"webhook": "http://localhost:9/hook"}, 400, "this machine", id="localhost"),
    pytest.param({"webhook": "http://[::1]:9/hook"}, 400, "this machine", id="loopback-v6"),
    pytest.param({"webhook": "http://169.254.169.254/latest"}, 400, "reserved", id="link-local"),
    pytest.param({"webhook": "http://0.0.0.0/hook"}, 400, "reserved", id="unspecified"),
    pytest.param({"webhook": "http://example.org/" + "a" * 500}, 400, "at most 500", id="too-long"),
    pytest.param({"webhook": "http://exa mple.org/"}, 400, "not a web address", id="space"),
    # .invalid never resolves (RFC 6761): refused, at once or after the bounded look-up
    pytest.param({"webhook": "https://no-such-host.invalid/hook"}, 400, "is not found", id="unknown-host"),
    pytest.param({"webhook": 5}, 422, "must be a text", id="not-text"),
    pytest.param({"include_link": "yes"}, 422, "must be true or false", id="not-bool"),
    pytest.param({"hook": "http://example.org/"}, 422, "unknown field", id="unknown-field"),
    pytest.param({"email": "galerius@example.org"}, 400, "sends no e-mail", id="no-smtp"),
    pytest.param({"lang": "de"}, 400, "not a language", id="language"),
])
def test_a_bad_setting_is_refused_and_changes_nothing(tmp_path: Path, body: dict[str, Any], status: int,
                                                      reason: str) -> None:
    with client(tmp_path / "games.sqlite3", delivery=Delivery()) as http:  # loopback not allowed
        state, tokens = two_players(http)
        game = state["id"]
        # a name of the documentation's reserved range: no look-up needed, none made
        assert notify(http, game, tokens[2], webhook="http://192.0.2.10/hook").status_code == 200
        before = http.get(f"/api/games/{game}/notify", headers=bearer(tokens[2])).json()["settings"]
        answer = notify(http, game, tokens[2], **body)
        assert answer.status_code == status, answer.text
        assert reason in answer.json()["error"]["reason"]
        after = http.get(f"/api/games/{game}/notify", headers=bearer(tokens[2])).json()["settings"]
        assert after == before and before["webhook"] == "http://192.0.2.10/hook"


def test_refusals_are_told_in_the_pages_language(tmp_path: Path) -> None:
    with client(tmp_path / "games.sqlite3", delivery=Delivery()) as http:
        state, tokens = two_players(http)
        for lang, words in (("es", "un webhook no puede apuntar a esta máquina"),
                            ("fr", "un webhook ne peut viser ni cette machine")):
            answer = notify(http, state["id"], tokens[1], page=lang, webhook="http://127.0.0.1:9/")
            assert answer.status_code == 400 and answer.json()["error"]["reason"].startswith(words)


def test_a_spectator_sets_nothing_and_reads_the_turn(tmp_path: Path) -> None:
    with client(tmp_path / "games.sqlite3", delivery=QUICK) as http:
        state, _tokens = two_players(http)
        watcher = http.get(f"/api/games/{state['id']}", headers=bearer(_tokens[1]))  # a seat's read
        assert watcher.status_code == 200
        created = http.post("/api/games", json={"level": "4211", "players": 2, "seed": 3}).json()
        spectator = created["credentials"]["spectator"]
        refused = notify(http, created["id"], spectator, webhook="http://192.0.2.10/hook")
        assert refused.status_code == 403
        read = http.get(f"/api/games/{created['id']}/notify", headers=bearer(spectator)).json()
        assert read["settings"] is None and read["turn"]["player"] == 1
        assert http.get(f"/api/games/{created['id']}/notify").status_code == 403  # no link


def test_a_webhook_that_never_answers_is_tried_a_bounded_number_of_times(database: str) -> None:
    # each attempt waits 2 s for an answer that never comes: a request that waited for a send
    # would take that long, where the game's requests take milliseconds (a loaded machine's
    # slowest still well under a second)
    hanging = Delivery(timeout=2.0, retries=1, backoff=0.1, allow_loopback=True)
    durations: list[float] = []
    with client(database, delivery=hanging) as http, Silent() as silent:
        state, tokens = two_players(http, seed=11)
        assert notify(http, state["id"], tokens[2], webhook=silent.url).status_code == 200
        state = play_until(http, state, tokens, 2, durations)
        told = time.monotonic()
        # the sends hang meanwhile: the game goes on answering at once
        state = play_until(http, state, tokens, 1, durations)
        assert http.app.state.notify.wait(15)  # type: ignore[attr-defined]
        # 1 + 1 retry of 2 s each, 0.1 s apart: about 4.1 s, then given up
        assert time.monotonic() - told < 8
        assert len(silent.accepted) == 1 + hanging.retries
    assert max(durations) < 1.5, max(durations)


def test_a_failing_webhook_is_retried_with_a_growing_wait(http: TestClient) -> None:
    state, tokens = two_players(http, seed=13)
    with Receiver(status=500) as hook:
        assert notify(http, state["id"], tokens[2], webhook=hook.url).status_code == 200
        play_until(http, state, tokens, 2)
        assert http.app.state.notify.wait(10)  # type: ignore[attr-defined]
        assert len(hook.bodies) == 1 + QUICK.retries
        gaps = [b - a for a, b in zip(hook.times, hook.times[1:], strict=False)]
        assert gaps[0] >= QUICK.backoff and gaps[1] >= 2 * QUICK.backoff


def test_the_real_server_allows_loopback_webhooks_with_its_flag_but_never_itself(tmp_path: Path) -> None:
    port = free_port()
    server = start_server(tmp_path / "games.sqlite3", port, "--allow-loopback-webhooks")
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as http, Receiver() as hook:
            state, tokens = two_players(http)
            game = state["id"]
            itself = http.post(f"/api/games/{game}/notify", headers=bearer(tokens[2]),
                               json={"webhook": f"http://localhost:{port}/api/games"})
            assert itself.status_code == 400 and "this server itself" in itself.json()["error"]["reason"]
            taken = http.post(f"/api/games/{game}/notify", headers=bearer(tokens[2]),
                              json={"webhook": hook.url})
            assert taken.status_code == 200, taken.text
            play_until(http, state, tokens, 2)
            deadline = time.monotonic() + 10
            while not hook.bodies and time.monotonic() < deadline:
                time.sleep(0.05)  # a real process: its background send is awaited by its result
            assert hook.bodies and hook.bodies[0]["seat"] == 2
            assert f"http://127.0.0.1:{port}/game/{game}" in hook.bodies[0]["text"]
    finally:
        server.terminate()
        server.wait(10)


def test_two_server_processes_tell_a_seat_once(request: pytest.FixtureRequest) -> None:
    """Two ``tetrarchia serve`` processes on one PostgreSQL database: the seat's own page asks
    process B for the turn while the other player plays through process A; each process may see
    the change, exactly one writes it and sends the notice."""
    database = request.getfixturevalue("postgres").database("t_hook_two_processes")
    ports = [free_port(), free_port()]
    servers = [start_server(database, port, "--allow-loopback-webhooks") for port in ports]
    stop = False
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{ports[0]}", timeout=10) as one, \
                httpx.Client(base_url=f"http://127.0.0.1:{ports[1]}", timeout=10) as other, \
                Receiver() as hook:
            state, tokens = two_players(one)
            game = state["id"]
            assert other.post(f"/api/games/{game}/notify", headers=bearer(tokens[2]),
                              json={"webhook": hook.url}).status_code == 200

            def watch() -> None:  # the seat's page on process B, asking again and again
                while not stop:
                    other.get(f"/api/games/{game}/notify", headers=bearer(tokens[2]))
                    # 20 a second: often enough to race process A, and within the seat's request
                    # limit (30 a second, which both processes share through the database), so
                    # that the seat's own moves through A still get through
                    time.sleep(0.05)

            watcher = threading.Thread(target=watch)
            watcher.start()
            try:
                state = play_until(one, state, tokens, 2)
                state = play_until(one, state, tokens, 1)
                play_until(one, state, tokens, 2)
            finally:
                stop = True
                watcher.join(10)
            deadline = time.monotonic() + 10
            while len(hook.bodies) < 2 and time.monotonic() < deadline:
                time.sleep(0.05)  # the processes send in the background: their result awaited
            time.sleep(1.0)  # and a duplicate, if any, would have come within this second
            assert [body["seat"] for body in hook.bodies] == [2, 2]
    finally:
        for server in servers:
            server.terminate()
            server.wait(10)


def test_a_deleted_game_takes_its_turns_and_notices_with_it(http: TestClient) -> None:
    from sqlalchemy import func, select

    from tetrarchia.web.notify import NoticeRow, TurnRow

    state, tokens = two_players(http)
    game = state["id"]
    kept = notify(http, game, tokens[2], webhook="http://192.0.2.10/hook", include_link=True)
    assert kept.status_code == 200
    store = http.app.state.store  # type: ignore[attr-defined]

    def rows() -> tuple[int, ...]:
        with store.session() as session:
            return tuple(session.execute(select(func.count()).select_from(table)
                                         .where(table.game_id == game)).scalar_one()
                         for table in (TurnRow, NoticeRow))

    assert rows() == (1, 1)
    assert store.delete(game)  # tetrarchia games delete
    assert rows() == (0, 0)  # the stored token of "include my link" is gone with them
