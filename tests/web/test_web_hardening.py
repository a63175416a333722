"""Issue 26, a server you can put on the internet: D3 (no 44 ms floor with ``--workers``), D4
(workers never outlive their supervisor) and D6 (rate limits that hold: per client address, shared
by the processes, a forwarded address believed only from a named proxy), each on real ``tetrarchia
serve`` processes on loopback, on a real PostgreSQL server for the multi-process cases.  Each test
failed before web/workers.py and web/limits.py."""

from __future__ import annotations

import contextlib
import http.client
import os
import signal
import socket
import statistics
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from pg_cluster import wait_until
from web_helpers import client, free_port, sit, start_server

pytestmark = pytest.mark.timeout(120)

BURST, PER_SECOND = 60, 30  # the request limit of every address and seat (web/app.create_app)


@pytest.fixture
def database(postgres: Any, request: pytest.FixtureRequest) -> str:
    """A new empty PostgreSQL database for the test."""
    url: str = postgres.database("h_" + request.node.name.lower()[:50].replace("[", "_").replace("]", ""))
    return url


def stopped(process: Any) -> None:
    """Stop a server started in its own session: the supervisor and any worker left."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=30)


def children(pid: int) -> set[int]:
    """The processes ``pid`` started, and theirs (/proc's children lists)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            direct = {int(c) for c in (task / "children").read_text().split()}
        except OSError:
            continue
        for child in direct:
            found |= {child} | children(child)
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie waiting for its reaper does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def port_free(port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds it
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def new_connection(port: int) -> httpx.Client:
    """A client that opens a new TCP connection for every request."""
    return httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30,
                        limits=httpx.Limits(max_keepalive_connections=0))


# --- D3: kept-alive connections to the workers ---------------------------------------------------

def test_kept_alive_requests_to_the_workers_have_no_nagle_floor(database: str) -> None:
    """Before: every request on a reused connection to a worker waited for the client's delayed
    ACK (44 ms for /api/options against 0.9 ms on one process, 48 ms a POST)."""
    port = free_port()
    server = start_server(database, port, "--workers", "2")
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
            reads, posts = [], []
            for _ in range(30):
                began = time.perf_counter()
                assert http.get("/api/options").status_code == 200
                reads.append(time.perf_counter() - began)
            for _ in range(20):
                began = time.perf_counter()
                assert http.post("/api/settings/check", json={"players": 1}).status_code == 200
                posts.append(time.perf_counter() - began)
        # the floor was 40 ms; the machine is shared, so the bound leaves room for its load
        assert statistics.median(reads) < 0.02, reads
        assert statistics.median(posts) < 0.02, posts
    finally:
        stopped(server)


# --- D4: workers die with their supervisor -------------------------------------------------------

def test_the_workers_die_with_their_killed_supervisor_and_the_port_is_free_again(database: str) -> None:
    """Before: kill -9 of the supervisor left its workers serving the port, and starting again
    failed with "Address already in use"."""
    port = free_port()
    server = start_server(database, port, "--workers", "2")
    again = None
    try:
        workers = children(server.pid)
        assert len(workers) >= 2, workers
        os.kill(server.pid, signal.SIGKILL)  # the supervisor alone
        server.wait(timeout=30)
        wait_until(lambda: not any(running(w) for w in workers), seconds=15)
        wait_until(lambda: port_free(port), seconds=15)
        again = start_server(database, port, "--workers", "2")  # the host starts it again
        assert httpx.get(f"http://127.0.0.1:{port}/api/options", timeout=10).status_code == 200
    finally:
        for worker in children(server.pid) | workers:
            if running(worker):
                os.kill(worker, signal.SIGKILL)
        stopped(server)
        if again is not None:
            stopped(again)


# --- D6: rate limits that hold -------------------------------------------------------------------

@pytest.fixture
def sqlite_server(tmp_path: Path) -> Iterator[Callable[..., int]]:
    """Start one server on an SQLite file with 2 new games per address (and more options);
    its port."""
    started: list[Any] = []

    def start(*more: str) -> int:
        port = free_port()
        started.append(start_server(tmp_path / "games.sqlite3", port, "--new-games", "2", *more))
        return port
    try:
        yield start
    finally:
        for server in started:
            stopped(server)


def forged(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}


def test_a_forged_forwarded_address_gets_no_new_game_past_the_limit(
        sqlite_server: Callable[..., int]) -> None:
    """Before: uvicorn believed X-Forwarded-For from any client on 127.0.0.1, so 20 of 20
    forged addresses got games once the address's limit was reached."""
    with new_connection(sqlite_server()) as http:
        made = [http.post("/api/games", json={"players": 1}).status_code for _ in range(2)]
        assert made == [201, 201]
        tried = [http.post("/api/games", json={"players": 1}, headers=forged(f"203.0.113.{i}"))
                 for i in range(20)]
        assert {r.status_code for r in tried} == {429}
        assert {r.json()["error"]["code"] for r in tried} == {"rate_limited"}
        assert len(http.get("/api/games").json()["games"]) == 2  # nothing stored


def test_a_named_proxys_clients_are_told_apart_by_their_forwarded_address(
        sqlite_server: Callable[..., int]) -> None:
    with new_connection(sqlite_server("--forwarded-allow-ips", "127.0.0.1")) as http:
        one = [http.post("/api/games", json={"players": 1}, headers=forged("203.0.113.1")).status_code
               for _ in range(3)]
        two = [http.post("/api/games", json={"players": 1}, headers=forged("203.0.113.2")).status_code
               for _ in range(3)]
    assert one == two == [201, 201, 429]


def limited(port: int, count: int, path: str, token: str) -> tuple[list[int], float]:
    """``count`` requests, each on its own new connection, 16 at a time: their statuses, and the
    seconds taken."""
    request = (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\n"
               "Connection: close\r\n\r\n").encode()

    def one(_: int) -> int:  # a bare socket: a new connection costs the client next to nothing
        with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
            connection.sendall(request)
            head = connection.recv(64)
        return int(head.split()[1])
    began = time.monotonic()
    with ThreadPoolExecutor(16) as pool:
        statuses = list(pool.map(one, range(count)))
    return statuses, time.monotonic() - began


def within_the_limit(statuses: list[int], seconds: float) -> None:
    """At most the burst and what the bucket refilled meanwhile went through, the rest was 429;
    before, every request on a new connection went through."""
    allowed = statuses.count(200)
    assert set(statuses) <= {200, 429}
    assert BURST - 1 <= allowed <= BURST + PER_SECOND * seconds + 1, (allowed, seconds)
    if seconds < (len(statuses) - BURST - 1) / PER_SECOND:  # too fast for the refill to pass them all
        assert 429 in statuses


def test_the_request_limit_counts_the_address_not_the_connection(
        sqlite_server: Callable[..., int]) -> None:
    """Before: the request limit was keyed by the TCP connection, so a client opening a new
    connection for each request was never limited (200 of 200 went through)."""
    port = sqlite_server()
    with new_connection(port) as http:
        created = http.post("/api/games", json={"players": 1, "hotseat": True}).json()
        token = sit(http, created)
    within_the_limit(*limited(port, 200, f"/api/games/{created['id']}", token))


def test_the_workers_share_each_addresses_limits(database: str) -> None:
    """Before: each worker kept its own buckets (--workers 2: twice the new games, twice the
    requests).  New connections are spread over the workers by the kernel."""
    port = free_port()
    server = start_server(database, port, "--workers", "2", "--new-games", "3")
    try:
        with new_connection(port) as http:
            made = [http.post("/api/games", json={"players": 1}) for _ in range(12)]
            assert [r.status_code for r in made] == [201] * 3 + [429] * 9
        created = made[0].json()
        token = sit(http, created)
        within_the_limit(*limited(port, 200, f"/api/games/{created['id']}", token))
    finally:
        stopped(server)


# --- kept-alive connections outlive a player's think time ------------------------------------------

def test_a_kept_alive_connection_outlives_a_players_pause(sqlite_server: Callable[..., int]) -> None:
    """Before: uvicorn closed an idle connection after 5 s, so a player (or a proxy) whose next
    request left as the server closed it lost that request (bench/load.py, players at 5 s)."""
    port = sqlite_server()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        opened = None
        for pause in (0.0, 6.0):
            time.sleep(pause)  # the pause is the property tested: an idle connection's life
            connection.request("GET", "/api/options")
            answer = connection.getresponse()  # RemoteDisconnected when the server closed it
            assert answer.status == 200 and answer.read()
            opened = opened or connection.sock
            assert connection.sock is opened  # the same connection, not a new one
    finally:
        connection.close()


# --- the live connection's messages: a new connection is no new bucket ------------------------------

def answers(socket: Any, count: int) -> list[str]:
    """Send ``count`` pings; the kinds of their answers (pong, or error)."""
    kinds = []
    for i in range(count):
        socket.send_json({"type": "ping", "id": i})
        while True:  # a refusal comes before the message is read: it has no id
            message = socket.receive_json()
            if message["kind"] in ("pong", "error"):
                kinds.append(message.get("error", {}).get("code", message["kind"]))
                break
    return kinds


def test_the_live_messages_limit_counts_the_address_and_seat_not_the_connection(tmp_path: Path) -> None:
    """Before: each live connection had its own bucket, so reconnecting refilled it."""
    with client(tmp_path / "games.sqlite3", rate=(3, 1e-6)) as http:
        created = http.post("/api/games", json={"players": 1, "hotseat": True}).json()
        token, game = created["credentials"]["hotseat"], created["id"]
        seen = []
        for _ in range(2):
            with http.websocket_connect(f"/api/games/{game}/live") as socket:
                socket.send_json({"type": "hello", "token": token, "version": 1})
                assert socket.receive_json()["kind"] == "welcome"
                seen += answers(socket, 2)
        assert seen == ["pong", "pong", "pong", "rate_limited"]
        other = http.post("/api/games", json={"players": 1, "hotseat": True}).json()
        with http.websocket_connect(f"/api/games/{other['id']}/live") as socket:  # another seat
            socket.send_json({"type": "hello", "token": other["credentials"]["hotseat"], "version": 1})
            assert socket.receive_json()["kind"] == "welcome"
            assert answers(socket, 1) == ["pong"]


def test_the_live_messages_limit_is_shared_by_the_processes(database: str) -> None:
    """Before: each server process counted its live connections' messages in its own memory, so
    a client with a connection on each of two processes had twice the messages."""
    with client(database, rate=(3, 1e-6)) as one, client(database, rate=(3, 1e-6)) as other:
        created = one.post("/api/games", json={"players": 1, "hotseat": True}).json()
        token, game = created["credentials"]["hotseat"], created["id"]
        seen = []
        for http in (one, other):  # two processes on one database, as --workers 2 runs them
            with http.websocket_connect(f"/api/games/{game}/live") as socket:
                socket.send_json({"type": "hello", "token": token, "version": 1})
                assert socket.receive_json()["kind"] == "welcome"
                seen += answers(socket, 2)
        assert seen == ["pong", "pong", "pong", "rate_limited"]
