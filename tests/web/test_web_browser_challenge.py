"""The daily challenge's page in chromium (issue 27, item 5): linked from the start page, today's
setup in words, the day's table ranked by the server, yesterday's with its replays and seed,
Play under a name kept by the browser (a second Play resumes the same game), a bad name refused
in the page's language; screens at 1440x900 and 390x844 (test-artifacts/browser/)."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

from test_web_browser import browser, either_server, page, pg_server, server, shot, wait_idle
from test_web_challenge import Clock
from tetrarchia.web import daily
from web_helpers import step

LIMIT = 180  # seconds: the tables' games are played to their end over HTTP first
pytestmark = [pytest.mark.browser, pytest.mark.timeout(LIMIT)]
__all__ = ["browser", "either_server", "page", "pg_server", "server"]  # test_web_browser's fixtures


def entries(server: str, names: list[str], finished: int, seed: int) -> list[str]:
    """An entry per name, from browsers of their own; the first ``finished`` played to their end
    by a seeded random player over HTTP.  The end of each finished game's link (<id>#<token>)."""
    ended = []
    for n, name in enumerate(names):
        browser_id = f"{name.lower():-<8}{seed:04d}{n:04d}deadbeef"
        answer = httpx.post(f"{server}/api/challenge/entries", json={"name": name, "browser": browser_id},
                            timeout=30)
        assert answer.status_code == 201, answer.text
        if n >= finished:
            continue
        state = answer.json()
        http = httpx.Client(base_url=server, timeout=30,
                            headers={"Authorization": f"Bearer {state['credentials']['hotseat']}"})
        chooser = random.Random(seed + n)
        for _ in range(4000):
            if state["over"]:
                break
            state = step(http, state, chooser, [])
        assert state["over"]
        ended.append(f"{state['id']}#{answer.json()['credentials']['hotseat']}")
    return ended


def opened(page: Any, server: str, lang: str = "en") -> None:
    page.goto(f"{server}/challenge?lang={lang}")
    page.wait_for_function("() => document.body.dataset.ready === '/challenge'")
    wait_idle(page)


def test_the_challenge_page_its_tables_and_play(either_server: str, browser: Any, page: Any,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """On SQLite and PostgreSQL: yesterday's entries and today's, played over HTTP, then the page."""
    server = either_server
    clock = Clock()
    monkeypatch.setattr(daily, "now", clock)
    entries(server, ["Aurelia", "Cassius", "Drusilla"], 2, 1)
    clock.next_day()  # those are yesterday's now; today's follow
    finished = entries(server, ["Flavia", "Gaius", "Livia", "Quintus"], 3, 5)
    view = httpx.get(f"{server}/api/challenge", timeout=30).json()

    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(f"{server}/?lang=en")
    page.wait_for_function("() => document.body.dataset.ready === '/'")
    wait_idle(page)
    shot(page, "challenge-start-link-1440x900")
    page.click("#choice-challenge")
    page.wait_for_function("() => document.body.dataset.ready === '/challenge'")
    wait_idle(page)
    assert page.locator("#challenge-setup").inner_text().startswith(view["setup"]["level"])
    assert view["setup"]["level_words"] in page.locator("#challenge-setup").inner_text()
    today = page.locator("#challenge-today tbody tr")
    assert today.count() == 4
    names = [today.nth(i).locator(".entry-name").inner_text() for i in range(4)]
    assert names == [e["name"] for e in view["entries"]]  # in the server's order
    assert today.nth(3).locator(".result").inner_text() == "Playing"
    assert page.locator("#yesterday-seed").inner_text() == str(view["yesterday"]["seed"])
    replays = page.locator("#challenge-yesterday a.replay-link")
    assert replays.count() == 2
    shot(page, "challenge-1440x900")  # the last run's (PostgreSQL's) is kept

    page.fill("#challenge-name", "Septimia")
    page.click("#challenge-play")
    page.wait_for_url("**/game/*")
    page.wait_for_function("() => document.body.dataset.ready?.startsWith('/game/')")
    wait_idle(page)
    game = page.url.rsplit("/", 1)[-1]
    opened(page, server)
    assert page.locator("#challenge-name").input_value() == "Septimia"  # kept by the browser
    page.click("#challenge-play")  # again: the same game, no second entry
    page.wait_for_url(f"**/game/{game}")
    page.wait_for_function("() => document.body.dataset.ready?.startsWith('/game/')")
    wait_idle(page)
    assert len(httpx.get(f"{server}/api/challenge", timeout=30).json()["entries"]) == 5

    # a finished game of today: its end screen sends to the table, its replay is not public yet
    page.goto(f"{server}/game/{finished[0]}")
    page.wait_for_selector("#end-challenge")
    wait_idle(page)
    page.click("#end-share")
    assert "00:00 UTC" in page.locator(".ending-share").inner_text()
    shot(page, "challenge-end-1440x900")
    page.click("#end-challenge")
    page.wait_for_function("() => document.body.dataset.ready === '/challenge'")
    wait_idle(page)

    replay = view["yesterday"]["entries"][0]["game"]
    opened(page, server)
    page.locator("#challenge-yesterday a.replay-link").first.click()
    page.wait_for_url(f"**/replay/{replay}*")
    page.wait_for_function("() => document.body.dataset.ready?.startsWith('/replay/')")
    wait_idle(page)


def test_the_challenge_on_a_phone_and_a_bad_name_in_spanish(server: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-ES",
                                  device_scale_factor=2, is_mobile=True, has_touch=True)
    phone = context.new_page()
    try:
        opened(phone, server, "es")
        assert phone.locator("#challenge-title").inner_text() == "Desafío del día"
        shot(phone, "challenge-390x844")
        phone.locator("#table-title").scroll_into_view_if_needed()
        table = phone.locator("#challenge-today")
        assert table.bounding_box()["width"] <= 390  # the day's table fits the phone's width
        shot(phone, "challenge-390x844-table")
        phone.fill("#challenge-name", "   ")
        phone.click("#challenge-play")
        phone.wait_for_function("() => document.getElementById('challenge-verdict').innerText.trim()")
        assert "nombre" in phone.locator("#challenge-verdict").inner_text()
        assert "/challenge" in phone.url
        shot(phone, "challenge-390x844-refused")
    finally:
        context.close()


@pytest.mark.parametrize(("lang", "words"), [
    ("fr", ["Défi du jour", "La mise en place du jour", "Le classement du jour", "Le défi d'hier",
            "Jouer le défi du jour", "Graine des dés"]),
    ("es", ["Desafío del día", "La preparación de hoy", "La clasificación de hoy", "El desafío de ayer",
            "Jugar el desafío de hoy", "Semilla de los dados"]),
])
def test_the_challenge_page_in_french_and_spanish(server: str, page: Any, lang: str,
                                                  words: list[str]) -> None:
    """Every heading, the button and the seed's label in the page's language; no English left."""
    opened(page, server, lang)
    text = page.locator("main").inner_text()
    for word in words:
        assert word in text, word
    for english in ("Daily challenge", "Today's setup", "Yesterday's challenge", "Your name in the table"):
        assert english not in text, english
