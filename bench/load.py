"""The server under load (issue 11): many games at once, each with its client playing a seeded game
through the HTTP API (random legal decisions, the dice rolled by the server up to the next
decision), on loopback only.  Prints, per configuration, the changing requests per second and the
p50/p99 latency of one request (an action or an advance, answered once committed).

    .venv/bin/python bench/load.py --games 100 --seconds 20
    .venv/bin/python bench/load.py --backend postgresql --processes 2
    .venv/bin/python bench/load.py --backend sqlite --games 1000 --think 5 --seconds 60  # players' pace
    .venv/bin/python bench/load.py --backend sqlite --games 100 --seconds 10            # a burst of new games
    .venv/bin/python bench/load.py --backend postgresql --workers 2                     # serve --workers 2
    .venv/bin/python bench/load.py --backend sqlite --think 1 --seconds 30 --ai-games 2   # AI seats thinking

Configurations: SQLite with one server process; PostgreSQL (a throwaway server started from
Debian's binaries, tests/pg_cluster.py, unless --database names one) with one process, and with
``--processes`` of them (each game's client talks to one process, game i to process i mod n, or
with ``--spread`` each request to any of them, so that each process catches up with games the
other moved on; a page's news crosses processes through LISTEN/NOTIFY).  Every server is a real
``tetrarchia serve`` process; the clients run in this process, on the same machine's cores, each
game on a kept-alive HTTP/1.1 connection of its own (``Wire``: a minimal client, since httpx's
pool spent more CPU per request than the server it measured — at 1,000 games the bench's process
used a whole core for 120 requests a second, and the server half of one).

With ``--workers`` the multi-process run is one ``tetrarchia serve --workers N`` on one port (the
kernel hands each new connection to a worker), as a host runs it.  Each run also reports the
creation of its games, all sent at once (a burst of new games), and ``GET /api/options`` asked
by one more client every 0.1 s during the run (a read beside the load).

``--ai-games N`` adds N games whose every seat is the search player (``"ai": {"1": "search"}``,
no person's seat: the server also rolls their dice), created before the clients start, so that
the server's AI thinks its 1 s per decision all through the run: the players' latency beside it
(web/thinkers.py: the AI seats think in a process of their own, not the serving one).

Bounded: each client stops at the end of its game, after --steps requests, or after --seconds.
``--think`` is a pause between a client's requests (0: each client sends its next request as soon
as the answer comes, the server's saturation; a player thinks for seconds).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlsplit

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from pg_cluster import TempPostgres, free_port  # the tests' throwaway server


@contextmanager
def servers(database: str, count: int, workers: int = 1) -> Iterator[list[str]]:
    """``count`` processes of ``tetrarchia serve`` on ``database`` (each with ``workers``
    processes); their base URLs."""
    processes, urls = [], []
    logs: dict[int, IO[bytes]] = {}
    more = ["--workers", str(workers)] if workers > 1 else []
    try:
        for _ in range(count):
            port = free_port()
            processes.append(subprocess.Popen(
                [sys.executable, "-m", "tetrarchia.cli", "serve", "--port", str(port),
                 "--database", database, "--new-games", "100000", *more],
                # its log (a line per request) in a file: a pipe nobody reads would stop it
                stdout=subprocess.DEVNULL, stderr=logs.setdefault(port, tempfile.TemporaryFile())))  # noqa: SIM115
            urls.append(f"http://127.0.0.1:{port}")
        for url, process in zip(urls, processes, strict=True):
            deadline = time.monotonic() + 60
            while True:
                try:
                    httpx.get(f"{url}/api/games", timeout=2)
                    break
                except httpx.TransportError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        log = logs[int(url.rsplit(":", 1)[1])]
                        log.seek(0)
                        said = log.read().decode(errors="replace")
                        raise SystemExit(f"the server at {url} did not start: {said}") from None
                    time.sleep(0.1)
        yield urls
    finally:
        for process in processes:
            process.send_signal(signal.SIGINT)
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
        for log in logs.values():
            log.close()


@dataclass
class Answer:
    """A response: its status and its JSON body."""

    status_code: int
    content: bytes

    def json(self) -> Any:
        return json.loads(self.content)

    @property
    def text(self) -> str:
        return self.content.decode(errors="replace")


class Wire:
    """One kept-alive HTTP/1.1 connection to ``url`` (module docstring): a request at a time,
    JSON bodies, ``Content-Length`` or chunked answers; opened again when the server closed it
    while idle (before a byte of the answer came)."""

    def __init__(self, url: str) -> None:
        address = urlsplit(url)
        self.host, self.port = address.hostname or "127.0.0.1", address.port or 80
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: dict[str, Any] | None = None,
                      headers: dict[str, str] | None = None) -> Answer:
        data = json.dumps(body).encode() if body is not None else b""
        head = "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
        message = (f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                   f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n{head}\r\n"
                   ).encode() + data
        for attempt in (1, 2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            assert self.reader is not None
            self.writer.write(message)
            status = await self.reader.readline()
            if status:
                return await self.answer(status)
            await self.close()  # closed while idle: nothing of the request was answered
            if attempt == 2:
                raise ConnectionError("the server closed the connection")
        raise AssertionError("unreachable")

    async def answer(self, status: bytes) -> Answer:
        assert self.reader is not None
        code = int(status.split()[1])
        length, chunked, closing = 0, False, False
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            name, value = name.strip().lower(), value.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "transfer-encoding" and "chunked" in value:
                chunked = True
            elif name == "connection" and value == "close":
                closing = True
        if chunked:
            parts = []
            while size := int((await self.reader.readline()).split(b";")[0], 16):
                parts.append(await self.reader.readexactly(size))
                await self.reader.readline()
            await self.reader.readline()
            content = b"".join(parts)
        else:
            content = await self.reader.readexactly(length)
        if closing:
            await self.close()
        return Answer(code, content)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError):
                await self.writer.wait_closed()
        self.reader = self.writer = None


def next_request(state: dict[str, Any], chooser: random.Random) -> tuple[str, dict[str, Any]]:
    """A client's next request on the game's state as the server answered it: the dice up to
    the next decision when they are due, else a legal decision drawn with ``chooser``."""
    if state["awaiting"] in ("roll", "run"):
        return "advance", {"version": state["version"], "until": "decision"}
    return "actions", {"version": state["version"], "action": chooser.choice(state["legal"])["notation"]}


async def play(wires: list[Wire], seed: int, state: dict[str, Any], deadline: float,
               steps: int, think: float, latencies: list[tuple[float, float]], errors: list[str]) -> None:
    """One client: a seeded game played until its end, ``steps`` requests, or the deadline.  With
    a think time, the clients start at random moments within it and each pause is drawn from
    0.5-1.5 times it: players do not act in step with each other.  Each request goes to one of
    ``wires`` at random (one: the game stays on its process)."""
    chooser = random.Random(seed)
    spread = random.Random(-seed)
    seat = {"Authorization": f"Bearer {state['credentials']['hotseat']}"}  # the game's hot seat
    if think:
        await asyncio.sleep(chooser.uniform(0, think))
    for _ in range(steps):
        if state["over"] or time.monotonic() >= deadline:
            return
        path, body = next_request(state, chooser)
        began = time.perf_counter()
        try:
            wire = wires[spread.randrange(len(wires))]
            response = await wire.request("POST", f"/api/games/{state['id']}/{path}", body, seat)
        except (OSError, asyncio.IncompleteReadError) as exc:
            errors.append(f"{type(exc).__name__}: {exc}")
            return
        latencies.append((began, time.perf_counter() - began))
        if response.status_code != 200:
            errors.append(f"{response.status_code} {response.text[:200]}")
            return
        state = response.json()
        if think:
            await asyncio.sleep(think * chooser.uniform(0.5, 1.5))


async def timed(call: Awaitable[Answer]) -> tuple[Answer, float]:
    began = time.perf_counter()
    response = await call
    return response, time.perf_counter() - began


async def read_options(url: str, until: asyncio.Event, latencies: list[float]) -> None:
    """One more client (its own kept-alive connection): ``GET /api/options`` every 0.1 s."""
    wire = Wire(url)
    try:
        while not until.is_set():
            began = time.perf_counter()
            if (await wire.request("GET", "/api/options")).status_code == 200:
                latencies.append(time.perf_counter() - began)
            await asyncio.sleep(0.1)
    finally:
        await wire.close()


async def run(urls: list[str], games: int, seconds: float, steps: int, think: float,
              warmup: float, spread: bool, ai_games: int = 0) -> dict[str, Any]:
    # each game its own connection to each process it may use (its player's browser)
    wires = [[Wire(url) for url in urls] for _ in range(games)]
    thinkers = [Wire(urls[i % len(urls)]) for i in range(ai_games)]
    ai_made: list[dict[str, Any]] = []
    try:
        for thinker in thinkers:  # the AI plays these by itself, thinking all the time
            made_ai = await thinker.request("POST", "/api/games", {"level": "4211", "players": 1,
                                                                  "seed": 10_000 + len(ai_made),
                                                                  "ai": {"1": "search"}})
            if made_ai.status_code != 201:
                raise SystemExit(f"an AI game was not created: {made_ai.text[:300]}")
            ai_made.append(made_ai.json())
        creating = time.perf_counter()
        made = await asyncio.gather(*(timed(
            wires[i][i % len(urls)].request("POST", "/api/games", {"level": "4211", "players": 1, "seed": i,
                                                                   "hotseat": True}))
            for i in range(games)))
        burst = figures([t for _, t in made], time.perf_counter() - creating)
        created = [r for r, _ in made]
        if any(r.status_code != 201 for r in created):
            raise SystemExit(f"a game was not created: {created[0].text[:300]}")
        latencies: list[tuple[float, float]] = []
        options: list[float] = []
        errors: list[str] = []
        done = asyncio.Event()
        reader = asyncio.create_task(read_options(urls[0], done, options))
        began = time.perf_counter()
        deadline = time.monotonic() + seconds
        await asyncio.gather(*(play(wires[i] if spread else [wires[i][i % len(urls)]], i,
                                    created[i].json(), deadline, steps, think, latencies, errors)
                               for i in range(games)))
        elapsed = time.perf_counter() - began
        done.set()
        await reader
        ai_moves = 0  # the AI games' changes (moves and rolls) from their creation to now
        for thinker, game in zip(thinkers, ai_made, strict=True):
            watch = {"Authorization": f"Bearer {game['credentials']['spectator']}"}
            now = (await thinker.request("GET", f"/api/games/{game['id']}", None, watch)).json()
            ai_moves += now["version"] - game["version"]
    finally:
        for connections in [*wires, thinkers]:
            for wire in connections:
                await wire.close()
    return {"ai_games": ai_games, "ai_moves": ai_moves,
            "all": figures([t for _, t in latencies], elapsed),
            "steady": figures([t for b, t in latencies if b - began >= warmup], elapsed - warmup),
            "burst": burst, "options": figures(options, elapsed),
            "errors": errors, "warmup": warmup}


def figures(latencies: list[float], elapsed: float) -> dict[str, float]:
    ordered = sorted(latencies)
    if not ordered:
        return {"requests": 0, "elapsed": elapsed, "rate": 0.0, "p50": float("nan"),
                "p99": float("nan"), "max": float("nan")}
    return {"requests": len(ordered), "elapsed": elapsed, "rate": len(ordered) / max(elapsed, 1e-9),
            "p50": statistics.median(ordered) * 1000,
            "p99": ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000,
            "max": ordered[-1] * 1000}


def report(name: str, games: int, result: dict[str, Any]) -> None:
    for part, label in (("all", "whole run"), ("steady", f"after {result['warmup']:g} s")):
        f = result[part]
        print(f"{name:<24} {games:>4} games  {label:<12} {f['rate']:7.1f} actions/s   p50 {f['p50']:7.1f} ms"
              f"   p99 {f['p99']:7.1f} ms   max {f['max']:7.1f} ms   ({f['requests']} requests in "
              f"{f['elapsed']:.1f} s)", flush=True)
    f = result["burst"]
    print(f"{'':<24} {games:>4} new games at once: p50 {f['p50']:7.1f} ms   p99 {f['p99']:7.1f} ms"
          f"   max {f['max']:7.1f} ms   (all made in {f['elapsed']:.1f} s)", flush=True)
    f = result["options"]
    print(f"{'':<24} GET /api/options beside the load: p50 {f['p50']:7.2f} ms   p99 {f['p99']:7.2f} ms"
          f"   ({f['requests']} requests)", flush=True)
    if result["ai_games"]:
        print(f"{'':<24} {result['ai_games']} AI games beside them: {result['ai_moves']} changes in the run "
              f"(moves and rolls)", flush=True)
    for error in result["errors"][:5]:
        print(f"    error: {error}")
    if result["errors"]:
        print(f"    {len(result['errors'])} client(s) stopped on an error")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games played at once (default 100)")
    parser.add_argument("--seconds", type=float, default=20, help="time bound of each run (default 20)")
    parser.add_argument("--steps", type=int, default=2000, help="requests bound of each client")
    parser.add_argument("--think", type=float, default=0.0, help="seconds between a client's requests")
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds at the start also reported apart (the first burst of 100 games)")
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "all"), default="all")
    parser.add_argument("--processes", type=int, default=2,
                        help="server processes of the multi-process PostgreSQL run (default 2; 1: none)")
    parser.add_argument("--spread", action="store_true",
                        help="each request of a game to any process (default: game i on process i mod n)")
    parser.add_argument("--workers", action="store_true",
                        help="the multi-process run as one serve --workers N on one port")
    parser.add_argument("--database", help="an existing PostgreSQL URL instead of a throwaway server")
    parser.add_argument("--ai-games", type=int, default=0,
                        help="games played by the search AI alone beside the clients' (default 0)")
    args = parser.parse_args()
    if not 1 <= args.games <= 1000 or args.seconds <= 0 or args.processes < 1 or \
            not 0 <= args.warmup < args.seconds or args.ai_games < 0:
        parser.error("--games 1-1000, --seconds > 0, --processes >= 1, 0 <= --warmup < --seconds, "
                     "--ai-games >= 0")
    print(f"bench/load.py: {args.games} games, at most {args.seconds:g} s and {args.steps} requests per "
          f"client, think {args.think:g} s, {args.ai_games} AI games beside them, {os.cpu_count()} cores "
          f"(clients and servers share them)")
    def measure(urls: list[str]) -> dict[str, Any]:
        return asyncio.run(run(urls, args.games, args.seconds, args.steps, args.think, args.warmup,
                               args.spread, args.ai_games))

    with tempfile.TemporaryDirectory() as scratch:
        if args.backend in ("sqlite", "all"):
            with servers(str(Path(scratch) / "load.sqlite3"), 1) as urls:
                report("SQLite, 1 process", args.games,
                       measure(urls))
        if args.backend in ("postgresql", "all"):
            with nullcontext() if args.database else TempPostgres(durable=True) as pg:
                for count in sorted({1, args.processes}):
                    url = args.database if pg is None else pg.database(f"load{count}")
                    shape = (1, count) if args.workers else (count, 1)
                    with servers(url, *shape) as urls:
                        kind = "workers" if args.workers and count > 1 else "process"
                        report(f"PostgreSQL, {count} {kind}{'es' if kind == 'process' and count > 1 else ''}",
                               args.games,
                               measure(urls))


if __name__ == "__main__":
    main()
