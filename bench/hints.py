"""The hint's time and how stable its first action is (issue 24; figures, not a test).

Two sets of positions at ``--level``:

- **fresh**: the first decision of ``--fresh`` new games (seeds ``--seed`` + i), where the hint
  is slowest (a continuation from the fleets' placement plays the whole first round);
- **Roman phases**: ``--positions`` positions awaiting a Roman action, taken from seeded heuristic
  games (one in every 6 such decisions);
- **one per game**: with ``--games N``, one position awaiting a Roman action from each of N
  seeded heuristic games (seeds ``--seed`` + i; the decision drawn with the game's seed among
  all the game's Roman decisions), so the share is over N independent games (issue 24, item 4).

For each position a hint with ``--seconds`` (the default budget), and one ten times longer
(``--factor``), both with the same seed.  Printed: the hint's wall time (median, max), the
continuations per listed action and the interval's half-width (median, max), and the share of
positions whose first action the longer hint also ranks first (its 95% Wilson interval).

Usage::

    python bench/hints.py                                  # 2 s against 20 s, 4 fresh + 10 positions
    python bench/hints.py --fresh 2 --positions 4 --seconds 0.5 --factor 10
    python bench/hints.py --fresh 0 --positions 0 --games 100       # one position from each of 100 games
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Iterator

from tetrarchia.calibrate.wilson import wilson
from tetrarchia.core.actions import Action, Roll
from tetrarchia.core.engine import apply_trusted, legal_actions, resume
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.game import Game
from tetrarchia.players.advice import advise
from tetrarchia.players.heuristic import choose


def fresh(level: str, seed: int, count: int) -> list[State]:
    found = []
    for i in range(count):
        game = Game.new(Settings(level=Level.parse(level)), seed=seed + i)
        game.roll_until_decision()
        found.append(game.state.copy())
    return found


def heuristic_decisions(level: str, game_seed: int) -> Iterator[tuple[State, list[Action]]]:
    """Each decision of a seeded heuristic game and its legal actions, the heuristic's choice
    played once the caller has looked (the dice from the game's seed)."""
    state = Game.new(Settings(level=Level.parse(level)), seed=game_seed).state
    dice, rng = random.Random(game_seed), random.Random(game_seed + 1)
    while not state.is_over:
        if state.awaiting is Awaiting.ROLL:
            apply_trusted(state, Roll(tuple(dice.randint(1, 6) for _ in range(state.roll_count))))
            continue
        if state.awaiting is Awaiting.RUN:
            resume(state)
            continue
        legal = legal_actions(state)
        yield state, legal
        apply_trusted(state, choose(state, legal, rng))


def roman_phases(level: str, seed: int, count: int) -> list[State]:
    """Positions awaiting a Roman action from heuristic games (one in every 6)."""
    found: list[State] = []
    game_seed = seed
    while len(found) < count:
        seen = 0
        for state, _legal in heuristic_decisions(level, game_seed):
            if state.awaiting is Awaiting.ROMAN_ACTION:
                seen += 1
                if seen % 6 == 0:
                    found.append(state.copy())
                    if len(found) == count:
                        break
        game_seed += 1
    return found


def one_per_game(level: str, seed: int, count: int) -> list[State]:
    """One position awaiting a Roman action from each of ``count`` seeded heuristic games, drawn
    with the game's seed among all its Roman decisions (so early and late positions alike)."""
    found: list[State] = []
    for game_seed in range(seed, seed + count):
        seen = [state.copy() for state, legal in heuristic_decisions(level, game_seed)
                if state.awaiting is Awaiting.ROMAN_ACTION and len(legal) > 1]
        found.append(random.Random(game_seed * 31).choice(seen))
    return found


def measure(name: str, states: list[State], seconds: float, factor: float) -> None:
    """Each position's hint against one ``factor`` times longer: the share whose first action
    the longer one also ranks first; the same share over the hints that named a best action (no
    verdict of equal chances: then any order of the listed is right); and the share whose listed
    actions hold the longer one's first."""
    times, games, margins = [], [], []
    same = named = named_same = listed = 0
    for i, state in enumerate(states, 1):
        started = time.perf_counter()
        short = advise(state, seconds=seconds)
        times.append(time.perf_counter() - started)
        long = advise(state, seconds=seconds * factor)
        games += [a.estimate.games for a in short.advice]
        margins += [a.estimate.margin for a in short.advice]
        agreed = short.advice[0].action == long.advice[0].action
        same += agreed
        listed += long.advice[0].action in [a.action for a in short.advice]
        if short.verdict is None:
            named += 1
            named_same += agreed
        print(f"  {name} {i}/{len(states)}: round {state.round}, {len(short.advice)} listed, "
              f"{'equal chances' if short.verdict is not None else 'a best action'}, first action "
              f"{'agreed' if agreed else 'not agreed'} ({same} of {i} so far)", flush=True)
    low, high = wilson(same, len(states))
    print(f"{name}: {len(states)} positions; hint {statistics.median(times):.2f} s median, "
          f"{max(times):.2f} s max; continuations per listed action {statistics.median(games):.0f} "
          f"median, {min(games)} min; interval ±{statistics.median(margins) * 100:.1f} points median, "
          f"±{max(margins) * 100:.1f} max; first action also first at {seconds * factor:g} s: "
          f"{same} of {len(states)} ({low:.0%}-{high:.0%})")
    if named:
        low, high = wilson(named_same, named)
        print(f"  of the {named} hints that named a best action (no verdict of equal chances): "
              f"{named_same} agreed ({low:.0%}-{high:.0%})")
    low, high = wilson(listed, len(states))
    print(f"  the longer search's first action among the hint's listed: {listed} of {len(states)} "
          f"({low:.0%}-{high:.0%})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", default="4211")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--fresh", type=int, default=4)
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--factor", type=float, default=10.0)
    parser.add_argument("--games", type=int, default=0, help="one position from each of N games")
    args = parser.parse_args()
    if args.fresh:
        measure("fresh games", fresh(args.level, args.seed, args.fresh), args.seconds, args.factor)
    if args.positions:
        states = roman_phases(args.level, args.seed, args.positions)
        measure("Roman phases", states, args.seconds, args.factor)
    if args.games:
        measure("one per game", one_per_game(args.level, args.seed, args.games), args.seconds, args.factor)


if __name__ == "__main__":
    main()
