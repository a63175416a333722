"""Rematch (issue 27, item 4), on the real server's routes, on SQLite and PostgreSQL: one
request, the same seats and settings, the same seed or a new one, and every seat's link of the
old game opens its seat of the rematch (and of the rematch's rematch); the table goes along."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from test_web_browser import browser, serving  # noqa: F401 (fixtures)
from test_web_lobby import host_opens, online, token
from web_helpers import bearer, client, empty_tables

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


def rematch(http: TestClient, game_id: str, credential: str, **body: Any) -> dict[str, Any]:
    answer = http.post(f"/api/games/{game_id}/rematch", json=body, headers=bearer(credential))
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def seed_of(http: TestClient | httpx.Client, game_id: str, credential: str) -> int | None:
    """The seed a seat's export gives: a running game's is the server's secret (None, D2)."""
    seed: int | None = http.get(f"/api/games/{game_id}/export", headers=bearer(credential)).json()["seed"]
    return seed


def stored_seed(http: TestClient, game_id: str) -> int | None:
    """The seed the server keeps (its database), secret or not."""
    stored = http.app.state.store.fetch(game_id)  # type: ignore[attr-defined]
    assert stored is not None
    seed: int | None = stored.seed
    return seed


def test_rematch_every_seats_link_carries_over(http: TestClient) -> None:
    game = online(http, players=3)
    again = rematch(http, game["id"], token(game, 2))
    for player in (1, 2, 3):
        seen = http.get(f"/api/games/{again['id']}", headers=bearer(token(game, player)))
        assert seen.status_code == 200, seen.text
        assert seen.json()["you"] == str(player)
    spectator = http.get(f"/api/games/{again['id']}", headers=bearer(game["credentials"]["spectator"]))
    assert spectator.json()["you"] == "spectator"
    # the old game's page learns where the table plays now
    table = http.get(f"/api/games/{game['id']}/table", headers=bearer(token(game, 3))).json()
    assert table["rematch"] == again["id"]
    # and the links carry over again: the first game's links open the rematch's rematch
    third = rematch(http, again["id"], token(game, 1))
    assert http.get(f"/api/games/{third['id']}", headers=bearer(token(game, 3))).json()["you"] == "3"
    assert http.get(f"/api/games/{game['id']}/table",
                    headers=bearer(token(game, 3))).json()["rematch"] == third["id"]
    # a link of another game opens nothing
    other = online(http, players=2)
    assert http.get(f"/api/games/{again['id']}", headers=bearer(token(other, 1))).status_code == 403


@pytest.mark.parametrize(("body", "same"), [
    pytest.param({}, True, id="same-by-default"),
    pytest.param({"seed": "same"}, True, id="same"),
    pytest.param({"seed": "new"}, False, id="new"),
])
def test_rematch_same_seed_or_a_new_one(http: TestClient, body: dict[str, Any], same: bool) -> None:
    """A finished game's rematch: its seed (now told to all) or a new one, as asked."""
    from test_web_ending import VICTORY
    game = online(http, players=2, position={**VICTORY, "settings": {"players": 2}})
    finished = http.post(f"/api/games/{game['id']}/actions", headers=bearer(token(game, 2)),
                         json={"version": game["version"], "action": "Maximian secures Libya"})
    assert finished.json()["over"]
    again = rematch(http, game["id"], token(game, 1), **body)
    assert seed_of(http, game["id"], token(game, 1)) == stored_seed(http, game["id"])  # told at the end
    assert (stored_seed(http, game["id"]) == stored_seed(http, again["id"])) is same
    assert seed_of(http, again["id"], token(game, 1)) is None  # the rematch's dice: a secret (D2)


def test_a_running_games_rematch_is_dealt_new_secret_dice(http: TestClient) -> None:
    """D2: the same seed for a running game's rematch would let its players foresee the dice to
    come of the game they are still playing: the rematch gets a fresh secret seed."""
    game = online(http, players=2)
    again = rematch(http, game["id"], token(game, 1), seed="same")
    assert stored_seed(http, game["id"]) != stored_seed(http, again["id"])
    assert seed_of(http, game["id"], token(game, 1)) is None


@pytest.mark.parametrize("body", [{"seed": "other"}, {"seed": 7}, {"dice": "new"}])
def test_rematch_a_bad_body_is_refused_and_makes_no_game(http: TestClient, body: dict[str, Any]) -> None:
    game = online(http, players=2)
    before = len(http.app.state.store.ids())  # type: ignore[attr-defined]
    answer = http.post(f"/api/games/{game['id']}/rematch", json=body, headers=bearer(token(game, 1)))
    assert answer.status_code == 422, answer.text
    assert len(http.app.state.store.ids()) == before  # type: ignore[attr-defined]


def test_rematch_keeps_the_table_and_a_free_seat_stays_free(http: TestClient) -> None:
    """The names and settings go along; a seat the host freed opens with no old link, and the
    lobby offers it in the rematch too; a seat the AI stood in for is its player's again."""
    game = online(http, players=3)
    host_opens(http, game, offer=[3], chat_open=True)
    joined = http.post(f"/api/lobby/{game['id']}/seats/3", json={"name": "Livia"}).json()
    http.post(f"/api/games/{game['id']}/table/seats/3", json={"do": "free"}, headers=bearer(token(game, 1)))
    http.post(f"/api/games/{game['id']}/table/seats/2", json={"do": "ai"}, headers=bearer(token(game, 1)))
    again = rematch(http, game["id"], token(game, 1))
    table = http.get(f"/api/games/{again['id']}/table", headers=bearer(token(game, 1))).json()
    assert table["names"] == {"1": "Aurelia"} and table["free"] == ["3"] and table["chat_open"]
    assert table["stand_ins"] == {}
    assert http.get(f"/api/games/{again['id']}", headers=bearer(joined["token"])).status_code == 403
    seats = http.get(f"/api/games/{again['id']}", headers=bearer(token(game, 2))).json()["seats"]
    assert [s["kind"] for s in seats["players"]] == ["human", "human", "human"]
    listed = http.get("/api/lobby").json()["tables"]
    assert again["id"] in [t["id"] for t in listed]


# --- in the browser ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serving(tmp_path_factory.mktemp("rematch") / "games.sqlite3")


@pytest.mark.browser
@pytest.mark.timeout(180)
def test_rematch_in_the_browser_one_click_and_every_seat_follows(server: str, browser: Any) -> None:  # noqa: F811
    """Roma Victrix at a table of two: player 1 clicks Rematch with new dice and is in the new
    game; player 2's end screen offers Join the rematch, and his old link seats him there."""
    from test_web_ending import VICTORY
    from test_web_lobby import Player, shot
    http = httpx.Client(base_url=server, timeout=30)
    game = online(http, players=2, position={**VICTORY, "settings": {"players": 2}})
    finished = http.post(f"/api/games/{game['id']}/actions", headers=bearer(token(game, 2)),
                         json={"version": game["version"], "action": "Maximian secures Libya"})
    assert finished.json()["over"]
    first, second = Player(browser), Player(browser)
    try:
        one = first.open(f"{server}/game/{game['id']}#{token(game, 1)}")
        two = second.open(f"{server}/game/{game['id']}#{token(game, 2)}")
        for page in (one, two):
            page.wait_for_selector("#end-rematch-new")
        assert two.locator("#end-join").is_hidden() and two.locator("#end-rematch").is_visible()
        one.click("#end-rematch-new")
        one.wait_for_url(re.compile(r"/game/(?!" + game["id"] + r")[0-9a-f]+$"))
        one.wait_for_selector("body[data-ready]")
        first.idle()
        again = one.url.rsplit("/", 1)[1]
        two.wait_for_selector("#end-join:visible")
        assert two.locator("#end-rematch").is_hidden()  # one rematch: every seat joins it
        shot(two, "rematch-1440", docs=True)
        two.click("#end-join")
        two.wait_for_url(f"**/game/{again}")
        two.wait_for_selector("body[data-ready]")
        second.idle()
        for page, mine in ((one, "1"), (two, "2")):
            assert "· you" in page.locator(f".seats .seat[data-player='{mine}']").inner_text()
            assert page.locator("#ending").is_hidden()  # a new game: no end screen
        assert seed_of(http, game["id"], token(game, 1)) is not None  # the end tells its seed
        assert seed_of(http, again, token(game, 1)) is None  # the rematch's is a secret (D2)
    finally:
        first.close()
        second.close()
