"""Game analysis (issue 24, items 3 and 4): the decisions judged by the search, the costliest
marked with the better action, the Barbarian phases on the chart, why the game ended; the
``tetrarchia analyse`` command and its refusal of a bad save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from analysis_helpers import WALKS_AWAY, limit, lost_by_empty_reserve, lost_by_walking_away
from conftest import TESTS
from tetrarchia.cli.main import app
from tetrarchia.core.board import default_board
from tetrarchia.core.pieces import UNREST
from tetrarchia.game import Game
from tetrarchia.players.analysis import MISTAKE, analyse

runner = CliRunner()
SAVES = TESTS / "saves" / "format1"


def test_the_decision_built_to_be_a_mistake_is_marked_with_the_better_action() -> None:
    """R5.5, R7.3: walking away from the army one step from Roma loses the game; attacking it
    (or standing in its way) keeps a chance.  The walk is the costliest decision."""
    with limit(60):
        game = lost_by_walking_away()
        result = analyse(game.start, game.log, seconds=None, samples=6, seed=1)
    walk = result.decisions[0]
    assert walk.played == WALKS_AWAY
    assert walk.mistake and walk.loss >= MISTAKE
    assert walk.after < 0.05 < walk.best_chance  # nothing stops the army after the walk
    assert walk.best is not None and walk.best != WALKS_AWAY
    assert any("attacks Etrvria" in a for a in walk.best_plan)  # R5.5: the better plan attacks it
    assert result.mistakes[0] is walk or result.mistakes[0].loss >= walk.loss
    assert result.to_json()["mistakes"][0] == result.mistakes[0].number


def test_deterministic_with_a_seed() -> None:
    with limit(60):
        game = lost_by_walking_away()
        first = analyse(game.start, game.log, seconds=None, samples=4, seed=7).to_json()
        again = analyse(game.start, game.log, seconds=None, samples=4, seed=7).to_json()
    first.pop("seconds")
    again.pop("seconds")
    assert first == again


def test_why_it_ended_names_the_army_and_its_road() -> None:
    """R7.3, R8: the army in Etrvria entered Roma; it could have been attacked in Maximian's
    phase of round 1 (R5.5), the last moment to stop it."""
    board = default_board()
    with limit(60):
        game = lost_by_walking_away()
        ending = analyse(game.start, game.log, seconds=None, samples=2).ending
    assert ending.result == "army-in-roma"
    assert ending.province == board.province("etrvria").index
    assert ending.army is not None
    assert ending.army.road == [board.province("etrvria").index, board.roma]
    assert [(m.round, m.emperor) for m in ending.army.could_attack] == [(1, 3)]
    data = ending.to_json()
    assert data["army"]["last_attack"] == {"round": 1, "emperor": 3, "log": 0}


def test_why_it_ended_names_the_reserve_on_a_reserve_dry_defeat() -> None:
    """R8: the unrest reserve ran dry at the Barbarian activity (R7.2)."""
    with limit(60):
        game = lost_by_empty_reserve()
        result = analyse(game.start, game.log, seconds=None, samples=2)
    ending = result.ending
    assert ending.result == "reserve-empty"
    assert ending.reserve is not None and ending.reserve.disc == UNREST
    assert ending.to_json()["reserve"]["reserve"] == "unrest"
    assert ending.army is None


def test_the_chart_marks_the_barbarian_phase_and_its_dice() -> None:
    with limit(60):
        game = lost_by_walking_away()
        result = analyse(game.start, game.log, seconds=None, samples=2)
    assert [p["number"] for p in result.chart] == [d.number for d in result.decisions]
    mark = result.barbarian[0]
    assert mark.after_decision == len(result.decisions) - 1
    assert mark.dice and all(1 <= d <= 6 for roll in mark.dice for d in roll)
    assert mark.chance_after == 0.0  # the game was lost in it


def test_a_saved_game_is_analysed_by_the_command_with_json(tmp_path: Path) -> None:
    path = SAVES / "base-barbarian-phase.game.json"
    before = path.read_bytes()
    with limit(120):
        result = runner.invoke(app, ["analyse", str(path), "--samples", "2", "--seconds", "0.1",
                                     "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["format"] == "tetrarchia-analysis" and data["result"] == "ongoing"
    assert len(data["decisions"]) == len(data["chart"]) > 10
    assert all(0 <= p["before"] <= 1 and 0 <= p["after"] <= 1 for p in data["chart"])
    assert data["barbarian"] and data["barbarian"][0]["dice"]
    assert path.read_bytes() == before


def test_the_command_tells_the_mistake_and_why_it_ended(tmp_path: Path) -> None:
    path = tmp_path / "lost.json"
    lost_by_walking_away().save(path)
    with limit(60):
        result = runner.invoke(app, ["analyse", str(path), "--samples", "4"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "The decisions that cost the most" in text and WALKS_AWAY in text
    assert "an army entered Roma from Etrvria" in text and "Etrvria → Roma" in text
    assert "after the Barbarian phase's dice" in text  # the chart's columns after the phase


@pytest.mark.parametrize("command", ["analyse", "advise"])
@pytest.mark.parametrize(("content", "words"), [
    pytest.param('{"format": "chess"}', "not a saved TETRARCHIA game", id="foreign"),
    pytest.param('{"format": "tetrarchia-game", "version": 2, "log": ["fly to the moon"]}',
                 "log entry 1", id="corrupted-log"),
    pytest.param("{not json", "", id="not-json"),
])
def test_a_bad_save_gets_the_same_refusal_as_load(tmp_path: Path, command: str, content: str,
                                                  words: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with limit(30):
        loaded = runner.invoke(app, ["play", "--load", str(path)], input="")
        result = runner.invoke(app, [command, str(path)])
    assert result.exit_code == loaded.exit_code == 2
    assert result.output.strip() == loaded.output.strip()
    assert words in result.output and result.output.startswith("Error: ")


def test_an_ongoing_game_is_analysed_up_to_now() -> None:
    with limit(60):
        game = Game.load(SAVES / "base-barbarian-phase.game.json")
        result = analyse(game.start, game.log, seconds=None, samples=2)
    assert result.ending.result == "ongoing" and result.log_length == len(game.log)


def test_two_workers_give_the_same_figures_and_the_progress_is_told() -> None:
    told: list[tuple[int, int]] = []
    with limit(120):
        game = lost_by_walking_away()
        alone = analyse(game.start, game.log, seconds=None, samples=4, seed=3).to_json()
        pooled = analyse(game.start, game.log, seconds=None, samples=4, seed=3, workers=2,
                         progress=lambda done, total: told.append((done, total))).to_json()
    alone.pop("seconds")
    pooled.pop("seconds")
    assert pooled == alone
    assert told[0] == (0, 2) and told[-1] == (2, 2)
