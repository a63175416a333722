"""Issue 26, a server you can put on the internet: D1 (bodies and messages refused by size before
they are read), D7 (security headers, cross-site requests, the WebSocket's Origin) and D8 (the
access log), each on a real ``tetrarchia serve`` process on loopback.  Each test failed before
web/guard.py and web/access_log.py."""

from __future__ import annotations

import json
import select
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from tetrarchia.web.guard import MAX_GAME_BODY, MAX_SAVE_BODY
from tetrarchia.web.live import MAX_MESSAGE
from web_helpers import free_port

MIB = 1 << 20
ALLOWED = "https://play.example"


@dataclass
class Served:
    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def rss(self) -> int:
        """The server process's resident memory in bytes (/proc/PID/status)."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return next(int(line.split()[1]) * 1024 for line in status.splitlines()
                    if line.startswith("VmRSS:"))

    def lines(self) -> list[str]:
        return self.log.read_text(encoding="utf-8", errors="replace").splitlines()


def serve(tmp: Path, *more: str) -> Served:
    """``tetrarchia serve`` with its log in a file (a pipe nobody reads would stop the server),
    waiting until it answers."""
    port = free_port()
    log = tmp / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "tetrarchia.cli", "serve", "--port", str(port), "--database",
             str(tmp / "games.sqlite3"), *more], stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/options", timeout=1)
            return Served(process, port, log)
        except httpx.TransportError:
            if process.poll() is not None:
                raise RuntimeError(f"the server stopped: {log.read_text()!r}") from None
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not answer within 30 s")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    served = serve(tmp_path_factory.mktemp("guard"), "--log-level", "info", "--allow-origin", ALLOWED)
    try:
        yield served
    finally:
        served.process.terminate()
        served.process.wait(timeout=20)


def post_raw(port: int, path: str, size: int, chunked: bool) -> tuple[int, dict[str, object]]:
    """POST ``size`` bytes to ``path`` on a raw socket, with its Content-Length or chunked,
    stopping as soon as the server answers; the status and the JSON body of the answer."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    try:
        framing = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {size}"
        sock.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                     f"Content-Type: application/json\r\n{framing}\r\n\r\n".encode())
        sock.setblocking(False)
        piece = b"x" * MIB
        framed = b"%x\r\n" % len(piece) + piece + b"\r\n" if chunked else piece
        pending, offered = memoryview(b""), 0
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            readable, writable, _ = select.select([sock], [sock] if offered < size or pending else [],
                                                  [], 5)
            if readable:
                break
            if writable:
                if not pending and offered < size:
                    pending, offered = memoryview(framed), offered + len(piece)
                try:
                    pending = pending[sock.send(pending):]
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:  # the server closed its side after answering
                    break
        sock.setblocking(True)
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += sock.recv(65536)
        head, _, body = answer.partition(b"\r\n\r\n")
        length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length:"))
        while len(body) < length:
            more = sock.recv(65536)
            if not more:
                break
            body += more
        return int(head.split()[1]), json.loads(body)
    finally:
        sock.close()


# --- D1: sizes ------------------------------------------------------------------------------------
@pytest.mark.timeout(120)
@pytest.mark.parametrize("path,chunked,size,limit", [
    ("/api/settings/check", False, 50 * MIB, MAX_GAME_BODY),  # no credential needed: the case
    ("/api/settings/check", True, 50 * MIB, MAX_GAME_BODY),  # no length: counted as it arrives
    ("/api/games", False, 50 * MIB, MAX_GAME_BODY),
    ("/api/games/import", False, 50 * MIB, MAX_SAVE_BODY),
    ("/api/games/nosuchgame/actions", False, 8 * MIB, MAX_MESSAGE),  # before the credential
])
def test_a_body_over_its_routes_limit_is_refused_413_before_it_is_read(
        server: Served, path: str, chunked: bool, size: int, limit: int) -> None:
    httpx.get(f"{server.base}/api/options")  # the server warm
    before = server.rss()
    status, body = post_raw(server.port, path, size, chunked)
    grown = server.rss() - before
    assert status == 413, body
    error = body["error"]
    assert isinstance(error, dict) and error["code"] == "too_large"
    assert error["args"]["limit"] == f"{limit:,}"
    assert grown < 3 * MIB + limit, f"the server grew by {grown / MIB:.1f} MiB"


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [MAX_MESSAGE + 1, 15_000_000])
def test_a_websocket_message_over_the_limit_closes_1009_unread(server: Served, size: int) -> None:
    before = server.rss()
    with connect(f"ws://127.0.0.1:{server.port}/api/games/nosuchgame/live", max_size=None,
                 open_timeout=10) as ws, pytest.raises(ConnectionClosed) as closed:
        ws.send("x" * size)
        ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    grown = server.rss() - before
    assert grown < 3 * MIB, f"the server grew by {grown / MIB:.1f} MiB"


# --- D7: headers, cross-site requests, Origin -------------------------------------------------------
@pytest.mark.timeout(30)
@pytest.mark.parametrize("path", ["/", "/api/options", "/static/main.js", "/api/games/nosuchgame"])
def test_every_answer_carries_the_security_headers(server: Served, path: str) -> None:
    headers = httpx.get(f"{server.base}{path}").headers
    policy = headers["content-security-policy"]
    assert "script-src 'self';" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]  # no inline script
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-frame-options"] == "DENY"


@pytest.mark.timeout(30)
@pytest.mark.parametrize("kind,status", [
    ("text/plain", 415),  # what a form of another site can send without asking
    ("application/x-www-form-urlencoded", 415),
    ("multipart/form-data; boundary=x", 415),
    (None, 415),  # a body without a type
    ("application/json", 201),
    ("application/json; charset=utf-8", 201),
])
def test_a_post_must_declare_json(server: Served, kind: str | None, status: int) -> None:
    with httpx.Client(base_url=server.base) as web:
        before = len(web.get("/api/games").json()["games"])
        headers = {"Content-Type": kind} if kind else {}
        answer = web.post("/api/games", content=b'{"players": 1}', headers=headers)
        assert answer.status_code == status, answer.text
        after = len(web.get("/api/games").json()["games"])
    assert after == before + (1 if status == 201 else 0)  # a refusal creates nothing
    if status == 415:
        assert answer.json()["error"]["code"] == "not_json"


@pytest.mark.timeout(30)
@pytest.mark.parametrize("origin,accepted", [
    (None, True),  # no browser: no cross-site page
    ("same", True),  # the page this server served
    (ALLOWED, True),  # --allow-origin
    ("https://evil.example", False),
    ("http://127.0.0.1:1", False),  # same host, another port: another origin
    ("null", False),  # a sandboxed frame or a file
])
def test_the_live_connection_checks_its_origin(server: Served, origin: str | None, accepted: bool) -> None:
    seen = f"http://127.0.0.1:{server.port}" if origin == "same" else origin
    url = f"ws://127.0.0.1:{server.port}/api/games/nosuchgame/live"
    if not accepted:
        with pytest.raises(InvalidStatus) as refused:
            connect(url, origin=seen, open_timeout=10)  # type: ignore[arg-type]
        assert refused.value.response.status_code == 403
        return
    with connect(url, origin=seen, open_timeout=10) as ws:  # type: ignore[arg-type]
        ws.send(json.dumps({"type": "hello", "token": "x"}))
        told = json.loads(ws.recv(timeout=10))  # accepted: the app itself refuses the forged link
        assert told["kind"] == "error" and told["error"]["code"] == "bad_credential"


# --- D8: the access log -------------------------------------------------------------------------------
@pytest.mark.timeout(60)
def test_each_request_writes_one_access_line_and_never_a_token(server: Served) -> None:
    with httpx.Client(base_url=server.base) as web:
        created = web.post("/api/games", json={"players": 1, "hotseat": True}).json()
        token, game = created["credentials"]["hotseat"], created["id"]
        web.get(f"/api/games/{game}", headers={"Authorization": f"Bearer {token}"})
        web.get(f"/api/games/{game}", headers={"Authorization": f"Bearer {token[:-1]}"})  # 403
        web.post("/api/games", content=b"{}", headers={"Content-Type": "text/plain"})  # 415
    with connect(f"ws://127.0.0.1:{server.port}/api/games/{game}/live", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        ws.recv(timeout=10)
    deadline = time.monotonic() + 10
    live = f"WS /api/games/{game}/live 101 "
    while not any(live in line for line in server.lines()) and time.monotonic() < deadline:
        time.sleep(0.05)  # the live connection's line is written when the server has closed it
    lines = server.lines()
    written = "\n".join(lines)
    assert token not in written and token[:20] not in written
    access = [line for line in lines if "tetrarchia.access" in line]
    assert any(f"INFO tetrarchia.access: GET /api/games/{game} 200 " in line for line in access)
    assert any(f"WARNING tetrarchia.access: GET /api/games/{game} 403 " in line for line in access)
    assert any("WARNING tetrarchia.access: POST /api/games 415 " in line for line in access)
    assert any("INFO tetrarchia.access: POST /api/games 201 " in line for line in access)
    assert any(f"INFO tetrarchia.access: {live}" in line for line in access)
    assert all(line.endswith(" ms") for line in access)
    assert "?" not in "".join(access)  # no query string


@pytest.mark.timeout(60)
def test_json_lines_at_the_warning_level(tmp_path: Path) -> None:
    served = serve(tmp_path, "--log-json", "--log-level", "warning")
    try:
        httpx.post(f"{served.base}/api/games", content=b"{}", headers={"Content-Type": "text/plain"})
        httpx.get(f"{served.base}/api/options")
    finally:
        served.process.terminate()
        served.process.wait(timeout=20)
    records = [json.loads(line) for line in served.lines() if line.startswith("{")]
    access = [r for r in records if r["logger"] == "tetrarchia.access"]
    assert [(r["level"], r["method"], r["path"], r["status"]) for r in access] == [
        ("warning", "POST", "/api/games", 415)]  # the 200s are below the level
    assert isinstance(access[0]["ms"], float)
