"""The daily challenge on the server (issue 27, item 5): today's setup, playing it, the day's
table and yesterday's, with its replays and its seed.

- ``GET /api/challenge?lang=``: today (the UTC date, the seconds until it closes), its setup in
  words, today's table, and yesterday's table with each finished game's id (its replay is then
  public) and the day's seed, so that anyone can check its dice.
- ``POST /api/challenge/entries`` ``{name, browser}``: play today's challenge solo under
  ``name`` (1-24 printable characters) from the browser whose random id is ``browser``: a new
  solo game on the day's setup and dice (201, with its hot-seat credential, as a creation, under
  the same limit of new games), or, when that browser has begun today's already, its game
  again (200, ``resumed``); when that game is over, a refusal (409 ``played_today``): one entry a
  browser a day.  Nothing is stored by a refusal.

The table of a day: each entry's name and, once its game ended within the day, won or lost, R8's
score, the rounds and the turns (``analysis.summary``); sorted won first, then the higher score,
then the fewer rounds, then the fewer turns.  A game still running when its day closes stays
``unfinished``: its day's seed is public from then on (web/daily.py).
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Awaitable, Callable
from datetime import date, timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tetrarchia.core.errors import said
from tetrarchia.core.rulebook import REGISTRY
from tetrarchia.core.state import Result
from tetrarchia.render.labels import phrase_in
from tetrarchia.web import daily
from tetrarchia.web.authority import Authority, LiveGame, UnknownGame
from tetrarchia.web.daily import ChallengeEntry, Days, browser_key, day_end, setup_of
from tetrarchia.web.difficulty import level_words
from tetrarchia.web.ending import summary_json
from tetrarchia.web.i18n import LANGUAGES, accepted
from tetrarchia.web.live import Malformed, json_object, quoted, told, unknown_fields
from tetrarchia.web.storage import GameRow

Handler = Callable[[], Awaitable[Response]]
Seated = Callable[[Request, LiveGame, bool, dict[int, str]], JSONResponse]
NAME_LENGTH = 24  # the longest name in a table (issue 27: 1-24 printable characters)
BROWSER_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")  # the page's crypto.randomUUID()
ENTRY_FIELDS = frozenset({"name", "browser"})
RESULTS_ORDER = {"won": 0, "lost": 1, "unfinished": 2, None: 3}


def request_language(request: Request) -> str:
    chosen = request.query_params.get("lang")
    return str(chosen) if chosen in LANGUAGES else accepted(request.headers.get("accept-language")) or "en"


def entry_name(data: dict[str, Any]) -> str:
    """The name a challenge is played under: text, 1-24 printable characters once trimmed."""
    name = data.get("name")
    if not isinstance(name, str):
        raise Malformed(said("{field} must be your name as text, not {value}", field=repr("name"),
                             value=quoted(name)))
    name = name.strip()
    if not name:
        raise Malformed(said("write the name you play under (1 to {limit} characters)",
                             limit=NAME_LENGTH))
    if len(name) > NAME_LENGTH:
        raise Malformed(said("a name has at most {limit} characters; {name} has {count}",
                             limit=NAME_LENGTH, name=quoted(name[:NAME_LENGTH] + "…"), count=len(name)))
    if not name.isprintable():
        raise Malformed(said("a name holds printable characters only (no line break, no tab)"))
    return name


def entry_browser(data: dict[str, Any]) -> str:
    browser = data.get("browser")
    if not isinstance(browser, str) or not BROWSER_ID.fullmatch(browser):
        raise Malformed(said("{field} must be this browser's random id (16 to 64 letters, digits, "
                             "'-' or '_'), not {value}", field=repr("browser"), value=quoted(browser)))
    return browser


def setup_json(day: date, lang: str) -> dict[str, Any]:
    """A day's setup in words: the level spelt out (R3) and each optional rule with its title
    and rule section, in ``lang``."""
    setup = setup_of(day)
    settings = setup.settings()
    level = str(settings.level)
    return {"level": level, "level_words": level_words(level, lang), "players": 1,
            "options": [{"key": key, "title": phrase_in(REGISTRY[key].title, lang),
                         "rule": REGISTRY[key].rule} for key in setup.options]}


def ranked(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Won first, then the higher score, then the fewer rounds (then the fewer turns, then the
    earlier entry); the games still running last."""
    return sorted(entries, key=lambda e: (RESULTS_ORDER.get(e["result"], 3), -(e["score"] or 0),
                                          e["rounds"] or 0, e["turns"] or 0, e["created"]))


class Challenge:
    """The daily challenge of one server: entries, results and tables."""

    def __init__(self, authority: Authority, days: Days) -> None:
        self.authority = authority
        self.days = days
        self.store = authority.store

    def entry(self, day: date, browser: str) -> ChallengeEntry | None:
        with self.store.session() as session:
            found = session.get(ChallengeEntry, (day.isoformat(), browser_key(browser)))
            if found is not None:
                session.expunge(found)
            return found

    def begin(self, day: date, browser: str, name: str) -> LiveGame:
        """A new game of ``day``'s challenge for ``browser``, with its entry; when another
        request of the same browser stored its entry first, that one stands and this game goes."""
        live = self.authority.create(setup_of(day).settings(), self.days.seed(day))
        try:
            with self.store.session() as session:
                session.add(ChallengeEntry(day=day.isoformat(), browser=browser_key(browser),
                                           name=name, game_id=live.id, created=time.time()))
        except IntegrityError:
            self.store.delete(live.id)
            self.authority.forget(live)
            raise
        return live

    def result_of(self, entry: ChallengeEntry, finished: float | None, day: date) -> dict[str, Any] | None:
        """The result of an entry whose game is over (``finished``: when), or ``unfinished`` once
        its day closed first; None while it may still end within its day."""
        closes = day_end(day).timestamp()
        if finished is not None and finished <= closes:
            try:
                live = self.authority.get(entry.game_id)
            except UnknownGame:
                return None
            summary = summary_json(live)
            won = live.state.result is Result.ROMA_VICTRIX
            return {"result": "won" if won else "lost", "score": int(summary["score"]["total"]),
                    "rounds": int(summary["rounds"]), "turns": int(summary["turns"])}
        if daily.now().timestamp() >= closes:
            return {"result": "unfinished"}
        return None

    def table(self, day: date, with_games: bool) -> list[dict[str, Any]]:
        """The day's entries, their results found and kept as their games end; ranked."""
        with self.store.session() as session:
            rows = session.execute(select(ChallengeEntry, GameRow.result, GameRow.updated)
                                   .join(GameRow, GameRow.id == ChallengeEntry.game_id)
                                   .where(ChallengeEntry.day == day.isoformat())).all()
            entries = [(row[0], row[1], row[2]) for row in rows]
            for entry, _result, _updated in entries:
                session.expunge(entry)
        table = []
        for entry, result, updated in entries:
            known = entry.to_json()
            if entry.result is None:
                found = self.result_of(entry, None if result == "ongoing" else float(updated), day)
                if found is not None:
                    known.update(found)
                    with self.store.session() as session:
                        session.execute(update(ChallengeEntry).where(
                            ChallengeEntry.day == entry.day, ChallengeEntry.browser == entry.browser,
                            ChallengeEntry.result.is_(None)).values(**found))
            known["created"] = entry.created
            if with_games and known["result"] in ("won", "lost"):
                known["game"] = entry.game_id
            table.append(known)
        return [{k: v for k, v in e.items() if k != "created"} for e in ranked(table)]

    def view(self, lang: str) -> dict[str, Any]:
        day = daily.today()
        yesterday = day - timedelta(days=1)
        return {"day": day.isoformat(), "closes_in": int(day_end(day).timestamp() - daily.now().timestamp()),
                "setup": setup_json(day, lang), "entries": self.table(day, with_games=False),
                "yesterday": {"day": yesterday.isoformat(), "setup": setup_json(yesterday, lang),
                              "seed": self.days.seed(yesterday),
                              "entries": self.table(yesterday, with_games=True)}}


def challenge_routes(authority: Authority, days: Days,
                     guarded: Callable[[Request, Handler], Awaitable[Response]],
                     creation: Callable[[Request], None],
                     seated: Seated) -> list[Route]:
    """The challenge's routes, on the application's own checks (as ``ending_routes``)."""
    challenge = Challenge(authority, days)

    async def overview(request: Request) -> Response:
        return JSONResponse(await asyncio.to_thread(challenge.view, request_language(request)))

    async def enter(request: Request) -> Response:
        async def handler() -> Response:
            data = json_object(await request.body())
            unknown_fields(data, ENTRY_FIELDS)
            name, browser = entry_name(data), entry_browser(data)
            day = daily.today()
            for _attempt in range(2):
                found = await asyncio.to_thread(challenge.entry, day, browser)
                if found is not None:
                    return await again(request, found)
                creation(request)
                try:
                    live = await asyncio.to_thread(challenge.begin, day, browser, name)
                except IntegrityError:
                    continue  # the same browser's other request stored its entry first
                return await asyncio.to_thread(seated, request, live, True, {})
            raise RuntimeError("the challenge's entry was neither stored nor found")
        return await guarded(request, handler)

    async def again(request: Request, found: ChallengeEntry) -> Response:
        """The browser's entry of today: its game to go on with, or, once over, the refusal."""
        live = await asyncio.to_thread(authority.get, found.game_id)
        if live.state.is_over:
            lang = request_language(request)
            reason = told(said("this browser has played today's challenge already: one entry a "
                               "day; the next challenge opens at 00:00 UTC"), lang)
            return JSONResponse({"error": {"code": "played_today", "reason": reason, "args": {}},
                                 "id": found.game_id}, status_code=409)
        return JSONResponse({"id": found.game_id, "resumed": True, "name": found.name})

    return [Route("/api/challenge", overview),
            Route("/api/challenge/entries", enter, methods=["POST"])]
