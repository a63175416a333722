"""Event sentences in Spanish and French from gettext catalogues (issue 9, item 6): every record
type of the core and of every optional rule (Dux, Vicarius, Pirates, Goths, the R12 variants,
Barbaria, the scenarios' records) is told in each language by its own template in the ``events``
catalogue, never by the English; the templates are the terminal's English sentences word for
word; the catalogues are complete, without fuzzy entries, and compiled."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import tetrarchia.options  # noqa: F401  (every optional rule's records)
from conftest import ROOT, load_script
from test_option_invariants import CONFIGS
from tetrarchia.core.board import default_board
from tetrarchia.core.engine import legal_actions
from tetrarchia.core.events import EVENT_TYPES, Event
from tetrarchia.core.state import Awaiting
from tetrarchia.game import Game
from tetrarchia.players.random_player import RandomPlayer
from tetrarchia.render import render
from tetrarchia.render.languages import DOMAIN, render_in, told_in
from tetrarchia.render.refusals import said_in
from tetrarchia.render.told import TELLERS, told

BOARD = default_board()
TOOLS = ROOT / "tools" / "i18n.py"


def samples(kind: type[Event]) -> list[Event]:
    """Records of ``kind`` with small field values (1 and 2: a province, a zone, an Emperor, a
    region, a die ...), every flag both ways: each variant of its sentence."""
    made = []
    for number in (1, 2, 3):
        for flag in (False, True):
            values: dict[str, Any] = {}
            for field in dataclasses.fields(kind):
                hint = str(field.type)
                if "bool" in hint:
                    values[field.name] = flag
                elif "tuple" in hint:
                    values[field.name] = (number + 2,) if flag else (number + 2, number)
                else:
                    values[field.name] = number
            made.append(kind(**values))
    return made


RECORDS = sorted(EVENT_TYPES.values(), key=lambda t: (t.__module__, t.__name__))


def test_every_record_type_has_its_template() -> None:
    assert len(RECORDS) >= 60
    missing = [t.__name__ for t in RECORDS if t not in TELLERS]
    assert not missing


@pytest.mark.parametrize("lang", ["es", "fr"])
@pytest.mark.parametrize("kind", RECORDS, ids=[t.__name__ for t in RECORDS])
def test_every_record_type_is_told_in_the_language(kind: type[Event], lang: str) -> None:
    assert told_in(kind, lang)
    for event in samples(kind):
        sentence = told(event, BOARD)
        assert sentence is not None
        assert str(sentence) == render(event, BOARD)  # the template is the terminal's English
        text = said_in(sentence, lang, DOMAIN)
        assert text is not None, f"{event}: {sentence.template!r} has no {lang} translation"
        assert text == render_in(event, BOARD, lang) and text != render(event, BOARD), text


def test_the_templates_are_the_terminals_english_over_games_of_every_option() -> None:
    """Every event of seeded random games over the invariant suite's option sets: the template
    filled is the English sentence, and Spanish and French are told without falling back."""
    told_types = set()
    for index, config in enumerate(CONFIGS):
        game = Game.new(config.settings(), seed=40 + index)
        player = RandomPlayer(index)
        events: list[Event] = []
        for _ in range(600):
            if game.state.is_over:
                break
            if game.state.awaiting in (Awaiting.ROLL, Awaiting.RUN):
                game.advance(events=events)
            else:
                game.play(player.choose(game.state, legal_actions(game.state)), events)
        for event in events:
            sentence = told(event, game.board)
            assert sentence is not None and str(sentence) == render(event, game.board), event
            for lang in ("es", "fr"):
                assert said_in(sentence, lang, DOMAIN) is not None, (lang, sentence.template)
            told_types.add(type(event))
    assert len(told_types) >= 40


def test_the_catalogues_are_complete_and_compiled() -> None:
    tool = load_script(TOOLS, "i18n_tool")
    assert tool.main(["--check"]) == 0
