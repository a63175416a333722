"""The HTTP API of ``tetrarchia serve`` (issue 9): each error class, and that no refused request
changes a stored game; a whole seeded game over the API equals the engine's own; undo, export,
import, replay, live updates, and the database checks at start."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from starlette.testclient import TestClient

from tetrarchia.core.serialize import position_to_json
from tetrarchia.game import Game
from tetrarchia.options.scenarios import scenario_level
from tetrarchia.web.storage import DatabaseRefused, Store
from web_helpers import client, empty_tables, new_game, reference_game, sit, step


@pytest.fixture(params=["sqlite", "postgresql"])
def http(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    """The server on a new SQLite file, or on the module's PostgreSQL database emptied (issue 11:
    the same API on both; on PostgreSQL the live updates cross LISTEN/NOTIFY)."""
    if request.param == "sqlite":
        yield client(tmp_path / "games.sqlite3")
        return
    with client(request.getfixturevalue("postgres_database")) as http:
        empty_tables(http)
        yield http


def stored(http: TestClient, game_id: str) -> tuple[int, tuple[str, ...]]:
    """The version and log the database holds (not the server's memory)."""
    record = http.app.state.store.fetch(game_id)  # type: ignore[attr-defined]
    assert record is not None
    return record.version, record.log


def to_roman_action(http: TestClient, state: dict[str, Any]) -> dict[str, Any]:
    """Place the fleets and enter: the state where Diocletian spends his IP."""
    while state["awaiting"] != "roman_action":
        response = http.post(f"/api/games/{state['id']}/actions",
                             json={"version": state["version"], "action": state["legal"][0]["notation"]})
        assert response.status_code == 200, response.text
        state = response.json()
    return state


def test_a_new_game_is_rolled_to_its_first_decision(http: TestClient) -> None:
    state = new_game(http, seed=7)
    assert state["awaiting"] == "fleet_placement" and state["seat_title"] == "Diocletian"
    assert state["position"]["format"] == "tetrarchia-position"
    assert {item["notation"] for item in state["legal"]} == {
        "place a fleet in Mare Atlanticvm", "place a fleet in Mare Internvm", "place a fleet in Mare Aegaevm"}
    assert state["events"] and all(e["text"] for e in state["events"])  # the setup, in words
    assert state["version"] == 1 and stored(http, state["id"])[0] == 1


def test_legal_actions_carry_costs_and_the_attack_preview(http: TestClient) -> None:
    state = to_roman_action(http, new_game(http, seed=7))
    moves = [i for i in state["legal"] if i["kind"] == "move"]
    assert moves and all(isinstance(i["cost"], int) and i["cost"] >= 1 for i in moves)
    assert all(i["origin"] == i["places"][0] for i in moves)
    # an attack on the rulebook's example position: cost 2, (d+3)x2 against d+7 (R6)
    puzzle = {"format": "tetrarchia-position", "version": 1,
              "discs": {"II:6": "revolt", "I:6": "revolt", "I:3": "revolt", "I:4": "revolt", "I:2": "revolt",
                        "I:1": "revolt", "I:5": "revolt", "etrvria": "garrison Maximian",
                        "cisalpina": "garrison Maximian", "roma": "garrison Maximian"},
              "emperors": {"Maximian": "II:3", "Constantius": "II:5"}, "armies": ["II:6"], "fleets": [3],
              "turn": {"emperor": "Maximian", "ip": 6}}
    response = http.post("/api/games", json={"position": puzzle, "seed": 1})
    assert response.status_code == 201, response.text
    attack = next(i for i in response.json()["legal"] if i["kind"] == "attack")
    assert attack["cost"] == 2 and attack["target"] == 11
    assert attack["preview"]["roman"]["multiplier"] == 2 and attack["preview"]["roman"]["support"] == 3
    assert attack["preview"]["barbarian"]["support"] == 7
    odds = attack["preview"]["odds"]
    assert odds["win"] + odds["draw"] + odds["lose"] == 36


@pytest.mark.parametrize("method,path", [
    ("get", "/api/games/0123456789abcdef"),
    ("get", "/api/games/0123456789abcdef/board"),
    ("get", "/api/games/0123456789abcdef/export"),
    ("get", "/api/games/0123456789abcdef/at/0"),
    ("post", "/api/games/0123456789abcdef/actions"),
    ("post", "/api/games/0123456789abcdef/advance"),
    ("post", "/api/games/0123456789abcdef/undo"),
])
def test_an_unknown_game_is_404(http: TestClient, method: str, path: str) -> None:
    """A game deleted by its host: its seat's link is answered 404 (the credential is checked
    first: without it, or with another game's, the answer is 403 and says nothing of the game)."""
    body = {"json": {"version": 1, "action": "end"}} if method == "post" else {}
    assert getattr(http, method)(path, **body).status_code == 403  # no credential
    state = new_game(http)
    with http.app.state.store.session() as session:  # type: ignore[attr-defined]
        session.execute(text("DELETE FROM games WHERE id = :id"), {"id": state["id"]})
    http.app.state.authority.games.clear()  # type: ignore[attr-defined]
    path = path.replace("0123456789abcdef", state["id"])
    response = getattr(http, method)(path, **body)
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "unknown_game"
    assert state["id"] in response.json()["error"]["reason"]


@pytest.mark.parametrize("body", [
    b"{", b"[1, 2]", b'"end"', b'{"action": "end"}', b'{"version": "1", "action": "end"}',
    b'{"version": true, "action": "end"}', b'{"version": 1}', b'{"version": 1, "action": 5}',
])
def test_a_malformed_body_is_422_and_changes_nothing(http: TestClient, body: bytes) -> None:
    state = new_game(http)
    before = stored(http, state["id"])
    response = http.post(f"/api/games/{state['id']}/actions", content=body,
                         headers={"Content-Type": "application/json"})
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == "malformed"
    assert stored(http, state["id"]) == before


def test_advance_names_a_known_boundary(http: TestClient) -> None:
    state = new_game(http)
    response = http.post(f"/api/games/{state['id']}/advance", json={"version": 1, "until": "forever"})
    assert response.status_code == 422 and "forever" in response.json()["error"]["reason"]


@pytest.mark.parametrize("notation,code", [
    ("fly to the moon", "invalid_notation"),
    ("Maximian ends his Roman phase", "wrong_moment"),  # the fleets are being placed (R3.6)
    ("roll 6 6", "wrong_moment"),  # the server rolls the dice, never the page
])
def test_an_illegal_action_is_400_with_the_engines_code(http: TestClient, notation: str, code: str) -> None:
    state = new_game(http)
    before = stored(http, state["id"])
    response = http.post(f"/api/games/{state['id']}/actions", json={"version": 1, "action": notation})
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert error["code"] == code and error["reason"]
    assert stored(http, state["id"]) == before
    assert http.get(f"/api/games/{state['id']}").json()["version"] == 1


def test_a_refused_roman_action_says_why_in_the_games_words(http: TestClient) -> None:
    state = to_roman_action(http, new_game(http, seed=7))
    before = stored(http, state["id"])
    response = http.post(f"/api/games/{state['id']}/actions",
                         json={"version": state["version"], "action": "Diocletian moves from Roma to Persia"})
    assert response.status_code == 400
    assert response.json()["error"]["code"] in ("no_link", "not_there")
    assert "Persia" in response.json()["error"]["reason"]
    assert stored(http, state["id"]) == before


def test_an_action_on_an_old_state_is_409_with_the_current_state(http: TestClient) -> None:
    state = new_game(http)
    first = state["legal"][0]["notation"]
    played = http.post(f"/api/games/{state['id']}/actions", json={"version": 1, "action": first})
    assert played.status_code == 200
    before = stored(http, state["id"])
    response = http.post(f"/api/games/{state['id']}/actions", json={"version": 1, "action": first})
    assert response.status_code == 409
    body = response.json()
    assert body["error"]["code"] == "stale"
    assert body["state"]["version"] == 2 and body["state"]["position"]["fleets"]  # resync from it
    assert stored(http, state["id"]) == before


def test_impossible_settings_are_refused_with_the_engines_reason(http: TestClient) -> None:
    response = http.post("/api/settings/check", json={"level": "4311", "options": ["pirates"]})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_options"
    assert http.post("/api/settings/check", json={"level": "9999"}).json()["error"]["code"] == "bad_options"
    assert http.post("/api/games", json={"players": 7}).status_code == 400
    assert http.get("/api/games").json()["games"] == []  # nothing was created


def test_a_scenario_is_played_at_its_level_and_five_players_bring_the_barbarian(http: TestClient) -> None:
    checked = http.post("/api/settings/check", json={"options": ["danubian-wars"]}).json()
    assert "danubian-wars" in checked["settings"]["options"]  # with what it brings along
    assert checked["settings"]["level"] == str(scenario_level("danubian-wars"))  # R13
    five = http.post("/api/settings/check", json={"players": 5}).json()["settings"]
    assert five["players"] == 4 and "barbaria" in five["options"]


def test_a_whole_seeded_game_over_the_api_is_the_engines_game(http: TestClient) -> None:
    seed = 11
    chooser, decisions = random.Random(seed), list[str]()
    state = new_game(http, seed=seed)
    for _ in range(3000):
        if state["over"]:
            break
        state = step(http, state, chooser, decisions)
    assert state["over"], f"seed {seed}: the game did not end"
    reference = reference_game(seed, decisions)
    assert state["position"] == position_to_json(reference.state)
    exported = http.get(f"/api/games/{state['id']}/export").json()
    assert exported["log"] == reference.to_json()["log"]  # the same dice, die for die
    assert Game.from_json(exported).state == reference.state
    again = http.post(f"/api/games/{state['id']}/actions",
                      json={"version": state["version"], "action": "end"})
    assert again.status_code == 410 and again.json()["error"]["code"] == "game_over"


def test_undo_takes_back_ones_own_decision_never_a_die(http: TestClient) -> None:
    state = to_roman_action(http, new_game(http, seed=7))
    move = next(i for i in state["legal"] if i["kind"] == "move")
    moved = http.post(f"/api/games/{state['id']}/actions",
                      json={"version": state["version"], "action": move["notation"]}).json()
    assert moved["can_undo"]
    undone = http.post(f"/api/games/{state['id']}/undo", json={"version": moved["version"]})
    assert undone.status_code == 200
    back = undone.json()
    assert back["position"] == {**state["position"]} and back["version"] == moved["version"] + 1
    assert stored(http, state["id"])[1] == stored(http, state["id"])[1][:back["log_length"]]
    assert stored(http, state["id"])[0] == back["version"]
    version = back["version"]
    for _ in range(10):  # the entry and the fleets were Diocletian's seat's decisions too (R3.6)
        response = http.post(f"/api/games/{state['id']}/undo", json={"version": version})
        if response.status_code != 200:
            break
        version = response.json()["version"]
    assert response.status_code == 400 and response.json()["error"]["code"] == "no_undo"
    log = stored(http, state["id"])[1]
    assert log and log[-1].startswith("roll ")  # back to the last die, never across it (R1)


def test_export_and_import_carry_a_game_between_terminal_and_browser(http: TestClient) -> None:
    state = to_roman_action(http, new_game(http, seed=5))
    exported = http.get(f"/api/games/{state['id']}/export").json()
    terminal = Game.from_json(json.loads(json.dumps(exported)))  # what `tetrarchia play --load` reads
    assert position_to_json(terminal.state) == state["position"]
    imported = http.post("/api/games/import", json={"save": terminal.to_json()})
    assert imported.status_code == 201
    assert imported.json()["position"] == state["position"] and imported.json()["id"] != state["id"]
    bad = http.post("/api/games/import", json={"save": {"format": "chess"}})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_save"


def test_the_replay_shows_each_step_of_the_log(http: TestClient) -> None:
    state = to_roman_action(http, new_game(http, seed=5))
    start = http.get(f"/api/games/{state['id']}/at/0").json()
    assert start["n"] == 0 and start["action"] is None and not start["position"]["fleets"]
    last = http.get(f"/api/games/{state['id']}/at/{state['log_length']}").json()
    assert last["position"] == state["position"]
    assert last["action"] == state["last_action"]
    assert http.get(f"/api/games/{state['id']}/at/99999").status_code == 400


def test_the_list_of_games_and_the_board(http: TestClient) -> None:
    state = new_game(http)
    games = http.get("/api/games").json()["games"]
    assert [g["id"] for g in games] == [state["id"]] and games[0]["summary"].startswith("level 4211")
    board = http.get(f"/api/games/{state['id']}/board").json()
    assert len(board["provinces"]) == 48 and len(board["links"]) == 74
    assert all(p["lon"] is not None for p in board["provinces"])  # every province is placed
    assert len(board["map"]["cells"]) == 48 and all(board["map"]["cells"])


def test_live_updates_announce_each_committed_change(http: TestClient) -> None:
    state = new_game(http)
    token = http.headers["Authorization"].split()[1]
    with http.websocket_connect(f"/api/games/{state['id']}/live") as socket:
        socket.send_json({"type": "hello", "token": token, "version": 1,
                          "events": state["events_total"]})
        welcome = socket.receive_json()
        assert welcome["kind"] == "welcome" and welcome["version"] == 1 and welcome["seat"] == "all"
        http.post(f"/api/games/{state['id']}/actions",
                  json={"version": 1, "action": state["legal"][0]["notation"]})
        news = socket.receive_json()
        while news["kind"] == "presence":
            news = socket.receive_json()
        assert news["kind"] == "state" and news["state"]["version"] == 2


def test_the_page_and_its_files_come_from_the_server(http: TestClient) -> None:
    page = http.get("/")
    assert page.status_code == 200 and "/static/main.js" in page.text
    for name in ("main.js", "board.js", "game.js", "start.js", "replay.js", "style.css", "map.json"):
        text = http.get(f"/static/{name}").text
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "") and "https://" not in text
    assert http.get("/api/i18n/es").json()["New game"] == "Nueva partida"
    assert http.get("/api/i18n/fr").json()["New game"] == "Nouvelle partie"


# --- the database --------------------------------------------------------------------------
def test_a_database_of_something_else_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE invoices (id INTEGER)")
    with pytest.raises(DatabaseRefused, match="not of tetrarchia games"):
        Store(path)


def test_a_file_that_is_no_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("these are my notes, not a database\n" * 100)
    with pytest.raises(DatabaseRefused, match="not an SQLite database"):
        Store(path)


def test_a_database_of_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    Store(path)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999'")
    with pytest.raises(DatabaseRefused, match="newer tetrarchia"):
        Store(path)


def test_serve_says_why_it_cannot_use_a_database(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from tetrarchia.cli.main import app

    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE invoices (id INTEGER)")
    result = CliRunner().invoke(app, ["serve", "--database", str(path)])
    assert result.exit_code == 2
    assert "not of tetrarchia games" in result.output


def test_the_events_are_told_in_the_pages_language(http: TestClient) -> None:
    state = new_game(http)
    english = [e["text"] for e in state["events"]]
    spanish = [e["text"] for e in http.get(f"/api/games/{state['id']}?lang=es").json()["events"]]
    french = [e["text"] for e in http.get(f"/api/games/{state['id']}?lang=fr").json()["events"]]
    assert spanish[0].startswith("Revuelta inicial en") and french[0].startswith("Révolte initiale en")
    assert len(spanish) == len(french) == len(english) and spanish != english
    assert [e["text"] for e in http.get(f"/api/games/{state['id']}?lang=xx").json()["events"]] == english


def test_an_unseeded_import_is_seeded_so_a_restart_rolls_the_same_dice(tmp_path: Path) -> None:
    game = Game.new(seed=None)  # dice from an unseeded source, as a terminal game may have
    game.advance()
    assert game.to_json()["seed"] is None
    http = client(tmp_path / "games.sqlite3")
    state = http.post("/api/games/import", json={"save": game.to_json(), "hotseat": True}).json()
    sit(http, state)
    while state["awaiting"] != "roman_action":
        state = http.post(f"/api/games/{state['id']}/actions",
                          json={"version": state["version"], "action": state["legal"][0]["notation"]}).json()
    end = next(i for i in state["legal"] if i["kind"] == "endphase")["notation"]
    state = http.post(f"/api/games/{state['id']}/actions",
                      json={"version": state["version"], "action": end}).json()
    # a copy of the live database, as a host backs it up (WAL mode: the file alone may lack the
    # latest commits, still in games.sqlite3-wal; SQLite's backup copies both, docs/web.md)
    with sqlite3.connect(tmp_path / "games.sqlite3") as source, \
            sqlite3.connect(tmp_path / "restarted.sqlite3") as copy:
        source.backup(copy)
    restarted = client(tmp_path / "restarted.sqlite3")  # the same database, a new server
    restarted.headers["Authorization"] = http.headers["Authorization"]
    positions = []
    for server in (http, restarted):  # the Barbarian phase rolled on each: the same dice
        done = server.post(f"/api/games/{state['id']}/advance",
                           json={"version": state["version"], "until": "decision"})
        assert done.status_code == 200, done.text
        positions.append(done.json()["position"])
    assert positions[0] == positions[1]


def test_who_decides_is_named_by_player_at_a_shared_screen(http: TestClient) -> None:
    assert new_game(http, players=1)["seat_title"] == "Diocletian"
    assert new_game(http, players=2)["seat_title"] == "Player 1 (Diocletian)"
    five = http.post("/api/games", json={"players": 5, "seed": 3}).json()
    assert five["seat_title"].startswith("Player 1")


def test_a_decision_inside_a_phase_is_offered_to_its_seat(http: TestClient) -> None:
    """Barbaria (R12.6): the Barbarian player's black disc is a choice of his seat, each choice
    naming the province it concerns (the page offers it from the map)."""
    seed = 0
    chooser, decisions = random.Random(seed), list[str]()
    state = new_game(http, players=5, seed=seed)
    for _ in range(200):
        if state["awaiting"] == "decision" and state["seat"] == 4:
            break
        state = step(http, state, chooser, decisions)
    else:
        pytest.fail(f"seed {seed}: no decision of the Barbarian player in 200 requests")
    assert state["seat_title"] == "Player 5 (the Barbarian player)"
    assert state["legal"] and all(item["kind"] == "option" for item in state["legal"])
    placed = [item for item in state["legal"] if item["places"]]
    assert len(placed) >= len(state["legal"]) - 1  # all but letting the moment pass
    assert all(len(item["places"]) == 1 for item in placed)
    wrong = http.post(f"/api/games/{state['id']}/actions",
                      json={"version": state["version"], "action": "Diocletian ends his Roman phase"})
    assert wrong.status_code == 400 and wrong.json()["error"]["code"] == "phase_over"  # R5.5
    chosen = http.post(f"/api/games/{state['id']}/actions",
                       json={"version": state["version"], "action": state["legal"][0]["notation"]})
    assert chosen.status_code == 200


def test_live_updates_of_an_unknown_game_are_refused(http: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect) as refused, \
            http.websocket_connect("/api/games/0123456789abcdef/live") as socket:
        socket.send_json({"type": "hello", "token": "not-a-token"})
        assert socket.receive_json()["status"] == 403
        socket.receive_json()
    assert refused.value.code == 4403


def test_an_attack_on_the_pirates_is_previewed(http: TestClient) -> None:
    """R11.3: 2 IP, the coast linked; the page shows it before the dice as an army's attack."""
    puzzle = {"format": "tetrarchia-position", "version": 1,
              "settings": {"level": "4211", "options": ["pirates"]},
              "discs": {"africa": "revolt", "sicilia": "garrison Maximian"},
              "emperors": {"Maximian": "roma"}, "fleets": [1, 3],
              "turn": {"emperor": "Maximian", "ip": 6}, "expansion": {"pirates": 2}}
    response = http.post("/api/games", json={"position": puzzle, "seed": 1})
    assert response.status_code == 201, response.text
    attack = next(i for i in response.json()["legal"] if "Pirates" in i["notation"])
    assert attack["cost"] == 2
    preview = attack["preview"]
    assert preview["roman"]["support"] >= 1 and preview["barbarian"]["support"] >= 1  # Sicilia; Africa
    assert sum(preview["odds"].values()) == 36


def test_serve_without_the_web_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from typer.testing import CliRunner

    from tetrarchia.cli.main import app

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as on a core install: no uvicorn
    result = CliRunner().invoke(app, ["serve"])
    assert result.exit_code == 2
    assert "pip install -e '.[web]'" in result.output and "uvicorn" in result.output


def test_dice_asked_for_while_a_seat_must_decide_are_refused(http: TestClient) -> None:
    state = new_game(http)  # the fleets are to be placed: no die is due (R3.6)
    before = stored(http, state["id"])
    response = http.post(f"/api/games/{state['id']}/advance", json={"version": 1, "until": "roll"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "wrong_moment" and "Diocletian" in error["reason"]
    assert stored(http, state["id"]) == before


@pytest.mark.parametrize("body", [
    [1, 2], {"seed": "seven"}, {"players": "two"}, {"options": "dux"}, {"params": ["x"]},
    {"board": 5}, {"position": "I:3"},
])
def test_a_malformed_new_game_is_422_and_creates_nothing(http: TestClient, body: Any) -> None:
    response = http.post("/api/games", json=body)
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == "malformed"
    assert http.get("/api/games").json()["games"] == []


def test_an_impossible_board_or_position_is_400_and_creates_nothing(http: TestClient) -> None:
    board = http.post("/api/games", json={"board": "provinces = 3"})
    assert board.status_code == 400 and board.json()["error"]["code"] == "bad_board"
    position = http.post("/api/games", json={"position": {"format": "chess"}})
    assert position.status_code == 400 and position.json()["error"]["code"] == "bad_save"
    assert http.get("/api/games").json()["games"] == []
