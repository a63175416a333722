"""``tetrarchia analyse game.json``: the terminal face of ``players.analysis`` (issue 24): the
chance of winning over the game with the Barbarian phases' dice marked, the decisions that cost
the most with the better action, and why the game ended.  The analysis is the players' module's;
this one only writes it."""

from __future__ import annotations

import math

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from tetrarchia.core.board import Board
from tetrarchia.core.pieces import REVOLT, Emperor
from tetrarchia.game import Game
from tetrarchia.players.analysis import Analysis, analyse
from tetrarchia.players.ending import ArmyStory, Ending, Moment, ReserveStory

BLOCKS = "▁▂▃▄▅▆▇█"


def run_analysis(game: Game, console: Console, seconds: float | None, samples: int, seed: int,
                 workers: int, show_progress: bool) -> Analysis:
    """Analyse ``game`` with a Rich progress bar (on stderr's console when ``show_progress``)."""
    if not show_progress:
        return analyse(game.start, game.log, seconds=seconds, samples=samples, seed=seed, workers=workers)
    columns = (TextColumn("Analysing the decisions"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("analyse", total=None)

        def tell(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        return analyse(game.start, game.log, seconds=seconds, samples=samples, seed=seed,
                       workers=workers, progress=tell)


def percent(chance: float | None) -> str:
    return "-" if chance is None else f"{100 * chance:.0f}%"


def scale_of(values: list[float]) -> float:
    """The sparklines' top: the fifth above the highest chance (a lost game's chances are small:
    at full scale its line would lie flat), at least 20%."""
    return min(1.0, max(0.2, math.ceil(max(values, default=0.0) * 5) / 5))


def sparkline(values: list[float], top: float = 1.0) -> str:
    return "".join(BLOCKS[min(len(BLOCKS) - 1, int(min(v, top) / top * len(BLOCKS)))] for v in values)


def grouped(links: list[tuple[int, bool]]) -> list[tuple[int, bool, int]]:
    """The broken links' rolls, repeats in a row counted: (link, crossed, times)."""
    out: list[tuple[int, bool, int]] = []
    for link, crossed in links:
        if out and out[-1][:2] == (link, crossed):
            out[-1] = (link, crossed, out[-1][2] + 1)
        else:
            out.append((link, crossed, 1))
    return out


def chart_table(analysis: Analysis) -> Table:
    """One row per Roman phase: the chance at its first decision and after its last, a bar and
    the decisions' sparkline, then the Barbarian phase that followed (its dice, what they did,
    and the chance after it)."""
    table = Table(title="The chance of winning over the game (the search's estimate) at the start and "
                        "the end of each Roman phase, and after the Barbarian phase's dice",
                  title_justify="left", show_edge=False, pad_edge=False)
    for name in ("round", "Emperor", "start", "end", "decisions", "after", "dice"):
        table.add_column(name, no_wrap=name != "dice", overflow="fold")
    phases: list[list[int]] = []
    for d in analysis.decisions:
        last = analysis.decisions[phases[-1][-1]] if phases else None
        if last is None or (last.round, last.emperor) != (d.round, d.emperor):
            phases.append([d.number])
        else:
            phases[-1].append(d.number)
    marks = {m.after_decision: m for m in analysis.barbarian}
    top = scale_of([d.after for d in analysis.decisions])
    for numbers in phases:
        first, last = analysis.decisions[numbers[0]], analysis.decisions[numbers[-1]]
        mistakes = any(analysis.decisions[n].mistake for n in numbers)
        line = Text(sparkline([analysis.decisions[n].after for n in numbers], top),
                    style="red" if mistakes else "cyan")
        mark = marks.get(numbers[-1])
        dice = after = ""
        if mark is not None:
            dice = " ".join("-".join(str(x) for x in roll) for roll in mark.dice)
            after = percent(mark.chance_after)
        table.add_row(str(first.round), Emperor(first.emperor).title, percent(first.before),
                      percent(last.after), line, after, dice)
    return table


def moment_text(moment: Moment | None) -> str:
    if moment is None:
        return "never"
    return f"round {moment.round}, {Emperor(moment.emperor).title}'s Roman phase"


def army_lines(story: ArmyStory, board: Board) -> list[str]:
    road = " → ".join(board.name(p) for p in story.road)
    where = (f"appeared on the border of {board.name(story.border)} in round {story.appeared.round} (R7.2)"
             if story.border >= 0 and story.appeared is not None else "stood on the board from the start")
    lines = [f"The army that entered Roma {where}; its road (R7.3): {road}."]
    for link, crossed, times in grouped(story.links):
        a, b = board.links[link].a, board.links[link].b
        again = f" ({times} turns)" if times > 1 else ""
        lines.append(f"  The broken link {board.name(a)}-{board.name(b)}: the army "
                     f"{'crossed it' if crossed else 'was stopped there'}{again} (R7.4).")
    for piece, outcome, attacked, when in story.battles:
        who = Emperor(piece).title if piece < 4 else "the Dux"
        how = {0: "a draw", 1: "won", 2: "lost"}.get(outcome, "?")
        lines.append(f"  {who} {'attacked it' if attacked else 'was attacked by it'} in round "
                     f"{when.round}: {how} (R6).")
    last_attack = story.could_attack[-1] if story.could_attack else None
    last_block = story.could_block[-1] if story.could_block else None
    lines.append(f"  It could have been attacked in {len(story.could_attack)} Roman phase(s), the "
                 f"last: {moment_text(last_attack)} (R5.5).")
    lines.append(f"  An Emperor could have stood on its next step in {len(story.could_block)} Roman "
                 f"phase(s), the last: {moment_text(last_block)} (R7.3).")
    return lines


def reserve_lines(story: ReserveStory) -> list[str]:
    name = "revolt" if story.disc == REVOLT else "unrest"
    levels = ", ".join(f"round {r}: {n}" for r, n in story.levels)
    causes = {"spread": "the dominoes (R7.1)", "activity": "the Barbarian activity (R7.2)",
              "uprising": "uprisings (R7.2)", "army": "armies devastating provinces (R7.3)"}
    ranked = sorted(story.drawn.items(), key=lambda kv: -kv[1])
    drawn = ", ".join(f"{causes.get(k, k)} {v}" for k, v in ranked)
    return [f"The {name} reserve ran dry (R8). Discs left at each round's start: {levels}.",
            f"  Drawn by: {drawn or 'nothing recorded'}; taken back by Subdue (R5.4): {story.returned}.",
            f"  A Subdue was possible in {len(story.could_subdue)} Roman phase(s), the last: "
            f"{moment_text(story.could_subdue[-1] if story.could_subdue else None)}."]


def ending_lines(ending: Ending, board: Board) -> list[str]:
    if ending.result == "ongoing":
        return ["The game goes on: analysed up to now."]
    when = moment_text(ending.when).replace("'s Roman phase", "'s turn")
    if ending.result == "roma-victrix":
        who = Emperor(ending.secured_by).title if ending.secured_by >= 0 else "an Emperor"
        return [f"Roma Victrix (R8): {who} secured the sixth border ({when})."]
    if ending.result == "army-in-roma" and ending.army is not None:
        return [f"Lost: an army entered Roma from {board.name(ending.province)} ({when}, R8).",
                *army_lines(ending.army, board)]
    if ending.reserve is not None:
        return [f"Lost: the reserve was empty when a disc had to go on {board.name(ending.province)} "
                f"({when}, R8).", *reserve_lines(ending.reserve)]
    return [f"Lost ({ending.result})."]


def print_analysis(analysis: Analysis, board: Board, console: Console) -> None:
    """The whole analysis, as text."""
    console.print(f"{len(analysis.decisions)} Roman decisions judged in {analysis.seconds:.1f} s: the "
                  f"search's plans over {analysis.samples} paired seeded continuations each, valued "
                  "by the learned chance of winning (docs/ai.md, 'Analysis').", markup=False)
    chances = [d.after for d in analysis.decisions]
    top = scale_of(chances)
    console.print(Text(f"Overall (0-{100 * top:.0f}%): ") + Text(sparkline(chances, top), style="cyan"))
    console.print(chart_table(analysis))
    mistakes = analysis.mistakes
    console.print(Text(f"\nThe decisions that cost the most ({len(mistakes)} of at least 5 points):",
                       style="bold"))
    if not mistakes:
        console.print("  none: no decision lost 5 points of chance against the best alternative.",
                      markup=False)
    for d in mistakes:  # the costliest first: the worst three lead
        head = f"  {d.number + 1:>3}. round {d.round}, {Emperor(d.emperor).title}: "
        console.print(Text(head, style="bold") + Text(f"{d.played}  {percent(d.before)} → {percent(d.after)} "
                             f"(−{100 * d.loss:.0f} ± {100 * d.error:.0f} points)", style="red"))
        console.print(Text(f"       better: {d.best} ({percent(d.best_chance)})", style="green"))
        if len(d.best_plan) > 1:
            console.print(Text("       then: " + "; ".join(d.best_plan[1:]), style="dim"))
    console.print(Text("\nWhy it ended:", style="bold"))
    for line in ending_lines(analysis.ending, board):
        console.print(line, markup=False, highlight=False)
