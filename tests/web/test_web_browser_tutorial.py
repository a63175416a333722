"""Learn to play in a real browser (issue 23): Playwright drives Debian's chromium through the
whole tutorial of ``/learn`` by clicking where the pointer points, as a player would: one wrong
click explained by the engine's reason, a reload that resumes at the same step, the Help
dialog's link, and the Spanish and French texts.  Screenshots go to test-artifacts/browser/.

Marked ``browser``: the default run leaves them out, CI runs them (``pytest -m browser``).
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from test_web_browser import SHOTS, browser, server  # noqa: F401 (fixtures)

SECONDS = 240  # each test's time limit (the whole tutorial is 33 steps on a crowded machine)
pytestmark = [pytest.mark.browser, pytest.mark.timeout(SECONDS)]
WAIT_MS = 30_000  # what the page may take for one step


def opened(browser: Any, width: int = 1440, height: int = 900) -> tuple[Any, Any, list[str]]:  # noqa: F811
    """A new browser context (its own localStorage) and page; the list gathers the page's
    errors and any request leaving the machine, both checked by :func:`closed`."""
    phone = width < 600
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US",
                                  is_mobile=phone, has_touch=phone)
    context.set_default_timeout(WAIT_MS)
    tab = context.new_page()
    problems: list[str] = []
    tab.on("pageerror", lambda error: problems.append(f"error: {error}"))
    tab.on("console", lambda message: problems.append(f"blocked: {message.text}")  # the CSP's
           if message.type == "error" and "Content Security Policy" in message.text else None)
    tab.on("request", lambda request: problems.append(f"outside: {request.url}")
           if not request.url.startswith("http://127.0.0.1") else None)
    return context, tab, problems


def closed(context: Any, problems: list[str]) -> None:
    context.close()
    assert not problems, problems


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def at_step(page: Any, k: int) -> None:
    """Wait until the page shows step ``k`` (0-based), drawn and waiting for the player."""
    page.wait_for_selector(f'.tutorial[data-ready="yes"][data-step="{k}"]')


def lessons(server: str, lang: str) -> dict[str, Any]:  # noqa: F811
    data: dict[str, Any] = httpx.get(f"{server}/api/tutorial?lang={lang}", timeout=30).json()
    return data


def do_step(page: Any, step: dict[str, Any]) -> None:
    """Do what the step asks, as a player would: read and press Next, roll, or click where the
    pointer points (an attack: then confirm it; ending the phase: its button)."""
    if step["roll"]:
        page.click("#tutor-roll")
    elif not step["do"]:
        page.click("#tutor-next")
    elif page.locator("#tutor-act").count():
        page.click("#tutor-act")
    else:
        target = step["point"][0]
        if "zone" in target:
            page.locator(".zone").nth(target["zone"] - 1).click()
        else:
            page.locator(f'.spot[data-index="{target["province"]}"]').click()
        if "attacks" in step["do"][0]:
            page.wait_for_selector("#tutor-confirm")
            page.click("#tutor-confirm")


def test_the_tutorial_from_first_step_to_last_by_clicking(server: str, browser: Any) -> None:  # noqa: F811
    data = lessons(server, "en")
    steps = data["steps"]
    context, page, problems = opened(browser)
    page.goto(f"{server}/learn?lang=en")
    at_step(page, 0)
    assert page.locator("#tutor-count").inner_text() == f"Tutorial step 1 / {len(steps)}"
    assert page.locator(".tutor-ring").count() == 1  # the pointer on Roma
    shot(page, "tutorial-welcome")
    dacia = province_index(server, "Dacia")
    # the steps whose screen is kept, by what they tell
    told = {"The activity fell on Asia": "activity", "Both dice showed 1": "battle",
            "The dice fell on the revolt in Noricvm": "uprising"}
    shots = {k: name for k, step in enumerate(steps) for start, name in told.items()
             if step["text"].startswith(start)}
    assert len(shots) == len(told)
    for k, step in enumerate(steps[:-1]):
        assert page.locator("#tutor-text").inner_text() == step["text"]
        assert "null" not in page.locator(".tutor-panel").inner_text()
        if step["do"] and "by fleet" in step["do"][0]:
            # a wrong click: Dacia lies on no sea; the engine's reason, then what the step asks
            page.locator(f'.spot[data-index="{dacia}"]').click()
            message = page.locator("#tutor-message.wrong")
            message.wait_for()
            assert "No Roman fleet joins Bithynia and Dacia" in message.inner_text()
            assert step["wrong"] in message.inner_text()
            at_step(page, k)  # nothing changed: the same step waits to be done
            shot(page, "tutorial-wrong-click")
        if step["do"] and step["do"][0].startswith("Galerius moves"):
            # a legal move, but not this step's: said so, and nothing is played
            page.locator(f'.spot[data-index="{province_index(server, "Dalmatia")}"]').click()
            page.wait_for_selector("#tutor-message.wrong")
            said = page.locator("#tutor-message").inner_text()
            assert "Dalmatia" in said and "the rules allow it, but it is not what this step asks" in said
            at_step(page, k)
        if step["do"] and "attacks" in step["do"][0]:
            page.locator(f'.spot[data-index="{step["point"][0]["province"]}"]').click()
            page.wait_for_selector("#tutor-confirm")  # the battle's numbers before the dice
            assert "support 2" in page.locator("#tutor-message").inner_text()
            shot(page, "tutorial-attack-preview")
            page.click("#tutor-confirm")
        else:
            do_step(page, step)
        at_step(page, k + 1)
        if k == 9:  # resumable: a reload finds the same step of the same game
            page.reload()
            at_step(page, k + 1)
        if k + 1 in shots:
            shot(page, f"tutorial-{shots[k + 1]}")
    page.wait_for_selector("#tutor-continue")
    shot(page, "tutorial-end")
    page.click("#tutor-continue")  # the tutorial's game goes on as an ordinary game
    page.wait_for_selector("svg.map .spot")
    page.wait_for_function("() => document.querySelector('.status')?.innerText.includes('Constantius')")
    closed(context, problems)


def province_index(server: str, title: str) -> int:  # noqa: F811
    board = httpx.get(f"{server}/api/board", timeout=30).json()
    index: int = next(p["index"] for p in board["provinces"] if p["title"] == title)
    return index


@pytest.mark.parametrize(("lang", "emperor"), [("es", "Diocleciano"), ("fr", "Dioclétien")])
def test_the_tutorial_in_spanish_and_french(server: str, browser: Any, lang: str, emperor: str) -> None:  # noqa: F811
    data = lessons(server, lang)
    context, page, problems = opened(browser)
    page.goto(f"{server}/learn?lang={lang}")
    at_step(page, 0)
    assert page.locator("#tutor-text").inner_text() == data["steps"][0]["text"]
    assert emperor in data["steps"][0]["text"]
    assert page.locator("#tutor-lesson").inner_text() == f"1. {data['lessons'][0]}"
    for k in range(5):  # up to Diocletian's entry, clicked on the map
        do_step(page, data["steps"][k])
        at_step(page, k + 1)
    said = page.locator("#tutor-happened").inner_text()
    assert emperor in said and "Bithynia" in said  # the server's sentence, in the language
    assert "null" not in said and "undefined" not in page.locator(".tutor-panel").inner_text()
    assert page.locator("#tutor-text").inner_text() == data["steps"][5]["text"]
    shot(page, f"tutorial-{lang}")
    closed(context, problems)


def test_help_leads_to_the_tutorial_and_a_phone_shows_it_whole(server: str, browser: Any) -> None:  # noqa: F811
    data = lessons(server, "en")
    context, page, problems = opened(browser, 390, 844)
    page.goto(server)
    page.click("#help-button")
    page.click("#help-learn")  # Help keeps the way back to the tutorial
    at_step(page, 0)
    assert page.url.endswith("/learn?lang=en")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the tutorial is {width} px wide on a 390 px screen"
    for k in range(4):
        do_step(page, data["steps"][k])
        at_step(page, k + 1)
    page.click("#tutor-show")  # "Show me" plays the step: Diocletian enters Bithynia
    at_step(page, 5)
    assert "Bithynia" in page.locator("#tutor-happened").inner_text()
    page.click("#tutor-back")  # back to read the step done, then on again
    at_step(page, 4)
    assert page.locator("#tutor-text").inner_text() == data["steps"][4]["text"]
    page.click("#tutor-next")
    at_step(page, 5)
    page.click("#tutor-next")
    at_step(page, 6)
    page.click("#legend")  # the map's legend, as on the game page; the step waits under it
    page.wait_for_selector("#dialog[open] .legend-entry")
    assert page.locator("#dialog-title").inner_text() == "Legend"
    page.keyboard.press("Escape")
    page.wait_for_selector("#dialog:not([open])", state="attached")
    at_step(page, 6)
    shot(page, "tutorial-phone")
    page.locator(".tutor-panel").screenshot(path=str(SHOTS / "tutorial-phone-panel.png"))
    closed(context, problems)
