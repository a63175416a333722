"""The heuristic player's speed, in decisions per CPU second over whole seeded games (issue 10).

Game ``i`` at each level uses the seed ``seed + i`` for its dice (``SeededDice``) and for the
player, as ``bench/strength.py`` does.  The CPU time of the whole game is counted (the engine's
own work included: legal actions, applying actions and dice); the decisions counted are those
with more than one legal action (a single legal action is no decision).  The goal of issue 10 is
at least 1,000 decisions per CPU second on one core.

``--record FILE`` also writes the index of every chosen action in the list of legal actions, per
game: ``tests/players/test_heuristic_choices.py`` replays the same games and checks that the heuristic
still makes exactly the same choices (a faster heuristic must not play differently).

Usage::

    python bench/decisions.py                                   # 10 games at 4200,4211,4222,3322
    python bench/decisions.py --levels 4211 --games 20 --seed 1
    python bench/decisions.py --record tests/data/heuristic_choices.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass

from tetrarchia.core.actions import Roll
from tetrarchia.core.dice import SeededDice
from tetrarchia.core.engine import apply_trusted, legal_actions, new_game
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting
from tetrarchia.players.heuristic import HeuristicPlayer

MAX_DECISIONS = 50_000


@dataclass(frozen=True, slots=True)
class GameRun:
    """One whole game of the heuristic: its choices, decisions and CPU time."""

    level: str
    seed: int
    result: str
    choices: tuple[int, ...]  # index of each chosen action among the legal actions
    decisions: int  # choices among more than one legal action
    cpu_seconds: float


def play_game(level: str, seed: int) -> GameRun:
    """The heuristic plays every seat of a game at ``level`` with ``seed`` (dice and player)."""
    started = time.process_time()
    state = new_game(Settings(level=Level.parse(level)))
    dice = SeededDice(seed)
    player = HeuristicPlayer(seed)
    rng = random.Random(seed)
    choices: list[int] = []
    decisions = 0
    for _ in range(MAX_DECISIONS):
        if state.is_over:
            break
        if state.awaiting is Awaiting.ROLL:
            apply_trusted(state, Roll(dice.roll(state.roll_count)))
            continue
        legal = legal_actions(state)
        action = player.decide(state, legal, rng)
        if len(legal) > 1:
            decisions += 1
        choices.append(legal.index(action))
        apply_trusted(state, action)
    return GameRun(level, seed, state.result.name, tuple(choices), decisions,
                   time.process_time() - started)


def encode(choices: tuple[int, ...]) -> str:
    """The choices of a game as one line of numbers (a small, diffable fixture)."""
    return " ".join(str(c) for c in choices)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", default="4200,4211,4222,3322")
    parser.add_argument("--games", type=int, default=10, help="games per level")
    parser.add_argument("--seed", type=int, default=1, help="game i uses seed S + i")
    parser.add_argument("--record", default=None,
                        help="write the chosen actions' indices of every game to this JSON file")
    args = parser.parse_args(argv)
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    for level in levels:
        Level.parse(level)
    record: dict[str, dict[str, str]] = {}
    print(f"heuristic decisions per CPU second, {args.games} games per level, "
          f"seeds {args.seed}-{args.seed + args.games - 1} (engine included, single-action "
          f"decisions excluded)")
    print(f"{'level':6} {'games':>5} {'won':>4} {'decisions':>10} {'CPU s':>8} {'per CPU s':>10}")
    total_decisions = 0
    total_cpu = 0.0
    for level in levels:
        runs = [play_game(level, args.seed + i) for i in range(args.games)]
        decisions = sum(r.decisions for r in runs)
        cpu = sum(r.cpu_seconds for r in runs)
        won = sum(1 for r in runs if r.result == "ROMA_VICTRIX")
        total_decisions += decisions
        total_cpu += cpu
        print(f"{level:6} {len(runs):>5} {won:>4} {decisions:>10} {cpu:>8.2f} "
              f"{decisions / cpu if cpu else 0.0:>10.0f}")
        record[level] = {str(r.seed): encode(r.choices) for r in runs}
    print(f"{'all':6} {'':>5} {'':>4} {total_decisions:>10} {total_cpu:>8.2f} "
          f"{total_decisions / total_cpu if total_cpu else 0.0:>10.0f}")
    if args.record:
        with open(args.record, "w", encoding="utf-8") as out:
            json.dump(record, out, indent=1, sort_keys=True)
            out.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
