"""The forecast of the Barbarian phase (analysis/forecast.py): exact figures, checked against a
Monte Carlo estimate of the same quantities over the engine itself, with seeded dice."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pytest

from conftest import game_at_roman_phase, option_position, position
from tetrarchia.analysis.forecast import (
    Forecast,
    NotForecastable,
    engine_forecast,
    fast_forecast,
    fast_model_gap,
    forecast,
    let_it_pass,
    position_before,
    stop_at_phase_end,
    stop_before_advance,
)
from tetrarchia.core.actions import Action, Roll
from tetrarchia.core.engine import apply_trusted, legal_actions, resume, start_barbarian_phase
from tetrarchia.core.pieces import GOTHS, REVOLT, UNREST
from tetrarchia.core.serialize import position_to_json
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, Result, State
from tetrarchia.game import Game
from tetrarchia.players.random_player import RandomPlayer

Z_999 = 3.2905  # the two-sided 99.9% interval of a normal estimate


def roman_phase(seed: int, level: str = "4211", options: tuple[str, ...] = ()) -> State:
    """A seeded game at its first Roman action."""
    return game_at_roman_phase(seed, Settings(level=Level.parse(level), options=options)).state


def later_roman_phases(seed: int, level: str, options: tuple[str, ...], count: int) -> list[State]:
    """The first ``count`` Roman phases (at their first action) of a seeded random game."""
    game = Game.new(Settings(level=Level.parse(level), options=options), seed=seed)
    player = RandomPlayer(seed)
    found: list[State] = []
    while not game.state.is_over and len(found) < count:
        state = game.state
        if state.awaiting is Awaiting.ROLL:
            game.roll()
            continue
        if state.awaiting is Awaiting.ROMAN_ACTION and state.ip == 6 and state.passer < 0:
            found.append(state.copy())
        game.play(player.choose(state, legal_actions(state)))
    return found


def play_out(state: State, rng: random.Random) -> State:
    """Seeded dice (and let-it-pass decisions) until the dice stop."""
    while not state.is_over and state.awaiting in (Awaiting.ROLL, Awaiting.DECISION):
        if state.awaiting is Awaiting.ROLL:
            apply_trusted(state, Roll(tuple(rng.randint(1, 6) for _ in range(state.roll_count))))
        else:
            apply_trusted(state, let_it_pass(state, legal_actions(state)))
    return state


def agrees(exact: float, hits: int, runs: int, what: str, z: float = 4.5) -> None:
    """The exact figure lies within ``z`` standard errors of the estimate (4.5: a false alarm
    about once in 150,000 comparisons; Z_999: the estimate's 99.9% confidence interval)."""
    estimate = hits / runs
    error = math.sqrt(max(exact * (1 - exact), 1 / runs) / runs)
    assert abs(estimate - exact) <= z * error, f"{what}: exact {exact:.5f}, sampled {estimate:.5f}"


def monte_carlo(state: State, exact: Forecast, runs: int, seed: int, z: float = 4.5) -> None:
    """The forecast's figures against ``runs`` plays of the phase through the engine itself:
    the discs after R7.2, then (other runs) the whole phase: the fall, each Emperor's removal,
    each army's fate."""
    before = position_before(state)
    start = before.copy()
    resume(start)
    cut, _ = stop_before_advance(start)
    whole = stop_at_phase_end(start)
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
        agrees(exact.revolt[p], revolts[p], runs, f"revolt in {start.board.name(p)}", z)
        agrees(exact.unrest[p], unrests[p], runs, f"unrest in {start.board.name(p)}", z)
    falls = 0
    removed = [0] * 4
    fates = {a.province: [0, 0, 0] for a in exact.armies}
    for _ in range(runs):
        end = play_out(whole.copy(), rng)
        falls += end.result is not Result.ONGOING
        for e in range(4):
            removed[e] += before.emperor_at[e] >= 0 and end.emperor_at[e] < 0
        for a in exact.armies:
            army = before.figure[a.province]
            if a.next_step >= 0 and end.figure[a.next_step] == army and before.figure[a.next_step] != army:
                fates[a.province][0] += 1
            elif end.figure[a.province] == army:
                fates[a.province][1] += 1
            else:
                fates[a.province][2] += 1
    agrees(exact.fall, falls, runs, "the fall of the Empire", z)
    for e in range(4):
        agrees(exact.emperor_removed[e], removed[e], runs, f"Emperor {e} removed", z)
    for a in exact.armies:
        for figure, hits, what in zip((a.advances, a.stays, a.destroyed), fates[a.province],
                                      ("advances", "stays", "is destroyed"), strict=True):
            agrees(figure, hits, runs, f"the army in {start.board.name(a.province)} {what}", z)


def assert_same(fast: Forecast | None, engine: Forecast) -> None:
    """Every figure of the fast model equals the engine-following forecast's within 1e-9 (and
    the probability of the branches the engine dropped as too unlikely, under 1e-12 each)."""
    assert fast is not None, "the fast model does not cover this position"
    assert fast.method == "fast" and engine.method == "engine"
    assert fast.unresolved == 0
    tolerance = 1e-9 + engine.unresolved
    pairs = list(zip(fast.revolt + fast.unrest + fast.uprising + fast.emperor_in_revolt
                     + fast.emperor_removed,
                     engine.revolt + engine.unrest + engine.uprising + engine.emperor_in_revolt
                     + engine.emperor_removed, strict=True))
    pairs += [(fast.army_in_roma, engine.army_in_roma), (fast.reserve_empty, engine.reserve_empty)]
    assert [(a.province, a.next_step, a.battle) for a in fast.armies] == \
        [(a.province, a.next_step, a.battle) for a in engine.armies]
    for x, y in zip(fast.armies, engine.armies, strict=True):
        pairs += [(x.advances, y.advances), (x.stays, y.stays), (x.destroyed, y.destroyed)]
    worst = max(abs(x - y) for x, y in pairs)
    assert worst <= tolerance, f"the fast model differs by {worst:.2e}"


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


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "level", "options", "turn"), [
    (3, "4211", (), 0),  # an army on a broken link (1/2), uprisings spreading
    (6, "4211", ("dux",), 4),  # an army attacking Galerius (13/18 to win): removed 0.70, fall 0.07
    (3, "5311", (), 6),  # Constantius attacked at odds 5/12 each way
    (6, "5311", (), 4),  # two battles in one phase, Diocletian and Galerius, fall 0.15
])
def test_the_fast_model_agrees_with_100000_plays_of_the_engine(
        seed: int, level: str, options: tuple[str, ...], turn: int) -> None:
    """Issue 8's done-when: every figure within the 99.9% confidence interval of a 100,000-run
    Monte Carlo estimate over the engine itself (seeded: the same runs every time)."""
    state = later_roman_phases(seed, level, options, turn + 1)[turn]
    exact = forecast(state)
    assert exact.method == "fast"
    monte_carlo(state, exact, runs=100_000, seed=seed, z=Z_999)


# --- the fast model against the engine-following forecast --------------------------------------
@pytest.mark.parametrize(("seed", "level", "options"), [
    (1, "5300", ()), (2, "5300", ()), (3, "4211", ()), (2, "4211", ("dux",)),
    (3, "4211", ("vicarius",)), (3, "4211", ("imperivm-1st", "roma-aeterna")),
    (1, "4221", ("mauretanian-war",)),
])
def test_the_fast_model_equals_the_engine_following_forecast(
        seed: int, level: str, options: tuple[str, ...]) -> None:
    state = roman_phase(seed, level, options)
    assert_same(fast_forecast(state), engine_forecast(state))
    assert forecast(state) == fast_forecast(state)


COVERED_GAMES = [
    ("4211", ()), ("5300", ()), ("5311", ()), ("4200", ()), ("3122", ()),
    ("4211", ("dux",)), ("4211", ("vicarius",)), ("4211", ("diarchia",)),
    ("4211", ("mare-nostrvm",)), ("4211", ("patres-patriae",)), ("4211", ("via-romana",)),
    ("4211", ("imperivm-1st",)), ("4211", ("roma-aeterna",)), ("4211", ("the-great",)),
    ("4221", ("mauretanian-war",)), ("4211", ("dux", "vicarius", "diarchia")),
    ("4211", ("goths",)), ("4211", ("pirates",)), ("4211", ("barbaria",)),
    ("4211", ("goths", "pirates", "barbaria")),
]


@pytest.mark.slow
@pytest.mark.parametrize(("level", "options"), COVERED_GAMES)
def test_the_fast_model_equals_the_engine_in_random_games(level: str, options: tuple[str, ...]) -> None:
    """Later Roman phases of seeded random games (armies on the board, chained uprisings,
    broken links, battles in R7.3), for the base game and each option the model covers."""
    checked = 0
    for seed in range(1, 3):
        for state in later_roman_phases(seed, level, options, 3):
            assert_same(fast_forecast(state), engine_forecast(state))
            checked += 1
    assert checked >= 4


@pytest.mark.slow
@pytest.mark.parametrize("level", ["3322", "4222"])
def test_the_fast_model_equals_the_engine_at_the_hardest_levels(level: str) -> None:
    """Two armies and eight revolts from the start: thousands of situations, long uprising
    chains; the engine needs seconds per position."""
    state = roman_phase(2, level)
    assert_same(fast_forecast(state), engine_forecast(state))


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


@pytest.mark.parametrize("method", [forecast, engine_forecast])
def test_an_uprising_breaks_out_where_the_activity_falls_on_a_revolt(
        method: Callable[[State], Forecast]) -> None:
    """R7.2: the one revolt, Baetica I:2, rises when the activity falls on it (1/36); every
    border is empty, so the uprising's army arrives and nothing chains: no other province can
    rise, though the uprising spreads revolts to Baetica's neighbours."""
    state = position(discs={"I:2": "revolt"}, emperors={"Maximian": "roma"})
    f = method(state)
    baetica = state.board.province("I:2").index
    assert f.uprising[baetica] == pytest.approx(1 / 36, abs=1e-12)
    assert all(p == 0 for q, p in enumerate(f.uprising) if q != baetica)


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


# --- hand-built positions: chained uprisings, broken links, reserves running dry -----------------
REGION_V = ("V:1", "V:2", "V:3", "V:4", "V:5", "V:6")


BORDERS_HELD = {"gaetvlia": "garrison Diocletian", "britannia": "garrison Galerius",
                "germania_magna": "garrison Constantius", "sarmatia": "garrison Maximian"}


def test_uprisings_chaining_on_held_borders() -> None:
    """One revolt (Syria), two armies and four garrisons on the borders: an uprising's Roman
    die never finds an empty border (R7.2), so the dice start new activities, and an uprising
    in Syria once its neighbours revolt changes nothing and chains again: a loop the fast model
    sums exactly (unresolved 0), the engine to within the branches it drops."""
    state = position(discs={"V:2": "revolt", **BORDERS_HELD}, armies=["persia", "libya"],
                     emperors={"Maximian": "roma"})
    fast = fast_forecast(state)
    assert fast is not None and fast.unresolved == 0
    assert_same(fast, engine_forecast(state))


@pytest.mark.slow
def test_chained_uprisings_that_come_back_to_their_situation() -> None:
    """Region V all in revolt, its neighbours in unrest, two armies and four garrisons on the
    borders: every uprising's Roman die finds a border that is not empty (R7.2), so the dice
    start a new activity; uprisings that change nothing chain without end.  The fast model sums
    that loop exactly (unresolved 0); the engine drops branches under 1e-12."""
    discs = dict.fromkeys(REGION_V, "revolt")
    discs.update({"IV:3": "unrest", "VI:1": "unrest", "IV:4": "unrest"})
    discs.update(BORDERS_HELD)
    state = position(discs=discs, armies=["persia", "libya"],
                     emperors={"Maximian": "roma", "Diocletian": "IV:5"})
    fast = fast_forecast(state)
    assert fast is not None and fast.unresolved == 0
    assert_same(fast, engine_forecast(state))
    thracia = state.board.province("IV:3").index
    assert 0 < fast.revolt[thracia] < 1


def west_in_revolt() -> dict[str, str]:
    """Regions I-III and Cisalpina in revolt: 19 of the 21 revolt discs on the board (R1)."""
    discs = {f"{numeral}:{number}": "revolt" for numeral in ("I", "II", "III") for number in range(1, 7)}
    discs["cisalpina"] = "revolt"
    return discs


def test_the_revolt_reserve_running_dry_in_the_activity() -> None:
    """Venetia in revolt too: one revolt disc left.  A second revolt placed in R7.2 (an unrest
    of region V turning after an uprising in the west spread to region IV, or an uprising
    spreading to two provinces) ends the game (R8), in the board order where the engine ends
    it."""
    discs = west_in_revolt()
    discs.update({"venetia": "revolt", "V:1": "unrest", "V:3": "unrest"})
    state = position(discs=discs, armies=["persia"], emperors={"Maximian": "roma"})
    assert state.revolt_reserve == 1
    fast = fast_forecast(state)
    assert_same(fast, engine_forecast(state))
    assert fast is not None and fast.reserve_empty > 0


def test_a_reserve_that_may_run_dry_amid_the_dominoes_is_left_to_the_engine() -> None:
    """Two revolt discs left and a chain of three unrest (Dacia, Moesia Inferior, Thracia)
    joined to the revolt in Moesia Superior by normal links: R7.1 runs the reserve dry, and
    where it stops depends on the engine's order (D11), so the engine answers, exactly."""
    discs = west_in_revolt()
    discs.update({"IV:1": "unrest", "IV:2": "unrest", "IV:3": "unrest"})
    state = position(discs=discs, emperors={"Maximian": "roma"})
    assert state.revolt_reserve == 2
    assert fast_forecast(state) is None
    result = forecast(state)
    assert result.method == "engine" and result.reserve_empty == pytest.approx(1.0)


def test_armies_placed_in_the_phase_wait_with_d2_off() -> None:
    """With D2 off an army arriving in this phase does not advance; the model reads D10's order
    from the rules (advance_order) and agrees."""
    state = position(discs={"V:1": "revolt", "V:2": "revolt", "VI:1": "revolt"},
                     armies=["britannia"], emperors={"Maximian": "roma", "Galerius": "II:1"},
                     settings={"new_armies_advance": False})
    assert_same(fast_forecast(state), engine_forecast(state))


@pytest.mark.parametrize(("options", "level", "hook"), [
    (("imperivm",), "4211", "before_attack"), (("vsvrpator",), "4211", "revolt_placed"),
])
def test_options_the_model_does_not_cover_get_the_engine(
        options: tuple[str, ...], level: str, hook: str) -> None:
    state = roman_phase(3, level, options)
    gap = fast_model_gap(position_before(state))
    assert gap is not None and hook in gap
    assert fast_forecast(state) is None
    assert forecast(state) == engine_forecast(state)


@pytest.mark.parametrize(("options", "seed", "turns"), [
    (("pirates",), 2, (1, 2)),  # D4: the Pirates come back with an uprising, moving only themselves
    (("barbaria",), 3, (1, 2)),  # R12.6: every moment of the Barbarian player passed
    (("goths",), 1, (1, 2)),  # R11.4: the Goths on the board, +1 on their broken links
    (("goths",), 4, (0, 1, 2)),  # R11.4, D5, D19: the Goths waiting in the reserve
])
def test_the_fast_model_covers_the_options_it_is_equal_on(
        options: tuple[str, ...], seed: int, turns: tuple[int, ...]) -> None:
    """Seeded Roman phases of games with the Pirates, Barbaria, or the Goths on the board: the
    fast model answers (milliseconds where the engine takes seconds) with the engine's figures
    to within 1e-9, the chances of an uprising included."""
    states = later_roman_phases(seed, "4211", options, max(turns) + 1)
    for turn in turns:
        state = states[turn]
        assert fast_model_gap(position_before(state)) is None
        fast = forecast(state)
        assert_same(fast, engine_forecast(state))
    if options == ("goths",):  # on the board with seed 1, in the reserve with seed 4
        assert all((GOTHS in states[turn].figure) == (seed == 1) for turn in turns)


@pytest.mark.parametrize("standing", [
    pytest.param({"discs": {"germania_magna": "garrison Maximian"}}, id="secured"),
    pytest.param({"armies": ["sarmatia"]}, id="an-army"),
    pytest.param({"emperors": {"Maximian": "roma", "Galerius": "sarmatia"}}, id="an-emperor"),
])
def test_the_goths_arriving_from_the_reserve_sweep_the_border(standing: dict[str, Any]) -> None:
    """R11.4, D19: with the Goths in the reserve an uprising's army on border III or IV is the
    Goths, whatever stands there (a garrison goes home, an army back to the reserve, an Emperor
    off the board); the fast model follows them, equal to the engine.  Every border but these
    two holds something, so uprisings chain (R7.2) until the Goths come."""
    discs = {"III:2": "revolt", "III:3": "revolt", "IV:2": "revolt", "IV:1": "unrest",
             "gaetvlia": "garrison Diocletian", "britannia": "garrison Maximian",
             "persia": "garrison Galerius", "libya": "garrison Constantius"}
    given: dict[str, Any] = {"emperors": {"Maximian": "roma"}, **standing}
    given["discs"] = {**discs, **standing.get("discs", {})}
    state = option_position(("goths",), **given)
    assert GOTHS not in state.figure and fast_model_gap(position_before(state)) is None
    fast = fast_forecast(state)
    assert fast is not None
    assert_same(fast, engine_forecast(state))
    if "emperors" in standing:  # Galerius swept off Sarmatia in some branches
        assert 0 < fast.emperor_removed[1] < 1


def test_the_barbarian_players_choices_made_otherwise_get_the_engine() -> None:
    """R12.6: the fast model is the phase with his moments passed; another policy (here: he
    rerolls or spends whenever he may) is followed through the engine."""
    state = later_roman_phases(3, "4211", ("barbaria",), 3)[2]

    def spends(state: State, actions: list[Action]) -> Action:
        return actions[0]

    assert fast_model_gap(position_before(state), passing=False) is not None
    assert forecast(state, spends).method == "engine"


def test_the_goths_on_a_broken_link_hold_four_times_in_six() -> None:
    """R11.4, R7.4: the Goths add +1 to their broken-link roll: 3-6 linked.  The Goths in
    Narbonensis II:6 (its arrow to Cisalpina is a broken link), nothing in their way."""
    state = option_position(("goths",), records={"goths": ["II:6"]}, emperors={"Maximian": "roma"})
    narbonensis = state.board.province("II:6").index
    goths = next(a for a in forecast(state).armies if a.province == narbonensis)
    assert state.board.link_between[(narbonensis, goths.next_step)].broken
    assert goths.advances == pytest.approx(4 / 6, abs=1e-12)
    assert_same(fast_forecast(state), engine_forecast(state))


def test_a_phase_already_begun_gets_the_engine() -> None:
    """At a roll inside the phase the rest of it is forecast by the engine (the model starts
    from the phase's beginning)."""
    state = roman_phase(3)
    inside = phase_start_copy(state)
    assert inside.awaiting is Awaiting.ROLL
    assert fast_model_gap(inside) == "the phase has begun: its rest is followed through the engine"
    result = forecast(inside)
    assert result.method == "engine" and result == engine_forecast(inside)


def test_d3_off_gets_the_engine() -> None:
    state = position(discs={"I:2": "revolt", "I:1": "unrest"}, emperors={"Maximian": "roma"},
                     settings={"broken_link_once": False})
    gap = fast_model_gap(position_before(state))
    assert gap is not None and "D3" in gap
    assert forecast(state).method == "engine"


def phase_start_copy(state: State) -> State:
    start = start_barbarian_phase(state)
    resume(start)
    return start


@pytest.mark.parametrize("method", [forecast, engine_forecast])
def test_an_emperor_removed_at_r712_counts_without_any_roll(method: Callable[[State], Forecast]) -> None:
    """Galerius stands on the unrest of Belgica II:1, linked by a normal link to the revolt of
    Germania Inferior II:2: R7.1 turns it without a die and R7.1.2 takes him off the board.
    Both methods read the Emperors as they stand before the phase: in revolt 1, removed 1."""
    state = position(discs={"II:1": "unrest", "II:2": "revolt"},
                     emperors={"Maximian": "roma", "Galerius": "II:1"})
    result = method(state)
    assert result.emperor_in_revolt[1] == pytest.approx(1.0)
    assert result.emperor_removed[1] == pytest.approx(1.0)
    assert result.emperor_removed[3] == 0.0
