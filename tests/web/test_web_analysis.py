"""The analysis of a stored game through the server (issue 24, item 2): run in the worker
process, joined by a second request, kept with the game (after a restart too), refused to a
credential of another game, ended cleanly when the game is deleted meanwhile."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from analysis_helpers import WALKS_AWAY, limit, lost_by_walking_away
from conftest import TESTS
from tetrarchia.game import Game
from web_helpers import client, empty_tables, sit

FAST = (1.0, 4)  # the search's seconds per decision and samples per plan: a test's budget
SAVES = TESTS / "saves" / "format1"


@pytest.fixture(params=["sqlite", "postgresql"])
def http(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    if request.param == "sqlite":
        with client(tmp_path / "games.sqlite3", analysis=FAST) as http:
            yield http
        return
    with client(request.getfixturevalue("postgres_database"), analysis=FAST) as http:
        empty_tables(http)
        yield http


def imported(http: TestClient, game: Game) -> str:
    response = http.post("/api/games/import", json={"save": game.to_json(), "hotseat": True})
    assert response.status_code == 201, response.text
    sit(http, response.json())
    return str(response.json()["id"])


def finished(http: TestClient, game_id: str, seconds: float = 120) -> dict[str, Any]:
    """Poll the analysis (as the page does) until it is done."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        data: dict[str, Any] = http.get(f"/api/games/{game_id}/analysis").json()
        assert data["status"] in ("running", "done"), data
        if data["status"] == "done":
            return data
        time.sleep(0.1)  # polling the server's state, as the page does
    raise AssertionError("the analysis did not finish")


def test_the_analysis_runs_in_the_worker_and_marks_the_mistake(http: TestClient) -> None:
    with limit(180):
        game_id = imported(http, lost_by_walking_away())
        assert http.get(f"/api/games/{game_id}/analysis").json()["status"] == "none"
        first = http.post(f"/api/games/{game_id}/analysis")
        assert first.status_code == 200, first.text
        assert first.json()["status"] in ("running", "done")
        data = finished(http, game_id)
    result = data["result"]
    assert data["log_length"] == data["current"] == result["log_length"]
    walk = result["decisions"][0]
    assert walk["played"] == WALKS_AWAY and walk["mistake"] and result["mistakes"][0] == 0
    assert walk["played_words"]["es"] and walk["played_words"]["fr"]
    assert walk["played_places"] and walk["best_places"]
    assert result["ending"]["result"] == "army-in-roma"
    again = http.post(f"/api/games/{game_id}/analysis").json()  # stored: not run again
    assert again["status"] == "done" and again["result"] == result


def test_a_second_request_joins_the_running_analysis(tmp_path: Path) -> None:
    with limit(180), client(tmp_path / "games.sqlite3", analysis=FAST) as http:
        game_id = imported(http, Game.load(SAVES / "base-barbarian-phase.game.json"))
        jobs = http.app.state.analyses  # type: ignore[attr-defined]
        submitted: list[Any] = []
        pool = jobs.pool()
        original = pool.submit

        def counted(*args: Any, **kwargs: Any) -> Any:
            submitted.append(args)
            return original(*args, **kwargs)

        pool.submit = counted
        one = http.post(f"/api/games/{game_id}/analysis").json()
        two = http.post(f"/api/games/{game_id}/analysis").json()
        assert one["status"] == two["status"] == "running"
        assert len(submitted) == 1
        finished(http, game_id)
        assert len(submitted) == 1


def test_the_result_is_kept_with_the_game_after_a_restart(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with limit(180):
        with client(database, analysis=FAST) as http:
            game_id = imported(http, lost_by_walking_away())
            token = http.headers["Authorization"]
            http.post(f"/api/games/{game_id}/analysis")
            result = finished(http, game_id)["result"]
        with client(database, analysis=FAST) as restarted:
            restarted.headers["Authorization"] = token
            data = restarted.get(f"/api/games/{game_id}/analysis").json()
    assert data["status"] == "done" and data["result"] == result


def test_a_credential_that_cannot_read_the_game_is_refused(tmp_path: Path) -> None:
    with limit(60), client(tmp_path / "games.sqlite3", analysis=FAST) as http:
        game_id = imported(http, lost_by_walking_away())
        mine = http.headers.pop("Authorization")
        other = imported(http, lost_by_walking_away())
        others = http.headers.pop("Authorization")
        for headers, code in (({}, "no_credential"), ({"Authorization": others}, "bad_credential")):
            for method in (http.get, http.post):
                response = method(f"/api/games/{game_id}/analysis", headers=headers)
                assert response.status_code == 403 and response.json()["error"]["code"] == code
        assert http.get(f"/api/games/{game_id}/analysis", headers={"Authorization": mine}).json()[
            "status"] == "none"  # nothing was started by the refused requests
        assert other != game_id


def test_the_analysis_of_a_deleted_game_ends_cleanly(tmp_path: Path) -> None:
    with limit(180), client(tmp_path / "games.sqlite3", analysis=FAST) as http:
        game_id = imported(http, Game.load(SAVES / "base-barbarian-phase.game.json"))
        jobs = http.app.state.analyses  # type: ignore[attr-defined]
        assert http.post(f"/api/games/{game_id}/analysis").json()["status"] == "running"
        future = jobs.running[game_id][1]
        assert http.app.state.store.delete(game_id)  # type: ignore[attr-defined]
        assert future.result(timeout=120) == "gone"
        assert jobs.row(game_id) is None
        response = http.get(f"/api/games/{game_id}/analysis")
        assert response.status_code in (403, 404)  # the game and its seats are gone
        assert response.json()["error"]["code"] in ("bad_credential", "unknown_game")


def test_a_server_stopping_ends_its_job_and_a_later_request_starts_it_again(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with limit(180):
        with client(database, analysis=FAST) as http:
            game_id = imported(http, Game.load(SAVES / "base-barbarian-phase.game.json"))
            token = http.headers["Authorization"]
            jobs = http.app.state.analyses  # type: ignore[attr-defined]
            assert http.post(f"/api/games/{game_id}/analysis").json()["status"] == "running"
            future = jobs.running[game_id][1]
        assert future.result(timeout=120) == "stopped"  # the lifespan's end stopped it
        with client(database, analysis=FAST) as restarted:
            restarted.headers["Authorization"] = token
            assert restarted.get(f"/api/games/{game_id}/analysis").json()["status"] == "failed"
            assert restarted.post(f"/api/games/{game_id}/analysis").json()["status"] == "running"
            assert finished(restarted, game_id)["result"]["log_length"] == 53
