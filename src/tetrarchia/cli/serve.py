"""``tetrarchia serve``: the browser board (issue 9) on a local web server.

It needs the ``web`` extra (``pip install -e '.[web]'``): Starlette, uvicorn, SQLAlchemy,
Alembic and Babel are never part of the core install.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port to listen on.")] = 8000,
    database: Annotated[Path | None, typer.Option(
        "--database", help="SQLite file of the stored games (default: in your data directory).")] = None,
) -> None:
    """Play in the browser: start the server and open the address it prints.  Every game is
    stored as it is played; stop and start the server again and every game goes on."""
    try:
        import uvicorn

        from tetrarchia.web.app import create_app
        from tetrarchia.web.storage import DatabaseRefused, default_database
    except ImportError as exc:
        typer.echo(f"Error: the browser board needs the web extra ({exc.name} is missing): "
                   "pip install -e '.[web]'", err=True)
        raise typer.Exit(2) from None
    path = database if database is not None else default_database()
    try:
        app = create_app(path)
    except DatabaseRefused as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(2) from None
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"TETRARCHIA: open http://{shown}:{port}/ in your browser (games in {path}); "
               "Ctrl+C stops the server.")
    uvicorn.run(app, host=host, port=port, log_level="warning")
