"""The end of a game in a real browser (issue 23, items 6 and 7): the end screen after a scripted
victory and a scripted defeat (a game played by the heuristic player, imported one decision
before its end, the last decision played on the page), the rematch, the replay's link opened in
a fresh browser context (no localStorage), and the old dice cleared when a new phase begins.
Screenshots at 1440x900 and 390x844 go to test-artifacts/browser/.

Marked ``browser``: the default run leaves them out, CI runs them (``pytest -m browser``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from test_end import ALL_UNREST
from test_web_browser import SHOTS, browser, serving  # noqa: F401 (fixtures)
from tetrarchia.core.actions import Action, Roll
from tetrarchia.core.notation import format_action
from tetrarchia.core.scoring import score
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, Result
from tetrarchia.game import Game
from tetrarchia.players import UNLIMITED, make_player

LIMIT = 120  # seconds for each test of this module (a loaded machine is slow to draw)
pytestmark = [pytest.mark.browser, pytest.mark.timeout(LIMIT)]
WIDE = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}
# Games of the heuristic player at level 5300 (R3: 5 garrisons each, 3 fleets, no initial
# revolt or army): seed 3 ends in Roma Victrix, seed 6 with an army in Roma (R8)
VICTORY_SEED, FALL_SEED, LEVEL = 3, 6, "5300"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serving(tmp_path_factory.mktemp("web-end") / "games.sqlite3")


class Tab:
    """A page in its own browser context (its own localStorage), failing the test on a script
    error or a request that leaves the machine."""

    def __init__(self, browser: Any, viewport: dict[str, int], **more: Any) -> None:  # noqa: F811
        self.context = browser.new_context(viewport=viewport, locale="en-US", **more)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.outside: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("request", lambda request: self.outside.append(request.url)
                     if not request.url.startswith("http://127.0.0.1") else None)

    def close(self) -> None:
        self.context.close()
        assert not self.errors, f"errors on the page: {self.errors}"
        assert not self.outside, f"requests that left the machine: {self.outside}"


@pytest.fixture
def tabs(browser: Any) -> Iterator[Any]:  # noqa: F811
    opened: list[Tab] = []

    def open_tab(viewport: dict[str, int] = WIDE, **more: Any) -> Any:
        tab = Tab(browser, viewport, **more)
        opened.append(tab)
        return tab.page
    yield open_tab
    for tab in opened:
        tab.close()


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def heuristic_game(seed: int) -> Game:
    """A whole game of the heuristic player (seeded decisions, the game's seeded dice)."""
    game = Game.new(Settings(level=Level.parse(LEVEL)), seed=seed)
    player = make_player("heuristic", seed)
    chooser = random.Random(seed)
    while not game.state.is_over:
        if game.state.awaiting in (Awaiting.ROLL, Awaiting.RUN):
            game.advance()
        else:
            game.play(player.decide(game.state, game.legal_actions(), chooser, UNLIMITED))
    return game


def one_decision_before_the_end(seed: int) -> tuple[dict[str, Any], str, Game]:
    """The saved game one decision before its end (the same seed and dice drawn: the server
    rolls the same dice after it), the last decision in the notation, and the whole game."""
    whole = heuristic_game(seed)
    last = max(i for i, action in enumerate(whole.log) if not isinstance(action, Roll))
    cut = Game.new(whole.start.settings, seed=seed)
    for action in whole.log[:last]:
        if isinstance(action, Roll):
            cut.roll()
        else:
            cut.play(action)
    assert cut.log == whole.log[:last]
    final: Action = whole.log[last]
    return cut.to_json(), format_action(final, whole.board), whole


def imported(server: str, save: dict[str, Any]) -> tuple[str, str]:
    """The saved game as a new hot-seat game of the server: its id and its seat's token."""
    answer = httpx.post(f"{server}/api/games/import", json={"save": save, "hotseat": True}, timeout=60)
    assert answer.status_code == 201, answer.text
    return answer.json()["id"], answer.json()["credentials"]["hotseat"]


def play_the_end(page: Any, notation: str) -> None:
    """Type the last decision; then roll the Barbarian phase to its end with Skip when the game
    waits for it (a battle the Emperor began is rolled by the page at once)."""
    page.fill("#notation", notation)
    page.press("#notation", "Enter")
    page.wait_for_function("""() => !document.querySelector('#ending').hidden ||
                              !document.querySelector('div.barbarian').hidden""")
    if page.locator("#ending").is_hidden():
        page.click("#skip")
    page.wait_for_selector("#ending:not([hidden]) #ending-score")


def open_game(page: Any, server: str, game_id: str, token: str) -> None:
    page.goto(f"{server}/game/{game_id}#{token}")
    page.wait_for_function("() => document.querySelector('.status')?.innerText.trim()")


def test_the_end_screen_of_a_victory_then_the_rematch(server: str, tabs: Any) -> None:
    """R8 Roma Victrix: the panel says when, the engine's score, the statistics and the chart;
    Rematch opens a new game with the same seed (the same setup)."""
    save, notation, whole = one_decision_before_the_end(VICTORY_SEED)
    assert whole.state.result is Result.ROMA_VICTRIX
    game_id, token = imported(server, save)
    page = tabs()
    open_game(page, server, game_id, token)
    play_the_end(page, notation)
    ending = page.locator("#ending")
    assert ending.get_attribute("data-result") == "roma-victrix"
    assert page.locator("#ending-title").inner_text() == "Roma Victrix"
    end = whole.state
    assert f"in round {end.round}, in {end.turn.title}'s turn" in page.locator("#ending-how").inner_text()
    assert f"Score (R8): {score(end).total}" in page.locator("#ending-score").inner_text()
    stats = page.locator("#ending-stats").inner_text()
    assert f"Rounds\t{end.round}" in stats and "IP spent" in stats
    assert page.locator(".ending-borders li").count() == 6
    assert page.locator("#ending-chart polyline").count() == 2
    # the end screen's hook holds the Analyse button (static/analysis.js), which opens the game's analysis
    page.locator("#end-analyse #end-analyse-link").wait_for()
    assert page.locator("#end-analyse-link").get_attribute("href") == f"/analysis/{game_id}"
    assert page.locator(".dice").inner_text() == "" and page.locator(".battle").inner_text() == ""
    shot(page, "end-victory")
    phone = tabs(PHONE, is_mobile=True, has_touch=True)
    open_game(phone, server, game_id, token)
    phone.wait_for_selector("#ending:not([hidden]) #ending-score")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(phone, "end-victory-phone")
    page.click("#ending-close")  # the board under it, and the way back to the panel
    assert page.locator("#ending").is_hidden()
    page.click("#show-ending")
    page.click("#end-rematch")
    page.wait_for_url(re.compile(rf"/game/(?!{game_id})[0-9a-f]+$"))
    page.wait_for_function("() => document.querySelector('.status')?.innerText.trim()")
    assert page.locator("#ending").is_hidden()
    again = page.url.rsplit("/", 1)[1]
    seat = page.evaluate("(id) => localStorage.getItem('tetrarchia.seat.' + id)", again)
    first = httpx.get(f"{server}/api/games/{again}/at/0", headers={"Authorization": f"Bearer {seat}"}).json()
    assert first["position"]["discs"] == httpx.get(
        f"{server}/api/games/{game_id}/at/0").json()["position"]["discs"]  # public: the old game is over


def test_the_end_screen_of_a_fall(server: str, tabs: Any) -> None:
    """R8, the fall: an army from a named province entered Roma; the score is the engine's."""
    save, notation, whole = one_decision_before_the_end(FALL_SEED)
    assert whole.state.result is Result.ARMY_IN_ROMA
    game_id, token = imported(server, save)
    page = tabs()
    open_game(page, server, game_id, token)
    play_the_end(page, notation)
    assert page.locator("#ending").get_attribute("data-result") == "army-in-roma"
    assert page.locator("#ending-title").inner_text() == "The Empire has fallen"
    how = page.locator("#ending-how").inner_text()
    assert re.search(r"An army from \S.* entered Roma in round \d+", how), how
    assert f"Score (R8): {score(whole.state).total}" in page.locator("#ending-score").inner_text()
    shot(page, "end-defeat")
    page.select_option("#lang", "es")  # the page drawn again in Spanish, the panel with it
    page.wait_for_function(
        "() => document.querySelector('#ending-title')?.innerText === 'El Imperio ha caído'")
    assert "entró en Roma en la ronda" in page.locator("#ending-how").inner_text()
    assert "Maximiano" in page.locator("#ending-stats").inner_text()  # the rulebook's names
    shot(page, "end-defeat-es")
    phone = tabs(PHONE, is_mobile=True, has_touch=True)
    open_game(phone, server, game_id, token)
    phone.wait_for_selector("#ending:not([hidden]) #ending-score")
    shot(phone, "end-defeat-phone")
    # a spectator sees the end and cannot deal again
    watcher = tabs()
    spectator = httpx.post(f"{server}/api/games/{game_id}/spectators",
                           headers={"Authorization": f"Bearer {token}"}).json()["spectator"]
    open_game(watcher, server, game_id, spectator)
    watcher.wait_for_selector("#ending:not([hidden]) #ending-score")
    assert watcher.locator("#end-rematch").is_hidden()


def test_the_replay_link_opens_in_a_fresh_browser(server: str, tabs: Any) -> None:
    """The end screen's Share gives the public replay of the finished game; "Copy the link to
    this step" of a running game gives a link with a spectator's credential: each opens in a
    browser context that holds nothing (no localStorage)."""
    save, notation, _whole = one_decision_before_the_end(VICTORY_SEED)
    game_id, token = imported(server, save)
    page = tabs()
    open_game(page, server, game_id, token)
    # the running game first: its step link carries a spectator's credential
    page.goto(f"{server}/replay/{game_id}?n=5")
    page.wait_for_selector("#replay-share")
    page.wait_for_function("() => document.querySelector('.status')?.innerText.includes('5 /')")
    page.click("#replay-share")
    link = page.locator("#replay-link").input_value()
    assert re.fullmatch(rf"{server}/replay/{game_id}\?n=5#.+", link), link
    assert token not in link  # never the seat's own credential
    fresh = tabs()
    fresh.goto(link)
    fresh.wait_for_function("() => document.querySelector('.status')?.innerText.includes('Step 5 /')")
    assert fresh.evaluate("location.hash") == ""  # the credential left the address bar
    # without it, the running game's replay is refused
    bare = tabs()
    bare.goto(f"{server}/replay/{game_id}?n=5")
    bare.wait_for_selector(".error")
    # the end, then the public link
    open_game(page, server, game_id, token)
    play_the_end(page, notation)
    page.click("#end-share")
    public = page.locator("#end-replay-link").input_value()
    assert public == f"{server}/replay/{game_id}"
    stranger = tabs(PHONE, is_mobile=True, has_touch=True)
    stranger.goto(public)
    stranger.wait_for_function("() => document.querySelector('.status')?.innerText.includes('Step 0 /')")
    stranger.click("#replay-last")
    stranger.wait_for_url(re.compile(r"n=\d+$"))
    stranger.wait_for_selector("#replay-ending")  # the last step says how the game ended
    assert "Roma Victrix" in stranger.locator("#replay-ending").inner_text()
    stranger.click("#replay-share")
    assert re.fullmatch(rf"{server}/replay/{game_id}\?n=\d+", stranger.locator("#replay-link").input_value())
    assert stranger.evaluate("localStorage.length") == 0
    shot(stranger, "replay-public-phone")


def test_old_dice_are_cleared_when_a_new_phase_begins(server: str, tabs: Any) -> None:
    """The dice of a Barbarian phase stay while it is rolled die by die, and are gone once the
    next Emperor acts in his Roman phase."""
    answer = httpx.post(f"{server}/api/games", json={"seed": 7, "hotseat": True, "level": "4211"}).json()
    page = tabs()
    open_game(page, server, answer["id"], answer["credentials"]["hotseat"])
    fleets = "document.querySelectorAll('button.action.placefleet').length"
    while (left := page.locator("button.action.placefleet").count()):
        page.locator("button.action.placefleet").first.click()  # R3: each fleet, one zone fewer
        page.wait_for_function(f"(before) => {fleets} < before", arg=left)
    page.locator('.spot[aria-label^="Roma"]').click()
    page.locator("button.action.endphase").click()  # there once Diocletian has entered (R4)
    page.wait_for_selector("div.barbarian:not([hidden])")
    page.click("#step")
    page.wait_for_selector(".dice .die")
    while page.locator("div.barbarian").is_visible():  # die by die to the end of the phase
        assert page.locator(".dice .die").count()  # the phase's last die stays in view
        told = page.locator(".log li").count()
        page.click("#step")
        page.wait_for_function("(before) => document.querySelectorAll('.log li').length > before",
                               arg=told)
    page.wait_for_function("() => document.querySelector('.status').innerText.includes('Galerius')")
    enter = page.locator("button.action.enter").first
    enter.click()  # the new Roman phase's first decision
    page.wait_for_function("() => !document.querySelector('.dice').innerText.trim()")
    assert page.locator(".battle").inner_text() == ""


def barbarian_phase(page: Any, server: str) -> tuple[str, str]:
    """A new game (seed 7) at the Barbarian phase after Diocletian's empty Roman phase; its id
    and its seat's token."""
    answer = httpx.post(f"{server}/api/games", json={"seed": 7, "hotseat": True, "level": "4211"}).json()
    game_id, token = answer["id"], answer["credentials"]["hotseat"]
    open_game(page, server, game_id, token)
    fleets = "document.querySelectorAll('button.action.placefleet').length"
    while (left := page.locator("button.action.placefleet").count()):
        page.locator("button.action.placefleet").first.click()
        page.wait_for_function(f"(before) => {fleets} < before", arg=left)
    page.locator('.spot[aria-label^="Roma"]').click()
    page.locator("button.action.endphase").click()
    page.wait_for_selector("div.barbarian:not([hidden])")
    return game_id, token


def server_dice(server: str, game_id: str, token: str) -> list[str]:
    """The faces of the game's last roll, as the server rolled them (its log)."""
    state = httpx.get(f"{server}/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"}).json()
    last: str = state["last_action"]
    assert last.startswith("roll "), last
    return last.split()[1:]


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_barbarian_phase_as_a_scene(server: str, tabs: Any, motion: str) -> None:
    """Step: the dice tumble and settle on the server's faces; what the roll made happen is
    drawn over the map.  With prefers-reduced-motion nothing tumbles and the marks are drawn
    still, at once."""
    page = tabs(reduced_motion=motion)
    game_id, token = barbarian_phase(page, server)
    told = page.locator(".log li").count()
    page.click("#step")
    page.wait_for_function("(before) => document.querySelectorAll('.log li').length > before", arg=told)
    if motion == "reduce":
        assert page.locator(".die.rolling").count() == 0
    page.wait_for_selector(".dice .die:not(.rolling)")
    page.wait_for_function("() => !document.querySelector('.die.rolling')")
    faces = page.locator(".dice .die b").all_inner_texts()
    assert faces == server_dice(server, game_id, token)
    assert page.locator(".scene .beat").count() >= 1  # the activity's province, at least (R7.2)
    still = page.locator(".scene .beat.still").count()
    assert (still > 0) == (motion == "reduce")
    shot(page, f"scene-{motion}")
    # Skip to the next decision: a long story, told within its bound, and the phase's marks
    # are gone once the next Emperor acts
    page.click("#skip")
    page.wait_for_function("() => document.querySelector('.status').innerText.includes('Galerius')")
    page.locator("button.action.enter").first.click()
    page.wait_for_function("() => !document.querySelector('.scene').children.length")


def test_the_end_screen_of_a_reserve_run_dry(server: str, tabs: Any) -> None:
    """R8: every province outside regions II, V and VI holds unrest (the unrest reserve is
    empty); Diocletian ends his phase and the server's dice (seed 1) fall on an empty province:
    the panel names the reserve, the province and the turn."""
    position = {"format": "tetrarchia-position", "version": 1, "discs": ALL_UNREST, "fleets": [3],
                "emperors": {"Diocletian": "roma"}, "turn": {"emperor": "Diocletian", "ip": 6}}
    answer = httpx.post(f"{server}/api/games", json={"seed": 1, "hotseat": True, "position": position}).json()
    page = tabs()
    open_game(page, server, answer["id"], answer["credentials"]["hotseat"])
    play_the_end(page, "Diocletian ends his Roman phase")
    assert page.locator("#ending").get_attribute("data-result") == "reserve-empty"
    how = page.locator("#ending-how").inner_text()
    assert re.fullmatch(r"The reserve of unrest discs ran dry in round 1, in Diocletian's turn: "
                        r"a disc had to go on \S.*\.", how), how


def test_a_seat_gives_out_a_spectator_link(server: str, tabs: Any) -> None:
    """The game page's Spectator link: a new spectator's link, opened in a fresh browser, shows
    the running game live to someone who can do nothing in it."""
    answer = httpx.post(f"{server}/api/games", json={"seed": 7, "hotseat": True, "level": "4211"}).json()
    page = tabs()
    open_game(page, server, answer["id"], answer["credentials"]["hotseat"])
    page.click("#spectator-link")
    link = page.locator("#shared-link").input_value()
    assert link.startswith(f"{server}/game/{answer['id']}#")
    assert answer["credentials"]["hotseat"] not in link and answer["credentials"]["spectator"] not in link
    watcher = tabs()
    watcher.goto(link)
    watcher.wait_for_selector(".spectating")
    assert watcher.locator(".play-area").is_hidden()
