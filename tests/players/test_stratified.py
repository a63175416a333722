"""The exact forecast as a stratum of a plan's samples (players/stratified.py; the search's
``exact`` option, issue 28)."""

from __future__ import annotations

import random

import pytest

from conftest import position
from tetrarchia.analysis.forecast import forecast
from tetrarchia.core.actions import EndPhase
from tetrarchia.core.engine import apply_trusted, legal_actions
from tetrarchia.core.pieces import Emperor
from tetrarchia.core.state import Result, State
from tetrarchia.players import Budget
from tetrarchia.players.evaluation import WEIGHTS, WIN, board_facts
from tetrarchia.players.search import SearchPlayer, enumerate_plans, play_on
from tetrarchia.players.stratified import fell_first, may_fall, phase_fall, stratified_mean


def _at_the_gate() -> State:
    # an army in Etruria, one step from Roma (R7.3), Diocletian in Roma: the army attacks him
    # there (R6), and the Barbarian phase after Maximian's ends the game (R8) when it wins
    state: State = position(armies=["etruria"], discs={"II:1": "revolt"},
                            emperors={"Maximian": "britannia", "Diocletian": "roma"})
    return state


def test_the_stratified_mean_puts_the_exact_fall_in_place_of_the_samples_share() -> None:
    samples = [-WIN, 0.0, 1000.0, -WIN]
    fell = [True, False, False, True]
    # half the samples fell, the forecast says 20%: the rest are the survivors' mean (500)
    assert stratified_mean(samples, fell, 0.2) == pytest.approx(0.2 * -WIN + 0.8 * 500.0)
    # no forecast, or samples without their flags (a hint's own samples): the plain mean
    assert stratified_mean(samples, fell, None) == pytest.approx(sum(samples) / 4)
    assert stratified_mean(samples, [], 0.2) == pytest.approx(sum(samples) / 4)
    # every sample fell: nothing to weigh the survivors by, the plain mean
    assert stratified_mean([-WIN, -WIN], [True, True], 0.9) == -WIN
    # the forecast says the phase cannot fall: the survivors alone
    assert stratified_mean([0.0, 500.0], [False, False], 0.0) == 250.0


def test_phase_fall_is_the_forecast_of_the_plans_barbarian_phase() -> None:
    state = _at_the_gate()
    facts = board_facts(state.board)
    assert may_fall(state, facts)
    plans = [p for p in enumerate_plans(state, WEIGHTS, facts, beam=10)
             if isinstance(p.actions[-1], EndPhase)]
    assert plans
    for plan in plans[:4]:
        before = state.copy()
        for action in plan.actions[:-1]:
            apply_trusted(before, action)
        assert phase_fall(state, plan.actions, facts) == pytest.approx(forecast(before).fall)
    # a plan that does not end the phase (an attack waits for its dice) is not forecast
    assert phase_fall(state, [], facts) is None
    # far from Roma, reserves full: no fall possible, the forecast is not asked
    calm = position(armies=["IV:1"], emperors={"Maximian": "britannia"})
    calm_facts = board_facts(calm.board)
    assert not may_fall(calm, calm_facts)
    assert phase_fall(calm, [EndPhase(Emperor.MAXIMIAN)], calm_facts) is None


def test_a_sample_that_falls_in_its_first_barbarian_phase_is_told_apart() -> None:
    state = _at_the_gate()
    end = state.copy()
    apply_trusted(end, EndPhase(Emperor.MAXIMIAN))
    falls = 0
    for seed in range(40):
        reached = play_on(end, seed, 2)
        if fell_first(end, reached):
            falls += 1
            assert reached.result.is_defeat
            assert reached.turns_played == end.turns_played
        else:  # lost later or not at all: the turn passed
            assert reached.result is Result.ONGOING or reached.turns_played > end.turns_played
    chance = forecast(state).fall
    assert 0.0 < chance < 1.0  # the army takes Roma with some of the dice only
    assert abs(falls / 40 - chance) < 0.25  # and the samples fall about as often


def test_the_search_with_the_exact_fall_is_deterministic_and_uses_it() -> None:
    state = _at_the_gate()
    legal = legal_actions(state)
    budget = Budget(simulations=6)
    first = SearchPlayer(1, exact=1).think(state, legal, random.Random(1), budget)
    again = SearchPlayer(1, exact=1).think(state, legal, random.Random(1), budget)
    assert [(p.actions, p.samples, p.fell, p.fall) for p in first.plans] == \
        [(p.actions, p.samples, p.fell, p.fall) for p in again.plans]
    stratified = [p for p in first.plans if p.fall is not None]
    assert stratified and all(len(p.fell) == len(p.samples) == 6 for p in stratified)
    for plan in stratified:
        assert plan.mean == pytest.approx(stratified_mean(plan.samples, plan.fell, plan.fall))
    # the same samples as without it (the same seeds): only their reading changes
    plain = SearchPlayer(1).think(state, legal, random.Random(1), budget)
    assert all(p.fall is None for p in plain.plans)
    assert sorted(map(tuple, (p.samples for p in plain.plans if p.samples))) == \
        sorted(map(tuple, (p.samples for p in first.plans if p.samples)))
