"""Figures of the start page (issue 23), never assertions: the level chooser's answer
(``GET /api/levels``, the server alone) and the start page drawn in chromium (from the address to
``body[data-ready]``: the options, the levels and the list of stored games) and its cards (for
each game this browser holds, its state, and its board file's map once for the thumbnails), each
as p50/p99.

    .venv/bin/python bench/start_page.py                       # 30 runs, 4 stored games
    .venv/bin/python bench/start_page.py --runs 5 --games 8    # quicker, more cards

The browser figure needs /usr/bin/chromium (Debian's package); without it it is left out.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

import httpx

from web import ARGS, CHROMIUM, figures, serve


def levels_answer(address: str, runs: int) -> list[float]:
    samples = []
    with httpx.Client(base_url=address, timeout=30) as http:
        for i in range(runs):
            started = time.perf_counter()
            http.get(f"/api/levels?lang={('en', 'es', 'fr')[i % 3]}").raise_for_status()
            samples.append(time.perf_counter() - started)
    return samples


def page_drawn(address: str, runs: int, games: int) -> tuple[list[float], list[float]]:
    """The start page with ``games`` stored games held by this browser: the page drawn, and
    every card drawn (each game's state and its board read)."""
    from playwright.sync_api import sync_playwright

    held = []
    for seed in range(games):
        created = httpx.post(f"{address}/api/games", json={"seed": seed, "hotseat": True}, timeout=30).json()
        held.append((created["id"], created["credentials"]["hotseat"]))
    samples, cards = [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        page.goto(address)
        page.wait_for_selector("body[data-ready]", state="attached")
        for game_id, token in held:
            page.evaluate("([id, token]) => localStorage.setItem(`tetrarchia.seat.${id}`, token)",
                          [game_id, token])
        for _ in range(runs):
            started = time.perf_counter()
            page.goto(address)
            page.wait_for_selector("body[data-ready]", state="attached")
            samples.append(time.perf_counter() - started)
            page.wait_for_function("(n) => document.querySelectorAll('.game-card .thumb').length === n",
                                   arg=games)
            cards.append(time.perf_counter() - started)
        browser.close()
    return samples, cards


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--games", type=int, default=4, help="stored games held by the browser")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        address, server, thread = serve(Path(folder) / "games.sqlite3")
        try:
            print(figures("GET /api/levels (server)", levels_answer(address, args.runs)))
            if shutil.which(CHROMIUM):
                drawn, cards = page_drawn(address, args.runs, args.games)
                print(figures("start page drawn (chromium)", drawn))
                print(figures(f"its {args.games} cards drawn (chromium)", cards))
        finally:
            server.should_exit = True
            thread.join(timeout=10)


if __name__ == "__main__":
    main()
