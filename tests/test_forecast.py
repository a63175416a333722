"""The forecast of the Barbarian phase (analysis/forecast.py): exact figures, checked against a
Monte Carlo estimate of the same quantities over the engine itself, with seeded dice."""

from __future__ import annotations

import math
import random

import pytest

from conftest import game_at_roman_phase, position
from tetrarchia.analysis.forecast import (
    Forecast,
    NotForecastable,
    forecast,
    let_it_pass,
    phase_start,
    stop_before_advance,
)
from tetrarchia.core.actions import Roll
from tetrarchia.core.engine import apply_trusted, legal_actions, start_barbarian_phase
from tetrarchia.core.pieces import REVOLT, UNREST
from tetrarchia.core.serialize import position_to_json
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, Result, State


def roman_phase(seed: int, level: str = "4211", options: tuple[str, ...] = ()) -> State:
    """A seeded game at its first Roman action."""
    return game_at_roman_phase(seed, Settings(level=Level.parse(level), options=options)).state


def play_out(state: State, rng: random.Random) -> State:
    """Seeded dice (and let-it-pass decisions) until the dice stop."""
    while not state.is_over and state.awaiting in (Awaiting.ROLL, Awaiting.DECISION):
        if state.awaiting is Awaiting.ROLL:
            apply_trusted(state, Roll(tuple(rng.randint(1, 6) for _ in range(state.roll_count))))
        else:
            apply_trusted(state, let_it_pass(state, legal_actions(state)))
    return state


def agrees(exact: float, hits: int, runs: int, what: str) -> None:
    """The exact figure lies within 4.5 standard errors of the estimate (a false alarm about
    once in 150,000 comparisons)."""
    estimate = hits / runs
    error = math.sqrt(max(exact * (1 - exact), 1 / runs) / runs)
    assert abs(estimate - exact) <= 4.5 * error, f"{what}: exact {exact:.4f}, sampled {estimate:.4f}"


def monte_carlo(state: State, exact: Forecast, runs: int, seed: int) -> None:
    start = phase_start(state)
    cut, _ = stop_before_advance(start)
    rng = random.Random(seed)
    n = start.board.size
    revolts = [0] * n
    unrests = [0] * n
    for _ in range(runs):
        disc = play_out(cut.copy(), rng).disc
        for p in range(n):
            revolts[p] += disc[p] == REVOLT
            unrests[p] += disc[p] == UNREST
    for p in range(n):
        agrees(exact.revolt[p], revolts[p], runs, f"revolt in {start.board.name(p)}")
        agrees(exact.unrest[p], unrests[p], runs, f"unrest in {start.board.name(p)}")
    falls = removed = 0
    for _ in range(runs):
        end = play_out(start.copy(), rng)
        falls += end.result is not Result.ONGOING
        removed += start.emperor_at[start.turn] >= 0 and end.emperor_at[start.turn] < 0
    agrees(exact.fall, falls, runs, "the fall of the Empire")
    agrees(exact.emperor_removed[start.turn], removed, runs, f"{start.turn.title} removed")


@pytest.mark.parametrize(("seed", "level"), [(3, "4211"), (5, "3322"), (8, "5300")])
def test_exact_figures_agree_with_monte_carlo(seed: int, level: str) -> None:
    state = roman_phase(seed, level)
    exact = forecast(state)
    assert exact.unresolved < 1e-9
    monte_carlo(state, exact, runs=3000, seed=seed)


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "level", "options"), [
    (3, "4211", ()), (11, "3322", ("goths",)), (4, "4222", ("vicarius",)), (2, "4211", ("barbaria",)),
])
def test_exact_figures_agree_with_a_long_monte_carlo(seed: int, level: str, options: tuple[str, ...]) -> None:
    state = roman_phase(seed, level, options)
    monte_carlo(state, forecast(state), runs=20_000, seed=seed)


def test_the_figures_are_probabilities_and_add_up() -> None:
    state = roman_phase(3)
    before = position_to_json(state)
    f = forecast(state)
    assert position_to_json(state) == before, "the forecast changed the position"
    for p in range(state.board.size):
        assert 0 <= f.revolt[p] <= 1 + 1e-9 and 0 <= f.unrest[p] <= 1 + 1e-9
        assert f.revolt[p] + f.unrest[p] <= 1 + 1e-9
        if state.disc[p] == REVOLT:  # R7.1-R7.2 never take a revolt away
            assert f.revolt[p] == pytest.approx(1.0)
    for army in f.armies:
        assert army.advances + army.stays + army.destroyed == pytest.approx(1.0 - f.unresolved, abs=1e-9)
    assert 0 <= f.fall <= 1


def test_a_broken_link_holds_one_time_in_two() -> None:
    """The one revolt on the board, Baetica I:2, is linked to the unrest in Tingitana I:1 only
    through a broken link.  R7.1 turns the unrest when the link holds: 1/2 (R7.4).  Otherwise R7.2
    turns it when the activity falls on Tingitana (1/36), or on Baetica (1/36) and the uprising
    crosses the broken link (1/2); every border is empty, so an uprising's army always arrives
    and chains nothing: 1/2 + 1/2 x (1/36 + 1/72) = 1/2 + 1/48."""
    state = position(discs={"I:1": "unrest", "I:2": "revolt"}, emperors={"Maximian": "roma"})
    f = forecast(state)
    tingitana = state.board.province("I:1").index
    assert f.revolt[tingitana] == pytest.approx(1 / 2 + 1 / 48, abs=1e-12)
    assert f.unrest[tingitana] == pytest.approx(1 / 2 - 1 / 48, abs=1e-12)
    assert f.unresolved == 0


def test_a_position_paused_at_the_start_of_the_phase_forecasts_the_same() -> None:
    """A position loaded or built at the start of a Barbarian phase (Awaiting.RUN, nothing run)
    has the forecast of ending the Roman phase now."""
    state = roman_phase(3)
    paused = start_barbarian_phase(state)
    assert paused.awaiting is Awaiting.RUN
    assert forecast(paused) == forecast(state)


def test_no_forecast_after_the_end_or_while_passing() -> None:
    state = roman_phase(3)
    over = state.copy()
    over.result = Result.ARMY_IN_ROMA
    with pytest.raises(NotForecastable, match="the game is over"):
        forecast(over)
