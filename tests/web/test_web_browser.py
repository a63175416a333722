"""The page in a real browser (issue 9): Playwright driving Debian's chromium against a live
server.  Create a game, play a Roman phase by clicking, preview and fight a battle, watch a
Barbarian phase die by die, undo, reload and find the same state, replay, switch language, play
by keyboard alone, and a phone-sized screen.  Each test saves screenshots under
test-artifacts/browser/ (kept by CI).

Marked ``browser``: the default run leaves them out, CI runs them (``pytest -m browser``).
"""

from __future__ import annotations

import re
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from conftest import ROOT
from tetrarchia.web.app import create_app
from web_helpers import UNLIMITED_RATE, free_port

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
SHOTS = ROOT / "test-artifacts" / "browser"
# The rulebook's attack example (R5.5, R6): Maximian in Germania Svperior, the army in Narbonensis
ATTACK_EXAMPLE = {"format": "tetrarchia-position", "version": 1,
                  "discs": {"II:6": "revolt", "I:6": "revolt", "etrvria": "garrison Maximian"},
                  "emperors": {"Maximian": "II:3"}, "armies": ["II:6"], "fleets": [3],
                  "turn": {"emperor": "Maximian", "ip": 6}}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serving(tmp_path_factory.mktemp("web") / "games.sqlite3")


@pytest.fixture(scope="module")
def pg_server(postgres_database: str) -> Iterator[str]:
    """The same server on PostgreSQL (issue 11)."""
    yield from serving(postgres_database)


@pytest.fixture(params=["sqlite", "postgresql"])
def either_server(request: pytest.FixtureRequest) -> str:
    url: str = request.getfixturevalue("server" if request.param == "sqlite" else "pg_server")
    return url


def serving(database: Path | str, **options: Any) -> Iterator[str]:
    """A real server on loopback in a thread; ``options``: more of ``create_app``'s (a file's own
    analysis budget or hint limit)."""
    port = free_port()
    # the tests script whole rounds over HTTP before the page looks (70 steps in a second on an
    # idle machine): the rate limit is tested in tests/web/test_web_seats.py, not here
    served = create_app(database, rate=UNLIMITED_RATE, new_games=1e9, **options)
    live = uvicorn.Server(uvicorn.Config(served, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=live.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not live.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    live.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if shutil.which(CHROMIUM) is None:
        pytest.skip(f"{CHROMIUM} is missing: apt-get install chromium (.ci/run does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    # what the Content-Security-Policy blocked (web/guard.py): an inline script or style, a load
    # from elsewhere, is a defect of the page
    tab.on("console", lambda message: errors.append(message.text)
           if message.type == "error" and "Content Security Policy" in message.text else None)
    outside: list[str] = []
    tab.on("request", lambda request: outside.append(request.url)
           if not request.url.startswith("http://127.0.0.1") else None)
    yield tab
    context.close()
    assert not errors, f"errors on the page: {errors}"
    assert not outside, f"requests that left the machine: {outside}"


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def create(server: str, **body: Any) -> str:
    """A new hot-seat game: ``<id>#<token>``, the end of its link (/game/<id>#<token>)."""
    response = httpx.post(f"{server}/api/games", json={"seed": 7, "hotseat": True, **body}, timeout=30)
    assert response.status_code == 201, response.text
    game_id: str = response.json()["id"]
    return f"{game_id}#{response.json()['credentials']['hotseat']}"


def seated_client(server: str, **body: Any) -> tuple[httpx.Client, dict[str, Any]]:
    """An HTTP client holding a new hot-seat game's credential, and the game's first state."""
    http = httpx.Client(base_url=server, timeout=30)
    state = http.post("/api/games", json={"hotseat": True, **body}).json()
    http.headers["Authorization"] = f"Bearer {state['credentials']['hotseat']}"
    return http, state


def status(page: Any) -> str:
    text: str = page.locator(".status").inner_text()
    return text


def drawn_status(page: Any) -> str:
    """The status once the page has drawn it: a page puts its panel in place (buttons, the map's
    spots) before the position it asked the server for arrives, so the status is empty a moment."""
    page.wait_for_function("() => document.querySelector('.status')?.innerText.trim()")
    return status(page)


def wait_idle(page: Any) -> None:
    """Until the page is at rest: every request it started answered and what it started drawn
    (``data-pending`` on <html>, kept by ``working`` in static/main.js), never a fixed time."""
    page.wait_for_function("() => document.documentElement.dataset.pending === '0'")


def to_roman_phase(page: Any) -> None:
    """Place the fleets from the list and enter Diocletian in Roma by clicking the map."""
    while page.locator("button.action.placefleet").count():
        page.locator("button.action.placefleet").first.click()
        wait_idle(page)
    page.locator('.spot[aria-label^="Roma"]').click()
    wait_idle(page)
    assert "6 IP" in status(page)


def test_the_start_page_checks_the_choices_and_creates_a_game(server: str, page: Any) -> None:
    page.goto(server)
    page.click("#custom-game summary")  # the complete form, folded under the welcome (issue 23)
    page.wait_for_selector("#verdict.ok")
    page.select_option("#level", "4311")
    page.check("#opt-pirates")
    page.wait_for_selector("#verdict.refused")
    assert "Pirates" in page.locator("#verdict").inner_text()  # the engine's reason, by the choice
    assert page.locator("#create").is_disabled()
    shot(page, "start-refused")
    page.uncheck("#opt-pirates")
    page.select_option("#level", "4211")
    page.wait_for_selector("#verdict.ok")
    page.fill("#seed", "7")
    page.check("#hotseat")  # every seat in this browser
    shot(page, "start")
    page.click("#create")
    page.wait_for_selector("#link-all")  # the seats' links, shown once
    shot(page, "links")
    page.click("#go-to-game")
    page.wait_for_url(re.compile(r"/game/[0-9a-f]+$"))
    page.wait_for_selector("svg.map .spot")
    assert page.locator(".spot").count() == 48
    assert "Diocletian" in drawn_status(page)
    shot(page, "new-game")


def test_a_roman_phase_by_clicking_then_undo_and_reload(either_server: str, page: Any) -> None:
    server = either_server  # on SQLite and on PostgreSQL
    page.goto(f"{server}/game/{create(server)}")
    page.wait_for_selector("svg.map .spot")
    to_roman_phase(page)
    page.locator('.spot[aria-label^="Roma"]').click()  # select Diocletian
    targets = page.locator(".spot.target")
    assert targets.count() > 1
    assert re.fullmatch(r"\d IP", targets.first.locator(".cost").text_content() or "")
    shot(page, "destinations")
    target = page.locator('.spot.target[aria-label^="Etrvria"]')
    target.click()
    wait_idle(page)
    assert "5 IP" in status(page)
    assert "Diocletian" in (page.locator('.spot[aria-label^="Etrvria"]').get_attribute("aria-label") or "")
    page.click("#undo")
    wait_idle(page)
    assert "6 IP" in status(page)
    page.locator('.spot[aria-label^="Roma"]').click()
    page.locator('.spot.target[aria-label^="Lvcania"]').click()
    wait_idle(page)
    before = status(page)
    page.reload()
    page.wait_for_selector("svg.map .spot")
    assert drawn_status(page) == before  # the server kept it: the same state after a reload
    shot(page, "mid-game")


def test_the_barbarian_phase_step_by_step(server: str, page: Any) -> None:
    page.goto(f"{server}/game/{create(server)}")
    page.wait_for_selector("svg.map .spot")
    to_roman_phase(page)
    page.locator("button.action.endphase").click()
    wait_idle(page)
    assert page.locator(".barbarian").is_visible()
    page.click("#step")
    wait_idle(page)
    dice = page.locator(".dice").inner_text()
    assert "Roman die" in dice and "Barbarian die" in dice  # the activity roll: both dice (R7.2)
    shot(page, "barbarian-step")
    logged = page.locator(".log li").count()
    page.click("#skip")
    wait_idle(page)
    assert page.locator(".log li").count() > logged
    assert "Galerius" in status(page)  # the next Emperor's turn
    shot(page, "barbarian-done")


def test_an_attack_is_previewed_then_fought(server: str, page: Any) -> None:
    page.goto(f"{server}/game/{create(server, position=ATTACK_EXAMPLE)}")
    page.wait_for_selector("svg.map .spot")
    page.locator('.spot[aria-label^="Germania Svperior"]').click()
    page.locator('.spot.target[aria-label^="Narbonensis"]').click()
    dialog = page.locator("#dialog")
    assert dialog.is_visible()
    text = dialog.inner_text()
    assert "Cost: 2 IP" in text and "Romans" in text and "Barbarians" in text
    shot(page, "attack-preview")
    page.click("#confirm-attack")
    wait_idle(page)
    battle = page.locator("div.battle").inner_text()
    assert "Battle" in battle and "=" in battle
    shot(page, "battle")


def test_the_replay_steps_and_its_url_names_the_step(server: str, page: Any) -> None:
    game_id, token = create(server).split("#")
    page.goto(f"{server}/replay/{game_id}?n=3#{token}")
    page.wait_for_selector("#replay-forward")
    assert "3 /" in drawn_status(page)
    page.click("#replay-forward")
    page.wait_for_url(re.compile(r"n=4$"))
    page.click("#replay-last")
    wait_idle(page)
    shot(page, "replay")
    page.click("#replay-first")
    page.wait_for_url(re.compile(r"n=0$"))


def test_the_language_is_switchable(server: str, page: Any) -> None:
    page.goto(server)
    page.wait_for_selector("#create", state="attached")
    page.select_option("#lang", "es")
    page.wait_for_selector("text=Partida personalizada")
    shot(page, "spanish")
    page.select_option("#lang", "fr")
    page.wait_for_selector("text=Partie personnalisée")
    page.select_option("#lang", "en")
    page.wait_for_selector("text=Custom game")


def test_a_game_by_keyboard_alone(server: str, page: Any) -> None:
    page.goto(f"{server}/game/{create(server)}")
    page.wait_for_selector("svg.map .spot")

    def tab_to(selector: str) -> None:
        for _ in range(400):
            page.keyboard.press("Tab")
            if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
                return
        raise AssertionError(f"Tab never reached {selector}")

    for _ in range(2):  # the fleets, from the list
        tab_to("button.action.placefleet")
        page.keyboard.press("Enter")
        wait_idle(page)
    tab_to("svg.map .spot")  # the map: one Tab stop, Roma first (arrow keys: test_web_browser_phone.py)
    assert page.evaluate("document.activeElement.getAttribute('aria-label')").startswith("Roma")
    page.keyboard.press("Enter")  # enter
    wait_idle(page)
    assert "6 IP" in status(page)
    page.locator("#notation").focus()
    page.keyboard.type("Diocletian moves from Roma to Etrvria")
    page.keyboard.press("Enter")
    wait_idle(page)
    assert "5 IP" in status(page)
    shot(page, "keyboard")


def test_a_phone_sized_screen(server: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phone = context.new_page()
    phone.goto(f"{server}/game/{create(server)}")
    phone.wait_for_selector("svg.map .spot")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px screen"
    assert 386 <= phone.locator("svg.map").bounding_box()["width"] <= 390  # the map takes the width
    phone.locator("button.action.placefleet").first.click()
    phone.wait_for_load_state("networkidle")
    shot(phone, "phone")
    # the map opens filling its box, larger than whole; "Fit the map" shows it whole, in the same frame
    assert float(phone.locator("svg.map").get_attribute("data-zoom")) > 1
    phone.tap("#fit")
    assert phone.locator("svg.map").get_attribute("data-zoom") == "1.000"
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shot(phone, "phone-fit")
    context.close()


# What stands between the status box and the Hint button: every box of the panel in between
# that takes room (an empty one — no decision pending, no refusal, no dice — must take none).
GAP_ABOVE_HINT = """() => {
  const panel = document.querySelector('.panel');
  const status = panel.querySelector('.status').getBoundingClientRect();
  const hint = panel.querySelector('.play-area').getBoundingClientRect();  // the Hint's box
  const between = [...panel.children].filter((e) => e.matches(':empty') && !e.hidden)
    .map((e) => [e.className, getComputedStyle(e).position, e.getBoundingClientRect().height]);
  return {gap: hint.top - status.bottom, empty: between,
          gapCss: parseFloat(getComputedStyle(panel).rowGap)};
}"""


@pytest.mark.parametrize("width", [390, 1440])
def test_no_empty_band_above_the_hint_button(server: str, browser: Any, width: int) -> None:
    """With no decision pending, the Hint button follows the status box at the panel's own gap:
    the empty boxes (decision, message, dice, battle, the province's actions) take no room (on
    a 390 px phone they stacked into a band of 48 px)."""
    context = browser.new_context(viewport={"width": width, "height": 900 if width > 390 else 844})
    board = context.new_page()
    board.goto(f"{server}/game/{create(server)}")
    board.wait_for_selector("svg.map .spot")
    board.wait_for_selector(".hint-box button")
    board.wait_for_load_state("networkidle")
    found = board.evaluate(GAP_ABOVE_HINT)
    assert found["empty"], "the page has no empty box to check"
    assert all(position == "absolute" for _, position, _ in found["empty"]), found
    assert found["gap"] <= found["gapCss"] + 1, f"{found['gap']} px above the Hint button: {found}"
    SHOTS.mkdir(parents=True, exist_ok=True)
    board.screenshot(path=str(SHOTS / f"board-{width}.png"), full_page=True)
    context.close()


def test_a_later_game_is_drawn_piece_for_piece(server: str, page: Any) -> None:
    """Some rounds into a seeded game, every disc, figure and fleet of the position is on the map."""
    import random

    from web_helpers import step

    seed = 5
    chooser, decisions = random.Random(seed), list[str]()
    http, state = seated_client(server, seed=seed)
    token = state["credentials"]["hotseat"]
    try:
        for _ in range(70):
            state = step(http, state, chooser, decisions)
        assert not state["over"], f"seed {seed}: the game ended"
    finally:
        http.close()
    position = state["position"]
    page.goto(f"{server}/game/{state['id']}#{token}")
    page.wait_for_selector("svg.map .spot[aria-label]")
    labels = page.eval_on_selector_all(".spot", "nodes => nodes.map(n => n.getAttribute('aria-label'))")
    discs = list(position["discs"].values())
    assert sum(", revolt" in label for label in labels) == discs.count("revolt")
    assert sum(", unrest" in label for label in labels) == discs.count("unrest")
    assert sum("garrison of" in label for label in labels) == sum(d.startswith("garrison") for d in discs)
    assert sum(label.count("a Barbarian army") for label in labels) == len(position["armies"])
    on_board = [e for e, where in position["emperors"].items() if where]
    for emperor in on_board:
        assert sum(emperor in label.split(", ")[1:] for label in labels) == 1
    assert page.locator(".zone-pieces .fleet").count() == len(position["fleets"])
    shot(page, "later-game")


def test_a_decision_inside_a_phase_is_taken_on_the_map(server: str, page: Any) -> None:
    """Barbaria (R12.6): the Barbarian player's black disc, chosen by clicking its province."""
    import random

    from web_helpers import step

    seed = 0
    chooser, decisions = random.Random(seed), list[str]()
    http, state = seated_client(server, players=5, seed=seed)
    token = state["credentials"]["hotseat"]
    try:
        while not (state["awaiting"] == "decision" and state["seat"] == 4):
            state = step(http, state, chooser, decisions)
        board = http.get(f"/api/games/{state['id']}/board").json()
    finally:
        http.close()
    choice = next(i for i in state["legal"] if i["places"])
    province = next(p for p in board["provinces"] if p["index"] == choice["places"][0])
    page.goto(f"{server}/game/{state['id']}#{token}")
    page.wait_for_selector(".decision h2")
    assert "Player 5 (the Barbarian player)" in page.locator(".decision").inner_text()
    discs = state["position"]["records"]["barbarian-discs"]  # R12.6: his discs, off the map
    assert f"Barbarian player: {discs['gray']} gray, {discs['black']} black" in status(page)
    shot(page, "decision")
    page.locator(f'.spot[aria-label^="{province["title"]}"]').click()
    wait_idle(page)
    after = httpx.get(f"{server}/api/games/{state['id']}",
                      headers={"Authorization": f"Bearer {token}"}).json()
    assert after["version"] == state["version"] + 1 and after["last_action"] == choice["notation"]


def test_the_optional_rules_pieces_are_drawn(server: str, page: Any) -> None:
    """The Dux (R11.1) and the Pirates (R11.3), read from the position's records."""
    position = {"format": "tetrarchia-position", "version": 2,
                "settings": {"level": "4211", "options": ["dux", "pirates"]},
                "emperors": {"Maximian": "roma"}, "fleets": [1, 3],
                "turn": {"emperor": "Maximian", "ip": 6},
                "records": {"dux": "etrvria", "pirates": 2}}
    page.goto(f"{server}/game/{create(server, position=position)}")
    page.wait_for_selector("svg.map .spot[aria-label]")
    assert "the Dux" in (page.locator('.spot[aria-label^="Etrvria"]').get_attribute("aria-label") or "")
    assert page.locator(".zone-pieces .pirates").count() == 1
    zone = page.locator('.zone[aria-label^="Mare Internvm"]').get_attribute("aria-label") or ""
    assert "the Pirates" in zone
    shot(page, "dux-and-pirates")


def test_two_seats_and_a_spectator_play_live_in_three_browsers(either_server: str, browser: Any) -> None:
    """Issue 11: a 2-player game (R10: Player 1 the East, Diocletian and Galerius; Player 2 the
    West, Constantius and Maximian) in three browser contexts — each seat from its own link, and
    a spectator — each seeing the others' moves live, without reloading.  On SQLite and on
    PostgreSQL (the live news then crosses LISTEN/NOTIFY)."""
    server = either_server
    response = httpx.post(f"{server}/api/games", json={"seed": 7, "players": 2}, timeout=30)
    assert response.status_code == 201, response.text
    data = response.json()
    game = data["id"]
    links = {s["player"]: s["token"] for s in data["credentials"]["seats"]}
    contexts, pages, errors = [], {}, []
    for who, token in (("one", links[1]), ("two", links[2]), ("watcher", data["credentials"]["spectator"])):
        context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
        tab = context.new_page()
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.goto(f"{server}/game/{game}#{token}")
        tab.wait_for_selector("svg.map .spot")
        tab.wait_for_selector(".connection:text('live')")
        contexts.append(context)
        pages[who] = tab
    one, two, watcher = pages["one"], pages["two"], pages["watcher"]
    try:
        assert "#" not in one.url  # the secret left the address once kept
        assert one.title().startswith("(Your turn)") and not two.title().startswith("(")
        assert one.locator("#icon").get_attribute("data-badge") == "on"
        assert two.locator(".play-area").is_hidden() and watcher.locator(".play-area").is_hidden()
        assert watcher.locator("#undo").is_hidden() and "spectator" in watcher.locator(".seats").inner_text()
        seats = watcher.locator(".seats").inner_text()
        assert "Player 1: Diocletian, Galerius" in seats and "Player 2: Constantius, Maximian" in seats
        assert watcher.locator('.seat[data-player="1"].here').count() == 1  # both seats connected
        assert watcher.locator('.seat[data-player="2"].here').count() == 1
        shot(watcher, "spectator")

        to_roman_phase(one)  # Player 1: the fleets (R3.6), then Diocletian enters in Roma
        for tab in (two, watcher):  # seen live by the others
            tab.wait_for_function("() => document.querySelector('.status').innerText.includes('6 IP')")
        one.locator("button.action.endphase").click()
        wait_idle(one)
        one.click("#skip")  # the Barbarian phase, rolled by the seat that ended the phase
        wait_idle(one)
        for tab in (one, two, watcher):
            tab.wait_for_function("() => document.querySelector('.status').innerText.includes('Galerius')")
        assert two.locator(".log li").count() == one.locator(".log li").count()
        one.locator("button.action.enter").last.click()  # Galerius enters (Roma, this seed)
        wait_idle(one)
        if not one.locator("button.action.endphase").count():  # an Emperor may not stay there
            one.locator('.spot[aria-label^="Roma"]').click()
            one.locator(".spot.target").first.click()
            wait_idle(one)
        one.locator("button.action.endphase").click()
        wait_idle(one)
        one.click("#skip")
        for tab in (one, two, watcher):
            tab.wait_for_function("() => document.querySelector('.status').innerText.includes('Constantius')")
        two.wait_for_function("() => document.title.startsWith('(')")  # Player 2's turn: tab title
        assert two.locator("#icon").get_attribute("data-badge") == "on"
        assert not one.title().startswith("(") and one.locator(".play-area").is_hidden()
        shot(two, "your-turn")
        two.locator("button.action.enter").last.click()  # Constantius enters in his capital
        wait_idle(two)
        for tab in (one, watcher):
            tab.wait_for_function("() => [...document.querySelectorAll('.log li')].some((li) => "
                                  "li.textContent.includes('Constantius enters'))")
        shot(watcher, "spectator-live")
    finally:
        for context in contexts:
            context.close()
    assert not errors, f"errors on the pages: {errors}"
