"""The cost of one request (issue 26, bench/per_action.py): a changing request reads its game's
version row once, however many times its route and the authority ask for the game
(``GameCache.one_request``), and a change another server process committed is still seen by the
next request."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from starlette.responses import JSONResponse
from starlette.testclient import TestClient

from tetrarchia.players.random_player import RandomPlayer
from tetrarchia.players.registry import PLAYERS, PlayerEntry
from tetrarchia.web.app import create_app, options_catalogue
from tetrarchia.web.notify import Notifier
from tetrarchia.web.storage import Store

pytestmark = pytest.mark.timeout(60)


def new_game(http: TestClient, seed: int = 3) -> tuple[dict[str, Any], dict[str, str]]:
    made = http.post("/api/games", json={"level": "4211", "players": 1, "seed": seed, "hotseat": True})
    assert made.status_code == 201, made.text
    state = made.json()
    return state, {"Authorization": f"Bearer {state['credentials']['hotseat']}"}


def next_request(state: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The request bench/load.py's client sends: the dice when due, else the first legal action."""
    if state["awaiting"] in ("roll", "run"):
        return "advance", {"version": state["version"], "until": "decision"}
    return "actions", {"version": state["version"], "action": state["legal"][0]["notation"]}


Counted = tuple[TestClient, list[str], Notifier]


@pytest.fixture
def counted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Counted]:
    """A server whose version-row reads are noted (game ids, in order), but for the AI driver's
    (it looks at each game after each commit, in its own thread: AI seats may decide)."""
    reads: list[str] = []
    read = Store.version

    def version(self: Store, game_id: str) -> int | None:
        if not threading.current_thread().name.startswith("tetrarchia-ai"):  # the AI's own reads
            reads.append(game_id)
        return read(self, game_id)

    monkeypatch.setattr(Store, "version", version)
    app = create_app(tmp_path / "games.sqlite3")
    with TestClient(app) as http:
        yield http, reads, app.state.notify


@pytest.mark.parametrize("steps", [1, 2, 6])
def test_a_changing_request_reads_the_version_row_once(
        counted: Counted, steps: int) -> None:
    """The server alone on its SQLite file (web/outside.py): the first request compares the new
    game with its row once, the next ones trust it; a host's command that writes the file makes
    the next request compare it again."""
    http, reads, notifier = counted
    state, seat = new_game(http)
    for step in range(steps):
        path, body = next_request(state)
        reads.clear()
        answer = http.post(f"/api/games/{state['id']}/{path}", json=body, headers=seat)
        assert answer.status_code == 200, answer.text
        assert answer.json()["version"] == body["version"] + 1
        assert notifier.wait()  # the your-turn look after the commit: no read of its own
        # the route's, the live routes' and the authority's get: one read, then none
        assert reads == ([state["id"]] if step == 0 else [])
        state = answer.json()
    command = Store(http.app.state.store.path)  # type: ignore[attr-defined]  # a host's command
    with command.session() as session:
        session.execute(text("UPDATE games SET summary = summary WHERE id = :id"), {"id": state["id"]})
    command.dispose()
    reads.clear()
    assert http.get(f"/api/games/{state['id']}", headers=seat).status_code == 200
    assert reads == [state["id"]]


@pytest.mark.parametrize("first_plays", [True, False])
@pytest.mark.parametrize("stale", [False, True])
def test_a_change_of_another_process_is_seen_by_the_next_request(tmp_path: Path, stale: bool,
                                                                 first_plays: bool) -> None:
    """Two servers on one file (the host's second process, or ``tetrarchia games delete``): the
    second finds the file claimed by the first and reads the row on each request, and its writes
    leave the mark the first watches (web/outside.py), so the one that did not play sees the new
    version — and a request computed on the old one is refused (409) with the current state."""
    database = tmp_path / "games.sqlite3"
    with TestClient(create_app(database)) as one, TestClient(create_app(database)) as other:
        first, second = (one, other) if first_plays else (other, one)
        state, seat = new_game(first)
        assert second.get(f"/api/games/{state['id']}", headers=seat).status_code == 200  # cached there too
        path, body = next_request(state)
        moved = first.post(f"/api/games/{state['id']}/{path}", json=body, headers=seat)
        assert moved.status_code == 200, moved.text
        if stale:
            refused = second.post(f"/api/games/{state['id']}/{path}", json=body, headers=seat)
            assert refused.status_code == 409, refused.text
            assert refused.json()["state"]["version"] == moved.json()["version"]
        else:
            seen = second.get(f"/api/games/{state['id']}", headers=seat)
            assert seen.json()["version"] == moved.json()["version"]
            assert seen.json()["log_length"] == moved.json()["log_length"]


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_the_options_catalogue_is_served_as_computed_and_follows_the_registries(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """``GET /api/options`` is rendered once per language (web/precomputed.py): the same bytes as
    the catalogue built for the request, and an AI player registered later is offered at once."""
    monkeypatch.setitem(PLAYERS, "perf-test", PlayerEntry("perf-test", "plays for this test", RandomPlayer))
    with TestClient(create_app(tmp_path / "games.sqlite3")) as http:
        for _ in range(2):  # computed, then served from memory
            answer = http.get(f"/api/options?lang={lang}")
            assert answer.status_code == 200
            assert answer.headers["content-type"] == "application/json"
            assert answer.content == JSONResponse(options_catalogue(lang)).body
        assert "perf-test" in [p["name"] for p in answer.json()["ai_players"]]
        monkeypatch.delitem(PLAYERS, "perf-test")
        again = http.get(f"/api/options?lang={lang}").json()
        assert "perf-test" not in [p["name"] for p in again["ai_players"]]


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_each_seats_view_is_built_on_the_versions_shared_part(tmp_path: Path, lang: str) -> None:
    """What every seat's view of a version shares is computed once per language (web/live_game.py):
    a view built on it is the view built afresh, keys in the same order, and a change is seen."""
    app = create_app(tmp_path / "games.sqlite3")
    with TestClient(app) as http:
        state, seat = new_game(http)
        live = app.state.authority.get(state["id"])
        for events_from in (0, len(live.events) // 2, len(live.events)):
            cached = [live.view(events_from, lang), live.view(events_from, lang)]
            assert live.shared_view(lang) is live.shared_view(lang)
            live.views.clear()
            fresh = live.view(events_from, lang)
            for view in cached:
                assert view == fresh
                assert list(view) == list(fresh)  # the same JSON, key for key
        path, body = next_request(state)
        moved = http.post(f"/api/games/{state['id']}/{path}?lang={lang}", json=body, headers=seat).json()
        assert live.view(0, lang)["version"] == moved["version"] == body["version"] + 1
        assert live.view(0, lang)["legal"] == moved["legal"]
