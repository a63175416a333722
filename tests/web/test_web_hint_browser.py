"""The hint button in a real browser (issue 24): while the server thinks, a bar shows the time
used of the time asked; then each action with its chance and 95% interval and its reasons, in
the page's language.  Screenshots at 1440x900 and 390x844 go to test-artifacts/browser/.
Marked ``browser`` (the fixtures are the page tests' own, tests/web/test_web_browser.py)."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from test_web_browser import SHOTS, browser, create, seated_client, server  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

CHANCE = {"en": re.compile(r"^[\d.]+% \(95%: [\d.]+-[\d.]+%\)$|^the same chance as action \d$"),
          "fr": re.compile(r"^[\d,]+ % \(IC à 95 % : [\d,]+-[\d,]+ %\)$|^la même chance que l'action \d$")}


@pytest.mark.parametrize(("width", "height", "lang"), [(1440, 900, "en"), (390, 844, "fr")])
def test_the_hint_shows_its_progress_then_chances_with_intervals(
        server: str, browser: Any, width: int, height: int, lang: str) -> None:  # noqa: F811
    started = time.monotonic()
    context = browser.new_context(viewport={"width": width, "height": height},
                                  locale="fr-FR" if lang == "fr" else "en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server}/game/{create(server)}")
    page.wait_for_selector("#hint")
    page.wait_for_function("() => document.querySelector('.status')?.innerText.trim()")
    page.click("#hint")
    # the bar moves while the server thinks (the page counts the time used of the time asked)
    page.wait_for_function("() => document.querySelector('.hint-progress').value >= 40 && "
                           "!document.querySelector('.hint-progress').hidden")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"hint-thinking-{width}.png"))
    page.wait_for_selector(".hints li", timeout=60_000)
    assert page.locator(".hint-progress").is_hidden()
    chances = page.locator(".hints .hint-chance").all_inner_texts()
    verdict = page.locator(".hint-verdict").inner_text() if page.locator(".hint-verdict").is_visible() else ""
    assert chances or verdict, "a hint gives the chances, or says why it does not"
    for text in chances:
        assert CHANCE[lang].match(text.strip()), text
    reasons = page.locator(".hints .hint-reason").all_inner_texts()
    assert reasons and all(r.strip(" —") for r in reasons)
    if lang == "fr":
        assert "chance de gagner" in page.locator(".hint-status").inner_text()
    page.screenshot(path=str(SHOTS / f"hint-{width}.png"), full_page=True)
    context.close()
    assert not errors, errors
    assert time.monotonic() - started < 120  # the test's time limit


def test_a_roman_phase_hint_names_its_plan_and_reasons(server: str, browser: Any) -> None:  # noqa: F811
    """In a Roman phase (fleets placed and Diocletian entered through the API) the hint lists
    plans: each button plays the first action, the plan's rest and its reasons follow.  The hints
    come below some 25 legal actions: the page scrolls to them, and the map stays in view beside
    them (it names the provinces the plans go through)."""
    started = time.monotonic()
    http, state = seated_client(server, seed=11)
    game_id, token = state["id"], state["credentials"]["hotseat"]
    while state["awaiting"] != "roman_action":
        state = http.post(f"/api/games/{game_id}/actions",
                          json={"version": state["version"], "action": state["legal"][0]["notation"]}).json()
    context = browser.new_context(viewport={"width": 1440, "height": 900}, locale="en-US")
    page = context.new_page()
    page.goto(f"{server}/game/{game_id}#{token}")
    page.wait_for_function("() => document.querySelector('.status')?.innerText.includes('IP')")
    page.click("#hint")
    page.wait_for_selector(".hints li", timeout=60_000)
    assert page.locator(".hints .play-hint").count() >= 1
    assert page.locator(".hints .hint-reason").count() >= 1
    page.locator(".hints li").first.scroll_into_view_if_needed()
    shown = page.evaluate("""() => {
        const seen = (e) => { const r = e.getBoundingClientRect();
                              return Math.min(r.bottom, innerHeight) - Math.max(r.top, 0); };
        return { map: seen(document.querySelector('svg.map')),
                 height: document.querySelector('svg.map').getBoundingClientRect().height,
                 hint: seen(document.querySelector('.hints li')), scrolled: scrollY };
    }""")
    assert shown["scrolled"] > 0, "the hints are below the fold at 1440x900: the page scrolled"
    assert shown["hint"] > 0
    assert shown["map"] >= 0.9 * shown["height"], shown  # the whole map, beside the hints
    page.screenshot(path=str(SHOTS / "hint-roman-phase-1440.png"))
    context.close()
    http.close()
    assert time.monotonic() - started < 120
