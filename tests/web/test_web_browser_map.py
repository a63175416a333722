"""The map that explains itself (issue 23, items 3 and 4), in chromium: the legend lists every
marker with the map's own symbols; tooltips on a province, a piece, a link and an arrow, by
hover, by keyboard focus and by a long press, never over what they describe, closed by Escape;
no province name over a piece in 200 seeded positions at 1440x900 and 390x844; the danger
overlay's figures equal ``analysis.forecast`` and follow every action.  Screenshots go to
test-artifacts/browser/ (map-*.png).

Marked ``browser`` (``pytest -m browser tests/web/test_web_browser_map.py``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from test_web_browser import ATTACK_EXAMPLE, browser, create, server, shot  # noqa: F401 (fixtures)
from tetrarchia.analysis.forecast import forecast
from tetrarchia.core.board import default_board
from tetrarchia.core.engine import legal_actions
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting
from tetrarchia.game import Game
from tetrarchia.players.random_player import RandomPlayer
from tetrarchia.web.forecast import figures_json

LIMIT = 240  # seconds for any test of this file
pytestmark = [pytest.mark.browser, pytest.mark.timeout(LIMIT)]
KINDS = ("garrison", "secured", "unrest", "revolt", "army", "goths", "rebel", "emperor", "dux",
         "vicarius", "fleet", "pirates")
OPTION_SETS: list[tuple[str, ...]] = [(), ("dux", "pirates"), ("vicarius", "goths"),
                                      ("dux", "vicarius", "pirates")]
SIZES = [pytest.param((1440, 900), id="1440x900"), pytest.param((390, 844), id="390x844")]
# A crowded corner of the map: Maximian in Germania Svperior, the Dux next door, an army, a revolt
# and a secured border, the Pirates at sea.
CROWDED = {"format": "tetrarchia-position", "version": 2,
           "settings": {"level": "4211", "options": ["dux", "pirates"]},
           "discs": {"II:6": "revolt", "I:6": "revolt", "II:3": "garrison Maximian", "III:2": "unrest",
                     "etrvria": "garrison Diocletian", "germania_magna": "garrison Maximian"},
           "emperors": {"Maximian": "II:3", "Diocletian": "roma", "Galerius": "IV:3"},
           "armies": ["II:6", "III:1", "V:6"], "fleets": [1, 3],
           "turn": {"emperor": "Maximian", "ip": 6}, "records": {"dux": "II:2", "pirates": 2}}


@pytest.fixture
def sized(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:  # noqa: F811
    width, height = getattr(request, "param", (1440, 900))
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US",
                                  has_touch=width < 600)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    outside: list[str] = []
    tab.on("request", lambda request: outside.append(request.url)
           if not request.url.startswith("http://127.0.0.1") else None)
    yield tab
    context.close()
    assert not errors, f"errors on the page: {errors}"
    assert not outside, f"requests that left the machine: {outside}"


def open_game(page: Any, server: str, position: dict[str, Any]) -> str:  # noqa: F811
    link = create(server, position=position)
    page.goto(f"{server}/game/{link}")
    page.wait_for_selector("svg.map .spot[aria-label]")
    page.wait_for_selector(".status .turn")
    return link


def seeded_positions(count: int, seed: int) -> list[dict[str, Any]]:
    """Positions of seeded random games (the engine in this process), every third decision, some
    with the Dux, the Vicarius, the Goths and the Pirates on the board."""
    chooser = random.Random(seed)
    found: list[dict[str, Any]] = []
    game_seed = seed
    while len(found) < count:
        options = chooser.choice(OPTION_SETS)
        game = Game.new(Settings(level=Level.parse("4211"), options=options), seed=game_seed)
        player = RandomPlayer(game_seed)
        game_seed += 1
        decisions = 0
        while not game.state.is_over and len(found) < count:
            state = game.state
            if state.awaiting is Awaiting.ROLL:
                game.roll()
                continue
            game.play(player.choose(state, legal_actions(state)))
            decisions += 1
            if decisions % 3 == 0:
                found.append(position_to_json(game.state))
    return found


OVERLAPS = """async (positions) => {
  const { currentMap } = await import("/static/board.js");
  const view = currentMap();
  const bad = [];
  let pieces = 0;
  const cover = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left))
                        * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  positions.forEach((position, n) => {
    view.show(position);
    const drawn = [...view.svg.querySelectorAll(".piece")].map((p) => p.getBoundingClientRect());
    pieces += drawn.length;
    for (const spot of view.spots) {
      const label = spot.name.getBoundingClientRect();
      for (const piece of drawn) {
        if (cover(label, piece) > 0) bad.push([n, spot.name.textContent]);
      }
    }
  });
  return { bad, pieces };
}"""


@pytest.mark.parametrize("sized", SIZES, indirect=True)
def test_no_name_covers_a_piece_in_200_positions(server: str, sized: Any) -> None:  # noqa: F811
    """The names are placed by the page's own placement (labels.js) as each position is shown;
    the drawn boxes of every name and every piece are compared (getBoundingClientRect)."""
    open_game(sized, server, CROWDED)
    positions = [CROWDED, *seeded_positions(199, seed=23)]
    result = sized.evaluate(OVERLAPS, positions)
    assert result["pieces"] > 200 * 5, result["pieces"]
    assert result["bad"] == [], f"{len(result['bad'])} names over a piece: {result['bad'][:10]}"


def test_the_legend_lists_every_marker_with_the_maps_symbols(server: str, sized: Any) -> None:  # noqa: F811
    open_game(sized, server, CROWDED)
    sized.click("#legend")
    sized.wait_for_selector("#dialog[open] .legend-entry")
    assert sized.locator("#dialog-title").inner_text() == "Legend"
    kinds = sized.eval_on_selector_all("#dialog .legend-entry[data-kind]",
                                       "ns => ns.map(n => n.dataset.kind)")
    assert set(KINDS) <= set(kinds)
    # the legend's symbol of a kind is the map's: the same outline
    for kind in ("revolt", "army", "secured", "dux", "fleet", "pirates"):
        legend = sized.get_attribute(f'#dialog .legend-entry[data-kind="{kind}"] .piece-shape', "d")
        on_map = sized.get_attribute(f"svg.map .piece-{kind} .piece-shape", "d")
        assert legend == on_map, kind
    texts = sized.locator("#dialog .legend-entry").all_inner_texts()
    assert all(text.strip() for text in texts)
    shot(sized, "map-legend")
    sized.keyboard.press("Escape")
    sized.wait_for_selector("#dialog:not([open])", state="attached")


def tip(page: Any) -> dict[str, Any]:
    """The tooltip shown and the element it describes, with both drawn boxes."""
    page.wait_for_selector("#map-tip:not([hidden])")
    found: dict[str, Any] = page.evaluate("""() => {
      const box = document.getElementById("map-tip");
      const target = document.querySelector('[aria-describedby="map-tip"]');
      const a = box.getBoundingClientRect(), b = target.getBoundingClientRect();
      return { text: box.innerText, role: box.getAttribute("role"), tip: target.dataset.tip,
               overlap: Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left))
                      * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)) };
    }""")
    assert found["role"] == "tooltip"
    assert found["overlap"] == 0, found
    return found


LINK_POINT = """(wanted) => {
  // the middle of a link or an arrow that nothing covers there, in the page's pixels
  for (const g of document.querySelectorAll(`svg.map [data-tip^="${wanted}:"]`)) {
    const hit = g.querySelector(".hit").getBoundingClientRect();
    const x = hit.left + hit.width / 2, y = hit.top + hit.height / 2;
    const under = document.elementFromPoint(x, y);
    if (under && under.closest("[data-tip]") === g) return { x, y, tip: g.dataset.tip };
  }
  return null;
}"""


def test_tooltips_by_hover_focus_and_escape(server: str, sized: Any) -> None:  # noqa: F811
    open_game(sized, server, CROWDED)
    sized.locator('.spot[aria-label^="Lvgdvnensis"] .disc').hover()
    shown = tip(sized)
    assert shown["tip"].startswith("province:")
    for words in ("Lvgdvnensis II:4", "Region II", "Links:", "Nothing stands here."):
        assert words in shown["text"], shown["text"]
    shot(sized, "map-tooltip-province")
    sized.keyboard.press("Escape")
    sized.wait_for_selector("#map-tip", state="hidden")
    assert sized.locator('[aria-describedby="map-tip"]').count() == 0

    sized.locator('.spot[aria-label^="Narbonensis"] .piece-army').hover()
    shown = tip(sized)
    assert "Barbarian army" in shown["text"] and "in Narbonensis II:6" in shown["text"]
    sized.locator('.spot[aria-label^="Germania Magna"] .piece-secured').hover()
    assert "Secured border: a garrison of Maximian" in tip(sized)["text"]
    sized.locator('.zone-pieces .piece-pirates').hover()
    assert "The Pirates" in tip(sized)["text"]

    for kind, words in (("link", "—"), ("arrow", "Barbarian arrow")):
        point = sized.evaluate(LINK_POINT, kind)
        assert point, f"no {kind} to point at"
        sized.mouse.move(point["x"], point["y"])
        shown = tip(sized)
        assert shown["tip"] == point["tip"] and words in shown["text"], shown

    sized.mouse.move(1, 1)
    sized.locator('.spot[aria-label^="Roma"]').focus()  # the keyboard's way in
    shown = tip(sized)
    assert shown["tip"].startswith("province:") and "Roma" in shown["text"]
    assert "capital of" in shown["text"]
    sized.keyboard.press("Escape")
    sized.wait_for_selector("#map-tip", state="hidden")

    # the tutorial's pointer: a province by its id pulses and shows its tooltip
    assert sized.evaluate("async () => (await import('/static/board.js')).pointAt('etrvria')") is True
    shown = tip(sized)
    assert "Etrvria" in shown["text"] and "Garrison of Diocletian" in shown["text"]
    assert sized.locator(".spot.pointed").count() == 1
    assert sized.evaluate("async () => (await import('/static/board.js')).pointAt('atlantis')") is False


@pytest.mark.parametrize("sized", [SIZES[1]], indirect=True)
def test_a_long_press_shows_the_tooltip_and_selects_nothing(server: str, sized: Any) -> None:  # noqa: F811
    open_game(sized, server, CROWDED)
    sized.wait_for_selector("svg.map .spot")
    sized.tap("#fit")  # a phone opens on the map's middle, filling its box: the whole map, Gallia in it
    target = sized.locator('.spot[aria-label^="Lvgdvnensis"] .disc')
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = sized.context.new_cdp_session(sized)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    shown = tip(sized)  # shown while the finger is still down
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert "Lvgdvnensis II:4" in shown["text"]
    shot(sized, "map-tooltip-phone")
    assert sized.locator(".spot.selected").count() == 0


def overlay_figures(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("""() => ({
      cells: [...document.querySelectorAll("svg.map .danger-cell")].map((g) => [
        Number(g.dataset.province), g.dataset.revolt, g.dataset.unrest, g.dataset.uprising]),
      outlines: document.querySelectorAll("svg.map .danger-cells .danger-uprising").length,
      armies: [...document.querySelectorAll("svg.map .danger-army")].map((g) => [
        Number(g.dataset.army), g.dataset.advances, g.dataset.roma]),
      fall: document.querySelector(".danger-summary [data-fall]").dataset.fall,
    })""")
    return found


def python_figures(position: dict[str, Any]) -> dict[str, Any]:
    state = position_from_json(position, default_board())
    return figures_json(state, forecast(state))


def same_figures(found: dict[str, Any], wanted: dict[str, Any]) -> None:
    """The page's numbers as written in its attributes (JavaScript writes a number's shortest
    exact form): equal to Python's to the last bit."""
    assert len(found["cells"]) == len(wanted["revolt"])
    for index, revolt, unrest, uprising in found["cells"]:
        assert float(revolt) == wanted["revolt"][index] and float(unrest) == wanted["unrest"][index], index
        assert float(uprising) == wanted["uprising"][index], index  # R7.2
    # an outline for each province whose uprising is at least 0.1 %
    assert found["outlines"] == sum(p >= 0.001 for p in wanted["uprising"]) > 0
    armies = {a["province"]: a for a in wanted["armies"] if a["next_step"] >= 0}
    assert {a[0] for a in found["armies"]} == set(armies)
    for province, advances, roma in found["armies"]:
        assert float(advances) == armies[province]["advances"] and float(roma) == armies[province]["roma"]
    assert float(found["fall"]) == wanted["fall"]


@pytest.mark.parametrize("sized", SIZES, indirect=True)
def test_the_danger_overlay_is_the_forecast_and_follows_each_action(server: str, sized: Any) -> None:  # noqa: F811
    link = open_game(sized, server, ATTACK_EXAMPLE)
    width = sized.viewport_size["width"]
    shot(sized, f"map-overlay-off-{width}")
    game_id, token = link.split("#")
    http = httpx.Client(base_url=server, timeout=30, headers={"Authorization": f"Bearer {token}"})
    try:
        state = http.get(f"/api/games/{game_id}").json()
        sized.click("#danger")
        sized.wait_for_selector(f'svg.map.danger-on[data-forecast-version="{state["version"]}"]')
        same_figures(overlay_figures(sized), python_figures(state["position"]))
        assert sized.locator("#danger").get_attribute("aria-pressed") == "true"
        shot(sized, f"map-overlay-on-{width}")
        # another seat's action reaches this page live: the overlay follows it
        move = next(item for item in state["legal"] if item["kind"] == "move")
        answer = http.post(f"/api/games/{game_id}/actions",
                           json={"version": state["version"], "action": move["notation"]})
        assert answer.status_code == 200, answer.text
        after = answer.json()
        sized.wait_for_selector(f'svg.map.danger-on[data-forecast-version="{after["version"]}"]')
        same_figures(overlay_figures(sized), python_figures(after["position"]))
        sized.locator('.spot[aria-label^="Narbonensis"] .piece-army').hover()
        text = tip(sized)["text"]
        assert "Advances to Narbonensis" not in text and "Advances to" in text, text
        sized.mouse.move(1, 1)
        sized.locator('.spot[aria-label^="Narbonensis"]').focus()
        said = tip(sized)["text"]
        assert "Coming Barbarian phase: unrest" in said and ", uprising " in said, said
        shot(sized, f"map-overlay-tooltip-{width}")
        # the Roman phase ended: die after die the overlay keeps the figures forecast at the
        # phase's start, against what the dice do
        end = next(item for item in after["legal"] if item["kind"] == "endphase")
        phase = http.post(f"/api/games/{game_id}/actions",
                          json={"version": after["version"], "action": end["notation"]}).json()
        sized.wait_for_selector(f'svg.map.danger-on[data-forecast-version="{phase["version"]}"]')
        assert sized.locator(".danger-summary .during").is_visible()
        same_figures(overlay_figures(sized), python_figures(after["position"]))
    finally:
        http.close()
    sized.click("#danger")
    sized.wait_for_selector("svg.map:not(.danger-on)")
    assert sized.locator("svg.map .danger-cell").count() == 0
