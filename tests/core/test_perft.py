"""Perft-style counts (issue 25, item 3): for fixed positions of the base game and of each optional
rule, the number of legal actions one and two decisions deep, stored here.

A rule that widens or narrows the legal moves (a move allowed for 0 IP, a secure refused on a
border) changes a count and fails, even when every golden game and random invariant still holds:
those replay what was played, these count what may be played.  The positions are reached by
seeded play from a new game (the choice at each decision drawn from the legal actions sorted by
their notation, so a new order of ``legal_actions`` changes nothing); each stands at a Roman
phase's decision where its option's own actions are legal.

When a rule change is intended, print the new counts and review them before storing them::

    .venv/bin/python tests/core/test_perft.py
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from test_option_invariants import ALL_TOGETHER
from tetrarchia.core.engine import apply_action, legal_actions
from tetrarchia.core.notation import format_action
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.game import Game
from tetrarchia.options.scenarios import scenario_level


@dataclass(frozen=True)
class Spot:
    """A position: the game's settings and seed, and the decisions played before it."""

    name: str
    options: tuple[str, ...]
    seed: int
    decisions: int
    level: str = "4211"
    params: tuple[tuple[str, str | int | bool], ...] = ()

    def settings(self) -> Settings:
        return Settings(level=Level.parse(self.level), options=self.options, params=self.params)


def reach(spot: Spot) -> State:
    """The position of ``spot``: a new game with its seed, ``decisions`` decisions played."""
    game = Game.new(spot.settings(), seed=spot.seed)
    chooser = random.Random(spot.seed)
    board = game.state.board
    game.advance()
    for _ in range(spot.decisions):
        legal = sorted(legal_actions(game.state), key=lambda a: format_action(a, board))
        game.play(chooser.choice(legal))
        game.advance()
    return game.state


def perft(state: State, depth: int) -> int:
    """The legal actions ``depth`` decisions deep (a roll's outcomes count as its actions)."""
    legal = legal_actions(state)
    if depth == 1:
        return len(legal)
    total = 0
    for action in legal:
        after = state.copy()
        apply_action(after, action)
        total += perft(after, depth - 1)
    return total


GREAT_PERSIAN = str(scenario_level("great-persian-war", 4))
# the module of the actions an option adds, by position: one of them is legal there
OWN_ACTIONS = {"dux": "dux", "vicarius": "dux", "pirates": "pirates", "imperivm": "imperivm",
               "imperivm-1st": "imperivm_first", "via-romana": "via_romana",
               "barbaria": "barbaria", "patres-patriae": "patres_patriae",
               "all-together": "pirates"}

# (spot, depth 1, depth 2): the counts of the rules as they stand (docs/rules.md, R1-R14)
COUNTS: list[tuple[Spot, int, int]] = [
    (Spot("base-entry", (), seed=1, decisions=3), 6, 99),
    (Spot("base", (), seed=1, decisions=8), 5, 70),
    (Spot("base-late", (), seed=2, decisions=40), 19, 54),
    (Spot("dux", ("dux",), seed=2, decisions=11), 11, 182),  # R11.1 the Dux deployed
    (Spot("vicarius", ("vicarius",), seed=1, decisions=3), 40, 658),  # R11.2 anywhere Roman
    (Spot("pirates", ("pirates",), seed=1, decisions=38), 6, 100),  # R11.3 attack the Pirates
    (Spot("goths", ("goths",), seed=2, decisions=49), 13, 203),  # R11.4
    (Spot("imperivm", ("imperivm",), seed=1, decisions=20), 24, 576),  # R12.1 the powers
    (Spot("imperivm-1st", ("imperivm-1st",), seed=1, decisions=8), 8, 119),  # R12.1b IP bought
    (Spot("mare-nostrvm", ("mare-nostrvm",), seed=1, decisions=12, level="5311"), 35, 1234),  # R12.2
    (Spot("via-romana", ("via-romana",), seed=1, decisions=8), 7, 72),  # R12.3 a garrison sent
    (Spot("barbaria", ("barbaria",), seed=1, decisions=12), 2, 40),  # R12.6 his decision
    (Spot("patres-patriae", ("patres-patriae",), seed=1, decisions=13), 23, 510),  # R12.8
    (Spot("great-persian-war", ("great-persian-war",), seed=1, decisions=9, level=GREAT_PERSIAN),
     11, 186),  # R13
    (Spot("all-together", ALL_TOGETHER, seed=2, decisions=18), 15, 263),
]


@pytest.mark.parametrize(("spot", "one", "two"),
                         [pytest.param(s, one, two, id=s.name) for s, one, two in COUNTS])
def test_the_legal_actions_counted_two_deep(spot: Spot, one: int, two: int) -> None:
    state = reach(spot)
    assert (perft(state, 1), perft(state, 2)) == (one, two), \
        f"{spot.name}: the legal actions changed (a rule widened or narrowed them; if intended, " \
        f"run python tests/core/test_perft.py and review the new counts)"


def test_the_positions_are_roman_decisions_of_their_options() -> None:
    """Every stored position is a decision of its game (a Roman phase's, the Barbarian player's
    with Barbaria), and where an option adds actions of its own, one of them is among the
    counted (the count depends on that option's rule)."""
    assert len(COUNTS) >= 12
    for spot, _, _ in COUNTS:
        state = reach(spot)
        expected = Awaiting.DECISION if spot.name == "barbaria" else Awaiting.ROMAN_ACTION
        assert state.awaiting is expected, spot.name
        own = OWN_ACTIONS.get(spot.name)
        if own is not None:
            modules = {type(a).__module__ for a in legal_actions(state)}
            assert f"tetrarchia.options.{own}" in modules, (spot.name, modules)


if __name__ == "__main__":  # print the counts of the rules as they stand, to review and store
    for spot, _, _ in COUNTS:
        state = reach(spot)
        print(f"    {spot.name}: {perft(state, 1)}, {perft(state, 2)}")
