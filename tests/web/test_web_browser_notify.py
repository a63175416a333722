"""Your turn, wherever you are, in the browser (issue 27, item 2): the tab's title and icon say
"(Your turn)" to the seat deciding and to no other; every page shows since when the seat deciding
has waited (kept by the server, told in the page's language); the Notifications dialog asks the
browser's permission only on its button, keeps a webhook (with the seat's link when ticked) and an
e-mail address, refuses a bad address in the page's words; and when the decision passes to the
seat, its webhook (a real HTTP server on loopback) and its e-mail (a real aiosmtpd server) are
told.  Screens at 1440x900 and 390x844 under test-artifacts/browser/."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import uvicorn
from aiosmtpd.controller import Controller
from sqlalchemy import update

from notify_helpers import Receiver, play_until, two_players
from test_web_browser import SHOTS, browser  # noqa: F401 (fixtures)
from test_web_smtp import Inbox
from tetrarchia.web.app import create_app
from tetrarchia.web.deliver import Delivery, Smtp
from tetrarchia.web.notify import TurnRow
from web_helpers import UNLIMITED_RATE, free_port

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]
WAITED = 2 * 3600 + 14 * 60 + 20  # seconds: "2 h 14 min"
PHONE = {"width": 390, "height": 844}
DESK = {"width": 1440, "height": 900}


@pytest.fixture(scope="module")
def inbox() -> Iterator[tuple[Inbox, int]]:
    received = Inbox()
    port = free_port()
    controller = Controller(received, hostname="127.0.0.1", port=port)
    controller.start()
    yield received, port
    controller.stop()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, inbox: tuple[Inbox, int]) -> Iterator[tuple[str, Any]]:
    """A server whose notices may go to loopback (the test's receivers) and which sends e-mail."""
    delivery = Delivery(timeout=1.0, retries=1, backoff=0.1, allow_loopback=True,
                        smtp=Smtp(host="127.0.0.1", port=inbox[1], sender="tetrarchia@example.org"))
    app = create_app(tmp_path_factory.mktemp("notify") / "games.sqlite3", rate=UNLIMITED_RATE,
                     new_games=1e9, delivery=delivery)
    port = free_port()
    live = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=live.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not live.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", app
    live.should_exit = True
    thread.join(timeout=10)


def open_seat(browser: Any, server: str, game: str, token: str, viewport: dict[str, int],  # noqa: F811
              lang: str = "en") -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport=viewport, locale="en-US")
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on("console", lambda message: errors.append(message.text)
           if message.type == "error" and "Content Security Policy" in message.text else None)
    tab.goto(f"{server}/game/{game}?lang={lang}#{token}")
    tab.wait_for_selector(".seat .waiting")  # the server's "waiting since" has come
    return context, tab, errors


def shot(tab: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab.screenshot(path=str(SHOTS / f"{name}.png"))


def test_title_waiting_and_notification_settings(browser: Any, served: tuple[str, Any],  # noqa: F811
                                                 inbox: tuple[Inbox, int]) -> None:
    server, app = served
    received, _port = inbox
    with httpx.Client(base_url=server, timeout=30) as http, Receiver() as hook:
        state, tokens = two_players(http, seed=3)
        game = state["id"]
        http.get(f"/api/games/{game}/notify", headers={"Authorization": f"Bearer {tokens[1]}"})
        # a game across days: player 1's decision began 2 h 14 min ago
        with app.state.store.session() as session:
            session.execute(update(TurnRow).where(TurnRow.game_id == game).values(since=time.time() - WAITED))
        one, first, errors_one = open_seat(browser, server, game, tokens[1], DESK)
        two, second, errors_two = open_seat(browser, server, game, tokens[2], DESK)
        # the title and the icon: player 1's turn, not player 2's
        assert first.title() == "(Your turn) TETRARCHIA" and second.title() == "TETRARCHIA"
        assert first.locator("#icon").get_attribute("href") == "/static/icon-turn.svg"
        assert second.locator("#icon").get_attribute("href") == "/static/icon.svg"
        for tab in (first, second):
            assert tab.locator(".seat.deciding .waiting").inner_text() == " · waiting 2 h 14 min"
        shot(first, "notify-waiting-1440")
        # never asked on load: the browser's permission is asked by the button only
        assert second.evaluate("() => Notification.permission") == "default"
        second.click("#notices")
        second.wait_for_selector("#notice-permission")
        assert second.locator("#notice-permission").inner_text() == "Browser notifications are off."
        assert second.locator("#notice-allow").is_visible()
        two.grant_permissions(["notifications"])
        second.click("#notice-allow")
        second.wait_for_function("() => document.querySelector('#notice-allow').hidden")
        assert "are on" in second.locator("#notice-permission").inner_text()
        # a bad address is refused in the page's words, and nothing is kept
        second.fill("#notice-webhook", "ftp://example.org/hook")
        second.click("#notice-save")
        second.wait_for_selector("#notice-said.error")
        assert "begins with http:// or https://" in second.locator("#notice-said").inner_text()
        second.fill("#notice-webhook", hook.url)
        second.check("#notice-link")
        second.fill("#notice-email", "galerius@example.org")
        second.click("#notice-save")
        second.wait_for_selector("#notice-said.saved")
        shot(second, "notify-settings-1440")
        settings = http.get(f"/api/games/{game}/notify", headers={"Authorization": f"Bearer {tokens[2]}"})
        assert settings.json()["settings"] == {"webhook": hook.url, "include_link": True,
                                               "email": "galerius@example.org"}
        second.click("#dialog-close")
        # player 1 plays his turns: the decision passes to player 2, wherever he is
        play_until(http, state, tokens, 2)
        second.wait_for_function("() => document.title === '(Your turn) TETRARCHIA'")
        first.wait_for_function("() => document.title === 'TETRARCHIA'")
        second.wait_for_selector(".seat.deciding[data-player='2'] .waiting")
        assert second.locator(".seat.deciding .waiting").inner_text() == " · waiting less than a minute"
        assert app.state.notify.wait(10)
        assert len(hook.bodies) == 1 and f"/game/{game}#{tokens[2]}" in hook.bodies[0]["content"]
        assert received.recipients == [["galerius@example.org"]]
        one.close()
        two.close()
        assert not errors_one and not errors_two, errors_one + errors_two


@pytest.mark.parametrize(("lang", "words", "save"), [
    pytest.param("es", "esperando desde hace 2 h 14 min", "Guardar", id="es"),
    pytest.param("fr", "en attente depuis 2 h 14 min", "Enregistrer", id="fr"),
])
def test_the_phone_and_the_languages(browser: Any, served: tuple[str, Any], lang: str,  # noqa: F811
                                     words: str, save: str) -> None:
    server, app = served
    with httpx.Client(base_url=server, timeout=30) as http:
        state, tokens = two_players(http, seed=5)
        game = state["id"]
        http.get(f"/api/games/{game}/notify", headers={"Authorization": f"Bearer {tokens[1]}"})
        with app.state.store.session() as session:
            session.execute(update(TurnRow).where(TurnRow.game_id == game).values(since=time.time() - WAITED))
        context, tab, errors = open_seat(browser, server, game, tokens[2], PHONE, lang)
        assert tab.locator(".seat.deciding .waiting").inner_text() == f" · {words}"
        shot(tab, f"notify-waiting-390-{lang}")
        tab.locator("#notices").scroll_into_view_if_needed()
        tab.click("#notices")
        tab.wait_for_selector("#notice-save")
        assert tab.locator("#notice-save").inner_text() == save
        shot(tab, f"notify-settings-390-{lang}")
        context.close()
        assert not errors, errors


def test_a_spectator_has_no_settings_and_no_turn_of_his_own(browser: Any,  # noqa: F811
                                                             served: tuple[str, Any]) -> None:
    server, _app = served
    created = httpx.post(f"{server}/api/games", json={"level": "4211", "players": 2, "seed": 9},
                         timeout=30).json()
    spectator = created["credentials"]["spectator"]
    context, tab, errors = open_seat(browser, server, created["id"], spectator, DESK)
    assert tab.locator("#notices").is_hidden()
    assert tab.title() == "TETRARCHIA"
    context.close()
    assert not errors, errors

