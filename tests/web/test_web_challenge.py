"""The daily challenge (issue 27, item 5) on SQLite and PostgreSQL: the day's setup from the
published rotation, its dice derived from the server's secret and kept secret until the day
ends (the day's export foretells neither today's dice to come nor tomorrow's), one entry per
browser (a second start resumes, a finished one is refused), every bad input refused in the
page's language with nothing stored, the day's table, and after the day its replays and seed
open to all, the seed dealing the logged dice."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select
from starlette.testclient import TestClient

from test_web_secrecy import dice_of
from tetrarchia.core.dice import SeededDice
from tetrarchia.web import daily
from tetrarchia.web.challenge import NAME_LENGTH, ranked, setup_json
from tetrarchia.web.daily import ROTATION, ChallengeEntry, Days, setup_of
from tetrarchia.web.storage import GameRow
from web_helpers import bearer, client, empty_tables, step

LIMIT = 120  # seconds for each test of this module (one plays a whole game over the API)
pytestmark = pytest.mark.timeout(LIMIT)
BROWSER = "0f4c9a3e-1d2b-4c5d-8e9f-a0b1c2d3e4f5"
OTHER = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"


class Clock:
    """The server's clock, stopped at the test's start and moved on a day by the test
    (web/daily.now; a game's end is stamped by the real clock)."""

    def __init__(self) -> None:
        self.at = datetime.now(UTC)

    @property
    def day(self) -> date:
        return self.at.date()

    def __call__(self) -> datetime:
        return self.at

    def next_day(self) -> None:
        self.at += timedelta(days=1)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    told = Clock()
    monkeypatch.setattr(daily, "now", told)
    return told


@pytest.fixture(params=["sqlite", "postgresql"])
def http(request: pytest.FixtureRequest, tmp_path: Path, clock: Clock) -> Iterator[TestClient]:
    database = tmp_path / "games.sqlite3" if request.param == "sqlite" \
        else request.getfixturevalue("postgres_database")
    with client(database) as test_client:
        empty_tables(test_client)
        with test_client.app.state.store.session() as session:  # type: ignore[attr-defined]
            session.execute(ChallengeEntry.__table__.delete())  # type: ignore[attr-defined]
        yield test_client


def enter(http: TestClient, browser: str = BROWSER, name: Any = "Aurelia", lang: str = "en") -> Any:
    return http.post(f"/api/challenge/entries?lang={lang}", json={"name": name, "browser": browser})


def counts(http: TestClient) -> tuple[int, int]:
    """The stored games and entries."""
    with http.app.state.store.session() as session:  # type: ignore[attr-defined]
        return (session.execute(select(func.count()).select_from(GameRow)).scalar_one(),
                session.execute(select(func.count()).select_from(ChallengeEntry)).scalar_one())


def days_of(http: TestClient) -> Days:
    return Days(http.app.state.store)  # type: ignore[attr-defined]


def stored_seed(http: TestClient, game_id: str) -> int:
    stored = http.app.state.store.fetch(game_id)  # type: ignore[attr-defined]
    assert stored is not None and stored.seed is not None
    return int(stored.seed)


def to_the_end(http: TestClient, state: dict[str, Any], token: str) -> dict[str, Any]:
    """The game played to its end by a seeded random player."""
    http.headers.update(bearer(token))
    chooser = random.Random(3)
    for _ in range(4000):
        if state["over"]:
            return state
        state = step(http, state, chooser, [])
    pytest.fail("the game did not end in 4,000 requests")


def test_the_day_setup_comes_from_the_published_rotation(http: TestClient, clock: Clock) -> None:
    """Today's setup is the rotation's of the date, in words; each day has its own seed, from
    the server's secret: another server deals the same day other dice."""
    view = http.get("/api/challenge?lang=es").json()
    assert view["day"] == clock.day.isoformat()
    assert view["setup"] == setup_json(clock.day, "es") and view["setup"]["players"] == 1
    assert view["setup"]["level"] == str(setup_of(clock.day).settings().level)
    assert "guarnici" in view["setup"]["level_words"]
    assert 0 < view["closes_in"] <= 24 * 3600
    assert view["entries"] == [] and view["yesterday"]["entries"] == []
    assert len({setup_of(clock.day + timedelta(days=n)) for n in range(len(ROTATION))}) == len(ROTATION)
    days = days_of(http)
    seeds = {days.seed(clock.day + timedelta(days=n)) for n in range(30)}
    assert len(seeds) == 30
    assert view["yesterday"]["seed"] == days.seed(clock.day - timedelta(days=1))


def test_the_days_secret_is_the_servers_own(tmp_path: Path, clock: Clock) -> None:
    """Two servers deal the same day different dice; one server, restarted, the same."""
    with client(tmp_path / "one.sqlite3") as one, client(tmp_path / "two.sqlite3") as two:
        seed = days_of(one).seed(clock.day)
        assert seed != days_of(two).seed(clock.day)
    with client(tmp_path / "one.sqlite3") as restarted:
        assert days_of(restarted).seed(clock.day) == seed


def test_every_game_of_the_day_has_the_days_dice_and_none_is_told(http: TestClient, clock: Clock) -> None:
    """Two browsers play today's challenge: the same seed deals both games (their first dice
    are the same), neither export nor view holds it nor tomorrow's; a finished game of the day
    stays sealed (no seed, no public replay, a rematch on fresh dice) until the day ends."""
    first, second = enter(http), enter(http, OTHER, "Marcus")
    assert first.status_code == second.status_code == 201, first.text
    days = days_of(http)
    today_seed, tomorrow_seed = days.seed(clock.day), days.seed(clock.day + timedelta(days=1))
    assert stored_seed(http, first.json()["id"]) == stored_seed(http, second.json()["id"]) == today_seed
    assert first.json()["position"] == second.json()["position"]  # the same setup, the same dice

    token = first.json()["credentials"]["hotseat"]
    game_id = first.json()["id"]
    told = [http.get(f"/api/games/{game_id}/export", headers=bearer(token)).text,
            http.get("/api/challenge").text, first.text]
    to_the_end(http, first.json(), token)
    export = http.get(f"/api/games/{game_id}/export").json()
    told += [str(export), http.get(f"/api/games/{game_id}/summary").text, http.get("/api/challenge").text]
    for text in told:
        assert str(today_seed) not in text and str(tomorrow_seed) not in text
    assert export["seed"] is None
    assert http.get(f"/api/games/{game_id}/summary").json()["seed"] is None
    assert http.get(f"/api/games/{game_id}/summary").json()["sealed"] is True
    assert http.get(f"/api/games/{game_id}/at/0", headers={"Authorization": ""}).status_code == 403
    rematch = http.post(f"/api/games/{game_id}/rematch", json={})
    assert stored_seed(http, rematch.json()["id"]) != today_seed

    table = http.get("/api/challenge").json()["entries"]
    summary = http.get(f"/api/games/{game_id}/summary").json()
    assert [(e["name"], e["result"]) for e in table] == [
        ("Aurelia", "won" if summary["result"] == "roma-victrix" else "lost"), ("Marcus", None)]
    assert table[0]["score"] == summary["score"]["total"] and table[0]["rounds"] == summary["rounds"]
    assert table[0]["turns"] == summary["turns"] and "game" not in table[0]

    clock.next_day()  # the day is over: its replays and its seed are open to all
    yesterday = http.get("/api/challenge").json()["yesterday"]
    assert yesterday["seed"] == today_seed
    assert [(e["name"], e["result"], e.get("game")) for e in yesterday["entries"]] == [
        ("Aurelia", table[0]["result"], game_id), ("Marcus", "unfinished", None)]
    assert http.get(f"/api/games/{game_id}/at/1", headers={"Authorization": ""}).status_code == 200
    export = http.get(f"/api/games/{game_id}/export", headers=bearer(token)).json()
    assert export["seed"] == today_seed
    assert http.get(f"/api/games/{game_id}/summary").json()["sealed"] is False
    dealt = SeededDice(today_seed)
    assert [dealt.roll(len(dice)) for dice in dice_of(export["log"])] == dice_of(export["log"])


def test_one_entry_per_browser(http: TestClient, clock: Clock) -> None:
    """A second start from the same browser resumes its game (whatever the name); once that game
    is over, a third is refused: nothing is stored for either."""
    first = enter(http)
    assert first.status_code == 201
    again = enter(http, name="Someone else")
    assert again.status_code == 200 and again.json() == {"id": first.json()["id"], "resumed": True,
                                                          "name": "Aurelia"}
    assert counts(http) == (1, 1)
    to_the_end(http, first.json(), first.json()["credentials"]["hotseat"])
    refused = enter(http, lang="fr")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "played_today"
    assert refused.json()["id"] == first.json()["id"]
    assert "navigateur" in refused.json()["error"]["reason"]
    assert counts(http) == (1, 1)
    clock.next_day()  # the next day's challenge is a new entry
    assert enter(http).status_code == 201 and counts(http) == (2, 2)


@pytest.mark.parametrize(("body", "words"), [
    pytest.param({"name": "", "browser": BROWSER}, "nombre", id="empty-name"),
    pytest.param({"name": "   ", "browser": BROWSER}, "nombre", id="blank-name"),
    pytest.param({"name": "x" * (NAME_LENGTH + 1), "browser": BROWSER}, "24", id="long-name"),
    pytest.param({"name": 7, "browser": BROWSER}, "nombre", id="name-not-text"),
    pytest.param({"name": ["Aurelia"], "browser": BROWSER}, "nombre", id="name-a-list"),
    pytest.param({"name": "Aure\nlia", "browser": BROWSER}, "imprimibles", id="line-break"),
    pytest.param({"name": "Aurelia"}, "navegador", id="no-browser"),
    pytest.param({"name": "Aurelia", "browser": "short"}, "navegador", id="short-browser"),
    pytest.param({"name": "Aurelia", "browser": BROWSER, "level": "3122"}, "level", id="unknown-field"),
])
def test_bad_input_is_refused_in_the_pages_language_and_changes_nothing(
        http: TestClient, body: dict[str, Any], words: str) -> None:
    answer = http.post("/api/challenge/entries?lang=es", json=body)
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["code"] == "malformed"
    assert words in answer.json()["error"]["reason"]
    english = http.post("/api/challenge/entries", json=body).json()["error"]["reason"]
    assert english != answer.json()["error"]["reason"]
    assert counts(http) == (0, 0)


def test_a_body_that_is_no_json_object_is_refused(http: TestClient) -> None:
    for raw in (b"not json", b"[1, 2]"):
        answer = http.post("/api/challenge/entries", content=raw,
                           headers={"Content-Type": "application/json"})
        assert answer.status_code == 422, answer.text
    assert counts(http) == (0, 0)


def test_the_table_ranks_won_first_then_score_then_fewer_rounds_then_fewer_turns() -> None:
    entry = {"name": "", "turns": 1, "created": 0.0}
    rows = [{**entry, "name": "a", "result": "lost", "score": 3, "rounds": 2},
            {**entry, "name": "b", "result": None, "score": None, "rounds": None},
            {**entry, "name": "c", "result": "won", "score": 2, "rounds": 5},
            {**entry, "name": "d", "result": "won", "score": 4, "rounds": 6},
            {**entry, "name": "e", "result": "won", "score": 4, "rounds": 3},
            {**entry, "name": "f", "result": "unfinished", "score": None, "rounds": None},
            {**entry, "name": "g", "result": "won", "score": 4, "rounds": 3, "turns": 0}]
    assert [r["name"] for r in ranked(rows)] == ["g", "e", "d", "c", "a", "f", "b"]


def test_entries_count_against_the_limit_of_new_games(tmp_path: Path, clock: Clock) -> None:
    """A new entry is a new game: past the address's limit it is refused (429, in the page's
    language) and nothing is stored; the browser that has its game still gets it back."""
    with client(tmp_path / "games.sqlite3", new_games=1) as http:
        assert enter(http).status_code == 201
        refused = enter(http, OTHER, "Marcus", lang="es")
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
        assert counts(http) == (1, 1)
        assert enter(http).status_code == 200  # resuming creates nothing: no limit to pass
