"""The server's long computations in processes of their own (issue 26): an AI seat's decision
and a hint think in spawned worker processes, never in a serving process.

**Why.**  A search holds the interpreter's lock whenever it may, and in the serving process every
other thread (the event loop's helpers, the group commit's writer) then waited behind it at each
statement it ran.  Measured with 100 players' games at a request a second and 2 games played by
the search AI alone at 1 s a decision (``bench/load.py --think 1 --ai-games 2``): the players'
p99 went from 12.5 ms to 430-780 ms, and to 74 ms with the short thread switch web/tuning.py
gave the serving process while it thought, which also took a little of the AI's own time.  In a
process of its own the search has its core and the players theirs.

**The AI seats' process** keeps what the driver kept in memory before (``SeatedPlayers``): each
game's players (a search player keeps the plan it explains its move by) and its generator, for the
``GAMES_KEPT`` games most recently played.  One process, so that a game's next decision finds
its players again; the driver decides one move at a time anyway (web/ai.py).  A decision travels
as the position (``core.serialize``, JSON: the engine's states are not picklable when compiled)
and the board's text; the answer as the move's notation and its one-line explanation.  The
moves are seeded as they were in the server: same seed, same generator, same players.

**The hints' processes** (``HINT_PROCESSES``) keep nothing: each hint is a position, a time and
a language, its answer the page's JSON (``render.advice.hint_json``).  They are apart from the
AI seats' so that a seat's 10-s hint never holds every game's AI back.

Each process is spawned (not forked: the server's threads are not copied), only when first
needed, and dies with the server (web/workers.py ``die_with_parent``): a server killed with
SIGKILL leaves none behind.  A process that dies (its memory taken by the system) is replaced
at the next call, its games' players coming back with a fresh plan, as after ``GAMES_KEPT``.

A position that would not come back the same from its JSON (none does: tests/core and each
option's suite check the round trip) is thought on here, in the serving process, rather than
played wrong.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import random
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from tetrarchia.core.board import Board, default_board, parse_board
from tetrarchia.core.engine import legal_actions
from tetrarchia.core.notation import format_action
from tetrarchia.core.serialize import portable_position, position_from_json
from tetrarchia.core.state import State
from tetrarchia.players.advice import advise
from tetrarchia.players.protocol import Budget, Player
from tetrarchia.players.registry import make_player
from tetrarchia.render.advice import hint_json
from tetrarchia.render.explain import explain, planned
from tetrarchia.web.tuning import thinking
from tetrarchia.web.workers import die_with_parent

LOG = logging.getLogger("tetrarchia.web.thinkers")
GAMES_KEPT = 64  # games whose AI players stay in memory (the least recently played go first)
HINT_PROCESSES = 2  # hints thought at once (a third waits for one of them)
BOARDS_KEPT = 8  # boards of their own (a game's ``board_text``) kept parsed in a process

T = TypeVar("T")


class Seated:
    """One game's AI: a player per seat (a search player keeps the rest of its plan) and the
    game's generator."""

    def __init__(self, seed: int) -> None:
        self.players: dict[int, Player] = {}
        self.rng = random.Random(seed)


class SeatedPlayers:
    """The AI of the games most recently played (``kept`` of them): what the AI seats' process
    keeps between two decisions (module docstring)."""

    def __init__(self, kept: int = GAMES_KEPT) -> None:
        self.kept = kept
        self.games: OrderedDict[str, Seated] = OrderedDict()

    def seated(self, game_id: str, seed: int) -> Seated:
        """The AI of ``game_id`` (made on first use), now the most recently played."""
        found = self.games.get(game_id)
        if found is None:
            found = self.games[game_id] = Seated(seed)
            while len(self.games) > self.kept:
                self.games.popitem(last=False)
        self.games.move_to_end(game_id)
        return found

    def player(self, game_id: str, player: int, name: str, seed: int) -> Player:
        seated = self.seated(game_id, seed)
        if player not in seated.players:
            seated.players[player] = make_player(name, seed + player)
        return seated.players[player]

    def forget(self, game_id: str) -> None:
        """Let the AI of a finished or deleted game go."""
        self.games.pop(game_id, None)

    def decide(self, game_id: str, player: int, name: str, seed: int, state: State,
               budget: Budget) -> tuple[str, str]:
        """The move of ``player`` (an AI seat played by ``name``) in ``state``: its notation and
        its one-line explanation (``render.explain``, with the rest of a search player's plan)."""
        rng = self.seated(game_id, seed).rng
        deciding = self.player(game_id, player, name, seed)
        chosen = deciding.decide(state, legal_actions(state), rng, budget)
        return format_action(chosen, state.board), explain(state, chosen, planned(deciding))


# --- in a worker process -------------------------------------------------------------------
_SEATED = SeatedPlayers()  # the AI seats' process's memory (in the server: never used)
_BOARDS: OrderedDict[str, Board] = OrderedDict()


def _board(text: str | None) -> Board:
    if text is None:
        return default_board()
    found = _BOARDS.get(text)
    if found is None:
        found = _BOARDS[text] = parse_board(text)
        while len(_BOARDS) > BOARDS_KEPT:
            _BOARDS.popitem(last=False)
    return found


def _decide(game_id: str, player: int, name: str, seed: int, position: dict[str, Any],
            board_text: str | None, seconds: float) -> tuple[str, str]:
    state = position_from_json(position, _board(board_text))
    return _SEATED.decide(game_id, player, name, seed, state, Budget(seconds=seconds))


def _forget(game_id: str) -> None:
    _SEATED.forget(game_id)


def _kept() -> list[str]:
    return list(_SEATED.games)


def _hint(position: dict[str, Any], board_text: str | None, count: int, seconds: float,
          lang: str) -> dict[str, Any]:
    state = position_from_json(position, _board(board_text))
    return hint_json(state, advise(state, count, seconds=seconds), lang)


# --- in the server ---------------------------------------------------------------------------
class Pool:
    """One kind of worker process, spawned when first needed and again after one died."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self.lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None
        self.closed = False

    def executor(self) -> ProcessPoolExecutor:
        with self.lock:
            if self.closed:
                raise RuntimeError("the server is stopping")
            if self._executor is None:
                self._executor = ProcessPoolExecutor(
                    self.processes, mp_context=multiprocessing.get_context("spawn"),
                    initializer=die_with_parent, initargs=(os.getpid(),))
            return self._executor

    def call(self, job: Callable[..., T], *args: Any) -> T:
        """``job(*args)`` in a worker, its answer; a worker that died is replaced and the job
        sent once more (a process the system stopped says nothing of the job itself)."""
        for attempt in (1, 2):
            executor = self.executor()
            try:
                return executor.submit(job, *args).result()
            except BrokenProcessPool:
                with self.lock:
                    if self._executor is executor:
                        self._executor = None
                executor.shutdown(wait=False)
                if attempt == 2:
                    raise
                LOG.warning("a thinking process died; another takes its place")
        raise AssertionError("unreachable")

    def send(self, job: Callable[..., object], *args: Any) -> None:
        """``job(*args)`` in a running worker without waiting (nothing to do when none runs)."""
        with self.lock:
            if self._executor is None or self.closed:
                return
            with contextlib.suppress(BrokenProcessPool, RuntimeError):  # its memory went with it
                self._executor.submit(job, *args)

    def close(self) -> None:
        with self.lock:
            self.closed = True
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


class Thinkers:
    """The worker processes of one application: the AI seats' and the hints' (module docstring)."""

    def __init__(self, hint_processes: int = HINT_PROCESSES) -> None:
        self.seats = Pool(1)
        self.hints = Pool(hint_processes)
        self.here = SeatedPlayers()  # the positions that cannot travel (module docstring)

    def decide(self, game_id: str, player: int, name: str, seed: int, state: State,
               board_text: str | None, seconds: float) -> tuple[str, str]:
        """The move of an AI seat and its explanation (``SeatedPlayers.decide``), thought in the
        AI seats' process."""
        position = portable_position(state)
        if position is None:
            LOG.error("game %s: a position that does not survive its JSON; the AI thinks here", game_id)
            with thinking():
                return self.here.decide(game_id, player, name, seed, state, Budget(seconds=seconds))
        return self.seats.call(_decide, game_id, player, name, seed, position, board_text, seconds)

    def forget(self, game_id: str) -> None:
        """Let the AI of a finished or deleted game go, in its process too."""
        self.here.forget(game_id)
        self.seats.send(_forget, game_id)

    def kept(self) -> list[str]:
        """The games whose AI the AI seats' process keeps, least recently played first (tests)."""
        return self.seats.call(_kept)

    def hint(self, state: State, board_text: str | None, count: int, seconds: float,
             lang: str) -> dict[str, Any]:
        """``count`` hints for the seat deciding in ``state`` within ``seconds``, as the page
        reads them (``render.advice.hint_json``), thought in a hints' process."""
        position = portable_position(state)
        if position is None:
            with thinking():
                return hint_json(state, advise(state, count, seconds=seconds), lang)
        return self.hints.call(_hint, position, board_text, count, seconds, lang)

    def close(self) -> None:
        self.seats.close()
        self.hints.close()
