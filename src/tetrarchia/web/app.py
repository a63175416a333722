"""The HTTP API and the page (Starlette): transport only; every rule is the engine's, every check
the authority's (``authority.py``).

Errors: 404 an unknown game; 422 a malformed body (not JSON, a missing or mistyped field); 400
an illegal request, with the engine's refusal code and reason; 409 an action computed on an old
state, with the current state so the page resyncs.  None of them changes a stored game.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from tetrarchia.core.board import default_board, parse_board
from tetrarchia.core.engine import apply_action, deciding_seat, resume
from tetrarchia.core.errors import OptionError, Refusal, TetrarchiaError, said
from tetrarchia.core.events import Event
from tetrarchia.core.notation import format_action
from tetrarchia.core.rulebook import REGISTRY, find_module
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import Awaiting
from tetrarchia.options.scenarios import scenario_level
from tetrarchia.players.advice import advise
from tetrarchia.render.advice import advice_json
from tetrarchia.render.refusals import args_in, refusal_in, said_in
from tetrarchia.web import i18n
from tetrarchia.web.authority import (
    BOUNDARIES,
    Authority,
    LiveGame,
    StaleVersion,
    UnknownGame,
    translated,
)
from tetrarchia.web.bus import Bus, LocalBus, PostgresBus
from tetrarchia.web.geography import map_json
from tetrarchia.web.i18n import LANGUAGES
from tetrarchia.web.storage import Store
from tetrarchia.web.views import board_json, event_json, seat_title, state_json

STATIC = Path(str(resources.files("tetrarchia.web").joinpath("static")))
HINT_SECONDS = 2.0  # the hint button's bound: the search and the playouts stop then
HINT_COUNT = 3
MAX_BODY = 9_000_000  # a saved game is at most 8,000,000 characters (docs/save-format.md)
EMPEROR_SEATS = 4


class Malformed(Exception):
    """The request body is not what the route reads (HTTP 422)."""


def refusal(status: int, code: str, reason: str, args: dict[str, Any] | None = None,
            **extra: Any) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "reason": reason, "args": args or {}}, **extra},
                        status_code=status)


async def read_body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise Malformed(f"the body holds {len(raw):,} bytes; at most {MAX_BODY:,}")
    try:
        data = json.loads(raw or b"null")
    except (ValueError, RecursionError) as exc:
        raise Malformed(f"the body is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise Malformed("the body must be a JSON object")
    return data


def field(data: dict[str, Any], key: str, kind: type | tuple[type, ...], required: bool = True) -> Any:
    value = data.get(key)
    if value is None and not required:
        return None
    if value is None:
        raise Malformed(f"the body has no {key!r}")
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        raise Malformed(f"{key!r} must be {getattr(kind, '__name__', kind)}, not {value!r}")
    return value


def settings_from(data: dict[str, Any]) -> Settings:
    """The settings a start page sends, read like ``tetrarchia play``'s options: a scenario
    without a level is played at its own level (R13); 5 players are the four Emperor players
    and the Barbarian player (Barbaria, R12.6).  OptionError says what cannot be played."""
    options = data.get("options") or []
    params = data.get("params") or {}
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise Malformed("'options' must be a list of option names")
    if not isinstance(params, dict):
        raise Malformed("'params' must map 'option.parameter' to a value")
    players = data.get("players", 1)
    if not isinstance(players, int) or isinstance(players, bool):
        raise Malformed("'players' must be a whole number")
    if not 1 <= players <= EMPEROR_SEATS + 1:
        raise OptionError(said("{players} players: a game has 1-4 players, or 5 with the "
                               "Barbarian player (R10, R12.6)", players=players))
    keys = [find_module(o).key for o in options]
    if players > EMPEROR_SEATS and "barbaria" not in keys:
        keys.append("barbaria")
    level = data.get("level")
    scenarios = [k for k in keys if REGISTRY[k].family == "scenario"]
    if level in (None, "") and len(scenarios) == 1:
        garrisons = params.get(f"{scenarios[0]}.garrisons", 4)
        level = str(scenario_level(scenarios[0], int(garrisons) if str(garrisons).isdigit() else 4))
    switches = ("shared_caesar", "new_armies_advance", "broken_link_once", "support_group")
    settings: dict[str, Any] = {key: data[key] for key in switches if key in data}
    settings.update(level=level or "4211", players=min(players, EMPEROR_SEATS), options=keys,
                    params=params)
    return Settings.from_json(settings)


def options_catalogue() -> dict[str, Any]:
    """Every optional rule the start page offers, with its parameters (the registry)."""
    return {"options": [{"key": m.key, "title": m.title, "family": m.family, "rule": m.rule,
                         "summary": m.summary, "excludes": list(m.excludes),
                         "params": [{"name": p.name, "default": p.default, "choices": list(p.choices),
                                     "help": p.help} for p in m.params]}
                        for m in sorted(REGISTRY.values(), key=lambda m: (m.family, m.key))],
            "levels": [f"{g}{f}{r}{a}" for g in (5, 4, 3) for f in (3, 2, 1) for r in (0, 1, 2)
                       for a in (0, 1, 2)]}


DATABASE_VARIABLE = "TETRARCHIA_DATABASE"  # the database of each worker process (--workers N)


def app_from_environment() -> Starlette:
    """The application of one worker process of ``tetrarchia serve --workers N``: uvicorn imports
    it in each process, and the database comes in the environment."""
    return create_app(os.environ[DATABASE_VARIABLE])


def create_app(database: Path | str) -> Starlette:
    """The application on ``database`` (a SQLite file, or a ``postgresql://`` URL), created and
    migrated as needed.  On PostgreSQL the news crosses processes (LISTEN/NOTIFY)."""
    store = Store(database)
    bus: Bus = PostgresBus(store) if store.postgresql else LocalBus()
    authority = Authority(store, lambda game_id, version: bus.publish(
        game_id, {"kind": "version", "version": version}))

    def lang(request: Request) -> str:
        chosen = request.query_params.get("lang", "en")
        return chosen if chosen in LANGUAGES else "en"

    def answer(request: Request, live: LiveGame, first: int, status: int = 200) -> JSONResponse:
        return JSONResponse(live.view(first, lang(request)), status_code=status)

    async def guarded(request: Request, handler: Any) -> Response:
        try:
            result: Response = await handler()
            return result
        except Malformed as exc:
            return refusal(422, "malformed", str(exc))
        except UnknownGame as exc:
            unknown = said("there is no game {game} on this server", game=repr(str(exc)))
            return refusal(404, "unknown_game", said_in(unknown, lang(request)) or str(unknown))
        except StaleVersion as exc:
            stale = said("the game has changed since this page last saw it (it is at version "
                         "{version})", version=exc.live.version)
            return refusal(409, "stale", said_in(stale, lang(request)) or str(stale),
                           state=exc.live.view(0, lang(request)))
        except TetrarchiaError as exc:
            chosen = lang(request)
            return refusal(400, str(exc.code), refusal_in(exc, chosen), args_in(exc, chosen))

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def list_games(request: Request) -> Response:
        games = await asyncio.to_thread(store.listing)
        return JSONResponse({"games": [{"id": g.id, "created": g.created, "updated": g.updated,
                                        "actions": g.log_length, "result": g.result,
                                        "summary": g.summary} for g in games]})

    async def options(request: Request) -> Response:
        return JSONResponse(options_catalogue())

    async def check_settings(request: Request) -> Response:
        async def handler() -> Response:
            data = await read_body(request)
            settings = settings_from(data)
            return JSONResponse({"ok": True, "settings": settings.to_json()})
        return await guarded(request, handler)

    async def create(request: Request) -> Response:
        async def handler() -> Response:
            data = await read_body(request)
            settings = settings_from(data)
            seed = field(data, "seed", int, required=False)
            board_text = field(data, "board", str, required=False)
            start = field(data, "position", dict, required=False)
            if board_text:
                parse_board(board_text, "the board file")  # a BoardError (400) before anything
            live = await asyncio.to_thread(authority.create, settings, seed, board_text, start)
            return answer(request, live, 0, 201)
        return await guarded(request, handler)

    async def import_game(request: Request) -> Response:
        async def handler() -> Response:
            data = await read_body(request)
            save = field(data, "save", dict)
            board_text = field(data, "board", str, required=False)
            live = await asyncio.to_thread(authority.import_save, save, board_text)
            return answer(request, live, 0, 201)
        return await guarded(request, handler)

    async def get_game(request: Request) -> Response:
        async def handler() -> Response:
            live = await asyncio.to_thread(authority.get, request.path_params["game_id"])
            first = request.query_params.get("events_from", "0")
            return answer(request, live, int(first) if first.isdigit() else 0)
        return await guarded(request, handler)

    async def get_board(request: Request) -> Response:
        async def handler() -> Response:
            live = await asyncio.to_thread(authority.get, request.path_params["game_id"])
            data = board_json(live.game.board, live.board_text)
            data["map"] = map_json(live.game.board, live.board_text)
            return JSONResponse(data)
        return await guarded(request, handler)

    async def default_board_route(request: Request) -> Response:
        board = default_board()
        data = board_json(board, None)
        data["map"] = map_json(board, None)
        return JSONResponse(data)

    def changing(kind: str) -> Any:
        async def route(request: Request) -> Response:
            async def handler() -> Response:
                game_id = request.path_params["game_id"]
                live = await asyncio.to_thread(authority.get, game_id)
                data = await read_body(request)
                version = field(data, "version", int)
                if kind == "action":
                    notation = field(data, "action", str)
                    if len(notation) > 400:
                        raise Malformed("an action is at most 400 characters")
                    live, first = await asyncio.to_thread(authority.act, live.id, version, notation)
                elif kind == "advance":
                    until = data.get("until", "roll")
                    if until not in BOUNDARIES:
                        raise Malformed(f"'until' must be one of {', '.join(BOUNDARIES)}, not {until!r}")
                    live, first = await asyncio.to_thread(authority.advance, live.id, version, until)
                else:
                    live, first = await asyncio.to_thread(authority.undo, live.id, version)
                return answer(request, live, first)
            return await guarded(request, handler)
        return route

    async def export(request: Request) -> Response:
        async def handler() -> Response:
            live = await asyncio.to_thread(authority.get, request.path_params["game_id"])
            with live.lock:
                data = live.game.to_json()
            return JSONResponse(data, headers={
                "Content-Disposition": f'attachment; filename="tetrarchia-{live.id}.json"'})
        return await guarded(request, handler)

    async def replay(request: Request) -> Response:
        """The position after the first ``n`` log entries, with the events of entry ``n - 1``."""
        async def handler() -> Response:
            live = await asyncio.to_thread(authority.get, request.path_params["game_id"])
            text = request.path_params["n"]
            n = int(text)
            data = await asyncio.to_thread(position_after, live, n, lang(request))
            return JSONResponse(data)
        return await guarded(request, handler)

    async def hint(request: Request) -> Response:
        """The best few actions for the seat deciding (issue 10's hint button), computed on a
        copy of the position off the event loop and bounded in time: a hint never changes the
        game (its version is the one the hint was computed on)."""
        async def handler() -> Response:
            live = await asyncio.to_thread(authority.get, request.path_params["game_id"])
            data = await asyncio.to_thread(hint_for, live, lang(request))
            return JSONResponse(data)
        return await guarded(request, handler)

    async def translations(request: Request) -> Response:
        return JSONResponse(i18n.catalogue(request.path_params["lang"]))

    async def live_updates(websocket: WebSocket) -> None:
        """Each committed change of the game is announced as {"version": v}: the page fetches
        the new state (the events since the one it holds) when it is not its own change."""
        game_id = websocket.path_params["game_id"]
        try:
            live = await asyncio.to_thread(authority.get, game_id)
        except UnknownGame:
            await websocket.close(code=4404)
            return
        await websocket.accept()
        try:
            async with bus.watch(game_id) as queue:
                await websocket.send_json({"version": live.version})
                while True:
                    receive = asyncio.ensure_future(websocket.receive_text())
                    get = asyncio.ensure_future(queue.get())
                    done, pending = await asyncio.wait({receive, get},
                                                       return_when=asyncio.FIRST_COMPLETED)
                    for task in pending:
                        task.cancel()
                    if get in done:
                        message = get.result()
                        if message.get("kind") == "version":
                            await websocket.send_json({"version": message["version"]})
                    if receive in done:
                        receive.result()  # raises WebSocketDisconnect when the page went away
        except WebSocketDisconnect:
            pass

    routes = [
        Route("/", index),
        Route("/game/{game_id}", index),
        Route("/replay/{game_id}", index),
        Route("/api/options", options),
        Route("/api/settings/check", check_settings, methods=["POST"]),
        Route("/api/board", default_board_route),
        Route("/api/games", list_games),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games/import", import_game, methods=["POST"]),
        Route("/api/games/{game_id}", get_game),
        Route("/api/games/{game_id}/board", get_board),
        Route("/api/games/{game_id}/actions", changing("action"), methods=["POST"]),
        Route("/api/games/{game_id}/advance", changing("advance"), methods=["POST"]),
        Route("/api/games/{game_id}/undo", changing("undo"), methods=["POST"]),
        Route("/api/games/{game_id}/export", export),
        Route("/api/games/{game_id}/at/{n:int}", replay),
        Route("/api/games/{game_id}/hint", hint),
        Route("/api/i18n/{lang}", translations),
        WebSocketRoute("/api/games/{game_id}/live", live_updates),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        await bus.start()  # the bus delivers on the server's event loop
        try:
            yield
        finally:
            await bus.stop()
            store.dispose()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.bus = bus
    app.state.authority = authority
    app.state.store = store
    return app


def position_after(live: LiveGame, n: int, lang: str = "en") -> dict[str, Any]:
    """The replay's frame ``n``: the game's position after its first ``n`` log entries."""
    game = live.game
    with live.lock:
        log = list(game.log)
        start = game.start.copy()
    if not 0 <= n <= len(log):
        raise TetrarchiaError(f"this game has {len(log)} log entries; there is no entry {n}",
                              Refusal.NO_SUCH_PLACE)
    state = start
    events: list[Event] = []
    for action in log[:n]:  # the log was checked when played: the trusted path replays it
        events = []
        resume(state, events)
        apply_action(state, action, events)
    data = state_json(state)
    data.update(id=live.id, n=n, total=len(log),
                action=None if n == 0 else format_action(log[n - 1], game.board),
                events=translated([event_json(e, game.board, n - 1) for e in events], game.board, lang))
    return data



def hint_for(live: LiveGame, lang: str) -> dict[str, Any]:
    """The hints for the seat deciding in ``live``'s game, in ``lang`` (``players.advice``, the
    terminal's ``hint``): computed on a copy taken under the game's lock, so a hint never
    changes the game, and seeded, so the same position gets the same hint."""
    with live.lock:
        state = live.game.state.copy()
        version = live.version
    waiting = state.is_over or state.awaiting in (Awaiting.ROLL, Awaiting.RUN)
    advice = [] if waiting else advise(state, HINT_COUNT, seconds=HINT_SECONDS)
    seat = deciding_seat(state)
    return {"version": version, "seat": seat, "seat_title": seat_title(seat, state.settings),
            "hints": advice_json(state, advice, lang)}
