"""The end of a game on the server (issue 23, items 6 and 7): its summary for the end screen,
the rematch, the spectator links a seat may hand out, and who may read a replay.

- ``GET /api/games/<id>/summary``: how the game ended, R8's score and the statistics
  (``analysis.summary``), computed from the start and the log.
- ``POST /api/games/<id>/rematch`` ``{"seed": "same" | "new"}``: a new game with the same
  settings, board and start position, the same seed (once it is told: a running game's or a
  sealed challenge's rematch gets a fresh secret seed, web/secrecy.py) or a new one, and the
  same kinds of seats (hot seat, people, the same AI players), with its new credentials — as a
  creation, under the same limit of new games per address; every seat's link of the old game
  opens its seat of the rematch too (issue 27, web/lobby.py), so nobody passes links around
  again.
- ``POST /api/games/<id>/spectators``: a new spectator credential of a game, for a seat to pass
  on (the spectator link given at creation is shown once; this one adds another rather than
  replacing it, so the links already given keep working).
- **Public replays**: a game that is over has nothing left to predict, so its replay (its board,
  its positions step by step and its summary) is read without a credential; a running game's
  still needs a seat's or a spectator's (docs/web.md).
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import select
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tetrarchia.analysis.summary import summarize
from tetrarchia.core.errors import said
from tetrarchia.core.serialize import position_to_json
from tetrarchia.web.authority import Authority, LiveGame
from tetrarchia.web.live import Malformed, parse_message, quoted
from tetrarchia.web.seats import HOTSEAT, Credential, SeatBook
from tetrarchia.web.storage import GameRow, Store

Handler = Callable[[], Awaitable[Response]]
SUMMARIES_KEPT = 64  # the games whose summary the server keeps at hand


def summary_json(live: LiveGame) -> dict[str, Any]:
    """The game's summary (``analysis.summary``), from its start and log taken under its lock."""
    with live.lock:
        start = live.game.start.copy()
        log = list(live.game.log)
    data = summarize(start, log).to_json()
    data["id"] = live.id
    return data


def rematch_of(authority: Authority, book: SeatBook, live: LiveGame,
               same_seed: bool = True) -> tuple[LiveGame, bool, dict[int, str]]:
    """A new game as ``live`` began: the same settings, seed (or a new one), board file and
    start position (a game begun from a position or imported mid-way begins there again), and
    the seats it had: a hot seat or people's seats, and the same AI players."""
    with live.lock:
        game = live.game
        settings = game.state.settings
        start = None if game.fresh else position_to_json(game.start)
        # the same dice only once they are no secret: a running game's (or a sealed challenge's)
        # rematch is dealt a fresh secret seed, else its dice would foretell the game's (D2)
        told = authority.secret.revealed(live.id, game.state.is_over)
        seed = game.seed if same_seed and told else None
    kinds = book.kinds(live.id)
    again = authority.create(settings, seed, live.board_text, start)
    return again, HOTSEAT in kinds, book.ai_seats(live.id)


def ending_routes(authority: Authority, book: SeatBook,
                  seat: Callable[[Request, bool], Awaitable[Credential]],
                  reader: Callable[[Request], Awaitable[Credential | None]],
                  guarded: Callable[[Request, Handler], Awaitable[Response]],
                  creation: Callable[[Request], None],
                  seated: Callable[[Request, LiveGame, bool, dict[int, str]], JSONResponse],
                  rematched: Callable[[str, str], None] | None = None) -> list[Route]:
    """The routes of the end of a game, built on the application's own checks: ``seat`` (the
    rate limit and the credential), ``reader`` (the same for a read that a public replay may
    make without one), ``guarded`` (the refusals' answers), ``creation`` (the
    new games' limit), ``seated`` (a new game's answer with its credentials) and ``rematched``
    (told the old game's id and the rematch's once it is seated: the links carry over)."""

    # a game's summary at a version never changes (a finished game's, never again): the last
    # few are kept, so that everyone opening a finished game's end screen replays its log once
    told: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
    keeping = threading.Lock()  # the routes' threads share the kept summaries

    def summary_of(live: LiveGame) -> dict[str, Any]:
        key = (live.id, live.version)
        with keeping:
            kept = told.get(key)
            if kept is not None:
                told.move_to_end(key)
                return kept
        data = summary_json(live)
        with keeping:
            told[key] = data
            while len(told) > SUMMARIES_KEPT:
                told.popitem(last=False)
        return data

    async def summary(request: Request) -> Response:
        async def handler() -> Response:
            await reader(request)
            live = await asyncio.to_thread(authority.get, request.path_params["game_id"])
            data = dict(await asyncio.to_thread(summary_of, live))
            # the seed once it is no secret, so that anyone can check the dice of the log (D2)
            revealed = await asyncio.to_thread(authority.secret.revealed, live.id, live.state.is_over)
            data["seed"] = live.game.seed if revealed else None
            # a daily challenge's game whose day is not over: its replay is not public yet
            data["sealed"] = await asyncio.to_thread(authority.secret.sealed, live.id)
            return JSONResponse(data)
        return await guarded(request, handler)

    async def rematch(request: Request) -> Response:
        async def handler() -> Response:
            await seat(request, True)  # a seat's: a spectator watches, he does not deal again
            same = await seed_choice(request)
            creation(request)
            live = await asyncio.to_thread(authority.get, request.path_params["game_id"])
            again, hotseat, ai = await asyncio.to_thread(rematch_of, authority, book, live, same)
            answer = await asyncio.to_thread(seated, request, again, hotseat, ai)
            if rematched is not None:
                await asyncio.to_thread(rematched, live.id, again.id)
            return answer
        return await guarded(request, handler)

    async def spectators(request: Request) -> Response:
        async def handler() -> Response:
            await seat(request, True)
            await no_fields(request)
            game_id = request.path_params["game_id"]
            await asyncio.to_thread(authority.get, game_id)  # 404 for a game deleted meanwhile
            token = await asyncio.to_thread(book.watcher, game_id)
            return JSONResponse({"spectator": token}, status_code=201)
        return await guarded(request, handler)

    return [Route("/api/games/{game_id}/summary", summary),
            Route("/api/games/{game_id}/rematch", rematch, methods=["POST"]),
            Route("/api/games/{game_id}/spectators", spectators, methods=["POST"])]


async def no_fields(request: Request) -> None:
    """The body of a request that reads no field: nothing, or ``{}`` (413 past 4,096 bytes, 422
    for anything else: a field sent would be ignored without a word)."""
    raw = await request.body()
    data = parse_message(raw) if raw.strip() else {}
    if data:
        raise Malformed(said("unknown field {field}; this request reads none: send {empty}",
                             field=quoted(sorted(str(key) for key in data)[0]), empty="{}"))


async def seed_choice(request: Request) -> bool:
    """A rematch's body: nothing or ``{}`` (the same seed), or ``{"seed": "same" | "new"}``."""
    raw = await request.body()
    data = parse_message(raw) if raw.strip() else {}
    for key in data:
        if key != "seed":
            raise Malformed(said("unknown field {field}; this request reads {known}",
                                 field=quoted(str(key)), known="seed"))
    choice = data.get("seed", "same")
    if choice not in ("same", "new"):
        raise Malformed(said("{field} must be one of {choices}, not {value}", field=repr("seed"),
                             choices="same, new", value=quoted(choice)))
    return bool(choice == "same")


def public_replay(store: Store, game_id: str) -> bool:
    """Whether a game's replay is read without a credential: once the game is over, nothing in
    it can foretell a die (docs/web.md).  Read from the stored result, so that a request
    without a credential rebuilds no game; an unknown game is not public: the request is then
    answered as one without its credential (403), not 404.  (A game over stays over: nothing is
    played, nor undone, after the end.)"""
    if len(game_id) > 32:
        return False
    with store.session() as session:
        result = session.execute(select(GameRow.result).where(GameRow.id == game_id)).scalar()
    return result is not None and result != "ongoing"
