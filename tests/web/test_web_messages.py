"""Every reason the web server gives, in the page's language (issue 9, "Bad input" and item 6:
refusal reasons in English, Spanish and French through a standard catalogue).

For each class of error the server answers — a malformed body (not JSON, not an object, a
missing field, a field of the wrong type, an unknown field, too long), an impossible board file
or saved game, an AI seat that cannot be given, an illegal or untimely action (dice sent, dice
asked for while a seat decides, nothing to undo), a replay step past the end, a stale version,
an unknown game, a seat's credential missing or another seat's decision — the same request is
sent with ``?lang=en``, ``es`` and ``fr``: the status and the code are the same, the Spanish and
French reasons are not the English one, hold no English word outside the values they quote, and
quote the offending value; nothing stored changes.  The malformed message and another seat's
decision are checked over the WebSocket too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from starlette.testclient import TestClient

from conftest import ROOT
from test_board import BROKEN_FILES, board_text
from tetrarchia.core.board import parse_board
from tetrarchia.core.errors import BoardError
from tetrarchia.render.refusals import args_in, refusal_in, said_in
from tetrarchia.web.live import MAX_MESSAGE
from web_helpers import bearer, client, new_game, sit

LANGS = ("es", "fr")
BOARD = (ROOT / "src" / "tetrarchia" / "data" / "board.toml") \
    .read_text("utf-8")
# Words of the English reasons that no Spanish or French sentence holds (outside a quoted
# value: the parser's own words, a file's field names, the protocol's values stay as they are).
STOP = {"the", "is", "must", "not", "body", "field", "fields", "nothing", "over", "entry",
        "unknown", "missing", "line", "column", "whole", "there", "this", "of", "to", "and",
        "holds", "saved", "file", "board", "game", "dice", "server", "ask", "never", "send",
        "number", "text", "object", "characters", "most", "request", "reads", "yours", "since",
        "last", "die", "rolled", "taken", "back", "decides", "now", "roll", "has",
        "entries", "changed", "saw", "your", "seat", "link", "needs", "players",
        "player", "played", "with", "wrong", "list", "names", "map", "value",
        "state", "seconds", "one", "an", "are", "be", "it", "at", "by"}
TABLES = ("games", "actions", "seats", "ai_notes")


@pytest.fixture
def http(tmp_path: Path) -> TestClient:
    return client(tmp_path / "games.sqlite3")


def rows(http: TestClient) -> tuple[tuple[Any, ...], ...]:
    """Everything the database holds of the games (not the presence, which a poll renews)."""
    with http.app.state.store.engine.connect() as connection:  # type: ignore[attr-defined]
        return tuple(tuple(sorted(map(tuple, connection.execute(text(f"SELECT * FROM {t}")))))
                     for t in TABLES)


def english_words(reason: str, args: dict[str, Any]) -> set[str]:
    """The stop-list words of ``reason`` once the values it quotes are taken out."""
    for value in sorted((str(v) for v in args.values()), key=len, reverse=True):
        reason = reason.replace(value, " ")
    # quoted values of any kind (an apostrophe inside a word, French "n'est", opens none)
    reason = re.sub(r"(?<![A-Za-z])'[^']*'(?![A-Za-z])|\"[^\"]*\"|«[^»]*»", " ", reason)
    # a seat's title ("Player 1 (Diocletian)") is helper labels' (web/views.py seat_title)
    reason = re.sub(r"Player \d+", " ", reason)
    return {w for w in re.findall(r"[A-Za-z]+", reason) if w.lower() in STOP}


# --- the cases: (name, request maker, status, code, the quoted value or None) -------------
# A maker gets the client and a game (the hot seat's state, its token) and sends the request
# with ``lang``.
Send = Callable[[TestClient, dict[str, Any], str], Any]


def post(path: str, body: Any = None, content: bytes | None = None) -> Send:
    def send(http: TestClient, game: dict[str, Any], lang: str) -> Any:
        url = path.format(id=game["id"], version=game["version"]) + f"?lang={lang}"
        if content is not None:
            return http.post(url, content=content, headers={"Content-Type": "application/json"})
        filled = fill(body, game)
        return http.post(url, json=filled)
    return send


def post_typed(path: str, content: bytes, kind: str) -> Send:
    """A POST whose body is declared ``kind`` (web/guard.py: anything but JSON is refused 415)."""
    def send(http: TestClient, game: dict[str, Any], lang: str) -> Any:
        return http.post(path.format(id=game["id"]) + f"?lang={lang}", content=content,
                         headers={"Content-Type": kind})
    return send


def get(path: str, headers: Callable[[dict[str, Any]], dict[str, str]] | None = None) -> Send:
    def send(http: TestClient, game: dict[str, Any], lang: str) -> Any:
        separator = "&" if "?" in path else "?"
        url = path.format(id=game["id"]) + f"{separator}lang={lang}"
        return http.get(url, headers=headers(game) if headers else None)
    return send


def fill(body: Any, game: dict[str, Any]) -> Any:
    """``"$version"`` in a body stands for the game's current version, ``"$save"`` for its save."""
    if body == "$version":
        return game["version"]
    if body == "$save":
        return game["save"]
    if isinstance(body, dict):
        return {k: fill(v, game) for k, v in body.items()}
    return body


def bad_log(game: dict[str, Any]) -> dict[str, Any]:
    save = dict(game["save"])
    save["log"] = ["fly away", *save["log"][1:]]
    return save


def other_format(game: dict[str, Any]) -> dict[str, Any]:
    return {**game["save"], "format": "chess-game"}


def newer(game: dict[str, Any]) -> dict[str, Any]:
    return {**game["save"], "version": 99}


def import_of(make: Callable[[dict[str, Any]], dict[str, Any]]) -> Send:
    def send(http: TestClient, game: dict[str, Any], lang: str) -> Any:
        return http.post(f"/api/games/import?lang={lang}", json={"save": make(game)})
    return send


def position(**changes: Any) -> dict[str, Any]:
    """docs/save-format.md's hand-written position, with top-level keys replaced."""
    return {"format": "tetrarchia-position", "version": 2, "settings": {"level": "4211"},
            "emperors": {"Maximian": "II:3"}, "turn": {"emperor": "Maximian", "ip": 6}, **changes}


CASES: list[tuple[str, Send, int, str, str | None]] = [
    # 422: the body of a new game
    ("not-json", post("/api/games", content=b'{"players": 2,'), 422, "malformed", '"players": 2,'),
    ("bad-byte", post("/api/games", content=b'{"players": \xff}'), 422, "malformed", "xff"),
    ("not-an-object", post("/api/games", [1, 2]), 422, "malformed", "[1, 2]"),
    ("players-as-text", post("/api/games", {"players": "two"}), 422, "malformed", "'two'"),
    ("seed-as-list", post("/api/games", {"seed": [7]}), 422, "malformed", "[7]"),
    ("options-as-number", post("/api/games", {"options": 5}), 422, "malformed", "5"),
    ("params-as-list", post("/api/games", {"params": ["x"]}), 422, "malformed", "['x']"),
    ("hotseat-as-text", post("/api/games", {"hotseat": "yes"}), 422, "malformed", "'yes'"),
    ("ai-by-name", post("/api/games", {"ai": {"first": "heuristic"}}), 422, "malformed", "'first'"),
    ("unknown-field", post("/api/games", {"playerz": 2}), 422, "malformed", "'playerz'"),
    ("position-as-text", post("/api/games", {"position": "I:3"}), 422, "malformed", "'I:3'"),
    # 400: a board file the loader refuses, an AI seat that cannot be given
    ("board-not-toml", post("/api/games", {"board": "provinces = [1,"}), 400, "bad_board",
     "Invalid value"),
    ("board-no-sea-zones", post("/api/games", {"board": "provinces = 3"}), 400, "bad_board",
     "sea_zones"),
    ("board-name-as-number", post("/api/games", {"board": BOARD.replace('name = "BRITANNIA"',
                                                                        "name = 5", 1)}),
     400, "bad_board", "5"),
    ("board-unknown-province", post("/api/games", {"board": BOARD.replace(
        '"britannia"', '"atlantis"', 1)}), 400, "bad_board", "'britannia'"),
    ("position-bad-disc", post("/api/games", {"position": {
        "format": "tetrarchia-position", "version": 1, "discs": {"I:3": "fire"}}}), 400, "bad_save",
     "'fire'"),
    ("position-bad-fleet", post("/api/games", {"position": {
        "format": "tetrarchia-position", "version": 1, "fleets": [7]}}), 400, "bad_save", "7"),
    ("position-too-many-armies", post("/api/games", {"position": {
        "format": "tetrarchia-position", "version": 1, "armies": ["I:1", "I:2", "I:3", "I:4"]}}),
     400, "bad_save", "3"),
    # the optional rules' records, a machine step, an impossible position (test_position_messages)
    ("position-record-unknown-province", post("/api/games", {"position": position(
        settings={"level": "4211", "options": ["dux"]}, records={"dux": "atlantis"})}), 400,
     "bad_save", "'atlantis'"),
    ("position-unknown-step", post("/api/games", {"position": position(machine={
        "awaiting": "roman-action", "tasks": [["teleport", 3]]})}), 400, "bad_save",
     "['teleport', 3]"),
    ("position-impossible", post("/api/games", {"position": position(turn={
        "emperor": "Maximian", "ip": 6, "round": 2, "turns_played": 1})}), 400, "bad_save", "7"),
    ("ai-seat-out-of-game", post("/api/games", {"players": 2, "ai": {"3": "heuristic"}}), 400,
     "bad_seats", "3"),
    ("ai-player-unknown", post("/api/games", {"ai": {"1": "deep blue"}}), 400, "bad_seats",
     "'deep blue'"),
    # the import of a saved game
    ("import-save-as-text", post("/api/games/import", {"save": "game.json"}), 422, "malformed",
     "'game.json'"),
    ("import-unknown-field", post("/api/games/import", {"save": "$save", "seat": 1}), 422,
     "malformed", "'seat'"),
    ("import-other-format", import_of(other_format), 400, "bad_save", "'chess-game'"),
    ("import-newer-version", import_of(newer), 400, "bad_save", "99"),
    ("import-bad-log-entry", import_of(bad_log), 400, "bad_save", "'fly away'"),
    # a change of the game
    ("version-as-text", post("/api/games/{id}/actions", {"version": "1", "action": "end"}), 422,
     "malformed", "'1'"),
    ("action-as-number", post("/api/games/{id}/actions", {"version": "$version", "action": 5}),
     422, "malformed", "5"),
    ("no-action", post("/api/games/{id}/actions", {"version": "$version"}), 422, "malformed",
     "'action'"),
    ("action-unknown-field", post("/api/games/{id}/actions",
                                  {"version": "$version", "action": "end", "colour": "red"}),
     422, "malformed", "'colour'"),
    ("action-too-long", post("/api/games/{id}/actions", {"version": "$version", "action": "x" * 450}),
     422, "malformed", "450"),
    ("until-unknown", post("/api/games/{id}/advance", {"version": "$version", "until": "forever"}),
     422, "malformed", "'forever'"),
    ("message-too-large", post("/api/games/{id}/actions",
                               content=b'{"version": 1, "action": "' + b"x" * MAX_MESSAGE + b'"}'),
     413, "too_large", f"{MAX_MESSAGE + 28:,}"),
    ("body-not-json-typed", post_typed("/api/games", b'{"players": 1}', "text/plain"), 415,
     "not_json", None),  # a form of another site (issue 26, D7)
    ("dice-sent", post("/api/games/{id}/actions", {"version": "$version", "action": "roll 6 6"}),
     400, "wrong_moment", "roll 6 6"),
    ("dice-asked-while-deciding", post("/api/games/{id}/advance",
                                       {"version": "$version", "until": "roll"}),
     400, "wrong_moment", None),  # the seat named in each language: its own test below
    ("nothing-to-undo", post("/api/games/{id}/undo", {"version": "$version"}), 400, "no_undo",
     None),
    ("not-notation", post("/api/games/{id}/actions", {"version": "$version", "action": "fly"}),
     400, "invalid_notation", "'fly'"),
    ("stale-version", post("/api/games/{id}/actions", {"version": 99, "action": "end"}), 409,
     "stale", None),
    # reading
    ("replay-past-the-end", get("/api/games/{id}/at/999"), 400, "no_such_place", "999"),
    ("poll-since-text", get("/api/games/{id}/poll?since=x&wait=0"), 422, "malformed", "'x'"),
    ("poll-wait-text", get("/api/games/{id}/poll?since=0&wait=soon"), 422, "malformed", "'soon'"),
    ("no-credential", get("/api/games/{id}", lambda game: {"Authorization": ""}), 403,
     "no_credential", None),
    ("spectator-hint", get("/api/games/{id}/hint", lambda game: bearer(game["spectator"])), 403,
     "spectator", None),
]


@pytest.fixture
def game(http: TestClient) -> dict[str, Any]:
    """A hot-seat game waiting for its first decision, with its save and spectator link."""
    state = new_game(http, seed=7)
    state["save"] = http.get(f"/api/games/{state['id']}/export").json()
    state["spectator"] = state["credentials"]["spectator"]
    return state


@pytest.mark.parametrize(("send", "status", "code", "quoted"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_each_refusal_is_told_in_the_pages_language(http: TestClient, game: dict[str, Any],
                                                     send: Send, status: int, code: str,
                                                     quoted: str | None) -> None:
    before = rows(http)
    english = send(http, game, "en")
    assert english.status_code == status, english.text
    error = english.json()["error"]
    assert error["code"] == code
    if quoted is not None:
        assert quoted in error["reason"], error["reason"]
    for lang in LANGS:
        answer = send(http, game, lang)
        assert answer.status_code == status, answer.text
        told = answer.json()["error"]
        assert told["code"] == code
        assert told["reason"] != error["reason"], f"{lang}: {told['reason']}"
        assert set(told.get("args", {})) == set(error.get("args", {}))
        assert not english_words(told["reason"], told.get("args", {})), \
            f"{lang}: English in {told['reason']!r}"
        if quoted is not None:
            assert quoted in told["reason"], f"{lang}: {told['reason']!r} does not quote {quoted!r}"
    assert rows(http) == before  # none of them changed what is stored


def test_the_cases_cover_every_code_the_web_layer_answers() -> None:
    """Each code the server's own checks answer with is among the cases above (the engine's
    refusal codes are test_refusal_languages's), but for the rate limit (its own test below),
    the unknown game (test_refusal_languages) and the game over (410: its sentence is the
    page's catalogue's, tested by test_web_i18n)."""
    import tetrarchia.web.live as live

    answered = set(live.REASONS) | {"malformed", "stale", "not_your_decision", "unknown_game",
                                    "bad_seats"}
    covered = {c[3] for c in CASES} | {"rate_limited", "unknown_game", "game_over",
                                       "bad_credential", "not_your_decision",
                                       "stand_in"}  # test_web_takeover, in every language
    assert answered <= covered, answered - covered


def test_too_many_requests_are_refused_in_the_pages_language(tmp_path: Path) -> None:
    http = client(tmp_path / "games.sqlite3", rate=(1.0, 1e-6))
    state = new_game(http)
    assert http.get(f"/api/games/{state['id']}").status_code == 200  # the one request allowed
    reasons = {}
    for lang in ("en", *LANGS):
        answer = http.get(f"/api/games/{state['id']}?lang={lang}")
        assert answer.status_code == 429
        reasons[lang] = answer.json()["error"]["reason"]
    assert len(set(reasons.values())) == 3 and not english_words(reasons["es"], {})


def test_another_seats_decision_and_a_bad_credential_are_told_in_the_pages_language(
        http: TestClient) -> None:
    created = http.post("/api/games", json={"level": "4211", "players": 2, "seed": 3}).json()
    two = next(s["token"] for s in created["credentials"]["seats"] if s["player"] == 2)
    before = rows(http)
    reasons = {}
    for lang in ("en", *LANGS):
        answer = http.post(f"/api/games/{created['id']}/actions?lang={lang}",
                           json={"version": created["version"], "action": "end"}, headers=bearer(two))
        assert answer.status_code == 403 and answer.json()["error"]["code"] == "not_your_decision"
        reasons[lang] = answer.json()["error"]["reason"]
        wrong = http.get(f"/api/games/{created['id']}?lang={lang}", headers=bearer("x" * 43))
        assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad_credential"
    assert len(set(reasons.values())) == 3
    for lang in LANGS:
        assert not english_words(reasons[lang], {}), reasons[lang]
    # the seat deciding named as the page names it in each language (R10: Player 1 holds the East)
    assert "Player 1 (Diocletian)" in reasons["en"]
    assert "Jugador 1 (Diocleciano)" in reasons["es"] and "Joueur 1 (Dioclétien)" in reasons["fr"]
    assert rows(http) == before


# --- the WebSocket ------------------------------------------------------------------------
def hello(socket: Any, token: str, lang: str) -> None:
    socket.send_json({"type": "hello", "token": token, "version": None, "events": 0, "lang": lang})
    assert socket.receive_json()["kind"] == "welcome"


def error_of(socket: Any) -> dict[str, Any]:
    for _ in range(20):
        message: dict[str, Any] = socket.receive_json()
        if message["kind"] == "error":
            return message
    raise AssertionError("no error message")


@pytest.mark.parametrize(("message", "status", "code", "quoted"), [
    ('{"type": "action", "id": 1, "version": "one", "action": "end"}', 422, "malformed", "'one'"),
    ('{"type": "action", "id": 1, "version": 1', 422, "malformed", '"version": 1'),
    ('{"type": "dance", "id": 1, "version": 1}', 422, "malformed", "'dance'"),
    ('{"type": "action", "id": 1, "version": 1, "action": "end", "x": 1}', 422, "malformed", "'x'"),
    ('{"type": "action", "id": 1, "version": 1, "action": "roll 6 6"}', 400, "wrong_moment",
     "roll 6 6"),
    ('{"type": "undo", "id": 1, "version": 1}', 400, "no_undo", None),
], ids=["wrong-type", "not-json", "unknown-type", "unknown-field", "dice-sent", "nothing-to-undo"])
def test_a_malformed_or_refused_message_over_the_websocket(http: TestClient, game: dict[str, Any],
                                                           message: str, status: int, code: str,
                                                           quoted: str | None) -> None:
    token = game["credentials"]["hotseat"]
    before = rows(http)
    told: dict[str, dict[str, Any]] = {}
    for lang in ("en", *LANGS):
        with http.websocket_connect(f"/api/games/{game['id']}/live") as socket:
            hello(socket, token, lang)
            socket.send_text(message)
            answer = error_of(socket)
        assert answer["status"] == status and answer["error"]["code"] == code
        told[lang] = answer["error"]
    for lang in LANGS:
        assert told[lang]["reason"] != told["en"]["reason"]
        assert not english_words(told[lang]["reason"], told[lang]["args"]), told[lang]["reason"]
        if quoted is not None:
            assert quoted in told[lang]["reason"] and quoted in told["en"]["reason"]
    assert rows(http) == before


def test_a_hello_that_is_not_json_is_refused_in_the_browsers_language(
        http: TestClient, game: dict[str, Any]) -> None:
    """A hello that cannot be read names no language: the handshake's Accept-Language does
    (the highest weight among the page's languages; English without one)."""
    told = {}
    for header in ("", "fr-CH, fr;q=0.9, en;q=0.8", "de, es;q=0.5, fr;q=0.2", "es;q=0, fr;q=0.1"):
        headers = {"Accept-Language": header} if header else {}
        with http.websocket_connect(f"/api/games/{game['id']}/live", headers=headers) as socket:
            socket.send_text('{"type": "hello", "token": ')
            answer = error_of(socket)
        assert answer["status"] == 422 and answer["error"]["code"] == "malformed"
        assert '"token": ' in answer["error"]["reason"]
        told[header] = answer["error"]["reason"]
    english, french, spanish, weighted = told.values()
    assert len({english, french, spanish}) == 3 and weighted == french
    for reason in (french, spanish):
        assert not english_words(reason, {}), reason
    assert english.startswith("the body is not JSON")


def test_a_request_without_lang_is_answered_in_the_browsers_language(http: TestClient) -> None:
    answer = http.post("/api/games", json={"players": "two"}, headers={"Accept-Language": "es-MX"})
    chosen = http.post("/api/games?lang=fr", json={"players": "two"},
                       headers={"Accept-Language": "es-MX"})
    plain = http.post("/api/games", json={"players": "two"})
    assert answer.json()["error"]["reason"] == \
        http.post("/api/games?lang=es", json={"players": "two"}).json()["error"]["reason"]
    assert chosen.json()["error"]["reason"] == \
        http.post("/api/games?lang=fr", json={"players": "two"}).json()["error"]["reason"]
    assert plain.json()["error"]["reason"] == \
        http.post("/api/games?lang=en", json={"players": "two"}).json()["error"]["reason"]
    assert len({answer.json()["error"]["reason"], chosen.json()["error"]["reason"],
                plain.json()["error"]["reason"]}) == 3


def test_not_your_turn_over_the_websocket(http: TestClient) -> None:
    created = http.post("/api/games", json={"level": "4211", "players": 2, "seed": 3}).json()
    two = next(s["token"] for s in created["credentials"]["seats"] if s["player"] == 2)
    first = created["legal"][0]["notation"]
    before = rows(http)
    reasons = {}
    for lang in ("en", *LANGS):
        with http.websocket_connect(f"/api/games/{created['id']}/live") as socket:
            hello(socket, two, lang)
            socket.send_json({"type": "action", "id": 7, "version": created["version"],
                              "action": first})
            answer = error_of(socket)
        assert answer["status"] == 403 and answer["error"]["code"] == "not_your_decision"
        assert answer["id"] == 7
        reasons[lang] = answer["error"]["reason"]
    assert len(set(reasons.values())) == 3
    assert not any(english_words(reasons[lang], {}) for lang in LANGS), reasons
    assert rows(http) == before


# --- the board loader's every refusal -------------------------------------------------------
@pytest.mark.parametrize(("change", "message"), BROKEN_FILES)
def test_every_broken_board_file_is_told_in_spanish_and_french(change: Any, message: str) -> None:
    """Each broken board file of test_board (TOML, counts, coordinates, links, arrows, capitals,
    sea zones, reachability) is refused by a sentence of its own in each language, not by its
    code's general sentence, and the English is the message test_board expects."""
    with pytest.raises(BoardError) as caught:
        parse_board(change(board_text()), "my-board.toml")
    error = caught.value
    assert re.search(message, str(error))
    assert error.said is not None, f"{error} is plain text"
    for lang in LANGS:
        told = refusal_in(error, lang)
        assert told == said_in(error.said, lang) and told != str(error)
        assert not english_words(told, args_in(error, lang)), f"{lang}: English in {told!r}"


def test_no_dice_now_names_the_seat_deciding_in_the_pages_language(http: TestClient) -> None:
    """A roll asked while a player must decide (R1: the dice wait for the decision) names that
    seat as the page names it: Player 1 (Diocletian), Jugador 1 (Diocleciano), Joueur 1
    (Dioclétien) (R10: Player 1 holds the East at two players)."""
    created = http.post("/api/games", json={"level": "4211", "players": 2, "seed": 3,
                                            "hotseat": True}).json()
    sit(http, created)
    before = rows(http)
    reasons = {}
    for lang in ("en", *LANGS):
        answer = http.post(f"/api/games/{created['id']}/advance?lang={lang}",
                           json={"version": created["version"], "until": "decision"})
        assert answer.status_code == 400 and answer.json()["error"]["code"] == "wrong_moment", \
            answer.text
        reasons[lang] = answer.json()["error"]["reason"]
    assert reasons["en"] == "no dice are to be rolled now (Player 1 (Diocletian) must decide)"
    assert "Jugador 1 (Diocleciano)" in reasons["es"], reasons["es"]
    assert "Joueur 1 (Dioclétien)" in reasons["fr"], reasons["fr"]
    for lang in LANGS:
        assert not english_words(reasons[lang], {}), reasons[lang]
    assert rows(http) == before
