"""The page's sounds (issue 23, item 5), in chromium: off by default (nothing played), the Sounds
button switches them on and the choice is remembered (localStorage ``tetrarchia.sounds``); then
the events of a Barbarian phase play their sound and the chime sounds when this page's seat
starts deciding.  The audio element's play is recorded by a stand-in (a headless browser has no
speaker); the page's own ``<html data-sound>`` says the last one.
Marked ``browser`` (``pytest -m browser tests/web/test_web_browser_sounds.py``)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from test_web_browser import ATTACK_EXAMPLE, browser, create, server, shot  # noqa: F401 (fixtures)
from test_web_browser_map import open_game, sized  # noqa: F401 (fixtures)

LIMIT = 240  # seconds for any test of this file
pytestmark = [pytest.mark.browser, pytest.mark.timeout(LIMIT)]

RECORD = """HTMLMediaElement.prototype.play = function () {
  (window.played = window.played || []).push(this.src.split("/").pop());
  return Promise.resolve();
};"""


def end_the_phase(base: str, link: str) -> None:
    """The Roman phase ended and the Barbarian phase rolled to the next decision, over HTTP
    (the page follows it live)."""
    game_id, token = link.split("#")
    with httpx.Client(base_url=base, timeout=30, headers={"Authorization": f"Bearer {token}"}) as http:
        state = http.get(f"/api/games/{game_id}").json()
        end = next(item for item in state["legal"] if item["kind"] == "endphase")
        state = http.post(f"/api/games/{game_id}/actions",
                          json={"version": state["version"], "action": end["notation"]}).json()
        while state["awaiting"] in ("roll", "run"):
            state = http.post(f"/api/games/{game_id}/advance",
                              json={"version": state["version"], "until": "decision"}).json()


def test_sounds_are_off_until_switched_on_then_remembered(server: str, sized: Any) -> None:  # noqa: F811
    sized.add_init_script(RECORD)
    link = open_game(sized, server, ATTACK_EXAMPLE)
    button = sized.locator("#sounds")
    assert button.get_attribute("aria-pressed") == "false"
    end_the_phase(server, link)
    sized.wait_for_selector(".log li.turn")  # the next turn reached the page
    assert sized.evaluate("() => window.played || []") == []
    assert sized.evaluate("() => document.documentElement.dataset.sound") is None
    button.click()
    assert sized.evaluate("() => localStorage.getItem('tetrarchia.sounds')") == "on"
    sized.reload()
    sized.wait_for_selector('#sounds[aria-pressed="true"]')
    shot(sized, "sounds-on-1440")


def test_a_phase_plays_its_sounds_and_the_turn_chimes(server: str, sized: Any) -> None:  # noqa: F811
    sized.add_init_script(RECORD + "\nlocalStorage.setItem('tetrarchia.sounds', 'on');")
    link = open_game(sized, server, ATTACK_EXAMPLE)
    end_the_phase(server, link)
    sized.wait_for_function("() => (window.played || []).includes('your-turn.wav')")
    played = sized.evaluate("() => window.played")
    # the phase: the army of Narbonensis steps (or is stopped by its broken link), the activity
    # falls somewhere; then Diocletian's turn: this hot seat decides again
    assert played[-1] == "your-turn.wav", played
    assert set(played) <= {f"{name}.wav" for name in
                           ("dice", "revolt", "advance", "battle-won", "battle-lost", "your-turn")}
    assert sized.evaluate("() => document.documentElement.dataset.sound") == "your-turn"
