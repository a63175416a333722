"""A seat left empty (issue 27, item 3): the table's setting, off by default, that hands a seat
to the AI after N minutes of its player's absence and back when he returns.  The host's own hand
(``POST /api/games/<id>/table/seats/<n>``) is web/lobby.py's; the presence it reads is
web/live.py's (web/seats.py keeps it)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from tetrarchia.web.lobby import Lobby
from tetrarchia.web.tables import AWAY

LOG = logging.getLogger("tetrarchia.web.takeover")


class AwayWatch:
    """The tables' absence setting: a seat whose player is away longer than the table's minutes
    is handed to the AI, and back when he returns (presence: web/live.py, web/seats.py).  One
    look every ``interval`` seconds, on the server's event loop, the database's work in a thread;
    the absence is counted from when this process first saw the seat empty, and a seat is
    handed over only while another player of the table is connected (someone is waiting)."""

    def __init__(self, lobby: Lobby, interval: float = 5.0) -> None:
        self.lobby = lobby
        self.interval = interval
        self.absent: dict[tuple[str, str], float] = {}
        self.task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self.task = asyncio.ensure_future(self.run())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def run(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            try:
                changed = await asyncio.to_thread(self.look)
            except Exception:  # a database hiccup: look again at the next tick
                LOG.exception("the absence check failed")
                continue
            for game_id in changed:
                self.lobby.news(game_id)
                self.lobby.poke(game_id)

    def look(self, now: float | None = None) -> list[str]:
        """One look at every table that hands absent seats to the AI; the games changed."""
        now = time.time() if now is None else now
        tables, book = self.lobby.tables, self.lobby.book
        changed: list[str] = []
        watched = set()
        for game_id, minutes in tables.watched():
            present = {str(p) for p in book.present(game_id)["players"]}  # type: ignore[attr-defined]
            for seat, reason in tables.stand_ins(game_id).items():
                if reason == AWAY and seat in present and tables.hand_back(game_id, seat):
                    changed.append(game_id)
            for seat in tables.people(game_id):
                key = (game_id, seat)
                watched.add(key)
                if seat in present:
                    self.absent.pop(key, None)
                    continue
                since = self.absent.setdefault(key, now)
                # only while someone of the table is here, waiting: a table everyone left is
                # not played to its end by the AI alone
                if now - since >= minutes * 60 and present and self.lobby.stand_in(game_id, seat, AWAY):
                    self.absent.pop(key, None)
                    changed.append(game_id)
        for key in [k for k in self.absent if k not in watched]:
            del self.absent[key]
        return sorted(set(changed))

