"""The table players feed (issue 29 item 4): every finished game's level and outcome, nothing
personal, and the players' win rate per level beside the AI ladder's.

When a game ends on the server (``Authority.ended``: the commit that ended it), one row is kept in
table ``finished_games``: the level (R3), the options (R11-R13, canonical text as ``tetrarchia
calibrate`` writes them), the number of players (R10) and of seats the server's AI played, the
result (R8: Roma Victrix, an army in Roma, a reserve run dry), R8's score, the rounds and turns.
No name, credential, address or log: the game's id only keys the row, so that a game is counted
once (a finished game is closed to every change, an undo included).  A game begun from a
position or on a board other than the shipped one is no game of a level and is not kept.

``GET /api/players-table`` gives, per level and option set, the players' games, wins, win rate and
95% Wilson interval (``calibrate.wilson``), counted over the games no AI seat played, beside the
heuristic and search players' figures of the level chooser (web/difficulty.py); ``tetrarchia
calibrate report --players DATABASE`` writes the same beside the AI ladder in difficulty.md.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from sqlalchemy import Float, Integer, String, Table, delete, insert, select
from sqlalchemy.orm import Mapped, mapped_column
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from tetrarchia.calibrate.setups import options_text
from tetrarchia.calibrate.wilson import wilson
from tetrarchia.core.board import default_board
from tetrarchia.core.scoring import score
from tetrarchia.web.authority import Authority, LiveGame
from tetrarchia.web.difficulty import measured
from tetrarchia.web.seats import SeatBook
from tetrarchia.web.storage import Base, DatabaseRefused, Store


class FinishedGameRow(Base):
    __tablename__ = "finished_games"
    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    finished: Mapped[float] = mapped_column(Float)
    level: Mapped[str] = mapped_column(String(4))
    options: Mapped[str] = mapped_column(String(300))
    players: Mapped[int] = mapped_column(Integer)
    ai_seats: Mapped[int] = mapped_column(Integer)
    result: Mapped[str] = mapped_column(String(20))  # Result's name, lower case (R8)
    won: Mapped[int] = mapped_column(Integer)  # 1: Roma Victrix
    score: Mapped[int] = mapped_column(Integer)
    rounds: Mapped[int] = mapped_column(Integer)
    turns: Mapped[int] = mapped_column(Integer)


@dataclass(frozen=True, slots=True)
class PlayersRate:
    """The players' games of one level and option set (no AI seat)."""

    level: str
    options: str
    games: int
    wins: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"player": "players", "games": self.games, "wins": self.wins,
                "rate": round(self.rate, 4), "low": round(low, 4), "high": round(high, 4)}


class PlayersTable:
    """The finished games of one database (the module's docstring)."""

    def __init__(self, store: Store, book: SeatBook | None = None) -> None:
        self.store = store
        self.book = book
        self.shipped = default_board().digest

    def ended(self, live: LiveGame) -> None:
        """Keep the row of a game that just ended (called after the commit that ended it)."""
        game = live.game
        state = game.state
        if not state.is_over or not game.fresh or game.board.digest != self.shipped:
            return
        settings = state.settings
        ai = len(self.book.ai_seats(live.id)) if self.book is not None else 0
        row = {"game_id": live.id, "finished": time.time(), "level": str(settings.level),
               "options": options_text(settings), "players": settings.players,
               "ai_seats": ai, "result": state.result.name.lower(),
               "won": int(state.result.is_victory), "score": score(state).total,
               "rounds": state.round, "turns": state.turns_played}
        table = cast(Table, FinishedGameRow.__table__)
        with self.store.engine.begin() as connection:  # once per game: replaced, never doubled
            connection.execute(delete(table).where(table.c.game_id == live.id))
            connection.execute(insert(table), [row])

    def rows(self) -> list[FinishedGameRow]:
        with self.store.session() as session:
            found = list(session.scalars(select(FinishedGameRow).order_by(
                FinishedGameRow.finished, FinishedGameRow.game_id)))
            session.expunge_all()
            return found

    def rates(self) -> list[PlayersRate]:
        """Per level and option set, the games no AI seat played, in (level, options) order."""
        return players_rates(self.rows())


def players_rates(rows: Sequence[FinishedGameRow]) -> list[PlayersRate]:
    counts: dict[tuple[str, str], list[int]] = {}
    for row in rows:
        if row.ai_seats:
            continue  # the AI's play is measured by the ladder, not here
        games_wins = counts.setdefault((row.level, row.options), [0, 0])
        games_wins[0] += 1
        games_wins[1] += row.won
    return [PlayersRate(level, options, games, wins)
            for (level, options), (games, wins) in sorted(counts.items())]


def read_rates(database: Path | str) -> list[PlayersRate]:
    """The players' rates of a server's database (``calibrate report --players``); the database
    is opened as the server opens it (refused if it is not one of ours, or not there)."""
    if not (isinstance(database, str) and "://" in database) and not Path(database).is_file():
        raise DatabaseRefused(f"no server database at {str(database)!r}: give the file (or the "
                              "postgresql:// URL) that tetrarchia serve --database uses")
    store = Store(database)
    try:
        return PlayersTable(store).rates()
    finally:
        store.dispose()


def source_name(database: Path | str) -> str:
    """The database as a report names it: a file's name, a URL without its password."""
    if isinstance(database, str) and "://" in database:
        from sqlalchemy.engine import make_url

        return make_url(database).render_as_string(hide_password=True)
    return Path(database).name


def table_json(rates: Sequence[PlayersRate]) -> dict[str, Any]:
    """The answer of ``GET /api/players-table``: per level and option set, the players' figures;
    for the base game, the AI ladder's beside them (the level chooser's)."""
    heuristic, search = measured()
    levels = []
    for rate in rates:
        entry: dict[str, Any] = {"level": rate.level, "options": rate.options,
                                 "players": rate.to_json()}
        if not rate.options:
            entry["heuristic"] = heuristic[rate.level].to_json() if rate.level in heuristic else None
            entry["search"] = search[rate.level].to_json() if rate.level in search else None
        levels.append(entry)
    return {"games": sum(r.games for r in rates), "levels": levels}


def players_table_routes(table: PlayersTable) -> list[Route]:
    """``GET /api/players-table`` (the module's docstring): public, nothing personal in it."""

    async def players_table(request: Request) -> JSONResponse:
        return JSONResponse(table_json(table.rates()))

    return [Route("/api/players-table", players_table)]


def wire(authority: Authority, table: PlayersTable) -> None:
    """Tell ``table`` of every game that ends."""
    authority.ended = table.ended
