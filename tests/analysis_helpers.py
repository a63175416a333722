"""Scripted games for the analysis tests (issue 24): a game lost by a decision built to be a
mistake, and a game lost by an empty reserve; and a time limit for a test (seconds)."""

from __future__ import annotations

import random
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from conftest import position
from tetrarchia.core.board import default_board
from tetrarchia.core.engine import legal_actions
from tetrarchia.core.notation import parse_action
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, Result
from tetrarchia.game import Game
from tetrarchia.players.heuristic import choose

# The Emperor of the turn, Maximian, stands in Cisalpina beside the army in Etrvria, whose next
# step is Roma (R7.3), with 3 IP left of his phase.  He may attack it (R5.5: 1 IP through the
# link); he walks away to Rhaetia instead (2 IP: a broken link, R5.1), which leaves him too few
# IP to come back and attack (with 6 he could, and the search's beam finds that line: then the
# walk is no mistake, the end of the phase is), and ends his phase: in the Barbarian phase the
# army enters Roma and the game is lost (R8).
WALKS_AWAY = "Maximian moves from Cisalpina to Rhaetia"
EMPERORS = {"Maximian": "cisalpina", "Diocletian": "II:3", "Galerius": "IV:3", "Constantius": "I:3"}


def lost_by_walking_away() -> Game:
    """R7.3, R8: the game described above, played to its end (seeded dice)."""
    board = default_board()
    state = position(emperors=EMPERORS, armies=["etrvria"], turn="Maximian", ip=3, level="4200")
    game = Game.from_position(state, seed=3)
    game.play(parse_action(WALKS_AWAY, board))
    game.play(parse_action("Maximian ends his Roman phase", board))
    game.advance()
    assert game.state.result is Result.ARMY_IN_ROMA
    return game


def lost_by_empty_reserve() -> Game:
    """R8: all 21 unrest discs are on the board; Maximian ends his phase and the Barbarian
    activity (R7.2, seed 5) needs one more unrest: the reserve is empty and the game is lost."""
    board = default_board()
    emperors = {"Maximian": "cisalpina", "Diocletian": "roma", "Galerius": "epirvs",
                "Constantius": "venetia"}
    free = [p.id for p in board.provinces if not p.is_border and p.index != board.roma
            and p.id not in emperors.values()]
    state = position(discs=dict.fromkeys(free[:21], "unrest"), emperors=emperors, turn="Maximian",
                     level="4200")
    game = Game.from_position(state, seed=5)
    game.play(parse_action("Maximian ends his Roman phase", board))
    game.advance()
    assert game.state.result is Result.RESERVE_EMPTY
    return game


def heuristic_game(seed: int = 11, level: str = "4211") -> Game:
    """A whole game played by the heuristic player with seeded dice (seed 11 at 4211: an army
    enters Roma in round 5, after some 70 decisions of the Emperors)."""
    game = Game.new(Settings(level=Level.parse(level)), seed=seed)
    rng = random.Random(seed)
    while not game.state.is_over:
        if game.state.awaiting in (Awaiting.ROLL, Awaiting.RUN):
            game.advance()
        else:
            game.play(choose(game.state, legal_actions(game.state), rng))
    return game


class TookTooLong(Exception):
    pass


@contextmanager
def limit(seconds: float) -> Iterator[None]:
    """Fail the test when the block runs longer than ``seconds`` (the main thread's timer)."""
    def expired(_signum: int, _frame: FrameType | None) -> None:
        raise TookTooLong(f"over the time limit of {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
