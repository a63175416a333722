"""Your turn, wherever you are (issue 27, item 2): since when each seat has been waiting, and the
notices a seat asks for when its decision comes — a webhook (a JSON POST that Discord, Slack and
Matrix bridges accept) and an e-mail when the host configured SMTP.

**When a decision began.**  The table ``turns`` keeps, per game, the player deciding now (None
while dice are due), since when, the game's version when that was first seen, and the last player
a notice was sent for.  It is brought up to date after each commit of this process (the
authority's ``changed``, as the AI driver is poked) and when a page asks (``GET .../notify``),
by a version-checked update: of two processes seeing the same change, exactly one writes it and
sends the notices, so a seat is told once.  A seat is told when the decision passes to it from
another player (the dice between two decisions of the same player tell nobody: he has just
played).

**The settings** (table ``notices``), per seat credential (a player's number, or ``all`` for a
hot seat, told whoever decides): the webhook's address, whether it carries the seat's secret
link (then, and only then, the token is stored, cleared when the box is unticked; a link the host
replaced since is never sent), the e-mail address, the language of the notices, and the address
of the server as the seat's page reached it (the notice's link to the game).

Routes: ``GET /api/games/<id>/notify`` (any credential of the game: the turn and, for a seat,
its settings) and ``POST /api/games/<id>/notify`` (a seat's own settings; an empty address
removes it).
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from contextlib import suppress
from dataclasses import dataclass
from functools import partial
from typing import Any, cast
from urllib.parse import urlsplit

from sqlalchemy import Boolean, Float, Integer, String, Table, bindparam, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tetrarchia.core.engine import deciding_seat
from tetrarchia.core.errors import Said, said
from tetrarchia.render.labels import seat_title_in
from tetrarchia.web import i18n
from tetrarchia.web.authority import Authority, LiveGame, UnknownGame
from tetrarchia.web.deliver import LOG, Delivery, Sender, forbidden_address, resolved
from tetrarchia.web.i18n import N_
from tetrarchia.web.live import field, json_object, quoted, unknown_fields
from tetrarchia.web.read_cache import ReadCache
from tetrarchia.web.seats import Credential, SeatBook, player_deciding
from tetrarchia.web.storage import Base, GameRow, Store

WEBHOOK_MAX = 500  # characters of a webhook's address
EMAIL_MAX = 254  # RFC 5321's longest address
FIELDS = frozenset({"webhook", "include_link", "email", "lang"})
EMAIL = re.compile(r"[^@\s\x00-\x1f\x7f<>,;]+@[^@\s\x00-\x1f\x7f<>,;]+\.[^@\s\x00-\x1f\x7f<>,;.]+")
LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")
RESOLVE_SECONDS = 3.0  # a webhook's host name is looked up within this time, or refused
RESOLVER = ThreadPoolExecutor(max_workers=2, thread_name_prefix="tetrarchia-resolve")

# The notice, in the language the seat chose (the page's catalogue: web/*.py's N_ sentences)
SUBJECT = N_("Your turn in Tetrarchia")
TEXT = N_("It is your turn in Tetrarchia: {seat}, game {game}, round {round}.")
LINK = N_("Your seat's link: {link}")
GAME = N_("The game: {link} (it opens in the browser that holds your seat)")


class NoticeRow(Base):
    __tablename__ = "notices"
    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[str] = mapped_column(String(16), primary_key=True)
    webhook: Mapped[str | None] = mapped_column(String(WEBHOOK_MAX), nullable=True)
    include_link: Mapped[bool] = mapped_column(Boolean, default=False)
    token: Mapped[str | None] = mapped_column(String(200), nullable=True)  # only when the link is asked
    email: Mapped[str | None] = mapped_column(String(EMAIL_MAX), nullable=True)
    lang: Mapped[str] = mapped_column(String(8), default="en")
    address: Mapped[str] = mapped_column(String(300))  # the server as the seat's page reached it
    updated: Mapped[float] = mapped_column(Float)


class TurnRow(Base):
    __tablename__ = "turns"
    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: dice are due
    since: Mapped[float] = mapped_column(Float)
    version: Mapped[int] = mapped_column(Integer)
    notified: Mapped[int | None] = mapped_column(Integer, nullable=True)


_TURN = select(TurnRow.player, TurnRow.since, TurnRow.version, TurnRow.notified).where(
    TurnRow.game_id == bindparam("game"))
_TURNS = cast(Table, TurnRow.__table__)
_FIRST_SIGHT = insert(_TURNS).values(game_id=bindparam("game"), player=bindparam("new_player"),
                                     since=bindparam("new_since"), version=bindparam("new_version"),
                                     notified=bindparam("new_notified"))
_MOVE_TURN = update(_TURNS).where(_TURNS.c.game_id == bindparam("game"),
                                  _TURNS.c.version == bindparam("before")).values(
    player=bindparam("new_player"), since=bindparam("new_since"), version=bindparam("new_version"),
    notified=bindparam("new_notified"))
_UPDATED = select(GameRow.updated).where(GameRow.id == bindparam("game"))


@dataclass(frozen=True, slots=True)
class _Seen:
    """A turn row as this process last read or wrote it."""

    player: int | None
    since: float
    version: int
    notified: int | None


class BadNotice(ValueError):
    """A seat's notification settings that cannot be kept (HTTP 400), said in the game's words."""

    def __init__(self, sentence: Said) -> None:
        super().__init__(str(sentence))
        self.said = sentence


@dataclass(frozen=True, slots=True)
class Turn:
    """Who decides (None: the dice), since when (seconds since the epoch), at which version."""

    player: int | None
    since: float
    version: int

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "since": self.since, "version": self.version, "now": time.time()}


def host_port(host: str | None, port: int | None, scheme: str) -> tuple[str, int]:
    return (host or "").lower().strip("[]").rstrip("."), port or (443 if scheme in ("https", "wss") else 80)


def check_webhook(url: str, own: set[tuple[str, int]], allow_loopback: bool) -> str:
    """The webhook's address, or BadNotice: http(s), a host, not this server (``own``: the
    addresses the request reached it by), and not this machine unless the host allows it."""
    url = url.strip()
    if len(url) > WEBHOOK_MAX:
        raise BadNotice(said("a webhook's address is at most {limit} characters, not {length}",
                             limit=WEBHOOK_MAX, length=len(url)))
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise BadNotice(said("{value} is not a web address", value=quoted(url))) from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise BadNotice(said("a webhook's address begins with http:// or https:// and names a "
                             "host, not {value}", value=quoted(url)))
    if any(ord(c) < 33 for c in url):
        raise BadNotice(said("{value} is not a web address", value=quoted(url)))
    target = host_port(parts.hostname, port, parts.scheme)
    if target in own:
        raise BadNotice(said("a webhook cannot point at this server itself ({value})",
                             value=quoted(url)))
    try:
        literal = [str(ipaddress.ip_address(target[0]))]
    except ValueError:
        literal = ["127.0.0.1"] if target[0] in LOOPBACK_NAMES else []
    try:
        # a name server that never answers must not hold the seat's request: bounded
        addresses = literal or RESOLVER.submit(resolved, target[0], target[1]).result(RESOLVE_SECONDS)
    except (OSError, FutureTimeout):
        raise BadNotice(said("the host of {value} is not found", value=quoted(url))) from None
    for address in addresses:
        if forbidden_address(address, allow_loopback):
            raise BadNotice(said("a webhook cannot point at this machine or at a reserved "
                                 "address ({value})", value=quoted(url)))
        if (address, target[1]) in own or (ipaddress.ip_address(address.split("%")[0]).is_loopback
                                           and any(p == target[1] for _, p in own)):
            raise BadNotice(said("a webhook cannot point at this server itself ({value})",
                                 value=quoted(url)))
    return url


def check_email(text: str) -> str:
    text = text.strip()
    if len(text) > EMAIL_MAX or not EMAIL.fullmatch(text):
        raise BadNotice(said("{value} is not an e-mail address", value=quoted(text)))
    return text


class Notifier:
    """The turns and the notices of every game of one server process."""

    def __init__(self, store: Store, authority: Authority, book: SeatBook, delivery: Delivery) -> None:
        self.store = store
        self.authority = authority
        self.book = book
        self.delivery = delivery
        self.sender = Sender(delivery)
        # the turn rows as last read or written, on SQLite (one process writes them, the host's
        # commands aside: web/outside.py); nothing kept on PostgreSQL, where the others write too
        self.seen = ReadCache(store, frozenset({TurnRow.__tablename__}))
        self.seeing = threading.Lock()
        self.new_games: set[str] = set()  # created by this process, their turn row not written yet
        # one thread looks at the games after their commits: a commit's request never waits
        self.looking = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tetrarchia-turns")

    def poke(self, game_id: str, new: bool = False) -> None:
        """A commit of this process changed ``game_id``: look at its turn soon.  ``new``: a game
        this process has just created (no turn row yet: none is read, and its first decision
        began now)."""
        if new:
            with self.seeing:
                self.new_games.add(game_id)
        if not self.sender.closed.is_set():
            self.looking.submit(self.look, game_id)

    def look(self, game_id: str) -> None:
        try:
            # poked after this process's commit: the game in memory is that commit's (no read of
            # its version row per commit, issue 26)
            self.observe(self.authority.current(game_id))
        except UnknownGame:
            pass
        except Exception:
            LOG.exception("the turn of game %s could not be read", game_id)

    def wait(self, timeout: float = 30.0) -> bool:
        """Until the looks and the sends are done (tests)."""
        self.looking.submit(lambda: None).result(timeout)
        return self.sender.wait(timeout)

    def close(self) -> None:
        self.looking.shutdown(wait=True, cancel_futures=True)
        self.sender.close()

    # --- who decides, since when ----------------------------------------------------------------
    def observe(self, live: LiveGame) -> Turn:
        """The game's turn as stored, brought up to date with ``live`` (at most one process writes
        each change, and that one sends its notices)."""
        with live.lock:
            state = live.state
            player = None if state.is_over else player_deciding(deciding_seat(state), state.settings)
            version = live.version
        now = time.time()
        for _ in range(5):  # another process wrote between our read and our write: read again
            tell = False
            row = self.turn_row(live.id)
            # seen at this version or later, or the same player still deciding: nothing to write
            # (one write per change of player, not one per commit)
            if row is not None and (row.version >= version or row.player == player):
                return Turn(row.player, row.since, row.version)
            try:
                # a row not worth a sync of the disc: a power cut that loses it loses when the
                # decision began, and the first sight after it says when the game was last played
                if row is None:
                    since = now if live.id in self.new_games else self.last_played(live.id, now)
                    notified = player
                    with self.store.unsynced() as connection:
                        connection.execute(_FIRST_SIGHT, {"game": live.id, "new_player": player,
                                                          "new_since": since, "new_version": version,
                                                          "new_notified": notified})
                else:
                    since = now
                    tell = player is not None and row.notified != player
                    notified = player if tell else row.notified
                    with self.store.unsynced() as connection:
                        moved = connection.execute(_MOVE_TURN, {
                            "game": live.id, "before": row.version, "new_player": player,
                            "new_since": since, "new_version": version, "new_notified": notified})
                    if moved.rowcount != 1:
                        self.forget_turn(live.id)
                        continue
            except IntegrityError:  # two first sights at once: the other's row stands
                self.forget_turn(live.id)
                continue
            self.remember_turn(live.id, _Seen(player, since, version, notified))
            if self.new_games:
                with self.seeing:
                    self.new_games.discard(live.id)
            if tell and player is not None:
                self.tell(live, player)
            return Turn(player, since, version)
        return Turn(player, now, version)

    # --- the turn rows this process read or wrote (SQLite: its one process, issue 26) ----------
    def turn_row(self, game_id: str) -> _Seen | None:
        """The game's row: as this process last read or wrote it when it alone writes the file
        (``web/read_cache.py``: forgotten when anything else writes the table — a statement of
        the store's own engine, a host's command; this notifier's own writes go on the unsynced
        connections and put what they wrote), else read."""
        with self.seeing:
            if game_id in self.new_games:
                return None  # no row yet: nothing to read

        def read() -> _Seen | None:
            row = self.store.read(lambda connection: connection.execute(_TURN, {"game": game_id}).first())
            return None if row is None else _Seen(row[0], float(row[1]), int(row[2]), row[3])

        return self.seen.get(game_id, read)

    def remember_turn(self, game_id: str, seen: _Seen) -> None:
        """Keep the row this process has just written (a later version than the one kept)."""
        kept = self.seen.peek(game_id)
        if kept is None or kept.version <= seen.version:
            self.seen.put(game_id, seen)

    def forget_turn(self, game_id: str) -> None:
        self.seen.forget(game_id)

    def last_played(self, game_id: str, now: float) -> float:
        updated = self.store.read(lambda connection: connection.execute(_UPDATED, {"game": game_id}).scalar())
        return float(updated) if updated is not None else now

    # --- the notices --------------------------------------------------------------------------
    def tell(self, live: LiveGame, player: int) -> None:
        """Send the notices of the seats that asked to be told ``player``'s decision."""
        if player in self.book.ai_seats(live.id):
            return
        with self.store.session() as session:
            rows = session.execute(select(NoticeRow).where(
                NoticeRow.game_id == live.id, NoticeRow.seat.in_((str(player), "all")))).scalars().all()
            wanted = [(r.seat, r.webhook, r.email, r.lang, r.address, r.token if r.include_link else None)
                      for r in rows]
        if not wanted:
            return
        with live.lock:
            settings = live.state.settings
            seat = deciding_seat(live.state)
            round_ = live.state.round
        for key, webhook, email, lang, address, token in wanted:
            title = seat_title_in(seat, settings, lang) or str(player)
            words = i18n.catalogue(lang)
            lines = [words.get(TEXT, TEXT).format(seat=title, game=live.id, round=round_)]
            game_link = f"{address}/game/{live.id}"
            if token is not None and self.token_current(live.id, key, token):
                lines.append(words.get(LINK, LINK).format(link=f"{game_link}#{token}"))
            else:
                lines.append(words.get(GAME, GAME).format(link=game_link))
            text = "\n".join(lines)
            if webhook:
                payload = {"game": live.id, "seat": player, "seat_title": title, "round": round_,
                           "text": text, "content": text, "body": text, "msgtype": "m.text",
                           "username": "Tetrarchia"}
                self.sender.submit(f"webhook of game {live.id} seat {key}",
                                   partial(self.sender.post, webhook, payload))
            if email and self.delivery.smtp is not None:
                subject = words.get(SUBJECT, SUBJECT)
                self.sender.submit(f"e-mail of game {live.id} seat {key}",
                                   partial(self.sender.mail, email, subject, text))

    def token_current(self, game_id: str, seat: str, token: str) -> bool:
        """Whether the stored token is still the seat's (the host may have replaced the link)."""
        found = self.book.find(token)
        return found is not None and found.game_id == game_id and found.seat == seat

    # --- a seat's settings -------------------------------------------------------------------
    def settings_of(self, game_id: str, seat: str) -> dict[str, Any]:
        with self.store.session() as session:
            row = session.get(NoticeRow, (game_id, seat))
            if row is None:
                return {"webhook": "", "include_link": False, "email": ""}
            return {"webhook": row.webhook or "", "include_link": row.include_link,
                    "email": row.email or ""}

    def keep(self, credential: Credential, token: str, data: dict[str, Any],
             own: set[tuple[str, int]], address: str, language: str = "en") -> dict[str, Any]:
        """Check a seat's new settings whole, then store them (nothing is stored on a refusal);
        the notices are told in ``lang``, else in the page's ``language``."""
        unknown_fields(data, FIELDS)
        webhook = (field(data, "webhook", str, required=False) or "").strip()
        email = (field(data, "email", str, required=False) or "").strip()
        include = bool(field(data, "include_link", bool, required=False))
        lang = field(data, "lang", str, required=False) or language
        if lang not in i18n.LANGUAGES:
            raise BadNotice(said("{value} is not a language of the page", value=quoted(lang)))
        if webhook:
            webhook = check_webhook(webhook, own, self.delivery.allow_loopback)
        if email:
            if self.delivery.smtp is None:
                raise BadNotice(said("this server sends no e-mail: its host has not set up SMTP"))
            email = check_email(email)
        with self.store.session() as session:
            session.execute(delete(NoticeRow).where(NoticeRow.game_id == credential.game_id,
                                                    NoticeRow.seat == credential.seat))
            if webhook or email:
                session.add(NoticeRow(game_id=credential.game_id, seat=credential.seat,
                                      webhook=webhook or None, include_link=include,
                                      token=token if include else None, email=email or None,
                                      lang=lang, address=address[:300], updated=time.time()))
        return self.settings_of(credential.game_id, credential.seat)


def own_addresses(request: Request) -> set[tuple[str, int]]:
    """The addresses this request reached the server by: its Host header, the socket's."""
    found: set[tuple[str, int]] = set()
    scheme = request.url.scheme
    host = request.headers.get("host")
    if host:
        parts = urlsplit(f"//{host}")
        with suppress(ValueError):  # a Host header with a port that is no number
            found.add(host_port(parts.hostname, parts.port, scheme))
    server = request.scope.get("server")
    if server and server[0]:
        found.add(host_port(str(server[0]), int(server[1] or 0) or None, scheme))
    return found


def notify_routes(notifier: Notifier,
                  seat: Callable[[Request, bool], Awaitable[Credential]],
                  bearer: Callable[[Request], str | None],
                  guarded: Callable[[Request, Callable[[], Awaitable[Response]]], Awaitable[Response]],
                  told: Callable[[Said, str], str], lang: Callable[[Request], str]) -> list[Route]:
    """The notification routes, on the application's own checks: ``seat`` (the rate limit and
    the credential), ``guarded`` (the refusals' answers), ``told`` (a sentence in a language)."""

    def answer(credential: Credential, turn: Turn) -> dict[str, Any]:
        mine = None if credential.spectator else notifier.settings_of(credential.game_id, credential.seat)
        return {"turn": turn.to_json(), "settings": mine, "email": notifier.delivery.smtp is not None}

    async def route(request: Request) -> Response:
        async def handler() -> Response:
            acting = request.method == "POST"
            credential = await seat(request, acting)
            live = await asyncio.to_thread(notifier.authority.get, request.path_params["game_id"])
            if acting:
                data = json_object(await request.body())
                address = str(request.base_url).rstrip("/")
                try:
                    await asyncio.to_thread(notifier.keep, credential, bearer(request) or "", data,
                                            own_addresses(request), address, lang(request))
                except BadNotice as exc:
                    return JSONResponse({"error": {"code": "bad_notice",
                                                   "reason": told(exc.said, lang(request)), "args": {}}},
                                        status_code=400)
            turn = await asyncio.to_thread(notifier.observe, live)
            return JSONResponse(answer(credential, turn))
        return await guarded(request, handler)

    return [Route("/api/games/{game_id}/notify", route, methods=["GET", "POST"])]

