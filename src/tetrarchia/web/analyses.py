"""The analysis of a stored game (issue 24, item 2): run in a worker process, never inside a
request; its progress and its result kept with the game in the database (table ``analyses``,
migration 0003), so that a restarted server, or another server process on the same PostgreSQL
database, returns it.

- :class:`AnalysisJobs` (one per application, its process pool owned by the app's lifespan)
  starts a job, or **joins** the one already running for the same game at the same length of
  its log (in this process, or in another one whose row is fresh), or answers with the result
  already stored.
- :func:`run_job` is the worker: it rebuilds the game from its save, runs
  ``players.analysis.analyse`` and writes its progress to the row as it goes; when the game is
  deleted meanwhile (the host's ``tetrarchia games delete``) it stops at the next decision and
  removes its row: the analysis of a game the server no longer keeps ends cleanly.
- The result is stored with the actions told in each language of the page (``render.labels``)
  and the places each concerns (the page lights them on the map).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, cast

from sqlalchemy import Float, Integer, String, Table, Text, create_engine, delete, event, select, update
from sqlalchemy.orm import Mapped, mapped_column

from tetrarchia.core.actions import Action
from tetrarchia.core.board import Board, default_board, parse_board
from tetrarchia.core.engine import apply_trusted
from tetrarchia.core.notation import parse_action
from tetrarchia.core.state import State
from tetrarchia.game import Game
from tetrarchia.players.analysis import Analysis, analyse
from tetrarchia.render.labels import label_in
from tetrarchia.web.authority import LiveGame
from tetrarchia.web.i18n import LANGUAGES
from tetrarchia.web.secrecy import told_save
from tetrarchia.web.storage import Base, GameRow, Store, _sqlite_connection
from tetrarchia.web.views import action_json
from tetrarchia.web.workers import die_with_parent

ANALYSIS_SECONDS = 0.5  # the search's time per decision, in the server (the terminal's: 1 s)
ANALYSIS_SAMPLES = 8  # continuations per plan judged
STALE = 20.0  # a running row not updated for this long was left by a process that died (a
# worker writes its progress at least once a decision: about a second at the server's budget)
PROGRESS_EVERY = 0.3  # seconds between two progress writes of a worker


class AnalysisRow(Base):
    __tablename__ = "analyses"
    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    log_length: Mapped[int] = mapped_column(Integer)  # the game analysed: its first entries
    status: Mapped[str] = mapped_column(String(16))  # running, done, failed
    done: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(Integer, default=0)
    updated: Mapped[float] = mapped_column(Float)
    result: Mapped[str | None] = mapped_column(Text, nullable=True)  # the analysis, JSON text


class GameGone(Exception):
    """The game was deleted while it was analysed."""


class Stopped(Exception):
    """The server stopped the job (its row is no longer running): it ends without a result."""


def labelled(analysis: Analysis, board: Board) -> dict[str, Any]:
    """The analysis as JSON, each decision's played action and better plan told in every language
    of the page, with the provinces they concern."""
    data = analysis.to_json()
    for item, state in zip(data["decisions"], analysis.states, strict=True):
        played = parse_action(item["played"], board)
        item["played_words"] = words(state, played)
        item["played_places"] = action_json(state, 0, played)["places"]
        plan: list[dict[str, str]] = []
        at = state.copy()
        for k, text in enumerate(item["best_plan"]):
            action = parse_action(text, board)
            if k == 0:
                item["best_places"] = action_json(at, 0, action)["places"]
            plan.append(words(at, action))
            apply_trusted(at, action)
        item["best_plan_words"] = plan
    return data


def words(state: State, action: Action) -> dict[str, str]:
    """An action in each language (its notation when a language has no label for it)."""
    from tetrarchia.core.notation import format_action
    notation = format_action(action, state.board)
    return {lang: label_in(state, action, lang) or notation for lang in LANGUAGES}


def run_job(url: str, game_id: str, save: dict[str, Any], board_text: str | None, seconds: float,
            samples: int, seed: int) -> str:
    """The worker (its own process): analyse the saved game, its progress and result written to
    the row of ``game_id``; ``"done"``, or ``"gone"`` when the game was deleted meanwhile."""
    engine = create_engine(url)
    if url.startswith("sqlite"):
        event.listen(engine, "connect", _sqlite_connection)
    rows, games = cast(Table, AnalysisRow.__table__), cast(Table, GameRow.__table__)
    log_length = len(save["log"])
    mine = (rows.c.game_id == game_id) & (rows.c.log_length == log_length)
    last = 0.0

    def gone() -> bool:
        with engine.connect() as connection:
            return connection.execute(select(games.c.id).where(games.c.id == game_id)).first() is None

    def check() -> None:
        """Go on only while the game is kept and the server still wants this job."""
        if gone():
            raise GameGone(game_id)
        with engine.connect() as connection:
            status = connection.execute(select(rows.c.status).where(mine)).scalar()
        if status != "running":
            raise Stopped(game_id)

    def progress(done: int, total: int) -> None:
        nonlocal last
        now = time.time()
        if done not in (0, total) and now - last < PROGRESS_EVERY:
            return
        last = now
        check()
        with engine.begin() as connection:
            connection.execute(update(rows).where(mine).values(done=done, total=total, updated=now))

    try:
        board = parse_board(board_text, "board") if board_text else default_board()
        game = Game.from_json(save, board)
        analysis = analyse(game.start, game.log, seconds=seconds, samples=samples, seed=seed,
                           progress=progress)
        result = json.dumps(labelled(analysis, board))
        check()
        with engine.begin() as connection:
            connection.execute(update(rows).where(mine).values(status="done", result=result,
                                                               updated=time.time()))
        return "done"
    except GameGone:
        with engine.begin() as connection:
            connection.execute(delete(rows).where(rows.c.game_id == game_id))
        return "gone"
    except Stopped:
        return "stopped"
    except Exception:
        with engine.begin() as connection:
            connection.execute(update(rows).where(mine).values(status="failed", updated=time.time()))
        raise
    finally:
        engine.dispose()


class AnalysisJobs:
    """The analyses of one application: start, join, read (module docstring)."""

    def __init__(self, store: Store, seconds: float = ANALYSIS_SECONDS,
                 samples: int = ANALYSIS_SAMPLES, workers: int = 1) -> None:
        self.store = store
        self.seconds = seconds
        self.samples = samples
        self.workers = workers
        self.lock = threading.Lock()
        self.running: dict[str, tuple[int, Future[str]]] = {}
        self._pool: ProcessPoolExecutor | None = None

    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:  # spawned, not forked: the server's threads are not copied; and
            # ended with the server, were it killed (web/workers.py)
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=die_with_parent, initargs=(os.getpid(),))
        return self._pool

    def start(self, live: LiveGame) -> dict[str, Any]:
        """Start the analysis of ``live``'s game as it stands, or join the one running, or give
        the stored one (the status, as :meth:`status`)."""
        with live.lock:
            save = told_save(live.game, revealed=False)  # it judges the log: no seed (D2)
            board_text = live.board_text
        length = len(save["log"])
        rows = cast(Table, AnalysisRow.__table__)
        with self.lock:
            found = self.row(live.id)
            joined = live.id in self.running and self.running[live.id][0] == length
            if found is not None and found.log_length == length and (
                    found.status == "done" or joined or (found.status == "running"
                                                         and time.time() - found.updated < STALE)):
                return self.describe(found)
            with self.store.engine.begin() as connection:
                connection.execute(delete(rows).where(rows.c.game_id == live.id))
                connection.execute(rows.insert().values(game_id=live.id, log_length=length,
                                                        status="running", done=0, total=0,
                                                        updated=time.time()))
            future = self.pool().submit(run_job, self.store.url, live.id, save, board_text,
                                        self.seconds, self.samples, 1)
            self.running[live.id] = (length, future)
            game_id = live.id

            def forget(_future: Future[str]) -> None:
                self.finished(game_id, length)

            future.add_done_callback(forget)
        return {"status": "running", "done": 0, "total": 0, "log_length": length, "result": None}

    def finished(self, game_id: str, length: int) -> None:
        with self.lock:
            if self.running.get(game_id, (None,))[0] == length:
                del self.running[game_id]

    def row(self, game_id: str) -> AnalysisRow | None:
        with self.store.session() as session:
            found = session.get(AnalysisRow, game_id)
            if found is not None:
                session.expunge(found)
            return found

    def status(self, game_id: str) -> dict[str, Any]:
        """The analysis of a game: ``status`` none, running, done or failed; its progress; the
        result once done."""
        found = self.row(game_id)
        if found is None:
            return {"status": "none", "done": 0, "total": 0, "log_length": 0, "result": None}
        return self.describe(found)

    @staticmethod
    def describe(found: AnalysisRow) -> dict[str, Any]:
        status = found.status
        if status == "running" and time.time() - found.updated > STALE:
            status = "failed"  # its process died: the next request starts it again
        return {"status": status, "done": found.done, "total": found.total,
                "log_length": found.log_length,
                "result": json.loads(found.result) if found.result and status == "done" else None}

    def close(self) -> None:
        """The server stops: its running jobs are marked failed (each worker stops at its next
        decision; a later request starts them again), then the pool ends."""
        rows = cast(Table, AnalysisRow.__table__)
        with self.lock, self.store.engine.begin() as connection:
            for game_id, (length, _future) in self.running.items():
                connection.execute(update(rows).where(
                    rows.c.game_id == game_id, rows.c.log_length == length,
                    rows.c.status == "running").values(status="failed", updated=time.time()))
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
