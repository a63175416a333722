"""Decisions inside a phase explained (issue 9, item 3): what is being decided and what each
choice does — Galerius's +1 with the battle's numbers after it, Constantius's block, the
Barbarian player's gray and black discs — live in ``analysis.decisions``, shared by the terminal
(which prints the same English as before) and the browser (which shows them beside the choice
buttons in the page's language)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from test_option_invariants import CONFIGS
from tetrarchia.analysis.decisions import choice_effect, decision_context
from tetrarchia.cli import decisions as cli_decisions
from tetrarchia.core.engine import legal_actions
from tetrarchia.core.state import Awaiting
from tetrarchia.game import Game
from tetrarchia.options.imperivm import Decline, UsePower
from tetrarchia.players.random_player import RandomPlayer
from tetrarchia.render.advice import DOMAIN
from tetrarchia.render.refusals import said_in
from web_helpers import client, sit, step

DECIDING = [c for c in CONFIGS if {"imperivm", "barbaria"} & set(c.settings().options)]


def test_every_decision_and_choice_is_explained_in_each_language() -> None:
    """Seeded games of every option set with decisions: at each decision the context and every
    choice's effect exist, are told in Spanish and French by their templates, and the terminal
    prints the context's English."""
    met: set[str] = set()
    for config in DECIDING:
        for seed in range(3):
            game = Game.new(config.settings(), seed=seed)
            player = RandomPlayer(seed)
            for _ in range(1500):
                state = game.state
                if state.is_over:
                    break
                if state.awaiting in (Awaiting.ROLL, Awaiting.RUN):
                    game.advance()
                    continue
                if state.awaiting is Awaiting.DECISION:
                    context = decision_context(state)
                    assert context is not None
                    assert cli_decisions.decision_context(state) == str(context)
                    for action in legal_actions(state):
                        effect = choice_effect(state, action)
                        assert effect is not None, (config.name, action)
                        met.add(type(action).__name__)
                        for said in (context, effect):
                            for lang in ("es", "fr"):
                                text = said_in(said, lang, DOMAIN)
                                assert text is not None and text != str(said), (lang, said.template)
                game.play(player.choose(state, legal_actions(state)))
    assert {"UsePower", "Decline", "Reroll", "CancelAdvance", "BlackRevolt", "BarbarianPass"} <= met


def test_galeriuss_plus_one_shows_the_battle_after_it() -> None:
    """R12.1: Galerius's +1 after the dice: the effect of each choice gives the numbers."""
    for seed in range(200):
        game = Game.new(next(c for c in CONFIGS if "imperivm" in c.settings().options).settings(),
                        seed=seed)
        player = RandomPlayer(seed)
        for _ in range(800):
            state = game.state
            if state.is_over:
                break
            if state.awaiting in (Awaiting.ROLL, Awaiting.RUN):
                game.advance()
                continue
            powers = [a for a in legal_actions(state) if isinstance(a, (UsePower, Decline))]
            if state.awaiting is Awaiting.DECISION and powers and powers[0].emperor.title == "Galerius":
                effects = {type(a).__name__: str(choice_effect(state, a)) for a in powers}
                assert effects["UsePower"].startswith("+1 to his die, burning ")
                assert " against " in effects["UsePower"]
                assert effects["Decline"].startswith("the dice stand: ")
                assert "Galerius's battle" in str(decision_context(state))
                return
            game.play(player.choose(state, legal_actions(state)))
    pytest.skip("no Galerius decision met in 200 seeded games")


def test_the_page_gets_the_context_and_each_choices_effect_in_its_language(tmp_path: Path) -> None:
    http: TestClient = client(tmp_path / "games.sqlite")
    chooser, decisions = random.Random(0), list[str]()
    state = http.post("/api/games?lang=es", json={"players": 5, "seed": 0, "hotseat": True}).json()
    sit(http, state)  # every seat in this client (issue 11)
    while not (state["awaiting"] == "decision" and state["seat"] == 4):
        state = step(http, state, chooser, decisions)
    spanish = http.get(f"/api/games/{state['id']}?lang=es").json()
    english = http.get(f"/api/games/{state['id']}?lang=en").json()
    assert english["decision_context"] and "Barbaria (R12.6)" in english["decision_context"]
    assert spanish["decision_context"] != english["decision_context"]
    assert "jugador bárbaro" in spanish["decision_context"]
    for es_item, en_item in zip(spanish["legal"], english["legal"], strict=True):
        assert es_item["effect"] and en_item["effect"] and es_item["effect"] != en_item["effect"]
    black = [i for i in english["legal"] if i["notation"].startswith("the Barbarians place")]
    assert black and all("(the black disc, once per game)" in i["effect"] for i in black)
