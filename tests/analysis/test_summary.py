"""The story of a game (``analysis.summary``, issue 23 item 6): how it ended (R8), the score the
engine computes (R8, ``core.scoring``), and the statistics, on scripted games — a victory, the
fall of Roma, a reserve run dry — and on seeded whole games checked against the engine's own
states."""

from __future__ import annotations

import random

import pytest

from barbarian_helpers import QUIET, at, phase_position
from test_end import ALL_REVOLTS, ALL_UNREST, FIVE_BORDERS
from tetrarchia.analysis.summary import summarize
from tetrarchia.core.actions import Action, EndPhase, Move, Roll
from tetrarchia.core.engine import apply_action, legal_actions
from tetrarchia.core.notation import parse_action
from tetrarchia.core.pieces import REVOLT, UNREST
from tetrarchia.core.scoring import score
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.game import Game

LIMIT = 20  # seconds for each test of this module
pytestmark = pytest.mark.timeout(LIMIT)


def actions(state: State, *notations: str) -> list[Action]:
    return [parse_action(text, state.board) for text in notations]


def test_a_victory_says_when_and_which_border_and_the_engines_score() -> None:
    """R8 Roma Victrix: Maximian secures LIBYA, the 6th border, for 2 IP (R5.3); the five
    others were secured before the game's start (a position)."""
    start = phase_position(discs={**FIVE_BORDERS, "venetia": "revolt"},
                           emperors={"Maximian": "libya"}, armies=["I:3"], turn="Maximian")
    log = actions(start, "Maximian secures Libya")
    summary = summarize(start, log)
    end = start.copy()
    apply_action(end, log[0])
    engine = score(end)
    assert summary.result == "roma-victrix"
    assert summary.ended is not None
    assert (summary.ended.round, summary.ended.emperor) == (1, "Maximian")
    assert summary.end_province is None and summary.end_disc is None
    assert summary.score == {"total": engine.total, "secured_borders": 6, "unsecured_borders": 0,
                             "italia_free": False, "armies": 1, "regions_in_revolt": 0}
    assert summary.score["total"] == 5  # +6, Italia in revolt (VENETIA), -1 army
    assert summary.ip_spent == {"Diocletian": 0, "Galerius": 0, "Constantius": 0, "Maximian": 2}
    secured = [(b.border, b.emperor) for b in summary.borders]
    assert ("Libya", "Maximian") in secured and len(secured) == 6
    assert [b.border for b in summary.borders if b.at is not None] == ["Libya"]
    assert summary.actions == 1 and summary.turns == 0
    assert start.result.name == "ONGOING"  # the start is left as it was


def test_the_fall_of_roma_names_the_army_and_the_turn() -> None:
    """R8: the army in ETRVRIA enters ROMA in the Barbarian phase after Diocletian's Roman
    phase (R7.3); the army in LVSITANIA stays: score 0 + 4 - 6 - 2 = -4 (test_end)."""
    start = phase_position(armies=["I:3", "etrvria"], emperors={"Diocletian": "V:6"})
    move = next(a for a in legal_actions(start) if isinstance(a, Move) and not a.by_fleet)
    log: list[Action] = [move, EndPhase(start.turn), Roll(QUIET)]
    summary = summarize(start, log)
    assert summary.result == "army-in-roma"
    assert summary.end_province == "Etrvria"
    assert summary.ended is not None and (summary.ended.round, summary.ended.emperor) == (1, "Diocletian")
    assert summary.score["total"] == -4
    moved = start.copy()
    apply_action(moved, move)
    assert start.ip - moved.ip in (1, 2, 3)
    # the move's cost alone: the IP left at the end of the Roman phase are lost, not spent (R5)
    assert summary.ip_spent == {"Diocletian": start.ip - moved.ip, "Galerius": 0, "Constantius": 0,
                                "Maximian": 0}


@pytest.mark.parametrize(("placed", "reserve"), [
    pytest.param(ALL_UNREST, "unrest", id="unrest"),  # an unrest on the empty II:4
    pytest.param({**ALL_REVOLTS, "II:4": "unrest"}, "revolt", id="revolt"),  # II:4's unrest turns
])
def test_a_reserve_run_dry_names_the_disc_and_the_province(placed: dict[str, str], reserve: str) -> None:
    """R8: an unrest or a revolt must go on the board and its reserve is empty (the activity
    falls on II:4 with dice 2, 4)."""
    start = phase_position(discs=placed)
    assert getattr(start, f"{reserve}_reserve") == 0, "the position must empty the reserve"
    log: list[Action] = [EndPhase(start.turn), Roll((2, 4))]
    summary = summarize(start, log)
    assert summary.result == "reserve-empty"
    assert summary.end_disc == reserve
    assert summary.end_province == start.board.name(at("II:4"))


def random_game(seed: int) -> Game:
    game = Game.new(Settings(level=Level.parse("4211")), seed=seed)
    chooser = random.Random(seed)
    while not game.state.is_over:
        if game.state.awaiting in (Awaiting.ROLL, Awaiting.RUN):
            game.advance()
        else:
            game.play(chooser.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_game_agrees_with_the_engine_at_every_turn(seed: int) -> None:
    """Each turn's sample is the board the engine shows at that turn's start; the rounds, the
    turns, the battles and the result are the engine's; the IP spent is the IP the Emperors'
    actions took within their Roman phases."""
    game = random_game(seed)
    summary = summarize(game.start, game.log)
    end = game.state
    assert summary.result == end.result.name.lower().replace("_", "-")
    assert summary.rounds == end.round
    assert summary.score["total"] == score(end).total
    assert summary.actions == len(game.log)
    starts: list[tuple[int, int, int]] = []
    spent = {"Diocletian": 0, "Galerius": 0, "Constantius": 0, "Maximian": 0}
    battles = {0: 0, 1: 0, 2: 0}
    for _action, state, events in game.replay():
        names = [type(e).__name__ for e in events]
        if "TurnBegins" in names:
            starts.append((state.turns_played, state.disc.count(UNREST), state.disc.count(REVOLT)))
        for e in events:
            if type(e).__name__ == "Battle":
                battles[getattr(e, "outcome", 0)] += 1
            if type(e).__name__ in ("Moved", "AttackDeclared"):
                spent[state.turn.title] += getattr(e, "cost", 0)
    assert summary.turns == len(starts)
    assert [(s.at.turn, s.unrest, s.revolts) for s in summary.samples[:-1]] == starts
    last = summary.samples[-1]
    assert (last.unrest, last.revolts) == (end.disc.count(UNREST), end.disc.count(REVOLT))
    assert (summary.battles.drawn, summary.battles.won, summary.battles.lost) == (
        battles[0], battles[1], battles[2])
    for emperor, moved in spent.items():  # moves and attacks are part of what each spent
        assert summary.ip_spent[emperor] >= moved
    assert summary.to_json()["ip_spent"] == summary.ip_spent
