"""A game being played, on the server (issue 25, item 4): its state for a seat or a spectator,
its map, the actions, advances and undos sent, the poll and the live connection that tell the
news, its save, and its replay step by step.  Every check is the authority's
(web/authority.py) and the credentials the seat book's (web/seats.py)."""

from __future__ import annotations

import asyncio
from contextlib import suppress
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from tetrarchia.core.engine import apply_action, resume
from tetrarchia.core.errors import Refusal, TetrarchiaError, said
from tetrarchia.core.events import Event
from tetrarchia.core.notation import format_action
from tetrarchia.web.authority import LiveGame, translated
from tetrarchia.web.geography import map_json
from tetrarchia.web.live import parse_message
from tetrarchia.web.secrecy import told_save
from tetrarchia.web.server import Server
from tetrarchia.web.views import board_json, event_json, state_json


def play_routes(server: Server) -> list[BaseRoute]:
    """The routes of a game under way (its seats' and its spectators')."""
    authority = server.authority
    lang = server.lang

    async def get_game(request: Request) -> Response:
        async def handler() -> Response:
            credential = await server.seat(request, False)
            live = await asyncio.to_thread(authority.get, request.path_params["game_id"])
            server.driver.poke(live.id)  # a game loaded after a restart may owe an AI move
            first = request.query_params.get("events_from", "0")
            data = live.view(int(first) if first.isdigit() else 0, lang(request))
            data["you"] = credential.seat
            data["seats"] = await asyncio.to_thread(server.seat_table, live, lang(request))
            return JSONResponse(data)
        return await server.guarded(request, handler)

    async def get_board(request: Request) -> Response:
        async def handler() -> Response:
            await server.reader(request)
            live = await asyncio.to_thread(authority.get, request.path_params["game_id"])
            data = board_json(live.game.board, live.board_text)
            data["map"] = map_json(live.game.board, live.board_text)
            return JSONResponse(data)
        return await server.guarded(request, handler)

    def changing(kind: str) -> Any:
        async def route(request: Request) -> Response:
            async def handler() -> Response:
                credential = await server.seat(request, True)
                game_id = request.path_params["game_id"]
                live = await asyncio.to_thread(authority.get, game_id)
                authority.check_open(live)
                data = parse_message(await request.body())
                live, first = await asyncio.to_thread(server.live.change, credential, game_id, kind, data)
                return server.answer(request, live, first)
            with authority.one_request():  # the game's version row read once (web/game_cache.py)
                return await server.guarded(request, handler)
        return route

    async def poll(request: Request) -> Response:
        async def handler() -> Response:
            await server.rated(request)
            return JSONResponse(await server.live.poll(request, lang(request)))
        return await server.guarded(request, handler)

    async def export(request: Request) -> Response:
        async def handler() -> Response:
            await server.seat(request, False)
            live = await asyncio.to_thread(authority.get, request.path_params["game_id"])
            revealed = await asyncio.to_thread(authority.secret.revealed, live.id, live.state.is_over)
            with live.lock:  # a running game's without its seed (D2, web/secrecy.py)
                data = told_save(live.game, revealed)
            return JSONResponse(data, headers={
                "Content-Disposition": f'attachment; filename="tetrarchia-{live.id}.json"'})
        return await server.guarded(request, handler)

    async def replay(request: Request) -> Response:
        """The position after the first ``n`` log entries, with the events of entry ``n - 1``."""
        async def handler() -> Response:
            await server.reader(request)
            live = await asyncio.to_thread(authority.get, request.path_params["game_id"])
            text = request.path_params["n"]
            n = int(text)
            data = await asyncio.to_thread(position_after, live, n, lang(request))
            return JSONResponse(data)
        return await server.guarded(request, handler)

    async def live_updates(websocket: WebSocket) -> None:
        """The live protocol (web/live.py): the credential first, then the game's news."""
        with suppress(WebSocketDisconnect):
            await server.live.socket(websocket)

    return [
        Route("/api/games/{game_id}", get_game),
        Route("/api/games/{game_id}/board", get_board),
        Route("/api/games/{game_id}/actions", changing("action"), methods=["POST"]),
        Route("/api/games/{game_id}/advance", changing("advance"), methods=["POST"]),
        Route("/api/games/{game_id}/undo", changing("undo"), methods=["POST"]),
        Route("/api/games/{game_id}/poll", poll),
        Route("/api/games/{game_id}/export", export),
        Route("/api/games/{game_id}/at/{n:int}", replay),
        WebSocketRoute("/api/games/{game_id}/live", live_updates),
    ]


def position_after(live: LiveGame, n: int, lang: str = "en") -> dict[str, Any]:
    """The replay's frame ``n``: the game's position after its first ``n`` log entries."""
    game = live.game
    with live.lock:
        log = list(game.log)
        start = game.start.copy()
    if not 0 <= n <= len(log):
        raise TetrarchiaError(said("this game has {count} log entries; there is no entry {n}",
                                   count=len(log), n=n), Refusal.NO_SUCH_PLACE)
    state = start
    events: list[Event] = []
    for action in log[:n]:  # the log was checked when played: the trusted path replays it
        events = []
        resume(state, events)
        apply_action(state, action, events)
    data = state_json(state, lang)
    data.update(id=live.id, n=n, total=len(log), game_over=live.state.is_over,
                action=None if n == 0 else format_action(log[n - 1], game.board),
                events=translated([event_json(e, game.board, n - 1) for e in events], game.board, lang))
    return data
