"""How often an army near Roma ends the game, measured (issue 10; not a test).

Plays ``--games`` games of the heuristic player at ``--level`` (game i: seed ``--seed`` + i for
the dice and the player) and, at the start of every Roman phase (R4), reads each army's road to
Roma (R7.3: steps, broken links, the odds of an Emperor standing on its next step, rounded to a
quarter).  Printed per reading: how many such positions, and the share of them whose game was
lost by an army entering Roma (R8) within the next ``--turns`` turns.

The search player's :func:`tetrarchia.players.search.army_risk` is fitted to this table (its
constants cite the figures): the evaluation at the end of a sampled continuation weighs an army
one phase from Roma as 2% of a lost game, while these games lose 91% of such positions.

Usage::

    python bench/army_risk.py                       # 1,200 games at 4200, 4 turns
    python bench/army_risk.py --games 300 --turns 8 --level 4211
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from tetrarchia.core.board import default_board
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Result, State
from tetrarchia.players.evaluation import board_facts, read_threats
from tetrarchia.simulate import play_game

Key = tuple[int, int, float]  # steps (6: 6 or more), broken links (2: 2 or more), held


def readings(level: str, seed: int, turns: int) -> list[tuple[Key, bool]]:
    """One game's army readings, each with whether an army in Roma ended the game within
    ``turns`` turns of it."""
    facts = board_facts(default_board())
    found: list[tuple[int, Key]] = []

    def read(state: State) -> None:
        for army in read_threats(state, facts).armies:
            if not army.rebel:  # R13: a rebel army never advances
                found.append((state.turns_played, (min(army.steps, 6), min(army.broken, 2),
                                                   round(army.held * 4) / 4)))

    state = play_game(Settings(level=Level.parse(level)), seed, player="heuristic", at_phase=read)
    lost_at = state.turns_played if state.result is Result.ARMY_IN_ROMA else None
    return [(key, lost_at is not None and lost_at - at < turns) for at, key in found]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_200)
    parser.add_argument("--seed", type=int, default=10_000, help="game i uses seed S + i")
    parser.add_argument("--level", default="4200")
    parser.add_argument("--turns", type=int, default=4, help="lost within this many turns")
    parser.add_argument("--least", type=int, default=8, help="readings seen fewer times are not shown")
    args = parser.parse_args()
    counts: defaultdict[Key, list[int]] = defaultdict(lambda: [0, 0])
    for i in range(args.games):
        for key, lost in readings(args.level, args.seed + i, args.turns):
            counts[key][0] += 1
            counts[key][1] += int(lost)
    print(f"army_risk: {args.games} heuristic games at {args.level}, seeds {args.seed}-"
          f"{args.seed + args.games - 1}; lost by an army in Roma within {args.turns} turns")
    print(f"{'steps':>5} {'broken':>6} {'held':>5} {'positions':>9} {'lost':>6}")
    for (steps, broken, held), (seen, ended) in sorted(counts.items()):
        if seen >= args.least:
            label = f"{steps}+" if steps == 6 else str(steps)
            print(f"{label:>5} {broken:>6} {held:>5.2f} {seen:>9} {ended / seen:>6.0%}")


if __name__ == "__main__":
    main()
