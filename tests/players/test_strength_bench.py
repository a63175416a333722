"""bench/strength.py's options (issue 10): games with optional rules, the search's parameters and
its clock.  The script measures; these check that what it is asked is what it plays."""

from __future__ import annotations

import inspect
import json
import random
import time
from pathlib import Path
from types import ModuleType

import pytest

from conftest import ROOT, load_script
from tetrarchia.core.actions import Roll
from tetrarchia.core.dice import SeededDice
from tetrarchia.core.engine import apply_trusted, legal_actions, new_game
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting
from tetrarchia.players import Budget
from tetrarchia.players.heuristic import BarbarianHeuristicPlayer, HeuristicPlayer
from tetrarchia.players.search import PlanPlayer, SearchPlayer
from tetrarchia.players.seated import SeatedPlayer


def _bench() -> ModuleType:
    return load_script(ROOT / "bench" / "strength.py", "bench_strength")


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
    planner = BENCH.make("plan", 1, (("beam", 2),), True)  # the beam's best plan, no dice
    assert isinstance(planner, PlanPlayer) and planner.beam == 2
    # every number the search takes can be set from the command line (``exact`` was missing:
    # its first screen stopped at the argument's refusal)
    numbers = [name for name in inspect.signature(SearchPlayer).parameters
               if name not in ("seed", "weights", "clock")]
    assert sorted(numbers) == sorted(BENCH.SEARCH_PARAMETERS)
    assert BENCH.make("search", 1, BENCH.parse_search("exact=1"), True).exact == 1


def test_games_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    # R11.1: the games are played with the Dux in play, every player on the same seeds
    assert BENCH.main(["--levels", "4211", "--players", "random,heuristic", "--games", "2",
                       "--options", "dux", "--json"]) == 0
    out, err = capsys.readouterr()
    record = json.loads(out)  # the progress is on standard error: the JSON stays whole
    assert record["args"]["options"] == "dux"
    progress = err.splitlines()
    assert len(progress) == 4 and progress[0].startswith("[1/4] 4211 random seed 1: ")
    assert progress[-1].startswith("[4/4] 4211 heuristic seed 2: ") and "left" in progress[-1]
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


def test_a_run_is_paired_with_an_earlier_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--against FILE`` (issue 28: a version of the search against the baseline's saved games):
    each player of this run counted, setup by setup (level and seed), against the save's games."""
    random_run = tmp_path / "random.json"
    assert BENCH.main(["--levels", "4200", "--players", "random", "--games", "6", "--json",
                       "--save", str(random_run)]) == 0
    capsys.readouterr()
    assert BENCH.main(["--levels", "4200", "--players", "heuristic", "--games", "6", "--seed", "3",
                       "--json", "--against", str(random_run)]) == 0
    record = json.loads(capsys.readouterr().out)
    heuristic = {g["seed"]: g["result"] == "ROMA_VICTRIX" for g in record["games"]}
    earlier = {g["seed"]: g["result"] == "ROMA_VICTRIX" for g in json.loads(random_run.read_text())["games"]}
    common = sorted(set(heuristic) & set(earlier))
    assert common == [3, 4, 5, 6]  # seeds 1-6 against 3-8: the setups both played
    expected = [sum(heuristic[s] and not earlier[s] for s in common),
                sum(earlier[s] and not heuristic[s] for s in common), 4]
    assert record["against"] == {"4200": {"heuristic": expected}}
    both = tmp_path / "both.json"
    assert BENCH.main(["--levels", "4200", "--players", "random,heuristic", "--games", "1", "--json",
                       "--save", str(both)]) == 0
    with pytest.raises(SystemExit, match="holds the games of heuristic, random"):
        BENCH.main(["--levels", "4200", "--players", "heuristic", "--games", "1", "--against", str(both)])
    (tmp_path / "bad.json").write_text("{}")
    with pytest.raises(SystemExit, match=r"is not a save of bench/strength\.py"):
        BENCH.main(["--levels", "4200", "--players", "heuristic", "--games", "1",
                    "--against", str(tmp_path / "bad.json")])


def test_the_dice_known_bound_reads_the_game_s_dice_without_drawing_them() -> None:
    # issue 28's bound (--players clairvoyant): each plan judged by one continuation with the
    # game's own dice to come, read ahead; the game's source still rolls what it would have
    state = new_game(Settings(level=Level.parse("4211")))
    dice = SeededDice(5)
    rng = random.Random(5)
    while state.awaiting is not Awaiting.ROMAN_ACTION:
        if state.awaiting is Awaiting.ROLL:
            apply_trusted(state, Roll(dice.roll(state.roll_count)))
        else:
            apply_trusted(state, legal_actions(state)[0])
    bound = BENCH.make("clairvoyant", 5, (), True)
    assert isinstance(bound, BENCH.ClairvoyantSearch)
    with pytest.raises(AssertionError, match="reads the game's dice"):
        bound.think(state, legal_actions(state), rng, Budget(simulations=2))
    bound.dice = dice
    before = dice._rng.getstate()
    thought = bound.think(state, legal_actions(state), rng, Budget(simulations=2))
    assert dice._rng.getstate() == before
    judged = [p for p in thought.plans if p.samples]
    assert judged and all(len(p.samples) == 1 for p in judged)
    again = BENCH.make("clairvoyant", 5, (), True)
    again.dice = dice
    same = again.think(state, legal_actions(state), random.Random(5), Budget(simulations=2))
    assert [p.samples for p in same.plans] == [p.samples for p in thought.plans]
