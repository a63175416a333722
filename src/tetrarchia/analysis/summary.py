"""The story of a game, told from its start and its log: how it ended (R8), its 10-point score
(R8, ``core.scoring``), and its statistics — rounds and turns played, the IP each Emperor spent
(R5), the battles won, lost and drawn (R6), when each border was secured (R5.3), and the unrest
and revolts on the board after each turn (R7), for the end screen's chart.

Pure: the log is replayed on a copy of the start (as ``Game.replay`` does), every figure read
from the engine's states and event records, nothing re-derived from the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tetrarchia.core.actions import Action, EndPhase
from tetrarchia.core.engine import apply_action, resume
from tetrarchia.core.events import BorderSecured, Event, GameEnds, Outcome, TurnBegins
from tetrarchia.core.pieces import EMPERORS, REVOLT, UNREST
from tetrarchia.core.scoring import score
from tetrarchia.core.state import Result, State


@dataclass(frozen=True, slots=True)
class Moment:
    """When something happened: the round (R4, from 1), the Emperor of the turn, and the turn's
    number in the game (``turns_played``: 4 x (round - 1) + his place in the turn order)."""

    round: int
    emperor: str
    turn: int


@dataclass(frozen=True, slots=True)
class Sample:
    """The discs on the board at one moment (R7: what the Barbarian phases left)."""

    at: Moment
    unrest: int
    revolts: int


@dataclass(slots=True)
class Battles:
    """R6: the battles of the game from the Romans' side; ``attacked``: those an Emperor (or the
    Dux) began (R5.5), the others an army began (R7.3).  An optional rule's battle (the Pirates,
    R11.3) counts as its record says: every record of kind ``battle`` with an ``outcome``."""

    won: int = 0
    lost: int = 0
    drawn: int = 0
    attacked: int = 0
    defended: int = 0


@dataclass(frozen=True, slots=True)
class Secured:
    """R5.3: ``border`` secured by ``emperor`` at ``at`` (None: already secured at the start of
    a game begun from a position)."""

    border: str
    emperor: str | None
    at: Moment | None


@dataclass(slots=True)
class Summary:
    """The whole story: ``result`` the state's (R8: ``ongoing`` while the game goes on);
    ``ended``: when the game ended and the end record's place and disc (``GameEnds``)."""

    result: str
    ended: Moment | None
    end_province: str | None  # the army's province before Roma, or where the disc had to go
    end_disc: str | None  # "unrest" or "revolt": the reserve that ran dry
    score: dict[str, Any]
    rounds: int
    turns: int
    actions: int
    ip_spent: dict[str, int]
    battles: Battles
    borders: list[Secured] = field(default_factory=list)
    samples: list[Sample] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        def moment(m: Moment | None) -> dict[str, Any] | None:
            return None if m is None else {"round": m.round, "emperor": m.emperor, "turn": m.turn}
        return {
            "result": self.result, "ended": moment(self.ended), "end_province": self.end_province,
            "end_disc": self.end_disc, "score": self.score, "rounds": self.rounds,
            "turns": self.turns, "actions": self.actions, "ip_spent": self.ip_spent,
            "battles": {"won": self.battles.won, "lost": self.battles.lost,
                        "drawn": self.battles.drawn, "attacked": self.battles.attacked,
                        "defended": self.battles.defended},
            "borders": [{"border": b.border, "emperor": b.emperor, "at": moment(b.at)}
                        for b in self.borders],
            "samples": [{"at": moment(s.at), "unrest": s.unrest, "revolts": s.revolts}
                        for s in self.samples],
        }


RESULT_NAMES = {Result.ONGOING: "ongoing", Result.ROMA_VICTRIX: "roma-victrix",
                Result.ARMY_IN_ROMA: "army-in-roma", Result.RESERVE_EMPTY: "reserve-empty"}
DISC_NAMES = {UNREST: "unrest", REVOLT: "revolt"}


def moment_of(state: State) -> Moment:
    return Moment(state.round, state.turn.title, state.turns_played)


def discs_on_board(state: State, at: Moment) -> Sample:
    return Sample(at, state.disc.count(UNREST), state.disc.count(REVOLT))


def score_json(state: State) -> dict[str, Any]:
    """R8's 10-point score as the engine computes it (``core.scoring.score``), with its parts."""
    result = score(state)
    return {"total": result.total, "secured_borders": result.secured_borders,
            "unsecured_borders": 6 - result.secured_borders, "italia_free": result.italia_free,
            "armies": result.armies, "regions_in_revolt": result.regions_in_revolt}


def summarize(start: State, log: Sequence[Action]) -> Summary:
    """The summary of the game that began at ``start`` (left unchanged) and played ``log``."""
    state = start.copy()
    board = state.board
    spent = {e.title: 0 for e in EMPERORS}
    battles = Battles()
    # a game begun from a position may hold secured borders and discs already
    borders = [Secured(board.name(b), None, None) for b in board.borders if state.is_secured(b)]
    samples = [discs_on_board(state, moment_of(state))] if any(state.disc) else []
    turns = 0
    ended: Moment | None = None
    end_province: str | None = None
    end_disc: str | None = None
    for action in log:
        events: list[Event] = []
        resume(state, events)  # a game paused at a boundary runs on first (Game.replay)
        turn, ip = state.turn, state.ip
        apply_action(state, action, events)
        new_turn = False
        for event in events:
            if isinstance(event, TurnBegins):
                turns += 1
                new_turn = True  # the discs the last Barbarian phase (or the setup) left
                samples.append(discs_on_board(state, Moment(event.round, EMPERORS[event.emperor].title,
                                                            state.turns_played)))
            elif isinstance(event, BorderSecured):
                borders.append(Secured(board.name(event.border), EMPERORS[event.emperor].title,
                                       moment_of(state)))
            elif isinstance(event, GameEnds):
                ended = moment_of(state)
                end_province = board.name(event.province) if event.province >= 0 else None
                end_disc = DISC_NAMES.get(event.disc)
            elif event.kind == "battle" and hasattr(event, "outcome"):
                count_battle(battles, getattr(event, "outcome", Outcome.DRAW),
                             getattr(event, "roman_attacks", True))
        # R5: the IP an action of the Roman phase cost; an EndPhase leaves the rest unspent
        if not new_turn and not isinstance(action, EndPhase) and state.turn == turn and state.ip < ip:
            spent[turn.title] += ip - state.ip
    if state.is_over and ended is None:  # a game imported already over
        ended = moment_of(state)
    samples.append(discs_on_board(state, moment_of(state)))
    return Summary(result=RESULT_NAMES[state.result], ended=ended, end_province=end_province,
                   end_disc=end_disc, score=score_json(state), rounds=state.round, turns=turns,
                   actions=len(log), ip_spent=spent, battles=battles, borders=borders,
                   samples=samples)


def count_battle(battles: Battles, outcome: int, roman_attacks: bool) -> None:
    """One battle's record: its outcome (R6) and who began it (an option's battle against the
    Pirates is begun by the Emperor, R11.3)."""
    if outcome == Outcome.ROMAN:
        battles.won += 1
    elif outcome == Outcome.BARBARIAN:
        battles.lost += 1
    else:
        battles.drawn += 1
    if roman_attacks:
        battles.attacked += 1
    else:
        battles.defended += 1
