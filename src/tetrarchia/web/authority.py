"""The server's authority over its games: one place that checks and applies every request.

Order of the checks (issue 11, after boardgame.io's master): the seat's credential (403, in the
routes: ``web/seats.py``) → the game exists (404) → the game is not over (410) → the body is well
formed (413/422, in the routes) → the state version is the current one (409, with the current
state) → this seat decides now (403, with the reason) → the engine accepts the action (400 with
its refusal code).  A refused request changes nothing, in memory or in the database.  An
accepted one is committed to the database before the answer is built, so that no one is ever told
of an action a crash could lose.

Games live in memory once loaded (``web/live_game.py``, ``web/game_cache.py``); the database
holds their seed and log, and a restarted server rebuilds each game by replaying its log
(``Game.from_json``) with the same dice to come.

Several processes may share one PostgreSQL database (issue 11): then the game in memory is only a
cache.  Before serving a game the authority reads its version row; a game another process moved
on is rebuilt from the database (its seed and dice drawn give the same dice to come).  A commit is
version-checked in its transaction: when another process committed first, nothing is written, the
game is rebuilt from the database and the request gets the 409 of a stale version.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from tetrarchia.core.actions import Action, Roll
from tetrarchia.core.board import default_board, parse_board
from tetrarchia.core.dice import SeededDice
from tetrarchia.core.engine import Boundary, deciding_seat, resume
from tetrarchia.core.errors import Refusal, Said, TetrarchiaError, WrongMoment, said
from tetrarchia.core.events import Event
from tetrarchia.core.notation import format_action, parse_action
from tetrarchia.core.serialize import position_from_json
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import Awaiting
from tetrarchia.game import Game
from tetrarchia.web.bus import news_json
from tetrarchia.web.game_cache import GameCache, StaleVersion, UnknownGame
from tetrarchia.web.live_game import LiveGame, describe, replay_events, translated
from tetrarchia.web.seats import Credential, player_deciding
from tetrarchia.web.secrecy import SEED_SPACE, DiceSecret, fresh_seed
from tetrarchia.web.storage import Conflict, Store
from tetrarchia.web.views import event_json, seat_title

__all__ = ["BOUNDARIES", "Authority", "GameCache", "GameOver", "LiveGame", "NoDiceNow",
           "NotYourDecision", "StaleVersion", "UnknownGame", "describe", "replay_events",
           "translated"]

# How far one "advance" request goes: one die, or the next decision, the end of the phase or of
# the turn (each also stops at a decision and at the end of the game: docs/api.md).
BOUNDARIES = {"roll": Boundary.DECISION, "decision": Boundary.DECISION,
              "phase-end": Boundary.PHASE_END, "turn-end": Boundary.TURN_END}


class GameOver(Exception):
    """The game has ended: nothing more can be played (HTTP 410)."""


class NotYourDecision(Exception):
    """The credential does not hold the seat that decides now (HTTP 403).  ``who`` names the
    seat that does (``Player 2 (Galerius)``), or is None when the dice are due; ``want`` says
    what the request tried (to act, to undo)."""

    def __init__(self, who: str | None, want: str, seat: int | None = None,
                 settings: Settings | None = None) -> None:
        super().__init__(f"it is not your decision: {who or 'the dice'} now ({want})")
        self.who = who
        self.want = want
        self.seat = seat  # the seat deciding and the settings: ``who`` in another language
        self.settings = settings

    def who_in(self, lang: str) -> str | None:
        """The seat deciding as the page names it in ``lang`` (``Jugador 2 (Galerio)``)."""
        if self.settings is None or self.seat is None:
            return self.who
        return seat_title(self.seat, self.settings, lang)


class NoDiceNow(WrongMoment):
    """A request to roll while a player must decide (R1: the dice wait for the decision).  The
    seat deciding and the settings let the refusal name him in the page's language, as
    :class:`NotYourDecision` does (``Jugador 2 (Galerio)``)."""

    def __init__(self, seat: int | None, settings: Settings) -> None:
        self.seat = seat
        self.settings = settings
        super().__init__(self.said_in("en"))

    def said_in(self, lang: str) -> Said:
        """The refusal with the seat deciding named in ``lang`` (the template stays English:
        ``render.refusals`` tells it)."""
        return said("no dice are to be rolled now ({who} must decide)",
                    who=str(seat_title(self.seat, self.settings, lang)))


class Authority(GameCache):
    """Every game of one database (the cache: ``web/game_cache.py``), and the checks every
    request goes through before it changes one."""

    def __init__(self, store: Store, notify: Callable[[str, int], None] | None = None) -> None:
        super().__init__(store)
        self.notify = notify  # told (game id, version) after each committed change
        # told (game id, log entry, text) when an AI seat's move is committed with its reason
        self.noted: Callable[[str, int, str], None] | None = None
        self.unnoted: Callable[[str, int], None] | None = None  # an undo cut the log at an entry
        self.changed: Callable[[str], None] | None = None  # after each commit of this process
        # after the commit that ended a game (the players' table, web/players_table.py): once,
        # a finished game being closed to every change, an undo included
        self.ended: Callable[[LiveGame], None] | None = None
        # when a game's seed may be told (web/secrecy.py): the application adds the challenge's days
        self.secret = DiceSecret(lambda _game_id: False)
        # told (game id, log entry, player, whether the server's AI played it) after each
        # decision committed: a table notes who played it (web/lobby.py)
        self.played: Callable[[str, int, int | None, bool], None] | None = None

    # --- creating ------------------------------------------------------------------------------
    def create(self, settings: Settings, seed: int | None, board_text: str | None = None,
               start: dict[str, Any] | None = None) -> LiveGame:
        """A new game from the setup (or from a position), rolled to its first decision."""
        board = parse_board(board_text, "uploaded board") if board_text else default_board()
        seed = seed if seed is not None else fresh_seed()  # the server's secret (D2)
        if start is not None:
            game = Game.from_position(position_from_json(start, board), seed=seed)
        else:
            game = Game.new(settings, board, seed=seed)
        live = LiveGame(secrets.token_hex(8), game, board_text, 1, describe(game.state.settings))
        self.run_on(live, "decision")
        self.store.create(live.id, game.state.settings.to_json(), board_text, board.source, seed,
                          start, [format_action(a, board) for a in game.log], game.dice_drawn,
                          game.state.result.name.lower(), live.summary)
        with self.lock:
            self.games[live.id] = live
        return live

    def import_save(self, data: Any, board_text: str | None = None) -> LiveGame:
        """A saved game (docs/save-format.md) from the terminal or another server, as a new game."""
        board = parse_board(board_text, "uploaded board") if board_text else default_board()
        game = Game.from_json(data, board)
        if game.seed is None or not 0 <= game.seed < SEED_SPACE:
            # dice from an unseeded source (or a seed out of the stored range): the server seeds the
            # dice to come, so that a restart rolls them again the same
            game.seed = fresh_seed()
            game.dice = SeededDice(game.seed)
            game.dice_drawn = 0
        start = None if game.fresh else data.get("start")
        live = LiveGame(secrets.token_hex(8), game, board_text, 1, describe(game.state.settings))
        live.events = replay_events(game)
        self.store.create(live.id, game.state.settings.to_json(), board_text, board.source, game.seed,
                          start, [format_action(a, board) for a in game.log], game.dice_drawn,
                          game.state.result.name.lower(), live.summary)
        with self.lock:
            self.games[live.id] = live
        return live

    # --- changing ------------------------------------------------------------------------------
    @staticmethod
    def check_open(live: LiveGame) -> None:
        if live.state.is_over:
            raise GameOver(f"game {live.id} is over: nothing more can be played")

    @staticmethod
    def check_seat(live: LiveGame, holder: Credential | None, want: str) -> None:
        """The credential holds the seat deciding now (R10: a player acts only for the Emperors
        of his seat; the Barbarian player for the Barbarians, R12.6).  ``None``: the server's
        own AI seat, checked by its driver."""
        if holder is None:
            return
        state = live.state
        player = player_deciding(deciding_seat(state), state.settings)
        if player is None or not holder.holds(player):
            raise NotYourDecision(live.view_title(), want, deciding_seat(state), state.settings)

    def opened(self, game_id: str, version: int) -> LiveGame:
        """The game, not over (410), with its lock taken at the request's version (409)."""
        self.check_open(self.get(game_id))  # the game's end answers before the version
        live = self.locked(game_id, version)
        try:
            self.check_open(live)
        except BaseException:
            live.lock.release()
            raise
        return live

    def act(self, game_id: str, version: int, notation: str,
            holder: Credential | None = None, note: str | None = None) -> tuple[LiveGame, int]:
        """Play a decision written in the notation for the seat of ``holder``; returns the game
        and the index of its first new event.  ``note``: the AI's explanation of its move."""
        live = self.opened(game_id, version)
        try:
            self.check_seat(live, holder, "to act")
            game = live.game
            try:
                action = parse_action(notation, game.board)
            except TetrarchiaError as exc:
                if game.state.is_over:
                    raise TetrarchiaError(said("the game is over: no more actions"),
                                          Refusal.GAME_OVER) from None
                raise exc from None
            if isinstance(action, Roll):
                raise WrongMoment(said("the server rolls the dice: ask it to roll (advance), "
                                       "never send dice ({action})", action=notation.strip()))
            first = len(live.events)
            n = len(game.log)
            player = player_deciding(deciding_seat(game.state), game.state.settings)
            self.commit(live, lambda: self.play(live, action))
            if self.played is not None:
                self.played(live.id, n, player, holder is None)
            if note is not None:
                live.notes[n] = note
                if self.noted is not None:
                    self.noted(live.id, n, note)
            return live, first
        finally:
            live.lock.release()

    def advance(self, game_id: str, version: int, until: str,
                holder: Credential | None = None) -> tuple[LiveGame, int]:
        """Roll the pending dice with the game's own seeded source: one roll (``"roll"``), or up
        to the next decision, the end of the phase or of the turn.  Any seat may ask for the
        dice when they are due; when a seat must decide, only that seat hears why not."""
        live = self.opened(game_id, version)
        try:
            state = live.state
            if state.awaiting not in (Awaiting.ROLL, Awaiting.RUN):
                self.check_seat(live, holder, "to roll the dice")
                raise NoDiceNow(deciding_seat(state), state.settings)
            first = len(live.events)
            self.commit(live, lambda: self.run_on(live, until))
            return live, first
        finally:
            live.lock.release()

    def undo(self, game_id: str, version: int,
             holder: Credential | None = None) -> tuple[LiveGame, int]:
        live = self.opened(game_id, version)
        try:
            self.check_seat(live, holder, "to undo")
            point = live.undo_point()
            if point is None:
                raise TetrarchiaError(said("nothing of yours to undo since the last die (a die "
                                           "once rolled is never taken back, R1)"), Refusal.NO_UNDO)
            game = live.game
            while len(game.log) > point:
                game.undo()
            live.events = [e for e in live.events if e["n"] < point]
            live.notes = {n: text for n, text in live.notes.items() if n < point}
            live.version += 1
            try:
                self.store.record(live.id, point, [], game.dice_drawn, live.version,
                                  game.state.result.name.lower(), self.news(live))
            except BaseException as exc:
                self.forget(live)  # undone in memory only: rebuilt from the database
                if isinstance(exc, Conflict):
                    raise StaleVersion(self.reload(live.id)) from None
                raise
            if self.unnoted is not None:
                self.unnoted(live.id, point)  # the AI's notes of the entries taken back
            self.told(live)
            return live, len(live.events)
        finally:
            live.lock.release()

    def commit(self, live: LiveGame, change: Callable[[], None]) -> None:
        """Apply ``change`` to the game; on success store the new log entries and the version in
        one transaction, then tell the watchers.  A refused change leaves the game as it was."""
        game = live.game
        before_log = len(game.log)
        before_events = len(live.events)
        before_state = game.state.copy()
        before_undo = list(game.undoable)
        before_drawn = game.dice_drawn
        before_version = live.version
        try:
            change()
            live.version += 1
            self.store.record(live.id, before_log,
                              [format_action(a, game.board) for a in game.log[before_log:]],
                              game.dice_drawn, live.version, game.state.result.name.lower(),
                              self.news(live))
        except BaseException as exc:
            if len(game.log) != before_log or game.dice_drawn != before_drawn:
                # a storage failure (or a lost race) after dice were drawn: the dice source
                # cannot be put back, so the game is dropped from memory and rebuilt from the
                # database next time
                self.forget(live)
            game.state = before_state
            del game.log[before_log:]
            game.undoable[:] = before_undo
            del live.events[before_events:]
            live.version = before_version
            if isinstance(exc, Conflict):  # another process committed first: its game wins
                self.forget(live)
                raise StaleVersion(self.reload(live.id)) from None
            raise
        if game.state.is_over and not before_state.is_over and self.ended is not None:
            self.ended(live)  # R8: the game ended with this change (once: it never resumes)
        self.told(live)

    def news(self, live: LiveGame) -> str | None:
        """The bus's message of the change, sent by PostgreSQL in the commit's own transaction
        (delivered to every process only if it commits); None on SQLite (``told`` tells)."""
        if not self.store.postgresql:
            return None
        return news_json(live.id, {"kind": "version", "version": live.version})

    def told(self, live: LiveGame) -> None:
        if self.notify is not None and not self.store.postgresql:
            self.notify(live.id, live.version)
        if self.changed is not None:  # this process's own after-commit work (the AI seats)
            self.changed(live.id)

    def play(self, live: LiveGame, action: Action) -> None:
        events: list[Event] = []
        n = len(live.game.log)
        live.game.play(action, events)
        live.events += [event_json(e, live.game.board, n) for e in events]

    def run_on(self, live: LiveGame, until: str) -> None:
        """Roll dice with the game's own source up to ``until`` (a key of BOUNDARIES), never past a
        decision; every event is tagged with the log entry of the die that made it happen."""
        boundary = BOUNDARIES[until]
        game = live.game
        state = game.state
        n = len(game.log)
        events: list[Event] = []
        resume(state, events, boundary)  # a game paused at a boundary runs on to its next die
        live.events += [event_json(e, game.board, n) for e in events]
        while state.awaiting is Awaiting.ROLL:
            n = len(game.log)
            events = []
            game.roll(events, boundary)
            live.events += [event_json(e, game.board, n) for e in events]
            if until == "roll":
                return
