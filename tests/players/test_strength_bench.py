"""bench/strength.py's options (issue 10): games with optional rules, the search's parameters and
its clock.  The script measures; these check that what it is asked is what it plays."""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from types import ModuleType

import pytest

from conftest import ROOT
from tetrarchia.players.heuristic import BarbarianHeuristicPlayer, HeuristicPlayer
from tetrarchia.players.search import SearchPlayer
from tetrarchia.players.seated import SeatedPlayer


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_strength", ROOT / "bench" / "strength.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


BENCH = _bench()


def test_the_search_parameters_and_the_cpu_clock() -> None:
    assert BENCH.parse_search("turns=3, refine=8") == (("turns", 3), ("refine", 8))
    with pytest.raises(SystemExit, match="'depth=2'"):
        BENCH.parse_search("depth=2")
    assert BENCH.parse_search("risk=0.25,risk=1") == (("risk", 0.25), ("risk", 1.0))
    with pytest.raises(SystemExit, match="'risk=half'"):
        BENCH.parse_search("risk=half")
    with pytest.raises(SystemExit, match=r"'turns=1\.5'"):
        BENCH.parse_search("turns=1.5")
    assert BENCH.make("search", 1, (("risk", 0.25),), True).risk == 0.25
    player = BENCH.make("search", 1, (("turns", 3), ("candidates", 4)), True)
    assert isinstance(player, SearchPlayer)
    assert (player.turns, player.candidates, player.clock) == (3, 4, time.process_time)
    assert BENCH.make("search", 1, (), False).clock is time.perf_counter


def test_games_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    # R11.1: the games are played with the Dux in play, every player on the same seeds
    assert BENCH.main(["--levels", "4211", "--players", "random,heuristic", "--games", "2",
                       "--options", "dux", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["args"]["options"] == "dux"
    assert [g["seed"] for g in record["games"]] == [1, 2, 1, 2]
    assert {g["player"] for g in record["games"]} == {"random", "heuristic"}
    with pytest.raises(Exception, match="nosuchoption"):
        BENCH.main(["--levels", "4211", "--players", "random", "--games", "1", "--options", "nosuchoption"])


def test_the_barbarian_seats_players_against_the_emperors_named(capsys: pytest.CaptureFixture[str]) -> None:
    """R12.6: ``--emperors`` seats the named player at the Emperors' seats of a barbarian-*
    player, whose Barbarian seat stays as named."""
    seated = BENCH.make("barbarian-heuristic", 1, (), False, "search")
    assert isinstance(seated, SeatedPlayer)
    assert isinstance(seated.emperors, SearchPlayer)
    assert isinstance(seated.barbarian, BarbarianHeuristicPlayer)
    assert isinstance(BENCH.make("barbarian-heuristic", 1, (), False).emperors, HeuristicPlayer)
    assert BENCH.main(["--levels", "4200", "--players", "barbarian-random", "--games", "1",
                       "--options", "barbaria", "--emperors", "random", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["args"]["emperors"] == "random" and len(record["games"]) == 1
    with pytest.raises(Exception, match="deep-blue"):
        BENCH.main(["--levels", "4200", "--players", "barbarian-random", "--games", "1",
                    "--options", "barbaria", "--emperors", "deep-blue"])
