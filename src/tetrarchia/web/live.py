"""Live updates (issue 11): the WebSocket protocol, HTTP long polling, presence, rate limits, and
the answer every refusal gets, in the player's language.

**WebSocket** ``/api/games/<id>/live``.  The client's first message presents its credential
(``{"type": "hello", "token", "version", "events", "lang"}``: ``version`` the last state version
it holds, ``events`` how many events it holds) within ``HELLO_SECONDS``; nothing else is read
before it.  The server answers ``{"kind": "welcome", "seat", "version", "presence"}`` and, when
the client's version is not the current one, ``{"kind": "state", "state"}`` with the events it
missed (the resync of a reconnect).  Then it sends ``state`` after each committed change and
``presence`` when a seat comes or goes.  The client may send ``{"type": "action" | "advance" |
"undo", "id", "version", ...}`` (the bodies of the HTTP routes): each goes through the same checks
as over HTTP and is answered ``{"kind": "result", "id", "state"}`` or ``{"kind": "error", "id",
"status", "code", "reason"}``; ``{"type": "ping"}`` is answered ``pong``.  A message larger than
``MAX_MESSAGE`` bytes closes the connection (1009); too many messages are refused (429) by a token
bucket per connection.

**Polling** ``GET /api/games/<id>/poll?since=VERSION&events_from=N&wait=S`` (credential in the
``Authorization: Bearer`` header): answered at once when the game is past ``since``, else after
the next change or ``S`` seconds (at most ``POLL_SECONDS``), with ``changed``, ``state`` (or null)
and ``presence``.

**Presence** is kept in the database with an expiry renewed every ``HEARTBEAT_SECONDS`` by each
live connection (``SeatBook.arrive``), announced on the bus (``{"kind": "presence"}``) so every
server process tells its own pages; a process killed without a word leaves rows that expire.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
import secrets
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.websockets import WebSocket, WebSocketDisconnect

from tetrarchia.core.errors import Said, TetrarchiaError, WrongMoment, said
from tetrarchia.render.refusals import args_in, refusal_in, said_in
from tetrarchia.web import i18n
from tetrarchia.web.authority import (
    BOUNDARIES,
    Authority,
    GameOver,
    LiveGame,
    NoDiceNow,
    NotYourDecision,
    StaleVersion,
    UnknownGame,
)
from tetrarchia.web.bus import Bus
from tetrarchia.web.i18n import N_
from tetrarchia.web.seats import PRESENCE_SECONDS, Credential, Forbidden, SeatBook

MAX_MESSAGE = 4096  # bytes: an action's request (a notation is at most 400 characters)
HELLO_SECONDS = 10.0
HEARTBEAT_SECONDS = 10.0
POLL_SECONDS = 25.0
# The fields each changing request reads (over HTTP; a WebSocket message adds its "type" and
# "id"): any other is refused (422) rather than ignored.
FIELDS: dict[str, frozenset[str]] = {
    "action": frozenset({"version", "action", "type", "id"}),
    "advance": frozenset({"version", "until", "type", "id"}),
    "undo": frozenset({"version", "type", "id"}),
}

# The sentences of the refusals a player reads in his language (the page's catalogue: they are
# extracted by ``i18n.sentences`` like the page's own).
REASONS = {
    "no_credential": N_("This request needs your seat's link."),
    "bad_credential": N_("This link is not one of this game's seats."),
    "spectator": N_("A spectator's link shows the game and can do nothing."),
    "stand_in": N_("The AI plays your seat now: ask the table's host to hand it back."),
    "game_over": N_("The game is over: nothing more can be played."),
    "rate_limited": N_("Too many requests: wait a moment."),
    "too_large": N_("The message is too large."),
    "not_json": N_("This request must send its body as JSON (Content-Type: application/json)."),
}
NOT_YOURS = N_("It is not your decision: {who} decides now.")
DICE_DUE = N_("It is not your decision: the dice are to be rolled now.")


# A credential as a log line could show it: the value of a "token" field (whole, or cut short by
# a logger that shortens long messages) or a bare 43-character url-safe token.
SECRET = re.compile(r'("token"\s*:\s*")[^"]*|(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])')
GUARDED_LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "websockets", "websockets.server",
                   "tetrarchia", "tetrarchia.web.ai")


class Redact(logging.Filter):
    """Hides credentials in a log record: uvicorn at DEBUG writes each WebSocket frame it
    receives, the first of which presents the seat's token."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            text = record.getMessage()
        except (TypeError, ValueError):
            return True
        hidden = SECRET.sub(lambda m: (m.group(1) or "") + "[credential]", text)
        if hidden != text:
            record.msg, record.args = hidden, ()
        return True


def guard_logs() -> None:
    """Put the redaction on the loggers of the server (once per logger)."""
    for name in GUARDED_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, Redact) for f in logger.filters):
            logger.addFilter(Redact())


class Malformed(Exception):
    """The request body is not what the route reads (HTTP 422).  Its sentence is a
    :class:`Said`, told in the player's language, quoting the offending value."""

    def __init__(self, sentence: Said) -> None:
        super().__init__(str(sentence))
        self.said = sentence


class TooLarge(Exception):
    """A message over the size limit (HTTP 413): ``size`` bytes, at most ``limit``."""

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(f"{size:,} bytes; at most {limit:,}")
        self.size = size
        self.limit = limit


# What a field must hold, as the reasons say it (a Python type's name is no word of the game's)
KINDS: dict[type, Said] = {int: said("a whole number"), str: said("a text"),
                           dict: said("a JSON object"), bool: said("true or false"),
                           list: said("a list")}


def quoted(value: object, limit: int = 60) -> str:
    """A client's value as a reason quotes it: its Python form, cut short past ``limit``."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def unknown_fields(data: dict[str, Any], known: tuple[str, ...] | frozenset[str]) -> None:
    """Malformed when the body holds a field the route does not read (a misspelt field would
    otherwise be ignored without a word)."""
    extra = sorted(str(key) for key in data if key not in known)
    if extra:
        raise Malformed(said("unknown field {field}; this request reads {known}",
                             field=quoted(extra[0]), known=", ".join(sorted(known))))


class RateLimited(Exception):
    """Too many requests on one connection (HTTP 429)."""


def translate(text: str, lang: str, **values: object) -> str:
    return i18n.catalogue(lang).get(text, text).format(**values)


def told(sentence: Said, lang: str) -> str:
    """A server sentence in ``lang`` from the refusals catalogue (English when untranslated)."""
    return said_in(sentence, lang) or str(sentence)


def told_args(sentence: Said, lang: str) -> dict[str, str | int]:
    """A sentence's arguments as data, a nested phrase told in ``lang``."""
    return {name: value if isinstance(value, (str, int)) else told(value, lang)
            for name, value in sentence.args}


def refusal_of(exc: BaseException, lang: str) -> tuple[int, dict[str, Any]] | None:
    """The status and body answering a refused request, or None for an exception no check
    raises.  The reason never quotes a credential."""
    def body(code: str, reason: str, args: dict[str, str | int] | None = None,
             **extra: Any) -> dict[str, Any]:
        return {"error": {"code": code, "reason": reason, "args": args or {}}, **extra}

    if isinstance(exc, RateLimited):
        return 429, body("rate_limited", translate(REASONS["rate_limited"], lang))
    if isinstance(exc, Forbidden):
        return 403, body(exc.code, translate(REASONS[exc.code], lang))
    if isinstance(exc, UnknownGame):
        unknown = said("there is no game {game} on this server", game=repr(str(exc)))
        return 404, body("unknown_game", told(unknown, lang), told_args(unknown, lang))
    if isinstance(exc, GameOver):
        return 410, body("game_over", translate(REASONS["game_over"], lang))
    if isinstance(exc, TooLarge):
        size = said("{size} bytes; at most {limit}", size=f"{exc.size:,}", limit=f"{exc.limit:,}")
        return 413, body("too_large", f"{translate(REASONS['too_large'], lang)} ({told(size, lang)})",
                         told_args(size, lang))
    if isinstance(exc, Malformed):
        return 422, body("malformed", told(exc.said, lang), told_args(exc.said, lang))
    if isinstance(exc, StaleVersion):
        stale = said("the game has changed since this page last saw it (it is at version "
                     "{version})", version=exc.live.version)
        return 409, body("stale", told(stale, lang), told_args(stale, lang),
                         state=exc.live.view(0, lang))
    if isinstance(exc, NotYourDecision):
        who = exc.who_in(lang)
        reason = translate(NOT_YOURS, lang, who=who) if who else translate(DICE_DUE, lang)
        return 403, body("not_your_decision", reason)
    if isinstance(exc, NoDiceNow):  # the seat deciding named in the page's language
        told_now = WrongMoment(exc.said_in(lang))
        return 400, body(str(exc.code), refusal_in(told_now, lang), args_in(told_now, lang))
    if isinstance(exc, TetrarchiaError):  # the engine's refusal, told in the player's language
        return 400, body(str(exc.code), refusal_in(exc, lang), args_in(exc, lang))
    return None


def bearer(request: Request) -> str | None:
    """The credential of an HTTP request: ``Authorization: Bearer <token>``."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


class RateLimiter:
    """A token bucket per connection: ``burst`` requests at once, ``rate`` per second after."""

    def __init__(self, burst: float, rate: float) -> None:
        self.burst = burst
        self.rate = rate
        self.buckets: dict[object, tuple[float, float]] = {}
        self.lock = threading.Lock()

    def take(self, key: object) -> None:
        now = time.monotonic()
        with self.lock:
            level, then = self.buckets.get(key, (self.burst, now))
            level = min(self.burst, level + (now - then) * self.rate)
            if level < 1:
                self.buckets[key] = (level, now)
                raise RateLimited()
            self.buckets[key] = (level - 1, now)
            if len(self.buckets) > 10_000:  # forget the connections full again (long idle)
                full = [k for k, (v, t) in self.buckets.items() if v + (now - t) * self.rate >= self.burst]
                for k in full:
                    del self.buckets[k]


def field(data: dict[str, Any], key: str, kind: type | tuple[type, ...], required: bool = True) -> Any:
    value = data.get(key)
    if value is None and not required:
        return None
    if value is None:
        raise Malformed(said("the body has no field {field}", field=repr(key)))
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        raise Malformed(said("{field} must be {kind}, not {value}", field=repr(key),
                             kind=KINDS[kind] if isinstance(kind, type) else said("a list"),
                             value=quoted(value)))
    return value


def parse_message(raw: bytes | str) -> dict[str, Any]:
    """An action's JSON body: at most ``MAX_MESSAGE`` bytes, an object."""
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > MAX_MESSAGE:
        raise TooLarge(size, MAX_MESSAGE)
    return json_object(raw)


def json_object(raw: bytes | str) -> dict[str, Any]:
    """A request's body read as a JSON object (Malformed otherwise); the caller bounds its size."""
    try:
        data = json.loads(raw or b"null")
    except json.JSONDecodeError as exc:
        raise Malformed(said("the body is not JSON: line {line}, column {column}, at {near}",
                             line=exc.lineno, column=exc.colno,
                             near=quoted(exc.doc[max(0, exc.pos - 20):exc.pos + 20], 50))) from None
    except UnicodeDecodeError as exc:
        raise Malformed(said("the body is not JSON: byte {byte} at {position} is not UTF-8 text",
                             byte=quoted(exc.object[exc.start:exc.start + 1]),
                             position=exc.start)) from None
    except (ValueError, RecursionError):
        raise Malformed(said("the body is not JSON: it nests arrays or objects too deep "
                             "or holds a number too long")) from None
    if not isinstance(data, dict):
        raise Malformed(said("the body must be a JSON object, not {value}", value=quoted(data)))
    return data


@dataclass
class Live:
    """What the live routes work with: the authority, the seats, the bus, the rate limits."""

    authority: Authority
    book: SeatBook
    bus: Bus
    limit: Callable[[str], Awaitable[None]]  # a token of a bucket, or RateLimited (web/limits.py)
    poke: Callable[[str], None]  # the AI driver: a game was loaded or changed

    # --- the checks of a change, in the authority's order -------------------------------------
    def change(self, credential: Credential, game_id: str, kind: str, data: dict[str, Any]) \
            -> tuple[LiveGame, int]:
        """An action, roll or undo for ``credential`` (already authorized to act): 404, 410,
        then the body (422), then the authority's 409, 403 and 400."""
        with self.authority.one_request():  # one read of the version row (web/game_cache.py)
            return self.changed(credential, game_id, kind, data)

    def changed(self, credential: Credential, game_id: str, kind: str, data: dict[str, Any]) \
            -> tuple[LiveGame, int]:
        live = self.authority.get(game_id)
        self.authority.check_open(live)
        if kind not in FIELDS:
            raise Malformed(said("{field} must be action, advance, undo or ping, not {value}",
                                 field=repr("type"), value=quoted(kind)))
        unknown_fields(data, FIELDS[kind])
        version = field(data, "version", int)
        if kind == "action":
            notation = field(data, "action", str)
            if len(notation) > 400:
                raise Malformed(said("an action is at most 400 characters, not {length}: {value}",
                                     length=len(notation), value=quoted(notation, 40)))
            return self.authority.act(game_id, version, notation, credential)
        if kind == "advance":
            until = data.get("until", "roll")
            if until not in BOUNDARIES:
                raise Malformed(said("{field} must be one of {choices}, not {value}",
                                     field=repr("until"), choices=", ".join(BOUNDARIES),
                                     value=quoted(until)))
            return self.authority.advance(game_id, version, until, credential)
        return self.authority.undo(game_id, version, credential)

    def presence(self, game_id: str) -> dict[str, object]:
        return self.book.present(game_id)

    # --- polling ---------------------------------------------------------------------------
    async def poll(self, request: Request, lang: str) -> dict[str, Any]:
        game_id = request.path_params["game_id"]
        token = bearer(request)
        credential = await asyncio.to_thread(self.book.authorize, token, game_id, False)
        live = await asyncio.to_thread(self.authority.get, game_id)
        since = request.query_params.get("since", "")
        first = request.query_params.get("events_from", "0")
        wait = request.query_params.get("wait", str(POLL_SECONDS))
        if not since.isdigit():
            raise Malformed(said("{field} must be a state version, not {value}",
                                 field=repr("since"), value=quoted(since)))
        try:
            seconds = min(max(float(wait), 0.0), POLL_SECONDS)
        except ValueError:
            raise Malformed(said("{field} must be a number of seconds, not {value}",
                                 field=repr("wait"), value=quoted(wait))) from None
        connection = "poll-" + hashlib.sha256(b"poll:" + (token or "").encode()).hexdigest()[:32]
        await asyncio.to_thread(self.book.arrive, connection, game_id, credential.seat,
                                seconds + PRESENCE_SECONDS)
        async with self.bus.watch(game_id) as queue:  # watch first: no change slips between
            changed = live.version != int(since)
            deadline = time.monotonic() + seconds
            while not changed and (left := deadline - time.monotonic()) > 0:
                try:
                    message = await asyncio.wait_for(queue.get(), left)
                except TimeoutError:
                    break
                if message.get("kind") == "version":
                    changed = True
        live = await asyncio.to_thread(self.authority.get, game_id)
        return {"changed": changed, "version": live.version,
                "state": live.view(int(first) if first.isdigit() else 0, lang) if changed else None,
                "presence": await asyncio.to_thread(self.presence, game_id)}

    # --- the WebSocket -----------------------------------------------------------------------
    async def socket(self, websocket: WebSocket) -> None:
        game_id = websocket.path_params["game_id"]
        await websocket.accept()
        # until the hello names it, the player's language is his browser's (the handshake's
        # Accept-Language): a hello that is no JSON, or none, is refused in it
        browser = i18n.accepted(websocket.headers.get("accept-language")) or "en"
        try:
            hello = await asyncio.wait_for(websocket.receive_text(), HELLO_SECONDS)
        except (TimeoutError, WebSocketDisconnect, KeyError):
            await self.close(websocket, 4403, 403, "no_credential", browser)
            return
        try:
            data = parse_message(hello)
        except (TooLarge, Malformed) as exc:
            status, body = refusal_of(exc, browser) or (422, {})
            await websocket.send_json({"kind": "error", "status": status, **body})
            await websocket.close(code=1009 if isinstance(exc, TooLarge) else 4422)
            return
        lang = data.get("lang") if data.get("lang") in i18n.LANGUAGES else browser
        token = data.get("token") if data.get("type") == "hello" else None
        try:
            credential = await asyncio.to_thread(
                self.book.authorize, token if isinstance(token, str) else None, game_id, False)
            live = await asyncio.to_thread(self.authority.get, game_id)
        except (Forbidden, UnknownGame) as exc:
            status, body = refusal_of(exc, str(lang)) or (403, {})
            await websocket.send_json({"kind": "error", "status": status, **body})
            await websocket.close(code=4000 + status)
            return
        await self.session(websocket, credential, live, data, str(lang))

    async def close(self, websocket: WebSocket, code: int, status: int, reason: str, lang: str) -> None:
        try:
            await websocket.send_json({"kind": "error", "status": status,
                                       "error": {"code": reason, "reason": translate(REASONS[reason], lang)}})
            await websocket.close(code=code)
        except (WebSocketDisconnect, RuntimeError):
            pass

    async def session(self, websocket: WebSocket, credential: Credential, live: LiveGame,
                      hello: dict[str, Any], lang: str) -> None:
        game_id = live.id
        connection = "ws-" + secrets.token_hex(12)
        # the bucket of the client's address, game and seat, whatever connection and whatever
        # process it is on (D6: a new connection is no new bucket; the buckets are shared by the
        # processes, web/limits.py)
        limited = f"live:{websocket.client.host if websocket.client else 'local'}:{game_id}:{credential.seat}"
        known = hello.get("version")
        seen = hello.get("events")
        seen = seen if isinstance(seen, int) and not isinstance(seen, bool) and seen >= 0 else 0
        receive: asyncio.Future[Any] | None = None
        get: asyncio.Future[Any] | None = None
        try:
            async with self.bus.watch(game_id) as queue:
                await asyncio.to_thread(self.book.arrive, connection, game_id, credential.seat)
                self.bus.publish(game_id, {"kind": "presence"})
                shown = await asyncio.to_thread(self.presence, game_id)
                await websocket.send_json({"kind": "welcome", "seat": credential.seat,
                                           "version": live.version, "presence": shown})
                sent = live.version if known == live.version else -1
                if sent == -1:  # a reconnect that missed changes, or a first connection
                    seen = min(seen, len(live.events)) if known is not None else 0
                    view = live.view(seen, lang)
                    await websocket.send_json({"kind": "state", "state": view})
                    sent, seen = view["version"], view["events_total"]
                self.poke(game_id)
                while True:
                    receive = receive or asyncio.ensure_future(websocket.receive_text())
                    get = get or asyncio.ensure_future(queue.get())
                    done, _ = await asyncio.wait({receive, get}, timeout=HEARTBEAT_SECONDS,
                                                 return_when=asyncio.FIRST_COMPLETED)
                    if get in done:
                        message, get = get.result(), None
                        if message.get("kind") == "version" and message.get("version", 0) > sent:
                            live = await asyncio.to_thread(self.authority.get, game_id)
                            view = live.view(min(seen, len(live.events)), lang)
                            await websocket.send_json({"kind": "state", "state": view})
                            sent, seen = view["version"], view["events_total"]
                        elif message.get("kind") in ("table", "chat"):  # web/lobby.py's news
                            await websocket.send_json(message)
                        elif message.get("kind") == "presence":
                            now = await asyncio.to_thread(self.presence, game_id)
                            if now != shown:
                                shown = now
                                await websocket.send_json({"kind": "presence", "presence": shown})
                    if receive in done:
                        text, receive = receive.result(), None
                        answer = await self.request(text, credential, game_id, lang, limited)
                        if answer is None:  # too large: refused, and the connection closed
                            await websocket.send_json({"kind": "error", "status": 413, "error": {
                                "code": "too_large", "reason": translate(REASONS["too_large"], lang)}})
                            await websocket.close(code=1009)
                            return
                        if answer.get("kind") == "result":
                            sent, seen = answer["state"]["version"], answer["state"]["events_total"]
                        await websocket.send_json(answer)
                    if not done:  # the heartbeat: renew this connection, notice expired ones
                        await asyncio.to_thread(self.book.arrive, connection, game_id, credential.seat)
                        now = await asyncio.to_thread(self.presence, game_id)
                        if now != shown:
                            shown = now
                            await websocket.send_json({"kind": "presence", "presence": shown})
        except WebSocketDisconnect:
            pass
        finally:
            for task in (receive, get):
                if task is not None:
                    task.cancel()
            # done here and now, not in a thread: a connection's task may be cancelled once its
            # client has gone, and its seat must not stay shown connected until it expires
            self.book.leave(connection)
            self.bus.publish(game_id, {"kind": "presence"})

    async def request(self, text: str, credential: Credential, game_id: str, lang: str,
                      limited: str) -> dict[str, Any] | None:
        """One message of a connection that presented its seat; None: too large (close)."""
        ident: Any = None
        try:
            await self.limit(limited)
            data = parse_message(text)
            ident = data.get("id")
            kind = data.get("type")
            if kind == "ping":
                return {"kind": "pong", "id": ident}
            if credential.spectator:
                raise Forbidden("spectator", "a spectator's link shows the game and can do nothing")
            await asyncio.to_thread(self.book.check_acting, credential)  # the AI may stand in now
            live, first = await asyncio.to_thread(self.change, credential, game_id, str(kind), data)
            return {"kind": "result", "id": ident, "state": live.view(first, lang)}
        except TooLarge:
            return None
        except Exception as exc:
            answer = refusal_of(exc, lang)
            if answer is None:
                raise
            status, body = answer
            return {"kind": "error", "id": ident, "status": status, **body}
