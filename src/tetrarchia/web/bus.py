"""The server's news of its games: who must hear that a game changed, or that a seat came or left.

Every message concerns one game and is a small JSON object with a ``kind`` (``"version"`` after a
committed change, with the new ``version``; other kinds as the live updates need them).  A message
is published by whoever made the news, from any thread, once the news is stored; every page
watching that game, in this process or in another one sharing the database, receives it.

This module holds the interface and the bus of a single process (``LocalBus``).  A bus that
crosses processes (PostgreSQL's LISTEN/NOTIFY) implements the same interface, so the routes never
know how many server processes there are.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Protocol

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

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()

    async def stop(self) -> None:
        with self._lock:
            self._queues.clear()
