"""Learn to play (issue 23): the tutorial's every step played through the engine and through
the server's API, its sentences in the three languages, and its pointer on the board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tetrarchia.core.board import default_board
from tetrarchia.web import tutorial
from tetrarchia.web.i18n import catalogue
from tetrarchia.web.tutorial import LESSONS, START, STEPS, TutorialBroken, point_of, walk
from web_helpers import change, client, sit

SECONDS = 60  # each test's time limit
pytestmark = pytest.mark.timeout(SECONDS)


def test_the_whole_tutorial_plays_through_the_engine() -> None:
    before = walk()
    assert len(before) == len(STEPS)
    assert before == sorted(before) and before[0] == 0
    # each step that acts or rolls adds one log entry; a step to read adds none
    for k in range(len(STEPS) - 1):
        acts = bool(STEPS[k].do or STEPS[k].roll)
        assert before[k + 1] - before[k] == int(acts), f"step {k + 1}"


def test_other_dice_break_the_tutorial_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tutorial, "SEED", 7)  # other dice: the lessons' events no longer happen
    with pytest.raises(TutorialBroken, match="step"):
        walk()


def test_an_illegal_step_breaks_the_tutorial_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = list(STEPS)
    # R5.1: the walk along the broken link costs 3 IP, but the fleet has not sailed yet: the move
    # by fleet through Mare Aegaevm is not possible
    broken[6] = STEPS[7]
    monkeypatch.setattr(tutorial, "STEPS", tuple(broken))
    with pytest.raises(TutorialBroken, match=r"step 7: .*by fleet.* is not legal"):
        walk()


def test_every_lesson_is_taught() -> None:
    assert sorted({s.lesson for s in STEPS}) == list(range(len(LESSONS)))
    assert sum(1 for s in STEPS if s.do) >= 12 and sum(1 for s in STEPS if s.roll) >= 5


@pytest.mark.parametrize("k", range(len(STEPS)), ids=lambda k: f"step{k + 1}")
def test_each_step_points_at_the_board_and_is_said_in_every_language(k: int) -> None:
    step = STEPS[k]
    board = default_board()
    for name in step.point:
        target = point_of(name, board)
        assert target.get("zone") in (1, 2, 3) or 0 <= target["province"] < len(board.provinces)
    for lang in ("es", "fr"):
        words = catalogue(lang)
        for sentence in (LESSONS[step.lesson], step.text, step.wrong):
            assert not sentence or words.get(sentence), f"{lang}: {sentence!r} untranslated"
    if step.do or step.roll:
        assert not (step.do and step.roll), "a step acts or rolls, never both"
    assert step.wrong or not step.do, "an action step says why another click is not its"


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Welcome"), ("es", "Bienvenido"), ("fr", "Bienvenue")])
def test_the_server_serves_the_tutorial_in_the_pages_language(tmp_path: Path, lang: str,
                                                             words: str) -> None:
    http = client(tmp_path / "games.sqlite3")
    data = http.get(f"/api/tutorial?lang={lang}").json()
    assert data["lang"] == lang and len(data["lessons"]) == len(LESSONS)
    assert words in data["lessons"][0] + data["steps"][0]["text"]
    assert [s["before"] for s in data["steps"]] == walk()
    assert http.get("/learn").status_code == 200


def test_the_tutorial_game_is_an_ordinary_stored_game_played_through_the_api(tmp_path: Path) -> None:
    http = client(tmp_path / "games.sqlite3")
    data = http.get("/api/tutorial?lang=en").json()
    created = http.post("/api/games", json={"position": data["start"], "seed": data["seed"],
                                            "hotseat": True})
    assert created.status_code == 201, created.text
    sit(http, created.json())
    state: dict[str, Any] = created.json()
    texts: list[str] = []
    for step in data["steps"]:
        assert state["log_length"] == step["before"], step["n"]
        if step["do"]:
            legal = [item["notation"] for item in state["legal"]]
            assert all(notation in legal for notation in step["do"]), step["n"]
            answer = change(http, state["id"], "actions", {"version": state["version"],
                                                            "action": step["do"][0]})
        elif step["roll"]:
            answer = change(http, state["id"], "advance", {"version": state["version"],
                                                            "until": "roll"})
        else:
            continue
        assert answer.status_code == 200, answer.text
        state = answer.json()
        texts += [e["text"] for e in state["events"]]
    assert any("Uprising in Noricvm" in t for t in texts)
    assert any("secures the border in Sarmatia" in t for t in texts)
    assert state["awaiting"] == "entry" and not state["over"]  # Constantius's turn comes next
    assert START["turn"]["emperor"] == "Diocletian"
