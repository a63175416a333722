"""The hint button's API (issue 10, item 3, in the browser): ``GET /api/games/{id}/hint?lang=``
gives the best few actions for the seat deciding, each with the plan it begins, the estimated
chance of winning and why, in the page's language; it is the terminal's ``hint``
(``players.advice.advise``, one copy), bounded in time, and it never changes the game."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tetrarchia.cli import advice as cli_advice
from tetrarchia.core.engine import legal_actions
from tetrarchia.core.settings import Level, Settings
from tetrarchia.game import Game
from tetrarchia.players import advice
from tetrarchia.players.estimate import ROUND
from tetrarchia.render.catalogues import catalogue
from tetrarchia.web.app import HINT_COUNT, HINT_MAX_SECONDS, HINT_SECONDS, hint_seconds
from web_helpers import client, new_game

ENGLISH_VERBS = {"attacks", "destroys", "ends", "turns", "removes", "secures", "places", "takes",
                 "moves", "brings", "gains", "puts", "keeps"}  # the first words of players.reasons


@pytest.fixture
def http(tmp_path: Path) -> TestClient:
    return client(tmp_path / "games.sqlite")


def into_a_roman_phase(http: TestClient, seed: int) -> dict[str, Any]:
    state = new_game(http, seed=seed)
    while state["awaiting"] != "roman_action":  # the fleets and the entry first (R3, R4)
        answer = http.post(f"/api/games/{state['id']}/actions",
                           json={"version": state["version"], "action": state["legal"][0]["notation"]})
        assert answer.status_code == 200, answer.text
        state = answer.json()
    return state


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_a_hint_names_legal_actions_with_their_chance_and_why(http: TestClient, lang: str) -> None:
    state = into_a_roman_phase(http, 5)
    before = http.get(f"/api/games/{state['id']}/export").json()
    started = time.perf_counter()
    answer = http.get(f"/api/games/{state['id']}/hint?lang={lang}")
    took = time.perf_counter() - started
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["version"] == state["version"] and data["seat"] == state["seat"]
    legal = {item["notation"] for item in state["legal"]}
    assert 1 <= len(data["hints"]) <= HINT_COUNT
    reasons = set(catalogue(lang, "advice").values()) if lang != "en" else None
    for hint in data["hints"]:
        assert hint["action"] in legal and hint["plan"][0] == hint["action"]
        assert hint["games"] >= ROUND and 0 <= hint["low"] <= hint["chance"] <= hint["high"] <= 1
        assert hint["reasons"] and hint["reason"] == "; ".join(hint["reasons"])
        if reasons is not None:  # each reason and the chance told in the language, none in English
            assert not any(r.split()[0] in ENGLISH_VERBS for r in hint["reasons"]), hint["reasons"]
            assert hint["chance_text"] != f"{round(hint['chance'] * 100)}% (95%:" \
                f" {round(hint['low'] * 100)}-{round(hint['high'] * 100)}%)"
    assert len({h["games"] for h in data["hints"]}) == 1  # the same dice after each: paired
    chances = [h["chance"] for h in data["hints"]]
    assert chances == sorted(chances, reverse=True)
    assert took < HINT_SECONDS * 6  # bounded (a playout round may end after the bound; loaded CI)
    # a hint never changes the game: the same log, dice and version
    assert http.get(f"/api/games/{state['id']}/export").json() == before
    assert http.get(f"/api/games/{state['id']}").json()["version"] == state["version"]
    # and one of its actions can be played at once
    played = http.post(f"/api/games/{state['id']}/actions",
                       json={"version": state["version"], "action": data["hints"][0]["action"]})
    assert played.status_code == 200, played.text


def test_no_hint_while_dice_are_due_and_none_for_an_unknown_game(http: TestClient) -> None:
    state = into_a_roman_phase(http, 6)
    end = next(item["notation"] for item in state["legal"] if item["kind"] == "endphase")
    ended = http.post(f"/api/games/{state['id']}/actions",
                      json={"version": state["version"], "action": end}).json()
    assert ended["awaiting"] in ("roll", "run")
    data = http.get(f"/api/games/{state['id']}/hint").json()
    assert data["hints"] == [] and data["version"] == ended["version"]
    assert http.get("/api/games/nothing/hint").status_code == 403  # the credential first (issue 11)


def test_the_terminal_and_the_browser_share_one_hint() -> None:
    assert cli_advice.advise is advice.advise and cli_advice.Advice is advice.Advice
    game = Game.new(Settings(level=Level.parse("4200")), seed=3)
    game.advance()
    while game.state.awaiting.name != "ROMAN_ACTION":
        game.play(legal_actions(game.state)[0])
        game.advance()
    counted = advice.advise(game.state, games=8, seconds=None)
    again = advice.advise(game.state, games=8, seconds=60.0)
    # a count of continuations is the same answer whatever the clock: actions, plans, chances
    assert [(a.action, a.plan, a.estimate) for a in counted.advice] == \
        [(a.action, a.plan, a.estimate) for a in again.advice]
    short = advice.advise(game.state, seconds=0.01).advice
    assert short and all(a.estimate.games == short[0].estimate.games for a in short)
    assert short[0].estimate.games == ROUND  # one round, cut short by the time


@pytest.mark.parametrize(("asked", "seconds"), [
    pytest.param(None, HINT_SECONDS, id="default"),
    pytest.param("5", 5.0, id="asked"),
    pytest.param("0.01", 0.5, id="floor"),
    pytest.param("3600", HINT_MAX_SECONDS, id="capped"),
    pytest.param("soon", HINT_SECONDS, id="not-a-number"),
    pytest.param("nan", HINT_SECONDS, id="nan"),
])
def test_the_server_caps_the_hints_time(asked: str | None, seconds: float) -> None:
    assert hint_seconds(asked) == seconds


@pytest.mark.parametrize(("most", "choices"), [
    pytest.param(10.0, [2.0, 10.0], id="default-host"),
    pytest.param(30.0, [2.0, 10.0, 30.0], id="generous-host"),
    pytest.param(5.0, [2.0, 5.0], id="between"),
    pytest.param(1.0, [1.0], id="below-the-default"),
])
def test_the_host_bounds_the_longer_hints(tmp_path: Path, most: float, choices: list[float]) -> None:
    """Issue 24: the page offers to think longer only as far as the host allows
    (``create_app(hint_most=...)``); a request asking for more is cut to it."""
    from tetrarchia.web.hints import budgets

    assert budgets(HINT_SECONDS, most)["choices"] == choices
    http = client(tmp_path / "games.sqlite", hint_most=most)
    told = http.get("/api/hint-budgets").json()
    assert told == {"default": min(HINT_SECONDS, most), "most": most, "choices": choices}
    assert hint_seconds("3600", most) == most and hint_seconds(None, most) == min(HINT_SECONDS, most)
