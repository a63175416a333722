"""Refusals in the player's language (issue 9, item 6: "refusal reasons ... through a standard
catalogue"): a refusal carries its code and its arguments, and ``tetrarchia.render.refusals``
tells it in English, Spanish or French from them (docs/api.md "Refusals").

- The catalogue covers every template written in the source and every code, with the same
  fields in each language.
- Every refusal of the table of test_refusals (one per code) and every refusal met over seeded
  games of every option combination is told in Spanish and in French by its own template, never
  by the English; the English stays the message it always was.
- Over the web API, many illegal actions, notation errors and impossible settings in ``?lang=es``
  and ``?lang=fr`` come back in that language, with the code and the arguments as data.
"""

from __future__ import annotations

import random
import string
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from starlette.testclient import TestClient

from test_option_invariants import CONFIGS, option_candidates
from test_refusals import CASES, base_candidates
from tetrarchia import Game, apply_action, legal_actions
from tetrarchia.core.errors import (
    IllegalAction,
    NotEnoughIP,
    Refusal,
    Said,
    TetrarchiaError,
    said,
)
from tetrarchia.core.notation import format_action
from tetrarchia.core.state import Awaiting, State
from tetrarchia.players.random_player import RandomPlayer
from tetrarchia.render.catalogues import catalogue, refusal_templates
from tetrarchia.render.refusals import BY_CODE, DOMAIN, args_in, refusal_in, said_in
from web_helpers import client, new_game

LANGS = ("es", "fr")
# Refusals a program meets, never a player at the board: told by their code's sentence.
PROGRAM_ONLY = {Refusal.INVALID_ACTION, Refusal.BAD_BOARD, Refusal.BAD_SAVE,
                Refusal.NOT_FORECASTABLE, Refusal.NO_UNDO}


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("lang", LANGS)
def test_every_template_and_code_is_translated_with_the_same_fields(lang: str) -> None:
    table = catalogue(lang, DOMAIN)
    templates = refusal_templates()
    assert len(templates) > 150  # the source's said(...) calls were found
    assert set(BY_CODE) == set(Refusal)
    for template in [*templates, *BY_CODE.values()]:
        assert template in table, f"{lang}: no translation of {template!r}"
        assert fields(table[template]) == fields(template), (template, table[template])
        words = "".join(text for text, _, _, _ in string.Formatter().parse(template))
        if any(c.isalpha() for c in words):  # "{action}: {field}: {why}" is the same everywhere
            assert table[template] != template, f"{lang}: {template!r} left in English"


def told_in_its_language(error: TetrarchiaError, lang: str, where: str) -> str:
    """The refusal in ``lang``, checked: its own template was found (not the code's sentence)
    for a player's refusal, and the words are not the English ones."""
    text = refusal_in(error, lang)
    if error.code not in PROGRAM_ONLY:
        assert error.said is not None, f"{where}: {error!r} raised as plain text"
        assert said_in(error.said, lang) == text, f"{where}: {error.said.template!r} untranslated"
    assert text and text != str(error), f"{where}: {lang} says it in English: {text!r}"
    return text


@pytest.mark.parametrize(("code", "family", "make"), CASES, ids=[c[0].value for c in CASES])
def test_each_codes_case_is_told_in_spanish_and_french(code: Refusal, family: type, make: Any) -> None:
    with pytest.raises(TetrarchiaError) as caught:
        make()()
    error = caught.value
    for lang in LANGS:
        told_in_its_language(error, lang, code.value)
    assert refusal_in(error, "en") == str(error)  # English: the message, unchanged


def test_the_english_message_is_the_template_filled() -> None:
    error = NotEnoughIP(said("sailing costs {cost} IP and {emperor} has {ip} left", cost=1,
                             emperor="Maximian", ip=0))
    assert str(error) == "sailing costs 1 IP and Maximian has 0 left"
    assert error.args_data == {"cost": 1, "emperor": "Maximian", "ip": 0}
    assert refusal_in(error, "es") == "navegar cuesta 1 PI y a Maximian le quedan 0"
    assert refusal_in(error, "fr") == "naviguer coûte 1 PI et il reste 0 à Maximian"
    nested = IllegalAction(said("{who} is not on the board", who=said("the {figure}", figure="Dux")))
    assert str(nested) == "the Dux is not on the board"
    assert args_in(nested, "es") == {"who": "el Dux"} and args_in(nested, "en") == {"who": "the Dux"}
    assert isinstance(nested.said, Said) and refusal_in(nested, "fr") == "le Dux n'est pas sur le plateau"
    plain = IllegalAction("something a program did", Refusal.NO_LINK)
    assert refusal_in(plain, "es") == catalogue("es", DOMAIN)[BY_CODE[Refusal.NO_LINK]]
    assert plain.args_data == {}


def check_state(state: State, rng: random.Random, where: str, seen: set[str]) -> None:
    legal = set(legal_actions(state))
    for action in base_candidates(state) + option_candidates(state, rng):
        if action in legal:
            continue
        try:
            apply_action(state, action)
        except TetrarchiaError as exc:
            for lang in LANGS:
                told_in_its_language(exc, lang, f"{where} {action}")
            if exc.said is not None:
                seen.add(exc.said.template)


def test_refusals_of_games_with_every_option_are_told_in_spanish_and_french() -> None:
    """Seeded games over every option combination of the invariant suite; at two moments of
    each, every non-legal candidate's refusal is told in both languages by its template."""
    seen: set[str] = set()
    for index, config in enumerate(CONFIGS):
        game = Game.new(config.settings(), seed=300 + index)
        player = RandomPlayer(index)
        rng = random.Random(index)
        checks = sorted(rng.sample(range(1, 80), 2))
        step = 0
        while not game.state.is_over and step < 2000 and checks:
            if step >= checks[0]:
                checks.pop(0)
                check_state(game.state.copy(), rng, f"{config.name} step={step}", seen)
            if game.state.awaiting is Awaiting.ROLL:
                game.roll()
            else:
                game.play(player.choose(game.state, legal_actions(game.state)))
            step += 1
    assert len(seen) >= 25, sorted(seen)


# --- over the web API ------------------------------------------------------------------------


@pytest.fixture
def http(tmp_path: Path) -> TestClient:
    return client(tmp_path / "games.sqlite")


def refused(http: TestClient, path: str, body: dict[str, Any], lang: str) -> dict[str, Any]:
    response = http.post(f"{path}?lang={lang}", json=body)
    assert response.status_code == 400, response.text
    error: dict[str, Any] = response.json()["error"]
    assert set(error) == {"code", "reason", "args"}
    return error


def writable(action: Any, board: Any) -> str | None:
    """The action in the notation, or None for one the notation cannot write (sea zone 4)."""
    try:
        return format_action(action, board)
    except (KeyError, IndexError):
        return None


def test_illegal_actions_over_the_api_are_refused_in_the_pages_language(http: TestClient) -> None:
    state = new_game(http, seed=11)
    while state["awaiting"] != "roman_action":  # into a Roman phase: entries first (R4)
        answer = http.post(f"/api/games/{state['id']}/actions",
                           json={"version": state["version"], "action": state["legal"][0]["notation"]})
        state = answer.json()
    engine_state = Game.from_json(http.get(f"/api/games/{state['id']}/export").json()).state
    legal = set(legal_actions(engine_state))
    notations = sorted({written for a in base_candidates(engine_state)[::7] if a not in legal
                        and (written := writable(a, engine_state.board))})[:60]
    notations += ["fly to the moon", "roll 9", "Maximian moves from Gallia to Nowhere", "",
                  "Diocletian moves from Bithynia to Macedonia - 2"]
    path = f"/api/games/{state['id']}/actions"
    codes = set()
    for notation in notations:
        body = {"version": state["version"], "action": notation}
        english = refused(http, path, body, "en")
        codes.add(english["code"])
        for lang in LANGS:
            error = refused(http, path, body, lang)
            assert error["code"] == english["code"]
            assert error["reason"] != english["reason"], f"{lang}: {notation!r}: {error['reason']}"
            assert set(error["args"]) == set(english["args"])
    assert len(codes) >= 4, codes
    after = http.get(f"/api/games/{state['id']}").json()
    assert after["version"] == state["version"]  # none of them changed the game


@pytest.mark.parametrize("body", [
    {"level": "9999"}, {"level": "42"}, {"players": 7}, {"options": ["pirates", "goths", "no-such"]},
    {"options": ["dux"], "params": {"goths.start": 3}}, {"options": ["carausian-revolt"], "level": "4211"},
    {"options": ["dux"], "params": {"dux.nothing": 1}},
])
def test_impossible_settings_are_refused_in_the_pages_language(http: TestClient,
                                                             body: dict[str, Any]) -> None:
    english = refused(http, "/api/settings/check", body, "en")
    assert english["code"] == "bad_options"
    for lang in LANGS:
        error = refused(http, "/api/settings/check", body, lang)
        assert error["reason"] != english["reason"], f"{lang}: {error['reason']}"
        assert error["args"].keys() == english["args"].keys()


def test_an_unknown_game_and_a_stale_action_are_refused_in_the_pages_language(http: TestClient) -> None:
    unseated = http.get("/api/games/nothing?lang=es")  # no seat's credential: 403 first (issue 11)
    assert unseated.status_code == 403
    assert unseated.json()["error"]["reason"] == "Esta petición necesita el enlace de tu asiento."
    gone = new_game(http, seed=4)  # a game its host deleted: its seat's link is answered 404
    with http.app.state.store.session() as session:  # type: ignore[attr-defined]
        session.execute(text("DELETE FROM games WHERE id = :id"), {"id": gone["id"]})
    http.app.state.authority.games.clear()  # type: ignore[attr-defined]
    missing = http.get(f"/api/games/{gone['id']}?lang=es")
    assert missing.status_code == 404
    assert missing.json()["error"]["reason"] == f"no hay ninguna partida '{gone['id']}' en este servidor"
    state = new_game(http, seed=3)
    stale = http.post(f"/api/games/{state['id']}/actions?lang=fr",
                      json={"version": state["version"] - 1, "action": state["legal"][0]["notation"]})
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "stale"
    assert stale.json()["error"]["reason"].startswith("la partie a changé depuis que cette page")
