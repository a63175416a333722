"""The server's log (issue 26: D8): one access line per request, the server's level and format.

Each HTTP request writes ``METHOD PATH STATUS TIME ms`` to the logger ``tetrarchia.access``; a
live connection writes its line when it ends (``WS PATH 101 ...``, or 403 when it was refused).
The path never holds a secret (credentials travel in the ``Authorization`` header, the first
WebSocket message and the address's fragment, which a browser never sends); the query string is
left out all the same.  A refusal that says someone is knocking (403) or a limit reached (413,
415, 429) is a WARNING, a server error (5xx) an ERROR, anything else INFO.

``configure`` gives the process one handler on standard error: plain lines, or JSON lines
(``--log-json``) whose access records carry ``method``, ``path``, ``status`` and ``ms`` as fields.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any, TextIO

from tetrarchia.web.guard import App, Message, Receive, Scope, Send
from tetrarchia.web.live import Redact

ACCESS = logging.getLogger("tetrarchia.access")
ACCESS.addFilter(Redact())  # a child logger: the parent's filter does not see its records
WARNED = frozenset({403, 413, 415, 429})
LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING}
LEVEL_VARIABLE = "TETRARCHIA_LOG_LEVEL"  # the workers' level and format (--workers N)
JSON_VARIABLE = "TETRARCHIA_LOG_JSON"


def level_of(status: int) -> int:
    if status >= 500:
        return logging.ERROR
    return logging.WARNING if status in WARNED else logging.INFO


class AccessLog:
    """The ASGI middleware writing the access lines (outermost: it sees the guard's refusals)."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        websocket = scope["type"] == "websocket"
        status = 500 if not websocket else 403  # a socket closed before it was accepted

        async def noted(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            elif message["type"] == "websocket.accept":
                status = 101
            await send(message)

        try:
            await self.app(scope, receive, noted)
        finally:
            ms = (time.perf_counter() - start) * 1000
            method = "WS" if websocket else str(scope.get("method", "?"))
            path = str(scope.get("path", ""))
            ACCESS.log(level_of(status), "%s %s %d %.1f ms", method, path, status, ms,
                       extra={"access": {"method": method, "path": path, "status": status,
                                         "ms": round(ms, 1)}})


class JsonLines(logging.Formatter):
    """One JSON object per record: time, level, logger, message (and an access line's fields)."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S") + f".{int(record.msecs):03d}",
            "level": record.levelname.lower(), "logger": record.name, "message": record.getMessage()}
        line.update(getattr(record, "access", {}))
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


class _Stderr(logging.StreamHandler):  # type: ignore[type-arg]
    """Standard error as it is when a line is written, not as it was when the log was set up: a
    command run inside another program (a test's CliRunner) replaces it for a while, then closes
    its stand-in, and a handler holding that stand-in would fail on every later line."""

    @property
    def stream(self) -> TextIO:
        return sys.stderr

    @stream.setter
    def stream(self, _value: object) -> None:
        pass


def configure(level: str = "info", json_lines: bool = False) -> None:
    """The process's log: every logger at ``level`` (debug, info or warning) to standard error,
    in plain lines or JSON lines."""
    handler = _Stderr()
    handler.setFormatter(JsonLines() if json_lines else logging.Formatter(
        "%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, "tetrarchia", False)]:
        root.removeHandler(old)
    handler.tetrarchia = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(LEVELS[level])
    # the schema's migrations say each step at info: a host reads them at debug only, so that
    # the first lines a new player sees are the address to open, not the database's upgrade
    logging.getLogger("alembic").setLevel(logging.DEBUG if level == "debug" else logging.WARNING)
