"""What the server refuses before a route reads anything (issue 26: D1, D7), as one ASGI
middleware around the whole application.

**Sizes (D1).**  Each route has a body limit (``body_limit``): a request whose ``Content-Length``
says more is answered 413 at once, its body never read; a body sent without a length (chunked)
is counted as it arrives and refused the moment it passes the limit, so the server never holds
more than the limit of one request.  The WebSocket's messages are bounded by the server itself
(``tetrarchia serve`` gives uvicorn ``ws_max_size=MAX_MESSAGE``: a larger frame closes the
connection with 1009 before its payload is read); ``live.parse_message`` checks the same limit
for the in-process clients of the tests.

**Cross-site requests (D7).**  A POST must send ``Content-Type: application/json`` (or no body
and no type at all): a form of another site can only send ``text/plain``, ``multipart/form-data``
or ``application/x-www-form-urlencoded`` without asking the server first, so it is refused 415
and creates nothing.  A WebSocket whose ``Origin`` is not this server's own address (its ``Host``)
nor one the host allows (``tetrarchia serve --allow-origin``) is refused (HTTP 403) before it is
accepted; a client that sends no ``Origin`` (no browser) is not a cross-site page.

**Headers (D7).**  Every HTTP answer carries ``SECURITY_HEADERS``: the page's scripts and styles
come from the server alone (no inline script; ``style-src`` allows inline style attributes
because the map and the panels set element styles from JS, which cannot run script), it may not
be framed, its types are not sniffed, no address leaks in a Referer.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from starlette.responses import JSONResponse

from tetrarchia.web import i18n
from tetrarchia.web.live import MAX_MESSAGE, REASONS, TooLarge, refusal_of, translate

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_SAVE_BODY = 9_000_000  # an import: a saved game is at most 8,000,000 characters (docs/save-format.md)
MAX_GAME_BODY = 1_000_000  # a new game or a settings check: settings, a board text, a position
# The routes whose bodies may be larger than an action's (any other: ``MAX_MESSAGE``)
LIMITS: tuple[tuple[re.Pattern[str], int], ...] = (
    (re.compile(r"/api/games/import"), MAX_SAVE_BODY),
    (re.compile(r"/api/games|/api/settings/check"), MAX_GAME_BODY),
)

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
     b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
     b"frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)
JSON_TYPE = "application/json"


def body_limit(path: str) -> int:
    """The most bytes a request body to ``path`` may hold."""
    for pattern, limit in LIMITS:
        if pattern.fullmatch(path):
            return limit
    return MAX_MESSAGE


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of an address, lower case (the form an Origin header has)."""
    parts = urlsplit(url.strip().lower())
    return f"{parts.scheme}://{parts.netloc}"


class Guard:
    """The ASGI middleware of the module's docstring; ``allowed_origins``: the pages of other
    addresses that may open the live connection (``--allow-origin``)."""

    def __init__(self, app: App, allowed_origins: tuple[str, ...] = ()) -> None:
        self.app = app
        self.allowed = frozenset(origin_of(o) for o in allowed_origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            if not self.same_origin(scope):
                await send({"type": "websocket.close", "code": 4403})  # before accept: HTTP 403
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        lang = language(scope, headers)

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        limit = body_limit(scope["path"])
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            await refuse(413, refusal_of(TooLarge(int(declared), limit), lang), scope, receive, secured)
            return
        if scope["method"] == "POST" and not json_typed(headers):
            body = {"error": {"code": "not_json", "reason": translate(REASONS["not_json"], lang),
                              "args": {}}}
            await refuse(415, (415, body), scope, receive, secured)
            return
        received = 0
        started = False

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:  # the routes answer it 413 (live.refusal_of)
                    raise TooLarge(received, limit)
            return message

        async def marked(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await secured(message)

        try:
            await self.app(scope, counted, marked)
        except TooLarge as exc:  # a route that does not answer refusals itself
            if started:
                raise
            await refuse(413, refusal_of(exc, lang), scope, receive, secured)

    def same_origin(self, scope: Scope) -> bool:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        origin = headers.get("origin")
        if origin is None:
            return True
        seen = origin_of(origin)
        host = headers.get("host", "").lower()
        return urlsplit(seen).netloc == host or seen in self.allowed


def json_typed(headers: dict[str, str]) -> bool:
    """Whether a POST's body is declared JSON, or it has no body and no type (a button's POST)."""
    kind = headers.get("content-type")
    if kind is None:
        return headers.get("content-length", "0") == "0" and "transfer-encoding" not in headers
    return kind.split(";")[0].strip().lower() == JSON_TYPE


def language(scope: Scope, headers: dict[str, str]) -> str:
    """The refusal's language: ``?lang=`` when the page names one, else the browser's."""
    query = scope.get("query_string", b"").decode("latin-1")
    asked = re.search(r"(?:^|&)lang=([a-z]{2})(?:&|$)", query)
    if asked and asked.group(1) in i18n.LANGUAGES:
        return asked.group(1)
    return i18n.accepted(headers.get("accept-language")) or "en"


async def refuse(status: int, refused: tuple[int, dict[str, Any]] | None, scope: Scope,
                 receive: Receive, send: Send) -> None:
    """Answer ``status`` with the refusal's body; the unread body is left unread (the server
    closes the connection rather than read it)."""
    body = refused[1] if refused else {}
    await JSONResponse(body, status_code=status, headers={"Connection": "close"})(scope, receive, send)
