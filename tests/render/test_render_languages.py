"""Events in Spanish and French (issue 9): every record of the core has its sentence in each
language, and a whole seeded game is told without error in each; an optional rule's record with
only English sentences is told in English."""

from __future__ import annotations

import pytest

from tetrarchia.core import events as ev
from tetrarchia.core.board import default_board
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting
from tetrarchia.game import Game
from tetrarchia.players import RandomPlayer
from tetrarchia.render import en
from tetrarchia.render.catalogues import RENDER, SOURCES, read_mo
from tetrarchia.render.languages import render_in, told_in


def seeded_random_game_events(seed: int) -> list[ev.Event]:
    """Every event of a whole game of a random player, seeded."""
    game = Game.new(Settings(level=Level.parse("4211")), seed=seed)
    player = RandomPlayer(seed)
    events: list[ev.Event] = []
    while not game.state.is_over:
        if game.state.awaiting in (Awaiting.ROLL, Awaiting.RUN):
            game.advance(events=events)
        else:
            game.play(player.choose(game.state), events)
    return events

CORE_RECORDS = sorted(en.TEXTS, key=lambda t: t.__name__)


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_every_core_record_is_told_in_the_language(lang: str) -> None:
    missing = [t.__name__ for t in CORE_RECORDS if t.__module__ == ev.__name__ and not told_in(t, lang)]
    assert not missing


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_a_seeded_game_is_told_in_the_language(lang: str) -> None:
    board = default_board()
    events = seeded_random_game_events(seed=3)
    assert events
    for event in events:  # every sentence its own, never the English one (seed 3)
        assert render_in(event, board, lang) != en.render(event, board), event


def test_the_battle_is_told_with_its_numbers() -> None:
    board = default_board()
    battle = ev.Battle(piece=3, piece_province=board.province("II:3").index,
                       army_province=board.province("II:6").index, roman_attacks=True, roman_die=6,
                       roman_modifier=0, roman_groups=(3,), roman_support=3, roman_linked=1,
                       roman_value=18, barbarian_die=1, barbarian_modifier=0, barbarian_groups=(7,),
                       barbarian_support=7, barbarian_linked=0, barbarian_value=8, outcome=1)
    assert render_in(battle, board, "es").startswith("Batalla de Maximiano en Germania Svperior")
    assert "= 18" in render_in(battle, board, "fr") and "= 8" in render_in(battle, board, "fr")
    assert render_in(battle, board, "xx") == en.render(battle, board)


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_the_catalogues_read_without_babel_as_babel_reads_them(lang: str) -> None:
    """render.catalogues reads the compiled .mo files itself (the core install has no Babel):
    every message of every domain as Babel's own reader gives it."""
    babel_mofile = pytest.importorskip("babel.messages.mofile")
    for domain in SOURCES:
        path = RENDER / "locale" / lang / "LC_MESSAGES" / f"{domain}.mo"
        with path.open("rb") as file:
            theirs = {str(m.id): str(m.string) for m in babel_mofile.read_mo(file) if m.id and m.string}
        assert read_mo(path.read_bytes()) == theirs and len(theirs) > 10


@pytest.mark.parametrize("data", [b"", b"\x00" * 40, b"not a catalogue at all, just words"])
def test_a_file_that_is_not_a_catalogue_is_refused(data: bytes) -> None:
    with pytest.raises(ValueError, match="not a gettext catalogue"):
        read_mo(data)
