"""The games of one database in memory (issue 11): loaded on first use, rebuilt when another
process sharing a PostgreSQL database moved one on, and locked at the version a request was
computed on.  ``web/authority.py`` builds its checks and changes on this cache.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from tetrarchia.web.live_game import LiveGame
from tetrarchia.web.live_game import caught_up as moved_on
from tetrarchia.web.live_game import rebuild as replayed
from tetrarchia.web.storage import Store, StoredGame

# The version rows read during one request (``GameCache.one_request``): game id -> the version
# read.  A request asks for its game several times (the route's 404/410 before the body, the
# authority's again under its checks): one read of the row is enough for all of them, the commit
# being version-checked anyway (issue 26: one query less per action).
_READ: ContextVar[dict[str, int] | None] = ContextVar("tetrarchia_versions_read", default=None)


class UnknownGame(Exception):
    """No stored game has that id (HTTP 404)."""


class StaleVersion(Exception):
    """The request was computed on an older state (HTTP 409): the current one goes back."""

    def __init__(self, live: LiveGame) -> None:
        super().__init__(f"the game has changed since this page last saw it (it is at version "
                         f"{live.version})")
        self.live = live


class GameCache:
    """Every game of one database that a request asked for, kept in memory."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.games: dict[str, LiveGame] = {}
        self.lock = threading.Lock()
        # the AI's notes of a stored game (web/seats.py keeps them), read when it is rebuilt
        self.stored_notes: Callable[[str], dict[int, str]] | None = None

    # --- loading -------------------------------------------------------------------------------
    def get(self, game_id: str) -> LiveGame:
        """The game, as the database holds it now (on a shared database, another process may have
        moved it on since it was loaded: then it is rebuilt)."""
        with self.lock:
            live = self.games.get(game_id)
            if live is None:
                stored = self.store.fetch(game_id) if len(game_id) <= 32 else None
                if stored is None:
                    raise UnknownGame(game_id)
                live = self.rebuild(stored)
                if self.stored_notes is not None:
                    live.notes = self.stored_notes(game_id)
                self.games[game_id] = live
                return live
        read = _READ.get()
        outside = self.store.outside_generation()
        if self.store.alone:
            # this process alone writes the file: the game in memory is the stored one, unless a
            # host's command wrote since it was last compared (web/outside.py)
            if live.compared == outside:
                return live
        elif not self.store.shared:
            return live
        elif read is not None and read.get(game_id) == live.version:
            return live  # this request has read the row already, and nothing moved since
        with live.lock:  # no commit of this process is half done while the row is compared
            if self.store.version(game_id) != live.version:
                live = self.reload(game_id)
        live.compared = outside
        if read is not None:
            read[game_id] = live.version
        return live

    def current(self, game_id: str) -> LiveGame:
        """The game as this process holds it, without reading its version row: for the work
        that follows this process's own commit (the your-turn look, web/notify.py), which that
        commit made current; a game not in memory is loaded (``get``)."""
        with self.lock:
            live = self.games.get(game_id)
        return live if live is not None else self.get(game_id)

    @staticmethod
    @contextmanager
    def one_request() -> Iterator[None]:
        """Within the block (one request's work, in one thread), each game's version row is read
        at most once: a second ``get`` of the game, while the game in memory is still at the
        version read, trusts it.  A change committed meanwhile moves the version in memory, so
        the next ``get`` reads the row again.  Blocks nest: an inner one (the authority's, within
        the route's) goes on with the outer one's reads."""
        token = _READ.set(_READ.get() if _READ.get() is not None else {})
        try:
            yield
        finally:
            _READ.reset(token)

    def reload(self, game_id: str) -> LiveGame:
        """The game as the database holds it, replacing the one in memory: brought up to date by
        playing only the log entries it lacks when the stored log extends its own (another
        process played on), else rebuilt from the whole log."""
        stored = self.store.fetch(game_id)
        with self.lock:
            cached = self.games.get(game_id)
        if stored is None:
            with self.lock:
                self.games.pop(game_id, None)
            raise UnknownGame(game_id)
        live = self.caught_up(cached, stored) if cached is not None else None
        if live is None:
            live = self.rebuild(stored)
        if self.stored_notes is not None:
            live.notes = self.stored_notes(game_id)
        with self.lock:
            self.games[game_id] = live
        return live

    def forget(self, live: LiveGame) -> None:
        """Drop the game from memory (it is rebuilt from the database when next asked for)."""
        with self.lock:
            if self.games.get(live.id) is live:
                del self.games[live.id]

    def locked(self, game_id: str, version: int) -> LiveGame:
        """The game, with its lock taken, at the version the request was computed on (else
        StaleVersion).  The caller releases ``live.lock``.  A game replaced in memory while this
        request waited for its lock (another process moved it on) is asked for again.

        When the request's version is the one in memory, the version row is not read first: if
        another process has moved the game on, the version-checked commit finds it out (a 409,
        rightly, since the request was computed on that older state too) — one query less per
        action.  Any other version is checked against the database before it is refused."""
        for attempt in range(3):
            with self.lock:
                cached = self.games.get(game_id)
            live = cached if cached is not None and cached.version == version and attempt == 0 \
                else self.get(game_id)
            live.lock.acquire()
            if self.games.get(game_id) is live:
                try:
                    self.check_version(live, version)
                except BaseException:
                    live.lock.release()
                    raise
                return live
            live.lock.release()
        raise StaleVersion(self.get(game_id))

    @staticmethod
    def rebuild(stored: StoredGame) -> LiveGame:
        """A stored game replayed from its log (web/live_game.py)."""
        return replayed(stored)

    @staticmethod
    def caught_up(cached: LiveGame, stored: StoredGame) -> LiveGame | None:
        """``cached`` moved on to ``stored``, or None (web/live_game.py)."""
        return moved_on(cached, stored)

    def check_version(self, live: LiveGame, version: int) -> None:
        if version != live.version:
            raise StaleVersion(live)
