"""The search player's samples per CPU second, and a digest of its decisions (issue 28; not a test).

The positions: every 7th Roman decision with a choice of seeded heuristic games (at most 5 a
game: 4211 seed 1, 4200 seed 2, 3322 seed 3, 4222 seed 4, 4211 seed 5).  Each is decided by
``SearchPlayer(i).decide(state, legal_actions(state), random.Random(1), Budget(simulations=N))``,
timed with the process's CPU time.  The digest covers every plan's actions, static value and
samples, float for float: the pure and the compiled builds must print the same one
(docs/compiled.md, "The players' hot path").

Usage::

    python bench/search_speed.py                  # 10 samples per plan
    python bench/search_speed.py --simulations 32
    python bench/search_speed.py --profile        # cProfile (compiled functions are opaque to it)
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import random
import sys
import time

from tetrarchia.buildinfo import compiled_in_use
from tetrarchia.core.actions import Roll
from tetrarchia.core.dice import SeededDice
from tetrarchia.core.engine import apply_trusted, legal_actions, new_game
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.players.heuristic import HeuristicPlayer
from tetrarchia.players.protocol import Budget
from tetrarchia.players.search import SearchPlayer

GAMES = (("4211", 1), ("4200", 2), ("3322", 3), ("4222", 4), ("4211", 5))


def positions(level: str, seed: int, count: int, every: int = 7) -> list[State]:
    """Every ``every``-th Roman decision with a choice of a seeded heuristic game, ``count`` at most."""
    state = new_game(Settings(level=Level.parse(level)))
    dice = SeededDice(seed)
    player = HeuristicPlayer(seed)
    rng = random.Random(seed)
    found: list[State] = []
    decisions = 0
    while not state.is_over and len(found) < count:
        if state.awaiting is Awaiting.ROLL:
            apply_trusted(state, Roll(dice.roll(state.roll_count)))
            continue
        legal = legal_actions(state)
        if len(legal) > 1 and state.awaiting is Awaiting.ROMAN_ACTION:
            decisions += 1
            if decisions % every == 0:
                found.append(state.copy())
        apply_trusted(state, player.decide(state, legal, rng))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--simulations", type=int, default=10, help="samples per plan (default 10)")
    parser.add_argument("--profile", action="store_true", help="also print cProfile's hot spots")
    args = parser.parse_args(argv)
    states = [s for level, seed in GAMES for s in positions(level, seed, 5)]
    profile = cProfile.Profile() if args.profile else None
    lines: list[str] = []
    times: list[float] = []
    samples = 0
    for i, state in enumerate(states):
        player = SearchPlayer(i)
        legal = legal_actions(state)
        start = time.process_time()
        if profile is not None:
            profile.enable()
        action = player.decide(state, legal, random.Random(1), Budget(simulations=args.simulations))
        if profile is not None:
            profile.disable()
        times.append(time.process_time() - start)
        thought = player.last
        assert thought is not None
        samples += sum(len(plan.samples) for plan in thought.plans)
        lines.append(repr(action) + " " + repr([(p.actions, p.static, p.samples) for p in thought.plans]))
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
    cpu = sum(times)
    print(f"{len(compiled_in_use())} compiled modules in use; {len(states)} decisions at "
          f"{args.simulations} samples, {samples} samples in {cpu:.2f} s CPU: {samples / cpu:.1f} "
          f"samples/s, median decision {sorted(times)[len(times) // 2] * 1000:.0f} ms; "
          f"digest {digest}")
    if profile is not None:
        pstats.Stats(profile).sort_stats("tottime").print_stats(30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
