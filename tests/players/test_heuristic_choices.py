"""The heuristic player's choices do not change when it is made faster (issue 10).

``tests/data/heuristic_choices.json`` holds the index, among the legal actions, of every action
the heuristic chose in 20 whole seeded games at each of 4200, 4211, 4222 and 3322 (seeds 1-20),
recorded by ``bench/decisions.py --record`` with the heuristic as it was before its speed-ups
(main at 7ab1c0a).  The same games are played again here: every choice must be the same."""

from __future__ import annotations

import json
import random
import threading
from types import ModuleType

import pytest

from conftest import ROOT, TESTS, load_script
from tetrarchia.core.actions import Attack, Roll, Secure, Subdue
from tetrarchia.core.dice import SeededDice
from tetrarchia.core.engine import apply_trusted, chance_outcomes, legal_actions, new_game
from tetrarchia.core.events import Purpose
from tetrarchia.core.pieces import ARMY, EMPEROR_FIGURE, REBEL
from tetrarchia.core.roman import work_actions
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting
from tetrarchia.players.evaluation import WEIGHTS, TermsMemo, _kept_odds, board_facts, defence_odds, terms
from tetrarchia.players.heuristic import battle_sides, default_memo, whole_state

RECORDED: dict[str, dict[str, str]] = json.loads(
    (TESTS / "data" / "heuristic_choices.json").read_text(encoding="utf-8"))


def _bench() -> ModuleType:
    return load_script(ROOT / "bench" / "decisions.py", "bench_decisions")


BENCH = _bench()


@pytest.mark.parametrize("level", sorted(RECORDED))
def test_the_heuristic_chooses_as_recorded(level: str) -> None:
    games = RECORDED[level]
    assert len(games) == 20
    for seed, choices in sorted(games.items(), key=lambda item: int(item[0])):
        run = BENCH.play_game(level, int(seed))
        assert BENCH.encode(run.choices) == choices, f"level {level}, seed {seed}: another choice"


def test_the_memo_gives_the_terms_and_a_dict_of_its_own() -> None:
    state = new_game(Settings(level=Level.parse("4211")))
    facts = board_facts(state.board)
    memo = TermsMemo()
    first = memo.terms(state, WEIGHTS, facts)
    assert first == terms(state, WEIGHTS, facts)
    first["ip"] = 99.0  # the heuristic adds the IP left to what it gets: the memo must not see it
    assert "ip" not in memo.terms(state, WEIGHTS, facts)
    heavier = WEIGHTS.with_values(revolt=2 * WEIGHTS.revolt)
    assert memo.terms(state, heavier, facts) == terms(state, heavier, facts)  # a new memo


def test_the_memo_tells_positions_apart() -> None:
    state = new_game(Settings(level=Level.parse("4211")))
    facts = board_facts(state.board)
    memo = TermsMemo()
    before = memo.terms(state, WEIGHTS, facts)
    changed = state.copy()
    changed.unrest_reserve = 2  # R8: the reserve term counts below 10 discs left
    after = memo.terms(changed, WEIGHTS, facts)
    assert after == terms(changed, WEIGHTS, facts)
    assert after != before


@pytest.mark.parametrize("options", [(), ("dux", "vicarius"), ("imperivm",)])
def test_the_work_actions_are_the_engines_subdue_and_secure(options: tuple[str, ...]) -> None:
    # R5.3, R5.4: work_actions lists what roman_actions lists of them, in its order, or None
    # when other pieces take part (the Dux and the Vicarius stay on the board: always None)
    checked = deferred = 0
    for seed in range(1, 6):
        state = new_game(Settings(level=Level.parse("3322"), options=options))
        dice = SeededDice(seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if state.is_over:
                break
            if state.awaiting is Awaiting.ROLL:
                apply_trusted(state, Roll(dice.roll(state.roll_count)))
                continue
            legal = legal_actions(state)
            if state.awaiting is Awaiting.ROMAN_ACTION:
                work = work_actions(state)
                if work is None:
                    deferred += 1
                else:
                    assert work == [a for a in legal if isinstance(a, (Subdue, Secure))]
                    checked += 1
            apply_trusted(state, legal[rng.randrange(len(legal))])
    assert checked + deferred > 50
    if not options:
        assert checked > 50  # None only while a figure passes through another (R5.1)


def test_the_kept_supports_give_the_odds_of_defence_odds() -> None:
    # R6: the odds read with the supports kept per arrangement of the discs are defence_odds's
    compared = 0
    for seed in range(1, 6):
        state = new_game(Settings(level=Level.parse("3322")))
        facts = board_facts(state.board)
        dice = SeededDice(seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if state.is_over:
                break
            if state.awaiting is Awaiting.ROLL:
                apply_trusted(state, Roll(dice.roll(state.roll_count)))
                continue
            figure = state.figure
            for army, f in enumerate(figure):
                if ARMY <= f <= REBEL:
                    for q, _ in state.board.neighbours[army]:
                        e = figure[q] - EMPEROR_FIGURE
                        if 0 <= e < 4:
                            kept = _kept_odds(state, e, q, army, tuple(state.disc), facts)
                            assert kept == defence_odds(state, e, q, army)
                            compared += 1
            legal = legal_actions(state)
            apply_trusted(state, legal[rng.randrange(len(legal))])
    assert compared > 20


def test_each_thread_has_its_own_memo() -> None:
    # the web server plays games in threads: one game's memo must not serve another's
    seen: list[TermsMemo] = []
    worker = threading.Thread(target=lambda: seen.append(default_memo()))
    worker.start()
    worker.join()
    assert seen and seen[0] is not default_memo()
    assert default_memo() is default_memo()


@pytest.mark.parametrize("options", [(), ("dux",), ("imperivm",), ("goths",)])
def test_rolls_with_the_same_winner_reach_the_same_position(options: tuple[str, ...]) -> None:
    # R6, R5.5, R7.3: at a battle's dice, battle_sides tells who wins each roll; every roll the
    # same side wins leads to the same whole position (the heuristic runs the engine once per
    # side); with options that touch the dice (Galerius's +1, R12.1; the Goths' +1, R11.4) it
    # declines (None)
    battles = declined = 0
    for seed in range(1, 13):
        state = new_game(Settings(level=Level.parse("3322"), options=options))
        dice = SeededDice(seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if state.is_over:
                break
            if state.awaiting is Awaiting.ROLL:
                rolls = [roll for roll, _ in chance_outcomes(state)]
                sides = battle_sides(state, rolls)
                if sides is None:
                    declined += state.roll_purpose == Purpose.BATTLE
                else:
                    battles += 1
                    reached: dict[int, tuple[object, ...] | None] = {}
                    for roll, side in zip(rolls, sides, strict=True):
                        after = state.copy()
                        apply_trusted(after, roll)
                        whole = whole_state(after)
                        assert whole is not None
                        assert reached.setdefault(side, whole) == whole, f"roll {roll.dice}"
                    assert set(reached) <= {-1, 0, 1}
                apply_trusted(state, Roll(dice.roll(state.roll_count)))
                continue
            legal = legal_actions(state)
            attacks = [a for a in legal if isinstance(a, Attack)]
            pick = attacks if attacks and rng.random() < 0.5 else legal
            apply_trusted(state, pick[rng.randrange(len(pick))])
    if options in (("imperivm",), ("goths",)):
        assert declined > 0 and battles == 0
    else:
        assert battles > 15
