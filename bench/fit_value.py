"""Fit the learned chance of winning (players/value.py) to seeded games (issues 10 and 28).

Plays ``--games`` games of ``--player`` (the heuristic by default; ``search:N`` for the search's
own games, N samples per plan and no time limit, so that each game depends on its seed alone)
at each of ``--levels`` (game i: seed ``--seed`` + i for the dice and the player, in
``--workers`` processes), reads :func:`value.features` at the
start of every Roman phase (R4) and fits a logistic model of whether the game was won (L2
penalty ``--l2``, Newton's method).  The last fifth of each level's games is held out: the
model's log loss and Brier score there are printed against the evaluation's best logistic
scaling (how much better the learned chance orders and spaces the positions), with a table of
the held-out chance by tenth.  ``--write`` writes the coefficients to
``src/tetrarchia/players/value_coefficients.py``; ``--data F`` keeps the readings (npz) to fit
again without playing.

Usage::

    python bench/fit_value.py --games 4000 --levels 4200,4211,4222,3322 --workers 2 --write
    python bench/fit_value.py --data /tmp/value.npz --l2 3 --write      # refit the kept games
    python bench/fit_value.py --player search:3 --games 2000 --seed 2000000 --data /tmp/sp.npz
    python bench/fit_value.py --data /tmp/value.npz --monotone        # army bands kept in order
    python bench/fit_value.py --data /tmp/value.npz --ahead 2         # to its own chance 2 turns on
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from tetrarchia.calibrate.setups import base_player, budget_named, read_player
from tetrarchia.core.board import default_board
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import State
from tetrarchia.players.evaluation import board_facts, evaluate
from tetrarchia.players.value import ARMY_FEATURES, FEATURES, RULED, features
from tetrarchia.players.value_coefficients import COEFFICIENTS
from tetrarchia.simulate import play_game

TARGET = Path(__file__).resolve().parent.parent / "src/tetrarchia/players/value_coefficients.py"

Rows = tuple[list[list[float]], list[float], list[int]]  # features, evaluation, game index


def play(level: str, seed: int, player: str = "heuristic") -> tuple[list[list[float]], list[float], bool]:
    """One game of ``player`` (a registered name, or ``search:N``: N samples per plan, no time
    limit, so that the game depends on its seed alone): the features and the evaluation at each
    Roman phase's start, and whether it was won."""
    facts = board_facts(default_board())
    rows: list[list[float]] = []
    values: list[float] = []

    def read(state: State) -> None:
        rows.append(features(state, facts))
        values.append(evaluate(state, facts=facts))

    end = play_game(Settings(level=Level.parse(level)), seed, player=base_player(player),
                    budget=budget_named(player), at_phase=read)
    return rows, values, end.result.is_victory


def play_many(job: tuple[str, int, int, str]) -> tuple[Rows, list[bool]]:
    level, first, count, player = job
    xs: list[list[float]] = []
    vs: list[float] = []
    gs: list[int] = []
    won: list[bool] = []
    for i in range(count):
        rows, values, victory = play(level, first + i, player)
        xs += rows
        vs += values
        gs += [first + i] * len(rows)
        won.append(victory)
    return (xs, vs, gs), won


def collect(levels: list[str], games: int, seed: int, workers: int,
            player: str = "heuristic") -> dict[str, np.ndarray]:
    """Play the games (in chunks, ``workers`` processes) and return the readings as arrays."""
    chunk = 50 if player == "heuristic" else 10  # a searching player's chunk takes minutes
    jobs = [(level, seed + i, min(chunk, games - i), player)
            for level in levels for i in range(0, games, chunk)]
    xs: list[list[float]] = []
    vs: list[float] = []
    gs: list[int] = []
    ys: list[float] = []
    lv: list[int] = []
    start = time.perf_counter()
    wins = 0
    with ProcessPoolExecutor(workers) as pool:
        for done, ((job_level, first, _, _), ((x, v, g), won)) in enumerate(
                zip(jobs, pool.map(play_many, jobs), strict=True), 1):
            by_game = {first + i: w for i, w in enumerate(won)}
            xs += x
            vs += v
            gs += g
            ys += [1.0 if by_game[i] else 0.0 for i in g]
            lv += [int(job_level)] * len(x)
            wins += sum(won)
            print(f"\r  {done}/{len(jobs)} chunks, {len(xs):,} positions, "
                  f"{time.perf_counter() - start:.0f} s", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return {"x": np.array(xs), "v": np.array(vs), "g": np.array(gs), "y": np.array(ys),
            "level": np.array(lv)}


def logistic(z: np.ndarray) -> np.ndarray:
    """The chance of winning from log-odds ``z`` (clipped: no overflow far from a chance of 1/2)."""
    chance: np.ndarray = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
    return chance


def fit(x: np.ndarray, y: np.ndarray, l2: float, offset: np.ndarray | None = None) -> np.ndarray:
    """Logistic regression by Newton's method, the bias (column 0) not penalised; ``offset``
    is added to every position's log-odds (the coefficients set by the rules, or the model a
    ``--prior`` fit starts from).  A step that would raise the loss is halved (from a far start,
    a full Newton step can overshoot; from zero it never did: the same fit as before)."""
    if offset is None:
        offset = np.zeros(len(y))
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], l2)
    penalty[0] = 0.0

    def loss(v: np.ndarray) -> float:
        z = np.clip(x @ v + offset, -30, 30)
        return float(np.sum(np.logaddexp(0.0, z) - y * z) + 0.5 * np.sum(penalty * v * v))

    for _ in range(50):
        p = logistic(x @ w + offset)
        grad = x.T @ (p - y) + penalty * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty) + 1e-9 * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        before, scale = loss(w), 1.0
        while loss(w - scale * step) > before and scale > 1e-4:
            scale /= 2
        w -= scale * step
        if np.max(np.abs(scale * step)) < 1e-8:
            break
    return w


def fit_monotone(x: np.ndarray, y: np.ndarray, l2: float, offset: np.ndarray,
                 bands: list[int]) -> np.ndarray:
    """:func:`fit` with the coefficients of the columns ``bands`` (the army bands, nearest Roma
    first) kept in order, each at most the next and the last at most 0: an army nearer Roma never
    counts as better than one farther away (R7.3).  Adjacent bands out of order are pooled (one
    shared coefficient, their columns summed) and a last band above 0 is set to 0, then the model
    is fitted again, until the order holds (pooling adjacent violators)."""
    groups = [[b] for b in bands]
    others = [i for i in range(x.shape[1]) if i not in bands]
    while True:
        design = np.column_stack([x[:, others]] + [x[:, g].sum(axis=1) for g in groups])
        w = fit(design, y, l2, offset)
        shared = list(w[len(others):])
        if groups and shared[-1] > 0.0:
            groups.pop()  # set to 0: the bands in no group keep the 0 they start from
            continue
        bad = next((i for i in range(len(groups) - 1) if shared[i] > shared[i + 1]), None)
        if bad is None:
            break
        groups[bad:bad + 2] = [groups[bad] + groups[bad + 1]]
    full = np.zeros(x.shape[1])
    full[others] = w[:len(others)]
    for g, c in zip(groups, shared, strict=True):
        full[g] = c
    return full


def ahead_index(g: np.ndarray, lv: np.ndarray, turns: int) -> np.ndarray:
    """Per position, the index of the same game's position ``turns`` Roman phases later (R4), or
    -1 where the game ended before it (the rows of a game are consecutive, in order)."""
    later = np.arange(len(g)) + turns
    inside = later < len(g)
    same = np.zeros(len(g), dtype=bool)
    same[inside] = (g[later[inside]] == g[inside]) & (lv[later[inside]] == lv[inside])
    return np.where(same, later, -1)


def fit_ahead(x: np.ndarray, y: np.ndarray, later: np.ndarray, l2: float, offset: np.ndarray,
              start: np.ndarray, rounds: int = 8) -> np.ndarray:
    """:func:`fit` to the model's own chance a few turns later (``later``: the index of that
    position, -1 where the game ended before it and its result is the target), the model read
    with the coefficients of the round before (``start`` first): the value of what a position
    leads to within the turns the search samples, not of the whole game's other causes."""
    w = start
    for _ in range(rounds):
        chance = logistic(x @ w + offset)
        target = np.where(later >= 0, chance[np.maximum(later, 0)], y)
        w = fit(x, target, l2, offset)
    return w


def scores(p: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))), float(np.mean((p - y) ** 2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4_000, help="games per level")
    parser.add_argument("--levels", default="4200,4211,4222,3322")
    parser.add_argument("--seed", type=int, default=1_000_000, help="game i uses seed S + i")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--player", default="heuristic",
                        help="whose games: heuristic, or search:N (N samples per plan, no time limit)")
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--prior", action="store_true",
                        help="start from the coefficients in use and penalise the change (--l2) instead "
                             "of the coefficients: the search's games refine the heuristic's model")
    parser.add_argument("--monotone", action="store_true",
                        help="keep the army bands in order: an army nearer Roma never counts as "
                             "better than one farther away (adjacent violators pooled)")
    parser.add_argument("--ahead", type=int, default=0,
                        help="fit to the model's own chance this many Roman phases later (the "
                             "result where the game ended before), from the plain fit, 8 rounds")
    parser.add_argument("--data", type=Path, help="an npz of readings: read if it exists, else kept")
    parser.add_argument("--write", action="store_true", help=f"write {TARGET.name}")
    args = parser.parse_args()
    if args.monotone and args.prior:
        parser.error("--monotone orders the coefficients, --prior their changes: one or the other")
    if args.ahead and (args.monotone or args.prior):  # its rounds are plain fits of the totals
        parser.error("--ahead refits the plain model: not with --monotone or --prior")
    if args.data and args.data.exists():
        data = dict(np.load(args.data))
        print(f"fit_value: {len(data['y']):,} positions read from {args.data}")
    else:
        levels = args.levels.split(",")
        read_player(args.player)  # a name the registry knows, samples only for a sampling player
        print(f"fit_value: {args.games} games of {args.player} at each of {', '.join(levels)}, "
              f"seeds {args.seed}-{args.seed + args.games - 1}")
        data = collect(levels, args.games, args.seed, args.workers, args.player)
        whose = "" if args.player == "heuristic" else f" --player {args.player}"
        data["games"] = np.array(f"--games {args.games} --levels {args.levels} --seed {args.seed}{whose}")
        data["player"] = np.array(args.player)
        if args.data:
            np.savez_compressed(args.data, allow_pickle=False, **data)
    x, y, v, g, lv = data["x"], data["y"], data["v"], data["g"], data["level"]
    if x.shape[1] != len(FEATURES):
        raise SystemExit(f"the readings have {x.shape[1]} features, the model {len(FEATURES)}")
    cut = np.zeros(len(y), dtype=bool)  # the last fifth of each level's games: held out
    for level in np.unique(lv):
        games = np.unique(g[lv == level])
        cut |= (lv == level) & (g >= games[int(len(games) * 0.8)])
    train, test = ~cut, cut
    ruled = [FEATURES.index(name) for name in RULED]  # set by the rules (value.RULED), not fitted
    free = [i for i in range(len(FEATURES)) if i not in ruled]
    fixed = np.array([RULED[FEATURES[i]] for i in ruled])
    w = np.array(COEFFICIENTS) if args.prior else np.zeros(len(FEATURES))
    w[ruled] = fixed
    x_train, y_train = x[train], y[train]
    if args.monotone:
        bands = [free.index(FEATURES.index(name)) for name in ARMY_FEATURES]
        w[free] += fit_monotone(x_train[:, free], y_train, args.l2, x_train @ w, bands)
    else:
        w[free] += fit(x_train[:, free], y_train, args.l2, x_train @ w)
    if args.ahead:
        later = ahead_index(g[train], lv[train], args.ahead)
        w[free] = fit_ahead(x_train[:, free], y_train, later, args.l2, x_train[:, ruled] @ fixed,
                            w[free])
    baseline = fit(np.column_stack([np.ones(len(v)), v / 1_000.0])[train], y_train, 0.0)
    p = logistic(x[test] @ w)
    pb = logistic(np.column_stack([np.ones(test.sum()), v[test] / 1_000.0]) @ baseline)
    print(f"positions: {train.sum():,} fitted, {test.sum():,} held out; won: {y.mean():.1%}")
    for name, q in (("learned", p), ("evaluation, scaled", pb)):
        loss, brier = scores(q, y[test])
        print(f"  held out, {name:<19} log loss {loss:.4f}  Brier {brier:.4f}")
    print("held-out chance by tenth: predicted -> won")
    order = np.argsort(p)
    for part in np.array_split(order, 10):
        print(f"  {p[part].mean():6.1%} -> {y[test][part].mean():6.1%}  ({len(part):,})")
    print("coefficients:")
    for name, c in zip(FEATURES, w, strict=True):
        print(f"  {name:<15} {c:+.4f}{'  (set by the rules)' if name in RULED else ''}")
    if args.write:
        whose_games = str(data.get("player", "heuristic"))
        prior = " --prior" if args.prior else ""  # from the coefficients in use before
        prior += " --monotone" if args.monotone else ""
        prior += f" --ahead {args.ahead}" if args.ahead else ""
        note = " (set by the rules: value.RULED)"
        rows = "\n".join(f"    {c:+.6f},  # {name}{note if name in RULED else ''}"
                         for name, c in zip(FEATURES, w, strict=True))
        TARGET.write_text(
            '"""The learned value\'s coefficients (players/value.py), written by '
            '``bench/fit_value.py``:\n\n'
            f"    python bench/fit_value.py {data['games']} --l2 {args.l2:g}{prior} --write\n\n"
            f"{train.sum():,} positions of {whose_games} games fitted; do not edit by hand.\n"
            '"""\n\nCOEFFICIENTS: tuple[float, ...] = (\n' + rows + "\n)\n")
        print(f"written: {TARGET}")


if __name__ == "__main__":
    main()
