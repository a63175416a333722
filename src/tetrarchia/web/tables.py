"""A game's table (issue 27): who hosts it, the names its seats are played under, whether the
lobby offers its free seats, its chat, the AI standing in for a seat, who played each action,
and the links a rematch carries over.  Storage only (the routes are web/lobby.py's): every
change is one transaction, so that of two requests racing for one seat exactly one wins.

The host is the game's first person's seat (the creator's browser keeps it, static/start.js):
the lowest-numbered seat given to a person at creation.  A hot-seat game has no table: one
browser holds every seat.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Boolean, Float, Integer, String, bindparam, delete, select, update
from sqlalchemy.orm import Mapped, Session, mapped_column

from tetrarchia.web.i18n import N_
from tetrarchia.web.read_cache import ReadCache
from tetrarchia.web.seats import HOTSEAT, SPECTATOR, Credential, SeatRow, new_token, token_hash
from tetrarchia.web.storage import Base, Store

STAND_IN_PLAYER = "search"  # the registry's strongest player (docs/ai.md) plays a seat left empty
BARBARIAN_STAND_IN = "barbarian-search"  # and the Barbarian player's seat (R12.6), its own kind
HOST_TAKEN = "host"  # a stand-in's reason: the host's hand
AWAY = "away"  # or the player's absence past the table's setting


class TableRow(Base):
    __tablename__ = "game_tables"
    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    host: Mapped[str] = mapped_column(String(16))
    listed: Mapped[bool] = mapped_column(Boolean, default=False)
    chat_open: Mapped[bool] = mapped_column(Boolean, default=False)
    away_minutes: Mapped[float | None] = mapped_column(Float, nullable=True)
    created: Mapped[float] = mapped_column(Float)


class LobbySeatRow(Base):
    __tablename__ = "lobby_seats"
    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str | None] = mapped_column(String(24), nullable=True)
    free: Mapped[bool] = mapped_column(Boolean, default=False)
    since: Mapped[float] = mapped_column(Float)


class ChatRow(Base):
    __tablename__ = "chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(String(32), index=True)
    seat: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(String(300))
    created: Mapped[float] = mapped_column(Float)


class StandInRow(Base):
    __tablename__ = "stand_ins"
    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[str] = mapped_column(String(16), primary_key=True)
    reason: Mapped[str] = mapped_column(String(8))
    since: Mapped[float] = mapped_column(Float)


class PlayedRow(Base):
    __tablename__ = "played_by"
    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(24))
    ai: Mapped[bool] = mapped_column(Boolean)


class CarriedRow(Base):
    __tablename__ = "carried_links"
    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[str] = mapped_column(String(16), primary_key=True)
    from_game: Mapped[str] = mapped_column(String(32), primary_key=True)


class TableRefused(Exception):
    """A table's request that cannot be done (its HTTP status, a code, and a sentence of the
    page's catalogue with its values); nothing was changed."""

    def __init__(self, status: int, code: str, sentence: str, **values: object) -> None:
        super().__init__(sentence.format(**values))
        self.status = status
        self.code = code
        self.sentence = sentence
        self.values = values


NOT_HOST = N_("Only the table's host can do this.")
NO_TABLE = N_("A hot-seat game is played at one screen: it has no table to open.")
SEAT_TAKEN = N_("Seat {seat} is already taken: choose another free seat.")
NOT_OFFERED = N_("Seat {seat} is not offered in the lobby.")
NO_SUCH_SEAT = N_("This game has no seat {seat}.")
HOST_SEAT = N_("The host keeps his own seat.")
AI_SEAT = N_("Seat {seat} is played by the AI for the whole game.")


@dataclass(frozen=True, slots=True)
class Listed:
    """A game the lobby shows: its settings, its seats' names and which are free."""

    game_id: str
    created: float
    settings: dict[str, Any]
    names: dict[str, str | None]
    free: list[str]


# Who sits at a game's table, in a seat (read after every decision: built once)
_SITTING = select(TableRow.game_id, LobbySeatRow.name, StandInRow.seat) \
    .outerjoin(LobbySeatRow, (LobbySeatRow.game_id == TableRow.game_id)
               & (LobbySeatRow.seat == bindparam("seat"))) \
    .outerjoin(StandInRow, (StandInRow.game_id == TableRow.game_id)
               & (StandInRow.seat == bindparam("seat"))) \
    .where(TableRow.game_id == bindparam("game"))


class Tables:
    """The tables of every game of one database."""

    def __init__(self, store: Store) -> None:
        self.store = store
        # who sits at a game's table, read after every decision of every game (most have no
        # table): kept until a table, a lobby seat or a stand-in is written (web/read_cache.py)
        self.sitting = ReadCache(store, frozenset({TableRow.__tablename__, LobbySeatRow.__tablename__,
                                                  StandInRow.__tablename__}))

    # --- the table and its host --------------------------------------------------------------
    @staticmethod
    def host_of(session: Session, game_id: str) -> str | None:
        """The host's seat: the lowest-numbered seat a person holds (or the AI stands in for);
        None for a hot-seat game or one stored before seats."""
        rows = session.execute(select(SeatRow.seat, SeatRow.kind).where(SeatRow.game_id == game_id)).all()
        if any(seat == HOTSEAT for seat, _ in rows):
            return None
        stood = set(session.execute(select(StandInRow.seat).where(StandInRow.game_id == game_id)).scalars())
        people = sorted(int(seat) for seat, kind in rows
                        if seat.isdigit() and (kind == "human" or seat in stood))
        return str(people[0]) if people else None

    def table(self, session: Session, game_id: str) -> TableRow:
        """The game's table, opened on first use (NO_TABLE for a hot-seat game)."""
        row = session.get(TableRow, game_id)
        if row is None:
            host = self.host_of(session, game_id)
            if host is None:
                raise TableRefused(400, "no_table", NO_TABLE)
            row = TableRow(game_id=game_id, host=host, listed=False, chat_open=False,
                           away_minutes=None, created=time.time())
            session.add(row)
            session.flush()
        return row

    def check_host(self, session: Session, credential: Credential) -> TableRow:
        row = self.table(session, credential.game_id)
        if credential.seat != row.host:
            raise TableRefused(403, "not_host", NOT_HOST)
        return row

    def settings(self, credential: Credential, listed: bool | None, chat_open: bool | None,
                 away_minutes: float | bool | None, host_name: str | None,
                 offer: list[int] | None) -> None:
        """The host's settings of his table (``False`` for ``away_minutes``: left as it is);
        ``offer``: seats freed and offered in the lobby at once (their old links stop)."""
        with self.store.session() as session:
            row = self.check_host(session, credential)
            for seat in offer or []:
                self.free_in(session, row, str(seat))
            if listed is not None:
                row.listed = listed
            if chat_open is not None:
                row.chat_open = chat_open
            if away_minutes is not False:
                row.away_minutes = None if away_minutes is True else away_minutes
            if host_name is not None:
                self.name_seat(session, credential.game_id, row.host, host_name)

    @staticmethod
    def name_seat(session: Session, game_id: str, seat: str, name: str) -> None:
        found = session.get(LobbySeatRow, (game_id, seat))
        if found is None:
            session.add(LobbySeatRow(game_id=game_id, seat=seat, name=name, free=False, since=time.time()))
        else:
            found.name = name

    def rename(self, credential: Credential, name: str) -> None:
        """A player names his own seat (the name his browser keeps)."""
        with self.store.session() as session:
            self.table(session, credential.game_id)
            self.name_seat(session, credential.game_id, credential.seat, name)

    # --- seats: free, take -------------------------------------------------------------------
    def free_in(self, session: Session, table: TableRow, seat: str) -> None:
        row = session.get(SeatRow, (table.game_id, seat))
        if row is None or not seat.isdigit():
            raise TableRefused(404, "no_such_seat", NO_SUCH_SEAT, seat=seat)
        if seat == table.host:
            raise TableRefused(400, "host_seat", HOST_SEAT)
        stood = session.get(StandInRow, (table.game_id, seat))
        if row.kind == "ai" and stood is None:
            raise TableRefused(400, "ai_seat", AI_SEAT, seat=seat)
        # a new hash no one holds: the seat's old link stops working at once
        row.token_hash = token_hash(new_token())
        session.execute(delete(CarriedRow).where(CarriedRow.game_id == table.game_id,
                                                 CarriedRow.seat == seat))
        found = session.get(LobbySeatRow, (table.game_id, seat))
        if found is None:
            session.add(LobbySeatRow(game_id=table.game_id, seat=seat, name=None, free=True,
                                     since=time.time()))
        else:
            found.name, found.free, found.since = None, True, time.time()

    def free(self, credential: Credential, seat: str) -> None:
        """The host frees a seat: its link stops working, and the lobby offers it when listed."""
        with self.store.session() as session:
            self.free_in(session, self.check_host(session, credential), seat)

    def take(self, game_id: str, seat: str, name: str) -> str:
        """A free seat for ``name``; returns the seat's new token.  The seat is claimed by one
        conditional UPDATE: of two browsers taking it at once, exactly one changes the row
        (the other finds it taken: SEAT_TAKEN, nothing written)."""
        token = new_token()
        with self.store.writing, self.store.session() as session:
            table = session.get(TableRow, game_id)
            offered = session.get(LobbySeatRow, (game_id, seat))
            if table is None or not table.listed or offered is None:
                raise TableRefused(404, "not_offered", NOT_OFFERED, seat=seat)
            claimed = session.execute(update(LobbySeatRow).where(
                LobbySeatRow.game_id == game_id, LobbySeatRow.seat == seat,
                LobbySeatRow.free.is_(True)).values(free=False, name=name, since=time.time()))
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                raise TableRefused(409, "seat_taken", SEAT_TAKEN, seat=seat)
            # the seat is a person's from now: the AI that played it while it was free stops
            session.execute(update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
                            .values(token_hash=token_hash(token), kind="human", player=None))
            session.execute(delete(StandInRow).where(StandInRow.game_id == game_id, StandInRow.seat == seat))
        return token

    def listed(self) -> list[Listed]:
        """The games whose host lists them, not over, that have a free seat, the newest first
        (two queries, however many tables)."""
        import json

        from tetrarchia.web.storage import GameRow
        with self.store.session() as session:
            rows = session.execute(select(TableRow.game_id, TableRow.created, GameRow.settings)
                                   .join(GameRow, GameRow.id == TableRow.game_id)
                                   .where(TableRow.listed.is_(True), GameRow.result == "ongoing")
                                   .order_by(TableRow.created.desc())).all()
            ids = [str(row[0]) for row in rows]
            query = select(LobbySeatRow).where(LobbySeatRow.game_id.in_(ids))
            seats = session.execute(query).scalars().all() if ids else []
            by_game: dict[str, list[LobbySeatRow]] = {}
            for seat in seats:
                by_game.setdefault(seat.game_id, []).append(seat)
            found: list[Listed] = []
            for game_id, created, settings in rows:
                mine = by_game.get(game_id, [])
                free = sorted((s.seat for s in mine if s.free), key=int)
                if free:
                    found.append(Listed(game_id, created, json.loads(settings),
                                        {s.seat: s.name for s in mine}, free))
            return found

    # --- what the page shows -----------------------------------------------------------------
    def view(self, game_id: str) -> dict[str, Any]:
        """The table as every seat and spectator reads it (no token, no hash)."""
        with self.store.session() as session:
            table = session.get(TableRow, game_id)
            seats = session.execute(select(LobbySeatRow)
                                    .where(LobbySeatRow.game_id == game_id)).scalars().all()
            stood = session.execute(select(StandInRow).where(StandInRow.game_id == game_id)).scalars().all()
            played = session.execute(select(PlayedRow).where(PlayedRow.game_id == game_id)
                                     .order_by(PlayedRow.seq)).scalars().all()
            host = table.host if table is not None else self.host_of(session, game_id)
            return {"host": host, "open": table is not None,
                    "listed": bool(table and table.listed), "chat_open": bool(table and table.chat_open),
                    "away_minutes": table.away_minutes if table is not None else None,
                    "names": {s.seat: s.name for s in seats if s.name},
                    "free": sorted((s.seat for s in seats if s.free), key=int),
                    "stand_ins": {s.seat: {"reason": s.reason, "since": s.since} for s in stood},
                    "played_by": {str(p.seq): {"name": p.name, "ai": p.ai, "seat": p.seat} for p in played}}

    def names(self, game_id: str) -> dict[str, str]:
        with self.store.session() as session:
            rows = session.execute(select(LobbySeatRow.seat, LobbySeatRow.name)
                                   .where(LobbySeatRow.game_id == game_id)).all()
        return {str(seat): str(name) for seat, name in rows if name}

    # --- chat --------------------------------------------------------------------------------
    def chat_open(self, game_id: str) -> bool:
        with self.store.session() as session:
            table = session.get(TableRow, game_id)
            return bool(table and table.chat_open)

    def say(self, game_id: str, seat: str, name: str, text: str) -> dict[str, Any]:
        with self.store.session() as session:
            row = ChatRow(game_id=game_id, seat=seat, name=name, text=text, created=time.time())
            session.add(row)
            session.flush()
            return chat_json(row)

    def chat(self, game_id: str, after: int = 0, last: int = 100) -> list[dict[str, Any]]:
        """The table's last ``last`` messages after message ``after``, oldest first."""
        with self.store.session() as session:
            rows = session.execute(select(ChatRow).where(ChatRow.game_id == game_id, ChatRow.id > after)
                                   .order_by(ChatRow.id.desc()).limit(last)).scalars().all()
            return [chat_json(r) for r in reversed(rows)]

    # --- the AI standing in ------------------------------------------------------------------
    def stand_in(self, game_id: str, seat: str, reason: str, player: str = STAND_IN_PLAYER) -> bool:
        """The AI plays ``seat`` for its player from now (False: it already did, or the seat is
        no person's).  The seat's link still opens the game: its player watches, and comes back."""
        with self.store.session() as session:
            moved = session.execute(update(SeatRow).where(
                SeatRow.game_id == game_id, SeatRow.seat == seat, SeatRow.kind == "human")
                .values(kind="ai", player=player))
            if moved.rowcount != 1:  # type: ignore[attr-defined]
                return False  # the seat's kind moved in this same statement: no other stand-in row
            session.execute(delete(StandInRow).where(StandInRow.game_id == game_id, StandInRow.seat == seat))
            session.add(StandInRow(game_id=game_id, seat=seat, reason=reason, since=time.time()))
        return True

    def hand_back(self, game_id: str, seat: str) -> bool:
        """The seat is its player's again (False: the AI did not stand in for it)."""
        with self.store.session() as session:
            gone = session.execute(delete(StandInRow).where(StandInRow.game_id == game_id,
                                                            StandInRow.seat == seat))
            if gone.rowcount != 1:  # type: ignore[attr-defined]
                return False
            session.execute(update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
                            .values(kind="human", player=None))
        return True

    def stand_ins(self, game_id: str) -> dict[str, str]:
        """The seats the AI stands in for, and why."""
        with self.store.session() as session:
            rows = session.execute(select(StandInRow.seat, StandInRow.reason)
                                   .where(StandInRow.game_id == game_id)).all()
        return {str(seat): str(reason) for seat, reason in rows}

    def watched(self) -> list[tuple[str, float]]:
        """The tables of games not over that hand an absent seat to the AI, with their minutes."""
        from tetrarchia.web.storage import GameRow
        with self.store.session() as session:
            rows = session.execute(select(TableRow.game_id, TableRow.away_minutes)
                                   .join(GameRow, GameRow.id == TableRow.game_id)
                                   .where(TableRow.away_minutes.is_not(None),
                                          GameRow.result == "ongoing")).all()
        return [(str(game), float(minutes)) for game, minutes in rows if minutes is not None]

    def people(self, game_id: str) -> list[str]:
        """The seats a person plays or may take (a free seat is as empty as an absent player's):
        not the AI's."""
        with self.store.session() as session:
            seats = session.execute(select(SeatRow.seat).where(
                SeatRow.game_id == game_id, SeatRow.kind == "human")).scalars().all()
        return [s for s in seats if s.isdigit()]

    # --- who played each action --------------------------------------------------------------
    def played(self, game_id: str, seq: int, player: int | None, by_ai: bool) -> None:
        """Note who played log entry ``seq`` at a table: the seat's player (under his name, when
        he gave one), or the AI standing in for him; nothing for a game without a table, nor for
        a seat the AI was given at creation (its own note says so).  Called with the game's lock
        held after each decision: one read without a transaction decides."""
        if player is None:
            return
        seat = str(player)

        def read() -> tuple[bool, str, bool]:
            found = self.store.read(lambda connection: connection.execute(
                _SITTING, {"game": game_id, "seat": seat}).first())
            # (a table?, the seat's name there, the AI standing in?): kept, even for no table
            return (False, "", False) if found is None else (True, str(found[1] or ""), found[2] is not None)

        table, name, stood_in = self.sitting.get((game_id, seat), read)
        if not table or (by_ai and not stood_in):
            return
        with self.store.session() as session:
            session.merge(PlayedRow(game_id=game_id, seq=seq, seat=seat, name=name, ai=by_ai))

    def unplayed(self, game_id: str, seq: int) -> None:
        """An undo took back the log from entry ``seq``."""
        with self.store.session() as session:
            session.execute(delete(PlayedRow).where(PlayedRow.game_id == game_id, PlayedRow.seq >= seq))

    # --- a rematch's links -------------------------------------------------------------------
    def carry(self, old: str, new: str) -> None:
        """The rematch ``new`` of ``old``: every seat's link of ``old`` (and of the games whose
        links ``old`` opened) opens the same seat of ``new``; the table, its names and settings
        go along, its free seats stay free."""
        with self.store.session() as session:
            seats = session.execute(select(SeatRow.seat).where(SeatRow.game_id == old)).scalars().all()
            keys = {SPECTATOR if s.startswith(SPECTATOR) else s for s in seats}
            origins = session.execute(select(CarriedRow).where(CarriedRow.game_id == old)).scalars().all()
            free = set(session.execute(select(LobbySeatRow.seat).where(
                LobbySeatRow.game_id == old, LobbySeatRow.free.is_(True))).scalars())
            rows = {(key, old) for key in keys if key not in free}
            rows |= {(o.seat, o.from_game) for o in origins if o.seat in keys and o.seat not in free}
            session.add_all(CarriedRow(game_id=new, seat=seat, from_game=source) for seat, source in rows)
            # a seat the AI only stood in for is its player's again in the rematch
            for stood in session.execute(select(StandInRow.seat).where(StandInRow.game_id == old)).scalars():
                session.execute(update(SeatRow).where(SeatRow.game_id == new, SeatRow.seat == stood)
                                .values(kind="human", player=None, token_hash=token_hash(new_token())))
            table = session.get(TableRow, old)
            if table is not None:
                session.add(TableRow(game_id=new, host=table.host, listed=table.listed and bool(free),
                                     chat_open=table.chat_open, away_minutes=table.away_minutes,
                                     created=time.time()))
                named = session.execute(select(LobbySeatRow).where(LobbySeatRow.game_id == old)).scalars()
                for seat in named:
                    session.add(LobbySeatRow(game_id=new, seat=seat.seat, name=seat.name, free=seat.free,
                                             since=time.time()))
                    if seat.free:  # nobody holds the free seat's link in the rematch either
                        session.execute(update(SeatRow).where(
                            SeatRow.game_id == new, SeatRow.seat == seat.seat).values(
                            token_hash=token_hash(new_token())))

    def carried(self, credential: Credential, game_id: str) -> Credential | None:
        """The credential of a rematch's seat that a link of an earlier game of the table opens."""
        if len(game_id) > 32:
            return None
        with self.store.session() as session:
            found = session.get(CarriedRow, (game_id, credential.seat, credential.game_id))
        return None if found is None else Credential(game_id, credential.seat)

    def rematch_of(self, game_id: str) -> str | None:
        """The latest rematch of ``game_id`` (None: none yet)."""
        from tetrarchia.web.storage import GameRow
        with self.store.session() as session:
            rows = session.execute(select(CarriedRow.game_id).where(CarriedRow.from_game == game_id)
                                   .distinct()).scalars().all()
            if not rows:
                return None
            latest = session.execute(select(GameRow.id).where(GameRow.id.in_(list(rows)))
                                     .order_by(GameRow.created.desc())).scalars().first()
            return None if latest is None else str(latest)


def chat_json(row: ChatRow) -> dict[str, Any]:
    return {"id": row.id, "seat": row.seat, "name": row.name, "text": row.text, "at": row.created}
