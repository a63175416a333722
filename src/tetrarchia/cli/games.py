"""``tetrarchia games list|export|delete|backup|restore``: the host's commands over the games a
server stores (issues 11 and 26).  They read the database through ``tetrarchia.web.storage``
(the same checks as ``serve``: a foreign, newer or damaged database is refused), so they need the
``web`` extra, and ``postgresql`` for a PostgreSQL database.

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

games_app = typer.Typer(help="List, export, delete, back up and restore the games a server stores.",
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


def postgresql_tools(database: str | None, what: str) -> None:
    """A PostgreSQL database's backups are PostgreSQL's tools' job: say which, and stop (exit 2)."""
    if database is None or "://" not in database or database.startswith("sqlite:"):
        return
    advice = {"backup": "pg_dump -Fc -d URL -f FILE (while the server runs: a consistent copy)",
              "restore": "pg_restore --clean --if-exists -d URL FILE (the servers stopped), then "
                         "tetrarchia serve upgrades the schema if the dump is older"}
    typer.echo(f"Error: a PostgreSQL database is {'backed up' if what == 'backup' else 'restored'} "
               f"with PostgreSQL's own tools: {advice[what]} (docs/hosting.md, Backups)", err=True)
    raise typer.Exit(2)


@games_app.command("backup")
def backup_games(
    file: Annotated[Path, typer.Argument(help="The new file the copy is written to.")],
    database: Database = None,
) -> None:
    """Copy every stored game into FILE while the server runs (SQLite's online backup: a
    consistent copy, checked).  For PostgreSQL, pg_dump."""
    postgresql_tools(database, "backup")
    from tetrarchia.web.integrity import BackupError, copy_database
    store = open_store(database)  # refuses a damaged file: a backup of it would be damaged too
    store.dispose()
    assert store.path is not None  # an SQLite file: PostgreSQL was told its tools above
    try:
        games = copy_database(store.path, file)
    except BackupError as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(2) from None
    typer.echo(f"{games} game{'s' if games != 1 else ''} of {store.name} copied to {file}.")


@games_app.command("restore")
def restore_games(
    backup: Annotated[Path, typer.Argument(help="A file made by tetrarchia games backup.")],
    yes: Annotated[bool, typer.Option("--yes", help="Do not ask for confirmation.")] = False,
    database: Database = None,
) -> None:
    """Replace the stored games by those of BACKUP (stop the server first).  The file replaced is
    kept beside it, renamed.  For PostgreSQL, pg_restore."""
    postgresql_tools(database, "restore")
    try:
        from tetrarchia.web.integrity import BackupError, check_backup, restore
        from tetrarchia.web.storage import DatabaseRefused, Store, default_database
    except ImportError as exc:
        typer.echo(f"Error: the stored games need the web extra ({exc.name} is missing): "
                   "pip install -e '.[web]'", err=True)
        raise typer.Exit(2) from None
    given = database if database is not None else str(default_database())
    target = Path(given.removeprefix("sqlite:///"))
    try:
        games = check_backup(backup)
        if not yes and not typer.confirm(
                f"Replace the games of {target} by the {games} game{'s' if games != 1 else ''} of "
                f"{backup}? Stop the server first; the file replaced is kept, renamed.",
                default=False):
            typer.echo("Nothing restored.")
            raise typer.Exit(1)
        restored, kept = restore(backup, target)
        Store(target).dispose()  # checked, and brought up to this version's schema
    except (BackupError, DatabaseRefused) as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(2) from None
    said = f" (the file it replaced is kept as {kept})" if kept is not None else ""
    typer.echo(f"{restored} game{'s' if restored != 1 else ''} restored from {backup} into {target}{said}.")
