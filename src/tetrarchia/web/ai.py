"""The server's AI seats (issues 10 and 11): a seat given to the AI at creation is played by the
server when its decision is due, each move committed like a player's with its one-line
explanation (``render.explain``, the terminal's ``--ai`` line) shown in every page's log.

The driver is told after every committed change (``poke``).  It works in its own thread, off the
event loop: it reads the game and, while an AI seat decides, has the AI seats' process think on
the position within its budget (web/thinkers.py: never in the serving process, whose other
requests would wait behind a search), then plays through the authority with the version it
thought on — if a player's request changed the game meanwhile, the version check refuses the
stale move and the driver looks again.  Dice: the AI rolls the battle its own attack
started (the page does the same for its player's attack, R5.5/R6); the Barbarian phase is rolled
by the players' pages, or by the driver when no seat of the game is a person's.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor

from tetrarchia.core.engine import BARBARIAN_SEAT, deciding_seat
from tetrarchia.core.pieces import Emperor
from tetrarchia.core.state import Awaiting
from tetrarchia.core.tasks import RomanPhaseStep
from tetrarchia.web.authority import Authority, GameOver, StaleVersion, UnknownGame
from tetrarchia.web.seats import SeatBook, player_deciding
from tetrarchia.web.secrecy import ai_seed
from tetrarchia.web.thinkers import Thinkers

LOG = logging.getLogger("tetrarchia.web.ai")
MAX_STEPS = 400  # decisions and rolls in one turn of the driver; it is poked again after


class AiDriver:
    """Plays the AI seats of every game of one server process; ``thinkers`` think for them
    (each game's players are kept there: web/thinkers.py ``SeatedPlayers``)."""

    def __init__(self, authority: Authority, book: SeatBook, thinkers: Thinkers,
                 seconds: float = 1.0) -> None:
        self.authority = authority
        self.book = book
        self.thinkers = thinkers
        self.seconds = seconds
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tetrarchia-ai")
        self.pending: set[str] = set()
        self.lock = threading.Lock()
        self.idle = threading.Condition(self.lock)
        self.closed = False

    def poke(self, game_id: str) -> None:
        """Look at ``game_id`` soon (after a commit, or when a game is loaded)."""
        with self.lock:
            if self.closed or game_id in self.pending:
                return
            self.pending.add(game_id)
        self.executor.submit(self.run, game_id)

    def wait(self, timeout: float = 60.0) -> bool:
        """Until no game is waiting for the driver (tests, shutdown); False on timeout."""
        with self.idle:
            return self.idle.wait_for(lambda: not self.pending, timeout)

    def close(self) -> None:
        with self.lock:
            self.closed = True
        self.executor.shutdown(wait=True, cancel_futures=True)

    def run(self, game_id: str) -> None:
        try:
            ai = self.book.ai_seats(game_id)
            if ai:
                humans = any(kind in ("human", "hotseat") for kind in self.book.kinds(game_id).values())
                for _ in range(MAX_STEPS):
                    if self.closed or not self.step(game_id, ai, humans):
                        break
                    # a seat the AI stood in for may be handed back between two moves (issue 27)
                    ai = self.book.ai_seats(game_id)
        except Exception:
            LOG.exception("the AI could not play game %s", game_id)
        finally:
            with self.idle:
                self.pending.discard(game_id)
                self.idle.notify_all()

    def forget(self, game_id: str) -> None:
        """Let the AI of a finished or deleted game go (a server up for months meets many)."""
        self.thinkers.forget(game_id)

    def step(self, game_id: str, ai: dict[int, str], humans: bool) -> bool:
        """One move of an AI seat, or one roll it is owed; False when there is nothing to do."""
        try:
            live = self.authority.get(game_id)
        except UnknownGame:
            self.forget(game_id)
            return False
        with live.lock:
            state = live.state
            version = live.version
            if state.is_over:
                self.forget(game_id)
                return False
            if state.awaiting in (Awaiting.ROLL, Awaiting.RUN):
                # a battle inside the Roman phase (R5.5): the attack's die, not the Barbarian phase
                in_roman_phase = bool(state.tasks) and isinstance(state.tasks[0], RomanPhaseStep)
                mover = deciding_seat(live.game.undoable[-1].state) if live.game.undoable else None
                own_battle = in_roman_phase and player_deciding(mover, state.settings) in ai
                if not (own_battle or not humans):
                    return False
                snapshot, player, seat, seed, board_text = None, None, None, 0, None
            else:
                seat = deciding_seat(state)
                player = player_deciding(seat, state.settings)
                if player is None or player not in ai:
                    return False
                snapshot = state.copy()
                seed = ai_seed(live.game.seed)  # never the dice's own seed (D2)
                board_text = live.board_text
        try:
            if snapshot is None or player is None:
                self.authority.advance(game_id, version, "roll" if humans else "decision")
                return True
            chosen, why = self.thinkers.decide(game_id, player, ai[player], seed, snapshot, board_text,
                                               self.seconds)
            who = "the Barbarian player" if seat == BARBARIAN_SEAT else Emperor(seat or 0).title
            self.authority.act(game_id, version, chosen, note=f"AI ({ai[player]}, {who}) {why}")
        except StaleVersion:
            return True  # a player changed the game meanwhile: look again
        except GameOver:
            self.forget(game_id)
            return False
        return True
