"""The screens of docs/web.md (issue 23, item 9): each page of the browser board — start, game,
end, replay, tutorial — at 1440x900 and on a 390x844 phone (touch), saved by this test run to
test-artifacts/browser/page-<page>-<size>.png; the analysis page's are those its own test takes
(tests/web/test_web_browser_analysis.py).  ``tools/screens.py`` copies them to docs/screens/.

Marked ``browser``: the default run leaves them out, CI runs them (``pytest -m browser``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from analysis_helpers import lost_by_walking_away
from test_web_browser import browser, create, server, shot, wait_idle  # noqa: F401
from test_web_browser_analysis import imported

pytestmark = pytest.mark.browser

SIZES = [pytest.param((1440, 900), id="1440x900"), pytest.param((390, 844), id="390x844")]


@pytest.fixture(params=SIZES)
def sized(browser: Any, request: pytest.FixtureRequest) -> Iterator[tuple[Any, str]]:  # noqa: F811
    width, height = request.param
    phone = width < 600
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US",
                                  is_mobile=phone, has_touch=phone)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab, f"{width}x{height}"
    context.close()
    assert not errors, f"errors on the page: {errors}"


@pytest.mark.timeout(120)
def test_each_page_at_both_sizes(server: str, sized: tuple[Any, str]) -> None:  # noqa: F811
    page, size = sized
    page.goto(server)
    page.wait_for_selector(".big-choice")
    page.wait_for_selector(".continue")
    shot(page, f"page-start-{size}")

    link = create(server)
    page.goto(f"{server}/game/{link}")
    page.wait_for_selector("svg.map .spot")
    wait_idle(page)
    while page.locator("button.action.placefleet").count():  # the fleets placed: Diocletian's entry
        page.locator("button.action.placefleet").first.click()
        wait_idle(page)
    page.wait_for_selector("button.action.enter")
    assert page.locator("svg.map").bounding_box()["width"] >= 0.6 * int(size.split("x")[0]) - 20
    shot(page, f"page-game-{size}")

    page.goto(f"{server}/replay/{link.split('#')[0]}")
    page.wait_for_selector("svg.map .spot")
    wait_idle(page)
    shot(page, f"page-replay-{size}")

    page.goto(f"{server}/game/{imported(server, lost_by_walking_away())}")
    page.wait_for_selector("#ending:not([hidden]) #ending-title")
    wait_idle(page)
    shot(page, f"page-end-{size}")

    page.goto(f"{server}/learn")
    page.wait_for_selector('.tutorial[data-ready="yes"][data-step="0"]')
    shot(page, f"page-tutorial-{size}")
