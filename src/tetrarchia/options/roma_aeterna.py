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
from tetrarchia.core.events import Event, Events
from tetrarchia.core.pieces import DISCS_PER_RESERVE, EMPERORS, GARRISON, Emperor
from tetrarchia.core.rulebook import Hooks, Param, RuleModule, register
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import State
from tetrarchia.options.common import declare_per_emperor

MARGIN = 2  # "at least 2 points more"
SHARED_GLORY = 1  # 003 FAQ, 1 player: "allowing at most a 1-point difference"


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


TEXTS: dict[str, dict[type[Any], Callable[[Any, Board], str]]] = {"en": {
    GloryTaken: lambda e, board: f"{Emperor(e.emperor).title} takes a glory disc ({e.glory}).",
    GloryReturned: lambda e, board: (f"{Emperor(e.emperor).title} gives back a glory disc "
                                     f"({e.glory})."),
}}


# R12.5: the glory discs each Emperor holds (gray discs out of the unrest reserve)
GLORY = declare_per_emperor("glory", "glory discs", 0, DISCS_PER_RESERVE, reserve_unrest=True)


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


def _report(first_edition: bool) -> object:
    def report(state: State) -> list[str]:
        if not state.result.is_victory:
            return []
        scores = individual_scores(state)
        lines = ["Individual scores (secured borders + glory): " + ", ".join(
            f"{e.title} {scores[e]}" for e in EMPERORS)]
        great = the_great(state)
        if great is not None:
            lines.append(f"{great.title} is the Great: he breaks the Tetrarchy; a bitter victory.")
        elif not first_edition:
            lines.append("No Emperor is the Great: the Tetrarchy holds. Roma Aeterna!")
        if first_edition:
            halves = [] if great is not None else half_rulers(state)
            for e in halves:
                side = "East" if e in (Emperor.DIOCLETIAN, Emperor.GALERIUS) else "West"
                lines.append(f"{e.title} becomes Emperor of the {side}.")
            lines.extend(_objectives(state, great, halves))
        return lines
    return report


def _objectives(state: State, great: Emperor | None, halves: list[Emperor]) -> list[str]:
    players = state.settings.players
    cooperative = state.settings.param("the-great", "objective") == "cooperative"
    if cooperative or players == 3:  # D39: 3 players have only the cooperative objective
        kept = great is None and not halves
        who = "cooperative" if cooperative else "3 players, cooperative"
        return [f"Objective ({who}): preserve the Tetrarchy, no Great and no Emperor of the East "
                f"or West - {'achieved' if kept else 'failed'}."]
    if players == 1:
        scores = individual_scores(state)
        shared = max(scores) - min(scores) <= SHARED_GLORY
        return ["Objective (1 player): preserve the Tetrarchy, at most 1 point between any two "
                f"Emperors - {'achieved' if shared else 'failed'}."]
    if players == 2:
        west = (Emperor.MAXIMIAN, Emperor.CONSTANTIUS)
        if great is None:
            return ["Objective (2 players): no player made one of his Emperors the Great."]
        winner = "West" if great in west else "East"
        return [f"Objective (2 players): the {winner} player wins with {great.title} the Great."]
    winners = [great] if great is not None else halves
    if not winners:
        return ["Objective (4 players): no Emperor became the Great or Emperor of the East/West."]
    return [f"Objective (4 players): {e.title}'s player wins." for e in winners]


def _hooks_2nd(settings: Settings) -> Hooks:
    return Hooks(battle_won=(_battle,), end_report=(_report(False),))  # type: ignore[arg-type]


def _hooks_1st(settings: Settings) -> Hooks:
    return Hooks(battle_won=(_battle,), end_report=(_report(True),))  # type: ignore[arg-type]


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
