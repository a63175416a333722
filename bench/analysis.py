"""The game analysis's figures (issue 24, item 4): its time, and how often a longer search agrees.

1. **Time**: a game of ``--turns`` turns (25 by default; the heuristic plays it at ``--level``
   with the seed ``--seed``) analysed with ``--seconds`` per decision, ``--samples`` per plan and
   ``--workers`` processes (2: the issue's two cores); the first seed from ``--seed`` whose
   game lasts that long.  The wall clock of the whole analysis,
   and the decisions judged.  Goal: at most 60 s with the compiled core.
2. **Confirmed mistakes**: on ``--games`` seeded games (seeds ``seed + 1`` ...), each analysed to
   ``--confirm-turns`` turns, every decision called a mistake is judged again by a search
   ``--factor`` times longer (times the samples and the seconds, other dice); it is confirmed
   when that search also finds the action played at least ``analysis.MISTAKE`` (5 points)
   below the best alternative.  The share confirmed is printed.

Figures, never assertions.  Usage::

    python bench/analysis.py                                       # the time, then 4 games
    python bench/analysis.py --games 2 --confirm-turns 8 --samples 8 --seconds 0.5   # briefly
"""

from __future__ import annotations

import argparse
import random
import time

from tetrarchia.core.engine import legal_actions
from tetrarchia.core.notation import parse_action
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting
from tetrarchia.game import Game
from tetrarchia.players.analysis import DEFAULT_SAMPLES, DEFAULT_SECONDS, MISTAKE, analyse, judge
from tetrarchia.players.heuristic import choose


def heuristic_game(level: str, seed: int, turns: int) -> Game:
    """The heuristic plays a seeded game until ``turns`` turns are played (or the end)."""
    game = Game.new(Settings(level=Level.parse(level)), seed=seed)
    rng = random.Random(seed)
    while not game.state.is_over and game.state.turns_played < turns:
        if game.state.awaiting in (Awaiting.ROLL, Awaiting.RUN):
            game.advance()
        else:
            game.play(choose(game.state, legal_actions(game.state), rng))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", default="4200")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--turns", type=int, default=25, help="turns of the timed game")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS, help="per decision")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help="per plan judged")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", type=int, default=4, help="games whose mistakes are checked")
    parser.add_argument("--confirm-turns", type=int, default=12)
    parser.add_argument("--factor", type=int, default=10, help="how much longer the check searches")
    parser.add_argument("--skip-time", action="store_true", help="only the confirmation")
    args = parser.parse_args()

    if not args.skip_time:
        timed = args.seed  # the first seed whose game lasts the turns asked
        game = heuristic_game(args.level, timed, args.turns)
        while game.state.turns_played < args.turns and timed < args.seed + 100:
            timed += 1
            game = heuristic_game(args.level, timed, args.turns)
        began = time.perf_counter()
        result = analyse(game.start, game.log, seconds=args.seconds, samples=args.samples,
                         seed=timed, workers=args.workers)
        wall = time.perf_counter() - began
        print(f"time: a {game.state.turns_played}-turn game at {args.level} (seed {timed}), "
              f"{len(result.decisions)} decisions judged, {args.seconds} s and {args.samples} samples "
              f"per decision, {args.workers} workers: {wall:.1f} s "
              f"({wall / max(1, len(result.decisions)):.2f} s a decision); "
              f"{len(result.mistakes)} mistakes")

    called = confirmed = 0
    sizes: list[tuple[float, bool]] = []  # each mistake's loss as called, and whether confirmed
    for i in range(1, args.games + 1):
        seed = args.seed + i
        game = heuristic_game(args.level, seed, args.confirm_turns)
        result = analyse(game.start, game.log, seconds=args.seconds, samples=args.samples, seed=seed,
                         workers=args.workers)
        for mistake in result.mistakes:
            state = result.states[mistake.number]
            played = parse_action(mistake.played, state.board)
            after, best, plan, _error, _n = judge(state, played, seed * 7_919 + mistake.log,
                                                  args.samples * args.factor, args.seconds * args.factor)
            loss = best - after if plan is not None else 0.0
            called += 1
            confirmed += loss >= MISTAKE
            sizes.append((mistake.loss, loss >= MISTAKE))
            print(f"  game {seed} decision {mistake.number + 1}: {mistake.played}: "
                  f"{100 * mistake.loss:.0f} points lost; the longer search: {100 * loss:.0f}")
    share = f"{100 * confirmed / called:.0f}%" if called else "-"
    print(f"confirmed: {confirmed} of {called} mistakes ({share}) on {args.games} games of "
          f"{args.confirm_turns} turns at {args.level}, a search {args.factor} times longer")
    for low, high in ((0.05, 0.10), (0.10, 0.20), (0.20, 1.01)):
        these = [ok for loss, ok in sizes if low <= loss < high]
        if these:
            print(f"  losses of {100 * low:.0f}-{100 * high:.0f} points: {sum(these)} of {len(these)} "
                  f"confirmed ({100 * sum(these) / len(these):.0f}%)")


if __name__ == "__main__":
    main()
