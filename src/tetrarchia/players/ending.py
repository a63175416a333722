"""Why a game ended: the chain of events behind its end, read from the typed events of its log
(issue 24, item 4; ``players.analysis`` puts it beside the chance of winning).

- **An army in Roma** (R7.3, R8): which army, from which border and when it appeared (R7.2), its
  road province by province (R7.3), the broken links rolled on its way and whether it crossed
  or was stopped (R7.4), the battles fought against it (R6), and the Roman phases in which an
  Emperor could still have attacked it (R5.5) or stood on its next step (R5.1, R7.3): the last
  of them is the last moment it could have been stopped.
- **A reserve run dry** (R8): which reserve (unrest or revolt), how it fell over the rounds and
  by what (R7.1's dominoes, R7.2's activity and uprisings, R7.3's devastation), the discs the
  Emperors took back (R5.4), and the last Roman phase where a Subdue was possible.
- **Roma Victrix** (R8): who secured the sixth border, and when.

Everything is data (province indexes, Emperors' numbers, rounds): the terminal and the page
tell it in their own words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tetrarchia.core.actions import Action, Attack, Move, Subdue, SubdueKind
from tetrarchia.core.events import (
    ArmyAdvances,
    ArmyDestroyed,
    ArmyPlaced,
    ArmyStopped,
    Battle,
    BorderSecured,
    Event,
    GameEnds,
    LinkRolled,
    Subdued,
    UnrestPlaced,
    UnrestRevolts,
    UnrestSpreads,
    UprisingSpreads,
)
from tetrarchia.core.pieces import REVOLT
from tetrarchia.core.state import Result, State


@dataclass(slots=True)
class Moment:
    """A point of the game: the round, the Emperor of the turn (0-3), the log entry."""

    round: int
    emperor: int
    log: int

    def to_json(self) -> dict[str, int]:
        return {"round": self.round, "emperor": self.emperor, "log": self.log}


@dataclass(slots=True)
class ArmyStory:
    """One Barbarian army, from its border to where it ended (R7.2, R7.3)."""

    border: int  # where it appeared (-1: on the board when the game or position began)
    appeared: Moment | None
    road: list[int]  # the provinces it stood in, in order
    links: list[tuple[int, bool]] = field(default_factory=list)  # (link, crossed) R7.4
    battles: list[tuple[int, int, bool, Moment]] = field(default_factory=list)
    # (Emperor or piece, outcome, the Roman attacked, when) R6
    could_attack: list[Moment] = field(default_factory=list)  # Roman phases with an Attack on it
    could_block: list[Moment] = field(default_factory=list)  # ... with a move onto its next step

    def to_json(self) -> dict[str, Any]:
        return {"border": self.border,
                "appeared": None if self.appeared is None else self.appeared.to_json(),
                "road": list(self.road),
                "links": [{"link": link, "crossed": crossed} for link, crossed in self.links],
                "battles": [{"piece": piece, "outcome": outcome, "roman_attacked": attacked,
                             "when": when.to_json()} for piece, outcome, attacked, when in self.battles],
                "last_attack": None if not self.could_attack else self.could_attack[-1].to_json(),
                "last_block": None if not self.could_block else self.could_block[-1].to_json(),
                "phases_attackable": len(self.could_attack),
                "phases_blockable": len(self.could_block)}


@dataclass(slots=True)
class ReserveStory:
    """The reserve that ran dry (R8): its level at each round's start, and what drew on it."""

    disc: int  # UNREST or REVOLT (pieces)
    levels: list[tuple[int, int]] = field(default_factory=list)  # (round, discs left)
    drawn: dict[str, int] = field(default_factory=dict)  # by cause: spread, activity, uprising, army
    returned: int = 0  # discs the Emperors took back by Subdue (R5.4)
    could_subdue: list[Moment] = field(default_factory=list)  # Roman phases with a Subdue

    def to_json(self) -> dict[str, Any]:
        return {"reserve": "revolt" if self.disc == REVOLT else "unrest",
                "levels": [{"round": r, "left": n} for r, n in self.levels],
                "drawn": dict(self.drawn), "returned": self.returned,
                "last_subdue": None if not self.could_subdue else self.could_subdue[-1].to_json(),
                "phases_subduable": len(self.could_subdue)}


@dataclass(slots=True)
class Ending:
    """Why the game ended (or how it stands, when it goes on)."""

    result: str  # "army-in-roma", "reserve-empty", "roma-victrix", "ongoing"
    province: int = -1  # the end's province (GameEnds)
    when: Moment | None = None
    army: ArmyStory | None = None
    reserve: ReserveStory | None = None
    secured_by: int = -1  # Roma Victrix: the Emperor who secured the sixth border

    def to_json(self) -> dict[str, Any]:
        return {"result": self.result, "province": self.province,
                "when": None if self.when is None else self.when.to_json(),
                "army": None if self.army is None else self.army.to_json(),
                "reserve": None if self.reserve is None else self.reserve.to_json(),
                "secured_by": self.secured_by}


def once(moments: list[Moment], now: Moment) -> None:
    """Add ``now`` unless the last moment is of the same Roman phase (one per phase)."""
    if not moments or (moments[-1].round, moments[-1].emperor) != (now.round, now.emperor):
        moments.append(Moment(now.round, now.emperor, now.log))


RESULTS = {Result.ONGOING: "ongoing", Result.ROMA_VICTRIX: "roma-victrix",
           Result.ARMY_IN_ROMA: "army-in-roma", Result.RESERVE_EMPTY: "reserve-empty"}


class EndingReader:
    """Follows a game's events and Roman decisions, in log order, and tells :class:`Ending`.

    Call :meth:`decision` with the position before each Roman action (its legal actions are
    read there: could an Emperor attack or block an army, or subdue?), :meth:`events` with what
    each log entry made happen, then :meth:`ending`."""

    def __init__(self, start: State) -> None:
        self.armies: dict[int, ArmyStory] = {p: ArmyStory(-1, None, [p]) for p in start.armies()}
        self.gone: list[ArmyStory] = []
        self.now = Moment(start.round, int(start.turn), 0)
        self.unrest = ReserveStory(1, [(start.round, start.unrest_reserve)])
        self.revolt = ReserveStory(REVOLT, [(start.round, start.revolt_reserve)])
        self.end: GameEnds | None = None
        self.secured_by = -1
        self.end_moment: Moment | None = None
        self.last_round = start.round

    def decision(self, state: State, legal: list[Action], log: int) -> None:
        """A Roman decision at log entry ``log``: what could have been done there."""
        self.now = Moment(state.round, int(state.turn), log)
        board = state.board
        for province, story in self.armies.items():
            if any(isinstance(a, Attack) and a.target == province for a in legal):
                once(story.could_attack, self.now)
            ahead = board.next_step[province]
            if ahead >= 0 and any(isinstance(a, Move) and a.dest == ahead for a in legal):
                once(story.could_block, self.now)
        if any(isinstance(a, Subdue) for a in legal):
            once(self.unrest.could_subdue, self.now)
            once(self.revolt.could_subdue, self.now)

    def events(self, events: list[Event], state: State, log: int) -> None:
        """What log entry ``log`` made happen; ``state`` is the position after it."""
        moment = Moment(state.round, int(state.turn), log)
        for e in events:
            if isinstance(e, ArmyPlaced):
                self.armies[e.border] = ArmyStory(e.border, moment, [e.border])
            elif isinstance(e, ArmyAdvances):
                story = self.armies.pop(e.origin, None) or ArmyStory(-1, None, [e.origin])
                story.road.append(e.dest)
                self.armies[e.dest] = story
                self._drawn(REVOLT, "army")
            elif isinstance(e, ArmyStopped):
                if e.province in self.armies:
                    self.armies[e.province].links.append((e.link, False))
            elif isinstance(e, LinkRolled):
                if e.army >= 0 and e.holds and e.army in self.armies:
                    self.armies[e.army].links.append((e.link, True))
            elif isinstance(e, Battle):
                fought = self.armies.get(e.army_province)
                if fought is not None:
                    fought.battles.append((e.piece, e.outcome, e.roman_attacks, moment))
            elif isinstance(e, ArmyDestroyed):
                gone = self.armies.pop(e.army_province, None)
                if gone is not None:
                    self.gone.append(gone)
            elif isinstance(e, UnrestSpreads):
                self._drawn(REVOLT, "spread")
            elif isinstance(e, UprisingSpreads):
                self._drawn(REVOLT, "uprising")
            elif isinstance(e, UnrestPlaced):
                self._drawn(1, "activity")
            elif isinstance(e, UnrestRevolts):
                self._drawn(REVOLT, "activity")
            elif isinstance(e, Subdued):  # R5.4: the disc goes back to its reserve
                if e.what == SubdueKind.REMOVE_UNREST:
                    self.unrest.returned += 1
                else:
                    self.revolt.returned += 1
            elif isinstance(e, BorderSecured):
                self.secured_by = e.emperor
            elif isinstance(e, GameEnds):
                self.end = e
                self.end_moment = moment
        if state.round != self.last_round:
            self.last_round = state.round
            self.unrest.levels.append((state.round, state.unrest_reserve))
            self.revolt.levels.append((state.round, state.revolt_reserve))

    def _drawn(self, disc: int, cause: str) -> None:
        reserve = self.revolt if disc == REVOLT else self.unrest
        reserve.drawn[cause] = reserve.drawn.get(cause, 0) + 1

    def ending(self, final: State) -> Ending:
        """The story of the end (``final``: the last position)."""
        result = RESULTS.get(final.result, "ongoing")
        ending = Ending(result, when=self.end_moment)
        end = self.end
        if end is None:
            return ending
        ending.province = end.province
        if final.result is Result.ARMY_IN_ROMA:
            story: ArmyStory = self.armies.get(end.province) or ArmyStory(-1, None, [end.province])
            if not story.road or story.road[-1] != final.board.roma:
                story.road.append(final.board.roma)
            ending.army = story
        elif final.result is Result.RESERVE_EMPTY:
            ending.reserve = self.revolt if end.disc == REVOLT else self.unrest
            levels = ending.reserve.levels
            left = final.revolt_reserve if end.disc == REVOLT else final.unrest_reserve
            if not levels or levels[-1][0] != final.round:
                levels.append((final.round, max(left, 0)))
        elif final.result is Result.ROMA_VICTRIX:
            ending.secured_by = self.secured_by
        return ending
