"""A game in memory on the server (``LiveGame``: the engine's game, its version and its events
tagged with their log entries) and how it is rebuilt from what the database stores: replayed from
its whole log (:func:`rebuild`), or moved on by the entries another process played
(:func:`caught_up`).  The authority (``web/authority.py``) keeps these games and checks every
request against them.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from tetrarchia.core.board import Board, default_board, parse_board
from tetrarchia.core.dice import SeededDice
from tetrarchia.core.engine import deciding_seat, resume
from tetrarchia.core.errors import TetrarchiaError
from tetrarchia.core.events import Event, event_from_json
from tetrarchia.core.notation import format_action, parse_action
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import State
from tetrarchia.game import Game
from tetrarchia.render.advice import explain_choices
from tetrarchia.render.languages import render_in
from tetrarchia.web.seats import player_deciding
from tetrarchia.web.storage import StoredGame
from tetrarchia.web.views import event_json, seat_title, state_json


@dataclass
class LiveGame:
    """A game in memory: the engine's game, its version and its events, each tagged with the
    log entry that made it happen (the log panel and the replay read them)."""

    id: str
    game: Game
    board_text: str | None
    version: int
    summary: str
    events: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    notes: dict[int, str] = field(default_factory=dict)  # log entry -> the AI's one-line reason
    # the store's outside generation when this game was last compared with its stored version
    # (web/game_cache.py; -1: never)
    compared: int = -1
    # (version, log length, events, language) -> what every seat's view of it shares (shared_view)
    views: dict[tuple[int, int, int, str], dict[str, Any]] = field(default_factory=dict, repr=False)

    @property
    def state(self) -> State:
        return self.game.state

    def view(self, events_from: int = 0, lang: str = "en") -> dict[str, Any]:
        """The state as the page reads it, with the events from index ``events_from`` told in
        ``lang``."""
        data = dict(self.shared_view(lang))  # a copy: the routes add their own keys to it
        log = self.game.log
        data["events"] = translated(self.events[events_from:], self.game.board, lang)
        # the AI seats' explanations of the log entries from the first event sent on
        since = self.events[events_from]["n"] if events_from < len(self.events) else len(log)
        data["notes"] = {str(n): text for n, text in sorted(self.notes.items()) if n >= since}
        return data

    def shared_view(self, lang: str) -> dict[str, Any]:
        """What every seat's view of this version shares in ``lang`` (the position, the legal
        actions with their labels and costs, a decision's context): computed once per version and
        language, however many pages are told of the change (issue 26).  Never changed by its
        readers: ``view`` copies it before adding its own keys."""
        key = (self.version, len(self.game.log), len(self.events), lang)
        found = self.views.get(key)
        if found is not None:
            return found
        data = state_json(self.state)
        log = self.game.log
        data.update(id=self.id, version=self.version, log_length=len(log),
                    last_action=format_action(log[-1], self.game.board) if log else None,
                    can_undo=self.can_undo(), summary=self.summary,
                    events=None, events_total=len(self.events), notes=None)  # each view's own: ``view``
        # the player (1-based seat of R10) whose decision it is: the page knows if it is its own
        data["player"] = player_deciding(deciding_seat(self.state), self.state.settings)
        explain_choices(data, self.state, lang)  # a decision's context and choices, in ``lang``
        self.views = {k: v for k, v in self.views.items() if k[0] == self.version}  # this version's
        self.views[key] = data
        return data

    def view_title(self) -> str | None:
        """Who decides now, as the page names him (``Player 2 (Galerius)``), None at a roll."""
        return seat_title(deciding_seat(self.state), self.state.settings)

    def can_undo(self) -> bool:
        return self.undo_point() is not None

    def undo_point(self) -> int | None:
        """The log length to go back to: the last decision since the last die, when it was the
        decision of the seat deciding now (a player takes back only his own, inside his phase,
        never across a die: R1)."""
        stack = self.game.undoable
        if not stack:
            return None
        last = stack[-1]
        if deciding_seat(last.state) != deciding_seat(self.state):
            return None
        return last.log_length


def describe(settings: Settings) -> str:
    """A line for the list of games: level, players, optional rules."""
    options = f", {', '.join(settings.options)}" if settings.options else ""
    players = f"{settings.players} player{'s' if settings.players > 1 else ''}"
    return f"level {settings.level}, {players}{options}"


def rebuild(stored: StoredGame) -> LiveGame:
    """A stored game replayed from its log, with its events and the same dice to come."""
    board = parse_board(stored.board_text, stored.board_source) if stored.board_text \
        else default_board()
    game = Game.from_json(stored.save_json(), board)
    live = LiveGame(stored.id, game, stored.board_text, stored.version, stored.summary)
    live.events = replay_events(game)
    return live


def caught_up(cached: LiveGame, stored: StoredGame) -> LiveGame | None:
    """A copy of ``cached`` moved on to ``stored`` by playing the entries it lacks, exactly as
    ``rebuild`` would have replayed them (the same events, undo stack and dice to come), or
    None when the stored log does not extend the cached one (an undo cut it) and the whole
    log must be replayed.  The cached game itself is left as it was."""
    game = cached.game
    board = game.board
    have = len(game.log)
    if len(stored.log) < have or stored.dice_drawn < game.dice_drawn or game.seed != stored.seed \
            or [format_action(a, board) for a in game.log] != list(stored.log[:have]):
        return None
    copy = Game(game.start.copy(), seed=game.seed, fresh=game.fresh)
    copy.state = game.state.copy()
    copy.log = list(game.log)
    copy.undoable = list(game.undoable)
    copy.dice_drawn = game.dice_drawn
    copy.dice = SeededDice(game.seed)
    if game.seed is not None and game.dice_drawn:
        copy.dice.roll(game.dice_drawn)  # the copy's dice where the cached game's are
    events = list(cached.events)
    for n, text in enumerate(stored.log[have:], have):
        happened: list[Event] = []
        resume(copy.state, happened)  # as Game.from_json: run on from a pause, then play
        try:
            copy.play(parse_action(text, board), happened)
        except TetrarchiaError:
            return None  # not the log this game can play on with: replay it all
        events += [event_json(e, board, n) for e in happened]
    if copy.seed is not None and stored.dice_drawn > copy.dice_drawn:
        copy.dice.roll(stored.dice_drawn - copy.dice_drawn)  # the dice the other process drew
    copy.dice_drawn = stored.dice_drawn
    live = LiveGame(stored.id, copy, cached.board_text, stored.version, stored.summary)
    live.events = events
    return live


def translated(events: list[dict[str, Any]], board: Board, lang: str) -> list[dict[str, Any]]:
    """The events with their sentences in ``lang`` (they are kept in English)."""
    if lang == "en":
        return events
    return [{**e, "text": render_in(event_from_json(e["data"]), board, lang)} for e in events]


def replay_events(game: Game) -> list[dict[str, Any]]:
    """Every event of a game from its start, tagged with its log entry."""
    events: list[dict[str, Any]] = []
    for n, (_action, _state, happened) in enumerate(game.replay()):
        events += [event_json(e, game.board, n) for e in happened]
    return events
