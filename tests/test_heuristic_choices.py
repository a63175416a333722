"""The heuristic player's choices do not change when it is made faster (issue 10).

``tests/data/heuristic_choices.json`` holds the index, among the legal actions, of every action
the heuristic chose in 20 whole seeded games at each of 4200, 4211, 4222 and 3322 (seeds 1-20),
recorded by ``bench/decisions.py --record`` with the heuristic as it was before its speed-ups
(main at 7ab1c0a).  The same games are played again here: every choice must be the same."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tetrarchia.core.engine import new_game
from tetrarchia.core.settings import Level, Settings
from tetrarchia.players.evaluation import WEIGHTS, TermsMemo, board_facts, terms

ROOT = Path(__file__).resolve().parent.parent
RECORDED: dict[str, dict[str, str]] = json.loads(
    (ROOT / "tests" / "data" / "heuristic_choices.json").read_text(encoding="utf-8"))


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_decisions", ROOT / "bench" / "decisions.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


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
