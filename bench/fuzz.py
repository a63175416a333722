"""The long fuzzing run of issue 7: inputs of five categories, and what became of them.

    python bench/fuzz.py --seconds 600

Each category gets a share of the time (the cheap ones more, as in the issue's own run) and tries
seeded inputs from ``tests/fuzzing.py``: illegal and malformed actions against states of seeded
games of many option sets, notation strings, saved games and positions (mutated as data and as
text), board files (mutated as TOML data and as text).  It prints, per category, the inputs tried,
the crashes (an exception other than TetrarchiaError), the hangs (an input still running after
``--hang`` seconds) and the broken ones (accepted although unsound: an illegal action applied, a
refusal that changed the state, a file loaded into a state that breaks the rules, cannot be played
on or does not save again).  Every input is a seed: the first few failures of each kind are
printed with theirs, to be replayed with ``--replay CATEGORY:SEED``.

Figures, never assertions: the test suite holds the short version (tests/core/test_fuzz.py).
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from pathlib import Path
from types import FrameType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import fuzzing

# Shares of the time: the issue's own run tried 12 million actions and some 15,000 board files.
SHARES = {"actions": 0.38, "notation": 0.25, "positions": 0.17, "saves": 0.12, "boards": 0.08}


class Hang(BaseException):
    """An input ran past its time (a BaseException, so no ``except Exception`` swallows it)."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang


def run(seconds: float, hang: float, first_seed: int) -> dict[str, dict[str, int]]:
    signal.signal(signal.SIGALRM, _alarm)
    fuzzing.corpus_states()  # built once, outside the clock of any category
    fuzzing.corpus_saves()
    table: dict[str, dict[str, int]] = {}
    shown: dict[tuple[str, str], int] = {}
    for category, share in SHARES.items():
        trier = fuzzing.TRIERS[category]
        counts = dict.fromkeys(("tried", "crash", "hang", "broken", "accepted", "refused"), 0)
        end = time.monotonic() + seconds * share
        seed = first_seed
        while time.monotonic() < end:
            signal.setitimer(signal.ITIMER_REAL, hang)
            verdict: str
            try:
                outcome = trier(seed)
                verdict, detail = outcome.verdict, outcome.detail
            except Hang:
                verdict, detail = "hang", f"still running after {hang} s"
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            counts["tried"] += 1
            counts[verdict] += 1
            if verdict in ("crash", "hang", "broken"):
                key = (category, detail.split(":")[0])
                shown[key] = shown.get(key, 0) + 1
                if shown[key] <= 3:
                    print(f"  {verdict} {category}:{seed}  {detail[:200]}", flush=True)
            seed += 1
        table[category] = counts
        print(f"{category}: {counts['tried']:,} tried in {seconds * share:.0f} s", flush=True)
    return table


def print_table(table: dict[str, dict[str, int]], seconds: float) -> None:
    names = {"actions": "illegal and malformed actions", "notation": "notation strings",
             "positions": "positions", "saves": "save files", "boards": "board files"}
    print(f"\nbench/fuzz.py --seconds {seconds:g}\n")
    print("| input | tried | accepted | refused | crashes | hangs | loaded although broken |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    total = dict.fromkeys(("tried", "accepted", "refused", "crash", "hang", "broken"), 0)
    for category, counts in table.items():
        for key in total:
            total[key] += counts[key]
        print(f"| {names[category]} | {counts['tried']:,} | {counts['accepted']:,} | "
              f"{counts['refused']:,} | {counts['crash']:,} | {counts['hang']:,} | "
              f"{counts['broken']:,} |")
    print(f"| **all** | **{total['tried']:,}** | {total['accepted']:,} | {total['refused']:,} | "
          f"**{total['crash']:,}** | **{total['hang']:,}** | **{total['broken']:,}** |")


def replay(spec: str) -> None:
    category, _, seed = spec.partition(":")
    outcome = fuzzing.TRIERS[category](int(seed))
    print(f"{category}:{seed} -> {outcome.verdict} {outcome.detail}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="total time of the run")
    parser.add_argument("--hang", type=float, default=5.0, help="seconds after which an input hangs")
    parser.add_argument("--seed", type=int, default=0, help="first seed of every category")
    parser.add_argument("--replay", help="run one input again, e.g. --replay saves:1234")
    args = parser.parse_args()
    if args.replay:
        replay(args.replay)
        return
    table = run(args.seconds, args.hang, args.seed)
    print_table(table, args.seconds)


if __name__ == "__main__":
    main()
