"""``tetrarchia serve``: the browser board (issue 9) on a local web server, on an SQLite file or a
PostgreSQL database shared by several server processes (issue 11).

It needs the ``web`` extra (``pip install -e '.[web]'``), and ``postgresql`` for a PostgreSQL
database: Starlette, uvicorn, SQLAlchemy, Alembic, Babel and psycopg are never part of the core
install.
"""

from __future__ import annotations

import os
from enum import StrEnum
from typing import Annotated, Any

import typer

LOOPBACK = ("127.0.0.1", "::1", "localhost")
KEEP_ALIVE = 75  # seconds an idle kept-alive connection stays open


class LogLevel(StrEnum):
    """``--log-level``: the least serious lines the server writes."""

    DEBUG = "debug"
    INFO = "info"
    WARNING = "warning"


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port to listen on.")] = 8000,
    database: Annotated[str | None, typer.Option(
        "--database", help="The stored games: an SQLite file (default: in your data directory) or "
        "a postgresql://USER@HOST/NAME URL.")] = None,
    workers: Annotated[int, typer.Option(
        "--workers", min=1, max=64, help="Server processes (PostgreSQL only: they share the "
        "database and hear each other's changes).")] = 1,
    list_games: Annotated[bool | None, typer.Option(
        "--list-games/--hide-games",
        help="Whether the start page lists the stored games (default: listed when the server "
             "listens on this machine only, hidden otherwise).")] = None,
    ai_seconds: Annotated[float, typer.Option(
        "--ai-seconds", min=0.05, help="Thinking time of an AI seat per decision.")] = 1.0,
    new_games: Annotated[int, typer.Option(
        "--new-games", min=1, help="Games one address may create or import at once, and then "
        "per hour (every game is kept: a stranger's loop must not fill the disc).")] = 60,
    allow_origin: Annotated[list[str] | None, typer.Option(
        "--allow-origin", help="Another address whose pages may open the live connection "
        "(scheme://host[:port]; repeat for several). The server's own address is always allowed.")] = None,
    forwarded_allow_ips: Annotated[str | None, typer.Option(
        "--forwarded-allow-ips", help="The reverse proxies (addresses, comma-separated, or * for "
        "any) whose X-Forwarded-For and X-Forwarded-Proto are believed; by default none: the "
        "client's address is the connection's.")] = None,
    log_level: Annotated[LogLevel, typer.Option(
        "--log-level", case_sensitive=False,
        help="The least serious lines written: info writes one line per request.")] = LogLevel.INFO,
    log_json: Annotated[bool, typer.Option(
        "--log-json", help="Write the log as JSON lines (one object per line).")] = False,
    smtp_host: Annotated[str | None, typer.Option(
        "--smtp-host", envvar="TETRARCHIA_SMTP_HOST",
        help="The SMTP server that sends the your-turn e-mails (none: no e-mail).")] = None,
    smtp_port: Annotated[int, typer.Option(
        "--smtp-port", envvar="TETRARCHIA_SMTP_PORT", min=1, max=65535,
        help="The SMTP server's port.")] = 25,
    smtp_from: Annotated[str | None, typer.Option(
        "--smtp-from", envvar="TETRARCHIA_SMTP_FROM",
        help="The address the your-turn e-mails come from.")] = None,
    smtp_starttls: Annotated[bool, typer.Option(
        "--smtp-starttls", envvar="TETRARCHIA_SMTP_STARTTLS",
        help="Encrypt the SMTP connection with STARTTLS.")] = False,
    smtp_user: Annotated[str | None, typer.Option(
        "--smtp-user", envvar="TETRARCHIA_SMTP_USER",
        help="Log in to the SMTP server as this user (its password in TETRARCHIA_SMTP_PASSWORD).")] = None,
    allow_loopback_webhooks: Annotated[bool, typer.Option(
        "--allow-loopback-webhooks", envvar="TETRARCHIA_ALLOW_LOOPBACK_WEBHOOKS",
        help="Let a seat's webhook point at this machine (a bridge running beside the server); "
             "never at the server's own port.")] = False,
) -> None:
    """Play in the browser: start the server and open the address it prints.  Every game is
    stored as it is played; stop and start the server again and every game goes on."""
    try:
        import uvicorn

        from tetrarchia.web import access_log
        from tetrarchia.web.app import (
            AI_SECONDS_VARIABLE,
            DATABASE_VARIABLE,
            LIST_VARIABLE,
            NEW_GAMES_VARIABLE,
            ORIGINS_VARIABLE,
            create_app,
        )
        from tetrarchia.web.live import MAX_MESSAGE
        from tetrarchia.web.storage import DatabaseRefused, Store, default_database
        from tetrarchia.web.workers import PROTOCOL, SUPERVISOR_VARIABLE
    except ImportError as exc:
        typer.echo(f"Error: the browser board needs the web extra ({exc.name} is missing): "
                   "pip install -e '.[web]'", err=True)
        raise typer.Exit(2) from None
    where = database if database is not None else str(default_database())
    origins = tuple(allow_origin or ())
    access_log.configure(log_level.value, log_json)  # this process's; each worker's from the environment
    os.environ[access_log.LEVEL_VARIABLE] = log_level.value
    os.environ[access_log.JSON_VARIABLE] = "1" if log_json else "0"
    os.environ[ORIGINS_VARIABLE] = " ".join(origins)
    notices(smtp_host, smtp_port, smtp_from, smtp_starttls, smtp_user, allow_loopback_webhooks)
    try:
        shown_list = list_games if list_games is not None else host in LOOPBACK
        os.environ[LIST_VARIABLE] = "1" if shown_list else "0"  # for the worker processes
        os.environ[AI_SECONDS_VARIABLE] = str(ai_seconds)
        os.environ[NEW_GAMES_VARIABLE] = str(new_games)
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
            app = create_app(where, list_games=shown_list, ai_seconds=ai_seconds,
                             new_games=new_games, allowed_origins=origins)
            store = app.state.store
    except DatabaseRefused as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(2) from None
    shown = f"[{host}]" if ":" in host else host
    processes = f"; {workers} server processes" if workers > 1 else ""
    typer.echo(f"TETRARCHIA: open http://{shown}:{port}/ in your browser (games in {store.name}"
               f"{processes}); Ctrl+C stops the server.")
    # the log is ours (web/access_log.py: one line per request, never a token); a WebSocket
    # message larger than an action's is refused 1009 by uvicorn before its payload is read
    logged: dict[str, Any] = {"log_config": None, "log_level": log_level.value, "access_log": False,
                              "ws_max_size": MAX_MESSAGE, "http": PROTOCOL,
                              # a player's kept-alive connection outlives his think time, and a
                              # proxy's outlives its own idle limit (nginx's upstream: 60 s): with
                              # uvicorn's 5 s, a request sent as the server closed it was lost
                              "timeout_keep_alive": KEEP_ALIVE}
    # D6: the rate limits count client addresses, so a forwarded one is believed only from the
    # proxies the host names (uvicorn's default believed any client on 127.0.0.1)
    logged |= ({"proxy_headers": False} if forwarded_allow_ips is None else
               {"proxy_headers": True, "forwarded_allow_ips": forwarded_allow_ips})
    if app is not None:
        from tetrarchia.web import tuning
        tuning.settle()  # the app built: frozen, collections spaced, thread switches longer (issue 26)
        uvicorn.run(app, host=host, port=port, **logged)
    else:
        os.environ[DATABASE_VARIABLE] = where
        os.environ[SUPERVISOR_VARIABLE] = str(os.getpid())  # D4: the workers die with it
        uvicorn.run("tetrarchia.web.app:app_from_environment", factory=True, host=host, port=port,
                    workers=workers, **logged)


def notices(smtp_host: str | None, smtp_port: int, smtp_from: str | None, starttls: bool,
            user: str | None, allow_loopback: bool) -> None:
    """The your-turn notices' settings, for this process and each worker (web/deliver.py reads
    them from the environment): SMTP needs its host and its sender, or neither."""
    from tetrarchia.web import deliver
    if bool(smtp_host) != bool(smtp_from):
        typer.echo("Error: e-mail needs both --smtp-host and --smtp-from", err=True)
        raise typer.Exit(2)
    os.environ[deliver.SMTP_HOST_VARIABLE] = smtp_host or ""
    os.environ[deliver.SMTP_FROM_VARIABLE] = smtp_from or ""
    os.environ[deliver.SMTP_PORT_VARIABLE] = str(smtp_port)
    os.environ[deliver.SMTP_STARTTLS_VARIABLE] = "1" if starttls else "0"
    os.environ[deliver.SMTP_USER_VARIABLE] = user or ""
    os.environ[deliver.LOOPBACK_VARIABLE] = "1" if allow_loopback else "0"


def seat_link(
    game: Annotated[str, typer.Argument(help="The game's id (in its address: /game/<id>).")],
    seat: Annotated[str, typer.Option(
        "--seat", help="all (the hot seat: every seat in one browser), spectator, or a player's "
                       "number (1-5).")] = "all",
    database: Annotated[str | None, typer.Option(
        "--database", help="The stored games: an SQLite file (default: in your data directory) or "
        "a postgresql://USER@HOST/NAME URL.")] = None,
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
