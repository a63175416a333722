"""The table players feed (issue 29 item 4, web/players_table.py): a finished game's row, kept
once, nothing personal in it; the players' rates with their Wilson interval beside the AI
ladder's; GET /api/players-table; on SQLite and on PostgreSQL."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect, text
from starlette.testclient import TestClient
from typer.testing import CliRunner

from tetrarchia.calibrate.wilson import wilson
from tetrarchia.cli.main import app
from tetrarchia.core.state import Result
from tetrarchia.web.difficulty import measured
from tetrarchia.web.players_table import (
    FinishedGameRow,
    PlayersRate,
    PlayersTable,
    players_rates,
    read_rates,
)
from web_helpers import change, client, empty_tables, new_game, step

pytestmark = pytest.mark.timeout(180)


@pytest.fixture(params=["sqlite", "postgresql"])
def http(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    if request.param == "sqlite":
        with client(tmp_path / "games.sqlite3") as http:
            yield http
        return
    with client(request.getfixturevalue("postgres_database")) as http:
        empty_tables(http)
        with http.app.state.store.engine.begin() as connection:  # type: ignore[attr-defined]
            connection.execute(text("DELETE FROM finished_games"))
        yield http


def play_to_the_end(http: TestClient, seed: int, **settings: Any) -> dict[str, Any]:
    state = new_game(http, seed=seed, **settings)
    chooser = random.Random(seed)
    while state["awaiting"] != "nothing":
        state = step(http, state, chooser, [])
    return state


def table_of(http: TestClient) -> PlayersTable:
    return PlayersTable(http.app.state.store)  # type: ignore[attr-defined]


def test_a_finished_game_leaves_one_row_and_nothing_personal(http: TestClient) -> None:
    state = play_to_the_end(http, 5, level="4300", players=2)
    rows = table_of(http).rows()
    assert len(rows) == 1
    row = rows[0]
    live = http.app.state.authority.get(state["id"])  # type: ignore[attr-defined]
    final = live.game.state
    assert (row.game_id, row.level, row.options, row.players, row.ai_seats) == \
        (state["id"], "4300", "", 2, 0)
    assert row.result == final.result.name.lower() != Result.ONGOING.name.lower()
    assert row.won == int(final.result.is_victory)
    assert (row.rounds, row.turns) == (final.round, final.turns_played)
    with http.app.state.store.engine.connect() as connection:  # type: ignore[attr-defined]
        columns = {c["name"] for c in inspect(connection).get_columns("finished_games")}
    assert columns == {"game_id", "finished", "level", "options", "players", "ai_seats",
                       "result", "won", "score", "rounds", "turns"}  # no name, token or address

    answer = http.get("/api/players-table").json()
    assert answer["games"] == 1
    (entry,) = answer["levels"]
    low, high = wilson(row.won, 1)
    assert entry["players"] == {"player": "players", "games": 1, "wins": row.won,
                                "rate": float(row.won), "low": round(low, 4), "high": round(high, 4)}
    heuristic, _search = measured()
    assert entry["level"] == "4300" and entry["heuristic"] == heuristic["4300"].to_json()


def forget(http: TestClient, game_id: str) -> None:
    with http.app.state.store.engine.begin() as connection:  # type: ignore[attr-defined]
        connection.execute(text("DELETE FROM finished_games WHERE game_id = :id"), {"id": game_id})


def test_a_game_begun_from_a_position_is_no_game_of_a_level(http: TestClient) -> None:
    state = play_to_the_end(http, 3)
    table = table_of(http)
    forget(http, state["id"])
    live = http.app.state.authority.get(state["id"])  # type: ignore[attr-defined]
    live.game.fresh = False  # as a game begun from an imported position
    table.ended(live)
    assert table.rows() == []


def test_a_game_told_twice_keeps_one_row(http: TestClient) -> None:
    state = play_to_the_end(http, 6)
    table = table_of(http)
    live = http.app.state.authority.get(state["id"])  # type: ignore[attr-defined]
    table.ended(live)
    table.ended(live)
    assert [row.game_id for row in table.rows()] == [state["id"]]


def test_the_rates_count_the_players_games_alone() -> None:
    def row(level: str, won: int, ai: int = 0, options: str = "") -> FinishedGameRow:
        return FinishedGameRow(game_id=f"{level}{won}{ai}{options}", finished=0.0, level=level,
                               options=options, players=1, ai_seats=ai, result="x", won=won,
                               score=0, rounds=1, turns=1)

    rows = [row("4211", 1), row("4211", 0), row("4211", 1, ai=1), row("4211", 1, options="dux"),
            row("3122", 0)]
    assert players_rates(rows) == [PlayersRate("3122", "", 1, 0), PlayersRate("4211", "", 2, 1),
                                   PlayersRate("4211", "dux", 1, 1)]


def test_read_rates_opens_a_servers_database(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with client(database) as http:
        play_to_the_end(http, 5, level="4300", players=2)
    (rate,) = read_rates(database)
    assert (rate.level, rate.options, rate.games) == ("4300", "", 1)


def test_calibrate_report_shows_the_players_beside_the_ladder(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with client(database) as http:
        won = [play_to_the_end(http, seed, level="4300") for seed in (5, 6)]
    ladder = tmp_path / "ladder.sqlite"
    runner = CliRunner(env={"COLUMNS": "120"})
    made = runner.invoke(app, ["calibrate", "--store", str(ladder), "--level", "4300", "--player",
                               "random", "--games", "3", "--jobs", "1"])
    assert made.exit_code == 0, made.output
    result = runner.invoke(app, ["calibrate", "report", str(ladder), "--out", str(tmp_path / "out"),
                                 "--no-picture", "--players", str(database)])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "out" / "difficulty.md").read_text("utf-8")
    assert "## The players' games beside the AI ladder" in text
    assert f"`games.sqlite3` ({len(won)} games;" in text
    assert "4300 | base game | 2 | 0.0% | 0.0-65.8% | 0.0% (0.0-56.1%, 3)" in text
    missing = runner.invoke(app, ["calibrate", "report", str(ladder), "--out", str(tmp_path / "x"),
                                  "--players", str(tmp_path / "none.sqlite3")])
    assert missing.exit_code != 0 and "no server database at" in missing.output
    assert not (tmp_path / "x").exists()


# R8: five borders secured, Diocletian in Libya with 6 IP: securing it wins (Roma Victrix)
ONE_FROM_VICTORY = {
    "format": "tetrarchia-position", "version": 2,
    "discs": {"gaetvlia": "garrison Diocletian", "britannia": "garrison Galerius",
              "germania magna": "garrison Constantius", "sarmatia": "garrison Maximian",
              "persia": "garrison Diocletian"},
    "emperors": {"Diocletian": "libya"}, "turn": {"emperor": "Diocletian", "ip": 6}}


def test_a_won_game_is_kept_once_and_its_end_is_final(http: TestClient) -> None:
    """Through the API: the winning action ends the game (a row, won); its undo is refused (a
    finished game takes no change), the row stays.  The game begins from a position, which the
    table would not keep: the test lets it count as a level's game."""
    state = new_game(http, seed=4, level="4211", position=ONE_FROM_VICTORY)
    live = http.app.state.authority.get(state["id"])  # type: ignore[attr-defined]
    live.game.fresh = True
    table = table_of(http)
    won = {"version": state["version"], "action": "Diocletian secures Libya"}
    after = change(http, state["id"], "actions", won).json()
    assert after["awaiting"] == "nothing"
    assert [(r.game_id, r.won, r.result) for r in table.rows()] == [(state["id"], 1, "roma_victrix")]
    undone = change(http, state["id"], "undo", {"version": after["version"]})
    assert undone.status_code == 410 and undone.json()["error"]["code"] == "game_over"
    assert len(table.rows()) == 1
