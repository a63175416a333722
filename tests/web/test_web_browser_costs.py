"""Every legal action the page receives carries its cost from the engine (``core/costs.py``
``action_cost``, issue 25): the optional rules' actions too, and the page writes each positive
cost once after the label (" · 2 IP"), never inside it; an IP gained (R12.1 Maximian's power) or
none is said by the label's words.  Screenshots at 1440x900 and 390x844 go to
test-artifacts/browser/ (costs-*.png).

Marked ``browser`` (``pytest -m browser tests/web/test_web_browser_costs.py``)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from test_web_browser import browser, create, server, shot  # noqa: F401 (fixtures)
from tetrarchia.core.board import default_board
from tetrarchia.core.costs import action_cost
from tetrarchia.core.engine import legal_actions
from tetrarchia.core.serialize import position_from_json

LIMIT = 120  # seconds for any test of this file
pytestmark = [pytest.mark.browser, pytest.mark.timeout(LIMIT)]
# Maximian on his garrison in Etrvria with 6 IP: the Dux to deploy (R11.1, 2 IP), the garrison to
# send along a link (R12.3, the link's IP) and his power, a 7th IP (R12.1, an IP gained)
POSITION = {"format": "tetrarchia-position", "version": 2,
            "settings": {"level": "4211", "options": ["dux", "via-romana", "imperivm"]},
            "emperors": {"Maximian": "etrvria"}, "fleets": [1, 3],
            "discs": {"etrvria": "garrison Maximian", "II:6": "revolt"}, "armies": ["II:6"],
            "turn": {"emperor": "Maximian", "ip": 6}}
SIZES = [pytest.param((1440, 900), id="1440x900"), pytest.param((390, 844), id="390x844")]


def test_the_server_sends_the_engines_cost_of_every_action(server: str) -> None:  # noqa: F811
    state = position_from_json(POSITION, default_board())
    expected = {i: action_cost(state, action) for i, action in enumerate(legal_actions(state))}
    link = create(server, position=POSITION)
    game_id, token = link.split("#")
    sent = httpx.get(f"{server}/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"},
                     timeout=30).json()["legal"]
    assert {item["i"]: item["cost"] for item in sent} == expected
    kinds = {item["group"] for item in sent if item["kind"] == "option"}
    assert len(kinds) >= 3, kinds  # the Dux, the garrison, the power
    assert any(item["cost"] < 0 for item in sent), "Maximian's 7th IP is a cost of -1 (R12.1)"


@pytest.mark.parametrize("size", SIZES)
def test_each_button_says_its_cost_once(server: str, browser: Any, size: tuple[int, int]) -> None:  # noqa: F811
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        link = create(server, position=POSITION)
        game_id, token = link.split("#")
        sent = httpx.get(f"{server}/api/games/{game_id}",
                         headers={"Authorization": f"Bearer {token}"}, timeout=30).json()["legal"]
        page.goto(f"{server}/game/{link}")
        page.wait_for_function("() => document.documentElement.dataset.pending === '0' && "
                               "document.querySelectorAll('button.action.option').length > 0")
        buttons = {button.get_attribute("data-notation"): button.inner_text()
                   for button in page.locator("button.action").all()}
        checked = 0
        for item in sent:
            text = buttons.get(item["notation"])
            if text is None:  # a move or an attack is offered on the map, not as a button
                continue
            assert text.count(" IP") <= 1, f"{item['notation']}: {text!r} says its cost twice"
            if item["cost"] > 0:
                assert text.endswith(f" · {item['cost']} IP"), (item["notation"], text)
            else:
                assert " · " not in text, (item["notation"], text)
            checked += 1
        assert checked >= 3, buttons
        shot(page, f"costs-{width}x{height}")
    finally:
        context.close()
    assert not errors, errors
