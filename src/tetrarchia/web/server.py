"""What the routes of the server share (issue 25, item 4): one ``Server`` built once by
``create_app`` (web/app.py) holding the store, the authority, the seat book, the limits, the bus
and the workers, and the checks every route makes — the language asked, the connection's rate
(429), the credential (403), the refusals in the game's words.  The routes themselves live in
the modules named after their job (web/pages.py, web/game_setup.py, web/game_play.py,
web/game_advice.py, web/ending.py, web/lobby.py ...)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from tetrarchia.web.ai import AiDriver
from tetrarchia.web.analyses import AnalysisJobs
from tetrarchia.web.authority import Authority, LiveGame
from tetrarchia.web.bus import Bus
from tetrarchia.web.daily import Days
from tetrarchia.web.ending import public_replay
from tetrarchia.web.i18n import LANGUAGES, accepted
from tetrarchia.web.limits import Limits
from tetrarchia.web.live import Live, bearer, refusal_of, told, told_args
from tetrarchia.web.lobby import Lobby
from tetrarchia.web.notify import Notifier
from tetrarchia.web.seats import BadSeats, Credential, SeatBook, token_hash
from tetrarchia.web.storage import Store
from tetrarchia.web.thinkers import Thinkers

Handler = Callable[[], Awaitable[Response]]


def refusal(status: int, code: str, reason: str, args: dict[str, Any] | None = None,
            **extra: Any) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "reason": reason, "args": args or {}}, **extra},
                        status_code=status)


def lang(request: Request) -> str:
    """``?lang=`` when it names a language of the page, else the browser's (Accept-Language)."""
    chosen = request.query_params.get("lang")
    if chosen in LANGUAGES:
        return str(chosen)
    return accepted(request.headers.get("accept-language")) or "en"


def address(request: Request) -> str:
    """The client's address (a named proxy's X-Forwarded-For: serve --forwarded-allow-ips)."""
    return request.client.host if request.client else "local"


@dataclass
class Server:
    """The server's parts, as ``create_app`` wires them, and the checks the routes share."""
    store: Store
    bus: Bus
    book: SeatBook
    authority: Authority
    days: Days
    driver: AiDriver
    notifier: Notifier
    limits: Limits
    live: Live
    jobs: AnalysisJobs
    lobby: Lobby
    thinkers: Thinkers  # the AI seats' and the hints' processes (web/thinkers.py)

    @staticmethod
    def lang(request: Request) -> str:
        return lang(request)

    def answer(self, request: Request, live: LiveGame, first: int, status: int = 200) -> JSONResponse:
        return JSONResponse(live.view(first, lang(request)), status_code=status)

    async def guarded(self, request: Request, handler: Handler) -> Response:
        """The handler's answer, or its refusal in the request's language (docs/web.md)."""
        try:
            return await handler()
        except BadSeats as exc:
            return refusal(400, "bad_seats", told(exc.said, lang(request)),
                           told_args(exc.said, lang(request)))
        except Exception as exc:
            refused = refusal_of(exc, lang(request))
            if refused is None:
                raise
            status, body = refused
            return JSONResponse(body, status_code=status)

    async def rated(self, request: Request) -> None:
        """The request limit (429) of the client address and the seat presented (several players
        may share an address; a new connection is no new bucket: D6)."""
        presented = bearer(request)
        await self.limits.request(address(request), token_hash(presented) if presented else None)

    async def seat(self, request: Request, acting: bool) -> Credential:
        """The first checks of a request about one game: the connection's rate (429), then the
        credential (403)."""
        await self.rated(request)
        return await asyncio.to_thread(self.book.authorize, bearer(request),
                                       request.path_params["game_id"], acting)

    async def reader(self, request: Request) -> Credential | None:
        """A read of a replay: the rate limit, then a seat's or a spectator's credential — or
        none for a game that is over, whose replay is public (docs/web.md, web/ending.py)."""
        await self.rated(request)
        game_id = request.path_params["game_id"]
        if bearer(request) is None and await asyncio.to_thread(
                lambda: public_replay(self.store, game_id) and not self.days.sealed(game_id)):
            return None
        return await asyncio.to_thread(self.book.authorize, bearer(request), game_id, False)

    def seated(self, request: Request, live: LiveGame, hotseat: bool,
               ai: dict[int, str]) -> JSONResponse:
        """The new game's state and, once, its credentials (the creator passes the links on)."""
        given = self.book.create(live.id, live.state.settings, hotseat, ai)
        data = live.view(0, lang(request))
        data["credentials"] = given
        self.driver.poke(live.id)  # an AI seat may decide first
        self.notifier.poke(live.id, new=True)  # and the first decision begins now (web/notify.py)
        return JSONResponse(data, status_code=201)

    def creation(self, request: Request) -> None:
        """A new game's first check (429): the client address's bucket of new games, shared by
        every server process (a blocking statement: a thread's, or a rare request's)."""
        self.limits.new_game(address(request))

    def seat_table(self, live: LiveGame, language: str = "en") -> dict[str, Any]:
        """The game's seats as every page shows them: whom each plays (in ``language``), its
        kind, who is here."""
        from tetrarchia.render.labels import seat_names_in
        kinds = self.book.kinds(live.id)
        ai = self.book.ai_seats(live.id)
        names = seat_names_in(live.state.settings, language)
        return {"players": [{"player": n, "title": title,
                             "kind": "ai" if n in ai else ("hotseat" if "all" in kinds else "human"),
                             "ai": ai.get(n)} for n, title in names.items()],
                "presence": self.book.present(live.id)}
