"""``tetrarchia serve``: the browser board (issue 9) on a local web server, on an SQLite file or a
PostgreSQL database shared by several server processes (issue 11).

It needs the ``web`` extra (``pip install -e '.[web]'``), and ``postgresql`` for a PostgreSQL
database: Starlette, uvicorn, SQLAlchemy, Alembic, Babel and psycopg are never part of the core
install.
"""

from __future__ import annotations

import os
from typing import Annotated

import typer


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port to listen on.")] = 8000,
    database: Annotated[str | None, typer.Option(
        "--database", help="The stored games: an SQLite file (default: in your data directory) or "
        "a postgresql://USER@HOST/NAME URL.")] = None,
    workers: Annotated[int, typer.Option(
        "--workers", min=1, max=64, help="Server processes (PostgreSQL only: they share the "
        "database and hear each other's changes).")] = 1,
) -> None:
    """Play in the browser: start the server and open the address it prints.  Every game is
    stored as it is played; stop and start the server again and every game goes on."""
    try:
        import uvicorn

        from tetrarchia.web.app import DATABASE_VARIABLE, create_app
        from tetrarchia.web.storage import DatabaseRefused, Store, default_database
    except ImportError as exc:
        typer.echo(f"Error: the browser board needs the web extra ({exc.name} is missing): "
                   "pip install -e '.[web]'", err=True)
        raise typer.Exit(2) from None
    where = database if database is not None else str(default_database())
    try:
        if workers > 1:
            store = Store(where)  # checked and migrated once, before any worker starts
            store.dispose()
            if not store.postgresql:
                # SQLite's locking would keep the commits safe, but each process's live updates
                # would reach only its own pages: several processes need PostgreSQL's NOTIFY
                typer.echo(f"Error: --workers {workers} needs a PostgreSQL database (--database "
                           "postgresql://...); an SQLite file is served by one process", err=True)
                raise typer.Exit(2)
            app = None
        else:
            app = create_app(where)
            store = app.state.store
    except DatabaseRefused as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(2) from None
    shown = f"[{host}]" if ":" in host else host
    processes = f"; {workers} server processes" if workers > 1 else ""
    typer.echo(f"TETRARCHIA: open http://{shown}:{port}/ in your browser (games in {store.name}"
               f"{processes}); Ctrl+C stops the server.")
    if app is not None:
        uvicorn.run(app, host=host, port=port, log_level="warning")
    else:
        os.environ[DATABASE_VARIABLE] = where
        uvicorn.run("tetrarchia.web.app:app_from_environment", factory=True, host=host, port=port,
                    workers=workers, log_level="warning")
