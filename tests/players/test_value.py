"""The learned chance of winning (players/value.py): its readings worked out by hand on built
positions (R7.3, R7.4, R8), and what the fitted model says of positions whose order is clear."""

from __future__ import annotations

import math

import pytest

from conftest import ROOT, load_script, position
from tetrarchia.core.errors import OptionError
from tetrarchia.core.state import Result
from tetrarchia.players.evaluation import WIN, board_facts
from tetrarchia.players.value import (
    ARMY_FEATURES,
    FEATURES,
    GUARD_CAP,
    ODDS_CAP,
    RULED,
    features,
    learned_value,
    log_odds,
    odds_value,
    win_chance,
)
from tetrarchia.players.value_coefficients import COEFFICIENTS

EMPERORS = {"Maximian": "IV:3", "Galerius": "V:1", "Diocletian": "I:1", "Constantius": "II:1"}


def reading(**kwargs: object) -> dict[str, float]:
    state = position(level="4200", **kwargs)  # type: ignore[arg-type]
    return dict(zip(FEATURES, features(state, board_facts(state.board)), strict=True))


def test_one_coefficient_per_feature() -> None:
    assert len(COEFFICIENTS) == len(FEATURES)
    assert FEATURES[0] == "bias"
    assert any(c != 0.0 for c in COEFFICIENTS[1:]), "the model is fitted (bench/fit_value.py --write)"


def test_armies_are_read_by_their_expected_phases_to_roma() -> None:
    """Lvcania: 1 step to Roma, no broken link: 1 phase (army_1).  Africa: Sicilia, Lvcania,
    Roma, two broken links on the way (R7.4: 2 phases each on average): 3 + 2 = 5 phases
    (army_6, the band of 5 and 6).  Libya: 7 steps and 3 broken links, 10 phases: no band, but
    it counts among the armies (R7.3)."""
    found = reading(armies=["lvcania", "africa", "libya"], emperors=EMPERORS)
    assert found["armies"] == 3.0
    assert found["army_1"] == 1.0
    assert found["army_6"] == 1.0
    assert found["army_2"] == found["army_3"] == found["army_4"] == 0.0


def test_an_emperor_in_the_armys_way_takes_his_odds_off_its_band() -> None:
    """Constantius in Roma stands on the next step of the army in Lvcania (R7.3): the army_1
    reading is what is left when his odds of beating it are taken off (0 < it < 1)."""
    found = reading(armies=["lvcania"], emperors={**EMPERORS, "Constantius": "roma"})
    assert 0.0 < found["army_1"] < 1.0


def test_the_reserves_count_below_the_alarm() -> None:
    """R8: 7 unrest discs left is 3 below the alarm of 10 (3, and 3² / 10 = 0.9); 10 revolts
    left is none below it."""
    state = position(emperors=EMPERORS, level="4200")
    state.unrest_reserve, state.revolt_reserve = 7, 10  # the discs' count is not checked here
    found = dict(zip(FEATURES, features(state, board_facts(state.board)), strict=True))
    assert found["unrest_short"] == 3.0
    assert found["unrest_short2"] == pytest.approx(0.9)
    assert found["revolt_short"] == found["revolt_short2"] == 0.0


def test_a_game_over_is_certain() -> None:
    state = position(emperors=EMPERORS, level="4200")
    state.result = Result.ARMY_IN_ROMA
    assert win_chance(state) == 0.0 and learned_value(state) == -WIN
    state.result = Result.ROMA_VICTRIX
    assert win_chance(state) == 1.0 and learned_value(state) == WIN


def test_the_fitted_model_orders_clear_positions() -> None:
    """An army one phase from Roma, a secured border more or fewer revolts: the fitted chance
    moves the way every player knows it must."""
    quiet = position(emperors=EMPERORS, level="4200")
    army = position(armies=["lvcania"], emperors=EMPERORS, level="4200")
    revolts = position(discs={"I:2": "revolt", "I:3": "revolt", "II:2": "revolt"}, emperors=EMPERORS,
                       level="4200")
    assert 0.0 < win_chance(army) < win_chance(quiet) < 1.0
    assert win_chance(revolts) < win_chance(quiet)


def test_the_log_odds_value_orders_what_the_chance_flattens() -> None:
    """odds_value (the search's ``odds`` option): the model's log-odds on the evaluation's scale,
    in the same order as the chance, capped at ODDS_CAP, and a game over is WIN or -WIN."""
    quiet = position(emperors=EMPERORS, level="4200")
    army = position(armies=["lvcania"], emperors=EMPERORS, level="4200")
    facts = board_facts(quiet.board)
    for state in (quiet, army):
        z = log_odds(state, facts)
        assert win_chance(state) == pytest.approx(1.0 / (1.0 + math.exp(-z)))
        assert odds_value(state) == pytest.approx(WIN * max(-ODDS_CAP, min(ODDS_CAP, z)) / ODDS_CAP)
    assert odds_value(army) < odds_value(quiet)
    over = position(emperors=EMPERORS, level="4200")
    over.result = Result.ARMY_IN_ROMA
    assert odds_value(over) == -WIN
    over.result = Result.ROMA_VICTRIX
    assert odds_value(over) == WIN


def test_the_emperors_distance_to_each_armys_road() -> None:
    """R7.3: the army in Lvcania takes the road Roma; the one in Epirvs (IV:6) Lvcania, Roma,
    2 steps and a broken link on the way: 3 phases expected (R7.4).  Maximian in Etrvria is
    1 IP from Roma (R5.1: a normal link), 2 from Lvcania: 1 IP from either road, counted once in
    the band within 2 phases (guard_near) and once in the band of 3-4 (guard_far).  Two armies
    on the board leave one in the reserve (R9); a third empties it."""
    others = {"Galerius": "V:1", "Diocletian": "I:1", "Constantius": "II:1"}
    found = reading(armies=["lvcania", "IV:6"], emperors={"Maximian": "etrvria", **others})
    assert found["guard_near"] == 1.0
    assert found["guard_far"] == 1.0
    assert found["no_army_left"] == 0.0
    found = reading(armies=["lvcania", "IV:6", "libya"], emperors={"Maximian": "etrvria", **others})
    assert found["no_army_left"] == 1.0
    # every Emperor in the far west or east: Cilicia is 8 IP from Roma (the cap), Tingitana and
    # Syria 9, Mesopotamia 10 (R5.1's distances over the board's links)
    far = reading(armies=["lvcania"], emperors={"Maximian": "V:2", "Galerius": "V:1",
                                                "Diocletian": "I:1", "Constantius": "V:3"})
    assert far["guard_near"] == GUARD_CAP == 8


def test_the_garrisons_are_weighed_by_the_rules_not_by_the_fit() -> None:
    """R5.3: a border is secured with a garrison of the Emperor standing there; garrisons come
    back only when the game removes them (R7.2).  The heuristic's games never run short, so the
    fit cannot weigh a shortage: ``RULED`` sets it, and the coefficients keep it."""
    for name, value in RULED.items():
        assert COEFFICIENTS[FEATURES.index(name)] == value
    assert RULED["garrison_short"] < 0.0 and RULED["garrisons_left"] == 0.0
    state = position(emperors=EMPERORS, level="4200")
    enough = win_chance(state)
    state.garrisons = [0, 0, 1, 0]  # one garrison left for six open borders: five short
    assert win_chance(state) < enough


def test_the_fit_reads_the_search_s_own_games_by_their_seed() -> None:
    """bench/fit_value.py --player search:N (issue 28): the search with N samples per plan and no
    time limit plays the game, so the readings at each Roman phase's start (R4) depend on the
    seed alone; they are the search's positions, not the heuristic's."""
    fit_value = load_script(ROOT / "bench" / "fit_value.py", "bench_fit_value")
    rows, values, won = fit_value.play("4200", 7, "search:1")
    assert (rows, values, won) == fit_value.play("4200", 7, "search:1")
    assert rows and len(rows) == len(values) and all(len(r) == len(FEATURES) for r in rows)
    assert fit_value.play("4200", 7)[0] != rows  # the heuristic's game from the same setup
    with pytest.raises(OptionError, match="the heuristic player does not sample dice"):
        fit_value.read_player("heuristic:3")  # what main() checks before playing any game


def test_the_monotone_fit_never_counts_a_nearer_army_as_better() -> None:
    """bench/fit_value.py --monotone (issue 28): in the games fitted, the armies three or four
    phases from Roma go with won games more than those farther away (the armies a player is
    already meeting), and the search, valuing its samples' ends by such a fit, would see an army
    that marches on (R7.3) as good news.  The monotone fit pools bands out of order and sets a
    last band above 0 to 0; where the data keep the order it is the plain fit."""
    import numpy as np

    fit_value = load_script(ROOT / "bench" / "fit_value.py", "bench_fit_value")
    bands_read = [FEATURES.index(name) for name in ARMY_FEATURES]  # what --monotone orders
    assert bands_read == sorted(bands_read) and FEATURES[bands_read[0]] == "army_1"
    rng = np.random.default_rng(5)
    n = 6_000
    x = np.column_stack([np.ones(n), rng.poisson(0.8, (n, 3)), rng.normal(size=n)])
    bands = [1, 2, 3]  # nearest Roma first
    no_offset = np.zeros(n)

    def games(truth: list[float]) -> np.ndarray:
        won: np.ndarray = rng.random(n) < 1.0 / (1.0 + np.exp(-(x @ np.array(truth))))
        return won.astype(float)

    y = games([0.5, -1.0, 0.6, -0.2, 0.4])  # the middle band "better" than the far one
    plain = fit_value.fit(x, y, 1.0)
    assert plain[2] > plain[3]  # the plain fit follows the data out of order
    w = fit_value.fit_monotone(x, y, 1.0, no_offset, bands)
    assert w[1] <= w[2] <= w[3] <= 0.0
    assert w[2] == w[3]  # pooled (and at the bound here)
    assert abs(w[4] - plain[4]) < 0.1  # the other readings are still fitted
    y = games([0.5, -1.0, -0.6, -0.2, 0.4])  # already in order: nothing to pool
    assert np.allclose(fit_value.fit_monotone(x, y, 1.0, no_offset, bands), fit_value.fit(x, y, 1.0))


def test_the_fit_ahead_reads_the_model_a_few_turns_later() -> None:
    """bench/fit_value.py --ahead K (issue 28): each position's target is the model's own chance
    at the same game's position K Roman phases later (R4), or the game's result where it ended
    before; where every game ends within K phases it is the plain fit of the results."""
    import numpy as np

    fit_value = load_script(ROOT / "bench" / "fit_value.py", "bench_fit_value")
    g = np.array([7, 7, 7, 8, 8, 7])  # game 7, game 8, then game 7 of another level
    lv = np.array([4200, 4200, 4200, 4200, 4200, 4211])
    assert list(fit_value.ahead_index(g, lv, 1)) == [1, 2, -1, 4, -1, -1]
    assert list(fit_value.ahead_index(g, lv, 2)) == [2, -1, -1, -1, -1, -1]
    rng = np.random.default_rng(9)
    n = 2_000
    x = np.column_stack([np.ones(n), rng.normal(size=n)])
    y = (rng.random(n) < 1.0 / (1.0 + np.exp(-x[:, 1]))).astype(float)
    none = np.full(n, -1)
    offset = np.zeros(n)
    start = np.array([0.3, -0.2])
    assert np.allclose(fit_value.fit_ahead(x, y, none, 1.0, offset, start), fit_value.fit(x, y, 1.0))
    later = np.where(np.arange(n) % 2 == 0, np.arange(n) + 1, -1)  # games of two positions
    one_round = fit_value.fit_ahead(x, y, later, 1.0, offset, start, rounds=1)
    chance = 1.0 / (1.0 + np.exp(-(x @ start)))
    target = np.where(later >= 0, chance[np.maximum(later, 0)], y)
    assert np.allclose(one_round, fit_value.fit(x, target, 1.0))
