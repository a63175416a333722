"""R12.5 Roma Aeterna (2nd edition) and The Great (1st edition).

The Emperor who leads a won battle against an army (D7: he attacks it, or he is attacked by an
army that loses) takes 1 gray disc from the unrest reserve as glory (none when the reserve is
empty); leading a lost battle gives one back if he has any.  A battle against the Pirates is not a
victory against an army (002: "une victoire contre une armée"): it gives and costs no glory.  At a
Roman victory each Emperor scores his secured borders + his glory; one with at least 2 more than
every other becomes **the Great**: a bitter victory.  The Great (1st edition) adds: at least 2
more than his Augustus/Caesar partner makes him Emperor of the East or of the West, and the
objectives of the players (``objective=players``, the default): 1 player, preserve the Tetrarchy
with at most a 1-point difference between any two Emperors (003 FAQ); 2 players, make one of your
Emperors the Great; 4 players, make your Emperor the Great, or at least Emperor of the East or
West; 3 players, who have no rivalry objective, play the cooperative one (D39).  With
``objective=cooperative`` (003: "1-4 players: you can also use this variant in full cooperation")
every number of players preserves the Tetrarchy: no Great, no Emperor of the East or West.
Failing an objective makes the victory a bitter one; it is never a loss.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from tetrarchia.core.board import Board
from tetrarchia.core.errors import Said
from tetrarchia.core.events import Event, Events
from tetrarchia.core.faces import Counts, declare_lines, declare_told, emperor_said, tell
from tetrarchia.core.pieces import DISCS_PER_RESERVE, EMPERORS, GARRISON, Emperor
from tetrarchia.core.rulebook import Hooks, Param, RuleModule, register
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import State
from tetrarchia.options.common import declare_per_emperor

MARGIN = 2  # "at least 2 points more"
SHARED_POINTS = 1  # 003 FAQ, 1 player: "allowing at most a 1-point difference"


@dataclass(frozen=True, slots=True)
class GloryTaken(Event):
    """R12.5: ``emperor`` led a won battle: a glory disc from the unrest reserve (``glory``: his
    glory discs now; ``unrest_left``: the reserve after it)."""

    kind: ClassVar[str] = "glory"
    emperor: int
    glory: int
    unrest_left: int


@dataclass(frozen=True, slots=True)
class GloryReturned(Event):
    """R12.5: ``emperor`` led a lost battle: one glory disc goes back to the unrest reserve."""

    kind: ClassVar[str] = "glory"
    emperor: int
    glory: int
    unrest_left: int


@dataclass(frozen=True, slots=True)
class IndividualScores(Event):
    """R12.5: at a Roman victory, each Emperor's score: his secured borders + his glory."""

    kind: ClassVar[str] = "score"
    diocletian: int
    galerius: int
    constantius: int
    maximian: int

    @property
    def scores(self) -> tuple[int, int, int, int]:
        """The four scores in Emperor order (Diocletian, Galerius, Constantius, Maximian)."""
        return (self.diocletian, self.galerius, self.constantius, self.maximian)


@dataclass(frozen=True, slots=True)
class GreatEmperor(Event):
    """R12.5: ``emperor`` has at least 2 points more than every other: he is the Great and
    breaks the Tetrarchy, a bitter victory."""

    kind: ClassVar[str] = "score"
    emperor: int


@dataclass(frozen=True, slots=True)
class TetrarchyHolds(Event):
    """R12.5 (Roma Aeterna): no Emperor is the Great."""

    kind: ClassVar[str] = "score"


@dataclass(frozen=True, slots=True)
class HalfEmperor(Event):
    """R12.5 (The Great): ``emperor`` has at least 2 points more than his partner: he becomes
    Emperor of the East (``east``) or of the West."""

    kind: ClassVar[str] = "score"
    emperor: int
    east: bool


# The objectives of The Great (R12.5, 1st edition), ``Objective.objective``
COOPERATIVE = 0  # chosen for every number of players (objective=cooperative): no Great, no half
COOPERATIVE_THREE = 1  # 3 players have only the cooperative objective (D39)
SHARED_GLORY = 2  # 1 player: at most 1 point between any two Emperors (003 FAQ)
GREAT_OF_TWO = 3  # 2 players: make one of your Emperors the Great
GREAT_OF_FOUR = 4  # 4 players: make yours the Great, or at least Emperor of the East or West


@dataclass(frozen=True, slots=True)
class Objective(Event):
    """R12.5 (The Great): the players' objective at a Roman victory: ``objective`` (one of
    ``COOPERATIVE``, ``COOPERATIVE_THREE``, ``SHARED_GLORY``, ``GREAT_OF_TWO``,
    ``GREAT_OF_FOUR``), whether it was ``achieved``, and for the rivalry objectives the Emperor
    whose player wins (``winner``, -1 none: one record per winner)."""

    kind: ClassVar[str] = "score"
    objective: int
    achieved: bool
    winner: int = -1


def _objective_text(e: Objective, board: Board) -> str:
    done = "achieved" if e.achieved else "failed"
    if e.objective in (COOPERATIVE, COOPERATIVE_THREE):
        who = "cooperative" if e.objective == COOPERATIVE else "3 players, cooperative"
        return (f"Objective ({who}): preserve the Tetrarchy, no Great and no Emperor of the East "
                f"or West - {done}.")
    if e.objective == SHARED_GLORY:
        return ("Objective (1 player): preserve the Tetrarchy, at most 1 point between any two "
                f"Emperors - {done}.")
    if e.objective == GREAT_OF_TWO:
        if e.winner < 0:
            return "Objective (2 players): no player made one of his Emperors the Great."
        side = "West" if Emperor(e.winner) in WEST else "East"
        return f"Objective (2 players): the {side} player wins with {Emperor(e.winner).title} the Great."
    if e.winner < 0:
        return "Objective (4 players): no Emperor became the Great or Emperor of the East/West."
    return f"Objective (4 players): {Emperor(e.winner).title}'s player wins."


TEXTS: dict[str, dict[type[Any], Callable[[Any, Board], str]]] = {"en": {
    GloryTaken: lambda e, board: f"{Emperor(e.emperor).title} takes a glory disc ({e.glory}).",
    GloryReturned: lambda e, board: (f"{Emperor(e.emperor).title} gives back a glory disc "
                                     f"({e.glory})."),
    IndividualScores: lambda e, board: "Individual scores (secured borders + glory): " + ", ".join(
        f"{Emperor(i).title} {score}" for i, score in enumerate(e.scores)),
    GreatEmperor: lambda e, board: (f"{Emperor(e.emperor).title} is the Great: he breaks the "
                                    "Tetrarchy; a bitter victory."),
    TetrarchyHolds: lambda e, board: "No Emperor is the Great: the Tetrarchy holds. Roma Aeterna!",
    HalfEmperor: lambda e, board: (f"{Emperor(e.emperor).title} becomes Emperor of the "
                                   f"{'East' if e.east else 'West'}."),
    Objective: _objective_text,
}}


# R12.5: the glory discs each Emperor holds (gray discs out of the unrest reserve)
GLORY = declare_per_emperor("glory", "glory discs", 0, DISCS_PER_RESERVE, reserve_unrest=True,
                            v1="glory")


def glory(state: State, emperor: int) -> int:
    """The glory discs ``emperor`` holds (R12.5)."""
    return GLORY.get(state).counts[emperor]


def _battle(state: State, emperor: int, won: bool, events: Events) -> None:
    """After a battle against an army (never the Pirates: R12.5) led by ``emperor`` (D7)."""
    if won and state.unrest_reserve > 0:
        state.unrest_reserve -= 1
        GLORY.put(state, GLORY.get(state).plus(emperor, 1))
        if events is not None:
            events.append(GloryTaken(emperor, glory(state, emperor), state.unrest_reserve))
    elif not won and glory(state, emperor) > 0:
        GLORY.put(state, GLORY.get(state).plus(emperor, -1))
        state.unrest_reserve += 1
        if events is not None:
            events.append(GloryReturned(emperor, glory(state, emperor), state.unrest_reserve))


def individual_scores(state: State) -> list[int]:
    """Secured borders (of his colour) + glory, per Emperor."""
    return [sum(1 for b in state.board.borders if state.disc[b] == GARRISON + e) + glory(state, e)
            for e in EMPERORS]


def the_great(state: State) -> Emperor | None:
    scores = individual_scores(state)
    for e in EMPERORS:
        if all(scores[e] >= scores[o] + MARGIN for o in EMPERORS if o != e):
            return e
    return None


def partner(emperor: Emperor) -> Emperor:
    return {Emperor.DIOCLETIAN: Emperor.GALERIUS, Emperor.GALERIUS: Emperor.DIOCLETIAN,
            Emperor.MAXIMIAN: Emperor.CONSTANTIUS, Emperor.CONSTANTIUS: Emperor.MAXIMIAN}[emperor]


def half_rulers(state: State) -> list[Emperor]:
    """The Great (1st edition): Emperors of the East or of the West."""
    scores = individual_scores(state)
    return [e for e in EMPERORS if scores[e] >= scores[partner(e)] + MARGIN]


def _report(first_edition: bool) -> Callable[[State], list[Event]]:
    def report(state: State) -> list[Event]:
        if not state.result.is_victory:
            return []
        records: list[Event] = [IndividualScores(*individual_scores(state))]
        great = the_great(state)
        if great is not None:
            records.append(GreatEmperor(int(great)))
        elif not first_edition:
            records.append(TetrarchyHolds())
        if first_edition:
            halves = [] if great is not None else half_rulers(state)
            records += [HalfEmperor(int(e), e not in WEST) for e in halves]
            records += _objectives(state, great, halves)
        return records
    return report


WEST = (Emperor.MAXIMIAN, Emperor.CONSTANTIUS)


def _objectives(state: State, great: Emperor | None, halves: list[Emperor]) -> list[Objective]:
    players = state.settings.players
    cooperative = state.settings.param("the-great", "objective") == "cooperative"
    if cooperative or players == 3:  # D39: 3 players have only the cooperative objective
        kept = great is None and not halves
        return [Objective(COOPERATIVE if cooperative else COOPERATIVE_THREE, kept)]
    if players == 1:
        scores = individual_scores(state)
        return [Objective(SHARED_GLORY, max(scores) - min(scores) <= SHARED_POINTS)]
    if players == 2:
        if great is None:
            return [Objective(GREAT_OF_TWO, False)]
        return [Objective(GREAT_OF_TWO, True, int(great))]
    winners = [great] if great is not None else halves
    if not winners:
        return [Objective(GREAT_OF_FOUR, False)]
    return [Objective(GREAT_OF_FOUR, True, int(e)) for e in winners]


def _hooks_2nd(settings: Settings) -> Hooks:
    return Hooks(battle_won=(_battle,), end_report=(_report(False),))


def _hooks_1st(settings: Settings) -> Hooks:
    return Hooks(battle_won=(_battle,), end_report=(_report(True),))


MODULE = register(RuleModule(
    key="roma-aeterna", title="Roma Aeterna", family="variant", rule="R12.5",
    pieces=("glory",),
    summary="Glory discs for leading won battles; at victory an Emperor 2 points ahead of all "
            "others becomes the Great, a bitter victory.",
    excludes=("the-great",), hooks=_hooks_2nd, texts=TEXTS,
))
GREAT = register(RuleModule(
    key="the-great", title="The Great", family="variant", rule="R12.5", aliases=("great",),
    pieces=("glory",),
    summary="1st-edition Roma Aeterna: also Emperors of the East/West and the players' "
            "objectives, or the fully cooperative one (1-4 players).",
    params=(Param("objective", "players", ("players", "cooperative"),
                  "the objectives by number of players (1: at most 1 point between any two "
                  "Emperors; 2: one of yours the Great; 3: cooperative; 4: yours the Great or "
                  "Emperor of the East/West), or for every number of players the fully "
                  "cooperative one: no Great, no Emperor of the East or West"),),
    excludes=("roma-aeterna",), hooks=_hooks_1st, texts=TEXTS,
))


def _lines(state: State, width: int) -> list[Counts]:
    """R12.5: each Emperor's glory, on the board as text."""
    if not (state.settings.has("roma-aeterna") or state.settings.has("the-great")):
        return []
    return [Counts("glory", tuple(GLORY.get(state).counts))]


declare_lines(60, _lines)


# The sentences of the records, for the languages of the events catalogue (render.told).
def _scores_said(e: IndividualScores, b: Board) -> Said:
    args: dict[str, Said | int] = {}
    for i, score in enumerate(e.scores):
        args[f"emperor{i}"], args[f"score{i}"] = emperor_said(i), score
    return tell("Individual scores (secured borders + glory): {emperor0} {score0}, {emperor1} "
                "{score1}, {emperor2} {score2}, {emperor3} {score3}", **args)


def _objective_said(e: Objective, b: Board) -> Said:
    kind = e.objective
    if kind == COOPERATIVE:
        if e.achieved:
            return tell("Objective (cooperative): preserve the Tetrarchy, no Great and no Emperor "
                        "of the East or West - achieved.")
        return tell("Objective (cooperative): preserve the Tetrarchy, no Great and no Emperor of "
                    "the East or West - failed.")
    if kind == COOPERATIVE_THREE:
        if e.achieved:
            return tell("Objective (3 players, cooperative): preserve the Tetrarchy, no Great and "
                        "no Emperor of the East or West - achieved.")
        return tell("Objective (3 players, cooperative): preserve the Tetrarchy, no Great and no "
                    "Emperor of the East or West - failed.")
    if kind == SHARED_GLORY:
        if e.achieved:
            return tell("Objective (1 player): preserve the Tetrarchy, at most 1 point between any "
                        "two Emperors - achieved.")
        return tell("Objective (1 player): preserve the Tetrarchy, at most 1 point between any two "
                    "Emperors - failed.")
    if kind == GREAT_OF_TWO:
        if e.winner < 0:
            return tell("Objective (2 players): no player made one of his Emperors the Great.")
        if Emperor(e.winner) in WEST:
            return tell("Objective (2 players): the West player wins with {emperor} the Great.",
                        emperor=emperor_said(e.winner))
        return tell("Objective (2 players): the East player wins with {emperor} the Great.",
                    emperor=emperor_said(e.winner))
    if e.winner < 0:
        return tell("Objective (4 players): no Emperor became the Great or Emperor of the "
                    "East/West.")
    return tell("Objective (4 players): {emperor}'s player wins.", emperor=emperor_said(e.winner))


def _half_said(e: HalfEmperor, b: Board) -> Said:
    if e.east:
        return tell("{emperor} becomes Emperor of the East.", emperor=emperor_said(e.emperor))
    return tell("{emperor} becomes Emperor of the West.", emperor=emperor_said(e.emperor))


declare_told(GloryTaken, lambda e, b: tell("{emperor} takes a glory disc ({glory}).",
                                           emperor=emperor_said(e.emperor), glory=e.glory))
declare_told(GloryReturned, lambda e, b: tell("{emperor} gives back a glory disc ({glory}).",
                                              emperor=emperor_said(e.emperor), glory=e.glory))
declare_told(IndividualScores, _scores_said)
declare_told(GreatEmperor, lambda e, b: tell("{emperor} is the Great: he breaks the Tetrarchy; "
                                             "a bitter victory.", emperor=emperor_said(e.emperor)))
declare_told(TetrarchyHolds, lambda e, b: tell("No Emperor is the Great: the Tetrarchy holds. "
                                               "Roma Aeterna!"))
declare_told(HalfEmperor, _half_said)
declare_told(Objective, _objective_said)
