"""tetrarchia calibrate (issue 12): setups and their canonical text, the results store (resume,
extend, refusal of a file that is not ours), paired seeds, the report's figures (Wilson intervals
worked by hand) and its determinism, and bad input refused in the game's words with nothing
written."""

from __future__ import annotations

import hashlib
import sqlite3
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tetrarchia.calibrate.report import (
    SetupStats,
    alike_by_dial,
    csv_text,
    headline,
    summarize,
    write_report,
)
from tetrarchia.calibrate.runner import in_process, pending_tasks, play_task, run
from tetrarchia.calibrate.setups import Setup, Task, make_setups, options_text
from tetrarchia.calibrate.store import GameRow, Store, StoreError
from tetrarchia.calibrate.wilson import wilson
from tetrarchia.cli.main import app
from tetrarchia.core.errors import OptionError
from tetrarchia.core.scoring import score
from tetrarchia.core.settings import Level, Settings
from tetrarchia.players.protocol import UNLIMITED, Budget
from tetrarchia.simulate import play_game, simulate

runner = CliRunner(env={"COLUMNS": "120"})
IDENTITY = ("0.1.0", "test")


def play_all(store: Store, setups: list[Setup], games: int, seed: int = 1) -> int:
    tasks = pending_tasks(store, setups, seed, games)
    return run(store, tasks, in_process, "1 local process", "test", identity=IDENTITY).stored


# --- setups -------------------------------------------------------------------------------------
def test_options_text_is_canonical() -> None:
    """Aliases resolved, requirements added, sorted: one text however the choice was typed."""
    assert options_text(Settings()) == ""
    assert options_text(Settings(options=("goths", "dvx"))) == "dux+goths"
    assert options_text(Settings(options=("dux", "goths"))) == "dux+goths"
    danubian = Settings(level=Level.parse("3222"), options=("danubian",),
                        params=(("danubian-wars.garrisons", "3"),))
    assert options_text(danubian) == "danubian-wars+goths;danubian-wars.garrisons=3"


def test_setups_levels_options_players() -> None:
    setups = make_setups(["all"], [], ["heuristic", "random"])
    assert len(setups) == 162 and {s.player for s in setups} == {"heuristic", "random"}
    assert make_setups([], [], []) == [Setup("4211", (), (), "heuristic")]
    # a scenario is played at its own level (R13), its garrisons parameter included
    scenarios = make_setups([], ["scenarios"], ["random"])
    assert [(s.level, s.text) for s in scenarios] == [
        ("4221", "carausian-revolt+pirates"), ("4222", "danubian-wars+goths"),
        ("4222", "great-persian-war+pirates"), ("4221", "mauretanian-war")]
    [low] = make_setups([], ["danubian-wars;danubian-wars.garrisons=3"], ["random"])
    assert low.level == "3222"
    assert len(make_setups(["4211"], ["variants"], [])) == 10


@pytest.mark.parametrize(("levels", "options", "players", "message"), [
    (["4219"], [], [], "'4219'"),
    (["42111"], [], [], "'42111'"),
    ([], [], ["wizard"], "unknown player 'wizard'"),
    ([], [], ["heuristic:10"], "the heuristic player does not sample dice"),
    ([], [], ["search:0"], "a whole number of 1 or more after the colon, e.g. search:10"),
    ([], [], ["search:ten"], "a whole number of 1 or more"),
    ([], [], ["wizard:10"], "unknown player 'wizard:10'"),
    ([], ["atlantis"], [], "'atlantis'"),
    (["4211"], ["mauretanian-war"], [], "played at its own level"),
    (["4311"], ["pirates"], [], "Pirates"),
    ([], ["dux;dux.speed"], [], "OPTION.PARAMETER=VALUE"),
])
def test_setups_refused_in_the_games_words(levels: list[str], options: list[str], players: list[str],
                                           message: str) -> None:
    with pytest.raises(OptionError, match=message.replace("(", r"\(")):
        make_setups(levels, options, players)


# --- the store ----------------------------------------------------------------------------------
def test_a_row_is_the_simulators_game(tmp_path: Path) -> None:
    """play_task plays simulate's game: the same seed gives the same result, length and score."""
    settings = Settings(level=Level.parse("5300"))
    report = simulate(settings, 3, 7, player="random")
    rows = [play_task(Task(Setup.of(settings, "random"), 7 + i)) for i in range(3)]
    assert [(r.rounds, r.turns, r.score) for r in rows] == [
        (g.rounds, g.turns, g.score) for g in report.records]
    assert [r.result == "win" for r in rows] == [g.result.is_victory for g in report.records]


def test_a_sampling_player_with_its_samples_per_decision() -> None:
    """Issue 29's ladder: ``search:2`` is the search with 2 samples per decision and no time
    limit, so its row is the simulator's game with that budget, the same every time."""
    settings = Settings(level=Level.parse("3122"))
    setup = Setup.of(settings, " Search:02 ")
    assert (setup.player, setup.player_name, setup.budget) == ("search:2", "search", Budget(simulations=2))
    assert Setup.of(settings, "search").budget == UNLIMITED
    row = play_task(Task(setup, 5))
    game = play_game(settings, 5, None, "search", Budget(simulations=2))
    assert (row.player, row.rounds, row.turns, row.score) == ("search:2", game.round, game.turns_played,
                                                              score(game).total)
    assert play_task(Task(setup, 5)).outcome() == row.outcome()


def test_a_run_says_when_the_rules_ran_compiled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same rows at another speed: the run's commit says which build played them."""
    setups = make_setups(["3122"], [], ["random"])
    with Store.open(tmp_path / "c.sqlite") as store:
        play_all(store, setups, 1)
        monkeypatch.setattr("tetrarchia.calibrate.runner.compiled_in_use", lambda: ["tetrarchia.core.engine"])
        play_all(store, setups, 2)
        assert [r.commit_hash for r in store.runs()] == ["test", "test (mypyc-compiled core)"]


def test_resume_and_extend(tmp_path: Path) -> None:
    setups = make_setups(["5300", "3122"], [], ["random"])
    with Store.open(tmp_path / "a.sqlite") as store:
        assert play_all(store, setups, 3) == 6
        assert play_all(store, setups, 3) == 0  # all stored: a rerun plays nothing
        assert play_all(store, setups, 5) == 4  # a larger --games extends
        extended = [r.outcome() for r in store.rows()]
        assert [r.id for r in store.runs()] == [1, 2, 3]
        assert [r.games for r in store.runs()] == [6, 0, 4]
    with Store.open(tmp_path / "b.sqlite") as store:
        play_all(store, setups, 5)
        assert [r.outcome() for r in store.rows()] == extended


def test_merge_stores_played_over_other_seeds(tmp_path: Path) -> None:
    """Two machines, each its half of the seeds: merged, the same games as one run over all."""
    setups = make_setups(["5300", "3122"], [], ["random"])
    with Store.open(tmp_path / "whole.sqlite") as store:
        play_all(store, setups, 6, seed=1)
        whole = [r.outcome() for r in store.rows()]
    with Store.open(tmp_path / "low.sqlite") as store:
        play_all(store, setups, 3, seed=1)
    with Store.open(tmp_path / "high.sqlite") as store:
        play_all(store, setups, 4, seed=3)  # seed 3 is in both halves
    result = runner.invoke(app, ["calibrate", "merge", str(tmp_path / "low.sqlite"),
                                 str(tmp_path / "high.sqlite")])
    assert result.exit_code == 0, result.output
    assert "6 games added, 2 already in" in result.output  # seeds 4-6 added; seed 3 twice
    with Store.read(tmp_path / "low.sqlite") as store:
        assert [r.outcome() for r in store.rows()] == whole
        runs = store.runs()
        assert len(runs) == 2 and runs[1].games == 6 and "merged from high.sqlite" in runs[1].command


def test_merge_refuses_stores_that_disagree(tmp_path: Path) -> None:
    """A seed decides a game: two stores that differ on one were not played alike; nothing is
    written."""
    setups = make_setups(["5300"], [], ["random"])
    for name in ("a.sqlite", "b.sqlite"):
        with Store.open(tmp_path / name) as store:
            play_all(store, setups, 3, seed=1)
    with sqlite3.connect(tmp_path / "b.sqlite") as db:
        db.execute("UPDATE games SET turns = turns + 1 WHERE seed = 2")
        db.execute("DELETE FROM games WHERE seed = 3")
    with sqlite3.connect(tmp_path / "a.sqlite") as db:
        db.execute("DELETE FROM games WHERE seed = 3")
    before = hashlib.sha256((tmp_path / "a.sqlite").read_bytes()).hexdigest()
    with Store.open(tmp_path / "a.sqlite") as target, Store.read(tmp_path / "b.sqlite") as source:
        with pytest.raises(StoreError, match="disagree on the game of seed 2 at level 5300"):
            target.merge(source)
        assert target.count() == 2 and len(target.runs()) == 1
    assert hashlib.sha256((tmp_path / "a.sqlite").read_bytes()).hexdigest() == before


def test_paired_seeds(tmp_path: Path) -> None:
    """Game i of every level and player uses seed base + i."""
    setups = make_setups(["5300", "4211"], [], ["random", "heuristic"])
    with Store.open(tmp_path / "s.sqlite") as store:
        play_all(store, setups, 3, seed=40)
        for setup in setups:
            assert store.seeds(setup.level, setup.text, setup.player) == {40, 41, 42}
    tasks = pending_tasks(Store.open(tmp_path / "t.sqlite"), setups, 40, 2)
    # interleaved: game i of every setup before game i + 1 of any
    assert [t.seed for t in tasks] == [40, 40, 40, 40, 41, 41, 41, 41]


def test_store_refuses_a_file_that_is_not_ours(tmp_path: Path) -> None:
    text = tmp_path / "notes.sqlite"
    text.write_text("Diocletian's notes", encoding="utf-8")
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE meta (key TEXT, value TEXT)")
        db.execute("INSERT INTO meta VALUES ('format', 'someone-else')")
    db.close()
    before = {p: p.read_bytes() for p in (text, other)}
    for path in (text, other):
        with pytest.raises(StoreError, match="is not a results store of tetrarchia calibrate"):
            Store.open(path)
        with pytest.raises(StoreError, match="is not a results store"):
            Store.read(path)
    assert {p: p.read_bytes() for p in (text, other)} == before
    with pytest.raises(StoreError, match="no results store"):
        Store.read(tmp_path / "missing.sqlite")


# --- the report ---------------------------------------------------------------------------------
def rows_by_hand(store: Store) -> None:
    """5300: 8 wins of 12; 3122: 0 of 10 (7 army in Roma, 3 reserve empty)."""
    for seed in range(1, 13):
        won = seed <= 8
        store.add(GameRow("5300", "", "heuristic", seed, "win" if won else "loss",
                          "" if won else "army-in-roma", 6, 20, 10 if won else -5, 0.05), 1)
    for seed in range(1, 11):
        cause = "army-in-roma" if seed <= 7 else "reserve-empty"
        store.add(GameRow("3122", "", "heuristic", seed, "loss", cause, 3, 10, -9, 0.05), 1)
    store.add(GameRow("4221", "mauretanian-war", "heuristic", 1, "win", "", 8, 30, 10, 0.1), 1)
    store.add(GameRow("4211", "imperivm", "heuristic", 1, "loss", "reserve-empty", 4, 14, -3, 0.1), 1)
    # the search player on seeds 7-14 of 5300: it wins 7, 8 (both won), 9, 10 (only it), not 11-14
    for seed in range(7, 15):
        won = seed <= 10
        store.add(GameRow("5300", "", "search", seed, "win" if won else "loss",
                          "" if won else "reserve-empty", 6, 20, 0, 1.0), 1)


def test_wilson_worked_by_hand() -> None:
    # 8 of 12: p = 2/3, z² = 3.8415; centre (p + z²/24) / (1 + z²/12) = 0.62626,
    # half 1.96·sqrt(p(1-p)/12 + z²/576) / (1 + z²/12) = 0.23564
    low, high = wilson(8, 12)
    assert (round(low, 4), round(high, 4)) == (0.3906, 0.8619)
    # 0 of 10: centre = half = (z²/20) / (1 + z²/10) = 0.13877
    assert tuple(round(x, 4) for x in wilson(0, 10)) == (0.0, 0.2775)
    assert wilson(0, 0) == (0.0, 1.0)


def test_report_on_a_small_store(tmp_path: Path) -> None:
    with Store.open(tmp_path / "r.sqlite") as store:
        store.start_run("0.1.0", "test", "2026-11-23 18:00:00 UTC", "1 local process", "by hand")
        rows_by_hand(store)
        stats = summarize(store)
    text = csv_text(stats).splitlines()
    assert text[1:] == [
        "3122,,heuristic,10,0,0.0000,0.0000,0.2775,7,3,0,3.000,10.000,-9.000",
        "4211,imperivm,heuristic,1,0,0.0000,0.0000,0.7935,0,1,0,4.000,14.000,-3.000",
        "4221,mauretanian-war,heuristic,1,1,1.0000,0.2065,1.0000,0,0,0,8.000,30.000,10.000",
        "5300,,heuristic,12,8,0.6667,0.3906,0.8619,4,0,0,6.000,20.000,5.000",
        "5300,,search,8,4,0.5000,0.2152,0.7848,0,4,0,6.000,20.000,0.000",
    ]
    written = write_report(tmp_path / "r.sqlite", tmp_path / "out")
    assert [p.name for p in written] == ["difficulty.md", "difficulty.csv", "difficulty.png",
                                         "difficulty.svg"]
    md = (tmp_path / "out" / "difficulty.md").read_text(encoding="utf-8")
    assert "5300 | 12 | 66.7% | 39.1-86.2% | 33.3% | 0.0% | 6.00 | 20.00" in md
    assert "3122 | 10 | 0.0% | 0.0-27.8% | 70.0% | 30.0% | 3.00 | 10.00" in md
    assert "Easiest level for the heuristic player: **5300**, 66.7% won" in md
    assert "Hardest: 1 level without a single win: **3122** (0.0-27.8%, 10 games)." in md
    assert "Mauretanian War (296-298) | 4221 | heuristic | 1 | 100.0%" in md
    assert "Imperivm | heuristic | 1 | 0.0%" in md
    # paired: seeds 7-12 played by both; heuristic won 7, 8; search won 7-10 -> only search: 9, 10
    assert "5300 | base game | 6 | heuristic | 33.3% | search | 66.7% | 0 | 2" in md
    # issue 29: the ladder, a level played by two players, the weaker (over the ladder) first
    ladder = md.split("## The AI ladder\n\n")[1].split("\n## ")[0]
    assert "level | search | heuristic\n--- | --- | ---\n" \
           "5300 | 50.0% (21.5-78.5%, 8) | 66.7% (39.1-86.2%, 12)\n" in ladder
    # the same store writes the same files, byte for byte (the pictures too)
    svg = (tmp_path / "out" / "difficulty.svg").read_text(encoding="utf-8")
    assert ">67%</text>" in svg and ">0%</text>" in svg  # issue 29: the numbers are text
    first = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in written}
    again = write_report(tmp_path / "r.sqlite", tmp_path / "out")
    assert {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in again} == first


def test_the_ladder_orders_a_players_sample_counts_and_pairs_them(tmp_path: Path) -> None:
    """Issue 29's ladder and issue 28's curve: search:3, search:10 and search:32 side by side,
    fewest samples first, each paired with its larger counts on the seeds they share."""
    with Store.open(tmp_path / "l.sqlite") as store:
        store.start_run("0.1.0", "test", "2026-11-27 16:00:00 UTC", "1 local process", "by hand")
        for seed in range(1, 11):
            for player, wins in (("heuristic", 2), ("search:32", 8), ("search:3", 5), ("search:10", 7)):
                won = seed <= wins
                store.add(GameRow("4211", "", player, seed, "win" if won else "loss",
                                  "" if won else "army-in-roma", 5, 18, 0, 0.1), 1)
            store.add(GameRow("4200", "", "heuristic", seed, "win", "", 5, 18, 9, 0.1), 1)
    write_report(tmp_path / "l.sqlite", tmp_path / "out", picture=False)
    md = (tmp_path / "out" / "difficulty.md").read_text(encoding="utf-8")
    ladder = md.split("## The AI ladder\n\n")[1].split("\n## ")[0]
    assert "`search:3`, `search:10` and `search:32`: the search player with 3 / 10 / 32 sampled" in ladder
    assert "level | heuristic | search:3 | search:10 | search:32\n" in ladder
    assert "4211 | 20.0% (5.7-51.0%, 10) | 50.0%" in ladder and "4200 |" not in ladder
    assert "4211 | base game | 10 | search:3 | 50.0% | search:10 | 70.0% | 0 | 2" in md
    assert "4211 | base game | 10 | search:10 | 70.0% | search:32 | 80.0% | 0 | 1" in md
    assert "| search:10 | 70.0% | search:3 |" not in md  # each pair once, the fewer samples first


def stats(level: str, wins: int, games: int = 100, rounds: int = 500) -> SetupStats:
    return SetupStats(level, "", "heuristic", games, wins, games - wins, 0, 0, rounds, 0, 0)


@pytest.mark.parametrize(("levels", "easiest", "hardest"), [
    ([stats("5300", 66), stats("4300", 66, rounds=600), stats("3122", 2), stats("3222", 3)],
     "Easiest levels for the heuristic player: **4300** and **5300**, tied at 66.0% won",
     "Hardest: **3122**, 2.0% won (0.6-7.0%, 100 games)."),
    ([stats("5300", 70), stats("3122", 2), stats("3121", 2), stats("3222", 2)],
     "Easiest level for the heuristic player: **5300**, 70.0% won",
     "Hardest: **3121**, **3122** and **3222**, tied at 2.0% won (0.6-7.0%, 100 games each)."),
    ([stats("5300", 70), stats("3122", 0), stats("3121", 0)],
     "Easiest level for the heuristic player: **5300**",
     "Hardest: 2 levels without a single win: **3121** and **3122** (0.0-3.7%, 100 games)."),
], ids=["tie-at-the-top", "tie-at-the-bottom", "no-win"])
def test_the_headline_states_ties(levels: list[SetupStats], easiest: str, hardest: str) -> None:
    """Issue 29: 4300 and 5300 won exactly as often; the headline named 4300 alone."""
    lines = headline({s.level: s for s in levels}, "heuristic")
    assert lines[0].startswith(f"- {easiest}") and lines[1] == f"- {hardest}"


# --- the command line -----------------------------------------------------------------------------
def test_cli_run_resume_and_report(tmp_path: Path) -> None:
    store = tmp_path / "c.sqlite"
    args = ["calibrate", "--store", str(store), "--level", "5300,3122", "--player", "random",
            "--games", "3", "--jobs", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "0 stored, 6 to play" in result.output and "6 games stored" in result.output
    assert "5300" in result.output and "random" in result.output  # the summary table
    result = runner.invoke(app, [*args[:-4], "--games", "4", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert "6 stored, 2 to play" in result.output
    result = runner.invoke(app, ["calibrate", "report", str(store), "--out", str(tmp_path / "d"),
                                 "--no-picture"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "d").iterdir()) == ["difficulty.csv", "difficulty.md"]


@pytest.mark.parametrize(("args", "message"), [
    (["--level", "4219"], "'4219'"),
    (["--player", "wizard"], "unknown player 'wizard'"),
    (["--options", "atlantis"], "'atlantis'"),
])
def test_cli_bad_input_writes_nothing(tmp_path: Path, args: list[str], message: str) -> None:
    store = tmp_path / "x.sqlite"
    result = runner.invoke(app, ["calibrate", "--store", str(store), "--games", "1", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert not store.exists()


def test_cli_refuses_a_store_that_is_not_ours(tmp_path: Path) -> None:
    notes = tmp_path / "notes.db"
    notes.write_text("Diocletian's notes", encoding="utf-8")
    for args in (["calibrate", "--store", str(notes), "--games", "1"],
                 ["calibrate", "report", str(notes), "--out", str(tmp_path / "d")]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2
        assert "is not a results store of tetrarchia calibrate" in result.output
    assert notes.read_text(encoding="utf-8") == "Diocletian's notes"
    assert not (tmp_path / "d").exists()


def test_missing_extras_are_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without Dask or matplotlib the command says which extra to install (the core install has
    neither)."""
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed raises ImportError
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    result = runner.invoke(app, ["calibrate", "--store", str(tmp_path / "x.sqlite"), "--games", "1",
                                 "--cluster", "tcp://127.0.0.1:9"])
    assert result.exit_code == 2
    assert "pip install 'tetrarchia[cluster]'" in result.output
    assert not (tmp_path / "x.sqlite").exists()
    with Store.open(tmp_path / "r.sqlite") as store:
        store.start_run("0.1.0", "test", "2026-11-23 18:00:00 UTC", "1 local process", "by hand")
        rows_by_hand(store)
    result = runner.invoke(app, ["calibrate", "report", str(tmp_path / "r.sqlite"),
                                 "--out", str(tmp_path / "d")])
    assert result.exit_code == 2
    assert "pip install 'tetrarchia[calibrate]'" in result.output
    assert not (tmp_path / "d").exists()


def test_alike_by_dial(tmp_path: Path) -> None:
    """5300 and 3300 differ only in G (its easiest and hardest value): seeds 1 and 2 play out
    alike, seed 3 does not; seed 4 has no pair.  5300 and 5100 (F) share no alike game."""
    with Store.open(tmp_path / "a.sqlite") as store:
        for level, seed, rounds in (("5300", 1, 5), ("5300", 2, 6), ("5300", 3, 7), ("5300", 4, 7),
                                    ("3300", 1, 5), ("3300", 2, 6), ("3300", 3, 4),
                                    ("5100", 1, 3), ("5100", 2, 3)):
            store.add(GameRow(level, "", "heuristic", seed, "win", "", rounds, 4 * rounds, 10, 0.1), 1)
        alike = alike_by_dial(store, "heuristic")
    assert alike == {"G": (2, 3), "F": (0, 2), "R": (0, 0), "A": (0, 0)}
