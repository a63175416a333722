"""The HTTP API and the page (Starlette): transport only; every rule is the engine's, every check
the authority's (``authority.py``), every credential the seats' (``seats.py``), the live updates
``live.py``'s.

Errors, in the order they are checked (docs/web.md): before any route, 413 a body larger than
the route's limit and 415 a POST whose body is not declared JSON (web/guard.py); 429 too many
requests on the connection; 403 no credential, one of another game, or a spectator's acting;
404 an unknown game; 410 a game over; 413 a body sent without its length that passes the
route's limit as it is read, 422 a malformed body (not JSON, a missing or mistyped field); 409
an action computed on an old state, with the current state so the page resyncs; 403 not this
seat's decision, with the reason; 400 an illegal request, with the engine's refusal code and
reason.  None of them changes a stored game.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
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
from tetrarchia.core.pieces import Emperor
from tetrarchia.core.rulebook import REGISTRY, find_module
from tetrarchia.core.settings import Settings
from tetrarchia.players.advice import advise
from tetrarchia.players.registry import PLAYERS
from tetrarchia.render.advice import hint_json
from tetrarchia.render.labels import emperor_names
from tetrarchia.web import difficulty, i18n, tutorial
from tetrarchia.web.access_log import AccessLog
from tetrarchia.web.ai import AiDriver
from tetrarchia.web.analyses import ANALYSIS_SAMPLES, ANALYSIS_SECONDS, AnalysisJobs
from tetrarchia.web.authority import Authority, LiveGame, translated
from tetrarchia.web.bus import Bus, LocalBus, PostgresBus
from tetrarchia.web.challenge import challenge_routes
from tetrarchia.web.daily import Days
from tetrarchia.web.deliver import Delivery
from tetrarchia.web.ending import ending_routes, public_replay
from tetrarchia.web.forecast import Forecasts
from tetrarchia.web.geography import map_json
from tetrarchia.web.guard import Guard
from tetrarchia.web.hints import hint_routes
from tetrarchia.web.i18n import LANGUAGES, accepted
from tetrarchia.web.limits import Limits
from tetrarchia.web.live import (
    Live,
    Malformed,
    RateLimiter,
    bearer,
    field,
    guard_logs,
    json_object,
    parse_message,
    quoted,
    refusal_of,
    told,
    told_args,
    unknown_fields,
)
from tetrarchia.web.lobby import Lobby
from tetrarchia.web.notify import Notifier, notify_routes
from tetrarchia.web.players_table import PlayersTable, players_table_routes
from tetrarchia.web.players_table import wire as wire_players_table
from tetrarchia.web.precomputed import Precomputed, registries
from tetrarchia.web.seats import BadSeats, Credential, SeatBook, token_hash
from tetrarchia.web.secrecy import SEED_SPACE, DiceSecret, told_save
from tetrarchia.web.storage import Store
from tetrarchia.web.takeover import AwayWatch
from tetrarchia.web.views import board_json, event_json, seat_title, state_json

STATIC = Path(str(resources.files("tetrarchia.web").joinpath("static")))
HINT_SECONDS = 2.0  # the hint button's default time to think (players.advice.DEFAULT_SECONDS)
HINT_MAX_SECONDS = 10.0  # ?seconds= asks for more, capped here: a seat may not hold a core longer
HINT_COUNT = 3
EMPEROR_SEATS = 4
SWITCHES = ("shared_caesar", "new_armies_advance", "broken_link_once", "support_group")
# The fields a new game's body may hold (the start page's form; the settings check reads the
# same body) and an import's: any other is refused (422) rather than ignored.
GAME_FIELDS = frozenset({"level", "players", "options", "params", "seed", "board", "position",
                         "hotseat", "ai", *SWITCHES})
IMPORT_FIELDS = frozenset({"save", "board", "hotseat", "ai"})


def refusal(status: int, code: str, reason: str, args: dict[str, Any] | None = None,
            **extra: Any) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "reason": reason, "args": args or {}}, **extra},
                        status_code=status)


async def read_body(request: Request) -> dict[str, Any]:
    """The body as a JSON object; its size is bounded as it arrives (web/guard.py: 413)."""
    return json_object(await request.body())


def settings_from(data: dict[str, Any]) -> Settings:
    """The settings a start page sends, read like ``tetrarchia play``'s options: a scenario
    without a level is played at its own level (R13); 5 players are the four Emperor players
    and the Barbarian player (Barbaria, R12.6).  OptionError says what cannot be played."""
    unknown_fields(data, GAME_FIELDS)
    options = data.get("options") or []
    params = data.get("params") or {}
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise Malformed(said("{field} must be a list of option names, not {value}",
                             field=repr("options"), value=quoted(options)))
    if not isinstance(params, dict):
        raise Malformed(said("{field} must map 'option.parameter' to a value, not {value}",
                             field=repr("params"), value=quoted(params)))
    players = data.get("players", 1)
    if not isinstance(players, int) or isinstance(players, bool):
        raise Malformed(said("{field} must be a whole number, not {value}", field=repr("players"),
                             value=quoted(players)))
    if not 1 <= players <= EMPEROR_SEATS + 1:
        raise OptionError(said("{players} players: a game has 1-4 players, or 5 with the "
                               "Barbarian player (R10, R12.6)", players=players))
    keys = [find_module(o).key for o in options]
    if players > EMPEROR_SEATS and "barbaria" not in keys:
        keys.append("barbaria")
    level = data.get("level")
    levelled = [k for k in keys if REGISTRY[k].level is not None]  # R13: a scenario's own level
    if level in (None, "") and len(levelled) == 1:
        garrisons = params.get(f"{levelled[0]}.garrisons", 4)
        module_level = REGISTRY[levelled[0]].level
        assert module_level is not None  # narrowed by the list above
        level = str(module_level({"garrisons": int(garrisons) if str(garrisons).isdigit() else 4}))
    settings: dict[str, Any] = {key: data[key] for key in SWITCHES if key in data}
    settings.update(level=level or "4211", players=min(players, EMPEROR_SEATS), options=keys,
                    params=params)
    return Settings.from_json(settings)


def options_catalogue(lang: str = "en") -> dict[str, Any]:
    """Every optional rule the start page offers, with its parameters (the registry); their
    descriptions in ``lang`` (``render.labels``), their names as the rulebooks write them; the
    Caesars three players may share (R10: the value sent back is the save format's name, the
    text the rulebook's of ``lang``); the AI players, described in ``lang``."""
    from tetrarchia.render.catalogues import choice_word
    from tetrarchia.render.labels import emperor_name, phrase_in
    # names, parameters and values in ``lang`` beside the values sent back (issue 23)
    return {"options": [{"key": m.key, "title": phrase_in(m.title, lang), "family": m.family, "rule": m.rule,
                         "summary": phrase_in(m.summary, lang), "excludes": list(m.excludes),
                         "params": [{"name": p.name, "default": p.default, "choices": list(p.choices),
                                     "label": phrase_in(p.name, lang),
                                     "choice_texts": [phrase_in(choice_word(c), lang) for c in p.choices],
                                     "help": phrase_in(p.help, lang)} for p in m.params]}
                        for m in sorted(REGISTRY.values(), key=lambda m: (m.family, m.key))],
            "levels": [f"{g}{f}{r}{a}" for g in (5, 4, 3) for f in (3, 2, 1) for r in (0, 1, 2)
                       for a in (0, 1, 2)],
            # the AI players a seat can be given to (issue 10: the registry's names)
            "shared_caesars": [{"value": e.title, "text": emperor_name(e, lang)}
                               for e in (Emperor.GALERIUS, Emperor.CONSTANTIUS)],
            "ai_players": [{"name": p.name, "summary": phrase_in(p.summary, lang)} for p in
                           sorted(PLAYERS.values(), key=lambda p: p.name) if p.name != "random"]}


def seats_wanted(data: dict[str, Any]) -> tuple[bool, dict[int, str]]:
    """The seats a creation asks for: ``hotseat`` (one credential for every seat) and ``ai``
    (player's number -> the registry's player name)."""
    hotseat = field(data, "hotseat", bool, required=False) or False
    ai = field(data, "ai", dict, required=False) or {}
    wanted: dict[int, str] = {}
    for key, name in ai.items():
        if not str(key).isdigit() or not isinstance(name, str):
            raise Malformed(said("{field} maps a player's number to a player's name, not "
                                 "{key}: {value}", field=repr("ai"), key=quoted(key),
                                 value=quoted(name)))
        wanted[int(key)] = name.strip().lower()
    return hotseat, wanted


DATABASE_VARIABLE = "TETRARCHIA_DATABASE"  # the database of each worker process (--workers N)
LIST_VARIABLE = "TETRARCHIA_LIST_GAMES"  # and whether it lists the stored games ("1"/"0")
AI_SECONDS_VARIABLE = "TETRARCHIA_AI_SECONDS"  # and its AI seats' thinking time
NEW_GAMES_VARIABLE = "TETRARCHIA_NEW_GAMES"  # and the games one address may create per hour
ORIGINS_VARIABLE = "TETRARCHIA_ALLOW_ORIGINS"  # and the other pages' origins it allows (spaces)
NEW_GAMES = 60  # per address: at once, then this many an hour (tetrarchia serve --new-games)


def app_from_environment() -> Starlette:
    """The application of one worker process of ``tetrarchia serve --workers N``: uvicorn imports
    it in each process, and the database and the server's options come in the environment."""
    from tetrarchia.web import access_log, workers
    workers.die_with_supervisor()  # D4: never serve the port after the supervisor is gone
    access_log.configure(os.environ.get(access_log.LEVEL_VARIABLE, "info"),
                         os.environ.get(access_log.JSON_VARIABLE) == "1")
    return create_app(os.environ[DATABASE_VARIABLE],
                      list_games=os.environ.get(LIST_VARIABLE, "1") == "1",
                      ai_seconds=float(os.environ.get(AI_SECONDS_VARIABLE, "1.0")),
                      new_games=float(os.environ.get(NEW_GAMES_VARIABLE, str(NEW_GAMES))),
                      allowed_origins=tuple(os.environ.get(ORIGINS_VARIABLE, "").split()))


async def tutorial_served(request: Request) -> Response:
    """``GET /api/tutorial?lang=``: Learn to play in the page's language, else the browser's
    (web/tutorial.py holds the lessons; here they meet the catalogue, so that the catalogue,
    which collects the lessons' sentences, need not import the route)."""
    chosen = request.query_params.get("lang")
    lang = chosen if chosen in LANGUAGES else accepted(request.headers.get("accept-language")) or "en"
    return JSONResponse(tutorial.tutorial_json(lang, i18n.catalogue(lang)))


def create_app(database: Path | str, *, list_games: bool = True, ai_seconds: float = 1.0,
               rate: tuple[float, float] = (60.0, 30.0), new_games: float = NEW_GAMES,
               analysis: tuple[float, int] = (ANALYSIS_SECONDS, ANALYSIS_SAMPLES),
               allowed_origins: tuple[str, ...] = (), delivery: Delivery | None = None,
               away_interval: float = 5.0, hint_most: float = HINT_MAX_SECONDS) -> Starlette:
    """The application on ``database`` (a SQLite file, or a ``postgresql://`` URL), created and
    migrated as needed.  On PostgreSQL the news crosses processes (LISTEN/NOTIFY).

    ``list_games``: whether ``GET /api/games`` lists the stored games (a host serving strangers
    hides it: ``tetrarchia serve --hide-games``); ``ai_seconds``: the AI seats' thinking time per
    decision; ``rate``: the token bucket of each client address and seat (burst, requests per
    second; a live connection has its own); ``new_games``: the games one client address may
    create (or import) at once, and then per hour: every game is stored for good, so a
    stranger's loop must not fill the disc (both shared by all the server's processes,
    web/limits.py);
    ``analysis``: the analyses' search time per decision and samples per plan (web/analyses.py);
    ``allowed_origins``: the pages of other addresses that may open the live connection
    (web/guard.py, which also bounds every body and adds the security headers); ``delivery``:
    how the your-turn notices go out (web/deliver.py; default: the environment's, as
    ``tetrarchia serve`` sets it); ``away_interval``: how often the tables' absence setting is
    looked at (web/lobby.py); ``hint_most``: the most a hint may think, in seconds (a longer
    ``?seconds=`` is cut to it; web/hints.py)."""
    guard_logs()  # no credential in a log line, whatever the log level
    store = Store(database)
    bus: Bus = PostgresBus(store) if store.postgresql else LocalBus()
    book = SeatBook(store)

    authority = Authority(store, lambda game_id, version: bus.publish(
        game_id, {"kind": "version", "version": version}))
    authority.noted = book.note
    days = Days(store)  # the daily challenge's: its games' seeds stay sealed until the day ends
    authority.secret = DiceSecret(days.sealed)
    authority.stored_notes = book.notes
    finished = PlayersTable(store, book)
    wire_players_table(authority, finished)  # every finished game's outcome (issue 29)
    driver = AiDriver(authority, book, ai_seconds)
    notifier = Notifier(store, authority, book, delivery or Delivery.from_environment())

    def changed(game_id: str) -> None:
        driver.poke(game_id)  # an AI seat may decide after any commit
        notifier.poke(game_id)  # and a seat may be told it decides (web/notify.py)

    authority.changed = changed
    limits = Limits(store, rate, new_games)
    live_routes = Live(authority, book, bus, RateLimiter(*rate), driver.poke)
    jobs = AnalysisJobs(store, *analysis)
    # open tables, chat, the AI standing in for a seat, rematch links (issue 27: web/lobby.py)
    lobby = Lobby(authority, book, bus, driver.poke)
    book.carried, book.standing_in = lobby.tables.carried, lobby.standing_in
    authority.played = lobby.played

    def unnoted(game_id: str, seq: int) -> None:  # an undo: the AI's notes and who played go
        book.forget_notes_from(game_id, seq)
        lobby.tables.unplayed(game_id, seq)
    authority.unnoted = unnoted
    away = AwayWatch(lobby, away_interval)

    def lang(request: Request) -> str:
        """``?lang=`` when it names a language of the page, else the browser's (Accept-Language)."""
        chosen = request.query_params.get("lang")
        if chosen in LANGUAGES:
            return str(chosen)
        return accepted(request.headers.get("accept-language")) or "en"

    def answer(request: Request, live: LiveGame, first: int, status: int = 200) -> JSONResponse:
        return JSONResponse(live.view(first, lang(request)), status_code=status)

    async def guarded(request: Request, handler: Any) -> Response:
        try:
            result: Response = await handler()
            return result
        except BadSeats as exc:
            return refusal(400, "bad_seats", told(exc.said, lang(request)),
                           told_args(exc.said, lang(request)))
        except Exception as exc:
            refused = refusal_of(exc, lang(request))
            if refused is None:
                raise
            status, body = refused
            return JSONResponse(body, status_code=status)

    def address(request: Request) -> str:
        """The client's address (a named proxy's X-Forwarded-For: serve --forwarded-allow-ips)."""
        return request.client.host if request.client else "local"

    async def rated(request: Request) -> None:
        """The request limit (429) of the client address and the seat presented (several players
        may share an address; a new connection is no new bucket: D6)."""
        presented = bearer(request)
        await limits.request(address(request), token_hash(presented) if presented else None)

    async def seat(request: Request, acting: bool) -> Credential:
        """The first checks of a request about one game: the connection's rate (429), then the
        credential (403)."""
        await rated(request)
        return await asyncio.to_thread(book.authorize, bearer(request),
                                       request.path_params["game_id"], acting)

    async def reader(request: Request) -> Credential | None:
        """A read of a replay: the rate limit, then a seat's or a spectator's credential — or
        none for a game that is over, whose replay is public (docs/web.md, web/ending.py)."""
        await rated(request)
        game_id = request.path_params["game_id"]
        if bearer(request) is None and await asyncio.to_thread(
                lambda: public_replay(store, game_id) and not days.sealed(game_id)):
            return None
        return await asyncio.to_thread(book.authorize, bearer(request), game_id, False)

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def list_stored(request: Request) -> Response:
        if not list_games:
            return JSONResponse({"games": [], "hidden": True})
        games = await asyncio.to_thread(store.listing)
        return JSONResponse({"games": [{"id": g.id, "created": g.created, "updated": g.updated,
                                        "actions": g.log_length, "result": g.result,
                                        "summary": g.summary} for g in games], "hidden": False})

    catalogue = Precomputed(options_catalogue, registries)  # rendered once per language (issue 26)

    async def options(request: Request) -> Response:
        return catalogue.response(lang(request))

    async def check_settings(request: Request) -> Response:
        async def handler() -> Response:
            data = await read_body(request)
            settings = settings_from(data)
            return JSONResponse({"ok": True, "settings": settings.to_json()})
        return await guarded(request, handler)

    def seated(request: Request, live: LiveGame, hotseat: bool, ai: dict[int, str]) -> JSONResponse:
        """The new game's state and, once, its credentials (the creator passes the links on)."""
        given = book.create(live.id, live.state.settings, hotseat, ai)
        data = live.view(0, lang(request))
        data["credentials"] = given
        driver.poke(live.id)  # an AI seat may decide first
        notifier.poke(live.id)  # and the first decision begins now (web/notify.py)
        return JSONResponse(data, status_code=201)

    def creation(request: Request) -> None:
        """A new game's first check (429): the client address's bucket of new games, shared by
        every server process (a blocking statement: a thread's, or a rare request's)."""
        limits.new_game(address(request))

    async def create(request: Request) -> Response:
        async def handler() -> Response:
            await asyncio.to_thread(creation, request)
            data = await read_body(request)
            settings = settings_from(data)
            seed = field(data, "seed", int, required=False)
            if seed is not None and not 0 <= seed < SEED_SPACE:  # the stored seeds' range
                raise Malformed(said("{field} must be a whole number from 0 to {limit}, not {value}",
                                     field=repr("seed"), limit=f"{SEED_SPACE - 1:,}", value=quoted(seed)))
            board_text = field(data, "board", str, required=False)
            start = field(data, "position", dict, required=False)
            hotseat, ai = seats_wanted(data)
            if board_text:  # a BoardError (400) before anything, naming the body's field
                parse_board(board_text, repr("board"))
            if start is None:
                from tetrarchia.web.seats import check_ai
                check_ai(ai, settings)  # before the game is stored
            live = await asyncio.to_thread(authority.create, settings, seed, board_text, start)
            return await asyncio.to_thread(seated, request, live, hotseat, ai)
        return await guarded(request, handler)

    async def import_game(request: Request) -> Response:
        async def handler() -> Response:
            await asyncio.to_thread(creation, request)
            data = await read_body(request)
            unknown_fields(data, IMPORT_FIELDS)
            save = field(data, "save", dict)
            board_text = field(data, "board", str, required=False)
            hotseat, ai = seats_wanted(data)
            if board_text:  # a BoardError (400) naming the body's field
                parse_board(board_text, repr("board"))
            live = await asyncio.to_thread(authority.import_save, save, board_text)
            return await asyncio.to_thread(seated, request, live, hotseat, ai)
        return await guarded(request, handler)

    async def get_game(request: Request) -> Response:
        async def handler() -> Response:
            credential = await seat(request, False)
            live = await asyncio.to_thread(authority.get, request.path_params["game_id"])
            driver.poke(live.id)  # a game loaded after a restart may owe an AI move
            first = request.query_params.get("events_from", "0")
            data = live.view(int(first) if first.isdigit() else 0, lang(request))
            data["you"] = credential.seat
            data["seats"] = await asyncio.to_thread(seat_table, live, lang(request))
            return JSONResponse(data)
        return await guarded(request, handler)

    def seat_table(live: LiveGame, language: str = "en") -> dict[str, Any]:
        """The game's seats as every page shows them: whom each plays (in ``language``), its
        kind, who is here."""
        from tetrarchia.render.labels import seat_names_in
        kinds = book.kinds(live.id)
        ai = book.ai_seats(live.id)
        names = seat_names_in(live.state.settings, language)
        return {"players": [{"player": n, "title": title,
                             "kind": "ai" if n in ai else ("hotseat" if "all" in kinds else "human"),
                             "ai": ai.get(n)} for n, title in names.items()],
                "presence": book.present(live.id)}

    async def get_board(request: Request) -> Response:
        async def handler() -> Response:
            await reader(request)
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
                credential = await seat(request, True)
                game_id = request.path_params["game_id"]
                live = await asyncio.to_thread(authority.get, game_id)
                authority.check_open(live)
                data = parse_message(await request.body())
                live, first = await asyncio.to_thread(live_routes.change, credential, game_id, kind, data)
                return answer(request, live, first)
            with authority.one_request():  # the game's version row read once (web/game_cache.py)
                return await guarded(request, handler)
        return route

    async def poll(request: Request) -> Response:
        async def handler() -> Response:
            await rated(request)
            return JSONResponse(await live_routes.poll(request, lang(request)))
        return await guarded(request, handler)

    async def export(request: Request) -> Response:
        async def handler() -> Response:
            await seat(request, False)
            live = await asyncio.to_thread(authority.get, request.path_params["game_id"])
            revealed = await asyncio.to_thread(authority.secret.revealed, live.id, live.state.is_over)
            with live.lock:  # a running game's without its seed (D2, web/secrecy.py)
                data = told_save(live.game, revealed)
            return JSONResponse(data, headers={
                "Content-Disposition": f'attachment; filename="tetrarchia-{live.id}.json"'})
        return await guarded(request, handler)

    async def replay(request: Request) -> Response:
        """The position after the first ``n`` log entries, with the events of entry ``n - 1``."""
        async def handler() -> Response:
            await reader(request)
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
            await seat(request, True)  # a seat's (2 s of thinking: not a spectator's)
            live = await asyncio.to_thread(authority.get, request.path_params["game_id"])
            data = await asyncio.to_thread(hint_for, live, lang(request),
                                           hint_seconds(request.query_params.get("seconds"), hint_most))
            return JSONResponse(data)
        return await guarded(request, handler)

    forecasts = Forecasts()

    async def danger(request: Request) -> Response:
        """The exact forecast of the coming Barbarian phase (the map's danger overlay): read
        like the board, by any seat or spectator (it uses no secret), kept per version."""
        async def handler() -> Response:
            await seat(request, False)
            live = await asyncio.to_thread(authority.get, request.path_params["game_id"])
            query = request.query_params
            data = await asyncio.to_thread(forecasts.of, live, "wait" in query, "last" in query)
            return JSONResponse(data)
        return await guarded(request, handler)

    async def analysis_route(request: Request) -> Response:
        """The game's analysis (issue 24): POST starts it in the worker process (or joins the one
        running, or gives the one stored), GET reads its progress and result; any credential
        that reads the game may ask.  ``current``: the game's log length now (a running game's
        analysis covers its first ``log_length`` entries)."""
        async def handler() -> Response:
            await seat(request, False)
            live = await asyncio.to_thread(authority.get, request.path_params["game_id"])
            if request.method == "POST":
                data = await asyncio.to_thread(jobs.start, live)
            else:
                data = await asyncio.to_thread(jobs.status, live.id)
            data["current"] = len(live.game.log)
            data["emperor_names"] = emperor_names(lang(request))
            return JSONResponse(data)
        return await guarded(request, handler)

    async def translations(request: Request) -> Response:
        return JSONResponse(i18n.catalogue(request.path_params["lang"]))

    async def live_updates(websocket: WebSocket) -> None:
        """The live protocol (web/live.py): the credential first, then the game's news."""
        with suppress(WebSocketDisconnect):
            await live_routes.socket(websocket)

    routes = [
        Route("/", index),
        Route("/game/{game_id}", index),
        Route("/replay/{game_id}", index),
        Route("/learn", index),  # Learn to play (web/tutorial.py, static/tutorial.js)
        Route("/lobby", index),  # the open tables (web/lobby.py, static/lobby.js)
        Route("/api/tutorial", tutorial_served),
        Route("/analysis/{game_id}", index),
        Route("/challenge", index),  # the daily challenge (web/challenge.py, static/challenge.js)
        Route("/api/options", options),
        Route("/api/levels", difficulty.levels_route),  # the level chooser (issue 23)
        Route("/api/settings/check", check_settings, methods=["POST"]),
        Route("/api/board", default_board_route),
        Route("/api/games", list_stored),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games/import", import_game, methods=["POST"]),
        Route("/api/games/{game_id}", get_game),
        Route("/api/games/{game_id}/board", get_board),
        Route("/api/games/{game_id}/actions", changing("action"), methods=["POST"]),
        Route("/api/games/{game_id}/advance", changing("advance"), methods=["POST"]),
        Route("/api/games/{game_id}/undo", changing("undo"), methods=["POST"]),
        Route("/api/games/{game_id}/poll", poll),
        Route("/api/games/{game_id}/export", export),
        Route("/api/games/{game_id}/at/{n:int}", replay),
        Route("/api/games/{game_id}/hint", hint),
        Route("/api/games/{game_id}/forecast", danger),
        Route("/api/games/{game_id}/analysis", analysis_route, methods=["GET", "POST"]),
        Route("/api/i18n/{lang}", translations),
        WebSocketRoute("/api/games/{game_id}/live", live_updates),
        *ending_routes(authority, book, seat, reader, guarded, creation, seated, lobby.rematched),
        *notify_routes(notifier, seat, bearer, guarded, told, lang),
        *players_table_routes(finished),
        *challenge_routes(authority, days, guarded, creation, seated),
        *lobby.routes(seat, reader, guarded),
        *hint_routes(HINT_SECONDS, hint_most),  # the hint's "think longer" choices (web/hints.py)
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        await bus.start()  # the bus delivers on the server's event loop
        await away.start()
        try:
            yield
        finally:
            await away.stop()
            await bus.stop()
            await asyncio.to_thread(driver.close)
            await asyncio.to_thread(notifier.close)
            await asyncio.to_thread(jobs.close)
            limits.dispose()
            store.dispose()

    app = Starlette(routes=routes, lifespan=lifespan, middleware=[
        Middleware(AccessLog), Middleware(Guard, allowed_origins=allowed_origins)])
    app.state.bus = bus
    app.state.authority = authority
    app.state.store = store
    app.state.seats = book
    app.state.ai = driver
    app.state.notify = notifier
    app.state.analyses = jobs
    app.state.lobby = lobby
    app.state.away = away
    return app


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



def hint_seconds(asked: str | None, most: float = HINT_MAX_SECONDS) -> float:
    """The time a hint thinks: ``?seconds=`` within 0.5 and ``most`` (the host's
    ``create_app(hint_most=...)``; a number out of bounds is brought within them),
    ``HINT_SECONDS`` when not asked or not a number."""
    try:
        seconds = float(asked) if asked is not None else HINT_SECONDS
    except ValueError:
        return min(HINT_SECONDS, most)
    return min(max(seconds, 0.5), most) if seconds == seconds else min(HINT_SECONDS, most)


def hint_for(live: LiveGame, lang: str, seconds: float = HINT_SECONDS) -> dict[str, Any]:
    """The hints for the seat deciding in ``live``'s game, in ``lang`` (``players.advice``, the
    terminal's ``hint``), thinking ``seconds``: computed on a copy taken under the game's lock, so
    a hint never changes the game, and seeded, so the same position gets the same candidates."""
    with live.lock:
        state = live.game.state.copy()
        version = live.version
    hint = advise(state, HINT_COUNT, seconds=seconds)
    seat = deciding_seat(state)
    return {"version": version, "seat": seat, "seat_title": seat_title(seat, state.settings, lang),
            "budget": seconds, **hint_json(state, hint, lang)}
