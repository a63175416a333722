"""The AI in the command line (issue 10): ``tetrarchia advise SAVEFILE``, ``play --ai``, ``hint``."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tetrarchia.cli.main import app
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting
from tetrarchia.game import Game

runner = CliRunner()


def _saved_at_roman_phase(path: Path) -> None:
    game = Game.new(Settings(level=Level.parse("4200")), seed=3)
    while game.state.awaiting is not Awaiting.ROMAN_ACTION:
        if game.state.awaiting is Awaiting.ROLL:
            game.roll()
        else:
            game.play(game.legal_actions()[0])
    game.save(path)


def test_advise_lists_the_best_actions_and_leaves_the_save_alone(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    _saved_at_roman_phase(path)
    before = path.read_bytes()
    result = runner.invoke(app, ["advise", str(path), "--count", "2", "--games", "4"])
    assert result.exit_code == 0, result.output
    assert "Hint for Diocletian" in result.output
    assert "1. Diocletian " in result.output and "2. Diocletian " in result.output
    assert path.read_bytes() == before


def test_advise_refuses_a_missing_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["advise", str(tmp_path / "nowhere.json")])
    assert result.exit_code == 2


def test_play_with_the_ai_at_every_seat_explains_each_move() -> None:
    result = runner.invoke(app, ["play", "--level", "4200", "--seed", "2", "--ai",
                                 "diocletian,galerius,constantius,maximian", "--ai-player", "heuristic"],
                           input="\n")
    assert result.exit_code == 0, result.output
    assert "AI (Diocletian) Diocletian " in result.output
    assert "The end" in result.output


def test_play_refuses_an_unknown_ai_seat() -> None:
    result = runner.invoke(app, ["play", "--ai", "nero"])
    assert result.exit_code == 2
    assert "'nero' is no seat" in result.output


def test_hint_in_the_terminal_game() -> None:
    result = runner.invoke(app, ["play", "--level", "4200", "--seed", "2"],
                           input="1\n1\n1\nhint\nquit\n\n")
    assert result.exit_code == 0, result.output
    assert "Hint for Diocletian" in result.output


@pytest.mark.parametrize(("asked", "said"), [
    pytest.param("0.5", "Thinking for 0.5 s", id="seconds"),
    pytest.param("soon", "Refused: hint takes the seconds to think, 0.1 to 60: hint 5, not hint soon",
                 id="not-a-number"),
    pytest.param("600", "Refused: hint takes the seconds to think, 0.1 to 60: hint 5, not hint 600",
                 id="too-long"),
])
def test_hint_takes_its_seconds_in_the_terminal(asked: str, said: str) -> None:
    started = time.monotonic()
    result = runner.invoke(app, ["play", "--level", "4200", "--seed", "2"],
                           input=f"1\n1\n1\nhint {asked}\nquit\n\n")
    assert result.exit_code == 0, result.output
    assert said in result.output.replace("\n", " ") or said in result.output
    assert ("Hint for Diocletian" in result.output) == (asked == "0.5")
    assert time.monotonic() - started < 60


def test_advise_with_a_count_of_continuations_shows_the_intervals(tmp_path: Path) -> None:
    started = time.monotonic()
    path = tmp_path / "game.json"
    _saved_at_roman_phase(path)
    result = runner.invoke(app, ["advise", str(path), "--count", "2", "--games", "8"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "over 8 continuations" in text
    assert "95%:" in text or "equally good within the dice's noise" in text
    assert time.monotonic() - started < 60
