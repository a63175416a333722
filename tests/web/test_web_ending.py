"""The end of a game on the server (issue 23, items 6 and 7): the summary route on a scripted
victory and a scripted defeat, the public replay of a finished game (and none of a running one),
the rematch with the same settings, seed and seats, and the spectator links a seat hands out."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from test_end import FIVE_BORDERS
from web_helpers import bearer, change, client, new_game

LIMIT = 30  # seconds for each test of this module
pytestmark = pytest.mark.timeout(LIMIT)
VICTORY = {"format": "tetrarchia-position", "version": 1,
           "discs": {**FIVE_BORDERS, "venetia": "revolt"}, "emperors": {"Maximian": "libya"},
           "armies": ["I:3"], "fleets": [3], "turn": {"emperor": "Maximian", "ip": 6}}
# the army in ETRVRIA enters ROMA in the Barbarian phase after Diocletian's (R7.3, R8)
FALL = {"format": "tetrarchia-position", "version": 1, "armies": ["I:3", "etrvria"],
        "emperors": {"Diocletian": "V:6"}, "fleets": [3], "turn": {"emperor": "Diocletian", "ip": 6}}


@pytest.fixture
def http(tmp_path: Path) -> Iterator[TestClient]:
    with client(tmp_path / "games.sqlite3") as test_client:
        yield test_client


def won(http: TestClient, **more: Any) -> dict[str, Any]:
    """A game begun one action before Roma Victrix (R8), then that action played."""
    game = new_game(http, position=VICTORY, **more)
    answer = change(http, game["id"], "actions", {"version": game["version"],
                                                  "action": "Maximian secures Libya"})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    assert data["over"]
    return data


def fallen(http: TestClient) -> dict[str, Any]:
    """A game begun at Diocletian's Roman phase with an army one step from Roma: he ends his
    phase and the server's dice play the Barbarian phase to the end (R7.3, R8)."""
    game = new_game(http, position=FALL)
    answer = change(http, game["id"], "actions", {"version": game["version"],
                                                  "action": "Diocletian ends his Roman phase"})
    assert answer.status_code == 200, answer.text
    state: dict[str, Any] = answer.json()
    while not state["over"]:
        answer = change(http, game["id"], "advance", {"version": state["version"], "until": "decision"})
        assert answer.status_code == 200, answer.text
        state = answer.json()
    return state


def test_the_summary_of_a_victory(http: TestClient) -> None:
    """R8: Roma Victrix in Maximian's turn of round 1; the score is the engine's (+6, Italia in
    revolt, -1 army = 5); LIBYA secured by Maximian, the five others at the start."""
    game = won(http)
    summary = http.get(f"/api/games/{game['id']}/summary").json()
    assert summary["result"] == "roma-victrix"
    assert summary["ended"] == {"round": 1, "emperor": "Maximian", "turn": 3}
    assert summary["score"]["total"] == 5
    assert summary["ip_spent"]["Maximian"] == 2
    assert [b["border"] for b in summary["borders"] if b["at"]] == ["Libya"]
    assert len(summary["borders"]) == 6


def test_the_summary_of_a_fall(http: TestClient) -> None:
    """R8: the army from ETRVRIA entered Roma, round 1, Diocletian's turn; score -4 (test_end)."""
    game = fallen(http)
    summary = http.get(f"/api/games/{game['id']}/summary").json()
    assert summary["result"] == "army-in-roma"
    assert summary["end_province"] == "Etrvria"
    assert summary["ended"]["round"] == 1 and summary["ended"]["emperor"] == "Diocletian"
    assert summary["score"]["total"] == -4


@pytest.mark.parametrize("path", ["board", "at/1", "at/0", "summary"])
def test_a_finished_games_replay_is_public(http: TestClient, path: str) -> None:
    """Once over, nothing in a game can foretell a die: its replay reads without a credential."""
    game = won(http)
    del http.headers["Authorization"]
    answer = http.get(f"/api/games/{game['id']}/{path}")
    assert answer.status_code == 200, answer.text
    if path.startswith("at/"):
        assert answer.json()["game_over"] is True


@pytest.mark.parametrize("path", ["board", "at/0", "summary", "", "export"])
def test_a_running_games_replay_needs_a_credential(http: TestClient, path: str) -> None:
    """A running game's replay, its state and its export stay behind a seat's or a spectator's
    credential (403), and an unknown game answers the same (no way to probe ids)."""
    game = new_game(http, position=VICTORY)
    del http.headers["Authorization"]
    for game_id in (game["id"], "0123456789abcdef"):
        answer = http.get(f"/api/games/{game_id}/{path}".rstrip("/"))
        assert answer.status_code == 403, answer.text
        assert answer.json()["error"]["code"] == "no_credential"


def test_a_finished_games_state_and_export_keep_their_credential(http: TestClient) -> None:
    game = won(http)
    del http.headers["Authorization"]
    for path in ("", "/export"):
        assert http.get(f"/api/games/{game['id']}{path}").status_code == 403


def test_the_rematch_is_the_same_game_with_the_same_seats(http: TestClient) -> None:
    """A rematch: the same settings, seed and start position, the same kind of seats (a hot
    seat here), new credentials; the old game stays as it ended."""
    game = won(http)
    answer = http.post(f"/api/games/{game['id']}/rematch", json={})
    assert answer.status_code == 201, answer.text
    again = answer.json()
    assert again["id"] != game["id"]
    assert again["credentials"]["hotseat"] and again["credentials"]["spectator"]
    assert not again["over"]
    before = http.get(f"/api/games/{game['id']}/at/0").json()
    assert again["position"]["discs"] == before["position"]["discs"]
    assert again["position"]["turn"] == before["position"]["turn"]
    http.headers.update(bearer(again["credentials"]["hotseat"]))
    assert http.get(f"/api/games/{again['id']}").json()["you"] == "all"


def test_a_rematch_of_people_and_ai_seats(http: TestClient) -> None:
    """Two players, the second an AI: the rematch has a person's seat 1 and the same AI."""
    game = new_game(http, seed=11, players=2, hotseat=False, ai={"2": "heuristic"})
    answer = http.post(f"/api/games/{game['id']}/rematch", json={})
    assert answer.status_code == 201, answer.text
    seats = answer.json()["credentials"]["seats"]
    assert [(s["player"], s["kind"], s.get("ai")) for s in seats] == [
        (1, "human", None), (2, "ai", "heuristic")]
    assert answer.json()["credentials"]["hotseat"] is None


def test_a_spectator_cannot_ask_for_a_rematch_nor_a_spectator_link(http: TestClient) -> None:
    game = won(http)
    created = http.get(f"/api/games/{game['id']}")
    assert created.status_code == 200
    token = http.post(f"/api/games/{game['id']}/spectators", json={}).json()["spectator"]
    http.headers.update(bearer(token))
    for path in ("rematch", "spectators"):
        answer = http.post(f"/api/games/{game['id']}/{path}", json={})
        assert answer.status_code == 403, answer.text
        assert answer.json()["error"]["code"] == "spectator"


def test_a_seat_hands_out_spectator_links_and_the_first_keeps_working(http: TestClient) -> None:
    """Each new spectator link is one more spectator's credential: it reads the running game
    (``you``: spectator), it cannot act, and the link given at creation still works."""
    game = new_game(http, position=VICTORY)
    first = game["credentials"]["spectator"]
    seat = http.headers["Authorization"]
    tokens = [http.post(f"/api/games/{game['id']}/spectators", json={}).json()["spectator"]
              for _ in range(2)]
    assert len({*tokens, first}) == 3
    for token in (first, *tokens):
        http.headers.update(bearer(token))
        state = http.get(f"/api/games/{game['id']}")
        assert state.status_code == 200 and state.json()["you"] == "spectator"
        refused = change(http, game["id"], "actions", {"version": game["version"], "action": "end"})
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "spectator"
        assert http.get(f"/api/games/{game['id']}/at/0").status_code == 200
    http.headers["Authorization"] = seat
    assert http.get(f"/api/games/{game['id']}").json()["you"] == "all"


def test_the_spectator_links_of_a_game_are_bounded(http: TestClient) -> None:
    """A seat's loop cannot fill the disc with spectator links: past the bound, a refusal that
    changes nothing (400 bad_seats)."""
    from tetrarchia.web.seats import WATCHERS
    game = new_game(http, position=VICTORY)
    for _ in range(WATCHERS):
        assert http.post(f"/api/games/{game['id']}/spectators", json={}).status_code == 201
    refused = http.post(f"/api/games/{game['id']}/spectators?lang=es", json={})
    assert refused.status_code == 400, refused.text
    assert refused.json()["error"]["code"] == "bad_seats"
    assert "espectador" in refused.json()["error"]["reason"]


@pytest.mark.parametrize("path", ["rematch", "spectators"])
@pytest.mark.parametrize(("body", "status", "code"), [
    pytest.param(b'{"dice": 3}', 422, "malformed", id="a-field"),
    pytest.param(b"[1]", 422, "malformed", id="not-an-object"),
    pytest.param(b"{" + b" " * 5000 + b"}", 413, "too_large", id="too-large"),
])
def test_a_request_that_reads_no_field_refuses_one(http: TestClient, path: str, body: bytes,
                                                   status: int, code: str) -> None:
    """A spectator link reads no field, a rematch only ``seed`` (issue 27): another one sent
    is refused, in the player's language, and nothing is made (docs/web.md)."""
    game = won(http)
    before = http.get("/api/games").json()["games"]
    answer = http.post(f"/api/games/{game['id']}/{path}?lang=fr", content=body,
                       headers={"Content-Type": "application/json"})
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["code"] == code
    if code == "malformed" and body.startswith(b"{"):
        assert answer.json()["error"]["reason"].startswith("champ inconnu 'dice'")
    assert http.get("/api/games").json()["games"] == before
