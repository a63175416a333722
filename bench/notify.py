"""Figures of the your-turn notices (issue 27, item 2), never assertions: the game's requests
(an action or a roll, its commit included) with no notice asked, with a webhook that answers at
once, and with one that never answers (each attempt waiting its whole timeout), as p50/p95/max;
and the time from the request that passed the decision to the seat until its webhook received the
POST, p50/max.  In process (Starlette's test client) on a temporary SQLite file.

    .venv/bin/python bench/notify.py                 # 3 games of each
    .venv/bin/python bench/notify.py --games 1       # quicker
"""

from __future__ import annotations

import argparse
import logging
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from notify_helpers import Receiver, Silent, play_until, two_players
from tetrarchia.web.deliver import Delivery
from web_helpers import bearer, client


def run(kind: str, games: int) -> tuple[list[float], list[float]]:
    """The requests' durations and the notices' delays of ``games`` games, each played until its
    second player has decided twice."""
    durations: list[float] = []
    delays: list[float] = []
    delivery = Delivery(timeout=2.0, retries=1, backoff=0.5, allow_loopback=True)
    with tempfile.TemporaryDirectory() as folder, Receiver() as hook, Silent() as silent, \
            client(Path(folder) / "games.sqlite3", delivery=delivery) as http:
        for seed in range(games):
            state, tokens = two_players(http, seed=seed + 1)
            if kind != "none":
                url = hook.url if kind == "answering" else silent.url
                http.post(f"/api/games/{state['id']}/notify", json={"webhook": url},
                          headers=bearer(tokens[2]))
            for player in (2, 1, 2):
                before = len(hook.bodies)
                state = play_until(http, state, tokens, player, durations)
                passed = time.monotonic()
                if kind == "answering" and player == 2:
                    while len(hook.bodies) == before and time.monotonic() - passed < 10:
                        time.sleep(0.001)
                    delays.append(hook.times[-1] - passed)
        http.app.state.notify.wait(60)  # type: ignore[attr-defined]
    return durations, delays


def ms(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    logging.getLogger("tetrarchia").setLevel(logging.ERROR)  # the given-up sends are expected
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    games = parser.parse_args().games
    for kind in ("none", "answering", "silent"):
        durations, delays = run(kind, games)
        line = (f"{kind:>9} webhook: {len(durations)} requests, p50 {ms(durations, 0.5):.1f} ms, "
                f"p95 {ms(durations, 0.95):.1f} ms, max {1000 * max(durations):.1f} ms")
        if delays:
            line += (f"; notice received {1000 * statistics.median(delays):.1f} ms (p50), "
                     f"{1000 * max(delays):.1f} ms (max) after the request")
        print(line)


if __name__ == "__main__":
    main()
