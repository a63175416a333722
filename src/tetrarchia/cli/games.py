"""``tetrarchia games list|export|delete``: the host's commands over the games a server stores
(issue 11).  They read the database through ``tetrarchia.web.storage`` (the same checks as
``serve``: a foreign or newer database is refused), so they need the ``web`` extra, and
``postgresql`` for a PostgreSQL database.

Finished and abandoned games are never removed by the server: a host lists them, exports one in
the save format (docs/save-format.md, read by ``tetrarchia play --load`` and the page's import),
and deletes one for good when he chooses.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from tetrarchia.web.storage import Store

games_app = typer.Typer(help="List, export and delete the games a server stores.",
                        no_args_is_help=True)

Database = Annotated[str | None, typer.Option(
    "--database", help="The stored games: an SQLite file (default: the server's, in your data "
    "directory) or a postgresql://USER@HOST/NAME URL.")]


def open_store(database: str | None) -> Store:
    """The store ``serve`` would use, or an exit with the reason (missing extra, refused database)."""
    try:
        # every table keyed by a game's id (seats, presence, the AI's notes, the analyses, the
        # daily challenge's entries, the tables: lobby, chat, stand-ins, who played): delete
        # clears them
        import tetrarchia.web.analyses
        import tetrarchia.web.daily
        import tetrarchia.web.notify
        import tetrarchia.web.seats
        import tetrarchia.web.tables  # noqa: F401
        from tetrarchia.web.storage import DatabaseRefused, Store, default_database
    except ImportError as exc:
        typer.echo(f"Error: the stored games need the web extra ({exc.name} is missing): "
                   "pip install -e '.[web]'", err=True)
        raise typer.Exit(2) from None
    where = database if database is not None else str(default_database())
    if "://" not in where and not Path(where).exists():  # list, export, delete create nothing
        typer.echo(f"Error: there is no database {where} (tetrarchia serve creates it; "
                   "--database names another one)", err=True)
        raise typer.Exit(2)
    try:
        return Store(where)
    except DatabaseRefused as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(2) from None


def when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))


@games_app.command("list")
def list_games(database: Database = None) -> None:
    """Every stored game, the last played first: id, last change, actions, result, settings."""
    store = open_store(database)
    try:
        games = store.listing()
    finally:
        store.dispose()
    if not games:
        typer.echo(f"No games in {store.name}.")
        return
    typer.echo(f"{'game':<16}  {'last played':<16}  {'actions':>7}  {'result':<13}  settings")
    for g in games:
        result = g.result.replace("_", " ")  # ongoing, won, reserve empty ... (Result's names)
        typer.echo(f"{g.id:<16}  {when(g.updated):<16}  {g.log_length:>7}  {result:<13}  {g.summary}")
    typer.echo(f"{len(games)} game{'s' if len(games) != 1 else ''} in {store.name}.")


def saved_game(store: Store, game_id: str) -> dict[str, Any]:
    """The game in the save format, rebuilt from its log like the server's export."""
    from tetrarchia.web.authority import Authority

    stored = store.fetch(game_id) if len(game_id) <= 32 else None
    if stored is None:
        typer.echo(f"Error: there is no game {game_id!r} in {store.name} (tetrarchia games list "
                   "shows them)", err=True)
        raise typer.Exit(1)
    data: dict[str, Any] = Authority.rebuild(stored).game.to_json()
    return data


@games_app.command("export")
def export_game(
    game_id: Annotated[str, typer.Argument(help="The game's id (tetrarchia games list).")],
    file: Annotated[Path | None, typer.Argument(help="Where to write it (default: the screen).")] = None,
    database: Database = None,
) -> None:
    """Write a game in the save format (tetrarchia play --load FILE and the page's import read it)."""
    store = open_store(database)
    try:
        data = saved_game(store, game_id)
    finally:
        store.dispose()
    text = json.dumps(data, indent=1) + "\n"
    if file is None:
        sys.stdout.write(text)
        return
    file.write_text(text, encoding="utf-8")
    typer.echo(f"Game {game_id} written to {file} ({len(data['log'])} log entries).", err=True)


@games_app.command("delete")
def delete_game(
    game_id: Annotated[str, typer.Argument(help="The game's id (tetrarchia games list).")],
    yes: Annotated[bool, typer.Option("--yes", help="Do not ask for confirmation.")] = False,
    database: Database = None,
) -> None:
    """Delete a game and its log for good (export it first to keep a copy)."""
    store = open_store(database)
    try:
        stored = store.fetch(game_id) if len(game_id) <= 32 else None
        if stored is None:
            typer.echo(f"Error: there is no game {game_id!r} in {store.name} (tetrarchia games "
                       "list shows them)", err=True)
            raise typer.Exit(1)
        if not yes and not typer.confirm(
                f"Delete game {game_id} ({stored.summary}, {len(stored.log)} actions, "
                f"{stored.result}) from {store.name} for good?", default=False):
            typer.echo("Nothing deleted.")
            raise typer.Exit(1)
        store.delete(game_id)
    finally:
        store.dispose()
    typer.echo(f"Game {game_id} deleted.")
