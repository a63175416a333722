"""Advice on a game, on the server (issue 25, item 4): the hint button's best few actions, the
danger overlay's exact forecast of the coming Barbarian phase, and the game's analysis
(issue 24).  None of them changes the game: each reads a copy of its position."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from tetrarchia.core.engine import deciding_seat
from tetrarchia.render.labels import emperor_names
from tetrarchia.web.authority import LiveGame
from tetrarchia.web.forecast import Forecasts
from tetrarchia.web.hints import hint_routes
from tetrarchia.web.server import Server
from tetrarchia.web.thinkers import Thinkers
from tetrarchia.web.views import seat_title

HINT_SECONDS = 2.0  # the hint button's default time to think (players.advice.DEFAULT_SECONDS)
HINT_MAX_SECONDS = 10.0  # ?seconds= asks for more, capped here: a seat may not hold a core longer
HINT_COUNT = 3


def advice_routes(server: Server, hint_most: float = HINT_MAX_SECONDS) -> list[BaseRoute]:
    """The routes of advice; ``hint_most``: the most a hint may think, in seconds."""
    authority = server.authority
    lang = server.lang

    async def hint(request: Request) -> Response:
        """The best few actions for the seat deciding (issue 10's hint button), computed on a
        copy of the position off the event loop and bounded in time: a hint never changes the
        game (its version is the one the hint was computed on)."""
        async def handler() -> Response:
            await server.seat(request, True)  # a seat's (2 s of thinking: not a spectator's)
            live = await asyncio.to_thread(authority.get, request.path_params["game_id"])
            data = await asyncio.to_thread(hint_for, live, lang(request),
                                           hint_seconds(request.query_params.get("seconds"), hint_most),
                                           server.thinkers)
            return JSONResponse(data)
        return await server.guarded(request, handler)

    forecasts = Forecasts()

    async def danger(request: Request) -> Response:
        """The exact forecast of the coming Barbarian phase (the map's danger overlay): read
        like the board, by any seat or spectator (it uses no secret), kept per version."""
        async def handler() -> Response:
            await server.seat(request, False)
            live = await asyncio.to_thread(authority.get, request.path_params["game_id"])
            query = request.query_params
            data = await asyncio.to_thread(forecasts.of, live, "wait" in query, "last" in query)
            return JSONResponse(data)
        return await server.guarded(request, handler)

    async def analysis_route(request: Request) -> Response:
        """The game's analysis (issue 24): POST starts it in the worker process (or joins the one
        running, or gives the one stored), GET reads its progress and result; any credential
        that reads the game may ask.  ``current``: the game's log length now (a running game's
        analysis covers its first ``log_length`` entries)."""
        async def handler() -> Response:
            await server.seat(request, False)
            live = await asyncio.to_thread(authority.get, request.path_params["game_id"])
            if request.method == "POST":
                data = await asyncio.to_thread(server.jobs.start, live)
            else:
                data = await asyncio.to_thread(server.jobs.status, live.id)
            data["current"] = len(live.game.log)
            data["emperor_names"] = emperor_names(lang(request))
            return JSONResponse(data)
        return await server.guarded(request, handler)

    return [
        Route("/api/games/{game_id}/hint", hint),
        Route("/api/games/{game_id}/forecast", danger),
        Route("/api/games/{game_id}/analysis", analysis_route, methods=["GET", "POST"]),
        *hint_routes(HINT_SECONDS, hint_most),  # the hint's "think longer" choices (web/hints.py)
    ]


def hint_seconds(asked: str | None, most: float = HINT_MAX_SECONDS) -> float:
    """The time a hint thinks: ``?seconds=`` within 0.5 and ``most`` (the host's
    ``create_app(hint_most=...)``; a number out of bounds is brought within them),
    ``HINT_SECONDS`` when not asked or not a number."""
    try:
        seconds = float(asked) if asked is not None else HINT_SECONDS
    except ValueError:
        return min(HINT_SECONDS, most)
    return min(max(seconds, 0.5), most) if seconds == seconds else min(HINT_SECONDS, most)


def hint_for(live: LiveGame, lang: str, seconds: float, thinkers: Thinkers) -> dict[str, Any]:
    """The hints for the seat deciding in ``live``'s game, in ``lang`` (``players.advice``, the
    terminal's ``hint``), thinking ``seconds`` in a hints' process (web/thinkers.py): computed on
    a copy taken under the game's lock, so a hint never changes the game, and seeded, so the
    same position gets the same candidates."""
    with live.lock:
        state = live.game.state.copy()
        version = live.version
        board_text = live.board_text
    hint = thinkers.hint(state, board_text, HINT_COUNT, seconds, lang)
    seat = deciding_seat(state)
    return {"version": version, "seat": seat, "seat_title": seat_title(seat, state.settings, lang),
            "budget": seconds, **hint}
