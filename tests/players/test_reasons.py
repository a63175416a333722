"""Hints worth trusting (issue 24): every reason a hint or an AI seat gives is a true claim about
the difference between the position before its plan and the position after (checked here by
reading the two positions, over seeded positions of the base game and of every optional rule);
no reason offered is a drawback for the seat; no hinted plan walks a piece round in a loop; a
hint never lists equal chances without saying why; and its interval is narrow enough to rank.
Each test holds its own time limit (seconds)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from itertools import product

import pytest

from conftest import position, prov
from tetrarchia.cli.advice import AiSeats, advice_lines, explain, planned
from tetrarchia.core.actions import Action, Attack, EndPhase, Move, Roll
from tetrarchia.core.engine import BARBARIAN_SEAT, apply_trusted, deciding_seat, legal_actions, resume
from tetrarchia.core.errors import OptionError
from tetrarchia.core.pieces import DUX, GARRISON, REBEL, REVOLT, UNREST, VICARIUS, Emperor, is_army
from tetrarchia.core.rulebook import REGISTRY
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, Result, State
from tetrarchia.game import Game
from tetrarchia.options.scenarios import SCENARIOS, scenario_level
from tetrarchia.players import Budget
from tetrarchia.players.advice import Advice, Same, advise, candidates, has_loop, verdict, without_loops
from tetrarchia.players.estimate import Estimate, Runner, estimate
from tetrarchia.players.evaluation import WEIGHTS, board_facts
from tetrarchia.players.heuristic import choose
from tetrarchia.players.reasons import Claim, Reason, reasons
from tetrarchia.players.search import enumerate_plans
from tetrarchia.render.advice import advice_json, hint_json, told_in

GAINS = {"rome": {Claim.WINS, Claim.BATTLE, Claim.ARMY_DESTROYED, Claim.REVOLT_ENDED, Claim.REVOLT_CALMED,
                  Claim.UNREST_REMOVED, Claim.BORDER_SECURED, Claim.GARRISON_PLACED, Claim.OFF_REVOLT,
                  Claim.ONTO_ROAD, Claim.FLEET_PLACED, Claim.IP_GAINED},
         "barbarian": {Claim.ROMA_FALLS, Claim.UNREST_PLACED, Claim.REVOLT_PLACED, Claim.ARMY_PLACED,
                       Claim.EMPEROR_OFF_ROAD}}
FACTS = {Claim.ENTERS, Claim.MOVES, Claim.ENDS_PHASE}


def settings_of(option: str | None) -> Settings | None:
    """The base game (None) or one optional rule at 4211 (a scenario at its own level)."""
    if option is None:
        return Settings(level=Level.parse("4211"))
    scenario = next((s for s in SCENARIOS if s.key == option), None)
    level = scenario_level(option) if scenario is not None else Level.parse("4211")
    try:
        return Settings(level=level, options=(option,))
    except OptionError:
        return None  # an option that needs others: met in the option sets of test_players


def positions(settings: Settings, seed: int, count: int) -> Iterator[State]:
    """``count`` positions awaiting a decision, spread over a seeded heuristic game (and the
    next game of the next seed when one ends first)."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        game = Game.new(settings, seed=seed)
        state = game.state
        dice = random.Random(seed + 1)
        while not state.is_over and found < count:
            if state.awaiting is Awaiting.ROLL:
                apply_trusted(state, Roll(tuple(dice.randint(1, 6) for _ in range(state.roll_count))))
            elif state.awaiting is Awaiting.RUN:
                resume(state)
            else:
                if rng.random() < 0.15:
                    found += 1
                    yield state.copy()
                apply_trusted(state, choose(state, legal_actions(state), rng))
        seed += 1000


def plans_of(state: State, rng: random.Random) -> list[tuple[Action, ...]]:
    """Plans to explain: up to 4 single actions, every one that attacks, and in a Roman phase
    the search's 3 best plans."""
    legal = legal_actions(state)
    chosen: list[tuple[Action, ...]] = [(a,) for a in rng.sample(legal, min(4, len(legal)))]
    chosen += [(a,) for a in legal if isinstance(a, Attack)][:3]
    if state.awaiting in (Awaiting.ROMAN_ACTION, Awaiting.ENTRY):
        chosen += [tuple(p.actions) for p in enumerate_plans(state, WEIGHTS, board_facts(state.board), 6)[:3]]
    return chosen


def road(state: State, army: int) -> set[int]:
    """The next 4 steps of the army in ``army`` towards Roma along the arrows (R7.3)."""
    board = state.board
    steps: set[int] = set()
    at = army
    for _ in range(4):
        if at < 0 or at == board.roma:
            break
        at = board.next_step[at]
        if at >= 0:
            steps.add(at)
    return steps


def where(state: State, piece: int) -> int:
    if 0 <= piece < 4:
        return state.emperor_at[piece]
    return state.figure.index(piece) if piece in state.figure else -1


def battle_bounds(after: State, target: int) -> tuple[float, float]:
    """After an attack, over the first roll: the share of rolls that leave no army in
    ``target`` with nothing more to decide (a floor), and that share plus the rolls after which
    a decision or another roll is pending (a ceiling)."""
    if after.awaiting is not Awaiting.ROLL:
        return 0.0, 1.0
    faces = list(product(range(1, 7), repeat=after.roll_count))
    gone = open_ = 0
    for dice in faces:
        child = after.copy()
        apply_trusted(child, Roll(dice))
        while child.awaiting is Awaiting.RUN:
            resume(child)
        if child.awaiting in (Awaiting.ROLL, Awaiting.DECISION) and not child.is_over:
            open_ += 1
        elif not is_army(child.figure[target]):
            gone += 1
    return gone / len(faces), (gone + open_) / len(faces)


def holds(reason: Reason, before: State, after: State, plan: tuple[Action, ...]) -> bool:
    """Whether ``reason`` is true of the two positions, read here from the positions alone."""
    c, places, piece = reason.claim, reason.places, reason.piece
    p = places[0] if places else -1
    board = before.board
    if c in (Claim.WINS, Claim.ROMA_FALLS):
        return before.result is Result.ONGOING and after.result.is_victory == (c is Claim.WINS) and \
            after.result is not Result.ONGOING
    if c is Claim.BATTLE:
        last = plan[-1]
        low, high = battle_bounds(after, p)
        return isinstance(last, Attack) and last.target == p and is_army(before.figure[p]) and \
            0.0 < reason.chance <= 1.0 and low - 1e-9 <= reason.chance <= high + 1e-9
    if c is Claim.ARMY_DESTROYED:
        return is_army(before.figure[p]) and not is_army(after.figure[p])
    if c is Claim.ARMY_PLACED:
        return is_army(after.figure[p]) and not is_army(before.figure[p])
    if c is Claim.REVOLT_ENDED:
        return before.disc[p] == REVOLT and after.disc[p] not in (UNREST, REVOLT)
    if c is Claim.REVOLT_CALMED:
        return before.disc[p] == REVOLT and after.disc[p] == UNREST
    if c is Claim.UNREST_REMOVED:
        return before.disc[p] == UNREST and after.disc[p] not in (UNREST, REVOLT)
    if c is Claim.UNREST_PLACED:
        return before.disc[p] not in (UNREST, REVOLT) and after.disc[p] == UNREST
    if c is Claim.REVOLT_PLACED:
        return before.disc[p] != REVOLT and after.disc[p] == REVOLT
    if c in (Claim.BORDER_SECURED, Claim.GARRISON_PLACED):
        border = board.is_border[p] == (c is Claim.BORDER_SECURED)
        return border and before.disc[p] < GARRISON <= after.disc[p]
    if c is Claim.OFF_REVOLT:
        now = after.emperor_at[piece]
        return before.emperor_at[piece] == p and before.disc[p] == REVOLT and now != p and \
            (now < 0 or after.disc[now] != REVOLT)
    if c in (Claim.ONTO_ROAD, Claim.EMPEROR_OFF_ROAD):
        on_road = road(after, p)
        was, now = before.emperor_at[piece], after.emperor_at[piece]
        marching = is_army(after.figure[p]) and after.figure[p] != REBEL
        if c is Claim.ONTO_ROAD:
            return marching and now in on_road and was not in on_road
        return marching and was in on_road and now not in on_road
    if c is Claim.FLEET_PLACED:
        return after.fleets[p] > before.fleets[p]
    if c is Claim.IP_GAINED:
        return after.ip - before.ip == p and after.turn == before.turn
    if c is Claim.ENTERS:
        return before.emperor_at[piece] < 0 and after.emperor_at[piece] == p
    if c is Claim.MOVES:
        origin, dest = places
        return where(before, piece) == origin and where(after, piece) == dest and origin != dest
    if c is Claim.ENDS_PHASE:
        return isinstance(plan[-1], EndPhase) and int(plan[-1].emperor) == piece
    return False


def check_position(state: State, rng: random.Random) -> int:
    """Every reason of every plan of ``state`` checked; the count of reasons checked."""
    side = "barbarian" if deciding_seat(state) == BARBARIAN_SEAT else "rome"
    checked = 0
    for plan in plans_of(state, rng):
        after = state.copy()
        for action in plan:
            apply_trusted(after, action)
        found = reasons(state, plan, after)
        assert found or not isinstance(plan[-1], EndPhase), plan  # a bare EndPhase says so
        gains = [r for r in found if r.claim in GAINS[side]]
        # only the seat's gains, or (none) the plain facts: never a drawback as a reason
        assert gains == found or (not gains and all(r.claim in FACTS for r in found)), (plan, found)
        for reason in found:
            assert holds(reason, state, after, plan), (plan, reason)
            for lang in ("en", "es", "fr"):
                told_in(reason.said(state.board), lang)  # every language tells it
            checked += 1
    return checked


def option_cases() -> list[str | None]:
    return [None, *sorted(REGISTRY)]


@pytest.mark.parametrize("option", option_cases(), ids=lambda o: o or "base")
def test_every_reason_is_true_of_the_positions_before_and_after(option: str | None) -> None:
    """24 positions of the base game, 5 of each option (every reason of up to 10 plans each)."""
    started = time.monotonic()
    settings = settings_of(option)
    if settings is None:
        pytest.skip(f"{option} needs other options")
    rng = random.Random(24)
    count = 24 if option is None else 5
    checked = sum(check_position(state, rng) for state in positions(settings, 24, count))
    assert checked >= count  # reasons were given (not an empty check)
    assert time.monotonic() - started < 60


@pytest.mark.slow
@pytest.mark.parametrize("option", option_cases(), ids=lambda o: o or "base")
def test_every_reason_is_true_over_many_positions(option: str | None) -> None:
    """200 positions of the base game, 40 of each option, other seeds."""
    started = time.monotonic()
    settings = settings_of(option)
    if settings is None:
        pytest.skip(f"{option} needs other options")
    rng = random.Random(2424)
    count = 200 if option is None else 40
    assert sum(check_position(state, rng) for state in positions(settings, 2424, count)) >= count
    assert time.monotonic() - started < 600


def test_a_bare_end_of_phase_says_only_that() -> None:
    started = time.monotonic()
    state = position(discs={"IV:1": "unrest"}, emperors={"Galerius": "IV:1"}, turn="Galerius")
    end = next(a for a in legal_actions(state) if isinstance(a, EndPhase))
    said = [str(r.said(state.board)) for r in reasons(state, [end])]
    assert said == ["ends Galerius's phase"]
    assert time.monotonic() - started < 5


def test_reasons_name_the_places_changed() -> None:
    # an army in Sarmatia marches through Dacia (IV:1) towards Roma (R7.3): Galerius, from
    # Moesia Svperior (III:5), moves onto its road
    started = time.monotonic()
    state = position(emperors={"Galerius": "III:5"}, armies=["sarmatia"], turn="Galerius")
    move = next(a for a in legal_actions(state) if isinstance(a, Move) and a.dest == prov("IV:1"))
    said = [str(r.said(state.board)) for r in reasons(state, [move])]
    assert said == ["moves Galerius onto the road of the army in Sarmatia (R7.3)"], said
    assert explain(state, move) == ("Galerius moves from Moesia Svperior to Dacia: moves Galerius onto "
                                    "the road of the army in Sarmatia (R7.3).")
    assert time.monotonic() - started < 5


def test_a_loop_is_cut_out_of_a_plan() -> None:
    # R5.1: Maximian walks from Cisalpina to Etrvria and back, then ends his phase
    started = time.monotonic()
    state = position(emperors={"Maximian": "cisalpina"})
    there = Move(Emperor.MAXIMIAN, prov("cisalpina"), prov("etrvria"))
    back = Move(Emperor.MAXIMIAN, prov("etrvria"), prov("cisalpina"))
    end = EndPhase(Emperor.MAXIMIAN)
    assert there in legal_actions(state)
    plan = (there, back, end)
    assert has_loop(state, plan)
    assert without_loops(state, plan) == (end,)
    assert not has_loop(state, (there, end))
    assert time.monotonic() - started < 5


def test_no_hinted_plan_walks_in_a_loop() -> None:
    """The plans a hint races, in 12 Roman phases of a seeded game: none passes twice through one
    board."""
    started = time.monotonic()
    seen = 0
    for state in positions(Settings(level=Level.parse("4211")), 31, 40):
        if state.awaiting is not Awaiting.ROMAN_ACTION or seen == 12:
            continue
        seen += 1
        for plan in candidates(state):
            assert not has_loop(state, plan), plan
    assert seen == 12
    assert time.monotonic() - started < 60


def test_a_lost_game_gets_the_sentence_not_a_list_of_zeros() -> None:
    # R7.3, R8: the army in Etrvria enters Roma at the Barbarian phase; Maximian in Britannia,
    # with 1 IP, cannot reach it, and no other Emperor is on the board
    started = time.monotonic()
    state = position(armies=["etrvria"], emperors={"Maximian": "britannia"}, ip=1)
    hint = advise(state, games=8)
    assert hint.verdict is not None and hint.verdict.same is Same.LOST
    assert hint.verdict.result is Result.ARMY_IN_ROMA and hint.verdict.army == prov("etrvria")
    sentence = str(hint.verdict.said(state))
    assert sentence == ("Every action here leads to the same chance (about 0%): the army in Etrvria "
                        "reaches Roma whatever is done (R8)")
    lines = advice_lines(state, hint)
    assert f"{sentence}." in lines
    assert not any("95%" in line for line in lines)  # no list of equal figures
    assert told_in(hint.verdict.said(state), "es").startswith("Toda acción lleva aquí")
    assert time.monotonic() - started < 30


@pytest.mark.parametrize(("chances", "same"), [
    pytest.param([[0.3, 0.5, 0.4, 0.6], [0.31, 0.49, 0.41, 0.58], [0.3, 0.52, 0.4, 0.6]], Same.NOISE,
                 id="within-the-noise"),
    pytest.param([[0.8, 0.9, 0.85, 0.9], [0.1, 0.2, 0.15, 0.1], [0.3, 0.2, 0.1, 0.2]], None, id="apart"),
    pytest.param([[1.0] * 4, [1.0] * 4], Same.WON, id="won-whatever"),
    # apart beyond the noise (paired, the same every time), but both would read 100%
    pytest.param([[0.9991, 0.9992, 0.9993, 0.9994], [0.9981, 0.9982, 0.9983, 0.9984]], Same.EQUAL,
                 id="the-same-percentage"),
])
def test_equal_chances_are_said_in_words(chances: list[list[float]], same: Same | None) -> None:
    started = time.monotonic()
    state = position(emperors={"Maximian": "cisalpina"})
    runners = [Runner((EndPhase(Emperor.MAXIMIAN),), state, c, [Result.ONGOING] * len(c)) for c in chances]
    found = verdict(state, runners, runners)
    assert (found.same if found else None) is same
    assert time.monotonic() - started < 5


def test_the_interval_on_a_fresh_4211_game_is_narrow_enough_to_rank() -> None:
    """The default budget (2 s) on a fresh 4211 game: every action listed has an interval of at
    most ±10 points or at least 100 continuations."""
    started = time.monotonic()
    game = Game.new(Settings(level=Level.parse("4211")), seed=5)
    game.roll_until_decision()
    hint = advise(game.state)
    assert hint.advice
    for a in hint.advice:
        assert a.estimate.margin <= 0.10 or a.estimate.games >= 100, a.estimate
    assert time.monotonic() - started < 20


def test_estimate_is_a_public_figure_for_one_plan() -> None:
    started = time.monotonic()
    state = position(armies=["etrvria"], emperors={"Maximian": "cisalpina"}, ip=1,
                     discs={"II:6": "garrison Maximian"})
    attack = next(a for a in legal_actions(state) if isinstance(a, Attack))
    found = estimate(state, attack, games=8)
    assert found.games == 8 and 0.0 <= found.low <= found.chance <= found.high <= 1.0
    assert estimate(state, [attack], games=8) == found  # one action or a plan of one: the same
    assert time.monotonic() - started < 10


def test_every_piece_a_reason_names_is_known() -> None:
    for piece in (*range(4), DUX, VICARIUS):
        assert told_in(Reason(Claim.ENDS_PHASE, (), piece).said(position().board), "fr")


def test_an_ai_seat_explains_its_move_by_its_plan() -> None:
    """The search player at Galerius's seat: the line names what the whole plan changes, each
    claim true of the position after the plan (R5.2: the revolt in Dacia removed)."""
    started = time.monotonic()
    state = position(discs={"IV:1": "revolt"}, emperors={"Galerius": "III:5"}, turn="Galerius")
    seats = AiSeats("galerius", "search", budget=Budget(simulations=2))
    action, line = seats.move(state, legal_actions(state))
    rest = planned(seats.seats[int(Emperor.GALERIUS)])
    after = state.copy()
    for step in (action, *rest):
        assert step in legal_actions(after)  # the plan is the one it follows from here
        apply_trusted(after, step)
    claims = reasons(state, (action, *rest), after)
    assert all(holds(r, state, after, (action, *rest)) for r in claims)
    assert line == f"AI (Galerius) {explain(state, action, rest)}"
    if rest:
        assert "his plan " + str(claims[0].said(state.board)) in line
    assert time.monotonic() - started < 30


def test_a_hint_never_lists_identical_figures_without_saying_why() -> None:
    """Seeded positions of the base game and of Barbaria (its Barbarian seat too): either the
    hint's sentence says why the figures are not ranked, or every figure listed reads apart (one
    decimal when two would read the same whole percentage)."""
    started = time.monotonic()
    for settings in (Settings(level=Level.parse("4211")), settings_of("barbaria")):
        assert settings is not None
        for state in positions(settings, 41, 6):
            hint = advise(state, games=8)
            for lang in ("en", "fr"):
                shown = hint_json(state, hint, lang)
                texts = [h["chance_text"] for h in shown["hints"]]
                assert shown["verdict"] or len(set(texts)) == len(texts), texts
    assert time.monotonic() - started < 60


@pytest.mark.parametrize(("chances", "lang", "expected"), [
    pytest.param([0.213, 0.182], "en", ["21% (95%: 10-30%)", "18% (95%: 10-30%)"], id="apart"),
    pytest.param([0.213, 0.209], "en", ["21.3% (95%: 10.0-30.0%)", "20.9% (95%: 10.0-30.0%)"],
                 id="one-decimal"),
    pytest.param([0.213, 0.209], "fr",
                 ["21,3 % (IC à 95 % : 10,0-30,0 %)", "20,9 % (IC à 95 % : 10,0-30,0 %)"],
                 id="decimal-comma"),
])
def test_chances_read_apart(chances: list[float], lang: str, expected: list[str]) -> None:
    state = position(emperors={"Maximian": "cisalpina"})
    advice = [Advice(EndPhase(Emperor.MAXIMIAN), (EndPhase(Emperor.MAXIMIAN),),
                     Estimate(c * 10, 10, 0.1, 0.3), ()) for c in chances]
    assert [h["chance_text"] for h in advice_json(state, advice, lang)] == expected
