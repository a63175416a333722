"""Figures of the browser board (issue 9), never assertions: the page's load time, the time from
a click to the updated board (in chromium), and a Barbarian phase's server time (the request that
rolls it to the next decision, the database commit included), each as p50/p99; the danger
overlay's server time (``GET /api/games/<id>/forecast`` on a version not asked for before: the
forecast computed, issue 23) as p50/p95, for the base game and each option set that changes the
Barbarian phase (a forecast the engine computes in the background answers ``computing`` at once:
its figures are then counted with ``wait``, the time until the figures, and how many); the game
page's first paint at 1280x900 and on a
390x844 phone (the Performance API's ``first-contentful-paint``, and the time until the map is
drawn with its pieces: the page's ``tetrarchia-map-drawn`` mark), p50/p95.

    .venv/bin/python bench/web.py            # 30 of each
    .venv/bin/python bench/web.py --runs 10  # quicker
    .venv/bin/python bench/web.py --overlay  # the danger overlay's figures alone

The browser figures need /usr/bin/chromium (Debian's package); without it they are left out.
"""

from __future__ import annotations

import argparse
import shutil
import socket
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import uvicorn

from tetrarchia.web.app import create_app

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def figures(name: str, samples: list[float], high: int = 99) -> str:
    ordered = sorted(samples)
    top = ordered[min(len(ordered) - 1, round(high / 100 * (len(ordered) - 1)))]
    return (f"{name:<42} p50 {statistics.median(ordered) * 1000:7.1f} ms   p{high} {top * 1000:7.1f} ms"
            f"   ({len(ordered)} runs)")


def serve(database: Path) -> tuple[str, uvicorn.Server, threading.Thread]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(database, new_games=1e9), host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    return f"http://127.0.0.1:{port}", server, thread


OPTION_SETS: list[tuple[str, ...]] = [(), ("goths",), ("pirates",), ("barbaria",),
                                      ("goths", "pirates", "barbaria")]


def to_roman_action(http: httpx.Client, seed: int, options: tuple[str, ...] = ()) -> dict[str, Any]:
    state: dict[str, Any] = http.post("/api/games", json={"seed": seed, "hotseat": True,
                                                          "options": list(options)}).json()
    http.headers["Authorization"] = f"Bearer {state['credentials']['hotseat']}"  # the hot seat
    while state["awaiting"] != "roman_action":
        state = http.post(f"/api/games/{state['id']}/actions",
                          json={"version": state["version"], "action": state["legal"][0]["notation"]}).json()
    return state


def barbarian_phases(http: httpx.Client, runs: int) -> list[float]:
    """The Roman phase ended at once; then one request rolls the Barbarian phase to the next
    decision (the next Emperor's entry)."""
    samples = []
    for seed in range(runs):
        state = to_roman_action(http, seed)
        end = next(i for i in state["legal"] if i["kind"] == "endphase")
        state = http.post(f"/api/games/{state['id']}/actions",
                          json={"version": state["version"], "action": end["notation"]}).json()
        started = time.perf_counter()
        answer = http.post(f"/api/games/{state['id']}/advance",
                           json={"version": state["version"], "until": "decision"})
        samples.append(time.perf_counter() - started)
        assert answer.status_code == 200, answer.text
    return samples


def forecast_requests(http: httpx.Client, runs: int, options: tuple[str, ...] = ()
                      ) -> tuple[list[float], int]:
    """The overlay's request after each of a seeded game's Roman actions (a first move, then the
    phase ended, the next Emperor's ...): each on a new version, so each computes its forecast
    (R7: the fast model, or the engine-following forecast where an option needs it: then the
    time until its figures, the second request's wait included).  And how many of them the
    engine computed in the background."""
    samples: list[float] = []
    background = 0
    seed = 100
    while len(samples) < runs:
        state = to_roman_action(http, seed, options)
        seed += 1
        for _ in range(12):
            if len(samples) >= runs or state["over"]:
                break
            if state["awaiting"] in ("roll", "run"):
                state = http.post(f"/api/games/{state['id']}/advance",
                                  json={"version": state["version"], "until": "decision"}).json()
                continue
            started = time.perf_counter()
            answer = http.get(f"/api/games/{state['id']}/forecast")
            assert answer.status_code == 200, answer.text
            if answer.json().get("computing"):
                background += 1
                answer = http.get(f"/api/games/{state['id']}/forecast?wait=1")
            took = time.perf_counter() - started
            if answer.json()["available"]:
                samples.append(took)
            choice = state["legal"][len(samples) % len(state["legal"])]["notation"]
            state = http.post(f"/api/games/{state['id']}/actions",
                              json={"version": state["version"], "action": choice}).json()
    return samples, background


def browser_figures(base: str, http: httpx.Client, runs: int) -> tuple[list[float], list[float]]:
    from playwright.sync_api import sync_playwright

    game = to_roman_action(http, 7)
    token = http.headers["Authorization"].split()[1]  # the game's hot seat, as its link carries it
    loads, clicks = [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        for _ in range(runs):
            started = time.perf_counter()
            page.goto(f"{base}/game/{game['id']}#{token}")
            page.wait_for_selector(".spot[aria-label]")
            page.wait_for_selector(".status .turn")
            loads.append(time.perf_counter() - started)
        for k in range(runs):  # move to Etrvria, then take it back: each click until the board shows it
            before = page.locator(".status").inner_text()
            if k % 2 == 0:
                page.locator('.spot[aria-label^="Roma"]').click()
                target = page.locator('.spot.target[aria-label^="Etrvria"]')
                started = time.perf_counter()
                target.click()
            else:
                started = time.perf_counter()
                page.click("#undo")
            page.wait_for_function("(b) => document.querySelector('.status').innerText !== b", arg=before)
            clicks.append(time.perf_counter() - started)
        browser.close()
    return loads, clicks


PAINTS = """() => {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const drawn = performance.getEntriesByName('tetrarchia-map-drawn')[0];
  return [paint ? paint.startTime : null, drawn ? drawn.startTime : null];
}"""


def first_paints(base: str, http: httpx.Client, runs: int, viewport: ViewportSize,
                 phone: bool) -> tuple[list[float], list[float]]:
    """Each run a new document (a fresh context: nothing cached but what the server sends):
    the time from the navigation's start to its first contentful paint and to the map drawn."""
    from playwright.sync_api import sync_playwright

    game = to_roman_action(http, 11)
    token = http.headers["Authorization"].split()[1]
    paints: list[float] = []
    drawn: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for _ in range(runs):
            context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
            page = context.new_page()
            page.goto(f"{base}/game/{game['id']}#{token}")
            page.wait_for_function("() => performance.getEntriesByName('tetrarchia-map-drawn').length"
                                   " && performance.getEntriesByName('first-contentful-paint').length")
            paint, map_drawn = page.evaluate(PAINTS)
            paints.append(paint / 1000)
            drawn.append(map_drawn / 1000)
            context.close()
        browser.close()
    return paints, drawn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--overlay", action="store_true", help="only the danger overlay's figures")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        base, server, thread = serve(Path(folder) / "bench.sqlite3")
        with httpx.Client(base_url=base, timeout=60) as http:
            if not args.overlay:
                print(figures("Barbarian phase, server (HTTP + commit)", barbarian_phases(http, args.runs)))
            for options in OPTION_SETS:
                samples, background = forecast_requests(http, args.runs, options)
                name = f"danger overlay, {'+'.join(options) or 'base game'}"
                print(figures(name, samples, 95) + f"   engine in the background: {background}")
            if args.overlay:
                pass
            elif shutil.which(CHROMIUM):
                loads, clicks = browser_figures(base, http, args.runs)
                print(figures("page load (game page, chromium)", loads))
                print(figures("click to updated board (chromium)", clicks))
                sizes: list[tuple[str, ViewportSize, bool]] = [
                    ("1280x900", {"width": 1280, "height": 900}, False),
                    ("390x844 phone", {"width": 390, "height": 844}, True)]
                for name, viewport, phone in sizes:
                    paints, drawn = first_paints(base, http, args.runs, viewport, phone)
                    print(figures(f"first contentful paint, {name}", paints, 95))
                    print(figures(f"map drawn, {name}", drawn, 95))
            else:
                print(f"browser figures left out: {CHROMIUM} is missing")
        server.should_exit = True
        thread.join(timeout=10)


if __name__ == "__main__":
    main()
