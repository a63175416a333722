"""What happened against the forecast (issue 23, item 4), in chromium: with the danger overlay on,
each event of the last Barbarian phase in the log carries the chance that the forecast made
before the phase gave it (``analysis.forecast`` of that position: a revolt's, an unrest's, an
uprising's, an army's advance), and the phase over, a line sets the likeliest revolts and each
army's step against the dice.  Screenshots: test-artifacts/browser/against-*.png.
Marked ``browser`` (``pytest -m browser tests/web/test_web_browser_against.py``)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from test_web_browser import ATTACK_EXAMPLE, browser, create, server, shot  # noqa: F401 (fixtures)
from test_web_browser_map import SIZES, open_game, python_figures, sized, tip  # noqa: F401 (fixtures)

LIMIT = 240  # seconds for any test of this file
pytestmark = [pytest.mark.browser, pytest.mark.timeout(LIMIT)]

REVOLTS = ("UnrestSpreads", "UnrestRevolts", "UprisingSpreads")


def wanted_chance(data: dict[str, Any], figures: dict[str, Any]) -> float | None:
    """The forecast's figure for an event (its data as the server sends it), as R7 names it."""
    event = data["event"]
    if event in REVOLTS:
        return float(figures["revolt"][data["province"]])
    if event == "UnrestPlaced":
        return float(figures["unrest"][data["province"]])
    if event == "UprisingStarts":
        return float(figures["uprising"][data["province"]])
    if event == "ArmyAdvances":
        return next(float(a["advances"]) for a in figures["armies"] if a["province"] == data["origin"])
    return None


@pytest.mark.parametrize("sized", SIZES, indirect=True)
def test_each_event_of_the_phase_beside_its_forecast(server: str, sized: Any) -> None:  # noqa: F811
    link = open_game(sized, server, ATTACK_EXAMPLE)
    width = sized.viewport_size["width"]
    game_id, token = link.split("#")
    http = httpx.Client(base_url=server, timeout=30, headers={"Authorization": f"Bearer {token}"})
    try:
        state = http.get(f"/api/games/{game_id}").json()
        figures = python_figures(state["position"])  # the forecast of the phase about to come
        sized.click("#danger")
        sized.wait_for_selector(f'svg.map.danger-on[data-forecast-version="{state["version"]}"]')
        end = next(item for item in state["legal"] if item["kind"] == "endphase")
        phase = http.post(f"/api/games/{game_id}/actions",
                          json={"version": state["version"], "action": end["notation"]}).json()
        while phase["awaiting"] in ("roll", "run"):
            phase = http.post(f"/api/games/{game_id}/advance",
                              json={"version": phase["version"], "until": "decision"}).json()
        sized.wait_for_selector(f'svg.map[data-forecast-version="{phase["version"]}"]')
        line = sized.wait_for_selector(".log .forecast-against")
        events = http.get(f"/api/games/{game_id}?events_from=0").json()["events"]
        notes = sized.evaluate("""() => [...document.querySelectorAll(".log li[data-k]")].map((li) => [
          Number(li.dataset.k), li.querySelector(".forecast-note")?.dataset.chance ?? null])""")
        start = max(k for k, e in enumerate(events) if e["data"]["event"] == "PhaseEnded")
        checked = 0
        for k, chance in notes:
            wanted = wanted_chance(events[k]["data"], figures) if k > start else None
            if k > start and events[k]["data"]["event"] in ("TurnBegins", "GameEnds"):
                start = len(events)  # the phase is over: later events carry nothing
                wanted = None
            assert (None if chance is None else float(chance)) == wanted, (k, events[k]["data"])
            checked += chance is not None
        assert checked >= 1
        text = line.inner_text()
        assert text.startswith("Against the forecast:"), text
        assert "the army in Narbonensis" in text, text  # the army there, advanced or not
        likeliest = int(line.get_attribute("data-likeliest") or 0)
        assert likeliest == min(5, sum(0 < p < 0.999 for p in figures["revolt"]))
        line.scroll_into_view_if_needed()
        shot(sized, f"against-{width}")
    finally:
        http.close()
    sized.click("#danger")  # off: the log says nothing of the forecast
    sized.wait_for_selector(".log li[data-k]")
    assert sized.locator(".log .forecast-note, .log .forecast-against").count() == 0


# Revolts in the east and the Danube, unrest beside them, two secured borders and two armies:
# uprisings are likely (R7.2) and may chain.
RISING = {"format": "tetrarchia-position", "version": 2, "settings": {"level": "4211", "options": []},
          "discs": {"V:2": "revolt", "V:3": "revolt", "V:5": "revolt", "III:4": "revolt", "IV:2": "revolt",
                    "IV:1": "unrest", "IV:3": "unrest", "V:4": "unrest", "III:5": "unrest", "VI:1": "unrest",
                    "germania_magna": "garrison Maximian", "sarmatia": "garrison Galerius"},
          "emperors": {"Maximian": "II:3", "Galerius": "IV:4", "Diocletian": "V:6"},
          "armies": ["persia", "libya"], "fleets": [1, 3], "turn": {"emperor": "Maximian", "ip": 6}}


@pytest.mark.parametrize("sized", SIZES, indirect=True)
def test_the_chances_of_an_uprising_on_the_map(server: str, sized: Any) -> None:  # noqa: F811
    """Each province's chance of an uprising (R7.2): a dashed outline for each, its figure in
    the page equal to ``analysis.forecast``'s, said in the province's tooltip."""
    link = open_game(sized, server, RISING)
    width = sized.viewport_size["width"]
    game_id, token = link.split("#")
    with httpx.Client(base_url=server, timeout=30, headers={"Authorization": f"Bearer {token}"}) as http:
        state = http.get(f"/api/games/{game_id}").json()
    wanted = python_figures(state["position"])
    sized.click("#danger")
    sized.wait_for_selector(f'svg.map.danger-on[data-forecast-version="{state["version"]}"]')
    found = sized.evaluate("""() => [...document.querySelectorAll("svg.map .danger-cell")].map((g) =>
      [Number(g.dataset.province), Number(g.dataset.uprising)])""")
    assert all(p == wanted["uprising"][i] for i, p in found)
    outlines = sized.locator("svg.map .danger-cells .danger-uprising").count()
    assert outlines == sum(p >= 0.001 for p in wanted["uprising"]) >= 5
    if width > 600:  # a phone shows a tooltip on a long press (test_web_browser_map.py)
        sized.locator('.spot[aria-label^="Syria"]').focus()
        said = tip(sized)["text"]
        assert ", uprising " in said, said
    shot(sized, f"danger-uprising-{width}")


def test_a_forecast_the_engine_follows_comes_after_computing(server: str, sized: Any) -> None:  # noqa: F811
    """Vsvrpator (R12.4) needs the engine-following forecast: the server answers "computing" at
    once and the page asks again with ``wait``; its figures then equal ``analysis.forecast``."""
    position = {"format": "tetrarchia-position", "version": 2,
                "settings": {"level": "4211", "options": ["vsvrpator"]},
                "discs": {"II:6": "revolt", "I:6": "revolt", "III:2": "unrest", "IV:4": "revolt"},
                "armies": ["II:6"], "emperors": {"Maximian": "II:3", "Galerius": "IV:3"},
                "fleets": [1], "turn": {"emperor": "Maximian", "ip": 6}}
    sized.add_init_script("""window.forecastsAsked = [];
      const fetched = window.fetch;
      window.fetch = (url, ...rest) => {
        if (String(url).includes("/forecast")) window.forecastsAsked.push(String(url));
        return fetched(url, ...rest);
      };""")
    link = open_game(sized, server, position)
    game_id, token = link.split("#")
    with httpx.Client(base_url=server, timeout=30, headers={"Authorization": f"Bearer {token}"}) as http:
        state = http.get(f"/api/games/{game_id}").json()
    sized.click("#danger")
    sized.wait_for_selector(f'svg.map.danger-on[data-forecast-version="{state["version"]}"]')
    asked = sized.evaluate("() => window.forecastsAsked")
    assert any("wait=1" in url for url in asked), asked  # it was computing, then waited for
    wanted = python_figures(state["position"])
    assert wanted["method"] == "engine"
    found = sized.evaluate("""() => [...document.querySelectorAll("svg.map .danger-cell")].map((g) =>
      [Number(g.dataset.province), Number(g.dataset.revolt), Number(g.dataset.uprising)])""")
    assert all(r == wanted["revolt"][i] and u == wanted["uprising"][i] for i, r, u in found)
    assert sized.locator(".danger-summary .computing").count() == 0
