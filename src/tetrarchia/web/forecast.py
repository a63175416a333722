"""The danger overlay's figures (issue 23, item 4): the exact forecast of the coming Barbarian
phase (R7, R8), from :func:`tetrarchia.analysis.forecast.forecast` and nothing else, as the page
draws it on the map.

The page holds no rule: every figure here is the forecast's own, put in the shape the map reads
(one list per province in board order, one entry per army).  The only figure derived here is an
army's chance to reach Roma in this phase: an army takes at most one step in R7.3, so it reaches
Roma exactly when its next step is Roma and it advances.

A forecast takes a few milliseconds with the fast model and can take seconds with the
engine-following one (an optional rule the model does not follow: the Goths waiting in the
reserve, R11.4, the Usurpers, Imperivm's decisions ...): the figures of a game's version are kept,
so every page of that game asking after the same action gets them at once.  A forecast that needs
the engine is computed in the background: the request says ``"computing": true`` at once and the
page asks again with ``wait`` (that request waits for the figures), never blocking the board.

While a Barbarian phase is under way the figures are those forecast at its start (the position
before the ``end`` that ended the Roman phase, or just after the action that ended it otherwise:
a lost attack, R5.5), marked ``"during": true``: the page shows them
against what the dice do, and the server never follows the rest of a phase already begun through
the engine on every die (that forecast can take seconds).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from tetrarchia.analysis.forecast import (
    Forecast,
    NotForecastable,
    fast_model_gap,
    forecast,
    position_before,
)
from tetrarchia.core.actions import Action, EndPhase
from tetrarchia.core.engine import apply_action, resume
from tetrarchia.core.pieces import Emperor
from tetrarchia.core.state import State
from tetrarchia.core.tasks import in_barbarian_phase
from tetrarchia.web.authority import LiveGame

KEPT = 256  # forecasts kept (game, version): a few per game being played


def forecast_json(state: State) -> dict[str, Any]:
    """The forecast of the Barbarian phase that follows ``state``, or ``available: False`` when
    no phase can be forecast now (the game is over, an Emperor is entering, a battle's dice are
    due in the Roman phase ...)."""
    try:
        fc = forecast(state)
    except NotForecastable:
        return {"available": False}
    return figures_json(state, fc)


def figures_json(state: State, fc: Forecast) -> dict[str, Any]:
    """The figures of ``fc`` (a forecast of ``state``) as the page reads them."""
    roma = state.board.roma
    emperors = []
    for e in Emperor:
        at = state.emperor_at[e]
        if at >= 0:
            emperors.append({"emperor": e.title, "province": at,
                             "in_revolt": fc.emperor_in_revolt[e], "removed": fc.emperor_removed[e]})
    armies = []
    for army in fc.armies:
        battle = army.battle
        armies.append({
            "province": army.province, "next_step": army.next_step, "advances": army.advances,
            "stays": army.stays, "destroyed": army.destroyed,
            # R7.3: one step per phase, so Roma is reached only by an army whose step is Roma
            "roma": army.advances if army.next_step == roma >= 0 else 0.0,
            "battle": None if battle is None else {
                "against": Emperor(battle.emperor).title if battle.emperor < 4 else "Dux",
                "roman_wins": battle.roman_wins, "draw": battle.draw,
                "barbarian_wins": battle.barbarian_wins},
        })
    return {"available": True, "method": fc.method, "unrest": list(fc.unrest),
            "revolt": list(fc.revolt), "uprising": list(fc.uprising), "emperors": emperors, "armies": armies,
            "army_in_roma": fc.army_in_roma, "reserve_empty": fc.reserve_empty, "fall": fc.fall,
            "unresolved": fc.unresolved}


def quick(state: State) -> bool:
    """Whether the forecast of ``state`` is the fast model's (milliseconds) or none at all."""
    try:
        return fast_model_gap(position_before(state)) is None
    except NotForecastable:
        return True


def phase_begun(events: list[dict[str, Any]]) -> int:
    """The log entry that ended the last Roman phase (R4 → R7): the one its ``PhaseEnded`` event
    came with (an ``end``, or the action that spent the last IP ...), or -1 when none did.
    Before an ``end`` the forecast is of the Roman position (the fast model); after another
    entry, of the phase as it stands when it begins (nothing of it rolled yet)."""
    for event in reversed(events):
        if event["data"].get("event") == "PhaseEnded":
            return int(event["n"])
    return -1


def state_after(start: State, log: list[Action]) -> State:
    """The position after the entries of ``log`` (checked when played: the trusted path)."""
    state = start.copy()
    for action in log:
        resume(state)
        apply_action(state, action)
    resume(state)  # on to the decision the next entry answered (the end of the Roman phase)
    return state


class Forecasts:
    """The forecasts of the games' versions, computed once each (thread-safe: the routes call it
    from worker threads)."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self.table: OrderedDict[tuple[str, str, int], dict[str, Any]] = OrderedDict()
        self.running: dict[tuple[str, str, int], threading.Event] = {}
        self.lock = threading.Lock()

    def of(self, live: LiveGame, wait: bool = False, last: bool = False) -> dict[str, Any]:
        """The forecast of ``live``'s game as it stands, with the version it is of.  A forecast
        that needs the engine is started in the background and answered ``computing`` unless
        ``wait``: then this call waits for its figures.  ``last``: the forecast made before the
        last Barbarian phase (under way or over), for the page to set what happened against it;
        ``phase`` says which (the log entries before it)."""
        with live.lock:
            state = live.game.state.copy()
            version = live.version
            during = in_barbarian_phase(state) and not state.is_over
            entries = phase_begun(live.events) if during or last else -1
            log: list[Action] = []
            if entries >= 0:  # the position before its end, or (ended by its last IP ...) after
                ended = isinstance(live.game.log[entries], EndPhase)
                log = list(live.game.log[:entries if ended else entries + 1])
            start = live.game.start
        extra: dict[str, Any] = {"version": version}
        key = ("version", live.id, version)
        if last and entries < 0:
            return {"available": False, **extra}  # no Barbarian phase yet
        if entries >= 0:
            key = ("phase", live.id, entries)
            extra["phase"] = entries
            if during:
                extra["during"] = True
        with self.lock:
            known = self.table.get(key)
        if known is None:
            shown = state_after(start, log) if entries >= 0 else state
            if not wait and not quick(shown):
                self.start(key, lambda: forecast_json(shown))
                return {"available": False, "computing": True, **extra}
            known = self.kept_or(key, lambda: forecast_json(shown))
        return {**known, **extra}

    def start(self, key: tuple[str, str, int], compute: Callable[[], dict[str, Any]]) -> None:
        """``compute`` in a thread of its own, unless it is kept or running already."""
        with self.lock:
            if key in self.table or key in self.running:
                return
        threading.Thread(target=self.kept_or, args=(key, compute), daemon=True,
                         name="tetrarchia-forecast").start()

    def kept_or(self, key: tuple[str, str, int], compute: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """The figures kept under ``key``, else computed (outside the lock) and kept.  The pages
        of one game ask for the same version at once after each action: one computes, the
        others wait for its figures (an engine-following forecast can take seconds)."""
        while True:
            with self.lock:
                known = self.table.get(key)
                if known is not None:
                    self.table.move_to_end(key)
                    return known
                running = self.running.get(key)
                if running is None:
                    running = self.running[key] = threading.Event()
                    break
            running.wait()  # then kept, or (the computation failed) this thread computes
        try:
            data = compute()
            with self.lock:
                self.table[key] = data
                while len(self.table) > self.kept:
                    self.table.popitem(last=False)
        finally:
            with self.lock:
                del self.running[key]
            running.set()
        return data
