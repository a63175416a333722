"""The page in a real browser, in the player's language and with the hint button (issues 9 and
10): a refused action shows the engine's reason in Spanish; the hint button shows the best few
actions with their chance and why, and one of them is played with a click.  Screenshots go to
test-artifacts/browser/ like the other browser tests'.

Marked ``browser``: the default run leaves them out, CI runs them (``pytest -m browser``).
"""

from __future__ import annotations

from typing import Any

import pytest

from test_web_browser import browser, create, page, server, shot, wait_idle

pytestmark = pytest.mark.browser
__all__ = ["browser", "page", "server"]  # the fixtures, shared with test_web_browser


def to_roman_phase(page: Any) -> None:
    """Place the fleets from the list and enter Diocletian in Roma by clicking the map (in any
    language: the IP are "IP", "PI" or "PI")."""
    while page.locator("button.action.placefleet").count():
        page.locator("button.action.placefleet").first.click()
        wait_idle(page)
    page.locator('.spot[aria-label^="Roma"]').click()
    wait_idle(page)
    assert "6 IP" in page.locator(".status").inner_text().replace("PI", "IP")


def in_language(page: Any, server: str, lang: str) -> None:
    page.goto(server)
    page.wait_for_selector("#create", state="attached")  # in the folded custom game (issue 23)
    page.select_option("#lang", lang)
    wait_idle(page)


def test_an_illegal_action_in_spanish_shows_a_spanish_reason(server: str, page: Any) -> None:
    in_language(page, server, "es")
    page.goto(f"{server}/game/{create(server)}")
    page.wait_for_selector("svg.map .spot")
    to_roman_phase(page)
    page.fill("#notation", "Diocletian moves from Roma to Britannia")
    page.press("#notation", "Enter")
    page.wait_for_selector(".message strong")
    message = page.locator(".message").inner_text()
    assert "Britannia no está conectada con Roma" in message, message
    assert "is not linked" not in message and "(no_link)" in message
    shot(page, "refusal-spanish")
    page.fill("#notation", "vuela a la luna")
    page.press("#notation", "Enter")
    page.wait_for_function("() => document.querySelector('.message').innerText.includes('no es una acción')")
    page.select_option("#lang", "fr")
    wait_idle(page)
    page.fill("#notation", "Diocletian moves from Roma to Britannia")
    page.press("#notation", "Enter")
    page.wait_for_function(
        "() => document.querySelector('.message').innerText.includes('n\\'est pas reliée')")


def test_the_hint_button_shows_hints_and_plays_one(server: str, page: Any) -> None:
    in_language(page, server, "en")
    page.goto(f"{server}/game/{create(server)}")
    page.wait_for_selector("svg.map .spot")
    to_roman_phase(page)
    log_before = page.locator(".log li").count()
    page.focus("#hint")
    page.keyboard.press("Enter")  # reachable by keyboard
    page.wait_for_selector(".hints li button.play-hint", timeout=30_000)
    status = page.locator("#hint-status").inner_text()
    assert status.startswith("Hint for Diocletian"), status
    hints = page.locator(".hints li")
    assert 1 <= hints.count() <= 3
    first = hints.first.inner_text()
    # a chance each, or (every action alike) the sentence saying so once (issue 24)
    assert ("%" in first or "%" in page.locator(".hint-verdict").inner_text()) and "—" in first
    label = page.locator(".hints li button.play-hint").first.get_attribute("aria-label")
    assert label and label.startswith("Play: ")
    shot(page, "hint")
    action = page.locator(".hints li button.play-hint").first.inner_text()
    page.locator(".hints li button.play-hint").first.click()
    wait_idle(page)
    assert page.locator(".hints li").count() == 0  # the position changed: the hints are gone
    assert page.locator(".log li").count() > log_before
    assert action.split(" ")[0] in page.locator(".log").inner_text()


def test_a_decisions_choices_show_what_they_do(server: str, page: Any) -> None:
    """Barbaria (R12.6): the Barbarian player's decision shows what is decided and, beside each
    choice, what it does, in the page's language."""
    import random

    import httpx

    from web_helpers import step

    chooser, decisions = random.Random(0), list[str]()
    with httpx.Client(base_url=server, timeout=30) as http:
        state = http.post("/api/games", json={"players": 5, "seed": 0, "hotseat": True}).json()
        token = state["credentials"]["hotseat"]
        http.headers["Authorization"] = f"Bearer {token}"
        while not (state["awaiting"] == "decision" and state["seat"] == 4):
            state = step(http, state, chooser, decisions)
    in_language(page, server, "en")
    page.goto(f"{server}/game/{state['id']}#{token}")
    page.wait_for_selector(".decision .effect")
    assert "Barbaria (R12.6)" in page.locator(".decision-context").inner_text()
    effects = page.locator(".decision .effect").all_inner_texts()
    assert any("(the black disc, once per game)" in e for e in effects), effects
    assert "lets it be: nothing is spent" in effects
    button = page.locator(".decision .choice button").first
    described = button.get_attribute("aria-describedby")
    assert described and page.locator(f"#{described}").count() == 1  # read with the button
    shot(page, "decision-explained")
    page.select_option("#lang", "fr")
    page.wait_for_function(
        "() => document.querySelector('.decision-context').innerText.includes('joueur barbare')")
    effects = page.locator(".decision .effect").all_inner_texts()
    assert "laisse faire : rien n'est dépensé" in effects, effects


# English words the board page must not show in Spanish or French (the action list and the
# seats; "phase" is also the French word, refused only in Spanish).
STOP = ("end", "secure", "attack", "attacks", "fleet", "from", "move", "subdue", "deploy",
        "remove", "reduce", "border", "revolt", "unrest", "burning", "his", "the", "player",
        "players", "uses", "power", "sends", "garrison", "pirates from", "diocletian", "galerius",
        "maximian", "constantius")


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_the_action_list_and_the_seats_are_in_the_pages_language(server: str, page: Any,
                                                                  lang: str) -> None:
    """Every label of the action list (every group opened), the seat panel and who decides come
    from the catalogues in Spanish and French: no English word of the stop-list is left, and
    the Emperors are named as the rulebook names them."""
    import re

    position = {"format": "tetrarchia-position", "version": 2,
                "settings": {"level": "4211", "options": ["dux", "pirates", "imperivm"],
                             "players": 2},
                "emperors": {"Maximian": "roma", "Diocletian": "bithynia"}, "fleets": [1, 3],
                "discs": {"venetia": "revolt", "etrvria": "unrest"},
                "turn": {"emperor": "Maximian", "ip": 6}, "records": {"pirates": 2}}
    in_language(page, server, lang)
    page.goto(f"{server}/game/{create(server, position=position)}")
    page.wait_for_selector("button.action")
    for summary in page.locator(".actions details:not([open]) summary").all():
        summary.click()
    words = {"es": ("Maximiano", "Diocleciano", "Jugador"),
             "fr": ("Maximien", "Dioclétien", "Joueur")}[lang]
    shown = {"actions": page.locator(".actions").inner_text(),
             "seats": page.locator(".seats").inner_text(),
             "status": page.locator(".status").inner_text()}
    stop = STOP if lang == "fr" else (*STOP, "phase")
    for where, text in shown.items():
        left = [w for w in stop if re.search(rf"\b{w}\b", text, re.IGNORECASE)]
        assert not left, (where, left, text)
    assert words[0] in shown["actions"] and words[2] in shown["seats"], shown
    assert words[1] in shown["seats"], shown["seats"]
    assert page.locator("button.action").count() >= 6
    shot(page, f"actions-{lang}")
