"""A longer hint (issue 24, item 1), in chromium: once a hint is shown, "Think longer" asks again
with the next budget the host allows (here a host allowing 3 s: 2 s, then 3 s, then no more), the
bar and the seconds counting against that budget while the server thinks.
Marked ``browser`` (``pytest -m browser tests/web/test_web_browser_hint_longer.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from test_web_browser import browser, create, page, serving, shot, to_roman_phase  # noqa: F401 (fixtures)

LIMIT = 120  # seconds for any test of this file
pytestmark = [pytest.mark.browser, pytest.mark.timeout(LIMIT)]
MOST = 3.0  # the host's most a hint may think


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serving(tmp_path_factory.mktemp("web") / "games.sqlite3", hint_most=MOST)


def test_think_longer_within_what_the_host_allows(server: str, page: Any) -> None:  # noqa: F811
    page.goto(f"{server}/game/{create(server)}")
    page.wait_for_selector("svg.map .spot")
    to_roman_phase(page)
    assert page.locator("#hint-longer").is_hidden()  # nothing to think longer about yet
    page.click("#hint")
    page.wait_for_selector('.hint-box[data-budget="2"] .hints li button.play-hint', timeout=30_000)
    longer = page.locator("#hint-longer")
    assert longer.is_visible() and longer.inner_text() == "Think longer: 3 s"
    longer.click()
    # while the server thinks: the bar, and the seconds counted against the longer budget
    page.wait_for_function("() => document.getElementById('hint-status').innerText.includes('/ 3 s')")
    assert page.locator(".hint-progress").is_visible()
    shot(page, "hint-longer")
    page.wait_for_selector('.hint-box[data-budget="3"] .hints li button.play-hint', timeout=30_000)
    assert page.locator("#hint-longer").is_hidden()  # the host allows no longer
    assert page.locator("#hint-status").inner_text().startswith("Hint for Diocletian")
