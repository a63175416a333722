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
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware

from tetrarchia.web.access_log import AccessLog
from tetrarchia.web.ai import AiDriver
from tetrarchia.web.analyses import ANALYSIS_SAMPLES, ANALYSIS_SECONDS, AnalysisJobs
from tetrarchia.web.authority import Authority
from tetrarchia.web.bus import Bus, LocalBus, PostgresBus
from tetrarchia.web.challenge import challenge_routes
from tetrarchia.web.daily import Days
from tetrarchia.web.deliver import Delivery
from tetrarchia.web.ending import ending_routes
from tetrarchia.web.game_advice import (
    HINT_COUNT,
    HINT_MAX_SECONDS,
    HINT_SECONDS,
    advice_routes,
    hint_for,
    hint_seconds,
)
from tetrarchia.web.game_play import play_routes, position_after
from tetrarchia.web.game_setup import (
    GAME_FIELDS,
    IMPORT_FIELDS,
    SWITCHES,
    options_catalogue,
    seats_wanted,
    settings_from,
    setup_routes,
)
from tetrarchia.web.guard import Guard
from tetrarchia.web.limits import Limits
from tetrarchia.web.live import Live, bearer, guard_logs, told
from tetrarchia.web.lobby import Lobby
from tetrarchia.web.notify import Notifier, notify_routes
from tetrarchia.web.pages import STATIC, page_routes, static_files
from tetrarchia.web.players_table import PlayersTable, players_table_routes
from tetrarchia.web.players_table import wire as wire_players_table
from tetrarchia.web.seats import SeatBook
from tetrarchia.web.secrecy import DiceSecret
from tetrarchia.web.server import Server, refusal
from tetrarchia.web.storage import Store
from tetrarchia.web.takeover import AwayWatch
from tetrarchia.web.thinkers import Thinkers

# The names the routes' modules hold that the command line, the tests and the benchmarks have
# always imported from here (issue 25: the routes moved out, the names stay at hand).
__all__ = ["AI_SECONDS_VARIABLE", "DATABASE_VARIABLE", "GAME_FIELDS", "HINT_COUNT",
           "HINT_MAX_SECONDS", "HINT_SECONDS", "IMPORT_FIELDS", "LIST_VARIABLE",
           "NEW_GAMES_VARIABLE", "ORIGINS_VARIABLE", "STATIC", "SWITCHES", "app_from_environment",
           "create_app", "hint_for", "hint_seconds", "options_catalogue", "position_after",
           "refusal", "seats_wanted", "settings_from"]

DATABASE_VARIABLE = "TETRARCHIA_DATABASE"  # the database of each worker process (--workers N)
LIST_VARIABLE = "TETRARCHIA_LIST_GAMES"  # and whether it lists the stored games ("1"/"0")
AI_SECONDS_VARIABLE = "TETRARCHIA_AI_SECONDS"  # and its AI seats' thinking time
NEW_GAMES_VARIABLE = "TETRARCHIA_NEW_GAMES"  # and the games one address may create per hour
ORIGINS_VARIABLE = "TETRARCHIA_ALLOW_ORIGINS"  # and the other pages' origins it allows (spaces)
NEW_GAMES = 60  # per address: at once, then this many an hour (tetrarchia serve --new-games)


def app_from_environment() -> Starlette:
    """The application of one worker process of ``tetrarchia serve --workers N``: uvicorn imports
    it in each process, and the database and the server's options come in the environment."""
    from tetrarchia.web import access_log, tuning, workers
    workers.die_with_supervisor()  # D4: never serve the port after the supervisor is gone
    access_log.configure(os.environ.get(access_log.LEVEL_VARIABLE, "info"),
                         os.environ.get(access_log.JSON_VARIABLE) == "1")
    app = create_app(os.environ[DATABASE_VARIABLE],
                     list_games=os.environ.get(LIST_VARIABLE, "1") == "1",
                     ai_seconds=float(os.environ.get(AI_SECONDS_VARIABLE, "1.0")),
                     new_games=float(os.environ.get(NEW_GAMES_VARIABLE, str(NEW_GAMES))),
                     allowed_origins=tuple(os.environ.get(ORIGINS_VARIABLE, "").split()))
    tuning.settle()  # built: frozen, the collections spaced, the thread switches longer (issue 26)
    return app


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
    store = Store(database, serving=True)
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
    thinkers = Thinkers()  # the AI seats and the hints think in processes of their own
    driver = AiDriver(authority, book, thinkers, ai_seconds)
    notifier = Notifier(store, authority, book, delivery or Delivery.from_environment())

    def changed(game_id: str) -> None:
        driver.poke(game_id)  # an AI seat may decide after any commit
        notifier.poke(game_id)  # and a seat may be told it decides (web/notify.py)

    authority.changed = changed
    limits = Limits(store, rate, new_games)
    live_routes = Live(authority, book, bus, limits.take, driver.poke)
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

    server = Server(store=store, bus=bus, book=book, authority=authority, days=days, driver=driver,
                    notifier=notifier, limits=limits, live=live_routes, jobs=jobs, lobby=lobby,
                    thinkers=thinkers)
    seat, reader, guarded = server.seat, server.reader, server.guarded
    routes = [
        *page_routes(),
        *setup_routes(server, list_games),
        *play_routes(server),
        *advice_routes(server, hint_most),
        *ending_routes(authority, book, seat, reader, guarded, server.creation, server.seated,
                       lobby.rematched),
        *notify_routes(notifier, seat, bearer, guarded, told, server.lang),
        *players_table_routes(finished),
        *challenge_routes(authority, days, guarded, server.creation, server.seated),
        *lobby.routes(seat, reader, guarded),
        static_files(),
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
            await asyncio.to_thread(thinkers.close)
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
