"""The tutorial's and the analysis's maps on a 390x844 phone (issue 23, item 9): as on the game
page, the map takes the phone's width and is pinched, panned and fitted again by touch
(static/panzoom.js); the touch gestures are Pointer Events as a finger sends them, in chromium
with touch emulation.  Screenshots: test-artifacts/browser/phone-*-zoomed.png.
Marked ``browser`` (``pytest -m browser tests/web/test_web_browser_phone_pages.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from test_web_browser import browser, create, server, shot  # noqa: F401 (fixtures)
from test_web_browser_phone import GESTURE, PHONE, VIEW, ZOOM, centre

LIMIT = 120  # seconds for any test of this file
pytestmark = [pytest.mark.browser, pytest.mark.timeout(LIMIT)]


@pytest.fixture
def touch(browser: Any) -> Iterator[Any]:  # noqa: F811
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-US")
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert not errors, f"errors on the page: {errors}"


def pages(server: str) -> dict[str, str]:  # noqa: F811
    return {"tutorial": f"{server}/learn?lang=en", "analysis": f"{server}/analysis/{create(server)}"}


@pytest.mark.parametrize("page", ["tutorial", "analysis"])
def test_the_map_is_pinched_panned_and_fitted_by_touch(server: str, touch: Any, page: str) -> None:  # noqa: F811
    touch.goto(pages(server)[page])
    touch.wait_for_selector("svg.map .spot")
    touch.wait_for_selector("svg.map.pannable[data-zoom]")
    box = touch.locator("svg.map").bounding_box()
    assert abs(box["width"] - PHONE["width"]) <= 20, f"the map is {box['width']} px wide on a 390 px phone"
    assert touch.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    if touch.locator("#fit").is_enabled():  # from the whole map
        touch.tap("#fit")
    assert touch.evaluate(ZOOM) == 1 and touch.locator("#fit").is_disabled()
    x, y = centre(touch, "svg.map")
    # two fingers apart: closer
    touch.evaluate(GESTURE, [[[1, x - 40 - k * 20, y], [2, x + 40 + k * 20, y]] for k in range(5)])
    zoomed = touch.evaluate(ZOOM)
    assert zoomed > 1.5, zoomed
    assert touch.locator("#fit").is_enabled()
    # one finger: the view follows it
    before = touch.evaluate(VIEW)
    touch.evaluate(GESTURE, [[[1, x, y]], [[1, x + 30, y]], [[1, x + 90, y + 10]]])
    after = touch.evaluate(VIEW)
    assert after[0] < before[0], f"the view did not follow the finger: {before} -> {after}"
    assert touch.evaluate(ZOOM) == zoomed
    shot(touch, f"phone-{page}-zoomed")
    touch.tap("#fit")
    assert touch.evaluate(ZOOM) == 1 and touch.locator("#fit").is_disabled()
