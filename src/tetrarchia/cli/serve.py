"""``tetrarchia serve``: the browser board (issue 9) on a local web server.

It needs the ``web`` extra (``pip install -e '.[web]'``): Starlette, uvicorn, SQLAlchemy,
Alembic and Babel are never part of the core install.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

LOOPBACK = ("127.0.0.1", "::1", "localhost")


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port to listen on.")] = 8000,
    database: Annotated[Path | None, typer.Option(
        "--database", help="SQLite file of the stored games (default: in your data directory).")] = None,
    list_games: Annotated[bool | None, typer.Option(
        "--list-games/--hide-games",
        help="Whether the start page lists the stored games (default: listed when the server "
             "listens on this machine only, hidden otherwise).")] = None,
    ai_seconds: Annotated[float, typer.Option(
        "--ai-seconds", min=0.05, help="Thinking time of an AI seat per decision.")] = 1.0,
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
        shown_list = list_games if list_games is not None else host in LOOPBACK
        app = create_app(path, list_games=shown_list, ai_seconds=ai_seconds)
    except DatabaseRefused as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(2) from None
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"TETRARCHIA: open http://{shown}:{port}/ in your browser (games in {path}); "
               "Ctrl+C stops the server.")
    uvicorn.run(app, host=host, port=port, log_level="warning")


def seat_link(
    game: Annotated[str, typer.Argument(help="The game's id (in its address: /game/<id>).")],
    seat: Annotated[str, typer.Option(
        "--seat", help="all (the hot seat: every seat in one browser), spectator, or a player's "
                       "number (1-5).")] = "all",
    database: Annotated[Path | None, typer.Option(
        "--database", help="SQLite file of the stored games (default: in your data directory).")] = None,
    address: Annotated[str, typer.Option(
        "--address", help="The server's address as players reach it.")] = "http://127.0.0.1:8000",
) -> None:
    """A new secret link for one seat of a stored game, printed here once (the host's way to a
    lost link, and to a game stored before seats existed: it has no link until the host makes
    one).  The seat's previous link stops working."""
    try:
        from tetrarchia.web.seats import HOTSEAT, SPECTATOR, BadSeats, SeatBook
        from tetrarchia.web.storage import DatabaseRefused, Store, default_database
    except ImportError as exc:
        typer.echo(f"Error: seat links need the web extra ({exc.name} is missing): "
                   "pip install -e '.[web]'", err=True)
        raise typer.Exit(2) from None
    path = database if database is not None else default_database()
    try:
        store = Store(path)
    except DatabaseRefused as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(2) from None
    stored = store.fetch(game)
    if stored is None:
        typer.echo(f"Error: there is no game {game!r} in {path}", err=True)
        raise typer.Exit(2)
    barbarian = "barbaria" in stored.settings.get("options", [])  # R12.6: one more player
    players = int(stored.settings.get("players", 1)) + (1 if barbarian else 0)
    if seat not in (HOTSEAT, SPECTATOR) and not (seat.isdigit() and 1 <= int(seat) <= players):
        typer.echo(f"Error: --seat {seat!r}: say all, spectator, or a player of this game (1-{players})",
                   err=True)
        raise typer.Exit(2)
    try:
        token = SeatBook(store).mint(game, seat)
    except BadSeats as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(2) from None
    typer.echo(f"{address.rstrip('/')}/game/{game}#{token}")
