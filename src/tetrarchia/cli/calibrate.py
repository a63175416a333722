"""``tetrarchia calibrate``: play seeded games per level × options × player into a results store,
and ``tetrarchia calibrate report STORE``: the difficulty table (docs/difficulty.md).

Locally the games run on a pool of processes (``--jobs``, default all cores); with ``--cluster``
on a Dask scheduler.  A rerun skips the games stored, and a larger ``--games`` extends a run.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from tetrarchia.calibrate.runner import (
    Engine,
    Outcome,
    default_jobs,
    in_process,
    pending_tasks,
    process_pool,
    run,
)
from tetrarchia.calibrate.setups import PRESETS, Setup, make_setups
from tetrarchia.calibrate.setups import Task as GameTask
from tetrarchia.calibrate.store import WIN, Store
from tetrarchia.calibrate.wilson import wilson
from tetrarchia.core.errors import TetrarchiaError
from tetrarchia.players.registry import PLAYERS

DEFAULT_STORE = Path("calibration.sqlite")
INTERRUPTED = 130

calibrate_app = typer.Typer(
    help="Measure how hard the levels are: seeded games per level, options and player into a "
         "results store (SQLite), resumable and extensible; 'calibrate report STORE' writes the "
         "difficulty table.",
    invoke_without_command=True, no_args_is_help=False, rich_markup_mode=None,
)


def fail(message: str) -> typer.Exit:
    # soft_wrap: a path in the message is never cut by the terminal's width
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        Text(f"Error: {message}", style="bold red"))
    return typer.Exit(2)


class GamesPerSecond(ProgressColumn):
    """The recent speed, in games per second."""

    def render(self, task: Task) -> Text:
        speed = task.speed
        return Text(f"{speed:.1f} games/s" if speed else "- games/s", style="progress.data.speed")


@calibrate_app.callback()
def calibrate(
    ctx: typer.Context,
    store: Annotated[Path, typer.Option(
        "--store", metavar="FILE",
        help="The results store (SQLite file): created if missing, extended if ours.")]
        = DEFAULT_STORE,
    level: Annotated[list[str] | None, typer.Option(
        "--level", metavar="GFRA", help="Levels GFRA, repeatable or comma-separated; 'all' for the 81 levels "
                        "(default 4211; a scenario is played at its own level).")] = None,
    options: Annotated[list[str] | None, typer.Option(
        "--options", metavar="TEXT", help="Optional rules of one setup, repeatable: canonical text such as "
                          "'dux+goths' or 'danubian-wars;danubian-wars.garrisons=3'; 'base' for "
                          "none (the default); presets: "
                          + "; ".join(f"'{k}' ({v})" for k, v in PRESETS.items()) + ".")] = None,
    player: Annotated[list[str] | None, typer.Option(
        "--player", metavar="NAME", help=f"Who plays every seat, repeatable: {', '.join(sorted(PLAYERS))} "
                         "(default heuristic); NAME:SAMPLES for a player that samples dice, e.g. "
                         "search:10 (10 samples per decision, no time limit).")] = None,
    games: Annotated[int, typer.Option(
        "--games", min=1, help="Games per setup: seeds S to S+games-1 (the stored ones skipped).")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="S: game i of every setup uses seed S + i.")] = 1,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", min=1, help="Local processes (default: all cores).")] = None,
    cluster: Annotated[str | None, typer.Option(
        "--cluster", help="Run on the Dask scheduler at this address (e.g. tcp://host:8786) "
                          "instead of local processes; needs pip install 'tetrarchia[cluster]'.")]
        = None,
) -> None:
    """Play N seeded games per level × options × player and store each as it ends (Ctrl-C stops
    cleanly: what finished is stored, a rerun goes on)."""
    if ctx.invoked_subcommand is not None:
        return
    console = Console(highlight=False)
    try:
        setups = make_setups(level or [], options or [], player or [])
    except TetrarchiaError as exc:
        raise fail(str(exc)) from None
    try:
        client = None
        if cluster is not None:
            from tetrarchia.calibrate.cluster import check_workers, connect, dask_engine

            client = connect(cluster)
            workers = f"dask {cluster} ({check_workers(client)} workers)"
            engine: Engine = dask_engine(client)
        else:
            count = jobs or default_jobs()
            workers = f"{count} local process{'es' if count > 1 else ''}"
            engine = in_process if count == 1 else process_pool(count)
        with Store.open(store) as results:
            tasks = pending_tasks(results, setups, seed, games)
            stored = len(setups) * games - len(tasks)
            console.print(f"{len(setups)} setup{'s' if len(setups) > 1 else ''} × {games} games "
                          f"(seeds {seed}-{seed + games - 1}): {stored} stored, {len(tasks)} to play "
                          f"on {workers}; store {store}", markup=False)
            outcome = play_with_progress(results, tasks, engine, workers, console)
            summary(results, setups, seed, games, console)
    except TetrarchiaError as exc:
        raise fail(str(exc)) from None
    finally:
        if cluster is not None and client is not None:
            client.close()
    rate = outcome.games_per_second
    speed = (f"{rate:.1f} games/s" if rate >= 1 else f"{rate:.3f} games/s") if outcome.stored \
        else "no game played"
    console.print(f"{outcome.stored} games stored in {outcome.seconds:.1f} s ({speed}).", markup=False)
    if outcome.interrupted:
        console.print(f"Interrupted: the {outcome.planned - outcome.stored} games left are played "
                      "by the same command again.", markup=False)
        raise typer.Exit(INTERRUPTED)


def play_with_progress(store: Store, tasks: list[GameTask], engine: Engine, workers: str,
                       console: Console) -> Outcome:
    command = shlex.join(["tetrarchia", "calibrate", *sys.argv[2:]])
    columns = (TextColumn("games"), BarColumn(), MofNCompleteColumn(), GamesPerSecond(),
               TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=False) as progress:
        bar = progress.add_task("games", total=len(tasks))
        return run(store, tasks, engine, workers, command,
                   on_row=lambda row: progress.advance(bar))


def summary(store: Store, setups: list[Setup], seed: int, games: int, console: Console) -> None:
    """Each setup's stored games among the seeds asked, with its win rate and 95% interval."""
    table = Table(title=f"Seeds {seed}-{seed + games - 1}")
    for name in ("level", "options", "player"):
        table.add_column(name)
    for name in ("games", "wins", "win rate", "95% interval"):
        table.add_column(name, justify="right")
    for setup in setups:
        rows = list(store.rows("level = ? AND options = ? AND player = ? AND seed BETWEEN ? AND ?",
                               (setup.level, setup.text, setup.player, seed, seed + games - 1)))
        wins = sum(1 for r in rows if r.result == WIN)
        low, high = wilson(wins, len(rows))
        rate = f"{100 * wins / len(rows):.1f}%" if rows else "-"
        table.add_row(setup.level, setup.text or "-", setup.player, str(len(rows)), str(wins), rate,
                      f"{100 * low:.1f}-{100 * high:.1f}%" if rows else "-")
    console.print(table)


@calibrate_app.command("merge")
def merge_command(
    store: Annotated[Path, typer.Argument(help="The results store to add the games to.")],
    others: Annotated[list[Path], typer.Argument(help="Results stores whose games are added.")],
) -> None:
    """Add the games of other results stores (filled on other machines, or over other seeds) to
    STORE, with their runs.  A game stored in both must have the same outcome; otherwise nothing
    is written."""
    try:
        with Store.open(store) as target:
            for path in others:
                with Store.read(path) as source:
                    added, known = target.merge(source)
                typer.echo(f"{path}: {added} games added, {known} already in {store}")
    except TetrarchiaError as exc:
        raise fail(str(exc)) from None


@calibrate_app.command("report")
def report_command(
    store: Annotated[Path, typer.Argument(help="A results store written by tetrarchia calibrate.")],
    out: Annotated[Path, typer.Option(
        "--out", help="The folder of difficulty.md, .csv, .png and .svg.")] = Path("docs"),
    picture: Annotated[bool, typer.Option(
        "--picture/--no-picture", help="Draw the heat map (needs pip install "
                                       "'tetrarchia[calibrate]').")] = True,
    players: Annotated[str | None, typer.Option(
        "--players", help="A server's database (an SQLite file or a postgresql:// URL): its "
                          "players' finished games, per level, beside the AI ladder.")] = None,
) -> None:
    """Write the difficulty table of a results store: difficulty.md (win rates with 95% Wilson
    intervals, causes of loss, lengths; scenarios; variants at 4211; with --players, the
    players' win rates of a server beside them), difficulty.csv and the heat map of the 81
    levels (difficulty.png, difficulty.svg)."""
    from tetrarchia.calibrate.report import PlayersFigures, write_report

    figures: tuple[PlayersFigures, str] | None = None
    if players is not None:
        from tetrarchia.web.players_table import read_rates, source_name
        from tetrarchia.web.storage import DatabaseRefused

        try:
            rates = read_rates(players)
        except DatabaseRefused as exc:
            raise fail(str(exc)) from None
        figures = ({(r.level, r.options): (r.games, r.wins) for r in rates}, source_name(players))
    try:
        written = write_report(store, out, picture, figures)
    except TetrarchiaError as exc:
        raise fail(str(exc)) from None
    for path in written:
        typer.echo(f"wrote {path}")
