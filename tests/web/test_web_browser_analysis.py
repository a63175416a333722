"""The analysis in the browser (issue 24, item 2): on a finished game the player opens the
analysis from the game page, presses Analyse, watches the progress, reads the chart of the chance
of winning and the marked decisions, and opens the costliest one on the board.  Screenshots at
1440x900 and 390x844 go to test-artifacts/browser/.

Marked ``browser``: the default run leaves them out, CI runs them (``pytest -m browser``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from analysis_helpers import heuristic_game, lost_by_walking_away
from test_web_browser import SHOTS, browser, serving  # noqa: F401 (fixtures)
from tetrarchia.game import Game

pytestmark = pytest.mark.browser

BUDGET = (1.0, 8)  # the search's seconds per decision and samples per plan: a test's budget
WAIT_MS = 180_000  # the longest the page may take to finish an analysis


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serving(tmp_path_factory.mktemp("web") / "games.sqlite3", analysis=BUDGET)


@pytest.fixture(scope="module")
def whole_game(server: str) -> str:
    """A whole heuristic game stored once: the second screen size reads its stored analysis."""
    return imported(server, heuristic_game())


def opened(browser: Any, width: int, height: int) -> tuple[Any, Any, list[str]]:  # noqa: F811
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    tab = context.new_page()
    problems: list[str] = []
    tab.on("pageerror", lambda error: problems.append(str(error)))
    tab.on("request", lambda request: problems.append(f"outside: {request.url}")
           if not request.url.startswith("http://127.0.0.1") else None)
    return context, tab, problems


def imported(server: str, game: Game) -> str:
    """The finished game stored in the server: ``<id>#<token>``, the end of its link."""
    response = httpx.post(f"{server}/api/games/import", json={"save": game.to_json(), "hotseat": True},
                          timeout=30)
    assert response.status_code == 201, response.text
    return f"{response.json()['id']}#{response.json()['credentials']['hotseat']}"


def shot(tab: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab.screenshot(path=str(SHOTS / f"{name}.png"))


def analyse_in_page(tab: Any, server: str, link: str, entry: str = "#analyse") -> None:
    """From the game page: its Analyse entry (``entry``: the game page's tools, or the end
    screen's ``#end-analyse-link``), then the Analyse button, then the result."""
    tab.goto(f"{server}/game/{link}")
    tab.locator(entry).click()
    tab.wait_for_url("**/analysis/*")
    tab.wait_for_function("() => (document.getElementById('analysis-status') || {}).textContent")
    if tab.locator("#analysis-start").is_enabled():  # not analysed yet (else: stored, shown)
        tab.locator("#analysis-start").click()
    tab.wait_for_selector("#analysis-chart svg.chance-chart polyline", state="attached", timeout=WAIT_MS)


def test_analyse_a_finished_game_and_open_the_marked_decision(server: str, browser: Any) -> None:  # noqa: F811
    context, tab, problems = opened(browser, 1280, 900)
    try:
        analyse_in_page(tab, server, imported(server, lost_by_walking_away()))
        first = tab.locator("#analysis-mistakes button.mistake").first
        assert "Maximian" in first.inner_text() and "Rhaetia" in first.inner_text()  # the walk
        assert tab.locator("#analysis-chart .mistake-dot").count() >= 1
        assert tab.locator("#analysis-chart .barbarian-phase").count() >= 1
        first.click()
        tab.wait_for_selector("#analysis-detail .better")
        assert "Rhaetia" in tab.locator("#analysis-detail .played").inner_text()
        assert "an army entered Roma from Etrvria" in tab.locator("#analysis-ending").inner_text()
        lit = tab.locator("svg.map").evaluate("m => m.textContent")
        assert "✗" in lit and "★" in lit  # the played action and the better one lit on the map
    finally:
        context.close()
    assert not problems, problems


@pytest.mark.parametrize(("width", "height"), [(1440, 900), (390, 844)])
def test_the_analysis_of_a_whole_game_screenshots(server: str, browser: Any, whole_game: str,  # noqa: F811
                                                  width: int, height: int) -> None:
    context, tab, problems = opened(browser, width, height)
    try:
        # the game is over: its end screen stands over the board (on a phone over the game
        # page's tools too) and offers Analyse itself
        analyse_in_page(tab, server, whole_game, "#end-analyse-link")
        dots = tab.locator("#analysis-chart circle").count()
        assert dots > 30  # one per decision of the Emperors
        tab.locator("#analysis-mistakes button.mistake").first.click()
        tab.wait_for_selector("#analysis-detail .better")
        shot(tab, f"analysis-{width}x{height}")
        tab.locator("#analysis-chart").scroll_into_view_if_needed()
        shot(tab, f"analysis-chart-{width}x{height}")
    finally:
        context.close()
    assert not problems, problems
