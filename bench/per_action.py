"""The server's CPU cost of one request, in process (issue 26): no load bench, no sockets.

The application (``create_app`` on a fresh SQLite file) is driven through httpx's ASGI transport
on one event loop whose executor runs each ``asyncio.to_thread`` call inline, so that one thread
does the request's whole work (parsing, the engine, the commit, the view, the hooks) and cProfile
sees all of it; the AI driver's and the notifier's own threads still count in the process's CPU
time.  Each seeded game is created (hot seat, as bench/load.py's clients) and played with random
legal decisions, the server rolling the dice up to each decision.

    .venv/bin/python bench/per_action.py --games 20 --steps 30
    .venv/bin/python bench/per_action.py --games 20 --steps 30 --profile 25   # the 25 costliest

Prints the CPU milliseconds (process time) per new game and per changing request.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import cProfile
import importlib.util
import pstats
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from load import next_request  # bench/load.py's clients' choice
from tetrarchia.web.app import create_app

# httpx's ASGI transport tries ``import sniffio`` on every request (is it trio?): without sniffio
# installed, each try searches sys.path again (~1 ms, the client's, not the server's cost).  A
# module known to be absent fails at once.
if importlib.util.find_spec("sniffio") is None:
    sys.modules["sniffio"] = None  # type: ignore[assignment]


class Inline(concurrent.futures.ThreadPoolExecutor):
    """Runs each submitted call at once in the caller's thread (a finished future); a thread
    pool only because asyncio accepts nothing else as its default executor."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # the caller's await raises it, as a thread's would
            future.set_exception(exc)
        return future


async def measure(database: Path, games: int, steps: int, lang: str,
                  profile: cProfile.Profile | None) -> dict[str, float]:
    asyncio.get_running_loop().set_default_executor(Inline())
    app = create_app(database, rate=(1e9, 1e9), new_games=1e9)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://local") as http:
            if profile is not None:
                profile.enable()
            cpu = time.process_time()
            states = []
            for i in range(games):
                made = await http.post(f"/api/games?lang={lang}", json={
                    "level": "4211", "players": 1, "seed": i, "hotseat": True})
                if made.status_code != 201:
                    raise SystemExit(f"a game was not created: {made.text[:300]}")
                states.append(made.json())
            created = time.process_time() - cpu
            cpu = time.process_time()
            requests = 0
            for i, state in enumerate(states):
                chooser = random.Random(i)
                seat = {"Authorization": f"Bearer {state['credentials']['hotseat']}"}
                for _ in range(steps):
                    if state["over"]:
                        break
                    path, body = next_request(state, chooser)
                    answer = await http.post(f"/api/games/{state['id']}/{path}?lang={lang}",
                                             json=body, headers=seat)
                    if answer.status_code != 200:
                        raise SystemExit(f"request refused: {answer.status_code} {answer.text[:300]}")
                    state = answer.json()
                    requests += 1
            played = time.process_time() - cpu
            cpu = time.process_time()
            for _ in range(100):
                await http.get(f"/api/options?lang={lang}")
            options = time.process_time() - cpu
            if profile is not None:
                profile.disable()
    return {"games": games, "requests": requests, "per_game": created / games * 1000,
            "per_request": played / max(requests, 1) * 1000, "per_options": options / 100 * 1000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games created and played (default 20)")
    parser.add_argument("--steps", type=int, default=30, help="requests per game at most (default 30)")
    parser.add_argument("--lang", default="en", help="the pages' language (default en)")
    parser.add_argument("--profile", type=int, default=0, help="print the N costliest functions")
    parser.add_argument("--save", help="with --profile: also write the profile to this file (pstats)")
    args = parser.parse_args()
    if args.games < 1 or args.steps < 0:
        parser.error("--games >= 1, --steps >= 0")
    profile = cProfile.Profile() if args.profile else None
    with tempfile.TemporaryDirectory() as scratch:
        result = asyncio.run(measure(Path(scratch) / "perf.sqlite3", args.games, args.steps,
                                     args.lang, profile))
    print(f"bench/per_action.py: {result['games']} games, {result['requests']} changing requests "
          f"(lang {args.lang}, SQLite, in process, CPU time)")
    print(f"  new game        {result['per_game']:7.2f} ms CPU")
    print(f"  action/advance  {result['per_request']:7.2f} ms CPU")
    print(f"  GET /api/options {result['per_options']:6.2f} ms CPU")
    if profile is not None:
        stats = pstats.Stats(profile, stream=sys.stdout)
        stats.sort_stats("cumulative").print_stats(args.profile)
        stats.sort_stats("tottime").print_stats(args.profile)
        if args.save:
            profile.dump_stats(args.save)


if __name__ == "__main__":
    main()
