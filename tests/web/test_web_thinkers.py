"""Issue 26: the server's long computations in processes of their own (web/thinkers.py), on real
``tetrarchia serve`` processes on loopback.  An AI seat's search and a hint think in worker
processes, never in the serving one (where every other request waited behind them: p99 430-780
ms beside 2 AI games, bench/load.py ``--ai-games``), and every process the server spawned, the
analyses' too, ends when the server is killed.  Before web/thinkers.py the search ran in the
server (no child process) and the analysis's worker outlived a killed server."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

import tetrarchia.web.thinkers as thinkers_module
from pg_cluster import wait_until
from test_web_hardening import children, running, stopped
from tetrarchia.core.engine import Boundary
from tetrarchia.core.notation import format_action, parse_action
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting
from tetrarchia.game import Game
from tetrarchia.players.protocol import Budget
from tetrarchia.web.thinkers import SeatedPlayers, Thinkers
from web_helpers import free_port, sit, start_server

pytestmark = pytest.mark.timeout(120)


def cpu_ticks(pid: int) -> int:
    """The CPU time ``pid`` has used, in clock ticks (user and system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def killed_leaves_nothing(server: Any, spawned: set[int]) -> None:
    """SIGKILL the server alone: each process it spawned must end by itself."""
    os.kill(server.pid, signal.SIGKILL)
    server.wait(timeout=30)
    wait_until(lambda: not any(running(p) for p in spawned), seconds=15)


@contextmanager
def served(tmp_path: Path, *more: str) -> Iterator[tuple[Any, httpx.Client, set[int]]]:
    """A real server on an SQLite file, a client of it, and the set of the processes it spawned
    that the test fills: any of them left running at the end is killed."""
    port = free_port()
    server = start_server(tmp_path / "games.sqlite3", port, *more)
    spawned: set[int] = set()
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
            yield server, http, spawned
    finally:
        for process in spawned:
            if running(process):
                os.kill(process, signal.SIGKILL)
        stopped(server)


def test_an_ai_seat_thinks_in_a_process_that_ends_with_a_killed_server(tmp_path: Path) -> None:
    with served(tmp_path, "--ai-seconds", "0.3") as (server, http, spawned):
        made = http.post("/api/games", json={"level": "4211", "players": 1, "seed": 3, "ai": {"1": "search"}})
        assert made.status_code == 201, made.text
        game = made.json()
        watch = {"Authorization": f"Bearer {game['credentials']['spectator']}"}
        # the AI plays on by itself: its moves reach the game
        wait_until(lambda: http.get(f"/api/games/{game['id']}", headers=watch).json()["version"] >= 4,
                   seconds=60)
        spawned |= children(server.pid)
        assert spawned, "the search must think in a process of its own"
        assert max(cpu_ticks(p) for p in spawned) > 0
        killed_leaves_nothing(server, spawned)


def test_hints_and_analyses_think_in_processes_that_end_with_a_killed_server(tmp_path: Path) -> None:
    with served(tmp_path) as (server, http, spawned):
        made = http.post("/api/games", json={"level": "4211", "players": 1, "seed": 3, "hotseat": True})
        assert made.status_code == 201, made.text
        game = made.json()
        sit(http, game)
        before = children(server.pid)
        hint = http.get(f"/api/games/{game['id']}/hint?seconds=0.5")
        assert hint.status_code == 200 and hint.json()["hints"], hint.text
        thinking = children(server.pid) - before
        assert thinking, "the hint must think in a process of its own"
        assert http.post(f"/api/games/{game['id']}/analysis").status_code == 200
        wait_until(lambda: http.get(f"/api/games/{game['id']}/analysis").json()["status"] == "done",
                   seconds=60)
        spawned |= children(server.pid)
        assert spawned - thinking, "the analysis runs in a process of its own"
        killed_leaves_nothing(server, spawned)


def test_a_move_thought_in_the_ai_process_is_the_one_thought_here() -> None:
    """The AI seats' process keeps each game's players and generator as the server did: the same
    seed gives the same moves, one after the other (the generator goes on between them)."""
    game = Game.new(Settings(level=Level.parse("4211")), seed=8)
    thinkers, here = Thinkers(), SeatedPlayers()
    try:
        for _ in range(12):
            if game.state.awaiting in (Awaiting.ROLL, Awaiting.RUN):
                game.advance(until=Boundary.DECISION)
                continue
            player = 1
            there = thinkers.decide("g", player, "heuristic", 5, game.state.copy(), None, 0.2)
            assert there == here.decide("g", player, "heuristic", 5, game.state.copy(), Budget(seconds=0.2))
            game.play(parse_action(there[0], game.board))
        assert thinkers.kept() == ["g"] and thinkers.here.games == {}
        thinkers.forget("g")
        assert thinkers.kept() == []
    finally:
        thinkers.close()


def test_a_position_that_cannot_travel_is_thought_on_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thinkers_module, "portable_position", lambda state: None)
    game = Game.new(Settings(level=Level.parse("4211")), seed=8)
    thinkers = Thinkers()
    try:
        notation, why = thinkers.decide("g", 1, "heuristic", 5, game.state.copy(), None, 0.2)
        assert notation in {format_action(a, game.board) for a in game.legal_actions()} and why
        assert list(thinkers.here.games) == ["g"]
        assert thinkers.seats._executor is None  # no process was started for it
    finally:
        thinkers.close()
