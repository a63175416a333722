"""Open tables, their chat and the AI standing in for a seat (issue 27, items 1 and 3): the routes
(the absence setting's watch is web/takeover.py's).

- ``GET /api/lobby``: the games whose host lists their free seats: the level in words, the seats,
  who sits there.  ``POST /api/lobby/<id>/seats/<n>`` ``{"name"}``: take a free seat under a
  name (no account: the browser keeps it) and get its secret link's token; of two browsers
  taking one seat at once exactly one wins (web/tables.py).
- ``GET /api/games/<id>/table``: the table as every seat reads it (host, names, free seats, the
  AI's stand-ins, who played each action, the chat, the rematch when there is one).
- ``POST /api/games/<id>/table``: the host's settings (list in the lobby, offer seats, open the
  chat to spectators, hand an absent seat to the AI after N minutes); ``.../table/name``: a
  seat's name; ``.../table/seats/<n>`` ``{"do": "free" | "ai" | "back"}``: the host frees a
  seat (its link stops working), hands it to the AI or back.
- ``GET``/``POST /api/games/<id>/chat``: the table's chat: plain text (the page shows it as
  text, never as markup), at most ``CHAT_LENGTH`` characters, ``CHAT_BURST`` messages per
  ``CHAT_SECONDS`` per seat, kept with the game and sent live to every page of the game.

Every refusal says why in the page's language and changes nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tetrarchia.core.settings import Settings
from tetrarchia.render.labels import seat_names_in
from tetrarchia.seats import barbarian_player, has_barbarian_player
from tetrarchia.web.authority import Authority
from tetrarchia.web.bus import Bus
from tetrarchia.web.difficulty import level_words
from tetrarchia.web.i18n import LANGUAGES, N_, accepted, catalogue
from tetrarchia.web.live import RateLimited, RateLimiter, json_object, unknown_fields
from tetrarchia.web.seats import Credential, SeatBook
from tetrarchia.web.tables import AWAY, BARBARIAN_STAND_IN, HOST_TAKEN, STAND_IN_PLAYER, TableRefused, Tables

Handler = Callable[[], Awaitable[Response]]
NAME_LENGTH = 24
CHAT_LENGTH = 300
CHAT_BURST = 5  # messages a seat may send at once ...
CHAT_SECONDS = 10.0  # ... and then one every CHAT_SECONDS / CHAT_BURST seconds
CHAT_KEPT = 100  # the messages a page is sent when it opens
AWAY_LIMITS = (0.1, 1440.0)  # minutes of absence a table may set (6 s for a test, a day at most)

NAME_EMPTY = N_("Choose a name: it cannot be empty.")
NAME_LONG = N_("A name is at most {limit} characters, not {length}.")
NAME_TEXT = N_("A name is text.")
NAME_PRINTABLE = N_("A name is plain text: letters, digits, spaces and punctuation.")
CHAT_EMPTY = N_("The message is empty.")
CHAT_LONG = N_("A message is at most {limit} characters, not {length}.")
CHAT_TEXT = N_("A message is text.")
CHAT_FLOOD = N_("Too many messages: wait a few seconds.")
CHAT_CLOSED = N_("Spectators read the chat: the host has not opened it to them.")
SPECTATOR_NAME = N_("A spectator has no seat to name.")
BAD_FIELD = N_("{field} must be {kind}.")
BAD_DO = N_("{field} must be free, ai or back.")
AWAY_RANGE = N_("The minutes of absence before the AI plays a seat are between {low} and {high}.")
NOT_STANDING = N_("The AI does not play seat {seat}.")
STANDING = N_("The AI already plays seat {seat}.")
JOIN_FLOOD = N_("Too many seats taken from this address: wait a minute.")
TABLE_FIELDS = frozenset({"listed", "chat_open", "away_minutes", "name", "offer"})


def lang_of(request: Request) -> str:
    """``?lang=`` when it names a language of the page, else the browser's."""
    chosen = request.query_params.get("lang")
    return str(chosen) if chosen in LANGUAGES else accepted(request.headers.get("accept-language")) or "en"


def told(exc: TableRefused, lang: str) -> JSONResponse:
    text = catalogue(lang).get(exc.sentence, exc.sentence).format(**exc.values)
    return JSONResponse({"error": {"code": exc.code, "reason": text,
                                   "args": {k: str(v) for k, v in exc.values.items()}}},
                        status_code=exc.status)


def a_name(value: object) -> str:
    """A player's name as the table shows it: text, trimmed, 1-``NAME_LENGTH`` characters, no
    control character."""
    if not isinstance(value, str):
        raise TableRefused(422, "bad_name", NAME_TEXT)
    name = " ".join(value.split())
    if not name:
        raise TableRefused(422, "bad_name", NAME_EMPTY)
    if len(name) > NAME_LENGTH:
        raise TableRefused(422, "bad_name", NAME_LONG, limit=NAME_LENGTH, length=len(name))
    if not name.isprintable():
        raise TableRefused(422, "bad_name", NAME_PRINTABLE)
    return name


def a_message(value: object) -> str:
    """A chat message: text, trimmed, 1-``CHAT_LENGTH`` characters; control characters other
    than a line break are dropped (it is shown as text, never as markup)."""
    if not isinstance(value, str):
        raise TableRefused(422, "bad_message", CHAT_TEXT)
    text = "".join(c for c in value if c == "\n" or c.isprintable()).strip()
    if not text:
        raise TableRefused(422, "bad_message", CHAT_EMPTY)
    if len(text) > CHAT_LENGTH:
        raise TableRefused(422, "bad_message", CHAT_LONG, limit=CHAT_LENGTH, length=len(text))
    return text


def flag(data: dict[str, Any], key: str) -> bool | None:
    value = data.get(key)
    if value is not None and not isinstance(value, bool):
        raise TableRefused(422, "malformed", BAD_FIELD, field=key, kind="true / false")
    return value


def away_of(data: dict[str, Any]) -> float | bool | None:
    """The table's minutes of absence: ``False`` when the body does not set them, ``True`` when
    it switches the hand-over off (``null``), else the number of minutes."""
    if "away_minutes" not in data:
        return False
    value = data["away_minutes"]
    if value is None:
        return True
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TableRefused(422, "malformed", BAD_FIELD, field="away_minutes", kind="null / minutes")
    if not AWAY_LIMITS[0] <= value <= AWAY_LIMITS[1]:
        raise TableRefused(422, "away_range", AWAY_RANGE, low=AWAY_LIMITS[0], high=int(AWAY_LIMITS[1]))
    return float(value)


def seats_offered(data: dict[str, Any]) -> list[int] | None:
    offer = data.get("offer")
    if offer is None:
        return None
    if not isinstance(offer, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in offer):
        raise TableRefused(422, "malformed", BAD_FIELD, field="offer", kind="[seat numbers]")
    return offer


class Lobby:
    """The tables' routes and the hooks they give the seats and the authority."""

    def __init__(self, authority: Authority, book: SeatBook, bus: Bus,
                 poke: Callable[[str], None]) -> None:
        self.authority = authority
        self.book = book
        self.tables = Tables(authority.store)
        self.bus = bus
        self.poke = poke
        self.chatter = RateLimiter(CHAT_BURST, CHAT_BURST / CHAT_SECONDS)
        self.joiners = RateLimiter(10, 1 / 6)  # seats taken per address: 10 at once, then 10 a minute

    def news(self, game_id: str) -> None:
        """Every page of the game reads its table again (web/live.py passes it on)."""
        self.bus.publish(game_id, {"kind": "table"})

    # --- the hooks ---------------------------------------------------------------------------
    def standing_in(self, credential: Credential) -> bool:
        """Whether the AI plays this seat for its player now: the host's hand holds until he
        hands it back; a seat taken for absence is its player's again as soon as he acts."""
        reason = self.tables.stand_ins(credential.game_id).get(credential.seat)
        if reason == AWAY and self.tables.hand_back(credential.game_id, credential.seat):
            self.news(credential.game_id)
            return False
        return reason is not None

    def stand_in_player(self, game_id: str, seat: str) -> str:
        """Who plays a seat left empty: the search player, or the Barbarian search player for
        the Barbarian player's seat (R12.6)."""
        settings = self.authority.get(game_id).state.settings
        if has_barbarian_player(settings) and seat == str(barbarian_player(settings)):
            return BARBARIAN_STAND_IN
        return STAND_IN_PLAYER

    def stand_in(self, game_id: str, seat: str, reason: str) -> bool:
        return self.tables.stand_in(game_id, seat, reason, self.stand_in_player(game_id, seat))

    def played(self, game_id: str, seq: int, player: int | None, by_ai: bool) -> None:
        self.tables.played(game_id, seq, player, by_ai)

    def rematched(self, old: str, new: str) -> None:
        """A rematch of ``old`` was made: every seat's link of ``old`` opens ``new``, and every
        page of ``old`` is told (its end screen offers to join)."""
        self.tables.carry(old, new)
        self.news(old)

    # --- the routes --------------------------------------------------------------------------
    def routes(self, seat: Callable[[Request, bool], Awaitable[Credential]],
               reader: Callable[[Request], Awaitable[Credential | None]],
               guarded: Callable[[Request, Handler], Awaitable[Response]]) -> list[Route]:
        """Built on the application's checks: ``seat`` (rate limit, credential), ``reader``
        (the same for reads) and ``guarded`` (the answers of the other refusals)."""
        tables = self.tables

        async def refused(request: Request, handler: Handler) -> Response:
            async def inner() -> Response:
                try:
                    return await handler()
                except TableRefused as exc:
                    return told(exc, lang_of(request))
            return await guarded(request, inner)

        async def body(request: Request) -> dict[str, Any]:
            raw = await request.body()
            return json_object(raw) if raw.strip() else {}

        async def lobby(request: Request) -> Response:
            lang = lang_of(request)
            listed = await asyncio.to_thread(tables.listed)
            here = await asyncio.to_thread(lambda: {g.game_id: self.book.present(g.game_id)["players"]
                                                    for g in listed})
            found = []
            for game in listed:
                settings = Settings.from_json(game.settings)
                titles = seat_names_in(settings, lang)
                connected: Any = here.get(game.game_id, [])
                found.append({"id": game.game_id, "created": game.created, "level": str(settings.level),
                              "level_words": level_words(str(settings.level), lang),
                              "options": list(settings.options), "players": len(titles),
                              "seats": [{"player": n, "title": title, "name": game.names.get(str(n)),
                                         "free": str(n) in game.free, "here": n in connected}
                                        for n, title in titles.items()]})
            return JSONResponse({"tables": found})

        async def take(request: Request) -> Response:
            async def handler() -> Response:
                try:
                    self.joiners.take(request.client.host if request.client else "local")
                except RateLimited:
                    raise TableRefused(429, "rate_limited", JOIN_FLOOD) from None
                data = await body(request)
                unknown_fields(data, ("name",))
                name = a_name(data.get("name"))
                game_id, seat = request.path_params["game_id"], str(request.path_params["seat"])
                await asyncio.to_thread(self.authority.get, game_id)  # 404 for no such game
                token = await asyncio.to_thread(tables.take, game_id, seat, name)
                self.news(game_id)
                return JSONResponse({"id": game_id, "player": int(seat), "token": token, "name": name},
                                    status_code=201)
            return await refused(request, handler)

        async def table(request: Request) -> Response:
            async def handler() -> Response:
                credential = await reader(request)
                game_id = request.path_params["game_id"]
                await asyncio.to_thread(self.authority.get, game_id)
                data = await asyncio.to_thread(tables.view, game_id)
                data["you"] = None if credential is None else credential.seat
                data["chat"] = await asyncio.to_thread(tables.chat, game_id, 0, CHAT_KEPT)
                data["rematch"] = await asyncio.to_thread(tables.rematch_of, game_id)
                data["stand_in_player"] = STAND_IN_PLAYER
                return JSONResponse(data)
            return await refused(request, handler)

        # the host's requests read his seat without acting for it: a host whose own seat the AI
        # plays still sets his table, and hands the seat back (a spectator is no host: 403)
        async def settings(request: Request) -> Response:
            async def handler() -> Response:
                credential = await seat(request, False)
                data = await body(request)
                unknown_fields(data, TABLE_FIELDS)
                name = a_name(data["name"]) if "name" in data else None
                await asyncio.to_thread(tables.settings, credential, flag(data, "listed"),
                                        flag(data, "chat_open"), away_of(data), name, seats_offered(data))
                self.news(credential.game_id)
                return JSONResponse(await asyncio.to_thread(tables.view, credential.game_id))
            return await refused(request, handler)

        async def rename(request: Request) -> Response:
            async def handler() -> Response:
                credential = await seat(request, False)
                if credential.spectator:
                    raise TableRefused(403, "spectator", SPECTATOR_NAME)
                data = await body(request)
                unknown_fields(data, ("name",))
                name = a_name(data.get("name"))
                if credential.seat.isdigit():
                    await asyncio.to_thread(tables.rename, credential, name)
                self.news(credential.game_id)
                return JSONResponse({"name": name})
            return await refused(request, handler)

        async def seat_change(request: Request) -> Response:
            async def handler() -> Response:
                credential = await seat(request, False)
                data = await body(request)
                unknown_fields(data, ("do",))
                do = data.get("do")
                if do not in ("free", "ai", "back"):
                    raise TableRefused(422, "malformed", BAD_DO, field="do")
                which = str(request.path_params["seat"])
                game_id = credential.game_id
                live = await asyncio.to_thread(self.authority.get, game_id)
                self.authority.check_open(live)
                await asyncio.to_thread(self.seat_change, credential, which, str(do))
                self.news(game_id)
                self.poke(game_id)  # the AI may have a decision to make now
                return JSONResponse(await asyncio.to_thread(tables.view, game_id))
            return await refused(request, handler)

        async def chat(request: Request) -> Response:
            async def handler() -> Response:
                game_id = request.path_params["game_id"]
                if request.method == "GET":
                    await reader(request)
                    after = request.query_params.get("after", "0")
                    messages = await asyncio.to_thread(tables.chat, game_id,
                                                       int(after) if after.isdigit() else 0, CHAT_KEPT)
                    return JSONResponse({"chat": messages})
                credential = await seat(request, False)
                if credential.spectator and not await asyncio.to_thread(tables.chat_open, game_id):
                    raise TableRefused(403, "chat_closed", CHAT_CLOSED)
                data = await body(request)
                unknown_fields(data, ("text",))
                text = a_message(data.get("text"))
                try:  # each seat's own bucket (every spectator shares one)
                    self.chatter.take((game_id, credential.seat))
                except RateLimited:
                    raise TableRefused(429, "chat_flood", CHAT_FLOOD) from None
                names = await asyncio.to_thread(tables.names, game_id)
                message = await asyncio.to_thread(tables.say, game_id, credential.seat,
                                                  names.get(credential.seat, ""), text)
                self.bus.publish(game_id, {"kind": "chat", "message": message})
                return JSONResponse(message, status_code=201)
            return await refused(request, handler)

        return [Route("/api/lobby", lobby),
                Route("/api/lobby/{game_id}/seats/{seat:int}", take, methods=["POST"]),
                Route("/api/games/{game_id}/table", table),
                Route("/api/games/{game_id}/table", settings, methods=["POST"]),
                Route("/api/games/{game_id}/table/name", rename, methods=["POST"]),
                Route("/api/games/{game_id}/table/seats/{seat:int}", seat_change, methods=["POST"]),
                Route("/api/games/{game_id}/chat", chat, methods=["GET", "POST"])]

    def seat_change(self, credential: Credential, seat: str, do: str) -> None:
        """The host frees a seat, hands it to the AI, or back to its player."""
        tables = self.tables
        if do == "free":
            if seat in tables.stand_ins(credential.game_id):
                tables.hand_back(credential.game_id, seat)
            tables.free(credential, seat)
            return
        with tables.store.session() as session:
            tables.check_host(session, credential)
        if do == "ai":
            if not self.stand_in(credential.game_id, seat, HOST_TAKEN):
                raise TableRefused(400, "standing", STANDING, seat=seat)
        elif not tables.hand_back(credential.game_id, seat):
            raise TableRefused(400, "not_standing", NOT_STANDING, seat=seat)
