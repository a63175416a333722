"""How well the automatic players play, measured (issue 10; not a test).

For each level and each player, game ``i`` uses the seed ``seed + i`` for its dice
(``SeededDice``) and for the player: the setup (R3) is the same for every player, and so is the
stream of dice, so the comparison between players is paired.  Printed per level and player: the
wins with a 95% Wilson interval, the average length in turns, the causes of loss (an army in Roma,
a reserve run dry, R8), and the time per decision (p50, p90 and p99, decisions with one legal
action excluded), and for the search the median time of the decisions it searched over (``think
p50``: the others follow the plan it chose, in microseconds).  For each pair of players, the
paired count: setups the first won and the second lost, and the reverse; with ``--against FILE``
(a ``--save`` of one player, e.g. the baseline search), each player against that run's games on
the same setups (two versions of the search compared game by game, issue 28).

Usage::

    python bench/strength.py                                  # 20 games per level, all players
    python bench/strength.py --games 100 --levels 4200,4211 --players heuristic,search
    python bench/strength.py --seconds 1 --simulations 48     # the search player's budget
    python bench/strength.py --workers 2                      # both cores (a process per game)
    python bench/strength.py --json                           # machine-readable
    python bench/strength.py --save run.json                  # the table, and the JSON in a file
    python bench/strength.py --options dux,vicarius           # games with optional rules (R11-R13)
    python bench/strength.py --search turns=3,candidates=8    # the search player's parameters
    python bench/strength.py --players search --save base.json; ... --search widen=2 --against base.json
    python bench/strength.py --cpu-clock                      # budget and times in CPU seconds
    python bench/strength.py --players heuristic,plan --search beam=2   # the beam's best plan, no dice
    python bench/strength.py --players clairvoyant            # a bound: the search knowing the dice
    python bench/strength.py --options barbaria --players barbarian-random,barbarian-search --emperors search

While it runs, a line per finished game goes to standard error (the result, the wins so far and
the time left at the pace so far): the runs of issue 28 last hours.

``plan`` and ``clairvoyant`` are this bench's only (not registered players): the beam's best plan
of each phase without dice (``players.search.PlanPlayer``), and the search judging each plan by
the game's own dice to come (:class:`ClairvoyantSearch`, a bound on what knowing them is worth).

``--emperors`` names the player of the Emperors' seats for the ``barbarian-*`` players (Barbaria,
R12.6; by default the heuristic), so that the Barbarian seat's players meet the search: the table
of the Barbarian seat against search-played Emperors (issue 28).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from tetrarchia.core.actions import Roll
from tetrarchia.core.dice import SeededDice
from tetrarchia.core.engine import apply_trusted, legal_actions, new_game
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, Result, State
from tetrarchia.players.evaluation import board_facts
from tetrarchia.players.heuristic import HeuristicPlayer
from tetrarchia.players.protocol import Budget, Player
from tetrarchia.players.registry import make_player
from tetrarchia.players.search import BarbarianSearchPlayer, Plan, PlanPlayer, SearchPlayer, sample
from tetrarchia.players.seated import SeatedPlayer

MAX_DECISIONS = 50_000


@dataclass(frozen=True, slots=True)
class Outcome:
    level: str
    player: str
    seed: int
    result: str
    turns: int
    rounds: int
    borders: int
    times: tuple[float, ...]  # seconds per decision (with more than one legal action)
    thinking: tuple[float, ...] = ()  # of those, the decisions the player searched over
    samples: tuple[int, ...] = ()  # the continuations each plan got in each of those searches


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


Job = tuple[str, str, int, float | None, int | None, tuple[str, ...], tuple[tuple[str, float], ...], bool,
            str | None]
FRACTIONS = ("risk", "learned")
SEARCH_PARAMETERS = ("beam", "candidates", "turns", "workers", "refine", "risk", "defend", "learned", "widen",
                     "odds", "playout", "replan", "exact", "diverse", "firsts")


Setup = tuple[str, int]  # a level and a seed: the same setup and dice for every player


def read_saved(path: str) -> dict[Setup, bool]:
    """The games of a ``--save`` file: (level, seed) -> won, for ``--against``.  A save holding
    several players is refused: which one to pair with would be a guess."""
    try:
        with open(path, encoding="utf-8") as file:
            games = json.load(file)["games"]
        found = {(str(g["level"]), int(g["seed"])): g["result"] == Result.ROMA_VICTRIX.name for g in games}
        players = {str(g["player"]) for g in games}
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise SystemExit(f"--against: {path} is not a save of bench/strength.py ({error})") from error
    if len(players) > 1:
        raise SystemExit(f"--against: {path} holds the games of {', '.join(sorted(players))}; "
                         "pair with a save of one player")
    return found


def paired_counts(won: Mapping[Setup, bool], other: Mapping[Setup, bool]) -> tuple[int, int, int]:
    """Setups ``won`` won and ``other`` lost, those ``other`` won and ``won`` lost, and how many
    setups both played: two players of this run, or one against an earlier run (``--against``)."""
    common = [k for k in won if k in other]
    return (sum(won[k] and not other[k] for k in common), sum(other[k] and not won[k] for k in common),
            len(common))


def parse_search(text: str) -> tuple[tuple[str, float], ...]:
    """``turns=3,candidates=8,risk=0.5`` as pairs, each a parameter of :class:`SearchPlayer`
    (``risk`` a fraction, the others whole numbers)."""
    pairs: list[tuple[str, float]] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, _, value = part.partition("=")
        value = value.strip()
        number = value.replace(".", "", 1) if name in FRACTIONS else value
        if name not in SEARCH_PARAMETERS or not number.isdigit():
            raise SystemExit(f"--search: {part!r} is not one of {', '.join(SEARCH_PARAMETERS)} = a number")
        pairs.append((name, float(value) if name in FRACTIONS else int(value)))
    return tuple(pairs)


def make(player: str, seed: int, search: tuple[tuple[str, float], ...], cpu: bool,
         emperors: str | None = None) -> Player:
    """The player by name; the search (at the Emperors' seats, or the Barbarian seat's of
    ``barbarian-search``, R12.6) with the parameters of ``--search`` and the clock of
    ``--cpu-clock``; a ``barbarian-*`` player's Emperors played by ``emperors`` when named."""
    if emperors is not None and player.startswith("barbarian-"):
        seated = make(player, seed, search, cpu)
        assert isinstance(seated, SeatedPlayer)
        return SeatedPlayer(player, make(emperors, seed, search, cpu), seated.barbarian)
    clock = time.process_time if cpu else time.perf_counter
    if player == "search" and (search or cpu):
        return SearchPlayer(seed, clock=clock, **dict(search))  # type: ignore[arg-type]
    if player == "clairvoyant":  # a bound: the game's dice known (ClairvoyantSearch)
        return ClairvoyantSearch(seed, clock=clock, **dict(search))
    if player == "plan":  # the beam's best plan, no dice (players.search.PlanPlayer; --search beam=N)
        return PlanPlayer(seed, clock=clock, **dict(search))  # type: ignore[arg-type]
    if player == "barbarian-search" and (search or cpu):
        return SeatedPlayer(player, HeuristicPlayer(seed),
                            BarbarianSearchPlayer(seed, clock=clock, **dict(search)))  # type: ignore[arg-type]
    return make_player(player, seed)


BENCH_PLAYERS = ("plan", "clairvoyant")  # players of this bench only (:func:`make`), not registered


class ClairvoyantSearch(SearchPlayer):
    """A bound, not a player: the search judging each plan by one continuation with the game's
    own dice to come (it reads the dice source ahead), so what the plans and the two turns'
    horizon are worth when the dice are known (issue 28: how near the dice let a player come to
    the goals).  The continuations and the value at their end are the search's (``--search``)."""

    name = "clairvoyant"

    def __init__(self, seed: int | None = None, **parameters: Any) -> None:
        super().__init__(seed, **parameters)
        self.dice: SeededDice | None = None  # the game's source, set by :func:`play`

    def _sample(self, state: State, judged: list[Plan], seeds: list[int], budget: Budget,
                start: float) -> None:
        assert self.dice is not None, "the clairvoyant search reads the game's dice"
        facts = board_facts(state.board)
        future = self.dice._rng
        for plan in judged:
            plan.samples.append(sample(plan.end, 0, self.turns, self.weights, facts, self.risk,
                                       self.learned, self.odds, self.playout, future))


def play(job: Job) -> Outcome:
    """One game of ``player`` at ``level`` with ``seed``."""
    level, player, seed, seconds, simulations, options, search, cpu, emperors = job
    state = new_game(Settings(level=Level.parse(level), options=options))
    dice = SeededDice(seed)
    chooser = make(player, seed, search, cpu, emperors)
    if isinstance(chooser, ClairvoyantSearch):
        chooser.dice = dice
    rng = random.Random(seed)
    budget = Budget(seconds=seconds, simulations=simulations)
    times: list[float] = []
    thinking: list[float] = []
    samples: list[int] = []
    for _ in range(MAX_DECISIONS):
        if state.is_over:
            break
        if state.awaiting is Awaiting.ROLL:
            apply_trusted(state, Roll(dice.roll(state.roll_count)))
            continue
        legal = legal_actions(state)
        clock = time.process_time if cpu else time.perf_counter
        thought = getattr(chooser, "last", None)  # a search's last thought: a new one, it searched
        start = clock()
        action = chooser.decide(state, legal, rng, budget)
        if len(legal) > 1:
            times.append(clock() - start)
            if thought is not getattr(chooser, "last", None):
                thinking.append(times[-1])
                samples.append(chooser.last.simulations)  # type: ignore[attr-defined]
        apply_trusted(state, action)
    close = getattr(chooser, "close", None)
    if close is not None:
        close()
    return Outcome(level, player, seed, state.result.name, state.turns_played + 1, state.round,
                   state.secured_borders(), tuple(times), tuple(thinking), tuple(samples))


def report_progress(done: list[Outcome], total: int, elapsed: float) -> None:
    """One line on standard error per finished game (runs last from minutes to hours): how far,
    the last game's result and the wins so far of its level and player, and the time left at
    the pace so far.  Standard output keeps only the table (and ``--json`` stays parseable)."""
    last = done[-1]
    mine = [o for o in done if o.level == last.level and o.player == last.player]
    wins = sum(1 for o in mine if o.result == Result.ROMA_VICTRIX.name)
    left = elapsed / len(done) * (total - len(done))
    print(f"[{len(done)}/{total}] {last.level} {last.player} seed {last.seed}: {last.result.lower()}"
          f" in {last.turns} turns; {wins}/{len(mine)} won; {elapsed:.0f}s, about {left:.0f}s left",
          file=sys.stderr, flush=True)


def summary(outcomes: list[Outcome]) -> dict[str, object]:
    games = len(outcomes)
    wins = sum(1 for o in outcomes if o.result == Result.ROMA_VICTRIX.name)
    low, high = wilson(wins, games)
    times = [t for o in outcomes for t in o.times]
    thinking = [t for o in outcomes for t in o.thinking]
    return {
        "games": games,
        "wins": wins,
        "win_rate": wins / games if games else 0.0,
        "wilson95": (round(low, 3), round(high, 3)),
        "average_turns": sum(o.turns for o in outcomes) / games if games else 0.0,
        "army_in_roma": sum(1 for o in outcomes if o.result == Result.ARMY_IN_ROMA.name),
        "reserve_empty": sum(1 for o in outcomes if o.result == Result.RESERVE_EMPTY.name),
        "unfinished": sum(1 for o in outcomes if o.result == Result.ONGOING.name),
        "average_borders": sum(o.borders for o in outcomes) / games if games else 0.0,
        "decision_p50_ms": round(percentile(times, 0.5) * 1000, 2),
        "decision_p90_ms": round(percentile(times, 0.9) * 1000, 2),
        "decision_p99_ms": round(percentile(times, 0.99) * 1000, 2),
        "decisions": len(times),
        "thinking_p50_ms": round(percentile(thinking, 0.5) * 1000, 2),
        "thinking": len(thinking),
        "samples_p50": percentile([float(n) for o in outcomes for n in o.samples], 0.5),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", default="4200,4211,4222,3322")
    parser.add_argument("--players", default="random,heuristic,search")
    parser.add_argument("--games", type=int, default=20, help="games per level and player")
    parser.add_argument("--seed", type=int, default=1, help="game i uses seed S + i")
    parser.add_argument("--seconds", type=float, default=1.0, help="thinking time per decision (search)")
    parser.add_argument("--simulations", type=int, default=None,
                        help="sampled continuations per plan (search; default: the player's)")
    parser.add_argument("--workers", type=int, default=1, help="processes (the machine has 2 cores)")
    parser.add_argument("--options", default="", help="optional rules in play, e.g. dux,vicarius")
    parser.add_argument("--search", default="", help="the search's parameters, e.g. turns=3,beam=12")
    parser.add_argument("--cpu-clock", action="store_true",
                        help="time budget and times per decision in CPU seconds of the process "
                             "(a machine shared with other work), not wall-clock seconds")
    parser.add_argument("--emperors", default=None,
                        help="the Emperors' player of the barbarian-* players (default: the heuristic)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--save", default=None, help="also write the JSON to this file")
    parser.add_argument("--against", default=None,
                        help="a --save of an earlier run (e.g. the baseline): each player paired with "
                             "its games on the same setups (level and seed)")
    args = parser.parse_args(argv)
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    players = [p.strip() for p in args.players.split(",") if p.strip()]
    earlier = read_saved(args.against) if args.against else None
    options = tuple(o.strip() for o in args.options.split(",") if o.strip())
    search = parse_search(args.search)
    for level in levels:
        Settings(level=Level.parse(level), options=options)  # refused here, not in a worker
    for name in players + ([args.emperors] if args.emperors else []):
        if name not in BENCH_PLAYERS:
            make_player(name)
    jobs: list[Job] = [(level, player, args.seed + i, args.seconds, args.simulations, options, search,
                        args.cpu_clock, args.emperors)
            for level in levels for player in players for i in range(args.games)]
    started = time.perf_counter()
    outcomes: list[Outcome] = []

    def collect(results: Iterable[Outcome]) -> None:
        for outcome in results:  # in the jobs' order, each as soon as it and those before are done
            outcomes.append(outcome)
            report_progress(outcomes, len(jobs), time.perf_counter() - started)

    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            collect(pool.map(play, jobs))
    else:
        collect(map(play, jobs))
    elapsed = time.perf_counter() - started
    table = {level: {player: summary([o for o in outcomes if o.level == level and o.player == player])
                     for player in players} for level in levels}
    paired: dict[str, dict[str, tuple[int, int]]] = {}
    against: dict[str, dict[str, tuple[int, int, int]]] = {}
    for level in levels:
        by = {p: {(o.level, o.seed): o.result == Result.ROMA_VICTRIX.name for o in outcomes
                  if o.level == level and o.player == p} for p in players}
        paired[level] = {f"{a}>{b}": paired_counts(by[a], by[b])[:2]
                         for i, a in enumerate(players) for b in players[i + 1:]}
        if earlier is not None:
            against[level] = {p: paired_counts(by[p], earlier) for p in players}
    record = json.dumps({"args": vars(args), "seconds": round(elapsed, 1), "table": table,
                         "paired": paired, "against": against,
                         "games": [asdict(o) | {"times": None, "thinking": None, "samples": None}
                                   for o in outcomes]},
                        indent=1)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as out:
            out.write(record)
    if args.json:
        print(record)
        return 0
    last = args.seed + args.games - 1
    print(f"strength: {args.games} games per level and player, seeds {args.seed}-{last}, "
          f"search budget {args.seconds}s{' CPU' if args.cpu_clock else ''} / "
          f"{args.simulations or 'default'} simulations"
          f"{' (' + args.search + ')' if args.search else ''}, "
          f"options: {', '.join(options) or 'none'}"
          f"{', the Emperors: ' + args.emperors if args.emperors else ''}, {elapsed:.0f}s in all")
    print(f"{'level':6} {'player':18} {'wins':>9} {'rate':>6} {'95% Wilson':>14} {'turns':>6} "
          f"{'Roma':>5} {'dry':>4} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8} {'think p50':>9} {'samples':>7}")
    for level in levels:
        for player in players:
            s = table[level][player]
            interval = s["wilson95"]
            low, high = interval if isinstance(interval, tuple) else (0.0, 1.0)
            print(f"{level:6} {player:18} {s['wins']:>4}/{s['games']:<4} {s['win_rate']:>6.1%} "
                  f"{f'{low:.0%}-{high:.0%}':>14} {s['average_turns']:>6.1f} {s['army_in_roma']:>5} "
                  f"{s['reserve_empty']:>4} {s['decision_p50_ms']:>8} {s['decision_p90_ms']:>8} "
                  f"{s['decision_p99_ms']:>8} {s['thinking_p50_ms']:>9} {s['samples_p50']:>7g}")
        for pair, (only_a, only_b) in paired[level].items():
            a, b = pair.split(">")
            print(f"       paired: {a} won {only_a} setups {b} lost; {b} won {only_b} that {a} lost")
        for player, (won, lost, common) in against.get(level, {}).items():
            print(f"       paired against {args.against}: {player} won {won} setups it lost, lost "
                  f"{lost} that it won ({common} setups in both)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
