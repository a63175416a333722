"""The danger overlay's route (issue 23, item 4): ``GET /api/games/{id}/forecast`` gives the exact
forecast of the coming Barbarian phase, equal to ``analysis.forecast`` on the game's position,
read with the board's credential checks, for every seat and the spectator, after every action."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tetrarchia.analysis.forecast import NotForecastable, forecast
from tetrarchia.web.forecast import figures_json
from web_helpers import bearer, change, client, new_game, reference_game, step

LIMIT = 60  # seconds for any test of this file
pytestmark = pytest.mark.timeout(LIMIT)


@pytest.fixture
def http(tmp_path: Path) -> TestClient:
    return client(tmp_path / "games.sqlite")


def expected(seed: int, decisions: list[str]) -> dict[str, Any]:
    """The forecast computed here, on the same game played on the engine alone."""
    state = reference_game(seed, decisions).state
    try:
        return figures_json(state, forecast(state))
    except NotForecastable:  # an Emperor passing through, a battle's dice due, the entry ...
        return {"available": False}


def same(found: dict[str, Any], wanted: dict[str, Any]) -> None:
    """The same figures to the last bit: JSON carries a float exactly (its shortest repr)."""
    assert {k: v for k, v in found.items() if k != "version"} == wanted


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_the_overlay_is_the_forecast_after_every_action(http: TestClient, seed: int) -> None:
    """A seeded random game: after each of its requests the route's figures are
    ``analysis.forecast`` of the same game played on the engine alone (R7, R8), or none where
    no phase can be forecast."""
    state = new_game(http, seed=seed)
    chooser = random.Random(seed)
    checked = 0
    decisions: list[str] = []
    for _ in range(60):
        if state["over"]:
            break
        answer = http.get(f"/api/games/{state['id']}/forecast")
        assert answer.status_code == 200, answer.text
        found = answer.json()
        assert found["version"] == state["version"]
        if state["awaiting"] not in ("roll", "run") and not found.get("during"):
            # the engine alone rolls on to a decision
            same(found, expected(seed, decisions))
            checked += found["available"]
        state = step(http, state, chooser, decisions)
    assert checked >= 10, f"seed {seed}: only {checked} Roman positions"


@pytest.mark.parametrize("seed", [3, 8])
def test_during_the_phase_the_figures_are_those_forecast_at_its_start(http: TestClient,
                                                                        seed: int) -> None:
    """Once the Roman phase is ended (R4 → R7) and die after die, the overlay keeps the forecast
    made before the phase (marked ``during``), for the page to show against the dice."""
    state = new_game(http, seed=seed)
    chooser = random.Random(seed)
    decisions: list[str] = []
    while state["awaiting"] != "roman_action":
        state = step(http, state, chooser, decisions)
    before = http.get(f"/api/games/{state['id']}/forecast").json()
    assert before["available"] and "during" not in before
    end = next(item for item in state["legal"] if item["kind"] == "endphase")
    state = change(http, state["id"], "actions",
                   {"version": state["version"], "action": end["notation"]}).json()
    rolls = 0
    while state["awaiting"] in ("roll", "run") and rolls < 6:
        during = http.get(f"/api/games/{state['id']}/forecast").json()
        assert during.pop("during") is True and during.pop("version") == state["version"]
        phase = during.pop("phase")
        assert during == {k: v for k, v in before.items() if k != "version"}
        state = change(http, state["id"], "advance", {"version": state["version"], "until": "roll"}).json()
        rolls += 1
    assert rolls >= 2, f"seed {seed}: {rolls} rolls"
    # the phase over, ``last`` still gives the figures it was forecast with (the page sets
    # what happened against them)
    game_id = state["id"]
    while state["awaiting"] in ("roll", "run"):
        state = change(http, game_id, "advance", {"version": state["version"], "until": "roll"}).json()
    last = http.get(f"/api/games/{game_id}/forecast?last=1").json()
    assert "during" not in last and last.pop("phase") == phase and last.pop("version") == state["version"]
    assert last == {k: v for k, v in before.items() if k != "version"}


def test_no_forecast_while_the_emperors_enter(http: TestClient) -> None:
    """At the game's start the fleets are placed (R3): no Barbarian phase can follow now."""
    state = new_game(http, seed=5)
    assert state["awaiting"] != "roman_action"
    answer = http.get(f"/api/games/{state['id']}/forecast")
    assert answer.status_code == 200
    assert answer.json() == {"available": False, "version": state["version"]}
    before = http.get(f"/api/games/{state['id']}/forecast?last=1").json()
    assert before == {"available": False, "version": state["version"]}  # no phase yet


def test_an_army_next_to_roma_reaches_it_when_it_advances(http: TestClient) -> None:
    """R7.3: an army whose step is Roma reaches it exactly when it advances; the Empire's fall
    counts it (R8)."""
    position = {"format": "tetrarchia-position", "version": 1, "armies": ["etrvria"],
                "discs": {"etrvria": "revolt"}, "fleets": [1, 2],
                "emperors": {"Diocletian": "II:3"}, "turn": {"emperor": "Diocletian", "ip": 6}}
    answer = http.post("/api/games", json={"position": position, "hotseat": True})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    http.headers.update(bearer(created["credentials"]["hotseat"]))
    data = http.get(f"/api/games/{created['id']}/forecast").json()
    army = next(a for a in data["armies"] if a["next_step"] == data["armies"][0]["next_step"])
    board = http.get(f"/api/games/{created['id']}/board").json()
    assert army["next_step"] == board["roma"]
    assert army["roma"] == army["advances"] > 0
    assert data["army_in_roma"] == pytest.approx(army["advances"], abs=1e-12)
    assert data["fall"] == pytest.approx(data["army_in_roma"] + data["reserve_empty"], abs=1e-12)


def test_the_credential_checks_are_the_boards(http: TestClient) -> None:
    """Any seat or the spectator may read it (no secret in it); no credential or another game's
    is refused (403) and an unknown game is 404, as for the board."""
    answer = http.post("/api/games", json={"players": 2, "seed": 4})
    created = answer.json()
    game_id = created["id"]
    spectator = created["credentials"]["spectator"]
    seats = [s["token"] for s in created["credentials"]["seats"] if s["token"]]
    for token in [spectator, *seats]:
        assert http.get(f"/api/games/{game_id}/forecast", headers=bearer(token)).status_code == 200
    assert http.get(f"/api/games/{game_id}/forecast").status_code == 403
    other = new_game(http, seed=9)
    refused = http.get(f"/api/games/{game_id}/forecast",
                       headers=bearer(other["credentials"]["hotseat"]))
    assert refused.status_code == 403
    assert http.get("/api/games/ffffffffffffffff/forecast",
                    headers=bearer(spectator)).status_code in (403, 404)


def test_pages_asking_at_once_wait_for_one_computation() -> None:
    """After an action every page of the game asks for the same version: one computes."""
    import threading
    import time

    from tetrarchia.web.forecast import Forecasts

    kept = Forecasts()
    calls: list[int] = []

    def slow() -> dict[str, Any]:
        calls.append(1)
        time.sleep(0.2)
        return {"available": False}

    answers: list[dict[str, Any]] = []
    threads = [threading.Thread(target=lambda: answers.append(kept.kept_or(("version", "g", 1), slow)))
               for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)
    assert len(calls) == 1 and answers == [{"available": False}] * 4


def option_game(http: TestClient, options: list[str], records: dict[str, Any] | None = None
                ) -> tuple[str, dict[str, Any]]:
    """A hot-seat game from a written position with ``options`` (R11): its id and position."""
    position = {"format": "tetrarchia-position", "version": 2,
                "settings": {"level": "4211", "options": options},
                "discs": {"II:6": "revolt", "I:6": "revolt", "III:2": "unrest", "IV:4": "revolt"},
                "armies": ["II:6"], "emperors": {"Maximian": "II:3", "Galerius": "IV:3"},
                "fleets": [1], "turn": {"emperor": "Maximian", "ip": 6}, "records": records or {}}
    answer = http.post("/api/games", json={"position": position, "hotseat": True})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    http.headers.update(bearer(created["credentials"]["hotseat"]))
    return created["id"], http.get(f"/api/games/{created['id']}").json()["position"]


def python_figures(position: dict[str, Any]) -> dict[str, Any]:
    from tetrarchia.core.board import default_board
    from tetrarchia.core.serialize import position_from_json

    state = position_from_json(position, default_board())
    return figures_json(state, forecast(state))


@pytest.mark.parametrize(("options", "records"), [
    (["pirates"], {}), (["barbaria"], {}), (["goths"], {"goths": ["germania_magna"]}), (["goths"], {}),
])
def test_the_options_the_fast_model_covers_answer_at_once(
        http: TestClient, options: list[str], records: dict[str, Any]) -> None:
    """The Pirates, Barbaria, the Goths on the board or in the reserve: the figures in the first
    answer, the fast model's, equal to ``analysis.forecast`` (uprisings included)."""
    game_id, position = option_game(http, options, records)
    found = http.get(f"/api/games/{game_id}/forecast").json()
    assert "computing" not in found and found["method"] == "fast"
    same(found, python_figures(position))
    assert max(found["uprising"]) > 0


def test_a_forecast_needing_the_engine_is_computed_in_the_background(http: TestClient) -> None:
    """Vsvrpator (R12.4: a usurper rises on a revolt placed): the engine follows every die, in
    the background; the first answer says so at once, the second (``wait``) has the figures,
    equal to ``analysis.forecast``; a third is kept."""
    game_id, position = option_game(http, ["vsvrpator"])
    first = http.get(f"/api/games/{game_id}/forecast").json()
    assert first["computing"] is True and first["available"] is False
    waited = http.get(f"/api/games/{game_id}/forecast?wait=1").json()
    assert waited["method"] == "engine" and waited["version"] == first["version"]
    same(waited, python_figures(position))
    assert http.get(f"/api/games/{game_id}/forecast").json() == waited


def test_a_phase_ended_by_a_lost_attack_is_forecast_from_its_start() -> None:
    """R5.5: a lost attack ends the Roman phase without an ``end`` in the log.  The overlay's
    figures during that phase (and ``last`` after it) are the forecast of the phase as it began,
    read from the log entry its ``PhaseEnded`` event came with: the roll that lost the battle."""
    from conftest import position
    from tetrarchia.core.dice import ScriptedDice
    from tetrarchia.core.events import Event
    from tetrarchia.core.notation import parse_action
    from tetrarchia.core.tasks import in_barbarian_phase
    from tetrarchia.game import Game
    from tetrarchia.web.authority import LiveGame
    from tetrarchia.web.forecast import Forecasts, forecast_json, state_after
    from tetrarchia.web.views import event_json

    start = position(discs={"II:6": "revolt", "I:6": "revolt"}, emperors={"Maximian": "II:3"},
                     armies=["II:6"])
    game = Game.from_position(start, dice=ScriptedDice([1, 6]))  # Roman 1, Barbarian 6: lost
    told: list[dict[str, Any]] = []
    happened: list[Event] = []
    game.play(parse_action("Maximian attacks Narbonensis from Germania Svperior", game.board), happened)
    told += [event_json(e, game.board, 0) for e in happened]
    happened = []
    game.roll(happened)
    told += [event_json(e, game.board, 1) for e in happened]
    assert any(e["data"]["event"] == "PhaseEnded" and e["n"] == 1 for e in told)
    assert in_barbarian_phase(game.state)
    live = LiveGame(id="g", game=game, board_text=None, version=3, summary="", events=told)
    found = Forecasts().of(live, wait=True)
    assert found.pop("during") is True and found.pop("phase") == 1 and found.pop("version") == 3
    assert found == forecast_json(state_after(game.start, game.log[:2]))
    assert found["available"] and found["method"] == "engine"  # the phase has begun: the engine

