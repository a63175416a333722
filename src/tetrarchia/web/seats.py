"""The seats of a game on the server (issue 11): who may read it, who may act for which Emperors.

Each game has one credential per player's seat, following R10's seating (``tetrarchia.seats``:
2 players East/West, 3 players with the shared Caesar decided by his Augustus's player, 4 one
Emperor each) plus the Barbarian player's seat with Barbaria (R12.6); or, for a hot-seat game,
one credential holding every seat; and a spectator credential that reads and never acts.  Any
player's seat may instead be played by the server's AI (``kind`` ``ai``: no credential).

A credential is a random token of 256 bits (``secrets.token_urlsafe(32)``).  The database holds
only its SHA-256; the token exists in the answer that created it, in the link the creator passes
on (in the fragment, ``/game/<id>#<token>``, which browsers never send to a server), and in the
header (``Authorization: Bearer``) or first WebSocket message of each request — never in a path
or a query string that an access log writes, never in a log line or an error page.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

from sqlalchemy import Connection, Float, Integer, String, Table, bindparam, delete, insert, select
from sqlalchemy.orm import Mapped, mapped_column

from tetrarchia.core.errors import Said, said
from tetrarchia.core.settings import Settings
from tetrarchia.players.registry import PLAYERS
from tetrarchia.render.labels import seat_names_in
from tetrarchia.seats import (
    player_of_seat,
    total_players,
)
from tetrarchia.web.read_cache import ReadCache
from tetrarchia.web.storage import Base, Store

HOTSEAT = "all"  # the seat key of a hot-seat credential: every player's seat in one browser
SPECTATOR = "spectator"
TOKEN_BYTES = 32  # 256 bits of randomness (the issue asks at least 128)
WATCHERS = 32  # the spectator links a game may have besides the one given at its creation
PRESENCE_SECONDS = 30.0  # a connection not renewed within this time is no longer shown


class SeatRow(Base):
    __tablename__ = "seats"
    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[str] = mapped_column(String(16), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))  # human, hotseat, spectator, ai
    player: Mapped[str | None] = mapped_column(String(40), nullable=True)  # the AI's name
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    created: Mapped[float] = mapped_column(Float)


class PresenceRow(Base):
    __tablename__ = "presence"
    connection: Mapped[str] = mapped_column(String(40), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(32))
    seat: Mapped[str] = mapped_column(String(16))
    expires: Mapped[float] = mapped_column(Float)


class NoteRow(Base):
    __tablename__ = "ai_notes"
    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    text: Mapped[str] = mapped_column(String(600))


# The seats' reads of every request, built once (building a statement cost more than running
# it, bench/per_action.py)
_SEATS = cast(Table, SeatRow.__table__)
_BY_HASH = select(SeatRow.game_id, SeatRow.seat, SeatRow.kind).where(SeatRow.token_hash == bindparam("hash"))
_AI_SEATS = select(SeatRow.seat, SeatRow.player).where(SeatRow.game_id == bindparam("game"),
                                                       SeatRow.kind == "ai")
_KINDS = select(SeatRow.seat, SeatRow.kind).where(SeatRow.game_id == bindparam("game"))


class Forbidden(Exception):
    """The credential is missing, unknown, of another game, or may not do this (HTTP 403).
    The message never repeats the token."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code


class BadSeats(ValueError):
    """The seats asked for at creation cannot be given (HTTP 400); its sentence is a
    :class:`Said`, told in the player's language."""

    def __init__(self, sentence: Said) -> None:
        super().__init__(str(sentence))
        self.said = sentence


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass(frozen=True, slots=True)
class Credential:
    """What a presented token holds: a game, and a seat key (a player's number, ``all`` or
    ``spectator``)."""

    game_id: str
    seat: str

    @property
    def spectator(self) -> bool:
        return self.seat == SPECTATOR

    def holds(self, player: int) -> bool:
        """Whether this credential acts for the player's seat ``player`` (1-based, R10)."""
        return self.seat == HOTSEAT or self.seat == str(player)


def player_deciding(seat: int | None, settings: Settings) -> int | None:
    """The player (1-based) whose decision it is, from the engine's seat (None at a roll)."""
    return None if seat is None else player_of_seat(seat, settings)


def check_ai(ai: dict[int, str], settings: Settings) -> None:
    """Refuse an AI seat that is no seat of this game, or a player the registry does not know."""
    for player, name in ai.items():
        if not 1 <= player <= total_players(settings):
            raise BadSeats(said("AI for player {player}: this game has players 1-{last}",
                                player=player, last=total_players(settings)))
        if name not in PLAYERS:
            raise BadSeats(said("AI player {name} is unknown; the players are: {players}",
                                name=repr(name), players=", ".join(sorted(PLAYERS))))


class SeatBook:
    """The seats, the presence and the AI's notes of every game of one database."""

    def __init__(self, store: Store) -> None:
        self.store = store
        # the tables' hooks (web/lobby.py): a rematch's seat that an earlier game's link opens,
        # and whether the AI stands in for a seat (its player's link then reads, and waits)
        self.carried: Callable[[Credential, str], Credential | None] | None = None
        self.standing_in: Callable[[Credential], bool] | None = None
        # the seats read by every request and after every commit, kept until a seat is written
        # (SQLite's one process; web/read_cache.py)
        self.cache = ReadCache(store, frozenset({SeatRow.__tablename__}))

    # --- seats -------------------------------------------------------------------------------
    def create(self, game_id: str, settings: Settings, hotseat: bool,
               ai: dict[int, str]) -> dict[str, object]:
        """The credentials of a new game; returns what the creator is told once: each seat with
        its token (``None`` for an AI seat), the hot seat's token if any, the spectator's."""
        check_ai(ai, settings)
        now = time.time()
        rows: list[SeatRow] = []
        seats: list[dict[str, object]] = []
        names = seat_names_in(settings, "en")  # the rulebook's words (R10, R12.6)
        hot_token = None
        if hotseat:
            hot_token = new_token()
            rows.append(SeatRow(game_id=game_id, seat=HOTSEAT, kind="hotseat",
                                token_hash=token_hash(hot_token), created=now))
        for player, title in names.items():
            if player in ai:
                rows.append(SeatRow(game_id=game_id, seat=str(player), kind="ai", player=ai[player],
                                    created=now))
                seats.append({"player": player, "title": title, "kind": "ai", "ai": ai[player],
                              "token": None})
            elif hotseat:
                seats.append({"player": player, "title": title, "kind": "hotseat", "token": hot_token})
            else:
                token = new_token()
                rows.append(SeatRow(game_id=game_id, seat=str(player), kind="human",
                                    token_hash=token_hash(token), created=now))
                seats.append({"player": player, "title": title, "kind": "human", "token": token})
        spectator = new_token()
        rows.append(SeatRow(game_id=game_id, seat=SPECTATOR, kind="spectator",
                            token_hash=token_hash(spectator), created=now))
        values = [{c.name: getattr(row, c.name) for c in _SEATS.columns} for row in rows]

        def write(connection: Connection) -> None:
            connection.execute(insert(_SEATS), values)

        self.store.committed(write)  # SQLite: with the other writes waiting, one sync for all
        # what the game's first requests and the AI driver would read at once (a new game id:
        # these rows are the only ones)
        for row in rows:
            if row.token_hash is not None:
                self.cache.put(("token", row.token_hash), (game_id, row.seat, row.kind))
        self.cache.put(("ai", game_id), {int(r.seat): str(r.player) for r in rows if r.kind == "ai"})
        self.cache.put(("kinds", game_id), {r.seat: r.kind for r in rows})
        return {"seats": seats, "hotseat": hot_token, "spectator": spectator}

    def mint(self, game_id: str, seat: str) -> str:
        """A new token for ``seat`` of a game (``all``, ``spectator`` or a player's number),
        replacing the one it had: the host's way to a lost link, or to an older game's hot seat."""
        token = new_token()
        with self.store.session() as session:
            row = session.get(SeatRow, (game_id, seat))
            if row is not None and row.kind == "ai":
                raise BadSeats(said("player {seat} of game {game} is played by the AI ({player})",
                                    seat=seat, game=game_id, player=str(row.player)))
            if row is None:
                kind = {HOTSEAT: "hotseat", SPECTATOR: "spectator"}.get(seat, "human")
                session.add(SeatRow(game_id=game_id, seat=seat, kind=kind,
                                    token_hash=token_hash(token), created=time.time()))
            else:
                row.token_hash = token_hash(token)
        return token

    def watcher(self, game_id: str) -> str:
        """One more spectator credential of a game (a seat hands it out: issue 23), kept beside
        the others so that every spectator link already given still works; at most
        ``WATCHERS`` of them."""
        token = new_token()
        with self.store.session() as session:
            count = len(session.execute(select(SeatRow.seat).where(
                SeatRow.game_id == game_id, SeatRow.kind == "spectator")).all())
            if count > WATCHERS:
                raise BadSeats(said("game {game} has {count} spectator links already: pass on "
                                    "one of them", game=game_id, count=count))
            session.add(SeatRow(game_id=game_id, seat=f"{SPECTATOR}-{secrets.token_hex(3)}",
                                kind="spectator", token_hash=token_hash(token), created=time.time()))
        return token

    def find(self, token: str | None) -> Credential | None:
        """The credential of a presented token, or None (unknown, or no token).  Every spectator
        credential is the seat ``spectator``, whichever link it came from."""
        return self.lookup(token)[0]

    def lookup(self, token: str | None) -> tuple[Credential | None, str | None]:
        """:meth:`find`, with the seat's kind (``ai`` for a seat the AI stands in for)."""
        if not token or len(token) > 200:
            return None, None
        hashed = token_hash(token)

        def read() -> tuple[str, str, str] | None:
            # a read on a bare connection: the ORM session's bookkeeping cost more than the query
            # itself, on every request (issue 26, bench/per_action.py)
            row = self.store.read(lambda connection: connection.execute(_BY_HASH, {"hash": hashed}).first())
            return None if row is None else (str(row[0]), str(row[1]), str(row[2]))

        found = self.cache.get(("token", hashed), read)
        if found is None:
            return None, None
        game_id, seat, kind = found
        return Credential(game_id, SPECTATOR if kind == "spectator" else seat), kind

    def authorize(self, token: str | None, game_id: str, acting: bool) -> Credential:
        """The first check of every request (the authority's order, docs/web.md): a token of
        this game, and one that may act when the request changes the game."""
        if not token:
            raise Forbidden("no_credential", "this request needs the seat's link (its credential "
                                             "goes in the Authorization header or the first message)")
        credential, kind = self.lookup(token)
        if credential is not None and credential.game_id != game_id and self.carried is not None:
            credential = self.carried(credential, game_id)  # a rematch's seat (issue 27)
        if credential is None or credential.game_id != game_id:
            raise Forbidden("bad_credential", "this credential is not one of this game's seats")
        if acting and credential.spectator:
            raise Forbidden("spectator", "a spectator's link shows the game and can do nothing")
        if acting and kind == "ai":  # a seat the AI plays: given to it, or standing in (issue 27)
            self.check_acting(credential)
        return credential

    def check_acting(self, credential: Credential) -> None:
        """Refuse an action of a seat the AI stands in for (its player watches meanwhile): the
        check of a request that presented its seat earlier (a WebSocket's hello)."""
        if credential.seat.isdigit() and self.standing_in is not None and self.standing_in(credential):
            raise Forbidden("stand_in", "the AI plays this seat now: ask the table's host to hand it back")

    def ai_seats(self, game_id: str) -> dict[int, str]:
        """The seats the AI plays and its player's name (read by the AI driver after every
        commit of every game: kept, issue 26)."""
        return dict(self.cache.get(("ai", game_id), lambda: self._ai_seats(game_id)))

    def _ai_seats(self, game_id: str) -> dict[int, str]:
        rows = self.store.read(lambda connection: connection.execute(_AI_SEATS, {"game": game_id}).all())
        return {int(seat): str(player) for seat, player in rows}

    def kinds(self, game_id: str) -> dict[str, str]:
        """Each seat key of a game and its kind (no token, no hash)."""
        return dict(self.cache.get(("kinds", game_id), lambda: self._kinds(game_id)))

    def _kinds(self, game_id: str) -> dict[str, str]:
        rows = self.store.read(lambda connection: connection.execute(_KINDS, {"game": game_id}).all())
        return {str(seat): str(kind) for seat, kind in rows}

    # --- presence ----------------------------------------------------------------------------
    def arrive(self, connection: str, game_id: str, seat: str,
               seconds: float = PRESENCE_SECONDS) -> None:
        """Mark a connection holding ``seat`` as present until ``seconds`` from now (renewed by
        calling again)."""
        with self.store.session() as session:
            row = session.get(PresenceRow, connection)
            if row is None:
                session.add(PresenceRow(connection=connection, game_id=game_id, seat=seat,
                                        expires=time.time() + seconds))
            else:
                row.expires = time.time() + seconds

    def leave(self, connection: str) -> None:
        with self.store.session() as session:
            session.execute(delete(PresenceRow).where(PresenceRow.connection == connection))

    def present(self, game_id: str) -> dict[str, object]:
        """Who is connected now: the players' seats (a hot seat connects them all) and the
        number of spectators; expired rows (a killed process's) are dropped."""
        now = time.time()
        with self.store.session() as session:
            session.execute(delete(PresenceRow).where(PresenceRow.expires < now))
            rows: Sequence[str] = session.execute(select(PresenceRow.seat).where(
                PresenceRow.game_id == game_id)).scalars().all()
        players = sorted({int(s) for s in rows if s.isdigit()})
        return {"players": players, "hotseat": HOTSEAT in rows,
                "spectators": sum(s == SPECTATOR for s in rows)}

    # --- the AI's notes ----------------------------------------------------------------------
    def note(self, game_id: str, seq: int, text: str) -> None:
        with self.store.session() as session:
            session.merge(NoteRow(game_id=game_id, seq=seq, text=text[:600]))

    def notes(self, game_id: str) -> dict[int, str]:
        with self.store.session() as session:
            rows = session.execute(select(NoteRow.seq, NoteRow.text)
                                   .where(NoteRow.game_id == game_id)).all()
        return {int(seq): str(text) for seq, text in rows}

    def forget_notes_from(self, game_id: str, seq: int) -> None:
        """An undo took back the log from entry ``seq``: its notes go too."""
        with self.store.session() as session:
            session.execute(delete(NoteRow).where(NoteRow.game_id == game_id, NoteRow.seq >= seq))
