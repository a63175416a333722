"""The game driver (tetrarchia.game): dice drawn from the seeded source and logged, rewinding."""

from __future__ import annotations

import pytest

from conftest import game_at_roman_phase
from tetrarchia.core.actions import EndPhase, Roll
from tetrarchia.core.errors import TetrarchiaError


def test_every_die_is_logged_as_a_roll() -> None:
    """R1: the dice come from the injected source and are written in the log."""
    game = game_at_roman_phase()
    rolls = [a for a in game.log if isinstance(a, Roll)]
    assert sum(len(r.dice) for r in rolls) == game.dice_drawn > 0


def test_rewind_inside_the_roman_phase() -> None:
    game = game_at_roman_phase()
    before, length = game.state.copy(), len(game.log)
    move = next(a for a in game.legal_actions() if not isinstance(a, EndPhase))
    game.play(move)
    game.rewind(length, before)
    assert game.state == before and len(game.log) == length


def test_rewind_never_takes_back_a_die() -> None:
    game = game_at_roman_phase()
    before, length = game.state.copy(), len(game.log)
    game.play(EndPhase(game.state.turn))
    game.roll()
    with pytest.raises(TetrarchiaError, match="never taken back"):
        game.rewind(length, before)
    assert len(game.log) == length + 2


@pytest.mark.parametrize("length", [-1, 10_000])
def test_rewind_to_a_place_outside_the_log_is_refused(length: int) -> None:
    game = game_at_roman_phase()
    with pytest.raises(TetrarchiaError, match="cannot rewind"):
        game.rewind(length, game.state.copy())
