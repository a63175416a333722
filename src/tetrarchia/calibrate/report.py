"""``tetrarchia calibrate report STORE``: a results store summed up as the difficulty table.

Writes, in the output folder (docs/ by default):

- ``difficulty.md``: the headline (easiest and hardest level, where 50% lies, which dial of
  GFRA matters most), the 81 levels per player (win rate with its 95% Wilson interval, causes of
  loss (R8), average length), the four scenarios (R13), the variants at 4211 (R11-R12) beside
  the base game, and the runs that stored the games (command, commit, wall time);
- ``difficulty.csv``: one line per setup (level, options, player) with the same figures;
- ``difficulty.png`` and ``difficulty.svg``: the heat map of the 81 levels
  (:mod:`~tetrarchia.calibrate.heatmap`, needs the ``calibrate`` extra).

The output depends on the store only (rows are read in key order, figures rounded in one
place, the pictures' metadata fixed), so the same store always writes the same files.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from tetrarchia.calibrate.setups import base_player, samples_named
from tetrarchia.calibrate.store import ARMY_IN_ROMA, RESERVE_EMPTY, UNFINISHED, WIN, Run, Store
from tetrarchia.calibrate.wilson import wilson
from tetrarchia.core.rulebook import REGISTRY
from tetrarchia.core.settings import ARMY_CHOICES, FLEET_CHOICES, GARRISON_CHOICES, REVOLT_CHOICES, Level

DIALS = (("G", "garrisons per Emperor", "garrisons"), ("F", "Roman fleets", "fleets"),
         ("R", "additional revolts", "revolts"), ("A", "initial Barbarian armies", "armies"))


@dataclass(frozen=True, slots=True)
class SetupStats:
    """The stored games of one setup, summed up."""

    level: str
    options: str
    player: str
    games: int
    wins: int
    army_in_roma: int
    reserve_empty: int
    unfinished: int
    rounds: int  # sums, divided by games when shown
    turns: int
    score: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def average_rounds(self) -> float:
        return self.rounds / self.games if self.games else 0.0

    @property
    def average_turns(self) -> float:
        return self.turns / self.games if self.games else 0.0

    @property
    def average_score(self) -> float:
        return self.score / self.games if self.games else 0.0

    def share(self, count: int) -> float:
        return count / self.games if self.games else 0.0


def summarize(store: Store) -> list[SetupStats]:
    """Every setup of the store, in key order (level, options, player)."""
    stats: dict[tuple[str, str, str], list[int]] = {}
    for row in store.rows():
        figures = stats.setdefault((row.level, row.options, row.player), [0] * 8)
        figures[0] += 1
        figures[1] += row.result == WIN
        figures[2] += row.cause == ARMY_IN_ROMA
        figures[3] += row.cause == RESERVE_EMPTY
        figures[4] += row.result == UNFINISHED
        figures[5] += row.rounds
        figures[6] += row.turns
        figures[7] += row.score
    return [SetupStats(*key, *figures) for key, figures in sorted(stats.items())]


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two players on the same seeds of one level and option set (paired games: the same
    position and the same dice stream at the start)."""

    level: str
    options: str
    first: str
    second: str
    games: int  # seeds both players played
    first_wins: int
    second_wins: int
    only_first: int  # seeds the first won and the second lost
    only_second: int


def pairings(store: Store, player: str, against: Callable[[str], bool] = lambda other: True) -> list[Pairing]:
    """``player`` against every other player (``against`` says which), on the seeds both played,
    setup by setup."""
    won: dict[tuple[str, str, str], dict[int, bool]] = {}
    for row in store.rows():
        won.setdefault((row.level, row.options, row.player), {})[row.seed] = row.result == WIN
    found = []
    for (level, options, other), theirs in sorted(won.items()):
        mine = won.get((level, options, player))
        if other == player or mine is None or not against(other):
            continue
        seeds = sorted(set(mine) & set(theirs))
        if seeds:
            found.append(Pairing(level, options, player, other, len(seeds),
                                 sum(mine[s] for s in seeds), sum(theirs[s] for s in seeds),
                                 sum(mine[s] and not theirs[s] for s in seeds),
                                 sum(theirs[s] and not mine[s] for s in seeds)))
    return found


def percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def interval_text(stats: SetupStats) -> str:
    low, high = stats.interval
    return f"{100 * low:.1f}-{100 * high:.1f}%"


def base_levels(stats: Sequence[SetupStats], player: str) -> dict[str, SetupStats]:
    """The base game's levels measured with ``player``, by level text."""
    return {s.level: s for s in stats if s.options == "" and s.player == player}


def main_player(stats: Sequence[SetupStats]) -> str | None:
    """The player of the heat map and the headline: the one with the most base-game games."""
    totals: dict[str, int] = {}
    for s in stats:
        if s.options == "":
            totals[s.player] = totals.get(s.player, 0) + s.games
    return min(totals, key=lambda p: (-totals[p], p)) if totals else None


@dataclass(frozen=True, slots=True)
class DialEffect:
    """The mean win rate of the base levels at each value of one dial (the other three dials
    averaged over the levels measured), and its spread from easiest to hardest value."""

    letter: str
    name: str
    means: tuple[tuple[int, float], ...]

    @property
    def spread(self) -> float:
        values = [m for _, m in self.means]
        return max(values) - min(values) if values else 0.0


def dial_effects(levels: dict[str, SetupStats]) -> list[DialEffect]:
    effects = []
    for letter, name, attribute in DIALS:
        groups: dict[int, list[float]] = {}
        for text, s in levels.items():
            groups.setdefault(getattr(Level.parse(text), attribute), []).append(s.win_rate)
        means = tuple((value, sum(rates) / len(rates)) for value, rates in sorted(groups.items()))
        effects.append(DialEffect(letter, name, means))
    return effects


EXTREMES = {"G": (GARRISON_CHOICES[0], GARRISON_CHOICES[-1]), "F": (FLEET_CHOICES[0], FLEET_CHOICES[-1]),
            "R": (REVOLT_CHOICES[0], REVOLT_CHOICES[-1]), "A": (ARMY_CHOICES[0], ARMY_CHOICES[-1])}


def alike_by_dial(store: Store, player: str) -> dict[str, tuple[int, int]]:
    """For each dial: of the paired games (same seed) of two levels that differ only in that
    dial, its easiest against its hardest value, how many played out alike (same result,
    cause, rounds, turns and score), and how many pairs there were.  A dial whose two ends
    give the same game from the same dice is one the player's games seldom touch."""
    games: dict[str, dict[int, tuple[object, ...]]] = {}
    for row in store.rows("options = '' AND player = ?", (player,)):
        games.setdefault(row.level, {})[row.seed] = row.outcome()[4:]
    alike: dict[str, tuple[int, int]] = {}
    for position, (letter, (easy, hard)) in enumerate(EXTREMES.items()):
        same = total = 0
        for level, seeds in games.items():
            if level[position] != str(easy):
                continue
            other = games.get(level[:position] + str(hard) + level[position + 1:], {})
            common = set(seeds) & set(other)
            total += len(common)
            same += sum(seeds[s] == other[s] for s in common)
        alike[letter] = (same, total)
    return alike


def headline(levels: dict[str, SetupStats], player: str) -> list[str]:
    """Easiest and hardest level, where 50% lies, and which dial matters most."""
    if not levels:
        return []
    # equal win rates: the level whose games last longer ranks as the easier (Roma falls later)
    ranked = sorted(levels.values(), key=lambda s: (-s.win_rate, -s.average_rounds, s.level))
    easiest, hardest = ranked[0], ranked[-1]
    # issue 29: a tie is said, never hidden behind the order of a sort
    top = [s for s in ranked if s.win_rate == easiest.win_rate]
    bottom = [s for s in ranked if s.win_rate == hardest.win_rate]
    if len(top) == 1:
        lines = [f"- Easiest level for the {player} player: **{easiest.level}**, "
                 f"{percent(easiest.win_rate)} won ({interval_text(easiest)}, {easiest.games} games)."]
    else:
        lines = [f"- Easiest levels for the {player} player: {tied(top)}, tied at "
                 f"{percent(easiest.win_rate)} won ({interval_text(easiest)}, {easiest.games} "
                 "games each)."]
    if hardest.wins == 0:
        lines.append(f"- Hardest: {len(bottom)} level{'s' if len(bottom) > 1 else ''} without a "
                     f"single win: {tied(bottom)} ({interval_text(hardest)}, {hardest.games} "
                     "games).")
    elif len(bottom) == 1:
        lines.append(f"- Hardest: **{hardest.level}**, {percent(hardest.win_rate)} won "
                     f"({interval_text(hardest)}, {hardest.games} games).")
    else:
        lines.append(f"- Hardest: {tied(bottom)}, tied at {percent(hardest.win_rate)} won "
                     f"({interval_text(hardest)}, {hardest.games} games each).")
    above = [s.level for s in ranked if s.win_rate >= 0.5]
    closest = min(ranked, key=lambda s: (abs(s.win_rate - 0.5), s.level))
    if above:
        lines.append(f"- 50%: {len(above)} of {len(levels)} levels are won at least half the time "
                     f"({', '.join(sorted(above))}); the closest to 50% is {closest.level} "
                     f"({percent(closest.win_rate)}, {interval_text(closest)}).")
    else:
        lines.append(f"- 50%: no level is won half the time; the closest is {closest.level} "
                     f"({percent(closest.win_rate)}).")
    effects = dial_effects(levels)
    if len(levels) == 81:  # the dials' means are comparable only over the full grid
        ordered = sorted(effects, key=lambda e: (-e.spread, e.letter))
        parts = [f"{e.letter} ({e.name}) {100 * e.spread:.1f} points" for e in ordered]
        lines.append(f"- The dial that matters most is **{ordered[0].letter}** ({ordered[0].name}): "
                     f"from its easiest to its hardest value the mean win rate moves by "
                     f"{', '.join(parts)}.")
    return lines


def tied(group: Sequence[SetupStats]) -> str:
    """Levels of equal win rate, in bold, by level: "**4300** and **5300**"."""
    names = [f"**{s.level}**" for s in sorted(group, key=lambda s: s.level)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


STATS_HEADER = ("games | won | 95% interval | army in Roma | reserve empty | rounds | turns")


def stats_cells(s: SetupStats) -> str:
    cells = [str(s.games), percent(s.win_rate), interval_text(s), percent(s.share(s.army_in_roma)),
             percent(s.share(s.reserve_empty)), f"{s.average_rounds:.2f}", f"{s.average_turns:.2f}"]
    if s.unfinished:
        cells[-1] += f" ({s.unfinished} unfinished)"
    return " | ".join(cells)


def option_title(text: str) -> str:
    """``danubian-wars+goths;...`` -> ``Danubian Wars (…) + Goths``, parameters as typed."""
    names, _, params = text.partition(";")
    titles = " + ".join(REGISTRY[k].title if k in REGISTRY else k for k in names.split("+"))
    return f"{titles} ({params})" if params else titles


def is_scenario(text: str) -> bool:
    names = text.partition(";")[0].split("+")
    return any(k in REGISTRY and REGISTRY[k].family == "scenario" for k in names)


# The players' games of a server (web/players_table.py, ``calibrate report --players``): by
# (level, options), (games, wins); read by the command line, which may import the server
PlayersFigures = dict[tuple[str, str], tuple[int, int]]


def players_section(players: PlayersFigures, source: str, stats: Sequence[SetupStats]) -> str:
    """The players' win rate per level with its interval, beside the AI ladder's (issue 29)."""
    out = io.StringIO()
    w = out.write
    total = sum(games for games, _ in players.values())
    w("## The players' games beside the AI ladder\n\n")
    w(f"The finished games of the server's database `{source}` ({total} games; `tetrarchia "
      "calibrate report --players DATABASE`): a row per level and option set of the games no AI "
      "seat played, their win rate with its 95% Wilson interval, and the AI players' of this "
      "store at the same level and options.\n\n")
    if not players:
        w("No finished game yet.\n\n")
        return out.getvalue()
    ladder = {(s.level, s.options, s.player): s for s in stats}
    ai_players = sorted({s.player for s in stats})
    w("level | options | players' games | players won | 95% interval | "
      + " | ".join(f"{p} won (interval, games)" for p in ai_players) + "\n")
    w(" | ".join(["---"] * (5 + len(ai_players))) + "\n")
    for (level, options), (games, wins) in sorted(players.items()):
        low, high = wilson(wins, games)
        cells = []
        for p in ai_players:
            s = ladder.get((level, options, p))
            cells.append(f"{percent(s.win_rate)} ({interval_text(s)}, {s.games})" if s else "-")
        w(f"{level} | {option_title(options) if options else 'base game'} | {games} | "
          f"{percent(wins / games)} | {100 * low:.1f}-{100 * high:.1f}% | {' | '.join(cells)}\n")
    w("\n")
    return out.getvalue()


def more_samples_of(player: str) -> Callable[[str], bool]:
    """Whether a player text names the same player as ``player`` with more samples."""
    return lambda other: (base_player(other) == base_player(player)
                          and samples_named(other) > samples_named(player))


def ladder_section(stats: Sequence[SetupStats], main: str) -> str:
    """The AI ladder (issue 29): the base game's levels played by more than one player, a column
    per player (weakest first), a row per level (easiest first for ``main``); empty when no
    level was played by two players."""
    by_level: dict[str, dict[str, SetupStats]] = {}
    for s in stats:
        if s.options == "":
            by_level.setdefault(s.level, {})[s.player] = s
    rungs = {level: players for level, players in by_level.items() if len(players) > 1}
    if not rungs:
        return ""
    # a player's column by its strength over the ladder; one player's sample counts together,
    # fewest first (search:3, search:10, search:32: the curve of its strength against its time)
    won: dict[str, list[int]] = {}
    for players in rungs.values():
        for name, s in players.items():
            totals = won.setdefault(base_player(name), [0, 0])
            totals[0] += s.wins
            totals[1] += s.games

    def column(name: str) -> tuple[float, str, int]:
        wins, games = won[base_player(name)]
        return wins / games, base_player(name), samples_named(name)

    names = sorted({name for players in rungs.values() for name in players}, key=column)
    order = sorted(rungs, key=lambda level: (-(rungs[level][main].win_rate if main in rungs[level]
                                                else 0.0), level))
    out = io.StringIO()
    w = out.write
    w("## The AI ladder\n\n")
    w(f"The levels played by more than one player, easiest first for the {main} player: each "
      "player's win rate, its 95% Wilson interval and its number of games.  Where two players "
      "played the same seeds they started from the same position with the same dice (their "
      "games side by side: \"The players on the same seeds\" below).")
    for player in sorted({base_player(n) for n in names if ":" in n}):
        counts = [samples_named(n) for n in names if ":" in n and base_player(n) == player]
        named = " and ".join(filter(None, [", ".join(f"`{player}:{c}`" for c in counts[:-1]),
                                           f"`{player}:{counts[-1]}`"]))
        w(f"  {named}: the {player} player with {' / '.join(map(str, counts))} sampled "
          "continuations per plan and no time limit (its rows depend on the seed alone; its time "
          "per decision: calibrate.md).")
    w("\n\n")
    w("level | " + " | ".join(names) + "\n" + " | ".join(["---"] * (1 + len(names))) + "\n")
    for level in order:
        cells = []
        for name in names:
            rung = rungs[level].get(name)
            cells.append(f"{percent(rung.win_rate)} ({interval_text(rung)}, {rung.games})" if rung else "-")
        w(f"{level} | {' | '.join(cells)}\n")
    w("\n")
    return out.getvalue()


def markdown(stats: Sequence[SetupStats], runs: Sequence[Run], store_name: str,
             picture: bool, pairs: Sequence[Pairing] = (),
             alike: dict[str, tuple[int, int]] | None = None,
             players: tuple[PlayersFigures, str] | None = None) -> str:
    out = io.StringIO()
    w = out.write
    player = main_player(stats)
    w("# Difficulty of the 81 levels (measured)\n\n")
    w(f"Generated by `tetrarchia calibrate report {store_name}` from the results store "
      f"`{store_name}` ({sum(s.games for s in stats)} games); do not edit by hand.  How the "
      "games are played, and how to reproduce or extend the table on one machine or a cluster: "
      "[calibrate.md](calibrate.md).\n\n")
    w("Win rates are the share of games won (Roma Victrix, R8) with the 95% Wilson score "
      "interval; the causes of loss are the two of R8 (an army entered Roma; an unrest or revolt "
      "found its reserve empty); lengths are rounds and Emperor turns (R4).\n\n")
    if player is not None:
        levels = base_levels(stats, player)
        w("## Headline\n\n")
        w("\n".join(headline(levels, player)) + "\n\n")
        if picture:
            w(f"![Win rate of the {player} player at each level](difficulty.svg)\n\n")
            w("Rows: garrisons G and fleets F; columns: additional revolts R and initial armies A "
              "(GFRA, R3).  Each cell is the share of games won.\n\n")
        if len(levels) == 81:
            w("### Each dial, the others averaged\n\n")
            w("Mean win rate of the 27 levels at each value of a dial.  *Alike*: of the paired "
              "games (same seed) of two levels that differ only in this dial, at its easiest and "
              "its hardest value, the share that played out exactly alike (same result, cause, "
              "rounds, turns and score): the dial changed nothing in those games.\n\n")
            w("dial | easiest value | middle | hardest value | spread | alike\n"
              "--- | --- | --- | --- | --- | ---\n")
            for e in dial_effects(levels):
                ordered = sorted(e.means, key=lambda m: -m[1])
                cells = " | ".join(f"{e.letter}={v}: {percent(m)}" for v, m in ordered)
                same, total = (alike or {}).get(e.letter, (0, 0))
                shown = f"{percent(same / total)} of {total}" if total else "-"
                w(f"{e.letter} ({e.name}) | {cells} | {100 * e.spread:.1f} points | {shown}\n")
            w("\n")
    if player is not None:
        w(ladder_section(stats, player))
    if players is not None:
        w(players_section(players[0], players[1], stats))
    names = sorted({s.player for s in stats if s.options == ""},
                   key=lambda p: (p != player, p))
    for name in names:
        levels = base_levels(stats, name)
        w(f"## The levels, {name} player ({len(levels)} levels)\n\n")
        w(f"level | {STATS_HEADER}\n" + " | ".join(["---"] * 8) + "\n")
        for level in Level.all():
            s = levels.get(str(level))
            if s is not None:
                w(f"{s.level} | {stats_cells(s)}\n")
        w("\n")
    if pairs:
        w("## The players on the same seeds\n\n")
        w("Where two players played the same seeds of a setup (the same position and dice stream "
          "at the start): how many of those games each won, and how many only one of them won.\n\n")
        w("level | options | seeds | player | won | other player | won | only the first | "
          "only the other\n" + " | ".join(["---"] * 9) + "\n")
        for p in pairs:
            w(f"{p.level} | {option_title(p.options) if p.options else 'base game'} | {p.games} | "
              f"{p.first} | {percent(p.first_wins / p.games)} | {p.second} | "
              f"{percent(p.second_wins / p.games)} | {p.only_first} | {p.only_second}\n")
        w("\n")
    scenarios = [s for s in stats if is_scenario(s.options)]
    if scenarios:
        w("## The historical scenarios (R13)\n\nEach at its own level.\n\n")
        w(f"scenario | level | player | {STATS_HEADER}\n" + " | ".join(["---"] * 10) + "\n")
        for s in sorted(scenarios, key=lambda s: (s.options, s.player)):
            w(f"{option_title(s.options)} | {s.level} | {s.player} | {stats_cells(s)}\n")
        w("\n")
    variants = [s for s in stats if s.level == "4211" and s.options and not is_scenario(s.options)]
    if variants:
        w("## The variants at 4211 (R11-R12)\n\nThe base game first, then each option set; the "
          "same seeds (paired dice).  With Barbaria the same player also plays the Barbarian "
          "player's seat (R12.6).\n\n")
        w(f"options | player | {STATS_HEADER}\n" + " | ".join(["---"] * 9) + "\n")
        rows = [s for s in stats if s.level == "4211" and s.options == ""] + variants
        for s in sorted(rows, key=lambda s: (s.options != "", s.options, s.player)):
            w(f"{option_title(s.options) if s.options else 'base game'} | {s.player} | "
              f"{stats_cells(s)}\n")
        w("\n")
    others = [s for s in stats if s.options and not is_scenario(s.options) and s.level != "4211"]
    if others:
        w("## Other option sets\n\n")
        w(f"level | options | player | {STATS_HEADER}\n" + " | ".join(["---"] * 10) + "\n")
        for s in others:
            w(f"{s.level} | {option_title(s.options)} | {s.player} | {stats_cells(s)}\n")
        w("\n")
    if runs:
        w("## The runs that stored these games\n\n")
        w("run | commit | started | wall time | games | workers | command\n"
          "--- | --- | --- | --- | --- | --- | ---\n")
        for r in runs:
            wall = f"{r.seconds:.0f} s" if r.seconds is not None else "unfinished"
            w(f"{r.id} | {r.version} {r.commit_hash or '-'} | {r.started} | {wall} | {r.games} | "
              f"{r.workers} | `{r.command}`\n")
        w("\n")
    return out.getvalue()


CSV_FIELDS = ("level", "options", "player", "games", "wins", "win_rate", "ci95_low", "ci95_high",
              "army_in_roma", "reserve_empty", "unfinished", "average_rounds", "average_turns",
              "average_score")


def csv_text(stats: Sequence[SetupStats]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for s in stats:
        low, high = s.interval
        writer.writerow([s.level, s.options, s.player, s.games, s.wins, f"{s.win_rate:.4f}",
                         f"{low:.4f}", f"{high:.4f}", s.army_in_roma, s.reserve_empty, s.unfinished,
                         f"{s.average_rounds:.3f}", f"{s.average_turns:.3f}",
                         f"{s.average_score:.3f}"])
    return out.getvalue()


def write_report(store_path: Path, folder: Path, picture: bool = True,
                 players: tuple[PlayersFigures, str] | None = None) -> list[Path]:
    """Write difficulty.md, .csv (and .png, .svg with ``picture``) in ``folder``; return them.
    ``players``: a server's players' games and the database's name, shown beside the ladder.

    Everything is computed before the first file is written: a bad store writes nothing."""
    with Store.read(store_path) as store:
        stats = summarize(store)
        runs = store.runs()
        player = main_player(stats)
        pairs = pairings(store, player) if player is not None else []
        # one player at several sample counts: each against its larger counts (the curve, paired)
        for name in sorted({s.player for s in stats if ":" in s.player},
                           key=lambda n: (base_player(n), samples_named(n))):
            pairs += pairings(store, name, more_samples_of(name))
        alike = alike_by_dial(store, player) if player is not None else {}
    if not stats:
        from tetrarchia.calibrate.store import StoreError

        raise StoreError(f"the results store {str(store_path)!r} holds no game yet")
    drawing = None
    if picture and player is not None:
        from tetrarchia.calibrate.heatmap import heat_map

        drawing = heat_map(base_levels(stats, player), player)
    texts = {"difficulty.md": markdown(stats, runs, store_path.name, drawing is not None, pairs,
                                       alike, players),
             "difficulty.csv": csv_text(stats)}
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
        written.append(folder / name)
    if drawing is not None:
        written += drawing.save(folder / "difficulty")
    return written
