"""The server's news of its games: who must hear that a game changed, or that a seat came or left.

Every message concerns one game and is a small JSON object with a ``kind`` (``"version"`` after a
committed change, with the new ``version``; other kinds as the live updates need them).  A message
is published by whoever made the news, from any thread, once the news is stored; every page
watching that game, in this process or in another one sharing the database, receives it.

This module holds the interface, the bus of a single process (``LocalBus``) and the bus of
several processes sharing one PostgreSQL database (``PostgresBus``: LISTEN/NOTIFY), so the routes
never know how many server processes there are.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from tetrarchia.web.storage import Store

log = logging.getLogger("tetrarchia.web.bus")

MAX_MESSAGE = 7_000  # bytes of JSON: under PostgreSQL's 8,000-byte NOTIFY payload


class Bus(Protocol):
    """Where messages about games are published and heard."""

    def publish(self, game_id: str, message: dict[str, Any]) -> None:
        """Tell every watcher of ``game_id`` (in every process); callable from any thread."""

    def watch(self, game_id: str) -> Any:
        """An async context manager giving an ``asyncio.Queue`` of the game's messages, for the
        time the caller watches (a page's live connection)."""

    async def start(self) -> None:
        """Begin delivering (called once the event loop runs: the application's startup)."""

    async def stop(self) -> None:
        """Stop delivering and let go of what it holds (the application's shutdown)."""


def encode(message: dict[str, Any]) -> str:
    """The message as compact JSON, refused when it is too large to cross processes."""
    text = json.dumps(message, separators=(",", ":"), sort_keys=True)
    if len(text.encode()) > MAX_MESSAGE:
        raise ValueError(f"a bus message is at most {MAX_MESSAGE:,} bytes; this one has "
                         f"{len(text.encode()):,}")
    return text


def news_json(game_id: str, message: dict[str, Any]) -> str:
    """A message as it crosses processes: the game it concerns and the message."""
    return encode({"game": game_id, "message": message})


class LocalBus:
    """The bus of one server process: the messages go to the queues of this process's watchers."""

    def __init__(self) -> None:
        self._queues: dict[str, set[asyncio.Queue[dict[str, Any]]]] = {}
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None

    def publish(self, game_id: str, message: dict[str, Any]) -> None:
        self.deliver(game_id, json.loads(encode(message)))

    def deliver(self, game_id: str, message: dict[str, Any]) -> None:
        """Hand ``message`` to this process's watchers of ``game_id`` (each gets its own copy)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return  # nobody can be watching before the loop runs
        with self._lock:
            queues = list(self._queues.get(game_id, ()))
        for queue in queues:
            loop.call_soon_threadsafe(queue.put_nowait, dict(message))

    @asynccontextmanager
    async def watch(self, game_id: str) -> AsyncIterator[asyncio.Queue[dict[str, Any]]]:
        self._loop = asyncio.get_running_loop()
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        with self._lock:
            self._queues.setdefault(game_id, set()).add(queue)
        try:
            yield queue
        finally:
            with self._lock:
                watchers = self._queues.get(game_id)
                if watchers is not None:
                    watchers.discard(queue)
                    if not watchers:
                        del self._queues[game_id]

    def watched(self) -> list[str]:
        """The games someone in this process watches now."""
        with self._lock:
            return list(self._queues)

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()

    async def stop(self) -> None:
        with self._lock:
            self._queues.clear()


class PostgresBus:
    """The bus of every server process sharing one PostgreSQL database: PostgreSQL's own
    LISTEN/NOTIFY, nothing else.

    A committed change is announced by the commit's own transaction (``pg_notify`` in
    ``Store.record``: PostgreSQL delivers it when, and only if, the transaction commits, so no
    process hears of a change that is not stored, and a process dying right after its commit
    cannot lose the news).  Other news is sent by ``publish`` (``pg_notify`` on its own).  Each
    process keeps one listening connection (psycopg's async ``notifies()``) and hands what it
    hears to its own watchers (``LocalBus.deliver``).  When that connection drops it connects
    again; news sent meanwhile is not replayed by PostgreSQL, so each watched game's current
    version is then read from the database and delivered: every page resynchronises.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.local = LocalBus()
        self.listening = asyncio.Event()
        self.connections = 0  # listening connections made so far (a test sees the reconnect)
        self._task: asyncio.Task[None] | None = None

    def publish(self, game_id: str, message: dict[str, Any]) -> None:
        self.store.notify(news_json(game_id, message))

    def watch(self, game_id: str) -> Any:
        return self.local.watch(game_id)

    async def start(self) -> None:
        await self.local.start()
        self.listening = asyncio.Event()
        self._task = asyncio.create_task(self._listen())
        try:  # serve once listening, so that no news after the start is missed
            await asyncio.wait_for(self.listening.wait(), timeout=10)
        except TimeoutError:
            log.warning("the bus is not listening to PostgreSQL yet; it keeps trying")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self.local.stop()

    def heard(self, payload: str) -> None:
        """One notification: hand its message to this process's watchers of its game."""
        try:
            data = json.loads(payload)
            game_id, message = data["game"], data["message"]
        except (ValueError, KeyError, TypeError):
            log.warning("the bus ignored a notification that is not its own: %.80r", payload)
            return
        if isinstance(game_id, str) and isinstance(message, dict):
            self.local.deliver(game_id, message)

    async def _listen(self) -> None:
        import psycopg

        from tetrarchia.web.storage import NOTIFY_CHANNEL, libpq_url

        delay = 0.1
        while True:
            try:
                connection = await psycopg.AsyncConnection.connect(
                    libpq_url(self.store.url), autocommit=True, keepalives=1, keepalives_idle=10,
                    keepalives_interval=5, keepalives_count=3)
                async with connection:
                    await connection.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    self.connections += 1
                    if self.connections > 1:
                        await self._resync()
                    self.listening.set()
                    delay = 0.1
                    async for note in connection.notifies():
                        self.heard(note.payload)
            except (psycopg.Error, OSError) as exc:
                log.warning("the bus lost PostgreSQL (%s); connecting again in %.1f s", exc, delay)
            self.listening.clear()
            await asyncio.sleep(delay)
            delay = min(delay * 2, 5.0)

    async def _resync(self) -> None:
        """After a reconnect: every watched game's current version to its watchers."""
        watched = self.local.watched()
        versions = await asyncio.to_thread(self.store.versions, watched)
        for game_id, version in versions.items():
            self.local.deliver(game_id, {"kind": "version", "version": version})
