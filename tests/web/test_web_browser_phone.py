"""The game page on a phone and by keyboard (issue 23, item 9): at 390x844 with touch the map
takes the screen's width, a pinch zooms it around the fingers, a finger pans it, a double tap
zooms in and "Fit the map" shows it whole; a tap still selects a province, whose actions appear
in the bottom sheet holding the panel, which its handle opens and closes (by keyboard too, Tab
kept inside); a whole Roman action is played by touch.  The map is one Tab stop: the arrow keys
move between provinces and Enter selects.  Screenshots go to test-artifacts/browser/.

Marked ``browser``: the default run leaves them out, CI runs them (``pytest -m browser``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from test_web_browser import browser, create, server, shot, status, wait_idle  # noqa: F401

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

# A gesture of touch pointers on the map: each step is [[pointerId, x, y], ...] in client px;
# the first step puts the fingers down, the last lifts them (PointerEvents, as a finger sends).
GESTURE = """(steps) => {
  const svg = document.querySelector('svg.map');
  const send = (type, [id, x, y]) => {
    const target = document.elementFromPoint(x, y) || svg;
    target.dispatchEvent(new PointerEvent(type, {pointerId: id, pointerType: 'touch', isPrimary: id === 1,
      clientX: x, clientY: y, bubbles: true, cancelable: true, composed: true}));
  };
  steps[0].forEach((p) => send('pointerdown', p));
  steps.slice(1).forEach((step) => step.forEach((p) => send('pointermove', p)));
  steps[steps.length - 1].forEach((p) => send('pointerup', p));
}"""

VIEW = "() => document.querySelector('svg.map').getAttribute('viewBox').split(' ').map(Number)"
ZOOM = "() => Number(document.querySelector('svg.map').dataset.zoom)"


@pytest.fixture
def phone(browser: Any, server: str) -> Iterator[Any]:  # noqa: F811
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-US")
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(f"{server}/game/{create(server)}")
    tab.wait_for_selector("svg.map .spot")
    tab.wait_for_selector("#sheet-handle")
    wait_idle(tab)
    yield tab
    context.close()
    assert not errors, f"errors on the page: {errors}"


def centre(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.mark.timeout(60)
def test_the_map_takes_the_phone_width_above_the_sheet(phone: Any) -> None:
    box = phone.locator("svg.map").bounding_box()
    assert abs(box["width"] - PHONE["width"]) <= 4, f"the map is {box['width']} px wide on a 390 px phone"
    assert box["height"] >= 0.45 * PHONE["height"], f"the map is only {box['height']} px high"
    sheet = phone.locator(".panel.sheet").bounding_box()
    assert sheet["y"] + sheet["height"] == pytest.approx(PHONE["height"], abs=2)  # fixed at the bottom
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # collapsed, the sheet shows the status and the first buttons
    assert phone.locator(".status").is_visible()
    assert phone.locator("button.action.placefleet").first.is_visible()
    shot(phone, "phone-game")


@pytest.mark.timeout(60)
@pytest.mark.parametrize(("spread", "closer"), [(80, True), (-40, False)], ids=["apart", "together"])
def test_a_pinch_zooms_around_the_fingers(phone: Any, spread: int, closer: bool) -> None:
    x, y = centre(phone, "svg.map")
    before = phone.evaluate(ZOOM)
    steps = [[[1, x - 60 - k * spread / 4, y], [2, x + 60 + k * spread / 4, y]] for k in range(5)]
    phone.evaluate(GESTURE, steps)
    after = phone.evaluate(ZOOM)
    assert (after > before) if closer else (after < before), (before, after)
    assert phone.locator("#fit").is_disabled() == (after <= 1)  # "Fit" while not the whole map
    if after > 1:
        phone.tap("#fit")  # the whole map again
    assert phone.evaluate(ZOOM) == 1
    assert phone.locator("#fit").is_disabled()


@pytest.mark.timeout(60)
def test_a_finger_pans_the_map_within_its_bounds(phone: Any) -> None:
    x, y = centre(phone, "svg.map")
    before = phone.evaluate(VIEW)
    phone.evaluate(GESTURE, [[[1, x, y]], [[1, x + 30, y]], [[1, x + 90, y + 10]]])
    after = phone.evaluate(VIEW)
    assert after[0] < before[0], f"the view did not follow the finger: {before} -> {after}"
    for _ in range(5):  # far past the map's edge: the view stops at it
        phone.evaluate(GESTURE, [[[1, 20, y]], [[1, 200, y]], [[1, 380, y]]])
    width = phone.evaluate("() => document.querySelector('svg.map .sea').getAttribute('width')")
    assert phone.evaluate(VIEW)[0] >= -0.01 * float(width)
    # nothing was tapped: the sheet stays as it was
    assert phone.evaluate("() => document.querySelector('.panel').dataset.sheet") == "collapsed"


@pytest.mark.timeout(60)
def test_a_double_tap_zooms_in(phone: Any) -> None:
    phone.tap("#fit")  # the phone opens on the map filling its box: from the whole map
    before = phone.evaluate(ZOOM)
    x, y = centre(phone, "svg.map")
    for _ in range(2):
        phone.evaluate(GESTURE, [[[1, x, y]]])
    assert phone.evaluate(ZOOM) == pytest.approx(before * 2, rel=0.01)


@pytest.mark.timeout(60)
def test_the_sheet_opens_and_closes(phone: Any) -> None:
    handle = phone.locator("#sheet-handle")
    heights = []
    for expanded in ["true", "true", "false"]:  # collapsed -> half -> full -> collapsed
        heights.append(phone.locator(".panel").bounding_box()["height"])
        handle.tap()
        phone.wait_for_function("(e) => document.getElementById('sheet-handle').ariaExpanded === e",
                                arg=expanded)
        phone.wait_for_function("() => !document.getAnimations().length")  # the sheet at rest
    assert heights[0] < heights[1] < heights[2], heights
    shot(phone, "phone-sheet-collapsed")
    # by keyboard: the handle opens the sheet and Tab stays inside until Escape
    handle.focus()
    phone.keyboard.press("Enter")
    phone.wait_for_function("() => document.querySelector('.panel').dataset.sheet === 'half'")
    for _ in range(40):
        phone.keyboard.press("Tab")
        assert phone.evaluate("() => document.querySelector('.panel').contains(document.activeElement)")
    phone.keyboard.press("Escape")
    phone.wait_for_function("() => document.querySelector('.panel').dataset.sheet === 'collapsed'")
    assert phone.evaluate("() => document.activeElement.id") == "sheet-handle"


@pytest.mark.timeout(90)
def test_a_roman_action_played_by_touch(phone: Any) -> None:
    while phone.locator("button.action.placefleet").count():
        phone.locator("button.action.placefleet").first.tap()
        wait_idle(phone)
    phone.locator("button.action.enter").first.tap()  # Diocletian enters Roma
    wait_idle(phone)
    assert "6 IP" in status(phone)
    # selects Diocletian: his moves lit, Roma's own actions in the sheet
    phone.tap('.spot[aria-label^="Roma"]')
    phone.wait_for_selector("div.here button.action.secure")
    assert phone.locator("div.here button.action.secure").is_visible()
    assert phone.evaluate("() => document.querySelector('.panel').dataset.sheet") == "half"
    assert phone.locator('.spot.target[aria-label^="Etrvria"]').count() == 1
    shot(phone, "phone-selected")
    phone.tap('.spot[aria-label^="Etrvria"]')  # moves there
    wait_idle(phone)
    phone.wait_for_function("() => document.querySelector('.status').innerText.includes('5 IP')")
    assert "Diocletian" in phone.locator('.spot[aria-label^="Etrvria"]').get_attribute("aria-label")
    shot(phone, "phone-moved")


ARROW_TOWARDS = """(name) => {
  const at = document.activeElement.getBoundingClientRect();
  const to = document.querySelector(`.spot[aria-label^="${name}"]`).getBoundingClientRect();
  const dx = to.x - at.x, dy = to.y - at.y;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return null;
  if (Math.abs(dx) > Math.abs(dy)) return dx > 0 ? 'ArrowRight' : 'ArrowLeft';
  return dy > 0 ? 'ArrowDown' : 'ArrowUp';
}"""


def arrow_to(page: Any, name: str) -> None:
    """From the focused province, the arrow keys towards another until it has the focus."""
    for _ in range(30):
        key = page.evaluate(ARROW_TOWARDS, name)
        if key is None:
            return
        page.keyboard.press(key)
    raise AssertionError(f"the arrow keys never reached {name}")


@pytest.mark.timeout(90)
def test_the_map_is_one_tab_stop_crossed_by_arrows(browser: Any, server: str) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": 1440, "height": 900}, locale="en-US")
    page = context.new_page()
    page.goto(f"{server}/game/{create(server)}")
    page.wait_for_selector("svg.map .spot")
    wait_idle(page)
    assert page.locator('svg.map [tabindex="0"]').count() == 1  # one Tab stop, not 48 + the seas
    while page.locator("button.action.placefleet").count():
        page.locator("button.action.placefleet").first.click()
        wait_idle(page)
    for _ in range(200):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('svg.map')"):
            break
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')").startswith("Roma")
    assert page.locator("#map-tip").is_visible()  # the focused province's tooltip
    page.keyboard.press("Enter")  # Diocletian enters Roma
    wait_idle(page)
    assert "6 IP" in status(page)
    page.locator('.spot[aria-label^="Roma"]').focus()
    page.keyboard.press("Enter")  # selects him: his moves lit
    arrow_to(page, "Etrvria")
    assert page.locator("#map-tip b").inner_text().startswith("Etrvria")
    page.keyboard.press("Enter")
    wait_idle(page)
    page.wait_for_function("() => document.querySelector('.status').innerText.includes('5 IP')")
    # the province focused last is the map's Tab stop; Escape (the tooltip, then the map) leaves it
    assert page.locator('svg.map [tabindex="0"]').get_attribute("aria-label").startswith("Etrvria")
    page.locator('.spot[aria-label^="Etrvria"]').focus()
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    assert page.evaluate("() => document.activeElement.id") == "zoom"  # the map's first tool
    context.close()


DRAG = """(to) => {
  const handle = document.getElementById('sheet-handle');
  const r = handle.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
  const send = (type, at) => handle.dispatchEvent(new PointerEvent(type, {pointerId: 7, pointerType: 'touch',
    isPrimary: true, clientX: x, clientY: at, bubbles: true, cancelable: true}));
  send('pointerdown', y);
  for (let k = 1; k <= 4; k++) send('pointermove', y + (to - y) * k / 4);
  send('pointerup', to);
}"""


@pytest.mark.timeout(60)
@pytest.mark.parametrize(("to", "state"), [(60, "full"), (420, "half")])
def test_the_sheet_follows_a_drag_of_its_handle(phone: Any, to: int, state: str) -> None:
    phone.evaluate(DRAG, to)  # the handle dragged up to y = to: the sheet settles at the nearest height
    phone.wait_for_function("(s) => document.querySelector('.panel').dataset.sheet === s", arg=state)
    assert phone.locator("#sheet-handle").get_attribute("aria-expanded") == "true"
    phone.evaluate(DRAG, 830)  # down to the bottom: collapsed
    phone.wait_for_function("() => document.querySelector('.panel').dataset.sheet === 'collapsed'")


@pytest.mark.timeout(60)
@pytest.mark.parametrize(("motion", "moves"), [("reduce", False), ("no-preference", True)])
def test_the_sheet_moves_only_when_motion_is_welcome(phone: Any, motion: str, moves: bool) -> None:
    phone.emulate_media(reduced_motion=motion)
    duration = phone.evaluate("() => getComputedStyle(document.getElementById('sheet')).transitionDuration")
    assert (duration != "0s") == moves, duration
